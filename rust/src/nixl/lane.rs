//! A transfer lane: one agent of its own (no UCX progress thread) and one thread that runs
//! its transfers from post to release, so transfers on several lanes copy on several cores.
//! On one host a READ or WRITE is a copy that UCX runs inside the post (CMA), on the
//! posting thread; the lane's thread polls the rest itself, with no GIL to take. A job may
//! bring memory of its own (`Job::own`: host or GPU), registered for it alone.

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

/// Why a job that passed its deadline failed (`LaneTicket.timed_out()` tells it apart).
pub const TIMED_OUT: &str = "timed out";

/// A job's end as its `done` gets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    pub outcome: Outcome,
    /// NIXL would not release the handle yet (timed out in flight): the job's memory may
    /// still be written, and its `own` memory stays registered until NIXL lets go.
    pub kept: bool,
}

impl From<Outcome> for End {
    /// An end with the handle released (or none made).
    fn from(outcome: Outcome) -> End {
        End {
            outcome,
            kept: false,
        }
    }
}

/// Memory a job registers for itself: (segment, addr, len, device).
pub type Own = (Mem, usize, usize, u64);

pub struct Job {
    pub op: Op,
    /// Rows in memory registered with this lane (`Lane::register`), of `local_mem`.
    pub local: Vec<Row>,
    pub local_mem: Mem,
    pub remote: Vec<Row>,
    pub remote_mem: Mem,
    /// The peer's `nixl_metadata` strings, one agent's: each lists the memory it had
    /// registered then, so a transfer over memory of several needs them all loaded.
    pub peer_mds: Vec<String>,
    /// The notification the peer gets once the transfer is done (none when empty).
    pub notif: Vec<u8>,
    /// Memory of this job alone, outside the lane's registered memory (a caller's array or
    /// CUDA tensor, a buffer past the pool): registered on the lane's agent by the thread
    /// that runs the job (a caller's thread would wait for the lane's running job to do it),
    /// deregistered once the handle is released.
    pub own: Vec<Own>,
    pub deadline: Instant,
    /// Called on the thread that ran the job once it has ended and its handle is released
    /// (or kept: `End::kept`).
    pub done: Box<dyn FnOnce(End) + Send>,
}

/// Called on the thread that posted a lane's transfer, right after the post, with its state
/// ("PROC" in flight, "DONE"): a fault test kills a peer, or this process, at that exact point.
pub type PostHook = Arc<dyn Fn(&'static str) + Send + Sync>;

/// How long a transfer's progress calls run back to back at least, before its sleeps.
const SPIN_MIN: Duration = Duration::from_micros(200);

struct Inner {
    agent: Agent,
    peers: Peers,
    /// Transfers NIXL would not release yet (timed out in flight), with their job's `own`
    /// memory: retried before each job and at close, so no handle is dropped (nor its memory
    /// deregistered) while it may still write.
    stuck: Vec<(Xfer, Vec<Own>)>,
    /// When the lane stops waiting for transfers (set by `Lane::close`).
    cutoff: Arc<Mutex<Option<Instant>>>,
    posted: Option<PostHook>,
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
    cutoff: Arc<Mutex<Option<Instant>>>,
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
        let cutoff = Arc::new(Mutex::new(None));
        let inner = Arc::new(Mutex::new(Some(Inner {
            agent,
            peers: Peers::default(),
            stuck: Vec::new(),
            cutoff: Arc::clone(&cutoff),
            posted: None,
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
            cutoff,
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

    /// Register memory the lane's transfers use (their `local` rows): host memory, or a
    /// GPU's (`Mem::Vram` on device `dev`).
    pub fn register(&self, mem: Mem, addr: usize, len: usize, dev: u64) -> Result<()> {
        self.with_agent(|a| a.register_mem(mem, addr, len, dev))
    }

    pub fn deregister(&self, mem: Mem, addr: usize, len: usize, dev: u64) -> Result<()> {
        self.with_agent(|a| a.deregister_mem(mem, addr, len, dev))
    }

    /// Set (or, with None, remove) the hook called right after each transfer is posted; it
    /// runs with the lane's agent locked, so it must not call the lane.
    pub fn on_post(&self, hook: Option<PostHook>) -> Result<()> {
        match lock(&self.inner).as_mut() {
            Some(inner) => {
                inner.posted = hook;
                Ok(())
            }
            None => Err(Error::Closed("the lane is closed".into())),
        }
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

    /// Run the queued jobs for up to `grace` more (a notification still goes out), then
    /// stop: the job in flight is released (or kept, as a timed out one), the rest fail.
    /// Then release everything and destroy the agent.
    pub fn close(&self, grace: Duration) {
        let now = Instant::now();
        let cutoff = now.checked_add(grace);
        *lock(&self.cutoff) = Some(cutoff.unwrap_or(now + Duration::from_secs(86_400)));
        drop(lock(&self.jobs).take());
        if let Some(t) = lock(&self.thread).take() {
            let _ = t.join();
        }
        if let Some(mut inner) = lock(&self.inner).take() {
            inner.release_kept();
            inner.peers.close(&mut inner.agent);
        }
    }
}

/// One job on the lane's agent, its outcome to `job.done`, the peer counts published.
fn run_job(inner: &Mutex<Option<Inner>>, stats: &Mutex<LaneStats>, job: Job) {
    let end = match lock(inner).as_mut() {
        Some(inner) => {
            let end = inner.run(&job);
            *lock(stats) = LaneStats {
                peers: inner.peers.stats,
                loaded: inner.peers.loaded(),
            };
            end
        }
        None => End::from(Err("failed: the lane is closed".into())),
    };
    (job.done)(end);
}

impl Drop for Lane {
    fn drop(&mut self) {
        self.close(Duration::ZERO);
    }
}

impl Inner {
    /// Past the close's grace.
    fn cut(&self, now: Instant) -> bool {
        lock(&self.cutoff).is_some_and(|c| now >= c)
    }

    fn run(&mut self, job: &Job) -> End {
        if self.cut(Instant::now()) {
            return End::from(Err("failed: the lane is closing".into()));
        }
        self.release_kept();
        for (i, &(mem, addr, len, dev)) in job.own.iter().enumerate() {
            if let Err(e) = self.agent.register_mem(mem, addr, len, dev) {
                self.deregister(&job.own[..i]);
                return End::from(Err(format!("failed: could not register {len} bytes: {e}")));
            }
        }
        let mut held = Vec::with_capacity(job.peer_mds.len());
        let mut end = End::from(Ok(()));
        for md in &job.peer_mds {
            match self.peers.acquire(&mut self.agent, md, Instant::now()) {
                Ok(name) => held.push(name),
                Err(e) => {
                    end.outcome = Err(e.to_string());
                    break;
                }
            }
        }
        if end.outcome.is_ok() {
            end = match held.first() {
                Some(peer) if held.iter().all(|n| n == peer) => self.transfer(job, peer),
                Some(_) => End::from(Err("failed: the metadata names more than one agent".into())),
                None => End::from(Err("failed: no peer metadata".into())),
            };
        }
        for name in held {
            self.peers
                .release(&mut self.agent, &name, end.outcome.is_err());
        }
        if !end.kept {
            self.deregister(&job.own);
        }
        end
    }

    fn deregister(&mut self, own: &[Own]) {
        for &(mem, addr, len, dev) in own {
            let _ = self.agent.deregister_mem(mem, addr, len, dev);
        }
    }

    /// Retry the release of the kept transfers; deregister the `own` memory of those let go.
    fn release_kept(&mut self) {
        for (x, own) in std::mem::take(&mut self.stuck) {
            match self.agent.release(x) {
                Ok(()) => self.deregister(&own),
                Err(x) => self.stuck.push((x, own)),
            }
        }
    }

    fn transfer(&mut self, job: &Job, peer: &str) -> End {
        let local = (job.local.as_slice(), job.local_mem);
        let remote = (job.remote.as_slice(), job.remote_mem);
        let (x, mut state) = match self.agent.post(job.op, local, remote, peer, &job.notif) {
            Ok(posted) => posted,
            Err(e) => return End::from(Err(format!("failed: {e}"))),
        };
        if let Some(hook) = &self.posted {
            hook(match state {
                Progress::Done => "DONE",
                Progress::Pending => "PROC",
            });
        }
        // On one host (CMA, shared memory) the copy runs inside the progress calls: keep
        // calling for about as long as the bytes take at 2 GB/s, then back off to sleeps (a
        // peer's reply, TCP, RDMA).
        let bytes: u64 = job.local.iter().map(|r| r.1).sum();
        let spin_until = Instant::now() + SPIN_MIN + Duration::from_nanos(bytes / 2);
        let mut delay = Duration::from_micros(20);
        let outcome = loop {
            let now = Instant::now();
            match state {
                Progress::Done => break Ok(()),
                Progress::Pending if now > job.deadline => break Err(TIMED_OUT.to_owned()),
                Progress::Pending if self.cut(now) => {
                    break Err("cancelled: the lane is closing".to_owned())
                }
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
        let kept = match self.agent.release(x) {
            Ok(()) => false,
            Err(x) => {
                self.stuck.push((x, job.own.clone()));
                true
            }
        };
        End { outcome, kept }
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::{c_char, c_int};
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::nixl::ffi;
    use crate::nixl::metadata::encode_metadata;

    // Counters of this test's stub C API (only this module's test uses these stubs).
    static RELEASE_TRIES: AtomicUsize = AtomicUsize::new(0);
    static DESTROYED: AtomicUsize = AtomicUsize::new(0);
    static FORGOT: AtomicUsize = AtomicUsize::new(0);
    static REGISTERED: AtomicUsize = AtomicUsize::new(0);
    static DEREGISTERED: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn register(
        _: ffi::agent_t,
        _: ffi::reg_dlist_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        REGISTERED.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }
    unsafe extern "C" fn deregister(
        _: ffi::agent_t,
        _: ffi::reg_dlist_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        DEREGISTERED.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }

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

    unsafe extern "C" fn forget_quiet(_: ffi::agent_t, _: *const c_char) -> ffi::status_t {
        ffi::SUCCESS
    }
    unsafe extern "C" fn release_ok(_: ffi::agent_t, _: ffi::xfer_req_t) -> ffi::status_t {
        ffi::SUCCESS
    }
    unsafe extern "C" fn destroy_ok(_: ffi::xfer_req_t) -> ffi::status_t {
        ffi::SUCCESS
    }

    type PostFn =
        unsafe extern "C" fn(ffi::agent_t, ffi::xfer_req_t, ffi::opt_args_t) -> ffi::status_t;

    /// A stub C API whose transfers `posted` starts, and that never completes one after its
    /// post; every handle is released at once.
    fn pending_api(posted: PostFn) -> &'static Api {
        let mut api = ffi::testing::agent_api();
        api.invalidate_remote_md = forget_quiet;
        api.post_xfer_req = posted;
        api.get_xfer_status = in_prog;
        api.release_xfer_req = release_ok;
        api.destroy_xfer_req = destroy_ok;
        Box::leak(Box::new(api))
    }

    /// A READ of 16 bytes from the stubs' peer, its end sent to `tx`.
    fn job(own: Vec<Own>, deadline: Instant, tx: mpsc::Sender<End>) -> Job {
        Job {
            op: Op::Read,
            local: vec![(4096, 16, 0)],
            local_mem: Mem::Dram,
            remote: vec![(8192, 16, 0)],
            remote_mem: Mem::Dram,
            peer_mds: vec![encode_metadata(b"nixlSerDes|Agent")],
            notif: Vec::new(),
            own,
            deadline,
            done: Box::new(move |end| tx.send(end).unwrap()),
        }
    }

    /// Closing a lane stops the transfer in flight and fails the queued jobs once its grace
    /// is over, instead of waiting out each one's deadline (a peer that never completes).
    #[test]
    fn close_stops_the_job_in_flight_and_fails_the_queued_ones() {
        let lane = Arc::new(Lane::new(pending_api(post), "test-lane-close").unwrap());
        let (tx, rx) = mpsc::channel();
        let hour = Instant::now() + Duration::from_secs(3600);
        for _ in 0..3 {
            lane.submit(job(Vec::new(), hour, tx.clone())).unwrap();
        }
        let closer = Arc::clone(&lane);
        let closed = std::thread::spawn(move || closer.close(Duration::ZERO));
        let ends: Vec<End> = (0..3)
            .map(|_| {
                rx.recv_timeout(Duration::from_secs(60))
                    .expect("close waited")
            })
            .collect();
        closed.join().unwrap();
        for end in &ends {
            let err = end.outcome.as_ref().unwrap_err();
            assert!(err.contains("the lane is closing"), "{err}");
            assert!(!end.kept);
        }
    }

    /// A transfer that never completes times out; its handle, which NIXL will not release at
    /// first, is kept and released later (before the next job, or at close), never dropped,
    /// and the job's own memory stays registered until then.
    #[test]
    fn a_timed_out_transfer_is_kept_until_nixl_releases_it() {
        let mut api = ffi::testing::agent_api();
        api.invalidate_remote_md = forget;
        api.post_xfer_req = post;
        api.get_xfer_status = in_prog;
        api.release_xfer_req = release;
        api.destroy_xfer_req = destroy;
        api.register_mem = register;
        api.deregister_mem = deregister;
        let api: &'static Api = Box::leak(Box::new(api));
        let lane = Lane::new(api, "test-lane").unwrap();
        let (tx, rx) = mpsc::channel();
        let own = || vec![(Mem::Dram, 1 << 20, 4096, 0)];
        let timed_out = |kept| End {
            outcome: Err(TIMED_OUT.to_owned()),
            kept,
        };
        lane.submit(job(own(), Instant::now(), tx.clone())).unwrap();
        let first = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(first, timed_out(true));
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 0, "destroyed in flight");
        assert_eq!(REGISTERED.load(Ordering::SeqCst), 1);
        assert_eq!(
            DEREGISTERED.load(Ordering::SeqCst),
            0,
            "deregistered in flight"
        );
        assert_eq!(
            FORGOT.load(Ordering::SeqCst),
            1,
            "a failed transfer forgets its peer"
        );
        lane.submit(job(own(), Instant::now(), tx)).unwrap();
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(60)).unwrap(),
            timed_out(false)
        );
        // The second job retried the first handle (refused again), its own was released and
        // its memory deregistered; the first job's stays registered.
        assert_eq!(DESTROYED.load(Ordering::SeqCst), 1);
        assert_eq!(REGISTERED.load(Ordering::SeqCst), 2);
        assert_eq!(DEREGISTERED.load(Ordering::SeqCst), 1);
        lane.close(Duration::ZERO);
        assert_eq!(
            DESTROYED.load(Ordering::SeqCst),
            2,
            "close released the kept handle"
        );
        assert_eq!(
            DEREGISTERED.load(Ordering::SeqCst),
            2,
            "and deregistered its memory"
        );
        assert!(lane
            .submit(job(own(), Instant::now(), mpsc::channel().0))
            .is_err());
    }

    // What the VRAM test's stubs saw: (memory code, device) of each registration and the
    // memory code of each transfer list, in order.
    static VRAM_REGS: Mutex<Vec<(c_int, u64)>> = Mutex::new(Vec::new());
    static VRAM_LISTS: Mutex<Vec<c_int>> = Mutex::new(Vec::new());

    unsafe extern "C" fn reg_list_of(mem: c_int, out: *mut ffi::reg_dlist_t) -> ffi::status_t {
        VRAM_REGS.lock().unwrap().push((mem, u64::MAX));
        // SAFETY: out-pointer from the agent's dlist.
        unsafe { *out = std::ptr::NonNull::dangling().as_ptr() };
        ffi::SUCCESS
    }
    unsafe extern "C" fn reg_row(
        _: ffi::reg_dlist_t,
        _: usize,
        _: usize,
        dev: u64,
        _: *const std::ffi::c_void,
        _: usize,
    ) -> ffi::status_t {
        if let Some(last) = VRAM_REGS.lock().unwrap().last_mut() {
            last.1 = dev;
        }
        ffi::SUCCESS
    }
    unsafe extern "C" fn xfer_list_of(mem: c_int, out: *mut ffi::xfer_dlist_t) -> ffi::status_t {
        VRAM_LISTS.lock().unwrap().push(mem);
        // SAFETY: out-pointer from xfer_list.
        unsafe { *out = std::ptr::NonNull::dangling().as_ptr() };
        ffi::SUCCESS
    }
    unsafe extern "C" fn done_now(
        _: ffi::agent_t,
        _: ffi::xfer_req_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        ffi::SUCCESS
    }

    /// GPU memory on a lane: registered (and deregistered) as VRAM on its device, a job's own
    /// too, and a job whose local rows are in it posts its local list as VRAM (the peer's as
    /// its own type).
    #[test]
    fn a_lane_registers_and_reads_into_vram() {
        let mut api = ffi::testing::agent_api();
        api.invalidate_remote_md = forget_quiet;
        api.create_reg_dlist = reg_list_of;
        api.reg_dlist_add_desc = reg_row;
        api.create_xfer_dlist = xfer_list_of;
        api.post_xfer_req = done_now;
        api.release_xfer_req = release_ok;
        api.destroy_xfer_req = destroy_ok;
        let api: &'static Api = Box::leak(Box::new(api));
        let lane = Lane::new(api, "test-lane-vram").unwrap();
        lane.register(Mem::Vram, 1 << 20, 4096, 1).unwrap();
        let (tx, rx) = mpsc::channel();
        let own = vec![(Mem::Vram, 1 << 22, 4096, 1)]; // a caller's tensor, this job's alone
        let mut j = job(own, Instant::now() + Duration::from_secs(3600), tx);
        j.local_mem = Mem::Vram;
        lane.submit(j).unwrap();
        let end = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(end, End::from(Ok(())));
        lane.deregister(Mem::Vram, 1 << 20, 4096, 1).unwrap();
        let vram = (ffi::MEM_VRAM, 1);
        // the pool, the job's own (registered, then deregistered once released), the pool
        assert_eq!(*VRAM_REGS.lock().unwrap(), vec![vram; 4]);
        assert_eq!(
            *VRAM_LISTS.lock().unwrap(),
            vec![ffi::MEM_VRAM, ffi::MEM_DRAM]
        );
        lane.close(Duration::ZERO);
    }

    /// The post hook sees each transfer right after its post: done within it ("DONE"), or in
    /// flight ("PROC", here until its deadline); removed, it sees no more.
    #[test]
    fn the_post_hook_sees_each_transfer_as_posted() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        for (i, posted) in [done_now, post].into_iter().enumerate() {
            let lane = Lane::new(pending_api(posted), &format!("test-lane-hook{i}")).unwrap();
            let sink = Arc::clone(&seen);
            lane.on_post(Some(Arc::new(move |s| sink.lock().unwrap().push(s))))
                .unwrap();
            let (tx, rx) = mpsc::channel();
            let soon = Instant::now() + Duration::from_millis(50);
            lane.submit(job(Vec::new(), soon, tx.clone())).unwrap();
            rx.recv_timeout(Duration::from_secs(60)).unwrap();
            lane.on_post(None).unwrap();
            lane.submit(job(Vec::new(), soon, tx)).unwrap();
            rx.recv_timeout(Duration::from_secs(60)).unwrap();
            lane.close(Duration::ZERO);
            assert!(
                lane.on_post(None).is_err(),
                "a closed lane has no hook to set"
            );
        }
        assert_eq!(*seen.lock().unwrap(), vec!["DONE", "PROC"]);
    }
}
