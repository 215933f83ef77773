//! `PixelBuffer`: Rust-owned pixels handed to numpy without a copy, through the buffer
//! protocol. When the last array over it dies, the memory goes back to the recycler.

use std::ffi::{c_int, c_void};

use pyo3::exceptions::PyBufferError;
use pyo3::ffi;
use pyo3::prelude::*;

use crate::buffer::PixelBuf;
use crate::decode::ImageInfo;

/// Shape and strides (bytes) of a C-contiguous HWC uint8 image, as the buffer protocol wants.
pub(crate) fn hwc_layout(info: &ImageInfo) -> ([ffi::Py_ssize_t; 3], [ffi::Py_ssize_t; 3]) {
    let [h, w, c] = info.shape().map(|d| d as ffi::Py_ssize_t);
    ([h, w, c], [w * c, c, 1])
}

/// Fill a Py_buffer describing `len` bytes at `ptr` as a C-contiguous HWC uint8 array.
///
/// # Safety
/// `view` must be a valid, writable Py_buffer; `ptr..ptr+len` must stay valid while `owner`
/// lives; `shape` and `strides` must live inside `owner` (the view holds a reference to it).
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn fill_view(
    view: *mut ffi::Py_buffer,
    owner: Bound<'_, PyAny>,
    ptr: *mut u8,
    len: usize,
    readonly: bool,
    shape: &[ffi::Py_ssize_t; 3],
    strides: &[ffi::Py_ssize_t; 3],
    flags: c_int,
) {
    // SAFETY: guaranteed by the caller (see above).
    unsafe {
        (*view).obj = owner.into_ptr();
        (*view).buf = ptr as *mut c_void;
        (*view).len = len as ffi::Py_ssize_t;
        (*view).readonly = readonly as c_int;
        (*view).itemsize = 1;
        (*view).format = if flags & ffi::PyBUF_FORMAT == ffi::PyBUF_FORMAT {
            c"B".as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        if flags & ffi::PyBUF_ND == ffi::PyBUF_ND {
            (*view).ndim = 3;
            (*view).shape = shape.as_ptr() as *mut _;
        } else {
            (*view).ndim = 1;
            (*view).shape = std::ptr::null_mut();
        }
        (*view).strides = if flags & ffi::PyBUF_STRIDES == ffi::PyBUF_STRIDES {
            strides.as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        (*view).suboffsets = std::ptr::null_mut();
        (*view).internal = std::ptr::null_mut();
    }
}

#[pyclass(frozen, module = "fastmedia._core", name = "PixelBuffer")]
pub struct PyPixelBuffer {
    /// Owns the pixels. Never read or written after construction; dropping it recycles them.
    _buf: PixelBuf,
    /// Where `_buf`'s bytes are, taken once at construction. They stay put when `_buf` moves
    /// (a heap allocation or an anonymous mapping), so no reference into `_buf` is ever made
    /// again: exports and `len()` use these.
    ptr: *mut u8,
    len: usize,
    shape: [ffi::Py_ssize_t; 3],
    strides: [ffi::Py_ssize_t; 3],
    #[pyo3(get)]
    format: &'static str,
    #[pyo3(get)]
    color_type: &'static str,
}

// SAFETY: `ptr` points into memory that `_buf` owns (PixelBuf is Send), so the object moves
// between threads as one owner.
unsafe impl Send for PyPixelBuffer {}
// SAFETY: shared access only copies `ptr` and `len`; Rust never reads or writes the pixels
// after construction. Python reaches them through the exported pointer and synchronises
// writes like for any other writable buffer (bytearray, numpy arrays).
unsafe impl Sync for PyPixelBuffer {}

impl PyPixelBuffer {
    pub fn new(mut buf: PixelBuf, info: &ImageInfo) -> Self {
        let (shape, strides) = hwc_layout(info);
        let (ptr, len) = (buf.as_mut_ptr(), buf.len());
        PyPixelBuffer {
            _buf: buf,
            ptr,
            len,
            shape,
            strides,
            format: info.format,
            color_type: info.color_type,
        }
    }
}

#[pymethods]
impl PyPixelBuffer {
    #[getter]
    fn shape(&self) -> (usize, usize, usize) {
        (
            self.shape[0] as usize,
            self.shape[1] as usize,
            self.shape[2] as usize,
        )
    }

    fn __len__(&self) -> usize {
        self.len
    }

    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut ffi::Py_buffer,
        flags: c_int,
    ) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("Py_buffer view is null"));
        }
        let me = slf.get();
        // SAFETY: `view` is non-null; `ptr..ptr+len` (owned by `_buf`), shape and strides live
        // in this object, which the view keeps alive through `obj`.
        unsafe {
            fill_view(
                view,
                slf.clone().into_any(),
                me.ptr,
                me.len,
                false,
                &me.shape,
                &me.strides,
                flags,
            )
        };
        Ok(())
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {}
}
