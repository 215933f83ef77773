//! WebP fast path: libwebp 1.6 (vendored C, built by `libwebp-sys` with the cc crate) decoding
//! straight into the caller's buffer. Pillow decodes WebP with libwebp too (default options:
//! fancy upsampling, in-loop filtering, no dithering), so the pixels are Pillow's. All FFI for
//! it lives in this module.
//!
//! Declines (generic `image` path instead): animated WebP (first frame composited there), and
//! an EXIF orientation to apply.

use libwebp_sys as wp;

use super::{check_limits, color_type_name, Channels, ImageInfo, Options};
use crate::error::{Error, Result};

pub(super) struct Plan {
    pub info: ImageInfo,
    mode: wp::WEBP_CSP_MODE,
}

/// Read the header (no pixel work, no allocation) and decide whether libwebp takes this WebP.
/// `Ok(None)` hands it to the generic path.
pub(super) fn plan(data: &[u8], opts: &Options) -> Result<Option<Plan>> {
    let mut f = wp::WebPBitstreamFeatures {
        width: 0,
        height: 0,
        has_alpha: 0,
        has_animation: 0,
        format: 0,
        pad: [0; 5],
    };
    // SAFETY: `data` is a valid slice for the duration of the call; `f` is a live, writable
    // WebPBitstreamFeatures of the layout libwebp-sys's bindings were generated for (the ABI
    // version passed by the wrapper lets libwebp refuse a mismatch). libwebp only reads `data`
    // and returns one of the 8 VP8StatusCode values the Rust enum declares.
    let status = unsafe { wp::WebPGetFeatures(data.as_ptr(), data.len(), &mut f) };
    if status != wp::VP8StatusCode::VP8_STATUS_OK {
        return Err(status_error("invalid WebP header", status));
    }
    if f.has_animation != 0 {
        return Ok(None);
    }
    if f.width <= 0 || f.height <= 0 {
        return Err(Error::decode(format!(
            "invalid WebP header: image has zero size ({}x{})",
            f.width, f.height
        )));
    }
    let (w, h) = (f.width as u32, f.height as u32);
    if opts.exif_orientation
        && super::orient::webp(data) != image::metadata::Orientation::NoTransforms
    {
        return Ok(None);
    }
    let alpha = match opts.channels {
        Channels::Rgb => false,
        // For a composite onto `background`: libwebp's has_alpha, as Pillow's mode follows it.
        Channels::Native if opts.background.is_some() => f.has_alpha != 0,
        // The `image` crate's rule (what the generic path gives, and Dynamo sends), which is
        // not quite libwebp's has_alpha: the VP8X flag for extended files, the VP8L header
        // bit for simple lossless ones, never for simple lossy ones.
        Channels::Native => container_alpha(data).unwrap_or(f.has_alpha != 0),
    };
    let (channels, mode) = if alpha {
        (4u8, wp::WEBP_CSP_MODE::MODE_RGBA)
    } else {
        (3u8, wp::WEBP_CSP_MODE::MODE_RGB)
    };
    // Whole-image buffers libwebp allocates besides our output (row caches not counted, as for
    // libjpeg-turbo): lossless decodes into a 4-byte ARGB plane; lossy with an alpha plane
    // holds it twice (VP8 frame memory + the alpha plane) plus the alpha's own lossless decoder
    // at up to 4 bytes a pixel. Alpha is decoded even for RGB output (libwebp always does).
    let px = w as u64 * h as u64;
    let extra = match (f.format, f.has_alpha != 0) {
        (2, _) => 4 * px,
        (_, true) => 6 * px,
        _ => 0,
    };
    check_limits(&opts.limits, w, h, channels, extra)?;
    Ok(Some(Plan {
        info: ImageInfo {
            width: w,
            height: h,
            channels,
            format: "WebP",
            color_type: color_type_name(channels),
            source_size: [h, w],
        },
        mode,
    }))
}

pub(super) fn decode(data: &[u8], plan: &Plan, out: &mut [u8]) -> Result<()> {
    let info = &plan.info;
    let stride = info.width as usize * info.channels as usize;
    if out.len() != stride * info.height as usize {
        return Err(Error::decode("internal: WebP output buffer size mismatch"));
    }
    let mut config = wp::WebPDecoderConfig::new()
        .map_err(|_| Error::decode("libwebp refused to initialise a decoder (ABI mismatch)"))?;
    // Defaults otherwise, as Pillow: fancy upsampling, filtering on, no dithering, no threads
    // (the pool parallelises across images).
    config.options.use_threads = 0;
    config.output.colorspace = plan.mode;
    config.output.is_external_memory = 1;
    config.output.u.RGBA = wp::WebPRGBABuffer {
        rgba: out.as_mut_ptr(),
        stride: stride as i32,
        size: out.len(),
    };
    // SAFETY: `data` is a valid slice for the call. `config` was initialised by
    // WebPInitDecoderConfig; its output points at `out`, which is exclusively borrowed for the
    // call and holds `size` = stride*height bytes. libwebp checks the image's dimensions against
    // stride/size before writing (CheckDecBuffer: INVALID_PARAM if too small) and writes only
    // inside it; it keeps no pointer to `out` after returning (external memory is never freed
    // or retained). Returns one of the declared VP8StatusCode values.
    let status = unsafe { wp::WebPDecode(data.as_ptr(), data.len(), &mut config) };
    let (got_w, got_h) = (config.output.width, config.output.height);
    // SAFETY: `config.output` was set up above; with external memory this frees only
    // libwebp-private allocations (none for RGB output) and never touches `out`.
    unsafe { wp::WebPFreeDecBuffer(&mut config.output) };
    if status != wp::VP8StatusCode::VP8_STATUS_OK {
        return Err(status_error("corrupt or truncated WebP", status));
    }
    if (got_w, got_h) != (info.width as i32, info.height as i32) {
        return Err(Error::decode(format!(
            "corrupt WebP: header says {}x{}, decoder produced {got_w}x{got_h}",
            info.width, info.height
        )));
    }
    Ok(())
}

fn status_error(what: &str, status: wp::VP8StatusCode) -> Error {
    use wp::VP8StatusCode as S;
    let why = match status {
        S::VP8_STATUS_OK => "ok",
        S::VP8_STATUS_OUT_OF_MEMORY => "libwebp ran out of memory",
        S::VP8_STATUS_INVALID_PARAM => "invalid parameter",
        S::VP8_STATUS_BITSTREAM_ERROR => "bitstream error",
        S::VP8_STATUS_UNSUPPORTED_FEATURE => "unsupported feature",
        S::VP8_STATUS_SUSPENDED => "decoding suspended",
        S::VP8_STATUS_USER_ABORT => "decoding aborted",
        S::VP8_STATUS_NOT_ENOUGH_DATA => "truncated data (not enough data)",
    };
    let msg = format!("{what}: {why} (libwebp status {})", status as u32);
    if status == S::VP8_STATUS_UNSUPPORTED_FEATURE {
        Error::unsupported(msg)
    } else {
        Error::decode(msg)
    }
}

/// Checks for the generic (`image` crate) path, before it decodes: returns the bytes of the
/// whole-image buffers image-webp allocates besides the output and scratch (animation canvas,
/// frame buffer, VP8 planes), for the caller's `max_alloc`.
///
/// image-webp sizes a lossy frame's planes from the VP8 bitstream header (up to 16383x16383)
/// and compares them with the size the container declares only after decoding the whole frame:
/// a 380 KB animated WebP reached 259 MiB under a 1 MiB `max_alloc` (found by fuzzing). So the
/// VP8 header of the frame it will decode must match that size first.
pub(super) fn generic_precheck(data: &[u8], width: u32, height: u32) -> Result<u64> {
    let canvas = width as u64 * height as u64;
    let Some((tag, payload)) = riff_chunks(data).next() else {
        return Ok(0); // image-webp refuses it before allocating
    };
    match &tag {
        b"VP8X" => {
            let first = riff_chunks(data).find(|(t, _)| matches!(t, b"ANMF" | b"VP8 " | b"VP8L"));
            match first {
                Some((t, anmf)) if &t == b"ANMF" => match anmf_frame(anmf) {
                    Some((kind, bits, fw, fh)) => {
                        Ok(4 * canvas + frame_precheck(&kind, bits, fw, fh)?)
                    }
                    None => Ok(0),
                },
                Some((kind, bits)) => frame_precheck(&kind, bits, width, height),
                None => Ok(0),
            }
        }
        _ => frame_precheck(&tag, payload, width, height),
    }
}

/// [`generic_precheck`] for every frame of an animation, as the video path decodes them all:
/// the canvas plus the largest frame's buffers.
pub(crate) fn animation_precheck(data: &[u8], width: u32, height: u32) -> Result<u64> {
    if riff_chunks(data).next().map(|(t, _)| t) != Some(*b"VP8X") {
        return generic_precheck(data, width, height);
    }
    let mut frame = 0;
    for (t, anmf) in riff_chunks(data) {
        if &t == b"ANMF" {
            if let Some((kind, bits, fw, fh)) = anmf_frame(anmf) {
                frame = frame.max(frame_precheck(&kind, bits, fw, fh)?);
            }
        }
    }
    Ok(4 * width as u64 * height as u64 + frame)
}

/// An ANMF chunk's frame: its bitstream's kind and bytes (an ALPH chunk may come first, as
/// image-webp reads it) and the frame's declared size.
fn anmf_frame(anmf: &[u8]) -> Option<([u8; 4], &[u8], u32, u32)> {
    let (fw, fh) = (read_u24(anmf, 6)?, read_u24(anmf, 9)?);
    let mut inner = chunks_at(anmf, 16);
    let mut next = inner.next();
    if matches!(next, Some((t, _)) if &t == b"ALPH") {
        next = inner.next();
    }
    let (kind, bits) = next?;
    Some((kind, bits, fw + 1, fh + 1))
}

/// One frame's bitstream against the `fw` x `fh` its container declares: the bytes of the
/// buffers image-webp allocates for it.
fn frame_precheck(kind: &[u8; 4], bits: &[u8], fw: u32, fh: u32) -> Result<u64> {
    let frame = fw as u64 * fh as u64;
    match kind {
        b"VP8 " => {
            if let Some((w, h)) = vp8_dims(bits) {
                if (w, h) != (fw, fh) {
                    return Err(Error::decode(format!(
                        "corrupt WebP: the VP8 bitstream says {w}x{h}, the container {fw}x{fh}"
                    )));
                }
            }
            if !vp8_partitions_fit(bits) {
                return Err(Error::decode(
                    "corrupt WebP: a VP8 partition is longer than the frame's data",
                ));
            }
            // Y, U and V planes in whole macroblocks, then an RGB(A) copy of the frame.
            let mb = fw.div_ceil(16) as u64 * fh.div_ceil(16) as u64 * 256;
            Ok(mb * 3 / 2 + 4 * frame)
        }
        // VP8L checks its header against the declared size before allocating; frame + transform.
        b"VP8L" => Ok(8 * frame),
        _ => Ok(0),
    }
}

/// Test-only now (orientation comes from `orient::webp`, which never asks image-webp for its
/// EXIF): kept to document why not.
/// False when the EXIF chunk image-webp would read claims more bytes than the file holds:
/// image-webp allocates the declared size (up to 4 GiB) before reading it (found by fuzzing),
/// so such a file's orientation is not read (no rotation, as when the `image` crate fails to
/// read it). This walks the chunks as image-webp's header parser does (`read_data`, 0.2.4):
/// only a VP8X file has an EXIF; the first top-level EXIF chunk before the RIFF size's bound
/// wins, else one of the first two sub-chunks of the first ANMF frame (filed under their own
/// names too: a second fuzz finding, an "EXIF" inside a frame claiming 1.3 GB).
#[cfg(test)]
pub(super) fn exif_fits(data: &[u8]) -> bool {
    let chunk = |at: usize| {
        let head = data.get(at..at.checked_add(8)?)?;
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        // image-webp's padded size: saturating in u32.
        let padded = size.saturating_add(size & 1) as usize;
        Some((&head[..4], size as usize, padded))
    };
    let fits = |at: usize, size: usize| at.saturating_add(8).saturating_add(size) <= data.len();
    let (Some(riff), Some((b"VP8X", _, padded))) = (data.get(4..8), chunk(12)) else {
        return true; // not an extended file: image-webp reads no EXIF
    };
    let riff_size = u32::from_le_bytes([riff[0], riff[1], riff[2], riff[3]]) as usize;
    let mut at = 20 + padded;
    let bound = at.saturating_add(riff_size.saturating_sub(12));
    let mut first_anmf = None;
    while at < bound {
        let Some((name, size, padded)) = chunk(at) else {
            break;
        };
        match name {
            b"EXIF" => return fits(at, size),
            b"ANMF" if first_anmf.is_none() => first_anmf = Some((at + 8, size)),
            _ => {}
        }
        at = at.saturating_add(8 + padded);
    }
    // No top-level EXIF: image-webp's map may still hold one from the first frame.
    if let Some((start, size)) = first_anmf {
        let end = start.saturating_add(size);
        let mut at = start + 16;
        for _ in 0..2 {
            let Some((name, size, padded)) = chunk(at) else {
                break;
            };
            if name == b"EXIF" {
                return fits(at, size);
            }
            at = at.saturating_add(8 + padded);
            if at.saturating_add(8) > end {
                break;
            }
        }
    }
    true
}

/// Width and height from a VP8 key frame header, if `bits` starts with one.
fn vp8_dims(bits: &[u8]) -> Option<(u32, u32)> {
    let b = bits.get(..10)?;
    if b[0] & 1 != 0 || b[3..6] != [0x9d, 0x01, 0x2a] {
        return None; // not a key frame: image-webp refuses it before allocating
    }
    let w = u16::from_le_bytes([b[6], b[7]]) & 0x3fff;
    let h = u16::from_le_bytes([b[8], b[9]]) & 0x3fff;
    Some((w as u32, h as u32))
}

/// False when a key frame's DCT partition table claims more bytes than `bits` holds.
/// image-webp allocates each partition (up to 16 MiB, from a 3-byte size) before reading it,
/// and fails only then; this reads the frame header up to the partition count (RFC 6386 9.2-9.6,
/// 19.2) to check the sizes first. A table or first partition past the data passes: image-webp
/// fails reading those before it allocates partitions.
fn vp8_partitions_fit(bits: &[u8]) -> bool {
    let Some((n, table)) = vp8_partition_table(bits) else {
        return true;
    };
    let mut rest = bits.len().saturating_sub(table + 3 * (n - 1));
    for i in 0..n - 1 {
        let Some(s) = bits.get(table + 3 * i..table + 3 * i + 3) else {
            return true; // image-webp fails reading the table
        };
        let size = u32::from_le_bytes([s[0], s[1], s[2], 0]) as usize;
        if size > rest {
            return false;
        }
        rest -= size;
    }
    true
}

/// The DCT partition count of a VP8 frame and the offset of its size table.
fn vp8_partition_table(bits: &[u8]) -> Option<(usize, usize)> {
    let tag = bits.get(..3)?;
    let first = (u32::from_le_bytes([tag[0], tag[1], tag[2], 0]) >> 5) as usize;
    // image-webp reads the header of an inter frame too (and refuses it only after allocating
    // its partitions): no start code, dimensions, colour space or clamping type there.
    let key = tag[0] & 1 == 0;
    let start = if key { 10 } else { 3 };
    let part = bits.get(start..start + first)?;
    let mut b = BoolDecoder::new(part);
    if key {
        b.literal(2); // colour space, clamping type
    }
    if b.flag() {
        // segmentation: update map, update data
        let (map, data) = (b.flag(), b.flag());
        if data {
            b.flag(); // segment feature mode
            (0..4).for_each(|_| b.signed(7));
            (0..4).for_each(|_| b.signed(6));
        }
        if map {
            (0..3).for_each(|_| {
                if b.flag() {
                    b.literal(8);
                }
            });
        }
    }
    b.literal(1 + 6 + 3); // filter type, level, sharpness
    if b.flag() && b.flag() {
        (0..8).for_each(|_| b.signed(6)); // ref and mode loop filter deltas
    }
    // Past the partition's end the decoder reads zeros, as image-webp does.
    let n = 1usize << b.literal(2);
    Some((n, start + first))
}

/// VP8's boolean entropy decoder (RFC 6386 7.3), enough to read a frame header.
struct BoolDecoder<'a> {
    data: &'a [u8],
    pos: usize,
    value: u32,
    range: u32,
    bit_count: u32,
}

impl<'a> BoolDecoder<'a> {
    fn new(data: &'a [u8]) -> Self {
        let mut d = BoolDecoder {
            data,
            pos: 0,
            value: 0,
            range: 255,
            bit_count: 0,
        };
        d.value = d.byte() << 8 | d.byte();
        d
    }
    fn byte(&mut self) -> u32 {
        let b = self.data.get(self.pos).copied();
        self.pos += 1;
        b.unwrap_or(0) as u32
    }
    fn bool(&mut self, prob: u32) -> bool {
        let split = 1 + (((self.range - 1) * prob) >> 8);
        let big = split << 8;
        let bit = self.value >= big;
        if bit {
            self.range -= split;
            self.value -= big;
        } else {
            self.range = split;
        }
        while self.range < 128 {
            self.value <<= 1;
            self.range <<= 1;
            self.bit_count += 1;
            if self.bit_count == 8 {
                self.bit_count = 0;
                self.value |= self.byte();
            }
        }
        bit
    }
    fn flag(&mut self) -> bool {
        self.bool(128)
    }
    fn literal(&mut self, n: u32) -> u32 {
        (0..n).fold(0, |v, _| v << 1 | self.flag() as u32)
    }
    fn signed(&mut self, n: u32) {
        if self.flag() {
            self.literal(n + 1); // magnitude and sign
        }
    }
}

fn read_u24(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 3)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], 0]))
}

/// The top-level chunks of a RIFF/WebP file: (fourcc, payload), payload cut at the data's end.
fn riff_chunks(data: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    chunks_at(data.get(..12).map_or(&[][..], |_| data), 12)
}

/// Chunks of `data` starting at `at` (each: fourcc, u32 LE size, payload padded to even).
fn chunks_at(data: &[u8], mut at: usize) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    std::iter::from_fn(move || {
        let head = data.get(at..at.checked_add(8)?)?;
        let tag = [head[0], head[1], head[2], head[3]];
        let size = u32::from_le_bytes([head[4], head[5], head[6], head[7]]) as usize;
        let start = at + 8;
        let end = start.saturating_add(size).min(data.len());
        at = start.saturating_add(size).saturating_add(size & 1);
        Some((tag, &data[start..end]))
    })
}

/// Alpha the way the `image` crate (image-webp) decides RGB vs RGBA; `None` if the first chunk
/// is not readable here (libwebp's answer is used then).
fn container_alpha(data: &[u8]) -> Option<bool> {
    match data.get(12..16)? {
        b"VP8X" => Some(data.get(20)? & 0x10 != 0),
        b"VP8L" => {
            let b = data.get(21..25)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) >> 28 & 1 != 0)
        }
        b"VP8 " => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{decode_generic, decode_into, decode_vec, Limits};
    use super::*;
    use image::ImageFormat;

    /// A smooth gradient with some texture, `c` channels; alpha (if any) stays >= 1 so that
    /// lossless encoding keeps every RGB value.
    fn pattern(w: usize, h: usize, c: usize) -> Vec<u8> {
        let mut v = Vec::with_capacity(w * h * c);
        for y in 0..h {
            for x in 0..w {
                let px = [
                    (x * 255 / w) as u8,
                    (y * 255 / h) as u8,
                    ((x * 7 + y * 13) % 256) as u8,
                    (1 + (x + y) % 255) as u8,
                ];
                v.extend_from_slice(&px[..c]);
            }
        }
        v
    }

    fn take_encoded(ptr: *mut u8, len: usize) -> Vec<u8> {
        assert!(len > 0 && !ptr.is_null(), "libwebp encoder failed");
        // SAFETY: the encoder returned `len` bytes at `ptr`, allocated by libwebp; copied then
        // released with WebPFree exactly once.
        unsafe {
            let v = std::slice::from_raw_parts(ptr, len).to_vec();
            wp::WebPFree(ptr.cast());
            v
        }
    }

    fn lossy_rgb(w: usize, h: usize) -> (Vec<u8>, Vec<u8>) {
        let px = pattern(w, h, 3);
        let mut out = std::ptr::null_mut();
        // SAFETY: `px` holds w*h*3 bytes at stride w*3; `out` receives a libwebp allocation.
        let n = unsafe {
            wp::WebPEncodeRGB(
                px.as_ptr(),
                w as i32,
                h as i32,
                (w * 3) as i32,
                90.0,
                &mut out,
            )
        };
        (take_encoded(out, n), px)
    }

    fn lossy_rgba(w: usize, h: usize) -> Vec<u8> {
        let px = pattern(w, h, 4);
        let mut out = std::ptr::null_mut();
        // SAFETY: as above, 4 bytes a pixel.
        let n = unsafe {
            wp::WebPEncodeRGBA(
                px.as_ptr(),
                w as i32,
                h as i32,
                (w * 4) as i32,
                90.0,
                &mut out,
            )
        };
        take_encoded(out, n)
    }

    fn lossless_rgba(w: usize, h: usize) -> (Vec<u8>, Vec<u8>) {
        let px = pattern(w, h, 4);
        let mut out = std::ptr::null_mut();
        // SAFETY: as above.
        let n = unsafe {
            wp::WebPEncodeLosslessRGBA(px.as_ptr(), w as i32, h as i32, (w * 4) as i32, &mut out)
        };
        (take_encoded(out, n), px)
    }

    /// Reference: libwebp's own allocating simple API.
    fn libwebp_simple(data: &[u8], rgba: bool) -> Vec<u8> {
        let (mut w, mut h) = (0, 0);
        // SAFETY: `data` is valid for the call; the result is a libwebp allocation of w*h*bpp.
        unsafe {
            let p = if rgba {
                wp::WebPDecodeRGBA(data.as_ptr(), data.len(), &mut w, &mut h)
            } else {
                wp::WebPDecodeRGB(data.as_ptr(), data.len(), &mut w, &mut h)
            };
            assert!(!p.is_null());
            let v =
                std::slice::from_raw_parts(p, (w * h) as usize * if rgba { 4 } else { 3 }).to_vec();
            wp::WebPFree(p.cast());
            v
        }
    }

    fn chunk(tag: &[u8; 4], payload: &[u8]) -> Vec<u8> {
        let mut c = tag.to_vec();
        c.extend((payload.len() as u32).to_le_bytes());
        c.extend(payload);
        if payload.len() % 2 == 1 {
            c.push(0);
        }
        c
    }

    fn riff(chunks: &[Vec<u8>]) -> Vec<u8> {
        let body: Vec<u8> = chunks.concat();
        let mut f = b"RIFF".to_vec();
        f.extend((body.len() as u32 + 4).to_le_bytes());
        f.extend(b"WEBP");
        f.extend(body);
        f
    }

    fn vp8x(flags: u8, w: u32, h: u32) -> Vec<u8> {
        let mut p = vec![flags, 0, 0, 0];
        p.extend(&(w - 1).to_le_bytes()[..3]);
        p.extend(&(h - 1).to_le_bytes()[..3]);
        chunk(b"VP8X", &p)
    }

    /// The image chunk (VP8 or VP8L, with header) of a simple-format file.
    fn image_chunk(simple: &[u8]) -> Vec<u8> {
        simple[12..].to_vec()
    }

    fn opts(channels: Channels) -> Options {
        Options {
            channels,
            ..Options::default()
        }
    }

    fn generic(data: &[u8], o: &Options) -> (Vec<u8>, ImageInfo) {
        decode_generic(data, ImageFormat::WebP, o, |i: &ImageInfo| {
            Ok(vec![0u8; i.len()])
        })
        .unwrap()
    }

    fn fast(data: &[u8], o: &Options, fill: u8) -> (Vec<u8>, ImageInfo) {
        let plan = plan(data, o)
            .unwrap()
            .expect("fast path should take this WebP");
        let mut buf = vec![fill; plan.info.len()];
        decode(data, &plan, &mut buf).unwrap();
        (buf, plan.info)
    }

    #[test]
    fn lossy_matches_libwebp_and_generic() {
        let (data, src) = lossy_rgb(37, 23);
        for ch in [Channels::Rgb, Channels::Native] {
            let (px, info) = fast(&data, &opts(ch), 0);
            assert_eq!(
                (info.width, info.height, info.channels, info.color_type),
                (37, 23, 3, "Rgb8")
            );
            assert_eq!(px, libwebp_simple(&data, false));
            assert_eq!(
                px,
                generic(&data, &opts(ch)).0,
                "image crate disagrees ({ch:?})"
            );
            // Lossy (and the third channel is a saw-tooth, hard on 4:2:0), but near the source:
            // a wrong stride or channel order gives a mean error of 50+.
            let mean = px
                .iter()
                .zip(&src)
                .map(|(a, b)| (*a as i32 - *b as i32).abs())
                .sum::<i32>() as f64
                / px.len() as f64;
            assert!(mean < 12.0, "mean abs error {mean}");
        }
    }

    #[test]
    fn lossless_alpha_is_exact() {
        let (data, src) = lossless_rgba(29, 17);
        let (px, info) = fast(&data, &opts(Channels::Native), 0);
        assert_eq!((info.channels, info.color_type), (4, "Rgba8"));
        assert_eq!(px, src);
        let (rgb, info) = fast(&data, &opts(Channels::Rgb), 0);
        assert_eq!(info.channels, 3);
        let want: Vec<u8> = src.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        assert_eq!(rgb, want, "RGB output drops alpha, keeps colour");
        assert_eq!(px, generic(&data, &opts(Channels::Native)).0);
    }

    #[test]
    fn every_output_byte_is_written() {
        let lossy_alpha = lossy_rgba(33, 19);
        let (lossless, _) = lossless_rgba(33, 19);
        let (lossy, _) = lossy_rgb(33, 19);
        // VP8X claiming alpha around a lossy image without an ALPH chunk: RGBA out, alpha 255.
        let flagged = riff(&[vp8x(0x10, 33, 19), image_chunk(&lossy)]);
        for data in [&lossy_alpha, &lossless, &lossy, &flagged] {
            for ch in [Channels::Rgb, Channels::Native] {
                let (a, _) = fast(data, &opts(ch), 0x00);
                let (b, _) = fast(data, &opts(ch), 0xA5);
                assert_eq!(a, b, "a byte was left unwritten ({ch:?})");
            }
        }
        // The image crate refuses this file ("An expected chunk was missing"); libwebp, and so
        // Pillow, decode it: opaque RGBA.
        let (px, info) = fast(&flagged, &opts(Channels::Native), 0xA5);
        assert_eq!(info.channels, 4);
        assert!(px.chunks(4).all(|p| p[3] == 255));
        let rgb: Vec<u8> = px.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
        assert_eq!(rgb, libwebp_simple(&lossy, false));
    }

    #[test]
    fn native_channels_follow_the_image_crate() {
        let (lossless, _) = lossless_rgba(16, 8);
        let lossy_alpha = lossy_rgba(16, 8);
        let (lossy, _) = lossy_rgb(16, 8);
        // VP8X without the alpha flag around an alpha-carrying lossless image: the image
        // crate says RGB (libwebp's has_alpha would say RGBA).
        let unflagged = riff(&[vp8x(0, 16, 8), image_chunk(&lossless)]);
        let cases: [(&[u8], u8); 4] = [
            (&lossless, 4),
            (&lossy_alpha, 4),
            (&lossy, 3),
            (&unflagged, 3),
        ];
        for (data, want) in cases {
            let (px, info) = fast(data, &opts(Channels::Native), 0);
            let (gpx, ginfo) = generic(data, &opts(Channels::Native));
            assert_eq!(info, ginfo);
            assert_eq!(info.channels, want);
            assert_eq!(px, gpx);
        }
    }

    #[test]
    fn truncated_and_corrupt_are_typed_errors() {
        let (lossy, _) = lossy_rgb(40, 30);
        let (lossless, _) = lossless_rgba(40, 30);
        for data in [&lossy, &lossless] {
            let full = decode_vec(data, &opts(Channels::Rgb)).unwrap().0;
            for n in 0..data.len() {
                match decode_vec(&data[..n], &opts(Channels::Rgb)) {
                    Err(Error::Decode(_) | Error::UnsupportedFormat(_)) => {}
                    Err(e) => panic!("cut at {n}: unexpected error kind {e:?}"),
                    Ok((px, _)) => assert_eq!(px, full, "cut at {n} decoded to other pixels"),
                }
            }
            let e = decode_vec(&data[..data.len() - 5], &opts(Channels::Rgb)).unwrap_err();
            assert!(e.to_string().contains("truncated"), "{e}");
            // Flip bytes everywhere after the RIFF header: an error or an image, never a panic.
            for i in (12..data.len()).step_by(3) {
                let mut bad = data.clone();
                bad[i] ^= 0x5A;
                if let Err(e) = decode_vec(&bad, &opts(Channels::Native)) {
                    assert!(
                        matches!(
                            e,
                            Error::Decode(_)
                                | Error::UnsupportedFormat(_)
                                | Error::LimitExceeded(_)
                        ),
                        "{e:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn limits_are_checked_before_allocating() {
        let (lossy, _) = lossy_rgb(40, 30);
        let (lossless, _) = lossless_rgba(40, 30);
        let lim = |l: Limits| Options {
            limits: l,
            ..Options::default()
        };
        let never = |_: &ImageInfo| -> Result<Vec<u8>> { panic!("allocated past a limit") };
        let tight = [
            Limits {
                max_width: Some(39),
                ..Limits::default()
            },
            Limits {
                max_height: Some(29),
                ..Limits::default()
            },
            Limits {
                max_pixels: Some(40 * 30 - 1),
                ..Limits::default()
            },
            Limits {
                max_alloc: 40 * 30 * 3 - 1,
                ..Limits::default()
            },
        ];
        for data in [&lossy, &lossless] {
            for l in tight.clone() {
                assert!(matches!(
                    decode_into(data, &lim(l), never),
                    Err(Error::LimitExceeded(_))
                ));
            }
        }
        // Exact output for lossy RGB; lossless also needs its 4-byte ARGB plane.
        assert!(decode_vec(
            &lossy,
            &lim(Limits {
                max_alloc: 40 * 30 * 3,
                ..Limits::default()
            })
        )
        .is_ok());
        let e = decode_vec(
            &lossless,
            &lim(Limits {
                max_alloc: 40 * 30 * 3,
                ..Limits::default()
            }),
        )
        .unwrap_err();
        assert!(
            matches!(e, Error::LimitExceeded(_)) && e.to_string().contains("40x30"),
            "{e}"
        );
        assert!(decode_vec(
            &lossless,
            &lim(Limits {
                max_alloc: 40 * 30 * 7,
                ..Limits::default()
            })
        )
        .is_ok());
    }

    /// Every still WebP under tests/fixtures (and $FASTMEDIA_CORPUS when set), less animations and
    /// fuzzer inputs: the fast path gives the generic
    /// path's pixels, shape and colour type, in both channel modes.
    #[test]
    fn fixtures_match_generic_path() {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            let Ok(rd) = std::fs::read_dir(dir) else {
                return;
            };
            for e in rd.flatten() {
                let p = e.path();
                if p.is_dir() {
                    // Animations (video/) and fuzzer crash inputs (fuzz/) are no still WebPs.
                    if p.file_name().is_some_and(|n| n == "video" || n == "fuzz") {
                        continue;
                    }
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "webp") {
                    out.push(p);
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        walk(&root.join("tests/fixtures"), &mut files);
        if let Some(corpus) = std::env::var_os("FASTMEDIA_CORPUS") {
            walk(std::path::Path::new(&corpus), &mut files);
        }
        assert!(
            files.len() >= 3,
            "no WebP fixtures found under {}",
            root.display()
        );
        for f in &files {
            let data = std::fs::read(f).unwrap();
            for ch in [Channels::Rgb, Channels::Native] {
                let o = opts(ch);
                let (px, info) = fast(&data, &o, 0xA5);
                let (gpx, ginfo) = generic(&data, &o);
                assert_eq!(info, ginfo, "{} {ch:?}", f.display());
                assert!(
                    px == gpx,
                    "{} {ch:?}: pixels differ from the image crate",
                    f.display()
                );
            }
        }
    }

    #[test]
    fn animated_and_exif_rotated_go_generic() {
        let (a, _) = lossy_rgb(20, 10);
        let (b, _) = lossless_rgba(20, 10);
        let anmf = |img: &[u8]| {
            // x/2, y/2, width-1, height-1, duration (24-bit each), flags.
            let mut p = vec![0, 0, 0, 0, 0, 0, 19, 0, 0, 9, 0, 0, 100, 0, 0, 0];
            p.extend(image_chunk(img));
            chunk(b"ANMF", &p)
        };
        let anim = riff(&[
            vp8x(0x02 | 0x10, 20, 10),
            chunk(b"ANIM", &[0, 0, 0, 0, 0, 0]),
            anmf(&a),
            anmf(&b),
        ]);
        assert!(plan(&anim, &Options::default()).unwrap().is_none());
        let (_, info) = decode_vec(&anim, &Options::default()).unwrap();
        assert_eq!(info.shape(), [10, 20, 3]);

        // TIFF little-endian, one IFD entry: Orientation (0x0112) SHORT = 6.
        let exif = [
            b'I', b'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0,
            0,
        ];
        let rotated = riff(&[vp8x(0x08, 20, 10), image_chunk(&a), chunk(b"EXIF", &exif)]);
        let on = Options {
            exif_orientation: true,
            ..Options::default()
        };
        assert!(plan(&rotated, &on).unwrap().is_none());
        assert_eq!(decode_vec(&rotated, &on).unwrap().1.shape(), [20, 10, 3]);
        // Orientation off: the fast path, stored pixel order.
        assert!(plan(&rotated, &Options::default()).unwrap().is_some());
        assert_eq!(
            decode_vec(&rotated, &Options::default()).unwrap().0,
            libwebp_simple(&a, false)
        );
        // Extended file without EXIF, orientation on: still the fast path.
        let plain = riff(&[vp8x(0, 20, 10), image_chunk(&a)]);
        assert!(plan(&plain, &on).unwrap().is_some());
    }

    /// image-webp files the first frame's first two sub-chunks under their own names, so an
    /// "EXIF" there is what `orientation()` reads (and allocates) when no top-level one exists.
    #[test]
    fn exif_fits_sees_the_exif_image_webp_would_read() {
        // Each verdict against image-webp itself: a file that does not fit is one whose EXIF
        // read (allocating the declared size, lazily zeroed) fails short.
        let check = |f: &[u8], fit: bool| {
            assert_eq!(exif_fits(f), fit);
            use image::ImageDecoder;
            let mut dec = image::codecs::webp::WebPDecoder::new(std::io::Cursor::new(f)).unwrap();
            assert_eq!(dec.exif_metadata().is_ok(), fit);
        };
        let (a, _) = lossy_rgb(20, 10);
        let frame = |sub: Vec<u8>| {
            let mut p = vec![0, 0, 0, 0, 0, 0, 19, 0, 0, 9, 0, 0, 100, 0, 0, 0];
            p.extend(sub);
            p.extend(image_chunk(&a));
            chunk(b"ANMF", &p)
        };
        // An EXIF header claiming 1 GiB with 4 bytes behind it (the fuzz finding's shape).
        let mut huge = b"EXIF".to_vec();
        huge.extend((1u32 << 30).to_le_bytes());
        huge.extend([0, 0, 0, 0]);
        // Animated, EXIF flag off: with it on and no top-level EXIF, image-webp refuses the file
        // (ChunkMissing) before it looks into the frame.
        let head = [vp8x(0x02, 20, 10), chunk(b"ANIM", &[0; 6])];
        let in_frame = riff(&[head[0].clone(), head[1].clone(), frame(huge.clone())]);
        check(&in_frame, false);
        let small = chunk(b"EXIF", &[0; 6]);
        check(
            &riff(&[head[0].clone(), head[1].clone(), frame(small.clone())]),
            true,
        );
        // A top-level EXIF comes first in image-webp's map; a fitting one wins.
        let top = riff(&[head[0].clone(), head[1].clone(), small, frame(huge.clone())]);
        check(&top, true);
        // A top-level one claiming too much: refused wherever it sits.
        let mut top_huge = riff(&[
            head[0].clone(),
            head[1].clone(),
            frame(chunk(b"ALPH", &[0; 2])),
        ]);
        top_huge.extend(&huge);
        check(&top_huge, false);
        // A fitting top-level EXIF past the RIFF size's bound is one image-webp never sees
        // (it scans chunk headers starting up to 10 bytes past the RIFF end): the frame's huge
        // one is still what it reads.
        let mut past_bound = in_frame.clone();
        past_bound.extend(chunk(b"JUNK", &[0; 2]));
        past_bound.extend(chunk(b"EXIF", &[0; 6]));
        check(&past_bound, false);
        let mut at_bound = in_frame.clone();
        at_bound.extend(chunk(b"EXIF", &[0; 6]));
        check(&at_bound, true);
        // Within the bound (the RIFF size counts it), the fitting top-level one wins.
        let mut counted = riff(&[
            head[0].clone(),
            head[1].clone(),
            frame(huge.clone()),
            chunk(b"EXIF", &[0; 6]),
        ]);
        check(&counted, true);
        // A RIFF size 10 bytes short of the frame's end puts that EXIF out of reach.
        counted[4..8].copy_from_slice(&(in_frame.len() as u32 - 18).to_le_bytes());
        check(&counted, false);
        // The fuzz input itself decodes to a typed error or an image, never 1 GiB of EXIF.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/fuzz/decode/webp_anmf_subchunk_exif_claims_1_3gb.webp"
        );
        let data = std::fs::read(path).unwrap();
        check(&data, false);
        let on = Options {
            exif_orientation: true,
            ..Options::default()
        };
        let _ = decode_vec(&data, &on);
    }

    /// Every lossy frame we have (libwebp writes one DCT partition by default): the header
    /// walk reaches the partition count, and a size table claiming more than the frame holds
    /// is refused.
    #[test]
    fn vp8_partition_table_is_read_and_checked() {
        let (_, simple) = lossy_rgb(96, 64);
        let mut frames = vec![simple];
        let anim = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/fuzz/decode_tight/anim_webp_vp8_header_16383x16383.webp");
        frames.push(std::fs::read(anim).unwrap());
        let mut n_frames = 0;
        for file in &frames {
            for (tag, payload) in riff_chunks(file) {
                let bits = match &tag {
                    b"VP8 " => payload,
                    b"ANMF" => match chunks_at(payload, 16).next() {
                        Some((t, b)) if &t == b"VP8 " => b,
                        _ => continue,
                    },
                    _ => continue,
                };
                assert_eq!(vp8_partition_table(bits).map(|(n, _)| n), Some(1));
                assert!(vp8_partitions_fit(bits));
                n_frames += 1;
            }
        }
        assert!(n_frames >= 2);
        // The header's first-partition size pointing past the data: unreadable, left to the
        // decoder (which fails before allocating partitions).
        let (_, mut bad) = lossy_rgb(16, 16);
        bad[20..23].copy_from_slice(&[0xe0, 0xff, 0xff]);
        let (_, bits) = riff_chunks(&bad).next().unwrap();
        assert!(vp8_partition_table(bits).is_none());
    }

    /// RIFF/WebP with a VP8X header for a `w` x `h` canvas and one ANMF chunk per frame, each
    /// holding a VP8 key frame header that claims (vw, vh) for a declared (w, h) frame.
    fn animation(w: u32, h: u32, frames: &[(u16, u16)]) -> Vec<u8> {
        let u24 = |v: u32| v.to_le_bytes()[..3].to_vec();
        let mut body = b"WEBP".to_vec();
        let mut vp8x = vec![0x02, 0, 0, 0];
        vp8x.extend(u24(w - 1));
        vp8x.extend(u24(h - 1));
        body.extend(chunk(b"VP8X", &vp8x));
        for &(vw, vh) in frames {
            let mut vp8 = vec![0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a];
            vp8.extend(vw.to_le_bytes());
            vp8.extend(vh.to_le_bytes());
            vp8.resize(64, 0);
            let mut anmf = vec![0; 6];
            anmf.extend(u24(w - 1));
            anmf.extend(u24(h - 1));
            anmf.extend([100, 0, 0, 0]);
            anmf.extend(chunk(b"VP8 ", &vp8));
            body.extend(chunk(b"ANMF", &anmf));
        }
        chunk(b"RIFF", &body)
    }

    #[test]
    fn animation_precheck_checks_every_frame() {
        // The first frame matches its container; the second's VP8 header claims 16383x16383
        // (image-webp would size its planes from that before failing).
        let bad = animation(16, 16, &[(16, 16), (16383, 16383)]);
        assert!(generic_precheck(&bad, 16, 16).is_ok());
        assert!(
            matches!(animation_precheck(&bad, 16, 16), Err(Error::Decode(m)) if m.contains("16383"))
        );
        let ok = animation(16, 16, &[(16, 16), (16, 16)]);
        let need = animation_precheck(&ok, 16, 16).unwrap();
        assert!(need >= 4 * 16 * 16, "{need}");
    }
}
