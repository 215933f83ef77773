//! A transfer lane: one agent of its own (no UCX progress thread) and one thread that runs
//! its transfers from post to release, so transfers on several lanes copy on several cores.
//! On one host a READ or WRITE is a copy that UCX runs inside the post (CMA), on the
//! posting thread; the lane's thread polls the rest itself, with no GIL to take.

use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::agent::{Agent, AgentConfig};
use super::ffi::Api;
use super::peers::{PeerStats, Peers};
use super::xfer::{Mem, Op, Progress, Row, Xfer};
use crate::error::{Error, Result};

/// The OS name of every lane's thread (Linux keeps 15 bytes): what tests and benches count.
pub const THREAD_NAME: &str = "fastmedia-lane";

/// How a job ended: Ok, or why not.
pub type Outcome = std::result::Result<(), String>;

pub struct Job {
    pub op: Op,
    /// Rows in this lane's registered host memory.
    pub local: Vec<Row>,
    pub remote: Vec<Row>,
    pub remote_mem: Mem,
    /// The peer's `nixl_metadata` strings, one agent's: each lists the memory it had
    /// registered then, so a transfer over memory of several needs them all loaded.
    pub peer_mds: Vec<String>,
    /// The notification the peer gets once the transfer is done (none when empty).
    pub notif: Vec<u8>,
    pub deadline: Instant,
    /// Called on the lane's thread once the job has ended and its handle is released.
    pub done: Box<dyn FnOnce(Outcome) + Send>,
}

/// How long a transfer's progress calls run back to back at least, before its sleeps.
const SPIN_MIN: Duration = Duration::from_micros(200);

struct Inner {
    agent: Agent,
    peers: Peers,
    /// Transfers NIXL would not release yet (timed out in flight): retried before each job
    /// and at close, so no handle is dropped while it may still write.
    stuck: Vec<Xfer>,
}

/// What the lane's peer cache has done, copied after each job so that reading it never waits
/// for a transfer in flight.
#[derive(Clone, Copy, Debug, Default)]
pub struct LaneStats {
    pub peers: PeerStats,
    /// Peers loaded on the lane's agent now.
    pub loaded: usize,
}

pub struct Lane {
    inner: Arc<Mutex<Option<Inner>>>,
    stats: Arc<Mutex<LaneStats>>,
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Lane {
    pub fn new(api: &'static Api, name: &str) -> Result<Lane> {
        let agent = Agent::new(
            api,
            &AgentConfig {
                name: name.to_owned(),
                progress_delay_us: None,
            },
        )?;
        let inner = Arc::new(Mutex::new(Some(Inner {
            agent,
            peers: Peers::default(),
            stuck: Vec::new(),
        })));
        let (tx, rx) = mpsc::channel::<Job>();
        let shared = Arc::clone(&inner);
        let stats = Arc::new(Mutex::new(LaneStats::default()));
        let published = Arc::clone(&stats);
        let thread = std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || {
                for job in rx {
                    run_job(&shared, &published, job);
                }
            })
            .map_err(|e| Error::Nixl(format!("could not start a lane thread: {e}")))?;
        Ok(Lane {
            inner,
            stats,
            jobs: Mutex::new(Some(tx)),
            thread: Mutex::new(Some(thread)),
        })
    }

    fn with_agent<T>(&self, f: impl FnOnce(&mut Agent) -> Result<T>) -> Result<T> {
        match lock(&self.inner).as_mut() {
            Some(inner) => f(&mut inner.agent),
            None => Err(Error::Closed("the lane is closed".into())),
        }
    }

    /// Register host memory the lane's transfers use (their `local` rows).
    pub fn register(&self, addr: usize, len: usize) -> Result<()> {
        self.with_agent(|a| a.register(addr, len))
    }

    pub fn deregister(&self, addr: usize, len: usize) -> Result<()> {
        self.with_agent(|a| a.deregister(addr, len))
    }

    /// Run `job` on the calling thread, after any job the lane's thread is running, and
    /// report to `job.done` there: a caller that would only wait for the lane's thread saves
    /// the hand-over.
    pub fn run_here(&self, job: Job) {
        run_job(&self.inner, &self.stats, job);
    }

    /// The peer cache's counts as of the last job.
    pub fn stats(&self) -> LaneStats {
        *lock(&self.stats)
    }

    pub fn submit(&self, job: Job) -> Result<()> {
        let jobs = lock(&self.jobs);
        let Some(tx) = jobs.as_ref() else {
            return Err(Error::Closed("the lane is closed".into()));
        };
        tx.send(job)
            .map_err(|_| Error::Closed("the lane's thread has stopped".into()))
    }

    /// Finish the queued jobs, then release everything and destroy the agent.
    pub fn close(&self) {
        drop(lock(&self.jobs).take());
        if let Some(t) = lock(&self.thread).take() {
            let _ = t.join();
        }
        if let Some(mut inner) = lock(&self.inner).take() {
            inner.agent.release_kept(&mut inner.stuck);
            inner.peers.close(&mut inner.agent);
        }
    }
}

/// One job on the lane's agent, its outcome to `job.done`, the peer counts published.
fn run_job(inner: &Mutex<Option<Inner>>, stats: &Mutex<LaneStats>, job: Job) {
    let outcome = match lock(inner).as_mut() {
        Some(inner) => {
            let out = inner.run(&job);
            *lock(stats) = LaneStats {
                peers: inner.peers.stats,
                loaded: inner.peers.loaded(),
            };
            out
        }
        None => Err("failed: the lane is closed".into()),
    };
    (job.done)(outcome);
}

impl Drop for Lane {
    fn drop(&mut self) {
        self.close();
    }
}

impl Inner {
    fn run(&mut self, job: &Job) -> Outcome {
        self.agent.release_kept(&mut self.stuck);
        let mut held = Vec::with_capacity(job.peer_mds.len());
        let mut out = Ok(());
        for md in &job.peer_mds {
            match self.peers.acquire(&mut self.agent, md, Instant::now()) {
                Ok(name) => held.push(name),
                Err(e) => {
                    out = Err(e.to_string());
                    break;
                }
            }
        }
        if out.is_ok() {
            out = match held.first() {
                Some(peer) if held.iter().all(|n| n == peer) => self.transfer(job, peer),
                Some(_) => Err("failed: the metadata names more than one agent".into()),
                None => Err("failed: no peer metadata".into()),
            };
        }
        for name in held {
            self.peers.release(&mut self.agent, &name, out.is_err());
        }
        out
    }

    fn transfer(&mut self, job: &Job, peer: &str) -> Outcome {
        let local = (job.local.as_slice(), Mem::Dram);
        let remote = (job.remote.as_slice(), job.remote_mem);
        let (x, mut state) = self
            .agent
            .post(job.op, local, remote, peer, &job.notif)
            .map_err(|e| format!("failed: {e}"))?;
        // On one host (CMA, shared memory) the copy runs inside the progress calls: keep
        // calling for about as long as the bytes take at 2 GB/s, then back off to sleeps (a
        // peer's reply, TCP, RDMA).
        let bytes: u64 = job.local.iter().map(|r| r.1).sum();
        let spin_until = Instant::now() + SPIN_MIN + Duration::from_nanos(bytes / 2);
        let mut delay = Duration::from_micros(20);
        let out = loop {
            let now = Instant::now();
            match state {
                Progress::Done => break Ok(()),
                Progress::Pending if now > job.deadline => break Err("timed out".to_owned()),
                Progress::Pending => {}
            }
            if now > spin_until {
                std::thread::sleep(delay);
                delay = (delay * 2).min(Duration::from_millis(1));
            }
            state = match self.agent.progress(&x) {
                Ok(s) => s,
                Err(e) => break Err(format!("failed ({e})")),
            };
        };
        self.agent.release_or_keep(x, &mut self.stuck);
        out
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::c_char;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::nixl::ffi;
    use crate::nixl::metadata::encode_metadata;

    // Counters of this test's stub C API (only this module's test uses these stubs).
    static RELEASE_TRIES: AtomicUsize = AtomicUsize::new(0);
    static DESTROYED: AtomicUsize = AtomicUsize::new(0);
    static FORGOT: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn forget(_: ffi::agent_t, _: *const c_char) -> ffi::status_t {
        FORGOT.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }
    unsafe extern "C" fn in_prog(_: ffi::agent_t, _: ffi::xfer_req_t) -> ffi::status_t {
        ffi::IN_PROG
    }
    unsafe extern "C" fn post(
        _: ffi::agent_t,
        _: ffi::xfer_req_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        ffi::IN_PROG
    }
    /// NIXL refuses to release the request twice (still in flight), then lets go.
    unsafe extern "C" fn release(_: ffi::agent_t, _: ffi::xfer_req_t) -> ffi::status_t {
        if RELEASE_TRIES.fetch_add(1, Ordering::SeqCst) < 2 {
            -1
        } else {
            ffi::SUCCESS
        }
    }
    unsafe extern "C" fn destroy(_: ffi::xfer_req_t) -> ffi::status_t {
        DESTROYED.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }

    /// A transfer that never completes times out; its handle, which NIXL will not release at
    /// first, is kept and released later (before the next job, or at close), never dropped.
    #[test]
    fn a_timed_out_transfer_is_kept_until_nixl_releases_it() {
        let mut api = ffi::testing::agent_api();
        api.invalidate_remote_md = forget;
        api.post_xfer_req = post;
        api.get_xfer_status = in_prog;
        api.release_xfer_req = release;
        api.destroy_xfer_req = destroy;
        let api: &'static Api = Box::leak(Box::new(api));
        let lane = Lane::new(api, "test-lane").unwrap();
        let (tx, rx) = mpsc::channel();
        let job = |tx: mpsc::Sender<Outcome>| Job {
            op: Op::Read,
            local: vec![(4096, 16, 0)],
            remote: vec![(8192, 16, 0)],
            remote_mem: Mem::Dram,
            peer_mds: vec![encode_metadata(b"nixlSerDes|Agent")],
            notif: Vec::new(),
            deadline: Instant::now(),
            done: Box::new(move |out| tx.send(out).unwrap()),
        };
        lane.submit(job(tx.clone())).unwrap();
        let first = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(first, Err("timed out".to_owned()));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 0, "destroyed in flight");
        assert_eq!(
            FORGOT.load(Ordering::SeqCst),
            1,
            "a failed transfer forgets its peer"
        );
        lane.submit(job(tx)).unwrap();
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(60)).unwrap(),
            Err("timed out".to_owned())
        );
        // The second job retried the first handle (refused again), its own was released.
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 1);
        lane.close();
        assert_eq!(
            DESTROYED.load(Ordering::SeqCst),
            2,
            "close released the kept handle"
        );
        assert!(lane.submit(job(mpsc::channel().0)).is_err());
    }
}
