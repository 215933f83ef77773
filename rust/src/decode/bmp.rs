//! BMP, read the way Pillow's BmpImagePlugin reads it (the `image` crate differs on RLE gaps,
//! 16-bit scaling, palette offsets and refuses OS/2 v2 headers, odd plane counts and
//! overlong RLE runs that Pillow accepts). A small format: headers, palette, raw rows or
//! RLE4/RLE8, each mapped with Pillow's unpackers.

use super::{check_limits, color_type_name, Channels, ImageInfo, Options};
use crate::error::{Error, Result};

fn unsupported(what: impl std::fmt::Display) -> Error {
    Error::unsupported(format!("BMP {what} is not supported"))
}

fn truncated() -> Error {
    Error::decode("truncated BMP: the file ends inside its headers, palette or pixel data")
}

fn u16_at(d: &[u8], i: usize) -> Result<u32> {
    let b = d.get(i..i + 2).ok_or_else(truncated)?;
    Ok(u16::from_le_bytes([b[0], b[1]]) as u32)
}

fn u32_at(d: &[u8], i: usize) -> Result<u32> {
    let b = d.get(i..i + 4).ok_or_else(truncated)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// How each stored pixel becomes RGB(A).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Pixels {
    /// 1/4/8-bit palette indices.
    Indexed,
    /// 16-bit: bits of (red, green) (blue is always 5): 5/5 ("BGR;15") or 5/6 ("BGR;16").
    Rgb16 { green6: bool },
    /// 24-bit BGR.
    Bgr,
    /// 32-bit: byte masks for R, G, B and alpha (0 = no alpha).
    Masked([u32; 4]),
}

struct Bmp {
    width: u32,
    height: u32,
    bits: u32,
    top_down: bool,
    /// 0 raw/bitfields, 1 RLE8, 2 RLE4.
    rle: u32,
    pixels: Pixels,
    palette: Vec<[u8; 3]>,
    data_at: usize,
}

fn parse(d: &[u8]) -> Result<Bmp> {
    let offset = u32_at(d, 10)? as usize;
    let hsize = u32_at(d, 14)? as usize;
    let h = 18; // header fields after its size
    let (width, height, bits, compression, colors, top_down, pad);
    let mut pos = 14 + hsize;
    let mut masks = None;
    match hsize {
        12 => {
            width = u16_at(d, h)?;
            height = u16_at(d, h + 2)?;
            bits = u16_at(d, h + 6)?;
            compression = 0;
            colors = 0;
            top_down = false;
            pad = 3;
        }
        40 | 52 | 56 | 64 | 108 | 124 => {
            // OS/2 v2 (64) shares the v3 layout for every field Pillow reads; the plane
            // count is ignored (Pillow does not check it).
            top_down = *d.get(h + 7).ok_or_else(truncated)? == 0xFF;
            width = u32_at(d, h)?;
            let hr = u32_at(d, h + 4)?;
            height = if top_down { hr.wrapping_neg() } else { hr };
            bits = u16_at(d, h + 10)?;
            compression = u32_at(d, h + 12)?;
            colors = u32_at(d, h + 28)?;
            pad = 4;
            if compression == 3 {
                let m = if hsize >= 52 {
                    let a = if hsize >= 56 { u32_at(d, h + 48)? } else { 0 };
                    [
                        u32_at(d, h + 36)?,
                        u32_at(d, h + 40)?,
                        u32_at(d, h + 44)?,
                        a,
                    ]
                } else {
                    pos += 12;
                    [
                        u32_at(d, pos - 12)?,
                        u32_at(d, pos - 8)?,
                        u32_at(d, pos - 4)?,
                        0,
                    ]
                };
                masks = Some(m);
            }
        }
        n => return Err(unsupported(format!("header type ({n} bytes)"))),
    }
    let colors = if colors == 0 {
        1u32.checked_shl(bits).unwrap_or(0)
    } else {
        colors
    };
    let mut data_at = offset;
    // Pillow: an offset pointing at the palette's start means "after the palette".
    if offset == 14 + hsize && bits <= 8 {
        data_at += pad * colors as usize;
    }
    let pixels = match (bits, compression, masks) {
        (1 | 4 | 8, 0..=2, _) => Pixels::Indexed,
        (16, 0, _) => Pixels::Rgb16 { green6: false },
        (24, 0, _) => Pixels::Bgr,
        (32, 0, _) => Pixels::Masked([0xFF0000, 0xFF00, 0xFF, 0]),
        (16, 3, Some([0xF800, 0x7E0, 0x1F, _])) => Pixels::Rgb16 { green6: true },
        (16, 3, Some([0x7C00, 0x3E0, 0x1F, _])) => Pixels::Rgb16 { green6: false },
        (24, 3, Some([0xFF0000, 0xFF00, 0xFF, _])) => Pixels::Bgr,
        (32, 3, Some(m)) => {
            // Pillow's supported 32-bit layouts: every mask a whole byte, or all zero (BGRA).
            let byte =
                |v: u32| v == 0 || (v.count_ones() == 8 && v.trailing_zeros().is_multiple_of(8));
            if m == [0; 4] {
                Pixels::Masked([0xFF0000, 0xFF00, 0xFF, 0xFF000000])
            } else if m.iter().all(|&v| byte(v)) && m[..3].iter().all(|&v| v != 0) {
                Pixels::Masked(m)
            } else {
                return Err(unsupported(format!("bitfields layout {m:x?}")));
            }
        }
        (16 | 24, 3, m) => return Err(unsupported(format!("bitfields layout {m:x?}"))),
        (1 | 4 | 8 | 16 | 24 | 32, c, _) => return Err(unsupported(format!("compression {c}"))),
        (b, _, _) => return Err(unsupported(format!("pixel depth ({b} bits)"))),
    };
    let rle = if pixels == Pixels::Indexed && (1..=2).contains(&compression) {
        compression
    } else {
        0
    };
    let mut palette = Vec::new();
    if pixels == Pixels::Indexed {
        if !(1..=65536).contains(&colors) {
            return Err(unsupported(format!("palette size ({colors})")));
        }
        let n = pad * colors as usize;
        let p = d.get(pos..pos + n).ok_or_else(truncated)?;
        palette = p.chunks_exact(pad).map(|c| [c[2], c[1], c[0]]).collect();
    }
    if data_at == 0 {
        data_at = pos + palette.len() * pad;
    }
    Ok(Bmp {
        width,
        height,
        bits,
        top_down,
        rle,
        pixels,
        palette,
        data_at,
    })
}

/// Pillow's BmpRleDecoder: indices row by row from the bottom (or the top for a negative
/// height), gaps left by end-of-line and delta codes are index 0, runs past the row end are
/// clipped. Too little data is an error, as in Pillow ("not enough image data").
/// `base` is the file offset of `src[0]` (absolute runs are padded to an even file offset).
fn rle(src: &[u8], base: usize, w: usize, h: usize, rle4: bool, out: &mut [u8]) -> Result<()> {
    let total = w * h;
    let (mut n, mut x, mut i) = (0usize, 0usize, 0usize);
    while n < total {
        let (Some(&count), Some(&byte)) = (src.get(i), src.get(i + 1)) else {
            break;
        };
        i += 2;
        if count > 0 {
            let in_row = (count as usize).min(w.saturating_sub(x));
            let k = in_row.min(total - n);
            for j in 0..k {
                out[n + j] = match (rle4, j % 2) {
                    (false, _) => byte,
                    (true, 0) => byte >> 4,
                    (true, _) => byte & 15,
                };
            }
            n += k;
            x += in_row;
        } else if byte == 0 {
            let end = n.div_ceil(w) * w;
            out[n..end].fill(0);
            n = end;
            x = 0;
        } else if byte == 1 {
            break;
        } else if byte == 2 {
            let (Some(&right), Some(&up)) = (src.get(i), src.get(i + 1)) else {
                break;
            };
            i += 2;
            let k = (right as usize + up as usize * w).min(total - n);
            out[n..n + k].fill(0);
            n += k;
            x = n % w;
        } else {
            let want = (byte as usize).min(total - n);
            let nbytes = if rle4 { want.div_ceil(2) } else { want };
            let avail = &src[i.min(src.len())..(i + nbytes).min(src.len())];
            let got = if rle4 {
                let mut g = 0;
                for (j, b) in avail.iter().enumerate() {
                    out[n + g] = b >> 4;
                    g += 1;
                    if j * 2 + 1 < want {
                        out[n + g] = b & 15;
                        g += 1;
                    }
                }
                g
            } else {
                out[n..n + avail.len()].copy_from_slice(avail);
                avail.len()
            };
            n += got;
            i += avail.len();
            if avail.len() < nbytes || n == total {
                break;
            }
            x += byte as usize;
            i += (base + i) % 2;
        }
    }
    if n < total {
        return Err(Error::decode(format!(
            "truncated BMP: RLE data ends after {n} of {total} pixels"
        )));
    }
    Ok(())
}

pub(super) fn decode<B, F>(data: &[u8], opts: &Options, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let b = parse(data)?;
    let alpha = matches!(b.pixels, Pixels::Masked(m) if m[3] != 0);
    let out_c: u8 = match (opts.channels, alpha) {
        (Channels::Native, true) => 4,
        _ => 3,
    };
    let (w, h) = (b.width as usize, b.height as usize);
    let scratch = if b.rle != 0 { w as u64 * h as u64 } else { 0 };
    check_limits(&opts.limits, b.width, b.height, out_c, scratch)?;
    let stride = ((b.width as usize * b.bits as usize + 31) >> 3) & !3;
    let src = data.get(b.data_at.min(data.len())..).unwrap_or(&[]);
    let mut idx;
    let rows: &[u8] = if b.rle != 0 {
        idx = vec![0u8; w * h];
        rle(src, b.data_at, w, h, b.rle == 2, &mut idx)?;
        &idx
    } else {
        if src.len() < stride * h {
            return Err(truncated());
        }
        src
    };
    let info = ImageInfo {
        width: b.width,
        height: b.height,
        channels: out_c,
        format: "Bmp",
        color_type: color_type_name(out_c),
        source_size: [b.height, b.width],
    };
    let mut buf = alloc(&info)?;
    let out = buf.as_mut();
    let oc = out_c as usize;
    let row_len = if b.rle != 0 { w } else { stride };
    for y in 0..h {
        let sy = if b.top_down { y } else { h - 1 - y };
        let row = &rows[sy * row_len..sy * row_len + row_len];
        let dst = &mut out[y * w * oc..(y + 1) * w * oc];
        for (x, d) in dst.chunks_exact_mut(oc).enumerate() {
            let (rgb, a) = pixel(&b, row, x);
            d[..3].copy_from_slice(&rgb);
            if oc == 4 {
                d[3] = a;
            }
        }
    }
    Ok((buf, info))
}

#[inline]
fn pixel(b: &Bmp, row: &[u8], x: usize) -> ([u8; 3], u8) {
    match b.pixels {
        Pixels::Indexed => {
            let i = if b.rle != 0 {
                row[x] as usize
            } else {
                match b.bits {
                    8 => row[x] as usize,
                    4 => ((row[x / 2] >> (4 - 4 * (x % 2))) & 15) as usize,
                    _ => ((row[x / 8] >> (7 - x % 8)) & 1) as usize,
                }
            };
            (b.palette.get(i).copied().unwrap_or_default(), 255)
        }
        Pixels::Rgb16 { green6 } => {
            let p = u16::from_le_bytes([row[2 * x], row[2 * x + 1]]) as u32;
            // Pillow's BGR;15 / BGR;16 unpackers: truncating v * 255 / max.
            let s5 = |v: u32| (v * 255 / 31) as u8;
            let (r, g) = if green6 {
                (s5((p >> 11) & 31), (((p >> 5) & 63) * 255 / 63) as u8)
            } else {
                (s5((p >> 10) & 31), s5((p >> 5) & 31))
            };
            ([r, g, s5(p & 31)], 255)
        }
        Pixels::Bgr => ([row[3 * x + 2], row[3 * x + 1], row[3 * x]], 255),
        Pixels::Masked(m) => {
            let p =
                u32::from_le_bytes([row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]]);
            let ch = |mask: u32| ((p & mask) >> mask.trailing_zeros().min(31)) as u8;
            let a = if m[3] != 0 { ch(m[3]) } else { 255 };
            ([ch(m[0]), ch(m[1]), ch(m[2])], a)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rle8_gaps_are_index_zero_and_long_runs_clip() {
        // 4x2: row 0 (bottom): run of 6 x 7 clipped to 4; row 1: 1 x 5, end of line; end.
        let src = [6, 7, 0, 0, 1, 5, 0, 0, 0, 1];
        let mut out = vec![9u8; 8];
        rle(&src, 0, 4, 2, false, &mut out).unwrap();
        assert_eq!(out, vec![7, 7, 7, 7, 5, 0, 0, 0]);
    }

    #[test]
    fn rle_that_ends_early_is_an_error_like_pillow() {
        let mut out = vec![0u8; 8];
        assert!(rle(&[2, 7, 0, 1], 0, 4, 2, false, &mut out).is_err());
    }

    #[test]
    fn rle4_absolute_mode_unpacks_nibbles() {
        // Absolute run of 3 nibbles (2 bytes, word aligned), then a run of 1.
        let src = [0, 3, 0x12, 0x30, 1, 0x40];
        let mut out = vec![0u8; 4];
        rle(&src, 0, 4, 1, true, &mut out).unwrap();
        assert_eq!(out, vec![1, 2, 3, 4]);
    }
}
