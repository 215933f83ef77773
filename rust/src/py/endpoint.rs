//! `NixlEndpoint`: the agent of an embedding endpoint (`nixl::Agent` with a UCX progress
//! thread). Peers READ from or WRITE into the memory it registers, and it trades notifications
//! with them; it keeps its peers loaded by name (`nixl::peers`). Every call takes the agent's
//! lock with the GIL released.

use std::collections::HashSet;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::{Error, Result};
use crate::nixl::agent::Agent;
use crate::nixl::peers::{Connect, Peers};
use crate::nixl::{ffi, AgentConfig, Mem, WakePipe};

use super::lane::{secs, PyWaker};

type Notifs = Vec<(String, Vec<u8>)>;

/// How often a wait for notifications asks the agent: from `FIRST_LOOK`, doubling up to
/// `MAX_LOOK` while none come (NIXL has no notification callback).
const FIRST_LOOK: Duration = Duration::from_micros(50);
const MAX_LOOK: Duration = Duration::from_millis(1);

/// The agent, and the notifications it took in while forgetting a peer (handed out by the
/// next `take_notifs`).
struct Held<'a> {
    agent: &'a mut Agent,
    notifs: &'a mut Notifs,
}

impl Connect for Held<'_> {
    fn load_remote(&mut self, md: &[u8]) -> Result<String> {
        self.agent.load_remote(md)
    }
    fn forget_remote(&mut self, name: &str) {
        self.notifs.extend(self.agent.forget_remote(name));
    }
}

#[derive(Default)]
struct State {
    agent: Option<Agent>,
    held: Notifs,
    peers: Peers,
}

#[pyclass(frozen, module = "fastmedia._core", name = "NixlEndpoint")]
pub struct PyEndpoint {
    name: String,
    max_peers: usize,
    state: Mutex<State>,
}

impl PyEndpoint {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `f` on the live agent (with the held notifications) and its peers, else `Closed`.
    fn with<T>(&self, f: impl FnOnce(Held<'_>, &mut Peers) -> Result<T>) -> Result<T> {
        let mut state = self.lock();
        let State { agent, held, peers } = &mut *state;
        match agent {
            Some(agent) => f(
                Held {
                    agent,
                    notifs: held,
                },
                peers,
            ),
            None => Err(Error::Closed(format!(
                "NIXL endpoint {} is closed",
                self.name
            ))),
        }
    }

    /// The notifications held and received so far, waiting up to `timeout` for the first;
    /// a readable `waker` ends the wait with none.
    fn wait_notifs(&self, waker: Option<&WakePipe>, timeout: Duration) -> Result<Notifs> {
        let end = Instant::now().checked_add(timeout);
        let mut look = FIRST_LOOK;
        loop {
            let got = self.with(|h, _| {
                let mut out = std::mem::take(h.notifs);
                out.extend(h.agent.take_notifs()?);
                Ok(out)
            })?;
            let left = end.map_or(Duration::MAX, |e| {
                e.saturating_duration_since(Instant::now())
            });
            if !got.is_empty() || left.is_zero() {
                return Ok(got);
            }
            let nap = look.min(left);
            match waker {
                Some(pipe) if pipe.wait(Some(nap)) => return Ok(got),
                Some(_) => {}
                None => std::thread::sleep(nap),
            }
            look = (look * 2).min(MAX_LOOK);
        }
    }
}

#[pymethods]
impl PyEndpoint {
    /// An endpoint with an agent named `name` whose UCX progress thread sleeps
    /// `progress_delay_us` between passes (None: no progress thread, `take_notifs` drives
    /// UCX), keeping up to `max_peers` idle peers loaded; `capi_path` is the wheel's
    /// `libnixl_capi.so`.
    #[new]
    #[pyo3(signature = (name, progress_delay_us, capi_path=None, max_peers=256))]
    fn new(
        py: Python<'_>,
        name: String,
        progress_delay_us: Option<u64>,
        capi_path: Option<String>,
        max_peers: usize,
    ) -> PyResult<Self> {
        if max_peers == 0 {
            return Err(Error::config("max_peers must be >= 1").into());
        }
        let cfg = AgentConfig {
            name: name.clone(),
            progress_delay_us,
        };
        let agent = py.detach(|| Agent::new(ffi::load(capi_path.as_deref())?, &cfg))?;
        Ok(PyEndpoint {
            name,
            max_peers,
            state: Mutex::new(State {
                agent: Some(agent),
                ..State::default()
            }),
        })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Register memory peers may transfer to or from: host memory ("DRAM"), or GPU `dev`'s
    /// ("VRAM"). Its rows are in the agent's metadata from now on.
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
        Ok(py.detach(|| self.with(|h, _| h.agent.register_mem(mem, addr, nbytes, dev)))?)
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
        Ok(py.detach(|| self.with(|h, _| h.agent.deregister_mem(mem, addr, nbytes, dev)))?)
    }

    /// The agent's metadata (what a peer loads), listing its registrations.
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let md = py.detach(|| self.with(|h, _| h.agent.local_md()))?;
        Ok(PyBytes::new(py, &md))
    }

    /// Make sure peer `peer` is loaded (most recently used now), from its metadata `md` when
    /// new. Returns None when it is not loaded and there is no `md`; else the names of the
    /// peers forgotten to keep at most `max_peers` (least recently used first, never one
    /// named in `busy`). `DecodeError` when `md` is another agent's; `TransferError` when it
    /// does not load.
    #[pyo3(signature = (peer, md=None, busy=HashSet::new()))]
    fn connect(
        &self,
        py: Python<'_>,
        peer: &str,
        md: Option<Vec<u8>>,
        busy: HashSet<String>,
    ) -> PyResult<Option<Vec<String>>> {
        let md = md.filter(|m| !m.is_empty());
        Ok(py.detach(|| {
            self.with(|mut h, peers| {
                peers.connect_named(&mut h, peer, md.as_deref(), &busy, self.max_peers)
            })
        })?)
    }

    /// Forget peer `peer` (nothing if it is not loaded, or the endpoint is closed).
    fn forget(&self, py: Python<'_>, peer: &str) {
        py.detach(|| {
            let _ = self.with(|mut h, peers| {
                peers.forget_named(&mut h, peer);
                Ok(())
            });
        })
    }

    /// (peers loaded, peers forgotten to stay within `max_peers`).
    fn peer_stats(&self, py: Python<'_>) -> (usize, u64) {
        py.detach(|| {
            let state = self.lock();
            (state.peers.loaded(), state.peers.evicted)
        })
    }

    /// Send `msg` to the loaded peer `peer`.
    fn notify(&self, py: Python<'_>, peer: &str, msg: Vec<u8>) -> PyResult<()> {
        Ok(py.detach(|| self.with(|h, _| h.agent.notify(peer, &msg)))?)
    }

    /// The notifications received since the last call: (peer name, message) pairs, in order.
    /// With `timeout_s`, waits up to that long for the first (the GIL released; None: no
    /// bound), asking the agent every 50 µs to 1 ms; a readable `waker` (new work, a lane's
    /// end, close) ends the wait early, with none, and keeps its tokens for `drain`.
    #[pyo3(signature = (waker=None, timeout_s=Some(0.0)))]
    fn take_notifs<'py>(
        &self,
        py: Python<'py>,
        waker: Option<&PyWaker>,
        timeout_s: Option<f64>,
    ) -> PyResult<Vec<(String, Bound<'py, PyBytes>)>> {
        let pipe = waker.map(|w| w.pipe.clone());
        let timeout = timeout_s.map_or(Duration::MAX, secs);
        let got = py.detach(|| self.wait_notifs(pipe.as_deref(), timeout))?;
        Ok(got
            .into_iter()
            .map(|(peer, msg)| (peer, PyBytes::new(py, &msg)))
            .collect())
    }

    /// Destroy the agent (idempotent): its registrations and peers go with it.
    fn close(&self, py: Python<'_>) {
        py.detach(|| {
            let _ = self.with(|mut h, peers| {
                peers.close(&mut h);
                Ok(())
            });
            drop(self.lock().agent.take());
        })
    }
}
