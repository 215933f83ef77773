//! Still images (JPEG, BMP, TIFF, PNG, WebP) as one-frame clips: one rule for every still
//! format. The frame is the image decoder's `channels="rgb"` output (EXIF orientation not
//! applied, as by default for images), resized like any clip's frames; total 1, fps 0,
//! duration 0. A GIF is an animation container: a one-frame GIF is a one-frame clip already.

use super::sampling::Source;
use super::{check_bytes, frame_plan, info, resolve, VideoInfo, VideoOptions};
use crate::decode::{decode_vec, Channels, Options};
use crate::error::{Error, Result};
use crate::resize::resize_into;

/// The codec name of a still image (not an APNG or an animated WebP), or None.
pub(super) fn sniff(data: &[u8]) -> Option<&'static str> {
    use image::ImageFormat as F;
    match image::guess_format(data).ok()? {
        F::Jpeg => Some("jpeg"),
        F::Bmp => Some("bmp"),
        F::Tiff => Some("tiff"),
        F::Png if !has_actl(data) => Some("png"),
        F::WebP if !webp_animated(data) => Some("webp"),
        _ => None,
    }
}

/// Whether a PNG has an `acTL` chunk before its first `IDAT` (an APNG).
fn has_actl(data: &[u8]) -> bool {
    let mut at = 8; // the signature
    while let Some(head) = data.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        match &head[4..8] {
            b"acTL" => return true,
            b"IDAT" | b"IEND" => return false,
            _ => {}
        }
        let Some(next) = at.checked_add(12).and_then(|a| a.checked_add(len)) else {
            return false;
        };
        at = next;
    }
    false
}

/// Whether a WebP's `VP8X` header sets the animation flag.
fn webp_animated(data: &[u8]) -> bool {
    data.get(12..16) == Some(b"VP8X") && data.get(20).is_some_and(|f| f & 0x02 != 0)
}

/// Decode a still image as a one-frame clip into memory from `alloc`.
pub(super) fn decode<B, F>(
    data: &[u8],
    opts: &VideoOptions,
    codec: &'static str,
    rule: super::sampling::Rule,
    alloc: F,
) -> Result<(B, VideoInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&VideoInfo) -> Result<B>,
{
    let lim = &opts.limits;
    let image_opts = Options {
        limits: lim.clone(),
        channels: Channels::Rgb,
        exif_orientation: false,
        resize: None,
        background: None,
        gpu: None,
    };
    let (px, img) = decode_vec(data, &image_opts)?;
    let (w, h) = (img.width, img.height);
    let fit = frame_plan(lim, opts.resize.as_ref(), w, h)?;
    let src = Source::new(1, 0.0);
    let start = |i: usize| (i == 0).then_some(0.0);
    let idx = resolve(super::targets(opts, rule, &src)?, 1, start);
    if idx.is_empty() && !opts.probe_only() {
        return Err(Error::decode(format!(
            "no sampled frame lies inside the one-frame clip of a still {codec} image"
        )));
    }
    check_bytes(lim, w, h, fit, idx.len())?;
    let vi = info(w, h, fit, opts.resize.is_some(), src, idx, start, codec);
    let mut buf = alloc(&vi)?;
    let out = buf.as_mut();
    let frame_len = vi.frame_len();
    for slot in out.chunks_exact_mut(frame_len.max(1)) {
        match fit {
            None => slot.copy_from_slice(&px),
            Some(f) => resize_into(&px, w, h, 3, slot, f.width, f.height, f.filter)?,
        }
    }
    Ok((buf, vi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut c = (body.len() as u32).to_be_bytes().to_vec();
        c.extend_from_slice(kind);
        c.extend_from_slice(body);
        c.extend_from_slice(&[0; 4]); // CRC (not checked here)
        c
    }

    #[test]
    fn apng_is_told_from_a_still_png_by_actl_before_idat() {
        let sig = b"\x89PNG\r\n\x1a\n".to_vec();
        let ihdr = chunk(b"IHDR", &[0; 13]);
        let still = [sig.clone(), ihdr.clone(), chunk(b"IDAT", &[1, 2])].concat();
        let anim = [
            sig.clone(),
            ihdr.clone(),
            chunk(b"acTL", &[0; 8]),
            chunk(b"IDAT", &[]),
        ];
        assert!(!has_actl(&still));
        assert!(has_actl(&anim.concat()));
        // acTL after IDAT does not make an APNG; a length past the end stops the scan.
        let late = [sig.clone(), chunk(b"IDAT", &[]), chunk(b"acTL", &[0; 8])].concat();
        assert!(!has_actl(&late));
        let mut huge = [sig, ihdr].concat();
        huge.extend_from_slice(&u32::MAX.to_be_bytes());
        huge.extend_from_slice(b"tEXt");
        assert!(!has_actl(&huge));
    }

    #[test]
    fn webp_animation_flag() {
        let mut vp8x = b"RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0".to_vec();
        vp8x.extend_from_slice(&[0x02, 0, 0, 0]);
        assert!(webp_animated(&vp8x));
        vp8x[20] = 0x10; // alpha only
        assert!(!webp_animated(&vp8x));
        assert!(!webp_animated(b"RIFF\0\0\0\0WEBPVP8 "));
    }
}
