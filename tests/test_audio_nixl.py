"""Audio through registered memory: Frontend.decode_audio -> descriptor -> a backend process
reads it over NIXL, with fastmedia's Reader and with Dynamo's AudioLoader Decoded path (see
tests/audio_reader_peer.py). Both must hand vLLM the same waveform and rate."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from tests.audio_fixtures import make_all
from tests.helpers import wait_until

HERE = Path(__file__).resolve().parent
PEER = HERE / "audio_reader_peer.py"

pytestmark = pytest.mark.requires_nixl


def vllm_normalize_to_mono(audio: np.ndarray) -> np.ndarray:
    """vLLM's ``normalize_audio(audio, MONO_AUDIO_SPEC)`` (vllm/multimodal/audio.py),
    re-implemented: 1-D passes; 2-D with shape[0] > shape[1] is (time, channels) and is
    transposed; one channel is returned as it is ([1, N]), more are averaged."""
    if audio.ndim == 1:
        return audio
    if audio.shape[0] > audio.shape[1]:
        audio = audio.T
    if audio.shape[0] == 1:
        return audio
    return np.mean(audio, axis=0)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return make_all(tmp_path_factory.mktemp("audio_nixl"))


@pytest.fixture
def fe():
    f = fastmedia.Frontend(pool_bytes=128 << 20)
    yield f
    f.close()


def read_in_backend(descs: list[dict], tmp_path: Path) -> dict:
    out = tmp_path / f"audio-{time.monotonic_ns()}.npz"
    r = subprocess.run(
        [sys.executable, str(PEER), str(out)],
        input=json.dumps(descs),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, f"backend reader failed:\n{r.stdout}\n{r.stderr[-3000:]}"
    return dict(np.load(out))


def test_two_process_read_matches_the_decoder_and_dynamos_loader(fe, files, tmp_path):
    dec = fastmedia.Decoder()
    cases = [
        (files["mp3"], {}),  # mono, native 44.1 kHz
        (files["flac_stereo"], {"mono": False}),  # [2, N]
        (files["aac_m4a"], {"sample_rate": 16_000}),
        (files["wav_s16_mono_16k"], {"mono": False}),  # a mono file stays [N]
    ]
    media = [fe.decode_audio(p.read_bytes(), **kw) for p, kw in cases]
    descs = [m.descriptor for m in media]
    for m, d in zip(media, descs, strict=True):
        n, c = m.shape
        assert d["dtype"] == "FLOAT32" and d["shape"] == [n, c]
        assert d["nixl_descriptor"]["size"] == n * c * 4
        assert d["metadata"]["sample_rate"] == m.sample_rate and d["metadata"]["layout"] == "NC"
        json.dumps(d)  # JSON-serialisable as sent over the wire
    got = read_in_backend(descs, tmp_path)
    for i, ((path, kw), m) in enumerate(zip(cases, media, strict=True)):
        want = dec.decode_audio(path.read_bytes(), **kw)
        samples, sr = got[f"fm_{i}"], int(got[f"fm_sr_{i}"])
        # fastmedia's reader: exactly what Decoder.decode_audio gave, in librosa's layout.
        assert sr == want.sample_rate
        assert samples.shape == want.samples.shape and np.array_equal(samples, want.samples)
        # Dynamo's loader: the same samples channels-last ([N, C], every channel kept by
        # array[..., :3] for C <= 3) and the same rate; vLLM's normalize_audio turns both
        # into the identical mono waveform the model hears.
        wave, dsr = got[f"dynamo_{i}"], float(got[f"dynamo_sr_{i}"])
        assert dsr == float(sr)
        assert wave.shape == (len(samples.T), m.shape[1])
        assert np.array_equal(wave, samples.reshape(len(samples), 1) if samples.ndim == 1
                              else samples.T)  # fmt: skip
        # (For one channel vLLM keeps Dynamo's [N, 1] as [1, N]: same samples, one more axis.)
        from_dynamo, from_fm = vllm_normalize_to_mono(wave), vllm_normalize_to_mono(samples)
        assert np.array_equal(from_dynamo.reshape(-1), from_fm)
    # fastmedia's reads notified the frontend with each lease key: every lease ended.
    assert wait_until(lambda: not any(m.live for m in media))


def test_local_views_batch_async_and_errors(fe, files):
    dec = fastmedia.Decoder()
    data = [files["vorbis"].read_bytes(), b"nope, not audio", files["aiff"].read_bytes()]
    out = fe.decode_audio_batch(data, return_exceptions=True, mono=False)
    assert isinstance(out[1], fastmedia.UnsupportedFormat)
    for i in (0, 2):
        want = dec.decode_audio(data[i], mono=False).samples
        assert isinstance(out[i], fastmedia.DecodedAudio)
        assert isinstance(out[i], fastmedia.DecodedMedia)
        assert np.array_equal(out[i].samples, want)
        assert out[i].array.shape == (want.shape[-1], want.shape[0])
    a = asyncio.run(fe.decode_audio_async(data[2], sample_rate=8000))
    assert np.array_equal(a.samples, dec.decode_audio(data[2], sample_rate=8000).samples)
    # A failed decode takes no lease; released ones end at once.
    with pytest.raises(fastmedia.UnsupportedFormat):
        fe.decode_audio(data[1])
    assert fe.stats()["leases_live"] == 3
    for m in (*out[0::2], a):
        assert m.release()
    assert fe.stats()["leases_live"] == 0


def test_reader_refuses_non_audio_descriptors_before_any_transfer(fe, files):
    m = fe.decode_audio(files["mp3"].read_bytes())
    d = dict(m.descriptor)
    with fastmedia.Reader() as rd:
        for bad in (
            {**d, "dtype": "UINT8"},
            {**d, "shape": [d["shape"][0] * d["shape"][1]]},
            {**d, "metadata": {"codec": "mp3"}},
        ):
            with pytest.raises(fastmedia.DescriptorError):
                rd.read_audio(bad)
    assert m.live  # nothing was read, the lease is untouched


def test_media_loader_loads_decoded_and_url_items(fe, files):
    dec = fastmedia.Decoder()
    raw = files["opus_ogg"].read_bytes()
    m = fe.decode_audio(raw)
    url = "data:audio/ogg;base64," + __import__("base64").b64encode(raw).decode()
    loader = fastmedia.MediaLoader()
    got = asyncio.run(loader.load_audio_batch([{"Decoded": m.descriptor}, {"Url": url}]))
    want = dec.decode_audio(raw).samples
    for samples, sr in got:
        assert sr == 48_000 and np.array_equal(samples, want)
    loader.reader.close()
