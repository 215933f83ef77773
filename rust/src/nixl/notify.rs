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
//!
//! [`Notifier::send`] only queues: the thread loads the peer and sends, so a caller (a
//! reader's event loop) never waits while the thread posts or polls a probe.

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

/// What the notifier has done: notifications sent, probes that confirmed them, and
/// notifications or probes that failed (those peers' leases end by TTL).
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

/// A notification handed to the thread: (metadata string, message, probe).
type Outgoing = (String, Vec<u8>, Option<(Row, Mem)>);

/// What callers hand the thread. Its own lock, never held while NIXL works: a caller never
/// waits for the thread's posts and polls.
#[derive(Default)]
struct Outbox {
    queue: Vec<Outgoing>,
    closed: bool,
}

struct Shared {
    state: Mutex<State>,
    /// Wakes `close` (the thread delivered, or a probe ended).
    cv: Condvar,
    outbox: Mutex<Outbox>,
    /// Wakes the thread (a notification queued, close).
    wake: Condvar,
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
            outbox: Mutex::new(Outbox::default()),
            wake: Condvar::new(),
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

    /// Queue `msg` for the agent of `md`; the notifier's thread sends it (loading the peer
    /// first if it must), so the caller never waits for NIXL. `probe`: memory of that peer
    /// (its first 8 bytes at most) to READ once it is sent, which confirms it; a notification
    /// without one is not confirmed, and `close` does not wait for it. One the thread cannot
    /// send counts as given up (that lease ends by TTL).
    pub fn send(&self, md: &str, msg: &[u8], probe: Option<(Row, Mem)>) -> Result<()> {
        let mut ob = lock(&self.shared.outbox);
        if ob.closed {
            return Err(Error::Closed("the notifier is closed".into()));
        }
        ob.queue.push((md.to_owned(), msg.to_vec(), probe));
        self.shared.wake.notify_one();
        Ok(())
    }

    /// Peers whose last notification is not confirmed yet, and notifications not sent yet.
    pub fn pending(&self) -> usize {
        let unconfirmed = lock(&self.shared.state).unconfirmed.len();
        unconfirmed + lock(&self.shared.outbox).queue.len()
    }

    pub fn stats(&self) -> NotifyStats {
        lock(&self.shared.state).stats
    }

    /// Wait up to `flush` until every queued notification is sent and every one with a
    /// probe is confirmed (a dead or too slow peer is given up on: its leases end by TTL),
    /// stop the thread, then release the probes, the peers and the agent. Idempotent.
    pub fn close(&self, flush: Duration) {
        let deadline = Instant::now() + flush;
        let mut st = lock(&self.shared.state);
        while !st.stop
            && (!st.unconfirmed.is_empty() || !lock(&self.shared.outbox).queue.is_empty())
        {
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
        drop(st);
        {
            let mut ob = lock(&self.shared.outbox);
            ob.closed = true;
            self.shared.wake.notify_one();
        }
        if let Some(t) = lock(&self.thread).take() {
            let _ = t.join();
        }
        let unsent = std::mem::take(&mut lock(&self.shared.outbox).queue).len() as u64;
        let mut st = lock(&self.shared.state);
        st.stats.given_up += unsent;
        st.shut();
    }
}

impl Drop for Notifier {
    fn drop(&mut self) {
        self.close(Duration::ZERO);
    }
}

impl Shared {
    /// The notifier's thread: send what callers queued, poll the probes in flight, post one
    /// for each peer that has an unconfirmed notification and none in flight; sleep when
    /// there is nothing to poll.
    fn run(&self) {
        let mut delay = Duration::from_micros(20);
        loop {
            let idle = {
                let mut st = lock(&self.state);
                if st.stop {
                    return;
                }
                // taken under the state lock: `close` sees a notification queued or delivered
                let queued = std::mem::take(&mut lock(&self.outbox).queue);
                for (md, msg, probe) in queued {
                    st.deliver(&md, &msg, probe);
                }
                st.reap();
                st.post_missing();
                self.cv.notify_all(); // `close` waits for this
                st.probes.is_empty()
            };
            let ob = lock(&self.outbox);
            if !ob.queue.is_empty() || ob.closed {
                continue;
            }
            // (a poisoned lock is only a panicked caller's: the guard is dropped either way)
            if idle {
                drop(self.wake.wait(ob));
                delay = Duration::from_micros(20);
            } else {
                drop(self.wake.wait_timeout(ob, delay));
                delay = (delay * 2).min(Duration::from_millis(1));
            }
        }
    }
}

impl State {
    /// Send one queued notification; one that cannot be sent is given up on.
    fn deliver(&mut self, md: &str, msg: &[u8], probe: Option<(Row, Mem)>) {
        let Some(agent) = self.agent.as_mut() else {
            return;
        };
        let Ok(name) = self.peers.acquire(agent, md, Instant::now()) else {
            self.stats.given_up += 1;
            return;
        };
        let sent = agent.notify(&name, msg);
        self.peers.release(agent, &name, sent.is_err());
        if sent.is_err() {
            self.stats.given_up += 1;
            return;
        }
        self.stats.sent += 1;
        if let Some((row, mem)) = probe.filter(|(row, _)| row.1 > 0) {
            self.seq += 1;
            let md = md.to_owned();
            self.unconfirmed
                .insert(name, (Probe { md, row, mem }, self.seq));
        }
    }

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
        until("the thread sends it", || NOTIFS.load(Ordering::SeqCst) == 1);
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

    static SLOW_POSTS: AtomicUsize = AtomicUsize::new(0);
    static SLOW_NOTIFS: AtomicUsize = AtomicUsize::new(0);
    static RELEASE: AtomicBool = AtomicBool::new(false);

    unsafe extern "C" fn slow_notif(
        _: ffi::agent_t,
        _: *const c_char,
        _: *const c_void,
        _: usize,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        SLOW_NOTIFS.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }
    /// A post that takes until the test lets it go (a probe's first post wiring the peer up).
    unsafe extern "C" fn slow_post(
        _: ffi::agent_t,
        _: ffi::xfer_req_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        SLOW_POSTS.fetch_add(1, Ordering::SeqCst);
        until("the test lets the post go", || {
            RELEASE.load(Ordering::SeqCst)
        });
        ffi::SUCCESS
    }

    unsafe extern "C" fn quiet_destroy(_: ffi::xfer_req_t) -> ffi::status_t {
        ffi::SUCCESS // (the other test counts its own)
    }

    /// `send` returns while the thread is inside a post that does not end: it only queues.
    /// The queued notification goes out once the thread is free.
    #[test]
    fn send_never_waits_for_the_threads_nixl_calls() {
        let mut api = testing::agent_api();
        api.gen_notif = slow_notif;
        api.post_xfer_req = slow_post;
        api.release_xfer_req = ok_release;
        api.destroy_xfer_req = quiet_destroy;
        api.invalidate_remote_md = forget;
        let api: &'static Api = Box::leak(Box::new(api));
        let md = encode_metadata(b"nixlSerDes|Agent");
        let probe = Some(((8192, 16, 0), Mem::Dram));
        let n = Arc::new(Notifier::new(api, "test-notifier-slow").unwrap());

        n.send(&md, b"key-1", probe).unwrap();
        until("the probe's post is stuck", || {
            SLOW_POSTS.load(Ordering::SeqCst) == 1
        });
        let (tx, rx) = std::sync::mpsc::channel();
        let sender = Arc::clone(&n);
        let md2 = md.clone();
        std::thread::spawn(move || tx.send(sender.send(&md2, b"key-2", probe)).unwrap());
        let sent = rx.recv_timeout(Duration::from_secs(30));
        RELEASE.store(true, Ordering::SeqCst);
        assert!(
            matches!(sent, Ok(Ok(()))),
            "send waited for the thread's post"
        );
        until("the second notification goes out", || {
            SLOW_NOTIFS.load(Ordering::SeqCst) == 2
        });
        n.close(Duration::ZERO);
        assert_eq!(n.stats().sent, 2);
    }
}
