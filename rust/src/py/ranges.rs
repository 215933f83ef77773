//! `Ranges`: the engine's first-fit allocator (`nixl::ranges`) for the Reader's pool slabs.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;

use crate::nixl::ranges::Ranges;

#[pyclass(frozen, module = "fastmedia._core", name = "Ranges")]
pub struct PyRanges {
    len: usize,
    inner: Mutex<Ranges>,
}

impl PyRanges {
    fn lock(&self) -> MutexGuard<'_, Ranges> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[pymethods]
impl PyRanges {
    /// Offsets `[0, len)`, all free.
    #[new]
    fn new(len: usize) -> Self {
        PyRanges {
            len,
            inner: Mutex::new(Ranges::new(len)),
        }
    }

    /// The lowest free offset with `need` bytes after it, now taken; None if none is free.
    fn alloc(&self, need: usize) -> Option<usize> {
        self.lock().alloc(need)
    }

    /// Give back `[off, off + len)`: a range `alloc` handed out, once.
    fn release(&self, off: usize, len: usize) -> PyResult<()> {
        if off.checked_add(len).is_none_or(|end| end > self.len) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "range [{off}, {off}+{len}) is outside [0, {})",
                self.len
            )));
        }
        self.lock().release(off, len);
        Ok(())
    }

    /// The free ranges, `(offset, length)`, lowest first.
    fn free(&self) -> Vec<(usize, usize)> {
        self.lock().free_ranges()
    }
}
