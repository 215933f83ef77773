//! Strips and tiles to one chunky sample array: decompression (weezl for LZW, flate2 for
//! Deflate, libjpeg-turbo for JPEG, the `fax` crate for CCITT Group 4, PackBits by hand), FillOrder, the horizontal
//! predictor, bit unpacking, and planar-to-chunky placement.

use std::io::Read;

use super::{unsupported, Tiff};
use crate::decode::turbo;
use crate::error::{Error, Result};

/// One value per sample, chunky (pixel-interleaved), row-major over the whole image.
pub(crate) trait Sample: Copy + Default {
    fn from_u16(v: u16) -> Self;
    fn get(self) -> u16;
}
impl Sample for u8 {
    fn from_u16(v: u16) -> Self {
        v as u8
    }
    fn get(self) -> u16 {
        self as u16
    }
}
impl Sample for u16 {
    fn from_u16(v: u16) -> Self {
        v
    }
    fn get(self) -> u16 {
        self
    }
}

pub(crate) enum Samples {
    U8(Vec<u8>),
    U16(Vec<u16>),
}

pub(crate) fn read_samples(data: &[u8], t: &Tiff, max_alloc: u64) -> Result<Samples> {
    let n = t.width as usize * t.height as usize * t.spp;
    if t.bits > 8 {
        let mut v = vec![0u16; n];
        read_into(data, t, max_alloc, &mut v)?;
        Ok(Samples::U16(v))
    } else {
        let mut v = vec![0u8; n];
        read_into(data, t, max_alloc, &mut v)?;
        Ok(Samples::U8(v))
    }
}

fn read_into<S: Sample>(data: &[u8], t: &Tiff, max_alloc: u64, out: &mut [S]) -> Result<()> {
    let cpp = t.chunks_per_plane();
    let across = t.chunks_across();
    let sp = if t.planar { 1 } else { t.spp };
    // Saturating: header fields multiply past u64 (over any limit, never wrapped below it).
    let row_bytes = (t.chunk_w as u64 * t.bits as u64)
        .saturating_mul(sp as u64)
        .div_ceil(8);
    let full = row_bytes.saturating_mul(t.chunk_h as u64);
    // Uncompressed chunks are read in place; the others decode into one scratch chunk, which
    // must fit max_alloc beside the output (found by fuzzing: a 125 MB strip doubled the peak).
    let in_place = t.compression == 1 && t.predictor != 2 && !t.fill_order_reversed;
    let out_bytes = std::mem::size_of_val(out) as u64;
    let held = if in_place {
        out_bytes
    } else {
        out_bytes.saturating_add(full)
    };
    if full > max_alloc || held > max_alloc {
        return Err(Error::limit(format!(
            "a TIFF strip or tile of {full} bytes beside a {out_bytes}-byte image is over \
             max_alloc={max_alloc}"
        )));
    }
    let mut scratch = Vec::new();
    let mut raw_rev = Vec::new();
    for c in 0..t.offsets.len() as u64 {
        let plane = (c / cpp) as usize;
        let ci = c % cpp;
        let x0 = (ci % across) as u32 * t.chunk_w;
        let y0 = (ci / across) as u32 * t.chunk_h;
        let dw = t.chunk_w.min(t.width - x0) as usize;
        let dh = t.chunk_h.min(t.height - y0) as usize;
        let raw = chunk_bytes(data, t.offsets[c as usize], t.counts[c as usize])?;
        let raw = if t.fill_order_reversed {
            raw_rev.clear();
            raw_rev.extend(raw.iter().map(|b| b.reverse_bits()));
            &raw_rev[..]
        } else {
            raw
        };
        let (stride, rows) = if t.compression == 7 {
            let (w, h) = jpeg_chunk(raw, t, sp, &mut scratch)?;
            (w * sp, h)
        } else {
            let need = row_bytes as usize * dh;
            let got = if in_place {
                raw.len()
            } else {
                // Tiles are always whole; only the last strip is short.
                let rows = if t.tiled { t.chunk_h as usize } else { dh };
                let want = row_bytes as usize * rows;
                decompress(raw, t.compression, t.chunk_w, want, &mut scratch)?
            };
            if got < need {
                return Err(Error::decode(format!(
                    "truncated TIFF: strip/tile {c} holds {got} bytes, {need} needed"
                )));
            }
            if t.predictor == 2 {
                unpredict(
                    &mut scratch[..need],
                    row_bytes as usize,
                    sp,
                    t.bits,
                    t.big_endian,
                );
            }
            (row_bytes as usize, dh)
        };
        if rows < dh || (t.compression == 7 && stride < dw * sp) {
            return Err(Error::decode(format!(
                "invalid TIFF: JPEG tile {c} is smaller than its {dw}x{dh} area"
            )));
        }
        let bits = if t.compression == 7 { 8 } else { t.bits };
        let rows_src: &[u8] = if in_place { raw } else { &scratch };
        for r in 0..dh {
            let row = &rows_src[r * stride..(r + 1) * stride];
            let dst0 = ((y0 as usize + r) * t.width as usize + x0 as usize) * t.spp;
            let dst = &mut out[dst0..dst0 + dw * t.spp];
            if t.planar {
                for x in 0..dw {
                    dst[x * t.spp + plane] = S::from_u16(sample(row, x, bits, t.big_endian));
                }
            } else {
                for (i, d) in dst.iter_mut().enumerate() {
                    *d = S::from_u16(sample(row, i, bits, t.big_endian));
                }
            }
        }
    }
    Ok(())
}

fn chunk_bytes(data: &[u8], off: u64, len: u64) -> Result<&[u8]> {
    let end = off.checked_add(len).filter(|&e| e <= data.len() as u64);
    match end {
        Some(end) => Ok(&data[off as usize..end as usize]),
        // Like libtiff, read what is there: the length check after decompression decides.
        None if off < data.len() as u64 => Ok(&data[off as usize..]),
        None => Err(Error::decode(format!(
            "truncated TIFF: a strip/tile at offset {off} lies past the end ({} bytes)",
            data.len()
        ))),
    }
}

/// Sample `i` of a packed row, MSB-first for sub-byte depths (TIFF's order).
#[inline]
fn sample(row: &[u8], i: usize, bits: u8, big_endian: bool) -> u16 {
    match bits {
        8 => row[i] as u16,
        16 => {
            let b = [row[2 * i], row[2 * i + 1]];
            if big_endian {
                u16::from_be_bytes(b)
            } else {
                u16::from_le_bytes(b)
            }
        }
        12 => {
            let bit = i * 12;
            let (b0, b1) = (row[bit / 8] as u16, row[bit / 8 + 1] as u16);
            if bit.is_multiple_of(8) {
                (b0 << 4) | (b1 >> 4)
            } else {
                ((b0 & 0xF) << 8) | b1
            }
        }
        _ => {
            let bit = i * bits as usize;
            let shift = 8 - bits as usize - bit % 8;
            ((row[bit / 8] >> shift) & ((1u8 << bits) - 1)) as u16
        }
    }
}

/// Decompress `raw` into `out` (resized to `want`); returns the bytes produced (<= want).
fn decompress(
    raw: &[u8],
    compression: u16,
    width: u32,
    want: usize,
    out: &mut Vec<u8>,
) -> Result<usize> {
    out.clear();
    out.resize(want, 0);
    match compression {
        1 => {
            let n = raw.len().min(want);
            out[..n].copy_from_slice(&raw[..n]);
            Ok(n)
        }
        5 => Ok(lzw(raw, out)),
        8 | 32946 => {
            let mut z = flate2::read::ZlibDecoder::new(raw);
            let mut n = 0;
            while n < want {
                match z.read(&mut out[n..]) {
                    Ok(0) => break,
                    Ok(k) => n += k,
                    Err(e) if n == 0 => {
                        return Err(Error::decode(format!("corrupt TIFF Deflate data: {e}")))
                    }
                    Err(_) => break,
                }
            }
            Ok(n)
        }
        32773 => Ok(packbits(raw, out)),
        4 => group4(raw, width, out),
        c => Err(unsupported(format!("compression {c}"))),
    }
}

/// TIFF LZW (MSB first, early code-size change). Stops when `out` is full; a missing end
/// code or trailing garbage is tolerated like libtiff does.
fn lzw(raw: &[u8], out: &mut [u8]) -> usize {
    let mut d = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
    let (mut i, mut o) = (0, 0);
    while o < out.len() {
        let r = d.decode_bytes(&raw[i..], &mut out[o..]);
        i += r.consumed_in;
        o += r.consumed_out;
        match r.status {
            Ok(weezl::LzwStatus::Ok) if r.consumed_in + r.consumed_out > 0 => {}
            _ => break,
        }
    }
    o
}

/// CCITT Group 4 (the `fax` crate) to 1-bit rows, black = 1 as libtiff gives them (the
/// PhotometricInterpretation then says which is dark).
fn group4(raw: &[u8], width: u32, out: &mut [u8]) -> Result<usize> {
    let w = u16::try_from(width).map_err(|_| unsupported("CCITT Group 4 wider than 65535"))?;
    let row_bytes = (width as usize).div_ceil(8);
    let rows = (out.len() / row_bytes.max(1)).min(u16::MAX as usize);
    let mut y = 0;
    let done = fax::decoder::decode_g4(raw.iter().copied(), w, Some(rows as u16), |tr| {
        let Some(row) = out.get_mut(y * row_bytes..(y + 1) * row_bytes) else {
            return;
        };
        row.fill(0);
        // Runs alternate white, black, ... from x = 0; the last one reaches the width.
        let (mut x0, mut black) = (0usize, false);
        for &t in tr.iter().chain(std::iter::once(&w)) {
            let t = (t as usize).clamp(x0, width as usize);
            if black {
                for x in x0..t {
                    row[x / 8] |= 0x80 >> (x % 8);
                }
            }
            x0 = t;
            black = !black;
        }
        y += 1;
    });
    if done.is_none() && y == 0 {
        return Err(Error::decode("corrupt TIFF CCITT Group 4 data"));
    }
    Ok(y * row_bytes)
}

/// PackBits (Apple RLE): n in 0..=127 copies n+1 bytes, -127..=-1 repeats the next byte
/// 1-n times, -128 is a no-op.
fn packbits(raw: &[u8], out: &mut [u8]) -> usize {
    let (mut i, mut o) = (0, 0);
    while i < raw.len() && o < out.len() {
        let n = raw[i] as i8;
        i += 1;
        if n >= 0 {
            let k = (n as usize + 1).min(raw.len() - i).min(out.len() - o);
            out[o..o + k].copy_from_slice(&raw[i..i + k]);
            i += n as usize + 1;
            o += k;
        } else if n != -128 {
            let Some(&b) = raw.get(i) else { break };
            i += 1;
            let k = (1 - n as isize) as usize;
            let k = k.min(out.len() - o);
            out[o..o + k].fill(b);
            o += k;
        }
    }
    o
}

/// Undo the horizontal predictor (2) on each row, in place (8- or 16-bit samples).
fn unpredict(buf: &mut [u8], row_bytes: usize, sp: usize, bits: u8, big_endian: bool) {
    for row in buf.chunks_exact_mut(row_bytes) {
        if bits == 8 {
            for i in sp..row.len() {
                row[i] = row[i].wrapping_add(row[i - sp]);
            }
        } else {
            let get = |r: &[u8], k: usize| {
                let b = [r[2 * k], r[2 * k + 1]];
                if big_endian {
                    u16::from_be_bytes(b)
                } else {
                    u16::from_le_bytes(b)
                }
            };
            for k in sp..row.len() / 2 {
                let v = get(row, k).wrapping_add(get(row, k - sp));
                let b = if big_endian {
                    v.to_be_bytes()
                } else {
                    v.to_le_bytes()
                };
                row[2 * k..2 * k + 2].copy_from_slice(&b);
            }
        }
    }
}

/// Decode one JPEG strip/tile (with the shared JPEGTables) to 8-bit RGB or grey in `out`
/// the way libtiff asks libjpeg for it (JPEGCOLORMODE_RGB). Returns its width and height.
fn jpeg_chunk(raw: &[u8], t: &Tiff, sp: usize, out: &mut Vec<u8>) -> Result<(usize, usize)> {
    let mut stream = Vec::new();
    let data = match &t.jpeg_tables {
        // Tables are a complete SOI..EOI stream: splice them in before the chunk's own
        // markers (drop the tables' EOI and the chunk's SOI).
        Some(tab) if tab.len() >= 4 && raw.len() >= 2 => {
            stream.extend_from_slice(&tab[..tab.len() - 2]);
            stream.extend_from_slice(&raw[2..]);
            &stream[..]
        }
        _ => raw,
    };
    let max = t.chunk_w as u64 * t.chunk_h as u64;
    if sp == 1 {
        return turbo::decode_plain(data, true, max, out);
    }
    let data = with_color_transform(data, if t.ycbcr { 1 } else { 0 });
    turbo::decode_plain(&data, false, max, out)
}

/// `data` with its JFIF (APP0) and Adobe (APP14) markers before the first scan replaced by
/// one Adobe marker stating `transform` (0: the components are RGB, 1: YCbCr). libtiff takes
/// the colour space from the Photometric tag (tif_jpeg.c, JPEGPreDecode: YCbCr is converted,
/// anything else passed through), never from the markers; without this, libjpeg-turbo guessed
/// YCbCr for an RGB chunk with component IDs 1, 2, 3 or 0, 1, 2 (what libtiff itself writes)
/// and every pixel came out wrong. libjpeg-turbo obeys an Adobe marker when no JFIF one is
/// present.
fn with_color_transform(data: &[u8], transform: u8) -> Vec<u8> {
    const SOI: [u8; 2] = [0xFF, 0xD8];
    if data.get(..2) != Some(&SOI[..]) {
        return data.to_vec(); // not a JPEG stream: libjpeg-turbo reports it
    }
    let mut out = Vec::with_capacity(data.len() + 18);
    out.extend_from_slice(&SOI);
    out.extend_from_slice(&[0xFF, 0xEE, 0, 14]);
    out.extend_from_slice(b"Adobe");
    out.extend_from_slice(&[0, 100, 0, 0, 0, 0, transform]);
    let mut i = 2;
    while i + 1 < data.len() && data[i] == 0xFF {
        let m = data[i + 1];
        if m == 0xFF {
            i += 1; // fill byte
            continue;
        }
        if m == 0xDA || i + 4 > data.len() {
            break; // start of scan: the rest is copied as is
        }
        if matches!(m, 0x01 | 0xD0..=0xD9) {
            out.extend_from_slice(&data[i..i + 2]); // a marker without a length
            i += 2;
            continue;
        }
        let len = usize::from(u16::from_be_bytes([data[i + 2], data[i + 3]]));
        let Some(seg) = data.get(i..i + 2 + len).filter(|_| len >= 2) else {
            break;
        };
        let end = i + 2 + len;
        let body = &seg[4..];
        let drop =
            (m == 0xE0 && body.starts_with(b"JFIF\0")) || (m == 0xEE && body.starts_with(b"Adobe"));
        if !drop {
            out.extend_from_slice(seg);
        }
        i = end;
    }
    out.extend_from_slice(&data[i.min(data.len())..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_transform_replaces_jfif_and_adobe_markers() {
        let adobe = |t: u8| {
            let mut v = vec![0xFF, 0xEE, 0, 14];
            v.extend_from_slice(b"Adobe");
            v.extend_from_slice(&[0, 100, 0, 0, 0, 0, t]);
            v
        };
        let mut jfif = vec![0xFF, 0xE0, 0, 16];
        jfif.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
        let dqt = [0xFF, 0xDB, 0, 3, 7];
        let scan = [0xFF, 0xDA, 0, 2, 0xFF, 0xEE, 0xFF, 0xD9]; // bytes after SOS kept as is
        let input = [&[0xFF, 0xD8][..], &jfif, &adobe(1), &[0xFF], &dqt, &scan].concat();
        let bad_len = [0xFF, 0xD8, 0xFF, 0xE1, 0, 1, 0xFF, 0xDA];
        let want = [&[0xFF, 0xD8][..], &adobe(0), &dqt, &scan].concat();
        assert_eq!(with_color_transform(&input, 0), want);
        // Truncated or odd input: copied through after the new marker, never a panic.
        for cut in 0..input.len() {
            let _ = with_color_transform(&input[..cut], 1);
        }
        assert_eq!(with_color_transform(b"nope", 0), b"nope");
        let fixed = with_color_transform(&bad_len, 1);
        assert_eq!(fixed[fixed.len() - 6..], bad_len[2..]);
    }

    #[test]
    fn packbits_matches_the_tiff_spec_example() {
        // TIFF 6.0 section 9 example.
        let raw = [
            0xFE, 0xAA, 0x02, 0x80, 0x00, 0x2A, 0xFD, 0xAA, 0x03, 0x80, 0x00, 0x2A, 0x22, 0xF7,
            0xAA,
        ];
        let want = [
            0xAA, 0xAA, 0xAA, 0x80, 0x00, 0x2A, 0xAA, 0xAA, 0xAA, 0xAA, 0x80, 0x00, 0x2A, 0x22,
            0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA,
        ];
        let mut out = vec![0u8; want.len()];
        assert_eq!(packbits(&raw, &mut out), want.len());
        assert_eq!(out, want);
    }

    #[test]
    fn sub_byte_and_12_bit_samples_unpack_msb_first() {
        let row = [0b1011_0001u8, 0xAB, 0xCD, 0xEF];
        assert_eq!(sample(&row, 0, 1, false), 1);
        assert_eq!(sample(&row, 1, 1, false), 0);
        assert_eq!(sample(&row, 0, 2, false), 0b10);
        assert_eq!(sample(&row, 3, 2, false), 0b01);
        assert_eq!(sample(&row, 1, 4, false), 0b0001);
        // 0xB1 0xAB 0xCD -> 0xB1A, 0xBCD
        assert_eq!(sample(&row, 0, 12, false), 0xB1A);
        assert_eq!(sample(&row, 1, 12, false), 0xBCD);
    }

    #[test]
    fn predictor_accumulates_per_sample() {
        let mut b = vec![10u8, 20, 1, 1, 2, 2];
        unpredict(&mut b, 6, 2, 8, false);
        assert_eq!(b, vec![10, 20, 11, 21, 13, 23]);
    }
}
