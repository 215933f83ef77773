//! `NixlNotifier`: a reader's lease notifications on an agent of their own (`nixl::Notifier`);
//! its thread confirms them without the GIL.

use std::time::Duration;

use pyo3::prelude::*;

use crate::nixl::{ffi, Mem, Notifier};

#[pyclass(frozen, module = "fastmedia._core", name = "NixlNotifier")]
pub struct PyNotifier {
    notifier: Notifier,
}

#[pymethods]
impl PyNotifier {
    /// A notifier with an agent named `name`; `capi_path` is the wheel's `libnixl_capi.so`.
    #[new]
    #[pyo3(signature = (name, capi_path=None))]
    fn new(py: Python<'_>, name: String, capi_path: Option<String>) -> PyResult<Self> {
        let notifier = py.detach(|| {
            let api = ffi::load(capi_path.as_deref())?;
            Notifier::new(api, &name)
        })?;
        Ok(PyNotifier { notifier })
    }

    /// Queue `msg` for the agent of the metadata string `md` (the notifier's thread sends
    /// it). `probe`: a row (addr, len, dev) of that peer's `mem` memory to READ (8 bytes at
    /// most) once it is sent, which confirms it. Holds the GIL: it only queues, and handing
    /// the GIL over could keep an event loop waiting for it.
    #[pyo3(signature = (md, msg, probe=None, mem="DRAM"))]
    fn send(
        &self,
        md: &str,
        msg: Vec<u8>,
        probe: Option<(u64, u64, u64)>,
        mem: &str,
    ) -> PyResult<()> {
        let mem = Mem::parse(mem)?;
        Ok(self.notifier.send(md, &msg, probe.map(|row| (row, mem)))?)
    }

    /// Peers whose last notification is not confirmed yet.
    fn pending(&self) -> usize {
        self.notifier.pending()
    }

    /// `(sent, confirmed, given_up)`: notifications sent; probes that confirmed them, and
    /// that failed.
    fn stats(&self) -> (u64, u64, u64) {
        let s = self.notifier.stats();
        (s.sent, s.confirmed, s.given_up)
    }

    /// Wait up to `flush_s` for the notifications' confirmations, then release everything
    /// (idempotent).
    fn close(&self, py: Python<'_>, flush_s: f64) {
        let flush = Duration::try_from_secs_f64(flush_s.max(0.0)).unwrap_or(Duration::MAX);
        py.detach(|| self.notifier.close(flush));
    }
}
