//! Output pixel memory for `Decoder`. Fresh memory is expensive here: every 4 KiB page costs
//! ~2.3 us the first time it is touched, as long as decoding a 1080p image takes. So:
//! - buffers whose arrays Python freed come back to a process-wide cache and are handed to the
//!   next decode with their pages already resident (no fault, no zero-fill);
//! - fresh large buffers are anonymous mappings (kernel-zeroed, no memset); with
//!   FASTMEDIA_HUGEPAGES=1 they are 2 MiB aligned and advised MADV_HUGEPAGE (see `hugepages`).
//!
//! Every byte handed out is initialised: fresh mappings are kernel-zeroed, recycled ones hold
//! an earlier image's pixels until the decoder overwrites them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::forksafe::PerProcess;

/// Buffers smaller than this come from the heap and are not cached (cheap to make).
const MIN_RECYCLE: usize = 256 << 10;
/// Huge-page size on x86-64 and aarch64 (4 KiB base pages).
const HUGE: usize = 2 << 20;
/// Floor of the adaptive cap on cached bytes: a batch of 64 1080p RGB outputs (398 MB) fits.
const DEFAULT_CACHE_BYTES: usize = 512 << 20;

/// A fixed cap set by the user, or AUTO.
static CACHE_CAP: AtomicUsize = AtomicUsize::new(usize::MAX);

/// An anonymous mapping: fresh kernel-zeroed memory, unmapped on drop. A PixelBuf gets one
/// for each large buffer the recycler cannot supply (the benches use it to measure that cost).
pub struct Region {
    base: *mut u8,
    map_len: usize,
    data: *mut u8,
    /// Usable bytes from `data` (a multiple of the page size, >= the requested length).
    cap: usize,
}

// SAFETY: a Region is the sole owner of its mapping; no other pointer to it escapes except
// through the PixelBuf that owns it.
unsafe impl Send for Region {}

/// Transparent huge pages for fresh buffers, opt-in with FASTMEDIA_HUGEPAGES=1. They make a
/// fresh buffer's first touch ~2x cheaper on average, but with THP defrag=madvise (a common
/// default) the kernel may compact memory synchronously on the fault: measured here on a
/// 64 x 4K batch, system time per image swung between 2 and 53 ms with huge pages against a
/// steady 7-8 ms without. Predictable latency wins by default; the recycler avoids most
/// fresh allocations anyway.
fn hugepages() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        std::env::var("FASTMEDIA_HUGEPAGES")
            .map(|v| v == "1")
            .unwrap_or(false)
    })
}

impl Region {
    /// At least `len` bytes (whole pages); with `huge`, 2 MiB-aligned and advised
    /// MADV_HUGEPAGE. None when the kernel refuses the mapping.
    pub fn new(len: usize, huge: bool) -> Option<Region> {
        let cap = if huge {
            len.div_ceil(HUGE) * HUGE
        } else {
            len.div_ceil(4096) * 4096
        };
        let map_len = if huge { cap + HUGE } else { cap };
        // SAFETY: a fresh private anonymous mapping with valid arguments; the result is
        // checked. The kernel zero-fills it, so every byte is initialised.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                map_len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let base = base as *mut u8;
        let off = if huge {
            (HUGE - (base as usize % HUGE)) % HUGE
        } else {
            0
        };
        // SAFETY: off < HUGE and off + cap <= map_len, so `data` stays inside the mapping.
        let data = unsafe { base.add(off) };
        if huge {
            // SAFETY: the advised range lies inside the mapping just made; advice only.
            unsafe { libc::madvise(data as *mut libc::c_void, cap, libc::MADV_HUGEPAGE) };
        }
        Some(Region {
            base,
            map_len,
            data,
            cap,
        })
    }

    /// The first `len` bytes (panics past the capacity).
    pub fn bytes_mut(&mut self, len: usize) -> &mut [u8] {
        assert!(
            len <= self.cap,
            "Region of {} bytes, asked for {len}",
            self.cap
        );
        // SAFETY: `data..data+cap` lies inside the mapping, which the kernel zero-filled (so
        // initialised) and which `self` owns exclusively for the borrow.
        unsafe { std::slice::from_raw_parts_mut(self.data, len) }
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: base/map_len are exactly what mmap returned; unmapped once.
        unsafe { libc::munmap(self.base as *mut libc::c_void, self.map_len) };
    }
}

enum Storage {
    Heap(Vec<u8>),
    Mapped(Region),
}

impl Storage {
    fn cap(&self) -> usize {
        match self {
            Storage::Heap(v) => v.len(),
            Storage::Mapped(r) => r.cap,
        }
    }

    fn ptr(&mut self) -> *mut u8 {
        match self {
            Storage::Heap(v) => v.as_mut_ptr(),
            Storage::Mapped(r) => r.data,
        }
    }
}

struct Cache {
    /// Freed buffers and when each was freed.
    bufs: Vec<(Storage, Instant)>,
    bytes: usize,
    /// Bytes of recyclable buffers handed out and not yet freed.
    live: usize,
    /// Highest `live` within the last PEAK_WINDOW, and when it was reached.
    peak: usize,
    peak_at: Option<Instant>,
    /// Process that runs the idle-trim thread (0: none; a forked child starts its own).
    janitor_pid: u32,
}

/// How long the peak of live bytes counts towards the adaptive cap.
const PEAK_WINDOW: Duration = Duration::from_secs(30);
/// A cached buffer unused this long goes back to the kernel.
const IDLE_TRIM: Duration = Duration::from_secs(10);
/// Sentinel for "adaptive" in CACHE_CAP.
const AUTO: usize = usize::MAX;

// Per process: a forked child starts with an empty cache and its own lock (the parent's
// janitor or decoders may have held the parent's lock at fork time).
static CACHE: PerProcess<Mutex<Cache>> = PerProcess::new(|| {
    Mutex::new(Cache {
        bufs: Vec::new(),
        bytes: 0,
        live: 0,
        peak: 0,
        peak_at: None,
        janitor_pid: 0,
    })
});

fn lock() -> std::sync::MutexGuard<'static, Cache> {
    CACHE.get().lock().unwrap_or_else(|p| p.into_inner())
}

impl Cache {
    /// The cap now: the fixed one if set, else the larger of the default and the recent
    /// peak of live output bytes. A process that just held a batch of N bytes of images
    /// can keep N bytes for the next batch (as glibc's heap would), never more than it
    /// used itself, and gives it back after IDLE_TRIM of disuse.
    fn limit(&mut self, now: Instant) -> usize {
        let fixed = CACHE_CAP.load(Ordering::Relaxed);
        if fixed != AUTO {
            return fixed;
        }
        if self
            .peak_at
            .is_none_or(|t| now.duration_since(t) > PEAK_WINDOW)
        {
            self.peak = self.live;
            self.peak_at = Some(now);
        }
        DEFAULT_CACHE_BYTES.max(self.peak)
    }

    fn note_live(&mut self, now: Instant) {
        if self.live >= self.peak {
            self.peak = self.live;
            self.peak_at = Some(now);
        }
    }

    fn trim_idle(&mut self, now: Instant) {
        if self
            .bufs
            .iter()
            .any(|(_, t)| now.duration_since(*t) > IDLE_TRIM)
        {
            let mut freed = 0;
            self.bufs.retain(|(b, t)| {
                let keep = now.duration_since(*t) <= IDLE_TRIM;
                if !keep {
                    freed += b.cap();
                }
                keep
            });
            self.bytes -= freed;
        }
    }
}

/// Background trim so an idle process does not sit on cached memory. Wakes every 2 s while
/// the cache holds anything; exits when it is empty.
fn ensure_janitor(g: &mut Cache) {
    let pid = std::process::id();
    if g.janitor_pid == pid {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("fastmedia-recycle".into())
        .spawn(move || loop {
            std::thread::sleep(Duration::from_secs(2));
            let mut g = lock();
            if g.janitor_pid != pid {
                return;
            }
            g.trim_idle(Instant::now());
            if g.bufs.is_empty() {
                g.janitor_pid = 0;
                return;
            }
        });
    if spawned.is_ok() {
        g.janitor_pid = pid;
    }
}

/// An owned pixel buffer: the first `len` bytes are the pixels.
pub struct PixelBuf {
    store: Option<Storage>,
    len: usize,
}

impl PixelBuf {
    /// A buffer of exactly `len` bytes, recycled when a cached one fits.
    pub fn take(len: usize) -> PixelBuf {
        if len < MIN_RECYCLE {
            return PixelBuf {
                store: Some(Storage::Heap(vec![0u8; len])),
                len,
            };
        }
        let now = Instant::now();
        {
            let mut g = lock();
            g.trim_idle(now);
            // Smallest cached buffer that fits and wastes at most a quarter of itself (or one
            // huge page: big buffers are rounded up to 2 MiB).
            let best = g
                .bufs
                .iter()
                .enumerate()
                .filter(|(_, (b, _))| b.cap() >= len && b.cap() - len <= (b.cap() / 4).max(HUGE))
                .min_by_key(|(_, (b, _))| b.cap())
                .map(|(i, _)| i);
            if let Some(i) = best {
                let (s, _) = g.bufs.swap_remove(i);
                g.bytes -= s.cap();
                g.live += s.cap();
                g.note_live(now);
                return PixelBuf {
                    store: Some(s),
                    len,
                };
            }
        }
        let store = match Region::new(len, hugepages() && len >= HUGE / 2) {
            Some(r) => Storage::Mapped(r),
            None => Storage::Heap(vec![0u8; len]),
        };
        let mut g = lock();
        g.live += store.cap();
        g.note_live(now);
        PixelBuf {
            store: Some(store),
            len,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_ptr(&self) -> *const u8 {
        match self
            .store
            .as_ref()
            .expect("PixelBuf storage present until drop")
        {
            Storage::Heap(v) => v.as_ptr(),
            Storage::Mapped(r) => r.data,
        }
    }

    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.store
            .as_mut()
            .expect("PixelBuf storage present until drop")
            .ptr()
    }

    /// Bytes currently held for reuse.
    pub fn cached_bytes() -> usize {
        lock().bytes
    }

    /// Fix the cap on cached bytes (0 disables recycling), or `None` for the adaptive
    /// default; evicts down to it now.
    pub fn set_cache_limit(bytes: Option<usize>) {
        CACHE_CAP.store(bytes.unwrap_or(AUTO), Ordering::Relaxed);
        let mut g = lock();
        let limit = g.limit(Instant::now());
        evict(&mut g, limit);
    }

    /// The cap in force now.
    pub fn cache_limit() -> usize {
        lock().limit(Instant::now())
    }
}

fn evict(g: &mut Cache, target: usize) {
    if g.bytes <= target {
        return;
    }
    // Least recently freed first: what was freed last matches the current workload (after a
    // batch of 4K images, 1080p buffers must not be evicted in favour of idle 4K ones).
    g.bufs.sort_by_key(|(_, t)| std::cmp::Reverse(*t));
    while g.bytes > target {
        match g.bufs.pop() {
            Some((b, _)) => g.bytes -= b.cap(),
            None => break,
        }
    }
}

impl AsRef<[u8]> for PixelBuf {
    fn as_ref(&self) -> &[u8] {
        // SAFETY: the storage holds at least `len` initialised bytes (see module docs) and is
        // owned by self for the borrow's duration.
        unsafe { std::slice::from_raw_parts(self.as_ptr(), self.len) }
    }
}

impl AsMut<[u8]> for PixelBuf {
    fn as_mut(&mut self) -> &mut [u8] {
        let len = self.len;
        // SAFETY: as for as_ref, with exclusive access through &mut self.
        unsafe { std::slice::from_raw_parts_mut(self.as_mut_ptr(), len) }
    }
}

impl Drop for PixelBuf {
    fn drop(&mut self) {
        let Some(store) = self.store.take() else {
            return;
        };
        let cap = store.cap();
        if cap < MIN_RECYCLE {
            return;
        }
        let now = Instant::now();
        let mut g = lock();
        g.live = g.live.saturating_sub(cap);
        let limit = g.limit(now);
        if cap > limit {
            return;
        }
        evict(&mut g, limit - cap);
        g.bytes += cap;
        g.bufs.push((store, now));
        ensure_janitor(&mut g);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The cache is process-wide: tests that look at it take turns.
    static SERIAL: Mutex<()> = Mutex::new(());

    #[test]
    fn adaptive_cap_keeps_what_the_last_batch_used_and_a_fixed_cap_wins() {
        let _s = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
        PixelBuf::set_cache_limit(None);
        // 48 x 16 MiB = 768 MiB live at once (mapped, never touched: no real memory).
        let batch: Vec<PixelBuf> = (0..48).map(|_| PixelBuf::take(16 << 20)).collect();
        drop(batch);
        assert!(
            PixelBuf::cached_bytes() >= 768 << 20,
            "the whole batch is kept for the next one"
        );
        let again: Vec<PixelBuf> = (0..48).map(|_| PixelBuf::take(16 << 20)).collect();
        assert!(
            PixelBuf::cached_bytes() < 16 << 20,
            "the next batch is served from the cache"
        );
        drop(again);
        PixelBuf::set_cache_limit(Some(64 << 20));
        assert!(PixelBuf::cached_bytes() <= 64 << 20);
        PixelBuf::set_cache_limit(Some(0));
        assert_eq!(PixelBuf::cached_bytes(), 0);
        PixelBuf::set_cache_limit(None);
    }

    #[test]
    fn recycles_freed_buffers_and_keeps_them_initialised() {
        let _s = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
        let n = 3 << 20;
        let mut a = PixelBuf::take(n);
        assert!(a.as_ref().iter().all(|&b| b == 0), "fresh memory is zeroed");
        a.as_mut()[0] = 7;
        let p = a.as_ptr();
        drop(a);
        let b = PixelBuf::take(n - 100);
        assert_eq!(b.as_ptr(), p, "a freed buffer of a fitting size is reused");
        assert_eq!(b.len(), n - 100);
        assert_eq!(
            b.as_ref()[0],
            7,
            "recycled bytes are the old (initialised) pixels"
        );
    }

    #[test]
    fn big_buffers_are_page_aligned_mappings() {
        let _s = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
        let b = PixelBuf::take(6 << 20);
        assert_eq!(b.as_ptr() as usize % 4096, 0);
        assert!(b.as_ref().iter().all(|&x| x == 0));
    }
}
