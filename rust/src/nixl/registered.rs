//! The registered pool: one region of `pool_bytes` reserved and registered with NIXL once, at
//! start, carved into page-aligned chunks that decoders write into directly. The agent's
//! metadata is built once and never changes, so readers add a frontend once. Pages are filled
//! lazily (a background thread keeps a window ahead of the allocator's high-water mark), so a
//! 1 GiB pool costs address space, not memory, until it is used. Each decoded image holds a
//! lease on its chunk until the reader's notification, the caller's release, or the TTL ends
//! it. Memory in flight is bounded by `pool_bytes`; a full pool makes acquirers wait.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use super::agent::{Agent, AgentConfig};
use super::ffi;
use super::metadata::encode_metadata;
use super::ranges::Ranges;
use crate::error::{Error, Result};

const PAGE: usize = 4096;
const HUGE: usize = 2 << 20;
/// How far ahead of the allocator's high-water mark the filler thread faults pages in.
const FILL_AHEAD: usize = 64 << 20;

#[derive(Clone, Debug)]
pub struct PoolConfig {
    pub pool_bytes: usize,
    pub lease_ttl: Duration,
    pub acquire_timeout: Duration,
    /// Quarantine of chunks whose lease ended without a reader's notification.
    pub reuse_grace: Duration,
    /// End a lease when a reader's notification names it (false: only release() or TTL).
    pub end_lease_on_read: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    Notification,
    Caller,
    Ttl,
}

#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub pool_bytes_limit: usize,
    pub pool_bytes_total: usize,
    pub pool_bytes_in_use: usize,
    pub pool_bytes_filled: usize,
    pub regions: usize,
    pub leases_live: usize,
    pub leases_total: u64,
    pub released_by_notification: u64,
    pub released_by_ttl: u64,
    pub released_by_caller: u64,
    pub notifications_drained: u64,
    pub notifications_unmatched: u64,
    pub reads_notified: u64,
    pub chunks_reused: u64,
    pub acquire_waits: u64,
    pub metadata_builds: u64,
}

/// The one anonymous mapping, registered with NIXL for its whole life: a data area of
/// `data_len` bytes (the chunks) followed by the lease-word table, one u64 per page of the
/// data area holding the id of the lease that owns the chunk starting at that page (0: none).
/// Readers READ it with the pixels to prove the lease was still live (see `Lease::check_addr`).
struct Region {
    addr: usize,
    len: usize,
    data_len: usize,
}

impl Region {
    /// (data bytes, total bytes) of a region whose data area holds `pool_bytes`, with one huge
    /// page of slack to spare; None when that does not fit in the address space.
    fn layout(pool_bytes: usize) -> Option<(usize, usize)> {
        let pages = pool_bytes.div_ceil(PAGE).max(1);
        let data = pages.checked_mul(PAGE)?;
        let table = pages.checked_mul(8)?.checked_next_multiple_of(PAGE)?;
        let len = data.checked_add(table)?;
        len.checked_add(HUGE)?;
        Some((data, len))
    }

    /// Reserve address space for `pool_bytes` of chunks plus the table. Nothing is faulted in:
    /// MAP_NORESERVE, and the kernel zero-fills each page on first touch, so no byte is ever
    /// uninitialised.
    fn reserve(pool_bytes: usize) -> Result<Region> {
        let (data_len, len) = Region::layout(pool_bytes).ok_or_else(|| {
            Error::Config(format!(
                "pool_bytes={pool_bytes} is larger than this process's address space"
            ))
        })?;
        // One huge page of slack, so the region can start on a 2 MiB boundary.
        let span = len + HUGE;
        // SAFETY: a fresh private anonymous mapping; the part kept is owned by the Region.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                span,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(Error::PoolExhausted(format!(
                "could not reserve {len} bytes of address space for pool_bytes={pool_bytes}: {}",
                std::io::Error::last_os_error()
            )));
        }
        let start = (p as usize).next_multiple_of(HUGE);
        let (head, tail) = (start - p as usize, span - (start - p as usize) - len);
        // SAFETY: both ranges lie inside the mapping just made and outside [start, start+len).
        unsafe {
            if head > 0 {
                libc::munmap(p, head);
            }
            if tail > 0 {
                libc::munmap((start + len) as *mut libc::c_void, tail);
            }
        }
        if std::env::var_os("FASTMEDIA_POOL_HUGEPAGES").is_none_or(|v| v != "0") {
            // Transparent huge pages where the kernel offers them (madvise mode): 512x fewer
            // faults to fill the pool, and fewer pages for a reader's CMA/RDMA to pin. Only a
            // hint; failure leaves 4 KiB pages.
            // SAFETY: the data area lies inside the live mapping.
            unsafe { libc::madvise(start as *mut libc::c_void, data_len, libc::MADV_HUGEPAGE) };
        }
        Ok(Region {
            addr: start,
            len,
            data_len,
        })
    }

    fn word_addr(&self, off: usize) -> usize {
        self.addr + self.data_len + off / PAGE * 8
    }

    /// Publish (id) or retract (0) the lease word of the chunk at `off`.
    fn set_word(&self, off: usize, id: u64) {
        // SAFETY: word_addr(off) lies in the table (off < data_len), is 8-aligned (data_len
        // and the table start are page-aligned), and the mapping is live. Remote readers only
        // READ it; an atomic store keeps the write whole and ordered before any later reuse of
        // the chunk (which happens after the pool mutex is released).
        unsafe {
            (*(self.word_addr(off) as *const std::sync::atomic::AtomicU64))
                .store(id, Ordering::SeqCst)
        };
    }

    /// Fault in data pages [from, to) without changing their contents (decoders may be
    /// writing some of them). False where the kernel lacks MADV_POPULATE_WRITE (< 5.14): then
    /// decoders fault pages in themselves, which is correct, only slower on first use.
    fn populate(&self, from: usize, to: usize) -> bool {
        // SAFETY: [from, to) is page-aligned and inside the live mapping; POPULATE_WRITE only
        // faults pages in (existing contents are kept).
        unsafe {
            libc::madvise(
                (self.addr + from) as *mut libc::c_void,
                to - from,
                libc::MADV_POPULATE_WRITE,
            ) == 0
        }
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: (addr, len) is exactly the mapping made in `reserve`, unmapped once, after
        // the pool deregistered it (RegPool::close runs before the Region is dropped).
        unsafe { libc::munmap(self.addr as *mut libc::c_void, self.len) };
    }
}

struct LeaseRec {
    off: usize,
    len: usize,
    expires: Instant,
    ended: bool,
    /// Live local views (numpy arrays over the chunk); the chunk is freed at 0 once ended.
    pins: u32,
    /// A lease ended by TTL is not reused before this instant, so a READ that saw the lease
    /// word still set cannot have its pixels overwritten mid-transfer.
    reuse_after: Option<Instant>,
}

struct State {
    ranges: Ranges,
    leases: HashMap<u64, LeaseRec>,
    next_id: u64,
    in_use: usize,
    stats: Stats,
    closed: bool,
}

pub struct RegPool {
    cfg: PoolConfig,
    name: String,
    key_prefix: String,
    pid: u32,
    region: Region,
    /// Built once, after the region was registered: it never changes.
    metadata: Arc<str>,
    agent: Mutex<Option<Agent>>,
    state: Mutex<State>,
    cv: Condvar,
    stop: AtomicBool,
    /// How far the lease clock runs ahead of `Instant::now()` (test hook, see `advance_clock`).
    clock_ahead_ns: AtomicU64,
    /// Data bytes [0, filled) are faulted in; the filler thread works towards `fill_to`.
    filled: AtomicUsize,
    fill_to: Mutex<usize>,
    fill_cv: Condvar,
}

/// A reserved chunk being written by a decoder. Dropped without `commit`, it is freed.
pub struct Chunk {
    pool: Arc<RegPool>,
    off: usize,
    len: usize,
    ptr: *mut u8,
    committed: bool,
}

// SAFETY: a Chunk is exclusive access to its byte range (handed out once by the allocator).
unsafe impl Send for Chunk {}

impl AsMut<[u8]> for Chunk {
    fn as_mut(&mut self) -> &mut [u8] {
        // SAFETY: ptr..ptr+len lies inside the live registered region and is reserved for
        // this chunk alone; the pool keeps the region mapped while `self.pool` is alive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for Chunk {
    fn drop(&mut self) {
        if !self.committed && !self.pool.forked() {
            let mut st = self.pool.lock_state();
            st.ranges.release(self.off, round_up(self.len));
            st.in_use -= round_up(self.len);
            drop(st);
            self.pool.cv.notify_all();
        }
    }
}

/// A committed chunk: what a descriptor points at.
#[derive(Clone, Debug)]
pub struct Lease {
    pub id: u64,
    pub addr: usize,
    pub len: usize,
    pub key: String,
    /// Address of the 8-byte lease word (u64 LE, == id while the lease lives) in the same
    /// registered region: a reader READs it with the pixels and fails closed when it differs.
    pub check_addr: usize,
}

/// `n` rounded up to whole pages (at least one); usize::MAX, larger than any pool, if that
/// overflows.
fn round_up(n: usize) -> usize {
    n.max(1)
        .checked_next_multiple_of(PAGE)
        .unwrap_or(usize::MAX)
}

impl RegPool {
    pub fn new(
        capi_path: Option<&str>,
        agent_cfg: &AgentConfig,
        cfg: PoolConfig,
    ) -> Result<Arc<RegPool>> {
        if cfg.pool_bytes < PAGE {
            return Err(Error::Config(format!(
                "pool_bytes={} is below one page",
                cfg.pool_bytes
            )));
        }
        let api = ffi::load(capi_path)?;
        let mut agent = Agent::new(api, agent_cfg)?;
        let region = Region::reserve(cfg.pool_bytes)?;
        agent.register(region.addr, region.len)?;
        let metadata: Arc<str> = match agent.local_md() {
            Ok(md) => encode_metadata(&md).into(),
            Err(e) => {
                let _ = agent.deregister(region.addr, region.len);
                return Err(e);
            }
        };
        let pool = Arc::new(RegPool {
            key_prefix: format!("fm1:{}:", agent_cfg.name),
            name: agent_cfg.name.clone(),
            pid: std::process::id(),
            agent: Mutex::new(Some(agent)),
            state: Mutex::new(State {
                ranges: Ranges::new(region.data_len),
                leases: HashMap::new(),
                next_id: 1,
                in_use: 0,
                stats: Stats {
                    pool_bytes_limit: cfg.pool_bytes,
                    metadata_builds: 1,
                    regions: 1,
                    ..Stats::default()
                },
                closed: false,
            }),
            fill_to: Mutex::new(FILL_AHEAD.min(region.data_len)),
            region,
            metadata,
            cfg,
            cv: Condvar::new(),
            stop: AtomicBool::new(false),
            clock_ahead_ns: AtomicU64::new(0),
            filled: AtomicUsize::new(0),
            fill_cv: Condvar::new(),
        });
        let weak = Arc::downgrade(&pool);
        std::thread::Builder::new()
            .name("fastmedia-notif".into())
            .spawn(move || drain_loop(weak))
            .map_err(|e| Error::Nixl(format!("could not start the notification thread: {e}")))?;
        let weak = Arc::downgrade(&pool);
        // Without the filler, decoders fault pages in themselves: slower, still correct.
        let _ = std::thread::Builder::new()
            .name("fastmedia-fill".into())
            .spawn(move || fill_loop(weak));
        Ok(pool)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn reuse_grace(&self) -> Duration {
        self.cfg.reuse_grace
    }

    /// The lease clock: TTLs and reuse graces are measured on it.
    fn now(&self) -> Instant {
        Instant::now() + Duration::from_nanos(self.clock_ahead_ns.load(Ordering::Relaxed))
    }

    /// Move the lease clock forward by `by` (for tests, which must not race the wall clock);
    /// the next `poll` ends and frees what is due by then.
    pub fn advance_clock(&self, by: Duration) {
        let ns = u64::try_from(by.as_nanos()).unwrap_or(u64::MAX);
        self.clock_ahead_ns.fetch_add(ns, Ordering::Relaxed);
    }

    /// True in a forked child. There the parent's threads (drain, filler, decoders) are
    /// gone and may have held any of this pool's locks at fork time: take none of them.
    fn forked(&self) -> bool {
        std::process::id() != self.pid
    }

    fn forked_err() -> Error {
        Error::Closed(
            "a Frontend cannot be used in a forked child (its NIXL agent lives in the parent); create a new one".into(),
        )
    }

    fn lock_state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn lock_agent(&self) -> MutexGuard<'_, Option<Agent>> {
        self.agent.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn check_usable(&self, st: &State) -> Result<()> {
        if st.closed {
            return Err(Error::Closed("the Frontend is closed".into()));
        }
        if self.forked() {
            return Err(Self::forked_err());
        }
        Ok(())
    }

    /// Reserve `len` bytes, waiting up to the acquire timeout for leases to end. Only
    /// bookkeeping happens under the pool lock: the region is mapped and registered already.
    pub fn acquire(self: &Arc<Self>, len: usize) -> Result<Chunk> {
        let need = round_up(len);
        if need > self.region.data_len {
            return Err(Error::PoolExhausted(format!(
                "an image of {len} bytes can never fit in pool_bytes={}",
                self.cfg.pool_bytes
            )));
        }
        if self.forked() {
            return Err(Self::forked_err());
        }
        let deadline = Instant::now() + self.cfg.acquire_timeout;
        let mut st = self.lock_state();
        let mut waited = false;
        loop {
            self.check_usable(&st)?;
            let touched = st.ranges.high_water();
            if let Some(off) = st.ranges.alloc(need) {
                let reused = off < touched;
                st.in_use += need;
                if reused {
                    st.stats.chunks_reused += 1;
                }
                let high = st.ranges.high_water();
                drop(st);
                self.fill_towards(high + FILL_AHEAD);
                return Ok(Chunk {
                    pool: self.clone(),
                    off,
                    len,
                    ptr: (self.region.addr + off) as *mut u8,
                    committed: false,
                });
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Error::PoolExhausted(format!(
                    "no room for {len} bytes in the registered pool within {:.1} s \
                     ({} of {} bytes leased by {} live leases); readers have not released them",
                    self.cfg.acquire_timeout.as_secs_f64(),
                    st.in_use,
                    self.cfg.pool_bytes,
                    st.leases.values().filter(|l| !l.ended).count()
                )));
            }
            if !waited {
                // Counted when the wait starts: a waiting acquirer is visible in stats.
                st.stats.acquire_waits += 1;
                waited = true;
            }
            st = self
                .cv
                .wait_timeout(st, deadline - now)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// Ask the filler thread to fault pages in up to `to` (capped at the data area).
    fn fill_towards(&self, to: usize) {
        let to = to.min(self.region.data_len);
        if to <= self.filled.load(Ordering::Relaxed) {
            return;
        }
        let mut want = self.fill_to.lock().unwrap_or_else(|p| p.into_inner());
        if to > *want {
            *want = to;
            self.fill_cv.notify_one();
        }
    }

    /// Turn a written chunk into a lease that a descriptor can point at.
    pub fn commit(&self, mut chunk: Chunk) -> Lease {
        chunk.committed = true;
        let mut st = self.lock_state();
        let id = st.next_id;
        st.next_id += 1;
        st.stats.leases_total += 1;
        self.region.set_word(chunk.off, id);
        st.leases.insert(
            id,
            LeaseRec {
                off: chunk.off,
                len: chunk.len,
                expires: self.now() + self.cfg.lease_ttl,
                ended: false,
                pins: 0,
                reuse_after: None,
            },
        );
        drop(st);
        Lease {
            id,
            addr: chunk.ptr as usize,
            len: chunk.len,
            key: format!("{}{id}", self.key_prefix),
            check_addr: self.region.word_addr(chunk.off),
        }
    }

    /// The `nixl_metadata` string: built once at start (the registration never changes).
    pub fn metadata(&self) -> Result<Arc<str>> {
        if self.forked() {
            return Err(Self::forked_err());
        }
        if self.stop.load(Ordering::Acquire) {
            return Err(Error::Closed("the Frontend is closed".into()));
        }
        Ok(self.metadata.clone())
    }

    fn end_locked(&self, st: &mut State, id: u64, reason: EndReason) -> bool {
        let Some(rec) = st.leases.get_mut(&id) else {
            return false;
        };
        if rec.ended {
            return false;
        }
        rec.ended = true;
        let off = rec.off;
        if reason == EndReason::Ttl {
            // Nobody said the reads are over (a reader's notification or the caller's
            // release would have): a READ may be in flight right now.
            rec.reuse_after = Some(self.now() + self.cfg.reuse_grace);
        }
        // Retract the lease word first: a READ that starts from now on fails closed.
        self.region.set_word(off, 0);
        match reason {
            EndReason::Notification => st.stats.released_by_notification += 1,
            EndReason::Caller => st.stats.released_by_caller += 1,
            EndReason::Ttl => st.stats.released_by_ttl += 1,
        }
        self.maybe_free(st, id);
        true
    }

    fn maybe_free(&self, st: &mut State, id: u64) {
        let now = self.now();
        let free = matches!(st.leases.get(&id),
            Some(r) if r.ended && r.pins == 0 && r.reuse_after.is_none_or(|t| now >= t));
        if free {
            let rec = st.leases.remove(&id).expect("checked above");
            let n = round_up(rec.len);
            st.ranges.release(rec.off, n);
            st.in_use -= n;
            self.cv.notify_all();
        }
    }

    /// End a lease now (idempotent). Returns whether this call ended it.
    pub fn release(&self, id: u64, reason: EndReason) -> bool {
        if self.forked() {
            return false; // the parent owns its leases
        }
        let mut st = self.lock_state();
        self.end_locked(&mut st, id, reason)
    }

    /// A local view (numpy array) starts reading the chunk: keep it until unpinned.
    pub fn pin(&self, id: u64) -> bool {
        if self.forked() {
            return false;
        }
        let mut st = self.lock_state();
        match st.leases.get_mut(&id) {
            // No new views of an ended lease (its chunk is on its way to reuse); views made
            // while it lived keep it until they are gone.
            Some(r) if !r.ended => {
                r.pins += 1;
                true
            }
            _ => false,
        }
    }

    pub fn unpin(&self, id: u64) {
        if self.forked() {
            return;
        }
        let mut st = self.lock_state();
        if let Some(r) = st.leases.get_mut(&id) {
            r.pins = r.pins.saturating_sub(1);
        }
        self.maybe_free(&mut st, id);
    }

    /// Whether the lease can still be read: not ended, and the pool not closed (no reader
    /// can reach it then).
    pub fn is_live(&self, id: u64) -> bool {
        if self.forked() {
            return false;
        }
        let st = self.lock_state();
        !st.closed && matches!(st.leases.get(&id), Some(r) if !r.ended)
    }

    /// In a forked child, only the limit (the counts are the parent's, behind its locks).
    pub fn stats(&self) -> Stats {
        if self.forked() {
            return Stats {
                pool_bytes_limit: self.cfg.pool_bytes,
                ..Stats::default()
            };
        }
        let st = self.lock_state();
        let mut s = st.stats.clone();
        s.pool_bytes_total = self.region.len;
        s.pool_bytes_in_use = st.in_use;
        s.pool_bytes_filled = self.filled.load(Ordering::Relaxed);
        s.leases_live = st.leases.values().filter(|l| !l.ended).count();
        s
    }

    /// One drain pass: take notifications, end the leases they name (unless reads do not end
    /// leases), expire old leases.
    pub fn poll(&self) -> Result<usize> {
        if self.forked() {
            return Err(Self::forked_err());
        }
        let notifs = {
            let mut agent = self.lock_agent();
            match agent.as_mut() {
                Some(a) => a.take_notifs()?,
                None => return Ok(0),
            }
        };
        let mut st = self.lock_state();
        for (_from, msg) in &notifs {
            st.stats.notifications_drained += 1;
            let text = String::from_utf8_lossy(msg);
            let mut matched = false;
            for key in text.split(';') {
                if let Some(id) = key
                    .strip_prefix(self.key_prefix.as_str())
                    .and_then(|s| s.parse::<u64>().ok())
                {
                    st.stats.reads_notified += 1;
                    if self.cfg.end_lease_on_read {
                        // A second READ of the same descriptor sends the key again: not an error.
                        self.end_locked(&mut st, id, EndReason::Notification);
                    }
                    matched = true;
                }
            }
            if !matched {
                st.stats.notifications_unmatched += 1;
            }
        }
        let now = self.now();
        let expired: Vec<u64> = st
            .leases
            .iter()
            .filter(|(_, r)| !r.ended && r.expires <= now)
            .map(|(&id, _)| id)
            .collect();
        for id in expired {
            self.end_locked(&mut st, id, EndReason::Ttl);
        }
        let cooled: Vec<u64> = st
            .leases
            .iter()
            .filter(|(_, r)| r.ended && r.reuse_after.is_some_and(|t| t <= now))
            .map(|(&id, _)| id)
            .collect();
        for id in cooled {
            self.maybe_free(&mut st, id);
        }
        Ok(notifs.len())
    }

    fn live_leases(&self) -> usize {
        self.lock_state().leases.len()
    }

    /// Stop serving: wake waiters, deregister the region and destroy the agent. Memory stays
    /// mapped until the last local view is gone (the region is dropped with the pool).
    pub fn close(&self) {
        self.stop.store(true, Ordering::Release);
        if self.forked() {
            return; // the agent is leaked in Drop, without its lock
        }
        {
            let mut st = self.lock_state();
            if st.closed {
                return;
            }
            st.closed = true;
        }
        self.cv.notify_all();
        {
            let _g = self.fill_to.lock().unwrap_or_else(|p| p.into_inner());
            self.fill_cv.notify_all();
        }
        let mut agent = self.lock_agent();
        if let Some(mut a) = agent.take() {
            let _ = a.deregister(self.region.addr, self.region.len);
            drop(a);
        }
    }
}

impl Drop for RegPool {
    fn drop(&mut self) {
        if self.forked() {
            // The agent's threads do not exist here: leak it rather than hang. get_mut takes
            // no lock (a parent's thread may have held it at fork time).
            let agent = self.agent.get_mut().unwrap_or_else(|p| p.into_inner());
            if let Some(a) = agent.take() {
                std::mem::forget(a);
            }
            return;
        }
        self.close();
    }
}

fn drain_loop(weak: Weak<RegPool>) {
    loop {
        let interval = {
            let Some(pool) = weak.upgrade() else { return };
            if pool.stop.load(Ordering::Acquire) || std::process::id() != pool.pid {
                return;
            }
            let _ = pool.poll();
            // Poll fast while leases are out (early free matters), slowly when idle (an idle
            // frontend must not burn CPU).
            if pool.live_leases() > 0 {
                Duration::from_millis(1)
            } else {
                Duration::from_millis(20)
            }
        };
        std::thread::sleep(interval);
    }
}

/// Fault pages in ahead of the allocator, in steps, with no pool lock held.
fn fill_loop(weak: Weak<RegPool>) {
    const STEP: usize = 8 << 20;
    loop {
        let Some(pool) = weak.upgrade() else { return };
        if pool.stop.load(Ordering::Acquire) || std::process::id() != pool.pid {
            return;
        }
        let done = pool.filled.load(Ordering::Relaxed);
        let want = *pool.fill_to.lock().unwrap_or_else(|p| p.into_inner());
        if want > done {
            let to = want.min(done + STEP);
            if !pool.region.populate(done, to) {
                return; // no MADV_POPULATE_WRITE: decoders fault pages in themselves
            }
            pool.filled.store(to, Ordering::Relaxed);
            continue;
        }
        // Wait without keeping the pool alive (a dropped Frontend must not wait for us).
        drop(pool);
        let Some(pool) = weak.upgrade() else { return };
        let g = pool.fill_to.lock().unwrap_or_else(|p| p.into_inner());
        if *g <= pool.filled.load(Ordering::Relaxed) && !pool.stop.load(Ordering::Acquire) {
            let _ = pool
                .fill_cv
                .wait_timeout(g, Duration::from_millis(200))
                .unwrap_or_else(|p| p.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_layout_fits_data_and_one_word_per_page() {
        for want in [
            1,
            PAGE,
            3 * PAGE + 1,
            6_220_800,
            64 << 20,
            200_000_000,
            1 << 30,
        ] {
            let (data, len) = Region::layout(want).unwrap();
            assert!(data >= want && data - want < PAGE, "{want}: data {data}");
            assert_eq!(data % PAGE, 0);
            assert_eq!(len % PAGE, 0);
            assert!(len - data >= data / PAGE * 8, "table too small for {want}");
            assert!(len - data < data / PAGE * 8 + PAGE);
        }
    }

    #[test]
    fn region_layout_refuses_sizes_that_overflow() {
        for want in [usize::MAX, usize::MAX - PAGE, usize::MAX - HUGE / 2] {
            assert_eq!(Region::layout(want), None, "{want}");
            assert!(matches!(Region::reserve(want), Err(Error::Config(_))));
        }
        assert_eq!(round_up(usize::MAX), usize::MAX);
        assert_eq!(round_up(0), PAGE);
        assert_eq!(round_up(PAGE + 1), 2 * PAGE);
    }

    #[test]
    fn region_starts_on_a_huge_page_and_asks_for_thp() {
        let reg = Region::reserve(8 << 20).unwrap();
        assert_eq!(reg.addr % HUGE, 0);
        if !std::path::Path::new("/sys/kernel/mm/transparent_hugepage").exists()
            || std::env::var_os("FASTMEDIA_POOL_HUGEPAGES").is_some_and(|v| v == "0")
        {
            return; // no THP in this kernel, or turned off: 4 KiB pages
        }
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let head = format!("{:x}-", reg.addr);
        let vma = smaps
            .split("\n")
            .skip_while(|l| !l.starts_with(&head))
            .find(|l| l.starts_with("VmFlags:")) // the last line of the region's entry
            .expect("the region's VMA is in smaps");
        assert!(vma.split_whitespace().any(|f| f == "hg"), "{vma}");
    }

    #[test]
    fn reserved_region_is_zero_until_touched_and_words_are_8_aligned() {
        let reg = Region::reserve(200_000_000).unwrap();
        let last = reg.data_len - PAGE;
        reg.set_word(last, 42);
        assert_eq!(reg.word_addr(last) % 8, 0);
        assert!(reg.word_addr(last) + 8 <= reg.addr + reg.len);
        // SAFETY: word_addr is inside the live mapping and 8-aligned; the data page is mapped.
        unsafe {
            assert_eq!(*(reg.word_addr(last) as *const u64), 42);
            assert_eq!(*((reg.addr + last) as *const u64), 0);
        }
        // Populating keeps what decoders already wrote (where the kernel supports it).
        // SAFETY: the first data page is inside the mapping.
        unsafe { *(reg.addr as *mut u64) = 7 };
        reg.populate(0, 4 * PAGE);
        // SAFETY: as above.
        assert_eq!(unsafe { *(reg.addr as *const u64) }, 7);
    }
}
