//! vLLM's transparency handling (`convert_image_mode`): an image with transparency is taken
//! as RGBA and pasted, with its alpha as the mask, onto a solid RGB background.

/// Pillow's `BLEND` (libImaging/Paste.c): `DIV255(bg * (255 - m) + c * m)`, rounded as
/// `t = x + 128; (t + (t >> 8)) >> 8`.
#[inline(always)]
pub(crate) fn blend(bg: u8, c: u8, m: u8) -> u8 {
    let t = bg as u32 * (255 - m as u32) + c as u32 * m as u32 + 128;
    ((t + (t >> 8)) >> 8) as u8
}

/// Where the mask comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mask {
    /// The last channel of a 2- or 4-channel source (none for 1 or 3 channels: opaque).
    Channel,
    /// A colour key as Pillow compares it: pixels whose colour equals it are transparent.
    Key([u8; 3]),
}

/// Composite `src` (`n` channels: L, LA, RGB or RGBA) onto `bg`, writing RGB to `out`.
pub(crate) fn composite(src: &[u8], n: usize, mask: Mask, bg: [u8; 3], out: &mut [u8]) {
    for (s, d) in src.chunks_exact(n).zip(out.chunks_exact_mut(3)) {
        let rgb = if n >= 3 {
            [s[0], s[1], s[2]]
        } else {
            [s[0]; 3]
        };
        let m = match mask {
            Mask::Key(k) if k == rgb => 0,
            Mask::Key(_) => 255,
            Mask::Channel if n == 2 || n == 4 => s[n - 1],
            Mask::Channel => 255,
        };
        for k in 0..3 {
            d[k] = blend(bg[k], rgb[k], m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_matches_pillows_rounding() {
        // Hand-checked against Pillow's paste: (bg, colour, mask) -> out.
        assert_eq!(blend(255, 0, 128), 127);
        assert_eq!(blend(0, 255, 128), 128);
        assert_eq!(blend(255, 100, 1), 254);
        assert_eq!(blend(10, 200, 127), 105);
        for v in 0..=255u8 {
            assert_eq!(blend(v, 200, 0), v, "mask 0 keeps the background");
            assert_eq!(blend(7, v, 255), v, "mask 255 keeps the colour");
        }
        // Against the exact rational value: never more than half a level off.
        for bg in (0..=255u32).step_by(5) {
            for c in (0..=255u32).step_by(3) {
                for m in 0..=255u32 {
                    let exact = (bg * (255 - m) + c * m) as f64 / 255.0;
                    let got = blend(bg as u8, c as u8, m as u8) as f64;
                    assert!((got - exact).abs() <= 0.5 + 1e-9, "{bg} {c} {m}");
                }
            }
        }
    }

    #[test]
    fn composite_la_rgba_and_keys() {
        let bg = [255, 0, 10];
        let mut out = [0u8; 6];
        composite(&[100, 0, 100, 255], 2, Mask::Channel, bg, &mut out);
        assert_eq!(out, [255, 0, 10, 100, 100, 100]);
        composite(&[1, 2, 3, 128, 4, 5, 6, 0], 4, Mask::Channel, bg, &mut out);
        assert_eq!(
            out,
            [
                blend(255, 1, 128),
                blend(0, 2, 128),
                blend(10, 3, 128),
                255,
                0,
                10
            ]
        );
        composite(&[7, 9], 1, Mask::Key([7; 3]), bg, &mut out);
        assert_eq!(out, [255, 0, 10, 9, 9, 9]);
        // A key ignores the source's own alpha.
        composite(
            &[1, 2, 3, 0, 4, 5, 6, 9],
            4,
            Mask::Key([4, 5, 6]),
            bg,
            &mut out,
        );
        assert_eq!(out, [1, 2, 3, 255, 0, 10]);
    }
}
