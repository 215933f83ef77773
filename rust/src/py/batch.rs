//! The path every `*_batch` entry shares: extract each item at the edge (a bad item keeps its
//! own error), run the ready ones in parallel on a pool with the GIL released, and build the
//! result list in input order, exceptions as instances in their slots.

use pyo3::prelude::*;
use pyo3::types::PyList;
use rayon::prelude::*;
use rayon::ThreadPool;

use super::input::{extract, Input};
use crate::error::Result;
use crate::threads::Cancel;

/// A cancellation flag Python passes to a call (`cancel=`); `cancel()` makes items that have
/// not started yet fail with `concurrent.futures.CancelledError`, and video stop between
/// decode groups. Work already running finishes.
#[pyclass(frozen, module = "fastmedia._core", name = "Cancel")]
#[derive(Default)]
pub struct PyCancel(pub Cancel);

#[pymethods]
impl PyCancel {
    #[new]
    fn new() -> Self {
        PyCancel(Cancel::new())
    }

    fn cancel(&self) {
        self.0.cancel()
    }

    #[getter]
    fn cancelled(&self) -> bool {
        self.0.is_set()
    }
}

/// The core flag of an optional `cancel=` argument.
pub fn flag(cancel: Option<PyRef<'_, PyCancel>>) -> Cancel {
    cancel.map(|c| c.0.clone()).unwrap_or_default()
}

/// One batch call's inputs, converted before the GIL is released.
pub struct Batch<'a> {
    inputs: Vec<PyResult<Input<'a>>>,
}

impl<'a> Batch<'a> {
    pub fn extract(items: &'a [Bound<'_, PyAny>]) -> Self {
        Batch {
            inputs: items.iter().map(|o| extract(o)).collect(),
        }
    }

    /// `one` over every extracted input on `pool`, GIL released; `None` where extraction
    /// failed. Items that have not started when `cancel` is set fail as cancelled.
    pub fn run<T, F>(
        &self,
        py: Python<'_>,
        pool: &ThreadPool,
        cancel: &Cancel,
        one: F,
    ) -> Vec<Option<Result<T>>>
    where
        T: Send,
        F: Fn(&Input<'_>) -> Result<T> + Sync,
    {
        let ready: Vec<Option<&Input<'_>>> = self.inputs.iter().map(|r| r.as_ref().ok()).collect();
        let item = |i: &Input<'_>| cancel.check().and_then(|()| one(i));
        py.detach(|| pool.install(|| ready.par_iter().map(|i| i.map(&item)).collect()))
    }

    /// The result list: `wrap` for each success, the exception instance for each failure.
    pub fn into_list<'py, T>(
        self,
        py: Python<'py>,
        results: Vec<Option<Result<T>>>,
        mut wrap: impl FnMut(T) -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for (res, inp) in results.into_iter().zip(self.inputs) {
            let obj = match (res, inp) {
                (Some(Ok(v)), _) => wrap(v)?,
                (Some(Err(e)), _) => PyErr::from(e).into_value(py).into_bound(py).into_any(),
                (None, Err(e)) => e.into_value(py).into_bound(py).into_any(),
                (None, Ok(_)) => unreachable!("every extracted input is decoded"),
            };
            out.append(obj)?;
        }
        Ok(out)
    }
}

/// Whether any item succeeded (a Frontend builds its metadata only then).
pub fn any_ok<T>(results: &[Option<Result<T>>]) -> bool {
    results.iter().any(|r| matches!(r, Some(Ok(_))))
}
