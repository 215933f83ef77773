//! Sample-rate conversion with libsoxr's HQ recipe, called directly: the same library, recipe
//! and float32 path that `librosa.resample(res_type="soxr_hq")` runs through the python-soxr
//! wheel, so the output is bit-identical. libsoxr (LGPL-2.1) is linked statically from the
//! bundled SDK (tools/ffmpeg-sdk.py builds it with libsoxr's default engines, as python-soxr's
//! wheel does), or dynamically with `system-ffmpeg`. Going through libswresample's soxr
//! engine gave the same samples 2-4x slower (it copies the whole input into its own buffers;
//! see docs/benchmarks.md).

use std::ffi::{c_char, c_double, c_uint, c_ulong, c_void, CStr};

use crate::error::{Error, Result};

/// libsoxr's C API (soxr.h, 0.1.x): only what one-channel float32 resampling needs.
mod ffi {
    use super::*;

    pub type SoxrT = *mut c_void;
    pub type SoxrError = *const c_char;
    /// `SOXR_FLOAT32_I`: interleaved float32 (one channel here).
    pub const SOXR_FLOAT32_I: c_uint = 0;
    /// `SOXR_HQ`: the 20-bit quality recipe, linear phase (python-soxr's "HQ").
    pub const SOXR_HQ: c_ulong = 4;

    #[repr(C)]
    pub struct IoSpec {
        pub itype: c_uint,
        pub otype: c_uint,
        pub scale: c_double,
        pub e: *mut c_void,
        pub flags: c_ulong,
    }

    #[repr(C)]
    pub struct QualitySpec {
        pub precision: c_double,
        pub phase_response: c_double,
        pub passband_end: c_double,
        pub stopband_begin: c_double,
        pub e: *mut c_void,
        pub flags: c_ulong,
    }

    #[repr(C)]
    pub struct RuntimeSpec {
        pub log2_min_dft_size: c_uint,
        pub log2_large_dft_size: c_uint,
        pub coef_size_kbytes: c_uint,
        pub num_threads: c_uint,
        pub e: *mut c_void,
        pub flags: c_ulong,
    }

    #[cfg_attr(feature = "bundled", link(name = "soxr", kind = "static"))]
    #[cfg_attr(not(feature = "bundled"), link(name = "soxr"))]
    extern "C" {
        pub fn soxr_io_spec(itype: c_uint, otype: c_uint) -> IoSpec;
        pub fn soxr_quality_spec(recipe: c_ulong, flags: c_ulong) -> QualitySpec;
        pub fn soxr_runtime_spec(num_threads: c_uint) -> RuntimeSpec;
        pub fn soxr_create(
            in_rate: c_double,
            out_rate: c_double,
            num_channels: c_uint,
            error: *mut SoxrError,
            io: *const IoSpec,
            quality: *const QualitySpec,
            runtime: *const RuntimeSpec,
        ) -> SoxrT;
        pub fn soxr_process(
            s: SoxrT,
            input: *const c_void,
            ilen: usize,
            idone: *mut usize,
            output: *mut c_void,
            olen: usize,
            odone: *mut usize,
        ) -> SoxrError;
        pub fn soxr_delete(s: SoxrT);
    }
}

/// One libsoxr resampler, deleted on drop.
struct Soxr(ffi::SoxrT);

impl Drop for Soxr {
    fn drop(&mut self) {
        // SAFETY: self.0 came from soxr_create and is deleted once.
        unsafe { ffi::soxr_delete(self.0) }
    }
}

fn soxr_err(e: ffi::SoxrError, what: &str) -> Error {
    // SAFETY: libsoxr's errors are static NUL-terminated strings.
    let msg = unsafe { CStr::from_ptr(e) }.to_string_lossy();
    Error::decode(format!("{what}: {msg}"))
}

/// Input samples per soxr_process call (python-soxr also feeds its input in pieces): soxr
/// copies each piece into its FIFO, which then stays small and in cache.
const CHUNK: usize = 1 << 14;

/// Resamples one channel from `from` Hz to `to` Hz. The output has librosa's length,
/// `ceil(len * to / from)` samples, and starts at the same instant as the input.
pub fn resample(x: &[f32], from: u32, to: u32) -> Result<Vec<f32>> {
    if x.is_empty() {
        return Ok(Vec::new());
    }
    let want = (x.len() as u64 * u64::from(to)).div_ceil(u64::from(from)) as usize;
    let mut s = Stream::new(from, to, want)?;
    s.push(x)?;
    s.finish()
}

/// One channel resampled as it is decoded: the input arrives in pieces (a decoder's frames)
/// and is never held whole. libsoxr buffers what it needs between calls, so the samples are
/// the same as one call over the whole input (the tests check it bit for bit).
pub struct Stream {
    soxr: Soxr,
    from: u32,
    to: u32,
    /// Input samples fed so far.
    fed: u64,
    out: Vec<f32>,
}

impl Stream {
    /// A resampler from `from` Hz to `to` Hz; `reserve` output samples are allocated up front
    /// (the caller bounds it).
    pub fn new(from: u32, to: u32, reserve: usize) -> Result<Self> {
        let mut err: ffi::SoxrError = std::ptr::null();
        // SAFETY: the spec constructors return plain structs; soxr_create reads the three
        // specs (valid for the call) and sets `err` or returns a resampler.
        let soxr = unsafe {
            let io = ffi::soxr_io_spec(ffi::SOXR_FLOAT32_I, ffi::SOXR_FLOAT32_I);
            let q = ffi::soxr_quality_spec(ffi::SOXR_HQ, 0);
            let rt = ffi::soxr_runtime_spec(1);
            ffi::soxr_create(f64::from(from), f64::from(to), 1, &mut err, &io, &q, &rt)
        };
        if soxr.is_null() || !err.is_null() {
            if !soxr.is_null() {
                // SAFETY: created above, not used again.
                unsafe { ffi::soxr_delete(soxr) };
            }
            return Err(if err.is_null() {
                Error::decode("setting up the soxr resampler failed")
            } else {
                soxr_err(err, "setting up the soxr resampler")
            });
        }
        Ok(Stream {
            soxr: Soxr(soxr),
            from,
            to,
            fed: 0,
            out: Vec::with_capacity(reserve),
        })
    }

    /// Output samples for `n` input samples: librosa's length.
    fn want(&self, n: u64) -> usize {
        (n * u64::from(self.to)).div_ceil(u64::from(self.from)) as usize
    }

    /// One soxr_process call; `None` input flushes. Returns the input samples consumed and
    /// the output samples made.
    fn step(&mut self, input: Option<&[f32]>, room: usize) -> Result<(usize, usize)> {
        self.out.reserve(room);
        let (mut idone, mut odone) = (0usize, 0usize);
        let (ptr, len) = input.map_or((std::ptr::null(), 0), |x| {
            (x.as_ptr() as *const c_void, x.len())
        });
        // SAFETY: the input pointer is valid for `len` floats (null flushes); the output
        // pointer is the Vec's spare capacity, valid for `room` floats after reserve, of which
        // soxr writes `odone` <= room; set_len covers only those.
        unsafe {
            let e = ffi::soxr_process(
                self.soxr.0,
                ptr,
                len,
                &mut idone,
                self.out.as_mut_ptr().add(self.out.len()) as *mut c_void,
                room,
                &mut odone,
            );
            if !e.is_null() {
                return Err(soxr_err(e, "resampling"));
            }
            self.out.set_len(self.out.len() + odone);
        }
        Ok((idone, odone))
    }

    /// Feeds `x`, the next input samples.
    pub fn push(&mut self, x: &[f32]) -> Result<()> {
        let mut rest = x;
        while !rest.is_empty() {
            let piece = &rest[..rest.len().min(CHUNK)];
            // Room for everything this piece can release (soxr's i_for_o caps the input it
            // takes by the room given), so each call takes the whole piece.
            let room = self.want(piece.len() as u64) + 64;
            let (idone, _) = self.step(Some(piece), room)?;
            if idone == 0 {
                return Err(Error::decode("the soxr resampler took no input"));
            }
            self.fed += idone as u64;
            rest = &rest[idone..];
        }
        Ok(())
    }

    /// Flushes and returns the output: exactly librosa's length, `ceil(fed * to / from)`.
    pub fn finish(mut self) -> Result<Vec<f32>> {
        let want = self.want(self.fed);
        // Flush until soxr has nothing left or librosa's length is reached.
        while self.out.len() < want {
            let room = want - self.out.len() + 64;
            let (_, odone) = self.step(None, room)?;
            if odone == 0 {
                break;
            }
        }
        self.out.truncate(want);
        self.out.resize(want, 0.0);
        Ok(self.out)
    }
}
