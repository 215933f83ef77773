//! `NixlEndpoint`: the agent of an embedding endpoint (`nixl::Agent` with a UCX progress
//! thread). Peers READ from or WRITE into the memory it registers, and it trades notifications
//! with them. Every call takes the agent's lock with the GIL released.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::{Error, Result};
use crate::nixl::agent::Agent;
use crate::nixl::{ffi, AgentConfig, Mem};

type Notifs = Vec<(String, Vec<u8>)>;

#[derive(Default)]
struct State {
    agent: Option<Agent>,
    /// Notifications taken in while forgetting a peer, handed out by the next `take_notifs`.
    held: Notifs,
}

#[pyclass(frozen, module = "fastmedia._core", name = "NixlEndpoint")]
pub struct PyEndpoint {
    name: String,
    state: Mutex<State>,
}

impl PyEndpoint {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `f` on the live agent (and the held notifications), else `Closed`.
    fn with<T>(&self, f: impl FnOnce(&mut Agent, &mut Notifs) -> Result<T>) -> Result<T> {
        let mut state = self.lock();
        let State { agent, held } = &mut *state;
        match agent {
            Some(agent) => f(agent, held),
            None => Err(Error::Closed(format!(
                "NIXL endpoint {} is closed",
                self.name
            ))),
        }
    }
}

#[pymethods]
impl PyEndpoint {
    /// An endpoint with an agent named `name` whose UCX progress thread sleeps
    /// `progress_delay_us` between passes (None: no progress thread, `take_notifs` drives
    /// UCX); `capi_path` is the wheel's `libnixl_capi.so`.
    #[new]
    #[pyo3(signature = (name, progress_delay_us, capi_path=None))]
    fn new(
        py: Python<'_>,
        name: String,
        progress_delay_us: Option<u64>,
        capi_path: Option<String>,
    ) -> PyResult<Self> {
        let cfg = AgentConfig {
            name: name.clone(),
            progress_delay_us,
        };
        let agent = py.detach(|| Agent::new(ffi::load(capi_path.as_deref())?, &cfg))?;
        Ok(PyEndpoint {
            name,
            state: Mutex::new(State {
                agent: Some(agent),
                held: Vec::new(),
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
        Ok(py.detach(|| self.with(|a, _| a.register_mem(mem, addr, nbytes, dev)))?)
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
        Ok(py.detach(|| self.with(|a, _| a.deregister_mem(mem, addr, nbytes, dev)))?)
    }

    /// The agent's metadata (what a peer loads), listing its registrations.
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let md = py.detach(|| self.with(|a, _| a.local_md()))?;
        Ok(PyBytes::new(py, &md))
    }

    /// Load a peer's metadata; returns the peer's agent name.
    fn load_remote(&self, py: Python<'_>, md: Vec<u8>) -> PyResult<String> {
        Ok(py.detach(|| self.with(|a, _| a.load_remote(&md)))?)
    }

    /// Forget a loaded peer (nothing if it is not loaded, or the endpoint is closed).
    fn forget_remote(&self, py: Python<'_>, name: &str) {
        py.detach(|| {
            let _ = self.with(|a, held| {
                held.extend(a.forget_remote(name));
                Ok(())
            });
        })
    }

    /// Send `msg` to the loaded peer `peer`.
    fn notify(&self, py: Python<'_>, peer: &str, msg: Vec<u8>) -> PyResult<()> {
        Ok(py.detach(|| self.with(|a, _| a.notify(peer, &msg)))?)
    }

    /// The notifications received since the last call: (peer name, message) pairs, in order.
    fn take_notifs<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Bound<'py, PyBytes>)>> {
        let got = py.detach(|| {
            self.with(|a, held| {
                let mut out = std::mem::take(held);
                out.extend(a.take_notifs()?);
                Ok(out)
            })
        })?;
        Ok(got
            .into_iter()
            .map(|(peer, msg)| (peer, PyBytes::new(py, &msg)))
            .collect())
    }

    /// Destroy the agent (idempotent): its registrations and peers go with it.
    fn close(&self, py: Python<'_>) {
        let agent = self.lock().agent.take();
        py.detach(|| drop(agent));
    }
}
