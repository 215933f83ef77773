//! `NixlLane`: a transfer lane of the engine (`nixl::Lane`) for the Python layer's helper
//! lanes. The lane's thread runs each job without the GIL and reports its end to the job's
//! `LaneTicket`, which threads wait on and event loops watch through a `Waker`'s fd, so no
//! lane ever takes the GIL.

use std::sync::Arc;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

use crate::error::Error;
use crate::nixl::{ffi, Completion, Job, Lane, Mem, Op, PostHook, WakePipe, TIMED_OUT};

pub(super) fn secs(timeout_s: f64) -> Duration {
    Duration::try_from_secs_f64(timeout_s.max(0.0)).unwrap_or(Duration::MAX)
}

/// A lane job's end: `state()` is "PROC", then "DONE" or "ERR" (with `error()`).
#[pyclass(frozen, module = "fastmedia._core", name = "LaneTicket")]
pub struct PyTicket {
    pub(super) done: Arc<Completion>,
}

#[pymethods]
impl PyTicket {
    fn state(&self) -> &'static str {
        match self.done.outcome() {
            None => "PROC",
            Some(Ok(())) => "DONE",
            Some(Err(_)) => "ERR",
        }
    }

    /// The job ended, but NIXL would not release its handle yet (timed out in flight): its
    /// memory may still be written (the lane keeps the handle, and its `own` memory
    /// registered, until NIXL lets go).
    fn kept(&self) -> bool {
        self.done.kept()
    }

    fn error(&self) -> String {
        match self.done.outcome() {
            Some(Err(e)) => e,
            _ => String::new(),
        }
    }

    /// The job failed because it passed its deadline.
    fn timed_out(&self) -> bool {
        matches!(self.done.outcome(), Some(Err(e)) if e == TIMED_OUT)
    }

    /// Wait up to `timeout_s` (the GIL released); true once the job has ended.
    fn wait(&self, py: Python<'_>, timeout_s: f64) -> bool {
        let t = secs(timeout_s);
        py.detach(|| self.done.wait(t))
    }

    /// Push `token` to `waker` when the job ends; false (nothing pushed) if it has ended.
    fn watch(&self, waker: &PyWaker, token: u64) -> bool {
        self.done.watch(&waker.pipe, token)
    }
}

/// An fd an event loop watches (`add_reader`): readable once a watched ticket has ended;
/// `drain()` returns the tokens of those that have.
#[pyclass(frozen, module = "fastmedia._core", name = "Waker")]
pub struct PyWaker {
    pub(super) pipe: Arc<WakePipe>,
}

#[pymethods]
impl PyWaker {
    #[new]
    fn new() -> PyResult<Self> {
        let pipe = WakePipe::new().map_err(PyErr::from)?; // OSError: out of fds, say
        Ok(PyWaker {
            pipe: Arc::new(pipe),
        })
    }

    fn fileno(&self) -> i32 {
        self.pipe.fd()
    }

    fn drain(&self) -> Vec<u64> {
        self.pipe.drain()
    }

    /// Make the fd readable with `token` (a thread's wake-up, as a ticket's end).
    fn push(&self, token: u64) {
        self.pipe.push(token);
    }

    /// Wait up to `timeout_s` (None: no bound) for the fd to be readable, the GIL
    /// released; true if it is. Tokens stay for `drain`.
    #[pyo3(signature = (timeout_s=None))]
    fn wait(&self, py: Python<'_>, timeout_s: Option<f64>) -> bool {
        let t = timeout_s.map(secs);
        py.detach(|| self.pipe.wait(t))
    }
}

#[pyclass(frozen, module = "fastmedia._core", name = "NixlLane")]
pub struct PyLane {
    pub(super) lane: Arc<Lane>,
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
        Ok(PyLane {
            lane: Arc::new(lane),
        })
    }

    /// Register memory for the lane's transfers: host memory ("DRAM"), or GPU `dev`'s
    /// ("VRAM").
    #[pyo3(signature = (addr, nbytes, mem="DRAM", dev=0))]
    fn register(
        &self,
        py: Python<'_>,
        addr: usize,
        nbytes: usize,
        mem: &str,
        dev: u64,
    ) -> PyResult<()> {
        let mem = Mem::parse(mem)?;
        Ok(py.detach(|| self.lane.register(mem, addr, nbytes, dev))?)
    }

    #[pyo3(signature = (addr, nbytes, mem="DRAM", dev=0))]
    fn deregister(
        &self,
        py: Python<'_>,
        addr: usize,
        nbytes: usize,
        mem: &str,
        dev: u64,
    ) -> PyResult<()> {
        let mem = Mem::parse(mem)?;
        Ok(py.detach(|| self.lane.deregister(mem, addr, nbytes, dev))?)
    }

    /// Queue one transfer: `op` is "READ" (remote into local) or "WRITE"; rows are
    /// (addr, len, dev), the local ones in memory of `local_mem` registered with the lane;
    /// `peer_mds` are the peer's metadata strings the rows need (one agent's); `notif` goes
    /// to the peer once it is done (none when empty); `own`: memory (addr, len, dev) of
    /// `local_mem` of this job alone, registered on the lane's agent for it. Returns the
    /// job's ticket, ended once the handle is released (the lane never takes the GIL).
    /// `here`: run it on the calling thread (the GIL released) after any job the lane's
    /// thread is running, and return when it is done.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (op, local, remote, remote_mem, peer_mds, timeout_s, notif=Vec::new(), here=false, own=Vec::new(), local_mem="DRAM"))]
    fn submit(
        &self,
        py: Python<'_>,
        op: &str,
        local: Vec<[u64; 3]>,
        remote: Vec<[u64; 3]>,
        remote_mem: &str,
        peer_mds: Vec<String>,
        timeout_s: f64,
        notif: Vec<u8>,
        here: bool,
        own: Vec<(usize, usize, u64)>,
        local_mem: &str,
    ) -> PyResult<PyTicket> {
        let op = match op {
            "READ" => Op::Read,
            "WRITE" => Op::Write,
            _ => return Err(Error::config(format!("op {op:?} is neither READ nor WRITE")).into()),
        };
        let local_mem = Mem::parse(local_mem)?;
        let timeout = secs(timeout_s);
        let now = Instant::now();
        let ticket = Arc::new(Completion::default());
        let end = ticket.clone();
        let job = Job {
            op,
            local: rows(local),
            local_mem,
            remote: rows(remote),
            remote_mem: Mem::parse(remote_mem)?,
            peer_mds,
            notif,
            own: own
                .into_iter()
                .map(|(a, n, d)| (local_mem, a, n, d))
                .collect(),
            deadline: now
                .checked_add(timeout)
                .unwrap_or(now + Duration::from_secs(86_400)),
            done: Box::new(move |e| end.end(e)),
        };
        if here {
            py.detach(|| self.lane.run_here(job));
        } else {
            self.lane.submit(job)?;
        }
        Ok(PyTicket { done: ticket })
    }

    /// For fault tests: `callback(state)` runs right after each transfer of this lane is
    /// posted ("PROC" or "DONE"), on the thread that posted it, with the GIL; it must not call
    /// the lane. None removes it. An exception it raises is reported as unraisable.
    #[pyo3(signature = (callback))]
    fn on_post(&self, py: Python<'_>, callback: Option<Py<PyAny>>) -> PyResult<()> {
        let hook = callback.map(|cb| -> PostHook {
            Arc::new(move |state: &'static str| {
                Python::attach(|py| {
                    if let Err(e) = cb.call1(py, (state,)) {
                        e.write_unraisable(py, None);
                    }
                })
            })
        });
        Ok(py.detach(|| self.lane.on_post(hook))?)
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

    /// Run queued jobs for up to `grace_s` more (their notifications still go out), then stop
    /// the one in flight and fail the rest; release every handle and peer, destroy the agent
    /// (idempotent).
    #[pyo3(signature = (grace_s=0.0))]
    fn close(&self, py: Python<'_>, grace_s: f64) {
        let grace = secs(grace_s);
        py.detach(|| self.lane.close(grace));
    }
}
