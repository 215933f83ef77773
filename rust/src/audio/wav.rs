//! The PCM WAV fast path: a plain RIFF/WAVE file (integer or float PCM, whole frames, the
//! data chunk inside the input) is converted straight from its data chunk. FFmpeg's probe
//! and per-packet work cost ~5x the conversion itself on such files. Anything unusual
//! (RF64, compressed or odd formats, a data chunk past the end, a possible S/PDIF payload)
//! returns None and goes through FFmpeg as before; the samples are the same either way
//! (same scaling, same channel sum order).

use super::decode::check_duration;
use super::{Audio, AudioInfo, AudioLimits};
use crate::error::Result;

/// The sample formats served here, with FFmpeg's codec names (the `codec` metadata).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Pcm {
    U8,
    S16,
    S24,
    S32,
    F32,
    F64,
}

impl Pcm {
    fn codec(self) -> &'static str {
        match self {
            Pcm::U8 => "pcm_u8",
            Pcm::S16 => "pcm_s16le",
            Pcm::S24 => "pcm_s24le",
            Pcm::S32 => "pcm_s32le",
            Pcm::F32 => "pcm_f32le",
            Pcm::F64 => "pcm_f64le",
        }
    }
}

/// The tail of the KSDATAFORMAT_SUBTYPE_* GUIDs of WAVE_FORMAT_EXTENSIBLE.
const GUID_TAIL: [u8; 14] = [
    0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
];

/// What the header says, when it is a layout served here.
struct Header<'a> {
    pcm: Pcm,
    channels: usize,
    rate: u32,
    data: &'a [u8],
}

fn u16_at(b: &[u8], i: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(i..i + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?))
}

/// Walks the RIFF chunks to `fmt ` and the first `data`; None for anything not plain.
fn parse(b: &[u8]) -> Option<Header<'_>> {
    if b.get(0..4)? != b"RIFF" || b.get(8..12)? != b"WAVE" {
        return None;
    }
    let mut fmt: Option<&[u8]> = None;
    let mut pos = 12usize;
    let data = loop {
        let id = b.get(pos..pos + 4)?;
        let size = u32_at(b, pos + 4)? as usize;
        let body = b.get(pos + 8..(pos + 8).checked_add(size)?)?;
        match id {
            b"fmt " if fmt.is_none() => fmt = Some(body),
            b"data" => break body,
            _ => {}
        }
        // Chunks are padded to an even length.
        pos = pos + 8 + size + (size & 1);
    };
    let fmt = fmt?;
    let mut tag = u16_at(fmt, 0)?;
    let channels = usize::from(u16_at(fmt, 2)?);
    let rate = u32_at(fmt, 4)?;
    let align = usize::from(u16_at(fmt, 12)?);
    let bits = u16_at(fmt, 14)?;
    if tag == 0xFFFE {
        // WAVE_FORMAT_EXTENSIBLE: valid bits must fill the container; the subformat GUID
        // names PCM (1) or float (3).
        if u16_at(fmt, 16)? < 22 || u16_at(fmt, 18)? != bits || fmt.get(26..40)? != GUID_TAIL {
            return None;
        }
        tag = u16_at(fmt, 24)?;
    }
    let pcm = match (tag, bits) {
        (1, 8) => Pcm::U8,
        (1, 16) => Pcm::S16,
        (1, 24) => Pcm::S24,
        (1, 32) => Pcm::S32,
        (3, 32) => Pcm::F32,
        (3, 64) => Pcm::F64,
        _ => return None,
    };
    let plain = (1..=64).contains(&channels)
        && (1..=super::MAX_SAMPLE_RATE).contains(&rate)
        && align == channels * usize::from(bits / 8)
        && !data.is_empty()
        && data.len() % align == 0
        // FFmpeg reads 16-bit stereo PCM that carries an IEC 61937 (S/PDIF) sync word in its
        // first 64 KiB as AC-3/DTS; leave any such file to it.
        && !(pcm == Pcm::S16 && channels == 2 && has_spdif_sync(data));
    plain.then_some(Header {
        pcm,
        channels,
        rate,
        data,
    })
}

fn has_spdif_sync(data: &[u8]) -> bool {
    let head = &data[..data.len().min(1 << 17)];
    head.windows(4).any(|w| w == [0x72, 0xF8, 0x1F, 0x4E])
}

/// Decodes a plain PCM WAV without FFmpeg; None when `data` is not one.
pub(super) fn decode(data: &[u8], mono: bool, limits: &AudioLimits) -> Result<Option<Audio>> {
    let Some(h) = parse(data) else {
        return Ok(None);
    };
    let c = h.channels;
    let frames = h.data.len() / (c * bps(h.pcm));
    let bytes_per_s = 4.0 * f64::from(h.rate) * c as f64;
    check_duration(
        frames as f64 / f64::from(h.rate),
        limits,
        bytes_per_s,
        "the header states",
    )?;
    let planes = match h.pcm {
        Pcm::U8 => convert::<1>(h.data, c, mono, |b| (f32::from(b[0]) - 128.0) / 128.0),
        Pcm::S16 => convert::<2>(h.data, c, mono, |b| {
            f32::from(i16::from_le_bytes(b)) / 32768.0
        }),
        // FFmpeg widens 24-bit samples to the top of an i32; the same value, scaled the same.
        Pcm::S24 => convert::<3>(h.data, c, mono, |b| {
            i32::from_le_bytes([0, b[0], b[1], b[2]]) as f32 / 2_147_483_648.0
        }),
        Pcm::S32 => convert::<4>(h.data, c, mono, |b| {
            i32::from_le_bytes(b) as f32 / 2_147_483_648.0
        }),
        Pcm::F32 => convert::<4>(h.data, c, mono, f32::from_le_bytes),
        Pcm::F64 => convert::<8>(h.data, c, mono, |b| f64::from_le_bytes(b) as f32),
    };
    Ok(Some(Audio {
        info: AudioInfo {
            codec: h.pcm.codec(),
            source_sample_rate: h.rate,
            source_channels: c as u16,
            sample_rate: h.rate,
            channels: planes.len() as u16,
            frames,
        },
        planes,
    }))
}

fn bps(p: Pcm) -> usize {
    match p {
        Pcm::U8 => 1,
        Pcm::S16 => 2,
        Pcm::S24 => 3,
        Pcm::S32 | Pcm::F32 => 4,
        Pcm::F64 => 8,
    }
}

/// Interleaved frames of `c` channels (`B` bytes a sample) -> one plane per channel, or the
/// mean plane: the float32 sum over channels in order, then one division (numpy's mean and
/// the FFmpeg path's order).
fn convert<const B: usize>(
    data: &[u8],
    c: usize,
    mono: bool,
    f: impl Fn([u8; B]) -> f32,
) -> Vec<Vec<f32>> {
    let word = |s: &[u8]| -> [u8; B] { s.try_into().expect("chunks_exact yields B bytes") };
    if c == 1 {
        return vec![data.chunks_exact(B).map(|s| f(word(s))).collect()];
    }
    if mono {
        let div = c as f32;
        let plane = data
            .chunks_exact(B * c)
            .map(|fr| {
                let mut s = fr.chunks_exact(B);
                let first = f(word(s.next().expect("c >= 1 samples")));
                s.fold(first, |acc, x| acc + f(word(x))) / div
            })
            .collect();
        return vec![plane];
    }
    (0..c)
        .map(|ch| {
            data.chunks_exact(B * c)
                .map(|fr| f(word(&fr[ch * B..ch * B + B])))
                .collect()
        })
        .collect()
}
