//! Opus packets (demuxed by FFmpeg) decoded with libopus 1.6 built from source by the
//! `opusic-sys` crate, not through FFmpeg's `libopus` wrapper: Debian 12's libopus 1.3.1,
//! built with custom modes, runs its CPU feature check (`cpuid`, which traps to the
//! hypervisor on a VM) on every packet, ~half its time here; this build takes ~2.9x less
//! CPU (docs/benchmarks.md).
//!
//! The decoder is set up from the OpusHead as FFmpeg's libopusdec does, and trimmed as
//! libavcodec trims every audio decoder's frames, so the samples and their count are the
//! ones FFmpeg's wrapper gives (in float, which libopus decodes to, not rounded to 16 bits):
//! pre-skip at the start, then each packet's skip-samples side data (the start and end
//! trimming the demuxer read from the container: Ogg granules, Matroska DiscardPadding).

use std::ffi::{c_int, CStr};
use std::ptr::NonNull;

use opusic_sys as sys;

use crate::error::{Error, Result};

/// libopus's output rate (FFmpeg's wrapper asks for 48 kHz whatever the header says).
pub(super) const RATE: u32 = 48_000;
/// The longest Opus packet, 120 ms at 48 kHz: the frame size libopusdec decodes into.
const MAX_FRAME: usize = 960 * 6;
/// OpusHead up to its channel mapping family byte.
const HEAD_SIZE: usize = 19;
/// FFmpeg's channel order for 3-8 channels, as indices into the Vorbis order that Opus
/// mapping family 1 uses (ff_vorbis_channel_layout_offsets): libopusdec permutes the
/// mapping table with it, so `mono=False` keeps the channel order the FFmpeg wrapper gave.
const VORBIS_TO_FFMPEG: [&[usize]; 6] = [
    &[0, 2, 1],
    &[0, 1, 2, 3],
    &[0, 2, 1, 3, 4],
    &[0, 2, 1, 5, 3, 4],
    &[0, 2, 1, 6, 5, 3, 4],
    &[0, 2, 1, 7, 5, 6, 3, 4],
];

fn strerror(code: c_int) -> String {
    // SAFETY: opus_strerror returns a static NUL-terminated string for any code.
    unsafe { CStr::from_ptr(sys::opus_strerror(code)) }
        .to_string_lossy()
        .into_owned()
}

/// The bundled libopus's version string ("libopus 1.6.1").
#[cfg(test)]
pub(super) fn version() -> String {
    // SAFETY: a static NUL-terminated string.
    unsafe { CStr::from_ptr(sys::opus_get_version_string()) }
        .to_string_lossy()
        .into_owned()
}

/// The libopus decoder behind an [`OpusStream`].
enum Dec {
    /// Several Opus streams mapped to channels (families 1 and 255, or more than 2 channels).
    Multi(NonNull<sys::OpusMSDecoder>),
    /// One stream of 1 or 2 channels in their own order (every family-0 file): the plain
    /// decoder gives the same samples without the multistream layer's copy of each packet's
    /// output (~3% of a decode).
    Single(NonNull<sys::OpusDecoder>),
}

/// One Opus stream's decoder and its trimming state.
pub(super) struct OpusStream {
    dec: Dec,
    channels: usize,
    /// Samples still to drop from the front (libavcodec's `skip_samples`, an int).
    skip: i64,
    pcm: Vec<f32>,
}

// SAFETY: the decoder state is plain memory owned by this value; libopus keeps no
// thread-local or global state for it.
unsafe impl Send for OpusStream {}

impl Drop for OpusStream {
    fn drop(&mut self) {
        // SAFETY: each created by its own *_create, destroyed once.
        unsafe {
            match self.dec {
                Dec::Multi(d) => sys::opus_multistream_decoder_destroy(d.as_ptr()),
                Dec::Single(d) => sys::opus_decoder_destroy(d.as_ptr()),
            }
        }
    }
}

impl OpusStream {
    /// Configured like libopusdec's init: `extradata` is the OpusHead (Ogg, Matroska and
    /// MP4 demuxers all give it in that form), `container_channels` the stream's channel
    /// count, used only when the head is too short to state one.
    pub(super) fn new(extradata: &[u8], container_channels: usize) -> Result<Self> {
        let channels = match extradata.get(9) {
            Some(0) => 2, // FFmpeg: "Invalid number of channels 0, defaulting to stereo"
            Some(&c) => usize::from(c),
            None if container_channels == 1 => 1,
            None => 2,
        };
        let (mut pre_skip, mut gain_q8, mut family) = (0u16, 0i16, 0u8);
        if extradata.len() >= HEAD_SIZE {
            pre_skip = u16::from_le_bytes([extradata[10], extradata[11]]);
            gain_q8 = i16::from_le_bytes([extradata[16], extradata[17]]);
            family = extradata[18];
        }
        let (streams, coupled, mut mapping) = if extradata.len() >= HEAD_SIZE + 2 + channels {
            let table = &extradata[HEAD_SIZE + 2..HEAD_SIZE + 2 + channels];
            (
                extradata[HEAD_SIZE],
                extradata[HEAD_SIZE + 1],
                table.to_vec(),
            )
        } else if channels > 2 || family != 0 {
            return Err(Error::decode(format!(
                "opening the audio decoder: the Opus header has no channel mapping for \
                 {channels} channels"
            )));
        } else {
            (1, u8::from(channels > 1), vec![0, 1])
        };
        if let Some(order) = channels
            .checked_sub(3)
            .and_then(|i| VORBIS_TO_FFMPEG.get(i))
        {
            mapping = order.iter().map(|&i| mapping[i]).collect();
        }
        let mut err: c_int = 0;
        let single = channels <= 2
            && streams == 1
            && usize::from(coupled) == channels - 1
            && mapping.get(..channels) == [0, 1].get(..channels);
        let dec = if single {
            // SAFETY: creates a decoder of 1 or 2 channels at 48 kHz; errors land in `err`.
            let d = unsafe { sys::opus_decoder_create(RATE as i32, channels as c_int, &mut err) };
            NonNull::new(d).map(Dec::Single)
        } else {
            // SAFETY: `mapping` holds at least `channels` entries (the table above, or [0, 1]
            // for one or two channels); libopus copies it and validates every value.
            let d = unsafe {
                sys::opus_multistream_decoder_create(
                    RATE as i32,
                    channels as c_int,
                    c_int::from(streams),
                    c_int::from(coupled),
                    mapping.as_ptr(),
                    &mut err,
                )
            };
            NonNull::new(d).map(Dec::Multi)
        };
        let dec = dec.ok_or_else(|| {
            Error::decode(format!(
                "opening the audio decoder: libopus refused the Opus header ({})",
                strerror(err)
            ))
        })?;
        let mut stream = OpusStream {
            dec,
            channels,
            skip: i64::from(pre_skip),
            pcm: Vec::new(),
        };
        // The header's output gain (Q7.8 dB); libopus accepts any 16-bit value.
        // SAFETY: OPUS_SET_GAIN takes one opus_int32 argument.
        let ret = unsafe {
            match stream.dec {
                Dec::Multi(d) => sys::opus_multistream_decoder_ctl(
                    d.as_ptr(),
                    sys::OPUS_SET_GAIN_REQUEST,
                    i32::from(gain_q8),
                ),
                Dec::Single(d) => sys::opus_decoder_ctl(
                    d.as_ptr(),
                    sys::OPUS_SET_GAIN_REQUEST,
                    i32::from(gain_q8),
                ),
            }
        };
        if ret != sys::OPUS_OK {
            return Err(Error::decode(format!(
                "opening the audio decoder: setting the Opus output gain: {}",
                strerror(ret)
            )));
        }
        stream.pcm = vec![0.0; MAX_FRAME * channels];
        Ok(stream)
    }

    pub(super) fn channels(&self) -> usize {
        self.channels
    }

    /// Decodes one packet and trims it like libavcodec's decode loop: `side` is the
    /// packet's AV_PKT_DATA_SKIP_SAMPLES (u32 LE samples to skip, u32 LE to discard at the
    /// end), applied even when the packet itself fails to decode. Returns the interleaved
    /// samples kept (possibly none), or the libopus error for a corrupt packet.
    pub(super) fn decode(&mut self, data: &[u8], side: Option<&[u8]>) -> Result<&[f32], String> {
        if data.is_empty() {
            // avcodec_send_packet refuses an empty packet before any trimming (and libopus
            // would conceal a lost frame instead).
            return Err("empty packet".into());
        }
        let len = i32::try_from(data.len()).map_err(|_| "packet over 2 GiB".to_string())?;
        // SAFETY: `data` is `len` readable bytes; `pcm` holds MAX_FRAME samples for each of
        // the decoder's channels, the frame size passed.
        let ret = unsafe {
            match self.dec {
                Dec::Multi(d) => sys::opus_multistream_decode_float(
                    d.as_ptr(),
                    data.as_ptr(),
                    len,
                    self.pcm.as_mut_ptr(),
                    MAX_FRAME as c_int,
                    0,
                ),
                Dec::Single(d) => sys::opus_decode_float(
                    d.as_ptr(),
                    data.as_ptr(),
                    len,
                    self.pcm.as_mut_ptr(),
                    MAX_FRAME as c_int,
                    0,
                ),
            }
        };
        let mut discard = 0usize;
        if let Some(s) = side.filter(|s| s.len() >= 10) {
            let word = |i: usize| [s[i], s[i + 1], s[i + 2], s[i + 3]];
            self.skip = i64::from(i32::from_le_bytes(word(0)).max(0));
            discard = u32::from_le_bytes(word(4)) as usize;
        }
        let n = usize::try_from(ret)
            .map_err(|_| strerror(ret))?
            .min(MAX_FRAME);
        let (mut start, mut kept) = (0usize, n);
        if self.skip > 0 {
            let skip = self.skip as usize;
            if n <= skip {
                self.skip -= n as i64;
                return Ok(&[]);
            }
            (start, kept) = (skip, n - skip);
            self.skip = 0;
        }
        if discard > 0 && discard <= kept {
            kept -= discard;
        }
        Ok(&self.pcm[start * self.channels..(start + kept) * self.channels])
    }
}
