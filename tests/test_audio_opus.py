"""Opus. ``opus_decoder="libopus"``: the libopus that fastmedia bundles (1.6, built from
source) while FFmpeg demuxes; the samples, their count and channel order equal what FFmpeg's
own libopus wrapper gives (the ffmpeg CLI with ``-c:a libopus``, i.e. the system's libopus):
pre-skip, end trimming (Ogg granule, Matroska DiscardPadding), output gain, channel mapping
families 0, 1 and 255, in Ogg, WebM, Matroska and MP4. Broken headers and packets are typed
errors. The default, ``"librosa"``, gives ``librosa.load``'s samples per container: libopus
for Ogg (libsndfile), FFmpeg's native decoder for the rest (the ffmpeg CLI fallback).
In MP4 the samples end where the edit list says, as for AAC: the ffmpeg CLI (so librosa)
keeps the encoder's padding after it, less than one packet, and the comparisons here cut
it from the reference after checking its size."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import librosa
import numpy as np
import pytest

import fastmedia
from fastmedia import DecodeError, LimitExceeded
from tests.audio_fixtures import ffmpeg, speechlike

# name -> (FFmpeg channel layout, channels, extra encoder args); each channel its own tone.
LAYOUTS = {
    "mono": ("mono", 1, []),
    "stereo": ("stereo", 2, []),
    "5.1": ("5.1", 6, ["-mapping_family", "1"]),
    "7.1": ("7.1", 8, ["-mapping_family", "1"]),
    "3ch_family255": ("3.0", 3, ["-mapping_family", "255"]),
}
CONTAINERS = [".opus", ".webm", ".mka", ".mp4"]
SECONDS = 1.7  # not a whole number of 20 ms frames: the end is trimmed mid-frame


def cut_mp4_padding(ref: np.ndarray, suffix: str, stated: int) -> np.ndarray:
    """The ffmpeg CLI's samples cut to MP4's edit-list length `stated` (what fastmedia
    returns there, as for AAC); other containers trim the same way and are left whole."""
    if suffix != ".mp4":
        return ref
    extra = ref.shape[-1] - stated
    assert 0 < extra < 960, f"the CLI kept {extra} samples past the edit list"
    return ref[..., :stated]


def tones(tmp: Path, layout: str, suffix: str) -> Path:
    ch_layout, channels, extra = LAYOUTS[layout]
    inputs = []
    for c in range(channels):
        inputs += ["-f", "lavfi", "-i", f"sine=f={220 + 110 * c}:d={SECONDS}:sample_rate=44100"]
    merge = f"amerge=inputs={channels}," if channels > 1 else ""
    out = tmp / f"{layout}{suffix}"
    ffmpeg(*inputs, "-filter_complex", f"{merge}aformat=channel_layouts={ch_layout}",
           "-c:a", "libopus", "-b:a", f"{48 * channels}k", *extra,
           *(["-strict", "-2"] if suffix == ".mp4" else []), str(out))  # fmt: skip
    return out


def ffmpeg_libopus(path: Path, channels: int, decoder: str = "libopus") -> np.ndarray:
    """[C, N] float32 from FFmpeg's libopus wrapper (16-bit output, as FFmpeg asks for), or
    from its native Opus decoder (``decoder="opus"``)."""
    raw = subprocess.run(
        [shutil.which("ffmpeg") or "ffmpeg", "-nostdin", "-v", "error", "-c:a", decoder,
         "-i", str(path), "-f", "f32le", "-"],
        capture_output=True, check=True, timeout=120,
    ).stdout  # fmt: skip
    return np.frombuffer(raw, np.float32).reshape(-1, channels).T


@pytest.fixture(scope="module")
def dec():
    return fastmedia.Decoder(threads=2)


@pytest.mark.parametrize("suffix", CONTAINERS)
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_opus_equals_ffmpegs_libopus_wrapper(dec, tmp_path, layout, suffix):
    path = tones(tmp_path, layout, suffix)
    want = cut_mp4_padding(
        ffmpeg_libopus(path, LAYOUTS[layout][1]), suffix, round(SECONDS * 48_000)
    )
    got = dec.decode_audio(path.read_bytes(), mono=False, opus_decoder="libopus")
    samples = got.samples if got.samples.ndim == 2 else got.samples[None]
    assert got.sample_rate == 48_000
    # Same count (pre-skip and end trimming), same channel order, same samples up to the
    # wrapper's rounding to 16 bits (plus 1 LSB: libopus 1.3 and 1.6 round differently).
    assert samples.shape == want.shape, (samples.shape, want.shape)
    assert np.max(np.abs(samples - want)) <= 1.5 / 32768
    mono = dec.decode_audio(path.read_bytes(), opus_decoder="libopus").samples
    assert np.array_equal(mono, samples.mean(axis=0, dtype=np.float32))


# ------------------------------------------------------------------ which decoder, per container

VOICE_CONTAINERS = [".webm", ".mkv", ".mp4", ".ogg"]
VOICE_SECONDS = 6


@pytest.fixture(scope="module")
def voice_notes(tmp_path_factory) -> dict[str, Path]:
    """A 6 s mono speech-like voice note at 24 kbit/s (SILK: the two decoders' 48 kHz
    resampling differs), made by the ffmpeg CLI as a phone app would, in each container."""
    import soundfile as sf

    tmp = tmp_path_factory.mktemp("voice")
    src = tmp / "speech.wav"
    sf.write(src, speechlike(16_000, VOICE_SECONDS * 16_000, 1, seed=5), 16_000, subtype="PCM_16")
    notes = {}
    for suffix in VOICE_CONTAINERS:
        out = tmp / f"note{suffix}"
        ffmpeg("-i", str(src), "-ar", "48000", "-ac", "1", "-c:a", "libopus", "-b:a", "24k",
               "-application", "voip", *(["-strict", "-2"] if suffix == ".mp4" else []),
               str(out))  # fmt: skip
        notes[suffix] = out
    return notes


def snr_db(ref: np.ndarray, got: np.ndarray) -> float:
    noise = np.sum((ref.astype(np.float64) - got) ** 2)
    return (
        float("inf")
        if noise == 0
        else float(10 * np.log10(np.sum(ref.astype(np.float64) ** 2) / noise))
    )


def librosa_load(path: Path) -> np.ndarray:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # librosa's audioread fallback is deprecated
        return librosa.load(str(path), sr=None)[0]


@pytest.mark.parametrize("suffix", VOICE_CONTAINERS)
def test_default_opus_decoder_gives_librosas_samples(dec, voice_notes, suffix):
    """librosa reads Ogg Opus with libsndfile (libopus) and WebM/Matroska/MP4 with the ffmpeg
    CLI (FFmpeg's native decoder): the default follows it, container by container."""
    path = voice_notes[suffix]
    want = cut_mp4_padding(librosa_load(path), suffix, VOICE_SECONDS * 48_000)
    got = dec.decode_audio(path.read_bytes())
    assert got.sample_rate == 48_000
    assert got.samples.shape == want.shape
    assert snr_db(want, got.samples) >= 60, f"{suffix}: {snr_db(want, got.samples):.1f} dB"
    # The other decoder is measurably different here: the test can tell them apart.
    other = "libopus" if suffix != ".ogg" else "ffmpeg"
    wrong = dec.decode_audio(path.read_bytes(), opus_decoder=other).samples
    assert wrong.shape == want.shape
    assert snr_db(want, wrong) < 45, f"{suffix} {other}: {snr_db(want, wrong):.1f} dB"


@pytest.mark.parametrize("suffix", VOICE_CONTAINERS)
def test_opus_decoder_choices_hold_in_every_container(dec, voice_notes, suffix):
    path = voice_notes[suffix]
    data = path.read_bytes()
    native = cut_mp4_padding(
        ffmpeg_libopus(path, 1, decoder="opus")[0], suffix, VOICE_SECONDS * 48_000
    )
    wrapper = cut_mp4_padding(ffmpeg_libopus(path, 1)[0], suffix, VOICE_SECONDS * 48_000)
    got = dec.decode_audio(data, opus_decoder="ffmpeg").samples
    assert got.shape == native.shape and snr_db(native, got) >= 80
    got = dec.decode_audio(data, opus_decoder="libopus").samples
    assert got.shape == wrapper.shape and snr_db(wrapper, got) >= 60


@pytest.mark.parametrize("opus_decoder", ["librosa", "libopus", "ffmpeg"])
def test_own_mp4_encodes_end_where_the_edit_list_says(dec, opus_decoder):
    """fastmedia's Encoder writes Opus in MP4 with an edit list of exactly the audio's
    length; decoding gives that many samples, not the last packet's padding too (up to
    20 ms of silence before). The ffmpeg CLI, so librosa, keeps the padding: the samples
    agree over the stated length."""
    if not fastmedia.has_video_encoder("h264"):
        pytest.skip("this build has no h264 encoder (docs/encoding.md)")
    frames = np.zeros((16, 32, 48, 3), np.uint8)  # 1 s at 16 fps
    t = np.arange(47_000) / 48_000  # shorter than the video: padded with silence to 1 s
    tone = (0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    enc = fastmedia.Encoder()
    data = enc.encode_video(frames, fps=16, audio=(tone, 48_000), audio_codec="opus").data
    got = dec.decode_audio(data, opus_decoder=opus_decoder)
    assert got.samples.shape == (48_000,)
    cli = "libopus" if opus_decoder == "libopus" else "opus"  # the CLI's decoder of the two
    ref = cut_mp4_padding(_cli_decode(data, cli), ".mp4", 48_000)
    assert snr_db(ref, got.samples) >= 60
    # At 16 kHz the same length as resampling the stated samples.
    assert dec.decode_audio(data, opus_decoder=opus_decoder, sample_rate=16_000).samples.shape == (
        16_000,
    )


def _cli_decode(data: bytes, decoder: str) -> np.ndarray:
    """The ffmpeg CLI's float samples of an MP4 given as bytes (one channel)."""
    raw = subprocess.run(
        [shutil.which("ffmpeg") or "ffmpeg", "-nostdin", "-v", "error", "-c:a", decoder,
         "-f", "mp4", "-i", "-", "-f", "f32le", "-"],
        input=data, capture_output=True, check=True, timeout=120,
    ).stdout  # fmt: skip
    return np.frombuffer(raw, np.float32)


def test_opus_decoder_names_are_checked(dec, voice_notes):
    with pytest.raises(ValueError, match="opus_decoder"):
        dec.decode_audio(voice_notes[".ogg"].read_bytes(), opus_decoder="native")


# ------------------------------------------------------------------ Ogg page surgery


def ogg_crc(page: bytes) -> int:
    crc = 0
    for b in page:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1) & 0xFFFFFFFF
    return crc


def ogg_pages(data: bytes) -> list[tuple[bytearray, list[tuple[int, int]]]]:
    """Each page as (bytes, [(offset, length) of each whole packet in it])."""
    pages, pos = [], 0
    while pos < len(data):
        assert data[pos : pos + 4] == b"OggS"
        nseg = data[pos + 26]
        lacing = data[pos + 27 : pos + 27 + nseg]
        body = pos + 27 + nseg
        end = body + sum(lacing)
        packets, start, size = [], body - pos, 0
        for lace in lacing:
            size += lace
            if lace < 255:
                packets.append((start, size))
                start, size = start + size, 0
        pages.append((bytearray(data[pos:end]), packets))
        pos = end
    return pages


def ogg_join(pages) -> bytes:
    out = b""
    for page, _ in pages:
        page[22:26] = b"\0\0\0\0"
        page[22:26] = struct.pack("<I", ogg_crc(bytes(page)))
        out += bytes(page)
    return out


@pytest.fixture(scope="module")
def stereo_ogg(tmp_path_factory) -> Path:
    return tones(tmp_path_factory.mktemp("opus"), "stereo", ".opus")


def with_head(path: Path, edit) -> bytes:
    pages = ogg_pages(path.read_bytes())
    head = pages[0][0]
    i = head.find(b"OpusHead")
    pages[0] = (bytearray(head[:i]) + edit(bytearray(head[i:])), pages[0][1])
    # The segment table states the head's length: one segment, rewritten.
    page = pages[0][0]
    page[27] = len(page) - 28
    return ogg_join(pages)


def test_output_gain_from_the_header(dec, stereo_ogg):
    plain = dec.decode_audio(stereo_ogg.read_bytes(), mono=False).samples

    def gain(h):
        h[16:18] = struct.pack("<h", -6 * 256)  # -6 dB, Q7.8
        return h

    quieter = dec.decode_audio(with_head(stereo_ogg, gain), mono=False).samples
    assert quieter.shape == plain.shape
    ratio = np.sqrt(np.sum(quieter.astype(np.float64) ** 2) / np.sum(plain.astype(np.float64) ** 2))
    assert abs(20 * np.log10(ratio) + 6) < 0.05


def test_pre_skip_from_the_header(dec, stereo_ogg):
    """The demuxer's first-packet side data carries the pre-skip; a larger one drops more."""
    data = stereo_ogg.read_bytes()
    plain = dec.decode_audio(data, mono=False).samples
    at = data.find(b"OpusHead") + 10
    (pre,) = struct.unpack("<H", data[at : at + 2])

    def more(h):
        h[10:12] = struct.pack("<H", pre + 1000)
        return h

    got = dec.decode_audio(with_head(stereo_ogg, more), mono=False).samples
    assert got.shape[1] == plain.shape[1] - 1000
    assert np.max(np.abs(got[:, 2000:] - plain[:, 3000:])) < 1e-6


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (lambda h: h[:9] + bytes([3]) + h[10:19], "channel mapping"),  # 3 ch, family 0
        (lambda h: h[:18] + bytes([1]), "channel mapping"),  # family 1, no table
        (lambda h: h[:9] + bytes([2]) + h[10:18] + bytes([1, 0, 0, 0, 1]), "Opus header"),
        (lambda h: h[:9] + bytes([2]) + h[10:18] + bytes([1, 1, 0, 0, 9]), "Opus header"),
    ],
    ids=["3ch_family0", "family1_no_table", "zero_streams", "mapping_out_of_range"],
)
def test_bad_opus_headers_are_decode_errors(dec, stereo_ogg, edit, match):
    with pytest.raises(DecodeError, match=match):
        dec.decode_audio(with_head(stereo_ogg, edit))


def test_corrupt_packets_are_skipped_or_typed(dec, stereo_ogg):
    pages = ogg_pages(stereo_ogg.read_bytes())
    plain = dec.decode_audio(stereo_ogg.read_bytes()).samples
    # One packet made invalid (TOC code 3 with a zero frame count): skipped, like FFmpeg
    # does, so the output is one 20 ms frame shorter.
    page, packets = pages[2]  # after OpusHead and OpusTags: ~1 s of 20 ms packets
    off, _ = packets[10]
    page[off] |= 3
    page[off + 1] = 0
    got = dec.decode_audio(ogg_join(pages)).samples
    assert len(got) == len(plain) - 960
    # Every audio packet invalid: nothing decodes, a DecodeError.
    for page, packets in pages[2:]:
        for off, _ in packets:
            page[off] |= 3
            page[off + 1] = 0
    with pytest.raises(DecodeError, match="no opus audio could be decoded"):
        dec.decode_audio(ogg_join(pages))
    # Random bytes in every packet: a typed error or samples, never a crash.
    rng = np.random.default_rng(3)
    pages = ogg_pages(stereo_ogg.read_bytes())
    for page, packets in pages[2:]:
        for off, size in packets:
            page[off : off + size] = rng.integers(0, 256, size, dtype=np.uint8).tobytes()
    try:
        got = dec.decode_audio(ogg_join(pages)).samples
        assert len(got) <= len(plain)
    except DecodeError:
        pass


def test_limits_apply_while_decoding_opus():
    """A WebM written to a pipe states no duration: the cap is enforced while decoding."""
    piped = subprocess.run(
        [shutil.which("ffmpeg") or "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
         "sine=f=440:d=12", "-c:a", "libopus", "-f", "webm", "-"],
        capture_output=True, check=True, timeout=120,
    ).stdout  # fmt: skip
    assert len(fastmedia.Decoder().decode_audio(piped).samples) == 12 * 48_000
    small = fastmedia.Decoder(audio_limits=fastmedia.AudioLimits(max_duration_s=5.0))
    with pytest.raises(LimitExceeded, match="decoded audio passed"):
        small.decode_audio(piped)
