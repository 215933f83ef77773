//! Remote agents an agent has loaded: once per metadata string, refcounted by transfers in
//! flight, replaced when a peer with the same name comes back with new connection info.
//! An embedding endpoint finds its peers by name instead ([`Peers::connect_named`]): its
//! handshakes name their sender, and it keeps at most a set number loaded; a handshake in
//! flight holds its peer ([`Peers::hold`]) as a transfer does.
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
    /// Tick of the last use (the by-name LRU).
    used: u64,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeerStats {
    pub added: u64,
    pub replaced: u64,
    pub failed_fast: u64,
}

#[derive(Default)]
pub struct Peers {
    /// Peers [`Peers::connect_named`] forgot to stay within its bound.
    pub evicted: u64,
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
            let peer = self.by_name.entry(name.clone()).or_default();
            peer.refs += 1;
            peer.used = tick;
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
        peer.used = tick;
        self.by_md.insert(md.to_owned(), (name.clone(), tick));
        if let Some(old_md) = trim(&mut self.by_md, |v| v.1) {
            for p in self.by_name.values_mut() {
                p.mds.remove(&old_md);
            }
        }
        Ok(name)
    }

    /// The peer `name`, by name: `Ok(None)` when it is not loaded and there is no `raw`
    /// metadata to load it from. Otherwise it is loaded (from `raw` if new) and most recently
    /// used, and while more than `max` are loaded the least recently used others that nothing
    /// holds are forgotten: `Ok(Some(their names))`. Metadata of another agent is a `Decode`
    /// error (and is not kept loaded); a load that fails, `Transfer`.
    pub fn connect_named(
        &mut self,
        agent: &mut impl Connect,
        name: &str,
        raw: Option<&[u8]>,
        max: usize,
    ) -> Result<Option<Vec<String>>> {
        let tick = self.next_tick();
        if let Some(peer) = self.by_name.get_mut(name) {
            peer.used = tick;
        } else {
            let Some(raw) = raw else {
                return Ok(None);
            };
            self.load_named(agent, name, raw, tick)?;
        }
        if self.by_name.len() <= max {
            return Ok(Some(Vec::new()));
        }
        let mut idle: Vec<(u64, String)> = self
            .by_name
            .iter()
            .filter(|(n, p)| *n != name && p.refs == 0)
            .map(|(n, p)| (p.used, n.clone()))
            .collect();
        idle.sort_unstable();
        let over = self.by_name.len() - max;
        let gone: Vec<String> = idle.into_iter().take(over).map(|(_, n)| n).collect();
        for n in &gone {
            self.drop_peer(agent, n, true);
        }
        self.evicted += gone.len() as u64;
        Ok(Some(gone))
    }

    fn load_named(
        &mut self,
        agent: &mut impl Connect,
        name: &str,
        raw: &[u8],
        tick: u64,
    ) -> Result<()> {
        let wrong =
            |got: &str| Error::decode(format!("NIXL metadata is agent {got:?}, not {name:?}"));
        if let Some(hint) = agent_name(raw).filter(|h| *h != name) {
            return Err(wrong(hint));
        }
        let got = agent.load_remote(raw).map_err(|e| {
            Error::Transfer(format!(
                "cannot connect to {name:?} (loading its NIXL metadata failed: {e})"
            ))
        })?;
        if got != name {
            if !self.by_name.contains_key(&got) {
                agent.forget_remote(&got);
            }
            return Err(wrong(&got));
        }
        self.stats.added += 1;
        let peer = Peer {
            used: tick,
            ..Peer::default()
        };
        self.by_name.insert(name.to_owned(), peer);
        Ok(())
    }

    /// Hold the loaded peer `name` until [`Peers::release`], as a transfer from
    /// [`Peers::acquire`] does; false if it is not loaded.
    pub fn hold(&mut self, name: &str) -> bool {
        let held = self.by_name.get_mut(name).map(|p| p.refs += 1);
        held.is_some()
    }

    /// Forget peer `name` now, whatever holds it.
    pub fn forget_named(&mut self, agent: &mut impl Connect, name: &str) {
        if self.by_name.contains_key(name) {
            self.drop_peer(agent, name, true);
        } else {
            agent.forget_remote(name); // not loaded: NIXL ignores it, and UCX is driven once
        }
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

    fn raw(name: &str) -> Vec<u8> {
        crate::nixl::metadata::decode_metadata(&md(name, 1)).unwrap()
    }

    fn up(names: &[&str]) -> Stub {
        let mut stub = Stub::default();
        stub.up.extend(names.iter().map(|n| n.to_string()));
        stub
    }

    #[test]
    fn named_peers_are_bounded_least_recently_used_first_and_held_ones_stay() {
        let mut stub = up(&["p1", "p2", "p3", "p4", "p5", "p6"]);
        let mut peers = Peers::default();
        let connect = |peers: &mut Peers, stub: &mut Stub, n: &str| {
            peers
                .connect_named(stub, n, Some(&raw(n)), 2)
                .unwrap()
                .unwrap()
        };
        assert!(connect(&mut peers, &mut stub, "p1").is_empty());
        assert!(connect(&mut peers, &mut stub, "p2").is_empty());
        // p1 used again (no metadata needed once loaded): p2 is now the least recent
        assert_eq!(
            peers.connect_named(&mut stub, "p1", None, 2).unwrap(),
            Some(vec![])
        );
        assert_eq!(peers.connect_named(&mut stub, "p9", None, 2).unwrap(), None);
        assert!(!peers.hold("p9"));
        assert_eq!(connect(&mut peers, &mut stub, "p3"), ["p2"]);
        assert_eq!(stub.loaded, ["p1", "p3"]);
        assert!(peers.hold("p1"));
        assert_eq!(connect(&mut peers, &mut stub, "p4"), ["p3"]);
        assert_eq!((peers.loaded(), peers.evicted), (2, 2));
        // every other peer held: over the bound until one is not, then the oldest go first
        assert!(peers.hold("p4") && peers.hold("p4"));
        assert!(connect(&mut peers, &mut stub, "p5").is_empty());
        assert_eq!(peers.loaded(), 3);
        peers.release(&mut stub, "p1", false);
        peers.release(&mut stub, "p4", false);
        assert_eq!(connect(&mut peers, &mut stub, "p6"), ["p1", "p5"]); // p4 is held once
        peers.release(&mut stub, "p4", false);
        assert_eq!(connect(&mut peers, &mut stub, "p2"), ["p4"]);
        assert_eq!(stub.loaded, ["p6", "p2"]);
    }

    #[test]
    fn a_named_peer_with_another_agents_metadata_is_refused_and_not_kept() {
        let mut stub = up(&["a", "b"]);
        let mut peers = Peers::default();
        let err = peers
            .connect_named(&mut stub, "a", Some(&raw("b")), 4)
            .unwrap_err();
        assert!(matches!(err, Error::Decode(_)), "{err}");
        assert!(
            err.to_string().contains("is agent \"b\", not \"a\""),
            "{err}"
        );
        assert!(stub.loaded.is_empty() && peers.loaded() == 0);
        let down = peers
            .connect_named(&mut Stub::default(), "a", Some(&raw("a")), 4)
            .unwrap_err();
        assert!(matches!(down, Error::Transfer(_)), "{down}");
        assert_eq!(peers.loaded(), 0);
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
