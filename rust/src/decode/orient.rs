//! EXIF orientation of PNG, WebP and JPEG files, read from every place Pillow 13's `getexif` (and so
//! `ImageOps.exif_transpose`) reads it: EXIF (PNG eXIf, a PNG text chunk "exif" or
//! "Raw profile type exif", WebP EXIF), then, when that has no Orientation tag, XMP
//! `tiff:Orientation`. Where Pillow raises, vLLM suppresses the error: no transpose.

use std::io::Read;

use image::metadata::Orientation;

/// Orientation tag (274) of an EXIF block, as Pillow's `Exif.load` reads it.
/// `Err` where Pillow raises; `Ok(None)` when IFD0 has no usable Orientation entry;
/// `Ok(Some(None))` when the tag is there but its value is no integer.
type Tag = Result<Option<Option<i64>>, ()>;

pub(crate) fn exif_tag(data: &[u8]) -> Tag {
    // Pillow strips one or two "Exif\0\0" prefixes.
    let mut d = data;
    for _ in 0..2 {
        d = d.strip_prefix(b"Exif\0\0").unwrap_or(d);
    }
    if d.is_empty() {
        return Ok(None);
    }
    let head = d.get(..8).ok_or(())?;
    let le = match &head[..4] {
        b"II\x2a\0" | b"II\0\x2a" => true,
        b"MM\0\x2a" | b"MM\x2a\0" => false,
        // BigTIFF headers: Pillow reads an 8-byte offset from the 8-byte head and fails.
        _ => return Err(()),
    };
    let u16_at = |at: usize| -> Option<u16> {
        let b = d.get(at..at.checked_add(2)?)?;
        Some(if le {
            u16::from_le_bytes([b[0], b[1]])
        } else {
            u16::from_be_bytes([b[0], b[1]])
        })
    };
    let u32_at = |at: usize| -> Option<u32> {
        let b = d.get(at..at.checked_add(4)?)?;
        let b = [b[0], b[1], b[2], b[3]];
        Some(if le {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    };
    let ifd = u32_at(4).ok_or(())? as usize;
    // A short read stops the walk; tags read so far are kept (Pillow warns and returns).
    let Some(count) = u16_at(ifd) else {
        return Ok(None);
    };
    let mut found = None;
    for i in 0..count as usize {
        let at = ifd + 2 + 12 * i;
        let (Some(tag), Some(typ), Some(n)) = (u16_at(at), u16_at(at + 2), u32_at(at + 4)) else {
            break;
        };
        if d.len() < at + 12 {
            break;
        }
        let unit = match typ {
            1 | 2 | 6 | 7 => 1usize,
            3 | 8 => 2,
            4 | 9 | 11 | 13 => 4,
            5 | 10 | 12 | 16 => 8,
            _ => continue, // unknown type: skipped
        };
        let size = unit.saturating_mul(n as usize);
        let val = if size > 4 {
            let off = u32_at(at + 8).unwrap_or(0) as usize;
            match d.get(off..off.saturating_add(size)) {
                Some(v) => v,
                None => break, // truncated read raises OSError: stop
            }
        } else {
            &d[at + 8..at + 8 + size]
        };
        if tag != 274 || val.is_empty() {
            continue;
        }
        // The first value (Pillow keeps one for a one-value tag).
        let v = match typ {
            1 => Some(val[0] as i64),
            6 => Some(val[0] as i8 as i64),
            3 => Some(read_u(val, 2, le) as i64),
            8 => Some(read_u(val, 2, le) as u16 as i16 as i64),
            4 | 13 => Some(read_u(val, 4, le) as i64),
            9 => Some(read_u(val, 4, le) as u32 as i32 as i64),
            _ => None,
        };
        found = Some(v);
    }
    Ok(found)
}

fn read_u(b: &[u8], n: usize, le: bool) -> u64 {
    let b = &b[..n];
    let mut v = 0u64;
    for k in 0..n {
        let byte = if le { b[n - 1 - k] } else { b[k] };
        v = v << 8 | byte as u64;
    }
    v
}

/// Pillow's XMP fallback: the first `tiff:Orientation="d` or `tiff:Orientation>d`.
pub(crate) fn xmp_tag(xmp: &[u8]) -> Option<i64> {
    const KEY: &[u8] = b"tiff:Orientation";
    let mut from = 0;
    while let Some(p) = find(&xmp[from..], KEY) {
        let rest = &xmp[from + p + KEY.len()..];
        let digit = match rest {
            [b'=', b'"', c, ..] | [b'>', c, ..] if c.is_ascii_digit() => Some(*c),
            _ => None,
        };
        if let Some(c) = digit {
            return Some((c - b'0') as i64);
        }
        from += p + 1;
    }
    None
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// EXIF then XMP, as `getexif` combines them.
fn resolve(exif: Option<Result<Vec<u8>, ()>>, xmp: Option<Vec<u8>>) -> Orientation {
    let tag = match exif {
        Some(Ok(e)) => exif_tag(&e),
        Some(Err(())) => Err(()),
        None => Ok(None),
    };
    let value = match tag {
        Err(()) => return Orientation::NoTransforms,
        Ok(Some(v)) => v,
        Ok(None) => xmp.as_deref().and_then(xmp_tag),
    };
    match value {
        Some(v @ 2..=8) => Orientation::from_exif(v as u8).unwrap_or(Orientation::NoTransforms),
        _ => Orientation::NoTransforms,
    }
}

/// ImageMagick's "Raw profile type exif" text: Pillow drops the first three lines and reads
/// the rest as hex (`bytes.fromhex`, whitespace allowed between bytes).
pub(crate) fn raw_profile(text: &[u8]) -> Result<Vec<u8>, ()> {
    let mut lines = text.split(|&b| b == b'\n');
    for _ in 0..3 {
        lines.next();
    }
    let hex: Vec<u8> = lines.flatten().copied().collect();
    let mut out = Vec::with_capacity(hex.len() / 2);
    let mut i = 0;
    let nib = |c: u8| (c as char).to_digit(16).map(|v| v as u8);
    while i < hex.len() {
        let c = hex[i];
        if matches!(c, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c') {
            i += 1;
            continue;
        }
        let hi = nib(c).ok_or(())?;
        let lo = hex.get(i + 1).copied().and_then(nib).ok_or(())?;
        out.push(hi << 4 | lo);
        i += 2;
    }
    Ok(out)
}

/// Cap on an inflated text chunk (Pillow's MAX_TEXT_CHUNK).
const MAX_TEXT: u64 = 1 << 20;

fn inflate(z: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(z)
        .take(MAX_TEXT + 1)
        .read_to_end(&mut out)
        .ok()?;
    (out.len() as u64 <= MAX_TEXT).then_some(out)
}

/// A PNG's orientation as Pillow reads it (every chunk counts, before and after IDAT).
pub(crate) fn png(data: &[u8]) -> Orientation {
    // info["exif"]: bytes from eXIf or tEXt "exif"; a str (zTXt/iTXt "exif") makes Pillow
    // raise. The last chunk with a key wins, as in Pillow's info dict.
    let mut exif: Option<Result<Vec<u8>, ()>> = None;
    let mut raw: Option<Vec<u8>> = None;
    let mut xmp_text: Option<Vec<u8>> = None;
    let mut xmp_bytes: Option<Vec<u8>> = None;
    let mut i = 8;
    while let Some(head) = data.get(i..i + 8) {
        let n = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let typ = &head[4..8];
        let Some(body) = data.get(i + 8..(i + 8).saturating_add(n)) else {
            break;
        };
        i += 12 + n;
        let split = |b: &'_ [u8]| -> (Vec<u8>, Vec<u8>) {
            match b.iter().position(|&c| c == 0) {
                Some(p) => (b[..p].to_vec(), b[p + 1..].to_vec()),
                None => (b.to_vec(), Vec::new()),
            }
        };
        let (key, value) = match typ {
            b"eXIf" => {
                exif = Some(Ok([b"Exif\0\0", body].concat()));
                continue;
            }
            b"tEXt" => {
                let (k, v) = split(body);
                if k == b"exif" {
                    exif = Some(Ok(v));
                    continue;
                }
                (k, v)
            }
            b"zTXt" => {
                let (k, v) = split(body);
                if v.first().is_some_and(|&m| m != 0) {
                    break; // Pillow raises on an unknown method: no image at all
                }
                if !KEYS.contains(&&k[..]) {
                    continue; // inflate only the texts that matter
                }
                (k, v.get(1..).and_then(inflate).unwrap_or_default())
            }
            b"iTXt" => {
                let Some(t) = itxt(body) else { continue };
                t
            }
            b"IEND" => break,
            _ => continue,
        };
        match &key[..] {
            b"exif" => exif = Some(Err(())),
            b"Raw profile type exif" => raw = Some(value),
            b"XML:com.adobe.xmp" => {
                if typ == b"iTXt" {
                    xmp_bytes = Some(value.clone());
                    if std::str::from_utf8(&value).is_err() {
                        continue;
                    }
                }
                xmp_text = Some(value);
            }
            _ => {}
        }
    }
    if exif.is_none() {
        exif = raw.map(|r| raw_profile(&r));
    }
    let xmp = xmp_text.filter(|x| !x.is_empty()).or(xmp_bytes);
    resolve(exif, xmp)
}

/// Text keys `getexif` reads.
const KEYS: [&[u8]; 3] = [b"exif", b"Raw profile type exif", b"XML:com.adobe.xmp"];

/// iTXt key and text as Pillow keeps them; `None` where Pillow skips the chunk (or where the
/// key is none of `KEYS`).
fn itxt(body: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let p = body.iter().position(|&c| c == 0)?;
    let (key, r) = (&body[..p], &body[p + 1..]);
    if r.len() < 2 || !KEYS.contains(&key) {
        return None;
    }
    let (cf, cm, r) = (r[0], r[1], &r[2..]);
    let mut parts = r.splitn(3, |&c| c == 0);
    let (lang, tk, v) = (parts.next()?, parts.next()?, parts.next()?);
    let v = match (cf, cm) {
        (0, _) => v.to_vec(),
        (_, 0) => inflate(v)?,
        _ => return None,
    };
    if key != b"XML:com.adobe.xmp"
        && (std::str::from_utf8(lang).is_err()
            || std::str::from_utf8(tk).is_err()
            || std::str::from_utf8(&v).is_err())
    {
        return None;
    }
    Some((key.to_vec(), v))
}

/// A WebP's orientation as Pillow reads it: libwebp's demuxer keeps the first top-level EXIF
/// and XMP chunks of an extended (VP8X) file whose header flags them.
pub(crate) fn webp(data: &[u8]) -> Orientation {
    if data.get(12..16) != Some(b"VP8X") {
        return Orientation::NoTransforms;
    }
    let Some(&flags) = data.get(20) else {
        return Orientation::NoTransforms;
    };
    let (mut exif, mut xmp) = (None, None);
    let mut at = 12usize;
    while let Some(head) = data.get(at..at + 8) {
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        let Some(body) = data.get(at + 8..(at + 8).saturating_add(size)) else {
            break;
        };
        match &head[..4] {
            b"EXIF" if flags & 0x08 != 0 && exif.is_none() => exif = Some(Ok(body.to_vec())),
            b"XMP " if flags & 0x04 != 0 && xmp.is_none() => xmp = Some(body.to_vec()),
            _ => {}
        }
        at = at + 8 + size + (size & 1);
    }
    resolve(exif, xmp)
}

/// A JPEG's orientation as Pillow reads it: APP1 "Exif\0\0" segments (later ones appended to
/// the first), else the XMP of the last APP1 "http://ns.adobe.com/xap/1.0/\0", up to SOS.
pub(crate) fn jpeg(data: &[u8]) -> Orientation {
    const XMP: &[u8] = b"http://ns.adobe.com/xap/1.0/\0";
    let (mut exif, mut xmp): (Option<Vec<u8>>, Option<Vec<u8>>) = (None, None);
    let mut at = 2;
    while at < data.len() {
        if data[at] != 0xFF {
            break;
        }
        let Some(&marker) = data.get(at + 1) else {
            break;
        };
        match marker {
            0xFF | 0x00 => {
                at += 1;
                continue;
            }
            0xDA | 0xD9 => break,
            0x01 | 0xD0..=0xD8 => {
                at += 2;
                continue;
            }
            _ => {}
        }
        let Some(len) = data.get(at + 2..at + 4) else {
            break;
        };
        let n = u16::from_be_bytes([len[0], len[1]]) as usize;
        let Some(s) = data.get(at + 4..at + 2 + n.max(2)) else {
            break;
        };
        if marker == 0xE1 {
            if s.starts_with(b"Exif\0\0") {
                match &mut exif {
                    Some(e) => e.extend_from_slice(&s[6..]),
                    None => exif = Some(s.to_vec()),
                }
            } else if let Some(x) = s.strip_prefix(XMP) {
                xmp = Some(x.to_vec());
            }
        }
        at += 2 + n.max(2);
    }
    resolve(exif.map(Ok), xmp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::png::tests::chunk;

    /// EXIF (TIFF) block with one IFD0 entry: tag, type, count, 4 value bytes.
    fn tiff(le: bool, entries: &[(u16, u16, u32, [u8; 4])]) -> Vec<u8> {
        let w16 = |v: u16| if le { v.to_le_bytes() } else { v.to_be_bytes() };
        let w32 = |v: u32| if le { v.to_le_bytes() } else { v.to_be_bytes() };
        let mut t = if le {
            b"II\x2a\0".to_vec()
        } else {
            b"MM\0\x2a".to_vec()
        };
        t.extend(w32(8));
        t.extend(w16(entries.len() as u16));
        for &(tag, typ, n, v) in entries {
            t.extend(w16(tag));
            t.extend(w16(typ));
            t.extend(w32(n));
            t.extend(v);
        }
        t.extend(w32(0));
        t
    }

    fn short(le: bool, v: u16) -> [u8; 4] {
        let b = if le { v.to_le_bytes() } else { v.to_be_bytes() };
        [b[0], b[1], 0, 0]
    }

    #[test]
    fn exif_orientation_both_byte_orders_and_prefixes() {
        for le in [true, false] {
            let t = tiff(le, &[(274, 3, 1, short(le, 6))]);
            assert_eq!(exif_tag(&t), Ok(Some(Some(6))));
            assert_eq!(exif_tag(&[b"Exif\0\0", &t[..]].concat()), Ok(Some(Some(6))));
            let two = [b"Exif\0\0Exif\0\0", &t[..]].concat();
            assert_eq!(exif_tag(&two), Ok(Some(Some(6))));
        }
        let none = tiff(true, &[(256, 3, 1, short(true, 6))]);
        assert_eq!(exif_tag(&none), Ok(None));
        assert_eq!(exif_tag(b"nonsense"), Err(()));
        assert_eq!(exif_tag(b""), Ok(None));
        // ASCII-typed: present (so XMP is not read) but no integer.
        let ascii = tiff(true, &[(274, 2, 2, *b"6\0\0\0")]);
        assert_eq!(exif_tag(&ascii), Ok(Some(None)));
    }

    #[test]
    fn xmp_attribute_and_element_forms() {
        assert_eq!(xmp_tag(br#"<x tiff:Orientation="8"/>"#), Some(8));
        assert_eq!(xmp_tag(b"<tiff:Orientation>3</tiff:Orientation>"), Some(3));
        assert_eq!(xmp_tag(b"tiff:Orientation = \"6\""), None);
        assert_eq!(
            xmp_tag(b"tiff:Orientation='6' tiff:Orientation=\"5\""),
            Some(5)
        );
        // EXIF wins over XMP when it has the tag; XMP is read when it has not.
        let t = tiff(true, &[(274, 3, 1, short(true, 1))]);
        let x = br#"tiff:Orientation="6""#.to_vec();
        assert_eq!(
            resolve(Some(Ok(t)), Some(x.clone())),
            Orientation::NoTransforms
        );
        let empty = tiff(true, &[]);
        assert_eq!(resolve(Some(Ok(empty)), Some(x)), Orientation::Rotate90);
    }

    #[test]
    fn raw_profile_hex() {
        let t = tiff(true, &[(274, 3, 1, short(true, 3))]);
        let hex: String = t.iter().map(|b| format!("{b:02x}")).collect();
        let text = format!(
            "\nexif\n      {}\n{}\n{}\n",
            t.len(),
            &hex[..10],
            &hex[10..]
        );
        assert_eq!(raw_profile(text.as_bytes()), Ok(t.clone()));
        assert_eq!(raw_profile(b"\nexif\n 2\nzz"), Err(()));
    }

    fn png_with(chunks: &[Vec<u8>]) -> Vec<u8> {
        let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
        p.extend(chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
        for c in chunks {
            p.extend(c);
        }
        p.extend(chunk(b"IEND", &[]));
        p
    }

    #[test]
    fn png_sources() {
        let t = tiff(false, &[(274, 3, 1, short(false, 8))]);
        assert_eq!(
            png(&png_with(&[chunk(b"eXIf", &t)])),
            Orientation::Rotate270
        );
        let hex: String = t.iter().map(|b| format!("{b:02x}")).collect();
        let raw = format!("\nexif\n {}\n{hex}\n", t.len());
        let key = b"Raw profile type exif\0".to_vec();
        let text = chunk(b"tEXt", &[&key[..], raw.as_bytes()].concat());
        assert_eq!(png(&png_with(&[text])), Orientation::Rotate270);
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut z, raw.as_bytes()).unwrap();
        let ztxt = chunk(b"zTXt", &[&key[..], &[0], &z.finish().unwrap()].concat());
        assert_eq!(png(&png_with(&[ztxt])), Orientation::Rotate270);
        // Pillow does not read "Raw profile type APP1".
        let app1 = b"Raw profile type APP1\0".to_vec();
        let text = chunk(b"tEXt", &[&app1[..], raw.as_bytes()].concat());
        assert_eq!(png(&png_with(&[text])), Orientation::NoTransforms);
        let xmp = br#"<x tiff:Orientation="2"/>"#;
        let itxt = chunk(
            b"iTXt",
            &[&b"XML:com.adobe.xmp\0\0\0\0\0"[..], &xmp[..]].concat(),
        );
        assert_eq!(png(&png_with(&[itxt])), Orientation::FlipHorizontal);
    }

    #[test]
    fn jpeg_exif_then_xmp() {
        let seg = |marker: u8, body: &[u8]| {
            let n = (body.len() + 2) as u16;
            [&[0xFF, marker][..], &n.to_be_bytes(), body].concat()
        };
        let jpeg = |segs: &[Vec<u8>]| {
            let mut j = vec![0xFF, 0xD8];
            segs.iter().for_each(|s| j.extend(s));
            j.extend([0xFF, 0xDA, 0, 2, 0xFF, 0xD9]);
            j
        };
        let t = tiff(true, &[(274, 3, 1, short(true, 5))]);
        let exif = seg(0xE1, &[&b"Exif\0\0"[..], &t].concat());
        let xmp = |v: u8| {
            let x = format!("http://ns.adobe.com/xap/1.0/\0<tiff:Orientation>{v}<");
            seg(0xE1, x.as_bytes())
        };
        assert_eq!(
            super::jpeg(&jpeg(std::slice::from_ref(&exif))),
            Orientation::Rotate90FlipH
        );
        assert_eq!(super::jpeg(&jpeg(&[xmp(8)])), Orientation::Rotate270);
        assert_eq!(
            super::jpeg(&jpeg(&[xmp(8), exif.clone()])),
            Orientation::Rotate90FlipH
        );
        // Segments after SOS are not read.
        let mut late = jpeg(&[]);
        late.extend(exif);
        assert_eq!(super::jpeg(&late), Orientation::NoTransforms);
    }

    #[test]
    fn webp_sources_need_the_vp8x_flags() {
        let t = tiff(true, &[(274, 3, 1, short(true, 3))]);
        let file = |flags: u8, exif: &[u8]| {
            let mut body = b"WEBPVP8X".to_vec();
            body.extend(10u32.to_le_bytes());
            body.extend([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            body.extend(b"EXIF");
            body.extend((exif.len() as u32).to_le_bytes());
            body.extend(exif);
            if exif.len() % 2 == 1 {
                body.push(0);
            }
            [&b"RIFF"[..], &(body.len() as u32).to_le_bytes(), &body].concat()
        };
        assert_eq!(webp(&file(0x08, &t)), Orientation::Rotate180);
        let prefixed = [&b"Exif\0\0"[..], &t].concat();
        assert_eq!(webp(&file(0x08, &prefixed)), Orientation::Rotate180);
        assert_eq!(webp(&file(0x00, &t)), Orientation::NoTransforms);
    }
}
