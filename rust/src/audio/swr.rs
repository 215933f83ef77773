//! Resampling and downmixing with FFmpeg's libswresample at its default settings: what
//! torchcodec's `AudioDecoder(sample_rate=, num_channels=)` and PyAV's `AudioResampler` (and
//! so SGLang's `load_audio`) do to decoded samples. libsoxr (resample.rs) stays the default:
//! it is librosa's.

use ffmpeg_next::ffi;

use crate::error::{Error, Result};

/// Input samples per `swr_convert` call: bounds the output scratch, not the result.
const CHUNK: usize = 1 << 16;

/// One SwrContext, freed on drop.
struct Swr(*mut ffi::SwrContext);

impl Drop for Swr {
    fn drop(&mut self) {
        // SAFETY: a context we allocated (or null, which swr_free accepts).
        unsafe { ffi::swr_free(&mut self.0) };
    }
}

fn layout(channels: usize) -> ffi::AVChannelLayout {
    // SAFETY: a zeroed AVChannelLayout is an unset one, which av_channel_layout_default fills
    // with FFmpeg's default order for the count (native masks: no allocation to free).
    unsafe {
        let mut l: ffi::AVChannelLayout = std::mem::zeroed();
        ffi::av_channel_layout_default(&mut l, channels as i32);
        l
    }
}

/// `planes` (float32, one per channel, at `from` Hz) as swresample turns them into `out_ch`
/// channels at `to` Hz, the delay flushed at the end as torchcodec and PyAV flush it.
pub(crate) fn convert(
    planes: &[Vec<f32>],
    from: u32,
    to: u32,
    out_ch: usize,
) -> Result<Vec<Vec<f32>>> {
    let in_ch = planes.len();
    let n = planes.first().map_or(0, Vec::len);
    if in_ch == 0 || n == 0 {
        return Ok(vec![Vec::new(); out_ch]);
    }
    let fail = |what: &str, rc: i32| {
        Error::decode(format!(
            "swresample {what} ({in_ch} ch {from} Hz -> {out_ch} ch {to} Hz): {}",
            ffmpeg_next::Error::from(rc)
        ))
    };
    let (mut lin, mut lout) = (layout(in_ch), layout(out_ch));
    let mut swr = Swr(std::ptr::null_mut());
    let fmt = ffi::AVSampleFormat::AV_SAMPLE_FMT_FLTP;
    // SAFETY: allocates and initialises a context from the layouts and formats above.
    let rc = unsafe {
        let rc = ffi::swr_alloc_set_opts2(
            &mut swr.0,
            &raw mut lout,
            fmt,
            to as i32,
            &raw mut lin,
            fmt,
            from as i32,
            0,
            std::ptr::null_mut(),
        );
        if rc < 0 {
            rc
        } else {
            ffi::swr_init(swr.0)
        }
    };
    if rc < 0 {
        return Err(fail("setup", rc));
    }
    let expect = (n as u128 * u128::from(to)).div_ceil(u128::from(from)) as usize + 64;
    let mut out: Vec<Vec<f32>> = (0..out_ch).map(|_| Vec::with_capacity(expect)).collect();
    let mut scratch: Vec<Vec<f32>> = vec![Vec::new(); out_ch];
    let mut start = 0;
    loop {
        let take = (n - start).min(CHUNK);
        // SAFETY: an initialised context; the bound is for `take` more input samples.
        let room = unsafe { ffi::swr_get_out_samples(swr.0, take as i32) };
        if room < 0 {
            return Err(fail("sizing", room));
        }
        // swresample's bound counts its filter's delay, several times the whole output at a
        // 16,000-fold upsampling (found by fuzzing): never more scratch than the output.
        // What does not fit stays in the context for the next call.
        let room = (room as usize + 32).min(expect);
        for s in &mut scratch {
            s.resize(room, 0.0);
        }
        let mut outp: Vec<*mut u8> = scratch.iter_mut().map(|s| s.as_mut_ptr().cast()).collect();
        let inp: Vec<*const u8> = planes.iter().map(|p| p[start..].as_ptr().cast()).collect();
        // SAFETY: `outp` holds out_ch planes of `room` floats; `inp` in_ch planes with at
        // least `take` floats each from `start` (null input with count 0 flushes).
        let got = unsafe {
            ffi::swr_convert(
                swr.0,
                outp.as_mut_ptr(),
                room as i32,
                if take == 0 {
                    std::ptr::null_mut()
                } else {
                    inp.as_ptr() as *mut *const u8
                },
                take as i32,
            )
        };
        if got < 0 {
            return Err(fail("conversion", got));
        }
        for (o, s) in out.iter_mut().zip(&scratch) {
            o.extend_from_slice(&s[..got as usize]);
        }
        if take == 0 {
            if got == 0 {
                break;
            }
            continue; // flushing: until swresample has nothing left
        }
        start += take;
    }
    Ok(out)
}
