//! Decoded frame -> RGB24 slot of the output: swscale straight into the slot (honouring the
//! frame's colour range and matrix), or through one scratch frame when the container asks
//! for a display rotation (applied like OpenCV's default `CAP_PROP_ORIENTATION_AUTO`).
//! A resized clip converts into scratch at the display size and resizes into the slot.

use std::ptr;

use ffmpeg_next::ffi;

use super::Fit;
use crate::error::{Error, Result};
use crate::resize::resize_into;

pub(crate) struct Converter {
    sws: *mut ffi::SwsContext,
    /// For frames deeper than 8 bits: a context of swscale's frame API (`sws_scale_frame`).
    deep_sws: *mut ffi::SwsContext,
    scratch: Vec<u8>,
    /// The tight display-size RGB frame a resize reads (rotated or de-padded).
    display: Vec<u8>,
}

impl Drop for Converter {
    fn drop(&mut self) {
        // SAFETY: each null or a context from sws_getCachedContext / sws_alloc_context,
        // freed once.
        unsafe {
            ffi::sws_freeContext(self.sws);
            ffi::sws_freeContext(self.deep_sws);
        }
    }
}

/// swscale's coefficient table for a frame's matrix (unspecified -> BT.601, as FFmpeg does).
fn sws_matrix(space: ffi::AVColorSpace) -> i32 {
    use ffi::AVColorSpace as S;
    match space {
        S::AVCOL_SPC_BT709 => ffi::SWS_CS_ITU709,
        S::AVCOL_SPC_FCC => ffi::SWS_CS_FCC,
        S::AVCOL_SPC_SMPTE240M => ffi::SWS_CS_SMPTE240M,
        S::AVCOL_SPC_BT2020_NCL | S::AVCOL_SPC_BT2020_CL => ffi::SWS_CS_BT2020,
        _ => ffi::SWS_CS_ITU601,
    }
}

fn full_range(f: &ffi::AVFrame) -> bool {
    use ffi::AVPixelFormat as P;
    f.color_range == ffi::AVColorRange::AVCOL_RANGE_JPEG
        || matches!(
            pix(f.format),
            P::AV_PIX_FMT_YUVJ420P | P::AV_PIX_FMT_YUVJ422P | P::AV_PIX_FMT_YUVJ444P
        )
}

/// Whether a frame's samples are deeper than 8 bits (10-bit H.264/HEVC, ...).
fn deep(format: i32) -> bool {
    // SAFETY: av_pix_fmt_desc_get takes any value and returns null or a static descriptor.
    let desc = unsafe { ffi::av_pix_fmt_desc_get(pix(format)) };
    // SAFETY: non-null: a static descriptor with at least one component.
    !desc.is_null() && unsafe { (*desc).comp[0].depth } > 8
}

/// The free callback of a buffer that borrows memory: nothing to free.
unsafe extern "C" fn keep(_opaque: *mut std::ffi::c_void, _data: *mut u8) {}

pub(super) fn pix(format: i32) -> ffi::AVPixelFormat {
    // SAFETY: AVPixelFormat is a C enum of i32 and FFmpeg only stores valid values (or -1,
    // AV_PIX_FMT_NONE) in AVFrame.format and AVCodecParameters.format.
    unsafe { std::mem::transmute::<i32, ffi::AVPixelFormat>(format) }
}

impl Converter {
    pub fn new() -> Self {
        Converter {
            sws: ptr::null_mut(),
            deep_sws: ptr::null_mut(),
            scratch: Vec::new(),
            display: Vec::new(),
        }
    }

    /// Convert `frame` to RGB24 `w` x `h` (the stream's size before rotation; a frame of
    /// another size is scaled to it), rotated clockwise by `rotation` degrees, into `dst`;
    /// with `fit`, resized after the rotation (Pillow's filters) into `dst`.
    pub fn convert(
        &mut self,
        frame: &ffi::AVFrame,
        w: u32,
        h: u32,
        rotation: u32,
        fit: Option<Fit>,
        dst: &mut [u8],
    ) -> Result<()> {
        let Some(fit) = fit else {
            return self.convert_rgb(frame, w, h, rotation, dst);
        };
        if dst.len() != fit.width as usize * fit.height as usize * 3 {
            return Err(Error::decode("internal: output slot size mismatch"));
        }
        let mut display = std::mem::take(&mut self.display);
        display.resize(w as usize * h as usize * 3, 0);
        let r = self.convert_rgb(frame, w, h, rotation, &mut display);
        let (dw, dh) = if rotation % 180 == 90 { (h, w) } else { (w, h) };
        let r = r.and_then(|()| {
            resize_into(&display, dw, dh, 3, dst, fit.width, fit.height, fit.filter)
        });
        self.display = display;
        r
    }

    fn convert_rgb(
        &mut self,
        frame: &ffi::AVFrame,
        w: u32,
        h: u32,
        rotation: u32,
        dst: &mut [u8],
    ) -> Result<()> {
        if frame.width <= 0 || frame.height <= 0 || frame.format < 0 {
            return Err(Error::decode("the decoder returned an empty frame"));
        }
        let need = w as usize * h as usize * 3;
        if dst.len() != need {
            return Err(Error::decode("internal: output slot size mismatch"));
        }
        if deep(frame.format) {
            return self.convert_deep(frame, w, h, rotation, dst);
        }
        // SAFETY: plain FFI with values from a decoded frame; the context is checked.
        unsafe {
            self.sws = ffi::sws_getCachedContext(
                self.sws,
                frame.width,
                frame.height,
                pix(frame.format),
                w as i32,
                h as i32,
                ffi::AVPixelFormat::AV_PIX_FMT_RGB24,
                // What OpenCV's FFmpeg backend asks for (an enum from FFmpeg 8, so through
                // ffmpeg-next's flags).
                ffmpeg_next::software::scaling::Flags::BICUBIC.bits(),
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null(),
            );
            if self.sws.is_null() {
                return Err(Error::unsupported(format!(
                    "cannot convert video frames of pixel format {} to RGB",
                    frame.format
                )));
            }
            // Limited or full range in, the frame's matrix; full-range RGB out. Fails
            // harmlessly (-1) for RGB sources.
            let m = ffi::sws_getCoefficients(sws_matrix(frame.colorspace));
            ffi::sws_setColorspaceDetails(
                self.sws,
                m,
                full_range(frame) as i32,
                m,
                1,
                0,
                1 << 16,
                1 << 16,
            );
        }
        self.write_slot(w, h, rotation, dst, |me, out, stride| {
            me.scale(frame, h, out.as_mut_ptr(), stride as i32)
        })
    }

    /// `write(self, out, stride)` fills `out` with `h` rows of `stride` bytes holding the
    /// frame as `w` x `h` 3-byte pixels; here straight into `dst`, or through the scratch
    /// frame when `rotation` is to be applied or the width is off swscale's blocks (its x86
    /// RGB writers work in blocks of 8 pixels and skip a row's tail that does not fit the
    /// stride, FFmpeg 5.1), so that every output byte is written.
    fn write_slot(
        &mut self,
        w: u32,
        h: u32,
        rotation: u32,
        dst: &mut [u8],
        write: impl FnOnce(&mut Self, &mut [u8], usize) -> Result<()>,
    ) -> Result<()> {
        let rot = rotation % 360;
        let padded = (w as usize).div_ceil(16) * 16;
        if rot == 0 && padded == w as usize {
            return write(self, dst, w as usize * 3);
        }
        let stride = padded * 3;
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.resize(stride * h as usize, 0);
        let r = write(self, &mut scratch, stride);
        if r.is_ok() {
            rotate(&scratch, stride, w as usize, h as usize, rot, dst);
        }
        self.scratch = scratch;
        r
    }

    /// A frame deeper than 8 bits, as OpenCV 5's FFmpeg backend converts it: swscale's frame
    /// API (`sws_scale_frame`, whose conversions of such frames are not the legacy
    /// `sws_scale`'s: mean 1.6 levels apart on a 10-bit H.264 clip), bicubic, into BGR24,
    /// then swapped to RGB.
    fn convert_deep(
        &mut self,
        frame: &ffi::AVFrame,
        w: u32,
        h: u32,
        rotation: u32,
        dst: &mut [u8],
    ) -> Result<()> {
        self.write_slot(w, h, rotation, dst, |me, out, stride| {
            me.scale_frame(frame, w, h, out, stride)
        })?;
        for px in dst.chunks_exact_mut(3) {
            px.swap(0, 2);
        }
        Ok(())
    }

    /// `frame` into `out` (`h` rows of `stride` bytes) as BGR24 `w` x `h`, by the frame API.
    fn scale_frame(
        &mut self,
        frame: &ffi::AVFrame,
        w: u32,
        h: u32,
        out: &mut [u8],
        stride: usize,
    ) -> Result<()> {
        if out.len() < stride * h as usize || stride < w as usize * 3 {
            return Err(Error::decode("internal: conversion buffer size mismatch"));
        }
        // SAFETY: a context made here and freed on drop; the output frame borrows `out`
        // through a buffer whose free callback does nothing, and is freed before `out` is
        // used again. swscale writes h rows of `stride` bytes into it, within `out` (checked
        // above); it would allocate a buffer of its own only for a frame without one.
        unsafe {
            if self.deep_sws.is_null() {
                self.deep_sws = ffi::sws_alloc_context();
                if self.deep_sws.is_null() {
                    return Err(Error::decode("could not allocate a swscale context"));
                }
                // What OpenCV's FFmpeg backend asks for; one thread: the pool runs many clips.
                // Through AVOptions: the context's fields are private before FFmpeg 8.
                let ctx = self.deep_sws as *mut std::ffi::c_void;
                let bicubic = ffmpeg_next::software::scaling::Flags::BICUBIC.bits() as i64;
                if ffi::av_opt_set_int(ctx, c"sws_flags".as_ptr(), bicubic, 0) < 0
                    || ffi::av_opt_set_int(ctx, c"threads".as_ptr(), 1, 0) < 0
                {
                    return Err(Error::decode("could not set up a swscale context"));
                }
            }
            let mut target = ffi::av_frame_alloc();
            if target.is_null() {
                return Err(Error::decode("could not allocate a frame"));
            }
            let buf =
                ffi::av_buffer_create(out.as_mut_ptr(), out.len(), Some(keep), ptr::null_mut(), 0);
            if buf.is_null() {
                ffi::av_frame_free(&mut target);
                return Err(Error::decode("could not wrap the conversion buffer"));
            }
            (*target).buf[0] = buf;
            (*target).format = ffi::AVPixelFormat::AV_PIX_FMT_BGR24 as i32;
            (*target).width = w as i32;
            (*target).height = h as i32;
            (*target).data[0] = out.as_mut_ptr();
            (*target).linesize[0] = stride as i32;
            let rc = ffi::sws_scale_frame(self.deep_sws, target, frame);
            let moved = (*target).data[0] != out.as_mut_ptr();
            ffi::av_frame_free(&mut target);
            if moved {
                return Err(Error::decode(
                    "internal: swscale replaced the output buffer",
                ));
            }
            if rc < 0 {
                return Err(Error::decode(format!(
                    "colour conversion of a frame of pixel format {} failed ({rc})",
                    frame.format
                )));
            }
        }
        Ok(())
    }

    fn scale(&mut self, frame: &ffi::AVFrame, h: u32, out: *mut u8, stride: i32) -> Result<()> {
        let dst = [out, ptr::null_mut(), ptr::null_mut(), ptr::null_mut()];
        let dst_stride = [stride, 0, 0, 0];
        // SAFETY: `out` holds h rows of `stride` bytes (checked by the caller); the source
        // planes are the frame's own.
        let rows = unsafe {
            ffi::sws_scale(
                self.sws,
                frame.data.as_ptr() as *const *const u8,
                frame.linesize.as_ptr(),
                0,
                frame.height,
                dst.as_ptr(),
                dst_stride.as_ptr(),
            )
        };
        if rows != h as i32 {
            return Err(Error::decode(format!(
                "colour conversion wrote {rows} of {h} rows"
            )));
        }
        Ok(())
    }
}

/// Copy an RGB24 `w` x `h` image (rows `stride` bytes apart) into the tight `dst`, rotated
/// clockwise by 0, 90, 180 or 270 degrees.
pub(crate) fn rotate(src: &[u8], stride: usize, w: usize, h: usize, rot: u32, dst: &mut [u8]) {
    let row = |y: usize| &src[y * stride..y * stride + w * 3];
    match rot {
        180 => {
            for (y, out) in dst.chunks_exact_mut(w * 3).enumerate() {
                let r = row(h - 1 - y);
                for (d, s) in out.chunks_exact_mut(3).zip(r.chunks_exact(3).rev()) {
                    d.copy_from_slice(s);
                }
            }
        }
        90 | 270 => {
            // Output is h wide, w tall. Clockwise: out(x', y') = in(x = y', y = h-1-x').
            for y in 0..h {
                let row = row(y);
                for x in 0..w {
                    let (ox, oy) = if rot == 90 {
                        (h - 1 - y, x)
                    } else {
                        (y, w - 1 - x)
                    };
                    let o = (oy * h + ox) * 3;
                    dst[o..o + 3].copy_from_slice(&row[x * 3..x * 3 + 3]);
                }
            }
        }
        _ => {
            for (y, out) in dst.chunks_exact_mut(w * 3).enumerate() {
                out.copy_from_slice(row(y));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::rotate;

    #[test]
    fn rotations() {
        // 2x1 image: A B  (each pixel 3 bytes)
        let src = [1, 1, 1, 2, 2, 2];
        let mut d = [0u8; 6];
        rotate(&src, 6, 2, 1, 90, &mut d); // clockwise: A on top, B below
        assert_eq!(d, [1, 1, 1, 2, 2, 2]);
        rotate(&src, 6, 2, 1, 270, &mut d); // counter-clockwise: B on top
        assert_eq!(d, [2, 2, 2, 1, 1, 1]);
        rotate(&src, 6, 2, 1, 180, &mut d);
        assert_eq!(d, [2, 2, 2, 1, 1, 1]);
        // 2x2: A B / C D; clockwise -> C A / D B
        let src: Vec<u8> = [1u8, 2, 3, 4].iter().flat_map(|&v| [v; 3]).collect();
        let mut d = [0u8; 12];
        rotate(&src, 6, 2, 2, 90, &mut d);
        let got: Vec<u8> = d.chunks(3).map(|p| p[0]).collect();
        assert_eq!(got, [3, 1, 4, 2]);
        rotate(&src, 6, 2, 2, 270, &mut d);
        let got: Vec<u8> = d.chunks(3).map(|p| p[0]).collect();
        assert_eq!(got, [2, 4, 1, 3]);
        rotate(&src, 6, 2, 2, 180, &mut d);
        let got: Vec<u8> = d.chunks(3).map(|p| p[0]).collect();
        assert_eq!(got, [4, 3, 2, 1]);
        // padded rows: stride 9 (3 bytes of padding) are skipped
        let src = [1u8, 1, 1, 2, 2, 2, 0, 0, 0, 3, 3, 3, 4, 4, 4, 0, 0, 0];
        let mut d = [9u8; 12];
        rotate(&src, 9, 2, 2, 0, &mut d);
        assert_eq!(d, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    }
}
