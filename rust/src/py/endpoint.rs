//! `NixlEndpoint`: the agent of an embedding endpoint (`nixl::Agent` with a UCX progress
//! thread). Peers READ from or WRITE into the memory it registers, and it trades notifications
//! with them; it keeps its peers loaded by name (`nixl::peers`). A Write sender's endpoint
//! takes in the receivers' handshakes itself and starts their WRITEs (`nixl::write`). Every
//! call takes the agent's lock with the GIL released.

use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::{Error, Result};
use crate::nixl::agent::Agent;
use crate::nixl::awaited::Awaited;
use crate::nixl::peers::{Connect, Peers};
use crate::nixl::write::{Offer, Receivers, Source, Writes};
use crate::nixl::{ffi, AgentConfig, Completion, End, Mem, WakePipe};

use super::lane::{secs, PyLane, PyTicket, PyWaker};

type Notifs = Vec<(String, Vec<u8>)>;

/// How often a wait for notifications asks the agent: from `FIRST_LOOK`, doubling up to
/// `MAX_LOOK` while none come, back to `FIRST_LOOK` after one (NIXL has no notification
/// callback).
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

/// The endpoint's book of handshakes, if it keeps one.
struct Books<'a> {
    writes: Option<&'a mut Writes>,
    awaited: Option<&'a mut Awaited>,
}

/// The peer cache as a Write sender's book sees it.
struct Named<'a, 'b> {
    held: &'a mut Held<'b>,
    peers: &'a mut Peers,
    max_peers: usize,
}

impl Receivers for Named<'_, '_> {
    fn hold(&mut self, peer: &str, md: Option<&[u8]>) -> Result<Option<Vec<String>>> {
        let gone = self
            .peers
            .connect_named(self.held, peer, md, self.max_peers)?;
        if gone.is_some() {
            self.peers.hold(peer);
        }
        Ok(gone)
    }
    fn release(&mut self, peer: &str) {
        self.peers.release(self.held, peer, false);
    }
    fn notify(&mut self, peer: &str, msg: &[u8]) -> Result<()> {
        self.held.agent.notify(peer, msg)
    }
}

#[derive(Default)]
struct State {
    agent: Option<Agent>,
    held: Notifs,
    peers: Peers,
    /// A Write sender's sends: every notification is a handshake for it.
    writes: Option<Writes>,
    /// A Write receiver's done signals or a Read sender's lease keys: every notification is
    /// one for it.
    awaited: Option<Awaited>,
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

fn closed(name: &str) -> Error {
    Error::Closed(format!("NIXL endpoint {name} is closed"))
}

/// `timeout_s` from now (None: no deadline).
fn deadline(timeout_s: Option<f64>) -> Option<Instant> {
    timeout_s.and_then(|t| Instant::now().checked_add(secs(t)))
}

/// The `done` of a send's lane job: the done signal from the endpoint's agent, the send out
/// of the book, then its completion ended (the lane's thread, no GIL).
fn write_ended(
    state: Weak<Mutex<State>>,
    name: String,
    tid: u64,
    done: Arc<Completion>,
) -> Box<dyn FnOnce(End) + Send> {
    Box::new(move |end: End| {
        let kept = end.kept;
        let end = match state.upgrade() {
            Some(state) => {
                let mut s = lock(&state);
                let State {
                    agent,
                    held,
                    peers,
                    writes,
                    ..
                } = &mut *s;
                match (agent.as_mut(), writes.as_mut()) {
                    (Some(agent), Some(w)) => {
                        let mut held = Held {
                            agent,
                            notifs: held,
                        };
                        let mut rx = Named {
                            held: &mut held,
                            peers,
                            max_peers: usize::MAX, // holds nothing new
                        };
                        Some(w.ended(tid, end, &mut rx))
                    }
                    _ => None,
                }
            }
            None => None,
        }
        .unwrap_or_else(|| End {
            outcome: Err(closed(&name).to_string()),
            kept,
        });
        done.end(end);
    })
}

#[pyclass(frozen, module = "fastmedia._core", name = "NixlEndpoint")]
pub struct PyEndpoint {
    name: String,
    max_peers: usize,
    state: Arc<Mutex<State>>,
}

impl PyEndpoint {
    fn lock(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    /// `f` on the live agent (with the held notifications), its peers and a Write sender's
    /// book, else `Closed`.
    fn with<T>(&self, f: impl FnOnce(Held<'_>, &mut Peers, Books<'_>) -> Result<T>) -> Result<T> {
        let mut state = self.lock();
        let State {
            agent,
            held,
            peers,
            writes,
            awaited,
        } = &mut *state;
        match agent {
            Some(agent) => f(
                Held {
                    agent,
                    notifs: held,
                },
                peers,
                Books {
                    writes: writes.as_mut(),
                    awaited: awaited.as_mut(),
                },
            ),
            None => Err(closed(&self.name)),
        }
    }

    /// A Write sender's `f` on its book.
    fn with_writes<T>(&self, f: impl FnOnce(&mut Writes) -> Result<T>) -> Result<T> {
        self.with(|_, _, b| match b.writes {
            Some(w) => f(w),
            None => Err(Error::config("this endpoint is no Write sender")),
        })
    }

    /// The notifications held and received so far, waiting up to `timeout` for the first;
    /// a readable `waker` ends the wait with none.
    fn wait_notifs(&self, waker: Option<&WakePipe>, timeout: Duration) -> Result<Notifs> {
        let end = Instant::now().checked_add(timeout);
        let mut look = FIRST_LOOK;
        loop {
            let (got, came) = self.with(|mut h, peers, mut books| {
                // deadlines first: they pass even while notifications cannot be read
                let now = Instant::now();
                if let Some(a) = books.awaited.as_deref_mut() {
                    for peer in a.expire(now) {
                        peers.release(&mut h, &peer, false); // its offer's hold
                    }
                }
                if let Some(w) = books.writes.as_deref_mut() {
                    w.expire(now);
                }
                let mut out = std::mem::take(h.notifs);
                out.extend(h.agent.take_notifs()?);
                let came = !out.is_empty();
                if let Some(a) = books.awaited {
                    for (remote, msg) in std::mem::take(&mut out) {
                        for _ in 0..a.take(&remote, &msg) {
                            peers.release(&mut h, &remote, false); // its offer's hold
                        }
                    }
                }
                if let Some(w) = books.writes {
                    let on_end = |tid, done| {
                        write_ended(Arc::downgrade(&self.state), self.name.clone(), tid, done)
                    };
                    for (remote, msg) in std::mem::take(&mut out) {
                        let mut rx = Named {
                            held: &mut h,
                            peers,
                            max_peers: self.max_peers,
                        };
                        w.take(&remote, &msg, &mut rx, &on_end);
                    }
                }
                Ok((out, came))
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
            // a handshake taken in: its peer's next one may follow at once
            look = if came {
                FIRST_LOOK
            } else {
                (look * 2).min(MAX_LOOK)
            };
        }
    }
}

#[pymethods]
impl PyEndpoint {
    /// An endpoint with an agent named `name` whose UCX progress thread sleeps
    /// `progress_delay_us` between passes (None: no progress thread, `take_notifs` drives
    /// UCX), keeping up to `max_peers` idle peers loaded; `capi_path` is the wheel's
    /// `libnixl_capi.so`. `handshakes`: the endpoint takes every notification in itself, as a
    /// receiver's offer ("write-sender": `expect_write`), a sender's done signal
    /// ("write-receiver": `offer`) or a batch of lease keys ("read-sender": `expect_notif`).
    #[new]
    #[pyo3(signature = (name, progress_delay_us, capi_path=None, max_peers=256, handshakes=None))]
    fn new(
        py: Python<'_>,
        name: String,
        progress_delay_us: Option<u64>,
        capi_path: Option<String>,
        max_peers: usize,
        handshakes: Option<&str>,
    ) -> PyResult<Self> {
        if max_peers == 0 {
            return Err(Error::config("max_peers must be >= 1").into());
        }
        let (writes, awaited) = match handshakes {
            None => (None, None),
            Some("write-sender") => (Some(Writes::default()), None),
            Some("write-receiver") => (None, Some(Awaited::new(false))),
            Some("read-sender") => (None, Some(Awaited::new(true))),
            Some(h) => return Err(Error::config(format!("handshakes {h:?}")).into()),
        };
        let cfg = AgentConfig {
            name: name.clone(),
            progress_delay_us,
        };
        let agent = py.detach(|| Agent::new(ffi::load(capi_path.as_deref())?, &cfg))?;
        Ok(PyEndpoint {
            name,
            max_peers,
            state: Arc::new(Mutex::new(State {
                agent: Some(agent),
                writes,
                awaited,
                ..State::default()
            })),
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
        Ok(py.detach(|| self.with(|h, _, _| h.agent.register_mem(mem, addr, nbytes, dev)))?)
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
        Ok(py.detach(|| self.with(|h, _, _| h.agent.deregister_mem(mem, addr, nbytes, dev)))?)
    }

    /// The agent's metadata (what a peer loads), listing its registrations.
    fn metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let md = py.detach(|| self.with(|h, _, _| h.agent.local_md()))?;
        Ok(PyBytes::new(py, &md))
    }

    /// Make sure peer `peer` is loaded (most recently used now), from its metadata `md` when
    /// new. Returns None when it is not loaded and there is no `md`; else the names of the
    /// peers forgotten to keep at most `max_peers` (least recently used first, never one a
    /// handshake in flight holds). `DecodeError` when `md` is another agent's;
    /// `TransferError` when it does not load.
    #[pyo3(signature = (peer, md=None))]
    fn connect(
        &self,
        py: Python<'_>,
        peer: &str,
        md: Option<Vec<u8>>,
    ) -> PyResult<Option<Vec<String>>> {
        let md = md.filter(|m| !m.is_empty());
        Ok(py.detach(|| {
            self.with(|mut h, peers, _| {
                peers.connect_named(&mut h, peer, md.as_deref(), self.max_peers)
            })
        })?)
    }

    /// Forget peer `peer` (nothing if it is not loaded, or the endpoint is closed).
    fn forget(&self, py: Python<'_>, peer: &str) {
        py.detach(|| {
            let _ = self.with(|mut h, peers, _| {
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
        Ok(py.detach(|| self.with(|h, _, _| h.agent.notify(peer, &msg)))?)
    }

    /// The Write mode's handshake, a receiver's side: offer the loaded sender `peer` the
    /// buffer (`addr`, `size`) on device `dev` of `mem` ("DRAM" or "VRAM") for its send
    /// `tensor_id`; its done signal will carry `done_id`. `with_md`: the agent's metadata
    /// goes with it (the sender's request carried its own). The ticket ends when `peer`'s
    /// done signal `str(done_id)` comes, or `TIMED_OUT` after `timeout_s` (None: no bound;
    /// `cancel_notif` stops the wait).
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (peer, tensor_id, addr, size, dev, mem, done_id, with_md, timeout_s=None))]
    fn offer(
        &self,
        py: Python<'_>,
        peer: &str,
        tensor_id: u64,
        addr: u64,
        size: u64,
        dev: u64,
        mem: &str,
        done_id: u64,
        with_md: bool,
        timeout_s: Option<f64>,
    ) -> PyResult<PyTicket> {
        let vram = Mem::parse(mem)? == Mem::Vram;
        let deadline = deadline(timeout_s);
        let done = py.detach(|| {
            self.with(|mut h, peers, books| {
                let Some(awaited) = books.awaited else {
                    return Err(Error::config("this endpoint awaits no notifications"));
                };
                let md = if with_md {
                    h.agent.local_md()?
                } else {
                    Vec::new()
                };
                let offer = Offer {
                    tensor_id,
                    addr,
                    size,
                    dev,
                    vram,
                    done_id,
                    md,
                };
                if !peers.hold(peer) {
                    return Err(Error::Transfer(format!("sender {peer:?} is not connected")));
                }
                let key = done_id.to_string();
                let expected = awaited.expect(key.as_bytes(), Some(peer), deadline);
                let sent = expected.and_then(|done| {
                    let sent = h.agent.notify(peer, &offer.pack());
                    if sent.is_err() {
                        awaited.cancel(key.as_bytes());
                    }
                    sent.map(|()| done)
                });
                if sent.is_err() {
                    peers.release(&mut h, peer, false);
                }
                sent
            })
        })?;
        Ok(PyTicket { done })
    }

    /// A ticket that ends when notification `key` comes from any peer (one of a ';'-joined
    /// batch for a Read sender), or `TIMED_OUT` after `timeout_s` (None: no bound).
    #[pyo3(signature = (key, timeout_s=None))]
    fn expect_notif(
        &self,
        py: Python<'_>,
        key: &str,
        timeout_s: Option<f64>,
    ) -> PyResult<PyTicket> {
        let deadline = deadline(timeout_s);
        let done = py.detach(|| {
            self.with(|_, _, books| match books.awaited {
                Some(a) => a.expect(key.as_bytes(), None, deadline),
                None => Err(Error::config("this endpoint awaits no notifications")),
            })
        })?;
        Ok(PyTicket { done })
    }

    /// Stop waiting for notification `key`; False if it came first.
    fn cancel_notif(&self, py: Python<'_>, key: &str) -> bool {
        py.detach(|| {
            self.with(|mut h, peers, books| {
                let waited = books.awaited.and_then(|a| a.cancel(key.as_bytes()));
                if let Some(Some(peer)) = &waited {
                    peers.release(&mut h, peer, false); // its offer's hold
                }
                Ok(waited.is_some())
            })
            .unwrap_or(false)
        })
    }

    /// A Write sender's send `tensor_id` of `nbytes` at `addr` (`mem` on device `dev`,
    /// registered with `lane`): when its receiver's handshake comes, `lane` WRITEs it and
    /// then this agent sends the done signal. The ticket ends once the signal is sent, or
    /// with why not; the WRITE must be DONE within `timeout_s`.
    #[allow(clippy::too_many_arguments)]
    fn expect_write(
        &self,
        py: Python<'_>,
        tensor_id: u64,
        addr: u64,
        nbytes: u64,
        mem: &str,
        dev: u64,
        lane: &PyLane,
        timeout_s: f64,
    ) -> PyResult<PyTicket> {
        let src = Source {
            addr,
            len: nbytes,
            dev,
            mem: Mem::parse(mem)?,
        };
        let lane = lane.lane.clone();
        let done = py.detach(|| {
            self.with_writes(|w| w.expect(tensor_id, src, lane, Instant::now(), secs(timeout_s)))
        })?;
        Ok(PyTicket { done })
    }

    /// (notifications that were no handshake for a waiting send, sends live); zeros for an
    /// endpoint that takes no handshakes.
    fn write_stats(&self, py: Python<'_>) -> (u64, usize) {
        py.detach(|| {
            let state = self.lock();
            state.writes.as_ref().map_or((0, 0), |w| (w.bad, w.live()))
        })
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
            let _ = self.with(|mut h, peers, books| {
                let why = closed(&self.name).to_string();
                if let Some(w) = books.writes {
                    w.close(&why);
                }
                if let Some(a) = books.awaited {
                    a.close(&why);
                }
                peers.close(&mut h);
                Ok(())
            });
            drop(self.lock().agent.take());
        })
    }
}

/// A Write receiver's handshake as `(tensor_id, addr, size, device_id, "cpu"|"cuda",
/// done_id, metadata)`, or None when `msg` is anything else.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn parse_write_offer(msg: &[u8]) -> Option<(u64, u64, u64, u64, &'static str, u64, Vec<u8>)> {
    let o = Offer::parse(msg)?;
    let mem = if o.vram { "cuda" } else { "cpu" };
    Some((o.tensor_id, o.addr, o.size, o.dev, mem, o.done_id, o.md))
}
