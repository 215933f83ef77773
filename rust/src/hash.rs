//! Dynamo's `content_hash`: xxh3-64 over rank, dims (u64 LE), a dtype byte, then the pixels.

use xxhash_rust::xxh3::Xxh3;

/// dtype byte for uint8, the only dtype images use.
pub const DTYPE_UINT8: u8 = 0;

pub fn content_hash(shape: &[usize], dtype: u8, pixels: &[u8]) -> String {
    let mut h = Xxh3::new();
    h.update(&(shape.len() as u64).to_le_bytes());
    for &d in shape {
        h.update(&(d as u64).to_le_bytes());
    }
    h.update(&[dtype]);
    h.update(pixels);
    format!("{:016x}", h.digest())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_dynamo_test_vector() {
        assert_eq!(content_hash(&[1, 2, 3], DTYPE_UINT8, &[0, 1, 2, 3, 4, 5]), "7a9bbcb11a898630");
    }
}
