//! nvJPEG: baseline JPEG decoding on an NVIDIA GPU, for `Decoder(device="cuda:N")`. Both
//! libraries are opened at run time: libnvjpeg (the `nvidia-nvjpeg-cu12`/`nvidia-nvjpeg`
//! wheels; `fastmedia._internal.gpu.load_nvjpeg` loads it from there, and a dlopen by soname then finds
//! it) and the driver's libcuda. Limits are checked from nvJPEG's reading of the header
//! before any memory is allocated; the RGB pixels are decoded into device scratch and copied
//! to the caller's host buffer. Without either library: [`Error::GpuUnavailable`].

#![allow(non_camel_case_types, non_snake_case)]

use std::ffi::{c_int, c_void};
use std::sync::{Arc, Mutex};

use libloading::Library;

use super::{check_limits, ImageInfo, Limits};
use crate::error::{Error, Result};
use crate::forksafe::PerProcessMap;
use crate::video::Gpu;

type CUresult = c_int;
type nvjpegStatus_t = c_int;
const NVJPEG_OUTPUT_RGBI: c_int = 5;
const NVJPEG_MAX_COMPONENT: usize = 4;
const NVJPEG_STATUS_BAD_JPEG: nvjpegStatus_t = 3;
const NVJPEG_STATUS_JPEG_NOT_SUPPORTED: nvjpegStatus_t = 4;

#[repr(C)]
struct nvjpegImage_t {
    channel: [*mut u8; NVJPEG_MAX_COMPONENT],
    pitch: [usize; NVJPEG_MAX_COMPONENT],
}

macro_rules! api {
    ($($lib:ident { $($name:ident : fn($($arg:ty),*) -> $ret:ty;)* })*) => {
        struct Api {
            _libs: Vec<Library>,
            $($($name: unsafe extern "C" fn($($arg),*) -> $ret,)*)*
        }

        impl Api {
            fn load(cuda: Library, nvjpeg: Library) -> std::result::Result<Api, String> {
                let libs = [("cuda", &cuda), ("nvjpeg", &nvjpeg)];
                let pick = |want: &str| libs.iter().find(|l| l.0 == want).expect("named").1;
                // SAFETY: each symbol is looked up by its exact C name and given the
                // signature of cuda.h / nvjpeg.h (unchanged since CUDA 10).
                unsafe {
                    $($(
                        let $name = *pick(stringify!($lib))
                            .get::<unsafe extern "C" fn($($arg),*) -> $ret>(
                                concat!(stringify!($name), "\0").as_bytes(),
                            )
                            .map_err(|e| format!("missing symbol {}: {e}", stringify!($name)))?;
                    )*)*
                    Ok(Api { _libs: vec![cuda, nvjpeg], $($($name,)*)* })
                }
            }
        }
    };
}

api! {
    cuda {
        cuInit: fn(u32) -> CUresult;
        cuDeviceGet: fn(*mut c_int, c_int) -> CUresult;
        cuDevicePrimaryCtxRetain: fn(*mut *mut c_void, c_int) -> CUresult;
        cuCtxSetCurrent: fn(*mut c_void) -> CUresult;
        cuCtxSynchronize: fn() -> CUresult;
        cuMemAlloc_v2: fn(*mut u64, usize) -> CUresult;
        cuMemFree_v2: fn(u64) -> CUresult;
        cuMemcpyDtoH_v2: fn(*mut c_void, u64, usize) -> CUresult;
    }
    nvjpeg {
        nvjpegCreateSimple: fn(*mut *mut c_void) -> nvjpegStatus_t;
        nvjpegJpegStateCreate: fn(*mut c_void, *mut *mut c_void) -> nvjpegStatus_t;
        nvjpegGetImageInfo: fn(*mut c_void, *const u8, usize, *mut c_int, *mut c_int,
                               *mut c_int, *mut c_int) -> nvjpegStatus_t;
        nvjpegDecode: fn(*mut c_void, *mut c_void, *const u8, usize, c_int,
                         *mut nvjpegImage_t, *mut c_void) -> nvjpegStatus_t;
    }
}

/// One decoding state with its device scratch: nvJPEG's states are not shared between
/// concurrent decodes, so each decode takes one from the pool and puts it back.
struct Scratch {
    state: *mut c_void,
    dptr: u64,
    cap: usize,
}

/// nvJPEG on one GPU: the library handle, the device's primary context, idle states.
pub struct NvJpeg {
    api: Api,
    handle: *mut c_void,
    ctx: *mut c_void,
    index: u32,
    idle: Mutex<Vec<Scratch>>,
}

// SAFETY: nvJPEG's library handle is thread-safe; the states (the only per-decode objects)
// are used by one thread at a time (taken from `idle`), and a CUDA context may be made
// current on any thread. The handle and context live as long as the process (never freed).
unsafe impl Send for NvJpeg {}
// SAFETY: as above.
unsafe impl Sync for NvJpeg {}

/// One per GPU ordinal and process (a forked child cannot use its parent's CUDA context).
static DECODERS: PerProcessMap<NvJpeg> = PerProcessMap::new();

fn unavailable(index: u32, why: impl std::fmt::Display) -> Error {
    Error::GpuUnavailable(format!(
        "nvJPEG on cuda:{index} is unavailable: {why} (it needs the NVIDIA driver and the \
         nvidia-nvjpeg wheel: pip install nvidia-nvjpeg-cu12, or nvidia-nvjpeg for CUDA 13)"
    ))
}

fn open(name: &str) -> std::result::Result<Library, String> {
    // SAFETY: loading NVIDIA's shared libraries runs their initialisers, which are safe to
    // run once per process (as every CUDA program does).
    unsafe { Library::new(name) }.map_err(|e| match std::error::Error::source(&e) {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    })
}

impl NvJpeg {
    /// nvJPEG on GPU `index`, made once per process.
    pub fn get(index: u32) -> Result<Arc<NvJpeg>> {
        DECODERS.get_or_try(index, || NvJpeg::new(index))
    }

    fn new(index: u32) -> Result<NvJpeg> {
        let cuda = open("libcuda.so.1").map_err(|e| unavailable(index, e))?;
        let nvjpeg = ["libnvjpeg.so.13", "libnvjpeg.so.12", "libnvjpeg.so"]
            .iter()
            .find_map(|n| open(n).ok())
            .ok_or_else(|| unavailable(index, "libnvjpeg is not loaded or loadable"))?;
        let api = Api::load(cuda, nvjpeg).map_err(|e| unavailable(index, e))?;
        let (mut dev, mut ctx, mut handle) = (0, std::ptr::null_mut(), std::ptr::null_mut());
        let check = |rc: c_int, what: &str| match rc {
            0 => Ok(()),
            e => Err(unavailable(index, format!("{what}: status {e}"))),
        };
        // SAFETY: plain CUDA driver and nvJPEG calls writing into the locals above, in order.
        unsafe {
            check((api.cuInit)(0), "cuInit")?;
            check((api.cuDeviceGet)(&mut dev, index as c_int), "cuDeviceGet")?;
            check(
                (api.cuDevicePrimaryCtxRetain)(&mut ctx, dev),
                "cuDevicePrimaryCtxRetain",
            )?;
            check((api.cuCtxSetCurrent)(ctx), "cuCtxSetCurrent")?;
            check((api.nvjpegCreateSimple)(&mut handle), "nvjpegCreateSimple")?;
        }
        Ok(NvJpeg {
            api,
            handle,
            ctx,
            index,
            idle: Mutex::new(Vec::new()),
        })
    }

    /// The header as nvJPEG reads it: (width, height), checked against `limits` for RGB.
    pub fn info(&self, data: &[u8], limits: &Limits) -> Result<(u32, u32)> {
        let (mut n, mut css) = (0, 0);
        let (mut w, mut h) = ([0; NVJPEG_MAX_COMPONENT], [0; NVJPEG_MAX_COMPONENT]);
        // SAFETY: nvJPEG reads `data` and writes at most NVJPEG_MAX_COMPONENT sizes.
        let st = unsafe {
            (self.api.nvjpegGetImageInfo)(
                self.handle,
                data.as_ptr(),
                data.len(),
                &mut n,
                &mut css,
                w.as_mut_ptr(),
                h.as_mut_ptr(),
            )
        };
        self.status(st, "reading the JPEG header")?;
        let (w, h) = (u32::try_from(w[0]), u32::try_from(h[0]));
        let (Ok(w), Ok(h)) = (w, h) else {
            return Err(Error::decode("nvJPEG read a negative JPEG size"));
        };
        check_limits(limits, w, h, 3, 0)?;
        Ok((w, h))
    }

    /// Decode `data` (whose size [`NvJpeg::info`] returned) as RGB into `out` (w*h*3 bytes).
    pub fn decode(&self, data: &[u8], w: u32, h: u32, out: &mut [u8]) -> Result<()> {
        let len = w as usize * h as usize * 3;
        assert_eq!(out.len(), len, "output sized from info()");
        let mut s = self.take()?;
        let r = self.decode_with(&mut s, data, w, out);
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(s);
        r
    }

    fn take(&self) -> Result<Scratch> {
        if let Some(s) = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            return Ok(s);
        }
        let mut state = std::ptr::null_mut();
        // SAFETY: creates a state for our handle.
        let st = unsafe { (self.api.nvjpegJpegStateCreate)(self.handle, &mut state) };
        self.status(st, "creating a decode state")?;
        Ok(Scratch {
            state,
            dptr: 0,
            cap: 0,
        })
    }

    fn decode_with(&self, s: &mut Scratch, data: &[u8], w: u32, out: &mut [u8]) -> Result<()> {
        let a = &self.api;
        let cuda = |rc: CUresult, what: &str| match rc {
            0 => Ok(()),
            e => Err(Error::GpuUnavailable(format!(
                "nvJPEG on cuda:{}: {what} failed (CUresult {e})",
                self.index
            ))),
        };
        // SAFETY: our primary context, made current on this thread for the calls below.
        cuda(unsafe { (a.cuCtxSetCurrent)(self.ctx) }, "cuCtxSetCurrent")?;
        if s.cap < out.len() {
            if s.dptr != 0 {
                // SAFETY: scratch we allocated; no decode uses it now (we hold the state).
                unsafe { (a.cuMemFree_v2)(s.dptr) };
                (s.dptr, s.cap) = (0, 0);
            }
            cuda(
                // SAFETY: a device allocation into `s.dptr`.
                unsafe { (a.cuMemAlloc_v2)(&mut s.dptr, out.len()) },
                "cuMemAlloc",
            )?;
            s.cap = out.len();
        }
        let mut img = nvjpegImage_t {
            channel: [std::ptr::null_mut(); NVJPEG_MAX_COMPONENT],
            pitch: [0; NVJPEG_MAX_COMPONENT],
        };
        img.channel[0] = s.dptr as *mut u8;
        img.pitch[0] = w as usize * 3;
        // SAFETY: nvJPEG writes h rows of w*3 bytes at `s.dptr` (cap >= that), on the
        // default stream, from `data`, which it only reads.
        let st = unsafe {
            (a.nvjpegDecode)(
                self.handle,
                s.state,
                data.as_ptr(),
                data.len(),
                NVJPEG_OUTPUT_RGBI,
                &mut img,
                std::ptr::null_mut(),
            )
        };
        self.status(st, "decoding")?;
        // SAFETY: waits for the decode, then copies the written bytes into `out`.
        cuda(unsafe { (a.cuCtxSynchronize)() }, "cuCtxSynchronize")?;
        let dst = out.as_mut_ptr() as *mut c_void;
        cuda(
            // SAFETY: `out` holds `out.len()` bytes, all of which the decode wrote.
            unsafe { (a.cuMemcpyDtoH_v2)(dst, s.dptr, out.len()) },
            "cuMemcpyDtoH",
        )
    }

    fn status(&self, st: nvjpegStatus_t, what: &str) -> Result<()> {
        match st {
            0 => Ok(()),
            NVJPEG_STATUS_BAD_JPEG => Err(Error::decode(format!("nvJPEG {what}: bad JPEG data"))),
            NVJPEG_STATUS_JPEG_NOT_SUPPORTED => Err(Error::unsupported(format!(
                "nvJPEG {what}: a JPEG feature nvJPEG does not decode"
            ))),
            e => Err(Error::GpuUnavailable(format!(
                "nvJPEG on cuda:{} {what}: status {e}",
                self.index
            ))),
        }
    }
}

/// nvJPEG for one JPEG ([`super::decode_format`]), with its header read and checked:
/// `Ok(None)` leaves it to the CPU decoder (nvJPEG missing under `device="auto"`).
pub fn prepare(data: &[u8], gpu: Gpu, limits: &Limits) -> Result<Option<(Arc<NvJpeg>, ImageInfo)>> {
    let nv = match NvJpeg::get(gpu.index) {
        Ok(nv) => nv,
        Err(e) if gpu.required => return Err(e),
        Err(_) => return Ok(None),
    };
    let (w, h) = nv.info(data, limits)?;
    let info = ImageInfo {
        width: w,
        height: h,
        channels: 3,
        format: "Jpeg",
        color_type: "Rgb8",
        source_size: [h, w],
    };
    Ok(Some((nv, info)))
}

/// Decode what [`prepare`] accepted into memory from `alloc`.
pub fn finish<B, F>(nv: &NvJpeg, data: &[u8], info: ImageInfo, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let mut buf = alloc(&info)?;
    nv.decode(data, info.width, info.height, buf.as_mut())?;
    Ok((buf, info))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_the_libraries_it_is_a_typed_error() {
        if std::path::Path::new("/dev/nvidiactl").exists() {
            return; // a GPU machine: tests/test_gpu_codecs.py decodes there
        }
        match NvJpeg::get(0) {
            Err(Error::GpuUnavailable(m)) => {
                assert!(m.contains("cuda:0") && m.contains("nvidia-nvjpeg"), "{m}")
            }
            Err(e) => panic!("wrong error: {e:?}"),
            Ok(_) => panic!("nvJPEG opened on a machine without a driver"),
        }
    }
}
