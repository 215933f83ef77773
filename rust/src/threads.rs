//! The decode pool: one rayon pool per owner (never the global pool), rebuilt lazily in a
//! forked child, where the parent's worker threads do not exist.

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
