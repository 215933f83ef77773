//! State a forked child must not share with its parent. A lock that one of the parent's
//! threads held at `fork()` stays locked forever in the child, whose copy of that thread does
//! not exist; so each process gets its own value, made on first use, and a child leaks the
//! parent's copy (nothing there may be touched, nor freed).

use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Arc, Mutex};

pub struct PerProcess<T> {
    ptr: AtomicPtr<(u32, T)>,
    init: fn() -> T,
}

impl<T> PerProcess<T> {
    pub const fn new(init: fn() -> T) -> PerProcess<T> {
        PerProcess {
            ptr: AtomicPtr::new(std::ptr::null_mut()),
            init,
        }
    }

    /// This process's value (made now if this process has none yet). Takes no lock.
    pub fn get(&self) -> &T {
        let pid = std::process::id();
        loop {
            let cur = self.ptr.load(Ordering::Acquire);
            // SAFETY: a non-null pointer came from Box::into_raw below and is freed only by
            // Drop (which has &mut self, so no reference from `get` is alive).
            if let Some((owner, v)) = unsafe { cur.as_ref() } {
                if *owner == pid {
                    return v;
                }
            }
            let fresh = Box::into_raw(Box::new((pid, (self.init)())));
            match self
                .ptr
                .compare_exchange(cur, fresh, Ordering::AcqRel, Ordering::Acquire)
            {
                // SAFETY: `fresh` is now owned by self.ptr, freed only by Drop (as above).
                Ok(_) => return unsafe { &(*fresh).1 },
                // Another thread of this process won: free ours, use theirs.
                // SAFETY: `fresh` was never published.
                Err(_) => drop(unsafe { Box::from_raw(fresh) }),
            }
        }
    }
}

/// One process's values by key.
type Entries<T> = Mutex<Vec<(u32, Arc<T>)>>;

/// Values made once per process and key (a GPU ordinal: CUDA contexts, nvJPEG handles).
pub struct PerProcessMap<T>(PerProcess<Entries<T>>);

impl<T> Default for PerProcessMap<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> PerProcessMap<T> {
    pub const fn new() -> Self {
        PerProcessMap(PerProcess::new(|| Mutex::new(Vec::new())))
    }

    /// This process's value for `key`, made by `make` the first time.
    pub fn get_or_try<E>(
        &self,
        key: u32,
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let mut all = self.0.get().lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, v)) = all.iter().find(|(k, _)| *k == key) {
            return Ok(Arc::clone(v));
        }
        let v = Arc::new(make()?);
        all.push((key, Arc::clone(&v)));
        Ok(v)
    }
}

impl<T> Drop for PerProcess<T> {
    fn drop(&mut self) {
        let p = *self.ptr.get_mut();
        if p.is_null() {
            return;
        }
        // SAFETY: `p` came from Box::into_raw and is freed only here.
        let b = unsafe { Box::from_raw(p) };
        if b.0 != std::process::id() {
            std::mem::forget(b); // the parent's: its threads and locks are not ours to touch
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn one_value_per_process_and_a_child_gets_its_own() {
        static V: PerProcess<Mutex<u32>> = PerProcess::new(|| Mutex::new(0));
        *V.get().lock().unwrap() = 7;
        assert_eq!(*V.get().lock().unwrap(), 7);
        // Hold the lock across fork(), as a parent's thread may: the child must not block.
        let held = V.get().lock().unwrap();
        // SAFETY: the child only takes its own fresh lock and exits with _exit.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            let fresh = V.get().try_lock().map(|g| *g).unwrap_or(99);
            // SAFETY: _exit is async-signal-safe.
            unsafe { libc::_exit(fresh as i32) };
        }
        drop(held);
        let mut status = 0;
        // SAFETY: waiting for our own child.
        unsafe { libc::waitpid(pid, &mut status, 0) };
        assert!(libc::WIFEXITED(status));
        assert_eq!(
            libc::WEXITSTATUS(status),
            0,
            "the child saw the parent's value or lock"
        );
    }
}
