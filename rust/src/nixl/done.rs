//! A lane job's completion, reported without the GIL: `Completion` holds the outcome and
//! wakes threads that wait on it (a condvar) and event loops that watch a `WakePipe` (a
//! socket pair whose read end the loop polls), each with the token its waiter gave.

use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::net::UnixStream;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::{End, Outcome};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Tokens of completed waits, and a socket pair that turns "some are ready" into a
/// readable fd. One byte is in flight at most while the queue is non-empty.
pub struct WakePipe {
    rx: UnixStream,
    tx: UnixStream,
    ready: Mutex<Vec<u64>>,
}

impl WakePipe {
    pub fn new() -> std::io::Result<WakePipe> {
        let (rx, tx) = UnixStream::pair()?;
        rx.set_nonblocking(true)?;
        tx.set_nonblocking(true)?;
        Ok(WakePipe {
            rx,
            tx,
            ready: Mutex::new(Vec::new()),
        })
    }

    /// The fd that becomes readable when tokens are ready.
    pub fn fd(&self) -> RawFd {
        self.rx.as_raw_fd()
    }

    pub fn push(&self, token: u64) {
        let mut ready = lock(&self.ready);
        ready.push(token);
        if ready.len() == 1 {
            // A full buffer means a byte is already there: the reader will look.
            let _ = (&self.tx).write(&[1]);
        }
    }

    /// Up to `timeout` (None: no bound) for the fd to be readable; true if it is.
    pub fn wait(&self, timeout: Option<Duration>) -> bool {
        let ts = timeout.map(|t| libc::timespec {
            tv_sec: t.as_secs().min(i32::MAX as u64) as libc::time_t,
            tv_nsec: t.subsec_nanos() as libc::c_long,
        });
        let mut fd = libc::pollfd {
            fd: self.fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let tp = ts
            .as_ref()
            .map_or(std::ptr::null(), |t| t as *const libc::timespec);
        // SAFETY: one valid pollfd and an optional timespec, both alive for the call; `rx`
        // outlives it. ppoll (not poll) for sub-millisecond timeouts.
        let n = unsafe { libc::ppoll(&mut fd, 1, tp, std::ptr::null()) };
        n > 0 && fd.revents & libc::POLLIN != 0
    }

    /// The tokens ready since the last call; empties the fd first, so a push after this
    /// makes it readable again.
    pub fn drain(&self) -> Vec<u64> {
        let mut buf = [0u8; 64];
        loop {
            match (&self.rx).read(&mut buf) {
                Ok(n) if n > 0 => continue,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                _ => break,
            }
        }
        std::mem::take(&mut *lock(&self.ready))
    }
}

#[derive(Default)]
struct Slot {
    end: Option<End>,
    watchers: Vec<(Arc<WakePipe>, u64)>,
}

/// One job's outcome: set once by the lane, read by anyone.
#[derive(Default)]
pub struct Completion {
    slot: Mutex<Slot>,
    cv: Condvar,
}

impl Completion {
    /// Record the job's end, wake the waiting threads, push each watcher's token.
    pub fn end(&self, end: End) {
        let watchers = {
            let mut slot = lock(&self.slot);
            slot.end = Some(end);
            std::mem::take(&mut slot.watchers)
        };
        self.cv.notify_all();
        for (pipe, token) in watchers {
            pipe.push(token);
        }
    }

    /// None while the job runs.
    pub fn outcome(&self) -> Option<Outcome> {
        lock(&self.slot).end.as_ref().map(|e| e.outcome.clone())
    }

    /// The job ended with its handle kept (see `End::kept`).
    pub fn kept(&self) -> bool {
        lock(&self.slot).end.as_ref().is_some_and(|e| e.kept)
    }

    /// Wait up to `timeout` for the outcome; true if there is one.
    pub fn wait(&self, timeout: Duration) -> bool {
        let slot = lock(&self.slot);
        let (slot, _) = self
            .cv
            .wait_timeout_while(slot, timeout, |s| s.end.is_none())
            .unwrap_or_else(|p| p.into_inner());
        slot.end.is_some()
    }

    /// Push `token` to `pipe` when the job ends, in place of any token this pipe watched it
    /// with before (one wait per event loop: a loop's earlier waits on it are over); false,
    /// and nothing pushed, if it has already ended.
    pub fn watch(&self, pipe: &Arc<WakePipe>, token: u64) -> bool {
        let mut slot = lock(&self.slot);
        if slot.end.is_some() {
            return false;
        }
        match slot.watchers.iter_mut().find(|(p, _)| Arc::ptr_eq(p, pipe)) {
            Some(w) => w.1 = token,
            None => slot.watchers.push((pipe.clone(), token)),
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads the fd's byte, if one is there (what the loop does when it is readable).
    fn take_byte(pipe: &WakePipe) -> bool {
        let mut b = [0u8; 1];
        matches!((&pipe.rx).read(&mut b), Ok(1))
    }

    #[test]
    fn a_watched_completion_pushes_its_latest_token_once_and_makes_the_fd_readable() {
        let pipe = Arc::new(WakePipe::new().unwrap());
        let c = Completion::default();
        assert!(c.watch(&pipe, 7));
        assert!(c.watch(&pipe, 9)); // the loop's next wait: its token replaces the first
        assert!(!take_byte(&pipe));
        c.end(Ok(()).into());
        assert!(take_byte(&pipe));
        assert_eq!(pipe.drain(), vec![9]);
        assert!(!take_byte(&pipe));
        assert!(!c.watch(&pipe, 8)); // already ended: nothing is pushed
        assert_eq!(pipe.drain(), Vec::<u64>::new());
    }

    #[test]
    fn many_tokens_share_one_byte_and_a_push_after_a_drain_signals_again() {
        let pipe = Arc::new(WakePipe::new().unwrap());
        let cs: Vec<Completion> = (0..3).map(|_| Completion::default()).collect();
        for (i, c) in cs.iter().enumerate() {
            c.watch(&pipe, i as u64);
        }
        cs[0].end(Ok(()).into());
        cs[1].end(Err("failed".to_owned()).into());
        assert_eq!(pipe.drain(), vec![0, 1]);
        assert!(!take_byte(&pipe)); // drained: one byte carried both tokens
        cs[2].end(Ok(()).into());
        assert!(take_byte(&pipe));
        assert!(!take_byte(&pipe));
        assert_eq!(pipe.drain(), vec![2]);
    }

    #[test]
    fn a_pipe_wait_sees_a_push_from_another_thread_and_leaves_the_tokens() {
        let pipe = Arc::new(WakePipe::new().unwrap());
        assert!(!pipe.wait(Some(Duration::from_micros(50))));
        assert!(!pipe.wait(Some(Duration::ZERO)));
        let p2 = pipe.clone();
        let t = std::thread::spawn(move || p2.push(4));
        assert!(pipe.wait(None));
        t.join().unwrap();
        assert!(pipe.wait(Some(Duration::ZERO))); // still readable until drained
        assert_eq!(pipe.drain(), vec![4]);
        assert!(!pipe.wait(Some(Duration::ZERO)));
    }

    #[test]
    fn wait_returns_at_the_outcome_or_the_timeout() {
        let c = Arc::new(Completion::default());
        assert!(!c.wait(Duration::from_millis(1)));
        let c2 = c.clone();
        let t = std::thread::spawn(move || c2.end(Err("boom".to_owned()).into()));
        assert!(c.wait(Duration::from_secs(60)));
        t.join().unwrap();
        assert_eq!(c.outcome(), Some(Err("boom".to_string())));
    }
}
