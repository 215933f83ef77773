//! Deadlines by key, earliest first: what is due comes out without a scan of everything that
//! waits (an endpoint looks every 50 us to 1 ms while thousands may wait).

use std::collections::BTreeSet;
use std::time::Instant;

pub struct Deadlines<K: Ord + Clone> {
    due: BTreeSet<(Instant, K)>,
}

impl<K: Ord + Clone> Default for Deadlines<K> {
    fn default() -> Self {
        Deadlines {
            due: BTreeSet::new(),
        }
    }
}

impl<K: Ord + Clone> Deadlines<K> {
    pub fn add(&mut self, at: Instant, key: K) {
        self.due.insert((at, key));
    }

    /// Forget `key`'s deadline `at` (it ended first).
    pub fn remove(&mut self, at: Instant, key: &K) {
        self.due.remove(&(at, key.clone()));
    }

    /// Take out the keys due at `now`, earliest first.
    pub fn due(&mut self, now: Instant) -> Vec<K> {
        let mut out = Vec::new();
        while self.due.first().is_some_and(|(at, _)| *at <= now) {
            out.extend(self.due.pop_first().map(|(_, k)| k));
        }
        out
    }

    pub fn clear(&mut self) {
        self.due.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn keys_come_out_when_due_earliest_first_unless_removed() {
        let t = Instant::now();
        let s = Duration::from_secs;
        let mut d = Deadlines::default();
        d.add(t + s(5), "b");
        d.add(t + s(3), "a");
        d.add(t + s(4), "gone");
        d.add(t + s(9), "c");
        d.remove(t + s(4), &"gone");
        d.remove(t + s(1), &"c"); // not its deadline: stays
        assert!(d.due(t + s(2)).is_empty());
        assert_eq!(d.due(t + s(5)), ["a", "b"]);
        assert!(d.due(t + s(5)).is_empty());
        assert_eq!(d.due(t + s(60)), ["c"]);
    }
}
