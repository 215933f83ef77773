//! Video clips: sample the frames a model needs (`sampling`), decode only those, in parallel
//! on the caller's rayon pool, straight into one `[T, H, W, 3]` RGB buffer the caller
//! provides (a recycled buffer or a registered chunk). Limits are checked from the header and
//! the packet index before the output is allocated. With a [`Resize`], every sampled frame is
//! converted to RGB at its display size in per-worker scratch and resized into its slot; the
//! clip's frames share one target size.

mod anim;
#[cfg(feature = "ffmpeg")]
mod convert;
#[cfg(feature = "ffmpeg")]
mod ff;
#[cfg(feature = "ffmpeg")]
mod hw;
pub mod sampling;
mod still;

use crate::decode::Limits;
use crate::error::{Error, Result};
use crate::resize::{Filter, Resize};
pub use sampling::{Request, Source, Targets};

/// Which GPU decodes video (NVDEC), and whether it must (`device="cuda:N"`: a typed error
/// where NVDEC cannot serve the clip) or may (`device="auto"`: the CPU path then).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gpu {
    pub index: u32,
    pub required: bool,
}

#[derive(Clone, Debug)]
pub struct VideoOptions {
    pub limits: Limits,
    /// A row of [`sampling::RULES`]: "uniform" (vLLM's default), "timestamps" (Dynamo's
    /// earlier frontend), "qwen3_vl", "dynamo" (Dynamo's current frontend).
    pub sampling: String,
    pub request: Request,
    /// Resize every sampled frame (after display rotation) to this spec's target size,
    /// computed once from the display frame size.
    pub resize: Option<Resize>,
    /// Checked before each decode group: a cancelled call stops there.
    pub cancel: crate::threads::Cancel,
    /// Decode exactly these frames (strictly increasing, >= 0) instead of the rule's; those
    /// past the real end are dropped, as vLLM's OpenCV loop drops them. An empty list decodes
    /// none: the clip's metadata only ([`probe_video`]).
    pub indices: Option<Vec<i64>>,
    /// Decode H.264, HEVC, VP9 and AV1 streams with NVDEC on this GPU ([`hw`]).
    pub gpu: Option<Gpu>,
}

impl VideoOptions {
    fn probe_only(&self) -> bool {
        self.indices.as_ref().is_some_and(|v| v.is_empty())
    }
}

/// Refuse explicit indices that are negative or not strictly increasing (a configuration
/// error, before any decoding).
pub fn check_indices(indices: &[i64]) -> Result<()> {
    if let Some(&i) = indices.iter().find(|&&i| i < 0) {
        return Err(Error::config(format!(
            "frame indices must be >= 0, got {i}"
        )));
    }
    if let Some(w) = indices.windows(2).find(|w| w[0] >= w[1]) {
        return Err(Error::config(format!(
            "frame indices must be strictly increasing, got {} then {}",
            w[0], w[1]
        )));
    }
    Ok(())
}

/// The frames to decode: the caller's explicit indices, or the sampling rule's.
fn targets(opts: &VideoOptions, rule: sampling::Rule, src: &Source) -> Result<Targets> {
    match &opts.indices {
        Some(v) => Ok(Targets::Indices(v.clone())),
        None => rule(src, &opts.request),
    }
}

/// The clip's metadata (vLLM's source view: `total`, `fps`, `duration`; size, codec) without
/// decoding a frame of a video stream: `indices` empty. Still images are decoded for their size.
pub fn probe_video(data: &[u8], opts: &VideoOptions) -> Result<VideoInfo> {
    let opts = VideoOptions {
        indices: Some(Vec::new()),
        resize: None,
        ..opts.clone()
    };
    decode_video_into(data, &opts, |_| Ok(Vec::new())).map(|(_, vi)| vi)
}

/// Where a decoded frame goes when the clip is resized: `width` x `height` with `filter`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fit {
    pub width: u32,
    pub height: u32,
    pub filter: Filter,
}

/// The clip decoded: its shape and vLLM's / Dynamo's metadata.
#[derive(Clone, Debug, PartialEq)]
pub struct VideoInfo {
    pub width: u32,
    pub height: u32,
    /// `total_num_frames` (OpenCV's `CAP_PROP_FRAME_COUNT`; the header's with sampling="dynamo").
    pub total: i64,
    pub fps: f64,
    pub duration: f64,
    /// Source index of each output frame.
    pub indices: Vec<i64>,
    /// Seconds of each output frame: `index / fps` (so `round(t * fps) == index`).
    pub timestamps: Vec<f64>,
    /// FFmpeg's codec name, or "gif" / "webp" / "apng" / "png".
    pub codec: &'static str,
    /// Bits per sample of the source's pixels (8 for animations; 10 for 10-bit H.264/HEVC).
    pub bit_depth: u8,
    /// [height, width] of the display frames before the resize, when decoded with a spec.
    pub source_size: Option<[u32; 2]>,
}

impl VideoInfo {
    /// Bytes of one frame; saturates at usize::MAX (over every limit) instead of wrapping.
    pub fn frame_len(&self) -> usize {
        (self.width as usize)
            .saturating_mul(self.height as usize)
            .saturating_mul(3)
    }
    /// Bytes of the clip; saturates like `frame_len`.
    pub fn len(&self) -> usize {
        self.indices.len().saturating_mul(self.frame_len())
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn shape(&self) -> [usize; 4] {
        [
            self.indices.len(),
            self.height as usize,
            self.width as usize,
            3,
        ]
    }
}

/// Indices for `targets` on a clip of `frames` real frames whose frame `i` starts at
/// `start(i)` seconds. Index targets past the real end are dropped (OpenCV's loop never
/// reaches them; vLLM keeps only the frames it read). A time takes the first frame at or
/// after it, and never the same frame twice.
fn resolve(targets: Targets, frames: i64, start: impl Fn(usize) -> Option<f64>) -> Vec<i64> {
    match targets {
        Targets::Indices(v) => v.into_iter().filter(|&i| i >= 0 && i < frames).collect(),
        Targets::Times(ts) => {
            let mut out: Vec<i64> = Vec::with_capacity(ts.len());
            let mut from = 0i64;
            for t in ts {
                let mut i = from;
                while i < frames && start(i as usize).is_some_and(|s| s < t - 1e-9) {
                    i += 1;
                }
                if i >= frames {
                    break;
                }
                out.push(i);
                from = i + 1;
            }
            out
        }
    }
}

/// An animation's frame rate from its frame start times (the last entry is its end): one
/// over the frame delay when every delay is the same (FFmpeg's and so OpenCV's 10.0 for 0.1 s,
/// not 24 / 2.4 = 9.999999999999996), else frames over duration.
fn anim_fps(starts: &[f64]) -> f64 {
    let end = starts[starts.len() - 1];
    if end <= 0.0 {
        return 0.0;
    }
    let d0 = starts.get(1).map_or(0.0, |s| s - starts[0]);
    let even = starts.windows(2).all(|w| ((w[1] - w[0]) - d0).abs() < 1e-9);
    if even && d0 > 0.0 {
        // Delays are whole centiseconds (GIF) or milliseconds: round the rate to them.
        let ms = (d0 * 1000.0).round();
        if (d0 * 1000.0 - ms).abs() < 1e-6 {
            return 1000.0 / ms;
        }
        return 1.0 / d0;
    }
    (starts.len() - 1) as f64 / end
}

/// Check a display frame of `w` x `h` against the limits (decode-side: the frames are
/// decoded at this size whatever the resize) and pick its output size: one target for the
/// whole clip, from `resize`. A resize needs one full-size RGB frame of scratch per worker,
/// which must fit `max_alloc`.
fn frame_plan(limits: &Limits, resize: Option<&Resize>, w: u32, h: u32) -> Result<Option<Fit>> {
    if w == 0 || h == 0 {
        return Err(Error::decode(format!(
            "video has zero frame size ({w}x{h})"
        )));
    }
    if let Some(m) = limits.max_width.filter(|&m| w > m) {
        return Err(Error::limit(format!(
            "video width {w} exceeds max_width={m}"
        )));
    }
    if let Some(m) = limits.max_height.filter(|&m| h > m) {
        return Err(Error::limit(format!(
            "video height {h} exceeds max_height={m}"
        )));
    }
    let px = w as u64 * h as u64;
    if let Some(m) = limits.max_pixels.filter(|&m| px > m) {
        return Err(Error::limit(format!(
            "video frames of {w}x{h} have {px} pixels, over max_pixels={m}"
        )));
    }
    let Some(spec) = resize else { return Ok(None) };
    let Some((th, tw)) = spec.target(h, w)? else {
        return Ok(None);
    };
    let scratch = px.saturating_mul(3);
    if scratch > limits.max_alloc {
        return Err(Error::limit(format!(
            "resizing {w}x{h} video frames needs {scratch} bytes of scratch per worker, over \
             max_alloc={}",
            limits.max_alloc
        )));
    }
    Ok(Some(Fit {
        width: tw,
        height: th,
        filter: spec.filter,
    }))
}

/// The clip's output (`frames` of `w` x `h`, or of the fit) against `max_video_bytes`, before
/// the output is allocated.
fn check_bytes(limits: &Limits, w: u32, h: u32, fit: Option<Fit>, frames: usize) -> Result<()> {
    let (w, h) = fit.map_or((w, h), |f| (f.width, f.height));
    // Saturating: a product past u64::MAX is over any limit, never wrapped below it.
    let need = (w as u64)
        .saturating_mul(h as u64)
        .saturating_mul(3)
        .saturating_mul(frames as u64);
    if need > limits.max_video_bytes {
        return Err(Error::limit(format!(
            "{frames} frames of {w}x{h} RGB need {need} bytes, over max_video_bytes={}",
            limits.max_video_bytes
        )));
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn info(
    w: u32,
    h: u32,
    fit: Option<Fit>,
    resize: bool,
    src: Source,
    indices: Vec<i64>,
    start: impl Fn(usize) -> Option<f64>,
    codec: &'static str,
) -> VideoInfo {
    let timestamps = indices
        .iter()
        .map(|&i| {
            if src.fps > 0.0 {
                i as f64 / src.fps
            } else {
                start(i as usize).unwrap_or(0.0)
            }
        })
        .collect();
    VideoInfo {
        width: fit.map_or(w, |f| f.width),
        height: fit.map_or(h, |f| f.height),
        total: src.total,
        fps: src.fps,
        duration: src.duration,
        indices,
        timestamps,
        codec,
        bit_depth: 8,
        source_size: resize.then_some([h, w]),
    }
}

fn slots(buf: &mut [u8], frame_len: usize) -> Vec<&mut [u8]> {
    buf.chunks_exact_mut(frame_len.max(1)).collect()
}

/// Decode the sampled frames of `data` into memory from `alloc`, called once with the exact
/// size after every limit passed. Runs its decode passes on the current rayon pool.
pub fn decode_video_into<B, F>(data: &[u8], opts: &VideoOptions, alloc: F) -> Result<(B, VideoInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&VideoInfo) -> Result<B>,
{
    let lim = &opts.limits;
    if data.is_empty() {
        return Err(Error::decode("input is empty (0 bytes)"));
    }
    if data.len() as u64 > lim.max_encoded_bytes {
        return Err(Error::limit(format!(
            "encoded input is {} bytes, over max_encoded_bytes={}",
            data.len(),
            lim.max_encoded_bytes
        )));
    }
    let rule = sampling::rule(&opts.sampling)?;
    if let Some(v) = &opts.indices {
        check_indices(v)?;
    }
    if let Some(codec) = still::sniff(data) {
        return still::decode(data, opts, codec, rule, alloc);
    }
    if let Some(fmt) = anim::sniff(data) {
        let (w, h) = anim::dimensions(data, fmt)?;
        let fit = frame_plan(lim, opts.resize.as_ref(), w, h)?;
        check_bytes(lim, w, h, fit, 1)?;
        if opencv_webp(fmt, opts) {
            // FFmpeg composites onto an ARGB canvas of the header's size as soon as it probes.
            let canvas = 4 * u64::from(w) * u64::from(h);
            if canvas > lim.max_alloc {
                return Err(Error::limit(format!(
                    "animated WebP of {w}x{h} needs a {canvas}-byte canvas, over max_alloc={}",
                    lim.max_alloc
                )));
            }
            return decode_ffmpeg(data, opts, rule, alloc);
        }
        if fmt == image::ImageFormat::WebP {
            // image-webp sizes each frame's buffers from its VP8 header, past image::Limits.
            let need = crate::decode::webp_animation_precheck(data, w, h)?;
            if need > lim.max_alloc {
                return Err(Error::limit(format!(
                    "animated WebP of {w}x{h} needs {need} bytes of decoder buffers, over \
                     max_alloc={}",
                    lim.max_alloc
                )));
            }
        }
        let starts = anim::timeline(data, fmt, lim.max_video_frames, lim.max_alloc)?;
        let total = starts.len() as i64 - 1;
        let fps = anim_fps(&starts);
        let src = Source::new(total, fps);
        let start = |i: usize| starts.get(i).copied();
        let idx = resolve(targets(opts, rule, &src)?, total, start);
        if idx.is_empty() && !opts.probe_only() {
            // As the FFmpeg path: every sampled time past the last frame's start (found by
            // fuzzing: zero delays put both frames of a GIF at 0 s).
            return Err(Error::decode(format!(
                "no sampled frame lies inside the {total}-frame animation"
            )));
        }
        check_bytes(lim, w, h, fit, idx.len())?;
        let codec = match fmt {
            image::ImageFormat::Gif => "gif",
            image::ImageFormat::WebP => "webp",
            _ if total > 1 => "apng",
            _ => "png",
        };
        let vi = info(w, h, fit, opts.resize.is_some(), src, idx, start, codec);
        let mut buf = alloc(&vi)?;
        let out = buf.as_mut();
        anim::decode(
            data,
            fmt,
            lim.max_alloc,
            &vi.indices,
            fit,
            slots(out, vi.frame_len()),
        )?;
        return Ok((buf, vi));
    }
    decode_ffmpeg(data, opts, rule, alloc)
}

/// Animated WebP under OpenCV's view (every rule but `"dynamo"`) decodes as OpenCV 5's FFmpeg
/// backend, vLLM's default loader, decodes it: FFmpeg's `webp_anim` demuxer and decoder, where
/// the linked FFmpeg has them (the bundled one does). Its pixels and frame rate are then
/// OpenCV's, not those of the `image` crate's decoder (libwebp's, Pillow's).
fn opencv_webp(fmt: image::ImageFormat, opts: &VideoOptions) -> bool {
    fmt == image::ImageFormat::WebP
        && sampling::view(&opts.sampling) == sampling::View::OpenCv
        && has_webp_anim()
}

#[cfg(feature = "ffmpeg")]
fn has_webp_anim() -> bool {
    static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *HAS.get_or_init(|| {
        crate::av::init();
        // SAFETY: lookups by name in FFmpeg's static component tables.
        unsafe {
            !ffmpeg_next::ffi::av_find_input_format(c"webp_anim".as_ptr()).is_null()
                && !ffmpeg_next::ffi::avcodec_find_decoder_by_name(c"webp_anim".as_ptr()).is_null()
        }
    })
}

#[cfg(not(feature = "ffmpeg"))]
fn has_webp_anim() -> bool {
    false
}

#[cfg(feature = "ffmpeg")]
fn decode_ffmpeg<B, F>(
    data: &[u8],
    opts: &VideoOptions,
    rule: sampling::Rule,
    alloc: F,
) -> Result<(B, VideoInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&VideoInfo) -> Result<B>,
{
    let lim = &opts.limits;
    crate::av::allow_alloc(lim.max_alloc);
    // The probe runs beside a prefetch of the first frames on another pool thread (not when
    // only the metadata is asked for, nor for NVDEC).
    let probed = std::sync::atomic::AtomicBool::new(false);
    let (probe, ahead) = if opts.probe_only() || opts.gpu.is_some() {
        (ff::probe(data, lim.max_video_frames), None)
    } else {
        rayon::join(
            || {
                let p = ff::probe(data, lim.max_video_frames);
                probed.store(true, std::sync::atomic::Ordering::Release);
                p
            },
            || ff::prefetch(data, lim, &probed),
        )
    };
    let mut p = probe?;
    let (w, h) = p.display();
    let fit = frame_plan(lim, opts.resize.as_ref(), w, h)?;
    check_bytes(lim, w, h, fit, 1)?;
    let src = match sampling::view(&opts.sampling) {
        sampling::View::OpenCv => Source::new(p.total_vllm(), p.fps),
        // The header's count was not bounded by the probe (OpenCV's was).
        sampling::View::Dynamo if p.dynamo.total > lim.max_video_frames as i64 => {
            return Err(Error::limit(format!(
                "video reports {} frames, over max_video_frames={}",
                p.dynamo.total, lim.max_video_frames
            )));
        }
        sampling::View::Dynamo => p.dynamo,
    };
    let start = |i: usize| p.pts_secs(i);
    let idx = resolve(targets(opts, rule, &src)?, p.frames(), start);
    if idx.is_empty() && !opts.probe_only() {
        return Err(Error::decode(format!(
            "no sampled frame lies inside the {} stream ({} frames read, {} reported)",
            p.codec(),
            p.frames(),
            p.total_cv
        )));
    }
    check_bytes(lim, w, h, fit, idx.len())?;
    let vi = VideoInfo {
        bit_depth: p.bit_depth(),
        ..info(w, h, fit, opts.resize.is_some(), src, idx, start, p.codec())
    };
    let mut buf = alloc(&vi)?;
    // The GPU's device context; without one, "auto" (not required) decodes on the CPU.
    let gpu = match opts.gpu {
        Some(g) => match hw::device(g.index) {
            Ok(d) => Some((g, d)),
            Err(e) if g.required => return Err(e),
            Err(_) => None,
        },
        None => None,
    };
    let out = buf.as_mut();
    p.fit = fit;
    ff::decode(
        data,
        &p,
        &vi.indices,
        slots(out, vi.frame_len()),
        ahead,
        &opts.cancel,
        gpu.as_ref().map(|(g, d)| (*g, &**d)),
    )?;
    Ok((buf, vi))
}

#[cfg(not(feature = "ffmpeg"))]
fn decode_ffmpeg<B, F>(
    _data: &[u8],
    _opts: &VideoOptions,
    _rule: sampling::Rule,
    _alloc: F,
) -> Result<(B, VideoInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&VideoInfo) -> Result<B>,
{
    Err(Error::unsupported(
        "this fastmedia was built without the `ffmpeg` feature: only GIF/WebP/APNG clips decode",
    ))
}

/// Decode into a fresh `Vec` (tests and simple callers).
pub fn decode_video_vec(data: &[u8], opts: &VideoOptions) -> Result<(Vec<u8>, VideoInfo)> {
    decode_video_into(data, opts, |vi| Ok(vec![0u8; vi.len()]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn animation_rate_from_even_delays_is_exact() {
        let starts: Vec<f64> = (0..=24).map(|i| i as f64 * 0.1).collect();
        assert_eq!(anim_fps(&starts), 10.0);
        let starts: Vec<f64> = (0..=3).map(|i| i as f64 * 0.04).collect();
        assert_eq!(anim_fps(&starts), 25.0);
        // Uneven delays: frames over duration.
        assert_eq!(anim_fps(&[0.0, 0.1, 0.3, 0.4]), 3.0 / 0.4);
        assert_eq!(anim_fps(&[0.0, 0.0]), 0.0);
    }

    #[test]
    fn explicit_indices_are_checked() {
        assert!(check_indices(&[0, 3, 9]).is_ok());
        assert!(matches!(check_indices(&[0, 3, 3]), Err(Error::Config(_))));
        assert!(matches!(check_indices(&[4, 2]), Err(Error::Config(_))));
        assert!(matches!(check_indices(&[-1, 2]), Err(Error::Config(_))));
    }

    #[test]
    fn resolve_times_first_frame_at_or_after() {
        let starts = [0.0, 0.1, 0.25, 0.3, 0.5];
        let s = |i: usize| starts.get(i).copied();
        let r = resolve(Targets::Times(vec![0.0, 0.2, 0.21, 0.45, 0.9]), 5, s);
        assert_eq!(r, vec![0, 2, 3, 4]);
        let r = resolve(Targets::Indices(vec![0, 3, 7]), 5, s);
        assert_eq!(r, vec![0, 3]);
    }

    /// A fuzz finding: an MP4 whose `ctts` declares 100,663,297 entries, which FFmpeg 5.1's
    /// MOV demuxer allocated (855 MB) before reading them. FFmpeg's single-allocation cap
    /// (`av::allow_alloc`, the default 128 MiB here) refuses it: `LimitExceeded`.
    #[cfg(feature = "ffmpeg")]
    #[test]
    fn a_table_over_ffmpegs_allocation_cap_is_a_limit_error() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fuzz/video/mp4_ctts_100m_entries_855mb_realloc.mp4"
        );
        let data = std::fs::read(path).unwrap();
        let opts = VideoOptions {
            limits: Limits::default(),
            sampling: "uniform".into(),
            request: Request::default(),
            resize: None,
            cancel: Default::default(),
            indices: None,
            gpu: None,
        };
        // The last byte is the fuzz target's option selector.
        match decode_video_vec(&data[..data.len() - 1], &opts) {
            Err(Error::LimitExceeded(m)) => assert!(m.contains("FFmpeg could not allocate"), "{m}"),
            other => panic!("{:?}", other.map(|(_, i)| i)),
        }
    }

    #[test]
    fn size_products_saturate_instead_of_wrapping() {
        // u32::MAX^2 * 3 * frames wraps u64 (to a small number) without saturation.
        let lim = Limits {
            max_width: None,
            max_height: None,
            max_pixels: None,
            max_video_bytes: u64::MAX - 1,
            ..Limits::default()
        };
        for frames in [1, 2, 1 << 20, usize::MAX] {
            assert!(matches!(
                check_bytes(&lim, u32::MAX, u32::MAX, None, frames),
                Err(Error::LimitExceeded(_))
            ));
        }
        let q = Resize::qwen2_vl();
        let wide = Limits {
            max_alloc: u64::MAX - 1,
            ..lim
        };
        assert!(matches!(
            frame_plan(&wide, Some(&q), u32::MAX, u32::MAX),
            Err(Error::LimitExceeded(_))
        ));
        let vi = VideoInfo {
            width: u32::MAX,
            height: u32::MAX,
            total: 1,
            fps: 1.0,
            duration: 1.0,
            indices: vec![0, 1],
            timestamps: vec![0.0, 1.0],
            codec: "h264",
            bit_depth: 8,
            source_size: None,
        };
        assert_eq!(vi.frame_len(), usize::MAX);
        assert_eq!(vi.len(), usize::MAX);
        let img = crate::decode::ImageInfo {
            width: u32::MAX,
            height: u32::MAX,
            channels: 4,
            format: "Png",
            color_type: "Rgba8",
            source_size: [u32::MAX, u32::MAX],
        };
        assert_eq!(img.len(), usize::MAX);
    }

    #[test]
    fn size_limits_before_allocation() {
        let lim = Limits::default();
        assert!(check_bytes(&lim, 1920, 1080, None, 32).is_ok());
        assert!(matches!(
            check_bytes(&lim, 8192, 4320, None, 32),
            Err(Error::LimitExceeded(_))
        ));
        assert!(matches!(
            frame_plan(&lim, None, 0, 10),
            Err(Error::Decode(_))
        ));
    }

    #[test]
    fn resize_plans_one_target_and_bounds_the_output() {
        let lim = Limits::default();
        let q = Resize::qwen2_vl();
        // 8K frames: 32 of them are 3.4 GB, over max_video_bytes; resized, 32 x 1316x728.
        let fit = frame_plan(&lim, Some(&q), 7680, 4320).unwrap().unwrap();
        assert_eq!((fit.height, fit.width), (728, 1316));
        assert!(check_bytes(&lim, 7680, 4320, None, 32).is_err());
        assert!(check_bytes(&lim, 7680, 4320, Some(fit), 32).is_ok());
        // Decode-side limits stay on the source frame.
        let tight = Limits {
            max_width: Some(4000),
            ..Limits::default()
        };
        assert!(matches!(
            frame_plan(&tight, Some(&q), 7680, 4320),
            Err(Error::LimitExceeded(_))
        ));
        // The per-worker full-size scratch must fit max_alloc.
        let small = Limits {
            max_alloc: 1 << 20,
            ..Limits::default()
        };
        assert!(matches!(
            frame_plan(&small, Some(&q), 1920, 1080),
            Err(Error::LimitExceeded(_))
        ));
        // A spec that leaves the frame as it is plans no resize.
        assert_eq!(frame_plan(&lim, Some(&q), 560, 280).unwrap(), None);
        // A forced size the output cannot hold is refused before allocating.
        let huge = Resize::new(
            None,
            None,
            1,
            Some((60_000, 60_000)),
            Filter::Bicubic,
            false,
        )
        .unwrap();
        let fit = frame_plan(&lim, Some(&huge), 64, 64).unwrap();
        assert!(matches!(
            check_bytes(&lim, 64, 64, fit, 1),
            Err(Error::LimitExceeded(_))
        ));
    }
}
