//! Streaming video out: fragmented MP4 (CMAF) written as frames arrive.
//!
//! `VideoStream::write` encodes a chunk of frames and returns the bytes that are ready: the
//! first call also returns the header (`ftyp` and an empty `moov`), and every call ends its
//! frames in one fragment (`moof` + `mdat`), so the bytes returned so far always form a
//! playable prefix. `close` flushes the encoder's last frames into a final fragment.
//!
//! Muxing is libavformat's MP4 muxer with `movflags=cmaf+empty_moov+default_base_moof+
//! frag_custom+skip_trailer`: fragments are cut only where `write` ends (`frag_custom`),
//! and no `mfra` index is appended. Output goes to an in-memory dynamic buffer that is
//! taken and reopened after each call, as FFmpeg's DASH and HLS muxers drive the MP4 muxer.

use std::ptr;

use ffmpeg_next as ffmpeg;
use ffmpeg_next::ffi;
use ffmpeg_next::packet::Mut as _;

use super::{yuv, Container, Enc, Packet, VideoOptions, STEP};
use crate::av::map_error;
use crate::error::{Error, Result};

/// The MP4 muxer writing into an in-memory buffer.
struct FragMuxer {
    ctx: *mut ffi::AVFormatContext,
    /// The stream's time base after `avformat_write_header` (the muxer picks its own).
    stb: ffmpeg::Rational,
}

fn ff_err(rc: i32, what: &str) -> Error {
    map_error(ffmpeg::Error::from(rc), what)
}

impl FragMuxer {
    /// Opens the muxer with one video stream whose parameters `fill` sets, and writes the
    /// header into the buffer.
    fn open(
        fill: &dyn Fn(*mut ffi::AVCodecParameters) -> Result<()>,
        tb: ffmpeg::Rational,
        fps: ffmpeg::Rational,
    ) -> Result<Self> {
        crate::av::init();
        let mut ctx: *mut ffi::AVFormatContext = ptr::null_mut();
        // SAFETY: allocates a context for the named muxer or leaves `ctx` null.
        let rc = unsafe {
            ffi::avformat_alloc_output_context2(&mut ctx, ptr::null(), c"mp4".as_ptr(), ptr::null())
        };
        if rc < 0 || ctx.is_null() {
            return Err(ff_err(rc, "setting up the MP4 muxer"));
        }
        let mut m = FragMuxer { ctx, stb: tb };
        // SAFETY: `ctx` is a live output context owned by `m` (freed on drop, also on the
        // error paths below); the stream and its codecpar are allocated by libavformat.
        unsafe {
            let st = ffi::avformat_new_stream(ctx, ptr::null());
            if st.is_null() {
                return Err(Error::limit("could not allocate the MP4 stream"));
            }
            (*st).time_base = tb.into();
            (*st).avg_frame_rate = fps.into();
            (*st).r_frame_rate = fps.into();
            fill((*st).codecpar)?;
            m.reopen()?;
            let mut opts: *mut ffi::AVDictionary = ptr::null_mut();
            ffi::av_dict_set(
                &mut opts,
                c"movflags".as_ptr(),
                c"+cmaf+empty_moov+default_base_moof+frag_custom+skip_trailer".as_ptr(),
                0,
            );
            let rc = ffi::avformat_write_header(ctx, &mut opts);
            ffi::av_dict_free(&mut opts);
            if rc < 0 {
                return Err(ff_err(rc, "writing the MP4 header"));
            }
            m.stb = (*st).time_base.into();
        }
        Ok(m)
    }

    /// Gives the muxer a fresh, empty output buffer.
    fn reopen(&mut self) -> Result<()> {
        // SAFETY: `ctx` is live and has no open `pb` (new, or `take` closed it).
        let rc = unsafe { ffi::avio_open_dyn_buf(&mut (*self.ctx).pb) };
        if rc < 0 {
            return Err(ff_err(rc, "allocating the stream buffer"));
        }
        Ok(())
    }

    /// The bytes written since the last call; the muxer writes on into a fresh buffer.
    fn take(&mut self) -> Result<Vec<u8>> {
        let out = self.close_buf();
        self.reopen()?;
        Ok(out)
    }

    fn close_buf(&mut self) -> Vec<u8> {
        // SAFETY: `pb` is null or a dynamic buffer opened by `reopen`; closing it hands us
        // its bytes (freed with av_free) and leaves `pb` null.
        unsafe {
            let pb = (*self.ctx).pb;
            if pb.is_null() {
                return Vec::new();
            }
            (*self.ctx).pb = ptr::null_mut();
            let mut buf: *mut u8 = ptr::null_mut();
            let n = ffi::avio_close_dyn_buf(pb, &mut buf);
            let out = if buf.is_null() || n <= 0 {
                Vec::new()
            } else {
                std::slice::from_raw_parts(buf, n as usize).to_vec()
            };
            ffi::av_free(buf.cast());
            out
        }
    }

    fn write(&mut self, p: &Packet, tb: ffmpeg::Rational, fps: ffmpeg::Rational) -> Result<()> {
        let mut pkt = ffmpeg::Packet::copy(&p.data);
        pkt.set_stream(0);
        pkt.set_pts(Some(ffmpeg::Rescale::rescale(&p.pts, tb, self.stb)));
        pkt.set_dts(Some(ffmpeg::Rescale::rescale(&p.dts, tb, self.stb)));
        pkt.set_duration(ffmpeg::Rescale::rescale(&1i64, fps.invert(), self.stb));
        if p.key {
            pkt.set_flags(ffmpeg::packet::Flags::KEY);
        }
        // SAFETY: `ctx` has its header written; the packet is a valid, owned AVPacket.
        let rc = unsafe { ffi::av_write_frame(self.ctx, pkt.as_mut_ptr()) };
        if rc < 0 {
            return Err(ff_err(rc, "writing a fragment"));
        }
        Ok(())
    }

    /// Ends the current fragment (a no-op when it holds no frames).
    fn cut(&mut self) -> Result<()> {
        // SAFETY: a null packet asks the muxer to flush its queued samples (frag_custom).
        let rc = unsafe { ffi::av_write_frame(self.ctx, ptr::null_mut()) };
        if rc < 0 {
            return Err(ff_err(rc, "writing a fragment"));
        }
        Ok(())
    }

    fn trailer(&mut self) -> Result<()> {
        // SAFETY: the header was written; with skip_trailer this only flushes.
        let rc = unsafe { ffi::av_write_trailer(self.ctx) };
        if rc < 0 {
            return Err(ff_err(rc, "finishing the stream"));
        }
        Ok(())
    }
}

impl Drop for FragMuxer {
    fn drop(&mut self) {
        drop(self.close_buf());
        // SAFETY: the context is ours, its `pb` already closed above.
        unsafe { ffi::avformat_free_context(self.ctx) }
    }
}

/// A fragmented-MP4 encode fed a chunk of frames at a time.
pub struct VideoStream {
    enc: Enc,
    opts: VideoOptions,
    width: usize,
    height: usize,
    fps: ffmpeg::Rational,
    mux: Option<FragMuxer>,
    /// Packets encoded before the muxer could open (it needs OpenH264's SPS/PPS).
    pending: Vec<Packet>,
    frames: usize,
    out_bytes: u64,
    max_frames: u64,
    /// Set by an error inside the encoder or muxer: their state is unknown after it.
    failed: bool,
    closed: bool,
}

// SAFETY: the encoder and muxer are plain heap state owned by this value and used by one
// thread at a time (the Python class keeps it behind a Mutex); neither FFmpeg's contexts
// nor OpenH264 keep thread-local state between calls.
unsafe impl Send for VideoStream {}

impl VideoStream {
    /// A stream of `width x height` frames; `max_frames` bounds the frames over all writes.
    pub fn new(width: usize, height: usize, opts: &VideoOptions, max_frames: u64) -> Result<Self> {
        if width == 0 || height == 0 {
            return Err(Error::decode(format!(
                "cannot stream {width}x{height} frames"
            )));
        }
        if opts.container != Container::Mp4 {
            return Err(Error::unsupported(
                "video_stream writes fragmented MP4 only (container='mp4')",
            ));
        }
        super::check_options(opts)?;
        let opts = &VideoOptions {
            codec: opts.codec.resolve(width, height, opts.fps),
            ..opts.clone()
        };
        let fps = super::frame_rate(&opts.codec, opts.fps);
        let q = opts.codec.native(opts.quality);
        let enc = Enc::open(opts, width, height, fps, q)?;
        Ok(VideoStream {
            enc,
            opts: opts.clone(),
            width,
            height,
            fps,
            mux: None,
            pending: Vec::new(),
            frames: 0,
            out_bytes: 0,
            max_frames,
            failed: false,
            closed: false,
        })
    }

    pub fn frames(&self) -> usize {
        self.frames
    }

    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    pub fn fps(&self) -> f64 {
        f64::from(self.fps.numerator()) / f64::from(self.fps.denominator())
    }

    pub fn codec_name(&self) -> &str {
        self.opts.codec.stream_name()
    }

    fn usable(&self) -> Result<()> {
        if self.closed {
            return Err(Error::Closed("the stream is closed".into()));
        }
        if self.failed {
            return Err(Error::decode(
                "the stream failed earlier and cannot continue",
            ));
        }
        Ok(())
    }

    /// Encodes `frames` RGB24 frames (`rgb`, back to back) and returns the bytes ready.
    /// Frames of another size than the stream's are a `Decode` error that leaves the stream
    /// usable; an error while encoding or muxing ends it.
    pub fn write(
        &mut self,
        rgb: &[u8],
        frames: usize,
        height: usize,
        width: usize,
    ) -> Result<Vec<u8>> {
        self.usable()?;
        if (width, height) != (self.width, self.height) {
            return Err(Error::decode(format!(
                "frames are {width}x{height}, the stream is {}x{}",
                self.width, self.height
            )));
        }
        let frame_len = width * height * 3;
        if frames == 0 || rgb.len() != frames * frame_len {
            return Err(Error::decode(
                "frame bytes do not match the frame count and size",
            ));
        }
        if (self.frames + frames) as u64 > self.max_frames {
            return Err(Error::limit(format!(
                "the stream would pass max_video_frames={}",
                self.max_frames
            )));
        }
        let r = self.write_inner(rgb, frames, frame_len);
        if r.is_err() {
            self.failed = true;
        }
        r
    }

    fn write_inner(&mut self, rgb: &[u8], frames: usize, frame_len: usize) -> Result<Vec<u8>> {
        use rayon::prelude::*;
        let (w, h) = (self.width, self.height);
        let mut packets = std::mem::take(&mut self.pending);
        for start in (0..frames).step_by(STEP) {
            let end = (start + STEP).min(frames);
            let yuvs: Vec<yuv::Yuv420> = (start..end)
                .into_par_iter()
                .map(|f| yuv::convert(&rgb[f * frame_len..(f + 1) * frame_len], w, h))
                .collect::<Result<_>>()?;
            for y in &yuvs {
                self.enc.encode(y, &mut packets)?;
            }
        }
        self.frames += frames;
        self.emit(packets)
    }

    /// Muxes `packets` into one fragment and returns the bytes written.
    fn emit(&mut self, packets: Vec<Packet>) -> Result<Vec<u8>> {
        if self.mux.is_none() {
            if packets.is_empty() {
                return Ok(Vec::new()); // the encoder is still filling its look-ahead
            }
            self.mux = Some(self.open_mux()?);
        }
        let tb = self.time_base();
        let fps = self.fps;
        let mux = self.mux.as_mut().expect("opened above");
        for p in &packets {
            mux.write(p, tb, fps)?;
        }
        mux.cut()?;
        let out = mux.take()?;
        self.out_bytes += out.len() as u64;
        if self.out_bytes > self.opts.max_output_bytes {
            return Err(Error::limit(format!(
                "the stream passed max_output_bytes={} after {} frames",
                self.opts.max_output_bytes, self.frames
            )));
        }
        Ok(out)
    }

    fn time_base(&self) -> ffmpeg::Rational {
        match &self.enc {
            Enc::H264(_) | Enc::Av1(_) => self.fps.invert(),
            Enc::Ff(e) => e.time_base(),
        }
    }

    fn open_mux(&mut self) -> Result<FragMuxer> {
        let (w, h, fps, tb) = (self.width, self.height, self.fps, self.time_base());
        match &self.enc {
            Enc::H264(e) => {
                let extradata = e.extradata.clone();
                let fill = move |par: *mut ffi::AVCodecParameters| {
                    // SAFETY: `par` is the new stream's live codecpar, without extradata.
                    unsafe { super::set_h264_par(par, w, h, &extradata) }
                };
                FragMuxer::open(&fill, tb, fps)
            }
            Enc::Av1(e) => {
                // The sequence header came with the first packet (before the muxer opens).
                let seq = e.extradata.clone();
                let fill = move |par: *mut ffi::AVCodecParameters| {
                    // SAFETY: `par` is the new stream's live codecpar, without extradata.
                    unsafe { super::av1::set_par(par, w, h, &seq) }
                };
                FragMuxer::open(&fill, tb, fps)
            }
            Enc::Ff(e) => {
                let fill = |par: *mut ffi::AVCodecParameters| {
                    // SAFETY: `par` is the new stream's live codecpar; the encoder is open.
                    unsafe { e.parameters(par) }
                };
                FragMuxer::open(&fill, tb, fps)
            }
        }
    }

    /// Flushes the encoder into a last fragment and ends the stream. Closing a closed stream
    /// returns nothing; a stream that never got a frame is a `Decode` error.
    pub fn close(&mut self) -> Result<Vec<u8>> {
        if self.closed {
            return Ok(Vec::new());
        }
        self.usable()?;
        self.closed = true;
        if self.frames == 0 {
            return Err(Error::decode("no frames were written to the stream"));
        }
        let mut packets = std::mem::take(&mut self.pending);
        match &mut self.enc {
            Enc::Ff(e) => e.finish(&mut packets)?,
            Enc::Av1(e) => e.finish(&mut packets)?,
            Enc::H264(_) => {}
        }
        let mut out = self.emit(packets)?;
        if let Some(mux) = self.mux.as_mut() {
            mux.trailer()?;
            out.extend(mux.close_buf());
        }
        self.mux = None;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::video::Codec;

    fn opts() -> VideoOptions {
        VideoOptions {
            codec: Codec::parse("h264").unwrap(),
            container: Container::Mp4,
            fps: 16.0,
            quality: None,
            max_output_bytes: u64::MAX,
            codec_threads: 1,
        }
    }

    fn count(d: &[u8], tag: &[u8]) -> usize {
        d.windows(4).filter(|w| *w == tag).count()
    }

    #[test]
    fn each_write_is_one_fragment() {
        let (t, h, w) = (4, 32, 48);
        let rgb: Vec<u8> = (0..t * h * w * 3).map(|i| (i % 251) as u8).collect();
        let mut s = VideoStream::new(w, h, &opts(), 100).unwrap();
        let first = s.write(&rgb, t, h, w).unwrap();
        assert_eq!(&first[4..8], b"ftyp");
        assert_eq!((count(&first, b"moov"), count(&first, b"moof")), (1, 1));
        let second = s.write(&rgb, t, h, w).unwrap();
        assert_eq!(&second[4..8], b"moof");
        assert_eq!((count(&second, b"moov"), count(&second, b"moof")), (0, 1));
        let e = s.write(&rgb[..3 * 32 * 32 * 4], t, 32, 32).unwrap_err();
        assert!(matches!(e, Error::Decode(_)), "{e}");
        s.close().unwrap();
        assert!(s.close().unwrap().is_empty());
        assert!(matches!(s.write(&rgb, t, h, w), Err(Error::Closed(_))));
        assert_eq!(s.frames(), 8);
    }

    #[test]
    fn limits_and_empty_streams() {
        let mut s = VideoStream::new(48, 32, &opts(), 3).unwrap();
        let rgb = vec![0u8; 4 * 32 * 48 * 3];
        assert!(matches!(
            s.write(&rgb, 4, 32, 48),
            Err(Error::LimitExceeded(_))
        ));
        assert!(matches!(s.close(), Err(Error::Decode(_))));
        let mut o = opts();
        o.max_output_bytes = 10;
        let mut s = VideoStream::new(48, 32, &o, 100).unwrap();
        assert!(matches!(
            s.write(&rgb, 4, 32, 48),
            Err(Error::LimitExceeded(_))
        ));
        assert!(matches!(s.write(&rgb, 4, 32, 48), Err(Error::Decode(_))));
    }
}
