//! Audio for Python: `AudioBuffer` (decoded samples owned by Rust, handed to numpy through
//! the buffer protocol without a copy), `AudioMedia` (samples in a NIXL-registered chunk),
//! and the functions the Python `Decoder` and `Frontend` call with their own pools.

use std::ffi::{c_int, c_void};
use std::sync::Arc;

use pyo3::exceptions::PyBufferError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;

use super::batch::{any_ok, flag, Batch, PyCancel};
use super::buffer::check_request;
use super::decoder::PyDecoder;
use super::frontend::PyFrontend;
use super::input::{extract, Input};
use crate::audio::{
    decode_audio, Audio, AudioInfo, AudioLimits, AudioOptions, OpusDecoder, Resampler,
};
use crate::decode::contain;
use crate::error::{Error, Result};
use crate::nixl::{EndReason, Lease, RegPool};

/// Data URL media types accepted for audio (a video's audio track included).
const AUDIO_DATA_URL_TYPES: &[&str] = &["audio/", "video/", "application/octet-stream"];

/// The value `name`'s keyword `value` stands for, or a ValueError naming the allowed ones.
fn choice<T: Copy>(name: &str, value: &str, options: &[(&str, T)]) -> PyResult<T> {
    if let Some((_, v)) = options.iter().find(|(k, _)| *k == value) {
        return Ok(*v);
    }
    let quoted: Vec<String> = options.iter().map(|(k, _)| format!("\"{k}\"")).collect();
    let (last, rest) = quoted.split_last().expect("options are given");
    Err(pyo3::exceptions::PyValueError::new_err(format!(
        "{name} must be {} or {last}, got {value:?}",
        rest.join(", ")
    )))
}

#[allow(clippy::too_many_arguments)]
fn options(
    sample_rate: Option<u32>,
    mono: bool,
    opus_decoder: &str,
    padding: &str,
    resampler: &str,
    errors: &str,
    max_duration_s: f64,
    max_bytes: u64,
    max_encoded_bytes: u64,
) -> PyResult<AudioOptions> {
    if !(max_duration_s.is_finite() && max_duration_s > 0.0) {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "max_duration_s must be a positive number of seconds",
        ));
    }
    let opus_decoder = choice(
        "opus_decoder",
        opus_decoder,
        &[
            ("librosa", OpusDecoder::Librosa),
            ("libopus", OpusDecoder::Libopus),
            ("ffmpeg", OpusDecoder::Ffmpeg),
        ],
    )?;
    let keep_padding = choice("padding", padding, &[("trim", false), ("keep", true)])?;
    let resampler = choice(
        "resampler",
        resampler,
        &[
            ("soxr", Resampler::Soxr),
            ("swresample", Resampler::Swresample),
        ],
    )?;
    let strict = choice("errors", errors, &[("skip", false), ("raise", true)])?;
    Ok(AudioOptions {
        sample_rate,
        mono,
        opus_decoder,
        keep_padding,
        resampler,
        strict,
        limits: AudioLimits {
            max_duration_s,
            max_bytes,
            max_encoded_bytes,
        },
    })
}

/// One item, start to end (data URL, decode), with any panic contained to this item.
fn decode_input(input: &Input<'_>, opts: &AudioOptions) -> Result<Audio> {
    contain("audio input", || {
        let mut scratch = Vec::new();
        let max = opts.limits.max_encoded_bytes;
        let bytes = input.bytes_typed(max, &mut scratch, AUDIO_DATA_URL_TYPES)?;
        decode_audio(bytes, opts)
    })
}

/// Fill a Py_buffer describing float32 samples at `ptr` (`ndim` 1 or 2).
///
/// # Safety
/// `view` must be a valid, writable Py_buffer; `ptr..ptr+len` must stay valid while `owner`
/// lives; `shape` and `strides` must live inside `owner` (the view holds a reference to it).
#[allow(clippy::too_many_arguments)]
unsafe fn fill_f32_view(
    view: *mut ffi::Py_buffer,
    owner: Bound<'_, PyAny>,
    ptr: *mut u8,
    len: usize,
    readonly: bool,
    ndim: usize,
    shape: &[ffi::Py_ssize_t; 2],
    strides: &[ffi::Py_ssize_t; 2],
    flags: c_int,
) -> PyResult<()> {
    check_request(flags, &shape[..ndim], &strides[..ndim], 4)?;
    if flags & ffi::PyBUF_FORMAT != ffi::PyBUF_FORMAT && flags & ffi::PyBUF_ND == ffi::PyBUF_ND {
        // Without a format the consumer assumes bytes; shape in floats would mislead it.
        return Err(PyBufferError::new_err("float32 samples need PyBUF_FORMAT"));
    }
    // SAFETY: guaranteed by the caller (see above).
    unsafe {
        (*view).obj = owner.into_ptr();
        (*view).buf = ptr as *mut c_void;
        (*view).len = len as ffi::Py_ssize_t;
        (*view).readonly = readonly as c_int;
        (*view).itemsize = 4;
        (*view).format = if flags & ffi::PyBUF_FORMAT == ffi::PyBUF_FORMAT {
            c"f".as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        (*view).ndim = ndim as c_int;
        (*view).shape = if flags & ffi::PyBUF_ND == ffi::PyBUF_ND {
            shape.as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        (*view).strides = if flags & ffi::PyBUF_STRIDES == ffi::PyBUF_STRIDES {
            strides.as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        (*view).suboffsets = std::ptr::null_mut();
        (*view).internal = std::ptr::null_mut();
    }
    Ok(())
}

/// Decoded samples in librosa's layout: `[N]` for one channel, else `[C, N]` (C-contiguous).
#[pyclass(frozen, module = "fastmedia._core", name = "AudioBuffer")]
pub struct PyAudioBuffer {
    samples: Vec<f32>,
    ndim: usize,
    shape: [ffi::Py_ssize_t; 2],
    strides: [ffi::Py_ssize_t; 2],
    info: AudioInfo,
}

impl PyAudioBuffer {
    fn new(audio: Audio) -> Self {
        let (c, n) = (audio.planes.len(), audio.info.frames);
        // Kept as a Vec: shrinking it into a Box could copy the samples.
        let samples: Vec<f32> = if c == 1 {
            audio.planes.into_iter().next().unwrap_or_default()
        } else {
            audio.planes.concat()
        };
        let (ndim, shape, strides) = if c == 1 {
            (1, [n as ffi::Py_ssize_t, 0], [4, 0])
        } else {
            let n = n as ffi::Py_ssize_t;
            (2, [c as ffi::Py_ssize_t, n], [4 * n, 4])
        };
        PyAudioBuffer {
            samples,
            ndim,
            shape,
            strides,
            info: audio.info,
        }
    }
}

#[pymethods]
impl PyAudioBuffer {
    #[getter]
    fn shape(&self) -> Vec<usize> {
        self.shape[..self.ndim]
            .iter()
            .map(|&d| d as usize)
            .collect()
    }
    #[getter]
    fn sample_rate(&self) -> u32 {
        self.info.sample_rate
    }
    #[getter]
    fn codec(&self) -> &'static str {
        self.info.codec
    }
    #[getter]
    fn source_sample_rate(&self) -> u32 {
        self.info.source_sample_rate
    }
    #[getter]
    fn source_channels(&self) -> u16 {
        self.info.source_channels
    }
    #[getter]
    fn duration(&self) -> f64 {
        self.info.duration()
    }

    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("Py_buffer view is null"));
        }
        if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
            return Err(PyBufferError::new_err("decoded samples are read-only"));
        }
        let me = slf.get();
        let ptr = me.samples.as_ptr() as *mut u8;
        // SAFETY: `samples` lives (unmoved, never written) as long as this object, which the
        // view keeps alive through `obj`; shape and strides live in it too.
        unsafe {
            fill_f32_view(
                view,
                slf.clone().into_any(),
                ptr,
                me.samples.len() * 4,
                true,
                me.ndim,
                &me.shape,
                &me.strides,
                flags,
            )
        }
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {}
}

/// Samples channels-last (`[N, C]`, float32) in a NIXL-registered chunk: the descriptor's
/// layout, chosen so Dynamo's reader (`array[..., :3]`) keeps every sample (see INTEROP.md).
#[pyclass(frozen, module = "fastmedia._core", name = "AudioMedia")]
pub struct PyAudioMedia {
    pool: Arc<RegPool>,
    #[pyo3(get)]
    reuse_grace_s: f64,
    lease: Lease,
    shape: [ffi::Py_ssize_t; 2],
    strides: [ffi::Py_ssize_t; 2],
    info: AudioInfo,
    #[pyo3(get)]
    nixl_metadata: String,
}

#[pymethods]
impl PyAudioMedia {
    #[getter]
    fn addr(&self) -> usize {
        self.lease.addr
    }
    #[getter]
    fn size(&self) -> usize {
        self.lease.len
    }
    #[getter]
    fn lease_key(&self) -> &str {
        &self.lease.key
    }
    #[getter]
    fn lease_id(&self) -> u64 {
        self.lease.id
    }
    #[getter]
    fn check_addr(&self) -> usize {
        self.lease.check_addr
    }
    /// `(N, C)`: samples per channel, channels.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.shape[0] as usize, self.shape[1] as usize)
    }
    #[getter]
    fn sample_rate(&self) -> u32 {
        self.info.sample_rate
    }
    #[getter]
    fn codec(&self) -> &'static str {
        self.info.codec
    }
    #[getter]
    fn source_sample_rate(&self) -> u32 {
        self.info.source_sample_rate
    }
    #[getter]
    fn source_channels(&self) -> u16 {
        self.info.source_channels
    }
    #[getter]
    fn duration(&self) -> f64 {
        self.info.duration()
    }
    #[getter]
    fn live(&self) -> bool {
        self.pool.is_live(self.lease.id)
    }
    fn release(&self) -> bool {
        self.pool.release(self.lease.id, EndReason::Caller)
    }

    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("Py_buffer view is null"));
        }
        if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
            return Err(PyBufferError::new_err(
                "registered samples are read-only (readers may be reading them)",
            ));
        }
        let me = slf.get();
        if !me.pool.pin(me.lease.id) {
            return Err(PyBufferError::new_err(
                "this audio's lease has ended (release(), a reader's notification or lease_ttl_s) \
                 and its chunk may be reused: no new view of the samples can be made",
            ));
        }
        // SAFETY: the chunk stays allocated while pinned (unpinned in __releasebuffer__);
        // shape and strides live in this object, which the view keeps alive through `obj`.
        let r = unsafe {
            fill_f32_view(
                view,
                slf.clone().into_any(),
                me.lease.addr as *mut u8,
                me.lease.len,
                true,
                2,
                &me.shape,
                &me.strides,
                flags,
            )
        };
        if r.is_err() {
            me.pool.unpin(me.lease.id);
        }
        r
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {
        self.pool.unpin(self.lease.id);
    }
}

/// Decodes into a registered chunk, channels-last.
fn decode_to_pool(
    input: &Input<'_>,
    opts: &AudioOptions,
    pool: &Arc<RegPool>,
) -> Result<(Lease, AudioInfo)> {
    let audio = decode_input(input, opts)?;
    let n = audio.info.frames * audio.planes.len();
    let mut chunk = pool.acquire(n * 4)?;
    let bytes = &mut chunk.as_mut()[..n * 4];
    // SAFETY: any bit pattern is a valid f32; align_to_mut only reinterprets the aligned
    // middle, and registered chunks start on a page boundary, so prefix and suffix are empty.
    let (pre, floats, post) = unsafe { bytes.align_to_mut::<f32>() };
    if !pre.is_empty() || !post.is_empty() {
        return Err(Error::decode("registered chunk is not 4-byte aligned"));
    }
    audio.write_interleaved(floats);
    Ok((pool.commit(chunk), audio.info))
}

fn media(fe: &PyFrontend, lease: Lease, info: AudioInfo, md: &Arc<str>) -> PyAudioMedia {
    let (n, c) = (
        info.frames as ffi::Py_ssize_t,
        info.channels as ffi::Py_ssize_t,
    );
    PyAudioMedia {
        pool: fe.pool.clone(),
        reuse_grace_s: fe.pool.reuse_grace().as_secs_f64(),
        lease,
        shape: [n, c],
        strides: [4 * c, 4],
        info,
        nixl_metadata: md.to_string(),
    }
}

/// `Decoder.decode_audio`: decode one input on the decoder's pool, GIL released.
#[pyfunction]
#[pyo3(signature = (decoder, data, sample_rate=None, mono=true, opus_decoder="librosa",
                    padding="trim", resampler="soxr", errors="skip",
                    max_duration_s=3600.0,
                    max_bytes=1 << 30, max_encoded_bytes=1 << 30))]
#[allow(clippy::too_many_arguments)]
pub fn decode_audio_with(
    py: Python<'_>,
    decoder: &Bound<'_, PyDecoder>,
    data: &Bound<'_, PyAny>,
    sample_rate: Option<u32>,
    mono: bool,
    opus_decoder: &str,
    padding: &str,
    resampler: &str,
    errors: &str,
    max_duration_s: f64,
    max_bytes: u64,
    max_encoded_bytes: u64,
) -> PyResult<PyAudioBuffer> {
    let opts = options(
        sample_rate,
        mono,
        opus_decoder,
        padding,
        resampler,
        errors,
        max_duration_s,
        max_bytes,
        max_encoded_bytes,
    )?;
    let input = extract(data)?;
    let pool = decoder.get().pool.get()?;
    let audio = py.detach(|| pool.install(|| decode_input(&input, &opts)))?;
    Ok(PyAudioBuffer::new(audio))
}

/// `Decoder.decode_audio_batch`: slots hold `AudioBuffer`s or exception instances.
#[pyfunction]
#[pyo3(signature = (decoder, items, sample_rate=None, mono=true, opus_decoder="librosa",
                    padding="trim", resampler="soxr", errors="skip",
                    max_duration_s=3600.0,
                    max_bytes=1 << 30, max_encoded_bytes=1 << 30, cancel=None))]
#[allow(clippy::too_many_arguments)]
pub fn decode_audio_batch_with<'py>(
    py: Python<'py>,
    decoder: &Bound<'py, PyDecoder>,
    items: Vec<Bound<'py, PyAny>>,
    sample_rate: Option<u32>,
    mono: bool,
    opus_decoder: &str,
    padding: &str,
    resampler: &str,
    errors: &str,
    max_duration_s: f64,
    max_bytes: u64,
    max_encoded_bytes: u64,
    cancel: Option<PyRef<'_, PyCancel>>,
) -> PyResult<Bound<'py, PyList>> {
    let opts = options(
        sample_rate,
        mono,
        opus_decoder,
        padding,
        resampler,
        errors,
        max_duration_s,
        max_bytes,
        max_encoded_bytes,
    )?;
    let batch = Batch::extract(&items);
    let pool = decoder.get().pool.get()?;
    let results = batch.run(py, &pool, &flag(cancel), |inp| decode_input(inp, &opts));
    batch.into_list(py, results, |a| {
        Ok(Bound::new(py, PyAudioBuffer::new(a))?.into_any())
    })
}

/// `Frontend.decode_audio`: decode into a registered chunk on the frontend's pool.
#[pyfunction]
#[pyo3(signature = (frontend, data, sample_rate=None, mono=true, opus_decoder="librosa",
                    padding="trim", resampler="soxr", errors="skip",
                    max_duration_s=3600.0,
                    max_bytes=1 << 30, max_encoded_bytes=1 << 30))]
#[allow(clippy::too_many_arguments)]
pub fn frontend_decode_audio(
    py: Python<'_>,
    frontend: &Bound<'_, PyFrontend>,
    data: &Bound<'_, PyAny>,
    sample_rate: Option<u32>,
    mono: bool,
    opus_decoder: &str,
    padding: &str,
    resampler: &str,
    errors: &str,
    max_duration_s: f64,
    max_bytes: u64,
    max_encoded_bytes: u64,
) -> PyResult<PyAudioMedia> {
    let opts = options(
        sample_rate,
        mono,
        opus_decoder,
        padding,
        resampler,
        errors,
        max_duration_s,
        max_bytes,
        max_encoded_bytes,
    )?;
    let input = extract(data)?;
    let fe = frontend.get();
    let work = fe.work.get()?;
    let pool = &fe.pool;
    let (lease, info, md) = py.detach(|| -> Result<_> {
        let (lease, info) = work.install(|| decode_to_pool(&input, &opts, pool))?;
        Ok((lease, info, pool.metadata()?))
    })?;
    Ok(media(fe, lease, info, &md))
}

/// `Frontend.decode_audio_batch`: slots hold `AudioMedia` or exception instances.
#[pyfunction]
#[pyo3(signature = (frontend, items, sample_rate=None, mono=true, opus_decoder="librosa",
                    padding="trim", resampler="soxr", errors="skip",
                    max_duration_s=3600.0,
                    max_bytes=1 << 30, max_encoded_bytes=1 << 30, cancel=None))]
#[allow(clippy::too_many_arguments)]
pub fn frontend_decode_audio_batch<'py>(
    py: Python<'py>,
    frontend: &Bound<'py, PyFrontend>,
    items: Vec<Bound<'py, PyAny>>,
    sample_rate: Option<u32>,
    mono: bool,
    opus_decoder: &str,
    padding: &str,
    resampler: &str,
    errors: &str,
    max_duration_s: f64,
    max_bytes: u64,
    max_encoded_bytes: u64,
    cancel: Option<PyRef<'_, PyCancel>>,
) -> PyResult<Bound<'py, PyList>> {
    let opts = options(
        sample_rate,
        mono,
        opus_decoder,
        padding,
        resampler,
        errors,
        max_duration_s,
        max_bytes,
        max_encoded_bytes,
    )?;
    let batch = Batch::extract(&items);
    let fe = frontend.get();
    let work = fe.work.get()?;
    let pool = &fe.pool;
    let results = batch.run(py, &work, &flag(cancel), |inp| {
        decode_to_pool(inp, &opts, pool)
    });
    let md = any_ok(&results)
        .then(|| py.detach(|| pool.metadata()))
        .transpose()?;
    batch.into_list(py, results, |(lease, info)| {
        let md = md
            .as_ref()
            .expect("metadata built when any decode succeeded");
        Ok(Bound::new(py, media(fe, lease, info, md))?.into_any())
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyAudioBuffer>()?;
    m.add_class::<PyAudioMedia>()?;
    m.add_function(wrap_pyfunction!(decode_audio_with, m)?)?;
    m.add_function(wrap_pyfunction!(decode_audio_batch_with, m)?)?;
    m.add_function(wrap_pyfunction!(frontend_decode_audio, m)?)?;
    m.add_function(wrap_pyfunction!(frontend_decode_audio_batch, m)?)?;
    Ok(())
}
