//! Converting Python inputs at the edge, before the GIL is released: `bytes` are borrowed
//! (immutable), other buffers copied (they could change under a running decode), `str` must
//! be a data URL and is decoded from base64 inside the pool.

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::decode::dataurl;
use crate::error::{Error, Result};

pub enum Input<'a> {
    Bytes(&'a [u8]),
    Owned(Vec<u8>),
    DataUrl(&'a str),
    /// A str that is not a data URL; reported as a decode error when its turn comes.
    BadStr(String),
}

pub fn extract<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Input<'a>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Input::Bytes(b.as_bytes()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_str()?;
        if dataurl::is_data_url(s) {
            return Ok(Input::DataUrl(s));
        }
        let head: String = s.chars().take(40).collect();
        return Ok(Input::BadStr(format!(
            "a str input must be a data URL (data:image/...;base64,...), got {head:?}; \
             http(s) URLs need a Decoder or Frontend created with fetcher="
        )));
    }
    if let Ok(buf) = PyBuffer::<u8>::get(obj) {
        return Ok(Input::Owned(buf.to_vec(obj.py())?));
    }
    Err(PyTypeError::new_err(format!(
        "expected bytes, bytearray, memoryview or a data URL str, got {}",
        obj.get_type().name()?
    )))
}

impl Input<'_> {
    /// The encoded bytes, base64-decoding a data URL into `scratch` when needed.
    pub fn bytes<'s>(&'s self, max_encoded: u64, scratch: &'s mut Vec<u8>) -> Result<&'s [u8]> {
        self.bytes_typed(max_encoded, scratch, &["image/"])
    }

    /// [`Input::bytes`] for data URLs whose media type starts with one of `types`.
    pub fn bytes_typed<'s>(
        &'s self,
        max_encoded: u64,
        scratch: &'s mut Vec<u8>,
        types: &[&str],
    ) -> Result<&'s [u8]> {
        match self {
            Input::Bytes(b) => Ok(b),
            Input::Owned(v) => Ok(v),
            Input::DataUrl(s) => {
                *scratch = dataurl::decode_typed(s, max_encoded, types)?;
                Ok(scratch)
            }
            Input::BadStr(msg) => Err(Error::decode(msg)),
        }
    }
}
