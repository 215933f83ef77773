//! `NixlLane`: a transfer lane of the engine (`nixl::Lane`) for the Python layer's helper
//! lanes. The lane's thread runs each job without the GIL and takes it only to call `done`.

use std::time::{Duration, Instant};

use pyo3::prelude::*;

use crate::error::Error;
use crate::nixl::{ffi, Job, Lane, Mem, Op};

#[pyclass(frozen, module = "fastmedia._core", name = "NixlLane")]
pub struct PyLane {
    lane: Lane,
}

fn rows(v: Vec<[u64; 3]>) -> Vec<(u64, u64, u64)> {
    v.into_iter().map(|[a, n, d]| (a, n, d)).collect()
}

#[pymethods]
impl PyLane {
    /// A lane with an agent named `name`; `capi_path` is the wheel's `libnixl_capi.so`.
    #[new]
    #[pyo3(signature = (name, capi_path=None))]
    fn new(py: Python<'_>, name: String, capi_path: Option<String>) -> PyResult<Self> {
        let lane = py.detach(|| {
            let api = ffi::load(capi_path.as_deref())?;
            Lane::new(api, &name)
        })?;
        Ok(PyLane { lane })
    }

    fn register(&self, py: Python<'_>, addr: usize, nbytes: usize) -> PyResult<()> {
        Ok(py.detach(|| self.lane.register(addr, nbytes))?)
    }

    fn deregister(&self, py: Python<'_>, addr: usize, nbytes: usize) -> PyResult<()> {
        Ok(py.detach(|| self.lane.deregister(addr, nbytes))?)
    }

    /// Queue one transfer: `op` is "READ" (remote into local) or "WRITE"; rows are
    /// (addr, len, dev); `peer_mds` are the peer's metadata strings the rows need (one
    /// agent's); `notif` goes to the peer once it is done (none when empty);
    /// `done(state, error)` is called on the lane's thread with "DONE" or "ERR" once the
    /// handle is released. `here`: run it on the calling thread (the GIL released) after any
    /// job the lane's thread is running, and return when it is done.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (op, local, remote, remote_mem, peer_mds, timeout_s, done, notif=Vec::new(), here=false))]
    fn submit(
        &self,
        py: Python<'_>,
        op: &str,
        local: Vec<[u64; 3]>,
        remote: Vec<[u64; 3]>,
        remote_mem: &str,
        peer_mds: Vec<String>,
        timeout_s: f64,
        done: Py<PyAny>,
        notif: Vec<u8>,
        here: bool,
    ) -> PyResult<()> {
        let op = match op {
            "READ" => Op::Read,
            "WRITE" => Op::Write,
            _ => return Err(Error::config(format!("op {op:?} is neither READ nor WRITE")).into()),
        };
        let timeout = Duration::try_from_secs_f64(timeout_s.max(0.0)).unwrap_or(Duration::MAX);
        let now = Instant::now();
        let job = Job {
            op,
            local: rows(local),
            remote: rows(remote),
            remote_mem: Mem::parse(remote_mem)?,
            peer_mds,
            notif,
            deadline: now
                .checked_add(timeout)
                .unwrap_or(now + Duration::from_secs(86_400)),
            done: Box::new(move |out| {
                let (state, error) = match out {
                    Ok(()) => ("DONE", String::new()),
                    Err(e) => ("ERR", e),
                };
                Python::attach(|py| {
                    if let Err(e) = done.call1(py, (state, error)) {
                        e.write_unraisable(py, None);
                    }
                });
            }),
        };
        if here {
            py.detach(|| self.lane.run_here(job));
            return Ok(());
        }
        Ok(self.lane.submit(job)?)
    }

    /// The peer cache's counts as of the last job: `(added, replaced, failed_fast, loaded)`.
    fn peer_stats(&self) -> (u64, u64, u64, usize) {
        let s = self.lane.stats();
        (
            s.peers.added,
            s.peers.replaced,
            s.peers.failed_fast,
            s.loaded,
        )
    }

    /// Finish queued jobs, release every handle and peer, destroy the agent (idempotent).
    fn close(&self, py: Python<'_>) {
        py.detach(|| self.lane.close());
    }
}
