//! Pillow's own pixel layout, so a decoded image becomes a `PIL.Image` without a copy
//! (`Image.fromarrow`): Pillow stores L in 1 byte a pixel and every other 8-bit mode in 4,
//! LA as (L, L, L, A) and RGB as (R, G, B, 255), the pad byte its unpacker writes.

use super::{ImageInfo, Limits};
use crate::buffer::PixelBuf;
use crate::error::{Error, Result};

/// Bytes a pixel of `channels` takes in Pillow's layout.
pub fn pillow_channels(channels: u8) -> u8 {
    if channels == 1 {
        1
    } else {
        4
    }
}

/// Bytes of `info`'s image in Pillow's layout, refused when over `limits.max_alloc` (checked
/// before that buffer is allocated, as the decode's own output is).
pub fn pillow_len(info: &ImageInfo, limits: &Limits) -> Result<usize> {
    let len = (info.width as u64)
        .saturating_mul(info.height as u64)
        .saturating_mul(pillow_channels(info.channels) as u64);
    if len > limits.max_alloc {
        return Err(Error::limit(format!(
            "a {}x{} image in Pillow's layout needs {len} bytes, over max_alloc={}",
            info.width, info.height, limits.max_alloc
        )));
    }
    Ok(len as usize)
}

/// `buf` (`pixels` pixels of `channels` bytes, tightly packed) in Pillow's layout: L and RGBA
/// as they are, LA and RGB widened into a recycled buffer.
pub fn to_pillow(buf: PixelBuf, channels: u8, pixels: usize) -> PixelBuf {
    if pillow_channels(channels) == channels {
        return buf;
    }
    let mut out = PixelBuf::take(pixels * 4);
    let src = &buf.as_ref()[..pixels * channels as usize];
    let dst = &mut out.as_mut()[..pixels * 4];
    match channels {
        3 => {
            for (s, d) in src.chunks_exact(3).zip(dst.chunks_exact_mut(4)) {
                d.copy_from_slice(&[s[0], s[1], s[2], 255]);
            }
        }
        2 => {
            for (s, d) in src.chunks_exact(2).zip(dst.chunks_exact_mut(4)) {
                d.copy_from_slice(&[s[0], s[0], s[0], s[1]]);
            }
        }
        _ => unreachable!("1..=4 channels; 1 and 4 returned above"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buf(bytes: &[u8]) -> PixelBuf {
        let mut b = PixelBuf::take(bytes.len());
        b.as_mut().copy_from_slice(bytes);
        b
    }

    #[test]
    fn rgb_gets_pillows_pad_byte() {
        let out = to_pillow(buf(&[1, 2, 3, 4, 5, 6]), 3, 2);
        assert_eq!(out.as_ref(), &[1, 2, 3, 255, 4, 5, 6, 255]);
    }

    #[test]
    fn la_spreads_l_over_three_bands() {
        let out = to_pillow(buf(&[7, 8, 9, 10]), 2, 2);
        assert_eq!(out.as_ref(), &[7, 7, 7, 8, 9, 9, 9, 10]);
    }

    #[test]
    fn l_and_rgba_are_already_pillows() {
        assert_eq!(to_pillow(buf(&[1, 2]), 1, 2).as_ref(), &[1, 2]);
        let rgba = [1, 2, 3, 4, 5, 6, 7, 8];
        assert_eq!(to_pillow(buf(&rgba), 4, 2).as_ref(), &rgba);
    }
}
