//! The slice of NIXL's C API (`libnixl_capi.so`, shipped in the `nixl-cu12`/`nixl-cu13` wheels) that
//! the frontend and the transfer engine need, loaded at run time with `libloading`. Declarations follow
//! `wrapper.h` of nixl-sys 1.5.1, which matches the 1.5.1 wheel. All NIXL FFI lives here.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::sync::{Mutex, OnceLock};

use libloading::Library;

use crate::error::{Error, Result};

pub type status_t = c_int;
pub const SUCCESS: status_t = 0;
pub const IN_PROG: status_t = 1;
/// What `Api::stubs` functions return: no NIXL status uses it.
#[cfg(test)]
pub const STUB_STATUS: status_t = -1000;

pub type agent_t = *mut c_void;
pub type params_t = *mut c_void;
pub type mem_list_t = *mut c_void;
pub type backend_t = *mut c_void;
pub type opt_args_t = *mut c_void;
pub type reg_dlist_t = *mut c_void;
pub type notif_map_t = *mut c_void;
pub type xfer_dlist_t = *mut c_void;
pub type xfer_req_t = *mut c_void;

pub const MEM_DRAM: c_int = 0;
pub const MEM_VRAM: c_int = 1;
pub const OP_READ: c_int = 0;
pub const OP_WRITE: c_int = 1;

#[repr(C)]
pub struct agent_config_t {
    pub enable_prog_thread: bool,
    pub enable_listen_thread: bool,
    pub listen_port: c_int,
    pub thread_sync: c_int,
    pub num_workers: c_uint,
    pub pthr_delay_us: u64,
    pub lthr_delay_us: u64,
    pub capture_telemetry: bool,
}

/// Thread-safety mode: NIXL guards its own state; we also serialise calls per agent.
pub const THREAD_SYNC_STRICT: c_int = 1;

macro_rules! api {
    ($($name:ident : fn($($arg:ty),*) -> $ret:ty;)*) => {
        /// Function pointers resolved from `libnixl_capi.so`.
        pub struct Api {
            /// Keeps the library mapped while the pointers are in use (None: test stubs).
            _lib: Option<Library>,
            $(pub $name: unsafe extern "C" fn($($arg),*) -> $ret,)*
        }

        impl Api {
            fn load(path: &str) -> std::result::Result<Api, String> {
                // SAFETY: loading a shared library runs its initialisers; libnixl_capi's are
                // NIXL's own static constructors, which are safe to run once per process.
                let lib = unsafe { Library::new(path) }.map_err(|e| {
                    // libloading's message is generic ("dlopen failed"); dlerror's is the cause.
                    match std::error::Error::source(&e) {
                        Some(cause) => format!("{e}: {cause}"),
                        None => e.to_string(),
                    }
                })?;
                // SAFETY: each symbol is looked up by its exact C name and given the
                // signature declared in nixl-sys 1.5.1's wrapper.h for the same release.
                unsafe {
                    $(
                        let $name = *lib
                            .get::<unsafe extern "C" fn($($arg),*) -> $ret>(concat!("nixl_capi_", stringify!($name), "\0").as_bytes())
                            .map_err(|e| format!("{}: missing symbol nixl_capi_{}: {e}", path, stringify!($name)))?;
                    )*
                    Ok(Api { _lib: Some(lib), $($name,)* })
                }
            }

            /// An Api whose every function fails with `STUB_STATUS` and touches nothing,
            /// for tests that replace the few functions they exercise.
            #[cfg(test)]
            pub(crate) fn stubs() -> Api {
                $(
                    unsafe extern "C" fn $name($(_: $arg),*) -> $ret {
                        STUB_STATUS
                    }
                )*
                Api { _lib: None, $($name,)* }
            }
        }
    };
}

api! {
    create_configured_agent: fn(*const c_char, *const agent_config_t, *mut agent_t) -> status_t;
    destroy_agent: fn(agent_t) -> status_t;
    get_local_md: fn(agent_t, *mut *mut c_void, *mut usize) -> status_t;
    get_plugin_params: fn(agent_t, *const c_char, *mut mem_list_t, *mut params_t) -> status_t;
    destroy_mem_list: fn(mem_list_t) -> status_t;
    destroy_params: fn(params_t) -> status_t;
    create_backend: fn(agent_t, *const c_char, params_t, *mut backend_t) -> status_t;
    destroy_backend: fn(backend_t) -> status_t;
    create_reg_dlist: fn(c_int, *mut reg_dlist_t) -> status_t;
    destroy_reg_dlist: fn(reg_dlist_t) -> status_t;
    reg_dlist_add_desc: fn(reg_dlist_t, usize, usize, u64, *const c_void, usize) -> status_t;
    register_mem: fn(agent_t, reg_dlist_t, opt_args_t) -> status_t;
    deregister_mem: fn(agent_t, reg_dlist_t, opt_args_t) -> status_t;
    create_notif_map: fn(*mut notif_map_t) -> status_t;
    destroy_notif_map: fn(notif_map_t) -> status_t;
    get_notifs: fn(agent_t, notif_map_t, opt_args_t) -> status_t;
    notif_map_size: fn(notif_map_t, *mut usize) -> status_t;
    notif_map_get_agent_at: fn(notif_map_t, usize, *mut *const c_char) -> status_t;
    notif_map_get_notifs_size: fn(notif_map_t, *const c_char, *mut usize) -> status_t;
    notif_map_get_notif: fn(notif_map_t, *const c_char, usize, *mut *const c_void, *mut usize) -> status_t;
    notif_map_clear: fn(notif_map_t) -> status_t;
    gen_notif: fn(agent_t, *const c_char, *const c_void, usize, opt_args_t) -> status_t;
    load_remote_md: fn(agent_t, *const c_void, usize, *mut *mut c_char) -> status_t;
    invalidate_remote_md: fn(agent_t, *const c_char) -> status_t;
    create_xfer_dlist: fn(c_int, *mut xfer_dlist_t) -> status_t;
    destroy_xfer_dlist: fn(xfer_dlist_t) -> status_t;
    xfer_dlist_add_desc: fn(xfer_dlist_t, usize, usize, u64) -> status_t;
    create_xfer_req: fn(agent_t, c_int, xfer_dlist_t, xfer_dlist_t, *const c_char, *mut xfer_req_t, opt_args_t) -> status_t;
    post_xfer_req: fn(agent_t, xfer_req_t, opt_args_t) -> status_t;
    get_xfer_status: fn(agent_t, xfer_req_t) -> status_t;
    release_xfer_req: fn(agent_t, xfer_req_t) -> status_t;
    destroy_xfer_req: fn(xfer_req_t) -> status_t;
    create_opt_args: fn(*mut opt_args_t) -> status_t;
    destroy_opt_args: fn(opt_args_t) -> status_t;
    opt_args_set_notif_msg: fn(opt_args_t, *const c_void, usize) -> status_t;
    opt_args_set_has_notif: fn(opt_args_t, bool) -> status_t;
}

static API: OnceLock<Api> = OnceLock::new();
/// Serialises loading, so two first callers do not both load the library.
static LOADING: Mutex<()> = Mutex::new(());

/// Load the C API once per process. `path` is the wheel's `libnixl_capi.so` (found by the
/// Python layer); `None` tries the bare name through the dynamic linker's search path. A
/// failed load is not remembered: a later call (with a better path) tries again.
pub fn load(path: Option<&str>) -> Result<&'static Api> {
    if let Some(api) = API.get() {
        return Ok(api);
    }
    let _loading = LOADING.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(api) = API.get() {
        return Ok(api);
    }
    let api = Api::load(path.unwrap_or("libnixl_capi.so"))
        .map_err(|e| Error::NixlUnavailable(format!("NIXL's C API could not be loaded ({e})")))?;
    Ok(API.get_or_init(|| api))
}

pub fn check(status: status_t, what: &str) -> Result<()> {
    if status == SUCCESS {
        Ok(())
    } else {
        Err(Error::Nixl(format!("NIXL {what} failed (status {status})")))
    }
}

/// Stubs of an agent that works and a peer named "peer" (tests set the rest).
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    fn dangling() -> *mut c_void {
        std::ptr::NonNull::<u64>::dangling().as_ptr().cast()
    }
    unsafe extern "C" fn ok_agent(
        _: *const c_char,
        _: *const agent_config_t,
        out: *mut agent_t,
    ) -> status_t {
        // SAFETY: out-pointer from Agent::new.
        unsafe { *out = dangling() };
        SUCCESS
    }
    unsafe extern "C" fn ok_params(
        _: agent_t,
        _: *const c_char,
        _: *mut mem_list_t,
        _: *mut params_t,
    ) -> status_t {
        SUCCESS
    }
    unsafe extern "C" fn ok_backend(
        _: agent_t,
        _: *const c_char,
        _: params_t,
        _: *mut backend_t,
    ) -> status_t {
        SUCCESS
    }
    unsafe extern "C" fn ok_map(out: *mut notif_map_t) -> status_t {
        // SAFETY: out-pointer from Agent::new.
        unsafe { *out = dangling() };
        SUCCESS
    }
    unsafe extern "C" fn load(
        _: agent_t,
        _: *const c_void,
        _: usize,
        name: *mut *mut c_char,
    ) -> status_t {
        // SAFETY: malloc'd like NIXL's strdup; the caller frees it.
        unsafe { *name = libc::strdup(c"peer".as_ptr()) };
        SUCCESS
    }
    unsafe extern "C" fn dlist(_: c_int, out: *mut xfer_dlist_t) -> status_t {
        // SAFETY: out-pointer from xfer_list.
        unsafe { *out = dangling() };
        SUCCESS
    }
    unsafe extern "C" fn add(_: xfer_dlist_t, _: usize, _: usize, _: u64) -> status_t {
        SUCCESS
    }
    #[allow(clippy::too_many_arguments)]
    unsafe extern "C" fn create(
        _: agent_t,
        _: c_int,
        _: xfer_dlist_t,
        _: xfer_dlist_t,
        _: *const c_char,
        out: *mut xfer_req_t,
        _: opt_args_t,
    ) -> status_t {
        // SAFETY: out-pointer from post.
        unsafe { *out = dangling() };
        SUCCESS
    }

    unsafe extern "C" fn reg_dlist(_: c_int, out: *mut reg_dlist_t) -> status_t {
        // SAFETY: out-pointer from the agent's dlist.
        unsafe { *out = dangling() };
        SUCCESS
    }
    unsafe extern "C" fn reg_add(
        _: reg_dlist_t,
        _: usize,
        _: usize,
        _: u64,
        _: *const c_void,
        _: usize,
    ) -> status_t {
        SUCCESS
    }
    unsafe extern "C" fn reg(_: agent_t, _: reg_dlist_t, _: opt_args_t) -> status_t {
        SUCCESS
    }

    /// An API whose agent is made, registers memory, loads a peer named "peer" and creates
    /// transfers; every other call fails unless the test sets it.
    pub(crate) fn agent_api() -> Api {
        let mut api = Api::stubs();
        api.create_configured_agent = ok_agent;
        api.get_plugin_params = ok_params;
        api.create_backend = ok_backend;
        api.create_notif_map = ok_map;
        api.load_remote_md = load;
        api.create_xfer_dlist = dlist;
        api.xfer_dlist_add_desc = add;
        api.create_xfer_req = create;
        api.create_reg_dlist = reg_dlist;
        api.reg_dlist_add_desc = reg_add;
        api.register_mem = reg;
        api.deregister_mem = reg;
        api
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A failed load is retried: the second call tries its own path instead of returning the
    /// first call's error for good (which would leave NIXL unusable for the process).
    #[test]
    fn failed_load_is_retried_with_the_next_path() {
        let first = load(Some("/nonexistent/first/libnixl_capi.so"))
            .err()
            .unwrap();
        assert!(first.to_string().contains("/nonexistent/first/"), "{first}");
        let second = load(Some("/nonexistent/second/libnixl_capi.so"))
            .err()
            .unwrap();
        assert!(
            second.to_string().contains("/nonexistent/second/"),
            "the second load did not try its path: {second}"
        );
    }
}
