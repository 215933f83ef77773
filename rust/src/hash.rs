//! Dynamo's `content_hash`: xxh3-64 over rank, dims (u64 LE), a dtype byte, then the pixels.
//!
//! The frontend hashes every decoded image (a 1080p RGB frame is 6.2 MB), so the hash is on
//! the hot path. `twox-hash` picks AVX2, SSE2 or NEON at run time (our wheels are built for
//! baseline x86-64) and its streaming hasher reads the pixels in place: only the header and
//! the bytes that complete its first stripe are copied.

use std::hash::Hasher;

use twox_hash::XxHash3_64;

/// dtype byte for uint8, the only dtype images use.
pub const DTYPE_UINT8: u8 = 0;

pub fn content_hash(shape: &[usize], dtype: u8, pixels: &[u8]) -> String {
    format!("{:016x}", content_hash_u64(shape, dtype, pixels))
}

fn content_hash_u64(shape: &[usize], dtype: u8, pixels: &[u8]) -> u64 {
    let mut h = XxHash3_64::new();
    h.write(&header(shape, dtype));
    h.write(pixels);
    h.finish()
}

/// Rank (u64 LE), each dim (u64 LE), then the dtype byte.
fn header(shape: &[usize], dtype: u8) -> Vec<u8> {
    let mut v = Vec::with_capacity(8 * (1 + shape.len()) + 1);
    v.extend_from_slice(&(shape.len() as u64).to_le_bytes());
    for &d in shape {
        v.extend_from_slice(&(d as u64).to_le_bytes());
    }
    v.push(dtype);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same hash by another crate (xxhash-rust), one-shot over the materialised
    /// concatenation, the way Dynamo's reference computes it.
    fn oracle(shape: &[usize], dtype: u8, pixels: &[u8]) -> u64 {
        let mut all = header(shape, dtype);
        all.extend_from_slice(pixels);
        xxhash_rust::xxh3::xxh3_64(&all)
    }

    /// Small deterministic PRNG (xorshift64*), so failures reproduce.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
        fn bytes(&mut self, n: usize) -> Vec<u8> {
            (0..n).map(|_| (self.next() >> 56) as u8).collect()
        }
    }

    #[test]
    fn matches_dynamo_test_vector() {
        assert_eq!(
            content_hash(&[1, 2, 3], DTYPE_UINT8, &[0, 1, 2, 3, 4, 5]),
            "7a9bbcb11a898630"
        );
        assert_eq!(
            format!(
                "{:016x}",
                oracle(&[1, 2, 3], DTYPE_UINT8, &[0, 1, 2, 3, 4, 5])
            ),
            "7a9bbcb11a898630"
        );
    }

    #[test]
    fn header_layout() {
        assert_eq!(
            header(&[2, 0x0102], 7),
            [
                [2u8, 0, 0, 0, 0, 0, 0, 0],
                [2, 0, 0, 0, 0, 0, 0, 0],
                [2, 1, 0, 0, 0, 0, 0, 0]
            ]
            .concat()
            .into_iter()
            .chain([7])
            .collect::<Vec<_>>()
        );
    }

    /// Every total length up to 2100 bytes (ranks 1 to 4: headers of 17 to 41 bytes), which
    /// crosses XXH3's 16/128/240-byte size classes, its 64-byte stripes and 1024-byte blocks,
    /// and the streaming hasher's internal buffer.
    #[test]
    fn every_length_against_the_oracle() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let data = rng.bytes(2100);
        for shape_prefix in [&[][..], &[5][..], &[1, 2][..], &[3, 1, 4][..]] {
            let mut shape = shape_prefix.to_vec();
            let hl = 8 * (1 + shape.len() + 1) + 1;
            for total in hl..2100 {
                let p = total - hl;
                shape.push(p);
                let want = oracle(&shape, DTYPE_UINT8, &data[..p]);
                assert_eq!(
                    content_hash(&shape, DTYPE_UINT8, &data[..p]),
                    format!("{want:016x}"),
                    "shape {shape:?}"
                );
                shape.pop();
            }
        }
    }

    #[test]
    fn random_shapes_against_the_oracle() {
        let mut rng = Rng(7);
        for _ in 0..400 {
            let rank = 1 + (rng.next() % 4) as usize;
            let shape: Vec<usize> = (0..rank).map(|_| 1 + (rng.next() % 40) as usize).collect();
            let dtype = (rng.next() >> 60) as u8;
            let pixels = rng.bytes(shape.iter().product());
            assert_eq!(
                content_hash_u64(&shape, dtype, &pixels),
                oracle(&shape, dtype, &pixels),
                "shape {shape:?}"
            );
        }
    }

    /// A 1080p-RGB-sized buffer (6.2 MB) and a 6 MB one at an odd address.
    #[test]
    fn large_buffers_against_the_oracle() {
        let data = Rng(1080).bytes(1920 * 1080 * 3 + 1);
        for (shape, pixels) in [
            (vec![1080, 1920, 3], &data[..1920 * 1080 * 3]),
            (vec![6_000_000], &data[1..6_000_001]),
        ] {
            assert_eq!(
                content_hash_u64(&shape, DTYPE_UINT8, pixels),
                oracle(&shape, DTYPE_UINT8, pixels)
            );
        }
    }
}
