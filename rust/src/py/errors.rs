//! The exception family, created here at import time and re-exported by `fastmedia`.
//!
//! Classes are made with `type(name, bases, dict)` so that each can also subclass the
//! builtin that fits (`DecodeError` is a `ValueError`, transport errors are `RuntimeError`s):
//! callers can catch either.

use pyo3::exceptions::{PyException, PyRuntimeError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::error::Error;

pub struct Exceptions {
    pub fastmedia: Py<PyType>,
    pub decode: Py<PyType>,
    pub limit: Py<PyType>,
    pub unsupported: Py<PyType>,
    pub nixl_unavailable: Py<PyType>,
    pub nixl: Py<PyType>,
    pub pool_exhausted: Py<PyType>,
    pub transfer: Py<PyType>,
    pub fetch: Py<PyType>,
    pub url_rejected: Py<PyType>,
    pub fetch_timeout: Py<PyType>,
    pub closed: Py<PyType>,
    pub config: Py<PyType>,
}

static EXCEPTIONS: PyOnceLock<Exceptions> = PyOnceLock::new();

fn make(
    py: Python<'_>,
    name: &str,
    bases: &[&Bound<'_, PyType>],
    doc: &str,
) -> PyResult<Py<PyType>> {
    let dict = PyDict::new(py);
    dict.set_item("__module__", "fastmedia")?;
    dict.set_item("__doc__", doc)?;
    let bases = PyTuple::new(py, bases)?;
    let t = py.get_type::<PyType>().call1((name, bases, dict))?;
    Ok(t.cast_into::<PyType>()?.unbind())
}

fn build(py: Python<'_>) -> PyResult<Exceptions> {
    let exc = py.get_type::<PyException>();
    let value = py.get_type::<PyValueError>();
    let runtime = py.get_type::<PyRuntimeError>();
    let timeout = py.get_type::<PyTimeoutError>();
    let fastmedia = make(
        py,
        "FastmediaError",
        &[&exc],
        "Base class of every fastmedia error.",
    )?;
    let fm = fastmedia.bind(py).clone();
    let decode = make(
        py,
        "DecodeError",
        &[&fm, &value],
        "The input could not be decoded as an image.",
    )?;
    let d = decode.bind(py).clone();
    let limit = make(
        py,
        "LimitExceeded",
        &[&d],
        "The input is over one of the decoder's limits.",
    )?;
    let unsupported = make(
        py,
        "UnsupportedFormat",
        &[&d],
        "The input is not a supported image format.",
    )?;
    let nixl_unavailable = make(
        py,
        "NixlUnavailable",
        &[&fm, &runtime],
        "NIXL is not installed or cannot run here; the message gives the install command\n(`pip install --no-deps nixl nixl-cuXX` at fastmedia.transfer._nixl.NIXL_VERSION; XX: 12 or 13,\nthe CUDA major of torch).",
    )?;
    let nixl = make(
        py,
        "NixlError",
        &[&fm, &runtime],
        "A NIXL operation failed.",
    )?;
    let pool_exhausted = make(
        py,
        "PoolExhausted",
        &[&fm, &runtime],
        "The registered pool stayed full for acquire_timeout_s.",
    )?;
    let transfer = make(
        py,
        "TransferError",
        &[&fm, &runtime],
        "A NIXL READ failed or timed out.",
    )?;
    let fetch = make(
        py,
        "FetchError",
        &[&fm, &py.get_type::<pyo3::exceptions::PyOSError>()],
        "Fetching a URL failed. `.status` is the HTTP status when there was one.",
    )?;
    fetch.bind(py).setattr("status", py.None())?;
    let f = fetch.bind(py).clone();
    let url_rejected = make(
        py,
        "UrlRejected",
        &[&f, &value],
        "The URL is refused by the fetch policy (no I/O done).",
    )?;
    let fetch_timeout = make(
        py,
        "FetchTimeout",
        &[&f, &timeout],
        "Fetching a URL ran past a timeout.",
    )?;
    let closed = make(
        py,
        "ClosedError",
        &[&fm, &runtime],
        "The object was used after close().",
    )?;
    let config = make(
        py,
        "ConfigError",
        &[&fm, &value],
        "A constructor argument is out of range (threads, channels, pool_bytes, ...).",
    )?;
    Ok(Exceptions {
        fastmedia,
        decode,
        limit,
        unsupported,
        nixl_unavailable,
        nixl,
        pool_exhausted,
        transfer,
        fetch,
        url_rejected,
        fetch_timeout,
        closed,
        config,
    })
}

pub fn exceptions(py: Python<'_>) -> &'static Exceptions {
    EXCEPTIONS.get_or_init(py, || {
        build(py).expect("creating fastmedia exception classes")
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let e = exceptions(py);
    for t in [
        &e.fastmedia,
        &e.decode,
        &e.limit,
        &e.unsupported,
        &e.nixl_unavailable,
        &e.nixl,
        &e.pool_exhausted,
        &e.transfer,
        &e.fetch,
        &e.url_rejected,
        &e.fetch_timeout,
        &e.closed,
        &e.config,
    ] {
        let t = t.bind(py);
        m.add(t.name()?, t)?;
    }
    Ok(())
}

impl From<Error> for PyErr {
    fn from(err: Error) -> PyErr {
        Python::attach(|py| {
            match &err {
                Error::Cancelled(msg) => return cancelled(py, msg),
                Error::GpuUnavailable(msg) => return gpu_unavailable(py, msg),
                _ => {}
            }
            let e = exceptions(py);
            let t = match &err {
                Error::Decode(_) => &e.decode,
                Error::LimitExceeded(_) => &e.limit,
                Error::UnsupportedFormat(_) => &e.unsupported,
                Error::NixlUnavailable(_) => &e.nixl_unavailable,
                Error::Nixl(_) => &e.nixl,
                Error::Transfer(_) => &e.transfer,
                Error::PoolExhausted(_) => &e.pool_exhausted,
                Error::Closed(_) => &e.closed,
                Error::Config(_) => &e.config,
                Error::Cancelled(_) | Error::GpuUnavailable(_) => unreachable!("handled above"),
            };
            PyErr::from_type(t.bind(py).clone(), err.to_string())
        })
    }
}

/// `fastmedia.errors.GpuUnavailable`, defined in Python beside the `device=` checks.
fn gpu_unavailable(py: Python<'_>, msg: &str) -> PyErr {
    python_error(py, "fastmedia.errors", "GpuUnavailable", msg)
}

/// `concurrent.futures.CancelledError` (a slot the cancelled caller never sees).
fn cancelled(py: Python<'_>, msg: &str) -> PyErr {
    python_error(py, "concurrent.futures", "CancelledError", msg)
}

/// An exception of class `module.name` with `msg` (or the error importing it).
fn python_error(py: Python<'_>, module: &str, name: &str, msg: &str) -> PyErr {
    match py
        .import(module)
        .and_then(|m| m.getattr(name))
        .and_then(|t| t.cast_into::<PyType>().map_err(PyErr::from))
    {
        Ok(t) => PyErr::from_type(t, msg.to_string()),
        Err(e) => e,
    }
}
