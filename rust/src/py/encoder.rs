//! `Encoder`: frames to PNG/JPEG/WebP and MP4/WebM on its own rayon pool, GIL released.
//!
//! Frames arrive as C-contiguous numpy arrays (the Python layer converts torch tensors and
//! PIL images) and are read in place through the buffer protocol: the caller must not write
//! to an array while it encodes.

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use rayon::prelude::*;

use crate::decode::{contain, Limits};
use crate::encode::b64;
use crate::encode::frames::{check_size, to_rgb24, to_rgb24_into, Layout, Samples, ValueRange};
use crate::encode::image::{encode_image, encode_inline, ImageFormat};
use crate::error::{Error, Result};
use crate::threads::WorkPool;

/// The caller's frames, borrowed through the buffer protocol.
enum Buf {
    U8(PyBuffer<u8>),
    F32(PyBuffer<f32>),
    F64(PyBuffer<f64>),
}

pub struct Frames {
    buf: Buf,
    shape: Vec<usize>,
}

impl Frames {
    pub(crate) fn extract(obj: &Bound<'_, PyAny>, shape: Vec<usize>) -> PyResult<Self> {
        let buf = if let Ok(b) = PyBuffer::<u8>::get(obj) {
            Buf::U8(b)
        } else if let Ok(b) = PyBuffer::<f32>::get(obj) {
            Buf::F32(b)
        } else if let Ok(b) = PyBuffer::<f64>::get(obj) {
            Buf::F64(b)
        } else {
            return Err(PyTypeError::new_err(
                "frames must be a uint8, float32 or float64 buffer",
            ));
        };
        let contiguous = match &buf {
            Buf::U8(b) => b.is_c_contiguous(),
            Buf::F32(b) => b.is_c_contiguous(),
            Buf::F64(b) => b.is_c_contiguous(),
        };
        if !contiguous {
            return Err(PyTypeError::new_err("frames must be C-contiguous"));
        }
        Ok(Frames { buf, shape })
    }

    fn samples(&self) -> Samples<'_> {
        // SAFETY: each buffer is C-contiguous with item_count items of its type, and stays
        // alive (held by `self`) while the slice is used; by the API's contract the caller
        // does not write to it during the encode.
        unsafe {
            match &self.buf {
                Buf::U8(b) => Samples::U8(std::slice::from_raw_parts(
                    b.buf_ptr() as *const u8,
                    b.item_count(),
                )),
                Buf::F32(b) => Samples::F32(std::slice::from_raw_parts(
                    b.buf_ptr() as *const f32,
                    b.item_count(),
                )),
                Buf::F64(b) => Samples::F64(std::slice::from_raw_parts(
                    b.buf_ptr() as *const f64,
                    b.item_count(),
                )),
            }
        }
    }

    /// `(height, width)` of one packed uint8 `[1, H, W, 3]` image: it needs no conversion
    /// (which would run on a rayon pool), so it may be encoded on any thread.
    fn packed_image(&self, layout: Layout) -> Option<(usize, usize)> {
        match (&self.buf, layout, &self.shape[..]) {
            (Buf::U8(_), Layout::Thwc, [1, h, w, 3]) => Some((*h, *w)),
            _ => None,
        }
    }

    /// Packed RGB24 `(bytes, frames, height, width)`: the caller's own bytes when they are
    /// uint8 in `[T, H, W, 3]`, else a converted copy.
    pub(crate) fn with_rgb<T>(
        &self,
        layout: Layout,
        range: ValueRange,
        limits: &Limits,
        f: impl FnOnce(&[u8], usize, usize, usize) -> Result<T>,
    ) -> Result<T> {
        let samples = self.samples();
        if let (Samples::U8(s), Layout::Thwc, [t, h, w, 3]) = (samples, layout, &self.shape[..]) {
            check_size(*t, *h, *w, limits)?;
            if s.len() != t * h * w * 3 {
                return Err(Error::decode("the buffer does not match the frames' shape"));
            }
            return f(s, *t, *h, *w);
        }
        let rgb = to_rgb24(samples, &self.shape, layout, range, limits)?;
        f(&rgb.data, rgb.frames, rgb.height, rgb.width)
    }
}

pub(crate) fn value_range(range: (f64, f64)) -> Result<ValueRange> {
    match range {
        (0.0, 1.0) => Ok(ValueRange::Unit),
        (-1.0, 1.0) => Ok(ValueRange::Signed),
        (a, b) => Err(Error::config(format!(
            "value_range must be (0, 1) or (-1, 1), not ({a}, {b})"
        ))),
    }
}

/// Image layouts map onto the clip layouts with one frame.
fn image_layout(name: &str, shape: &[usize]) -> Result<(Layout, Vec<usize>)> {
    let mut s = vec![1];
    s.extend_from_slice(shape);
    match name.to_ascii_uppercase().as_str() {
        "HWC" => Ok((Layout::Thwc, s)),
        "CHW" => Ok((Layout::Tchw, s)),
        _ => Err(Error::config(format!(
            "layout must be 'HWC' or 'CHW', not {name:?}"
        ))),
    }
}

#[pyclass(frozen, module = "fastmedia._core", name = "Encoder")]
pub struct PyEncoder {
    pub(crate) pool: WorkPool,
    pub(crate) limits: Limits,
    pub(crate) max_output_bytes: u64,
}

/// An encoded image: bytes, width, height.
type Encoded = (Vec<u8>, usize, usize);

struct ImageJob {
    frames: Frames,
    layout: Layout,
}

fn image_one(
    job: &ImageJob,
    range: ValueRange,
    format: ImageFormat,
    quality: Option<u8>,
    limits: &Limits,
    max_out: u64,
) -> Result<Encoded> {
    contain("encode", || {
        job.frames
            .with_rgb(job.layout, range, limits, |rgb, _, h, w| {
                Ok((encode_image(rgb, w, h, format, quality, max_out)?, w, h))
            })
    })
}

#[cfg(feature = "ffmpeg")]
mod vid {
    use super::*;
    use crate::encode::video::{encode_video, Codec, Container, EncodedVideo, VideoOptions};

    pub struct VideoArgs {
        pub opts: VideoOptions,
        pub layout: Layout,
        pub range: ValueRange,
    }

    #[allow(clippy::too_many_arguments)]
    pub fn args(
        layout: &str,
        value_range: (f64, f64),
        fps: f64,
        codec: &str,
        container: &str,
        quality: Option<u8>,
        max_output_bytes: u64,
        codec_threads: usize,
    ) -> Result<VideoArgs> {
        Ok(VideoArgs {
            opts: VideoOptions {
                codec: Codec::parse(codec)?,
                container: Container::parse(container)?,
                fps,
                quality,
                max_output_bytes,
                codec_threads,
            },
            layout: Layout::parse(layout)?,
            range: super::value_range(value_range)?,
        })
    }

    pub fn video_one(frames: &Frames, a: &VideoArgs, limits: &Limits) -> Result<EncodedVideo> {
        contain("encode", || {
            frames.with_rgb(a.layout, a.range, limits, |rgb, t, h, w| {
                encode_video(rgb, t, h, w, &a.opts)
            })
        })
    }

    pub fn result<'py>(
        py: Python<'py>,
        v: EncodedVideo,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyDict>)> {
        let d = PyDict::new(py);
        d.set_item("codec", &v.codec)?;
        d.set_item("width", v.width)?;
        d.set_item("height", v.height)?;
        d.set_item("frames", v.frames)?;
        d.set_item("fps", v.fps)?;
        d.set_item("duration", v.duration)?;
        d.set_item("mime", v.mime)?;
        Ok((PyBytes::new(py, &v.data), d))
    }
}

#[pymethods]
impl PyEncoder {
    #[new]
    #[pyo3(signature = (threads=None, max_width=None, max_height=None, max_pixels=None,
                        max_video_bytes=1 << 30, max_video_frames=100_000,
                        max_output_bytes=256 << 20))]
    fn new(
        threads: Option<usize>,
        max_width: Option<u32>,
        max_height: Option<u32>,
        max_pixels: Option<u64>,
        max_video_bytes: u64,
        max_video_frames: u64,
        max_output_bytes: u64,
    ) -> PyResult<Self> {
        Ok(PyEncoder {
            pool: WorkPool::new(threads, "fastmedia-encode")?,
            limits: Limits {
                max_width,
                max_height,
                max_pixels,
                max_video_bytes,
                max_video_frames,
                ..Limits::default()
            },
            max_output_bytes,
        })
    }

    #[getter]
    fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// One image: `(bytes, width, height)`.
    #[pyo3(signature = (array, shape, layout="HWC", value_range=(0.0, 1.0), format="png",
                        quality=None))]
    #[allow(clippy::too_many_arguments)]
    fn encode_image<'py>(
        &self,
        py: Python<'py>,
        array: &Bound<'py, PyAny>,
        shape: Vec<usize>,
        layout: &str,
        value_range: (f64, f64),
        format: &str,
        quality: Option<u8>,
    ) -> PyResult<(Bound<'py, PyBytes>, usize, usize)> {
        let (layout, shape) = image_layout(layout, &shape)?;
        let job = ImageJob {
            frames: Frames::extract(array, shape)?,
            layout,
        };
        let range = self::value_range(value_range)?;
        let format = ImageFormat::parse(format)?;
        let pool = self.pool.get()?;
        let (limits, max_out) = (&self.limits, self.max_output_bytes);
        // Small packed images skip the hand-off to a pool thread (encode/image.rs).
        let inline = job
            .frames
            .packed_image(job.layout)
            .is_some_and(|(h, w)| encode_inline(w, h));
        let (data, w, h) = py.detach(|| {
            let run = || image_one(&job, range, format, quality, limits, max_out);
            if inline {
                run()
            } else {
                pool.install(run)
            }
        })?;
        Ok((PyBytes::new(py, &data), w, h))
    }

    /// Many images in parallel; `items` are `(array, shape)` pairs. Slots hold
    /// `(bytes, width, height)` or exception instances.
    #[pyo3(signature = (items, layout="HWC", value_range=(0.0, 1.0), format="png",
                        quality=None))]
    fn encode_image_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<(Bound<'py, PyAny>, Vec<usize>)>,
        layout: &str,
        value_range: (f64, f64),
        format: &str,
        quality: Option<u8>,
    ) -> PyResult<Bound<'py, PyList>> {
        let range = self::value_range(value_range)?;
        let format = ImageFormat::parse(format)?;
        let jobs: Vec<PyResult<ImageJob>> = items
            .iter()
            .map(|(a, s)| {
                let (layout, shape) = image_layout(layout, s)?;
                Ok(ImageJob {
                    frames: Frames::extract(a, shape)?,
                    layout,
                })
            })
            .collect();
        let pool = self.pool.get()?;
        let (limits, max_out) = (&self.limits, self.max_output_bytes);
        let ready: Vec<Option<&ImageJob>> = jobs.iter().map(|j| j.as_ref().ok()).collect();
        let results: Vec<Option<Result<Encoded>>> = py.detach(|| {
            pool.install(|| {
                ready
                    .par_iter()
                    .map(|j| j.map(|j| image_one(j, range, format, quality, limits, max_out)))
                    .collect()
            })
        });
        let out = PyList::empty(py);
        for (res, job) in results.into_iter().zip(jobs) {
            let obj = match (res, job) {
                (Some(Ok((d, w, h))), _) => {
                    (PyBytes::new(py, &d), w, h).into_pyobject(py)?.into_any()
                }
                (Some(Err(e)), _) => PyErr::from(e).into_value(py).into_bound(py).into_any(),
                (None, Err(e)) => e.into_value(py).into_bound(py).into_any(),
                (None, Ok(_)) => unreachable!("every extracted job runs"),
            };
            out.append(obj)?;
        }
        Ok(out)
    }

    /// Converts frames to packed RGB24 `[T, H, W, 3]` into `out` (a writable, C-contiguous
    /// uint8 buffer of `T * H * W * 3` bytes), on the pool with the GIL released.
    #[pyo3(signature = (array, shape, out, layout="THWC", value_range=(0.0, 1.0)))]
    fn frames_into(
        &self,
        py: Python<'_>,
        array: &Bound<'_, PyAny>,
        shape: Vec<usize>,
        out: PyBuffer<u8>,
        layout: &str,
        value_range: (f64, f64),
    ) -> PyResult<()> {
        if out.readonly() || !out.is_c_contiguous() {
            return Err(PyTypeError::new_err(
                "out must be a writable C-contiguous buffer",
            ));
        }
        let layout = Layout::parse(layout)?;
        let range = self::value_range(value_range)?;
        let frames = Frames::extract(array, shape)?;
        let pool = self.pool.get()?;
        let limits = &self.limits;
        let (ptr, len) = (out.buf_ptr() as usize, out.item_count());
        py.detach(|| {
            pool.install(|| {
                // SAFETY: `out` is a writable C-contiguous buffer of `len` bytes, held alive
                // by `out` for this call; nothing else writes to it while we do.
                let dst = unsafe { std::slice::from_raw_parts_mut(ptr as *mut u8, len) };
                to_rgb24_into(frames.samples(), &frames.shape, layout, range, limits, dst)
            })
        })?;
        Ok(())
    }

    /// Standard base64 of a bytes-like object as a `str`, GIL released: written straight
    /// into the new `str`'s own buffer (no copy after), in parallel chunks on the pool for
    /// large inputs.
    fn b64encode<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyString>> {
        let owned;
        let bytes: &[u8] = if let Ok(b) = data.cast::<PyBytes>() {
            b.as_bytes()
        } else {
            owned = PyBuffer::<u8>::get(data)?.to_vec(py)?;
            &owned
        };
        let n = b64::encoded_len(bytes.len());
        let pool = (bytes.len() > b64::CHUNK)
            .then(|| self.pool.get())
            .transpose()?;
        let encode = |out: &mut [u8]| match &pool {
            Some(p) => p.install(|| b64::encode_into(bytes, out)),
            None => b64::encode_into(bytes, out),
        };
        b64_str(py, n, encode)
    }

    /// One clip: `(bytes, info dict)`.
    #[cfg(feature = "ffmpeg")]
    #[pyo3(signature = (array, shape, layout="THWC", value_range=(0.0, 1.0), fps=16.0,
                        codec="h264", container="mp4", quality=None))]
    #[allow(clippy::too_many_arguments)]
    fn encode_video<'py>(
        &self,
        py: Python<'py>,
        array: &Bound<'py, PyAny>,
        shape: Vec<usize>,
        layout: &str,
        value_range: (f64, f64),
        fps: f64,
        codec: &str,
        container: &str,
        quality: Option<u8>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyDict>)> {
        let a = vid::args(
            layout,
            value_range,
            fps,
            codec,
            container,
            quality,
            self.max_output_bytes,
            self.pool.threads(),
        )?;
        let frames = Frames::extract(array, shape)?;
        let pool = self.pool.get()?;
        let limits = &self.limits;
        let v = py.detach(|| pool.install(|| vid::video_one(&frames, &a, limits)))?;
        vid::result(py, v)
    }

    /// Many clips in parallel (one encoder thread each); `items` are `(array, shape)`.
    /// Slots hold `(bytes, info)` or exception instances.
    #[cfg(feature = "ffmpeg")]
    #[pyo3(signature = (items, layout="THWC", value_range=(0.0, 1.0), fps=16.0,
                        codec="h264", container="mp4", quality=None))]
    #[allow(clippy::too_many_arguments)]
    fn encode_video_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<(Bound<'py, PyAny>, Vec<usize>)>,
        layout: &str,
        value_range: (f64, f64),
        fps: f64,
        codec: &str,
        container: &str,
        quality: Option<u8>,
    ) -> PyResult<Bound<'py, PyList>> {
        let a = vid::args(
            layout,
            value_range,
            fps,
            codec,
            container,
            quality,
            self.max_output_bytes,
            1,
        )?;
        let jobs: Vec<PyResult<Frames>> = items
            .into_iter()
            .map(|(o, s)| Frames::extract(&o, s))
            .collect();
        let pool = self.pool.get()?;
        let limits = &self.limits;
        let ready: Vec<Option<&Frames>> = jobs.iter().map(|j| j.as_ref().ok()).collect();
        let results: Vec<Option<Result<_>>> = py.detach(|| {
            pool.install(|| {
                ready
                    .par_iter()
                    .map(|j| j.map(|f| vid::video_one(f, &a, limits)))
                    .collect()
            })
        });
        let out = PyList::empty(py);
        for (res, job) in results.into_iter().zip(jobs) {
            let obj = match (res, job) {
                (Some(Ok(v)), _) => vid::result(py, v)?.into_pyobject(py)?.into_any(),
                (Some(Err(e)), _) => PyErr::from(e).into_value(py).into_bound(py).into_any(),
                (None, Err(e)) => e.into_value(py).into_bound(py).into_any(),
                (None, Ok(_)) => unreachable!("every extracted job runs"),
            };
            out.append(obj)?;
        }
        Ok(out)
    }
}

/// Whether the linked FFmpeg has a video encoder called `name` (`h264` and `av1` are always
/// there: OpenH264 and rav1e are built in).
#[cfg(feature = "ffmpeg")]
#[pyfunction]
pub fn has_video_encoder(name: &str) -> bool {
    match crate::encode::video::Codec::parse(name) {
        Ok(
            crate::encode::video::Codec::OpenH264
            | crate::encode::video::Codec::Av1
            | crate::encode::video::Codec::Rav1e,
        ) => true,
        Ok(crate::encode::video::Codec::Ffmpeg(n)) => crate::encode::video::has_encoder(&n),
        Err(_) => false,
    }
}

/// A new `str` of `n` ASCII characters written by `encode` with the GIL released: in place
/// in a fresh compact str (no intermediate buffer) on version-specific builds.
#[cfg(not(feature = "abi3"))]
fn b64_str<'py>(
    py: Python<'py>,
    n: usize,
    encode: impl FnOnce(&mut [u8]) + Send,
) -> PyResult<Bound<'py, PyString>> {
    use pyo3::{exceptions::PyOverflowError, ffi};
    let len = ffi::Py_ssize_t::try_from(n)
        .map_err(|_| PyOverflowError::new_err("data too large to base64-encode"))?;
    // SAFETY: PyUnicode_New returns a new reference, or null with MemoryError set.
    let s = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyUnicode_New(len, 127))? };
    // SAFETY: maxchar 127 makes a compact ASCII str: PyUnicode_DATA is its `n` one-byte
    // characters (plus the NUL that PyUnicode_New wrote), which we fill below.
    let dst = unsafe { ffi::PyUnicode_DATA(s.as_ptr()) } as usize;
    py.detach(|| {
        // SAFETY: nothing else has a reference to the new str yet, so writing its
        // buffer without the GIL races with no one; base64 is ASCII, as declared.
        encode(unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, n) })
    });
    // SAFETY: PyUnicode_New made a str.
    Ok(unsafe { s.cast_into_unchecked() })
}

/// The limited API (abi3 wheels) has no writable str buffer: encode into a Vec with the GIL
/// released, then one ASCII copy into the str.
#[cfg(feature = "abi3")]
fn b64_str<'py>(
    py: Python<'py>,
    n: usize,
    encode: impl FnOnce(&mut [u8]) + Send,
) -> PyResult<Bound<'py, PyString>> {
    let mut out = vec![0u8; n];
    py.detach(|| encode(&mut out));
    // base64 output is ASCII, hence UTF-8.
    let text = std::str::from_utf8(&out)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    Ok(PyString::new(py, text))
}
