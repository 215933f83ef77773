//! Where decoded frames go: converted to float32 and mixed down in one pass per frame, then
//! kept whole (native rate) or fed to libsoxr as they come (`sample_rate=`), so a resampled
//! decode never holds the native-rate signal whole.

use ffmpeg::format::Sample;
use ffmpeg::frame;
use ffmpeg_next as ffmpeg;

use super::resample::Stream;
use super::AudioLimits;
use crate::error::{Error, Result};

/// Native-rate samples gathered per plane before they go to the resampler: enough to make
/// each soxr call worth its overhead, small enough to stay in cache.
const BATCH: usize = 1 << 14;

/// A decoded sample type, converted to float32 the way libsndfile scales integers: divided by
/// 2^(bits-1) (a power of two, so the product by its inverse is the same float), unsigned
/// 8-bit centred first.
trait ToF32: Copy {
    fn to_f32(self) -> f32;
}

impl ToF32 for u8 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        (f32::from(self) - 128.0) * (1.0 / 128.0)
    }
}
impl ToF32 for i16 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        f32::from(self) * (1.0 / 32_768.0)
    }
}
impl ToF32 for i32 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self as f32 * (1.0 / 2_147_483_648.0)
    }
}
impl ToF32 for i64 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        (self as f64 * (1.0 / 9_223_372_036_854_775_808.0)) as f32
    }
}
impl ToF32 for f32 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
}
impl ToF32 for f64 {
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self as f32
    }
}

/// How one channel lands in its output plane: numpy's mean over channels is the float32 sum
/// in channel order, then one division; `Last` adds the last channel and divides.
#[derive(Clone, Copy)]
enum Op {
    Set,
    Add,
    Last(f32),
}

/// Writes `src` (one channel, as float32) into `dst` per `op`. Generic over the iterator so a
/// contiguous plane compiles to a vectorised loop and a packed frame to a strided one.
#[inline(always)]
fn put<T: ToF32>(dst: &mut [f32], src: impl Iterator<Item = T>, op: Op) {
    match op {
        Op::Set => dst.iter_mut().zip(src).for_each(|(o, s)| *o = s.to_f32()),
        Op::Add => dst.iter_mut().zip(src).for_each(|(o, s)| *o += s.to_f32()),
        Op::Last(div) => dst
            .iter_mut()
            .zip(src)
            .for_each(|(o, s)| *o = (*o + s.to_f32()) / div),
    }
}

/// Collects samples: one plane per channel, or one mixed-down plane; resampled on the way
/// when a rate is asked for.
pub(super) struct Sink {
    planes: Vec<Vec<f32>>,
    /// One resampler per plane when resampling (then `planes` hold only what is not fed yet).
    streams: Option<Vec<Stream>>,
    /// Native-rate frames kept back from the resampler, for a cut at the end (AAC padding).
    hold: usize,
    mono: bool,
    channels: usize,
    rate: u32,
    to: Option<u32>,
    /// Native-rate frames taken so far (fed or not).
    pub(super) frames: usize,
    max_frames: usize,
    max_bytes: u64,
}

impl Sink {
    /// `to`: the output rate (None keeps `rate`); `hold`: how many trailing frames `truncate`
    /// may still cut after they were pushed.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        mono: bool,
        channels: usize,
        max_frames: usize,
        stated: Option<f64>,
        rate: u32,
        to: Option<u32>,
        hold: usize,
        limits: &AudioLimits,
    ) -> Result<Self> {
        let n_planes = if mono { 1 } else { channels };
        let to = to.filter(|&t| t != rate);
        // Reserve what the header states, but never more than the output limit (max_bytes of
        // float32) nor 16 MiB on its word alone.
        let hint = stated.map_or(0.0, |s| s * f64::from(to.unwrap_or(rate)) * 1.01) as usize;
        let cap = usize::try_from(limits.max_bytes / 4)
            .unwrap_or(usize::MAX)
            .min(4 << 20)
            / n_planes.max(1);
        let reserve = hint.min(max_frames).min(cap);
        let (planes, streams) = match to {
            None => (
                (0..n_planes).map(|_| Vec::with_capacity(reserve)).collect(),
                None,
            ),
            Some(t) => (
                // Batch buffers grow as frames arrive: a header may claim hundreds of
                // channels, and nothing is reserved on its word alone.
                (0..n_planes).map(|_| Vec::new()).collect(),
                Some(
                    (0..n_planes)
                        .map(|_| Stream::new(rate, t, reserve))
                        .collect::<Result<Vec<_>>>()?,
                ),
            ),
        };
        Ok(Sink {
            planes,
            streams,
            hold,
            mono,
            channels,
            rate,
            to,
            frames: 0,
            max_frames,
            max_bytes: limits.max_bytes,
        })
    }

    /// Drops the frames past `frames` (at most `hold` of them once resampling).
    pub(super) fn truncate(&mut self, frames: usize) {
        let cut = self.frames.saturating_sub(frames);
        for p in &mut self.planes {
            p.truncate(p.len().saturating_sub(cut));
        }
        self.frames = self.frames.min(frames);
    }

    /// A decoded FFmpeg frame.
    pub(super) fn push(&mut self, frame: &frame::Audio, limits: &AudioLimits) -> Result<()> {
        let n = frame.samples();
        let fc = usize::from(frame.channels());
        self.check(n, fc, frame.rate(), limits)?;
        let fmt = frame.format();
        let planar = fmt.is_planar();
        // SAFETY: a decoded audio frame has `planes` entries in extended_data (one per
        // channel if planar, else one), each holding nb_samples samples of `fmt` for one
        // channel (planar) or all channels interleaved (packed), aligned for the sample type
        // (FFmpeg's buffers are at least 16-byte aligned).
        let ext = unsafe { (*frame.as_ptr()).extended_data };
        let len = if planar { n } else { n * fc };
        // SAFETY: as above, entry c (planar) or 0 (packed) of extended_data exists.
        let plane = |c: usize| unsafe { *ext.add(if planar { c } else { 0 }) };
        match fmt {
            Sample::U8(_) => self.put_frame::<u8>(n, planar, |c| plane(c).cast(), len),
            Sample::I16(_) => self.put_frame::<i16>(n, planar, |c| plane(c).cast(), len),
            Sample::I32(_) => self.put_frame::<i32>(n, planar, |c| plane(c).cast(), len),
            Sample::I64(_) => self.put_frame::<i64>(n, planar, |c| plane(c).cast(), len),
            Sample::F32(_) => self.put_frame::<f32>(n, planar, |c| plane(c).cast(), len),
            Sample::F64(_) => self.put_frame::<f64>(n, planar, |c| plane(c).cast(), len),
            Sample::None => Err(Error::decode("the decoder produced no sample format")),
        }?;
        self.finish_frame(n)
    }

    /// `n` frames whose channel c starts at `ptr(c)` (planar: `len` = n samples each; packed:
    /// one buffer of `len` = n * channels samples, read at every `channels`-th sample).
    fn put_frame<T: ToF32>(
        &mut self,
        n: usize,
        planar: bool,
        ptr: impl Fn(usize) -> *const T,
        len: usize,
    ) -> Result<()> {
        let fc = self.channels;
        for c in 0..fc {
            let p = ptr(c);
            if p.is_null() || !p.is_aligned() {
                return Err(Error::decode("the decoder gave a misaligned sample buffer"));
            }
            // SAFETY: per `push`, ptr(c) points at `len` initialised samples of type T (checked
            // non-null and aligned) that live as long as the frame, which outlives this call.
            let src = unsafe { std::slice::from_raw_parts(p, len) };
            if planar || fc == 1 {
                self.put_channel(c, n, src.iter().copied());
            } else {
                self.put_channel(c, n, src.iter().skip(c).step_by(fc).copied());
            }
        }
        Ok(())
    }

    /// Float samples interleaved over the stream's channels (libopus's output).
    pub(super) fn push_interleaved(&mut self, pcm: &[f32], limits: &AudioLimits) -> Result<()> {
        let fc = self.channels;
        let n = pcm.len() / fc;
        self.check(n, fc, self.rate, limits)?;
        if self.mono && fc == 2 {
            // Stereo to mono in one pass: (left + right) / 2, numpy's float32 mean.
            self.planes[0].extend(pcm.chunks_exact(2).map(|p| (p[0] + p[1]) / 2.0));
            return self.finish_frame(n);
        }
        for c in 0..fc {
            if fc == 1 {
                self.put_channel(c, n, pcm.iter().copied());
            } else {
                self.put_channel(c, n, pcm.iter().skip(c).step_by(fc).copied());
            }
        }
        self.finish_frame(n)
    }

    /// Channel `c` of the next `n` frames into its plane (or into the mixed-down one).
    #[inline(always)]
    fn put_channel<T: ToF32>(&mut self, c: usize, n: usize, src: impl Iterator<Item = T>) {
        let (p, op) = if !self.mono {
            (c, Op::Set)
        } else if c == 0 {
            (0, Op::Set)
        } else if c + 1 == self.channels {
            (0, Op::Last(self.channels as f32))
        } else {
            (0, Op::Add)
        };
        let plane = &mut self.planes[p];
        if matches!(op, Op::Set) {
            // Appended as converted: no zero fill first.
            plane.extend(src.take(n).map(ToF32::to_f32));
            return;
        }
        let start = plane.len() - n;
        put(&mut plane[start..], src, op);
    }

    /// Before taking `n` more frames of `fc` channels at `rate`: same format, within limits.
    fn check(&self, n: usize, fc: usize, rate: u32, limits: &AudioLimits) -> Result<()> {
        if fc != self.channels || rate != self.rate {
            return Err(Error::unsupported(format!(
                "the audio changes format mid-stream ({} ch {} Hz -> {fc} ch {rate} Hz)",
                self.channels, self.rate,
            )));
        }
        if self.frames + n > self.max_frames {
            let s = (self.frames + n) as f64 / f64::from(self.rate);
            return Err(Error::limit(format!(
                "decoded audio passed {s:.1} s, over the limits (max_duration_s={}, max_bytes={})",
                limits.max_duration_s, limits.max_bytes
            )));
        }
        if let Some(to) = self.to {
            // max_bytes bounds the resampled output too: upsampling a 1 Hz stream to 16 kHz
            // multiplied it 16,000-fold (found by fuzzing).
            let out = ((self.frames + n) as u128 * u128::from(to)).div_ceil(u128::from(self.rate));
            let need = out * self.planes.len() as u128 * 4;
            if need > u128::from(self.max_bytes) {
                return Err(Error::limit(format!(
                    "resampling {} Hz to {to} Hz gives {need} bytes of samples, over \
                     max_bytes={}",
                    self.rate, self.max_bytes
                )));
            }
        }
        Ok(())
    }

    fn finish_frame(&mut self, n: usize) -> Result<()> {
        self.frames += n;
        if self.streams.is_some() && self.planes[0].len() >= BATCH + self.hold {
            self.feed(self.hold)?;
        }
        Ok(())
    }

    /// Feeds each plane's samples but the last `keep` to its resampler.
    fn feed(&mut self, keep: usize) -> Result<()> {
        let Some(streams) = &mut self.streams else {
            return Ok(());
        };
        for (plane, s) in self.planes.iter_mut().zip(streams) {
            let k = plane.len().saturating_sub(keep);
            s.push(&plane[..k])?;
            plane.copy_within(k.., 0);
            plane.truncate(plane.len() - k);
        }
        Ok(())
    }

    /// The output planes and their rate.
    pub(super) fn finish(mut self) -> Result<(Vec<Vec<f32>>, u32)> {
        self.feed(0)?;
        match self.streams.take() {
            None => Ok((self.planes, self.rate)),
            Some(streams) => Ok((
                streams
                    .into_iter()
                    .map(Stream::finish)
                    .collect::<Result<_>>()?,
                self.to.unwrap_or(self.rate),
            )),
        }
    }
}
