//! Animations (GIF, animated WebP, APNG) as clips: frames composited by the `image` crate's
//! animation decoders, timestamps from the frame delays. FFmpeg 5.1 cannot decode animated
//! WebP, and the `image` crate already serves these formats for stills.

use std::io::Cursor;

use image::codecs::gif::GifDecoder;
use image::codecs::png::PngDecoder;
use image::codecs::webp::WebPDecoder;
use image::{AnimationDecoder, Frames, ImageDecoder, ImageFormat};

use super::Fit;
use crate::error::{Error, Result};
use crate::resize::resize_into;

/// Is this an animation container we handle (GIF, WebP, PNG/APNG)?
pub(super) fn sniff(data: &[u8]) -> Option<ImageFormat> {
    match image::guess_format(data) {
        Ok(f @ (ImageFormat::Gif | ImageFormat::WebP | ImageFormat::Png)) => Some(f),
        _ => None,
    }
}

fn img_err(e: image::ImageError) -> Error {
    match e {
        image::ImageError::Limits(l) => Error::limit(format!("animation over limits: {l}")),
        image::ImageError::Unsupported(u) => Error::unsupported(u.to_string()),
        other => Error::decode(format!("animation: {other}")),
    }
}

/// (width, height) from the header, before any frame is decoded.
pub(super) fn dimensions(data: &[u8], f: ImageFormat) -> Result<(u32, u32)> {
    let c = Cursor::new(data);
    Ok(match f {
        ImageFormat::Gif => GifDecoder::new(c).map_err(img_err)?.dimensions(),
        ImageFormat::WebP => WebPDecoder::new(c).map_err(img_err)?.dimensions(),
        _ => PngDecoder::new(c).map_err(img_err)?.dimensions(),
    })
}

fn frames<'a>(data: &'a [u8], f: ImageFormat, max_alloc: u64) -> Result<Frames<'a>> {
    let c = Cursor::new(data);
    let mut lim = image::Limits::default();
    lim.max_alloc = Some(max_alloc);
    Ok(match f {
        ImageFormat::Gif => {
            let mut d = GifDecoder::new(c).map_err(img_err)?;
            d.set_limits(lim).map_err(img_err)?;
            d.into_frames()
        }
        ImageFormat::WebP => {
            let mut d = WebPDecoder::new(c).map_err(img_err)?;
            d.set_limits(lim).map_err(img_err)?;
            d.into_frames()
        }
        _ => {
            let mut d = PngDecoder::new(c).map_err(img_err)?;
            d.set_limits(lim.clone()).map_err(img_err)?;
            if d.is_apng().map_err(img_err)? {
                d.apng().map_err(img_err)?.into_frames()
            } else {
                // A still PNG is a one-frame clip.
                let mut r = image::ImageReader::with_format(Cursor::new(data), ImageFormat::Png);
                r.limits(lim);
                let img = r.decode().map_err(img_err)?;
                let frame = image::Frame::new(img.to_rgba8());
                Frames::new(Box::new(std::iter::once(Ok(frame))))
            }
        }
    })
}

/// Pass 1: frame count and each frame's start time (s), refusing more than `max_frames`.
pub(super) fn timeline(
    data: &[u8],
    f: ImageFormat,
    max_frames: u64,
    max_alloc: u64,
) -> Result<Vec<f64>> {
    let mut starts = Vec::new();
    let mut t = 0.0f64;
    for fr in frames(data, f, max_alloc)? {
        let fr = fr.map_err(img_err)?;
        if starts.len() as u64 >= max_frames {
            return Err(Error::limit(format!(
                "animation has more than max_video_frames={max_frames} frames"
            )));
        }
        starts.push(t);
        let (n, d) = fr.delay().numer_denom_ms();
        t += if d == 0 {
            0.0
        } else {
            n as f64 / d as f64 / 1000.0
        };
    }
    if starts.is_empty() {
        return Err(Error::decode("animation has no frames"));
    }
    starts.push(t); // end time
    Ok(starts)
}

/// Pass 2: composite frames again, copy `indices` (ascending) as RGB into `slots`, or with
/// `fit` into one frame of scratch and resized from there into the slot.
pub(super) fn decode(
    data: &[u8],
    f: ImageFormat,
    max_alloc: u64,
    indices: &[i64],
    fit: Option<Fit>,
    slots: Vec<&mut [u8]>,
) -> Result<()> {
    let mut want = indices.iter().copied().zip(slots).peekable();
    let mut rgb = Vec::new();
    let mut canvas = None;
    for (i, fr) in frames(data, f, max_alloc)?.enumerate() {
        let Some((next, _)) = want.peek() else { break };
        if *next != i as i64 {
            fr.map_err(img_err)?;
            continue;
        }
        let fr = fr.map_err(img_err)?;
        let (_, out) = want.next().expect("peeked");
        let rgba = fr.buffer();
        let (w, h) = rgba.dimensions();
        if *canvas.get_or_insert((w, h)) != (w, h) {
            return Err(Error::decode("animation frame size changed mid-stream"));
        }
        let dst: &mut [u8] = match fit {
            None => out,
            Some(_) => {
                rgb.resize(rgba.len() / 4 * 3, 0);
                &mut rgb
            }
        };
        if rgba.len() / 4 * 3 != dst.len() {
            return Err(Error::decode("animation frame size changed mid-stream"));
        }
        for (o, p) in dst.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
            o.copy_from_slice(&p[..3]);
        }
        if let Some(fit) = fit {
            resize_into(&rgb, w, h, 3, out, fit.width, fit.height, fit.filter)?;
        }
    }
    if want.peek().is_some() {
        return Err(Error::decode("animation ended before its last frame"));
    }
    Ok(())
}
