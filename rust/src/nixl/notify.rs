//! A reader's lease notifications, sent by an agent of their own so that the agents that READ
//! never send an active message.
//!
//! Why: NIXL ends every transfer with a flush of the UCX endpoint, and UCX's TCP transport
//! (which carries notifications: NIXL's endpoints use peer error handling, which rules out
//! shared memory) flushes an endpoint that has sent an active message by sending a zero-length
//! PUT and waiting for the peer's ACK. A notification sent on a reading agent's endpoint made
//! its next READ wait until the frontend ran its UCX progress (0.5-1 ms with a polling
//! frontend), though the pixels were already copied. The notifier's endpoint is never flushed
//! by a read. Its UCX progress thread sleeps in poll() on the worker's fd, so an idle reader
//! stays idle and a notification goes out as soon as its connection is up.
//!
//! NIXL does not track a notification: one still queued (behind the endpoint's wire-up) when
//! the endpoint closes is lost. So the notifier's thread follows each one with a tracked READ
//! of a few bytes from the same peer (a probe; one in flight per peer), which completes only
//! after the endpoint's flush, that is after the notifications before it reached the peer.
//! [`Notifier::close`] waits for the probes in flight and posts none, so it never READs from a
//! peer that has already left.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::agent::{Agent, AgentConfig};
use super::ffi::Api;
use super::peers::Peers;
use super::xfer::{Mem, Op, Progress, Row, Xfer};
use crate::error::{Error, Result};

/// The OS name of the notifier's thread.
pub const THREAD_NAME: &str = "fastmedia-notif";

/// The UCX progress thread's poll() timeout: it wakes on the worker's fd before that.
const PROGRESS_DELAY_US: u64 = 100_000;

/// A probe READs at most this much (of the peer's registered memory, the caller's choice).
const PROBE_BYTES: u64 = 8;

/// What the notifier has done: notifications sent, probes that confirmed them, and probes that
/// failed (those peers' leases end by TTL).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NotifyStats {
    pub sent: u64,
    pub confirmed: u64,
    pub given_up: u64,
}

/// Where to READ a probe: a peer's metadata string, and a row of its memory.
#[derive(Clone, Debug)]
struct Probe {
    md: String,
    row: Row,
    mem: Mem,
}

struct State {
    /// None once closed.
    agent: Option<Agent>,
    peers: Peers,
    /// The probes' destination (never read); leaked if a probe NIXL will not release remains.
    buf: Box<[u8; PROBE_BYTES as usize]>,
    /// Peer name -> (its probe, the number of its last notification): not confirmed yet.
    unconfirmed: HashMap<String, (Probe, u64)>,
    /// Peer name -> (the notification it confirms, its READ): probes in flight.
    probes: HashMap<String, (u64, Xfer)>,
    /// Probes NIXL would not release yet: retried at close, never dropped while they may still
    /// write.
    stuck: Vec<Xfer>,
    seq: u64,
    stop: bool,
    stats: NotifyStats,
}

struct Shared {
    state: Mutex<State>,
    /// Wakes the thread (a notification to confirm, stop) and `flush` (a probe ended).
    cv: Condvar,
}

pub struct Notifier {
    shared: Arc<Shared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Notifier {
    pub fn new(api: &'static Api, name: &str) -> Result<Notifier> {
        let mut agent = Agent::new(
            api,
            &AgentConfig {
                name: name.to_owned(),
                progress_delay_us: Some(PROGRESS_DELAY_US),
            },
        )?;
        let buf = Box::new([0u8; PROBE_BYTES as usize]);
        agent.register(buf.as_ptr() as usize, buf.len())?;
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                agent: Some(agent),
                peers: Peers::default(),
                buf,
                unconfirmed: HashMap::new(),
                probes: HashMap::new(),
                stuck: Vec::new(),
                seq: 0,
                stop: false,
                stats: NotifyStats::default(),
            }),
            cv: Condvar::new(),
        });
        let run = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || run.run())
            .map_err(|e| Error::Nixl(format!("could not start the notifier's thread: {e}")))?;
        Ok(Notifier {
            shared,
            thread: Mutex::new(Some(thread)),
        })
    }

    /// Send `msg` to the agent of `md`, at once, on the calling thread. `probe`: memory of
    /// that peer (its first 8 bytes at most) to READ once it is sent, which confirms it; a
    /// notification without one is not confirmed, and `close` does not wait for it.
    pub fn send(&self, md: &str, msg: &[u8], probe: Option<(Row, Mem)>) -> Result<()> {
        let mut guard = lock(&self.shared.state);
        let st = &mut *guard;
        let Some(agent) = st.agent.as_mut() else {
            return Err(Error::Closed("the notifier is closed".into()));
        };
        let name = st.peers.acquire(agent, md, Instant::now())?;
        let sent = agent.notify(&name, msg);
        st.peers.release(agent, &name, sent.is_err());
        sent?;
        st.stats.sent += 1;
        if let Some((row, mem)) = probe.filter(|(row, _)| row.1 > 0) {
            st.seq += 1;
            let md = md.to_owned();
            st.unconfirmed
                .insert(name, (Probe { md, row, mem }, st.seq));
            self.shared.cv.notify_all();
        }
        Ok(())
    }

    /// Peers whose last notification is not confirmed yet.
    pub fn pending(&self) -> usize {
        lock(&self.shared.state).unconfirmed.len()
    }

    pub fn stats(&self) -> NotifyStats {
        lock(&self.shared.state).stats
    }

    /// Wait up to `flush` until every notification with a probe is confirmed (a dead or too
    /// slow peer is given up on: its leases end by TTL), stop the thread, then release the
    /// probes, the peers and the agent. Idempotent.
    pub fn close(&self, flush: Duration) {
        let deadline = Instant::now() + flush;
        let mut st = lock(&self.shared.state);
        while !st.unconfirmed.is_empty() && !st.stop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            st = self
                .shared
                .cv
                .wait_timeout(st, left)
                .map(|(g, _)| g)
                .unwrap_or_else(|p| p.into_inner().0);
        }
        st.stop = true;
        self.shared.cv.notify_all();
        drop(st);
        if let Some(t) = lock(&self.thread).take() {
            let _ = t.join();
        }
        lock(&self.shared.state).shut();
    }
}

impl Drop for Notifier {
    fn drop(&mut self) {
        self.close(Duration::ZERO);
    }
}

impl Shared {
    /// The notifier's thread: poll the probes in flight, post one for each peer that has an
    /// unconfirmed notification and none in flight; sleep when there is nothing to poll.
    fn run(&self) {
        let mut st = lock(&self.state);
        let mut delay = Duration::from_micros(20);
        while !st.stop {
            st.reap();
            st.post_missing();
            if st.probes.is_empty() {
                self.cv.notify_all(); // `close` waits for this
                st = self.cv.wait(st).unwrap_or_else(|p| p.into_inner());
                delay = Duration::from_micros(20);
            } else {
                st = self
                    .cv
                    .wait_timeout(st, delay)
                    .map(|(g, _)| g)
                    .unwrap_or_else(|p| p.into_inner().0);
                delay = (delay * 2).min(Duration::from_millis(1));
            }
        }
    }
}

impl State {
    fn reap(&mut self) {
        let Some(agent) = self.agent.as_mut() else {
            return;
        };
        let ended: Vec<(String, bool)> = self
            .probes
            .iter()
            .filter_map(|(name, (_, x))| match agent.progress(x) {
                Ok(Progress::Pending) => None,
                Ok(Progress::Done) => Some((name.clone(), true)),
                Err(_) => Some((name.clone(), false)),
            })
            .collect();
        for (name, done) in ended {
            if let Some((seq, x)) = self.probes.remove(&name) {
                self.end_probe(&name, seq, x, done);
            }
        }
    }

    fn post_missing(&mut self) {
        let todo: Vec<(String, Probe, u64)> = self
            .unconfirmed
            .iter()
            .filter(|(name, _)| !self.probes.contains_key(*name))
            .map(|(name, (p, seq))| (name.clone(), p.clone(), *seq))
            .collect();
        for (name, probe, seq) in todo {
            self.post(name, &probe, seq);
        }
    }

    /// READ the probe of `name`, whose notifications up to `seq` it confirms.
    fn post(&mut self, name: String, p: &Probe, seq: u64) {
        let Some(agent) = self.agent.as_mut() else {
            return;
        };
        let Ok(peer) = self.peers.acquire(agent, &p.md, Instant::now()) else {
            self.settled(&name, seq, false);
            return;
        };
        let n = p.row.1.min(PROBE_BYTES);
        let local = [(self.buf.as_ptr() as u64, n, 0)];
        let remote = [(p.row.0, n, p.row.2)];
        let posted = agent.post(Op::Read, (&local, Mem::Dram), (&remote, p.mem), &peer, &[]);
        self.peers.release(agent, &peer, posted.is_err());
        match posted {
            Ok((x, Progress::Pending)) => {
                self.probes.insert(name, (seq, x));
            }
            Ok((x, Progress::Done)) => self.end_probe(&name, seq, x, true),
            Err(_) => self.settled(&name, seq, false),
        }
    }

    fn end_probe(&mut self, name: &str, seq: u64, x: Xfer, done: bool) {
        if let Some(agent) = self.agent.as_mut() {
            agent.release_or_keep(x, &mut self.stuck);
        }
        self.settled(name, seq, done);
    }

    /// A probe ended: done confirms the peer's notifications up to `seq`; a failure gives the
    /// peer up until its next notification.
    fn settled(&mut self, name: &str, seq: u64, done: bool) {
        if done {
            self.stats.confirmed += 1;
        } else {
            self.stats.given_up += 1;
        }
        let last = self.unconfirmed.get(name).map(|(_, last)| *last);
        if last.is_some_and(|last| !done || last <= seq) {
            self.unconfirmed.remove(name);
        }
    }

    /// Cancel the probes still in flight, then release the peers and the agent.
    fn shut(&mut self) {
        let Some(mut agent) = self.agent.take() else {
            return;
        };
        self.stuck.extend(self.probes.drain().map(|(_, (_, x))| x));
        agent.release_kept(&mut self.stuck);
        self.unconfirmed.clear();
        self.peers.close(&mut agent);
        if self.stuck.is_empty() {
            let _ = agent.deregister(self.buf.as_ptr() as usize, self.buf.len());
        } else {
            // A READ NIXL would not cancel may still land: its destination stays.
            std::mem::forget(std::mem::replace(
                &mut self.buf,
                Box::new([0; PROBE_BYTES as usize]),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::{c_char, c_void};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    use super::*;
    use crate::nixl::ffi::{self, testing};
    use crate::nixl::metadata::encode_metadata;

    // Counters of this test's stub C API (only this module's test uses these stubs).
    static NOTIFS: AtomicUsize = AtomicUsize::new(0);
    static POSTED: AtomicUsize = AtomicUsize::new(0);
    static DESTROYED: AtomicUsize = AtomicUsize::new(0);
    /// Whether the peer has acknowledged: probes stay in flight until it has.
    static ACKED: AtomicBool = AtomicBool::new(false);

    unsafe extern "C" fn notif(
        _: ffi::agent_t,
        _: *const c_char,
        _: *const c_void,
        _: usize,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        NOTIFS.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }
    unsafe extern "C" fn post(
        _: ffi::agent_t,
        _: ffi::xfer_req_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        POSTED.fetch_add(1, Ordering::SeqCst);
        ffi::IN_PROG
    }
    unsafe extern "C" fn status(_: ffi::agent_t, _: ffi::xfer_req_t) -> ffi::status_t {
        if ACKED.load(Ordering::SeqCst) {
            ffi::SUCCESS
        } else {
            ffi::IN_PROG
        }
    }
    unsafe extern "C" fn ok_release(_: ffi::agent_t, _: ffi::xfer_req_t) -> ffi::status_t {
        ffi::SUCCESS
    }
    unsafe extern "C" fn destroy(_: ffi::xfer_req_t) -> ffi::status_t {
        DESTROYED.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }
    unsafe extern "C" fn forget(_: ffi::agent_t, _: *const c_char) -> ffi::status_t {
        ffi::SUCCESS
    }

    fn until(what: &str, cond: impl Fn() -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !cond() {
            assert!(Instant::now() < deadline, "never: {what}");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// A notification is sent at once; the thread READs its probe, which confirms it once the
    /// peer has acknowledged. `close` waits only up to its bound for a probe the peer never
    /// acknowledges, cancels it, and posts nothing more.
    #[test]
    fn a_probe_confirms_each_notification_and_close_gives_up_after_its_bound() {
        let mut api = testing::agent_api();
        api.gen_notif = notif;
        api.post_xfer_req = post;
        api.get_xfer_status = status;
        api.release_xfer_req = ok_release;
        api.destroy_xfer_req = destroy;
        api.invalidate_remote_md = forget;
        let api: &'static Api = Box::leak(Box::new(api));
        let md = encode_metadata(b"nixlSerDes|Agent");
        let probe = Some(((8192, 16, 0), Mem::Dram));
        let n = Notifier::new(api, "test-notifier").unwrap();

        n.send(&md, b"key-1", probe).unwrap();
        assert_eq!(NOTIFS.load(Ordering::SeqCst), 1, "sent at once");
        until("the probe is posted", || POSTED.load(Ordering::SeqCst) == 1);
        assert_eq!(n.pending(), 1, "confirmed before the peer acknowledged");
        ACKED.store(true, Ordering::SeqCst);
        until("the probe confirms", || n.pending() == 0);
        assert_eq!(
            n.stats(),
            NotifyStats {
                sent: 1,
                confirmed: 1,
                given_up: 0
            }
        );
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 1);

        ACKED.store(false, Ordering::SeqCst);
        n.send(&md, b"key-2", probe).unwrap();
        until("the second probe is posted", || {
            POSTED.load(Ordering::SeqCst) == 2
        });
        n.close(Duration::from_millis(20));
        assert_eq!(n.stats().confirmed, 1);
        assert_eq!(n.pending(), 0, "given up at close");
        assert_eq!(
            DESTROYED.load(Ordering::SeqCst),
            2,
            "the probe was cancelled"
        );
        assert_eq!(POSTED.load(Ordering::SeqCst), 2, "close posted a probe");
        assert!(matches!(
            n.send(&md, b"key-3", probe),
            Err(Error::Closed(_))
        ));
    }
}
