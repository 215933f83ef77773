//! `Decoder`: decodes on its own rayon pool with the GIL released.

use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;

use super::buffer::PyPixelBuffer;
use super::input::{extract, Input};
use super::resize::{per_call, SpecArg};
use crate::buffer::PixelBuf;
use crate::decode::{contain, decode_into, Channels, ImageInfo, Limits, Options};
use crate::error::Result;
use crate::threads::WorkPool;

#[pyclass(frozen, module = "fastmedia._core", name = "Decoder")]
pub struct PyDecoder {
    pub(super) pool: WorkPool,
    opts: Options,
}

/// One item, start to end (data URL, decode), with any panic contained to this item.
pub fn decode_one(input: &Input<'_>, opts: &Options) -> Result<(PixelBuf, ImageInfo)> {
    contain("input", || {
        let mut scratch = Vec::new();
        let bytes = input.bytes(opts.limits.max_encoded_bytes, &mut scratch)?;
        decode_into(bytes, opts, |info| Ok(PixelBuf::take(info.len())))
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
        },
        channels: Channels::parse(channels)?,
        exif_orientation,
        resize: super::resize::spec(resize)?,
    })
}

#[pymethods]
impl PyDecoder {
    #[new]
    #[pyo3(signature = (threads=None, channels="rgb", max_width=None, max_height=None,
                        max_pixels=None, max_alloc=128 << 20, max_encoded_bytes=64 << 20,
                        exif_orientation=false, resize=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        threads: Option<usize>,
        channels: &str,
        max_width: Option<u32>,
        max_height: Option<u32>,
        max_pixels: Option<u64>,
        max_alloc: u64,
        max_encoded_bytes: u64,
        exif_orientation: bool,
        resize: Option<SpecArg>,
    ) -> PyResult<Self> {
        let opts = make_options(
            channels,
            max_width,
            max_height,
            max_pixels,
            max_alloc,
            max_encoded_bytes,
            exif_orientation,
            resize,
        )?;
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
        let input = extract(data)?;
        let pool = self.pool.get()?;
        let opts = &*per_call(&self.opts, resize)?;
        let (buf, info) = py.detach(|| pool.install(|| decode_one(&input, opts)))?;
        Ok(PyPixelBuffer::new(buf, &info))
    }

    /// Decode many images in parallel. Returns a list in input order whose slots are
    /// `PixelBuffer`s or exception instances (the Python layer raises or keeps them).
    #[pyo3(signature = (items, resize=None))]
    fn decode_batch<'py>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        resize: Option<SpecArg>,
    ) -> PyResult<Bound<'py, PyList>> {
        let inputs: Vec<PyResult<Input<'_>>> = items.iter().map(|o| extract(o)).collect();
        let pool = self.pool.get()?;
        let opts = &*per_call(&self.opts, resize)?;
        let ready: Vec<Option<&Input<'_>>> = inputs.iter().map(|r| r.as_ref().ok()).collect();
        let results: Vec<Option<Result<(PixelBuf, ImageInfo)>>> = py.detach(|| {
            pool.install(|| {
                ready
                    .par_iter()
                    .map(|i| i.map(|input| decode_one(input, opts)))
                    .collect()
            })
        });
        let out = PyList::empty(py);
        for (res, inp) in results.into_iter().zip(inputs) {
            let obj: Bound<'py, PyAny> = match (res, inp) {
                (Some(Ok((buf, info))), _) => {
                    Bound::new(py, PyPixelBuffer::new(buf, &info))?.into_any()
                }
                (Some(Err(e)), _) => PyErr::from(e).into_value(py).into_bound(py).into_any(),
                (None, Err(e)) => e.into_value(py).into_bound(py).into_any(),
                (None, Ok(_)) => unreachable!("every extracted input is decoded"),
            };
            out.append(obj)?;
        }
        Ok(out)
    }
}
