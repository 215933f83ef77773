//! The decode pool: one rayon pool per owner (never the global pool), rebuilt lazily in a
//! forked child, where the parent's worker threads do not exist.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::forksafe::PerProcess;

use rayon::{ThreadPool, ThreadPoolBuilder};

use crate::error::{Error, Result};

pub struct WorkPool {
    threads: usize,
    name: &'static str,
    /// Per process: a child must not take a lock the parent's threads may hold.
    slot: PerProcess<Mutex<Option<Arc<ThreadPool>>>>,
}

/// Cores this process may run on (cgroup/affinity aware).
pub fn usable_cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

impl WorkPool {
    pub fn new(threads: Option<usize>, name: &'static str) -> Result<WorkPool> {
        let threads = threads.unwrap_or_else(usable_cores);
        if threads == 0 {
            return Err(Error::config("threads must be at least 1"));
        }
        Ok(WorkPool {
            threads,
            name,
            slot: PerProcess::new(|| Mutex::new(None)),
        })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The pool for this process, built on first use and again after a fork (the parent's,
    /// whose workers are gone in the child, is leaked with the parent's slot).
    pub fn get(&self) -> Result<Arc<ThreadPool>> {
        let mut slot = self.slot.get().lock().unwrap_or_else(|p| p.into_inner());
        if let Some(pool) = slot.as_ref() {
            return Ok(pool.clone());
        }
        let name = self.name;
        let pool = ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .thread_name(move |i| format!("{name}-{i}"))
            .build()
            .map_err(|e| Error::decode(format!("could not start {name} pool: {e}")))?;
        let pool = Arc::new(pool);
        *slot = Some(pool.clone());
        Ok(pool)
    }
}

/// A cancellation flag shared between a caller and the work it started: checked before each
/// batch item and each video decode group, so cancelled work stops at the next of those.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// A flag that `cancel()` sets.
    pub fn new() -> Cancel {
        Cancel(Some(Arc::new(AtomicBool::new(false))))
    }

    pub fn cancel(&self) {
        if let Some(f) = &self.0 {
            f.store(true, Ordering::Release);
        }
    }

    pub fn is_set(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Acquire))
    }

    /// `Err(Cancelled)` once cancelled.
    pub fn check(&self) -> Result<()> {
        if self.is_set() {
            Err(Error::Cancelled(
                "the call was cancelled before this item started".into(),
            ))
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancel_is_shared_by_clones() {
        let c = Cancel::new();
        let d = c.clone();
        assert!(d.check().is_ok());
        c.cancel();
        assert!(d.is_set());
        assert!(matches!(d.check(), Err(Error::Cancelled(_))));
        assert!(!Cancel::default().is_set());
    }
}
