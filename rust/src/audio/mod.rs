//! Audio: encoded bytes -> float32 samples with `librosa.load(path, sr=None, mono=True)`'s
//! semantics (what vLLM's `AudioMediaIO` returns): native rate, mono as the mean of the
//! channels, integer PCM scaled like libsndfile (divide by 2^(bits-1)), gapless MP3/AAC/Opus
//! (encoder delay and padding trimmed as the container says). Plain PCM WAV is converted
//! straight from its data chunk (wav.rs), everything else is demuxed by FFmpeg and decoded by
//! FFmpeg (decode.rs) or, for Opus, by a bundled libopus (opus.rs) where librosa would use
//! libopus (`OpusDecoder`).
//! `sample_rate` resamples with libsoxr's HQ recipe, as `librosa.resample(res_type="soxr_hq")`
//! does (resample.rs).

mod decode;
mod opus;
pub(crate) mod resample;
mod sink;
mod swr;
mod wav;

use crate::error::{Error, Result};

/// Bounds on one audio input.
#[derive(Clone, Debug)]
pub struct AudioLimits {
    /// Decoded duration, seconds: checked from the header where the container states it,
    /// and enforced while decoding.
    pub max_duration_s: f64,
    /// Bytes of decoded float32 output (every channel kept, before any resampling).
    pub max_bytes: u64,
    /// Bytes of encoded input (after base64 for data URLs).
    pub max_encoded_bytes: u64,
}

impl Default for AudioLimits {
    fn default() -> Self {
        AudioLimits {
            max_duration_s: 3600.0,
            max_bytes: 1 << 30,
            max_encoded_bytes: 1 << 30,
        }
    }
}

/// Which decoder turns Opus packets into samples. The two differ: FFmpeg's native decoder
/// resamples SILK frames to 48 kHz with its own filter, a fractional-sample phase away from
/// libopus (~27 dB SNR between them on a 32 kbit/s voice note; inaudible).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OpusDecoder {
    /// What `librosa.load` gives, container by container: libsndfile (libopus) reads Ogg
    /// Opus; every other container (WebM, Matroska, MP4) falls back to the ffmpeg CLI
    /// (audioread), whose default Opus decoder is FFmpeg's native one.
    #[default]
    Librosa,
    /// The bundled libopus 1.6 (opus.rs), in every container.
    Libopus,
    /// FFmpeg's native Opus decoder, in every container.
    Ffmpeg,
}

/// What resamples (and, with it, mixes down): libsoxr's HQ recipe and numpy's mean of the
/// channels (librosa's), or libswresample's defaults (torchcodec's and PyAV's, so SGLang's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Resampler {
    #[default]
    Soxr,
    Swresample,
}

#[derive(Clone, Debug, Default)]
pub struct AudioOptions {
    /// Resample to this rate (Hz); None keeps the native rate.
    pub sample_rate: Option<u32>,
    /// Mix down to one channel (the mean), as librosa's default.
    pub mono: bool,
    /// The Opus decoder (other codecs ignore it).
    pub opus_decoder: OpusDecoder,
    /// Keep the encoder's padding at the end of AAC (and Opus in MP4) that the container's
    /// edit list cuts: what FFmpeg's decoders alone return (torchcodec, vLLM 0.33).
    pub keep_padding: bool,
    /// Resampling and mixdown ([`Resampler`]).
    pub resampler: Resampler,
    /// A corrupt packet is a decode error (torchcodec's behaviour) instead of being skipped
    /// (the ffmpeg CLI's and mpg123's).
    pub strict: bool,
    pub limits: AudioLimits,
}

/// What was decoded (the Python `metadata` dict and the descriptor's shape).
#[derive(Clone, Debug, PartialEq)]
pub struct AudioInfo {
    /// FFmpeg's codec name ("mp3", "aac", "pcm_s16le"...).
    pub codec: &'static str,
    pub source_sample_rate: u32,
    pub source_channels: u16,
    /// Output rate and channel count.
    pub sample_rate: u32,
    pub channels: u16,
    /// Samples per channel in the output.
    pub frames: usize,
}

impl AudioInfo {
    /// Seconds of audio in the output.
    pub fn duration(&self) -> f64 {
        self.frames as f64 / f64::from(self.sample_rate)
    }
}

/// Decoded audio: `planes[c]` holds channel c's samples (librosa's `[C, N]`, one row each).
#[derive(Clone, Debug)]
pub struct Audio {
    pub planes: Vec<Vec<f32>>,
    pub info: AudioInfo,
}

impl Audio {
    /// Copies the samples channels-last (`[N, C]`, interleaved) into `dst`, which must hold
    /// exactly `frames * channels` floats.
    pub fn write_interleaved(&self, dst: &mut [f32]) {
        let c = self.planes.len();
        debug_assert_eq!(dst.len(), self.info.frames * c);
        if c == 1 {
            dst.copy_from_slice(&self.planes[0]);
            return;
        }
        for (ch, plane) in self.planes.iter().enumerate() {
            for (i, &x) in plane.iter().enumerate() {
                dst[i * c + ch] = x;
            }
        }
    }
}

/// The highest sample rate decoded or resampled to (768 kHz, the top of studio PCM).
pub const MAX_SAMPLE_RATE: u32 = 768_000;

/// Decodes `data` (any supported container) per `opts`.
pub fn decode_audio(data: &[u8], opts: &AudioOptions) -> Result<Audio> {
    if data.len() as u64 > opts.limits.max_encoded_bytes {
        return Err(Error::limit(format!(
            "encoded audio is {} bytes, over max_encoded_bytes={}",
            data.len(),
            opts.limits.max_encoded_bytes
        )));
    }
    if let Some(sr) = opts.sample_rate {
        if !(1..=MAX_SAMPLE_RATE).contains(&sr) {
            return Err(Error::decode(format!(
                "sample_rate must be between 1 and {MAX_SAMPLE_RATE} Hz, got {sr}"
            )));
        }
    }
    let swr = opts.resampler == Resampler::Swresample;
    // swresample takes every channel at the native rate and does both steps itself.
    let (mono, rate) = match swr {
        true => (false, None),
        false => (opts.mono, opts.sample_rate),
    };
    let mut audio = decode::decode(
        data,
        mono,
        rate,
        opts.opus_decoder,
        opts.keep_padding,
        opts.strict,
        &opts.limits,
    )?;
    let from = audio.info.sample_rate;
    let sr = opts.sample_rate.unwrap_or(from);
    let out_ch = if opts.mono { 1 } else { audio.planes.len() };
    if sr == from && (!swr || out_ch == audio.planes.len()) {
        return Ok(audio);
    }
    // max_bytes bounds the resampled output too: upsampling a 1 Hz stream to 16 kHz
    // multiplied it 16,000-fold (found by fuzzing).
    let frames = (audio.info.frames as u128 * u128::from(sr)).div_ceil(u128::from(from));
    let need = frames * out_ch.min(audio.planes.len()) as u128 * 4;
    if need > u128::from(opts.limits.max_bytes) {
        return Err(Error::limit(format!(
            "resampling {from} Hz to {sr} Hz gives {need} bytes of samples, over max_bytes={}",
            opts.limits.max_bytes
        )));
    }
    if swr {
        audio.planes = swr::convert(&audio.planes, from, sr, out_ch)?;
        audio.info.channels = out_ch as u16;
    } else {
        for plane in &mut audio.planes {
            *plane = resample::resample(plane, from, sr)?;
        }
    }
    audio.info.sample_rate = sr;
    audio.info.frames = audio.planes.first().map_or(0, Vec::len);
    Ok(audio)
}

#[cfg(test)]
mod tests;
