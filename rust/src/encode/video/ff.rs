//! Encoders of the linked FFmpeg, chosen by name (`libvpx-vp9`, `libx264`, `h264_nvenc`,
//! `libsvtav1`...): whichever the build has. A name it lacks is `UnsupportedFormat`.

use std::ffi::CString;

use ffmpeg_next as ffmpeg;
use ffmpeg_next::ffi;

use super::yuv::Yuv420;
use super::Packet;
use crate::av::map_error;
use crate::error::{Error, Result};

pub struct FfEncoder {
    enc: ffmpeg::encoder::Video,
    name: String,
    pts: i64,
}

/// SVT-AV1's preset (-1 slowest .. 13 fastest), chosen with benches/bench_encode.py.
pub const SVT_AV1_PRESET: u32 = 10;
// SVT-AV1 2.3 takes presets -1..=13 (enc_settings.c:43).
const _: () = assert!(SVT_AV1_PRESET <= 13);

/// SVT-AV1 2.3 maps `lp` to its level of parallelism, 1..=6 (0 is every core) and any higher
/// value to 6 (enc_handle.c:4857-4865).
const SVT_AV1_MAX_LP: usize = 6;

/// Encoder options for `quality` mapped onto the codec's own scale (see `Codec::native`).
fn options(name: &str, q: u32, threads: usize) -> ffmpeg::Dictionary<'static> {
    let mut d = ffmpeg::Dictionary::new();
    let qs = q.to_string();
    let qs = qs.as_str();
    match name {
        "libvpx-vp9" | "libvpx" => {
            d.set("crf", qs);
            d.set("b", "0");
            // libvpx's fastest `good` speed (realtime at its PSNR costs ~2x the bytes);
            // rows of one tile column run in parallel.
            d.set("deadline", "good");
            d.set("cpu-used", "5");
            d.set("row-mt", "1");
        }
        "libsvtav1" => {
            // SVT-AV1's crf is 1..=63 (FFmpeg's wrapper ignores 0; SVT-AV1 2.3 rejects
            // more, enc_settings.c:229).
            d.set("crf", &q.clamp(1, 63).to_string());
            d.set("preset", &SVT_AV1_PRESET.to_string());
            // FFmpeg's wrapper passes no thread count: SVT-AV1's `lp` (its level of
            // parallelism) keeps it near the Encoder's threads instead of every core.
            d.set(
                "svtav1-params",
                &format!("lp={}", threads.clamp(1, SVT_AV1_MAX_LP)),
            );
        }
        "libx264" | "libx265" => {
            d.set("crf", qs);
            d.set("preset", "veryfast");
        }
        "libaom-av1" => {
            d.set("crf", qs);
            d.set("cpu-used", "8");
            d.set("row-mt", "1");
        }
        n if n.ends_with("_nvenc") => {
            d.set("rc", "vbr");
            d.set("cq", qs);
            d.set("b", "0");
            d.set("preset", "p4");
        }
        _ => d.set("global_quality", qs),
    }
    d.set("threads", &threads.to_string());
    d
}

impl FfEncoder {
    pub fn new(
        name: &str,
        width: usize,
        height: usize,
        fps: ffmpeg::Rational,
        quality: u32,
        threads: usize,
        global_header: bool,
    ) -> Result<Self> {
        crate::av::init();
        let codec = ffmpeg::encoder::find_by_name(name)
            .filter(|c| c.is_video())
            .ok_or_else(|| {
                Error::unsupported(format!("this FFmpeg build has no video encoder {name:?}"))
            })?;
        let mut enc = ffmpeg::codec::Context::new_with_codec(codec)
            .encoder()
            .video()
            .map_err(|e| map_error(e, "setting up the encoder"))?;
        enc.set_width(width as u32);
        enc.set_height(height as u32);
        enc.set_format(ffmpeg::format::Pixel::YUV420P);
        // What yuv.rs produces (BT.601, limited range), signalled in the bitstream where the
        // codec can (VP9's colour space, AV1's colour config) so players convert it back so.
        enc.set_colorspace(ffmpeg::color::Space::SMPTE170M);
        enc.set_color_range(ffmpeg::color::Range::MPEG);
        enc.set_color_primaries(ffmpeg::color::Primaries::SMPTE170M);
        enc.set_color_transfer_characteristic(ffmpeg::color::TransferCharacteristic::SMPTE170M);
        enc.set_time_base(fps.invert());
        enc.set_frame_rate(Some(fps));
        if global_header {
            enc.set_flags(ffmpeg::codec::Flags::GLOBAL_HEADER);
        }
        let enc = enc
            .open_with(options(name, quality, threads))
            .map_err(|e| match e {
                // NVENC loads the driver (libcuda, libnvidia-encode) when opened.
                e if name.ends_with("_nvenc") => Error::GpuUnavailable(format!(
                    "the {name} encoder (NVENC) could not start here ({e}): it needs an NVIDIA \
                     GPU with NVENC and its driver"
                )),
                // a size the codec refuses, ...
                ffmpeg::Error::Other { .. } | ffmpeg::Error::External => {
                    Error::unsupported(format!("the {name} encoder could not start here ({e})"))
                }
                e => map_error(e, &format!("opening the {name} encoder")),
            })?;
        Ok(FfEncoder {
            enc,
            name: name.to_owned(),
            pts: 0,
        })
    }

    /// The stream's codec parameters for the muxer.
    ///
    /// # Safety
    /// `par` must point to a live `AVCodecParameters`.
    pub unsafe fn parameters(&self, par: *mut ffi::AVCodecParameters) -> Result<()> {
        // SAFETY: the encoder context is open and live; `par` per the caller.
        let rc = unsafe { ffi::avcodec_parameters_from_context(par, self.enc.as_ptr()) };
        if rc < 0 {
            return Err(map_error(
                ffmpeg::Error::from(rc),
                "copying codec parameters",
            ));
        }
        Ok(())
    }

    pub fn time_base(&self) -> ffmpeg::Rational {
        self.enc.time_base()
    }

    pub fn encode(&mut self, yuv: &Yuv420, out: &mut Vec<Packet>) -> Result<()> {
        let mut frame = ffmpeg::frame::Video::new(
            ffmpeg::format::Pixel::YUV420P,
            yuv.width as u32,
            yuv.height as u32,
        );
        let (y, u, v) = yuv.planes();
        let ch = yuv.height.div_ceil(2);
        let cw = yuv.width.div_ceil(2);
        for (i, (src, stride, rows, w)) in [
            (y, yuv.stride_y, yuv.height, yuv.width),
            (u, yuv.stride_c, ch, cw),
            (v, yuv.stride_c, ch, cw),
        ]
        .into_iter()
        .enumerate()
        {
            let dst_stride = frame.stride(i);
            let dst = frame.data_mut(i);
            for r in 0..rows {
                dst[r * dst_stride..r * dst_stride + w]
                    .copy_from_slice(&src[r * stride..r * stride + w]);
            }
        }
        frame.set_pts(Some(self.pts));
        self.pts += 1;
        self.enc
            .send_frame(&frame)
            .map_err(|e| map_error(e, &format!("{} encoding", self.name)))?;
        self.drain(out)
    }

    pub fn finish(&mut self, out: &mut Vec<Packet>) -> Result<()> {
        self.enc
            .send_eof()
            .map_err(|e| map_error(e, &format!("{} encoding", self.name)))?;
        self.drain(out)
    }

    fn drain(&mut self, out: &mut Vec<Packet>) -> Result<()> {
        let mut pkt = ffmpeg::Packet::empty();
        loop {
            match self.enc.receive_packet(&mut pkt) {
                Ok(()) => out.push(Packet {
                    data: pkt.data().unwrap_or_default().to_vec(),
                    pts: pkt.pts().unwrap_or(0),
                    dts: pkt.dts().or(pkt.pts()).unwrap_or(0),
                    key: pkt.is_key(),
                }),
                Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::error::EAGAIN => {
                    return Ok(())
                }
                Err(ffmpeg::Error::Eof) => return Ok(()),
                Err(e) => return Err(map_error(e, &format!("{} encoding", self.name))),
            }
        }
    }
}

/// Whether this FFmpeg build has a video encoder called `name`.
pub fn has_encoder(name: &str) -> bool {
    crate::av::init();
    let Ok(c) = CString::new(name) else {
        return false;
    };
    // SAFETY: a lookup in FFmpeg's static codec table by a NUL-terminated name.
    !unsafe { ffi::avcodec_find_encoder_by_name(c.as_ptr()) }.is_null()
}
