//! Recycled pixel buffers. A fresh 1080p RGB buffer costs ~1500 page faults (~4 ms here,
//! as long as the decode itself); buffers whose arrays Python has freed come back here and
//! are handed to the next decode with their pages already resident.

use std::sync::Mutex;

/// Cached bytes kept for reuse across all decoders in the process.
const CACHE_BYTES: usize = 256 << 20;
/// Buffers smaller than this are cheap to allocate and not worth caching.
const MIN_RECYCLE: usize = 256 << 10;

struct Cache {
    pid: u32,
    bufs: Vec<Vec<u8>>,
    bytes: usize,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { pid: 0, bufs: Vec::new(), bytes: 0 });

fn lock() -> std::sync::MutexGuard<'static, Cache> {
    let mut g = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    let pid = std::process::id();
    if g.pid != pid {
        // A forked child inherits the parent's cache; it is valid memory, keep it.
        g.pid = pid;
    }
    g
}

/// An owned pixel buffer: `data[..len]` are the pixels. Every byte of `data` is initialised
/// (fresh buffers are zeroed; recycled ones hold an earlier image's pixels until overwritten).
pub struct PixelBuf {
    data: Vec<u8>,
    len: usize,
}

impl PixelBuf {
    /// A buffer of exactly `len` bytes, recycled when a cached one fits.
    pub fn take(len: usize) -> PixelBuf {
        if len >= MIN_RECYCLE {
            let mut g = lock();
            // Smallest cached buffer that fits and wastes at most a quarter of itself.
            let best = g
                .bufs
                .iter()
                .enumerate()
                .filter(|(_, b)| b.len() >= len && b.len() - len <= b.len() / 4)
                .min_by_key(|(_, b)| b.len())
                .map(|(i, _)| i);
            if let Some(i) = best {
                let data = g.bufs.swap_remove(i);
                g.bytes -= data.len();
                return PixelBuf { data, len };
            }
        }
        PixelBuf { data: vec![0u8; len], len }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_ptr(&self) -> *const u8 {
        self.data.as_ptr()
    }

    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.data.as_mut_ptr()
    }

    /// Bytes currently held for reuse (for stats and tests).
    pub fn cached_bytes() -> usize {
        lock().bytes
    }
}

impl AsRef<[u8]> for PixelBuf {
    fn as_ref(&self) -> &[u8] {
        &self.data[..self.len]
    }
}

impl AsMut<[u8]> for PixelBuf {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.data[..self.len]
    }
}

impl Drop for PixelBuf {
    fn drop(&mut self) {
        let cap = self.data.len();
        if cap < MIN_RECYCLE {
            return;
        }
        let mut g = lock();
        if g.bytes + cap > CACHE_BYTES {
            // Evict the smallest buffers first; keep the big ones, they cost the most faults.
            g.bufs.sort_by_key(|b| std::cmp::Reverse(b.len()));
            while g.bytes + cap > CACHE_BYTES {
                match g.bufs.pop() {
                    Some(b) => g.bytes -= b.len(),
                    None => return,
                }
            }
        }
        g.bytes += cap;
        g.bufs.push(std::mem::take(&mut self.data));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recycles_freed_buffers() {
        let n = 3 << 20;
        let mut a = PixelBuf::take(n);
        a.as_mut()[0] = 7;
        let p = a.as_ptr();
        drop(a);
        let b = PixelBuf::take(n - 100);
        assert_eq!(b.as_ptr(), p, "a freed buffer of a fitting size is reused");
        assert_eq!(b.len(), n - 100);
    }
}
