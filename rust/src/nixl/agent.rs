//! A NIXL agent with a UCX backend: create, register memory, export metadata, drain
//! notifications. Calls are serialised by the owner (the frontend holds it in a mutex).

use std::ffi::{c_void, CStr, CString};
use std::ptr;

use super::ffi::{self, check, Api};
use super::xfer::Mem;
use crate::error::{Error, Result};

/// Agent settings exposed to users.
#[derive(Clone, Debug)]
pub struct AgentConfig {
    pub name: String,
    /// Sleep between UCX progress-thread polls (0 spins a core; Dynamo uses 1000), or None:
    /// no progress thread, the owner drives UCX by polling its transfers.
    pub progress_delay_us: Option<u64>,
}

pub struct Agent {
    pub(super) api: &'static Api,
    pub(super) ptr: ffi::agent_t,
    backend: ffi::backend_t,
    notifs: ffi::notif_map_t,
    name: String,
}

// SAFETY: the NIXL agent is created in STRICT thread-sync mode and every call on it goes
// through `&mut self` (the owner serialises access), so moving it across threads is sound.
unsafe impl Send for Agent {}

/// Frees a NIXL params/mem-list pair on every exit path.
struct PluginParams<'a> {
    api: &'a Api,
    mems: ffi::mem_list_t,
    params: ffi::params_t,
}

impl Drop for PluginParams<'_> {
    fn drop(&mut self) {
        // SAFETY: both handles came from get_plugin_params and are destroyed once.
        unsafe {
            if !self.mems.is_null() {
                (self.api.destroy_mem_list)(self.mems);
            }
            if !self.params.is_null() {
                (self.api.destroy_params)(self.params);
            }
        }
    }
}

impl Agent {
    pub fn new(api: &'static Api, cfg: &AgentConfig) -> Result<Agent> {
        let cname = CString::new(cfg.name.as_str())
            .map_err(|_| Error::Nixl("agent name contains a NUL byte".into()))?;
        let config = ffi::agent_config_t {
            enable_prog_thread: cfg.progress_delay_us.is_some(),
            enable_listen_thread: false,
            listen_port: 0,
            thread_sync: ffi::THREAD_SYNC_STRICT,
            num_workers: 1,
            pthr_delay_us: cfg.progress_delay_us.unwrap_or(0),
            lthr_delay_us: 100_000,
            capture_telemetry: false,
        };
        let mut ptr: ffi::agent_t = ptr::null_mut();
        check(
            // SAFETY: valid C string and config struct; `ptr` receives the new agent.
            unsafe { (api.create_configured_agent)(cname.as_ptr(), &config, &mut ptr) },
            "create agent",
        )?;
        let mut agent = Agent {
            api,
            ptr,
            backend: ptr::null_mut(),
            notifs: ptr::null_mut(),
            name: cfg.name.clone(),
        };

        let ucx = c"UCX";
        let mut pp = PluginParams {
            api,
            mems: ptr::null_mut(),
            params: ptr::null_mut(),
        };
        check(
            // SAFETY: live agent; out-pointers are valid and freed by PluginParams.
            unsafe { (api.get_plugin_params)(ptr, ucx.as_ptr(), &mut pp.mems, &mut pp.params) },
            "get UCX plugin params (is the UCX plugin present?)",
        )?;
        check(
            // SAFETY: live agent and params; `backend` receives the handle, owned by the agent.
            unsafe { (api.create_backend)(ptr, ucx.as_ptr(), pp.params, &mut agent.backend) },
            "create UCX backend",
        )?;
        check(
            // SAFETY: out-pointer valid; the map is destroyed in Drop.
            unsafe { (api.create_notif_map)(&mut agent.notifs) },
            "create notification map",
        )?;
        Ok(agent)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn dlist(&self, mem: Mem, addr: usize, len: usize, dev: u64) -> Result<RegList<'_>> {
        let mut d: ffi::reg_dlist_t = ptr::null_mut();
        check(
            // SAFETY: out-pointer valid; destroyed by RegList's Drop.
            unsafe { (self.api.create_reg_dlist)(mem.code(), &mut d) },
            "create descriptor list",
        )?;
        let list = RegList {
            api: self.api,
            ptr: d,
        };
        check(
            // SAFETY: live list; NIXL copies the (addr, len, dev) triple, no metadata blob.
            unsafe { (self.api.reg_dlist_add_desc)(d, addr, len, dev, ptr::null(), 0) },
            "add descriptor",
        )?;
        Ok(list)
    }

    /// Register host memory with the UCX backend.
    pub fn register(&mut self, addr: usize, len: usize) -> Result<()> {
        self.register_mem(Mem::Dram, addr, len, 0)
    }

    pub fn deregister(&mut self, addr: usize, len: usize) -> Result<()> {
        self.deregister_mem(Mem::Dram, addr, len, 0)
    }

    /// Register `len` bytes at `addr` of `mem` (VRAM: on GPU `dev`) with the UCX backend.
    pub fn register_mem(&mut self, mem: Mem, addr: usize, len: usize, dev: u64) -> Result<()> {
        let list = self.dlist(mem, addr, len, dev)?;
        check(
            // SAFETY: live agent and list; the memory stays mapped until `deregister` (the slab
            // owner guarantees that ordering).
            unsafe { (self.api.register_mem)(self.ptr, list.ptr, ptr::null_mut()) },
            "register memory",
        )
    }

    /// Undo `register_mem` with the same arguments.
    pub fn deregister_mem(&mut self, mem: Mem, addr: usize, len: usize, dev: u64) -> Result<()> {
        let list = self.dlist(mem, addr, len, dev)?;
        check(
            // SAFETY: live agent; the region was registered by `register_mem`.
            unsafe { (self.api.deregister_mem)(self.ptr, list.ptr, ptr::null_mut()) },
            "deregister memory",
        )
    }

    /// The agent's full local metadata (what a reader passes to add_remote_agent).
    pub fn local_md(&mut self) -> Result<Vec<u8>> {
        let mut data: *mut c_void = ptr::null_mut();
        let mut len = 0usize;
        // SAFETY: live agent; NIXL mallocs `len` bytes into `data`, which we copy and free.
        unsafe {
            check(
                (self.api.get_local_md)(self.ptr, &mut data, &mut len),
                "get local metadata",
            )?;
            if data.is_null() {
                return Err(Error::Nixl("NIXL returned null metadata".into()));
            }
            let out = std::slice::from_raw_parts(data as *const u8, len).to_vec();
            libc::free(data);
            Ok(out)
        }
    }

    /// Drain pending notifications: (remote agent name, message) pairs. The map is cleared
    /// even when reading it fails partway, so a failure never leaves stale entries behind.
    pub fn take_notifs(&mut self) -> Result<Vec<(String, Vec<u8>)>> {
        let read = self.read_notifs();
        let cleared = check(
            // SAFETY: live map; `read_notifs` copied out everything it read, and nothing else
            // holds pointers into the map.
            unsafe { (self.api.notif_map_clear)(self.notifs) },
            "clear notifications",
        );
        let out = read?;
        cleared?;
        Ok(out)
    }

    /// Fetch notifications into the map and copy them out (the map is left to the caller).
    fn read_notifs(&mut self) -> Result<Vec<(String, Vec<u8>)>> {
        let api = self.api;
        let mut out = Vec::new();
        // SAFETY: live agent and map; pointers returned by the map are valid until it is
        // cleared, which only the caller does, after we copied everything out.
        unsafe {
            check(
                (api.get_notifs)(self.ptr, self.notifs, ptr::null_mut()),
                "get notifications",
            )?;
            let mut n = 0usize;
            check(
                (api.notif_map_size)(self.notifs, &mut n),
                "notification map size",
            )?;
            for i in 0..n {
                let mut name: *const std::ffi::c_char = ptr::null();
                check(
                    (api.notif_map_get_agent_at)(self.notifs, i, &mut name),
                    "notification agent",
                )?;
                if name.is_null() {
                    continue;
                }
                let agent = CStr::from_ptr(name).to_string_lossy().into_owned();
                let mut k = 0usize;
                check(
                    (api.notif_map_get_notifs_size)(self.notifs, name, &mut k),
                    "notification count",
                )?;
                for j in 0..k {
                    let mut data: *const c_void = ptr::null();
                    let mut len = 0usize;
                    check(
                        (api.notif_map_get_notif)(self.notifs, name, j, &mut data, &mut len),
                        "notification",
                    )?;
                    let msg = if data.is_null() {
                        Vec::new()
                    } else {
                        std::slice::from_raw_parts(data as *const u8, len).to_vec()
                    };
                    out.push((agent.clone(), msg));
                }
            }
        }
        Ok(out)
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        // SAFETY: handles were created by this agent and are destroyed once: the map, then
        // the backend handle (a wrapper; the engine belongs to the agent), then the agent.
        unsafe {
            if !self.notifs.is_null() {
                (self.api.destroy_notif_map)(self.notifs);
            }
            if !self.backend.is_null() {
                (self.api.destroy_backend)(self.backend);
            }
            (self.api.destroy_agent)(self.ptr);
        }
    }
}

struct RegList<'a> {
    api: &'a Api,
    ptr: ffi::reg_dlist_t,
}

impl Drop for RegList<'_> {
    fn drop(&mut self) {
        // SAFETY: created by create_reg_dlist, destroyed once.
        unsafe { (self.api.destroy_reg_dlist)(self.ptr) };
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::c_char;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    static CLEARS: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn get_notifs(
        _: ffi::agent_t,
        _: ffi::notif_map_t,
        _: ffi::opt_args_t,
    ) -> ffi::status_t {
        ffi::SUCCESS
    }
    unsafe extern "C" fn two_entries(_: ffi::notif_map_t, n: *mut usize) -> ffi::status_t {
        // SAFETY: `n` is the out-pointer take_notifs passes, valid for a write.
        unsafe { *n = 2 };
        ffi::SUCCESS
    }
    unsafe extern "C" fn agent_at(
        _: ffi::notif_map_t,
        i: usize,
        name: *mut *const c_char,
    ) -> ffi::status_t {
        if i > 0 {
            return 5; // fails partway: the second entry
        }
        // SAFETY: `name` is the out-pointer take_notifs passes; the string is static.
        unsafe { *name = c"peer".as_ptr() };
        ffi::SUCCESS
    }
    unsafe extern "C" fn no_notifs(
        _: ffi::notif_map_t,
        _: *const c_char,
        k: *mut usize,
    ) -> ffi::status_t {
        // SAFETY: `k` is the out-pointer take_notifs passes, valid for a write.
        unsafe { *k = 0 };
        ffi::SUCCESS
    }
    unsafe extern "C" fn clear(_: ffi::notif_map_t) -> ffi::status_t {
        CLEARS.fetch_add(1, Ordering::SeqCst);
        ffi::SUCCESS
    }

    /// A status check that fails while reading the map still clears it, and the failure is
    /// reported.
    #[test]
    fn take_notifs_clears_the_map_when_reading_fails_partway() {
        let mut api = Api::stubs();
        api.get_notifs = get_notifs;
        api.notif_map_size = two_entries;
        api.notif_map_get_agent_at = agent_at;
        api.notif_map_get_notifs_size = no_notifs;
        api.notif_map_clear = clear;
        let api: &'static Api = Box::leak(Box::new(api));
        // Handles are never dereferenced: every call goes to the stubs above (Drop's
        // destroy_* calls hit the default stubs, which do nothing).
        let dangling = std::ptr::NonNull::<u8>::dangling().as_ptr() as *mut c_void;
        let mut agent = Agent {
            api,
            ptr: dangling,
            backend: ptr::null_mut(),
            notifs: dangling,
            name: "test".into(),
        };
        let err = agent.take_notifs().unwrap_err();
        assert!(err.to_string().contains("notification agent"), "{err}");
        assert_eq!(CLEARS.load(Ordering::SeqCst), 1, "the map was not cleared");
    }
}
