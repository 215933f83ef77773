//! The encoder's invariants (issue 21), for the `encode` fuzz target and the regression
//! replay: frames in (`frames::to_rgb24`: dtype, shape, layout, value range, `Limits`), then
//! PNG/JPEG/WebP, animated WebP/GIF, an MP4/WebM (OpenH264, rav1e, FFmpeg encoder names),
//! optionally with an Opus/AAC track, or a fragmented-MP4 stream. Every parameter comes
//! from the fuzz input ([`Case::parse`]), sizes stay tiny (at most 4 frames of 64x64).
//!
//! Asserted: no panic (contained or not); only typed errors (`Decode`, `LimitExceeded`,
//! `UnsupportedFormat`, `Config`); an `Ok` output is non-empty, within `max_bytes`, and
//! decodes with fastmedia's own decoders to the size encoded (a PNG, or a lossless WebP, to
//! the very pixels); the Rust heap's peak stays under [`HEAP_BOUND`]. C allocations
//! (libwebp, libjpeg-turbo, OpenH264, libopus, FFmpeg) are bounded by `-malloc_limit_mb`.

use fastmedia::encode::anim::{encode_animation, AnimFormat};
use fastmedia::encode::audio::{add_audio, AudioCodec, AudioTrack};
use fastmedia::encode::frames::{to_rgb24, Layout, Rgb24, Samples, ValueRange};
use fastmedia::encode::image::{encode_image, ImageFormat};
use fastmedia::encode::video::stream::VideoStream;
use fastmedia::encode::video::{encode_video, Codec, Container, VideoOptions};
use fastmedia::video::{decode_video_vec, Request, VideoOptions as DecodeOptions};
use fastmedia::{decode_vec, Channels, Error, Limits, Options};

use fastmedia::Result;

use super::invariants::{ffmpeg_cap, one_thread, peak_during};

/// The most Rust heap one case may hold at its peak: frames of at most 48 KiB, encoders'
/// state for 64x64 frames (rav1e's is the largest: 1.9 MB for 2 frames of 16x24) and
/// outputs of a few KB; an allocation
/// scaled by an untrusted number (a frame rate, a duration) passes it.
pub const HEAP_BOUND: usize = 8 << 20;

/// What to do with the frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Image(ImageFormat),
    Anim(AnimFormat),
    Video,
    VideoAudio,
    Stream,
}

/// Frame rates to try: usual, fractional, the bounds and past them, and non-finite.
const FPS: [f64; 16] = [
    16.0,
    24.0,
    30.0,
    29.970_029_97,
    12.5,
    1.0,
    50.0,
    50.5,
    1000.0,
    1000.5,
    0.5,
    0.01,
    1e-9,
    0.0,
    -1.0,
    f64::NAN,
];

/// Output bounds: none, a few that every format passes or fails, and zero.
const MAX_BYTES: [u64; 8] = [u64::MAX, 1 << 20, 100_000, 10_000, 1_000, 100, 1, 0];

/// Codec names: the two built from source (every build), FFmpeg names the bundled build
/// lacks (a typed `UnsupportedFormat`), and nonsense.
const CODECS: [&str; 8] = [
    "h264",
    "av1",
    "vp9",
    "libx264",
    "openh264",
    "rav1e",
    "hevc_nvenc",
    "nonsense",
];

const RATES: [u32; 8] = [
    48_000, 16_000, 44_100, 8_000, 192_000, 22_050, 7_999, 192_001,
];

/// One fuzz case, from the input's first [`HEADER`] bytes; the rest are the samples.
#[derive(Clone, Debug)]
pub struct Case {
    pub op: Op,
    pub layout: Layout,
    pub range: ValueRange,
    /// 0: u8, 1: f32, 2: f64.
    pub dtype: u8,
    /// Floats from their raw bits (NaN, infinities, huge), else mapped from bytes to about
    /// the range.
    pub raw_floats: bool,
    pub shape: Vec<usize>,
    /// Samples one short or one over what the shape needs.
    pub len_delta: isize,
    /// The encoder is called with these sizes instead of the frames' (a caller's mistake).
    pub lie: Option<(usize, usize, usize)>,
    pub quality: Option<u8>,
    pub fps: f64,
    pub max_bytes: u64,
    pub codec: &'static str,
    pub container: Container,
    pub threads: usize,
    pub limits: Limits,
    pub loops: u16,
    pub audio_channels: usize,
    pub audio_rate: u32,
    pub audio_codec: AudioCodec,
    pub audio_len: usize,
    /// Stream: frames in the first write (the rest in a second).
    pub split: usize,
}

pub const HEADER: usize = 12;

/// Tight limits: at most 4 frames of 64x64 (48 KiB of RGB); the selector tightens them.
pub fn encode_limits(sel: u8) -> Limits {
    Limits {
        max_width: (sel & 1 != 0).then_some(32),
        max_height: (sel & 2 != 0).then_some(16),
        max_pixels: Some(if sel & 4 != 0 { 1000 } else { 64 * 64 }),
        max_alloc: 1 << 20,
        max_encoded_bytes: 1 << 20,
        max_video_bytes: if sel & 8 != 0 {
            10_000
        } else {
            4 * 64 * 64 * 3
        },
        max_video_frames: if sel & 16 != 0 { 2 } else { 4 },
    }
}

impl Case {
    pub fn parse(data: &[u8]) -> Option<(Case, &[u8])> {
        if data.len() < HEADER {
            return None;
        }
        let (h, rest) = data.split_at(HEADER);
        let op = match h[0] % 8 {
            0 => Op::Image(ImageFormat::Png),
            1 => Op::Image(ImageFormat::Jpeg),
            2 => Op::Image(ImageFormat::Webp),
            3 => Op::Anim(AnimFormat::Webp),
            4 => Op::Anim(AnimFormat::Gif),
            5 => Op::Video,
            6 => Op::VideoAudio,
            _ => Op::Stream,
        };
        let layout = match (h[1] >> 2) & 3 {
            1 => Layout::Tchw,
            2 => Layout::Bcthw,
            _ => Layout::Thwc,
        };
        // Images take one frame; the rest at most 4 (0 is a typed error).
        let t = if matches!(op, Op::Image(_)) {
            usize::from(h[2] % 8 == 0) ^ 1
        } else {
            usize::from(h[2] % 5)
        };
        let (fh, fw) = (usize::from(h[3] % 65), usize::from(h[4] % 65));
        let shape = if h[1] & 0x40 != 0 {
            // A shape that may not fit the layout: rank 3 to 6, sides 0 to 4.
            let rank = 3 + usize::from(h[11] % 4);
            (0..rank)
                .map(|i| usize::from((h[5 + i] >> 3) % 5))
                .collect()
        } else {
            match layout {
                Layout::Thwc => vec![t, fh, fw, 3],
                Layout::Tchw => vec![t, 3, fh, fw],
                Layout::Bcthw => vec![1, 3, t, fh, fw],
            }
        };
        let quality = (h[5] < 200).then_some(h[5] % 128);
        Some((
            Case {
                op,
                layout,
                range: if h[1] & 0x10 != 0 {
                    ValueRange::Signed
                } else {
                    ValueRange::Unit
                },
                dtype: (h[1] & 3) % 3,
                raw_floats: h[1] & 0x20 != 0,
                shape,
                len_delta: match h[2] >> 5 {
                    0 => -1,
                    1 => 1,
                    _ => 0,
                },
                lie: (h[1] & 0x80 != 0).then(|| {
                    (
                        usize::from(h[9] % 5),
                        usize::from(h[3] % 65),
                        usize::from(h[10] % 65),
                    )
                }),
                quality,
                fps: FPS[usize::from(h[6] % 16)],
                max_bytes: MAX_BYTES[usize::from(h[7] % 8)],
                codec: CODECS[usize::from(h[8] % 8)],
                container: if h[8] & 8 != 0 {
                    Container::Webm
                } else {
                    Container::Mp4
                },
                threads: 1 + usize::from(h[8] >> 4 & 1),
                limits: encode_limits(h[8] >> 5 | (h[6] >> 1 & 0x18)),
                loops: u16::from(h[9] >> 4),
                audio_channels: 1 + usize::from(h[9] & 3) % 3,
                audio_rate: RATES[usize::from(h[10] >> 5)],
                audio_codec: if h[10] & 16 != 0 {
                    AudioCodec::Aac
                } else {
                    AudioCodec::Opus
                },
                audio_len: usize::from(h[11] >> 2) * 64,
                split: usize::from(h[11] & 3),
            },
            rest,
        ))
    }
}

/// `n` samples of the case's dtype from `bytes` (cycled; zeros when there are none).
fn samples(case: &Case, bytes: &[u8], n: usize) -> Vec<u8> {
    let width = [1, 4, 8][usize::from(case.dtype)];
    let byte = |i: usize| {
        if bytes.is_empty() {
            0
        } else {
            bytes[i % bytes.len()]
        }
    };
    let mut out = Vec::with_capacity(n * width);
    for i in 0..n {
        match case.dtype {
            0 => out.push(byte(i)),
            _ if case.raw_floats => {
                for k in 0..width {
                    out.push(byte(i * width + k));
                }
            }
            // A byte to about [lo - 0.1, hi + 0.1] of the range (clipping is exercised too).
            1 => {
                let x = f32::from(byte(i)) / 231.0 - 0.05;
                let x = if case.range == ValueRange::Signed {
                    x * 2.0 - 1.0
                } else {
                    x
                };
                out.extend_from_slice(&x.to_ne_bytes());
            }
            _ => {
                let x = f64::from(byte(i)) / 231.0 - 0.05;
                let x = if case.range == ValueRange::Signed {
                    x * 2.0 - 1.0
                } else {
                    x
                };
                out.extend_from_slice(&x.to_ne_bytes());
            }
        }
    }
    out
}

fn floats<T: Copy + Default>(raw: &[u8], from: impl Fn(&[u8]) -> T, w: usize) -> Vec<T> {
    raw.chunks_exact(w).map(from).collect()
}

/// The typed errors an encode may give for any input: bad frames or options, limits, a
/// codec or container the build lacks.
pub fn assert_encode_error(e: &Error, what: &str) {
    assert!(
        matches!(
            e,
            Error::Decode(_)
                | Error::LimitExceeded(_)
                | Error::UnsupportedFormat(_)
                | Error::Config(_)
        ),
        "{what}: untyped error: {e:?}"
    );
    assert!(!e.to_string().is_empty(), "{what}: empty error message");
}

fn frames_in(case: &Case, rest: &[u8]) -> Result<Rgb24> {
    let want: usize = case.shape.iter().product();
    let n = want.saturating_add_signed(case.len_delta);
    let raw = samples(case, rest, n);
    match case.dtype {
        0 => to_rgb24(
            Samples::U8(&raw),
            &case.shape,
            case.layout,
            case.range,
            &case.limits,
        ),
        1 => {
            let s = floats(&raw, |b| f32::from_ne_bytes(b.try_into().unwrap()), 4);
            to_rgb24(
                Samples::F32(&s),
                &case.shape,
                case.layout,
                case.range,
                &case.limits,
            )
        }
        _ => {
            let s = floats(&raw, |b| f64::from_ne_bytes(b.try_into().unwrap()), 8);
            to_rgb24(
                Samples::F64(&s),
                &case.shape,
                case.layout,
                case.range,
                &case.limits,
            )
        }
    }
}

/// Calls the encoder the case picks; returns its output.
fn run(case: &Case, rgb: &Rgb24) -> Result<Vec<u8>> {
    let (t, h, w) = case.lie.unwrap_or((rgb.frames, rgb.height, rgb.width));
    let d = &rgb.data;
    let vopts = || -> Result<VideoOptions> {
        Ok(VideoOptions {
            codec: Codec::parse(case.codec)?,
            container: case.container,
            fps: case.fps,
            quality: case.quality,
            max_output_bytes: case.max_bytes,
            codec_threads: case.threads,
        })
    };
    match case.op {
        Op::Image(f) => encode_image(
            &d[..d.len().min(h * w * 3)],
            w,
            h,
            f,
            case.quality,
            case.max_bytes,
        ),
        Op::Anim(f) => encode_animation(
            d,
            t,
            h,
            w,
            case.fps,
            f,
            case.quality,
            case.loops,
            case.max_bytes,
        ),
        Op::Video => encode_video(d, t, h, w, &vopts()?).map(|v| v.data),
        Op::VideoAudio => {
            let v = encode_video(d, t, h, w, &vopts()?)?;
            // The track: a tone, or the sample bytes' floats (NaN and all) when raw.
            let n = case.audio_len;
            let s: Vec<f32> = if case.raw_floats {
                let raw = samples(
                    &Case {
                        dtype: 1,
                        ..case.clone()
                    },
                    d,
                    n,
                );
                floats(&raw, |b| f32::from_ne_bytes(b.try_into().unwrap()), 4)
            } else {
                (0..n).map(|i| ((i as f32) * 0.07).sin() * 0.5).collect()
            };
            let track = AudioTrack {
                samples: &s,
                channels: case.audio_channels,
                rate: case.audio_rate,
            };
            add_audio(
                &v.data,
                case.container,
                v.duration,
                &track,
                case.audio_codec,
                // As the Python binding: the fitted track counts as raw media.
                case.limits.max_video_bytes,
                case.max_bytes,
            )
        }
        Op::Stream => {
            let mut s = VideoStream::new(w, h, &vopts()?, case.limits.max_video_frames)?;
            let mut out = Vec::new();
            let split = case.split.min(t);
            let fl = h * w * 3;
            for (a, b) in [(0, split), (split, t)] {
                if a == b {
                    continue;
                }
                let part = d.get(a * fl..b * fl).unwrap_or(&[]);
                out.extend(s.write(part, b - a, h, w)?);
            }
            out.extend(s.close()?);
            Ok(out)
        }
    }
}

/// Decode options for checking a video or animation: all frames, the defaults' limits.
fn decode_opts() -> DecodeOptions {
    DecodeOptions {
        limits: Limits::default(),
        sampling: "uniform".to_string(),
        request: Request::default(),
        resize: None,
        cancel: Default::default(),
        indices: None,
        gpu: None,
    }
}

/// Runs one case and asserts every invariant. Returns whether it encoded.
pub fn check_encode(data: &[u8]) -> bool {
    let Some((case, rest)) = Case::parse(data) else {
        return false;
    };
    ffmpeg_cap();
    let (res, peak) = one_thread().install(|| {
        peak_during(|| -> Result<(Vec<u8>, Rgb24)> {
            let rgb = frames_in(&case, rest)?;
            let out = run(&case, &rgb)?;
            Ok((out, rgb))
        })
    });
    assert!(
        peak <= HEAP_BOUND,
        "encode: peak heap {peak} bytes over {HEAP_BOUND} ({case:?}: {:?})",
        res.as_ref().err()
    );
    let (out, rgb) = match res {
        Ok(v) => v,
        Err(e) => {
            assert_encode_error(&e, &format!("encode {case:?}"));
            return false;
        }
    };
    // The sizes the encoder was given (a lie must at least cover the same bytes).
    let (t, h, w) = case.lie.unwrap_or((rgb.frames, rgb.height, rgb.width));
    if case.lie.is_some() && !matches!(case.op, Op::Image(_)) {
        assert_eq!(t * h * w * 3, rgb.data.len(), "{case:?}");
    }
    let bytes = &out;
    assert!(!bytes.is_empty(), "empty output: {case:?}");
    assert!(
        bytes.len() as u64 <= case.max_bytes,
        "{} bytes over max_bytes {}: {case:?}",
        bytes.len(),
        case.max_bytes
    );
    match case.op {
        Op::Image(f) => {
            let opts = Options {
                limits: Limits::default(),
                channels: Channels::Rgb,
                exif_orientation: false,
                resize: None,
                background: None,
                gpu: None,
            };
            let (px, info) = decode_vec(bytes, &opts)
                .unwrap_or_else(|e| panic!("our {f:?} does not decode: {e} ({case:?})"));
            assert_eq!(
                (info.width as usize, info.height as usize),
                (w, h),
                "{f:?}: {case:?}"
            );
            let lossless =
                f == ImageFormat::Png || (f == ImageFormat::Webp && case.quality == Some(100));
            if lossless {
                assert!(
                    px == rgb.data[..h * w * 3],
                    "{f:?} did not round-trip: {case:?}"
                );
            }
        }
        _ => {
            let (_, info) = decode_video_vec(bytes, &decode_opts()).unwrap_or_else(|e| {
                panic!("our {:?} output does not decode: {e} ({case:?})", case.op)
            });
            assert_eq!(
                (info.width as usize, info.height as usize),
                (w, h),
                "{case:?}"
            );
            assert!(
                !info.indices.is_empty() && info.indices.len() <= t,
                "{info:?} {case:?}"
            );
        }
    }
    true
}
