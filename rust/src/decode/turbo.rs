//! JPEG fast path: libjpeg-turbo (vendored, built from source by `turbojpeg-sys`) decoding
//! straight into the caller's buffer. Same IDCT (ISLOW) and fancy upsampling as Pillow, so the
//! pixels match Pillow's. All FFI for it lives in this module.

use std::cell::RefCell;
use std::ffi::CStr;

use image::metadata::Orientation;
use image::ColorType;
use turbojpeg_sys as tj;

use super::{check_limits, color_type_name, convert, Channels, ImageInfo, Options};
use crate::buffer::PixelBuf;
use crate::error::{Error, Result};

/// Progressive-scan cap: a hostile progressive JPEG can carry thousands of tiny scans,
/// each costing a full pass (libjpeg-turbo's own hardening advice).
const SCAN_LIMIT: i32 = 500;

struct Handle(tj::tjhandle);

impl Handle {
    fn new() -> Option<Handle> {
        // SAFETY: tj3Init has no preconditions; it returns null on failure, checked here.
        let h = unsafe { tj::tj3Init(tj::TJINIT_TJINIT_DECOMPRESS as i32) };
        if h.is_null() {
            return None;
        }
        // SAFETY: `h` is a live decompression handle; SCANLIMIT is a valid decompression param.
        unsafe { tj::tj3Set(h, tj::TJPARAM_TJPARAM_SCANLIMIT as i32, SCAN_LIMIT) };
        Some(Handle(h))
    }

    fn get(&self, p: tj::TJPARAM) -> i32 {
        // SAFETY: self.0 is a live handle for this thread; tj3Get only reads a parameter.
        unsafe { tj::tj3Get(self.0, p as i32) }
    }

    fn error(&self) -> (bool, String) {
        // SAFETY: self.0 is live; the returned string is owned by the handle and valid until
        // the next call on it, and we copy it out at once.
        unsafe {
            let warning = tj::tj3GetErrorCode(self.0) == tj::TJERR_TJERR_WARNING as i32;
            let msg = CStr::from_ptr(tj::tj3GetErrorStr(self.0))
                .to_string_lossy()
                .into_owned();
            (warning, msg)
        }
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: self.0 came from tj3Init and is destroyed exactly once.
        unsafe { tj::tj3Destroy(self.0) }
    }
}

thread_local! {
    // One handle per thread: tj3Init allocates and is not free; handles are not thread-safe.
    static HANDLE: RefCell<Option<Handle>> = const { RefCell::new(None) };
}

/// Drop this thread's handle after a failure. tj3DecompressHeader returns on a libjpeg error
/// without aborting the decompressor, which stays mid-header: every later header read on
/// the same handle then resumes the stale marker parser ("Bogus marker length"), so one bad
/// JPEG would break JPEG decoding on that pool thread for good. A fresh handle is cheap.
fn reset_handle() {
    HANDLE.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            *slot = None;
        }
    });
}

fn with_handle<R>(f: impl FnOnce(&Handle) -> R) -> Option<R> {
    HANDLE.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        if slot.is_none() {
            *slot = Handle::new();
        }
        slot.as_ref().map(f)
    })
}

pub(super) struct Plan {
    pub info: ImageInfo,
    pixel_format: i32,
    /// CMYK or YCCK: decoded to CMYK, then converted to RGB as Pillow converts it.
    cmyk: bool,
    /// EXIF orientation to apply after decoding (NoTransforms unless asked for and present).
    orientation: Orientation,
    /// Decoded (pre-orientation, post-DCT-scaling) width and height.
    src_dims: (u32, u32),
    /// libjpeg-turbo's DCT scaling denominator (1, 2, 4 or 8): `Options::resize` with draft.
    scale: i32,
    /// The JPEG's own width and height, as its header says.
    jpeg_dims: (u32, u32),
}

/// Read the header and decide whether libjpeg-turbo takes this JPEG. `Ok(None)` hands it to
/// the generic path (12-bit, lossless).
pub(super) fn plan(data: &[u8], opts: &Options) -> Result<Option<Plan>> {
    let hdr = with_handle(|h| {
        // SAFETY: data is a valid slice for the duration of the call.
        let rc = unsafe { tj::tj3DecompressHeader(h.0, data.as_ptr(), data.len() as _) };
        // Like Pillow, a header that only drew warnings (junk before a marker, an FF 00 in a
        // header, a bad ICC marker) is read; `frame_dims` below still cross-checks it.
        if rc != 0 {
            let (warning, msg) = h.error();
            if !(warning && is_recoverable_warning(&msg)) {
                return Err(msg);
            }
        }
        Ok((
            h.get(tj::TJPARAM_TJPARAM_JPEGWIDTH),
            h.get(tj::TJPARAM_TJPARAM_JPEGHEIGHT),
            h.get(tj::TJPARAM_TJPARAM_COLORSPACE),
            h.get(tj::TJPARAM_TJPARAM_PRECISION),
            h.get(tj::TJPARAM_TJPARAM_LOSSLESS),
            h.get(tj::TJPARAM_TJPARAM_PROGRESSIVE),
        ))
    });
    let Some(hdr) = hdr else { return Ok(None) };
    let (w, h, cs, precision, lossless, progressive) = match hdr {
        Ok(v) => v,
        Err(msg) => {
            reset_handle();
            return Err(Error::decode(format!("invalid JPEG header: {msg}")));
        }
    };
    // tj3DecompressHeader returns success without touching the handle's width/height/
    // colourspace when the stream ends before a frame+scan (a "tables-only" stream, e.g. a
    // JPEG truncated inside its header). The thread-local handle would then report the
    // previous image's header. Cross-check against our own marker walk.
    match frame_dims(data) {
        Some(d) if d == (w.max(0) as u32, h.max(0) as u32) => {}
        Some((fw, fh)) => {
            return Err(Error::decode(format!(
                "invalid JPEG header: frame header says {fw}x{fh}, decoder read {w}x{h}"
            )))
        }
        None => {
            return Err(Error::decode(
                "invalid JPEG header: no frame header followed by a scan (truncated or tables-only JPEG)",
            ))
        }
    }
    let cs = cs as u32;
    if precision != 8 || lossless != 0 {
        return Ok(None);
    }
    let cmyk = cs == tj::TJCS_TJCS_CMYK || cs == tj::TJCS_TJCS_YCCK;
    let orientation = if opts.exif_orientation {
        exif_orientation(data)
    } else {
        Orientation::NoTransforms
    };
    let (w, h) = (w.max(0) as u32, h.max(0) as u32);
    let gray = cs == tj::TJCS_TJCS_GRAY;
    let (channels, pixel_format) = match (opts.channels, gray) {
        _ if cmyk => (3u8, tj::TJPF_TJPF_CMYK),
        (Channels::Native, true) => (1u8, tj::TJPF_TJPF_GRAY),
        _ => (3u8, tj::TJPF_TJPF_RGB),
    };
    // Progressive decoding buffers every DCT coefficient (2 bytes a sample, up to 3 samples).
    let (ow, oh) = convert::oriented_dims(w, h, orientation);
    let scale = draft_scale(opts, oh, ow)?;
    // libjpeg-turbo's scaled size (TJSCALED): the ceiling of each side over the denominator.
    let (sw, sh) = (w.div_ceil(scale), h.div_ceil(scale));
    let mut extra = if progressive != 0 {
        w as u64 * h as u64 * if gray { 2 } else { 6 }
    } else {
        0
    };
    if orientation != Orientation::NoTransforms {
        // Decoded into scratch, then rotated into the output.
        extra += sw as u64 * sh as u64 * channels as u64;
    }
    if cmyk {
        extra += sw as u64 * sh as u64 * 4; // the CMYK samples before conversion
    }
    check_limits(&opts.limits, w, h, channels, extra)?;
    let (dw, dh) = convert::oriented_dims(sw, sh, orientation);
    Ok(Some(Plan {
        info: ImageInfo {
            width: dw,
            height: dh,
            channels,
            format: "Jpeg",
            color_type: color_type_name(channels),
            source_size: [oh, ow],
        },
        pixel_format,
        cmyk,
        orientation,
        src_dims: (sw, sh),
        scale: scale as i32,
        jpeg_dims: (w, h),
    }))
}

/// The DCT scaling denominator for `opts.resize` with `draft`: like Pillow's `draft()`, the
/// largest of 8, 4, 2 that leaves the image at least the target size on both sides (so the
/// exact filter still does the last step); 1 when the target is over half the source.
fn draft_scale(opts: &Options, height: u32, width: u32) -> Result<u32> {
    let Some(spec) = opts.resize.as_ref().filter(|r| r.draft) else {
        return Ok(1);
    };
    let Some((th, tw)) = spec.target(height, width)? else {
        return Ok(1);
    };
    let room = (width / tw).min(height / th);
    Ok([8, 4, 2].into_iter().find(|&s| s <= room).unwrap_or(1))
}

/// Width and height from the first SOFn marker, provided a SOS marker follows it (so the
/// header is complete). Walks marker segments only; never reads entropy-coded data.
fn frame_dims(data: &[u8]) -> Option<(u32, u32)> {
    if data.len() < 4 || data[0] != 0xFF || data[1] != 0xD8 {
        return None;
    }
    let mut i = 2;
    let mut dims = None;
    while i + 1 < data.len() {
        if data[i] != 0xFF {
            // libjpeg skips garbage before a marker (with a warning); so do we.
            i += 1;
            continue;
        }
        let m = data[i + 1];
        match m {
            0xFF => {
                i += 1;
                continue;
            }
            0x00 | 0x01 | 0xD0..=0xD8 => {
                i += 2;
                continue;
            }
            0xD9 => return None,
            0xDA => return dims,
            _ => {}
        }
        if i + 4 > data.len() {
            return None;
        }
        let len = u16::from_be_bytes([data[i + 2], data[i + 3]]) as usize;
        if len < 2 {
            return None;
        }
        let is_sof = matches!(m, 0xC0..=0xCF) && !matches!(m, 0xC4 | 0xC8 | 0xCC);
        if is_sof && dims.is_none() {
            // SOFn payload: precision (1), height (2), width (2), ...
            if len < 7 || i + 9 > data.len() {
                return None;
            }
            let h = u16::from_be_bytes([data[i + 5], data[i + 6]]) as u32;
            let w = u16::from_be_bytes([data[i + 7], data[i + 8]]) as u32;
            dims = Some((w, h));
        }
        i += 2 + len;
    }
    None
}

/// libjpeg(-turbo) warning texts (jerror.h JWRN_*). turbojpeg reports TJERR_WARNING whenever
/// *any* warning was emitted, even when a fatal error followed; the error string, however,
/// holds the fatal error's text if there was one (only the first warning is ever formatted).
/// So a failure counts as a recoverable warning only when its text is a known warning.
fn is_recoverable_warning(msg: &str) -> bool {
    const WARNINGS: [&str; 6] = [
        "Corrupt JPEG data",
        "Warning: unknown JFIF revision",
        "Unknown Adobe color transform",
        "Inconsistent progression sequence",
        "Invalid SOS parameters for sequential JPEG",
        "Application transferred too many scanlines",
    ];
    WARNINGS.iter().any(|w| msg.starts_with(w))
}

fn exif_orientation(data: &[u8]) -> Orientation {
    super::orient::jpeg(data)
}

pub(super) fn decode(data: &[u8], plan: &Plan, out: &mut [u8]) -> Result<()> {
    if plan.orientation == Orientation::NoTransforms {
        return decode_raw(data, plan, out);
    }
    // Same libjpeg-turbo pixels as the unrotated path (so identical to Pillow's decode +
    // exif_transpose), then rotated by the shared conversion code.
    let (w, h) = plan.src_dims;
    let c = plan.info.channels;
    let kind = convert::SrcKind::from_color(if c == 1 {
        ColorType::L8
    } else {
        ColorType::Rgb8
    })?;
    convert::with_scratch(
        w as usize * h as usize * c as usize,
        |scratch| -> Result<()> {
            decode_raw(data, plan, scratch)?;
            convert::convert(scratch, kind, w, h, c, plan.orientation, out)
        },
    )
}

/// A plain RGB JPEG (no EXIF rotation, not CMYK, not drafted) decoded straight into
/// Pillow's layout ([`super::pillow`]): libjpeg-turbo's RGBA, whose fourth byte it sets to
/// 255, Pillow's pad byte. `Ok(None)`: not such a JPEG; decode it the usual way.
pub(super) fn decode_pillow(data: &[u8], opts: &Options) -> Result<Option<(PixelBuf, ImageInfo)>> {
    let Some(mut plan) = plan(data, opts)? else {
        return Ok(None);
    };
    if plan.cmyk || plan.orientation != Orientation::NoTransforms || plan.scale != 1 {
        return Ok(None);
    }
    if plan.info.channels != 3 {
        return Ok(None);
    }
    let len = super::pillow::pillow_len(&plan.info, &opts.limits)?;
    plan.pixel_format = tj::TJPF_TJPF_RGBA;
    let mut out = PixelBuf::take(len);
    decode_samples(data, &plan, out.as_mut(), 4)?;
    Ok(Some((out, plan.info)))
}

/// Decode a whole small JPEG (a TIFF strip or tile) to 8-bit RGB or grey in `out`, refusing
/// more than `max_pixels`. Returns its width and height. Same warning policy as `decode`.
pub(super) fn decode_plain(
    data: &[u8],
    gray: bool,
    max_pixels: u64,
    out: &mut Vec<u8>,
) -> Result<(usize, usize)> {
    let res = with_handle(|h| -> std::result::Result<(usize, usize), String> {
        // SAFETY: data is a valid slice for the duration of the call.
        let rc = unsafe { tj::tj3DecompressHeader(h.0, data.as_ptr(), data.len() as _) };
        if rc != 0 && !is_recoverable_warning(&h.error().1) {
            return Err(h.error().1);
        }
        let w = h.get(tj::TJPARAM_TJPARAM_JPEGWIDTH).max(0) as usize;
        let ht = h.get(tj::TJPARAM_TJPARAM_JPEGHEIGHT).max(0) as usize;
        if w == 0 || ht == 0 || (w as u64 * ht as u64) > max_pixels {
            return Err(format!(
                "JPEG strip/tile of {w}x{ht} does not fit its TIFF area"
            ));
        }
        let (c, pf) = if gray {
            (1, tj::TJPF_TJPF_GRAY)
        } else {
            (3, tj::TJPF_TJPF_RGB)
        };
        out.clear();
        out.resize(w * ht * c, 0);
        // SAFETY: `out` holds exactly w*c*ht bytes for the header's width/height at this
        // pixel format; tj3Decompress8 writes only within them.
        let rc = unsafe {
            tj::tj3Decompress8(
                h.0,
                data.as_ptr(),
                data.len() as _,
                out.as_mut_ptr(),
                (w * c) as i32,
                pf,
            )
        };
        if rc == 0 {
            return Ok((w, ht));
        }
        let (warning, msg) = h.error();
        if warning && is_recoverable_warning(&msg) {
            Ok((w, ht))
        } else {
            Err(msg)
        }
    });
    match res {
        Some(Ok(d)) => Ok(d),
        Some(Err(msg)) => {
            reset_handle();
            Err(Error::decode(format!("corrupt JPEG data in TIFF: {msg}")))
        }
        None => Err(Error::decode(
            "libjpeg-turbo could not allocate a decompressor",
        )),
    }
}

/// Decode without orientation into `out` (src_dims x channels).
fn decode_raw(data: &[u8], plan: &Plan, out: &mut [u8]) -> Result<()> {
    if !plan.cmyk {
        return decode_samples(data, plan, out, usize::from(plan.info.channels));
    }
    let (w, h) = plan.src_dims;
    convert::with_scratch(w as usize * h as usize * 4, |cmyk| -> Result<()> {
        decode_samples(data, plan, cmyk, 4)?;
        if cmyk.len() / 4 * 3 != out.len() {
            return Err(Error::decode("internal: JPEG output buffer size mismatch"));
        }
        cmyk_to_rgb(cmyk, out);
        Ok(())
    })
}

/// Pillow's CMYK JPEG to RGB: its decoder reads the samples inverted, as Adobe writes them
/// (rawmode "CMYK;I"), and `convert("RGB")` computes `nk - nk * c / 255` per channel with
/// `nk = 255 - k` (Convert.c, cmyk2rgb, with its rounded MULDIV255).
fn cmyk_to_rgb(cmyk: &[u8], out: &mut [u8]) {
    let muldiv255 = |a: u32, b: u32| {
        let t = a * b + 128;
        ((t >> 8) + t) >> 8
    };
    for (px, o) in cmyk.chunks_exact(4).zip(out.chunks_exact_mut(3)) {
        // Inverted by the decoder: c' = 255 - c, and nk = 255 - k' = k.
        let nk = u32::from(px[3]);
        for (dst, &c) in o.iter_mut().zip(&px[..3]) {
            *dst = nk.saturating_sub(muldiv255(255 - u32::from(c), nk)) as u8;
        }
    }
}

/// libjpeg-turbo's samples (`channels` bytes a pixel, the plan's pixel format, src_dims)
/// into `out`.
fn decode_samples(data: &[u8], plan: &Plan, out: &mut [u8], channels: usize) -> Result<()> {
    let (w, ht) = plan.src_dims;
    let pitch = w as usize * channels;
    if out.len() != pitch * ht as usize {
        return Err(Error::decode("internal: JPEG output buffer size mismatch"));
    }
    let res = with_handle(|h| {
        // tj3Decompress8 decodes the header this call reads, and writes that many rows of
        // that width: read it, check it, and refuse anything but what `out` was sized for.
        // SAFETY: `data` is a valid slice for the duration of the call.
        let rc = unsafe { tj::tj3DecompressHeader(h.0, data.as_ptr(), data.len() as _) };
        if rc != 0 {
            // Same policy as planning: a header that only drew known warnings is usable.
            let (warning, msg) = h.error();
            if !(warning && is_recoverable_warning(&msg)) {
                return Err(msg);
            }
        }
        let dims = (
            h.get(tj::TJPARAM_TJPARAM_JPEGWIDTH),
            h.get(tj::TJPARAM_TJPARAM_JPEGHEIGHT),
        );
        let (jw, jh) = plan.jpeg_dims;
        if dims != (jw as i32, jh as i32) {
            return Err(format!(
                "header changed since it was planned: {}x{}, planned {jw}x{jh}",
                dims.0, dims.1
            ));
        }
        // Always set: the handle is reused and keeps the last scaling factor.
        let sf = tj::tjscalingfactor {
            num: 1,
            denom: plan.scale,
        };
        // SAFETY: a live decompression handle; 1/1, 1/2, 1/4 and 1/8 are libjpeg-turbo factors.
        if unsafe { tj::tj3SetScalingFactor(h.0, sf) } != 0 {
            return Err(h.error().1);
        }
        // SAFETY: `out` holds exactly pitch*height bytes for the width and height just read
        // (checked above), scaled by `plan.scale` as TJSCALED does (src_dims), in the plan's
        // pixel format; `data` is a valid slice. tj3Decompress8 writes only within those bounds.
        let rc = unsafe {
            tj::tj3Decompress8(
                h.0,
                data.as_ptr(),
                data.len() as _,
                out.as_mut_ptr(),
                pitch as i32,
                plan.pixel_format,
            )
        };
        if rc == 0 {
            return Ok(());
        }
        let (warning, msg) = h.error();
        // Like Pillow: tolerate recoverable corruption warnings, refuse truncation (which
        // libjpeg-turbo would otherwise pad with gray rows).
        if warning && is_recoverable_warning(&msg) {
            Ok(())
        } else {
            Err(msg)
        }
    });
    match res {
        Some(Ok(())) => Ok(()),
        Some(Err(msg)) => {
            reset_handle();
            Err(Error::decode(format!("corrupt or truncated JPEG: {msg}")))
        }
        None => Err(Error::decode(
            "libjpeg-turbo could not allocate a decompressor",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_dims_needs_sof_then_sos() {
        // SOI, APP0 (len 4), SOF0 8-bit 3x2, SOS.
        let mut j = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0xAA, 0xBB];
        j.extend([
            0xFF, 0xC0, 0x00, 0x0B, 8, 0x00, 0x02, 0x00, 0x03, 1, 1, 0x11, 0,
        ]);
        let full = [j.clone(), vec![0xFF, 0xDA, 0x00, 0x02]].concat();
        assert_eq!(frame_dims(&full), Some((3, 2)));
        assert_eq!(frame_dims(&j), None, "no SOS: header incomplete");
        assert_eq!(frame_dims(&full[..20]), None, "truncated inside the header");
        assert_eq!(
            frame_dims(&[0xFF, 0xD8, 0xFF, 0xDA, 0, 2]),
            None,
            "SOS without a frame"
        );
    }

    /// The header read just before decompressing is checked: bytes that no longer match the
    /// plan (here a smaller JPEG than the one planned) are refused, not decoded into a buffer
    /// sized for the plan.
    #[test]
    fn decode_refuses_data_that_does_not_match_its_plan() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let big = std::fs::read(root.join("jpeg_mosaic_1920x1080/astronaut.jpg")).unwrap();
        let small = std::fs::read(root.join("jpeg_640x480/astronaut.jpg")).unwrap();
        let opts = Options::default();
        let plan_big = plan(&big, &opts).unwrap().expect("libjpeg-turbo takes it");
        let plan_small = plan(&small, &opts).unwrap().unwrap();
        assert_ne!(plan_big.src_dims, plan_small.src_dims);
        let mut out = vec![0u8; plan_big.info.len()];
        decode_raw(&big, &plan_big, &mut out).unwrap();
        let err = decode_raw(&small, &plan_big, &mut out).unwrap_err();
        assert!(err.to_string().contains("planned"), "{err}");
        // A header that fails to parse is an error too, and the handle works afterwards.
        let err = decode_raw(&big[..40], &plan_big, &mut out).unwrap_err();
        assert!(err.to_string().contains("JPEG"), "{err}");
        decode_raw(&big, &plan_big, &mut out).unwrap();
    }

    #[test]
    fn fatal_after_warning_is_not_recoverable() {
        assert!(is_recoverable_warning(
            "Corrupt JPEG data: 12 extraneous bytes before marker 0xd9"
        ));
        assert!(!is_recoverable_warning("Premature end of JPEG file"));
        assert!(!is_recoverable_warning("JPEG datastream contains no image"));
    }
}
