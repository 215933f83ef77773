//! Packets into a container with libavformat: MP4 with the `moov` box first (faststart: a
//! browser starts playing before the whole file is in) or WebM. The MP4 muxer moves `moov`
//! by re-reading its own output, so it writes to a private temporary file, read back and
//! removed before returning.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use ffmpeg_next as ffmpeg;
use ffmpeg_next::ffi;

use super::{Container, Packet};
use crate::av::map_error;
use crate::error::{Error, Result};

/// A temporary file removed on drop (also when muxing fails half-way).
struct TempFile(PathBuf);

impl TempFile {
    fn new(ext: &str) -> Self {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let name = format!("fastmedia-encode-{}-{n}.{ext}", std::process::id());
        TempFile(std::env::temp_dir().join(name))
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Writes `packets` (timestamps in `tb`, one frame lasting one tick of `1/fps`) as one video
/// stream whose parameters `fill` sets. Returns the file's bytes.
pub fn mux(
    container: Container,
    fill: &dyn Fn(*mut ffi::AVCodecParameters) -> Result<()>,
    tb: ffmpeg::Rational,
    fps: ffmpeg::Rational,
    packets: &[Packet],
    max_bytes: u64,
) -> Result<Vec<u8>> {
    crate::av::init();
    let (fmt, ext) = match container {
        Container::Mp4 => ("mp4", "mp4"),
        Container::Webm => ("webm", "webm"),
    };
    let tmp = TempFile::new(ext);
    let io = |e| map_error(e, "writing the container");
    let mut octx = ffmpeg::format::output_as(&tmp.0, fmt).map_err(io)?;
    {
        let mut st = octx.add_stream(None::<ffmpeg::Codec>).map_err(io)?;
        st.set_time_base(tb);
        st.set_rate(fps);
        st.set_avg_frame_rate(fps);
        // SAFETY: the stream was just created by avformat_new_stream, with codecpar allocated.
        fill(unsafe { (*st.as_mut_ptr()).codecpar })?;
    }
    let mut opts = ffmpeg::Dictionary::new();
    if container == Container::Mp4 {
        opts.set("movflags", "+faststart");
    }
    octx.write_header_with(opts).map_err(io)?;
    let stb = octx.stream(0).map(|s| s.time_base()).unwrap_or(tb);
    let dur = ffmpeg::Rescale::rescale(&1i64, fps.invert(), stb);
    for p in packets {
        let mut pkt = ffmpeg::Packet::copy(&p.data);
        pkt.set_stream(0);
        pkt.set_pts(Some(ffmpeg::Rescale::rescale(&p.pts, tb, stb)));
        pkt.set_dts(Some(ffmpeg::Rescale::rescale(&p.dts, tb, stb)));
        pkt.set_duration(dur);
        if p.key {
            pkt.set_flags(ffmpeg::packet::Flags::KEY);
        }
        pkt.write_interleaved(&mut octx).map_err(io)?;
    }
    octx.write_trailer().map_err(io)?;
    drop(octx);
    let len = std::fs::metadata(&tmp.0)
        .map_err(|e| Error::decode(format!("reading the muxed file back: {e}")))?
        .len();
    super::super::image::check_output(len as usize, max_bytes)?;
    std::fs::read(&tmp.0).map_err(|e| Error::decode(format!("reading the muxed file back: {e}")))
}
