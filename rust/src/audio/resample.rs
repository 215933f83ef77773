//! Sample-rate conversion with libsoxr's HQ recipe (the quality `librosa.resample` uses by
//! default, `res_type="soxr_hq"`), through libswresample's soxr engine: libsoxr is already a
//! dependency of Debian's libswresample, so this links nothing new.

use ffmpeg::format::{sample::Type, Sample};
use ffmpeg::software::resampling::Context;
use ffmpeg::{ChannelLayout, Dictionary};
use ffmpeg_next as ffmpeg;

use crate::av::map_error;
use crate::error::{Error, Result};

/// Resamples one channel from `from` Hz to `to` Hz. The output has librosa's length,
/// `ceil(len * to / from)` samples, and starts at the same instant as the input.
pub fn resample(x: &[f32], from: u32, to: u32) -> Result<Vec<f32>> {
    let want = (x.len() as u64 * u64::from(to)).div_ceil(u64::from(from)) as usize;
    if x.is_empty() {
        return Ok(Vec::new());
    }
    let mut opts = Dictionary::new();
    opts.set("resampler", "soxr");
    // 20-bit precision selects soxr's HQ quality recipe (SOXR_HQ), as python-soxr's "HQ".
    opts.set("precision", "20");
    // Keep soxr in single precision for float input, as python-soxr does for float32.
    opts.set("internal_sample_fmt", "fltp");
    let mono = ChannelLayout::MONO;
    let flt = Sample::F32(Type::Packed);
    let mut ctx = Context::get_with(flt, mono, from, flt, mono, to, opts)
        .map_err(|e| map_error(e, "setting up the soxr resampler"))?;
    let in_len = i32::try_from(x.len())
        .map_err(|_| Error::limit("audio too long to resample in one piece"))?;
    // Room for everything soxr can produce, flush included.
    let cap = want + 64 + want / 64;
    let mut out = vec![0.0f32; cap];
    let mut got = 0usize;
    // SAFETY: `ctx` is an initialised mono float SwrContext; every call passes one input
    // plane pointer valid for `in_len` floats (or null to flush) and one output plane
    // pointer valid for the stated remaining capacity; swr writes at most that many samples.
    unsafe {
        let swr = ctx.as_mut_ptr();
        let mut src = x.as_ptr() as *const u8;
        let mut n_in = in_len;
        loop {
            let room = (cap - got) as i32;
            if room == 0 {
                break;
            }
            let mut dst = out.as_mut_ptr().add(got) as *mut u8;
            let srcp = if n_in > 0 {
                &mut src as *mut *const u8
            } else {
                std::ptr::null_mut()
            };
            let r = ffmpeg::ffi::swr_convert(swr, &mut dst, room, srcp as _, n_in);
            if r < 0 {
                return Err(map_error(r.into(), "resampling"));
            }
            got += r as usize;
            if n_in == 0 && r == 0 {
                break;
            }
            n_in = 0;
        }
    }
    out.truncate(got.min(want));
    out.resize(want, 0.0);
    Ok(out)
}
