//! PyO3 glue: converts at the edge, releases the GIL for the heavy work, builds Python
//! objects once attached again. No Python is touched from inside pool tasks.

mod arrow;
#[cfg(feature = "ffmpeg")]
mod audio;
mod batch;
mod buffer;
mod decoder;
mod encoder;
mod encoder_extra;
mod endpoint;
pub mod errors;
mod frontend;
mod input;
mod lane;
mod nixl_metadata;
mod notify;
mod ranges;
mod resize;
mod video;

use pyo3::prelude::*;

/// xxh3-64 content hash of a uint8 array, as Dynamo computes it (16 lowercase hex digits).
#[pyfunction]
fn content_hash(
    py: Python<'_>,
    shape: Vec<usize>,
    data: pyo3::buffer::PyBuffer<u8>,
) -> PyResult<String> {
    if !data.is_c_contiguous() {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "content_hash needs a C-contiguous buffer",
        ));
    }
    let expect: usize = shape.iter().product();
    if expect != data.item_count() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "shape {shape:?} has {expect} elements but the buffer has {}",
            data.item_count()
        )));
    }
    // SAFETY: the buffer is C-contiguous u8 of item_count bytes and stays alive (and, by the
    // caller's contract, unmodified) while we hash it with the GIL released.
    let bytes =
        unsafe { std::slice::from_raw_parts(data.buf_ptr() as *const u8, data.item_count()) };
    Ok(py.detach(|| crate::hash::content_hash(&shape, crate::hash::DTYPE_UINT8, bytes)))
}

/// Bytes of freed pixel buffers held for reuse.
#[pyfunction]
fn recycled_bytes() -> usize {
    crate::buffer::PixelBuf::cached_bytes()
}

/// Cap the bytes of freed output buffers kept for reuse (0 disables recycling; None: adaptive).
#[pyfunction]
#[pyo3(signature = (bytes=None))]
fn set_recycle_limit(bytes: Option<usize>) {
    crate::buffer::PixelBuf::set_cache_limit(bytes)
}

#[pyfunction]
fn recycle_limit() -> usize {
    crate::buffer::PixelBuf::cache_limit()
}

/// `gil_used = false`: safe without the GIL on free-threaded Python. Every class is frozen
/// and keeps its mutable state behind a Mutex or in thread-locals, no Python object is touched
/// while detached, and `PixelBuffer` hands out a pointer fixed at construction.
#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_class::<batch::PyCancel>()?;
    m.add_class::<decoder::PyDecoder>()?;
    m.add_class::<encoder::PyEncoder>()?;
    m.add_class::<endpoint::PyEndpoint>()?;
    #[cfg(feature = "ffmpeg")]
    m.add_function(wrap_pyfunction!(encoder::has_video_encoder, m)?)?;
    encoder_extra::register(m)?;
    m.add_class::<buffer::PyPixelBuffer>()?;
    m.add_class::<frontend::PyFrontend>()?;
    m.add_class::<frontend::PyMedia>()?;
    m.add_class::<lane::PyLane>()?;
    m.add_class::<lane::PyTicket>()?;
    m.add_class::<lane::PyWaker>()?;
    m.add_class::<notify::PyNotifier>()?;
    m.add_class::<ranges::PyRanges>()?;
    #[cfg(feature = "ffmpeg")]
    audio::register(m)?;
    m.add_function(wrap_pyfunction!(content_hash, m)?)?;
    m.add_function(wrap_pyfunction!(nixl_metadata::encode_nixl_metadata, m)?)?;
    m.add_function(wrap_pyfunction!(nixl_metadata::decode_nixl_metadata, m)?)?;
    m.add_function(wrap_pyfunction!(nixl_metadata::nixl_agent_name, m)?)?;
    m.add_function(wrap_pyfunction!(endpoint::parse_write_offer, m)?)?;
    m.add_function(wrap_pyfunction!(recycled_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(set_recycle_limit, m)?)?;
    m.add_function(wrap_pyfunction!(recycle_limit, m)?)?;
    m.add_function(wrap_pyfunction!(resize::resize_check, m)?)?;
    m.add_function(wrap_pyfunction!(resize::resize_target, m)?)?;
    Ok(())
}
