//! Notifications an endpoint waits for, by key: a Write receiver's done signals (`str(done_id)`,
//! from the sender it offered the buffer to) and a Read sender's lease keys (from any reader;
//! fastmedia's readers join several with ';'). The endpoint feeds every notification in
//! (`rust/src/py/endpoint.rs`); the one a key waits for ends that key's ticket, without the GIL,
//! and a key not come by its deadline ends `TIMED_OUT` ([`Awaited::expire`]).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use super::deadlines::Deadlines;
use super::done::Completion;
use super::lane::{End, TIMED_OUT};
use crate::error::{Error, Result};

/// The longest key taken (a notification is at most a batch of them).
pub const MAX_KEY: usize = 256;

struct Waiting {
    /// The only peer it may come from, if one.
    peer: Option<String>,
    deadline: Option<Instant>,
    done: Arc<Completion>,
}

#[derive(Default)]
pub struct Awaited {
    waiting: HashMap<Vec<u8>, Waiting>,
    /// A notification may carry several keys, joined with ';'.
    batched: bool,
    deadlines: Deadlines<Vec<u8>>,
}

impl Awaited {
    pub fn new(batched: bool) -> Awaited {
        Awaited {
            batched,
            ..Awaited::default()
        }
    }

    /// Wait for notification `key` (from `peer` alone, if given) until `deadline` (None: no
    /// bound); the ticket ends when it comes.
    pub fn expect(
        &mut self,
        key: &[u8],
        peer: Option<&str>,
        deadline: Option<Instant>,
    ) -> Result<Arc<Completion>> {
        let bad = key.is_empty() || key.len() > MAX_KEY || (self.batched && key.contains(&b';'));
        if bad || self.waiting.contains_key(key) {
            return Err(Error::config(format!(
                "notification key {:?} is empty, too long, or already awaited",
                String::from_utf8_lossy(key)
            )));
        }
        let done = Arc::new(Completion::default());
        let waiting = Waiting {
            peer: peer.map(str::to_owned),
            deadline,
            done: done.clone(),
        };
        self.waiting.insert(key.to_vec(), waiting);
        if let Some(at) = deadline {
            self.deadlines.add(at, key.to_vec());
        }
        Ok(done)
    }

    /// Stop waiting for `key`: `Some(the peer it was to come from, if one)`; None if it came
    /// first (or was never awaited).
    pub fn cancel(&mut self, key: &[u8]) -> Option<Option<String>> {
        self.end(key).map(|w| w.peer)
    }

    /// `key` out of the book, with its deadline.
    fn end(&mut self, key: &[u8]) -> Option<Waiting> {
        let w = self.waiting.remove(key)?;
        if let Some(at) = w.deadline {
            self.deadlines.remove(at, &key.to_vec());
        }
        Some(w)
    }

    /// End every key whose deadline is past at `now` with `TIMED_OUT`; the peers they were
    /// to come from (one per key that named its peer).
    pub fn expire(&mut self, now: Instant) -> Vec<String> {
        let mut named = Vec::new();
        for key in self.deadlines.due(now) {
            if let Some(w) = self.waiting.remove(&key) {
                w.done.end(End::from(Err(TIMED_OUT.to_owned())));
                named.extend(w.peer);
            }
        }
        named
    }

    /// Keys waiting.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// A notification from `remote`: each key it carries that waits for it (from that peer, if
    /// one was named) ends; anything else is ignored. Returns how many of the keys it ended
    /// named `remote`.
    pub fn take(&mut self, remote: &str, msg: &[u8]) -> usize {
        let mut named = 0;
        let keys: Vec<&[u8]> = if self.batched {
            msg.split(|&b| b == b';').collect()
        } else {
            vec![msg]
        };
        for key in keys {
            let from_it = self
                .waiting
                .get(key)
                .is_some_and(|w| w.peer.as_deref().is_none_or(|p| p == remote));
            if from_it {
                if let Some(w) = self.end(key) {
                    named += usize::from(w.peer.is_some());
                    w.done.end(End::from(Ok(())));
                }
            }
        }
        named
    }

    /// Fail every key (the endpoint is closing).
    pub fn close(&mut self, why: &str) {
        for (_, w) in self.waiting.drain() {
            w.done.end(End::from(Err(why.to_owned())));
        }
        self.deadlines.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_done_signal_ends_its_offer_only_from_its_sender() {
        let mut a = Awaited::new(false);
        let done = a.expect(b"42", Some("tx"), None).unwrap();
        assert!(a.expect(b"42", Some("tx"), None).is_err());
        for (peer, msg) in [
            ("other", &b"42"[..]),
            ("tx", b"43"),
            ("tx", b"42;43"),
            ("tx", b""),
        ] {
            assert_eq!(a.take(peer, msg), 0);
        }
        assert_eq!(done.outcome(), None);
        assert_eq!(a.take("tx", b"42"), 1);
        assert_eq!(done.outcome(), Some(Ok(())));
        assert_eq!(a.cancel(b"42"), None);
        let late = a.expect(b"7", Some("tx"), None).unwrap();
        assert_eq!(a.cancel(b"7"), Some(Some("tx".to_owned())));
        a.take("tx", b"7");
        assert_eq!(late.outcome(), None); // cancelled: its buffer is the caller's to quarantine
        let open = a.expect(b"8", Some("tx"), None).unwrap();
        a.close("closed");
        assert_eq!(open.outcome(), Some(Err("closed".into())));
        assert!(a.is_empty());
    }

    #[test]
    fn keys_not_come_by_their_deadline_time_out_and_name_their_peer() {
        let mut a = Awaited::new(false);
        let t = Instant::now();
        let s = std::time::Duration::from_secs;
        let late = a.expect(b"1", Some("tx"), Some(t + s(5))).unwrap();
        let anon = a.expect(b"2", None, Some(t + s(3))).unwrap();
        let never = a.expect(b"3", Some("tx"), None).unwrap();
        let later = a.expect(b"4", Some("ty"), Some(t + s(9))).unwrap();
        assert!(a.expire(t + s(2)).is_empty());
        assert_eq!(a.expire(t + s(5)), ["tx"]);
        assert_eq!(late.outcome(), Some(Err(TIMED_OUT.into())));
        assert_eq!(anon.outcome(), Some(Err(TIMED_OUT.into())));
        assert_eq!((never.outcome(), later.outcome()), (None, None));
        assert!(a.expire(t + s(8)).is_empty());
        assert_eq!(a.take("ty", b"4"), 1); // came first: nothing left to expire
        assert!(a.expire(t + s(60)).is_empty());
        assert_eq!(a.len(), 1);
    }

    #[test]
    fn a_batch_of_lease_keys_ends_each_from_any_reader() {
        let mut a = Awaited::new(true);
        let (x, y, z) = (
            a.expect(b"fm-embed:x", None, None).unwrap(),
            a.expect(b"fm-embed:y", None, None).unwrap(),
            a.expect(b"fm-embed:z", None, None).unwrap(),
        );
        assert!(a.expect(b"a;b", None, None).is_err()); // a key never holds the separator
        assert!(a.expect(b"", None, None).is_err());
        let named = a.take("reader-1", b"fm-embed:x;fm-embed:unknown;fm-embed:y");
        assert_eq!(
            (x.outcome(), y.outcome(), named),
            (Some(Ok(())), Some(Ok(())), 0)
        );
        assert_eq!(z.outcome(), None);
        a.take("dynamo-reader", b"fm-embed:z"); // Dynamo's receiver sends one key
        assert_eq!(z.outcome(), Some(Ok(())));
        assert_eq!(a.len(), 0);
    }
}
