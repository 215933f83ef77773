//! PNG specifics on top of the `image` crate's decoder: Pillow's CRC policy, and the chunk
//! walk that tells a 16-bit grey PNG with tRNS (which Pillow reads as I;16) apart.

use image::ImageFormat;

use super::matte::Mask;
use super::{decode_generic, ImageInfo, Options};
use crate::error::{Error, Result};

/// Chunks as (type, data range, stored CRC) up to and including IEND or the end of `data`.
fn chunks(data: &[u8]) -> impl Iterator<Item = ([u8; 4], std::ops::Range<usize>, u32)> + '_ {
    let mut i = 8;
    std::iter::from_fn(move || {
        let head = data.get(i..i + 8)?;
        let n = u32::from_be_bytes(head[..4].try_into().ok()?) as usize;
        let typ: [u8; 4] = head[4..8].try_into().ok()?;
        let body = i + 8..i.checked_add(8 + n)?;
        let crc = data.get(body.end..body.end + 4)?;
        let crc = u32::from_be_bytes(crc.try_into().ok()?);
        i = body.end + 4;
        Some((typ, body, crc))
    })
}

fn crc_of(data: &[u8], typ: &[u8; 4], body: &std::ops::Range<usize>) -> u32 {
    let mut c = flate2::Crc::new();
    c.update(typ);
    c.update(&data[body.clone()]);
    c.sum()
}

/// Pillow checks the CRC of every chunk before the image data and none from the first IDAT
/// on. When only those later CRCs are wrong, return a copy with them recomputed; `None`
/// when a header chunk's CRC is wrong (an error in Pillow too) or nothing needs fixing.
pub(super) fn repair_late_crcs(data: &[u8]) -> Option<Vec<u8>> {
    let mut late = false;
    let mut fixes = Vec::new();
    for (typ, body, crc) in chunks(data) {
        late |= &typ == b"IDAT";
        let want = crc_of(data, &typ, &body);
        if want != crc {
            if !late {
                return None;
            }
            fixes.push((body.end, want));
        }
    }
    if fixes.is_empty() {
        return None;
    }
    let mut out = data.to_vec();
    for (at, crc) in fixes {
        out[at..at + 4].copy_from_slice(&crc.to_be_bytes());
    }
    Some(out)
}

/// A 16-bit greyscale PNG (colour type 0) with a tRNS chunk: the `image` crate expands it to
/// La16, Pillow opens it as I;16 (clipped at 255 when converted) with a transparency key.
pub(super) fn is_grey16_with_trns(data: &[u8]) -> bool {
    let mut it = chunks(data);
    let Some((typ, body, _)) = it.next() else {
        return false;
    };
    if &typ != b"IHDR" || body.len() < 10 || data[body.start + 8] != 16 || data[body.start + 9] != 0
    {
        return false;
    }
    it.take_while(|(t, _, _)| t != b"IDAT")
        .any(|(t, _, _)| &t == b"tRNS")
}

/// Pillow's view of a PNG's transparency (vLLM composites exactly these): alpha channels, a
/// palette tRNS, or a colour key. Pillow compares a key's low byte with its own 8-bit pixels
/// (2/4-bit grey scaled up, 16-bit grey clipped, 16-bit RGB high bytes), which differs from
/// the exact-depth match the `image` crate makes into its alpha. A 1-bit key (Pillow's mode
/// "1") matches as the crate's alpha does.
pub(super) fn transparency(data: &[u8]) -> Option<Mask> {
    let mut it = chunks(data);
    let (typ, body, _) = it.next()?;
    if &typ != b"IHDR" || body.len() < 10 {
        return None;
    }
    let (depth, ct) = (data[body.start + 8], data[body.start + 9]);
    if ct == 4 || ct == 6 {
        return Some(Mask::Channel);
    }
    let (_, trns, _) = it
        .take_while(|(t, _, _)| t != b"IDAT")
        .find(|(t, _, _)| t == b"tRNS")?;
    let t = &data[trns];
    let low = |i: usize| t.get(2 * i + 1).copied();
    match (ct, depth) {
        (3, _) | (0, 1) => Some(Mask::Channel),
        (0, _) => Some(Mask::Key([low(0)?; 3])),
        (2, _) => Some(Mask::Key([low(0)?, low(1)?, low(2)?])),
        _ => None,
    }
}

/// Borrowed output buffer, so a retry can reuse the one `alloc` gave.
struct Lent<'a, B>(&'a mut B);

impl<B: AsMut<[u8]>> AsMut<[u8]> for Lent<'_, B> {
    fn as_mut(&mut self) -> &mut [u8] {
        self.0.as_mut()
    }
}

/// Decode a PNG; a CRC error after the header (which Pillow never checks) is retried once on
/// a copy with those CRCs recomputed, into the same output buffer.
pub(super) fn decode<B, F>(data: &[u8], opts: &Options, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let mut alloc = Some(alloc);
    let mut slot: Option<B> = None;
    match attempt(data, opts, &mut alloc, &mut slot) {
        Err(Error::Decode(m)) if m.contains("CRC error") => match repair_late_crcs(data) {
            Some(fixed) => attempt(&fixed, opts, &mut alloc, &mut slot),
            None => Err(Error::Decode(m)),
        },
        r => r,
    }
}

fn attempt<B, F>(
    data: &[u8],
    opts: &Options,
    alloc: &mut Option<F>,
    slot: &mut Option<B>,
) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let s = &mut *slot;
    let (_, info) = decode_generic(data, ImageFormat::Png, opts, |info| {
        let s = s;
        if s.is_none() {
            let f = alloc
                .take()
                .ok_or_else(|| Error::decode("internal: PNG output allocated twice"))?;
            *s = Some(f(info)?);
        }
        let b = s.as_mut().expect("filled above");
        if b.as_mut().len() != info.len() {
            return Err(Error::decode("internal: PNG retry changed the image size"));
        }
        Ok(Lent(b))
    })?;
    let buf = slot
        .take()
        .ok_or_else(|| Error::decode("internal: PNG decoded without output"))?;
    Ok((buf, info))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::decode::decode_vec;

    /// One PNG chunk: length, type, body, CRC.
    pub(crate) fn chunk(typ: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut c = flate2::Crc::new();
        c.update(typ);
        c.update(body);
        [
            &(body.len() as u32).to_be_bytes()[..],
            typ,
            body,
            &c.sum().to_be_bytes(),
        ]
        .concat()
    }

    /// 2x1 8-bit grey PNG, optionally with a tRNS chunk; returns bytes and IDAT CRC offset.
    fn tiny(depth: u8, trns: bool) -> (Vec<u8>, usize) {
        let mut ihdr = vec![0, 0, 0, 2, 0, 0, 0, 1, depth, 0, 0, 0, 0];
        ihdr[8] = depth;
        let row: Vec<u8> = if depth == 8 {
            vec![0, 10, 20]
        } else {
            vec![0, 1, 44, 0, 7]
        };
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut z, &row).unwrap();
        let idat = chunk(b"IDAT", &z.finish().unwrap());
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(chunk(b"IHDR", &ihdr));
        if trns {
            png.extend(chunk(b"tRNS", &[0, 7]));
        }
        png.extend(&idat);
        let at = png.len() - 4;
        png.extend(chunk(b"IEND", &[]));
        (png, at)
    }

    #[test]
    fn a_bad_idat_crc_is_ignored_but_a_bad_ihdr_crc_is_not() {
        let (good, idat_crc) = tiny(8, false);
        let want = decode_vec(&good, &Options::default()).unwrap();
        let mut bad = good.clone();
        bad[idat_crc] ^= 0xFF;
        assert_eq!(decode_vec(&bad, &Options::default()).unwrap(), want);
        let mut bad_head = good.clone();
        bad_head[8 + 8 + 13] ^= 0xFF; // IHDR's CRC
        assert!(repair_late_crcs(&bad_head).is_none());
        assert!(decode_vec(&bad_head, &Options::default()).is_err());
        assert!(repair_late_crcs(&good).is_none());
    }

    #[test]
    fn grey16_trns_is_detected() {
        assert!(is_grey16_with_trns(&tiny(16, true).0));
        assert!(!is_grey16_with_trns(&tiny(16, false).0));
        assert!(!is_grey16_with_trns(&tiny(8, true).0));
    }
}
