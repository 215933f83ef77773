//! The Write mode's handshake (Dynamo 1.6.1's wire format): a receiver offers a buffer in a
//! msgpack notification ([`Offer`]); the sender WRITEs the send's bytes there on a lane and,
//! once the WRITE is DONE, sends the receiver its done signal, `str(done_id)`, from the
//! endpoint's agent (the name the receiver knows). [`Writes`] holds a sender's sends waiting
//! for their offer or their lane; the endpoint feeds it every notification
//! (`rust/src/py/endpoint.rs`), so no handshake takes the GIL. A receiver waits for its done
//! signals in an `awaited::Awaited`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::deadlines::Deadlines;
use super::done::Completion;
use super::lane::{End, Job, Lane};
use super::metadata::encode_metadata;
use super::xfer::{Mem, Op};
use crate::error::{Error, Result};

/// The largest handshake read: metadata up to 16 MiB (a request's bound) and the rest.
pub const MAX_OFFER: usize = (16 << 20) + 4096;

/// `[tensor_id, [addr, size, device_id, "cpu"|"cuda"], done_id, metadata]`: the sender's
/// `tensor_id`, the receiver's buffer, the id its done signal carries, and the receiver's raw
/// NIXL metadata (empty when the request carried none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub tensor_id: u64,
    pub addr: u64,
    pub size: u64,
    pub dev: u64,
    pub vram: bool,
    pub done_id: u64,
    pub md: Vec<u8>,
}

fn take<'a>(rd: &mut &'a [u8], n: u32) -> Option<&'a [u8]> {
    let n = usize::try_from(n).ok()?;
    if n > rd.len() {
        return None;
    }
    let (head, rest) = rd.split_at(n);
    *rd = rest;
    Some(head)
}

impl Offer {
    /// The handshake in `msg`, or None for anything else: another shape, a negative or
    /// non-integer number, a memory word other than "cpu" and "cuda", metadata that is not
    /// bytes, or bytes after it (as msgpack's `unpackb` refuses them).
    pub fn parse(msg: &[u8]) -> Option<Offer> {
        use rmp::decode::{read_array_len, read_bin_len, read_int, read_str_len};
        if msg.len() > MAX_OFFER {
            return None;
        }
        let rd = &mut &msg[..];
        if read_array_len(rd).ok()? != 4 {
            return None;
        }
        let tensor_id = read_int(rd).ok()?;
        if read_array_len(rd).ok()? != 4 {
            return None;
        }
        let (addr, size, dev) = (read_int(rd).ok()?, read_int(rd).ok()?, read_int(rd).ok()?);
        let n = read_str_len(rd).ok()?;
        let vram = match take(rd, n)? {
            b"cpu" => false,
            b"cuda" => true,
            _ => return None,
        };
        let done_id = read_int(rd).ok()?;
        let n = read_bin_len(rd).ok()?;
        let md = take(rd, n)?.to_vec();
        rd.is_empty().then_some(Offer {
            tensor_id,
            addr,
            size,
            dev,
            vram,
            done_id,
            md,
        })
    }

    /// The bytes `msgpack.packb(..., use_bin_type=True)` makes of it (each number in its
    /// shortest form), as Dynamo's receiver sends them.
    pub fn pack(&self) -> Vec<u8> {
        use rmp::encode::{write_array_len, write_bin, write_str, write_uint};
        let mut out = Vec::with_capacity(self.md.len() + 64);
        let wr = &mut out;
        // writing into a Vec cannot fail, and every length here is under 4 GiB
        let _ = write_array_len(wr, 4);
        let _ = write_uint(wr, self.tensor_id);
        let _ = write_array_len(wr, 4);
        for v in [self.addr, self.size, self.dev] {
            let _ = write_uint(wr, v);
        }
        let _ = write_str(wr, if self.vram { "cuda" } else { "cpu" });
        let _ = write_uint(wr, self.done_id);
        let _ = write_bin(wr, &self.md);
        out
    }
}

/// Where a lane WRITEs (or READs) a job: the lane, or a test's recorder.
pub trait Submit: Send + Sync {
    fn submit(&self, job: Job) -> Result<()>;
}

impl Submit for Lane {
    fn submit(&self, job: Job) -> Result<()> {
        Lane::submit(self, job)
    }
}

/// What the book needs of its endpoint's peers (a stub in tests).
pub trait Receivers {
    /// The receiver `peer` loaded (from its metadata `md` when new) and held until
    /// [`Receivers::release`]: None when it is not loaded and there is no `md`; else the peers
    /// forgotten to make room (`Peers::connect_named`).
    fn hold(&mut self, peer: &str, md: Option<&[u8]>) -> Result<Option<Vec<String>>>;
    fn release(&mut self, peer: &str);
    /// Send `msg` to the loaded `peer`.
    fn notify(&mut self, peer: &str, msg: &[u8]) -> Result<()>;
}

/// The bytes one send WRITEs: registered with its lane.
#[derive(Clone, Copy, Debug)]
pub struct Source {
    pub addr: u64,
    pub len: u64,
    pub dev: u64,
    pub mem: Mem,
}

struct Pending {
    src: Source,
    /// Who WRITEs it; taken when the WRITE is handed over, so the book never holds the last
    /// reference to a lane its own thread would then have to join.
    lane: Option<Arc<dyn Submit>>,
    timeout: Duration,
    deadline: Instant,
    done: Arc<Completion>,
    /// The receiver, once the WRITE is started.
    remote: Option<String>,
    done_id: u64,
}

fn no_md(remote: &str) -> Error {
    Error::Transfer(format!("receiver '{remote}' sent no NIXL metadata"))
}

/// Makes the `done` of a send's lane job: called with the send's id and completion.
pub type OnEnd<'a> = &'a dyn Fn(u64, Arc<Completion>) -> Box<dyn FnOnce(End) + Send>;

/// A Write sender's sends, by `tensor_id`.
#[derive(Default)]
pub struct Writes {
    sends: HashMap<u64, Pending>,
    /// The loaded receivers' metadata strings, for their lane jobs.
    peer_mds: HashMap<String, String>,
    /// Notifications that were no offer for a send waiting for one.
    pub bad: u64,
    /// The sends waiting for an offer.
    deadlines: Deadlines<u64>,
}

impl Writes {
    /// Wait for the offer of send `tid`: its WRITE goes out on `lane` and must be DONE within
    /// `timeout` of `now`. The completion ends once the done signal is sent, or with why not.
    pub fn expect(
        &mut self,
        tid: u64,
        src: Source,
        lane: Arc<dyn Submit>,
        now: Instant,
        timeout: Duration,
    ) -> Result<Arc<Completion>> {
        if self.sends.contains_key(&tid) {
            return Err(Error::config(format!("tensor_id {tid} is already sending")));
        }
        let done = Arc::new(Completion::default());
        let deadline = now
            .checked_add(timeout)
            .unwrap_or(now + Duration::from_secs(86_400));
        self.deadlines.add(deadline, tid);
        self.sends.insert(
            tid,
            Pending {
                src,
                lane: Some(lane),
                timeout,
                deadline,
                done: done.clone(),
                remote: None,
                done_id: 0,
            },
        );
        Ok(done)
    }

    /// Fail every send that has had no offer by its deadline at `now` (a started one, its
    /// lane times out).
    pub fn expire(&mut self, now: Instant) {
        for tid in self.deadlines.due(now) {
            let Some(timeout) = self.sends.get(&tid).map(|p| p.timeout) else {
                continue;
            };
            let why = format!(
                "embeddings send got no receiver handshake within {} s",
                timeout.as_secs_f64()
            );
            self.fail(tid, why);
        }
    }

    /// Sends waiting for an offer or a lane.
    pub fn live(&self) -> usize {
        self.sends.len()
    }

    fn fail(&mut self, tid: u64, why: String) {
        if let Some(p) = self.sends.remove(&tid) {
            self.deadlines.remove(p.deadline, &tid);
            p.done.end(End::from(Err(why)));
        }
    }

    /// Take a notification from `remote`: start the WRITE it offers, or count it bad.
    pub fn take(&mut self, remote: &str, msg: &[u8], rx: &mut impl Receivers, on_end: OnEnd) {
        let offer = Offer::parse(msg);
        let waiting = offer.as_ref().and_then(|o| {
            let p = self.sends.get(&o.tensor_id)?;
            p.remote.is_none().then_some(p.src.len)
        });
        let (Some(offer), Some(len)) = (offer, waiting) else {
            self.bad += 1;
            return;
        };
        let tid = offer.tensor_id;
        let head = format!("NIXL WRITE of {len} bytes to '{remote}'");
        if offer.size != len || offer.addr == 0 {
            let why = format!(
                "{head} receiver offered {} bytes at {:#x}, {len} needed",
                offer.size, offer.addr
            );
            return self.fail(tid, why);
        }
        if let Err(e) = self.start(remote, &offer, rx, on_end) {
            self.fail(tid, format!("{head} failed to start: {e}"));
        }
    }

    fn start(
        &mut self,
        remote: &str,
        offer: &Offer,
        rx: &mut impl Receivers,
        on_end: OnEnd,
    ) -> Result<()> {
        let md = (!offer.md.is_empty()).then_some(offer.md.as_slice());
        let gone = rx.hold(remote, md)?.ok_or_else(|| no_md(remote))?;
        for name in gone {
            self.peer_mds.remove(&name);
        }
        if let Some(md) = md {
            self.peer_mds
                .entry(remote.to_owned())
                .or_insert_with(|| encode_metadata(md));
        }
        let submitted = self.submit(remote, offer, on_end);
        if submitted.is_err() {
            rx.release(remote);
        }
        submitted
    }

    /// Hand the WRITE `offer` asks for to its send's lane.
    fn submit(&mut self, remote: &str, offer: &Offer, on_end: OnEnd) -> Result<()> {
        let peer_md = self
            .peer_mds
            .get(remote)
            .cloned()
            .ok_or_else(|| no_md(remote))?;
        let tid = offer.tensor_id;
        let p = self
            .sends
            .get_mut(&tid)
            .ok_or(Error::Closed("send gone".into()))?;
        let lane = p.lane.take().ok_or(Error::Closed("no lane".into()))?;
        let job = Job {
            op: Op::Write,
            local: vec![(p.src.addr, p.src.len, p.src.dev)],
            local_mem: p.src.mem,
            remote: vec![(offer.addr, offer.size, offer.dev)],
            remote_mem: if offer.vram { Mem::Vram } else { Mem::Dram },
            peer_mds: vec![peer_md],
            notif: Vec::new(),
            own: Vec::new(),
            deadline: p.deadline,
            done: on_end(tid, p.done.clone()),
        };
        p.remote = Some(remote.to_owned());
        p.done_id = offer.done_id;
        self.deadlines.remove(p.deadline, &tid); // the lane's from now on
        lane.submit(job)
    }

    /// Send `tid`'s lane job ended with `end`: on DONE send the receiver its done signal
    /// and let it go; the end its completion gets.
    pub fn ended(&mut self, tid: u64, end: End, rx: &mut impl Receivers) -> End {
        let Some(p) = self.sends.remove(&tid) else {
            return end;
        };
        let remote = p.remote.unwrap_or_default();
        let outcome = match end.outcome {
            Ok(()) => rx
                .notify(&remote, p.done_id.to_string().as_bytes())
                .map_err(|e| format!("WRITE done, but the done signal to '{remote}': {e}")),
            Err(why) => Err(format!(
                "NIXL WRITE of {} bytes to '{remote}' {why} (in a lane)",
                p.src.len
            )),
        };
        rx.release(&remote);
        End {
            outcome,
            kept: end.kept,
        }
    }

    /// Fail every send (the endpoint is closing).
    pub fn close(&mut self, why: &str) {
        for (_, p) in self.sends.drain() {
            p.done.end(End::from(Err(why.to_owned())));
        }
        self.deadlines.clear();
        self.peer_mds.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn offer(tid: u64, size: u64, vram: bool, md: &[u8]) -> Offer {
        Offer {
            tensor_id: tid,
            addr: 0x5000_0000,
            size,
            dev: 0,
            vram,
            done_id: 99,
            md: md.to_vec(),
        }
    }

    #[test]
    fn offers_pack_as_python_msgpack_and_parse_back() {
        // msgpack.packb([7, [140000000000, 4096, 0, "cpu"], 3, b"meta"], use_bin_type=True)
        let want = b"\x94\x07\x94\xcf\x00\x00\x00\x20\x98\xa6\x78\x00\xcd\x10\x00\x00\xa3cpu\x03\xc4\x04meta";
        let o = Offer {
            tensor_id: 7,
            addr: 140_000_000_000,
            size: 4096,
            dev: 0,
            vram: false,
            done_id: 3,
            md: b"meta".to_vec(),
        };
        assert_eq!(o.pack(), want.to_vec());
        assert_eq!(Offer::parse(want), Some(o.clone()));
        let cuda = Offer { vram: true, ..o };
        assert_eq!(Offer::parse(&cuda.pack()), Some(cuda));
    }

    #[test]
    fn anything_else_is_no_offer() {
        let good = offer(1, 8, false, b"m").pack();
        assert!(Offer::parse(&good).is_some());
        let mut trailing = good.clone();
        trailing.push(0);
        let bad: Vec<Vec<u8>> = vec![
            trailing,
            good[..good.len() - 1].to_vec(),
            b"\x94\xff\x94\x01\x02\x03\xa3cpu\x03\xc4\x00".to_vec(), // negative tensor_id
            b"\x94\x01\x94\x01\x02\x03\xa3tpu\x03\xc4\x00".to_vec(), // unknown memory word
            b"\x94\x01\x94\x01\x02\x03\xa3cpu\x03\xa1m".to_vec(),    // metadata as str
            b"\x94\x01\x94\x01\x02\x03\xa3cpu\xc3\xc4\x00".to_vec(), // a bool done_id
            b"\x93\x01\x94\x01\x02\x03\xa3cpu\x03".to_vec(),         // three items
            b"\x94\x01\x94\x01\x02\x03\xa3cpu\x03\xc6\xff\xff\xff\xff".to_vec(), // bin past the end
            vec![0x91; 200_000],
        ];
        for msg in bad {
            assert_eq!(Offer::parse(&msg), None, "{msg:?}");
        }
    }

    #[derive(Default)]
    struct Recorder(Mutex<Vec<Job>>);
    impl Submit for Recorder {
        fn submit(&self, job: Job) -> Result<()> {
            self.0.lock().unwrap().push(job);
            Ok(())
        }
    }

    const MINUTE: Duration = Duration::from_secs(60);

    struct Closed;
    impl Submit for Closed {
        fn submit(&self, _job: Job) -> Result<()> {
            Err(Error::Closed("the lane is closed".into()))
        }
    }

    /// The receivers held (how many times), and what was asked of them.
    #[derive(Default)]
    struct Known {
        asked: Vec<(String, Option<Vec<u8>>)>,
        held: HashMap<String, i32>,
        sent: Vec<(String, Vec<u8>)>,
    }
    impl Receivers for Known {
        fn hold(&mut self, peer: &str, md: Option<&[u8]>) -> Result<Option<Vec<String>>> {
            self.asked.push((peer.to_owned(), md.map(<[u8]>::to_vec)));
            if md.is_some() {
                *self.held.entry(peer.to_owned()).or_default() += 1;
            }
            Ok(md.map(|_| Vec::new()))
        }
        fn release(&mut self, peer: &str) {
            *self.held.entry(peer.to_owned()).or_default() -= 1;
        }
        fn notify(&mut self, peer: &str, msg: &[u8]) -> Result<()> {
            self.sent.push((peer.to_owned(), msg.to_vec()));
            Ok(())
        }
    }

    fn on_end(_tid: u64, done: Arc<Completion>) -> Box<dyn FnOnce(End) + Send> {
        Box::new(move |end| done.end(end))
    }

    /// Receiver "rx"'s offer of `size` bytes for send 5, with its metadata `md`.
    fn offered(w: &mut Writes, size: u64, md: &[u8]) -> Known {
        let mut rx = Known::default();
        w.take("rx", &offer(5, size, false, md).pack(), &mut rx, &on_end);
        rx
    }

    fn source(addr: u64, len: u64, dev: u64, mem: Mem) -> Source {
        Source {
            addr,
            len,
            dev,
            mem,
        }
    }

    fn book(src_mem: Mem) -> (Writes, Arc<Recorder>, Arc<Completion>) {
        let mut w = Writes::default();
        let lane = Arc::new(Recorder::default());
        let src = source(0x7F00_0000_0000, 4096, 1, src_mem);
        let done = w
            .expect(5, src, lane.clone(), Instant::now(), MINUTE)
            .unwrap();
        (w, lane, done)
    }

    #[test]
    fn an_offer_starts_the_write_and_done_sends_the_signal() {
        let (mut w, lane, done) = book(Mem::Vram);
        let mut rx = Known::default();
        w.take("rx", &offer(5, 4096, true, b"md").pack(), &mut rx, &on_end);
        assert_eq!(rx.asked, vec![("rx".to_owned(), Some(b"md".to_vec()))]);
        assert_eq!(rx.held["rx"], 1); // the receiver stays loaded while its WRITE runs
        let job = lane.0.lock().unwrap().pop().unwrap();
        assert_eq!(job.op, Op::Write);
        assert_eq!(job.local, vec![(0x7F00_0000_0000, 4096, 1)]);
        assert_eq!((job.local_mem, job.remote_mem), (Mem::Vram, Mem::Vram));
        assert_eq!(job.remote, vec![(0x5000_0000, 4096, 0)]);
        assert_eq!(job.peer_mds, vec![encode_metadata(b"md")]);
        assert!(job.notif.is_empty()); // the done signal comes from the endpoint's agent

        // a second offer for the same send is a bad one
        w.take("rx", &offer(5, 4096, true, b"md").pack(), &mut rx, &on_end);
        assert_eq!((w.bad, rx.held["rx"]), (1, 1));
        w.expire(Instant::now() + 2 * MINUTE); // started: the lane's deadline ends it
        assert_eq!(done.outcome(), None);
        let end = w.ended(5, End::from(Ok(())), &mut rx);
        assert_eq!(rx.sent, vec![("rx".to_owned(), b"99".to_vec())]);
        assert_eq!(rx.held["rx"], 0);
        (job.done)(end);
        assert_eq!(done.outcome(), Some(Ok(())));
        assert_eq!(w.live(), 0);
    }

    #[test]
    fn wrong_sizes_missing_metadata_and_lane_errors_fail_the_send() {
        let failed = |size, md: &[u8]| {
            let (mut w, lane, done) = book(Mem::Dram);
            offered(&mut w, size, md);
            assert!(lane.0.lock().unwrap().is_empty()); // nothing WRITten
            done.outcome().unwrap().unwrap_err()
        };
        let err = failed(8192, b"md");
        assert!(err.contains("receiver offered 8192 bytes"), "{err}");
        let err = failed(4096, b"");
        assert!(err.contains("sent no NIXL metadata"), "{err}");

        let (mut w, _, _) = book(Mem::Dram);
        let mut rx = offered(&mut w, 4096, b"md");
        let end = w.ended(5, End::from(Err("timed out".into())), &mut rx);
        assert_eq!(
            end.outcome,
            Err("NIXL WRITE of 4096 bytes to 'rx' timed out (in a lane)".into())
        );
        assert!(rx.sent.is_empty()); // no done signal after an error
        assert_eq!(rx.held["rx"], 0);

        // a lane that will not take the WRITE: the send fails and its receiver is let go
        let mut w = Writes::default();
        let src = source(0x1000, 4096, 0, Mem::Dram);
        let done = w
            .expect(5, src, Arc::new(Closed), Instant::now(), MINUTE)
            .unwrap();
        let rx = offered(&mut w, 4096, b"md");
        let err = done.outcome().unwrap().unwrap_err();
        assert!(
            err.contains("failed to start") && err.contains("closed"),
            "{err}"
        );
        assert_eq!(rx.held["rx"], 0);
    }

    #[test]
    fn a_send_with_no_offer_by_its_deadline_fails_and_a_started_one_is_its_lanes() {
        let (mut w, lane, done) = book(Mem::Dram);
        let t = Instant::now();
        let src = source(0x2000, 64, 0, Mem::Dram);
        let quick = w
            .expect(6, src, lane.clone(), t, Duration::from_millis(250))
            .unwrap();
        w.expire(t + Duration::from_millis(249));
        assert_eq!(quick.outcome(), None);
        w.expire(t + Duration::from_millis(250));
        let why = "embeddings send got no receiver handshake within 0.25 s";
        assert_eq!(quick.outcome(), Some(Err(why.into())));
        offered(&mut w, 4096, b"md"); // send 5 starts
        w.expire(t + 2 * MINUTE);
        assert_eq!((done.outcome(), w.live()), (None, 1));
        assert_eq!(lane.0.lock().unwrap().len(), 1);
    }

    #[test]
    fn close_fails_every_send() {
        let (mut w, _, done) = book(Mem::Dram);
        w.close("closed");
        assert_eq!(done.outcome(), Some(Err("closed".into())));
    }
}
