//! Transfers on an [`Agent`]: remote agents' metadata in and out, and one READ or WRITE of
//! two descriptor lists (create, post, poll, release). Callers serialise calls per agent.

use std::ffi::{c_char, c_int, CStr, CString};
use std::ptr;

use super::agent::Agent;
use super::ffi::{self, check};
use crate::error::{Error, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Read,
    Write,
}

/// Where one side of a transfer lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mem {
    Dram,
    Vram,
}

impl Mem {
    /// NIXL's names, as descriptors carry them ("DRAM", "VRAM"; "cuda" and "cpu" too).
    pub fn parse(s: &str) -> Result<Mem> {
        match s {
            "DRAM" | "cpu" => Ok(Mem::Dram),
            "VRAM" | "cuda" => Ok(Mem::Vram),
            _ => Err(Error::config(format!(
                "memory type {s:?} is neither DRAM nor VRAM"
            ))),
        }
    }

    pub(super) fn code(self) -> c_int {
        match self {
            Mem::Dram => ffi::MEM_DRAM,
            Mem::Vram => ffi::MEM_VRAM,
        }
    }
}

/// One descriptor: (address, length, device id).
pub type Row = (u64, u64, u64);

/// A posted transfer. It must go back through [`Agent::release`] of the agent that made it;
/// one that cannot be released yet (still in flight) is kept by its owner and retried.
#[derive(Debug)]
pub struct Xfer {
    ptr: ffi::xfer_req_t,
}

// SAFETY: the request handle is only ever used through its agent, whose calls the owner
// serialises; moving the handle between threads is sound.
unsafe impl Send for Xfer {}

/// What a transfer is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    Done,
    Pending,
}

fn progress(status: ffi::status_t, what: &str) -> Result<Progress> {
    match status {
        ffi::SUCCESS => Ok(Progress::Done),
        ffi::IN_PROG => Ok(Progress::Pending),
        s => Err(Error::Nixl(format!("NIXL {what} failed (status {s})"))),
    }
}

/// A transfer's optional arguments: its notification, if it has one.
struct OptArgs<'a> {
    api: &'a ffi::Api,
    ptr: ffi::opt_args_t,
}

impl Drop for OptArgs<'_> {
    fn drop(&mut self) {
        if !self.ptr.is_null() {
            // SAFETY: created by create_opt_args, destroyed once (a request copies them).
            unsafe { (self.api.destroy_opt_args)(self.ptr) };
        }
    }
}

struct XferList<'a> {
    api: &'a ffi::Api,
    ptr: ffi::xfer_dlist_t,
}

impl Drop for XferList<'_> {
    fn drop(&mut self) {
        // SAFETY: created by create_xfer_dlist, destroyed once (a request copies the rows).
        unsafe { (self.api.destroy_xfer_dlist)(self.ptr) };
    }
}

impl Agent {
    /// Load a remote agent's metadata (as its `get_local_md` made it); returns its name.
    pub fn load_remote(&mut self, md: &[u8]) -> Result<String> {
        let mut name: *mut c_char = ptr::null_mut();
        // SAFETY: live agent; `md` is valid for `len` bytes; NIXL strdup()s the name into
        // `name`, which is copied and freed here.
        unsafe {
            check(
                (self.api.load_remote_md)(self.ptr, md.as_ptr().cast(), md.len(), &mut name),
                "load remote metadata",
            )?;
            if name.is_null() {
                return Err(Error::Nixl("NIXL returned no remote agent name".into()));
            }
            let out = CStr::from_ptr(name).to_string_lossy().into_owned();
            libc::free(name.cast());
            Ok(out)
        }
    }

    /// Forget a remote agent, then drive UCX once so its endpoint's close completes now: an
    /// agent without a progress thread destroyed with the close of a dead peer's endpoint
    /// still pending aborts the process (UCX assertion `ucs_arbiter_group_is_empty`).
    /// Returns the notifications that driving it took in (an endpoint keeps them).
    pub fn forget_remote(&mut self, name: &str) -> Vec<(String, Vec<u8>)> {
        if let Ok(cname) = CString::new(name) {
            // SAFETY: live agent and a valid C string.
            unsafe { (self.api.invalidate_remote_md)(self.ptr, cname.as_ptr()) };
        }
        self.take_notifs().unwrap_or_default()
    }

    fn xfer_list(&self, mem: Mem, rows: &[Row]) -> Result<XferList<'_>> {
        let mut d: ffi::xfer_dlist_t = ptr::null_mut();
        check(
            // SAFETY: out-pointer valid; destroyed by XferList's Drop.
            unsafe { (self.api.create_xfer_dlist)(mem.code(), &mut d) },
            "create transfer list",
        )?;
        let list = XferList {
            api: self.api,
            ptr: d,
        };
        for &(addr, len, dev) in rows {
            let (addr, len) = match (usize::try_from(addr), usize::try_from(len)) {
                (Ok(a), Ok(l)) => (a, l),
                _ => return Err(Error::config("descriptor out of the address range")),
            };
            check(
                // SAFETY: live list; NIXL copies the row.
                unsafe { (self.api.xfer_dlist_add_desc)(d, addr, len, dev) },
                "add transfer descriptor",
            )?;
        }
        Ok(list)
    }

    /// `notif` as a transfer's notification (none when empty).
    fn notif_args(&self, notif: &[u8]) -> Result<OptArgs<'_>> {
        let mut args = OptArgs {
            api: self.api,
            ptr: ptr::null_mut(),
        };
        if notif.is_empty() {
            return Ok(args);
        }
        // SAFETY: out-pointer valid; `notif` is valid for its length and copied by NIXL.
        unsafe {
            check((self.api.create_opt_args)(&mut args.ptr), "create options")?;
            check(
                (self.api.opt_args_set_notif_msg)(args.ptr, notif.as_ptr().cast(), notif.len()),
                "set notification",
            )?;
            check(
                (self.api.opt_args_set_has_notif)(args.ptr, true),
                "set notification",
            )?;
        }
        Ok(args)
    }

    /// Create and post one transfer of `local` against `remote` of the peer `peer`, with the
    /// notification `notif` (none when empty) that the peer gets once it is done. On one host
    /// UCX often copies inside the post: then it is Done already.
    pub fn post(
        &mut self,
        op: Op,
        local: (&[Row], Mem),
        remote: (&[Row], Mem),
        peer: &str,
        notif: &[u8],
    ) -> Result<(Xfer, Progress)> {
        let cpeer = CString::new(peer).map_err(|_| Error::config("peer name contains NUL"))?;
        let code = match op {
            Op::Read => ffi::OP_READ,
            Op::Write => ffi::OP_WRITE,
        };
        let mut req: ffi::xfer_req_t = ptr::null_mut();
        {
            // The request copies the rows: the lists go once it exists.
            let l = self.xfer_list(local.1, local.0)?;
            let r = self.xfer_list(remote.1, remote.0)?;
            let args = self.notif_args(notif)?;
            check(
                // SAFETY: live agent and lists; `req` receives a handle we release or destroy.
                unsafe {
                    (self.api.create_xfer_req)(
                        self.ptr,
                        code,
                        l.ptr,
                        r.ptr,
                        cpeer.as_ptr(),
                        &mut req,
                        args.ptr,
                    )
                },
                "create transfer",
            )?;
        }
        let x = Xfer { ptr: req };
        // SAFETY: live agent and a request it created.
        let posted = progress(
            unsafe { (self.api.post_xfer_req)(self.ptr, x.ptr, ptr::null_mut()) },
            "post transfer",
        );
        match posted {
            Ok(p) => Ok((x, p)),
            Err(e) => {
                // A failed post leaves nothing in flight: the handle is released at once.
                let _ = self.release(x);
                Err(e)
            }
        }
    }

    /// Drive the transfer (and UCX) once.
    pub fn progress(&mut self, x: &Xfer) -> Result<Progress> {
        // SAFETY: live agent and a request it created, not yet released.
        progress(
            unsafe { (self.api.get_xfer_status)(self.ptr, x.ptr) },
            "transfer",
        )
    }

    /// Send `msg` to the loaded peer `peer` as a notification of its own. NIXL does not track
    /// it: one still queued when the endpoint closes is lost.
    pub fn notify(&mut self, peer: &str, msg: &[u8]) -> Result<()> {
        let cpeer = CString::new(peer).map_err(|_| Error::config("peer name contains NUL"))?;
        check(
            // SAFETY: live agent, a valid C string, and `msg` valid for its length (copied).
            unsafe {
                (self.api.gen_notif)(
                    self.ptr,
                    cpeer.as_ptr(),
                    msg.as_ptr().cast(),
                    msg.len(),
                    ptr::null_mut(),
                )
            },
            "send notification",
        )
    }

    /// [`Agent::release`] `x`, or keep it in `kept` (to retry) if NIXL will not let go yet.
    pub fn release_or_keep(&mut self, x: Xfer, kept: &mut Vec<Xfer>) {
        if let Err(x) = self.release(x) {
            kept.push(x);
        }
    }

    /// Retry the release of every transfer in `kept`; those NIXL still refuses stay there.
    pub fn release_kept(&mut self, kept: &mut Vec<Xfer>) {
        for x in std::mem::take(kept) {
            self.release_or_keep(x, kept);
        }
    }

    /// Release a transfer's handle (aborting it if it is still in flight). A handle NIXL
    /// will not release yet comes back, to be kept and retried: its memory may still be in use.
    pub fn release(&mut self, x: Xfer) -> std::result::Result<(), Xfer> {
        // SAFETY: live agent and a request it created; released once, then destroyed once.
        unsafe {
            if (self.api.release_xfer_req)(self.ptr, x.ptr) != ffi::SUCCESS {
                return Err(x);
            }
            (self.api.destroy_xfer_req)(x.ptr);
        }
        Ok(())
    }
}
