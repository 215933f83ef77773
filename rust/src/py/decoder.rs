//! `Decoder`: decodes on its own rayon pool with the GIL released.

use pyo3::prelude::*;
use pyo3::types::PyList;

use super::batch::{flag, Batch, PyCancel};
use super::buffer::PyPixelBuffer;
use super::input::{extract, Input};
use super::resize::{per_call, SpecArg};
use super::video::{meta_dict, probe_dict, video_options, with_clip};
use crate::buffer::PixelBuf;
use crate::decode::{contain, decode_into, decode_pillow, Channels, ImageInfo, Limits, Options};
use crate::error::Result;
use crate::threads::WorkPool;
use crate::video::{decode_video_into, probe_video, Request, VideoInfo, VideoOptions};

#[pyclass(frozen, module = "fastmedia._core", name = "Decoder")]
pub struct PyDecoder {
    pub(super) pool: WorkPool,
    opts: Options,
}

/// One item, start to end (data URL, then `decode` of its bytes), with any panic contained
/// to this item.
fn with_bytes<T>(
    input: &Input<'_>,
    opts: &Options,
    decode: impl FnOnce(&[u8], &Options) -> Result<T>,
) -> Result<T> {
    contain("input", || {
        let mut scratch = Vec::new();
        let bytes = input.bytes(opts.limits.max_encoded_bytes, &mut scratch)?;
        decode(bytes, opts)
    })
}

/// One item into a recycled buffer of exactly its size.
pub fn decode_one(input: &Input<'_>, opts: &Options) -> Result<(PixelBuf, ImageInfo)> {
    with_bytes(input, opts, |bytes, opts| {
        decode_into(bytes, opts, |info| Ok(PixelBuf::take(info.len())))
    })
}

/// One clip, any panic contained to it.
pub fn decode_video_one(input: &Input<'_>, vopts: &VideoOptions) -> Result<(PixelBuf, VideoInfo)> {
    with_clip(input, vopts, |bytes| {
        decode_video_into(bytes, vopts, |vi| Ok(PixelBuf::take(vi.len())))
    })
}

#[allow(clippy::too_many_arguments)]
pub fn make_options(
    channels: &str,
    max_width: Option<u32>,
    max_height: Option<u32>,
    max_pixels: Option<u64>,
    max_alloc: u64,
    max_encoded_bytes: u64,
    max_video_bytes: u64,
    max_video_frames: u64,
    exif_orientation: bool,
    resize: Option<SpecArg>,
) -> PyResult<Options> {
    Ok(Options {
        limits: Limits {
            max_width,
            max_height,
            max_pixels,
            max_alloc,
            max_encoded_bytes,
            max_video_bytes,
            max_video_frames,
        },
        channels: Channels::parse(channels)?,
        exif_orientation,
        resize: super::resize::spec(resize)?,
        background: None,
        gpu: None,
    })
}

impl PyDecoder {
    /// One image decoded by `decode` on the pool, the GIL released.
    fn one(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        resize: Option<SpecArg>,
        decode: fn(&Input<'_>, &Options) -> Result<(PixelBuf, ImageInfo)>,
    ) -> PyResult<(PixelBuf, ImageInfo)> {
        let input = extract(data)?;
        let pool = self.pool.get()?;
        let opts = &*per_call(&self.opts, resize)?;
        Ok(py.detach(|| pool.install(|| decode(&input, opts)))?)
    }
}

#[pymethods]
impl PyDecoder {
    #[new]
    #[pyo3(signature = (threads=None, channels="rgb", max_width=None, max_height=None,
                        max_pixels=None, max_alloc=128 << 20, max_encoded_bytes=64 << 20,
                        max_video_bytes=1 << 30, max_video_frames=100_000,
                        exif_orientation=false, resize=None, background=None, gpu=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        threads: Option<usize>,
        channels: &str,
        max_width: Option<u32>,
        max_height: Option<u32>,
        max_pixels: Option<u64>,
        max_alloc: u64,
        max_encoded_bytes: u64,
        max_video_bytes: u64,
        max_video_frames: u64,
        exif_orientation: bool,
        resize: Option<SpecArg>,
        background: Option<(u8, u8, u8)>,
        gpu: Option<(u32, bool)>,
    ) -> PyResult<Self> {
        let mut opts = make_options(
            channels,
            max_width,
            max_height,
            max_pixels,
            max_alloc,
            max_encoded_bytes,
            max_video_bytes,
            max_video_frames,
            exif_orientation,
            resize,
        )?;
        opts.background = background.map(|(r, g, b)| [r, g, b]);
        // (CUDA ordinal, required): video through NVDEC (`Decoder(device=...)` in Python).
        opts.gpu = gpu.map(|(index, required)| crate::video::Gpu { index, required });
        Ok(PyDecoder {
            pool: WorkPool::new(threads, "fastmedia-decode")?,
            opts,
        })
    }

    #[getter]
    fn threads(&self) -> usize {
        self.pool.threads()
    }

    /// Decode one image; returns a `PixelBuffer` (HWC uint8 through the buffer protocol).
    /// `resize` (a spec tuple) replaces the decoder's own for this call.
    #[pyo3(signature = (data, resize=None))]
    fn decode(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        resize: Option<SpecArg>,
    ) -> PyResult<PyPixelBuffer> {
        let (buf, info) = self.one(py, data, resize, decode_one)?;
        Ok(PyPixelBuffer::new(buf, &info))
    }

    /// `decode`, the pixels in Pillow's layout (`[H, W, 4]` for LA and RGB, R, G, B, 255),
    /// for `Image.fromarrow` to wrap without a copy.
    #[pyo3(signature = (data, resize=None))]
    fn decode_pillow(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        resize: Option<SpecArg>,
    ) -> PyResult<PyPixelBuffer> {
        let (buf, info) = self.one(py, data, resize, |input, opts| {
            with_bytes(input, opts, decode_pillow)
        })?;
        Ok(PyPixelBuffer::pillow(buf, &info))
    }

    /// Decode many images in parallel. Returns a list in input order whose slots are
    /// `PixelBuffer`s or exception instances (the Python layer raises or keeps them).
    #[pyo3(signature = (items, resize=None, cancel=None))]
    fn decode_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        resize: Option<SpecArg>,
        cancel: Option<PyRef<'_, PyCancel>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let batch = Batch::extract(&items);
        let pool = self.pool.get()?;
        let opts = &*per_call(&self.opts, resize)?;
        let results = batch.run(py, &pool, &flag(cancel), |input| decode_one(input, opts));
        batch.into_list(py, results, |(buf, info)| {
            Ok(Bound::new(py, PyPixelBuffer::new(buf, &info))?.into_any())
        })
    }

    /// Decode the sampled frames of one clip: `(PixelBuffer [T,H,W,3], metadata dict)`.
    #[pyo3(signature = (data, num_frames=None, fps=None, max_frames=None, sampling="uniform",
                        resize=None, cancel=None, indices=None))]
    #[allow(clippy::too_many_arguments)]
    fn decode_video<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
        num_frames: Option<i64>,
        fps: Option<f64>,
        max_frames: Option<i64>,
        sampling: &str,
        resize: Option<SpecArg>,
        cancel: Option<PyRef<'_, PyCancel>>,
        indices: Option<Vec<i64>>,
    ) -> PyResult<(PyPixelBuffer, Bound<'py, pyo3::types::PyDict>)> {
        let request = Request {
            num_frames,
            fps,
            max_frames,
        };
        let vopts = video_options(&self.opts, request, sampling, resize, flag(cancel), indices)?;
        let input = extract(data)?;
        let pool = self.pool.get()?;
        let (buf, vi) = py.detach(|| pool.install(|| decode_video_one(&input, &vopts)))?;
        let shape = vi.shape();
        Ok((PyPixelBuffer::clip(buf, shape), meta_dict(py, &vi)?))
    }

    /// The clip's metadata (vLLM's source view) and frame size, decoding no frame of a video
    /// stream: a dict of total_num_frames, fps, duration, width, height, codec.
    fn probe_video<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let vopts = video_options(
            &self.opts,
            Request::default(),
            "uniform",
            None,
            Default::default(),
            None,
        )?;
        let input = extract(data)?;
        let pool = self.pool.get()?;
        let vi = py.detach(|| {
            pool.install(|| with_clip(&input, &vopts, |bytes| probe_video(bytes, &vopts)))
        })?;
        probe_dict(py, &vi)
    }

    /// Many clips in parallel; slots hold `(PixelBuffer, dict)` or exception instances.
    #[pyo3(signature = (items, num_frames=None, fps=None, max_frames=None, sampling="uniform",
                        resize=None, cancel=None))]
    #[allow(clippy::too_many_arguments)]
    fn decode_video_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        num_frames: Option<i64>,
        fps: Option<f64>,
        max_frames: Option<i64>,
        sampling: &str,
        resize: Option<SpecArg>,
        cancel: Option<PyRef<'_, PyCancel>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let request = Request {
            num_frames,
            fps,
            max_frames,
        };
        let vopts = video_options(&self.opts, request, sampling, resize, flag(cancel), None)?;
        let batch = Batch::extract(&items);
        let pool = self.pool.get()?;
        let results = batch.run(py, &pool, &vopts.cancel, |input| {
            decode_video_one(input, &vopts)
        });
        batch.into_list(py, results, |(buf, vi)| {
            let b = Bound::new(py, PyPixelBuffer::clip(buf, vi.shape()))?;
            Ok((b, meta_dict(py, &vi)?).into_pyobject(py)?.into_any())
        })
    }
}
