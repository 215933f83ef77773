//! H.264 through OpenH264 (Cisco's BSD-licensed encoder, compiled from source by
//! `openh264-sys2`): needs no encoder in the linked FFmpeg. Constant QP (quality-mode rate
//! control with the QP range pinned to one value: with rate control off OpenH264 ignores
//! the range and codes at its base QP 26), no B-frames, so every packet's pts is its dts.

use std::ffi::c_int;

use openh264::encoder::{
    Complexity, Encoder, EncoderConfig, FrameRate, FrameType, QpRange, RateControlMode,
};
use openh264::formats::YUVSlices;
use openh264::OpenH264API;

use super::yuv::Yuv420;
use super::Packet;
use crate::error::{Error, Result};

/// The largest frame OpenH264 encodes (its level 5.2 limit).
pub const MAX_SIDE: (usize, usize) = (3840, 2160);

pub struct H264 {
    enc: Encoder,
    /// SPS and PPS (Annex B), from the first IDR: the container's `avcC`.
    pub extradata: Vec<u8>,
    frames: i64,
}

fn err(e: openh264::Error) -> Error {
    Error::decode(format!("H.264 encoding failed: {e}"))
}

impl H264 {
    /// `qp` is H.264's quantiser, 0 (lossless-like) to 51.
    pub fn new(width: usize, height: usize, fps: f64, qp: u8) -> Result<Self> {
        if !width.is_multiple_of(2) || !height.is_multiple_of(2) {
            return Err(Error::unsupported(format!(
                "H.264 (4:2:0) needs an even width and height, not {width}x{height}: \
                 use codec='av1' or 'vp9', or crop a row/column"
            )));
        }
        let (a, b) = (width.max(height), width.min(height));
        if a > MAX_SIDE.0 || b > MAX_SIDE.1 {
            return Err(Error::limit(format!(
                "OpenH264 encodes at most 3840x2160, not {width}x{height}"
            )));
        }
        let qp = qp.min(51);
        let config = EncoderConfig::new()
            .rate_control_mode(RateControlMode::Quality)
            .qp(QpRange::new(qp, qp))
            .skip_frames(false)
            .max_frame_rate(FrameRate::from_hz(fps as f32))
            .complexity(Complexity::Medium)
            .num_threads(1);
        let mut enc = Encoder::with_api_config(OpenH264API::from_source(), config).map_err(err)?;
        quiet(&mut enc)?;
        Ok(H264 {
            enc,
            extradata: Vec::new(),
            frames: 0,
        })
    }

    pub fn encode(&mut self, yuv: &Yuv420, out: &mut Vec<Packet>) -> Result<()> {
        let (y, u, v) = yuv.planes();
        let src = YUVSlices::new(
            (y, u, v),
            (yuv.width, yuv.height),
            (yuv.stride_y, yuv.stride_c, yuv.stride_c),
        );
        let bs = self.enc.encode(&src).map_err(err)?;
        let key = matches!(bs.frame_type(), FrameType::IDR | FrameType::I);
        let mut data = Vec::new();
        for l in 0..bs.num_layers() {
            let layer = bs.layer(l).expect("layer index in range");
            for n in 0..layer.nal_count() {
                let nal = layer.nal_unit(n).expect("NAL index in range");
                if self.frames == 0 && matches!(nal_type(nal), Some(7 | 8)) {
                    self.extradata.extend_from_slice(nal);
                }
                data.extend_from_slice(nal);
            }
        }
        let pts = self.frames;
        self.frames += 1;
        if data.is_empty() {
            return Err(Error::decode("H.264 encoder skipped a frame"));
        }
        out.push(Packet {
            data,
            pts,
            dts: pts,
            key,
        });
        Ok(())
    }
}

/// OpenH264's `ENCODER_OPTION_TRACE_LEVEL` and `WELS_LOG_QUIET` (`codec_app_def.h`; the
/// openh264 crate does not re-export openh264-sys2's constants).
const ENCODER_OPTION_TRACE_LEVEL: c_int = 25;
const WELS_LOG_QUIET: c_int = 0;

/// Silences OpenH264's log before its first `encode`: the crate applies its own (quiet)
/// trace level only after `InitializeExt`, whose parameter check prints a warning to stderr
/// for every encoder ("bEnableFrameSkip = 0, bitrate can't be controlled ..."; we pin the QP
/// and never skip frames on purpose). OpenH264 accepts this option before initialisation.
fn quiet(enc: &mut Encoder) -> Result<()> {
    let mut level = WELS_LOG_QUIET;
    // SAFETY: the encoder is live (created, not yet initialised: SetOption allows the trace
    // level then); the option reads one int from the pointer during the call.
    let rc = unsafe {
        enc.raw_api()
            .set_option(ENCODER_OPTION_TRACE_LEVEL, (&raw mut level).cast())
    };
    if rc != 0 {
        return Err(Error::decode(format!(
            "OpenH264 refused its log level (error {rc})"
        )));
    }
    Ok(())
}

/// The type of an Annex B NAL unit (after its 3- or 4-byte start code).
fn nal_type(nal: &[u8]) -> Option<u8> {
    let body = nal
        .strip_prefix(&[0, 0, 0, 1])
        .or_else(|| nal.strip_prefix(&[0, 0, 1]))?;
    body.first().map(|h| h & 0x1f)
}
