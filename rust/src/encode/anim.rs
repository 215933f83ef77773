//! Animated images for short clips: WebP through libwebp's `WebPAnimEncoder` (the vendored
//! libwebp that `libwebp-sys` builds, mux library included) and GIF through the `gif` crate
//! (the encoder `image` uses), which quantises each frame to its own 256-colour palette with
//! NeuQuant.
//!
//! Frame times: frame `i` starts at `round(i * 1000 / fps)` ms in WebP and
//! `round(i * 100 / fps)` centiseconds in GIF (its unit), so rounding never accumulates and
//! the whole clip lasts `frames / fps` to within one unit. Browsers show GIF delays under
//! 2 cs as 10 cs, so GIF takes `fps <= 50`.

use rayon::prelude::*;

use crate::error::{Error, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimFormat {
    Webp,
    Gif,
}

impl AnimFormat {
    pub fn parse(name: &str) -> Result<Self> {
        match name.to_ascii_lowercase().as_str() {
            "webp" => Ok(AnimFormat::Webp),
            "gif" => Ok(AnimFormat::Gif),
            _ => Err(Error::unsupported(format!(
                "animation format must be 'webp' or 'gif', not {name:?}"
            ))),
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            AnimFormat::Webp => "image/webp",
            AnimFormat::Gif => "image/gif",
        }
    }
}

/// GIF's NeuQuant speed (1 best .. 30 fastest): the gif crate's own default.
const GIF_SPEED: i32 = 10;

/// Encodes `frames` packed RGB24 frames of `width x height` (back to back in `rgb`).
/// `quality`: WebP 0-100 (default 80, 100 lossless), GIF `None` only (palette images).
/// `loops`: 0 repeats forever.
#[allow(clippy::too_many_arguments)]
pub fn encode_animation(
    rgb: &[u8],
    frames: usize,
    height: usize,
    width: usize,
    fps: f64,
    format: AnimFormat,
    quality: Option<u8>,
    loops: u16,
    max_bytes: u64,
) -> Result<Vec<u8>> {
    if frames == 0 || width == 0 || height == 0 {
        return Err(Error::decode(format!(
            "cannot encode {frames} frames of {width}x{height}"
        )));
    }
    if rgb.len() != frames * width * height * 3 {
        return Err(Error::decode(
            "frame bytes do not match the frame count and size",
        ));
    }
    let max_fps = if format == AnimFormat::Gif {
        50.0
    } else {
        1000.0
    };
    if !(fps.is_finite() && fps > 0.0 && fps <= max_fps) {
        return Err(Error::config(format!(
            "fps must be in (0, {max_fps}] for {format:?}, not {fps}"
        )));
    }
    let out = match format {
        AnimFormat::Webp => {
            let q = quality.unwrap_or(super::image::WEBP_QUALITY);
            if q > 100 {
                return Err(Error::config(format!("quality must be 0..=100, not {q}")));
            }
            webp(rgb, frames, height, width, fps, q, loops)?
        }
        AnimFormat::Gif => {
            if quality.is_some() {
                return Err(Error::config(
                    "GIF frames are palette images: quality must be None",
                ));
            }
            gif(rgb, frames, height, width, fps, loops, max_bytes)?
        }
    };
    super::image::check_output(out.len(), max_bytes)?;
    Ok(out)
}

/// Start of frame `i` in `unit`s per second.
fn start(i: usize, fps: f64, unit: f64) -> f64 {
    (i as f64 * unit / fps).round()
}

fn gif(
    rgb: &[u8],
    frames: usize,
    height: usize,
    width: usize,
    fps: f64,
    loops: u16,
    max_bytes: u64,
) -> Result<Vec<u8>> {
    let (w, h) = match (u16::try_from(width), u16::try_from(height)) {
        (Ok(w), Ok(h)) => (w, h),
        _ => {
            return Err(Error::limit(format!(
                "GIF holds at most 65535x65535, not {width}x{height}"
            )))
        }
    };
    let err = |e: gif::EncodingError| Error::decode(format!("GIF encoding failed: {e}"));
    let frame_len = width * height * 3;
    let mut out = Vec::new();
    let mut enc = gif::Encoder::new(&mut out, w, h, &[]).map_err(err)?;
    let repeat = match loops {
        0 => gif::Repeat::Infinite,
        n => gif::Repeat::Finite(n),
    };
    enc.set_repeat(repeat).map_err(err)?;
    // Quantise and LZW-compress a group of frames in parallel, then write them in order.
    let group = rayon::current_num_threads().max(1) * 2;
    for g in (0..frames).step_by(group) {
        let end = (g + group).min(frames);
        let done: Vec<gif::Frame<'static>> = (g..end)
            .into_par_iter()
            .map(|i| {
                let mut f = gif::Frame::from_rgb_speed(
                    w,
                    h,
                    &rgb[i * frame_len..(i + 1) * frame_len],
                    GIF_SPEED,
                );
                let cs = start(i + 1, fps, 100.0) - start(i, fps, 100.0);
                f.delay = cs.clamp(2.0, 65535.0) as u16;
                f.make_lzw_pre_encoded();
                f
            })
            .collect();
        for f in &done {
            enc.write_lzw_pre_encoded_frame(f).map_err(err)?;
        }
        let len = enc.get_ref().len();
        super::image::check_output(len, max_bytes)?;
    }
    drop(enc);
    Ok(out)
}

/// A `WebPAnimEncoder`, deleted on drop.
struct AnimEncoder(*mut libwebp_sys::WebPAnimEncoder);

impl Drop for AnimEncoder {
    fn drop(&mut self) {
        // SAFETY: created by WebPAnimEncoderNewInternal, deleted once.
        unsafe { libwebp_sys::WebPAnimEncoderDelete(self.0) }
    }
}

/// A `WebPPicture` whose pixels libwebp allocated, freed on drop.
struct Picture(libwebp_sys::WebPPicture);

impl Drop for Picture {
    fn drop(&mut self) {
        // SAFETY: initialised by WebPPictureInitInternal; freeing an empty picture is a no-op.
        unsafe { libwebp_sys::WebPPictureFree(&mut self.0) }
    }
}

fn webp(
    rgb: &[u8],
    frames: usize,
    height: usize,
    width: usize,
    fps: f64,
    quality: u8,
    loops: u16,
) -> Result<Vec<u8>> {
    use libwebp_sys as wp;
    use std::mem::MaybeUninit;
    if width > 16383 || height > 16383 {
        return Err(Error::limit(format!(
            "WebP holds at most 16383x16383, not {width}x{height}"
        )));
    }
    let (w, h) = (width as i32, height as i32);
    let frame_len = width * height * 3;
    let fail = |what: &str| Error::decode(format!("animated WebP encoding failed: {what}"));
    // SAFETY: every libwebp struct is initialised by its Init function before use (each
    // checks the ABI version and returns 0 on a mismatch); the encoder and each picture are
    // freed by their guards; `rgb` holds `frames` frames of h rows of `3 * w` bytes, which
    // WebPPictureImportRGB copies.
    unsafe {
        let mut aopts = MaybeUninit::<wp::WebPAnimEncoderOptions>::zeroed();
        if wp::WebPAnimEncoderOptionsInitInternal(aopts.as_mut_ptr(), wp::WEBP_MUX_ABI_VERSION as _)
            == 0
        {
            return Err(fail("options"));
        }
        let mut aopts = aopts.assume_init();
        aopts.anim_params.loop_count = i32::from(loops);
        let enc = wp::WebPAnimEncoderNewInternal(w, h, &aopts, wp::WEBP_MUX_ABI_VERSION as _);
        if enc.is_null() {
            return Err(fail("could not allocate the encoder"));
        }
        let enc = AnimEncoder(enc);
        let mut config = MaybeUninit::<wp::WebPConfig>::zeroed();
        if wp::WebPConfigInitInternal(
            config.as_mut_ptr(),
            wp::WebPPreset::WEBP_PRESET_DEFAULT,
            f32::from(quality),
            wp::WEBP_ENCODER_ABI_VERSION as _,
        ) == 0
        {
            return Err(fail("config"));
        }
        let mut config = config.assume_init();
        if quality == 100 {
            config.lossless = 1;
        }
        for i in 0..frames {
            let mut pic = MaybeUninit::<wp::WebPPicture>::zeroed();
            if wp::WebPPictureInitInternal(pic.as_mut_ptr(), wp::WEBP_ENCODER_ABI_VERSION as _) == 0
            {
                return Err(fail("picture"));
            }
            let mut pic = Picture(pic.assume_init());
            pic.0.width = w;
            pic.0.height = h;
            pic.0.use_argb = 1;
            let px = &rgb[i * frame_len..(i + 1) * frame_len];
            if wp::WebPPictureImportRGB(&mut pic.0, px.as_ptr(), w * 3) == 0 {
                return Err(Error::limit("could not allocate a WebP frame"));
            }
            let ts = start(i, fps, 1000.0) as i32;
            if wp::WebPAnimEncoderAdd(enc.0, &mut pic.0, ts, &config) == 0 {
                return Err(fail(&anim_error(enc.0)));
            }
        }
        let end = start(frames, fps, 1000.0) as i32;
        if wp::WebPAnimEncoderAdd(enc.0, std::ptr::null_mut(), end, std::ptr::null()) == 0 {
            return Err(fail(&anim_error(enc.0)));
        }
        let mut data = wp::WebPData::default();
        if wp::WebPAnimEncoderAssemble(enc.0, &mut data) == 0 {
            return Err(fail(&anim_error(enc.0)));
        }
        let out = if data.bytes.is_null() {
            Vec::new()
        } else {
            std::slice::from_raw_parts(data.bytes, data.size).to_vec()
        };
        wp::WebPDataClear(&mut data);
        Ok(out)
    }
}

/// # Safety
/// `enc` must be a live `WebPAnimEncoder`.
unsafe fn anim_error(enc: *mut libwebp_sys::WebPAnimEncoder) -> String {
    // SAFETY: returns null or a NUL-terminated string owned by the encoder.
    let p = unsafe { libwebp_sys::WebPAnimEncoderGetError(enc) };
    if p.is_null() {
        return "unknown error".into();
    }
    // SAFETY: checked non-null above; valid until the next call on `enc`.
    unsafe { std::ffi::CStr::from_ptr(p) }
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip(t: usize, h: usize, w: usize) -> Vec<u8> {
        (0..t * h * w * 3)
            .map(|i| ((i / (h * w * 3)) * 40 + (i % (w * 3)) * 2) as u8)
            .collect()
    }

    #[test]
    fn webp_and_gif_decode_with_image() {
        use image::AnimationDecoder;
        let (t, h, w) = (5, 24, 40);
        let rgb = clip(t, h, w);
        let webp =
            encode_animation(&rgb, t, h, w, 10.0, AnimFormat::Webp, None, 0, u64::MAX).unwrap();
        assert_eq!(&webp[..4], b"RIFF");
        assert_eq!(&webp[8..12], b"WEBP");
        let gif =
            encode_animation(&rgb, t, h, w, 10.0, AnimFormat::Gif, None, 0, u64::MAX).unwrap();
        let d = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        let frames = d.into_frames().collect_frames().unwrap();
        assert_eq!(frames.len(), t);
        assert_eq!(frames[0].delay().numer_denom_ms(), (100, 1));
    }

    #[test]
    fn typed_errors() {
        let rgb = clip(2, 8, 8);
        let e = encode_animation(&rgb, 2, 8, 8, 60.0, AnimFormat::Gif, None, 0, u64::MAX);
        assert!(matches!(e, Err(Error::Config(_))));
        let e = encode_animation(&rgb, 2, 8, 8, 10.0, AnimFormat::Gif, Some(50), 0, u64::MAX);
        assert!(matches!(e, Err(Error::Config(_))));
        let e = encode_animation(&rgb, 0, 8, 8, 10.0, AnimFormat::Webp, None, 0, u64::MAX);
        assert!(matches!(e, Err(Error::Decode(_))));
        let e = encode_animation(&rgb, 2, 8, 8, 10.0, AnimFormat::Webp, None, 0, 10);
        assert!(matches!(e, Err(Error::LimitExceeded(_))));
        assert!(AnimFormat::parse("apng").is_err());
    }
}
