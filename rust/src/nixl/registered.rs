//! The registered pool: large slabs mapped and registered with NIXL once, carved into
//! page-aligned chunks that decoders write into directly. Each decoded image holds a lease
//! on its chunk until the reader's notification, the caller's release, or the TTL ends it.
//! Memory in flight is bounded by `pool_bytes`; a full pool makes acquirers wait.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use base64::Engine;

use super::agent::{Agent, AgentConfig};
use super::ffi;
use crate::error::{Error, Result};

const PAGE: usize = 4096;

#[derive(Clone, Debug)]
pub struct PoolConfig {
    pub pool_bytes: usize,
    pub slab_bytes: usize,
    pub lease_ttl: Duration,
    pub acquire_timeout: Duration,
    /// Quarantine of chunks whose lease ended without a reader's notification.
    pub reuse_grace: Duration,
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
    pub slabs: usize,
    pub leases_live: usize,
    pub leases_total: u64,
    pub released_by_notification: u64,
    pub released_by_ttl: u64,
    pub released_by_caller: u64,
    pub notifications_drained: u64,
    pub notifications_unmatched: u64,
    pub chunks_reused: u64,
    pub acquire_waits: u64,
    pub metadata_builds: u64,
}

/// One anonymous mapping, registered with NIXL for its whole life. The tail holds the
/// lease-word table: one u64 per page of the data area, holding the id of the lease that owns
/// the chunk starting at that page (0: none). Readers READ it with the pixels to prove the
/// lease was still live (see `Lease::check_addr`).
struct Slab {
    addr: usize,
    len: usize,
    /// Bytes of the data area (chunks); the table follows it.
    data_len: usize,
    /// Free ranges: offset -> length, coalesced.
    free: BTreeMap<usize, usize>,
    /// End of the highest range ever handed out: chunks below it reuse earlier memory.
    high_water: usize,
}

impl Slab {
    /// Data bytes and table bytes for a slab of `len` bytes in all.
    fn split(len: usize) -> (usize, usize) {
        // n pages of data need n*8 bytes of table: data = len * 4096/4104, rounded to pages.
        let data_pages = len / PAGE * PAGE / (PAGE + 8);
        (data_pages * PAGE, len - data_pages * PAGE)
    }

    /// Size of a slab whose data area holds at least `need` bytes.
    fn size_for(need: usize) -> usize {
        let pages = need.div_ceil(PAGE);
        (pages * PAGE + (pages * 8).div_ceil(PAGE) * PAGE).max(2 * PAGE)
    }

    fn word_addr(&self, off: usize) -> usize {
        self.addr + self.data_len + off / PAGE * 8
    }

    /// Publish (id) or retract (0) the lease word of the chunk at `off`.
    fn set_word(&self, off: usize, id: u64) {
        // SAFETY: word_addr(off) lies in this slab's table (off < data_len), is 8-aligned
        // (data_len and the table start are page-aligned), and the mapping is live. Remote
        // readers only READ it; an atomic store keeps the write whole and ordered before any
        // later reuse of the chunk (which happens after the pool mutex is released).
        unsafe {
            (*(self.word_addr(off) as *const std::sync::atomic::AtomicU64))
                .store(id, Ordering::SeqCst)
        };
    }

    fn map(len: usize) -> Result<Slab> {
        // SAFETY: a fresh private anonymous mapping; MAP_POPULATE faults every page in now,
        // once, so decodes never pay first-touch page faults. The kernel zero-fills it, so no
        // byte is ever uninitialised.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_POPULATE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(Error::PoolExhausted(format!(
                "could not map a {len}-byte slab: {}",
                std::io::Error::last_os_error()
            )));
        }
        let (data_len, _) = Slab::split(len);
        let mut free = BTreeMap::new();
        free.insert(0, data_len);
        Ok(Slab {
            addr: p as usize,
            len,
            data_len,
            free,
            high_water: 0,
        })
    }

    fn alloc(&mut self, need: usize) -> Option<usize> {
        let (&off, &flen) = self.free.iter().find(|(_, &l)| l >= need)?;
        self.free.remove(&off);
        if flen > need {
            self.free.insert(off + need, flen - need);
        }
        Some(off)
    }

    fn release(&mut self, mut off: usize, mut len: usize) {
        if let Some((&poff, &plen)) = self.free.range(..off).next_back() {
            if poff + plen == off {
                self.free.remove(&poff);
                off = poff;
                len += plen;
            }
        }
        if let Some(&nlen) = self.free.get(&(off + len)) {
            self.free.remove(&(off + len));
            len += nlen;
        }
        self.free.insert(off, len);
    }
}

impl Drop for Slab {
    fn drop(&mut self) {
        // SAFETY: (addr, len) is exactly the mapping made in `map`, unmapped once, after the
        // pool deregistered it (RegPool::drop runs before the slabs are dropped).
        unsafe { libc::munmap(self.addr as *mut libc::c_void, self.len) };
    }
}

struct LeaseRec {
    slab: usize,
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
    slabs: Vec<Slab>,
    leases: HashMap<u64, LeaseRec>,
    next_id: u64,
    in_use: usize,
    registered: usize,
    metadata: Option<Arc<str>>,
    stats: Stats,
    closed: bool,
}

pub struct RegPool {
    cfg: PoolConfig,
    name: String,
    key_prefix: String,
    pid: u32,
    agent: Mutex<Option<Agent>>,
    state: Mutex<State>,
    cv: Condvar,
    stop: AtomicBool,
    /// How far the lease clock runs ahead of `Instant::now()` (test hook, see `advance_clock`).
    clock_ahead_ns: AtomicU64,
}

/// A reserved chunk being written by a decoder. Dropped without `commit`, it is freed.
pub struct Chunk {
    pool: Arc<RegPool>,
    slab: usize,
    off: usize,
    len: usize,
    ptr: *mut u8,
    committed: bool,
}

// SAFETY: a Chunk is exclusive access to its byte range (handed out once by the allocator).
unsafe impl Send for Chunk {}

impl AsMut<[u8]> for Chunk {
    fn as_mut(&mut self) -> &mut [u8] {
        // SAFETY: ptr..ptr+len lies inside a live registered slab and is reserved for this
        // chunk alone; the pool keeps the slab mapped while `self.pool` is alive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl Drop for Chunk {
    fn drop(&mut self) {
        if !self.committed {
            let mut st = self.pool.lock_state();
            st.slabs[self.slab].release(self.off, round_up(self.len));
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
    /// registered slab: a reader READs it with the pixels and fails closed when it differs.
    pub check_addr: usize,
}

fn round_up(n: usize) -> usize {
    n.div_ceil(PAGE).max(1) * PAGE
}

/// "b64:" + base64(zlib(md)), the encoding of docs/interop.md.
pub fn encode_metadata(md: &[u8]) -> String {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
    z.write_all(md).expect("writing to a Vec cannot fail");
    let compressed = z.finish().expect("writing to a Vec cannot fail");
    format!(
        "b64:{}",
        base64::engine::general_purpose::STANDARD.encode(compressed)
    )
}

impl RegPool {
    pub fn new(
        capi_path: Option<&str>,
        agent_cfg: &AgentConfig,
        cfg: PoolConfig,
    ) -> Result<Arc<RegPool>> {
        if cfg.pool_bytes < PAGE {
            return Err(Error::PoolExhausted(format!(
                "pool_bytes={} is below one page",
                cfg.pool_bytes
            )));
        }
        let api = ffi::load(capi_path)?;
        let agent = Agent::new(api, agent_cfg)?;
        let pool = Arc::new(RegPool {
            key_prefix: format!("fm1:{}:", agent_cfg.name),
            name: agent_cfg.name.clone(),
            pid: std::process::id(),
            agent: Mutex::new(Some(agent)),
            state: Mutex::new(State {
                slabs: Vec::new(),
                leases: HashMap::new(),
                next_id: 1,
                in_use: 0,
                registered: 0,
                metadata: None,
                stats: Stats {
                    pool_bytes_limit: cfg.pool_bytes,
                    ..Stats::default()
                },
                closed: false,
            }),
            cfg,
            cv: Condvar::new(),
            stop: AtomicBool::new(false),
            clock_ahead_ns: AtomicU64::new(0),
        });
        let weak = Arc::downgrade(&pool);
        std::thread::Builder::new()
            .name("fastmedia-notif".into())
            .spawn(move || drain_loop(weak))
            .map_err(|e| Error::Nixl(format!("could not start the notification thread: {e}")))?;
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
        if std::process::id() != self.pid {
            return Err(Error::Closed(
                "a Frontend cannot be used in a forked child (its NIXL agent lives in the parent); create a new one".into(),
            ));
        }
        Ok(())
    }

    /// Reserve `len` bytes, waiting up to the acquire timeout for leases to end.
    pub fn acquire(self: &Arc<Self>, len: usize) -> Result<Chunk> {
        let need = round_up(len);
        if Slab::size_for(need) > self.cfg.pool_bytes {
            return Err(Error::PoolExhausted(format!(
                "an image of {len} bytes can never fit in pool_bytes={}",
                self.cfg.pool_bytes
            )));
        }
        let deadline = Instant::now() + self.cfg.acquire_timeout;
        let mut st = self.lock_state();
        let mut waited = false;
        loop {
            self.check_usable(&st)?;
            if let Some(c) = self.try_alloc(&mut st, need, len)? {
                return Ok(c);
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

    fn try_alloc(
        self: &Arc<Self>,
        st: &mut State,
        need: usize,
        len: usize,
    ) -> Result<Option<Chunk>> {
        for (i, slab) in st.slabs.iter_mut().enumerate() {
            if let Some(off) = slab.alloc(need) {
                let reused = off < slab.high_water;
                slab.high_water = slab.high_water.max(off + need);
                let ptr = (slab.addr + off) as *mut u8;
                st.in_use += need;
                if reused {
                    st.stats.chunks_reused += 1;
                }
                return Ok(Some(Chunk {
                    pool: self.clone(),
                    slab: i,
                    off,
                    len,
                    ptr,
                    committed: false,
                }));
            }
        }
        // Grow by one slab if the bound allows it.
        let room = self.cfg.pool_bytes - st.registered;
        if room >= Slab::size_for(need) {
            let size =
                round_up(self.cfg.slab_bytes.max(Slab::size_for(need))).min(room / PAGE * PAGE);
            let mut slab = Slab::map(size)?;
            {
                let mut agent = self.lock_agent();
                let agent = agent
                    .as_mut()
                    .ok_or_else(|| Error::Closed("the Frontend is closed".into()))?;
                agent.register(slab.addr, slab.len)?;
            }
            let off = slab.alloc(need).ok_or_else(|| {
                Error::PoolExhausted("internal: a fresh slab did not fit its first chunk".into())
            })?;
            slab.high_water = off + need;
            let ptr = (slab.addr + off) as *mut u8;
            st.registered += size;
            st.metadata = None;
            st.slabs.push(slab);
            st.in_use += need;
            return Ok(Some(Chunk {
                pool: self.clone(),
                slab: st.slabs.len() - 1,
                off,
                len,
                ptr,
                committed: false,
            }));
        }
        Ok(None)
    }

    /// Turn a written chunk into a lease that a descriptor can point at.
    pub fn commit(&self, mut chunk: Chunk) -> Lease {
        chunk.committed = true;
        let mut st = self.lock_state();
        let id = st.next_id;
        st.next_id += 1;
        st.stats.leases_total += 1;
        let slab = &st.slabs[chunk.slab];
        slab.set_word(chunk.off, id);
        let check_addr = slab.word_addr(chunk.off);
        st.leases.insert(
            id,
            LeaseRec {
                slab: chunk.slab,
                off: chunk.off,
                len: chunk.len,
                expires: self.now() + self.cfg.lease_ttl,
                ended: false,
                pins: 0,
                reuse_after: None,
            },
        );
        Lease {
            id,
            addr: chunk.ptr as usize,
            len: chunk.len,
            key: format!("{}{id}", self.key_prefix),
            check_addr,
        }
    }

    /// The cached `nixl_metadata` string, rebuilt only after the registrations changed.
    pub fn metadata(&self) -> Result<Arc<str>> {
        let mut st = self.lock_state();
        if let Some(m) = &st.metadata {
            return Ok(m.clone());
        }
        let md = {
            let mut agent = self.lock_agent();
            let agent = agent
                .as_mut()
                .ok_or_else(|| Error::Closed("the Frontend is closed".into()))?;
            agent.local_md()?
        };
        let s: Arc<str> = encode_metadata(&md).into();
        st.metadata = Some(s.clone());
        st.stats.metadata_builds += 1;
        Ok(s)
    }

    fn end_locked(&self, st: &mut State, id: u64, reason: EndReason) -> bool {
        let Some(rec) = st.leases.get_mut(&id) else {
            return false;
        };
        if rec.ended {
            return false;
        }
        rec.ended = true;
        let (slab, off) = (rec.slab, rec.off);
        if reason == EndReason::Ttl && !self.cfg.reuse_grace.is_zero() {
            // Nobody said the reads are over (a reader's notification or the caller's
            // release would have): a READ may be in flight right now.
            rec.reuse_after = Some(self.now() + self.cfg.reuse_grace);
        }
        // Retract the lease word first: a READ that starts from now on fails closed.
        st.slabs[slab].set_word(off, 0);
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
            st.slabs[rec.slab].release(rec.off, n);
            st.in_use -= n;
            self.cv.notify_all();
        }
    }

    /// End a lease now (idempotent). Returns whether this call ended it.
    pub fn release(&self, id: u64, reason: EndReason) -> bool {
        let mut st = self.lock_state();
        self.end_locked(&mut st, id, reason)
    }

    /// A local view (numpy array) starts reading the chunk: keep it until unpinned.
    pub fn pin(&self, id: u64) -> bool {
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
        let mut st = self.lock_state();
        if let Some(r) = st.leases.get_mut(&id) {
            r.pins = r.pins.saturating_sub(1);
        }
        self.maybe_free(&mut st, id);
    }

    pub fn is_live(&self, id: u64) -> bool {
        matches!(self.lock_state().leases.get(&id), Some(r) if !r.ended)
    }

    pub fn stats(&self) -> Stats {
        let st = self.lock_state();
        let mut s = st.stats.clone();
        s.pool_bytes_total = st.registered;
        s.pool_bytes_in_use = st.in_use;
        s.slabs = st.slabs.len();
        s.leases_live = st.leases.values().filter(|l| !l.ended).count();
        s
    }

    /// One drain pass: take notifications, end the leases they name, expire old leases.
    pub fn poll(&self) -> Result<usize> {
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
                    // A second READ of the same descriptor sends the key again: not an error.
                    self.end_locked(&mut st, id, EndReason::Notification);
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

    /// Stop serving: wake waiters, deregister every slab and destroy the agent. Memory stays
    /// mapped until the last local view is gone (the slabs are dropped with the pool).
    pub fn close(&self) {
        self.stop.store(true, Ordering::Release);
        let slabs: Vec<(usize, usize)> = {
            let mut st = self.lock_state();
            if st.closed {
                return;
            }
            st.closed = true;
            st.slabs.iter().map(|s| (s.addr, s.len)).collect()
        };
        self.cv.notify_all();
        if std::process::id() != self.pid {
            // In a forked child the agent's threads do not exist: leak it rather than hang.
            if let Some(a) = self.lock_agent().take() {
                std::mem::forget(a);
            }
            return;
        }
        let mut agent = self.lock_agent();
        if let Some(mut a) = agent.take() {
            for (addr, len) in slabs {
                let _ = a.deregister(addr, len);
            }
            drop(a);
        }
    }
}

impl Drop for RegPool {
    fn drop(&mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slab_layout_fits_data_and_one_word_per_page() {
        for need in [
            PAGE,
            3 * PAGE,
            921_600usize.div_ceil(PAGE) * PAGE,
            6_220_800usize.div_ceil(PAGE) * PAGE,
            64 << 20,
        ] {
            let size = Slab::size_for(need);
            let (data, table) = Slab::split(size);
            assert!(
                data >= need,
                "need {need}: slab {size} gives only {data} data bytes"
            );
            assert!(table >= data / PAGE * 8, "table too small for {need}");
            assert_eq!(data % PAGE, 0);
            assert_eq!(data + table, size);
        }
        let (data, table) = Slab::split(64 << 20);
        assert!(table >= data / PAGE * 8 && table < 2 * PAGE + data / PAGE * 8);
    }

    #[test]
    fn free_ranges_coalesce() {
        let mut s = Slab::map(16 * PAGE).unwrap();
        let total = s.data_len;
        let a = s.alloc(PAGE).unwrap();
        let b = s.alloc(2 * PAGE).unwrap();
        let c = s.alloc(PAGE).unwrap();
        s.release(b, 2 * PAGE);
        s.release(a, PAGE);
        s.release(c, PAGE);
        assert_eq!(s.free.len(), 1);
        assert_eq!(s.free.get(&0), Some(&total));
        s.set_word(3 * PAGE, 42);
        // SAFETY: word_addr is inside the live mapping and 8-aligned.
        assert_eq!(unsafe { *(s.word_addr(3 * PAGE) as *const u64) }, 42);
    }
}
