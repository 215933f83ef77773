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

type Rule = fn(&Source, &Request) -> Result<Targets>;

/// name -> rule. The first row is the default.
pub const RULES: &[(&str, Rule)] = &[
    ("uniform", uniform),
    ("timestamps", timestamps),
    ("qwen3_vl", qwen3_vl),
];

pub fn rule(name: &str) -> Result<Rule> {
    RULES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, r)| *r)
        .ok_or_else(|| {
            let names: Vec<&str> = RULES.iter().map(|(n, _)| *n).collect();
            Error::decode(format!("sampling must be one of {names:?}, got {name:?}"))
        })
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

/// vLLM's Qwen3-VL loader: `n = int(total / src_fps * fps)` with fps 2 by default, clamped to
/// `[4, 768]` and to `total`; indices `np.linspace(0, total - 1, n).round()`.
pub fn qwen3_vl(s: &Source, r: &Request) -> Result<Targets> {
    need_frames(s)?;
    if s.fps <= 0.0 {
        return Err(Error::decode(
            "qwen3_vl sampling needs the source frame rate; the container reports none",
        ));
    }
    let fps = r.fps.filter(|&f| f > 0.0).unwrap_or(2.0);
    let (min_frames, max_frames) = (4, r.max_frames.filter(|&m| m > 0).unwrap_or(768));
    let n = (s.total as f64 / s.fps * fps) as i64;
    let n = n.max(min_frames).min(max_frames).min(s.total).max(1);
    // np.round is round-half-to-even.
    Ok(Targets::Indices(
        (0..n)
            .map(|i| linspace_at(0.0, (s.total - 1) as f64, n, i).round_ties_even() as i64)
            .collect(),
    ))
}

/// Dynamo's frontend (`decoders/video.rs`): `fps` XOR `num_frames`, `max_frames` a cap;
/// `n = floor(duration * fps)` or `num_frames` or every frame; targets
/// `linspace(0, duration - 1/src_fps - 1 ms, n)` (the midpoint when `n == 1`), each taking
/// the first frame with `pts >= t`. Dynamo refuses `n > total`; here `n` is clamped to it.
pub fn timestamps(s: &Source, r: &Request) -> Result<Targets> {
    need_frames(s)?;
    let fps = r.fps.filter(|&f| f > 0.0);
    let num = r.num_frames.filter(|&k| k > 0);
    if fps.is_some() && num.is_some() {
        return Err(Error::decode(
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
        assert!(matches!(timestamps(&s, &both), Err(Error::Decode(_))));
    }

    #[test]
    fn rule_table() {
        assert!(rule("uniform").is_ok());
        assert!(rule("qwen3_vl").is_ok());
        assert!(matches!(rule("nope"), Err(Error::Decode(_))));
        assert!(uniform(&Source::new(0, 30.0), &req(4)).is_err());
    }
}
