//! Pixel conversions the generic path needs: bit depth to 8 bits (the way Pillow does it),
//! channel count, and EXIF orientation. Written as plain loops over slices the
//! compiler vectorises; no per-pixel allocation.

use std::cell::RefCell;

use image::metadata::Orientation;
use image::ColorType;

use crate::error::{Error, Result};

/// Source sample layout as the `image` crate decodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SrcKind {
    channels: u8,
    depth: Depth,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Depth {
    U8,
    /// 16-bit gray: Pillow opens it as mode "I;16" and `.convert("L"/"RGB")` clips at 255.
    U16Clip,
    /// 16-bit with colour or alpha: Pillow unpacks the high byte.
    U16High,
    /// 16-bit gray + alpha made from a PNG tRNS key: gray clipped (I;16), alpha high byte.
    U16ClipKeyed,
    F32,
}

impl SrcKind {
    pub(crate) fn from_color(c: ColorType) -> Result<Self> {
        let (channels, depth) = match c {
            ColorType::L8 => (1, Depth::U8),
            ColorType::La8 => (2, Depth::U8),
            ColorType::Rgb8 => (3, Depth::U8),
            ColorType::Rgba8 => (4, Depth::U8),
            ColorType::L16 => (1, Depth::U16Clip),
            ColorType::La16 => (2, Depth::U16High),
            ColorType::Rgb16 => (3, Depth::U16High),
            ColorType::Rgba16 => (4, Depth::U16High),
            ColorType::Rgb32F => (3, Depth::F32),
            ColorType::Rgba32F => (4, Depth::F32),
            other => {
                return Err(Error::unsupported(format!(
                    "pixel layout {other:?} is not supported"
                )))
            }
        };
        Ok(SrcKind { channels, depth })
    }

    /// La16 that a PNG tRNS key expanded from 16-bit gray.
    pub(crate) fn grey16_keyed() -> Self {
        SrcKind {
            channels: 2,
            depth: Depth::U16ClipKeyed,
        }
    }

    pub(crate) fn native_channels(&self) -> u8 {
        self.channels
    }

    /// True when the decoder's own output is already the requested layout.
    pub(crate) fn is_direct(&self, out_channels: u8) -> bool {
        self.depth == Depth::U8 && self.channels == out_channels
    }
}

pub(crate) fn oriented_dims(w: u32, h: u32, o: Orientation) -> (u32, u32) {
    match o {
        Orientation::Rotate90
        | Orientation::Rotate270
        | Orientation::Rotate90FlipH
        | Orientation::Rotate270FlipH => (h, w),
        _ => (w, h),
    }
}

thread_local! {
    // One scratch buffer per pool thread, kept between images so its pages stay faulted in.
    static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Largest scratch a thread keeps between images; bigger ones are freed after use.
const SCRATCH_KEEP: usize = 64 << 20;

/// Run `f` with a thread-local scratch slice of exactly `len` bytes (contents unspecified
/// but initialised).
pub(crate) fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u8]) -> R) -> R {
    SCRATCH.with(|cell| {
        // A re-entrant call (an EXIF-rotated CMYK JPEG: CMYK samples, then RGB to rotate) gets a
        // fresh buffer instead of panicking.
        let mut owned;
        let mut guard = cell.try_borrow_mut();
        let v: &mut Vec<u8> = match guard.as_mut() {
            Ok(v) => v,
            Err(_) => {
                owned = Vec::new();
                &mut owned
            }
        };
        if v.len() < len {
            v.resize(len, 0);
        }
        let r = f(&mut v[..len]);
        if v.len() > SCRATCH_KEEP {
            *v = Vec::new();
        }
        r
    })
}

/// Convert decoder output `src` (layout `kind`, `w`x`h`) to `out` (`out_c` 8-bit channels,
/// oriented). `src` is clobbered (bit-depth reduction runs in place).
pub(crate) fn convert(
    src: &mut [u8],
    kind: SrcKind,
    w: u32,
    h: u32,
    out_c: u8,
    orientation: Orientation,
    out: &mut [u8],
) -> Result<()> {
    let n = w as usize * h as usize * kind.channels as usize;
    reduce_depth(src, kind.depth, n);
    let src = &src[..n];
    let sc = kind.channels as usize;
    let oc = out_c as usize;
    if out.len() != w as usize * h as usize * oc {
        return Err(Error::decode("internal: output buffer size mismatch"));
    }
    if orientation == Orientation::NoTransforms {
        for (s, d) in src.chunks_exact(sc).zip(out.chunks_exact_mut(oc)) {
            map_pixel(s, d);
        }
        return Ok(());
    }
    let (w, h) = (w as usize, h as usize);
    let (ow, _oh) = oriented_dims(w as u32, h as u32, orientation);
    let ow = ow as usize;
    for (i, d) in out.chunks_exact_mut(oc).enumerate() {
        let (ox, oy) = (i % ow, i / ow);
        let (x, y) = match orientation {
            Orientation::NoTransforms => (ox, oy),
            Orientation::Rotate90 => (oy, h - 1 - ox),
            Orientation::Rotate180 => (w - 1 - ox, h - 1 - oy),
            Orientation::Rotate270 => (w - 1 - oy, ox),
            Orientation::FlipHorizontal => (w - 1 - ox, oy),
            Orientation::FlipVertical => (ox, h - 1 - oy),
            Orientation::Rotate90FlipH => (oy, ox),
            Orientation::Rotate270FlipH => (w - 1 - oy, h - 1 - ox),
        };
        let s = (y * w + x) * sc;
        map_pixel(&src[s..s + sc], d);
    }
    Ok(())
}

/// Channel mapping with Pillow's semantics: gray replicates, alpha is dropped (not composited).
#[inline(always)]
fn map_pixel(s: &[u8], d: &mut [u8]) {
    match (s.len(), d.len()) {
        (a, b) if a == b => d.copy_from_slice(s),
        (1 | 2, 3) => {
            d[0] = s[0];
            d[1] = s[0];
            d[2] = s[0];
        }
        (4, 3) => d.copy_from_slice(&s[..3]),
        // Remaining combinations only arise from a logic error; fill deterministically.
        _ => {
            for (k, v) in d.iter_mut().enumerate() {
                *v = s[k.min(s.len() - 1)];
            }
        }
    }
}

fn reduce_depth(buf: &mut [u8], depth: Depth, n: usize) {
    match depth {
        Depth::U8 => {}
        Depth::U16Clip | Depth::U16High | Depth::U16ClipKeyed => {
            // In place, front to back: sample i (bytes 2i, 2i+1) lands in byte i <= 2i.
            for i in 0..n {
                let v = u16::from_ne_bytes([buf[2 * i], buf[2 * i + 1]]);
                let clip = match depth {
                    Depth::U16Clip => true,
                    Depth::U16ClipKeyed => i % 2 == 0,
                    _ => false,
                };
                buf[i] = if clip {
                    v.min(255) as u8
                } else {
                    (v >> 8) as u8
                };
            }
        }
        Depth::F32 => {
            for i in 0..n {
                let v = f32::from_ne_bytes([
                    buf[4 * i],
                    buf[4 * i + 1],
                    buf[4 * i + 2],
                    buf[4 * i + 3],
                ]);
                buf[i] = (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotate90_moves_top_left_to_top_right() {
        // 2x1 gray image [a b] rotated 90 clockwise becomes 1x2 column [a; b].
        let kind = SrcKind {
            channels: 1,
            depth: Depth::U8,
        };
        let mut src = vec![10u8, 20];
        let mut out = vec![0u8; 2];
        convert(&mut src, kind, 2, 1, 1, Orientation::Rotate90, &mut out).unwrap();
        assert_eq!(out, vec![10, 20]);
        // 1x2 column [a; b] rotated 90 clockwise becomes row [b a].
        let mut src = vec![10u8, 20];
        convert(&mut src, kind, 1, 2, 1, Orientation::Rotate90, &mut out).unwrap();
        assert_eq!(out, vec![20, 10]);
    }

    #[test]
    fn sixteen_bit_gray_clips_like_pillow() {
        let kind = SrcKind {
            channels: 1,
            depth: Depth::U16Clip,
        };
        let mut src: Vec<u8> = [0u16, 200, 300, 65535]
            .iter()
            .flat_map(|v| v.to_ne_bytes())
            .collect();
        let mut out = vec![0u8; 4 * 3];
        convert(&mut src, kind, 4, 1, 3, Orientation::NoTransforms, &mut out).unwrap();
        assert_eq!(
            out,
            vec![0, 0, 0, 200, 200, 200, 255, 255, 255, 255, 255, 255]
        );
    }

    #[test]
    fn rgba_to_rgb_drops_alpha() {
        let kind = SrcKind {
            channels: 4,
            depth: Depth::U8,
        };
        let mut src = vec![1u8, 2, 3, 4, 5, 6, 7, 8];
        let mut out = vec![0u8; 6];
        convert(&mut src, kind, 2, 1, 3, Orientation::NoTransforms, &mut out).unwrap();
        assert_eq!(out, vec![1, 2, 3, 5, 6, 7]);
    }
}
