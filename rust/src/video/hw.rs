//! NVDEC: video decoding on an NVIDIA GPU through FFmpeg's CUDA hwaccel. The bundled FFmpeg
//! is configured against nv-codec-headers (tools/ffmpeg-sdk.py), which load libcuda and
//! libnvcuvid at run time: nothing here links NVIDIA code, and a machine without the driver
//! gets [`Error::GpuUnavailable`]. Decoded surfaces are copied to host memory (NV12, or P010
//! above 8 bits) and converted by the same code as the CPU path, so sampling, frame count and
//! metadata are the CPU path's.

use std::sync::Arc;

use ffmpeg_next::ffi;

pub use super::Gpu;
use crate::error::{Error, Result};
use crate::forksafe::PerProcessMap;

/// One FFmpeg CUDA device context (a CUDA context on the device), shared by every decoder.
pub struct Device(*mut ffi::AVBufferRef);

// SAFETY: the AVBufferRef is refcounted with atomics and FFmpeg's CUDA device context is used
// from any thread (each use pushes the context); we only take new references of it.
unsafe impl Send for Device {}
// SAFETY: as above: shared use only takes references (av_buffer_ref is atomic).
unsafe impl Sync for Device {}

impl Drop for Device {
    fn drop(&mut self) {
        // SAFETY: our own reference, unreferenced once.
        unsafe { ffi::av_buffer_unref(&mut self.0) };
    }
}

/// Device contexts by ordinal, made once per process (a CUDA context costs ~100 ms). A forked
/// child cannot use its parent's CUDA context: it makes its own (`PerProcessMap`).
static DEVICES: PerProcessMap<Device> = PerProcessMap::new();

/// The CUDA device context of `index`, or why there is none.
pub fn device(index: u32) -> Result<Arc<Device>> {
    DEVICES.get_or_try(index, || open(index))
}

fn open(index: u32) -> Result<Device> {
    let name = std::ffi::CString::new(index.to_string()).expect("digits");
    let mut r: *mut ffi::AVBufferRef = std::ptr::null_mut();
    // SAFETY: FFmpeg writes a new reference into `r` on success and leaves it null otherwise.
    let rc = unsafe {
        ffi::av_hwdevice_ctx_create(
            &mut r,
            ffi::AVHWDeviceType::AV_HWDEVICE_TYPE_CUDA,
            name.as_ptr(),
            std::ptr::null_mut(),
            0,
        )
    };
    if rc < 0 || r.is_null() {
        return Err(Error::GpuUnavailable(format!(
            "NVDEC on cuda:{index} is unavailable: FFmpeg could not open a CUDA device there \
             ({}); it needs the NVIDIA driver (libcuda.so.1) and that device",
            ffmpeg_next::Error::from(rc)
        )));
    }
    Ok(Device(r))
}

/// Whether FFmpeg's decoder `codec` has a CUDA hwaccel in this build.
pub fn supports(codec: *const ffi::AVCodec) -> bool {
    (0..)
        .map(|i| {
            // SAFETY: FFmpeg returns null past the codec's last hw config.
            unsafe { ffi::avcodec_get_hw_config(codec, i) }
        })
        .take_while(|c| !c.is_null())
        .any(|c| {
            // SAFETY: a non-null config FFmpeg owns for the codec's lifetime (static).
            let c = unsafe { &*c };
            c.device_type == ffi::AVHWDeviceType::AV_HWDEVICE_TYPE_CUDA
                && c.methods & ffi::AV_CODEC_HW_CONFIG_METHOD_HW_DEVICE_CTX as i32 != 0
        })
}

/// The decoder to open for `id` on the GPU: FFmpeg's own, the one its hwaccels hook into
/// (the CPU path's AV1 decoder is libdav1d, which has none).
pub fn decoder_for(id: ffi::AVCodecID) -> Option<ffmpeg_next::Codec> {
    let name = match id {
        ffi::AVCodecID::AV_CODEC_ID_AV1 => "av1",
        ffi::AVCodecID::AV_CODEC_ID_H264 => "h264",
        ffi::AVCodecID::AV_CODEC_ID_HEVC => "hevc",
        ffi::AVCodecID::AV_CODEC_ID_VP9 => "vp9",
        _ => return None,
    };
    // SAFETY: a registered codec's static AVCodec.
    ffmpeg_next::decoder::find_by_name(name).filter(|c| supports(unsafe { c.as_ptr() }))
}

/// Give the (unopened) decoder context the device: FFmpeg's default `get_format` then picks
/// the CUDA surface format, or a software one where NVDEC refuses the stream (a profile or
/// size the GPU lacks), which [`download`] reports under `required`.
///
/// # Safety
/// `ctx` is a valid decoder context not yet opened.
pub unsafe fn attach(ctx: *mut ffi::AVCodecContext, dev: &Device) -> Result<()> {
    // SAFETY: `dev.0` is a live reference we own.
    let r = unsafe { ffi::av_buffer_ref(dev.0) };
    if r.is_null() {
        return Err(Error::decode("out of memory referencing the CUDA device"));
    }
    // SAFETY: the caller's context; the decoder unreferences it when freed.
    unsafe { (*ctx).hw_device_ctx = r };
    Ok(())
}

/// The host copy of `frame` when it is a CUDA surface (into `host`, reused), else None (the
/// decoder fell back to software for this stream: an error when the GPU was `required`).
pub fn download<'f>(
    frame: &ffmpeg_next::frame::Video,
    host: &'f mut ffmpeg_next::frame::Video,
    gpu: Gpu,
    codec: &str,
) -> Result<Option<&'f ffmpeg_next::frame::Video>> {
    // SAFETY: reading the format of a decoded frame.
    let on_gpu = unsafe { (*frame.as_ptr()).format } == ffi::AVPixelFormat::AV_PIX_FMT_CUDA as i32;
    if !on_gpu {
        if gpu.required {
            return Err(Error::GpuUnavailable(format!(
                "NVDEC on cuda:{} refused this {codec} stream (a profile, chroma format or \
                 size the GPU does not decode); device=\"auto\" decodes it on the CPU",
                gpu.index
            )));
        }
        return Ok(None);
    }
    // SAFETY: `host` is ours; FFmpeg allocates its planes in the surface's software format
    // and copies the surface into them (a synchronous device-to-host copy).
    let rc = unsafe {
        ffi::av_frame_unref(host.as_mut_ptr());
        ffi::av_hwframe_transfer_data(host.as_mut_ptr(), frame.as_ptr(), 0)
    };
    if rc < 0 {
        return Err(Error::decode(format!(
            "copying a decoded {codec} frame from cuda:{} failed: {}",
            gpu.index,
            ffmpeg_next::Error::from(rc)
        )));
    }
    Ok(Some(host))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_build_has_nvdec_for_the_four_codecs() {
        crate::av::init();
        if cfg!(not(feature = "bundled")) {
            return; // the system's FFmpeg may be built without it
        }
        for id in [
            ffi::AVCodecID::AV_CODEC_ID_H264,
            ffi::AVCodecID::AV_CODEC_ID_HEVC,
            ffi::AVCodecID::AV_CODEC_ID_VP9,
            ffi::AVCodecID::AV_CODEC_ID_AV1,
        ] {
            assert!(decoder_for(id).is_some(), "{id:?} has no CUDA hwaccel");
        }
        assert!(decoder_for(ffi::AVCodecID::AV_CODEC_ID_MPEG4).is_none());
        // The CPU path's AV1 decoder stays dav1d (listed before FFmpeg's own).
        let av1 = ffmpeg_next::decoder::find(ffmpeg_next::codec::Id::AV1).expect("AV1");
        assert_eq!(av1.name(), "libdav1d");
    }

    #[test]
    fn no_driver_is_a_typed_error() {
        crate::av::init();
        // This test machine has no NVIDIA driver; on a GPU machine the device opens.
        if std::path::Path::new("/dev/nvidiactl").exists() {
            return;
        }
        match device(0) {
            Err(Error::GpuUnavailable(m)) => assert!(m.contains("cuda:0"), "{m}"),
            Err(e) => panic!("wrong error: {e:?}"),
            Ok(_) => panic!("a CUDA device opened on a machine without the driver"),
        }
    }
}
