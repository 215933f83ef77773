//! Demux with FFmpeg, decode with FFmpeg (or libopus for Opus, opus.rs) into float32 planes,
//! downmixing and resampling on the fly (sink.rs).

use ffmpeg::codec::packet;
use ffmpeg::codec::{self, Id};
use ffmpeg::{frame, media, Packet};
use ffmpeg_next as ffmpeg;

use super::sink::Sink;
use super::{Audio, AudioInfo, AudioLimits, OpusDecoder};
use crate::av::{map_error, unsupported_codec, MemInput};
use crate::error::{Error, Result};

/// The codecs served (the list plus close relatives). Everything else, even when
/// FFmpeg could decode it, is `UnsupportedFormat` naming the codec: a smaller attack surface.
fn supported(id: Id) -> bool {
    use Id::*;
    matches!(
        id,
        PCM_U8
            | PCM_S8
            | PCM_S16LE
            | PCM_S16BE
            | PCM_S24LE
            | PCM_S24BE
            | PCM_S32LE
            | PCM_S32BE
            | PCM_F32LE
            | PCM_F32BE
            | PCM_F64LE
            | PCM_F64BE
            | PCM_MULAW
            | PCM_ALAW
            | FLAC
            | ALAC
            | MP3
            | MP2
            | VORBIS
            | OPUS
            | AAC
            | AC3
            | EAC3
            | WMAV1
            | WMAV2
    )
}

/// What decodes the packets: FFmpeg's decoder, or libopus for Opus (opus.rs says why).
enum Engine {
    Ffmpeg(ffmpeg::decoder::Audio, frame::Audio),
    Opus(super::opus::OpusStream),
}

/// The libopus decoder for an Opus stream, from the codec context's OpusHead and channels.
fn opus_stream(ctx: &codec::Context) -> Result<super::opus::OpusStream> {
    // SAFETY: reading the extradata pointer/size and channel count of a context we own;
    // FFmpeg keeps extradata_size bytes at extradata when it is not null.
    let (head, channels) = unsafe {
        let c = ctx.as_ptr();
        let size = usize::try_from((*c).extradata_size).unwrap_or(0);
        let head = if (*c).extradata.is_null() {
            &[][..]
        } else {
            std::slice::from_raw_parts((*c).extradata, size)
        };
        (
            head,
            usize::try_from((*c).ch_layout.nb_channels).unwrap_or(0),
        )
    };
    super::opus::OpusStream::new(head, channels)
}

/// At most this many trailing samples are cut as AAC encoder padding (two frames).
const AAC_MAX_PADDING: i128 = 2048;

/// At most this many trailing samples are cut as Opus padding in MP4 (one 120 ms packet).
const OPUS_MAX_PADDING: i128 = 5760;

/// The demuxer's seek index is kept under this many bytes. Demuxers without an index of
/// their own (Ogg, MP3, FLAC...) add an entry for every packet, growing it by reallocation;
/// a decode never seeks, so FFmpeg's halving of the index past this size is all it costs.
const MAX_INDEX_BYTES: u32 = 4096;

/// Decoded duration below this share of what the container states means truncated input.
const TRUNCATED_SHARE: f64 = 0.95;

/// What a container may state beyond the samples a whole stream decodes to, in codec frames:
/// MP3's encoder delay and last-frame padding (FFmpeg counts them into an MP3's duration), a
/// CAF's last ALAC packet. Without it a short file decoded whole read as truncated (a 0.2 s
/// 8 kHz MP3 states 0.36 s; found by the audio fuzz seeds).
const STATED_PADDING_FRAMES: u32 = 4;

/// Decodes `data`; `to` asks for a sample rate, which the FFmpeg path resamples to as it
/// decodes (a PCM WAV comes back at its own rate, for the caller to resample).
pub(super) fn decode(
    data: &[u8],
    mono: bool,
    to: Option<u32>,
    opus: OpusDecoder,
    keep_padding: bool,
    strict: bool,
    limits: &AudioLimits,
) -> Result<Audio> {
    match super::wav::decode(data, mono, limits)? {
        Some(audio) => Ok(audio),
        None => decode_ffmpeg(data, mono, to, opus, keep_padding, strict, limits),
    }
}

/// Whether an Opus stream in this container goes to libopus (else FFmpeg's native decoder).
fn use_libopus(opus: OpusDecoder, input: &MemInput<'_>) -> bool {
    match opus {
        OpusDecoder::Libopus => true,
        OpusDecoder::Ffmpeg => false,
        // libsndfile opens Ogg only; librosa reads the rest through the ffmpeg CLI.
        OpusDecoder::Librosa => input.format().name() == "ogg",
    }
}

/// Any supported container and codec, through libavformat + libavcodec. `strict`: a corrupt
/// packet is an error instead of being skipped.
pub(super) fn decode_ffmpeg(
    data: &[u8],
    mono: bool,
    to: Option<u32>,
    opus: OpusDecoder,
    keep_padding: bool,
    strict: bool,
    limits: &AudioLimits,
) -> Result<Audio> {
    let mut input = MemInput::open(data)?;
    // SAFETY: a plain field of the open format context that `input` owns, read by
    // ff_reduce_index before each index insertion.
    unsafe { (*input.as_mut_ptr()).max_index_size = MAX_INDEX_BYTES };
    let (index, params, stated, stated_ticks) = {
        let stream = input
            .streams()
            .best(media::Type::Audio)
            .ok_or_else(|| Error::unsupported("no audio stream in the input"))?;
        let stated = stated_duration(&input, stream.duration(), stream.time_base());
        let tb = stream.time_base();
        (
            stream.index(),
            stream.parameters(),
            stated,
            (stream.duration(), tb),
        )
    };
    let id = params.id();
    if !supported(id) {
        return Err(unsupported_codec("audio", id));
    }
    let mut ctx = codec::Context::from_parameters(params)
        .map_err(|e| map_error(e, "reading the audio stream parameters"))?;
    if id == Id::FLAC {
        // FFmpeg's FLAC decoder interleaves its channels unless asked for planes (its own
        // layout): planes convert in one contiguous, vectorised pass (sink.rs).
        // SAFETY: setting a plain enum field of a codec context we own, before opening it.
        unsafe {
            (*ctx.as_mut_ptr()).request_sample_fmt =
                ffmpeg::ffi::AVSampleFormat::AV_SAMPLE_FMT_S16P;
        }
    }
    let mov = input.format().name().starts_with("mov,");
    let mut engine = if id == Id::OPUS && use_libopus(opus, &input) {
        Engine::Opus(opus_stream(&ctx)?)
    } else {
        let codec = if id == Id::OPUS {
            // The native one by name: FFmpeg may also list its libopus wrapper for Opus.
            codec::decoder::find_by_name("opus")
        } else {
            codec::decoder::find(id)
        }
        .ok_or_else(|| unsupported_codec("audio", id))?;
        let dec = ctx
            .decoder()
            .open_as(codec)
            .and_then(|d| d.audio())
            .map_err(|e| map_error(e, "opening the audio decoder"))?;
        Engine::Ffmpeg(dec, frame::Audio::empty())
    };
    let (rate, channels) = match &engine {
        Engine::Ffmpeg(dec, _) => (dec.rate(), dec.channels()),
        Engine::Opus(s) => (
            super::opus::RATE,
            u16::try_from(s.channels()).expect("an Opus header states at most 255 channels"),
        ),
    };
    if rate == 0 || channels == 0 {
        return Err(Error::decode(format!(
            "the {} stream states no sample rate or channel count",
            id.name()
        )));
    }
    if rate > super::MAX_SAMPLE_RATE {
        // No real recording is sampled this fast; a forged header is (found by fuzzing).
        return Err(Error::unsupported(format!(
            "the {} stream states {rate} Hz, over {} Hz",
            id.name(),
            super::MAX_SAMPLE_RATE
        )));
    }

    // Limits from the header, before decoding anything.
    let bytes_per_s = 4.0 * f64::from(rate) * f64::from(channels);
    let max_s = limits
        .max_duration_s
        .min(limits.max_bytes as f64 / bytes_per_s);
    if let Some(s) = stated {
        check_duration(s, limits, bytes_per_s, "the header states")?;
    }
    let max_frames = (max_s * f64::from(rate)).floor() as usize;

    // AAC's padding, and Opus's in MP4, is cut at the end (below): that many frames wait
    // before resampling.
    let max_padding = match id {
        _ if keep_padding => 0,
        Id::AAC => AAC_MAX_PADDING,
        Id::OPUS if mov => OPUS_MAX_PADDING,
        _ => 0,
    };
    let hold = max_padding as usize;
    let mut sink = Sink::new(
        mono,
        usize::from(channels),
        max_frames,
        stated,
        rate,
        to,
        hold,
        limits,
    )?;
    let mut bad_packets = 0usize;
    // Until the end of data, or a demuxer error past which nothing more can be read: decode
    // what came before; the truncation check below tells the two apart. A fresh Packet per
    // read: av_read_frame overwrites a packet without unreferencing it, so reusing one leaked
    // every packet's data but the last (~1 MB per decode of a 16 kHz WAV; found by fuzzing
    // with LeakSanitizer and by the soak's RSS check).
    loop {
        let mut packet = Packet::empty();
        if packet.read(&mut input).is_err() {
            break;
        }
        if packet.stream() != index {
            continue;
        }
        match &mut engine {
            Engine::Ffmpeg(dec, frame) => {
                if keep_padding && mov {
                    keep_end_padding(&mut packet);
                }
                if dec.send_packet(&packet).is_err() {
                    // A corrupt packet: skipped, like the ffmpeg CLI (and mpg123) do.
                    bad_packets += 1;
                    if strict {
                        return Err(corrupt(id));
                    }
                    continue;
                }
                drain(dec, frame, &mut sink, strict, id, limits)?;
            }
            Engine::Opus(s) => {
                let side = packet
                    .side_data()
                    .find(|d| d.kind() == packet::side_data::Type::SkipSamples);
                let side = side.as_ref().map(|d| d.data());
                match s.decode(packet.data().unwrap_or_default(), side) {
                    Ok(pcm) => sink.push_interleaved(pcm, limits)?,
                    Err(_) if strict => return Err(corrupt(id)),
                    Err(_) => bad_packets += 1,
                }
            }
        }
    }
    if let Engine::Ffmpeg(dec, frame) = &mut engine {
        // Flush the decoder's delayed frames (send_eof only fails if already flushed).
        let _ = dec.send_eof();
        drain(dec, frame, &mut sink, strict, id, limits)?;
    }

    // Encoder padding in MP4: AAC decodes to whole 1024-sample frames, Opus to whole packets;
    // the edit list (FFmpeg's stream duration) states how many samples are real. Priming at
    // the start was already skipped (the container's skip samples, Opus's pre-skip); cut the
    // padding at the end. librosa's ffmpeg CLI keeps it (up to a frame more samples).
    if max_padding > 0 && stated.is_some() {
        let (ticks, tb) = stated_ticks;
        let exact = (ticks as i128 * i128::from(tb.numerator()) * i128::from(rate))
            .checked_div(i128::from(tb.denominator()))
            .unwrap_or(0);
        let extra = sink.frames as i128 - exact;
        if exact > 0 && (1..=max_padding).contains(&extra) {
            sink.truncate(exact as usize);
        }
    }
    let frames = sink.frames;
    if frames == 0 {
        return Err(Error::decode(format!(
            "no {} audio could be decoded ({bad_packets} corrupt packets)",
            id.name()
        )));
    }
    let got_s = frames as f64 / f64::from(rate);
    let codec_frame = match &engine {
        Engine::Ffmpeg(dec, _) => dec.frame_size().max(1152),
        Engine::Opus(_) => 1152,
    };
    let padding_s = f64::from(STATED_PADDING_FRAMES * codec_frame) / f64::from(rate);
    if let Some(s) = stated {
        if got_s < s * TRUNCATED_SHARE - 0.05 - padding_s {
            return Err(Error::decode(format!(
                "truncated {} audio: the container states {s:.2} s, the data holds {got_s:.2} s",
                id.name()
            )));
        }
    }
    let (planes, out_rate) = sink.finish()?;
    Ok(Audio {
        info: AudioInfo {
            codec: id.name(),
            source_sample_rate: rate,
            source_channels: channels,
            sample_rate: out_rate,
            channels: planes.len() as u16,
            frames: planes.first().map_or(0, Vec::len),
        },
        planes,
    })
}

pub(super) fn check_duration(
    s: f64,
    limits: &AudioLimits,
    bytes_per_s: f64,
    how: &str,
) -> Result<()> {
    if s > limits.max_duration_s {
        return Err(Error::limit(format!(
            "{how} {s:.1} s of audio, over max_duration_s={}",
            limits.max_duration_s
        )));
    }
    let bytes = s * bytes_per_s;
    if bytes > limits.max_bytes as f64 {
        return Err(Error::limit(format!(
            "{how} {s:.1} s of audio ({:.0} MB as float32), over max_bytes={}",
            bytes / 1e6,
            limits.max_bytes
        )));
    }
    Ok(())
}

/// Clear the end trim of a packet's skip-samples side data: FFmpeg 9's MOV demuxer states
/// the edit list's end there, where FFmpeg 8 and older kept the padding. The start skip
/// stays, and so do other demuxers' end trims (MP3's LAME tag), which older FFmpeg honours.
fn keep_end_padding(packet: &mut Packet) {
    let mut size = 0usize;
    // SAFETY: the side data belongs to this packet, which we own; `size` bounds the write.
    unsafe {
        let p = ffmpeg::ffi::av_packet_get_side_data(
            packet::Mut::as_mut_ptr(packet),
            ffmpeg::ffi::AVPacketSideDataType::AV_PKT_DATA_SKIP_SAMPLES,
            &mut size,
        );
        if !p.is_null() && size >= 8 {
            std::ptr::write_bytes(p.add(4), 0, 4);
        }
    }
}

/// The duration the container itself states (stream header, Xing/LAME frame count, MP4
/// moov, WAV data size clamped to the input, last Ogg granule), in seconds. None when FFmpeg
/// only estimated it (from the bit rate) or nothing says.
fn stated_duration(input: &MemInput<'_>, duration: i64, tb: ffmpeg::Rational) -> Option<f64> {
    // SAFETY: reading a plain enum field of the open format context that `input` owns.
    let method = unsafe { (*input.as_ptr()).duration_estimation_method };
    if method != ffmpeg::ffi::AVDurationEstimationMethod::AVFMT_DURATION_FROM_STREAM {
        return None;
    }
    (duration > 0 && tb.denominator() > 0)
        .then(|| duration as f64 * f64::from(tb.numerator()) / f64::from(tb.denominator()))
}

/// Pulls every ready frame out of the decoder into `sink`.
fn drain(
    dec: &mut ffmpeg::decoder::Audio,
    frame: &mut frame::Audio,
    sink: &mut Sink,
    strict: bool,
    id: Id,
    limits: &AudioLimits,
) -> Result<()> {
    loop {
        match dec.receive_frame(frame) {
            Ok(()) => sink.push(frame, limits)?,
            Err(ffmpeg::Error::Eof) => return Ok(()),
            Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::error::EAGAIN => return Ok(()),
            Err(_) if strict => return Err(corrupt(id)),
            // A frame that failed to decode: skipped like a corrupt packet.
            Err(_) => return Ok(()),
        }
    }
}

fn corrupt(id: Id) -> Error {
    Error::decode(format!(
        "a corrupt {} packet (strict decoding refuses what it would skip)",
        id.name()
    ))
}
