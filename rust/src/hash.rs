//! Dynamo's `content_hash`: xxh3-64 over rank, dims (u64 LE), a dtype byte, then the pixels.
//!
//! The frontend hashes every decoded image (a 1080p RGB frame is 6.2 MB), so the hash is on
//! the hot path. `xxhash-rust` picks its SIMD kernel at compile time, and our wheels are built
//! for baseline x86-64, so it runs SSE2. Here the XXH3-64 long-input path (input > 240 bytes)
//! has a second kernel compiled for AVX2 and chosen at run time when the CPU has it; it reads
//! the header + pixels concatenation without copying the pixels. Short inputs, CPUs without
//! AVX2 and non-x86_64 targets keep the `xxhash-rust` streaming hash, which the tests use as
//! the oracle.

use xxhash_rust::xxh3::Xxh3;

/// dtype byte for uint8, the only dtype images use.
pub const DTYPE_UINT8: u8 = 0;

/// XXH3 hashes inputs up to this many bytes with its short/mid-size algorithms.
const MID_SIZE_MAX: usize = 240;

/// Header bytes held on the stack; a larger rank (never an image) uses the heap.
const HEADER_INLINE: usize = 8 * (1 + 8) + 1;

pub fn content_hash(shape: &[usize], dtype: u8, pixels: &[u8]) -> String {
    format!("{:016x}", content_hash_u64(shape, dtype, pixels))
}

fn content_hash_u64(shape: &[usize], dtype: u8, pixels: &[u8]) -> u64 {
    let header_len = 8 * (1 + shape.len()) + 1;
    if header_len <= HEADER_INLINE {
        let mut buf = [0u8; HEADER_INLINE];
        let n = write_header(shape, dtype, &mut buf);
        xxh3_64_concat(&buf[..n], pixels)
    } else {
        let mut buf = vec![0u8; header_len];
        let n = write_header(shape, dtype, &mut buf);
        xxh3_64_concat(&buf[..n], pixels)
    }
}

/// Writes rank (u64 LE), each dim (u64 LE) and the dtype byte; returns the length written.
fn write_header(shape: &[usize], dtype: u8, out: &mut [u8]) -> usize {
    out[..8].copy_from_slice(&(shape.len() as u64).to_le_bytes());
    let mut n = 8;
    for &d in shape {
        out[n..n + 8].copy_from_slice(&(d as u64).to_le_bytes());
        n += 8;
    }
    out[n] = dtype;
    n + 1
}

/// XXH3-64 (seed 0, default secret) of `header ++ pixels`, without building the concatenation.
fn xxh3_64_concat(header: &[u8], pixels: &[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if header.len() + pixels.len() > MID_SIZE_MAX && has_avx2() {
        // SAFETY: `avx2::hash_long` is compiled with AVX2 enabled and is only sound to call on
        // a CPU that has AVX2, which `has_avx2` has just checked at run time. Its other
        // precondition, an input longer than MID_SIZE_MAX bytes, is checked on the same line.
        return unsafe { avx2::hash_long(header, pixels) };
    }
    xxh3_64_concat_portable(header, pixels)
}

/// The `xxhash-rust` path: SSE2 on baseline x86-64, whatever the target has elsewhere.
fn xxh3_64_concat_portable(header: &[u8], pixels: &[u8]) -> u64 {
    let mut h = Xxh3::new();
    h.update(header);
    h.update(pixels);
    h.digest()
}

/// Whether this CPU has AVX2. std caches the CPUID probe in a static after the first call, so
/// each call after that is one relaxed atomic load.
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// The XXH3-64 long-input path (xxhash.h `XXH3_hashLong_64b_internal`, seed 0, default
/// secret) with AVX2 kernels, over the virtual concatenation `header ++ pixels`.
///
/// The reference walks the input in 64-byte stripes. Stripe `n` (of the `(len - 1) / 64`
/// stripes the block loop consumes) is accumulated with the secret at byte `8 * (n % 16)`,
/// and after every 16th stripe (one 1024-byte block) the accumulators are scrambled with the
/// last 64 secret bytes. Then the last 64 bytes of the input (which overlap the stripes
/// already consumed unless the length is a multiple of 64) are accumulated with the secret at
/// byte 121, and the eight accumulators are merged and avalanched. Stripes that
/// touch the header are assembled in a 64-byte stack buffer; all others are unaligned loads
/// straight from `pixels`.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::*;

    const STRIPE_LEN: usize = 64;
    const SECRET_CONSUME_RATE: usize = 8;
    const SECRET_SIZE: usize = 192;
    /// (192 - 64) / 8 = 16 stripes per block, i.e. a scramble every 1024 input bytes.
    const STRIPES_PER_BLOCK: usize = (SECRET_SIZE - STRIPE_LEN) / SECRET_CONSUME_RATE;
    const SECRET_SCRAMBLE_START: usize = SECRET_SIZE - STRIPE_LEN;
    const SECRET_LASTACC_START: usize = SECRET_SIZE - STRIPE_LEN - 7;
    const SECRET_MERGEACCS_START: usize = 11;

    const PRIME32_1: u64 = 0x9E37_79B1;
    const PRIME32_2: u64 = 0x85EB_CA77;
    const PRIME32_3: u64 = 0xC2B2_AE3D;
    const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
    const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
    const PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;
    const PRIME64_4: u64 = 0x85EB_CA77_C2B2_AE63;
    const PRIME64_5: u64 = 0x27D4_EB2F_1656_67C5;

    /// XXH3's default 192-byte secret (kSecret in xxhash.h).
    const DEFAULT_SECRET: [u8; SECRET_SIZE] = [
        0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad,
        0x1c, 0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3,
        0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc,
        0xff, 0x72, 0x21, 0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6,
        0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65,
        0x8b, 0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19,
        0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8, 0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9,
        0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31,
        0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64, 0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb,
        0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb, 0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0,
        0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16, 0xbe, 0x58, 0x7d,
        0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f,
        0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
    ];

    /// Hashes `header ++ pixels`, whose length must exceed 240 bytes.
    ///
    /// # Safety
    /// The CPU must support AVX2 (compiled with `target_feature(enable = "avx2")`).
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn hash_long(header: &[u8], pixels: &[u8]) -> u64 {
        let h = header.len();
        let len = h + pixels.len();
        assert!(
            len > super::MID_SIZE_MAX,
            "XXH3 long path needs more than 240 bytes"
        );
        let secret = &DEFAULT_SECRET;

        let mut acc = [
            _mm256_setr_epi64x(
                PRIME32_3 as i64,
                PRIME64_1 as i64,
                PRIME64_2 as i64,
                PRIME64_3 as i64,
            ),
            _mm256_setr_epi64x(
                PRIME64_4 as i64,
                PRIME32_2 as i64,
                PRIME64_5 as i64,
                PRIME32_1 as i64,
            ),
        ];

        // Stripes consumed by the block loop: every whole stripe that ends before the last
        // byte. Stripe n covers input bytes [64n, 64n + 64), and 64n + 64 <= len - 1.
        let nb_stripes = (len - 1) / STRIPE_LEN;
        let mut buf = [0u8; STRIPE_LEN];
        let mut n = 0;

        // Stripes that touch the header: assembled on the stack.
        let first_direct = h.div_ceil(STRIPE_LEN).min(nb_stripes);
        while n < first_direct {
            copy_virtual(header, pixels, n * STRIPE_LEN, &mut buf);
            // SAFETY: AVX2 is available (this fn's contract); `buf` is 64 readable bytes.
            unsafe { stripe_step(&mut acc, buf.as_ptr(), n, secret) };
            n += 1;
        }

        // From here on stripe n lies wholly in `pixels`, at byte 64n - h, because 64n >= h.
        // Up to the next block boundary, one stripe at a time.
        while n < nb_stripes && n % STRIPES_PER_BLOCK != 0 {
            // SAFETY: h <= 64n and 64n + 64 <= len - 1 (n < nb_stripes), so the 64 bytes at
            // pixels[64n - h..] are in bounds.
            let p = unsafe { pixels.as_ptr().add(n * STRIPE_LEN - h) };
            // SAFETY: AVX2 is available (this fn's contract); `p` is 64 readable bytes (above).
            unsafe { stripe_step(&mut acc, p, n, secret) };
            n += 1;
        }
        // Whole blocks: 16 stripes, then a scramble.
        while n + STRIPES_PER_BLOCK <= nb_stripes {
            // SAFETY: as above for every stripe n..n+16, all of which are < nb_stripes, so
            // the 1024 bytes at pixels[64n - h..] are in bounds.
            let p = unsafe { pixels.as_ptr().add(n * STRIPE_LEN - h) };
            for s in 0..STRIPES_PER_BLOCK {
                // SAFETY: s * 64 + 64 <= 1024, inside the block checked above; the secret
                // offset 8s + 64 <= 184 is inside the 192-byte secret.
                unsafe {
                    accumulate_512(
                        &mut acc,
                        p.add(s * STRIPE_LEN),
                        secret.as_ptr().add(s * SECRET_CONSUME_RATE),
                    );
                }
            }
            // SAFETY: AVX2 is available (this fn's contract).
            unsafe { scramble(&mut acc, secret) };
            n += STRIPES_PER_BLOCK;
        }
        // The partial last block (fewer than 16 stripes, so no scramble; stripe_step checks).
        while n < nb_stripes {
            // SAFETY: as for the stripes before the first whole block.
            let p = unsafe { pixels.as_ptr().add(n * STRIPE_LEN - h) };
            // SAFETY: AVX2 is available (this fn's contract); `p` is 64 readable bytes (above).
            unsafe { stripe_step(&mut acc, p, n, secret) };
            n += 1;
        }

        // The last stripe: the final 64 bytes of the input, with its own secret offset.
        let last = len - STRIPE_LEN;
        let last_ptr = if last >= h {
            // SAFETY: last - h = pixels.len() - 64 >= 0, so pixels[last - h..] is 64 bytes.
            unsafe { pixels.as_ptr().add(last - h) }
        } else {
            copy_virtual(header, pixels, last, &mut buf);
            buf.as_ptr()
        };
        // SAFETY: last_ptr points at 64 readable bytes (above); 121 + 64 <= 192.
        unsafe {
            accumulate_512(
                &mut acc,
                last_ptr,
                secret.as_ptr().add(SECRET_LASTACC_START),
            )
        };

        let mut lanes = [0u64; 8];
        // SAFETY: `lanes` is 64 writable bytes; storeu has no alignment requirement.
        unsafe {
            _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, acc[0]);
            _mm256_storeu_si256(lanes.as_mut_ptr().add(4) as *mut __m256i, acc[1]);
        }
        merge_accs(&lanes, secret, (len as u64).wrapping_mul(PRIME64_1))
    }

    /// Copies input bytes [off, off + 64) of `header ++ pixels` into `out`.
    #[inline]
    fn copy_virtual(header: &[u8], pixels: &[u8], off: usize, out: &mut [u8; STRIPE_LEN]) {
        let mut written = 0;
        if off < header.len() {
            written = (header.len() - off).min(STRIPE_LEN);
            out[..written].copy_from_slice(&header[off..off + written]);
        }
        if written < STRIPE_LEN {
            let p = off + written - header.len();
            out[written..].copy_from_slice(&pixels[p..p + STRIPE_LEN - written]);
        }
    }

    /// Accumulates stripe `n` (64 bytes at `stripe`), scrambling after the 16th of a block.
    ///
    /// # Safety
    /// AVX2 must be available and `stripe` must point at 64 readable bytes.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn stripe_step(
        acc: &mut [__m256i; 2],
        stripe: *const u8,
        n: usize,
        secret: &[u8; SECRET_SIZE],
    ) {
        let s = n % STRIPES_PER_BLOCK;
        // SAFETY: the caller guarantees 64 readable bytes at `stripe`; 8s + 64 <= 184 <= 192.
        unsafe { accumulate_512(acc, stripe, secret.as_ptr().add(s * SECRET_CONSUME_RATE)) };
        if s == STRIPES_PER_BLOCK - 1 {
            // SAFETY: AVX2 is available (the caller's contract).
            unsafe { scramble(acc, secret) };
        }
    }

    /// XXH3_accumulate_512 (AVX2): for each 64-bit lane i,
    /// acc[i ^ 1] += data[i]; acc[i] += lo32(data[i] ^ key[i]) * hi32(data[i] ^ key[i]).
    ///
    /// # Safety
    /// AVX2 must be available; `input` and `secret` must each point at 64 readable bytes
    /// (no alignment needed).
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn accumulate_512(acc: &mut [__m256i; 2], input: *const u8, secret: *const u8) {
        for (i, a) in acc.iter_mut().enumerate() {
            // SAFETY: i * 32 + 32 <= 64 bytes, readable per the caller; loadu is unaligned.
            let (data, key) = unsafe {
                (
                    _mm256_loadu_si256(input.add(i * 32) as *const __m256i),
                    _mm256_loadu_si256(secret.add(i * 32) as *const __m256i),
                )
            };
            let data_key = _mm256_xor_si256(data, key);
            let data_key_hi = _mm256_srli_epi64(data_key, 32);
            let product = _mm256_mul_epu32(data_key, data_key_hi);
            // Swap the two 64-bit lanes of each 128-bit half: _MM_SHUFFLE(1, 0, 3, 2).
            let data_swap = _mm256_shuffle_epi32(data, 0b01_00_11_10);
            *a = _mm256_add_epi64(*a, _mm256_add_epi64(product, data_swap));
        }
    }

    /// XXH3_scrambleAcc (AVX2): acc = (acc ^ (acc >> 47) ^ key) * PRIME32_1, with the key the
    /// last 64 bytes of the secret.
    ///
    /// # Safety
    /// AVX2 must be available.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn scramble(acc: &mut [__m256i; 2], secret: &[u8; SECRET_SIZE]) {
        let prime32 = _mm256_set1_epi32(PRIME32_1 as i32);
        for (i, a) in acc.iter_mut().enumerate() {
            // SAFETY: bytes 128 + 32i .. 160 + 32i lie inside the 192-byte secret.
            let key = unsafe {
                _mm256_loadu_si256(
                    secret.as_ptr().add(SECRET_SCRAMBLE_START + i * 32) as *const __m256i
                )
            };
            let data = _mm256_xor_si256(*a, _mm256_srli_epi64(*a, 47));
            let data_key = _mm256_xor_si256(data, key);
            let data_key_hi = _mm256_srli_epi64(data_key, 32);
            let prod_lo = _mm256_mul_epu32(data_key, prime32);
            let prod_hi = _mm256_mul_epu32(data_key_hi, prime32);
            *a = _mm256_add_epi64(prod_lo, _mm256_slli_epi64(prod_hi, 32));
        }
    }

    fn read_u64_le(secret: &[u8; SECRET_SIZE], at: usize) -> u64 {
        u64::from_le_bytes(secret[at..at + 8].try_into().unwrap())
    }

    /// XXH3_mergeAccs followed by XXH3_avalanche.
    fn merge_accs(lanes: &[u64; 8], secret: &[u8; SECRET_SIZE], start: u64) -> u64 {
        let mut result = start;
        for i in 0..4 {
            let at = SECRET_MERGEACCS_START + 16 * i;
            let lo = lanes[2 * i] ^ read_u64_le(secret, at);
            let hi = lanes[2 * i + 1] ^ read_u64_le(secret, at + 8);
            let product = lo as u128 * hi as u128;
            result = result.wrapping_add(product as u64 ^ (product >> 64) as u64);
        }
        result ^= result >> 37;
        result = result.wrapping_mul(0x1656_6791_9E37_79F9);
        result ^ (result >> 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The current hash spelled out the way Dynamo's reference computes it: one xxh3-64 over
    /// the materialised concatenation (a different code path in xxhash-rust from Xxh3).
    fn oracle(header: &[u8], pixels: &[u8]) -> u64 {
        let mut all = header.to_vec();
        all.extend_from_slice(pixels);
        let one_shot = xxhash_rust::xxh3::xxh3_64(&all);
        let mut h = Xxh3::new();
        h.update(header);
        h.update(pixels);
        assert_eq!(
            one_shot,
            h.digest(),
            "xxhash-rust one-shot and streaming disagree"
        );
        one_shot
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

    fn header_of(shape: &[usize], dtype: u8) -> Vec<u8> {
        let mut v = vec![0u8; 8 * (1 + shape.len()) + 1];
        let n = write_header(shape, dtype, &mut v);
        assert_eq!(n, v.len());
        v
    }

    #[cfg(target_arch = "x86_64")]
    fn avx2_or_skip(test: &str) -> bool {
        let ok = has_avx2();
        if !ok {
            eprintln!("SKIPPED {test}: this CPU has no AVX2, the AVX2 kernel cannot run here");
        }
        ok
    }

    /// The AVX2 kernel itself (not the dispatcher), on inputs longer than 240 bytes.
    #[cfg(target_arch = "x86_64")]
    fn avx2_kernel(header: &[u8], pixels: &[u8]) -> u64 {
        assert!(has_avx2());
        // SAFETY: AVX2 asserted just above; callers pass more than 240 bytes in total.
        unsafe { avx2::hash_long(header, pixels) }
    }

    #[test]
    fn matches_dynamo_test_vector() {
        assert_eq!(
            content_hash(&[1, 2, 3], DTYPE_UINT8, &[0, 1, 2, 3, 4, 5]),
            "7a9bbcb11a898630"
        );
        let header = header_of(&[1, 2, 3], DTYPE_UINT8);
        assert_eq!(
            format!(
                "{:016x}",
                xxh3_64_concat_portable(&header, &[0, 1, 2, 3, 4, 5])
            ),
            "7a9bbcb11a898630"
        );
    }

    #[test]
    fn header_layout() {
        let h = header_of(&[2, 0x0102], 7);
        assert_eq!(
            h,
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

    /// Every total length 0..2100 through content_hash (rank 0 header = 9 bytes, rank 1 = 17,
    /// rank 3 = 33), so both the dispatcher and each side of the 240-byte switch are covered.
    #[test]
    fn every_length_through_content_hash() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let data = rng.bytes(2100);
        for shape_prefix in [&[][..], &[5][..], &[1, 2][..], &[3, 1, 4][..]] {
            let mut shape = shape_prefix.to_vec();
            let hl = 8 * (1 + shape.len() + 1) + 1;
            for total in hl..2100 {
                let p = total - hl;
                shape.push(p);
                let header = header_of(&shape, DTYPE_UINT8);
                assert_eq!(header.len() + p, total);
                let want = oracle(&header, &data[..p]);
                assert_eq!(
                    content_hash_u64(&shape, DTYPE_UINT8, &data[..p]),
                    want,
                    "shape {shape:?}"
                );
                assert_eq!(
                    content_hash(&shape, DTYPE_UINT8, &data[..p]),
                    format!("{want:016x}")
                );
                shape.pop();
            }
        }
    }

    /// Every total length 241..2100 through the AVX2 kernel, with header lengths from 0 (all
    /// pixels) through one and several stripes to the whole input being "header".
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_every_length_every_split() {
        if !avx2_or_skip("avx2_every_length_every_split") {
            return;
        }
        let mut rng = Rng(0xDEAD_BEEF_CAFE_F00D);
        let data = rng.bytes(2100);
        for total in (MID_SIZE_MAX + 1)..2100 {
            for h in [
                0,
                1,
                9,
                17,
                25,
                33,
                41,
                63,
                64,
                65,
                127,
                128,
                129,
                200,
                total - 65,
                total - 64,
                total - 63,
                total - 1,
                total,
            ] {
                if h > total {
                    continue;
                }
                let (header, pixels) = data[..total].split_at(h);
                assert_eq!(
                    avx2_kernel(header, pixels),
                    oracle(header, pixels),
                    "total {total} header {h}"
                );
                assert_eq!(xxh3_64_concat(header, pixels), oracle(header, pixels));
            }
        }
    }

    /// Lengths around block (1024k +- 1) and stripe (64k +- 1) boundaries, plus an image header.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_block_and_stripe_boundaries() {
        if !avx2_or_skip("avx2_block_and_stripe_boundaries") {
            return;
        }
        let mut rng = Rng(42);
        let data = rng.bytes(1024 * 40 + 200);
        let mut lens = Vec::new();
        for k in 1..=40 {
            lens.extend([1024 * k - 1, 1024 * k, 1024 * k + 1]);
        }
        for k in 4..=80 {
            lens.extend([64 * k - 1, 64 * k, 64 * k + 1]);
        }
        for p in lens {
            for shape in [vec![p], vec![1, p], vec![p, 1, 1], vec![1, 1, p, 1]] {
                let header = header_of(&shape, DTYPE_UINT8);
                // Pixel count p, and p minus the header so that the whole input is p bytes.
                for np in [p, p.saturating_sub(header.len())] {
                    let pix = &data[..np];
                    if header.len() + pix.len() <= MID_SIZE_MAX {
                        continue;
                    }
                    let want = oracle(&header, pix);
                    assert_eq!(
                        avx2_kernel(&header, pix),
                        want,
                        "pixels {np} shape {shape:?}"
                    );
                    assert_eq!(content_hash_u64(&shape, DTYPE_UINT8, pix), want);
                }
            }
        }
    }

    /// Random shapes of rank 1..4 with random dtype bytes and pixel counts.
    #[test]
    fn random_shapes() {
        let mut rng = Rng(7);
        for _ in 0..400 {
            let rank = 1 + (rng.next() % 4) as usize;
            let shape: Vec<usize> = (0..rank).map(|_| 1 + (rng.next() % 40) as usize).collect();
            let p: usize = shape.iter().product();
            let dtype = (rng.next() >> 60) as u8;
            let pixels = rng.bytes(p);
            let header = header_of(&shape, dtype);
            let want = oracle(&header, &pixels);
            assert_eq!(
                content_hash_u64(&shape, dtype, &pixels),
                want,
                "shape {shape:?}"
            );
            assert_eq!(xxh3_64_concat_portable(&header, &pixels), want);
            #[cfg(target_arch = "x86_64")]
            if has_avx2() && header.len() + p > MID_SIZE_MAX {
                assert_eq!(avx2_kernel(&header, &pixels), want, "shape {shape:?}");
            }
        }
    }

    /// A 1080p-RGB-sized buffer (6.2 MB) and a 6 MB one at an odd offset.
    #[test]
    fn large_buffers() {
        let mut rng = Rng(1080);
        let data = rng.bytes(1920 * 1080 * 3 + 1);
        for (shape, pixels) in [
            (vec![1080, 1920, 3], &data[..1920 * 1080 * 3]),
            (vec![6_000_000], &data[1..6_000_001]),
        ] {
            let header = header_of(&shape, DTYPE_UINT8);
            let want = oracle(&header, pixels);
            assert_eq!(content_hash_u64(&shape, DTYPE_UINT8, pixels), want);
            assert_eq!(xxh3_64_concat_portable(&header, pixels), want);
            #[cfg(target_arch = "x86_64")]
            if avx2_or_skip("large_buffers (AVX2 half)") {
                assert_eq!(avx2_kernel(&header, pixels), want);
            }
        }
    }

    /// What a CPU without AVX2 runs: the fallback, against the oracle and (where it can run)
    /// the AVX2 kernel, across the 240-byte switch and a few blocks.
    #[test]
    fn fallback_matches() {
        let mut rng = Rng(3);
        let data = rng.bytes(5000);
        for total in (0..600).chain([1023, 1024, 1025, 4095, 4096, 4097, 5000]) {
            for h in [0, 9, 17, 33, 70] {
                if h > total {
                    continue;
                }
                let (header, pixels) = data[..total].split_at(h);
                let got = xxh3_64_concat_portable(header, pixels);
                assert_eq!(got, oracle(header, pixels));
                #[cfg(target_arch = "x86_64")]
                if total > MID_SIZE_MAX && has_avx2() {
                    assert_eq!(avx2_kernel(header, pixels), got, "total {total} header {h}");
                }
            }
        }
    }

    /// Timing, not a check: `cargo test --release --lib hash -- --ignored --nocapture`.
    /// "hot": one 6.2 MB frame hashed again and again (it stays in L3); "cold": ten frames
    /// (62 MB, more than a server L3) in turn, closer to hashing a frame just decoded.
    #[test]
    #[ignore]
    fn throughput_6mb() {
        use std::hint::black_box;
        use std::time::Instant;
        let shape = [1080usize, 1920, 3];
        let frames: Vec<Vec<u8>> = (0..10)
            .map(|i| Rng(11 + i).bytes(1920 * 1080 * 3))
            .collect();
        let header = header_of(&shape, DTYPE_UINT8);
        let gbps = |f: &dyn Fn(&[u8]) -> u64, nframes: usize| {
            let mut sink = 0u64;
            for fr in &frames[..nframes] {
                sink ^= f(fr);
            }
            let reps = 200;
            let t = Instant::now();
            for i in 0..reps {
                sink ^= f(&frames[i % nframes]);
            }
            let secs = t.elapsed().as_secs_f64();
            black_box(sink);
            (frames[0].len() * reps) as f64 / secs / 1e9
        };
        let portable = |px: &[u8]| xxh3_64_concat_portable(black_box(&header), black_box(px));
        let dispatched =
            |px: &[u8]| content_hash_u64(black_box(&shape), DTYPE_UINT8, black_box(px));
        #[cfg(target_arch = "x86_64")]
        let avx2 = has_avx2();
        #[cfg(not(target_arch = "x86_64"))]
        let avx2 = false;
        for (name, nframes) in [("hot", 1), ("cold", frames.len())] {
            let (before, after) = (gbps(&portable, nframes), gbps(&dispatched, nframes));
            println!(
                "content_hash 6.2 MB {name}: xxhash-rust {before:.2} GB/s, dispatched (avx2={avx2}) {after:.2} GB/s, {:.2}x",
                after / before
            );
        }
    }
}
