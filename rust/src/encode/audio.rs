//! Audio tracks for encoded clips (`encode_video(..., audio=(samples, rate))`).
//!
//! - **Opus** (the default; WebM and MP4): libopus 1.6 from `opusic-sys`, the library the
//!   decoder already builds from source, at 48 kHz (other rates are resampled with libsoxr
//!   first, as the decoder resamples), 20 ms frames, 64 kbit/s per channel, with the
//!   encoder's look-ahead as the OpusHead pre-skip.
//! - **AAC** (MP4 only, when asked): FFmpeg's native `aac` encoder at the track's own rate,
//!   128 kbit/s per channel pair.
//!
//! The track is cut or padded with silence to the video's duration (`frames / fps`), so the
//! two streams end together; then the encoded video is remuxed with it by libavformat (MP4
//! with `moov` first, through a private temporary file as in `video::mux`).

use std::ffi::c_int;
use std::path::PathBuf;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};

use ffmpeg_next as ffmpeg;
use ffmpeg_next::ffi;
use opusic_sys as opus;

use super::video::Container;
use crate::av::{map_error, MemInput};
use crate::error::{Error, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AudioCodec {
    Opus,
    Aac,
}

impl AudioCodec {
    pub fn parse(name: &str) -> Result<Self> {
        match name.to_ascii_lowercase().as_str() {
            "opus" => Ok(AudioCodec::Opus),
            "aac" => Ok(AudioCodec::Aac),
            _ => Err(Error::unsupported(format!(
                "audio codec must be 'opus' or 'aac', not {name:?}"
            ))),
        }
    }
}

/// Interleaved float samples in `[-1, 1]`, `channels` per frame.
pub struct AudioTrack<'a> {
    pub samples: &'a [f32],
    pub channels: usize,
    pub rate: u32,
}

pub const MIN_RATE: u32 = 8_000;
pub const MAX_RATE: u32 = 192_000;
const OPUS_RATE: u32 = 48_000;
const OPUS_FRAME: usize = 960;

/// One encoded audio packet; timestamps in `1 / rate`.
struct APacket {
    data: Vec<u8>,
    pts: i64,
    duration: i64,
}

/// An encoded track: packets and how to describe the stream to the muxer.
struct Encoded {
    packets: Vec<APacket>,
    rate: u32,
    channels: usize,
    /// Opus: the OpusHead; AAC: the encoder's parameters are copied instead.
    extradata: Vec<u8>,
    initial_padding: i64,
    aac: Option<ffmpeg::encoder::Audio>,
}

fn check(track: &AudioTrack, codec: AudioCodec, container: Container) -> Result<()> {
    if !(1..=2).contains(&track.channels) {
        return Err(Error::unsupported(format!(
            "audio tracks are mono or stereo, not {} channels",
            track.channels
        )));
    }
    if !(MIN_RATE..=MAX_RATE).contains(&track.rate) {
        return Err(Error::config(format!(
            "audio sample rate must be {MIN_RATE}..={MAX_RATE} Hz, not {}",
            track.rate
        )));
    }
    if track.samples.is_empty() || !track.samples.len().is_multiple_of(track.channels) {
        return Err(Error::decode("the audio track holds no whole samples"));
    }
    if track.samples.iter().any(|x| !x.is_finite()) {
        return Err(Error::decode("the audio track holds NaN or infinity"));
    }
    if container == Container::Webm && codec == AudioCodec::Aac {
        return Err(Error::unsupported(
            "WebM holds Opus audio, not AAC: use audio_codec='opus' or container='mp4'",
        ));
    }
    Ok(())
}

/// Planar channels of exactly `len` samples each: cut, or padded with silence.
fn fit(track: &AudioTrack, len: usize) -> Vec<Vec<f32>> {
    (0..track.channels)
        .map(|c| {
            let mut ch: Vec<f32> = track
                .samples
                .iter()
                .skip(c)
                .step_by(track.channels)
                .take(len)
                .copied()
                .collect();
            ch.resize(len, 0.0);
            ch
        })
        .collect()
}

/// Samples per channel of the track fitted to `duration` s, checked before anything is
/// allocated: its float PCM, at the track's rate or Opus's 48 kHz (the larger), must fit in
/// `max_pcm_bytes`. A clip of a few frames at a tiny frame rate lasts hours, and its
/// silence would otherwise be allocated in full (1 frame at 0.01 fps with 192 kHz stereo: 154 MB).
fn fitted_len(
    duration: f64,
    track: &AudioTrack,
    codec: AudioCodec,
    max_pcm_bytes: u64,
) -> Result<usize> {
    if !(duration.is_finite() && duration > 0.0) {
        return Err(Error::config(format!(
            "the video's duration must be positive and finite, not {duration}"
        )));
    }
    let len = (duration * f64::from(track.rate)).round().max(1.0);
    let rate = match codec {
        AudioCodec::Opus => track.rate.max(OPUS_RATE),
        AudioCodec::Aac => track.rate,
    };
    let pcm = duration * f64::from(rate) * track.channels as f64 * 4.0;
    if pcm > max_pcm_bytes as f64 {
        return Err(Error::limit(format!(
            "an audio track of {duration:.3} s ({} channel(s) at {rate} Hz) needs {pcm:.0} bytes \
             of samples, over the limit of {max_pcm_bytes}",
            track.channels
        )));
    }
    Ok(len as usize)
}

/// Adds `track` to `video` (an MP4 or WebM with one video stream lasting `duration` s).
/// `max_pcm_bytes` bounds the float samples of the track cut or padded to `duration`
/// ([`fitted_len`]); `max_bytes` the output.
pub fn add_audio(
    video: &[u8],
    container: Container,
    duration: f64,
    track: &AudioTrack,
    codec: AudioCodec,
    max_pcm_bytes: u64,
    max_bytes: u64,
) -> Result<Vec<u8>> {
    check(track, codec, container)?;
    let len = fitted_len(duration, track, codec, max_pcm_bytes)?;
    let planes = fit(track, len);
    let enc = match codec {
        AudioCodec::Opus => encode_opus(&planes, track.rate)?,
        AudioCodec::Aac => encode_aac(&planes, track.rate)?,
    };
    remux(video, container, &enc, max_bytes)
}

// ---- Opus -----------------------------------------------------------------------------

struct OpusEnc(NonNull<opus::OpusEncoder>);

impl Drop for OpusEnc {
    fn drop(&mut self) {
        // SAFETY: created by opus_encoder_create, destroyed once.
        unsafe { opus::opus_encoder_destroy(self.0.as_ptr()) }
    }
}

fn opus_err(code: c_int, what: &str) -> Error {
    // SAFETY: opus_strerror returns a static NUL-terminated string for any code.
    let msg = unsafe { std::ffi::CStr::from_ptr(opus::opus_strerror(code)) }.to_string_lossy();
    Error::decode(format!("Opus {what}: {msg}"))
}

fn encode_opus(planes: &[Vec<f32>], rate: u32) -> Result<Encoded> {
    let ch = planes.len();
    let planes: Vec<Vec<f32>> = if rate == OPUS_RATE {
        planes.to_vec()
    } else {
        planes
            .iter()
            .map(|p| crate::audio::resample::resample(p, rate, OPUS_RATE))
            .collect::<Result<_>>()?
    };
    let n = planes[0].len();
    let mut err: c_int = 0;
    // SAFETY: plain constructor; returns null and sets `err` on failure.
    let raw = unsafe {
        opus::opus_encoder_create(
            OPUS_RATE as i32,
            ch as c_int,
            opus::OPUS_APPLICATION_AUDIO,
            &mut err,
        )
    };
    let enc = OpusEnc(NonNull::new(raw).ok_or_else(|| opus_err(err, "encoder setup"))?);
    let mut lookahead: i32 = 0;
    // SAFETY: the encoder is live; each ctl takes the documented argument type.
    unsafe {
        let rc = opus::opus_encoder_ctl(
            enc.0.as_ptr(),
            opus::OPUS_SET_BITRATE_REQUEST,
            64_000 * ch as i32,
        );
        if rc != opus::OPUS_OK {
            return Err(opus_err(rc, "bitrate"));
        }
        let rc = opus::opus_encoder_ctl(
            enc.0.as_ptr(),
            opus::OPUS_GET_LOOKAHEAD_REQUEST,
            &mut lookahead as *mut i32,
        );
        if rc != opus::OPUS_OK {
            return Err(opus_err(rc, "look-ahead"));
        }
    }
    let pre_skip = lookahead.max(0) as usize;
    // The input followed by `pre_skip` samples of silence, so the decoder, which drops the
    // first `pre_skip` samples, still gets all `n`; then whole frames.
    let total = (n + pre_skip).div_ceil(OPUS_FRAME) * OPUS_FRAME;
    let mut pcm = vec![0f32; total * ch];
    for (c, p) in planes.iter().enumerate() {
        for (i, x) in p.iter().enumerate() {
            pcm[i * ch + c] = *x;
        }
    }
    let mut packets = Vec::with_capacity(total / OPUS_FRAME);
    let mut buf = vec![0u8; 4000];
    for (k, frame) in pcm.chunks_exact(OPUS_FRAME * ch).enumerate() {
        // SAFETY: `frame` holds OPUS_FRAME interleaved samples per channel; `buf` has room
        // for the byte count passed.
        let len = unsafe {
            opus::opus_encode_float(
                enc.0.as_ptr(),
                frame.as_ptr(),
                OPUS_FRAME as c_int,
                buf.as_mut_ptr(),
                buf.len() as i32,
            )
        };
        if len < 0 {
            return Err(opus_err(len, "encoding"));
        }
        packets.push(APacket {
            data: buf[..len as usize].to_vec(),
            pts: (k * OPUS_FRAME) as i64 - pre_skip as i64,
            duration: OPUS_FRAME as i64,
        });
    }
    // The last packet ends where the input does: muxers trim the padding after it (MP4's
    // edit list, Matroska's block duration), so the track lasts exactly `n` samples.
    if let Some(last) = packets.last_mut() {
        last.duration = (n as i64 - last.pts).clamp(1, OPUS_FRAME as i64);
    }
    // OpusHead (RFC 7845): version 1, channels, pre-skip, input rate, gain 0, family 0.
    let mut head = b"OpusHead".to_vec();
    head.push(1);
    head.push(ch as u8);
    head.extend_from_slice(&(pre_skip as u16).to_le_bytes());
    head.extend_from_slice(&rate.to_le_bytes());
    head.extend_from_slice(&0i16.to_le_bytes());
    head.push(0);
    Ok(Encoded {
        packets,
        rate: OPUS_RATE,
        channels: ch,
        extradata: head,
        initial_padding: pre_skip as i64,
        aac: None,
    })
}

// ---- AAC ------------------------------------------------------------------------------

fn encode_aac(planes: &[Vec<f32>], rate: u32) -> Result<Encoded> {
    crate::av::init();
    let ch = planes.len();
    let codec = ffmpeg::encoder::find_by_name("aac")
        .ok_or_else(|| Error::unsupported("this FFmpeg build has no AAC encoder"))?;
    let mut ctx = ffmpeg::codec::Context::new_with_codec(codec)
        .encoder()
        .audio()
        .map_err(|e| map_error(e, "setting up the AAC encoder"))?;
    let layout = ffmpeg::ChannelLayout::default(ch as i32);
    ctx.set_rate(rate as i32);
    ctx.set_channel_layout(layout);
    ctx.set_format(ffmpeg::format::Sample::F32(
        ffmpeg::format::sample::Type::Planar,
    ));
    ctx.set_bit_rate(64_000 * ch);
    ctx.set_time_base(ffmpeg::Rational::new(1, rate as i32));
    ctx.set_flags(ffmpeg::codec::Flags::GLOBAL_HEADER);
    // The "fast" coder, not FFmpeg's default "twoloop": at 64 kbit/s per channel and up it
    // is both closer to the input and about twice as fast (docs/encoding.md, AAC: a 440 Hz
    // tone round-trips at 18 dB with twoloop); FFmpeg made it the default in 2018 for that
    // reason (commit fcb681ac), though the default is twoloop again today.
    let mut opts = ffmpeg::Dictionary::new();
    opts.set("aac_coder", "fast");
    let mut enc = ctx
        .open_with(opts)
        .map_err(|e| map_error(e, &format!("opening the AAC encoder at {rate} Hz")))?;
    let fs = (enc.frame_size() as usize).max(1);
    let n = planes[0].len();
    let mut packets = Vec::new();
    let drain = |enc: &mut ffmpeg::encoder::Audio, out: &mut Vec<APacket>| -> Result<()> {
        let mut pkt = ffmpeg::Packet::empty();
        loop {
            match enc.receive_packet(&mut pkt) {
                Ok(()) => out.push(APacket {
                    data: pkt.data().unwrap_or_default().to_vec(),
                    pts: pkt.pts().unwrap_or(0),
                    duration: pkt.duration(),
                }),
                Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::error::EAGAIN => {
                    return Ok(())
                }
                Err(ffmpeg::Error::Eof) => return Ok(()),
                Err(e) => return Err(map_error(e, "AAC encoding")),
            }
        }
    };
    for start in (0..n).step_by(fs) {
        let m = fs.min(n - start);
        let mut frame = ffmpeg::frame::Audio::new(
            ffmpeg::format::Sample::F32(ffmpeg::format::sample::Type::Planar),
            m,
            layout,
        );
        frame.set_rate(rate);
        frame.set_pts(Some(start as i64));
        for (c, p) in planes.iter().enumerate() {
            frame.plane_mut::<f32>(c)[..m].copy_from_slice(&p[start..start + m]);
        }
        enc.send_frame(&frame)
            .map_err(|e| map_error(e, "AAC encoding"))?;
        drain(&mut enc, &mut packets)?;
    }
    enc.send_eof().map_err(|e| map_error(e, "AAC encoding"))?;
    drain(&mut enc, &mut packets)?;
    Ok(Encoded {
        packets,
        rate,
        channels: ch,
        extradata: Vec::new(),
        initial_padding: 0,
        aac: Some(enc),
    })
}

// ---- muxing ---------------------------------------------------------------------------

/// A temporary file removed on drop (also when muxing fails half-way).
struct TempFile(PathBuf);

impl TempFile {
    fn new(ext: &str) -> Self {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let name = format!("fastmedia-encode-av-{}-{n}.{ext}", std::process::id());
        TempFile(std::env::temp_dir().join(name))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// # Safety
/// `par` must point to a live `AVCodecParameters` with no extradata.
unsafe fn set_opus_par(par: *mut ffi::AVCodecParameters, enc: &Encoded) -> Result<()> {
    let pad = ffi::AV_INPUT_BUFFER_PADDING_SIZE as usize;
    // SAFETY: per the contract; av_mallocz returns null or `len + pad` zeroed bytes.
    unsafe {
        let p = &mut *par;
        p.codec_type = ffi::AVMediaType::AVMEDIA_TYPE_AUDIO;
        p.codec_id = ffi::AVCodecID::AV_CODEC_ID_OPUS;
        p.sample_rate = enc.rate as i32;
        ffi::av_channel_layout_default(&mut p.ch_layout, enc.channels as c_int);
        p.initial_padding = enc.initial_padding as c_int;
        let buf = ffi::av_mallocz(enc.extradata.len() + pad) as *mut u8;
        if buf.is_null() {
            return Err(Error::limit("could not allocate codec extradata"));
        }
        std::ptr::copy_nonoverlapping(enc.extradata.as_ptr(), buf, enc.extradata.len());
        p.extradata = buf;
        p.extradata_size = enc.extradata.len() as c_int;
    }
    Ok(())
}

fn remux(video: &[u8], container: Container, enc: &Encoded, max_bytes: u64) -> Result<Vec<u8>> {
    let io = |e| map_error(e, "muxing the audio track");
    let mut input = MemInput::open_headers(video)?;
    let (vidx, vtb, vpar) = {
        let st = input
            .streams()
            .best(ffmpeg::media::Type::Video)
            .ok_or_else(|| Error::decode("the encoded clip has no video stream"))?;
        (st.index(), st.time_base(), st.parameters())
    };
    let (fmt, ext) = match container {
        Container::Mp4 => ("mp4", "mp4"),
        Container::Webm => ("webm", "webm"),
    };
    let tmp = TempFile::new(ext);
    let mut octx = ffmpeg::format::output_as(&tmp.0, fmt).map_err(io)?;
    let fps = {
        let st = input.stream(vidx).expect("index from best()");
        st.avg_frame_rate()
    };
    {
        let mut st = octx.add_stream(None::<ffmpeg::Codec>).map_err(io)?;
        st.set_parameters(vpar);
        st.set_time_base(vtb);
        st.set_avg_frame_rate(fps);
        // SAFETY: the stream's codecpar is live; a zero tag lets the muxer choose its own.
        unsafe { (*(*st.as_mut_ptr()).codecpar).codec_tag = 0 };
    }
    let atb = ffmpeg::Rational::new(1, enc.rate as i32);
    {
        let mut st = octx.add_stream(None::<ffmpeg::Codec>).map_err(io)?;
        st.set_time_base(atb);
        // SAFETY: the stream was just created, its codecpar allocated and empty.
        let par = unsafe { (*st.as_mut_ptr()).codecpar };
        match &enc.aac {
            // SAFETY: the AAC encoder is open; `par` is live.
            Some(a) => unsafe {
                let rc = ffi::avcodec_parameters_from_context(par, a.as_ptr());
                if rc < 0 {
                    return Err(io(ffmpeg::Error::from(rc)));
                }
            },
            // SAFETY: `par` is live and empty.
            None => unsafe { set_opus_par(par, enc)? },
        }
    }
    // SAFETY: the output context is live; Opus in MP4 was "experimental" in older FFmpeg.
    unsafe { (*octx.as_mut_ptr()).strict_std_compliance = -2 };
    let mut opts = ffmpeg::Dictionary::new();
    if container == Container::Mp4 {
        opts.set("movflags", "+faststart");
    }
    octx.write_header_with(opts).map_err(io)?;
    let vstb = octx.stream(0).map(|s| s.time_base()).unwrap_or(vtb);
    let astb = octx.stream(1).map(|s| s.time_base()).unwrap_or(atb);
    let mut audio = enc.packets.iter().peekable();
    let write_audio = |p: &APacket, octx: &mut ffmpeg::format::context::Output| -> Result<()> {
        let mut pkt = ffmpeg::Packet::copy(&p.data);
        pkt.set_stream(1);
        let ts = ffmpeg::Rescale::rescale(&p.pts, atb, astb);
        pkt.set_pts(Some(ts));
        pkt.set_dts(Some(ts));
        pkt.set_duration(ffmpeg::Rescale::rescale(&p.duration, atb, astb));
        pkt.set_flags(ffmpeg::packet::Flags::KEY);
        pkt.write_interleaved(octx).map_err(io)
    };
    for (st, mut pkt) in input.packets() {
        if st.index() != vidx {
            continue;
        }
        // Audio that starts before this video packet goes first (interleaving).
        let vt = pkt.dts().or(pkt.pts()).unwrap_or(0);
        let vsec = vt as f64 * f64::from(vtb);
        while let Some(a) = audio.next_if(|a| (a.pts as f64 / f64::from(enc.rate)) <= vsec) {
            write_audio(a, &mut octx)?;
        }
        pkt.rescale_ts(vtb, vstb);
        pkt.set_stream(0);
        pkt.set_position(-1);
        pkt.write_interleaved(&mut octx).map_err(io)?;
    }
    for a in audio {
        write_audio(a, &mut octx)?;
    }
    octx.write_trailer().map_err(io)?;
    drop(octx);
    let len = std::fs::metadata(&tmp.0)
        .map_err(|e| Error::decode(format!("reading the muxed file back: {e}")))?
        .len();
    super::image::check_output(len as usize, max_bytes)?;
    std::fs::read(&tmp.0).map_err(|e| Error::decode(format!("reading the muxed file back: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::video::{encode_video, Codec, VideoOptions};

    fn clip(container: Container, codec: &str) -> Option<Vec<u8>> {
        let (t, h, w) = (8, 32, 48);
        let rgb: Vec<u8> = (0..t * h * w * 3).map(|i| (i % 253) as u8).collect();
        let o = VideoOptions {
            codec: Codec::parse(codec).ok()?,
            container,
            fps: 16.0,
            quality: None,
            max_output_bytes: u64::MAX,
            codec_threads: 1,
        };
        encode_video(&rgb, t, h, w, &o).ok().map(|v| v.data)
    }

    fn tone(n: usize, ch: usize) -> Vec<f32> {
        (0..n * ch)
            .map(|i| (((i / ch) as f32) * 0.05).sin() * 0.5)
            .collect()
    }

    #[test]
    fn opus_and_aac_in_mp4() {
        let v = clip(Container::Mp4, "h264").unwrap();
        let s = tone(24_000, 2);
        let t = AudioTrack {
            samples: &s,
            channels: 2,
            rate: 48_000,
        };
        for codec in [AudioCodec::Opus, AudioCodec::Aac] {
            let out = add_audio(&v, Container::Mp4, 0.5, &t, codec, u64::MAX, u64::MAX).unwrap();
            let mut m = MemInput::open(&out).unwrap();
            assert_eq!(m.streams().count(), 2, "{codec:?}");
            assert!(m.packets().count() > 8);
        }
    }

    #[test]
    fn typed_errors() {
        let v = clip(Container::Mp4, "h264").unwrap();
        let s = tone(100, 3);
        let mut t = AudioTrack {
            samples: &s,
            channels: 3,
            rate: 48_000,
        };
        let e = add_audio(
            &v,
            Container::Mp4,
            0.5,
            &t,
            AudioCodec::Opus,
            u64::MAX,
            u64::MAX,
        );
        assert!(matches!(e, Err(Error::UnsupportedFormat(_))));
        t.channels = 1;
        t.rate = 100;
        let e = add_audio(
            &v,
            Container::Mp4,
            0.5,
            &t,
            AudioCodec::Opus,
            u64::MAX,
            u64::MAX,
        );
        assert!(matches!(e, Err(Error::Config(_))));
        t.rate = 16_000;
        let e = add_audio(
            &v,
            Container::Webm,
            0.5,
            &t,
            AudioCodec::Aac,
            u64::MAX,
            u64::MAX,
        );
        assert!(matches!(e, Err(Error::UnsupportedFormat(_))));
        let e = add_audio(&v, Container::Mp4, 0.5, &t, AudioCodec::Opus, u64::MAX, 100);
        assert!(matches!(e, Err(Error::LimitExceeded(_))));
        // A clip of a few frames at a tiny frame rate lasts hours: its silence is refused
        // before it is allocated (the encode fuzz target's first finding: 1 frame at 0.01
        // fps padded 100 s of 192 kHz stereo, a 269 MB peak; 1e9 s would ask for 192 TB).
        let e = add_audio(
            &v,
            Container::Mp4,
            1e9,
            &t,
            AudioCodec::Opus,
            1 << 30,
            u64::MAX,
        );
        assert!(matches!(e, Err(Error::LimitExceeded(_))), "{e:?}");
        let e = add_audio(
            &v,
            Container::Mp4,
            100.0,
            &t,
            AudioCodec::Aac,
            1 << 20,
            u64::MAX,
        );
        assert!(matches!(e, Err(Error::LimitExceeded(_))), "{e:?}");
        for d in [f64::NAN, f64::INFINITY, 0.0, -1.0] {
            let e = add_audio(
                &v,
                Container::Mp4,
                d,
                &t,
                AudioCodec::Opus,
                1 << 30,
                u64::MAX,
            );
            assert!(matches!(e, Err(Error::Config(_))), "{d}: {e:?}");
        }
        let nan = [f32::NAN; 4];
        t.samples = &nan;
        let e = add_audio(
            &v,
            Container::Mp4,
            0.5,
            &t,
            AudioCodec::Opus,
            u64::MAX,
            u64::MAX,
        );
        assert!(matches!(e, Err(Error::Decode(_))));
    }
}
