//! TIFF header check before the `tiff` crate opens the file. Opening it reads the first IFD's
//! tags with the crate's default limits (image::Limits arrive only afterwards), and reading a tag
//! reserves room for as many values as the tag's count claims, up to 256 MiB, before reading
//! any: an 869-byte file reserved 121 MB (found by fuzzing). So every tag it reads must have
//! its values inside the file and fit `max_alloc` first.

use super::Limits;
use crate::error::{Error, Result};

/// Tags a TIFF decoder on the `tiff` crate reads from the first IFD (the `image` crate's, and
/// FillOrder and ColorMap for a strip/tile reader of our own).
const READ_TAGS: &[u16] = &[
    256, 257, 258, 259, 262, 266, 273, 274, 277, 278, 279, 284, 317, 320, 322, 323, 324, 325, 338,
    339, 347, 530, 34675,
];

/// Heap bytes the `tiff` crate holds per decoded tag value (`size_of::<tiff::decoder::ifd::Value>()`,
/// rounded up).
const VALUE_BYTES: u64 = 32;

/// Refuse a TIFF whose first IFD has a tag the decoder reads with values past the end of the
/// file or over `max_alloc`. Anything this walk cannot read is left to the decoder's own errors.
pub(super) fn precheck(data: &[u8], limits: &Limits) -> Result<()> {
    let le = match data.get(..2) {
        Some(b"II") => true,
        Some(b"MM") => false,
        _ => return Ok(()),
    };
    let rd = |at: usize, n: usize| -> Option<u64> {
        let b = data.get(at..at.checked_add(n)?)?;
        let mut v = 0u64;
        for i in 0..n {
            let byte = if le { b[n - 1 - i] } else { b[i] } as u64;
            v = v << 8 | byte;
        }
        Some(v)
    };
    // Classic TIFF: 2-byte entry count, 12-byte entries, 4-byte counts/offsets; BigTIFF: 8/20/8.
    let (ifd, count_len, entry_len, field_len) = match rd(2, 2) {
        Some(42) => (rd(4, 4), 2, 12, 4),
        Some(43) => (rd(8, 8), 8, 20, 8),
        _ => return Ok(()),
    };
    let Some(ifd) = ifd.and_then(|v| usize::try_from(v).ok()) else {
        return Ok(());
    };
    let Some(n) = rd(ifd, count_len) else {
        return Ok(());
    };
    // Every entry: the crate reads them all and keeps the last of each tag (a 19,778-entry IFD
    // whose entry 7,744 reserved 35 MB got past a walk of the first 4,096). An entry past the
    // end stops the walk, as it stops the crate, so this loop is bounded by the file's length.
    for i in 0..n {
        let Some(at) = usize::try_from(i)
            .ok()
            .and_then(|i| i.checked_mul(entry_len))
            .and_then(|o| o.checked_add(ifd + count_len))
        else {
            return Ok(());
        };
        let (Some(tag), Some(ty), Some(count), Some(offset)) = (
            rd(at, 2),
            rd(at + 2, 2),
            rd(at + 4, field_len),
            rd(at + 4 + field_len, field_len),
        ) else {
            return Ok(());
        };
        let tag = tag as u16;
        if !READ_TAGS.contains(&tag) {
            continue;
        }
        let size: u64 = match ty {
            1 | 2 | 6 | 7 => 1,
            3 | 8 => 2,
            4 | 9 | 11 | 13 => 4,
            5 | 10 | 12 | 16 | 17 | 18 => 8,
            _ => continue, // the decoder refuses an unknown type itself
        };
        let bytes = count.saturating_mul(size);
        if bytes > field_len as u64 && offset.saturating_add(bytes) > data.len() as u64 {
            return Err(Error::decode(format!(
                "corrupt TIFF: tag {tag} claims {count} values at offset {offset}, past the end of \
                 the {}-byte file",
                data.len()
            )));
        }
        let need = count.saturating_mul(VALUE_BYTES);
        if need > limits.max_alloc {
            return Err(Error::limit(format!(
                "TIFF tag {tag} has {count} values: decoding them needs {need} bytes, over \
                 max_alloc={}",
                limits.max_alloc
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A classic little-endian TIFF whose first IFD holds `entries` (tag, type, count, value).
    fn tiff(entries: &[(u16, u16, u32, u32)], pad: usize) -> Vec<u8> {
        let mut v = b"II*\0".to_vec();
        v.extend(8u32.to_le_bytes());
        v.extend((entries.len() as u16).to_le_bytes());
        for &(tag, ty, count, value) in entries {
            v.extend(tag.to_le_bytes());
            v.extend(ty.to_le_bytes());
            v.extend(count.to_le_bytes());
            v.extend(value.to_le_bytes());
        }
        v.extend(0u32.to_le_bytes());
        v.resize(v.len() + pad, 0);
        v
    }

    #[test]
    fn refuses_tags_past_the_end_or_over_max_alloc() {
        let lim = Limits::default();
        // StripOffsets: 30 million LONGs in a 100-byte file.
        let bad = tiff(&[(273, 4, 30_000_000, 26)], 50);
        assert!(matches!(precheck(&bad, &lim), Err(Error::Decode(m)) if m.contains("tag 273")));
        // In the file, but over a tight max_alloc.
        let big = tiff(&[(279, 3, 50_000, 26)], 100_000);
        let tight = Limits {
            max_alloc: 1 << 20,
            ..Limits::default()
        };
        assert!(matches!(
            precheck(&big, &tight),
            Err(Error::LimitExceeded(_))
        ));
        assert!(precheck(&big, &lim).is_ok());
        // A tag the decoder never reads may be anything.
        assert!(precheck(&tiff(&[(700, 1, u32::MAX, 26)], 0), &tight).is_ok());
        // Inline values and non-TIFF bytes pass through.
        assert!(precheck(&tiff(&[(256, 3, 1, 640)], 0), &tight).is_ok());
        assert!(precheck(b"II*\0", &tight).is_ok());
    }

    #[test]
    fn checks_every_entry_of_a_long_ifd() {
        // The crate keeps the last entry of each tag, however many come first.
        let mut entries = vec![(700, 1, 1, 0); 5000];
        entries.push((273, 4, 1_114_113, 26));
        let bad = tiff(&entries, 64);
        let tight = Limits {
            max_alloc: 1 << 20,
            ..Limits::default()
        };
        assert!(matches!(precheck(&bad, &tight), Err(Error::Decode(m)) if m.contains("tag 273")));
    }

    #[test]
    fn fixtures_pass() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats");
        let mut n = 0;
        for f in std::fs::read_dir(dir).unwrap().flatten() {
            if f.path().extension().is_some_and(|e| e == "tiff") {
                precheck(&std::fs::read(f.path()).unwrap(), &Limits::default()).unwrap();
                n += 1;
            }
        }
        assert!(n >= 2);
    }
}
