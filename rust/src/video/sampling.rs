//! Which frames a model sees: the sampling rules of vLLM's loaders and Dynamo's frontend,
//! as a table of pure functions over the source's frame count, rate and duration. Adding a
//! model's rule is one function and one table row.

use crate::error::{Error, Result};

/// What the container reports, the way OpenCV's `CAP_PROP_FRAME_COUNT` / `CAP_PROP_FPS` do
/// (vLLM's `VideoSourceMetadata`): `duration = total / fps`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Source {
    pub total: i64,
    pub fps: f64,
    pub duration: f64,
}

impl Source {
    pub fn new(total: i64, fps: f64) -> Source {
        let duration = if fps > 0.0 { total as f64 / fps } else { 0.0 };
        Source {
            total,
            fps,
            duration,
        }
    }

    /// What Dynamo's frontend reads from the video stream's header (rational numbers as
    /// `(num, den)`): fps = `avg_frame_rate`, else `r_frame_rate`; duration = the stream's
    /// `duration * time_base`, else the container's (microseconds); total = `nb_frames`, else
    /// `trunc(duration * fps)`. Unknowns are 0.
    pub fn dynamo(
        nb_frames: i64,
        avg_rate: (i32, i32),
        r_rate: (i32, i32),
        stream_duration: i64,
        time_base: (i32, i32),
        container_duration_us: i64,
    ) -> Source {
        let (num, den) = if avg_rate.0 != 0 { avg_rate } else { r_rate };
        let fps = num as f64 / den.max(1) as f64;
        let duration = if stream_duration > 0 {
            stream_duration as f64 * time_base.0 as f64 / time_base.1.max(1) as f64
        } else if container_duration_us > 0 {
            container_duration_us as f64 / 1_000_000.0
        } else {
            0.0
        };
        let total = if nb_frames > 0 {
            nb_frames
        } else if fps > 0.0 && duration > 0.0 {
            // Rust's saturating float-to-int cast, as Dynamo's `as u64`.
            (duration * fps) as u64 as i64
        } else {
            0
        };
        Source {
            total,
            fps,
            duration,
        }
    }
}

/// Which numbers a rule samples against, and the metadata reports: OpenCV's
/// (`CAP_PROP_FRAME_COUNT` / `CAP_PROP_FPS`, what vLLM sees) or the stream header's, as
/// Dynamo's frontend reads them ([`Source::dynamo`]). Animations have one timeline for all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    OpenCv,
    Dynamo,
}

/// The caller's request. `None` means "not given" (vLLM's -1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Request {
    pub num_frames: Option<i64>,
    pub fps: Option<f64>,
    pub max_frames: Option<i64>,
}

/// A rule's answer: frame indices, or (Dynamo) times whose frames are the first with
/// `pts >= t`, resolved against the real timeline by the decoder.
#[derive(Clone, Debug, PartialEq)]
pub enum Targets {
    Indices(Vec<i64>),
    Times(Vec<f64>),
}

pub type Rule = fn(&Source, &Request) -> Result<Targets>;

/// name -> rule, and the view of the container it samples against. The first row is the
/// default.
pub const RULES: &[(&str, Rule, View)] = &[
    ("uniform", uniform, View::OpenCv),
    ("timestamps", timestamps, View::OpenCv),
    ("qwen3_vl", qwen3_vl, View::OpenCv),
    ("qwen2_vl", qwen2_vl, View::OpenCv),
    ("dynamo", dynamo, View::Dynamo),
];

fn row(name: &str) -> Result<&'static (&'static str, Rule, View)> {
    RULES.iter().find(|(n, ..)| *n == name).ok_or_else(|| {
        let names: Vec<&str> = RULES.iter().map(|(n, ..)| *n).collect();
        Error::decode(format!("sampling must be one of {names:?}, got {name:?}"))
    })
}

pub fn rule(name: &str) -> Result<Rule> {
    row(name).map(|r| r.1)
}

/// Refuse, as a configuration error before any decoding, what no rule can use: an `fps` that
/// is not finite (vLLM's `math.floor(duration * fps)` raises on infinity; NaN means nothing).
/// The rules' own refusals of combinations (Dynamo's) are configuration errors too.
pub fn check(r: &Request) -> Result<()> {
    if let Some(f) = r.fps.filter(|f| !f.is_finite()) {
        return Err(Error::config(format!(
            "fps must be a finite number of frames per second (or None), got {f}"
        )));
    }
    Ok(())
}

/// The [`View`] rule `name` samples against (OpenCV's for an unknown name: [`rule`] refuses it).
pub fn view(name: &str) -> View {
    row(name).map_or(View::OpenCv, |r| r.2)
}

/// numpy's `np.linspace(start, stop, n)` element `i` (same float operations).
fn linspace_at(start: f64, stop: f64, n: i64, i: i64) -> f64 {
    if n == 1 {
        return start;
    }
    let div = (n - 1) as f64;
    let step = (stop - start) / div;
    if i == n - 1 {
        // numpy sets the endpoint exactly.
        return stop;
    }
    if step == 0.0 {
        return start + (i as f64 / div) * (stop - start);
    }
    start + i as f64 * step
}

fn need_frames(s: &Source) -> Result<()> {
    if s.total <= 0 {
        return Err(Error::decode(format!(
            "the container reports {} frames; cannot sample",
            s.total
        )));
    }
    Ok(())
}

/// vLLM's default loader (`VideoBackend.compute_frames_index_to_sample`), index for index:
/// `n = min(num_frames, total)`, `n = min(n, floor(duration * fps))`, `n = max(1, n)`;
/// `range(total)` when `n == total`, else `np.linspace(0, total - 1, n, dtype=int)`.
pub fn uniform(s: &Source, r: &Request) -> Result<Targets> {
    need_frames(s)?;
    let total = s.total;
    let mut n = total;
    if let Some(k) = r.num_frames.filter(|&k| k > 0) {
        n = k.min(total);
    }
    if let Some(f) = r.fps.filter(|&f| f > 0.0) {
        n = n.min((s.duration * f).floor() as i64);
    }
    let n = n.max(1);
    if n == total {
        return Ok(Targets::Indices((0..total).collect()));
    }
    // dtype=int truncates toward zero (all values are >= 0 here).
    Ok(Targets::Indices(
        (0..n)
            .map(|i| linspace_at(0.0, (total - 1) as f64, n, i) as i64)
            .collect(),
    ))
}

/// vLLM's Qwen3-VL loader: `n = int(total / src_fps * min(fps, 30))` with fps 2 by default,
/// clamped to `[4, 768]` and to `total`; indices `np.linspace(0, total - 1, n).round()`.
pub fn qwen3_vl(s: &Source, r: &Request) -> Result<Targets> {
    need_frames(s)?;
    if s.fps <= 0.0 {
        return Err(Error::decode(
            "qwen3_vl sampling needs the source frame rate; the container reports none",
        ));
    }
    let fps = r.fps.filter(|&f| f > 0.0).unwrap_or(2.0).min(30.0);
    let (min_frames, max_frames) = (4, r.max_frames.filter(|&m| m > 0).unwrap_or(768).min(768));
    let n = (s.total as f64 / s.fps * fps) as i64;
    let n = n.max(min_frames).min(max_frames).min(s.total).max(1);
    // np.round is round-half-to-even.
    Ok(Targets::Indices(
        (0..n)
            .map(|i| linspace_at(0.0, (s.total - 1) as f64, n, i).round_ties_even() as i64)
            .collect(),
    ))
}

/// vLLM 0.33's Qwen2-VL loader (transformers' `Qwen2VLVideoProcessor.sample_frames`, fps
/// mode): `n = total / src_fps * min(fps, 30)` (fps 2 by default), clamped to `[4, max_frames]`
/// (768 at most) and to `total`, floored to a multiple of 2 (the temporal patch); indices
/// `torch.arange(0, total, total / n).int()` (a float32 value of a double product, truncated),
/// the last clamped to `total - 1`.
pub fn qwen2_vl(s: &Source, r: &Request) -> Result<Targets> {
    need_frames(s)?;
    if s.fps <= 0.0 {
        return Err(Error::decode(
            "qwen2_vl sampling needs the source frame rate; the container reports none",
        ));
    }
    let fps = r.fps.unwrap_or(2.0).min(30.0);
    let cap = r.max_frames.filter(|&m| m > 0).unwrap_or(768).min(768);
    let cap = cap.min(s.total) / 2 * 2;
    let n = (s.total as f64 / s.fps * fps)
        .max(4.0)
        .min(cap as f64)
        .min(s.total as f64);
    let n = (n / 2.0).floor() * 2.0;
    if n < 2.0 {
        return Err(Error::decode(format!(
            "qwen2_vl sampling needs at least 2 frames (its temporal patch); the clip has {}",
            s.total
        )));
    }
    let step = s.total as f64 / n;
    let len = (s.total as f64 / step).ceil() as i64;
    Ok(Targets::Indices(
        (0..len)
            .map(|i| (((step * i as f64) as f32) as i64).min(s.total - 1))
            .collect(),
    ))
}

/// Dynamo's earlier frontend (ai-dynamo/dynamo `lib/llm/src/preprocessor/media/decoders/
/// video.rs` at d2b3b9125d59473a4a03b717ae39fa5325a436a7; [`dynamo`] follows its rewrite):
/// `fps` XOR `num_frames`, `max_frames` a cap; `n = floor(duration * fps)` or `num_frames` or
/// every frame; targets `linspace(0, duration - 1/src_fps - 1 ms, n)` (the midpoint when
/// `n == 1`), each taking the first frame with `pts >= t`. Dynamo refused `n > total`; here
/// `n` is clamped to it.
pub fn timestamps(s: &Source, r: &Request) -> Result<Targets> {
    need_frames(s)?;
    let fps = r.fps.filter(|&f| f > 0.0);
    let num = r.num_frames.filter(|&k| k > 0);
    if fps.is_some() && num.is_some() {
        return Err(Error::config(
            "sampling=\"timestamps\" takes fps or num_frames, not both (as Dynamo's frontend)",
        ));
    }
    if s.fps <= 0.0 || s.duration <= 0.0 {
        return Err(Error::decode(
            "timestamp sampling needs the source frame rate and duration; the container reports none",
        ));
    }
    let mut n = match (fps, num) {
        (Some(f), _) => (s.duration * f) as i64,
        (None, Some(k)) => k,
        (None, None) => s.total,
    };
    if let Some(m) = r.max_frames.filter(|&m| m > 0) {
        n = n.min(m);
    }
    let n = n.max(1).min(s.total);
    // Dynamo converts each time to f32 seconds before seeking.
    let last = (s.duration - 1.0 / s.fps - 0.001).max(0.0);
    if n == 1 {
        return Ok(Targets::Times(vec![(last as f32 / 2.0) as f64]));
    }
    Ok(Targets::Times(
        (0..n)
            .map(|i| ((i as f64 * last) / (n as f64 - 1.0)).max(0.0) as f32 as f64)
            .collect(),
    ))
}

/// Dynamo's current frontend (ai-dynamo/dynamo `lib/llm/src/preprocessor/media/decoders/
/// video.rs` at 054739914ce416e48f264272e256791985d593c6), on the stream header's numbers
/// ([`View::Dynamo`]): `fps` XOR `num_frames`, and `max_frames` only with `fps` (or alone);
/// `n = trunc(duration * fps)`, or `num_frames`, or every frame; `n = max(1, min(n,
/// max_frames))`, refused when over `total`; indices `round(i * (total - 1) / (n - 1))`
/// (Rust's `round`: halves away from zero, where numpy's `round` goes to even), deduplicated.
/// Dynamo then decodes from the start and takes, for each index, the first frame output at
/// or after it; in a stream that decodes whole that is the frame of that index.
pub fn dynamo(s: &Source, r: &Request) -> Result<Targets> {
    if r.fps.is_some() && r.num_frames.is_some() {
        return Err(Error::config(
            "sampling=\"dynamo\" takes fps or num_frames, not both (as Dynamo's frontend)",
        ));
    }
    if r.max_frames.is_some() && r.num_frames.is_some() {
        return Err(Error::config(
            "sampling=\"dynamo\" takes max_frames with fps, not with num_frames (as Dynamo's \
             frontend)",
        ));
    }
    for (name, v) in [("num_frames", r.num_frames), ("max_frames", r.max_frames)] {
        if let Some(v) = v.filter(|&v| v < 0) {
            return Err(Error::config(format!(
                "{name} must be >= 0 with sampling=\"dynamo\", got {v}"
            )));
        }
    }
    need_frames(s)?;
    if s.fps.is_nan() || s.fps <= 0.0 {
        return Err(Error::decode(
            "dynamo sampling needs the stream's frame rate; the container reports none",
        ));
    }
    let total = s.total as u64;
    let n = match (r.fps, r.num_frames) {
        (Some(f), _) => {
            if s.duration.is_nan() || s.duration <= 0.0 {
                return Err(Error::decode(
                    "dynamo sampling by fps needs the stream's duration; the container reports none",
                ));
            }
            (s.duration * f) as u64
        }
        (None, Some(k)) => k as u64,
        (None, None) => total,
    };
    let n = r.max_frames.map_or(n, |m| n.min(m as u64)).max(1);
    if n > total {
        return Err(Error::decode(format!(
            "sampling=\"dynamo\" cannot take {n} frames from a {total}-frame clip (Dynamo \
             refuses more frames than the stream reports)"
        )));
    }
    Ok(Targets::Indices(dynamo_indices(n, total)))
}

/// `round(i * (total - 1) / (n - 1))` for `i < n` (`[0]` for one), in Dynamo's float order.
fn dynamo_indices(n: u64, total: u64) -> Vec<i64> {
    if n <= 1 {
        return vec![0];
    }
    let (last, div) = ((total.max(1) - 1) as f64, (n - 1) as f64);
    let mut v: Vec<i64> = (0..n)
        .map(|i| (i as f64 * last / div).round() as i64)
        .collect();
    v.dedup(); // ascending, so this is np.unique
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idx(t: Targets) -> Vec<i64> {
        match t {
            Targets::Indices(v) => v,
            Targets::Times(_) => panic!("expected indices"),
        }
    }

    fn req(num: i64) -> Request {
        Request {
            num_frames: Some(num),
            ..Default::default()
        }
    }

    #[test]
    fn uniform_matches_numpy_linspace_int() {
        // np.linspace(0, 599, 32, dtype=int)
        let want = [
            0, 19, 38, 57, 77, 96, 115, 135, 154, 173, 193, 212, 231, 251, 270, 289, 309, 328, 347,
            367, 386, 405, 425, 444, 463, 483, 502, 521, 541, 560, 579, 599,
        ];
        assert_eq!(
            idx(uniform(&Source::new(600, 30.0), &req(32)).unwrap()),
            want
        );
        // np.linspace(0, 8999, 32, dtype=int)[:4] and the end
        let v = idx(uniform(&Source::new(9000, 30.0), &req(32)).unwrap());
        assert_eq!(&v[..4], &[0, 290, 580, 870]);
        assert_eq!(v[31], 8999);
    }

    #[test]
    fn uniform_all_frames_when_short_or_unset() {
        assert_eq!(
            idx(uniform(&Source::new(24, 10.0), &req(32)).unwrap()),
            (0..24).collect::<Vec<_>>()
        );
        assert_eq!(
            idx(uniform(&Source::new(5, 10.0), &Request::default()).unwrap()),
            vec![0, 1, 2, 3, 4]
        );
    }

    #[test]
    fn uniform_fps_caps_n() {
        // 300 frames at 30 fps = 10 s; fps=1 -> 10 frames: np.linspace(0, 299, 10, dtype=int)
        let r = Request {
            num_frames: Some(32),
            fps: Some(1.0),
            max_frames: None,
        };
        assert_eq!(
            idx(uniform(&Source::new(300, 30.0), &r).unwrap()),
            vec![0, 33, 66, 99, 132, 166, 199, 232, 265, 299]
        );
        // floor(duration * fps) = 0 -> at least one frame (index 0)
        let r = Request {
            fps: Some(0.01),
            ..Default::default()
        };
        assert_eq!(idx(uniform(&Source::new(30, 30.0), &r).unwrap()), vec![0]);
    }

    #[test]
    fn qwen3_vl_rounds() {
        // 600 frames at 30 fps, fps 2 -> 40 frames; np.linspace(0, 599, 40).round()
        let v = idx(qwen3_vl(&Source::new(600, 30.0), &Request::default()).unwrap());
        assert_eq!(v.len(), 40);
        assert_eq!(&v[..5], &[0, 15, 31, 46, 61]);
        assert_eq!(v[39], 599);
        // short clip: at least 4 frames, at most total
        let v = idx(qwen3_vl(&Source::new(3, 30.0), &Request::default()).unwrap());
        assert_eq!(v, vec![0, 1, 2]);
        let v = idx(qwen3_vl(&Source::new(30, 30.0), &Request::default()).unwrap());
        assert_eq!(v, vec![0, 10, 19, 29]); // linspace(0,29,4) = 0, 9.67, 19.33, 29
    }

    #[test]
    fn qwen2_vl_like_transformers() {
        // 600 frames at 30 fps, fps 2: 40 frames, step 15.
        let v = idx(qwen2_vl(&Source::new(600, 30.0), &Request::default()).unwrap());
        assert_eq!(v.len(), 40);
        assert_eq!(&v[..3], &[0, 15, 30]);
        // An odd count floors to the temporal patch: 451 frames at 30 fps -> 30.07 -> 30.
        let v = idx(qwen2_vl(&Source::new(451, 30.0), &Request::default()).unwrap());
        assert_eq!(v.len(), 30);
        assert!(v.windows(2).all(|w| w[0] < w[1]) && *v.last().unwrap() <= 450);
        // Short clips: at least 4 frames, at most total (floored to 2); 1 frame is refused.
        let v = idx(qwen2_vl(&Source::new(5, 30.0), &Request::default()).unwrap());
        assert_eq!(v, vec![0, 1, 2, 3]);
        assert!(qwen2_vl(&Source::new(1, 30.0), &Request::default()).is_err());
        assert!(qwen2_vl(&Source::new(100, 0.0), &Request::default()).is_err());
    }

    #[test]
    fn timestamps_like_dynamo() {
        let s = Source::new(300, 30.0); // 10 s
        let t = match timestamps(&s, &req(4)).unwrap() {
            Targets::Times(t) => t,
            _ => panic!(),
        };
        let last = 10.0 - 1.0 / 30.0 - 0.001;
        assert_eq!(t.len(), 4);
        assert_eq!(t[0], 0.0);
        assert!((t[3] - last).abs() < 1e-5);
        let r = Request {
            fps: Some(2.0),
            max_frames: Some(8),
            num_frames: None,
        };
        match timestamps(&s, &r).unwrap() {
            Targets::Times(t) => assert_eq!(t.len(), 8),
            _ => panic!(),
        }
        let both = Request {
            fps: Some(2.0),
            num_frames: Some(3),
            max_frames: None,
        };
        assert!(matches!(timestamps(&s, &both), Err(Error::Config(_))));
    }

    fn src(total: i64, fps: f64, duration: f64) -> Source {
        Source {
            total,
            fps,
            duration,
        }
    }

    #[test]
    fn dynamo_rounds_halves_away_from_zero() {
        // i * 89 / 2 = 44.5: Dynamo's Rust round() gives 45, numpy's np.round 44.
        let s = src(90, 30.0, 3.0);
        assert_eq!(idx(dynamo(&s, &req(3)).unwrap()), vec![0, 45, 89]);
        // np.unique(np.round(np.linspace(0, 10, 5))) is [0, 2, 5, 8, 10]
        assert_eq!(
            idx(dynamo(&src(11, 1.0, 11.0), &req(5)).unwrap()),
            vec![0, 3, 5, 8, 10]
        );
        // No ties: the same as np.linspace(0, 599, 32).round()
        let v = idx(dynamo(&src(600, 30.0, 20.0), &req(32)).unwrap());
        assert_eq!(&v[..6], &[0, 19, 39, 58, 77, 97]);
        assert_eq!(v[31], 599);
    }

    #[test]
    fn dynamo_counts_one_all_and_dedups() {
        let s = src(24, 10.0, 2.4);
        assert_eq!(idx(dynamo(&s, &req(1)).unwrap()), vec![0]);
        // num_frames=0 is a request for max(1, 0) = 1 frame, as Dynamo's u64 arithmetic
        assert_eq!(idx(dynamo(&s, &req(0)).unwrap()), vec![0]);
        let all = (0..24).collect::<Vec<_>>();
        assert_eq!(idx(dynamo(&s, &Request::default()).unwrap()), all);
        assert_eq!(idx(dynamo(&s, &req(24)).unwrap()), all);
        // More requested than held rounds onto repeats: np.unique drops them.
        assert_eq!(dynamo_indices(5, 3), vec![0, 1, 2]);
        assert_eq!(dynamo_indices(4, 1), vec![0]);
    }

    #[test]
    fn dynamo_fps_and_max_frames() {
        let s = src(300, 30.0, 10.0);
        let by = |fps: f64, max: Option<i64>| Request {
            fps: Some(fps),
            max_frames: max,
            num_frames: None,
        };
        // trunc(10 * 2) = 20 frames
        let v = idx(dynamo(&s, &by(2.0, None)).unwrap());
        assert_eq!(v.len(), 20);
        assert_eq!((v[1], v[19]), (16, 299)); // round(299 / 19) = round(15.74)
        assert_eq!(idx(dynamo(&s, &by(2.0, Some(8))).unwrap()).len(), 8);
        // trunc(0.5) = 0 frames -> at least one
        assert_eq!(idx(dynamo(&s, &by(0.05, None)).unwrap()), vec![0]);
        // max_frames alone caps every frame
        let cap = Request {
            max_frames: Some(4),
            ..Default::default()
        };
        assert_eq!(idx(dynamo(&s, &cap).unwrap()), vec![0, 100, 199, 299]);
    }

    #[test]
    fn dynamo_refusals() {
        let s = src(24, 10.0, 2.4);
        let err = |r: &Request| match dynamo(&s, r) {
            Err(Error::Decode(m)) => m,
            other => panic!("expected a decode error, got {other:?}"),
        };
        // Combinations Dynamo refuses whatever the clip are the caller's configuration errors.
        let config = |r: &Request| match dynamo(&s, r) {
            Err(Error::Config(m)) => m,
            other => panic!("expected a config error, got {other:?}"),
        };
        // n > total: Dynamo refuses rather than clamps
        assert!(err(&req(25)).contains("25 frames from a 24-frame"));
        let r = Request {
            fps: Some(30.0), // trunc(2.4 * 30) = 72
            ..Default::default()
        };
        assert!(err(&r).contains("72 frames"));
        let both = Request {
            fps: Some(2.0),
            num_frames: Some(3),
            max_frames: None,
        };
        assert!(config(&both).contains("not both"));
        let num_max = Request {
            num_frames: Some(3),
            max_frames: Some(2),
            fps: None,
        };
        assert!(config(&num_max).contains("max_frames"));
        assert!(config(&req(-1)).contains(">= 0"));
        assert!(dynamo(&src(0, 10.0, 2.4), &req(1)).is_err());
        assert!(dynamo(&src(24, 0.0, 2.4), &req(1)).is_err());
        let fps_req = Request {
            fps: Some(1.0),
            ..Default::default()
        };
        assert!(dynamo(&src(24, 10.0, 0.0), &fps_req).is_err());
        // without fps the duration is not needed
        assert_eq!(
            idx(dynamo(&src(24, 10.0, 0.0), &req(2)).unwrap()),
            vec![0, 23]
        );
    }

    #[test]
    fn dynamo_source_from_the_stream_header() {
        // nb_frames wins; avg_frame_rate; stream duration in its time base.
        let s = Source::dynamo(90, (30, 1), (60, 1), 3 * 15360, (1, 15360), 3_100_000);
        assert_eq!(s, src(90, 30.0, 3.0));
        // no nb_frames (WebM): trunc(duration * fps); no avg rate: r_frame_rate; no stream
        // duration: the container's
        let s = Source::dynamo(0, (0, 0), (30, 1), i64::MIN, (1, 1000), 2_010_000);
        assert_eq!(s, src(60, 30.0, 2.01)); // trunc(60.3)
        let s = Source::dynamo(0, (30000, 1001), (0, 0), 0, (1, 1000), 1_000_000);
        assert_eq!(s.total, 29); // trunc(29.97)
        assert_eq!(
            Source::dynamo(0, (0, 0), (0, 0), 0, (0, 0), 0),
            src(0, 0.0, 0.0)
        );
    }

    #[test]
    fn rule_table() {
        assert_eq!(view("dynamo"), View::Dynamo);
        assert_eq!(view("uniform"), View::OpenCv);
        assert!(rule("uniform").is_ok());
        assert!(rule("qwen3_vl").is_ok());
        assert!(matches!(rule("nope"), Err(Error::Decode(_))));
        for f in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
            let r = Request {
                fps: Some(f),
                ..Default::default()
            };
            assert!(matches!(check(&r), Err(Error::Config(_))), "{f}");
        }
        assert!(check(&Request::default()).is_ok());
        assert!(uniform(&Source::new(0, 30.0), &req(4)).is_err());
    }
}
