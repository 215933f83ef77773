//! Panic containment around third-party decoders.
//!
//! Decoders (the `image`/`tiff` crates today, video and audio decoders later) run on input we
//! do not control, and some of them `panic!` on malformed files instead of returning an
//! error. [`contain`] runs one decode and turns such a panic into [`Error::Decode`] for that
//! item alone: nothing unwinds into the pool (the worker thread lives on), into the rest of a
//! batch, or into Python (where PyO3 would raise `PanicException`, which is not an
//! `Exception`).
//!
//! Wrap every call into a decoder with it:
//!
//! ```
//! use fastmedia::decode::contain;
//! let r: fastmedia::Result<u32> = contain("tiff", || panic!("bad tile"));
//! assert!(matches!(r, Err(fastmedia::Error::Decode(_))));
//! ```
//!
//! The panic message goes into the error instead of stderr: the first call installs, once
//! per process, a panic hook that stays silent for panics raised *inside* `contain` on the
//! current thread and hands every other panic to the hook that was there before (so panics
//! elsewhere print exactly as they did). A cdylib has its own copy of `std`, so the hook
//! only ever sees panics of this library's code. A panic on a thread the decoder itself
//! spawned is not marked and still prints, but is contained all the same once it reaches
//! the caller's thread.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

use crate::error::{Error, Result};

thread_local! {
    /// How many `contain` calls are active on this thread (they may nest).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Where the last contained panic on this thread happened ("file:line").
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

static HOOK: Once = Once::new();

/// Panics contained so far in this process.
static CONTAINED: AtomicU64 = AtomicU64::new(0);

/// How many decoder panics [`contain`] has turned into errors in this process. Fuzz targets
/// and tests check it: an error's text can quote the input, so "internal panic" in a message
/// does not prove a panic happened.
pub fn contained_panics() -> u64 {
    CONTAINED.load(Ordering::Relaxed)
}

fn install_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if DEPTH.with(Cell::get) > 0 {
                let loc = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()));
                LOCATION.with(|c| *c.borrow_mut() = loc);
            } else {
                previous(info);
            }
        }));
    });
}

/// Decrements the depth on every exit, unwinding included.
struct Depth;

impl Depth {
    fn enter() -> Depth {
        DEPTH.with(|d| d.set(d.get() + 1));
        Depth
    }
}

impl Drop for Depth {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Fault injection for tests of the Python layer: with `FASTMEDIA_TEST_PANIC=1` in the
/// environment at the first decode, an input that starts with [`PANIC_MAGIC`] panics inside
/// the decoder call, as a third-party decoder bug would. Off (one cached flag) otherwise.
pub const PANIC_MAGIC: &[u8] = b"FASTMEDIA-TEST-PANIC";

pub(crate) fn inject_test_panic(data: &[u8]) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if data.starts_with(PANIC_MAGIC)
        && *ON.get_or_init(|| std::env::var_os("FASTMEDIA_TEST_PANIC").is_some_and(|v| v == "1"))
    {
        panic!("injected test panic (FASTMEDIA_TEST_PANIC=1)");
    }
}

fn payload_text(p: &(dyn Any + Send)) -> &str {
    if let Some(s) = p.downcast_ref::<&str>() {
        s
    } else if let Some(s) = p.downcast_ref::<String>() {
        s
    } else {
        "non-text panic payload"
    }
}

/// Run `f` (one decode of one item); a panic inside becomes `Error::Decode` naming `what`
/// (the decoder or format) and the panic message. `f` must leave no shared state half
/// updated when it panics: a decode writes only its own output and thread-local scratch.
pub fn contain<T>(what: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    install_hook();
    let guard = Depth::enter();
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    drop(guard);
    match r {
        Ok(r) => r,
        Err(payload) => {
            CONTAINED.fetch_add(1, Ordering::Relaxed);
            let loc = LOCATION.with(|c| c.borrow_mut().take());
            let msg = payload_text(payload.as_ref());
            let at = loc
                .map(|l| format!(" at {}", short_path(&l)))
                .unwrap_or_default();
            Err(Error::decode(format!(
                "{what} decoder failed on this input (internal panic{at}: {msg})"
            )))
        }
    }
}

/// `.../registry/src/index.crates.io-xxxx/tiff-0.10.3/src/decoder/mod.rs:12` ->
/// `tiff-0.10.3/src/decoder/mod.rs:12`.
fn short_path(loc: &str) -> &str {
    match loc.rfind("/src/") {
        Some(i) => {
            let head = &loc[..i];
            let start = head.rfind('/').map(|j| j + 1).unwrap_or(0);
            &loc[start..]
        }
        None => loc,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_decode_error_naming_it() {
        let before = contained_panics();
        let r: Result<()> = contain("tiff", || panic!("tile {} too short", 3));
        assert!(contained_panics() > before);
        match r {
            Err(Error::Decode(m)) => {
                assert!(m.contains("tiff decoder failed"), "{m}");
                assert!(m.contains("tile 3 too short"), "{m}");
                assert!(m.contains("contain.rs:"), "{m}");
            }
            other => panic!("expected Decode, got {other:?}"),
        }
    }

    #[test]
    fn results_pass_through_and_nesting_unwinds_the_depth() {
        assert_eq!(contain("x", || Ok(7)).unwrap(), 7);
        let inner: Result<()> = contain("outer", || {
            let e = contain::<()>("inner", || panic!("deep")).unwrap_err();
            assert!(e.to_string().contains("inner decoder"));
            Err(Error::decode("kept"))
        });
        assert_eq!(inner.unwrap_err().to_string(), "kept");
        assert_eq!(DEPTH.with(Cell::get), 0);
    }

    #[test]
    fn the_thread_survives_many_contained_panics() {
        let h = std::thread::spawn(|| {
            (0..100)
                .map(|i| contain::<()>("t", || panic!("n{i}")).is_err())
                .filter(|&e| e)
                .count()
        });
        assert_eq!(h.join().unwrap(), 100);
    }

    #[test]
    fn a_real_tiff_crate_panic_is_contained() {
        // tiffcp -p separate -t: the `image` crate's TIFF path makes the tiff crate assert on its
        // tile buffer (fastmedia's own TIFF reader no longer goes through it).
        let data: &[u8] = include_bytes!("../../../tests/fixtures/robust/planar_tiled_rgb8.tif");
        for _ in 0..3 {
            let r = contain("tiff", || {
                let r = image::ImageReader::with_format(
                    std::io::Cursor::new(data),
                    image::ImageFormat::Tiff,
                );
                r.decode().map_err(|e| Error::decode(e.to_string()))?;
                Ok(())
            });
            match r {
                Err(Error::Decode(m)) => assert!(m.contains("internal panic"), "{m}"),
                other => panic!("expected a contained panic, got {other:?}"),
            }
        }
    }

    #[test]
    fn short_path_keeps_the_crate_and_file() {
        assert_eq!(
            short_path("/root/.cargo/registry/src/idx-1/tiff-0.10.3/src/decoder/mod.rs:9"),
            "tiff-0.10.3/src/decoder/mod.rs:9"
        );
        assert_eq!(short_path("weird:1"), "weird:1");
    }
}
