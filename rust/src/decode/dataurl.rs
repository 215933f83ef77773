//! `data:image/<type>;base64,<payload>` parsing: bounded header, image MIME types only,
//! strict (canonical, padded) base64, payload capped before decoding.

use base64::Engine;

use crate::error::{Error, Result};

/// Longest accepted header (everything before the comma).
pub const MAX_HEADER: usize = 256;

/// True when `s` looks like a data URL (so callers can route it here).
pub fn is_data_url(s: &str) -> bool {
    s.len() >= 5 && s.as_bytes()[..5].eq_ignore_ascii_case(b"data:")
}

/// Decode an image data URL's payload. `max_bytes` caps the decoded payload.
pub fn decode(url: &str, max_bytes: u64) -> Result<Vec<u8>> {
    decode_typed(url, max_bytes, &["image/"])
}

/// Decode a data URL whose media type starts with one of `types` (e.g. `["audio/", "video/"]`).
pub fn decode_typed(url: &str, max_bytes: u64, types: &[&str]) -> Result<Vec<u8>> {
    if !is_data_url(url) {
        return Err(Error::decode(
            "not a data URL (expected it to start with \"data:\")",
        ));
    }
    let search = &url.as_bytes()[..url.len().min(MAX_HEADER + 1)];
    let comma = search.iter().position(|&b| b == b',').ok_or_else(|| {
        if url.len() > MAX_HEADER {
            Error::decode(format!("data URL header is longer than {MAX_HEADER} bytes"))
        } else {
            Error::decode("data URL has no ',' separating header and payload")
        }
    })?;
    let header = &url[5..comma];
    let payload = &url[comma + 1..];
    let mut parts = header.split(';');
    let mime = parts.next().unwrap_or("").trim();
    let params: Vec<&str> = parts.collect();
    let lower = mime.to_ascii_lowercase();
    if !types.iter().any(|t| lower.starts_with(t)) {
        return Err(Error::unsupported(format!(
            "data URL media type {mime:?} is not one of {types:?}"
        )));
    }
    match params.last() {
        Some(p) if p.eq_ignore_ascii_case("base64") => {}
        _ => {
            return Err(Error::decode(
                "data URL must be base64-encoded (header must end with \";base64\")",
            ))
        }
    }
    if payload.is_empty() {
        return Err(Error::decode("data URL payload is empty"));
    }
    // Upper bound on decoded size, checked before decoding anything.
    let decoded_max = (payload.len() as u64).div_ceil(4) * 3;
    if decoded_max > max_bytes + 2 {
        return Err(Error::limit(format!(
            "data URL payload decodes to about {decoded_max} bytes, over max_encoded_bytes={max_bytes}"
        )));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(payload)
        .map_err(|e| Error::decode(format!("data URL payload is not valid base64: {e}")))?;
    if bytes.len() as u64 > max_bytes {
        return Err(Error::limit(format!(
            "data URL payload is {} bytes, over max_encoded_bytes={max_bytes}",
            bytes.len()
        )));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_image_base64() {
        assert_eq!(
            decode("data:image/png;base64,AAEC", 100).unwrap(),
            vec![0, 1, 2]
        );
        assert_eq!(
            decode("DATA:image/JPEG;BASE64,AAEC", 100).unwrap(),
            vec![0, 1, 2]
        );
    }

    #[test]
    fn refuses_bad_inputs() {
        for bad in [
            "data:text/html;base64,AAEC",
            "data:image/png,AAEC",
            "data:image/png;base64,",
            "data:image/png;base64,AA!C",
            "data:image/png;base64,AAE",
            "data:image/png;base64",
            "http://x/y.png",
        ] {
            assert!(decode(bad, 100).is_err(), "{bad} accepted");
        }
        let long = format!("data:image/png;x={};base64,AAEC", "a".repeat(300));
        assert!(matches!(decode(&long, 100), Err(Error::Decode(m)) if m.contains("longer than")));
        assert!(decode_typed("data:image/png;base64,AAEC", 100, &["audio/"]).is_err());
        assert!(decode_typed("data:audio/wav;base64,AAEC", 100, &["audio/"]).is_ok());
        assert!(matches!(
            decode("data:image/png;base64,AAECAAEC", 3),
            Err(Error::LimitExceeded(_))
        ));
    }
}
