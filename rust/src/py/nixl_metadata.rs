//! The `nixl_metadata` codec of docs/interop.md for the Python layer: one codec, the one the
//! Frontend and the lanes use (`crate::nixl::metadata`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::Error;
use crate::nixl::metadata;

/// `"b64:" + base64(zlib(md, level 6))`.
#[pyfunction]
pub fn encode_nixl_metadata(md: &[u8]) -> String {
    metadata::encode_metadata(md)
}

/// The agent metadata inside a `nixl_metadata` string (b64: or legacy hex); `ValueError`
/// saying what is wrong with a bad one.
#[pyfunction]
pub fn decode_nixl_metadata<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyBytes>> {
    match py.detach(|| metadata::decode_metadata(text)) {
        Ok(md) => Ok(PyBytes::new(py, &md)),
        Err(Error::Config(msg)) => Err(PyValueError::new_err(msg)),
        Err(e) => Err(PyValueError::new_err(e.to_string())),
    }
}

/// The agent name inside NIXL's serialized metadata, or None when the layout is unknown.
#[pyfunction]
pub fn nixl_agent_name(md: &[u8]) -> Option<&str> {
    metadata::agent_name(md)
}
