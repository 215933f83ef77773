//! Notifications an endpoint waits for, by key: a Write receiver's done signals (`str(done_id)`,
//! from the sender it offered the buffer to) and a Read sender's lease keys (from any reader;
//! fastmedia's readers join several with ';'). The endpoint feeds every notification in
//! (`rust/src/py/endpoint.rs`); the one a key waits for ends that key's ticket, without the GIL.

use std::collections::HashMap;
use std::sync::Arc;

use super::done::Completion;
use super::lane::End;
use crate::error::{Error, Result};

/// The longest key taken (a notification is at most a batch of them).
pub const MAX_KEY: usize = 256;

#[derive(Default)]
pub struct Awaited {
    /// key -> (the only peer it may come from, if one; its ticket)
    waiting: HashMap<Vec<u8>, (Option<String>, Arc<Completion>)>,
    /// A notification may carry several keys, joined with ';'.
    batched: bool,
}

impl Awaited {
    pub fn new(batched: bool) -> Awaited {
        Awaited {
            waiting: HashMap::new(),
            batched,
        }
    }

    /// Wait for notification `key` (from `peer` alone, if given); the ticket ends when it comes.
    pub fn expect(&mut self, key: &[u8], peer: Option<&str>) -> Result<Arc<Completion>> {
        let bad = key.is_empty() || key.len() > MAX_KEY || (self.batched && key.contains(&b';'));
        if bad || self.waiting.contains_key(key) {
            return Err(Error::config(format!(
                "notification key {:?} is empty, too long, or already awaited",
                String::from_utf8_lossy(key)
            )));
        }
        let done = Arc::new(Completion::default());
        self.waiting
            .insert(key.to_vec(), (peer.map(str::to_owned), done.clone()));
        Ok(done)
    }

    /// Stop waiting for `key`; false if it came first (or was never awaited).
    pub fn cancel(&mut self, key: &[u8]) -> bool {
        self.waiting.remove(key).is_some()
    }

    /// The peers keys wait on: their metadata must stay loaded.
    pub fn peers(&self) -> impl Iterator<Item = &String> {
        self.waiting.values().filter_map(|(peer, _)| peer.as_ref())
    }

    /// Keys waiting.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// A notification from `remote`: each key it carries that waits for it (from that peer, if
    /// one was named) ends; anything else is ignored.
    pub fn take(&mut self, remote: &str, msg: &[u8]) {
        let keys: Vec<&[u8]> = if self.batched {
            msg.split(|&b| b == b';').collect()
        } else {
            vec![msg]
        };
        for key in keys {
            let from_it = self
                .waiting
                .get(key)
                .is_some_and(|(peer, _)| peer.as_deref().is_none_or(|p| p == remote));
            if from_it {
                if let Some((_, done)) = self.waiting.remove(key) {
                    done.end(End::from(Ok(())));
                }
            }
        }
    }

    /// Fail every key (the endpoint is closing).
    pub fn close(&mut self, why: &str) {
        for (_, (_, done)) in self.waiting.drain() {
            done.end(End::from(Err(why.to_owned())));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_done_signal_ends_its_offer_only_from_its_sender() {
        let mut a = Awaited::new(false);
        let done = a.expect(b"42", Some("tx")).unwrap();
        assert!(a.expect(b"42", Some("tx")).is_err());
        for (peer, msg) in [
            ("other", &b"42"[..]),
            ("tx", b"43"),
            ("tx", b"42;43"),
            ("tx", b""),
        ] {
            a.take(peer, msg);
        }
        assert_eq!(done.outcome(), None);
        assert_eq!(a.peers().collect::<Vec<_>>(), vec!["tx"]);
        a.take("tx", b"42");
        assert_eq!(done.outcome(), Some(Ok(())));
        assert!(!a.cancel(b"42"));
        let late = a.expect(b"7", Some("tx")).unwrap();
        assert!(a.cancel(b"7"));
        a.take("tx", b"7");
        assert_eq!(late.outcome(), None); // cancelled: its buffer is the caller's to quarantine
        let open = a.expect(b"8", Some("tx")).unwrap();
        a.close("closed");
        assert_eq!(open.outcome(), Some(Err("closed".into())));
        assert!(a.is_empty());
    }

    #[test]
    fn a_batch_of_lease_keys_ends_each_from_any_reader() {
        let mut a = Awaited::new(true);
        let (x, y, z) = (
            a.expect(b"fm-embed:x", None).unwrap(),
            a.expect(b"fm-embed:y", None).unwrap(),
            a.expect(b"fm-embed:z", None).unwrap(),
        );
        assert!(a.expect(b"a;b", None).is_err()); // a key never holds the separator
        assert!(a.expect(b"", None).is_err());
        a.take("reader-1", b"fm-embed:x;fm-embed:unknown;fm-embed:y");
        assert_eq!((x.outcome(), y.outcome()), (Some(Ok(())), Some(Ok(()))));
        assert_eq!(z.outcome(), None);
        assert_eq!(a.peers().count(), 0);
        a.take("dynamo-reader", b"fm-embed:z"); // Dynamo's receiver sends one key
        assert_eq!(z.outcome(), Some(Ok(())));
        assert_eq!(a.len(), 0);
    }
}
