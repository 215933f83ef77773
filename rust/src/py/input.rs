//! Converting Python inputs at the edge, before the GIL is released: `bytes` are borrowed
//! (immutable), other buffers copied (they could change under a running decode), `str` must
//! be a data URL and is decoded from base64 inside the pool, and an `os.PathLike` names a
//! file read inside the pool (its size checked against the limit first).

use std::io::Read;
use std::path::PathBuf;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::decode::dataurl;
use crate::error::{Error, Result};

/// How much of a bad str an error message quotes.
const QUOTE_CHARS: usize = 80;

pub enum Input<'a> {
    Bytes(&'a [u8]),
    Owned(Vec<u8>),
    DataUrl(&'a str),
    /// A file named by an `os.PathLike` (`pathlib.Path`).
    Path(PathBuf),
    /// A str that is not a data URL; reported as a decode error when its turn comes.
    BadStr(String),
}

/// The message for a str that is neither a data URL nor (fetched before it gets here) an
/// http(s) URL: quoted up to `QUOTE_CHARS` characters, with an ellipsis when cut.
pub fn bad_str_message(s: &str) -> String {
    let n = s.chars().count();
    let head: String = s.chars().take(QUOTE_CHARS).collect();
    let quoted = if n > QUOTE_CHARS {
        format!("{head:?}... ({n} characters)")
    } else {
        format!("{head:?}")
    };
    format!(
        "a str input must be a data URL (data:<type>;base64,...) or an http(s) URL, got \
         {quoted}. An http(s) URL needs a Decoder or Frontend created with \
         fetcher=fastmedia.Fetcher(...); a file needs a pathlib.Path (or its bytes), not a str."
    )
}

/// Read the file at `path`, refusing one over `max` bytes before reading it.
fn read_file(path: &std::path::Path, max: u64) -> Result<Vec<u8>> {
    let shown = path.display();
    let io = |e: std::io::Error| Error::decode(format!("could not read file {shown:?}: {e}"));
    let f = std::fs::File::open(path).map_err(io)?;
    let meta = f.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(Error::decode(format!("{shown:?} is not a regular file")));
    }
    let over = |n: u64| {
        Error::limit(format!(
            "file {shown:?} is {n} bytes or more, over max_encoded_bytes={max}"
        ))
    };
    if meta.len() > max {
        return Err(over(meta.len()));
    }
    let mut out = Vec::with_capacity(meta.len() as usize);
    // The file may grow after the stat: never read past the limit.
    f.take(max.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(io)?;
    if out.len() as u64 > max {
        return Err(over(out.len() as u64));
    }
    Ok(out)
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
        return Ok(Input::BadStr(bad_str_message(s)));
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "__fspath__"))? {
        // os.fspath: str or bytes (both are accepted as paths here).
        let p = obj.call_method0(pyo3::intern!(obj.py(), "__fspath__"))?;
        let path = if let Ok(b) = p.cast::<PyBytes>() {
            use std::os::unix::ffi::OsStrExt;
            PathBuf::from(std::ffi::OsStr::from_bytes(b.as_bytes()))
        } else {
            PathBuf::from(p.extract::<String>()?)
        };
        return Ok(Input::Path(path));
    }
    if let Ok(buf) = PyBuffer::<u8>::get(obj) {
        return Ok(Input::Owned(buf.to_vec(obj.py())?));
    }
    Err(PyTypeError::new_err(format!(
        "expected bytes, bytearray, memoryview, a data URL str or an os.PathLike, got {}",
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
            Input::Path(p) => {
                *scratch = read_file(p, max_encoded)?;
                Ok(scratch)
            }
            Input::BadStr(msg) => Err(Error::decode(msg)),
        }
    }
}
