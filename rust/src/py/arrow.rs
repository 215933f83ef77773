//! A `PixelBuffer` as an Arrow array through the Arrow PyCapsule interface
//! (`__arrow_c_array__`), so Pillow's `Image.fromarrow` wraps decoded pixels without a copy.
//!
//! The two structs are the Arrow C data interface, an ABI fixed by its specification
//! (arrow.apache.org/docs/format/CDataInterface.html); writing them here costs fewer lines
//! than the arrow crates' FFI modules would add to the build. The export is one flat `uint8`
//! array ("C") over the buffer's bytes; it holds a reference to the `PixelBuffer`, so the
//! pixels live until the consumer releases the array.

use std::ffi::{c_char, c_void, CStr};

use pyo3::ffi;
use pyo3::prelude::*;

#[repr(C)]
struct ArrowSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut ArrowSchema,
    dictionary: *mut ArrowSchema,
    release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    private_data: *mut c_void,
}

#[repr(C)]
struct ArrowArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut ArrowArray,
    dictionary: *mut ArrowArray,
    release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    private_data: *mut c_void,
}

/// What an exported array owns: the buffer list it points at and the pixels' owner.
struct Private {
    buffers: [*const c_void; 2],
    /// Dropped on release, on whatever thread the consumer releases from: pyo3 defers the
    /// decref until a thread holds the GIL.
    _owner: Py<PyAny>,
}

const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // SAFETY: called by the consumer on a live schema; its strings are static.
    unsafe { (*schema).release = None };
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // SAFETY: called once by the consumer on a live array whose private data `export` boxed.
    unsafe {
        drop(Box::from_raw((*array).private_data as *mut Private));
        (*array).release = None;
    }
}

/// An Arrow C struct handed out in a capsule: the capsule's name, and the struct's release.
trait Exported: Sized {
    const NAME: &'static CStr;
    fn release_fn(&self) -> Option<unsafe extern "C" fn(*mut Self)>;
}

impl Exported for ArrowSchema {
    const NAME: &'static CStr = SCHEMA;
    fn release_fn(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
        self.release
    }
}

impl Exported for ArrowArray {
    const NAME: &'static CStr = ARRAY;
    fn release_fn(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
        self.release
    }
}

/// Release what the consumer did not (it may have moved the struct out and cleared
/// `release`), then free the struct.
///
/// # Safety
/// `p` is a live struct boxed by [`capsule`].
unsafe fn release_and_free<T: Exported>(p: *mut T) {
    // SAFETY: guaranteed by the caller.
    unsafe {
        if let Some(release) = (*p).release_fn() {
            release(p);
        }
        drop(Box::from_raw(p));
    }
}

unsafe extern "C" fn drop_capsule<T: Exported>(capsule: *mut ffi::PyObject) {
    // SAFETY: the capsule was made by `capsule` with this name around a boxed T.
    unsafe {
        let p = ffi::PyCapsule_GetPointer(capsule, T::NAME.as_ptr()) as *mut T;
        if p.is_null() {
            ffi::PyErr_Clear();
            return;
        }
        release_and_free(p);
    }
}

/// `value` in a capsule named `T::NAME` that releases and frees it when collected.
fn capsule<T: Exported>(py: Python<'_>, value: T) -> PyResult<Bound<'_, PyAny>> {
    let p = Box::into_raw(Box::new(value));
    // SAFETY: `p` is a fresh box; without a capsule it is released and freed here.
    unsafe {
        let c = ffi::PyCapsule_New(p as *mut c_void, T::NAME.as_ptr(), Some(drop_capsule::<T>));
        if c.is_null() {
            let err = PyErr::fetch(py);
            release_and_free(p);
            return Err(err);
        }
        Ok(Bound::from_owned_ptr(py, c))
    }
}

/// `(schema capsule, array capsule)` exporting the `len` bytes at `ptr`, kept alive by
/// `owner`, as one flat uint8 Arrow array.
///
/// # Safety
/// `ptr..ptr + len` must stay valid and unmoved while `owner` lives.
pub(crate) unsafe fn export<'py>(
    owner: Bound<'py, PyAny>,
    ptr: *const u8,
    len: usize,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    let py = owner.py();
    let schema = capsule(
        py,
        ArrowSchema {
            format: c"C".as_ptr(),
            name: c"".as_ptr(),
            metadata: std::ptr::null(),
            flags: 0,
            n_children: 0,
            children: std::ptr::null_mut(),
            dictionary: std::ptr::null_mut(),
            release: Some(release_schema),
            private_data: std::ptr::null_mut(),
        },
    )?;
    let mut private = Box::new(Private {
        buffers: [std::ptr::null(), ptr as *const c_void],
        _owner: owner.unbind(),
    });
    let buffers = private.buffers.as_mut_ptr();
    let array = capsule(
        py,
        ArrowArray {
            length: len as i64,
            null_count: 0,
            offset: 0,
            n_buffers: 2, // validity (none: no nulls), data
            n_children: 0,
            buffers,
            children: std::ptr::null_mut(),
            dictionary: std::ptr::null_mut(),
            release: Some(release_array),
            private_data: Box::into_raw(private) as *mut c_void,
        },
    )?;
    Ok((schema, array))
}
