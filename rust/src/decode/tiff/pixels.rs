//! TIFF samples to 8-bit output pixels with Pillow's rules (its TIFF modes, unpackers and
//! `.convert`), then the Orientation tag.

use image::metadata::Orientation;
use image::ColorType;

use super::chunks::{Sample, Samples};
use super::{Color, Tiff};
use crate::decode::convert;
use crate::error::Result;

pub(crate) struct Layout {
    pub width: usize,
    pub height: usize,
    /// The TIFF Orientation tag (1..=8; anything else is 1).
    pub orientation: u16,
}

pub(crate) fn convert(
    t: &Tiff,
    samples: &Samples,
    l: &Layout,
    out_c: u8,
    out: &mut [u8],
) -> Result<()> {
    let orientation =
        Orientation::from_exif(l.orientation.min(8) as u8).unwrap_or(Orientation::NoTransforms);
    if orientation == Orientation::NoTransforms {
        to_pixels(t, samples, out_c, out);
        return Ok(());
    }
    let kind = convert::SrcKind::from_color(match out_c {
        1 => ColorType::L8,
        2 => ColorType::La8,
        3 => ColorType::Rgb8,
        _ => ColorType::Rgba8,
    })?;
    convert::with_scratch(l.width * l.height * out_c as usize, |s| {
        to_pixels(t, samples, out_c, s);
        let (w, h) = (l.width as u32, l.height as u32);
        convert::convert(s, kind, w, h, out_c, orientation, out)
    })
}

fn to_pixels(t: &Tiff, samples: &Samples, out_c: u8, out: &mut [u8]) {
    match samples {
        Samples::U8(v) => map_all(t, v, out_c, out),
        Samples::U16(v) => map_all(t, v, out_c, out),
    }
}

/// Pillow's reading of one grey sample as mode L: sub-byte depths scaled to 0..255, 8-bit
/// inverted for WhiteIsZero, 12/16-bit read as I;16 and clipped at 255 by `.convert`
/// (libtiff and Pillow leave WhiteIsZero alone there).
#[inline]
fn grey(v: u16, bits: u8, invert: bool) -> u8 {
    let g = match bits {
        1 => (v * 255) as u8,
        2 => (v * 85) as u8,
        4 => (v * 17) as u8,
        8 => v as u8,
        _ => return v.min(255) as u8,
    };
    if invert {
        255 - g
    } else {
        g
    }
}

/// 16-bit colour and alpha samples: Pillow's `;16` unpackers keep the high byte.
#[inline]
fn byte(v: u16, bits: u8) -> u8 {
    if bits > 8 {
        (v >> 8) as u8
    } else {
        v as u8
    }
}

/// Pillow's `cmyk2rgb`: nk = 255 - k; channel = nk - c * nk / 255 (rounded MULDIV255).
#[inline]
fn cmyk(c: u8, k: u8) -> u8 {
    let nk = 255 - k as u32;
    let t = c as u32 * nk + 128;
    let m = ((t >> 8) + t) >> 8;
    nk.saturating_sub(m) as u8
}

/// Pillow's `unpackRGBa`: un-premultiply with truncating division, clipped.
#[inline]
fn unpremultiply(v: u8, a: u8) -> u8 {
    match a {
        0 => 0,
        255 => v,
        _ => (v as u32 * 255 / a as u32).min(255) as u8,
    }
}

fn map_all<S: Sample>(t: &Tiff, src: &[S], out_c: u8, out: &mut [u8]) {
    let oc = out_c as usize;
    let bits = if t.compression == 7 { 8 } else { t.bits };
    for (s, d) in src.chunks_exact(t.spp).zip(out.chunks_exact_mut(oc)) {
        let (mut rgb, mut a) = ([0u8; 3], 255u8);
        match &t.color {
            Color::Gray { invert } => {
                let g = grey(s[0].get(), bits, *invert);
                rgb = [g, g, g];
            }
            Color::Palette { map } => {
                rgb = map.get(s[0].get() as usize).copied().unwrap_or_default();
            }
            Color::Rgb => {
                for k in 0..3 {
                    rgb[k] = byte(s[k].get(), bits);
                }
            }
            Color::Cmyk => {
                let k = byte(s[3].get(), bits);
                for i in 0..3 {
                    rgb[i] = cmyk(byte(s[i].get(), bits), k);
                }
            }
        }
        if let Some((ai, premul)) = t.alpha {
            a = byte(s[ai].get(), bits);
            if premul {
                if a == 0 {
                    rgb = [0; 3];
                } else {
                    for v in rgb.iter_mut() {
                        *v = unpremultiply(*v, a);
                    }
                }
            }
        }
        match oc {
            1 => d[0] = rgb[0],
            2 => {
                d[0] = rgb[0];
                d[1] = a;
            }
            3 => d.copy_from_slice(&rgb),
            _ => {
                d[..3].copy_from_slice(&rgb);
                d[3] = a;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cmyk_matches_pillow_formula() {
        assert_eq!(cmyk(0, 0), 255);
        assert_eq!(cmyk(255, 0), 0);
        assert_eq!(cmyk(0, 255), 0);
        // nk = 155, c = 100: 155 - round(100*155/255) = 155 - 61 = 94
        assert_eq!(cmyk(100, 100), 94);
    }

    #[test]
    fn grey_depths_scale_like_pillow() {
        assert_eq!(grey(1, 1, false), 255);
        assert_eq!(grey(1, 1, true), 0);
        assert_eq!(grey(2, 2, false), 170);
        assert_eq!(grey(7, 4, false), 119);
        assert_eq!(grey(4000, 12, false), 255);
        assert_eq!(grey(200, 16, true), 200);
    }

    #[test]
    fn unpremultiply_truncates_and_clips() {
        assert_eq!(unpremultiply(50, 100), 127);
        assert_eq!(unpremultiply(200, 100), 255);
        assert_eq!(unpremultiply(9, 0), 0);
    }
}
