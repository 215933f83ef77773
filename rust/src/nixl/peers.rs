//! Remote agents an agent has loaded: once per metadata string, refcounted by transfers in
//! flight, replaced when a peer with the same name comes back with new connection info.
//!
//! A metadata string that failed to connect (a peer that died while its descriptors are still
//! about) is not tried again for [`RETRY_FAILED`]: each failed attempt costs a file descriptor
//! inside UCX that invalidating the peer does not give back (NIXL's UCX backend over TCP), so
//! retrying on every transfer leaked one fd per transfer.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use super::agent::Agent;
use super::metadata::{agent_name, decode_metadata};
use crate::error::{Error, Result};

pub const MAX_MD: usize = 4096;
pub const RETRY_FAILED: Duration = Duration::from_secs(5);

/// What the cache needs of an agent (a stub in tests).
pub trait Connect {
    fn load_remote(&mut self, md: &[u8]) -> Result<String>;
    fn forget_remote(&mut self, name: &str);
}

impl Connect for Agent {
    fn load_remote(&mut self, md: &[u8]) -> Result<String> {
        Agent::load_remote(self, md)
    }
    fn forget_remote(&mut self, name: &str) {
        Agent::forget_remote(self, name); // a lane's agent gets no notifications of its own
    }
}

#[derive(Default)]
struct Peer {
    refs: usize,
    mds: HashSet<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeerStats {
    pub added: u64,
    pub replaced: u64,
    pub failed_fast: u64,
}

#[derive(Default)]
pub struct Peers {
    /// metadata string -> (peer name, last use)
    by_md: HashMap<String, (String, u64)>,
    by_name: HashMap<String, Peer>,
    /// metadata string -> (when it failed, why, when recorded)
    failed: HashMap<String, (Instant, String, u64)>,
    tick: u64,
    pub stats: PeerStats,
}

/// Drop the least recently used entry of `map` once it holds more than `MAX_MD`.
fn trim<V>(map: &mut HashMap<String, V>, stamp: impl Fn(&V) -> u64) -> Option<String> {
    if map.len() <= MAX_MD {
        return None;
    }
    let oldest = map.iter().min_by_key(|(_, v)| stamp(v))?.0.clone();
    map.remove(&oldest);
    Some(oldest)
}

impl Peers {
    fn next_tick(&mut self) -> u64 {
        self.tick += 1;
        self.tick
    }

    /// Peers loaded now.
    pub fn loaded(&self) -> usize {
        self.by_name.len()
    }

    /// The peer of `md`, loaded if new; hold it with one reference until [`Peers::release`].
    pub fn acquire(&mut self, agent: &mut impl Connect, md: &str, now: Instant) -> Result<String> {
        let tick = self.next_tick();
        if let Some((name, used)) = self.by_md.get_mut(md) {
            *used = tick;
            let name = name.clone();
            self.by_name.entry(name.clone()).or_default().refs += 1;
            return Ok(name);
        }
        if let Some((when, why, _)) = self.failed.get(md) {
            if now.saturating_duration_since(*when) < RETRY_FAILED {
                self.stats.failed_fast += 1;
                return Err(Error::Transfer(format!(
                    "{why} (not retried for {} s)",
                    RETRY_FAILED.as_secs()
                )));
            }
        }
        match self.add(agent, md, tick) {
            Ok(name) => {
                self.failed.remove(md);
                Ok(name)
            }
            Err((e, connect_failed)) => {
                if connect_failed {
                    self.failed
                        .insert(md.to_owned(), (now, e.to_string(), tick));
                    trim(&mut self.failed, |v| v.2);
                }
                Err(e)
            }
        }
    }

    /// Load `md`; the flag says the peer could not be reached (remembered as failed).
    fn add(
        &mut self,
        agent: &mut impl Connect,
        md: &str,
        tick: u64,
    ) -> std::result::Result<String, (Error, bool)> {
        let raw = decode_metadata(md).map_err(|e| (e, false))?;
        let hint = agent_name(&raw).map(str::to_owned);
        let cannot = |hint: &Option<String>, e: Error| {
            let e = Error::Transfer(format!(
                "cannot connect to remote agent {hint:?} (loading its NIXL metadata failed: {e})",
                hint = hint.as_deref().unwrap_or("?")
            ));
            (e, true)
        };
        let name = match agent.load_remote(&raw) {
            Ok(name) => name,
            Err(e) => {
                let old = hint.as_ref().filter(|h| self.by_name.contains_key(*h));
                let Some(old) = old.cloned() else {
                    return Err(cannot(&hint, e));
                };
                if self.by_name[&old].refs > 0 {
                    // The known incarnation has transfers in flight, so it is alive: do not
                    // evict it for other connection info (most likely a stale descriptor).
                    return Err((
                        Error::Transfer(format!(
                            "remote agent {old:?} is connected with other metadata and busy; \
                             refusing a descriptor from another incarnation ({e})"
                        )),
                        false,
                    ));
                }
                // Same name, new connection info: the peer restarted. Drop the old one.
                self.drop_peer(agent, &old, true);
                self.stats.replaced += 1;
                agent.load_remote(&raw).map_err(|e| cannot(&hint, e))?
            }
        };
        self.stats.added += 1;
        let peer = self.by_name.entry(name.clone()).or_default();
        peer.mds.insert(md.to_owned());
        peer.refs += 1;
        self.by_md.insert(md.to_owned(), (name.clone(), tick));
        if let Some(old_md) = trim(&mut self.by_md, |v| v.1) {
            for p in self.by_name.values_mut() {
                p.mds.remove(&old_md);
            }
        }
        Ok(name)
    }

    /// Hand back a reference; a failed transfer forgets the peer, so the next one reconnects.
    pub fn release(&mut self, agent: &mut impl Connect, name: &str, failed: bool) {
        if let Some(p) = self.by_name.get_mut(name) {
            p.refs = p.refs.saturating_sub(1);
        }
        if failed {
            self.drop_peer(agent, name, false);
        }
    }

    fn drop_peer(&mut self, agent: &mut impl Connect, name: &str, force: bool) {
        let Some(p) = self.by_name.get_mut(name) else {
            return;
        };
        for md in p.mds.drain() {
            self.by_md.remove(&md);
        }
        if p.refs == 0 || force {
            self.by_name.remove(name);
            agent.forget_remote(name);
        }
    }

    /// Forget every peer (the agent is going away).
    pub fn close(&mut self, agent: &mut impl Connect) {
        for name in std::mem::take(&mut self.by_name).into_keys() {
            agent.forget_remote(&name);
        }
        self.by_md.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nixl::metadata::encode_metadata;

    /// Loads metadata whose agent name is listed in `up`; records what it forgot.
    #[derive(Default)]
    struct Stub {
        up: HashSet<String>,
        loaded: Vec<String>,
        forgot: Vec<String>,
    }

    impl Connect for Stub {
        fn load_remote(&mut self, md: &[u8]) -> Result<String> {
            let name = agent_name(md).unwrap().to_owned();
            if !self.up.contains(&name) || self.loaded.contains(&name) {
                return Err(Error::Nixl("refused".into()));
            }
            self.loaded.push(name.clone());
            Ok(name)
        }
        fn forget_remote(&mut self, name: &str) {
            self.loaded.retain(|n| n != name);
            self.forgot.push(name.to_owned());
        }
    }

    fn md(name: &str, incarnation: u8) -> String {
        let mut raw = b"nixlSerDes|Agent".to_vec();
        raw.extend_from_slice(&(name.len() as u64).to_le_bytes());
        raw.extend_from_slice(name.as_bytes());
        raw.push(incarnation);
        encode_metadata(&raw)
    }

    #[test]
    fn loads_once_per_metadata_and_refcounts() {
        let mut stub = Stub::default();
        stub.up.insert("a".into());
        let mut peers = Peers::default();
        let t = Instant::now();
        assert_eq!(peers.acquire(&mut stub, &md("a", 1), t).unwrap(), "a");
        assert_eq!(peers.acquire(&mut stub, &md("a", 1), t).unwrap(), "a");
        assert_eq!(peers.stats.added, 1);
        peers.release(&mut stub, "a", false);
        peers.release(&mut stub, "a", true);
        assert_eq!(
            stub.forgot,
            ["a"],
            "a failed transfer with no other holder forgets"
        );
        assert_eq!(peers.acquire(&mut stub, &md("a", 1), t).unwrap(), "a");
        assert_eq!(peers.stats.added, 2);
    }

    #[test]
    fn a_restarted_peer_replaces_an_idle_one_but_not_a_busy_one() {
        let mut stub = Stub::default();
        stub.up.insert("a".into());
        let mut peers = Peers::default();
        let t = Instant::now();
        peers.acquire(&mut stub, &md("a", 1), t).unwrap();
        let busy = peers.acquire(&mut stub, &md("a", 2), t).unwrap_err();
        assert!(busy.to_string().contains("busy"), "{busy}");
        peers.release(&mut stub, "a", false);
        assert_eq!(peers.acquire(&mut stub, &md("a", 2), t).unwrap(), "a");
        assert_eq!(peers.stats.replaced, 1);
        assert_eq!(stub.forgot, ["a"]);
    }

    #[test]
    fn a_failed_peer_is_not_retried_until_its_time_is_up() {
        let mut stub = Stub::default();
        let mut peers = Peers::default();
        let t = Instant::now();
        let first = peers.acquire(&mut stub, &md("gone", 1), t).unwrap_err();
        assert!(matches!(first, Error::Transfer(_)), "{first}");
        let fast = peers
            .acquire(&mut stub, &md("gone", 1), t + Duration::from_secs(4))
            .unwrap_err();
        assert!(fast.to_string().contains("not retried"), "{fast}");
        assert_eq!(peers.stats.failed_fast, 1);
        stub.up.insert("gone".into());
        let later = t + RETRY_FAILED + Duration::from_millis(1);
        assert_eq!(
            peers.acquire(&mut stub, &md("gone", 1), later).unwrap(),
            "gone"
        );
    }

    #[test]
    fn bad_metadata_is_a_config_error_and_not_remembered() {
        let mut peers = Peers::default();
        let err = peers
            .acquire(&mut Stub::default(), "b64:!!", Instant::now())
            .unwrap_err();
        assert!(matches!(err, Error::Config(_)), "{err}");
        assert!(peers.failed.is_empty());
    }
}
