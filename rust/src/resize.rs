//! Resizing to a model's pixel budget: the target size (HF `smart_resize` arithmetic for
//! Qwen2/2.5/3-VL) and an antialiased convolution resize with Pillow's semantics.
//!
//! Plain Rust, no PyO3, so any decoder (images here, video frames later) can call it:
//!
//! ```
//! use fastmedia::resize::{resize_into, Filter, Resize};
//! let spec = Resize::qwen2_vl();
//! let (h, w) = spec.target(2160, 3840).unwrap().unwrap(); // (728, 1316)
//! let src = vec![128u8; 3840 * 2160 * 3];
//! let mut dst = vec![0u8; h as usize * w as usize * 3];
//! resize_into(&src, 3840, 2160, 3, &mut dst, w, h, Filter::Bicubic).unwrap();
//! ```
//!
//! The convolution is `fast_image_resize` (SIMD; Pillow's algorithm: support scaled by the
//! reduction factor, fixed-point coefficients). Measured against Pillow on the corpus photos
//! by `tests/test_resize.py`.

use std::cell::RefCell;

use fast_image_resize as fir;

use crate::error::{Error, Result};

/// Pillow's resampling filters (support 1, 2 and 3 source pixels at scale 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    Bilinear,
    /// Keys cubic with a = -0.5 (Pillow's BICUBIC, what Qwen-VL processors use).
    Bicubic,
    Lanczos,
}

impl Filter {
    pub fn parse(s: &str) -> Result<Self> {
        match s.to_ascii_lowercase().as_str() {
            "bilinear" => Ok(Filter::Bilinear),
            "bicubic" => Ok(Filter::Bicubic),
            "lanczos" => Ok(Filter::Lanczos),
            other => Err(Error::config(format!(
                "filter must be \"bicubic\", \"bilinear\" or \"lanczos\", got {other:?}"
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Filter::Bilinear => "bilinear",
            Filter::Bicubic => "bicubic",
            Filter::Lanczos => "lanczos",
        }
    }

    fn fir(self) -> fir::FilterType {
        match self {
            Filter::Bilinear => fir::FilterType::Bilinear,
            Filter::Bicubic => fir::FilterType::CatmullRom,
            Filter::Lanczos => fir::FilterType::Lanczos3,
        }
    }
}

/// HF's limit on the aspect ratio for Qwen-VL sizes (`smart_resize` raises above it).
pub const MAX_ASPECT_RATIO: f64 = 200.0;

/// What size to resize to, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Resize {
    /// Upper bound on the output area; the aspect ratio is kept.
    pub max_pixels: Option<u64>,
    /// Lower bound on the output area (the only reason an image is scaled up).
    pub min_pixels: Option<u64>,
    /// Both output sides are multiples of this (28 for Qwen2-VL, 32 for Qwen3-VL).
    pub factor: u32,
    /// A forced (height, width); excludes the three above.
    pub size: Option<(u32, u32)>,
    pub filter: Filter,
    /// JPEG only: let libjpeg-turbo scale by 1/2, 1/4 or 1/8 in the DCT domain first when
    /// the target is at most half the source (Pillow's `draft()`), then filter the rest.
    pub draft: bool,
}

impl Resize {
    /// A checked spec.
    pub fn new(
        max_pixels: Option<u64>,
        min_pixels: Option<u64>,
        factor: u32,
        size: Option<(u32, u32)>,
        filter: Filter,
        draft: bool,
    ) -> Result<Self> {
        let bad = |m: String| Err(Error::config(m));
        if factor == 0 {
            return bad("factor must be at least 1".into());
        }
        if let Some((h, w)) = size {
            if h == 0 || w == 0 {
                return bad(format!("size must be positive, got ({h}, {w})"));
            }
            if max_pixels.is_some() || min_pixels.is_some() || factor != 1 {
                return bad(
                    "size=(h, w) forces the size: give it without max_pixels, min_pixels or factor"
                        .into(),
                );
            }
        }
        if max_pixels == Some(0) {
            return bad("max_pixels must be positive".into());
        }
        if let (Some(lo), Some(hi)) = (min_pixels, max_pixels) {
            if lo > hi {
                return bad(format!("min_pixels={lo} is over max_pixels={hi}"));
            }
        }
        Ok(Resize {
            max_pixels,
            min_pixels,
            factor,
            size,
            filter,
            draft,
        })
    }

    /// Qwen2-VL / Qwen2.5-VL's image processor defaults (patch 14 x merge 2).
    pub fn qwen2_vl() -> Self {
        Resize {
            max_pixels: Some(28 * 28 * 1280),
            min_pixels: Some(56 * 56),
            factor: 28,
            size: None,
            filter: Filter::Bicubic,
            draft: false,
        }
    }

    /// Qwen3-VL's preprocessor defaults (patch 16 x merge 2; 256^2 to 4096^2 pixels).
    pub fn qwen3_vl() -> Self {
        Resize {
            max_pixels: Some(16_777_216),
            min_pixels: Some(65_536),
            factor: 32,
            size: None,
            filter: Filter::Bicubic,
            draft: false,
        }
    }

    /// The output (height, width) for a source of `height` x `width`, or `None` when this
    /// spec leaves it as it is (no bound given, or the target is the source size).
    pub fn target(&self, height: u32, width: u32) -> Result<Option<(u32, u32)>> {
        let t = match self.size {
            Some(s) => s,
            None if self.max_pixels.is_none() && self.min_pixels.is_none() && self.factor == 1 => {
                return Ok(None)
            }
            None => smart_resize(
                height,
                width,
                self.factor,
                self.min_pixels.unwrap_or(0),
                self.max_pixels.unwrap_or(u64::MAX),
            )?,
        };
        Ok((t != (height, width)).then_some(t))
    }
}

/// HF transformers' `smart_resize` (Qwen2-VL, also used by Qwen2.5-VL and Qwen3-VL), same
/// float arithmetic and rounding (Python's `round` rounds half to even), returning
/// (height, width): both multiples of `factor`, area within [min_pixels, max_pixels], aspect
/// ratio kept as closely as that allows.
///
/// Differences, only where HF's result is unusable: with `factor > 1` an aspect ratio over
/// 200 is an error (HF raises too); a side that would round to 0 (possible only when
/// `min_pixels` is 0) becomes `factor`.
pub fn smart_resize(
    height: u32,
    width: u32,
    factor: u32,
    min_pixels: u64,
    max_pixels: u64,
) -> Result<(u32, u32)> {
    if height == 0 || width == 0 || factor == 0 {
        return Err(Error::decode(format!(
            "cannot resize a {width}x{height} image with factor {factor}"
        )));
    }
    let (h, w, f) = (height as f64, width as f64, factor as f64);
    if factor > 1 && h.max(w) / h.min(w) > MAX_ASPECT_RATIO {
        return Err(Error::decode(format!(
            "aspect ratio {:.1} of a {width}x{height} image is over {MAX_ASPECT_RATIO} (the Qwen-VL processors refuse it too)",
            h.max(w) / h.min(w)
        )));
    }
    // Python keeps h_bar/w_bar as ints (round/floor/ceil return int): compare areas exactly.
    let area = height as u64 * width as u64;
    let fl = factor as u64;
    let mul = |v: f64| v as u64 * fl; // v is a whole, non-negative float here
    let mut h_bar = mul((h / f).round_ties_even());
    let mut w_bar = mul((w / f).round_ties_even());
    let prod = |a: u64, b: u64| a as u128 * b as u128;
    if prod(h_bar, w_bar) > max_pixels as u128 {
        let beta = (area as f64 / max_pixels as f64).sqrt();
        h_bar = fl.max(mul((h / beta / f).floor()));
        w_bar = fl.max(mul((w / beta / f).floor()));
    } else if prod(h_bar, w_bar) < min_pixels as u128 {
        let beta = (min_pixels as f64 / area as f64).sqrt();
        h_bar = mul((h * beta / f).ceil());
        w_bar = mul((w * beta / f).ceil());
    }
    let side = |v: u64| -> Result<u32> {
        if v > (1 << 30) {
            return Err(Error::limit(format!(
                "resize target side {v} for a {width}x{height} image is too large"
            )));
        }
        Ok((v as u32).max(factor))
    };
    Ok((side(h_bar)?, side(w_bar)?))
}

thread_local! {
    // Scratch kept per pool thread between calls (a fresh buffer would be page-faulted in
    // for every image): the resizer's own, the horizontal pass's output, and a premultiplied
    // copy for images with alpha.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

#[derive(Default)]
struct Scratch {
    resizer: fir::Resizer,
    pass: Vec<u8>,
    premul: Vec<u8>,
}

/// Resize `src` (HWC, `channels` of u8, `src_w` x `src_h`, tightly packed) into `dst`
/// (`dst_w` x `dst_h`, same channels). Pillow's semantics: one pass per axis in Pillow's
/// order, each clipped to u8 (fast_image_resize on its own always runs the vertical pass
/// first for u8, which differs from Pillow by up to 10-18 levels at sharp edges); images with
/// alpha (2 or 4 channels) are filtered premultiplied, like Pillow's RGBa/La resize.
#[allow(clippy::too_many_arguments)]
pub fn resize_into(
    src: &[u8],
    src_w: u32,
    src_h: u32,
    channels: u8,
    dst: &mut [u8],
    dst_w: u32,
    dst_h: u32,
    filter: Filter,
) -> Result<()> {
    let pt = match channels {
        1 => fir::PixelType::U8,
        2 => fir::PixelType::U8x2,
        3 => fir::PixelType::U8x3,
        4 => fir::PixelType::U8x4,
        c => return Err(Error::decode(format!("cannot resize {c}-channel pixels"))),
    };
    let c = channels as usize;
    let (sl, dl) = (
        src_w as usize * src_h as usize * c,
        dst_w as usize * dst_h as usize * c,
    );
    if src.len() != sl || dst.len() != dl || sl == 0 || dl == 0 {
        return Err(Error::decode(format!(
            "internal: resize buffers ({} and {} bytes) do not match {src_w}x{src_h} -> {dst_w}x{dst_h} x{c}",
            src.len(),
            dst.len()
        )));
    }
    if (src_w, src_h) == (dst_w, dst_h) {
        dst.copy_from_slice(src);
        return Ok(());
    }
    let alpha = channels == 2 || channels == 4;
    let mut fresh = None;
    SCRATCH.with(|cell| {
        let mut guard = cell.try_borrow_mut().ok();
        let s = match guard.as_deref_mut() {
            Some(s) => s,
            None => fresh.insert(Scratch::default()),
        };
        let Scratch {
            resizer,
            pass,
            premul,
        } = s;
        let src = if alpha {
            premul.clear();
            premul.resize(sl, 0);
            let from = fir::images::ImageRef::new(src_w, src_h, src, pt).map_err(internal)?;
            let mut to =
                fir::images::Image::from_slice_u8(src_w, src_h, premul, pt).map_err(internal)?;
            fir::MulDiv::new()
                .multiply_alpha(&from, &mut to)
                .map_err(internal)?;
            &premul[..]
        } else {
            src
        };
        let opts = fir::ResizeOptions::new()
            .resize_alg(fir::ResizeAlg::Convolution(filter.fir()))
            .use_alpha(false);
        let run = |r: &mut fir::Resizer, from: &[u8], (fw, fh), to: &mut [u8], (tw, th)| {
            let from = fir::images::ImageRef::new(fw, fh, from, pt).map_err(internal)?;
            let mut to = fir::images::Image::from_slice_u8(tw, th, to, pt).map_err(internal)?;
            r.resize(&from, &mut to, &opts).map_err(internal)
        };
        if src_w != dst_w && src_h != dst_h {
            // Two passes through a u8 image in Pillow's order (it matters: each pass clips).
            // Pillow 13's ImagingResampleInner runs the vertical pass first when the height
            // loses more than twice the pixels the width does, else the horizontal pass.
            let (dh, dw) = (src_h as i64 - dst_h as i64, src_w as i64 - dst_w as i64);
            let (mw, mh) = if dh > 0 && dh > dw * 2 {
                (src_w, dst_h)
            } else {
                (dst_w, src_h)
            };
            pass.clear();
            pass.resize(mw as usize * mh as usize * c, 0);
            run(resizer, src, (src_w, src_h), pass, (mw, mh))?;
            run(resizer, pass, (mw, mh), dst, (dst_w, dst_h))?;
        } else {
            run(resizer, src, (src_w, src_h), dst, (dst_w, dst_h))?;
        }
        if alpha {
            let mut out =
                fir::images::Image::from_slice_u8(dst_w, dst_h, dst, pt).map_err(internal)?;
            fir::MulDiv::new()
                .divide_alpha_inplace(&mut out)
                .map_err(internal)?;
        }
        Ok(())
    })
}

fn internal(e: impl std::fmt::Display) -> Error {
    Error::decode(format!("internal: resize: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qwen2_vl_4k_and_small_sizes() {
        let q = Resize::qwen2_vl();
        // 3840x2160 is 8.3 Mpx, over 1003520: beta = sqrt(8294400 / 1003520) = 2.875.
        assert_eq!(q.target(2160, 3840).unwrap(), Some((728, 1316)));
        // Already a multiple of 28 and within budget: untouched.
        assert_eq!(q.target(280, 560).unwrap(), None);
        // Python's round(1.5) == 2 and round(2.5) == 2 (half to even).
        assert_eq!(smart_resize(42, 70, 28, 0, u64::MAX).unwrap(), (56, 56));
        // Tiny: scaled up to min_pixels.
        assert_eq!(q.target(10, 10).unwrap(), Some((56, 56)));
    }

    #[test]
    fn max_pixels_alone_keeps_aspect_and_never_upscales() {
        let r = Resize::new(Some(1_000_000), None, 1, None, Filter::Bicubic, false).unwrap();
        assert_eq!(r.target(100, 200).unwrap(), None);
        let (h, w) = r.target(3000, 4000).unwrap().unwrap();
        assert!(h as u64 * w as u64 <= 1_000_000);
        assert!(((w as f64 / h as f64) - 4.0 / 3.0).abs() < 0.01);
        // Extreme aspect ratios are fine without a factor.
        assert_eq!(r.target(10, 1_000_000).unwrap(), Some((3, 316_227)));
    }

    #[test]
    fn bad_specs_and_ratios_are_errors() {
        assert!(Resize::new(None, None, 0, None, Filter::Bicubic, false).is_err());
        assert!(Resize::new(Some(10), Some(20), 1, None, Filter::Bicubic, false).is_err());
        assert!(Resize::new(Some(10), None, 1, Some((2, 2)), Filter::Bicubic, false).is_err());
        assert!(Resize::qwen2_vl().target(10, 3000).is_err());
        assert!(Filter::parse("nearest").is_err());
    }

    #[test]
    fn resize_flat_image_stays_flat() {
        for c in 1..=4u8 {
            // Opaque where there is alpha (2 and 4 channels): premultiplying by alpha < 255
            // rounds, as it does in Pillow.
            let alpha = c == 2 || c == 4;
            let px: Vec<u8> = (0..c)
                .map(|i| if alpha && i == c - 1 { 255 } else { 77 })
                .collect();
            let src = px.repeat(40 * 30);
            let mut dst = vec![0u8; 13 * 9 * c as usize];
            for f in [Filter::Bilinear, Filter::Bicubic, Filter::Lanczos] {
                resize_into(&src, 40, 30, c, &mut dst, 13, 9, f).unwrap();
                assert_eq!(dst, px.repeat(13 * 9), "{c} channels {f:?}");
            }
        }
        let mut small = vec![0u8; 3];
        assert!(resize_into(&[0u8; 12], 2, 2, 3, &mut small, 2, 1, Filter::Bicubic).is_err());
    }
}
