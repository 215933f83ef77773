//! RGB24 to planar YUV 4:2:0 (BT.601, limited range: what FFmpeg's CLI, imageio and PyAV
//! produce from RGB by default) through libswscale, one scaler context per thread.

use std::cell::RefCell;
use std::ptr;

use ffmpeg_next::ffi;

use crate::error::{Error, Result};

/// One frame's planes, contiguous: Y (`stride_y * h`), then U and V (`stride_c * ch` each).
pub struct Yuv420 {
    pub width: usize,
    pub height: usize,
    pub stride_y: usize,
    pub stride_c: usize,
    pub data: Vec<u8>,
}

/// Rows padded to 64 bytes so swscale's SIMD paths stay on.
fn align(n: usize) -> usize {
    n.div_ceil(64) * 64
}

impl Yuv420 {
    pub fn new(width: usize, height: usize) -> Self {
        let (sy, sc) = (align(width), align(width.div_ceil(2)));
        let ch = height.div_ceil(2);
        Yuv420 {
            width,
            height,
            stride_y: sy,
            stride_c: sc,
            data: vec![0; sy * height + 2 * sc * ch],
        }
    }

    pub fn planes(&self) -> (&[u8], &[u8], &[u8]) {
        let ylen = self.stride_y * self.height;
        let clen = self.stride_c * self.height.div_ceil(2);
        let (y, rest) = self.data.split_at(ylen);
        let (u, v) = rest.split_at(clen);
        (y, u, &v[..clen])
    }
}

struct Sws {
    ctx: *mut ffi::SwsContext,
    width: usize,
    height: usize,
}

impl Drop for Sws {
    fn drop(&mut self) {
        // SAFETY: ctx came from sws_getContext and is freed exactly once.
        unsafe { ffi::sws_freeContext(self.ctx) }
    }
}

thread_local! {
    static SWS: RefCell<Option<Sws>> = const { RefCell::new(None) };
}

fn context(width: usize, height: usize) -> Result<Sws> {
    let (w, h) = (width as i32, height as i32);
    // SAFETY: plain constructor; null filters and params select the defaults. Returns null
    // on failure, checked below.
    let ctx = unsafe {
        ffi::sws_getContext(
            w,
            h,
            ffi::AVPixelFormat::AV_PIX_FMT_RGB24,
            w,
            h,
            ffi::AVPixelFormat::AV_PIX_FMT_YUV420P,
            // An enum from FFmpeg 8 on, so through ffmpeg-next's flags (both builds).
            ffmpeg_next::software::scaling::Flags::BICUBIC.bits(),
            ptr::null_mut(),
            ptr::null_mut(),
            ptr::null(),
        )
    };
    if ctx.is_null() {
        return Err(Error::decode(format!(
            "could not set up RGB to YUV conversion for {width}x{height}"
        )));
    }
    Ok(Sws { ctx, width, height })
}

/// Converts one packed RGB24 frame (`width * height * 3` bytes) into `dst`'s planes
/// (`dst[i]` with `strides[i]` bytes per row).
///
/// # Safety
/// Each `dst[i]` must point to writable memory for its plane: `strides[0] * height` bytes for
/// Y, `strides[1|2] * ceil(height / 2)` for U and V, with strides no smaller than the width
/// (Y) or `ceil(width / 2)` (U, V).
pub unsafe fn rgb_to_yuv420(
    rgb: &[u8],
    width: usize,
    height: usize,
    dst: [*mut u8; 3],
    strides: [usize; 3],
) -> Result<()> {
    assert_eq!(rgb.len(), width * height * 3, "one RGB24 frame");
    SWS.with(|cell| {
        let mut slot = cell.borrow_mut();
        if !matches!(&*slot, Some(s) if s.width == width && s.height == height) {
            *slot = Some(context(width, height)?);
        }
        let sws = slot.as_ref().expect("set above");
        let src = [rgb.as_ptr(), ptr::null(), ptr::null(), ptr::null()];
        let src_stride = [(width * 3) as i32, 0, 0, 0];
        let dst = [dst[0], dst[1], dst[2], ptr::null_mut()];
        let dst_stride = [strides[0] as i32, strides[1] as i32, strides[2] as i32, 0];
        // SAFETY: `src` holds `height` rows of width*3 bytes (asserted above); the caller
        // guarantees the destination planes; the context matches these sizes.
        let rows = unsafe {
            ffi::sws_scale(
                sws.ctx,
                src.as_ptr(),
                src_stride.as_ptr(),
                0,
                height as i32,
                dst.as_ptr(),
                dst_stride.as_ptr(),
            )
        };
        if rows != height as i32 {
            return Err(Error::decode("RGB to YUV conversion failed"));
        }
        Ok(())
    })
}

/// One RGB24 frame into a fresh [`Yuv420`].
pub fn convert(rgb: &[u8], width: usize, height: usize) -> Result<Yuv420> {
    let mut out = Yuv420::new(width, height);
    let (sy, sc) = (out.stride_y, out.stride_c);
    let ylen = sy * height;
    let clen = sc * height.div_ceil(2);
    let base = out.data.as_mut_ptr();
    // SAFETY: the three planes are disjoint ranges of `out.data`, sized as documented.
    unsafe {
        let dst = [base, base.add(ylen), base.add(ylen + clen)];
        rgb_to_yuv420(rgb, width, height, dst, [sy, sc, sc])?;
    }
    Ok(out)
}
