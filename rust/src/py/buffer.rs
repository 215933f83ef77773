//! `PixelBuffer`: Rust-owned pixels handed to numpy without a copy, through the buffer
//! protocol. When the last array over it dies, the memory goes back to the recycler.

use std::ffi::{c_int, c_void};

use pyo3::exceptions::PyBufferError;
use pyo3::ffi;
use pyo3::prelude::*;

use crate::buffer::PixelBuf;
use crate::decode::ImageInfo;

/// Shape and C-contiguous strides (bytes) of a uint8 array of up to 4 dimensions.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub ndim: usize,
    pub shape: [ffi::Py_ssize_t; 4],
    pub strides: [ffi::Py_ssize_t; 4],
}

impl Layout {
    pub fn new(dims: &[usize]) -> Layout {
        assert!(!dims.is_empty() && dims.len() <= 4, "1 to 4 dimensions");
        let mut shape = [0; 4];
        let mut strides = [0; 4];
        let mut step = 1 as ffi::Py_ssize_t;
        for i in (0..dims.len()).rev() {
            shape[i] = dims[i] as ffi::Py_ssize_t;
            strides[i] = step;
            step *= dims[i] as ffi::Py_ssize_t;
        }
        Layout {
            ndim: dims.len(),
            shape,
            strides,
        }
    }

    pub fn dims(&self) -> Vec<usize> {
        self.shape[..self.ndim]
            .iter()
            .map(|&d| d as usize)
            .collect()
    }
}

/// Whether `shape`/`strides` (bytes, items of `itemsize`) are C- (`fortran` false) or
/// Fortran-contiguous, as CPython's `PyBuffer_IsContiguous` decides: dimensions of extent 1
/// may have any stride, and an empty array is both.
pub(crate) fn is_contiguous(
    shape: &[ffi::Py_ssize_t],
    strides: &[ffi::Py_ssize_t],
    itemsize: ffi::Py_ssize_t,
    fortran: bool,
) -> bool {
    if shape.contains(&0) {
        return true;
    }
    let mut step = itemsize;
    let mut dims: Vec<usize> = (0..shape.len()).collect();
    if !fortran {
        dims.reverse();
    }
    for i in dims {
        if shape[i] > 1 && strides[i] != step {
            return false;
        }
        step = step.saturating_mul(shape[i]);
    }
    true
}

/// Refuse a request whose contiguity flags (`PyBUF_C_CONTIGUOUS`, `PyBUF_F_CONTIGUOUS`,
/// `PyBUF_ANY_CONTIGUOUS`) the layout does not meet, or that asks for no strides when the
/// layout is not C-contiguous, with `BufferError` as numpy does. A consumer that trusts the
/// flag would otherwise read the items in the wrong order.
pub(crate) fn check_request(
    flags: c_int,
    shape: &[ffi::Py_ssize_t],
    strides: &[ffi::Py_ssize_t],
    itemsize: ffi::Py_ssize_t,
) -> PyResult<()> {
    let has = |f: c_int| flags & f == f;
    let c = is_contiguous(shape, strides, itemsize, false);
    let f = is_contiguous(shape, strides, itemsize, true);
    let refused = if has(ffi::PyBUF_C_CONTIGUOUS) && !c {
        Some("C-contiguous")
    } else if has(ffi::PyBUF_F_CONTIGUOUS) && !f {
        Some("Fortran-contiguous")
    } else if has(ffi::PyBUF_ANY_CONTIGUOUS) && !c && !f {
        Some("contiguous")
    } else if !has(ffi::PyBUF_STRIDES) && !c {
        Some("C-contiguous (no strides requested)")
    } else {
        None
    };
    match refused {
        Some(what) => Err(PyBufferError::new_err(format!(
            "this buffer (shape {shape:?}, strides {strides:?}) is not {what}"
        ))),
        None => Ok(()),
    }
}

/// Shape and strides (bytes) of a C-contiguous HWC uint8 image, as the buffer protocol wants.
pub(crate) fn hwc_layout(info: &ImageInfo) -> Layout {
    Layout::new(&info.shape())
}

/// Fill a Py_buffer describing `len` bytes at `ptr` as a C-contiguous HWC uint8 array, or
/// refuse a request the layout cannot meet ([`check_request`]) without touching `view`.
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
    layout: &Layout,
    flags: c_int,
) -> PyResult<()> {
    let n = layout.ndim;
    check_request(flags, &layout.shape[..n], &layout.strides[..n], 1)?;
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
            (*view).ndim = layout.ndim as c_int;
            (*view).shape = layout.shape.as_ptr() as *mut _;
        } else {
            (*view).ndim = 1;
            (*view).shape = std::ptr::null_mut();
        }
        (*view).strides = if flags & ffi::PyBUF_STRIDES == ffi::PyBUF_STRIDES {
            layout.strides.as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        (*view).suboffsets = std::ptr::null_mut();
        (*view).internal = std::ptr::null_mut();
    }
    Ok(())
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
    layout: Layout,
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
    pub fn new(buf: PixelBuf, info: &ImageInfo) -> Self {
        Self::with_layout(buf, hwc_layout(info), info.format, info.color_type)
    }

    fn with_layout(
        mut buf: PixelBuf,
        layout: Layout,
        format: &'static str,
        color_type: &'static str,
    ) -> Self {
        let (ptr, len) = (buf.as_mut_ptr(), buf.len());
        PyPixelBuffer {
            _buf: buf,
            ptr,
            len,
            layout,
            format,
            color_type,
        }
    }

    /// An image in Pillow's layout ([`crate::decode::pillow`]): `[H, W, 1]` or `[H, W, 4]`.
    pub fn pillow(buf: PixelBuf, info: &ImageInfo) -> Self {
        let c = crate::decode::pillow::pillow_channels(info.channels);
        let dims = [info.height as usize, info.width as usize, c as usize];
        Self::with_layout(buf, Layout::new(&dims), info.format, info.color_type)
    }

    /// A `[T, H, W, 3]` video clip.
    pub fn clip(buf: PixelBuf, shape: [usize; 4]) -> Self {
        Self::with_layout(buf, Layout::new(&shape), "Video", "Rgb8")
    }
}

#[pymethods]
impl PyPixelBuffer {
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pyo3::types::PyTuple::new(py, self.layout.dims())
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
                &me.layout,
                flags,
            )
        }
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {}

    /// The bytes as one flat uint8 Arrow array (the Arrow PyCapsule interface); the export
    /// keeps this object alive. `requested_schema` is ignored: uint8 is all it offers.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        slf: &Bound<'py, Self>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let _ = requested_schema;
        let me = slf.get();
        // SAFETY: `ptr..ptr+len` is owned by `_buf`, fixed for this object's life, and the
        // export holds a reference to the object.
        unsafe { super::arrow::export(slf.clone().into_any(), me.ptr, me.len) }
    }
}
