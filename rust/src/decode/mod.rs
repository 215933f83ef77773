//! Bytes in, pixels out: header-first limit checks, then a decode straight into
//! memory the caller provides (a recycled buffer, or a chunk of a NIXL-registered slab).

mod bmp;
pub mod contain;
mod convert;
pub mod dataurl;
mod gif;
pub(crate) mod matte;
mod nvjpeg;
mod orient;
pub mod pillow;
mod png;
mod tiff;
mod tiffcheck;
mod turbo;
mod webp;

use std::io::Cursor;

use image::{ImageDecoder, ImageFormat, ImageReader};

pub use contain::contain;
pub(crate) use webp::animation_precheck as webp_animation_precheck;

use crate::buffer::PixelBuf;
use crate::error::{Error, Result};
use crate::resize::{resize_into, Resize};

/// Caller-set bounds. Every one is checked from the header, before any large allocation.
#[derive(Clone, Debug)]
pub struct Limits {
    pub max_width: Option<u32>,
    pub max_height: Option<u32>,
    pub max_pixels: Option<u64>,
    /// Bytes of decoded output plus any decoder-internal buffer.
    pub max_alloc: u64,
    /// Bytes of encoded input (after base64 decoding for data URLs).
    pub max_encoded_bytes: u64,
    /// Bytes of one decoded video clip (`T * H * W * 3`).
    pub max_video_bytes: u64,
    /// Frames a video may hold (the container's count or the packets found).
    pub max_video_frames: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_width: None,
            max_height: None,
            max_pixels: None,
            max_alloc: 128 << 20,
            max_encoded_bytes: 64 << 20,
            max_video_bytes: 1 << 30,
            max_video_frames: 100_000,
        }
    }
}

/// Output channel policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channels {
    /// Always 3 channels, the pixels Pillow's `.convert("RGB")` gives.
    Rgb,
    /// Keep the source's channel count: 1 (L), 2 (LA), 3 (RGB) or 4 (RGBA), as Dynamo does.
    Native,
}

impl Channels {
    pub fn parse(s: &str) -> Result<Self> {
        match s.to_ascii_lowercase().as_str() {
            "rgb" => Ok(Channels::Rgb),
            "native" => Ok(Channels::Native),
            other => Err(Error::config(format!(
                "channels must be \"rgb\" or \"native\", got {other:?}"
            ))),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Options {
    pub limits: Limits,
    pub channels: Channels,
    pub exif_orientation: bool,
    /// Resize every decoded image to this spec's target size (after EXIF orientation).
    pub resize: Option<Resize>,
    /// With `Channels::Rgb`: paste images with transparency onto this colour, as vLLM does.
    pub background: Option<[u8; 3]>,
    /// Video through NVDEC on this GPU (`Decoder(device=...)`); images stay on the CPU.
    pub gpu: Option<crate::video::Gpu>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::default(),
            channels: Channels::Rgb,
            exif_orientation: false,
            resize: None,
            background: None,
            gpu: None,
        }
    }
}

/// What was decoded: enough to build a Dynamo descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    /// Channels of the output (1..=4).
    pub channels: u8,
    /// Dynamo's spelling of the container format ("Jpeg", "Png", ...).
    pub format: &'static str,
    /// Dynamo's spelling of the output colour type ("L8", "La8", "Rgb8", "Rgba8").
    pub color_type: &'static str,
    /// [height, width] of the full-size (oriented) image, before any resize or DCT scaling.
    pub source_size: [u32; 2],
}

impl ImageInfo {
    pub fn shape(&self) -> [usize; 3] {
        [
            self.height as usize,
            self.width as usize,
            self.channels as usize,
        ]
    }
    /// Bytes of the pixels; saturates at usize::MAX (over every limit) instead of wrapping.
    pub fn len(&self) -> usize {
        (self.height as usize)
            .saturating_mul(self.width as usize)
            .saturating_mul(self.channels as usize)
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

pub(crate) fn color_type_name(channels: u8) -> &'static str {
    match channels {
        1 => "L8",
        2 => "La8",
        3 => "Rgb8",
        _ => "Rgba8",
    }
}

fn format_name(f: ImageFormat) -> &'static str {
    match f {
        ImageFormat::Jpeg => "Jpeg",
        ImageFormat::Png => "Png",
        ImageFormat::WebP => "WebP",
        ImageFormat::Gif => "Gif",
        ImageFormat::Bmp => "Bmp",
        ImageFormat::Tiff => "Tiff",
        _ => "Unknown",
    }
}

/// Identify the container from its magic bytes; refuse anything we do not serve.
pub fn sniff(data: &[u8]) -> Result<ImageFormat> {
    if data.is_empty() {
        return Err(Error::decode("input is empty (0 bytes)"));
    }
    // BigTIFF (version 43), which the `image` crate's sniffer does not know.
    if data.starts_with(b"II\x2b\0") || data.starts_with(b"MM\0\x2b") {
        return Ok(ImageFormat::Tiff);
    }
    match image::guess_format(data) {
        Ok(
            f @ (ImageFormat::Jpeg
            | ImageFormat::Png
            | ImageFormat::WebP
            | ImageFormat::Gif
            | ImageFormat::Bmp
            | ImageFormat::Tiff),
        ) => Ok(f),
        Ok(f) => Err(Error::unsupported(format!(
            "{f:?} images are not supported (JPEG, PNG, WebP, GIF, BMP and TIFF are)"
        ))),
        Err(_) => {
            let head: Vec<String> = data.iter().take(8).map(|b| format!("{b:02x}")).collect();
            Err(Error::unsupported(format!(
                "unrecognised image format ({} bytes starting {})",
                data.len(),
                head.join(" ")
            )))
        }
    }
}

/// Check the caller's limits against a header's dimensions. `extra` is decoder scratch.
pub(crate) fn check_limits(
    limits: &Limits,
    width: u32,
    height: u32,
    out_channels: u8,
    extra: u64,
) -> Result<()> {
    if width == 0 || height == 0 {
        return Err(Error::decode(format!(
            "image has zero size ({width}x{height})"
        )));
    }
    if let Some(mw) = limits.max_width {
        if width > mw {
            return Err(Error::limit(format!(
                "image width {width} exceeds max_width={mw}"
            )));
        }
    }
    if let Some(mh) = limits.max_height {
        if height > mh {
            return Err(Error::limit(format!(
                "image height {height} exceeds max_height={mh}"
            )));
        }
    }
    let pixels = width as u64 * height as u64;
    if let Some(mp) = limits.max_pixels {
        if pixels > mp {
            return Err(Error::limit(format!(
                "image {width}x{height} has {pixels} pixels, over max_pixels={mp}"
            )));
        }
    }
    // Saturating: a forged 2^31 x 2^31 header would wrap `pixels * 4` to 0 and pass
    // (a fuzz finding: a TIFF of 2147483664x4278190092 overflowed here).
    let need = pixels
        .saturating_mul(out_channels as u64)
        .saturating_add(extra);
    if need > limits.max_alloc {
        return Err(Error::limit(format!(
            "decoding a {width}x{height} image needs {need} bytes, over max_alloc={}",
            limits.max_alloc
        )));
    }
    Ok(())
}

/// Decode `data` into memory from `alloc`, which is called once with the exact output size
/// after every limit has passed. Every byte of the returned buffer is written by the decoder
/// (or, with `opts.resize`, by the resize, from a recycled scratch buffer holding the decode).
pub fn decode_into<B, F>(data: &[u8], opts: &Options, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let Some(spec) = opts.resize.as_ref() else {
        return decode_source(data, opts, alloc);
    };
    let mut alloc = Some(alloc);
    let mut target = None;
    let (buf, info) = decode_source(data, opts, |info| -> Result<Staged<B>> {
        let [sh, sw] = info.source_size;
        let Some((th, tw)) = spec.target(sh, sw)? else {
            return Ok(Staged::Final(alloc.take().expect("alloc is called once")(
                info,
            )?));
        };
        if (th, tw) == (info.height, info.width) {
            // Drafted straight to the target size.
            return Ok(Staged::Final(alloc.take().expect("alloc is called once")(
                info,
            )?));
        }
        let need = (th as u64)
            .saturating_mul(tw as u64)
            .saturating_mul(info.channels as u64)
            .saturating_add(info.len() as u64);
        if need > opts.limits.max_alloc {
            return Err(Error::limit(format!(
                "resizing a {sw}x{sh} image to {tw}x{th} needs {need} bytes, over max_alloc={}",
                opts.limits.max_alloc
            )));
        }
        target = Some((th, tw));
        Ok(Staged::Scratch(PixelBuf::take(info.len())))
    })?;
    let scratch = match buf {
        Staged::Final(b) => return Ok((b, info)),
        Staged::Scratch(s) => s,
    };
    let (th, tw) = target.expect("set with the scratch buffer");
    let out_info = ImageInfo {
        width: tw,
        height: th,
        ..info.clone()
    };
    let mut out = alloc.take().expect("alloc not called yet")(&out_info)?;
    let filter = spec.filter;
    contain("resize", || {
        resize_into(
            scratch.as_ref(),
            info.width,
            info.height,
            info.channels,
            out.as_mut(),
            tw,
            th,
            filter,
        )
    })?;
    Ok((out, out_info))
}

/// `decode_into` a recycled buffer in Pillow's layout ([`pillow`]), for `Image.fromarrow`.
/// A plain RGB JPEG is decoded straight into it; anything else is decoded, then widened.
pub fn decode_pillow(data: &[u8], opts: &Options) -> Result<(PixelBuf, ImageInfo)> {
    let plain = opts.resize.is_none() && opts.gpu.is_none() && opts.channels == Channels::Rgb;
    if plain
        && data.len() as u64 <= opts.limits.max_encoded_bytes
        && matches!(sniff(data), Ok(ImageFormat::Jpeg))
    {
        if let Some(done) = contain("Jpeg", || turbo::decode_pillow(data, opts))? {
            return Ok(done);
        }
    }
    let (buf, info) = decode_into(data, opts, |info| Ok(PixelBuf::take(info.len())))?;
    pillow::pillow_len(&info, &opts.limits)?;
    let pixels = info.width as usize * info.height as usize;
    Ok((pillow::to_pillow(buf, info.channels, pixels), info))
}

/// Where a resized decode lands first: the caller's memory when no resize is left to do.
enum Staged<B> {
    Final(B),
    Scratch(PixelBuf),
}

impl<B: AsMut<[u8]>> AsMut<[u8]> for Staged<B> {
    fn as_mut(&mut self) -> &mut [u8] {
        match self {
            Staged::Final(b) => b.as_mut(),
            Staged::Scratch(s) => s.as_mut(),
        }
    }
}

/// Decode at the source size (or the DCT-scaled size `opts.resize` drafts to). A decoder
/// panic is [`contain`]ed: it comes back as `Error::Decode`.
fn decode_source<B, F>(data: &[u8], opts: &Options, alloc: F) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    if data.len() as u64 > opts.limits.max_encoded_bytes {
        return Err(Error::limit(format!(
            "encoded input is {} bytes, over max_encoded_bytes={}",
            data.len(),
            opts.limits.max_encoded_bytes
        )));
    }
    let format = sniff(data);
    let name = format.as_ref().map_or("image", |f| format_name(*f));
    contain(name, || {
        contain::inject_test_panic(data);
        decode_format(data, format?, opts, alloc)
    })
}

fn decode_format<B, F>(
    data: &[u8],
    format: ImageFormat,
    opts: &Options,
    alloc: F,
) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    if format == ImageFormat::Tiff {
        // The tiff crate reads the first IFD's tags before any limit of ours applies.
        tiffcheck::precheck(data, &opts.limits)?;
    }
    // nvJPEG serves plain RGB: EXIF orientation, a background or native channels stay on
    // the CPU decoders.
    if let (Some(gpu), ImageFormat::Jpeg, Channels::Rgb, false, None) = (
        opts.gpu,
        format,
        opts.channels,
        opts.exif_orientation,
        opts.background,
    ) {
        if let Some((nv, info)) = nvjpeg::prepare(data, gpu, &opts.limits)? {
            return nvjpeg::finish(&nv, data, info, alloc);
        }
    }
    if let (Some(bg), Channels::Rgb) = (opts.background, opts.channels) {
        if let Some(mask) = matte_mask(data, format, opts) {
            return decode_matte(data, format, opts, bg, mask, alloc);
        }
    }
    decode_pixels(data, format, opts, alloc)
}

/// `decode_format` after the TIFF precheck and without compositing.
fn decode_pixels<B, F>(
    data: &[u8],
    format: ImageFormat,
    opts: &Options,
    alloc: F,
) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    if format == ImageFormat::Jpeg {
        if let Some(plan) = turbo::plan(data, opts)? {
            let mut buf = alloc(&plan.info)?;
            turbo::decode(data, &plan, buf.as_mut())?;
            return Ok((buf, plan.info));
        }
    }
    if format == ImageFormat::Tiff {
        return tiff::decode(data, opts, alloc);
    }
    if format == ImageFormat::Png {
        return png::decode(data, opts, alloc);
    }
    if format == ImageFormat::Gif {
        return gif::decode(data, opts, alloc);
    }
    if format == ImageFormat::Bmp {
        return bmp::decode(data, opts, alloc);
    }
    if format == ImageFormat::WebP {
        if let Some(plan) = webp::plan(data, opts)? {
            let mut buf = alloc(&plan.info)?;
            webp::decode(data, &plan, buf.as_mut())?;
            return Ok((buf, plan.info));
        }
    }
    decode_generic(data, format, opts, alloc)
}

/// How Pillow sees an image's transparency (vLLM's `_has_transparency`): `None` for none, else
/// where the mask comes from in the native decode.
fn matte_mask(data: &[u8], format: ImageFormat, opts: &Options) -> Option<matte::Mask> {
    match format {
        ImageFormat::Png => png::transparency(data),
        ImageFormat::Gif => gif::transparency(data),
        // Native output keeps alpha exactly when Pillow's mode has it (RGBA); else no-op.
        ImageFormat::WebP | ImageFormat::Bmp => Some(matte::Mask::Channel),
        ImageFormat::Tiff => tiff::has_alpha(data, opts).then_some(matte::Mask::Channel),
        _ => None,
    }
}

/// Decode natively (keeping alpha), then paste onto `bg` with Pillow's blend.
fn decode_matte<B, F>(
    data: &[u8],
    format: ImageFormat,
    opts: &Options,
    bg: [u8; 3],
    mask: matte::Mask,
    alloc: F,
) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    // `background` stays set: the WebP fast path then keeps alpha where Pillow's mode does.
    let native = Options {
        channels: Channels::Native,
        ..opts.clone()
    };
    let rotated_webp = match format {
        ImageFormat::WebP => rotated_webp(data, &native)?,
        _ => None,
    };
    let (src, info) = match rotated_webp {
        Some(r) => r,
        None => decode_pixels(data, format, &native, |i| Ok(PixelBuf::take(i.len())))?,
    };
    check_limits(&opts.limits, info.width, info.height, 3, info.len() as u64)?;
    let out_info = ImageInfo {
        channels: 3,
        color_type: color_type_name(3),
        ..info.clone()
    };
    let mut buf = alloc(&out_info)?;
    matte::composite(src.as_ref(), info.channels as usize, mask, bg, buf.as_mut());
    Ok((buf, out_info))
}

/// A still WebP with an orientation to apply, decoded by libwebp (whose has_alpha Pillow's mode
/// follows; image-webp may see no alpha where libwebp does) and then oriented.
fn rotated_webp(data: &[u8], opts: &Options) -> Result<Option<(PixelBuf, ImageInfo)>> {
    if !opts.exif_orientation {
        return Ok(None);
    }
    let o = orient::webp(data);
    if o == image::metadata::Orientation::NoTransforms {
        return Ok(None);
    }
    let flat = Options {
        exif_orientation: false,
        ..opts.clone()
    };
    let Some(plan) = webp::plan(data, &flat)? else {
        return Ok(None);
    };
    let (w, h, n) = (plan.info.width, plan.info.height, plan.info.channels);
    let mut px = PixelBuf::take(plan.info.len());
    webp::decode(data, &plan, px.as_mut())?;
    let (ow, oh) = convert::oriented_dims(w, h, o);
    let info = ImageInfo {
        width: ow,
        height: oh,
        source_size: [oh, ow],
        ..plan.info
    };
    let kind = convert::SrcKind::from_color(if n == 4 {
        image::ColorType::Rgba8
    } else {
        image::ColorType::Rgb8
    })?;
    let mut out = PixelBuf::take(info.len());
    convert::convert(px.as_mut(), kind, w, h, n, o, out.as_mut())?;
    Ok(Some((out, info)))
}

/// The `image` crate path: every format, JPEGs libjpeg-turbo declines (CMYK, EXIF-rotated) and
/// WebPs libwebp's path declines (animated, EXIF-rotated).
fn decode_generic<B, F>(
    data: &[u8],
    format: ImageFormat,
    opts: &Options,
    alloc: F,
) -> Result<(B, ImageInfo)>
where
    B: AsMut<[u8]>,
    F: FnOnce(&ImageInfo) -> Result<B>,
{
    let mut reader = ImageReader::with_format(Cursor::new(data), format);
    // Only max_alloc goes to the `image` crate (it bounds the decoders' internal
    // allocations). Width/height are checked by `check_limits` below, right after the header
    // and before any pixel allocation, so the error names the dimensions and the limit (the
    // crate's own check says only "Image size exceeds limit").
    let mut lim = image::Limits::default();
    lim.max_alloc = Some(opts.limits.max_alloc);
    reader.limits(lim);
    let mut decoder = reader.into_decoder().map_err(image_err)?;
    let (width, height) = decoder.dimensions();
    let src = decoder.color_type();
    let orientation = match format {
        _ if !opts.exif_orientation => image::metadata::Orientation::NoTransforms,
        ImageFormat::Png => orient::png(data),
        ImageFormat::WebP => orient::webp(data),
        ImageFormat::Jpeg => orient::jpeg(data),
        _ => decoder
            .orientation()
            .unwrap_or(image::metadata::Orientation::NoTransforms),
    };
    let mut src_kind = convert::SrcKind::from_color(src)?;
    if format == ImageFormat::Png && src == image::ColorType::La16 && png::is_grey16_with_trns(data)
    {
        // Pillow: I;16 (clipped at 255) with a transparency key, not LA with high bytes.
        src_kind = convert::SrcKind::grey16_keyed();
    }
    let out_channels = match opts.channels {
        Channels::Rgb => 3,
        Channels::Native => src_kind.native_channels(),
    };
    let direct = src_kind.is_direct(out_channels)
        && orientation == image::metadata::Orientation::NoTransforms;
    let scratch_len = decoder.total_bytes();
    // The decoder's own whole-image buffers, which image::Limits does not see on every path.
    let internal = match format {
        ImageFormat::WebP => webp::generic_precheck(data, width, height)?,
        _ => 0,
    };
    check_limits(
        &opts.limits,
        width,
        height,
        out_channels,
        if direct { 0 } else { scratch_len } + internal,
    )?;
    let (ow, oh) = convert::oriented_dims(width, height, orientation);
    let info = ImageInfo {
        width: ow,
        height: oh,
        channels: out_channels,
        format: format_name(format),
        color_type: color_type_name(out_channels),
        source_size: [oh, ow],
    };
    let mut buf = alloc(&info)?;
    let out = buf.as_mut();
    debug_assert_eq!(out.len(), info.len());
    if direct {
        decoder.read_image(out).map_err(image_err)?;
    } else {
        convert::with_scratch(scratch_len as usize, |scratch| -> Result<()> {
            decoder.read_image(scratch).map_err(image_err)?;
            convert::convert(
                scratch,
                src_kind,
                width,
                height,
                out_channels,
                orientation,
                out,
            )
        })?;
    }
    Ok((buf, info))
}

/// Decode into a fresh `Vec` (tests, benches and simple callers).
pub fn decode_vec(data: &[u8], opts: &Options) -> Result<(Vec<u8>, ImageInfo)> {
    decode_into(data, opts, |info| Ok(vec![0u8; info.len()]))
}

fn image_err(e: image::ImageError) -> Error {
    use image::error::{ImageError as E, LimitErrorKind};
    match e {
        E::Limits(l) => match l.kind() {
            LimitErrorKind::DimensionError => {
                Error::limit(format!("image dimensions over limits: {l}"))
            }
            LimitErrorKind::InsufficientMemory => {
                Error::limit(format!("decoder allocation over max_alloc: {l}"))
            }
            _ => Error::limit(l.to_string()),
        },
        E::Unsupported(u) => Error::unsupported(u.to_string()),
        E::IoError(io) => Error::decode(format!("truncated or unreadable image data: {io}")),
        other => Error::decode(other.to_string()),
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn a_size_whose_byte_count_overflows_u64_is_over_max_alloc() {
        let limits = Limits {
            max_pixels: None,
            ..Limits::default()
        };
        // 2^31 x 2^31 x 4 bytes = 2^64: wrapped to 0 before the saturating product.
        let r = check_limits(&limits, 1 << 31, 1 << 31, 4, 0);
        assert!(matches!(r, Err(Error::LimitExceeded(_))), "{r:?}");
    }
}
