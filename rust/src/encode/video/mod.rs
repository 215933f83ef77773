//! Video out: packed RGB24 frames to an MP4 or WebM a browser plays.
//!
//! Codecs: `h264` is OpenH264 and `rav1e` is rav1e, both built from source (no FFmpeg
//! encoder needed, so every build has them); `av1` is SVT-AV1 (FFmpeg's `libsvtav1`, in the
//! bundled build) where the linked FFmpeg has it and the frame size suits it, else rav1e
//! ([`Codec::resolve`]); any other name is an encoder of the linked FFmpeg (`vp9` =
//! `libvpx-vp9`, `libx264`, `h264_nvenc`, `hevc_nvenc`, `libsvtav1`, ...), a typed
//! `UnsupportedFormat` where the build lacks it. Frames are converted to YUV 4:2:0 (BT.601, limited range) on
//! the pool while the previous ones encode, and muxed by libavformat.
//!
//! `quality` is one scale for every codec, 0 (smallest) to 100 (best), mapped linearly onto
//! the codec's quantiser: `native = round(max * (100 - quality) / 100)` with `max` = 51 for
//! H.264/HEVC (QP, crf, cq) and 63 for VP9/AV1 (crf). `None` takes the codec's default
//! (`Codec::native`), chosen with `benches/bench_encode.py`.

mod av1;
mod ff;
mod h264;
mod mux;
pub mod stream;
pub mod yuv;

use ffmpeg_next as ffmpeg;

use crate::error::{Error, Result};
pub use ff::has_encoder;

/// One compressed frame; timestamps in the encoder's time base (`1/fps`).
pub struct Packet {
    pub data: Vec<u8>,
    pub pts: i64,
    pub dts: i64,
    pub key: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    Mp4,
    Webm,
}

impl Container {
    pub fn parse(name: &str) -> Result<Self> {
        match name.to_ascii_lowercase().as_str() {
            "mp4" => Ok(Container::Mp4),
            "webm" => Ok(Container::Webm),
            _ => Err(Error::unsupported(format!(
                "container must be 'mp4' or 'webm', not {name:?}"
            ))),
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Container::Mp4 => "video/mp4",
            Container::Webm => "video/webm",
        }
    }
}

/// A codec: OpenH264, AV1 (SVT-AV1 or rav1e, picked per frame size), rav1e, or an FFmpeg
/// encoder by its FFmpeg name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Codec {
    OpenH264,
    /// `"av1"`: [`Codec::resolve`] turns it into SVT-AV1 or rav1e before encoding.
    Av1,
    Rav1e,
    Ffmpeg(String),
}

/// Frame sizes SVT-AV1 2.3 takes (its `svt_av1_verify_settings`, enc_settings.c:47-62 and
/// 188-196): even sides, 64..=16384 wide and 64..=8704 high.
fn svt_av1_fits(width: usize, height: usize) -> bool {
    width.is_multiple_of(2)
        && height.is_multiple_of(2)
        && (64..=16384).contains(&width)
        && (64..=8704).contains(&height)
}

/// `fps` as the rational SVT-AV1 gets: a numerator below 2^24, as SVT-AV1 2.3 shifts it left
/// by 8 bits in a `u32` (enc_handle.c:4885).
fn svt_av1_rate(fps: f64) -> ffmpeg::Rational {
    // SAFETY: a pure function of its arguments.
    ffmpeg::Rational::from(unsafe { ffmpeg::ffi::av_d2q(fps, (1 << 24) - 1) })
}

/// Whether SVT-AV1 2.3 takes the frame rate `r`: its Q16 rate `((num << 8) / den) << 8`
/// (enc_handle.c:4885) must be above 0 and at most 240 fps (enc_settings.c:273-287).
fn svt_av1_rate_ok(r: ffmpeg::Rational) -> bool {
    let (n, d) = (i64::from(r.numerator()), i64::from(r.denominator()));
    n > 0 && d > 0 && n < (1 << 24) && (1..=(240 << 8)).contains(&((n << 8) / d))
}

/// What SVT-AV1 2.3 would reject, refused before it is opened. The rest of what
/// `svt_av1_verify_settings` checks is fixed here: 8-bit 4:2:0 (YUV420P, enc_settings.c:
/// 436-448), crf 1..=63 and preset 10 (ff.rs), no bitrate, gop or level.
fn check_svt_av1(width: usize, height: usize, fps: ffmpeg::Rational) -> Result<()> {
    if !svt_av1_fits(width, height) {
        return Err(Error::unsupported(format!(
            "libsvtav1 takes even sides, 64..=16384 wide and 64..=8704 high, not {width}x{height}"
        )));
    }
    if !svt_av1_rate_ok(fps) {
        return Err(Error::config(format!(
            "libsvtav1 takes fps from 1/256 to 240, not {}/{}",
            fps.numerator(),
            fps.denominator()
        )));
    }
    Ok(())
}

/// The frame rate the encoder and muxer take for `fps` (checked to be in (0, 1000]).
fn frame_rate(codec: &Codec, fps: f64) -> ffmpeg::Rational {
    if codec.is_svt_av1() {
        svt_av1_rate(fps)
    } else {
        // av_d2q: 16 -> 16/1, 29.97 -> 2997/100, 30000/1001 given as 29.97002997 -> 30000/1001.
        ffmpeg::Rational::from(fps)
    }
}

impl Codec {
    pub fn parse(name: &str) -> Result<Self> {
        let n = name.to_ascii_lowercase();
        Ok(match n.as_str() {
            "h264" | "openh264" | "avc" => Codec::OpenH264,
            "av1" => Codec::Av1,
            "rav1e" => Codec::Rav1e,
            "svt-av1" | "svtav1" => Codec::Ffmpeg("libsvtav1".into()),
            "vp9" => Codec::Ffmpeg("libvpx-vp9".into()),
            "vp8" => Codec::Ffmpeg("libvpx".into()),
            "hevc" | "h265" => Codec::Ffmpeg("libx265".into()),
            "" => return Err(Error::config("codec must not be empty")),
            _ => Codec::Ffmpeg(n),
        })
    }

    /// The encoder for frames of `width x height` at `fps`: `"av1"` becomes SVT-AV1 where the
    /// linked FFmpeg has `libsvtav1` and the size and rate suit it (even sides, at least 64x64,
    /// at most 240 fps), else rav1e; other codecs stay as they are.
    pub fn resolve(&self, width: usize, height: usize, fps: f64) -> Codec {
        match self {
            Codec::Av1
                if svt_av1_fits(width, height)
                    && svt_av1_rate_ok(svt_av1_rate(fps))
                    && has_encoder("libsvtav1") =>
            {
                Codec::Ffmpeg("libsvtav1".into())
            }
            Codec::Av1 => Codec::Rav1e,
            c => c.clone(),
        }
    }

    fn is_svt_av1(&self) -> bool {
        matches!(self, Codec::Ffmpeg(n) if n == "libsvtav1")
    }

    /// The bitstream's name as FFmpeg reports it (`ffprobe`'s `codec_name`).
    fn stream_name(&self) -> &str {
        match self {
            Codec::OpenH264 => "h264",
            Codec::Av1 | Codec::Rav1e => "av1",
            Codec::Ffmpeg(n) => match n.as_str() {
                "libvpx-vp9" | "vp9_vaapi" | "vp9_qsv" => "vp9",
                "libvpx" => "vp8",
                "libsvtav1" | "libaom-av1" | "librav1e" | "av1_nvenc" => "av1",
                "libx265" | "hevc_nvenc" => "hevc",
                _ => "h264",
            },
        }
    }

    /// Quantiser ceiling and default of `quality` on the codec's own scale. Defaults from
    /// benches/bench_encode.py (81 frames of the corpus's 1080p clip at 832x480): crf 32
    /// is libvpx-vp9's own default, which Dynamo uses; x264 at `veryfast` needs crf 21 to
    /// come near imageio.mimsave's PSNR (crf 25 at `medium`); SVT-AV1 and rav1e at the
    /// crf that matches Dynamo's VP9 PSNR.
    fn native(&self, quality: Option<u8>) -> u32 {
        let (max, default) = match (self, self.stream_name()) {
            (Codec::OpenH264, _) => (51, 24),
            (Codec::Av1 | Codec::Rav1e, _) => (63, RAV1E_DEFAULT_CRF),
            (Codec::Ffmpeg(n), _) if n == "libsvtav1" => (63, SVT_AV1_DEFAULT_CRF),
            (_, "vp9" | "vp8" | "av1") => (63, 32),
            _ => (51, 21),
        };
        match quality {
            None => default,
            Some(q) => (f64::from(max) * f64::from(100 - q.min(100)) / 100.0).round() as u32,
        }
    }
}

#[derive(Clone, Debug)]
pub struct VideoOptions {
    pub codec: Codec,
    pub container: Container,
    pub fps: f64,
    pub quality: Option<u8>,
    pub max_output_bytes: u64,
    /// Threads inside one FFmpeg encoder (1 when clips encode side by side).
    pub codec_threads: usize,
}

#[derive(Clone, Debug)]
pub struct EncodedVideo {
    pub data: Vec<u8>,
    pub codec: String,
    pub width: usize,
    pub height: usize,
    pub frames: usize,
    pub fps: f64,
    pub duration: f64,
    pub mime: &'static str,
}

enum Enc {
    H264(Box<h264::H264>),
    Av1(Box<av1::Av1>),
    Ff(ff::FfEncoder),
}

impl Enc {
    /// The encoder `opts.codec` names, for frames of `width` x `height` at `fps` and the
    /// codec-native quality `q`.
    fn open(
        opts: &VideoOptions,
        width: usize,
        height: usize,
        fps: ffmpeg::Rational,
        q: u32,
    ) -> Result<Enc> {
        let threads = opts.codec_threads.max(1);
        Ok(match &opts.codec {
            Codec::OpenH264 => {
                Enc::H264(Box::new(h264::H264::new(width, height, opts.fps, q as u8)?))
            }
            Codec::Av1 | Codec::Rav1e => Enc::Av1(Box::new(av1::Av1::new(
                width,
                height,
                (fps.numerator() as u64, fps.denominator() as u64),
                q,
                threads,
            )?)),
            Codec::Ffmpeg(n) => {
                if opts.codec.is_svt_av1() {
                    check_svt_av1(width, height, fps)?;
                }
                Enc::Ff(ff::FfEncoder::new(n, width, height, fps, q, threads, true)?)
            }
        })
    }

    fn encode(&mut self, yuv: &yuv::Yuv420, out: &mut Vec<Packet>) -> Result<()> {
        match self {
            Enc::H264(e) => e.encode(yuv, out),
            Enc::Av1(e) => e.encode(yuv, out),
            Enc::Ff(e) => e.encode(yuv, out),
        }
    }
}

/// Frames converted to YUV on the pool per step, while the previous step encodes.
const STEP: usize = 8;

/// rav1e's default on the crf scale (qindex 68), from benches/bench_encode.py: within about
/// 0.3 dB of Dynamo's VP9 default on the bench frames (docs/encoding.md).
const RAV1E_DEFAULT_CRF: u32 = 17;

/// SVT-AV1's default crf (at `ff::SVT_AV1_PRESET`), from benches/bench_encode.py: Dynamo's
/// VP9 PSNR or better at fewer bytes on the bench frames (docs/encoding.md).
const SVT_AV1_DEFAULT_CRF: u32 = 30;

fn check_bytes(packets: &[Packet], max: u64, frames: usize) -> Result<()> {
    let bytes: u64 = packets.iter().map(|p| p.data.len() as u64).sum();
    if bytes > max {
        return Err(Error::limit(format!(
            "the encoded video passed max_output_bytes={max} ({frames} frames)"
        )));
    }
    Ok(())
}

/// Encodes `frames` RGB24 frames of `width x height` (`rgb` holds them back to back).
pub fn encode_video(
    rgb: &[u8],
    frames: usize,
    height: usize,
    width: usize,
    opts: &VideoOptions,
) -> Result<EncodedVideo> {
    if frames == 0 || width == 0 || height == 0 {
        return Err(Error::decode(format!(
            "cannot encode {frames} frames of {width}x{height}"
        )));
    }
    let frame_len = width * height * 3;
    if rgb.len() != frames * frame_len {
        return Err(Error::decode(
            "frame bytes do not match the frame count and size",
        ));
    }
    if !(opts.fps.is_finite() && opts.fps > 0.0 && opts.fps <= 1000.0) {
        return Err(Error::config(format!(
            "fps must be in (0, 1000], not {}",
            opts.fps
        )));
    }
    if let Some(q) = opts.quality {
        if q > 100 {
            return Err(Error::config(format!("quality must be 0..=100, not {q}")));
        }
    }
    // "av1" is SVT-AV1 or rav1e from here on, by the frame size and rate.
    let opts = &VideoOptions {
        codec: opts.codec.resolve(width, height, opts.fps),
        ..opts.clone()
    };
    let name = opts.codec.stream_name().to_owned();
    if opts.container == Container::Webm && !matches!(name.as_str(), "vp8" | "vp9" | "av1") {
        return Err(Error::unsupported(format!(
            "WebM holds VP8, VP9 or AV1, not {name}: use container='mp4'"
        )));
    }
    let fps = frame_rate(&opts.codec, opts.fps);
    let q = opts.codec.native(opts.quality);
    let mut enc = Enc::open(opts, width, height, fps, q)?;
    let mut packets = Vec::new();
    let convert = |i: usize| -> Result<Vec<yuv::Yuv420>> {
        use rayon::prelude::*;
        let end = (i + STEP).min(frames);
        (i..end)
            .into_par_iter()
            .map(|f| yuv::convert(&rgb[f * frame_len..(f + 1) * frame_len], width, height))
            .collect()
    };
    let mut ready = convert(0)?;
    let mut next = STEP;
    loop {
        let (done, converted) = rayon::join(
            || -> Result<()> {
                for y in &ready {
                    enc.encode(y, &mut packets)?;
                }
                Ok(())
            },
            || (next < frames).then(|| convert(next)),
        );
        done?;
        let bytes: u64 = packets.iter().map(|p| p.data.len() as u64).sum();
        if bytes > opts.max_output_bytes {
            return Err(Error::limit(format!(
                "the encoded video passed max_output_bytes={} after {} of {frames} frames",
                opts.max_output_bytes,
                next.min(frames)
            )));
        }
        match converted {
            Some(c) => ready = c?,
            None => break,
        }
        next += STEP;
    }
    let data = match &mut enc {
        Enc::H264(e) => {
            let extradata = std::mem::take(&mut e.extradata);
            let fill = move |par: *mut ffmpeg::ffi::AVCodecParameters| {
                // SAFETY: `par` is the new stream's live codecpar, without extradata (mux).
                unsafe { set_h264_par(par, width, height, &extradata) }
            };
            let tb = fps.invert();
            mux::mux(
                opts.container,
                &fill,
                tb,
                fps,
                &packets,
                opts.max_output_bytes,
            )?
        }
        Enc::Av1(e) => {
            e.finish(&mut packets)?;
            check_bytes(&packets, opts.max_output_bytes, frames)?;
            let seq = std::mem::take(&mut e.extradata);
            let fill = move |par: *mut ffmpeg::ffi::AVCodecParameters| {
                // SAFETY: `par` is the new stream's live codecpar, without extradata (mux).
                unsafe { av1::set_par(par, width, height, &seq) }
            };
            mux::mux(
                opts.container,
                &fill,
                fps.invert(),
                fps,
                &packets,
                opts.max_output_bytes,
            )?
        }
        Enc::Ff(e) => {
            e.finish(&mut packets)?;
            let tb = e.time_base();
            let e = &*e;
            let fill = |par: *mut ffmpeg::ffi::AVCodecParameters| {
                // SAFETY: `par` is the new stream's live codecpar (mux); the encoder is open.
                unsafe { e.parameters(par) }
            };
            mux::mux(
                opts.container,
                &fill,
                tb,
                fps,
                &packets,
                opts.max_output_bytes,
            )?
        }
    };
    let fps_f = f64::from(fps.numerator()) / f64::from(fps.denominator());
    Ok(EncodedVideo {
        data,
        codec: name,
        width,
        height,
        frames,
        fps: fps_f,
        duration: frames as f64 / fps_f,
        mime: opts.container.mime(),
    })
}

/// Checks `fps` and `quality` (as `encode_video` does).
fn check_options(opts: &VideoOptions) -> Result<()> {
    if !(opts.fps.is_finite() && opts.fps > 0.0 && opts.fps <= 1000.0) {
        return Err(Error::config(format!(
            "fps must be in (0, 1000], not {}",
            opts.fps
        )));
    }
    if let Some(q) = opts.quality.filter(|q| *q > 100) {
        return Err(Error::config(format!("quality must be 0..=100, not {q}")));
    }
    Ok(())
}

/// # Safety
/// `par` must point to a live `AVCodecParameters` with no extradata.
unsafe fn set_h264_par(
    par: *mut ffmpeg::ffi::AVCodecParameters,
    width: usize,
    height: usize,
    extradata: &[u8],
) -> Result<()> {
    // SAFETY: the caller's guarantee, passed on.
    unsafe {
        set_yuv420_par(
            par,
            ffmpeg::ffi::AVCodecID::AV_CODEC_ID_H264,
            width,
            height,
            extradata,
        )
    }
}

/// A limited-range YUV 4:2:0 video stream of codec `id`, with a copy of `extradata` (none
/// when empty): what the muxer needs of the encoders that are not FFmpeg's own.
///
/// # Safety
/// `par` must point to a live `AVCodecParameters` with no extradata.
pub(super) unsafe fn set_yuv420_par(
    par: *mut ffmpeg::ffi::AVCodecParameters,
    id: ffmpeg::ffi::AVCodecID,
    width: usize,
    height: usize,
    extradata: &[u8],
) -> Result<()> {
    use ffmpeg::ffi;
    let pad = ffi::AV_INPUT_BUFFER_PADDING_SIZE as usize;
    // SAFETY: av_mallocz returns null or `len + pad` zeroed bytes; we copy `len` into it.
    unsafe {
        let p = &mut *par;
        p.codec_type = ffi::AVMediaType::AVMEDIA_TYPE_VIDEO;
        p.codec_id = id;
        p.width = width as i32;
        p.height = height as i32;
        p.format = ffi::AVPixelFormat::AV_PIX_FMT_YUV420P as i32;
        p.color_range = ffi::AVColorRange::AVCOL_RANGE_MPEG;
        if !extradata.is_empty() {
            let buf = ffi::av_mallocz(extradata.len() + pad) as *mut u8;
            if buf.is_null() {
                return Err(Error::limit("could not allocate codec extradata"));
            }
            std::ptr::copy_nonoverlapping(extradata.as_ptr(), buf, extradata.len());
            p.extradata = buf;
            p.extradata_size = extradata.len() as i32;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(t: usize, h: usize, w: usize) -> Vec<u8> {
        (0..t * h * w * 3)
            .map(|i| ((i / 3) % w * 255 / w) as u8)
            .collect()
    }

    fn opts(codec: &str, quality: Option<u8>) -> VideoOptions {
        VideoOptions {
            codec: Codec::parse(codec).unwrap(),
            container: Container::Mp4,
            fps: 16.0,
            quality,
            max_output_bytes: u64::MAX,
            codec_threads: 1,
        }
    }

    #[test]
    fn h264_mp4_has_moov_first_and_quality_changes_size() {
        let rgb = frames(10, 32, 48);
        let lo = encode_video(&rgb, 10, 32, 48, &opts("h264", Some(10))).unwrap();
        let hi = encode_video(&rgb, 10, 32, 48, &opts("h264", Some(95))).unwrap();
        let find = |d: &[u8], tag: &[u8]| d.windows(4).position(|w| w == tag).unwrap();
        assert!(find(&lo.data, b"moov") < find(&lo.data, b"mdat"));
        assert!(lo.data.len() < hi.data.len());
        assert_eq!(
            (lo.frames, lo.width, lo.height, lo.codec.as_str()),
            (10, 48, 32, "h264")
        );
    }

    #[test]
    fn av1_is_svt_av1_only_where_it_takes_the_size() {
        assert!(svt_av1_fits(64, 64) && svt_av1_fits(16384, 8704) && svt_av1_fits(832, 480));
        for (w, h) in [
            (63, 64),
            (64, 62),
            (65, 64),
            (64, 65),
            (16386, 64),
            (64, 8706),
        ] {
            assert!(!svt_av1_fits(w, h), "{w}x{h}");
        }
        let av1 = Codec::parse("av1").unwrap();
        assert_eq!(av1.resolve(51, 35, 16.0), Codec::Rav1e);
        let want = if has_encoder("libsvtav1") {
            Codec::Ffmpeg("libsvtav1".into())
        } else {
            Codec::Rav1e
        };
        assert_eq!(av1.resolve(128, 96, 16.0), want);
        assert_eq!(
            Codec::parse("rav1e").unwrap().resolve(128, 96, 16.0),
            Codec::Rav1e
        );
        assert_eq!(
            Codec::parse("svt-av1").unwrap(),
            Codec::Ffmpeg("libsvtav1".into())
        );
        // SVT-AV1's crf starts at 1: quality=100 (crf 0) is sent as crf 1 (ff::options).
        assert_eq!(Codec::Ffmpeg("libsvtav1".into()).native(Some(100)), 0);
        assert_eq!(Codec::Ffmpeg("libsvtav1".into()).native(None), 30);
    }

    #[test]
    fn svt_av1_frame_rates_at_its_limits() {
        let ok = |fps: f64| svt_av1_rate_ok(svt_av1_rate(fps));
        for fps in [
            240.0,
            1.0 / 256.0,
            16.0,
            29.97,
            30000.0 / 1001.0,
            12.345_678_9,
            239.999_99,
        ] {
            assert!(ok(fps), "{fps}");
            assert!(svt_av1_rate(fps).numerator() < 1 << 24, "{fps}");
        }
        for fps in [240.01, 241.0, 1000.0, 0.0039, 0.0] {
            assert!(!ok(fps), "{fps}");
        }
        // 16 fps as 2^24/2^20: SVT-AV1's `num << 8` would wrap to 0 in its u32.
        assert!(!svt_av1_rate_ok(ffmpeg::Rational::new(1 << 24, 1 << 20)));
        assert!(svt_av1_rate_ok(ffmpeg::Rational::new(
            (1 << 24) - 1,
            1 << 20
        )));
        assert!(!svt_av1_rate_ok(ffmpeg::Rational::new(16, 0)));
        // Other codecs keep av_d2q's full precision.
        assert_eq!(
            frame_rate(&Codec::OpenH264, 240.01),
            ffmpeg::Rational::new(24001, 100)
        );
    }

    #[test]
    fn svt_av1_limits_are_typed_errors_before_it_opens() {
        let fps = svt_av1_rate(16.0);
        for (w, h) in [(64, 64), (16384, 64), (64, 8704), (16384, 8704)] {
            check_svt_av1(w, h, fps).unwrap();
        }
        for (w, h) in [
            (62, 64),
            (64, 62),
            (65, 64),
            (64, 65),
            (16386, 64),
            (64, 8706),
            (0, 0),
        ] {
            let e = check_svt_av1(w, h, fps).unwrap_err();
            assert!(matches!(e, Error::UnsupportedFormat(_)), "{w}x{h}: {e}");
        }
        for fps in [240.01, 1000.0, 0.0039] {
            let e = check_svt_av1(64, 64, svt_av1_rate(fps)).unwrap_err();
            assert!(matches!(e, Error::Config(_)), "{fps}: {e}");
        }
        if !has_encoder("libsvtav1") {
            return;
        }
        // Asked for by name, inside and just outside each limit.
        let mut o = opts("libsvtav1", None);
        let enc = |o: &VideoOptions, w: usize, h: usize| encode_video(&frames(2, h, w), 2, h, w, o);
        assert_eq!(enc(&o, 64, 64).unwrap().codec, "av1");
        for (w, h) in [(66, 64), (64, 66)] {
            enc(&o, w, h).unwrap();
        }
        for (w, h) in [
            (65, 64),
            (64, 65),
            (62, 64),
            (64, 62),
            (16386, 64),
            (64, 8706),
        ] {
            let e = enc(&o, w, h).unwrap_err();
            assert!(matches!(e, Error::UnsupportedFormat(_)), "{w}x{h}: {e}");
        }
        for fps in [240.0, 1.0 / 256.0] {
            o.fps = fps;
            enc(&o, 64, 64).unwrap();
        }
        for fps in [240.01, 1000.0, 0.0039] {
            o.fps = fps;
            let e = enc(&o, 64, 64).unwrap_err();
            assert!(matches!(e, Error::Config(_)), "{fps}: {e}");
            let e = stream::VideoStream::new(64, 64, &o, 10).err().unwrap();
            assert!(matches!(e, Error::Config(_)), "{fps}: {e}");
        }
        // quality 0 and 100 are crf 63 and 1 (0 is sent as 1).
        for q in [0, 100] {
            enc(&opts("libsvtav1", Some(q)), 64, 64).unwrap();
        }
        // "av1" past SVT-AV1's 240 fps is rav1e.
        let av1 = Codec::parse("av1").unwrap();
        assert_eq!(
            av1.resolve(64, 64, 240.0),
            Codec::Ffmpeg("libsvtav1".into())
        );
        assert_eq!(av1.resolve(64, 64, 240.01), Codec::Rav1e);
        let mut o = opts("av1", None);
        o.fps = 500.0;
        let a = enc(&o, 64, 64).unwrap();
        o.codec = Codec::Rav1e;
        assert_eq!(a.data, enc(&o, 64, 64).unwrap().data);
    }

    #[test]
    fn typed_errors() {
        let rgb = frames(2, 31, 48);
        let e = encode_video(&rgb, 2, 31, 48, &opts("h264", None)).unwrap_err();
        assert!(matches!(e, Error::UnsupportedFormat(_)), "{e}");
        let rgb = frames(2, 32, 48);
        let e = encode_video(&rgb, 2, 32, 48, &opts("no-such-encoder", None)).unwrap_err();
        assert!(matches!(e, Error::UnsupportedFormat(_)), "{e}");
        let mut o = opts("h264", None);
        o.max_output_bytes = 10;
        let e = encode_video(&rgb, 2, 32, 48, &o).unwrap_err();
        assert!(matches!(e, Error::LimitExceeded(_)), "{e}");
    }
}
