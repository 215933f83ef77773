//! Frames in: a model's `[T, H, W, 3]`, `[T, 3, H, W]` or `[B, C, T, H, W]` array of `u8`,
//! `f32` or `f64`, converted to packed RGB24 `[T, H, W, 3]`, the one layout the encoders take.
//!
//! Float frames convert exactly as Dynamo 1.6.1's `frames_to_numpy` does with numpy 2:
//! `(x * 255).round().clip(0, 255).astype(uint8)`, the multiply in the array's own precision
//! (NEP 50: a Python float scalar does not widen a float32 array), rounding half to even.
//! `ValueRange::Signed` maps `[-1, 1]` first through `(x + 1) / 2` in the same precision.
//! NaN and infinities are rejected (numpy's cast would give an unspecified byte). Shapes and
//! sizes are checked against `Limits` before the output is allocated.

use crate::decode::Limits;
use crate::error::{Error, Result};

/// How the caller's axes are ordered; chosen explicitly, never guessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `[T, H, W, 3]`: what video models hand their servers, and the default.
    Thwc,
    /// `[T, 3, H, W]`: channels first per frame (torchvision).
    Tchw,
    /// `[B, C, T, H, W]`: what diffusion pipelines emit; `B` must be 1 (one clip).
    Bcthw,
}

impl Layout {
    pub fn parse(name: &str) -> Result<Self> {
        match name.to_ascii_uppercase().as_str() {
            "THWC" => Ok(Layout::Thwc),
            "TCHW" => Ok(Layout::Tchw),
            "BCTHW" => Ok(Layout::Bcthw),
            _ => Err(Error::config(format!(
                "layout must be 'THWC', 'TCHW' or 'BCTHW', not {name:?}"
            ))),
        }
    }
}

/// The range float samples are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueRange {
    /// `[0, 1]`: the diffusers convention.
    Unit,
    /// `[-1, 1]`: a VAE's raw output.
    Signed,
}

/// The caller's samples, C-contiguous in the order `Layout` names.
#[derive(Clone, Copy, Debug)]
pub enum Samples<'a> {
    U8(&'a [u8]),
    F32(&'a [f32]),
    F64(&'a [f64]),
}

impl Samples<'_> {
    fn len(&self) -> usize {
        match self {
            Samples::U8(s) => s.len(),
            Samples::F32(s) => s.len(),
            Samples::F64(s) => s.len(),
        }
    }
}

/// Packed RGB24 frames, `[frames, height, width, 3]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgb24 {
    pub data: Vec<u8>,
    pub frames: usize,
    pub height: usize,
    pub width: usize,
}

/// One float sample to a byte, as numpy computes `(x * 255).round().clip(0, 255)`.
trait Float: Copy {
    fn to_u8(self, range: ValueRange) -> Option<u8>;
}

macro_rules! float_to_u8 {
    ($t:ty) => {
        impl Float for $t {
            #[inline]
            fn to_u8(self, range: ValueRange) -> Option<u8> {
                if !self.is_finite() {
                    return None;
                }
                let x = match range {
                    ValueRange::Unit => self,
                    ValueRange::Signed => (self + 1.0) / 2.0,
                };
                // round_ties_even is numpy's round; the clamp is clip; the cast is then exact.
                Some((x * 255.0).round_ties_even().clamp(0.0, 255.0) as u8)
            }
        }
    };
}
float_to_u8!(f32);
float_to_u8!(f64);

/// The axes' sizes, `(frames, height, width)`, from the caller's shape in `layout`.
fn dims(shape: &[usize], layout: Layout) -> Result<(usize, usize, usize)> {
    let bad = |want: &str| {
        Error::decode(format!(
            "frames of shape {shape:?} do not fit layout {layout:?} ({want})"
        ))
    };
    match layout {
        Layout::Thwc => match *shape {
            [t, h, w, 3] => Ok((t, h, w)),
            _ => Err(bad("want [T, H, W, 3]")),
        },
        Layout::Tchw => match *shape {
            [t, 3, h, w] => Ok((t, h, w)),
            _ => Err(bad("want [T, 3, H, W]")),
        },
        Layout::Bcthw => match *shape {
            [1, 3, t, h, w] => Ok((t, h, w)),
            _ => Err(bad("want [1, 3, T, H, W]: one clip, three channels")),
        },
    }
}

/// Checks the clip against `limits` before anything is allocated.
pub fn check_size(frames: usize, height: usize, width: usize, limits: &Limits) -> Result<()> {
    if frames == 0 || height == 0 || width == 0 {
        return Err(Error::decode(format!(
            "frames must be non-empty, got {frames} frames of {width}x{height}"
        )));
    }
    if limits.max_width.is_some_and(|m| width as u64 > m as u64)
        || limits.max_height.is_some_and(|m| height as u64 > m as u64)
        || limits
            .max_pixels
            .is_some_and(|m| (width as u64).saturating_mul(height as u64) > m)
    {
        return Err(Error::limit(format!(
            "frame size {width}x{height} is over the limits"
        )));
    }
    if frames as u64 > limits.max_video_frames {
        return Err(Error::limit(format!(
            "{frames} frames is over the limit of {}",
            limits.max_video_frames
        )));
    }
    let bytes = (frames as u64)
        .saturating_mul(height as u64)
        .saturating_mul(width as u64)
        .saturating_mul(3);
    if bytes > limits.max_video_bytes {
        return Err(Error::limit(format!(
            "{bytes} bytes of RGB frames is over the limit of {}",
            limits.max_video_bytes
        )));
    }
    Ok(())
}

/// Converts the caller's frames to packed RGB24, checking shape, values and limits.
pub fn to_rgb24(
    samples: Samples<'_>,
    shape: &[usize],
    layout: Layout,
    range: ValueRange,
    limits: &Limits,
) -> Result<Rgb24> {
    let (t, h, w) = dims(shape, layout)?;
    check_size(t, h, w, limits)?;
    let mut out = vec![0u8; t * h * w * 3];
    to_rgb24_into(samples, shape, layout, range, limits, &mut out)?;
    Ok(Rgb24 {
        data: out,
        frames: t,
        height: h,
        width: w,
    })
}

/// [`to_rgb24`] into the caller's `out` (exactly `T * H * W * 3` bytes). Runs on the
/// current rayon pool, in parallel over runs of pixels.
pub fn to_rgb24_into(
    samples: Samples<'_>,
    shape: &[usize],
    layout: Layout,
    range: ValueRange,
    limits: &Limits,
    out: &mut [u8],
) -> Result<()> {
    let (t, h, w) = dims(shape, layout)?;
    check_size(t, h, w, limits)?;
    let n = t * h * w * 3;
    if samples.len() != n || out.len() != n {
        return Err(Error::decode(format!(
            "{} samples (into {} bytes) for a shape of {shape:?} ({n} expected)",
            samples.len(),
            out.len()
        )));
    }
    let plane = h * w;
    // Index of the sample for output byte (frame f, pixel p, channel c).
    let src_index = |f: usize, p: usize, c: usize| match layout {
        Layout::Thwc => (f * plane + p) * 3 + c,
        Layout::Tchw => (f * 3 + c) * plane + p,
        Layout::Bcthw => (c * t + f) * plane + p,
    };
    match samples {
        Samples::U8(s) if layout == Layout::Thwc => out.copy_from_slice(s),
        Samples::U8(s) => gather(out, plane, src_index, |i| Some(s[i]))?,
        Samples::F32(s) if layout == Layout::Thwc => floats_in_order(s, range, out, plane * 3)?,
        Samples::F64(s) if layout == Layout::Thwc => floats_in_order(s, range, out, plane * 3)?,
        Samples::F32(s) => gather(out, plane, src_index, |i| s[i].to_u8(range))?,
        Samples::F64(s) => gather(out, plane, src_index, |i| s[i].to_u8(range))?,
    }
    Ok(())
}

/// Pixels per parallel task.
const RUN: usize = 1 << 15;

/// Float samples already in output order (`[T, H, W, 3]`): a straight loop the compiler
/// vectorises, with the same result as `Float::to_u8`. Rounding half to even is done by
/// adding and subtracting 2^23 (f32) or 2^52 (f64), exact for the clamped range [0, 255]
/// under IEEE round-to-nearest-even (so no SSE4.1 `round` is needed on baseline x86-64);
/// clamping before rounding equals numpy's round-then-clip for every finite value.
fn floats_in_order<F: FastFloat>(
    s: &[F],
    range: ValueRange,
    out: &mut [u8],
    frame_len: usize,
) -> Result<()> {
    use rayon::prelude::*;
    out.par_chunks_mut(RUN * 3)
        .zip(s.par_chunks(RUN * 3))
        .enumerate()
        .try_for_each(|(k, (o, i))| {
            let mut finite = true;
            for (o, &x) in o.iter_mut().zip(i) {
                finite &= x.finite();
                *o = x.fast_u8(range);
            }
            if finite {
                return Ok(());
            }
            let at = i.iter().position(|x| !x.finite()).unwrap_or(0) + k * RUN * 3;
            Err(Error::decode(format!(
                "frame {} holds NaN or an infinity",
                at / frame_len
            )))
        })
}

trait FastFloat: Copy + Send + Sync {
    fn finite(self) -> bool;
    fn fast_u8(self, range: ValueRange) -> u8;
}

macro_rules! fast_float {
    ($t:ty, $magic:expr) => {
        impl FastFloat for $t {
            #[inline(always)]
            fn finite(self) -> bool {
                self.is_finite()
            }
            #[inline(always)]
            fn fast_u8(self, range: ValueRange) -> u8 {
                let x = match range {
                    ValueRange::Unit => self,
                    ValueRange::Signed => (self + 1.0) / 2.0,
                };
                // NaN fails both comparisons in max/min and is caught by `finite` above.
                let c = (x * 255.0).max(0.0).min(255.0);
                ((c + $magic) - $magic) as u8
            }
        }
    };
}
fast_float!(f32, 8_388_608.0f32);
fast_float!(f64, 4_503_599_627_370_496.0f64);

fn gather(
    out: &mut [u8],
    plane: usize,
    src_index: impl Fn(usize, usize, usize) -> usize + Sync,
    byte: impl Fn(usize) -> Option<u8> + Sync,
) -> Result<()> {
    use rayon::prelude::*;
    out.par_chunks_mut(RUN * 3)
        .enumerate()
        .try_for_each(|(k, run)| {
            for (j, px) in run.chunks_exact_mut(3).enumerate() {
                let g = k * RUN + j;
                let (f, p) = (g / plane, g % plane);
                for (c, o) in px.iter_mut().enumerate() {
                    *o = byte(src_index(f, p, c)).ok_or_else(|| {
                        Error::decode(format!("frame {f} holds NaN or an infinity"))
                    })?;
                }
            }
            Ok(())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lim() -> Limits {
        Limits::default()
    }

    #[test]
    fn in_order_floats_equal_the_per_sample_path() {
        // Every half step around each byte, out-of-range values and signed zeros, in both
        // precisions and ranges: the vectorised THWC path must equal `Float::to_u8`.
        let mut xs: Vec<f64> = (-600..=1200).map(|i| f64::from(i) / 2.0 / 255.0).collect();
        xs.extend([-0.0, 0.0, 1e-9, 1.0 - 1e-9, -1e30, 1e30]);
        while !xs.len().is_multiple_of(3) {
            xs.push(0.25);
        }
        let w = xs.len() / 3;
        for range in [ValueRange::Unit, ValueRange::Signed] {
            let f32s: Vec<f32> = xs.iter().map(|&x| x as f32).collect();
            let mut fast = vec![0u8; xs.len()];
            floats_in_order(&f32s, range, &mut fast, xs.len()).unwrap();
            let slow: Vec<u8> = f32s.iter().map(|x| x.to_u8(range).unwrap()).collect();
            assert_eq!(fast, slow, "f32 {range:?}");
            let mut fast = vec![0u8; xs.len()];
            floats_in_order(&xs, range, &mut fast, xs.len()).unwrap();
            let slow: Vec<u8> = xs.iter().map(|x| x.to_u8(range).unwrap()).collect();
            assert_eq!(fast, slow, "f64 {range:?}");
            let rgb = to_rgb24(
                Samples::F32(&f32s),
                &[1, 1, w, 3],
                Layout::Thwc,
                range,
                &lim(),
            );
            assert_eq!(
                rgb.unwrap().data,
                f32s.iter()
                    .map(|x| x.to_u8(range).unwrap())
                    .collect::<Vec<_>>()
            );
        }
        let mut bad = vec![0.5f32; 2 * 3 * 4];
        bad[15] = f32::NAN;
        let e = to_rgb24(
            Samples::F32(&bad),
            &[2, 1, 4, 3],
            Layout::Thwc,
            ValueRange::Unit,
            &lim(),
        );
        assert!(e.unwrap_err().to_string().contains("frame 1"));
    }

    #[test]
    fn float_matches_numpy_rounding() {
        // 0.5/255 * 255 = 0.5 rounds to 0 (half to even); 1.5/255 -> 2; out of range clips.
        let xs: [f64; 6] = [0.5 / 255.0, 1.5 / 255.0, -0.3, 1.7, 1.0, 0.0];
        let want = [0u8, 2, 0, 255, 255, 0];
        for (x, w) in xs.iter().zip(want) {
            assert_eq!(x.to_u8(ValueRange::Unit), Some(w), "{x}");
        }
        assert_eq!((-1.0f32).to_u8(ValueRange::Signed), Some(0));
        assert_eq!(1.0f32.to_u8(ValueRange::Signed), Some(255));
        assert_eq!(f32::NAN.to_u8(ValueRange::Unit), None);
        assert_eq!(f64::INFINITY.to_u8(ValueRange::Unit), None);
    }

    #[test]
    fn layouts_give_identical_bytes() {
        let (t, h, w) = (2usize, 3usize, 5usize);
        let thwc: Vec<u8> = (0..t * h * w * 3).map(|i| (i * 7 % 251) as u8).collect();
        let mut tchw = vec![0u8; thwc.len()];
        let mut bcthw = vec![0u8; thwc.len()];
        for f in 0..t {
            for p in 0..h * w {
                for c in 0..3 {
                    let v = thwc[(f * h * w + p) * 3 + c];
                    tchw[(f * 3 + c) * h * w + p] = v;
                    bcthw[(c * t + f) * h * w + p] = v;
                }
            }
        }
        let a = to_rgb24(
            Samples::U8(&thwc),
            &[t, h, w, 3],
            Layout::Thwc,
            ValueRange::Unit,
            &lim(),
        )
        .unwrap();
        let b = to_rgb24(
            Samples::U8(&tchw),
            &[t, 3, h, w],
            Layout::Tchw,
            ValueRange::Unit,
            &lim(),
        )
        .unwrap();
        let c = to_rgb24(
            Samples::U8(&bcthw),
            &[1, 3, t, h, w],
            Layout::Bcthw,
            ValueRange::Unit,
            &lim(),
        )
        .unwrap();
        assert_eq!(a.data, thwc);
        assert_eq!(a, b);
        assert_eq!(a, c);
    }

    #[test]
    fn bad_input_is_a_typed_error() {
        let s = [0.0f32; 12];
        let e = |r: Result<Rgb24>| r.unwrap_err();
        assert!(matches!(
            e(to_rgb24(
                Samples::F32(&s),
                &[1, 2, 2, 3],
                Layout::Tchw,
                ValueRange::Unit,
                &lim()
            )),
            Error::Decode(_)
        ));
        assert!(matches!(
            e(to_rgb24(
                Samples::F32(&[]),
                &[0, 2, 2, 3],
                Layout::Thwc,
                ValueRange::Unit,
                &lim()
            )),
            Error::Decode(_)
        ));
        let mut nan = s;
        nan[7] = f32::NAN;
        assert!(matches!(
            e(to_rgb24(
                Samples::F32(&nan),
                &[1, 2, 2, 3],
                Layout::Thwc,
                ValueRange::Unit,
                &lim()
            )),
            Error::Decode(_)
        ));
        let tight = Limits {
            max_video_bytes: 11,
            ..Limits::default()
        };
        assert!(matches!(
            e(to_rgb24(
                Samples::F32(&s),
                &[1, 2, 2, 3],
                Layout::Thwc,
                ValueRange::Unit,
                &tight
            )),
            Error::LimitExceeded(_)
        ));
        assert!(Layout::parse("HWC").is_err());
    }
}
