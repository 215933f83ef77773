//! What every parser of untrusted input must guarantee, as assertions: a fuzz target or the
//! regression test calls `check_*`, and any violation panics (libFuzzer reports it as a crash).
//!
//! - no panic escapes (a panic anywhere aborts the fuzz run), and none is contained either
//!   (`decode::contain` turns one into a `Decode` error and counts it: [`peak_during`] checks
//!   the count, not the message, which may quote the input);
//! - errors are the typed input errors only (`Decode`, `LimitExceeded`, `UnsupportedFormat`);
//! - a decoded buffer has exactly the shape its `ImageInfo` claims, within the limits, and the
//!   width and height the header declares (an independent header read by the `image` crate);
//! - peak heap allocation during the call stays within `Limits::max_alloc` plus a small,
//!   fixed allowance (see [`alloc_bound`]), counted by [`Counting`], this crate's allocator.
//!
//! Allocations made by the C decoders (libjpeg-turbo, libwebp, FFmpeg) go through `malloc`,
//! not the Rust allocator: libFuzzer's `-malloc_limit_mb` (see .ci/fuzz) bounds those, and
//! rust/tests/fuzz_regressions.rs checks the same caps when it replays the findings.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::Cursor;

use std::sync::OnceLock;

use fastmedia::audio::{decode_audio, AudioLimits, AudioOptions, OpusDecoder, Resampler};
use fastmedia::decode::contain::contained_panics;
use fastmedia::decode::dataurl;
use fastmedia::video::{decode_video_vec, Request, VideoOptions};
use fastmedia::{decode_vec, Channels, Error, Limits, Options};

/// The system allocator, counting the bytes live on each thread and their peak.
pub struct Counting;

#[global_allocator]
static GLOBAL: Counting = Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // try_with: allocations during thread teardown, after the slots are gone, go uncounted.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now)
            }
        });
    });
}

// SAFETY: every call forwards to `System` with the caller's arguments unchanged; the counters
// are plain thread-local cells (const-initialised, no destructor, never allocate).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for this method, passed through unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for this method, passed through unchanged.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for this method, passed through unchanged.
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for this method, passed through unchanged.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Run `f` and return its result with the peak of heap bytes it held on this thread (above
/// what was live when it started). Asserts that no decoder panicked inside (contained or not).
pub fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let panics = contained_panics();
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let r = f();
    assert_eq!(
        contained_panics(),
        panics,
        "a decoder panicked (contained by decode::contain)"
    );
    let peak = PEAK.with(Cell::get);
    (r, (peak - base).max(0) as usize)
}

/// Fixed allowance above `max_alloc`: Huffman/LZW tables, row buffers, palettes, zlib state.
pub const ALLOWANCE: usize = 2 << 20;

/// The most heap a decode of `input_len` bytes may hold under `limits`: `max_alloc` (the
/// output plus every input-sized decoder buffer: what `Limits` promises), one copy of the
/// input (a decoder may buffer it), and [`ALLOWANCE`].
pub fn alloc_bound(limits: &Limits, input_len: usize) -> usize {
    limits.max_alloc as usize + input_len + ALLOWANCE
}

/// Tight limits, as a server facing hostile input might set them (and as the allocation
/// findings were made with).
pub fn tight_limits(sel: u8) -> Limits {
    Limits {
        max_width: (sel & 1 != 0).then_some(512),
        max_height: (sel & 2 != 0).then_some(512),
        max_pixels: Some(if sel & 4 != 0 { 1000 } else { 1 << 18 }),
        max_alloc: 1 << 20,
        max_encoded_bytes: 1 << 20,
        max_video_bytes: 1 << 24,
        max_video_frames: 1000,
    }
}

/// Options from one selector byte: channel policy and EXIF orientation; `tight` picks
/// [`tight_limits`] over the defaults.
pub fn options(sel: u8, tight: bool) -> Options {
    Options {
        limits: if tight {
            tight_limits(sel >> 2)
        } else {
            Limits::default()
        },
        channels: if sel & 1 != 0 {
            Channels::Native
        } else {
            Channels::Rgb
        },
        exif_orientation: sel & 2 != 0,
        resize: None,
        background: None,
        gpu: None,
    }
}

/// The typed errors untrusted input may produce. NIXL, pool and closed errors never can.
pub fn assert_input_error(e: &Error, what: &str) {
    assert!(
        matches!(
            e,
            Error::Decode(_) | Error::LimitExceeded(_) | Error::UnsupportedFormat(_)
        ),
        "{what}: untyped error for untrusted input: {e:?}"
    );
    assert!(!e.to_string().is_empty(), "{what}: empty error message");
}

fn color_type_name(channels: u8) -> &'static str {
    match channels {
        1 => "L8",
        2 => "La8",
        3 => "Rgb8",
        _ => "Rgba8",
    }
}

/// Width and height as the `image` crate reads them from the header, if it can.
fn header_dims(data: &[u8]) -> Option<(u32, u32)> {
    image::ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
}

/// Decode `data` with `opts` and assert every invariant. Returns whether it decoded.
pub fn check_decode(data: &[u8], opts: &Options) -> bool {
    let (res, peak) = peak_during(|| decode_vec(data, opts));
    let bound = alloc_bound(&opts.limits, data.len());
    assert!(
        peak <= bound,
        "peak heap {peak} bytes over the bound {bound} (limits {:?}, input {} bytes, result {:?})",
        opts.limits,
        data.len(),
        res.as_ref().map(|(_, i)| i).map_err(|e| e.to_string()),
    );
    let (buf, info) = match res {
        Ok(v) => v,
        Err(e) => {
            assert_input_error(&e, "decode");
            return false;
        }
    };
    assert_eq!(buf.len(), info.len(), "buffer length != h*w*c of {info:?}");
    assert!(!buf.is_empty(), "decoded an empty image: {info:?}");
    assert!((1..=4).contains(&info.channels), "channels {info:?}");
    if opts.channels == Channels::Rgb {
        assert_eq!(info.channels, 3, "channels=rgb gave {info:?}");
    }
    assert_eq!(info.color_type, color_type_name(info.channels), "{info:?}");
    let l = &opts.limits;
    let (w, h) = (info.width, info.height);
    let (max_side, min_side) = (w.max(h), w.min(h));
    if let (Some(mw), Some(mh)) = (l.max_width, l.max_height) {
        // Rotation can swap the sides: compare orientation-free.
        assert!(
            max_side <= mw.max(mh) && min_side <= mw.min(mh),
            "{info:?} over {l:?}"
        );
    }
    if let Some(mp) = l.max_pixels {
        assert!(w as u64 * h as u64 <= mp, "{info:?} over {l:?}");
    }
    assert!(buf.len() as u64 <= l.max_alloc, "{info:?} over {l:?}");
    if let Some((hw, hh)) = header_dims(data) {
        // Rotations may swap the sides: EXIF orientation when asked, TIFF's Orientation tag
        // always (Pillow applies it on load).
        let may_swap = opts.exif_orientation || info.format == "Tiff";
        let ok = (w, h) == (hw, hh) || (may_swap && (w, h) == (hh, hw));
        assert!(
            ok,
            "output {w}x{h} but the header says {hw}x{hh} ({info:?})"
        );
    }
    true
}

/// Parse `url` as a data URL with a payload cap of `max`, assert the invariants, and decode
/// what it carried (tight limits) when it parsed.
pub fn check_dataurl(url: &str, max: u64, sel: u8) {
    let (res, peak) = peak_during(|| dataurl::decode(url, max));
    // The payload (<= max) plus base64's own slack; never a multiple of the URL's length.
    let bound = max as usize + 4096;
    assert!(peak <= bound, "data URL parse peak {peak} > {bound}");
    match res {
        Ok(bytes) => {
            assert!(dataurl::is_data_url(url));
            assert!(
                bytes.len() as u64 <= max,
                "payload {} over {max}",
                bytes.len()
            );
            // Strict base64: the payload is exactly the canonical encoding of the bytes.
            let payload = &url[url.find(',').expect("parsed without a comma") + 1..];
            use base64::Engine;
            let canon = base64::engine::general_purpose::STANDARD.encode(&bytes);
            assert_eq!(payload, canon, "accepted non-canonical base64");
            check_decode(&bytes, &options(sel, true));
        }
        Err(e) => assert_input_error(&e, "data URL"),
    }
}

/// Tight audio limits: 30 s, 4 MiB of float32 output; each Opus decoder in turn, the
/// encoder's padding kept when the selector's top bit is set, swresample with bit 0x40,
/// strict decoding with bit 0x20.
pub fn audio_options(sel: u8) -> AudioOptions {
    const OPUS: [OpusDecoder; 3] = [
        OpusDecoder::Librosa,
        OpusDecoder::Libopus,
        OpusDecoder::Ffmpeg,
    ];
    AudioOptions {
        sample_rate: (sel & 1 != 0).then_some(16_000),
        mono: sel & 2 == 0,
        opus_decoder: OPUS[usize::from(sel >> 2) % 3],
        keep_padding: sel & 0x80 != 0,
        resampler: if sel & 0x40 != 0 {
            Resampler::Swresample
        } else {
            Resampler::Soxr
        },
        strict: sel & 0x20 != 0,
        limits: AudioLimits {
            max_duration_s: 30.0,
            max_bytes: 4 << 20,
            max_encoded_bytes: 1 << 20,
        },
    }
}

/// Decode audio and assert: typed errors only; one plane per output channel, each `frames`
/// long, within the limits; Rust heap within twice `max_bytes` (planes grow by doubling) plus
/// the resampler's output, the input and the allowance. FFmpeg's own buffers are C
/// allocations, bounded by `-malloc_limit_mb`.
pub fn check_audio(data: &[u8], opts: &AudioOptions) {
    ffmpeg_cap();
    let (res, peak) = peak_during(|| decode_audio(data, opts));
    let lim = &opts.limits;
    let bound = 3 * lim.max_bytes as usize + data.len() + ALLOWANCE;
    assert!(
        peak <= bound,
        "audio: peak heap {peak} bytes over {bound} ({:?})",
        res.as_ref().map(|a| &a.info).map_err(|e| e.to_string())
    );
    let a = match res {
        Ok(a) => a,
        Err(e) => return assert_input_error(&e, "audio"),
    };
    let i = &a.info;
    assert_eq!(a.planes.len(), i.channels as usize, "{i:?}");
    assert!(a.planes.iter().all(|p| p.len() == i.frames), "{i:?}");
    if opts.mono {
        assert_eq!(i.channels, 1, "{i:?}");
    }
    if let Some(sr) = opts.sample_rate {
        assert_eq!(i.sample_rate, sr, "{i:?}");
    }
    assert!(i.sample_rate > 0 && i.source_sample_rate > 0, "{i:?}");
    // Source frames held at once (resampling rounds the output count up, so one output frame
    // may stand for a fraction of from/to source frames: bound from below).
    let src_bytes = 4
        * i.source_channels as u64
        * (i.frames as u64).saturating_sub(1)
        * u64::from(i.source_sample_rate)
        / u64::from(i.sample_rate).max(1);
    assert!(
        src_bytes <= lim.max_bytes + 4096 * 4 * u64::from(i.source_channels),
        "{i:?} over {lim:?}"
    );
    assert!(
        i.duration() <= lim.max_duration_s + 1.0,
        "{i:?} over {lim:?}"
    );
}

/// Tight video limits: sides of 512 px at most (when the selector asks), 1000 or 2^16 pixels
/// a frame, 64 frames, 1 MiB of RGB output; the selector also picks the sampling rule and
/// the request or explicit frame indices (as `Decoder.decode_video`'s arguments do).
pub fn video_options(sel: u8) -> VideoOptions {
    let rules = ["uniform", "timestamps", "qwen3_vl", "uniform"];
    VideoOptions {
        limits: Limits {
            max_width: (sel & 0x40 != 0).then_some(512),
            max_height: (sel & 0x40 != 0).then_some(512),
            max_pixels: Some(if sel & 0x80 != 0 { 1000 } else { 1 << 16 }),
            max_alloc: 1 << 20,
            max_encoded_bytes: 1 << 20,
            max_video_bytes: 1 << 20,
            max_video_frames: 64,
        },
        sampling: rules[(sel & 3) as usize].to_string(),
        request: Request {
            num_frames: (sel & 4 != 0).then_some(4),
            fps: (sel & 8 != 0).then_some(2.0),
            max_frames: (sel & 0x10 != 0).then_some(8),
        },
        resize: None,
        cancel: Default::default(),
        // Explicit frame indices (the frame-index entry point), some past any small clip's end.
        indices: (sel & 0x20 != 0).then(|| vec![0, 2, 5, 40]),
        gpu: None,
    }
}

/// Whether [`video_options`] built a request its rule refuses as a configuration error.
fn refused_request(opts: &VideoOptions) -> bool {
    let r = &opts.request;
    opts.indices.is_none()
        && opts.sampling == "timestamps"
        && r.fps.is_some()
        && r.num_frames.is_some()
}

/// FFmpeg's single-allocation cap in the audio and video targets (`av_max_alloc`, process
/// wide; the product's is the largest `max_alloc` in use, at least 128 MiB): 16 MiB, a
/// quarter of their `-malloc_limit_mb=64`, so a table a demuxer sizes from a declared count
/// fails as `LimitExceeded` instead of ending the run, and far above what their frames of at
/// most 2^16 pixels, packets of at most 64 KiB and tables of at most 64 frames need.
pub const FFMPEG_MAX_ALLOC: u64 = 16 << 20;

pub fn ffmpeg_cap() {
    static CAP: std::sync::Once = std::sync::Once::new();
    CAP.call_once(|| fastmedia::av::set_max_alloc(FFMPEG_MAX_ALLOC));
}

/// One worker thread: the decode passes run on the caller's rayon pool, and the allocation
/// counters are per thread, so the whole decode (FFmpeg's frame threads too: one pool
/// thread means one decoder thread) stays on the thread that counts.
pub fn one_thread() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .expect("a one-thread pool")
    })
}

/// Decode a clip (FFmpeg demux, sampling, decode; or a GIF/WebP/APNG animation) and assert:
/// typed errors only; an output of exactly `frames x H x W x 3` as the info says, within
/// the limits; sampled indices ascending and distinct, one timestamp each; Rust heap within
/// the output (`max_video_bytes`), `max_alloc` (the animation decoders' canvas), the packet
/// index, the input and the allowance. FFmpeg's own buffers are C allocations, bounded by
/// `-malloc_limit_mb`. Returns whether it decoded.
pub fn check_video(data: &[u8], opts: &VideoOptions) -> bool {
    ffmpeg_cap();
    let (res, peak) = one_thread().install(|| peak_during(|| decode_video_vec(data, opts)));
    let lim = &opts.limits;
    let bound = (lim.max_video_bytes + lim.max_alloc + 64 * lim.max_video_frames) as usize
        + data.len()
        + ALLOWANCE;
    assert!(
        peak <= bound,
        "video: peak heap {peak} bytes over {bound} ({:?})",
        res.as_ref().map(|(_, i)| i).map_err(|e| e.to_string())
    );
    let (buf, i) = match res {
        Ok(v) => v,
        // A combination the sampling rule refuses is the caller's error, whatever the bytes:
        // "timestamps" takes fps or num_frames, not both (as Dynamo's frontend).
        Err(Error::Config(_)) if refused_request(opts) => return false,
        Err(e) => {
            assert_input_error(&e, "video");
            return false;
        }
    };
    let [t, h, w, c] = i.shape();
    assert_eq!(buf.len(), t * h * w * c, "{i:?}");
    assert_eq!((h, w, c), (i.height as usize, i.width as usize, 3), "{i:?}");
    assert!(t >= 1 && w >= 1 && h >= 1, "empty clip: {i:?}");
    assert!(
        buf.len() as u64 <= lim.max_video_bytes,
        "{i:?} over {lim:?}"
    );
    assert!(t as u64 <= lim.max_video_frames, "{i:?} over {lim:?}");
    if let Some(m) = lim.max_width {
        assert!(i.width <= m, "{i:?} over {lim:?}");
    }
    if let Some(m) = lim.max_height {
        assert!(i.height <= m, "{i:?} over {lim:?}");
    }
    if let Some(m) = lim.max_pixels {
        assert!(i.width as u64 * i.height as u64 <= m, "{i:?} over {lim:?}");
    }
    assert!(i.indices[0] >= 0, "{i:?}");
    if let Some(asked) = &opts.indices {
        assert!(
            i.indices.iter().all(|x| asked.contains(x)),
            "not asked for: {i:?}"
        );
    }
    assert!(
        i.indices.windows(2).all(|p| p[0] < p[1]),
        "indices not ascending and distinct: {i:?}"
    );
    assert_eq!(i.timestamps.len(), t, "{i:?}");
    assert!(i.timestamps.iter().all(|s| s.is_finite()), "{i:?}");
    assert!(i.fps.is_finite() && i.fps >= 0.0, "{i:?}");
    assert!(i.duration.is_finite(), "{i:?}");
    assert!(!i.codec.is_empty(), "{i:?}");
    true
}
