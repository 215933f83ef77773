//! The FFmpeg path: probe the container once, scan its packets (demux only, no decoding) to
//! learn every frame's presentation time and the keyframes, then decode only what the
//! sampled frames need: each group of targets from the keyframe before it, groups spread
//! over the rayon pool, every worker with its own demuxer and decoder over the same bytes,
//! longest group first. While the probe runs, a second pool thread already decodes from the
//! first keyframe (the first frame is always sampled) for the group that starts there.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use ffmpeg_next::codec::packet::Ref as _;
use ffmpeg_next::codec::threading;
use ffmpeg_next::{ffi, Discard};
use rayon::prelude::*;

use super::convert::Converter;
use super::hw::{self, Gpu};
use super::Fit;
use crate::av::{ffmpeg, map_error, unsupported_codec, MemInput};
use crate::decode::{contain, Limits};
use crate::error::{Error, Result};

/// One packet of the video stream, in decode order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pkt {
    pts: i64,
    dts: i64,
    pos: i64,
    /// Compressed bytes (the decode-cost estimate).
    size: u32,
    key: bool,
}

/// What the probe learned: OpenCV's view of the clip plus the real packet timeline.
pub(super) struct Probe {
    stream: usize,
    codec: &'static str,
    /// Bits per sample of the decoded pixel format (8 when FFmpeg does not say).
    bit_depth: u8,
    /// Frame size before rotation.
    pub width: u32,
    pub height: u32,
    /// Clockwise degrees to turn decoded frames (0, 90, 180, 270).
    pub rotation: u32,
    /// `CAP_PROP_FRAME_COUNT` as OpenCV computes it.
    pub total_cv: i64,
    /// `CAP_PROP_FPS`.
    pub fps: f64,
    /// The container's duration in seconds (`AVFormatContext.duration`; None when unset), and
    /// the stream's `start_time` (time-base units): OpenCV's end-of-stream seek uses them.
    container_secs: Option<f64>,
    start_time: Option<i64>,
    /// The stream header's numbers, as Dynamo's frontend reads them (sampling="dynamo").
    pub dynamo: super::Source,
    time_base: f64,
    /// Packets in decode order (edit-list discards left out).
    pkts: Vec<Pkt>,
    /// Presentation timestamps in order, when every packet has a distinct one.
    pres: Option<Vec<i64>>,
    /// The resize target of every converted frame (set by the caller after planning).
    pub fit: Option<Fit>,
}

impl Probe {
    /// Frames the stream really holds (what OpenCV's grab() loop reaches).
    pub fn frames(&self) -> i64 {
        self.pkts.len() as i64
    }

    pub fn codec(&self) -> &'static str {
        self.codec
    }

    pub fn bit_depth(&self) -> u8 {
        self.bit_depth
    }

    /// Presentation time (s) of frame `i`, when known.
    pub fn pts_secs(&self, i: usize) -> Option<f64> {
        self.pres
            .as_ref()
            .and_then(|p| p.get(i))
            .map(|&t| t as f64 * self.time_base)
    }

    /// vLLM 0.33's `total_num_frames` (`get_video_metadata`): OpenCV's `CAP_PROP_FRAME_COUNT`,
    /// corrected to the frame OpenCV reaches by seeking to the end when the stream really ends
    /// there and that is more than one frame short (an edit list hiding a lead-in, a VFR
    /// count); the demuxed frames when the header has no count.
    pub fn total_vllm(&self) -> i64 {
        if self.total_cv <= 0 {
            return self.frames();
        }
        match self.opencv_end_seek() {
            Some((visible, true)) if visible > 0 && visible < self.total_cv - 1 => visible,
            _ => self.total_cv,
        }
    }

    /// OpenCV's `set(CAP_PROP_POS_AVI_RATIO, 1.0)` on a fresh capture (cap_ffmpeg_impl.hpp
    /// `seek`): `(CAP_PROP_POS_FRAMES, whether the next grab fails)`, from the packet index
    /// (a keyframe seek decodes from the keyframe at or before the target; frame numbers
    /// come from presentation times). None where the timeline is not known.
    fn opencv_end_seek(&self) -> Option<(i64, bool)> {
        let (fps, tb) = (self.fps, self.time_base);
        let (start, secs) = (self.start_time?, self.container_secs?);
        self.pres.as_ref()?;
        if fps <= 0.0 || tb <= 0.0 {
            return None;
        }
        let mut frames: Vec<(i64, bool)> = self.pkts.iter().map(|p| (p.pts, p.key)).collect();
        frames.sort_unstable_by_key(|f| f.0);
        let last = frames.len() as i64 - 1;
        let number = |pts: i64| (fps * ((pts - start) as f64 * tb) + 0.5) as i64;
        let n = ((secs * fps + 0.5) as i64).min(self.total_cv);
        if n <= 0 {
            return Some((0, false));
        }
        let first = number(frames[0].0);
        let mut delta = 16i64;
        loop {
            let tmp = (n - delta).max(0);
            let ts = start + ((tmp as f64 / fps) / tb + 0.5) as i64;
            let k0 = frames
                .iter()
                .rposition(|&(pts, key)| key && pts <= ts)
                .or_else(|| frames.iter().position(|f| f.1))
                .unwrap_or(0) as i64;
            if n == 1 {
                return Some((1, k0 == last));
            }
            let mut f = number(frames[k0 as usize].0) - first;
            if f < 0 || f > n - 1 {
                if tmp == 0 || delta >= i32::MAX as i64 / 4 {
                    return Some((f, k0 == last));
                }
                delta = if delta < 16 { delta * 2 } else { delta * 3 / 2 };
                continue;
            }
            let mut k = k0;
            while f < n - 1 && k < last {
                k += 1;
                f += 1;
            }
            return Some((f + 1, k == last));
        }
    }

    /// Display size (after rotation).
    pub fn display(&self) -> (u32, u32) {
        if self.rotation % 180 == 90 {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }
}

/// The container's codec tag as text ("avc1", "XVID"), when it is printable.
fn fourcc(tag: u32) -> Option<String> {
    let b = tag.to_le_bytes();
    (tag != 0 && b.iter().all(|c| c.is_ascii_graphic() || *c == b' '))
        .then(|| String::from_utf8_lossy(&b).into_owned())
}

fn q2d(r: ffi::AVRational) -> f64 {
    if r.den == 0 {
        0.0
    } else {
        r.num as f64 / r.den as f64
    }
}

/// Probe `data`: refuses clips with more than `max_frames` frames before scanning them.
pub(super) fn probe(data: &[u8], max_frames: u64) -> Result<Probe> {
    let mut input = MemInput::open_probe(data)?;
    let (stream, codec_id, depth, width, height, rotation, total_cv, fps, time_base, cdur, start) = {
        let st = input
            .streams()
            .best(ffmpeg::media::Type::Video)
            .ok_or_else(|| {
                Error::unsupported("no video stream in this container (audio only, or not a video)")
            })?;
        let params = st.parameters();
        let id = params.id();
        // SAFETY: reading plain fields of the stream and format context FFmpeg filled in.
        unsafe {
            let s = st.as_ptr();
            let ctx = input.as_ptr();
            let par = &*(*s).codecpar;
            if ffi::avcodec_find_decoder(id.into()).is_null() || id == ffmpeg::codec::Id::None {
                return Err(match fourcc(par.codec_tag) {
                    Some(tag) => Error::unsupported(format!(
                        "unsupported video codec: {} (tag {tag:?})",
                        id.name()
                    )),
                    None => unsupported_codec("video", id),
                });
            }
            // OpenCV (cap_ffmpeg_impl.hpp `get_fps`, where av_guess_frame_rate is `#if 0`'d
            // out): fps = avg_frame_rate, else 1 / time_base; duration from the container,
            // else the stream; count = nb_frames, else round(duration * fps). avg_frame_rate
            // and r_frame_rate differ for variable-rate clips and animated WebP.
            let tb = q2d((*s).time_base);
            let mut fps = q2d((*s).avg_frame_rate);
            if fps < 2.5e-5 && tb > 0.0 {
                fps = 1.0 / tb;
            }
            let cdur =
                ((*ctx).duration != ffi::AV_NOPTS_VALUE).then(|| (*ctx).duration as f64 / 1e6);
            let start = ((*s).start_time != ffi::AV_NOPTS_VALUE).then_some((*s).start_time);
            let mut dur = (*ctx).duration as f64 / ffi::AV_TIME_BASE as f64;
            if dur < 1e-6 && (*s).duration != ffi::AV_NOPTS_VALUE {
                dur = (*s).duration as f64 * tb;
            }
            let total = if (*s).nb_frames != 0 {
                (*s).nb_frames
            } else {
                (dur * fps + 0.5).floor() as i64
            };
            // The stream's display matrix: ffmpeg-next reads it where each FFmpeg keeps it
            // (AVStream side data up to 7.x, codecpar's coded side data from 8.0).
            let theta = st
                .side_data()
                .find(|d| d.kind() == ffmpeg::codec::packet::side_data::Type::DisplayMatrix)
                .filter(|d| d.data().len() >= 36)
                .map(|d| -ffi::av_display_rotation_get(d.data().as_ptr() as *const i32));
            let rotation = if let Some(theta) = theta {
                let t = (theta.round() as i64).rem_euclid(360);
                // OpenCV rounds to the nearest quarter turn the same way.
                (((t + 45) / 90 * 90) % 360) as u32
            } else {
                0
            };
            let depth = header_depth(par);
            (
                st.index(),
                id,
                depth,
                par.width,
                par.height,
                rotation,
                total,
                fps,
                tb,
                cdur,
                start,
            )
        }
    };
    if width <= 0 || height <= 0 {
        return Err(Error::decode(format!(
            "video stream has no frame size ({width}x{height})"
        )));
    }
    if total_cv > max_frames as i64 {
        return Err(Error::limit(format!(
            "video has {total_cv} frames, over max_video_frames={max_frames}"
        )));
    }
    let dynamo = {
        let st = input
            .stream(stream)
            .ok_or_else(|| Error::decode("video stream vanished"))?;
        let q = |r: ffmpeg::Rational| (r.numerator(), r.denominator());
        super::Source::dynamo(
            st.frames(),
            q(st.avg_frame_rate()),
            q(st.rate()),
            st.duration(),
            q(st.time_base()),
            input.duration(),
        )
    };
    let mut pkts = Vec::new();
    loop {
        // A fresh Packet per read: av_read_frame overwrites a packet without unreferencing it,
        // so reusing one leaks every packet's data but the last (the audio path's fuzz finding).
        let mut packet = ffmpeg::Packet::empty();
        match packet.read(&mut input) {
            Ok(()) => {}
            Err(ffmpeg::Error::Eof) => break,
            // A damaged tail: keep what was read (OpenCV stops there too).
            Err(_) if !pkts.is_empty() => break,
            Err(e) => return Err(map_error(e, "reading video packets")),
        }
        if packet.stream() != stream {
            continue;
        }
        let flags = packet.flags();
        // SAFETY: reading the raw flag bits of a packet we own.
        let raw = unsafe { (*packet.as_ptr()).flags };
        if raw & ffi::AV_PKT_FLAG_DISCARD != 0 {
            continue;
        }
        pkts.push(Pkt {
            pts: packet.pts().unwrap_or(ffi::AV_NOPTS_VALUE),
            dts: packet.dts().unwrap_or(ffi::AV_NOPTS_VALUE),
            pos: packet.position() as i64,
            size: u32::try_from(packet.size()).unwrap_or(u32::MAX),
            key: flags.contains(ffmpeg::codec::packet::Flags::KEY),
        });
        if pkts.len() as u64 > max_frames {
            return Err(Error::limit(format!(
                "video has more than max_video_frames={max_frames} frames"
            )));
        }
    }
    if pkts.is_empty() {
        return Err(Error::decode("the video stream holds no frames"));
    }
    let pres = if pkts.iter().all(|p| p.pts != ffi::AV_NOPTS_VALUE) {
        let mut v: Vec<i64> = pkts.iter().map(|p| p.pts).collect();
        v.sort_unstable();
        let distinct = v.windows(2).all(|w| w[0] < w[1]);
        distinct.then_some(v)
    } else {
        None
    };
    Ok(Probe {
        stream,
        codec: codec_id.name(),
        bit_depth: depth,
        width: width as u32,
        height: height as u32,
        rotation,
        total_cv,
        fps,
        container_secs: cdur,
        start_time: start,
        dynamo,
        time_base,
        pkts,
        pres,
        fit: None,
    })
}

/// Bits per sample the stream header states: its pixel format's, else (H.264 in MP4 leaves
/// the format to the decoder) 10 for the H.264 profiles above 8 bits, else 8.
fn header_depth(par: &ffi::AVCodecParameters) -> u8 {
    // SAFETY: av_pix_fmt_desc_get takes any format value and returns null or a static table.
    let desc = unsafe { ffi::av_pix_fmt_desc_get(super::convert::pix(par.format)) };
    if !desc.is_null() {
        // SAFETY: non-null: a static descriptor.
        return unsafe { (*desc).comp[0].depth }.clamp(1, 32) as u8;
    }
    // FF_PROFILE_H264_HIGH_10, _HIGH_422, _HIGH_444_PREDICTIVE, _CAVLC_444 (intra flag off)
    let high_bit = matches!(par.profile & !(1 << 11), 110 | 122 | 244 | 44);
    if par.codec_id == ffi::AVCodecID::AV_CODEC_ID_H264 && high_bit {
        10
    } else {
        8
    }
}

/// Targets sharing one decode pass: from keyframe `key` (index into `pkts`) forward.
struct Group<'o> {
    key: Option<usize>,
    /// Decode position of its last target's packet.
    last: usize,
    /// (presentation index, output slot), ascending.
    targets: Vec<(i64, &'o mut [u8])>,
}

/// Decode frames `indices` (ascending, distinct, < frames()) into `slots` (one per index).
pub(super) fn decode<'a>(
    data: &'a [u8],
    p: &Probe,
    indices: &[i64],
    slots: Vec<&mut [u8]>,
    ahead: Option<Prefetch<'a>>,
    cancel: &crate::threads::Cancel,
    gpu: Option<(Gpu, &hw::Device)>,
) -> Result<()> {
    let threads = rayon::current_num_threads().max(1);
    let mut groups = plan(p, indices, slots);
    // Few groups: let FFmpeg thread inside each decoder; many: one thread each, the pool
    // runs groups side by side. NVDEC decodes on the GPU: one thread a decoder.
    let dec_threads = if groups.len() >= threads || gpu.is_some() {
        1
    } else {
        threads
    };
    // Longest first (LPT), so that the pass still running when the queue is empty is a short
    // one. Stable: equal costs keep file order.
    groups.sort_by_cached_key(|g| std::cmp::Reverse(cost(p, g)));
    // The prefetched worker (one decoder thread, at the first packet) continues the group
    // from the first keyframe, taken first; otherwise its work is dropped.
    let first = groups.iter().position(|g| g.key == Some(0));
    let ahead = match (ahead, first) {
        (Some(a), Some(i)) if dec_threads == 1 && a.stream == p.stream && p.pres.is_some() => {
            let g = groups.remove(i);
            groups.insert(0, g);
            Some(a)
        }
        _ => None,
    };
    let ahead = Mutex::new(ahead);
    // One worker (demuxer + decoder) per pool thread, pulling groups in that order from a
    // shared queue: balanced under uneven load, and no worker opened for a single group.
    let queue: Vec<Mutex<Option<Group<'_>>>> =
        groups.into_iter().map(|g| Mutex::new(Some(g))).collect();
    let next = AtomicUsize::new(0);
    (0..threads.min(queue.len()))
        .into_par_iter()
        .map(|_| -> Result<()> {
            let mut w: Option<Worker<'_>> = None;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(cell) = queue.get(i) else {
                    return Ok(());
                };
                cancel.check()?;
                let g = cell
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                    .expect("each group is taken once");
                if i == 0 {
                    // The first group taken: this thread has no worker yet.
                    if let Some(a) = ahead.lock().unwrap_or_else(|e| e.into_inner()).take() {
                        w = Some(Worker {
                            input: a.input,
                            dec: a.dec,
                            conv: Converter::new(),
                            fresh: true,
                            drained_early: false,
                            ahead: Some(a.ahead),
                            gpu: None,
                            host: ffmpeg::frame::Video::empty(),
                        });
                    }
                }
                contain(p.codec, || run_group(data, p, dec_threads, gpu, &mut w, g))?;
            }
        })
        .collect::<Result<Vec<()>>>()?;
    Ok(())
}

/// Estimated decode cost of a group: the compressed bytes it sends the decoder (entropy
/// decoding) plus a per-frame share for the pixel work, frames weighted by their size
/// (fitted on 1080p H.264: ~0.8 ms a frame and ~0.12 ms per KB on one core). Only the order
/// of one clip's groups matters.
fn cost(p: &Probe, g: &Group<'_>) -> u64 {
    let per_frame = (p.width as u64 * p.height as u64) / 300;
    let (Some(k), Some(_)) = (g.key, &p.pres) else {
        return u64::MAX; // the single pass from the start
    };
    let sent = &p.pkts[k..=g.last.max(k)];
    let bytes: u64 = sent.iter().map(|x| x.size as u64).sum();
    let frames = (sent.len() + g.targets.len()) as u64;
    bytes.saturating_add(frames.saturating_mul(per_frame))
}

fn plan<'o>(p: &Probe, indices: &[i64], slots: Vec<&'o mut [u8]>) -> Vec<Group<'o>> {
    let Some(pres) = &p.pres else {
        // No trustworthy timestamps: one pass from the start, frames counted.
        return vec![Group {
            key: None,
            last: p.pkts.len() - 1,
            targets: indices.iter().copied().zip(slots).collect(),
        }];
    };
    // decode position of each presentation index
    let mut dpos = vec![0usize; p.pkts.len()];
    for (d, pk) in p.pkts.iter().enumerate() {
        if let Ok(i) = pres.binary_search(&pk.pts) {
            dpos[i] = d;
        }
    }
    let keys: Vec<usize> = (0..p.pkts.len()).filter(|&d| p.pkts[d].key).collect();
    let mut groups: Vec<Group<'o>> = Vec::new();
    let mut last_dpos = 0usize;
    for (i, slot) in indices.iter().copied().zip(slots) {
        let d = dpos[i as usize];
        let pts = pres[i as usize];
        // The last keyframe at or before it in decode order that is shown no later than it
        // (an open GOP's leading frames then decode from the previous keyframe).
        let upto = keys.partition_point(|&k| k <= d);
        let key = keys[..upto]
            .iter()
            .rev()
            .find(|&&k| p.pkts[k].pts <= pts)
            .copied()
            .unwrap_or(0);
        match groups.last_mut() {
            // Same keyframe, or its keyframe comes before what this pass decodes anyway.
            Some(g) if g.key == Some(key) || key <= last_dpos => {
                g.targets.push((i, slot));
                g.last = g.last.max(d);
                last_dpos = last_dpos.max(d);
            }
            _ => {
                groups.push(Group {
                    key: Some(key),
                    last: d,
                    targets: vec![(i, slot)],
                });
                last_dpos = d;
            }
        }
    }
    groups
}

struct Worker<'a> {
    input: MemInput<'a>,
    dec: ffmpeg::decoder::Video,
    conv: Converter,
    fresh: bool,
    /// The last pass stopped feeding packets after its last target's.
    drained_early: bool,
    /// From a prefetch: what the decoder was already sent and gave out (pass consumes it).
    ahead: Option<Ahead>,
    /// Decoding through NVDEC: its frames are CUDA surfaces, copied into `host`.
    gpu: Option<Gpu>,
    host: ffmpeg::frame::Video,
}

/// Packets a prefetch sent (their pts) and the frames the decoder returned for them.
struct Ahead {
    sent: Vec<Option<i64>>,
    frames: Vec<ffmpeg::frame::Video>,
}

/// A demuxer and one-thread decoder that decoded from the first packet while the probe ran;
/// `stream` is the video stream it chose from the container header.
pub(super) struct Prefetch<'a> {
    stream: usize,
    input: MemInput<'a>,
    dec: ffmpeg::decoder::Video,
    ahead: Ahead,
}

/// Decoded frames a prefetch may hold before the plan says which it needs.
const HELD: usize = 4;

/// Start the group at the first keyframe (every rule samples the first frame) until `probed`
/// is set: the probe (find_stream_info, which for most containers decodes the first frames,
/// then the packet scan) runs on one pool thread, and a second one would otherwise wait. Only with a pool of 2+ threads and at least one keyframe per thread
/// in the container's index (with fewer groups than threads the plan wants FFmpeg's frame
/// threads, and this work is dropped), and only when the header's frame size passes the
/// limits. None when anything is off: the probe reports errors.
pub(super) fn prefetch<'a>(
    data: &'a [u8],
    lim: &Limits,
    probed: &AtomicBool,
) -> Option<Prefetch<'a>> {
    let threads = rayon::current_num_threads();
    if threads < 2 {
        return None;
    }
    contain("video prefetch", || {
        Ok(prefetch_inner(data, lim, threads, probed))
    })
    .ok()
    .flatten()
}

fn prefetch_inner<'a>(
    data: &'a [u8],
    lim: &Limits,
    threads: usize,
    probed: &AtomicBool,
) -> Option<Prefetch<'a>> {
    let mut input = MemInput::open_headers(data).ok()?;
    let (stream, params) = {
        let st = input.streams().best(ffmpeg::media::Type::Video)?;
        // SAFETY: reading the index entries of an opened stream through FFmpeg's accessors.
        let keys = unsafe {
            let s = st.as_ptr() as *mut ffi::AVStream;
            let n = ffi::avformat_index_get_entries_count(s);
            (0..n)
                .filter(|&i| {
                    let e = ffi::avformat_index_get_entry(s, i);
                    !e.is_null() && (*e).flags() & ffi::AVINDEX_KEYFRAME != 0
                })
                .count()
        };
        if keys < threads {
            return None;
        }
        (st.index(), st.parameters())
    };
    // SAFETY: plain fields of the codec parameters FFmpeg filled in from the header.
    let (w, h) = unsafe { ((*params.as_ptr()).width, (*params.as_ptr()).height) };
    super::frame_plan(lim, None, u32::try_from(w).ok()?, u32::try_from(h).ok()?).ok()?;
    let mut ctx = ffmpeg::codec::Context::from_parameters(params).ok()?;
    // ffmpeg-next's Config has one more field (`safe`) for FFmpeg < 6 (system-ffmpeg).
    #[allow(clippy::needless_update)]
    ctx.set_threading(threading::Config {
        kind: threading::Type::Frame,
        count: 1,
        ..Default::default()
    });
    let mut dec = ctx.decoder().video().ok()?;
    let mut ahead = Ahead {
        sent: Vec::new(),
        frames: Vec::new(),
    };
    // Until the probe is done, holding at most a few frames.
    while !probed.load(Ordering::Acquire) && ahead.frames.len() < HELD {
        // A fresh Packet per read (see the probe scan): reusing one leaks.
        let mut packet = ffmpeg::Packet::empty();
        packet.read(&mut input).ok()?;
        if packet.stream() != stream {
            continue;
        }
        dec.send_packet(&packet).ok()?;
        ahead.sent.push(packet.pts());
        loop {
            let mut frame = ffmpeg::frame::Video::empty();
            match dec.receive_frame(&mut frame) {
                Ok(()) => ahead.frames.push(frame),
                Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::error::EAGAIN => break,
                Err(_) => return None,
            }
        }
    }
    Some(Prefetch {
        stream,
        input,
        dec,
        ahead,
    })
}

fn open_worker<'a>(
    data: &'a [u8],
    p: &Probe,
    threads: usize,
    gpu: Option<(Gpu, &hw::Device)>,
) -> Result<Worker<'a>> {
    let input = MemInput::open_headers(data)?;
    let st = input
        .stream(p.stream)
        .ok_or_else(|| Error::decode("video stream vanished on reopen"))?;
    let params = st.parameters();
    let nvdec = match gpu {
        Some((g, dev)) => match hw::decoder_for(params.id().into()) {
            Some(codec) => Some((g, dev, codec)),
            None if g.required => {
                return Err(Error::GpuUnavailable(format!(
                    "NVDEC decodes H.264, HEVC, VP9 and AV1, not {}; device=\"auto\" decodes \
                     it on the CPU",
                    p.codec
                )))
            }
            None => None,
        },
        None => None,
    };
    let mut ctx = ffmpeg::codec::Context::from_parameters(params)
        .map_err(|e| map_error(e, "setting up the video decoder"))?;
    // ffmpeg-next's Config has one more field (`safe`) for FFmpeg < 6 (system-ffmpeg).
    #[allow(clippy::needless_update)]
    ctx.set_threading(threading::Config {
        kind: threading::Type::Frame,
        count: threads,
        ..Default::default()
    });
    let opening = |e| map_error(e, &format!("opening the {} decoder", p.codec));
    let dec = match nvdec {
        Some((_, dev, codec)) => {
            // SAFETY: the context is ours and not opened yet.
            unsafe { hw::attach(ctx.as_mut_ptr(), dev)? };
            ctx.decoder()
                .open_as(codec)
                .and_then(|o| o.video())
                .map_err(opening)?
        }
        None => ctx.decoder().video().map_err(opening)?,
    };
    Ok(Worker {
        input,
        dec,
        conv: Converter::new(),
        fresh: true,
        drained_early: false,
        ahead: None,
        gpu: nvdec.map(|(g, _, _)| g),
        host: ffmpeg::frame::Video::empty(),
    })
}

fn run_group<'a>(
    data: &'a [u8],
    p: &Probe,
    threads: usize,
    gpu: Option<(Gpu, &hw::Device)>,
    slot: &mut Option<Worker<'a>>,
    mut g: Group<'_>,
) -> Result<()> {
    if slot.is_none() {
        *slot = Some(open_worker(data, p, threads, gpu)?);
    }
    let w = slot.as_mut().expect("worker just opened");
    // Drain after the last target's packet; if a target was missing after such an early
    // drain (a frame labelled with another packet's time), once more without it.
    for drain in [true, false] {
        w.drained_early = false;
        match pass(w, p, &mut g, false, drain) {
            Ok(true) => return Ok(()),
            Ok(false) => {}
            Err(
                e @ (Error::LimitExceeded(_)
                | Error::UnsupportedFormat(_)
                | Error::GpuUnavailable(_)),
            ) => return Err(e),
            Err(_) => {}
        }
        if !w.drained_early {
            break;
        }
    }
    // The seek missed its keyframe, or frames were not found: decode from the start.
    *slot = Some(open_worker(data, p, threads, gpu)?);
    let w = slot.as_mut().expect("worker just opened");
    g.key = Some(0);
    if pass(w, p, &mut g, true, false)? {
        return Ok(());
    }
    let missing: Vec<i64> = g.targets.iter().map(|t| t.0).collect();
    Err(Error::decode(format!(
        "the {} stream is damaged: frames {missing:?} could not be decoded",
        p.codec
    )))
}

/// One decode pass for a group. Ok(true) when every target was written; the targets
/// written are removed from the group. With `drain`, once every target's packet is sent the
/// decoder is drained instead of fed the packets after it (which the reorder and frame-thread
/// delays would otherwise decode in full, for nothing).
fn pass(
    w: &mut Worker<'_>,
    p: &Probe,
    g: &mut Group<'_>,
    from_start: bool,
    drain: bool,
) -> Result<bool> {
    let (start, counting) = match (g.key, &p.pres) {
        (Some(k), Some(_)) => (k, false),
        _ => (0, true),
    };
    let key = p.pkts[start];
    // A prefetched worker is only given the group at the first keyframe; anywhere else it
    // seeks like any used worker.
    let mut ahead = w.ahead.take();
    if ahead.is_some() && (start != 0 || counting) {
        ahead = None;
        w.fresh = false;
    }
    let mut started = start == 0 && w.fresh;
    if !started {
        if from_start {
            return Ok(false);
        }
        let ts = if key.dts != ffi::AV_NOPTS_VALUE {
            key.dts
        } else {
            key.pts
        };
        // SAFETY: seeking our own open format context.
        let r = unsafe {
            ffi::av_seek_frame(
                w.input.as_mut_ptr(),
                p.stream as i32,
                ts,
                ffi::AVSEEK_FLAG_BACKWARD,
            )
        };
        if r < 0 {
            return Ok(false);
        }
        w.dec.flush();
    }
    w.fresh = false;
    let mut shown: i64 = 0; // frames output, for counting mode
    let mut frame = ffmpeg::frame::Video::empty();
    let mut eof = false;
    // Target packets still to send; the pass drains after the last (never when counting).
    let mut unsent = (drain && !counting).then_some(g.targets.len());
    if let Some(a) = ahead {
        if let Some(n) = unsent.as_mut() {
            let done = g
                .targets
                .iter()
                .filter(|x| a.sent.contains(&pts_of(p, x.0)))
                .count();
            *n -= done;
        }
        for f in &a.frames {
            if deliver(w, p, g, f, counting, &mut shown)? {
                return Ok(true);
            }
        }
    }
    loop {
        // A fresh Packet per read (see the probe scan above): reusing one leaks.
        let mut packet = ffmpeg::Packet::empty();
        if unsent == Some(0) && !eof {
            eof = true;
            w.drained_early = true;
        }
        if !eof {
            match packet.read(&mut w.input) {
                Ok(()) => {}
                Err(ffmpeg::Error::Eof) => eof = true,
                Err(_) => eof = true, // damaged tail: decode what we have
            }
        }
        if eof {
            let _ = w.dec.send_eof();
        } else {
            if packet.stream() != p.stream {
                continue;
            }
            if !started {
                let same = if key.pos >= 0 {
                    packet.position() as i64 == key.pos
                } else {
                    packet.dts() == Some(key.dts)
                };
                if same {
                    started = true;
                } else {
                    let past = match (packet.dts(), key.dts) {
                        (Some(d), k) if k != ffi::AV_NOPTS_VALUE => d > k,
                        _ => packet.position() as i64 > key.pos && key.pos >= 0,
                    };
                    if past {
                        return Ok(false); // the seek landed after our keyframe
                    }
                    continue;
                }
            }
            // Decode non-reference frames only when they are targets.
            let wanted = counting
                || packet
                    .pts()
                    .is_some_and(|t| g.targets.iter().any(|x| pts_of(p, x.0) == Some(t)));
            w.dec.skip_frame(if wanted {
                Discard::Default
            } else {
                Discard::NonReference
            });
            if let Err(e) = w.dec.send_packet(&packet) {
                if matches!(e, ffmpeg::Error::Other { errno } if errno == ffmpeg::error::ENOMEM) {
                    return Err(map_error(e, "decoding video"));
                }
                // A damaged packet: conceal like OpenCV, keep going.
            }
            if let (true, Some(n)) = (wanted, unsent.as_mut()) {
                *n = n.saturating_sub(1);
            }
        }
        loop {
            match w.dec.receive_frame(&mut frame) {
                Ok(()) => {}
                Err(ffmpeg::Error::Other { errno }) if errno == ffmpeg::error::EAGAIN => break,
                Err(ffmpeg::Error::Eof) => {
                    return Ok(g.targets.is_empty());
                }
                Err(_) => break,
            }
            if deliver(w, p, g, &frame, counting, &mut shown)? {
                return Ok(true);
            }
        }
        if eof {
            // send_eof then drained to Eof above; a decoder that never says Eof ends here.
            return Ok(g.targets.is_empty());
        }
    }
}

/// Convert `frame` into its slot when it is one of the group's targets (removing it); true
/// once every target is written.
fn deliver(
    w: &mut Worker<'_>,
    p: &Probe,
    g: &mut Group<'_>,
    frame: &ffmpeg::frame::Video,
    counting: bool,
    shown: &mut i64,
) -> Result<bool> {
    let idx = if counting {
        *shown += 1;
        Some(*shown - 1)
    } else {
        frame
            .timestamp()
            .or(frame.pts())
            .and_then(|t| p.pres.as_ref().and_then(|v| v.binary_search(&t).ok()))
            .map(|i| i as i64)
    };
    let Some(idx) = idx else { return Ok(false) };
    let Some(at) = g.targets.iter().position(|x| x.0 == idx) else {
        return Ok(false);
    };
    let (_, out) = g.targets.remove(at);
    let frame = match w.gpu {
        Some(gpu) => hw::download(frame, &mut w.host, gpu, p.codec)?.unwrap_or(frame),
        None => frame,
    };
    // SAFETY: the frame is a valid decoded AVFrame while borrowed here.
    let f = unsafe { &*frame.as_ptr() };
    w.conv
        .convert(f, p.width, p.height, p.rotation, p.fit, out)?;
    Ok(g.targets.is_empty())
}

fn pts_of(p: &Probe, i: i64) -> Option<i64> {
    p.pres.as_ref().and_then(|v| v.get(i as usize)).copied()
}
