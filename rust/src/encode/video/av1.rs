//! AV1 through rav1e (Xiph's BSD-licensed encoder in Rust, with its nasm kernels): the AV1
//! encoder every build has, whatever the linked FFmpeg holds; `codec="av1"` prefers SVT-AV1
//! (FFmpeg's `libsvtav1`) where it is linked and takes the size (`Codec::resolve`).
//! libavformat muxes its packets into MP4 (`av1C`) or WebM.
//!
//! - **Quality**: `codec.native()` gives a crf-like 0..=63 value on the same scale as
//!   VP9/libaom/SVT-AV1 (docs/encoding.md); it becomes rav1e's base quantizer (a `qindex`,
//!   0..=255) through libaom's own crf-to-qindex table, so `quality` means the same here as
//!   for `libaom-av1`/`libsvtav1`. Constant quantizer (no bitrate target).
//! - **Speed**: rav1e's preset [`SPEED`], chosen with benches/bench_encode.py.
//! - **Threads**: no pool of rav1e's own (`threads = 0`): the encode runs inside the
//!   Encoder's `pool.install`, so rav1e's rayon work (tiles, lookahead) runs on that pool.
//!   One clip alone is split into as many tiles as the pool has threads; clips of a batch
//!   use one tile each.
//! - **Sizes**: AV1 codes odd widths and heights as they are (4:2:0 chroma planes are
//!   `ceil(w/2) x ceil(h/2)`); rav1e needs at least 16x16 (`UnsupportedFormat` below that).
//!   rav1e is built from `third_party/rav1e`: 0.8.1 with its distortion measure fixed for
//!   blocks cut by the frame edge, which left the last chroma rows and columns of some sizes
//!   badly coded (`third_party/rav1e/FASTMEDIA.md`).
//! - **Colour**: the frames arrive as BT.601 limited-range YUV (yuv.rs); the sequence header
//!   says so, so players convert back with the same matrix.

use rav1e::color::{
    ColorDescription, ColorPrimaries, MatrixCoefficients, PixelRange, TransferCharacteristics,
};
use rav1e::config::SpeedSettings;
use rav1e::prelude::{ChromaSampling, Config, Context, EncoderConfig, EncoderStatus, FrameType};

use super::yuv::Yuv420;
use super::Packet;
use crate::error::{Error, Result};

/// rav1e's speed preset (0 slowest .. 10 fastest): 10, the fastest, is still no faster than
/// libvpx-vp9's defaults at the same PSNR here (docs/encoding.md); 9 took 1.8x as long.
pub const SPEED: u8 = 10;

/// rav1e's smallest frame side.
pub const MIN_SIDE: usize = 16;

/// libaom's `quantizer_to_qindex`: crf-like 0..=63 to AV1's base qindex 0..=255.
pub fn qindex(native: u32) -> usize {
    match native.min(63) {
        63 => 255,
        62 => 249,
        q => q as usize * 4,
    }
}

/// rav1e's settings for one clip: `crf` on the 0..=63 scale, `fps` as `num/den`.
fn encoder_config(
    width: usize,
    height: usize,
    fps: (u64, u64),
    crf: u32,
    tiles: usize,
) -> EncoderConfig {
    EncoderConfig {
        width,
        height,
        bit_depth: 8,
        chroma_sampling: ChromaSampling::Cs420,
        // rav1e's time base is the tick of one frame: 1/fps = den/num.
        time_base: rav1e::data::Rational::new(fps.1, fps.0),
        pixel_range: PixelRange::Limited,
        color_description: Some(ColorDescription {
            color_primaries: ColorPrimaries::BT601,
            transfer_characteristics: TransferCharacteristics::BT601,
            matrix_coefficients: MatrixCoefficients::BT601,
        }),
        quantizer: qindex(crf),
        tiles: tiles.max(1),
        speed_settings: SpeedSettings::from_preset(SPEED),
        ..Default::default()
    }
}

pub struct Av1 {
    ctx: Context<u8>,
    /// The sequence header OBU, from the first packet: the container's `av1C` config OBU.
    pub extradata: Vec<u8>,
}

fn failed(what: &str, e: impl std::fmt::Display) -> Error {
    Error::decode(format!("AV1 encoding failed ({what}): {e}"))
}

impl Av1 {
    /// `crf` is the 0..=63 scale; `fps` the frame rate as `num/den`; `tiles` 1 or more.
    pub fn new(
        width: usize,
        height: usize,
        fps: (u64, u64),
        crf: u32,
        tiles: usize,
    ) -> Result<Self> {
        if width < MIN_SIDE || height < MIN_SIDE {
            return Err(Error::unsupported(format!(
                "AV1 (rav1e) encodes frames of at least {MIN_SIDE}x{MIN_SIDE}, not \
                 {width}x{height}: use codec='h264' or 'vp9', or pad the frames"
            )));
        }
        let enc = encoder_config(width, height, fps, crf, tiles);
        // threads = 0 and no pool: rav1e's parallel work runs on the caller's rayon pool.
        let cfg = Config::new().with_encoder_config(enc).with_threads(0);
        let ctx = cfg
            .new_context::<u8>()
            .map_err(|e| Error::unsupported(format!("AV1 (rav1e) cannot encode this: {e}")))?;
        Ok(Av1 {
            ctx,
            extradata: Vec::new(),
        })
    }

    pub fn encode(&mut self, yuv: &Yuv420, out: &mut Vec<Packet>) -> Result<()> {
        let mut f = self.ctx.new_frame();
        let (y, u, v) = yuv.planes();
        f.planes[0].copy_from_raw_u8(y, yuv.stride_y, 1);
        f.planes[1].copy_from_raw_u8(u, yuv.stride_c, 1);
        f.planes[2].copy_from_raw_u8(v, yuv.stride_c, 1);
        // (EnoughData only comes after a flush, which `finish` alone does.)
        self.ctx
            .send_frame(f)
            .map_err(|e| failed("send_frame", e))?;
        self.drain(out)
    }

    /// Flushes the encoder and collects the remaining packets.
    pub fn finish(&mut self, out: &mut Vec<Packet>) -> Result<()> {
        self.ctx.flush();
        self.drain(out)
    }

    fn drain(&mut self, out: &mut Vec<Packet>) -> Result<()> {
        loop {
            match self.ctx.receive_packet() {
                Ok(p) => {
                    if self.extradata.is_empty() {
                        self.extradata = sequence_header(&p.data).unwrap_or_default().to_vec();
                    }
                    // One packet is one temporal unit showing one frame, in order: no
                    // reordering at the container level, so dts = pts.
                    let pts = p.input_frameno as i64;
                    out.push(Packet {
                        data: p.data,
                        pts,
                        dts: pts,
                        key: p.frame_type == FrameType::KEY,
                    });
                }
                Err(EncoderStatus::Encoded) => continue,
                Err(EncoderStatus::NeedMoreData | EncoderStatus::LimitReached) => return Ok(()),
                Err(e) => return Err(failed("receive_packet", e)),
            }
        }
    }
}

/// The sequence header OBU (header, size field and payload) in a temporal unit, if any.
pub fn sequence_header(tu: &[u8]) -> Option<&[u8]> {
    let mut i = 0;
    while i < tu.len() {
        let start = i;
        let h = tu[i];
        let kind = (h >> 3) & 0x0f;
        let ext = h & 0x04 != 0;
        let has_size = h & 0x02 != 0;
        i += 1 + usize::from(ext);
        if !has_size {
            // The OBU runs to the end of the unit.
            return (kind == 1).then(|| &tu[start..]);
        }
        let mut size = 0usize;
        for k in 0..8 {
            let b = *tu.get(i)?;
            i += 1;
            size |= usize::from(b & 0x7f) << (7 * k);
            if b & 0x80 == 0 {
                break;
            }
        }
        let end = i.checked_add(size).filter(|&e| e <= tu.len())?;
        if kind == 1 {
            return Some(&tu[start..end]);
        }
        i = end;
    }
    None
}

/// Sets a new stream's parameters for AV1 (BT.601, limited range, as encoded).
///
/// # Safety
/// `par` must point to a live `AVCodecParameters` with no extradata.
pub unsafe fn set_par(
    par: *mut ffmpeg_next::ffi::AVCodecParameters,
    width: usize,
    height: usize,
    seq_header: &[u8],
) -> Result<()> {
    use ffmpeg_next::ffi;
    if seq_header.is_empty() {
        return Err(Error::decode("AV1 encoder wrote no sequence header"));
    }
    // SAFETY: the caller guarantees `par`. The muxer builds `av1C` (MP4, WebM) from the
    // sequence header's OBUs; BT.601 is what the RGB -> YUV conversion wrote.
    unsafe {
        super::set_yuv420_par(
            par,
            ffi::AVCodecID::AV_CODEC_ID_AV1,
            width,
            height,
            seq_header,
        )?;
        let p = &mut *par;
        p.color_primaries = ffi::AVColorPrimaries::AVCOL_PRI_SMPTE170M;
        p.color_trc = ffi::AVColorTransferCharacteristic::AVCOL_TRC_SMPTE170M;
        p.color_space = ffi::AVColorSpace::AVCOL_SPC_SMPTE170M;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qindex_is_libaoms_table() {
        assert_eq!(
            [0, 1, 32, 61, 62, 63, 99].map(qindex),
            [0, 4, 128, 244, 249, 255, 255]
        );
    }

    fn opts(container: super::super::Container) -> super::super::VideoOptions {
        super::super::VideoOptions {
            codec: super::super::Codec::parse("av1").unwrap(),
            container,
            fps: 16.0,
            quality: None,
            max_output_bytes: u64::MAX,
            codec_threads: 2,
        }
    }

    #[test]
    fn odd_sizes_encode_as_they_are_into_mp4_and_webm() {
        use super::super::{encode_video, Container};
        let (t, h, w) = (5, 17, 33);
        let rgb: Vec<u8> = (0..t * h * w * 3).map(|i| (i * 7 % 251) as u8).collect();
        for c in [Container::Mp4, Container::Webm] {
            let v = encode_video(&rgb, t, h, w, &opts(c)).unwrap();
            assert_eq!(
                (v.codec.as_str(), v.width, v.height, v.frames),
                ("av1", w, h, t)
            );
            if c == Container::Mp4 {
                let at = |tag: &[u8]| v.data.windows(4).position(|x| x == tag).unwrap();
                assert!(at(b"moov") < at(b"mdat"));
                assert!(v.data.windows(4).any(|x| x == b"av1C"));
            }
        }
        let e = encode_video(&rgb[..5 * 15 * 33 * 3], 5, 15, 33, &opts(Container::Mp4));
        assert!(matches!(e, Err(Error::UnsupportedFormat(_))));
    }

    /// Mean |a - b| of each row (or column) of a `w x h` plane against a packed one.
    fn line_errors(
        rec: &rav1e::prelude::Plane<u8>,
        src: &[u8],
        stride: usize,
        w: usize,
        h: usize,
        by_row: bool,
    ) -> Vec<f64> {
        let rows: Vec<&[u8]> = rec.rows_iter().take(h).collect();
        let d = |y: usize, x: usize| (f64::from(rows[y][x]) - f64::from(src[y * stride + x])).abs();
        if by_row {
            (0..h)
                .map(|y| (0..w).map(|x| d(y, x)).sum::<f64>() / w as f64)
                .collect()
        } else {
            (0..w)
                .map(|x| (0..h).map(|y| d(y, x)).sum::<f64>() / h as f64)
                .collect()
        }
    }

    /// The worst of the last 4 lines' errors minus the median line's.
    fn edge_excess(mut e: Vec<f64>) -> f64 {
        let worst = e[e.len() - 4..].iter().copied().fold(f64::MIN, f64::max);
        e.sort_by(f64::total_cmp);
        worst - e[e.len() / 2]
    }

    /// rav1e's reconstruction (the decoder's picture) keeps a frame's last chroma rows and
    /// columns as close to the source as the rest. rav1e 0.8.1 as published measured the
    /// distortion of edge blocks in whole 4x4 chunks, so at chroma sizes that are not a
    /// multiple of 4 (here 17-19) inter frames left them 10-40 levels off
    /// (third_party/rav1e/FASTMEDIA.md); tests/test_encode_av1_edges.py checks the decoded
    /// clips.
    #[test]
    fn edge_chroma_is_coded_like_the_rest() {
        use rav1e::prelude::Packet;
        for (w, h) in [(48, 33), (48, 35), (48, 37), (35, 48), (51, 38)] {
            let crf = super::super::RAV1E_DEFAULT_CRF;
            let cfg = Config::new().with_encoder_config(encoder_config(w, h, (16, 1), crf, 1));
            let mut ctx: Context<u8> = cfg.with_threads(0).new_context().unwrap();
            // Colour waves whose luma and chroma move independently (tests/test_encode.py's clip).
            let frames: Vec<Yuv420> = (0..8)
                .map(|i| {
                    let mut rgb = Vec::with_capacity(w * h * 3);
                    for y in 0..h {
                        for x in 0..w {
                            let (x, y, i) = (x as f64, y as f64, f64::from(i));
                            rgb.push((128.0 + 100.0 * ((x + 2.0 * i) / 15.0).sin()) as u8);
                            rgb.push((128.0 + 100.0 * ((y - i) / 11.0).cos()) as u8);
                            rgb.push((128.0 + 60.0 * ((x + y) / 20.0 + i / 4.0).sin()) as u8);
                        }
                    }
                    super::super::yuv::convert(&rgb, w, h).unwrap()
                })
                .collect();
            let mut packets: Vec<Packet<u8>> = Vec::new();
            for (n, yuv) in frames.iter().enumerate() {
                let mut f = ctx.new_frame();
                let (y, u, v) = yuv.planes();
                f.planes[0].copy_from_raw_u8(y, yuv.stride_y, 1);
                f.planes[1].copy_from_raw_u8(u, yuv.stride_c, 1);
                f.planes[2].copy_from_raw_u8(v, yuv.stride_c, 1);
                ctx.send_frame(f).unwrap();
                if n == frames.len() - 1 {
                    ctx.flush();
                }
                loop {
                    match ctx.receive_packet() {
                        Ok(p) => packets.push(p),
                        Err(EncoderStatus::Encoded) => continue,
                        Err(_) => break,
                    }
                }
            }
            assert_eq!(packets.len(), frames.len());
            let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
            for p in &packets[1..] {
                let rec = p.rec.as_ref().expect("rav1e returns its reconstruction");
                let yuv = &frames[p.input_frameno as usize];
                let (_, u, v) = yuv.planes();
                for (plane, src) in [(&rec.planes[1], u), (&rec.planes[2], v)] {
                    let rows = edge_excess(line_errors(plane, src, yuv.stride_c, cw, ch, true));
                    let cols = edge_excess(line_errors(plane, src, yuv.stride_c, cw, ch, false));
                    assert!(
                        rows < 5.0 && cols < 5.0,
                        "{w}x{h} frame {}: last chroma rows +{rows:.1}, columns +{cols:.1} levels",
                        p.input_frameno
                    );
                }
            }
        }
    }

    #[test]
    fn finds_the_sequence_header_after_a_temporal_delimiter() {
        // TD (type 2, size 0), then a sequence header (type 1) of 3 bytes, then padding.
        let tu = [0x12, 0x00, 0x0a, 0x03, 1, 2, 3, 0x7a, 0x01, 0];
        assert_eq!(sequence_header(&tu), Some(&tu[2..7]));
        assert_eq!(sequence_header(&tu[..5]), None, "truncated");
        assert_eq!(sequence_header(&[0x12, 0x00]), None);
    }
}
