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

/// Capsule destructors: release what the consumer did not (it may have moved the struct out
/// and cleared `release`), then free the struct.
unsafe extern "C" fn drop_schema_capsule(capsule: *mut ffi::PyObject) {
    // SAFETY: the capsule was made by `export` with this name around a boxed ArrowSchema.
    unsafe {
        let p = ffi::PyCapsule_GetPointer(capsule, SCHEMA.as_ptr()) as *mut ArrowSchema;
        if p.is_null() {
            ffi::PyErr_Clear();
            return;
        }
        if let Some(release) = (*p).release {
            release(p);
        }
        drop(Box::from_raw(p));
    }
}

unsafe extern "C" fn drop_array_capsule(capsule: *mut ffi::PyObject) {
    // SAFETY: as above, around a boxed ArrowArray.
    unsafe {
        let p = ffi::PyCapsule_GetPointer(capsule, ARRAY.as_ptr()) as *mut ArrowArray;
        if p.is_null() {
            ffi::PyErr_Clear();
            return;
        }
        if let Some(release) = (*p).release {
            release(p);
        }
        drop(Box::from_raw(p));
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
    let schema = Box::into_raw(Box::new(ArrowSchema {
        format: c"C".as_ptr(),
        name: c"".as_ptr(),
        metadata: std::ptr::null(),
        flags: 0,
        n_children: 0,
        children: std::ptr::null_mut(),
        dictionary: std::ptr::null_mut(),
        release: Some(release_schema),
        private_data: std::ptr::null_mut(),
    }));
    // SAFETY: a fresh boxed schema; on failure the capsule does not exist and we free it.
    let schema_capsule = unsafe {
        let c = ffi::PyCapsule_New(
            schema as *mut c_void,
            SCHEMA.as_ptr(),
            Some(drop_schema_capsule),
        );
        if c.is_null() {
            drop(Box::from_raw(schema));
            return Err(PyErr::fetch(py));
        }
        Bound::from_owned_ptr(py, c)
    };
    let mut private = Box::new(Private {
        buffers: [std::ptr::null(), ptr as *const c_void],
        _owner: owner.unbind(),
    });
    let buffers = private.buffers.as_mut_ptr();
    let array = Box::into_raw(Box::new(ArrowArray {
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
    }));
    // SAFETY: as for the schema; the array's release frees its private data.
    let array_capsule = unsafe {
        let c = ffi::PyCapsule_New(
            array as *mut c_void,
            ARRAY.as_ptr(),
            Some(drop_array_capsule),
        );
        if c.is_null() {
            let err = PyErr::fetch(py);
            release_array(array);
            drop(Box::from_raw(array));
            return Err(err);
        }
        Bound::from_owned_ptr(py, c)
    };
    Ok((schema_capsule, array_capsule))
}
