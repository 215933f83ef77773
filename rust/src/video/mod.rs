//! Video clips: sample the frames a model needs (`sampling`), decode only those, in parallel
//! on the caller's rayon pool, straight into one `[T, H, W, 3]` RGB buffer the caller
//! provides (a recycled buffer or a registered chunk). Limits are checked from the header and
//! the packet index before the output is allocated.

mod anim;
#[cfg(feature = "ffmpeg")]
mod convert;
#[cfg(feature = "ffmpeg")]
mod ff;
pub mod sampling;

use crate::decode::Limits;
use crate::error::{Error, Result};
pub use sampling::{Request, Source, Targets};

#[derive(Clone, Debug)]
pub struct VideoOptions {
    pub limits: Limits,
    /// A row of [`sampling::RULES`]: "uniform" (vLLM's default), "timestamps" (Dynamo),
    /// "qwen3_vl".
    pub sampling: String,
    pub request: Request,
}

/// The clip decoded: its shape and vLLM's / Dynamo's metadata.
#[derive(Clone, Debug, PartialEq)]
pub struct VideoInfo {
    pub width: u32,
    pub height: u32,
    /// `total_num_frames` (OpenCV's `CAP_PROP_FRAME_COUNT`).
    pub total: i64,
    pub fps: f64,
    pub duration: f64,
    /// Source index of each output frame.
    pub indices: Vec<i64>,
    /// Seconds of each output frame: `index / fps` (so `round(t * fps) == index`).
    pub timestamps: Vec<f64>,
    /// FFmpeg's codec name, or "gif" / "webp" / "apng" / "png".
    pub codec: &'static str,
}

impl VideoInfo {
    pub fn frame_len(&self) -> usize {
        self.width as usize * self.height as usize * 3
    }
    pub fn len(&self) -> usize {
        self.indices.len() * self.frame_len()
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

fn check_size(limits: &Limits, w: u32, h: u32, frames: usize) -> Result<()> {
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
    let need = px * 3 * frames as u64;
    if need > limits.max_video_bytes {
        return Err(Error::limit(format!(
            "{frames} frames of {w}x{h} RGB need {need} bytes, over max_video_bytes={}",
            limits.max_video_bytes
        )));
    }
    Ok(())
}

fn info(
    w: u32,
    h: u32,
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
        width: w,
        height: h,
        total: src.total,
        fps: src.fps,
        duration: src.duration,
        indices,
        timestamps,
        codec,
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
    if let Some(fmt) = anim::sniff(data) {
        let (w, h) = anim::dimensions(data, fmt)?;
        check_size(lim, w, h, 1)?;
        let starts = anim::timeline(data, fmt, lim.max_video_frames, lim.max_alloc)?;
        let total = starts.len() as i64 - 1;
        let end = starts[starts.len() - 1];
        let fps = if end > 0.0 { total as f64 / end } else { 0.0 };
        let src = Source::new(total, fps);
        let start = |i: usize| starts.get(i).copied();
        let idx = resolve(rule(&src, &opts.request)?, total, start);
        check_size(lim, w, h, idx.len())?;
        let codec = match fmt {
            image::ImageFormat::Gif => "gif",
            image::ImageFormat::WebP => "webp",
            _ if total > 1 => "apng",
            _ => "png",
        };
        let vi = info(w, h, src, idx, start, codec);
        let mut buf = alloc(&vi)?;
        let out = buf.as_mut();
        anim::decode(
            data,
            fmt,
            lim.max_alloc,
            &vi.indices,
            slots(out, vi.frame_len()),
        )?;
        return Ok((buf, vi));
    }
    decode_ffmpeg(data, opts, rule, alloc)
}

#[cfg(feature = "ffmpeg")]
fn decode_ffmpeg<B, F>(
    data: &[u8],
    opts: &VideoOptions,
    rule: fn(&Source, &Request) -> Result<Targets>,
    alloc: F,
) -> Result<(B, VideoInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&VideoInfo) -> Result<B>,
{
    let lim = &opts.limits;
    let p = ff::probe(data, lim.max_video_frames)?;
    let (w, h) = p.display();
    check_size(lim, w, h, 1)?;
    let src = Source::new(p.total_cv, p.fps);
    let start = |i: usize| p.pts_secs(i);
    let idx = resolve(rule(&src, &opts.request)?, p.frames(), start);
    if idx.is_empty() {
        return Err(Error::decode(format!(
            "no sampled frame lies inside the {} stream ({} frames read, {} reported)",
            p.codec(),
            p.frames(),
            p.total_cv
        )));
    }
    check_size(lim, w, h, idx.len())?;
    let vi = info(w, h, src, idx, start, p.codec());
    let mut buf = alloc(&vi)?;
    let out = buf.as_mut();
    ff::decode(data, &p, &vi.indices, slots(out, vi.frame_len()))?;
    Ok((buf, vi))
}

#[cfg(not(feature = "ffmpeg"))]
fn decode_ffmpeg<B, F>(
    _data: &[u8],
    _opts: &VideoOptions,
    _rule: fn(&Source, &Request) -> Result<Targets>,
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
    fn resolve_times_first_frame_at_or_after() {
        let starts = [0.0, 0.1, 0.25, 0.3, 0.5];
        let s = |i: usize| starts.get(i).copied();
        let r = resolve(Targets::Times(vec![0.0, 0.2, 0.21, 0.45, 0.9]), 5, s);
        assert_eq!(r, vec![0, 2, 3, 4]);
        let r = resolve(Targets::Indices(vec![0, 3, 7]), 5, s);
        assert_eq!(r, vec![0, 3]);
    }

    #[test]
    fn size_limits_before_allocation() {
        let lim = Limits::default();
        assert!(check_size(&lim, 1920, 1080, 32).is_ok());
        assert!(matches!(
            check_size(&lim, 8192, 4320, 32),
            Err(Error::LimitExceeded(_))
        ));
        assert!(matches!(check_size(&lim, 0, 10, 1), Err(Error::Decode(_))));
    }
}
