//! The `nixl_metadata` string of docs/interop.md: "b64:" + base64(zlib(agent metadata)), or
//! legacy hex of the same zlib stream.

use std::io::{Read, Write};

use base64::Engine;

use crate::error::{Error, Result};

/// A decompressed agent metadata blob is ~0.5-50 KB; anything past this is refused.
const MAX_METADATA_BYTES: u64 = 16 << 20;

pub fn encode_metadata(md: &[u8]) -> String {
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
    z.write_all(md).expect("writing to a Vec cannot fail");
    let compressed = z.finish().expect("writing to a Vec cannot fail");
    format!(
        "b64:{}",
        base64::engine::general_purpose::STANDARD.encode(compressed)
    )
}

/// Inverse of [`encode_metadata`]; `Error::Config` names what is wrong with a bad string.
pub fn decode_metadata(text: &str) -> Result<Vec<u8>> {
    let bad = |why: String| Error::Config(format!("nixl_metadata does not decode: {why}"));
    let raw = match text.strip_prefix("b64:") {
        Some(b64) => base64::engine::general_purpose::STANDARD
            .decode(b64)
            .map_err(|e| bad(e.to_string()))?,
        None => hex(text).ok_or_else(|| bad("not base64 (b64:) nor hex".into()))?,
    };
    let mut out = Vec::new();
    flate2::read::ZlibDecoder::new(raw.as_slice())
        .take(MAX_METADATA_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| bad(e.to_string()))?;
    if out.len() as u64 > MAX_METADATA_BYTES {
        return Err(Error::Config(
            "nixl_metadata decompresses past 16 MiB".into(),
        ));
    }
    Ok(out)
}

fn hex(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    digits
        .chunks(2)
        .map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok())
        .collect()
}

/// The agent name inside NIXL 1.x's serialized metadata (`b"nixlSerDes|Agent"`, a u64 LE
/// length, the name), or None if the layout is unknown. It tells a restarted peer (same
/// name, new connection info) before NIXL refuses to load its metadata.
pub fn agent_name(md: &[u8]) -> Option<&str> {
    let rest = md.strip_prefix(b"nixlSerDes|Agent".as_slice())?;
    let n = u64::from_le_bytes(rest.get(..8)?.try_into().ok()?);
    if n == 0 || n > 4096 {
        return None;
    }
    std::str::from_utf8(rest.get(8..8 + n as usize)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_reads_the_agent_name() {
        let mut md = b"nixlSerDes|Agent".to_vec();
        md.extend_from_slice(&5u64.to_le_bytes());
        md.extend_from_slice(b"front|rest");
        let text = encode_metadata(&md);
        assert_eq!(decode_metadata(&text).unwrap(), md);
        let compressed = base64::engine::general_purpose::STANDARD
            .decode(&text[4..])
            .unwrap();
        let legacy: String = compressed.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(decode_metadata(&legacy).unwrap(), md);
        assert_eq!(agent_name(&md), Some("front"));
        assert_eq!(agent_name(b"nixlSerDes|Agent\xff"), None);
    }

    #[test]
    fn refuses_bad_strings_and_bombs() {
        for bad in ["b64:!!", "zz", "b64:aGVsbG8="] {
            let err = decode_metadata(bad).unwrap_err();
            assert!(matches!(err, Error::Config(_)), "{bad}: {err}");
        }
        // A zlib stream cut short (its end and checksum missing) is refused, not half-read.
        let whole = base64::engine::general_purpose::STANDARD
            .decode(&encode_metadata(&(0..=255u8).cycle().take(4096).collect::<Vec<_>>())[4..])
            .unwrap();
        for cut in [1, 4, whole.len() / 2] {
            let short = &whole[..whole.len() - cut];
            let text = format!(
                "b64:{}",
                base64::engine::general_purpose::STANDARD.encode(short)
            );
            assert!(decode_metadata(&text).is_err(), "cut {cut}");
        }
        let bomb = encode_metadata(&vec![0u8; (MAX_METADATA_BYTES + 1) as usize]);
        assert!(decode_metadata(&bomb)
            .unwrap_err()
            .to_string()
            .contains("16 MiB"));
    }
}
