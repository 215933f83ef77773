"""Audio decoding against librosa, which is what vLLM runs (``AudioMediaIO`` =
``librosa.load(sr=None)``): same sample count, SNR >= 60 dB, channels, resampling (soxr HQ),
gapless MP3/AAC, limits and typed errors. Fixtures come from tests/audio_fixtures.py (made
here with numpy/soundfile and the ffmpeg CLI); the shared corpus, when present, adds real
speech and broken media."""

from __future__ import annotations

import asyncio
import base64
import subprocess
import sys
import warnings
from pathlib import Path

import librosa
import numpy as np
import pytest

import fastmedia
from fastmedia import DecodeError, LimitExceeded, UnsupportedFormat
from tests.audio_fixtures import FFMPEG_FORMATS, SF_FORMATS, N, ffmpeg, make_all
from tests.helpers import CORPUS
from tests.videos import BROKEN_NAMES

ALL = ["source", *SF_FORMATS, *FFMPEG_FORMATS, "video_aac"]
AUDIO_CORPUS = CORPUS / "audio"  # present when FASTMEDIA_CORPUS names the shared corpus
HAVE_CORPUS = AUDIO_CORPUS.is_dir()


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    return make_all(tmp_path_factory.mktemp("audio"))


@pytest.fixture(scope="module")
def dec():
    return fastmedia.Decoder(threads=2)


def ref_load(path: Path, **kw) -> tuple[np.ndarray, int]:
    """librosa.load as vLLM calls it (its audioread fallback warns for non-libsndfile types)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y, sr = librosa.load(str(path), sr=kw.pop("sr", None), **kw)
    return y, int(sr)


def trim_aac_padding(ref: np.ndarray, got: np.ndarray, name: str) -> np.ndarray:
    """librosa reads MP4/AAC through the ffmpeg CLI (audioread), which keeps the encoder's end
    padding; fastmedia cuts it where the MP4 edit list says. Compare what both hold."""
    if "aac" in name and ref.shape[-1] > got.shape[-1]:
        assert ref.shape[-1] - got.shape[-1] <= 2048, (ref.shape, got.shape)
        return ref[..., : got.shape[-1]]
    return ref


def snr_db(ref: np.ndarray, got: np.ndarray) -> float:
    noise = np.sum((ref.astype(np.float64) - got) ** 2)
    return (
        float("inf") if noise == 0 else 10 * np.log10(np.sum(ref.astype(np.float64) ** 2) / noise)
    )


def band_snr_db(ref: np.ndarray, got: np.ndarray, sr: int, hi_hz: float = 7000.0) -> float:
    """SNR of `got` against `ref` counting only 0..hi_hz (the issue's resampling criterion)."""
    r, g = np.fft.rfft(ref.astype(np.float64)), np.fft.rfft(got.astype(np.float64))
    keep = np.fft.rfftfreq(len(ref), 1 / sr) <= hi_hz
    return snr_db_complex(r[keep], g[keep])


def snr_db_complex(r: np.ndarray, g: np.ndarray) -> float:
    noise = np.sum(np.abs(r - g) ** 2)
    return float("inf") if noise == 0 else 10 * np.log10(np.sum(np.abs(r) ** 2) / noise)


@pytest.mark.parametrize("name", ALL)
def test_mono_native_rate_matches_librosa(dec, files, name):
    ref, sr = ref_load(files[name])
    au = dec.decode_audio(files[name].read_bytes())
    ref = trim_aac_padding(ref, au.samples, name)
    assert au.sample_rate == sr
    assert au.samples.dtype == np.float32 and au.samples.ndim == 1
    assert au.samples.shape == ref.shape, f"{name}: {au.samples.shape} vs librosa {ref.shape}"
    assert snr_db(ref, au.samples) >= 60, f"{name}: SNR {snr_db(ref, au.samples):.1f} dB"
    md = au.metadata
    assert md["source_sample_rate"] == sr and md["duration"] == pytest.approx(len(ref) / sr)
    assert isinstance(md["codec"], str) and md["source_channels"] in (1, 2)


@pytest.mark.parametrize("name", ["source", "wav_s16_mono_16k", "wav_s24_stereo", "wav_u8",
                                  "wav_s32", "flac_stereo", "flac_24bit", "aiff", "alac_caf",
                                  "alac_m4a"])  # fmt: skip
def test_integer_pcm_is_bit_exact_with_libsndfile(dec, files, name):
    """Integer PCM scaled like libsndfile (x / 2^(bits-1)), mean of channels like numpy."""
    ref, _ = ref_load(files[name])
    assert np.array_equal(dec.decode_audio(files[name].read_bytes()).samples, ref)


@pytest.mark.parametrize("name", ["source", "wav_s24_stereo", "flac_stereo", "mp3", "aac_m4a"])
def test_mono_false_keeps_channels_like_librosa(dec, files, name):
    ref, _ = ref_load(files[name], mono=False)
    au = dec.decode_audio(files[name].read_bytes(), mono=False)
    ref = trim_aac_padding(ref, au.samples, name)
    assert au.samples.shape == ref.shape == (2, ref.shape[-1])
    assert snr_db(ref, au.samples) >= 60
    mono = dec.decode_audio(files[name].read_bytes()).samples
    assert np.array_equal(mono, au.samples.mean(axis=0, dtype=np.float32))


def test_mono_false_on_a_mono_file_is_1d_like_librosa(dec, files):
    ref, _ = ref_load(files["wav_s16_mono_16k"], mono=False)
    au = dec.decode_audio(files["wav_s16_mono_16k"].read_bytes(), mono=False)
    assert ref.ndim == au.samples.ndim == 1


@pytest.mark.parametrize("name", ["mp3", "aac_m4a", "opus_ogg", "vorbis", "video_aac"])
def test_gapless_lossy_codecs_give_back_the_source_length(dec, files, name):
    """Encoder priming and padding are trimmed as the container states them."""
    au = dec.decode_audio(files[name].read_bytes())
    want = N * 48_000 // 44_100 if name.startswith("opus") else N
    assert len(au.samples) == want, f"{name}: {len(au.samples)} samples, source had {want}"


@pytest.mark.parametrize(
    ("name", "rate"),
    [("source", 16_000), ("mp3", 16_000), ("wav_f32_24k", 16_000), ("wav_s16_mono_16k", 22_050),
     ("flac_24bit", 16_000), ("opus_ogg", 16_000)],
)  # fmt: skip
def test_resampling_matches_librosa_soxr_hq(dec, files, name, rate):
    ref, sr = ref_load(files[name], sr=rate)  # librosa.load: to mono, then soxr_hq
    au = dec.decode_audio(files[name].read_bytes(), sample_rate=rate)
    assert au.sample_rate == sr == rate
    assert au.samples.shape == ref.shape
    assert band_snr_db(ref, au.samples, rate) >= 60
    # And against librosa.resample applied to fastmedia's own native-rate decode.
    native = dec.decode_audio(files[name].read_bytes())
    want = librosa.resample(native.samples, orig_sr=native.sample_rate, target_sr=rate)
    assert band_snr_db(want, au.samples, rate) >= 60


@pytest.mark.parametrize(
    ("name", "rate"),
    [("source", 16_000), ("wav_f32_24k", 16_000), ("wav_s16_mono_16k", 22_050),
     # Decoded by FFmpeg/libopus and resampled frame by frame as they come out.
     ("flac_stereo", 16_000), ("flac_24bit", 16_000), ("mp3", 16_000), ("vorbis", 16_000),
     ("aac_m4a", 16_000), ("opus_ogg", 16_000), ("aiff", 16_000), ("wav_mulaw", 16_000),
     ("mp3", 48_000)],
)  # fmt: skip
def test_resampling_is_bit_identical_to_python_soxr(dec, files, name, rate):
    """The same libsoxr HQ engine as librosa's soxr_hq (python-soxr's wheel), bundled or not;
    resampling while decoding gives the samples of resampling the whole decode."""
    import soxr  # librosa's dependency

    native = dec.decode_audio(files[name].read_bytes())
    au = dec.decode_audio(files[name].read_bytes(), sample_rate=rate)
    want = soxr.resample(native.samples, native.sample_rate, rate, quality="HQ")
    assert au.samples.dtype == want.dtype and np.array_equal(au.samples, want)
    # Each channel too (mono=False keeps them; librosa resamples each row).
    native = dec.decode_audio(files[name].read_bytes(), mono=False)
    au = dec.decode_audio(files[name].read_bytes(), sample_rate=rate, mono=False)
    rows = np.atleast_2d(native.samples)
    want = np.stack([soxr.resample(r, native.sample_rate, rate, quality="HQ") for r in rows])
    assert np.array_equal(np.atleast_2d(au.samples), want)


def test_resampling_each_channel(dec, files):
    au = dec.decode_audio(files["flac_stereo"].read_bytes(), sample_rate=16_000, mono=False)
    ref, _ = ref_load(files["flac_stereo"], sr=16_000, mono=False)
    assert au.samples.shape == ref.shape
    for c in range(2):
        assert band_snr_db(ref[c], au.samples[c], 16_000) >= 60


def test_same_rate_is_untouched(dec, files):
    data = files["source"].read_bytes()
    assert np.array_equal(
        dec.decode_audio(data, sample_rate=44_100).samples, dec.decode_audio(data).samples
    )


def test_data_urls_and_buffers(dec, files):
    raw = files["flac_stereo"].read_bytes()
    want = dec.decode_audio(raw).samples
    url = "data:audio/flac;base64," + base64.b64encode(raw).decode()
    assert np.array_equal(dec.decode_audio(url).samples, want)
    assert np.array_equal(dec.decode_audio(bytearray(raw)).samples, want)
    assert np.array_equal(dec.decode_audio(memoryview(raw)).samples, want)
    with pytest.raises(UnsupportedFormat, match="image/png"):
        dec.decode_audio("data:image/png;base64," + base64.b64encode(raw).decode())


def test_batch_keeps_order_and_slots_errors(dec, files):
    items = [files[n].read_bytes() for n in ("mp3", "flac_stereo", "wav_u8")]
    items.insert(1, b"not audio at all, just some text bytes")
    out = dec.decode_audio_batch(items, return_exceptions=True, sample_rate=16_000)
    assert isinstance(out[1], UnsupportedFormat)
    for i, o in zip((0, 2, 3), (out[0], out[2], out[3]), strict=True):
        assert np.array_equal(o.samples, dec.decode_audio(items[i], sample_rate=16_000).samples)
    with pytest.raises(UnsupportedFormat):
        dec.decode_audio_batch(items)


def test_batch_of_the_same_bytes_is_deterministic(dec, files):
    data = files["aac_m4a"].read_bytes()
    out = dec.decode_audio_batch([data] * 8)
    for o in out[1:]:
        assert np.array_equal(o.samples, out[0].samples)


def test_async(dec, files):
    data = files["vorbis"].read_bytes()

    async def go():
        return await asyncio.gather(*(dec.decode_audio_async(data, sample_rate=16_000)
                                      for _ in range(3)))  # fmt: skip

    got = asyncio.run(go())
    want = dec.decode_audio(data, sample_rate=16_000).samples
    assert all(np.array_equal(g.samples, want) for g in got)
    samples, sr = got[0]  # unpacks like librosa.load's tuple
    assert sr == 16_000 and samples is got[0].samples


# ---------------------------------------------------------------- limits and broken input


def wav_bytes(samples: np.ndarray, sr: int, data_size: int | None = None) -> bytes:
    """16-bit mono PCM WAV, written by hand so the header can lie about the data size."""
    pcm = (np.clip(samples, -1, 1) * 32767).astype("<i2").tobytes()
    size = len(pcm) if data_size is None else data_size
    hdr = b"RIFF" + (36 + len(pcm)).to_bytes(4, "little") + b"WAVEfmt "
    hdr += (16).to_bytes(4, "little") + (1).to_bytes(2, "little") + (1).to_bytes(2, "little")
    hdr += sr.to_bytes(4, "little") + (2 * sr).to_bytes(4, "little")
    hdr += (2).to_bytes(2, "little") + (16).to_bytes(2, "little")
    return hdr + b"data" + size.to_bytes(4, "little") + pcm


def test_duration_limit_from_the_header(files):
    dec = fastmedia.Decoder(audio_limits=fastmedia.AudioLimits(max_duration_s=2.0))
    with pytest.raises(LimitExceeded, match="header states"):
        dec.decode_audio(files["source"].read_bytes())  # 2.5 s
    with pytest.raises(LimitExceeded):
        dec.decode_audio(files["mp3"].read_bytes())
    ok = fastmedia.Decoder(audio_limits=fastmedia.AudioLimits(max_duration_s=3.0))
    assert len(ok.decode_audio(files["source"].read_bytes()).samples) == N


def test_limits_enforced_while_decoding_when_the_header_is_silent(files, tmp_path):
    # Piped to a non-seekable output, ffmpeg leaves the WAV sizes unknown (0xFFFFFFFF).
    piped = subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-i", str(files["source"]), "-f", "wav", "-"],
        capture_output=True, check=True, timeout=60,
    ).stdout  # fmt: skip
    at = piped.index(b"data") + 4
    assert piped[at : at + 4] == b"\xff\xff\xff\xff"
    dec = fastmedia.Decoder(audio_limits=fastmedia.AudioLimits(max_duration_s=1.0))
    with pytest.raises(LimitExceeded, match="decoded audio passed"):
        dec.decode_audio(piped)
    by_bytes = fastmedia.Decoder(audio_limits=fastmedia.AudioLimits(max_bytes=200_000))
    with pytest.raises(LimitExceeded):
        by_bytes.decode_audio(piped)
    assert len(fastmedia.Decoder().decode_audio(piped).samples) == N


def test_a_wav_claiming_4_gib_does_not_allocate_it(tmp_path):
    """Decoded in a child process whose address space is capped at 3 GiB: allocating what the
    header claims would fail there."""
    x = np.sin(np.arange(16_000) / 10.0).astype(np.float32) * 0.5
    p = tmp_path / "liar.wav"
    p.write_bytes(wav_bytes(x, 16_000, data_size=0xFFFF_FFF0))
    code = (
        "import resource, sys, fastmedia\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
        "try:\n"
        "    a = fastmedia.Decoder(threads=1).decode_audio(open(sys.argv[1], 'rb').read())\n"
        "    print('ok', len(a.samples))\n"
        "except fastmedia.FastmediaError as e:\n"
        "    print('typed', type(e).__name__, e)\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(p)], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.startswith(("ok 16000", "typed LimitExceeded", "typed DecodeError")), r.stdout


def test_broken_inputs_raise_typed_errors(dec, files):
    mp3 = files["mp3"].read_bytes()
    cases = {
        "empty": b"",
        "random": np.random.default_rng(1).integers(0, 256, 50_000, dtype=np.uint8).tobytes(),
        "riff_then_random": b"RIFF\x00\x00\x01\x00WAVE"
        + np.random.default_rng(2).integers(0, 256, 50_000, dtype=np.uint8).tobytes(),
        "wav_header_only": wav_bytes(np.zeros(0, np.float32), 16_000)[:40],
    }
    for name, data in cases.items():
        with pytest.raises((DecodeError, UnsupportedFormat)):
            dec.decode_audio(data)
            pytest.fail(f"{name} decoded")
    # The LAME/Info header states the length: half the frames missing is a DecodeError.
    with pytest.raises(DecodeError, match="truncated"):
        dec.decode_audio(mp3[: len(mp3) // 2])
    # Flipped bytes in the middle: a typed error or samples of the stated length, no crash.
    flipped = bytearray(mp3)
    for i in range(5_000, len(flipped), 997):
        flipped[i] ^= 0x5A
    try:
        got = dec.decode_audio(bytes(flipped))
        assert abs(len(got.samples) - N) < 44_100
    except (DecodeError, UnsupportedFormat):
        pass


@pytest.mark.parametrize(
    "args,suffix",
    [(["-c:a", "libmp3lame"], ".mp3"), (["-c:a", "alac"], ".caf"), (["-c:a", "aac"], ".m4a")],
)
def test_short_files_decode_whole_not_as_truncated(dec, tmp_path, args, suffix):
    """A 0.2 s 8 kHz clip: the container's stated duration includes encoder delay and padding
    (MP3: 0.36 s; CAF's last ALAC packet: 0.51 s), which is no truncation. librosa reads
    them whole; so must we."""
    p = tmp_path / f"short{suffix}"
    ffmpeg("-f", "lavfi", "-i", "sine=frequency=440:duration=0.2:sample_rate=8000", *args, str(p))
    got = dec.decode_audio(p.read_bytes())
    want, sr = librosa.load(p, sr=None) if suffix != ".m4a" else (None, 8000)
    assert got.sample_rate == sr == 8000
    if want is not None:
        assert len(got.samples) == len(want)
    else:  # audioread's AAC path keeps the priming; the source length is what must come back
        assert abs(len(got.samples) - 1600) <= 1024


def test_unsupported_codecs_and_streams_are_named(dec, tmp_path, files):
    # WavPack in Matroska: a container fastmedia demuxes, a codec outside the served list
    # (rust/src/audio/decode.rs), so unsupported whichever FFmpeg is linked.
    wv = tmp_path / "x.mka"
    ffmpeg("-i", str(files["source"]), "-c:a", "wavpack", str(wv))
    with pytest.raises(UnsupportedFormat, match="unsupported audio codec: wavpack"):
        dec.decode_audio(wv.read_bytes())
    silent = tmp_path / "video_only.mp4"
    ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=1", "-c:v", "mpeg4",
           str(silent))  # fmt: skip
    with pytest.raises(UnsupportedFormat, match="no audio stream"):
        dec.decode_audio(silent.read_bytes())


def test_bad_arguments(dec, files):
    # Options out of range are the caller's mistake: ConfigError, not a DecodeError of the input.
    for sr in (0, -5):
        with pytest.raises(fastmedia.ConfigError, match="sample_rate") as ei:
            dec.decode_audio(files["source"].read_bytes(), sample_rate=sr)
        assert not isinstance(ei.value, DecodeError)
    with pytest.raises(TypeError):
        dec.decode_audio(12345)


# ---------------------------------------------------------------- the shared corpus


# The corpus's speech files, or on a fresh clone the suite's own (speech-like, every codec).
SPEECH = (
    sorted(p.name for p in AUDIO_CORPUS.glob("*"))
    if HAVE_CORPUS
    else ["mp3", "aac_m4a", "opus_ogg", "opus_webm", "vorbis", "flac_stereo", "wav_s16_mono_16k"]
)


@pytest.mark.parametrize("name", SPEECH)
def test_corpus_speech_matches_librosa(dec, files, name):
    path = AUDIO_CORPUS / name if HAVE_CORPUS else files[name]
    ref, sr = ref_load(path)
    au = dec.decode_audio(path.read_bytes())
    ref = trim_aac_padding(ref, au.samples, path.name)
    assert (au.sample_rate, au.samples.shape) == (sr, ref.shape)
    assert snr_db(ref, au.samples) >= 60, f"SNR {snr_db(ref, au.samples):.1f} dB"
    r16, _ = ref_load(path, sr=16_000)
    a16 = dec.decode_audio(path.read_bytes(), sample_rate=16_000)
    r16 = trim_aac_padding(r16, a16.samples, path.name)
    assert a16.samples.shape == r16.shape
    assert band_snr_db(r16, a16.samples, 16_000) >= 60


def test_corpus_phone_clip_aac_track(dec, corpus_video):
    path = corpus_video["h264_phone_rotate90_aac.mp4"]
    ref, sr = ref_load(path)
    au = dec.decode_audio(path.read_bytes())
    ref = trim_aac_padding(ref, au.samples, "aac")
    assert au.metadata["codec"] == "aac"
    assert (au.sample_rate, au.samples.shape) == (sr, ref.shape)
    assert snr_db(ref, au.samples) >= 60


@pytest.mark.parametrize("name", BROKEN_NAMES)
def test_corpus_broken_media(dec, corpus_broken, name):
    """Typed errors (or, for files that still hold audio, samples), never a crash or a hang."""
    must_fail = ("empty", "random_riff", "mp3_truncated", "wav_huge_data_size", "mp4_header_only",
                 "mp4_ftyp_then_random")  # fmt: skip
    path = corpus_broken[name]
    try:
        au = dec.decode_audio(path.read_bytes())
    except (DecodeError, UnsupportedFormat, LimitExceeded) as e:
        assert str(e)
        return
    assert not path.name.startswith(must_fail), f"{path.name} decoded to {au}"
    assert au.samples.size > 0 and np.isfinite(au.samples).all()
