//! [`MemInput`]: an FFmpeg demuxer reading the caller's bytes in place through a custom,
//! seekable `AVIOContext` (no temporary file, no copy of the whole input). Each `MemInput`
//! has its own cursor, so any number of threads can demux the same `&[u8]` at once.
//!
//! Nested opens are refused: playlist-style demuxers (HLS, concat, DASH...) would otherwise
//! let an upload make FFmpeg open local files or URLs on the server.

use std::ffi::{c_char, c_int, c_void};
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::ptr;

use ffmpeg_next::ffi;
use ffmpeg_next::format::context::Input;

use super::map_error;
use crate::error::{Error, Result};

/// FFmpeg's I/O buffer; 64 KiB is what libavformat's file protocol uses for local reads.
const IO_BUFFER_BYTES: usize = 64 << 10;

/// A demuxer (`ffmpeg::format::context::Input`, via `Deref`) over borrowed bytes.
///
/// ```no_run
/// # fn demo(bytes: &[u8]) -> fastmedia::Result<()> {
/// use fastmedia::av::{ffmpeg, MemInput};
/// let mut input = MemInput::open(bytes)?;
/// let index = input.streams().best(ffmpeg::media::Type::Audio).map(|s| s.index());
/// for (stream, packet) in input.packets() { /* decode */ }
/// # Ok(()) }
/// ```
pub struct MemInput<'a> {
    // Declared before `io`: fields drop in declaration order, and the format context must be
    // closed while the AVIOContext it reads from is still alive.
    input: Input,
    io: Io<'a>,
}

// SAFETY: a MemInput owns its format context (ffmpeg-next declares `Input: Send`) and its
// AVIOContext, both plain heap objects not tied to a thread; the only borrowed state is
// `&'a [u8]`, which is Send because `[u8]: Sync`. It is not Sync: FFmpeg contexts are used
// from one thread at a time, which `&mut self` on every reading method enforces.
unsafe impl Send for MemInput<'_> {}

impl<'a> MemInput<'a> {
    /// Probes the container and reads its stream headers (`avformat_open_input` +
    /// `avformat_find_stream_info`).
    ///
    /// Errors: empty input -> `Decode`; bytes no demuxer recognises -> `UnsupportedFormat`;
    /// a recognised container with broken or truncated headers -> `Decode`.
    pub fn open(data: &'a [u8]) -> Result<Self> {
        Self::open_with(data, FindInfo::Yes)
    }

    /// Like [`MemInput::open`] without `avformat_find_stream_info` (which decodes a few
    /// frames): for further demuxers over bytes already opened once, e.g. one per decoding
    /// thread. Stream parameters are then what the container header says.
    pub fn open_headers(data: &'a [u8]) -> Result<Self> {
        Self::open_with(data, FindInfo::No)
    }

    /// Like [`MemInput::open`], for a probe that never uses the decoded frames: when the
    /// container header already gives the best video stream's frame rates (MP4/MOV with an
    /// `stts`), `avformat_find_stream_info` is told to skip decoding that stream. It decodes
    /// only to learn the pixel format and the reorder delay (an H.264 keyframe, ~18 ms of
    /// CPU at 1080p); frame rates and counts, durations and the frame size it reports are
    /// then the header's, as before, because FFmpeg never overwrites rates a demuxer set.
    /// The stream's `format` stays unset (decoders find it in the bitstream).
    pub fn open_probe(data: &'a [u8]) -> Result<Self> {
        Self::open_with(data, FindInfo::SkipVideoDecode)
    }

    fn open_with(data: &'a [u8], find_info: FindInfo) -> Result<Self> {
        super::init();
        if data.is_empty() {
            return Err(Error::decode("empty input (0 bytes)"));
        }
        let io = Io::new(data)?;
        // SAFETY: avformat_alloc_context returns an owned context or null (checked). We hand
        // it our AVIOContext with AVFMT_FLAG_CUSTOM_IO, so FFmpeg never frees or closes `pb`
        // (Io does, after the context is gone). On failure avformat_open_input frees the
        // context and nulls `ctx`; on success `ctx` is a fully opened input that
        // `Input::wrap` owns from then on (closing it with avformat_close_input on drop).
        unsafe {
            let mut ctx = ffi::avformat_alloc_context();
            if ctx.is_null() {
                return Err(Error::limit("FFmpeg could not allocate a format context"));
            }
            (*ctx).pb = io.avio;
            (*ctx).flags |= ffi::AVFMT_FLAG_CUSTOM_IO as c_int;
            (*ctx).io_open = Some(refuse_nested_open);

            // Probe first, ourselves, so "no demuxer knows these bytes" (UnsupportedFormat)
            // is told apart from "a known container with broken headers" (DecodeError).
            let mut fmt: *const ffi::AVInputFormat = ptr::null();
            let score =
                ffi::av_probe_input_buffer2(io.avio, &mut fmt, c"".as_ptr(), ctx.cast(), 0, 0);
            if score < 0 || fmt.is_null() {
                ffi::avformat_free_context(ctx);
                return Err(Error::unsupported(
                    "unrecognised media: no audio or video container matches these bytes",
                ));
            }
            let r = ffi::avformat_open_input(&mut ctx, c"".as_ptr(), fmt, ptr::null_mut());
            if r < 0 {
                return Err(map_error(r.into(), "reading the container header"));
            }
            let r = match find_info {
                FindInfo::No => 0,
                FindInfo::Yes => ffi::avformat_find_stream_info(ctx, ptr::null_mut()),
                FindInfo::SkipVideoDecode => find_info_skipping_video_decode(ctx),
            };
            if r < 0 {
                ffi::avformat_close_input(&mut ctx);
                return Err(map_error(r.into(), "reading the stream headers"));
            }
            Ok(MemInput {
                input: Input::wrap(ctx),
                io,
            })
        }
    }

    /// The input's length in bytes.
    pub fn len(&self) -> usize {
        self.io.len()
    }

    /// Always false: [`MemInput::open`] refuses empty input.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How much of `avformat_find_stream_info` an open runs.
#[derive(Clone, Copy)]
enum FindInfo {
    No,
    Yes,
    SkipVideoDecode,
}

/// `avformat_find_stream_info`, with `skip_frame=all` for the best video stream when the
/// demuxer is MOV/MP4 and set both of that stream's frame rates from the header (see
/// [`MemInput::open_probe`]); otherwise the plain call.
///
/// # Safety
/// `ctx` is an opened input format context.
unsafe fn find_info_skipping_video_decode(ctx: *mut ffi::AVFormatContext) -> c_int {
    // SAFETY: the caller's context; streams are indexed below nb_streams.
    unsafe {
        let n = (*ctx).nb_streams as usize;
        let best = ffi::av_find_best_stream(
            ctx,
            ffi::AVMediaType::AVMEDIA_TYPE_VIDEO,
            -1,
            -1,
            ptr::null_mut(),
            0,
        );
        let mov = !(*ctx).iformat.is_null()
            && std::ffi::CStr::from_ptr((*(*ctx).iformat).name)
                .to_bytes()
                .starts_with(b"mov,");
        let rates_known = best >= 0 && (best as usize) < n && {
            let st = *(*ctx).streams.add(best as usize);
            (*st).avg_frame_rate.num > 0
                && (*st).avg_frame_rate.den > 0
                && (*st).r_frame_rate.num > 0
                && (*st).r_frame_rate.den > 0
        };
        if !mov || !rates_known {
            return ffi::avformat_find_stream_info(ctx, ptr::null_mut());
        }
        // One options dictionary per stream, as the API wants; only the video stream's is set.
        let mut opts: Vec<*mut ffi::AVDictionary> = vec![ptr::null_mut(); n];
        ffi::av_dict_set(
            &mut opts[best as usize],
            c"skip_frame".as_ptr(),
            c"all".as_ptr(),
            0,
        );
        let r = ffi::avformat_find_stream_info(ctx, opts.as_mut_ptr());
        for d in &mut opts {
            ffi::av_dict_free(d);
        }
        r
    }
}

impl Deref for MemInput<'_> {
    type Target = Input;
    fn deref(&self) -> &Input {
        &self.input
    }
}

impl DerefMut for MemInput<'_> {
    fn deref_mut(&mut self) -> &mut Input {
        &mut self.input
    }
}

/// The reading position over the caller's bytes: the AVIOContext's `opaque`.
struct Cursor<'a> {
    data: &'a [u8],
    pos: u64,
}

/// An owned AVIOContext over a boxed [`Cursor`]; frees both on drop.
struct Io<'a> {
    avio: *mut ffi::AVIOContext,
    cursor: *mut Cursor<'a>,
    len: usize,
    _data: PhantomData<&'a [u8]>,
}

impl<'a> Io<'a> {
    fn new(data: &'a [u8]) -> Result<Self> {
        let cursor = Box::into_raw(Box::new(Cursor { data, pos: 0 }));
        // SAFETY: av_malloc returns an owned buffer or null; avio_alloc_context takes
        // ownership of it only when it succeeds, so each failure path frees what it still
        // owns. `cursor` stays valid until Io::drop, after the context is freed.
        unsafe {
            let buf = ffi::av_malloc(IO_BUFFER_BYTES) as *mut u8;
            if buf.is_null() {
                drop(Box::from_raw(cursor));
                return Err(Error::limit("FFmpeg could not allocate an I/O buffer"));
            }
            let avio = ffi::avio_alloc_context(
                buf,
                IO_BUFFER_BYTES as c_int,
                0,
                cursor.cast(),
                Some(read_packet),
                None,
                Some(seek),
            );
            if avio.is_null() {
                ffi::av_free(buf.cast());
                drop(Box::from_raw(cursor));
                return Err(Error::limit("FFmpeg could not allocate an I/O context"));
            }
            Ok(Io {
                avio,
                cursor,
                len: data.len(),
                _data: PhantomData,
            })
        }
    }

    fn len(&self) -> usize {
        self.len
    }
}

impl Drop for Io<'_> {
    fn drop(&mut self) {
        // SAFETY: we own both. FFmpeg may have replaced the I/O buffer (it reallocates it
        // while probing), so free the one the context holds now, then the context, then the
        // cursor its callbacks pointed at; no format context uses `avio` any more (MemInput
        // drops its Input first, and failed opens have freed theirs).
        unsafe {
            ffi::av_freep(ptr::addr_of_mut!((*self.avio).buffer).cast());
            ffi::avio_context_free(&mut self.avio);
            drop(Box::from_raw(self.cursor));
        }
    }
}

/// AVIOContext read callback: copies the next bytes of the input into FFmpeg's buffer.
///
/// # Safety
/// `opaque` must be the `Cursor` of a live `Io`, and `buf` valid for `size` bytes (FFmpeg's
/// contract for read_packet).
unsafe extern "C" fn read_packet(opaque: *mut c_void, buf: *mut u8, size: c_int) -> c_int {
    // SAFETY: see the function's contract; only this context's thread touches the cursor.
    let cur = unsafe { &mut *(opaque as *mut Cursor) };
    let rest = usize::try_from(cur.pos)
        .ok()
        .and_then(|p| cur.data.get(p..))
        .unwrap_or(&[]);
    let n = rest.len().min(size.max(0) as usize);
    if n == 0 {
        return ffi::AVERROR_EOF;
    }
    // SAFETY: `rest` holds at least n bytes and `buf` has room for size >= n; they cannot
    // overlap (FFmpeg's buffer is its own allocation, the input is the caller's).
    unsafe { ptr::copy_nonoverlapping(rest.as_ptr(), buf, n) };
    cur.pos += n as u64;
    n as c_int
}

/// AVIOContext seek callback: SEEK_SET / SEEK_CUR / SEEK_END, and AVSEEK_SIZE (the length).
/// Positions past the end are allowed (reads there return EOF), negative ones refused.
///
/// # Safety
/// `opaque` must be the `Cursor` of a live `Io`.
unsafe extern "C" fn seek(opaque: *mut c_void, offset: i64, whence: c_int) -> i64 {
    // SAFETY: see the function's contract.
    let cur = unsafe { &mut *(opaque as *mut Cursor) };
    let len = cur.data.len() as i64;
    let base = match whence & !(ffi::AVSEEK_FORCE as c_int) {
        w if w == ffi::AVSEEK_SIZE as c_int => return len,
        libc::SEEK_SET => 0,
        libc::SEEK_CUR => cur.pos as i64,
        libc::SEEK_END => len,
        _ => return ffi::AVERROR(libc::EINVAL) as i64,
    };
    match base.checked_add(offset) {
        Some(target) if target >= 0 => {
            cur.pos = target as u64;
            target
        }
        _ => ffi::AVERROR(libc::EINVAL) as i64,
    }
}

/// `AVFormatContext.io_open`: refuses every nested open (playlists, concat lists, DASH
/// manifests), so demuxing an upload never opens a file or URL on this machine.
unsafe extern "C" fn refuse_nested_open(
    _s: *mut ffi::AVFormatContext,
    _pb: *mut *mut ffi::AVIOContext,
    _url: *const c_char,
    _flags: c_int,
    _options: *mut *mut ffi::AVDictionary,
) -> c_int {
    ffi::AVERROR(libc::EPERM)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ffmpeg_next::media::Type;

    /// A 16-bit PCM mono WAV of `n` samples at 8 kHz, sample i = i.
    fn wav(n: u32) -> Vec<u8> {
        let data_len = n * 2;
        let mut v = Vec::new();
        v.extend_from_slice(b"RIFF");
        v.extend_from_slice(&(36 + data_len).to_le_bytes());
        v.extend_from_slice(b"WAVEfmt ");
        v.extend_from_slice(&16u32.to_le_bytes());
        v.extend_from_slice(&1u16.to_le_bytes()); // PCM
        v.extend_from_slice(&1u16.to_le_bytes()); // mono
        v.extend_from_slice(&8000u32.to_le_bytes());
        v.extend_from_slice(&16000u32.to_le_bytes());
        v.extend_from_slice(&2u16.to_le_bytes());
        v.extend_from_slice(&16u16.to_le_bytes());
        v.extend_from_slice(b"data");
        v.extend_from_slice(&data_len.to_le_bytes());
        for i in 0..n {
            v.extend_from_slice(&(i as i16).to_le_bytes());
        }
        v
    }

    /// Every payload byte of the best audio stream, in order.
    fn demux_all(bytes: &[u8]) -> Vec<u8> {
        let mut input = MemInput::open(bytes).unwrap();
        let index = input.streams().best(Type::Audio).unwrap().index();
        let mut out = Vec::new();
        for (stream, packet) in input.packets() {
            if stream.index() == index {
                out.extend_from_slice(packet.data().unwrap());
            }
        }
        out
    }

    /// A committed fuzz seed (a small clip and one selector byte, dropped here).
    fn video_seed(name: &str) -> Vec<u8> {
        let path = format!("{}/fuzz/corpus/video/{name}", env!("CARGO_MANIFEST_DIR"));
        let mut v = std::fs::read(path).unwrap();
        v.pop();
        v
    }

    #[test]
    fn a_probe_open_skips_only_the_mp4_video_decode_and_reports_the_same_stream_info() {
        for (name, skipped) in [
            // Some(skipped): whether the video format is left unset; H.264's parser leaves it
            // to the decoder, while HEVC's and AV1's set it, so there it tells nothing.
            ("seed-h264.mp4-0", Some(true)),
            ("seed-hevc.mp4-0", None),
            ("seed-av1.mp4-0", None),
            ("seed-h264.mkv-0", Some(false)), // Matroska: FFmpeg estimates the rates: no skip
        ] {
            let bytes = video_seed(name);
            let full = MemInput::open(&bytes).unwrap();
            let probe = MemInput::open_probe(&bytes).unwrap();
            assert_eq!(full.duration(), probe.duration(), "{name}");
            assert_eq!(full.nb_streams(), probe.nb_streams(), "{name}");
            for (a, b) in full.streams().zip(probe.streams()) {
                let what = (name, a.index());
                assert_eq!(a.avg_frame_rate(), b.avg_frame_rate(), "{what:?}");
                assert_eq!(a.rate(), b.rate(), "{what:?}");
                assert_eq!(a.frames(), b.frames(), "{what:?}");
                assert_eq!(a.duration(), b.duration(), "{what:?}");
                assert_eq!(a.time_base(), b.time_base(), "{what:?}");
                assert_eq!(a.start_time(), b.start_time(), "{what:?}");
                // SAFETY: plain fields of parameters FFmpeg filled in.
                let (pa, pb) = unsafe { (&*a.parameters().as_ptr(), &*b.parameters().as_ptr()) };
                assert_eq!((pa.width, pa.height), (pb.width, pb.height), "{what:?}");
                assert_eq!(pa.codec_id, pb.codec_id, "{what:?}");
                if pa.codec_type == ffi::AVMediaType::AVMEDIA_TYPE_VIDEO {
                    assert!(pa.format >= 0, "{what:?}");
                    if let Some(skipped) = skipped {
                        assert_eq!(pb.format < 0, skipped, "{what:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn demuxes_wav_from_memory() {
        let bytes = wav(20_000);
        let input = MemInput::open(&bytes).unwrap();
        assert_eq!(input.format().name(), "wav");
        let stream = input.streams().best(Type::Audio).unwrap();
        let params = stream.parameters();
        assert_eq!(params.id(), ffmpeg_next::codec::Id::PCM_S16LE);
        assert_eq!(input.len(), bytes.len());
        drop(input);
        assert_eq!(demux_all(&bytes), bytes[44..]);
    }

    #[test]
    fn seeks_within_the_input() {
        let bytes = wav(80_000); // 10 s
        let mut input = MemInput::open(&bytes).unwrap();
        // Seek to 5 s (AV_TIME_BASE units); the wav demuxer seeks in the byte stream.
        input.seek(5_000_000, ..).unwrap();
        let (stream, packet) = input.packets().next().unwrap();
        let ts = packet.pts().unwrap() as f64 * f64::from(stream.time_base());
        assert!((ts - 5.0).abs() < 0.1, "landed at {ts} s");
        let first = i16::from_le_bytes(packet.data().unwrap()[..2].try_into().unwrap());
        assert!(
            (first as i64 - 40_000i64 as i16 as i64).abs() < 1000,
            "sample {first}"
        );
    }

    #[test]
    fn seek_callback_handles_every_whence() {
        let data = [0u8; 100];
        let mut cur = Cursor {
            data: &data,
            pos: 10,
        };
        let p = (&mut cur as *mut Cursor).cast();
        // SAFETY: `p` points at a live Cursor for the duration of these calls.
        unsafe {
            assert_eq!(seek(p, 0, ffi::AVSEEK_SIZE as c_int), 100);
            assert_eq!(seek(p, 5, libc::SEEK_CUR), 15);
            assert_eq!(seek(p, -10, libc::SEEK_END), 90);
            assert_eq!(seek(p, 20, libc::SEEK_SET | ffi::AVSEEK_FORCE as c_int), 20);
            assert!(seek(p, -1, libc::SEEK_SET) < 0);
            assert!(seek(p, i64::MAX, libc::SEEK_END) < 0);
            assert_eq!(seek(p, 200, libc::SEEK_SET), 200);
            let mut buf = [0u8; 8];
            assert_eq!(read_packet(p, buf.as_mut_ptr(), 8), ffi::AVERROR_EOF);
            assert_eq!(seek(p, 96, libc::SEEK_SET), 96);
            assert_eq!(read_packet(p, buf.as_mut_ptr(), 8), 4);
        }
    }

    #[test]
    fn threads_demux_the_same_bytes_at_once() {
        let bytes = wav(50_000);
        let expected = bytes[44..].to_vec();
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..4).map(|_| s.spawn(|| demux_all(&bytes))).collect();
            for h in handles {
                assert_eq!(h.join().unwrap(), expected);
            }
        });
    }

    #[test]
    fn bad_inputs_give_typed_errors() {
        assert!(matches!(MemInput::open(&[]), Err(Error::Decode(_))));
        // Bytes no demuxer claims.
        let noise: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        assert!(matches!(
            MemInput::open(&noise),
            Err(Error::UnsupportedFormat(_))
        ));
        // A WAV cut inside its header.
        let bytes = wav(100);
        match MemInput::open(&bytes[..30]) {
            Err(Error::Decode(_)) | Err(Error::UnsupportedFormat(_)) => {}
            Err(e) => panic!("unexpected error {e:?}"),
            Ok(_) => panic!("a 30-byte WAV header opened"),
        };
    }

    #[test]
    fn nested_opens_are_refused() {
        // The hook demuxers use to open further files or URLs (HLS segments, concat entries):
        // asked for a file that exists, it must refuse.
        let dir = std::env::temp_dir().join(format!("fastmedia-av-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.wav");
        std::fs::write(&path, wav(8000)).unwrap();
        let url = std::ffi::CString::new(format!("file:{}", path.display())).unwrap();
        let bytes = wav(100);
        let mut input = MemInput::open(&bytes).unwrap();
        // SAFETY: the context is open and owned by `input`; io_open is FFmpeg's documented
        // hook, called with a valid out-pointer, a NUL-terminated URL and no options.
        let r = unsafe {
            let ctx = input.as_mut_ptr();
            let open = (*ctx).io_open.expect("io_open is set");
            let mut pb: *mut ffi::AVIOContext = ptr::null_mut();
            let r = open(
                ctx,
                &mut pb,
                url.as_ptr(),
                ffi::AVIO_FLAG_READ as c_int,
                ptr::null_mut(),
            );
            if !pb.is_null() {
                ffi::avio_closep(&mut pb);
            }
            r
        };
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(r, ffi::AVERROR(libc::EPERM), "a nested open was allowed");
    }
}
