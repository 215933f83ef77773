//! Standard (padded) base64 of encoded results, written straight into the caller's output
//! buffer: SIMD per chunk (`base64-simd`, AVX2/SSSE3/NEON chosen at run time), chunks in
//! parallel on the pool for large inputs. The output equals Python's `base64.b64encode`.

use rayon::prelude::*;

/// Input bytes per parallel chunk: a multiple of 3, so chunks encode without padding and
/// their outputs concatenate; large enough that a pool hop costs little beside it.
pub const CHUNK: usize = 3 << 18;

/// Output length of `n` input bytes.
pub fn encoded_len(n: usize) -> usize {
    n.div_ceil(3) * 4
}

/// Encodes `src` into `dst`, which must be exactly `encoded_len(src.len())` bytes.
pub fn encode_into(src: &[u8], dst: &mut [u8]) {
    assert_eq!(
        dst.len(),
        encoded_len(src.len()),
        "output sized for the input"
    );
    let engine = &base64_simd::STANDARD;
    if src.len() <= CHUNK {
        let n = engine.encode(src, base64_simd::Out::from_slice(dst)).len();
        debug_assert_eq!(n, encoded_len(src.len()));
        return;
    }
    dst.par_chunks_mut(CHUNK / 3 * 4)
        .zip(src.par_chunks(CHUNK))
        .for_each(|(o, i)| {
            let n = engine.encode(i, base64_simd::Out::from_slice(o)).len();
            debug_assert_eq!(n, o.len());
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    #[test]
    fn matches_the_scalar_crate_across_chunk_edges() {
        for n in [0, 1, 2, 3, 4, 5, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 2] {
            let src: Vec<u8> = (0..n).map(|i| (i * 7 + i / 251) as u8).collect();
            let mut dst = vec![0; encoded_len(n)];
            encode_into(&src, &mut dst);
            let want = base64::engine::general_purpose::STANDARD.encode(&src);
            assert_eq!(dst, want.as_bytes(), "n={n}");
        }
    }
}
