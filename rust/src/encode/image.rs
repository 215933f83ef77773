//! Images out: one packed RGB24 frame to PNG (the `png` crate, fdeflate), JPEG (libjpeg-turbo,
//! the library Pillow links, so the same bytes at the same settings) or WebP (libwebp).

use std::cell::RefCell;
use std::ffi::CStr;

use turbojpeg_sys as tj;

use crate::error::{Error, Result};

/// The image formats `encode_image` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Jpeg,
    Webp,
}

impl ImageFormat {
    pub fn parse(name: &str) -> Result<Self> {
        match name.to_ascii_lowercase().as_str() {
            "png" => Ok(ImageFormat::Png),
            "jpeg" | "jpg" => Ok(ImageFormat::Jpeg),
            "webp" => Ok(ImageFormat::Webp),
            _ => Err(Error::unsupported(format!(
                "image format must be 'png', 'jpeg' or 'webp', not {name:?}"
            ))),
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
            ImageFormat::Webp => "image/webp",
        }
    }
}

/// Pillow's defaults: JPEG quality 75, WebP quality 80.
pub const JPEG_QUALITY: u8 = 75;
pub const WEBP_QUALITY: u8 = 80;

/// The largest image (in pixels) that the synchronous single-image call encodes on the
/// calling thread, GIL released, instead of handing it to a pool thread: the encoders are
/// single-threaded, so the pool adds only the hand-off (a wake-up, often a wait for a busy
/// core), which is a large share of a small image's few milliseconds. Past this size the
/// hand-off is a small share and the pool's bound on concurrent work matters more (every
/// Python thread calling at once would otherwise encode at once). Measured in
/// docs/encoding.md ("Small images on the calling thread"). Batches and async calls keep
/// the pool.
pub const INLINE_MAX_PIXELS: usize = 1920 * 1080;

/// Whether `encode_image` runs a `width x height` image on the calling thread.
pub fn encode_inline(width: usize, height: usize) -> bool {
    width.saturating_mul(height) <= INLINE_MAX_PIXELS
}

/// `quality` is 0..=100 (JPEG, WebP: the codec's own scale; PNG is lossless and takes
/// `None` only). `rgb` is `height * width * 3` bytes.
pub fn encode_image(
    rgb: &[u8],
    width: usize,
    height: usize,
    format: ImageFormat,
    quality: Option<u8>,
    max_bytes: u64,
) -> Result<Vec<u8>> {
    if rgb.len() != width * height * 3 || width == 0 || height == 0 {
        return Err(Error::decode(format!(
            "{} bytes do not hold a {width}x{height} RGB image",
            rgb.len()
        )));
    }
    if let Some(q) = quality {
        if q > 100 {
            return Err(Error::config(format!("quality must be 0..=100, not {q}")));
        }
        if format == ImageFormat::Png {
            return Err(Error::config("PNG is lossless: quality must be None"));
        }
    }
    // Every encoder here takes an int width/height and stride.
    if width * 3 > i32::MAX as usize || height > i32::MAX as usize {
        return Err(Error::limit(format!(
            "{width}x{height} is too large to encode"
        )));
    }
    let out = match format {
        ImageFormat::Png => png_encode(rgb, width, height)?,
        ImageFormat::Jpeg => jpeg_encode(rgb, width, height, quality.unwrap_or(JPEG_QUALITY))?,
        ImageFormat::Webp => webp_encode(rgb, width, height, quality.unwrap_or(WEBP_QUALITY))?,
    };
    check_output(out.len(), max_bytes)?;
    Ok(out)
}

/// An encoded result over the caller's bound is an error, not a truncated file.
pub fn check_output(len: usize, max_bytes: u64) -> Result<()> {
    if len as u64 > max_bytes {
        return Err(Error::limit(format!(
            "the encoded output is {len} bytes, over max_output_bytes={max_bytes}"
        )));
    }
    Ok(())
}

fn png_encode(rgb: &[u8], width: usize, height: usize) -> Result<Vec<u8>> {
    let err = |e: png::EncodingError| Error::decode(format!("PNG encoding failed: {e}"));
    let mut out = Vec::with_capacity(rgb.len() / 2 + 1024);
    let mut enc = png::Encoder::new(&mut out, width as u32, height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Fast);
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(rgb).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}

/// A libjpeg-turbo compressor, destroyed on drop.
struct Compressor(tj::tjhandle);

impl Compressor {
    fn new() -> Result<Self> {
        // SAFETY: tj3Init has no preconditions; it returns null on failure, checked here.
        let h = unsafe { tj::tj3Init(tj::TJINIT_TJINIT_COMPRESS as i32) };
        if h.is_null() {
            return Err(Error::decode("could not start a JPEG compressor"));
        }
        Ok(Compressor(h))
    }

    fn set(&self, p: tj::TJPARAM, v: i32) -> Result<()> {
        // SAFETY: self.0 is a live compression handle; tj3Set validates the parameter.
        if unsafe { tj::tj3Set(self.0, p as i32, v) } != 0 {
            return Err(self.error());
        }
        Ok(())
    }

    fn error(&self) -> Error {
        // SAFETY: self.0 is live; the string is owned by the handle and copied out at once.
        let msg = unsafe { CStr::from_ptr(tj::tj3GetErrorStr(self.0)) };
        Error::decode(format!("JPEG encoding failed: {}", msg.to_string_lossy()))
    }
}

impl Drop for Compressor {
    fn drop(&mut self) {
        // SAFETY: self.0 came from tj3Init and is destroyed exactly once.
        unsafe { tj::tj3Destroy(self.0) }
    }
}

thread_local! {
    /// One compressor per pool thread, kept between calls: `tj3Init` allocates libjpeg's
    /// whole compressor state, a noticeable share of a small image's encode.
    static COMPRESSOR: RefCell<Option<Compressor>> = const { RefCell::new(None) };
}

/// Baseline JPEG, 4:2:0, ISLOW DCT, standard Huffman tables: Pillow's `save(format="JPEG")`.
fn jpeg_encode(rgb: &[u8], width: usize, height: usize, quality: u8) -> Result<Vec<u8>> {
    COMPRESSOR.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(Compressor::new()?);
        }
        let c = slot.as_ref().expect("set above");
        let out = jpeg_with(c, rgb, width, height, quality);
        if out.is_err() {
            *slot = None; // start from a fresh handle after a failure
        }
        out
    })
}

fn jpeg_with(
    c: &Compressor,
    rgb: &[u8],
    width: usize,
    height: usize,
    quality: u8,
) -> Result<Vec<u8>> {
    c.set(tj::TJPARAM_TJPARAM_QUALITY, i32::from(quality.max(1)))?;
    c.set(tj::TJPARAM_TJPARAM_SUBSAMP, tj::TJSAMP_TJSAMP_420)?;
    let mut buf: *mut u8 = std::ptr::null_mut();
    let mut size: tj::size_t = 0;
    // SAFETY: `rgb` holds height rows of width*3 bytes (checked by the caller); tj3Compress8
    // only reads it, and allocates `buf` with tj3Alloc, freed below with tj3Free.
    let rc = unsafe {
        tj::tj3Compress8(
            c.0,
            rgb.as_ptr(),
            width as i32,
            (width * 3) as i32,
            height as i32,
            tj::TJPF_TJPF_RGB,
            &mut buf,
            &mut size,
        )
    };
    let out = if rc == 0 && !buf.is_null() {
        // SAFETY: on success `buf` holds `size` initialised bytes.
        Ok(unsafe { std::slice::from_raw_parts(buf, size as usize) }.to_vec())
    } else {
        Err(c.error())
    };
    if !buf.is_null() {
        // SAFETY: `buf` was allocated by libjpeg-turbo and is freed exactly once.
        unsafe { tj::tj3Free(buf.cast()) };
    }
    out
}

/// Lossy WebP at `quality` (libwebp's default method 4), or lossless at quality 100.
fn webp_encode(rgb: &[u8], width: usize, height: usize, quality: u8) -> Result<Vec<u8>> {
    use libwebp_sys as wp;
    let mut out: *mut u8 = std::ptr::null_mut();
    let (w, h, stride) = (width as i32, height as i32, (width * 3) as i32);
    // WebP's own limit is 16383 per side; libwebp reports it as a zero-length result.
    // SAFETY: `rgb` holds h rows of `stride` bytes; libwebp only reads it and allocates
    // `out` (freed below with WebPFree).
    let n = unsafe {
        if quality == 100 {
            wp::WebPEncodeLosslessRGB(rgb.as_ptr(), w, h, stride, &mut out)
        } else {
            wp::WebPEncodeRGB(rgb.as_ptr(), w, h, stride, f32::from(quality), &mut out)
        }
    };
    let res = if n > 0 && !out.is_null() {
        // SAFETY: on success `out` holds `n` initialised bytes.
        Ok(unsafe { std::slice::from_raw_parts(out, n) }.to_vec())
    } else if width > 16383 || height > 16383 {
        Err(Error::limit(format!(
            "WebP holds at most 16383x16383, not {width}x{height}"
        )))
    } else {
        Err(Error::decode("WebP encoding failed"))
    };
    if !out.is_null() {
        // SAFETY: `out` was allocated by libwebp and is freed exactly once.
        unsafe { wp::WebPFree(out.cast()) };
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gradient(w: usize, h: usize) -> Vec<u8> {
        (0..w * h * 3).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn png_round_trips() {
        let rgb = gradient(33, 17);
        let png = encode_image(&rgb, 33, 17, ImageFormat::Png, None, u64::MAX).unwrap();
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!((img.width(), img.height()), (33, 17));
        assert_eq!(img.into_raw(), rgb);
    }

    #[test]
    fn jpeg_and_webp_decode() {
        let rgb = gradient(40, 24);
        for f in [ImageFormat::Jpeg, ImageFormat::Webp] {
            let out = encode_image(&rgb, 40, 24, f, Some(90), u64::MAX).unwrap();
            let img = image::load_from_memory(&out).unwrap();
            assert_eq!((img.width(), img.height()), (40, 24), "{f:?}");
        }
    }

    #[test]
    fn rejects_bad_input() {
        let rgb = gradient(4, 4);
        assert!(encode_image(&rgb, 4, 5, ImageFormat::Png, None, u64::MAX).is_err());
        assert!(encode_image(&rgb, 4, 4, ImageFormat::Png, Some(50), u64::MAX).is_err());
        assert!(encode_image(&rgb, 4, 4, ImageFormat::Jpeg, Some(101), u64::MAX).is_err());
        let e = encode_image(&rgb, 4, 4, ImageFormat::Png, None, 10).unwrap_err();
        assert!(matches!(e, Error::LimitExceeded(_)), "{e}");
        assert!(ImageFormat::parse("gif").is_err());
    }
}
