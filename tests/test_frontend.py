"""The NIXL frontend: decode into registered memory, Dynamo descriptors, leases.

Every transfer here is real: a backend process (tests/frontend_reader_peer.py) reads the
frontend's registered memory with NIXL over UCX on loopback. No mocks.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import fastmedia
from tests.helpers import CORPUS, corpus_files, file_id, wait_until

HERE = Path(__file__).resolve().parent
PEER = HERE / "frontend_reader_peer.py"

pytestmark = pytest.mark.requires_nixl

FORMATS = [p for p in corpus_files("formats")]
PHOTO_PATH = CORPUS / "jpeg_640x480" / "astronaut.jpg"
PHOTO = PHOTO_PATH.read_bytes()


def read_in_backend(descs: list[dict], tmp_path: Path, mode: str = "batch") -> list[np.ndarray]:
    out = tmp_path / f"read-{time.monotonic_ns()}.npz"
    r = subprocess.run(
        [sys.executable, str(PEER), str(out), mode],
        input=json.dumps(descs),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, f"backend reader failed:\n{r.stdout}\n{r.stderr[-3000:]}"
    z = np.load(out)
    return [z[f"arr_{i}"] for i in range(len(descs))]


@pytest.fixture
def fe():
    f = fastmedia.Frontend(pool_bytes=256 << 20)
    yield f
    f.close()


@pytest.mark.parametrize("channels", ["native", "rgb"])
def test_two_process_round_trip_every_format(tmp_path, channels):
    """Every corpus format and channel count: what the backend reads over NIXL is exactly
    what a local decode gives."""
    datas = [p.read_bytes() for p in FORMATS]
    with fastmedia.Frontend(pool_bytes=256 << 20, channels=channels) as fe:
        ms = fe.decode_batch(datas)
        got = read_in_backend([m.descriptor for m in ms], tmp_path)
        ref = fastmedia.Decoder(channels=channels)
        seen_channels = set()
        for p, d, _m, a in zip(FORMATS, datas, ms, got, strict=True):
            want = ref.decode(d)
            assert a.shape == want.shape, file_id(p)
            assert np.array_equal(a, want), f"{file_id(p)}: pixels differ after the NIXL read"
            seen_channels.add(a.shape[2])
        if channels == "native":
            assert seen_channels == {1, 2, 3, 4}, seen_channels
        else:
            assert seen_channels == {3}


def test_per_image_reads_and_lease_ended_by_notification(fe, tmp_path):
    ms = [fe.decode(PHOTO) for _ in range(3)]
    before = fe.stats()["released_by_notification"]
    got = read_in_backend([m.descriptor for m in ms], tmp_path, mode="single")
    for a in got:
        assert np.array_equal(a, fastmedia.Decoder(channels="native").decode(PHOTO))
    assert wait_until(lambda: not any(m.live for m in ms)), (
        "the readers' notifications did not end the leases"
    )
    s = fe.stats()
    assert s["released_by_notification"] - before == 3
    assert s["leases_live"] == 0
    assert s["notifications_unmatched"] == 0


def test_descriptor_is_dynamo_shaped(fe):
    m = fe.decode(PHOTO)
    d = m.descriptor
    assert set(d) == {
        "nixl_metadata",
        "nixl_descriptor",
        "shape",
        "dtype",
        "metadata",
        "content_hash",
        "lease_key",
        "lease_check",
    }
    nd = d["nixl_descriptor"]
    assert nd["size"] == int(np.prod(d["shape"])) == m.array.nbytes
    assert nd["mem_type"] == "Dram" and nd["device_id"] == 0 and nd["addr"] > 0
    assert d["dtype"] == "UINT8"
    assert d["metadata"] == {"Image": {"format": "Jpeg", "color_type": "Rgb8", "layout": "HWC"}}
    assert d["content_hash"] == fastmedia.content_hash(m.array)
    assert len(d["content_hash"]) == 16 and int(d["content_hash"], 16) >= 0
    assert d["nixl_metadata"].startswith("b64:")
    assert m.item == {"Decoded": d}
    json.dumps(d)  # wire-safe
    r = fastmedia.rdma_metadata(d)
    assert r["operation_kind"] == 1 and r["notification_key"] == d["lease_key"]
    assert r["descriptors"] == [{"device": "cpu", "ptr": nd["addr"], "size": nd["size"]}]


def test_registration_and_metadata_never_change_while_the_pool_fills(tmp_path):
    """Default settings: the pool is registered once at start, so filling past the old 64 MiB
    slab size leaves one region, one metadata build and one metadata string; a reader that
    added the frontend once reads every image."""
    with fastmedia.Frontend() as fe:
        s0 = fe.stats()
        assert s0["metadata_builds"] == 1 and s0["regions"] == 1
        assert s0["pool_bytes_total"] >= s0["pool_bytes_limit"] == 1 << 30
        md0 = fe.nixl_metadata
        ms = fe.decode_batch([PHOTO] * 80)  # 80 x 0.9 MB: more than one old slab
        s = fe.stats()
        assert s["pool_bytes_in_use"] > 64 << 20
        assert {m.descriptor["nixl_metadata"] for m in ms} == {md0}
        assert s["metadata_builds"] == 1 and s["regions"] == 1
        got = read_in_backend([m.descriptor for m in ms[::20]], tmp_path)
        want = fastmedia.Decoder(channels="native").decode(PHOTO)
        assert all(np.array_equal(a, want) for a in got)
        assert fe.stats()["metadata_builds"] == 1


def test_pool_fills_until_pool_bytes_with_one_registration():
    one = 640 * 480 * 3
    page = 4096
    per = -(-one // page) * page
    with fastmedia.Frontend(pool_bytes=40 * per, acquire_timeout_s=0.2) as fe:
        ms = fe.decode_batch([PHOTO] * 40)
        s = fe.stats()
        assert s["pool_bytes_in_use"] == 40 * per == s["pool_bytes_limit"]
        assert s["metadata_builds"] == 1
        with pytest.raises(fastmedia.PoolExhausted):
            fe.decode(PHOTO)
        for m in ms:
            m.release()
        assert fe.stats()["pool_bytes_in_use"] == 0


def test_chunk_larger_than_the_old_slab_is_read_pixel_exact_in_another_process(tmp_path):
    """One image of 72 MB (more than the old 64 MiB slab) decodes into the pool and a Reader in
    another process READs it over NIXL, pixel-exact."""
    from PIL import Image

    h, w = 4800, 5000
    yy, xx = np.mgrid[0:h, 0:w]
    rgb = np.stack([(xx * 7) % 251, (yy * 3) % 253, (xx + yy) % 255], axis=-1).astype(np.uint8)
    path = tmp_path / "big.png"
    Image.fromarray(rgb).save(path, compress_level=1)
    data = path.read_bytes()
    del yy, xx
    with fastmedia.Frontend(pool_bytes=128 << 20) as fe:
        m = fe.decode(data)
        assert m.shape == (h, w, 3) and m.descriptor["nixl_descriptor"]["size"] > 64 << 20
        (got,) = read_in_backend([m.descriptor], tmp_path)
        assert got.shape == (h, w, 3)
        assert np.array_equal(got, rgb), "pixels differ after the NIXL read"
        assert wait_until(lambda: not m.live), "the reader's notification ends the lease"
        assert fe.stats()["metadata_builds"] == 1


def test_release_by_caller_and_chunk_reuse(fe):
    m1 = fe.decode(PHOTO)
    addr = m1.descriptor["nixl_descriptor"]["addr"]
    assert m1.live
    assert m1.release() is True
    assert m1.release() is False  # idempotent
    assert not m1.live
    s = fe.stats()
    assert s["released_by_caller"] == 1 and s["pool_bytes_in_use"] == 0
    m2 = fe.decode(PHOTO)
    assert m2.descriptor["nixl_descriptor"]["addr"] == addr, "a released chunk is reused"
    assert fe.stats()["chunks_reused"] >= 1
    m2.release()


def test_lease_ended_by_ttl():
    """TTL 120 s, reuse grace 5 s, on the frontend's lease clock, which the test moves."""
    with fastmedia.Frontend(pool_bytes=64 << 20, lease_ttl_s=120, reuse_grace_s=5) as fe:
        ms = fe.decode_batch([PHOTO] * 4)
        fe._core.advance_clock(119)
        assert all(m.live for m in ms) and fe.stats()["released_by_ttl"] == 0
        fe._core.advance_clock(2)
        assert not any(m.live for m in ms)
        s = fe.stats()
        assert s["released_by_ttl"] == 4 and s["leases_live"] == 0
        # Expired chunks come back only after the reuse grace.
        assert s["pool_bytes_in_use"] >= 4 * 640 * 480 * 3
        fe._core.advance_clock(4)
        assert fe.stats()["pool_bytes_in_use"] >= 4 * 640 * 480 * 3
        fe._core.advance_clock(2)
        assert fe.stats()["pool_bytes_in_use"] == 0
    with pytest.raises(fastmedia.ConfigError, match="reuse_grace_s"):
        fastmedia.Frontend(pool_bytes=8 << 20, reuse_grace_s=0)


def test_bad_frontend_arguments_are_config_errors():
    """Out-of-range settings are ConfigError (a ValueError), not PoolExhausted/DecodeError."""
    with pytest.raises(fastmedia.ConfigError, match="pool_bytes") as ei:
        fastmedia.Frontend(pool_bytes=100)
    assert not isinstance(ei.value, fastmedia.PoolExhausted)
    with pytest.raises(fastmedia.ConfigError, match="lease_ttl_s"):
        fastmedia.Frontend(pool_bytes=8 << 20, lease_ttl_s=-1)
    with pytest.raises(fastmedia.ConfigError, match="channels") as ei:
        fastmedia.Frontend(pool_bytes=8 << 20, channels="bgr")
    assert not isinstance(ei.value, fastmedia.DecodeError)


def _word(addr: int) -> int:
    import ctypes

    return ctypes.c_uint64.from_address(addr).value


def test_lease_word_tracks_the_lease_and_expired_chunks_wait_out_the_grace():
    """The lease word a reader checks equals the lease id while it lives and is cleared the
    moment the lease ends. A chunk whose lease expired (no notification, no release) is not
    reused before reuse_grace_s, so a READ in flight then still reads intact pixels; a
    released chunk is reused at once (the caller said the reads are over)."""
    with fastmedia.Frontend(pool_bytes=64 << 20, lease_ttl_s=120, reuse_grace_s=5) as fe:
        a, b = fe.decode(PHOTO), fe.decode(PHOTO)
        ca, cb = a.descriptor["lease_check"], b.descriptor["lease_check"]
        assert ca["id"] != cb["id"] and ca["addr"] != cb["addr"] and ca["addr"] % 8 == 0
        assert ca["grace_s"] == 5
        assert _word(ca["addr"]) == ca["id"] and _word(cb["addr"]) == cb["id"]
        b.release()
        assert _word(cb["addr"]) == 0, "the word is retracted when the lease ends"
        addr_a = a.descriptor["nixl_descriptor"]["addr"]
        addr_b = b.descriptor["nixl_descriptor"]["addr"]
        c = fe.decode(PHOTO)
        assert c.descriptor["nixl_descriptor"]["addr"] == addr_b, (
            "a released chunk is reused at once"
        )
        c.release()
        fe._core.advance_clock(121)  # a's TTL ends (the test moves the lease clock)
        assert not a.live
        assert _word(ca["addr"]) == 0
        d = fe.decode(PHOTO)
        assert d.descriptor["nixl_descriptor"]["addr"] != addr_a, (
            "an expired chunk was reused inside the grace"
        )
        d.release()
        fe._core.advance_clock(6)  # the grace passes
        assert fe.stats()["pool_bytes_in_use"] == 0
        e = fe.decode(PHOTO)
        assert e.descriptor["nixl_descriptor"]["addr"] in (addr_a, addr_b)
        assert _word(e.descriptor["lease_check"]["addr"]) == e.descriptor["lease_check"]["id"]


def test_local_array_view_pins_the_chunk(fe):
    m = fe.decode(PHOTO)
    a = m.array
    want = a.copy()
    assert not a.flags.writeable
    m.release()
    # The lease ended but the local view still holds the chunk: no reuse under it.
    other = fe.decode(PHOTO[:-1] + b"\xd9")  # different bytes, same image size
    assert other.descriptor["nixl_descriptor"]["addr"] != m.descriptor["nixl_descriptor"]["addr"]
    assert np.array_equal(a, want)
    assert fe.stats()["pool_bytes_in_use"] >= 2 * a.nbytes
    del a
    m._array = None
    assert wait_until(lambda: fe.stats()["pool_bytes_in_use"] < 2 * want.nbytes)
    # Once the lease ended and the view is gone, the pixels are no longer reachable.
    with pytest.raises(BufferError):
        memoryview(m._m)
    other.release()


def test_full_pool_blocks_then_raises_pool_exhausted():
    one = 640 * 480 * 3
    with fastmedia.Frontend(pool_bytes=2 * 1024 * 1024, acquire_timeout_s=0.3) as fe:
        _held = fe.decode(PHOTO), fe.decode(PHOTO)
        assert fe.stats()["pool_bytes_in_use"] >= 2 * one
        t0 = time.monotonic()
        with pytest.raises(fastmedia.PoolExhausted, match="readers have not released"):
            fe.decode(PHOTO)
        assert time.monotonic() - t0 >= 0.25, "PoolExhausted before waiting acquire_timeout_s"
    # A waiter gets the chunk as soon as a lease ends.
    with fastmedia.Frontend(pool_bytes=2 * 1024 * 1024, acquire_timeout_s=600) as fe:
        a, _b = fe.decode(PHOTO), fe.decode(PHOTO)
        with concurrent.futures.ThreadPoolExecutor(1) as ex:
            fut = ex.submit(fe.decode, PHOTO)
            assert wait_until(lambda: fe.stats()["acquire_waits"] == 1), "decode did not wait"
            assert not fut.done()
            a.release()
            c = fut.result(timeout=60)
        assert c.descriptor["nixl_descriptor"]["addr"] == a.descriptor["nixl_descriptor"]["addr"]
        assert fe.stats()["acquire_waits"] == 1
        # Memory in flight never exceeds pool_bytes.
        assert fe.stats()["pool_bytes_in_use"] <= 2 * 1024 * 1024


def test_image_larger_than_pool_fails_at_once():
    with fastmedia.Frontend(pool_bytes=512 * 1024, acquire_timeout_s=600) as fe:
        with pytest.raises(fastmedia.PoolExhausted, match="can never fit"):
            fe.decode(PHOTO)  # refused before any wait (a wait would say "no room ... within")
        assert fe.stats()["acquire_waits"] == 0


def test_decode_errors_return_their_chunk(fe):
    bad = PHOTO[: len(PHOTO) // 2]
    with pytest.raises(fastmedia.DecodeError):
        fe.decode(bad)
    res = fe.decode_batch([PHOTO, b"not an image", bad], return_exceptions=True)
    assert isinstance(res[0], fastmedia.DecodedMedia)
    assert isinstance(res[1], fastmedia.UnsupportedFormat)
    assert isinstance(res[2], fastmedia.DecodeError)
    res[0].release()
    assert fe.stats()["pool_bytes_in_use"] == 0, "a failed decode leaked its chunk"
    with pytest.raises(fastmedia.DecodeError):
        fe.decode_batch([PHOTO, b"junk"])


def test_decode_async(fe):
    async def main():
        ms = await asyncio.gather(*(fe.decode_async(PHOTO) for _ in range(4)))
        return ms

    ms = asyncio.run(main())
    assert all(m.shape == (480, 640, 3) for m in ms)
    assert len({m.descriptor["nixl_descriptor"]["addr"] for m in ms}) == 4


def test_closed_frontend_refuses_work():
    fe = fastmedia.Frontend(pool_bytes=16 << 20)
    m = fe.decode(PHOTO)
    a = m.array
    fe.close()
    fe.close()  # idempotent
    with pytest.raises(fastmedia.ClosedError):
        fe.decode(PHOTO)
    assert a.shape == (480, 640, 3) and int(a.sum()) > 0  # local view still valid


def test_agent_name_is_configurable_and_unique():
    with fastmedia.Frontend(pool_bytes=8 << 20, agent_name="fm-test-agent") as fe:
        m = fe.decode(PHOTO)
        assert fe.agent_name == "fm-test-agent"
        assert m.lease_key.startswith("fm1:fm-test-agent:")
    with fastmedia.Frontend(pool_bytes=8 << 20) as f1, fastmedia.Frontend(pool_bytes=8 << 20) as f2:
        assert f1.agent_name != f2.agent_name


def test_without_nixl_import_and_decode_work_and_frontend_raises(tmp_path):
    """NIXL hidden (its packages made unimportable): fastmedia imports, decodes, and
    Frontend raises NixlUnavailable with the install command instead of aborting."""
    code = f"""
import sys, importlib.abc
class Hide(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0].startswith('nixl'):
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Hide())
import fastmedia
arr = fastmedia.Decoder().decode(open({str(PHOTO_PATH)!r}, 'rb').read())
assert arr.shape == (480, 640, 3)
try:
    fastmedia.Frontend()
except fastmedia.NixlUnavailable as e:
    assert 'pip install --no-deps nixl' in str(e), e
    print('NIXL_UNAVAILABLE_OK')
"""
    env = dict(os.environ)
    env.pop("FASTMEDIA_NIXL_CAPI", None)
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert r.returncode == 0, r.stderr[-3000:]
    assert "NIXL_UNAVAILABLE_OK" in r.stdout


@pytest.mark.loopback_only  # the URL policy is loosened: run in a loopback-only netns
def test_frontend_fetches_urls_into_registered_memory(tmp_path):
    """With a fetcher, http(s) URLs decode into the pool; a failed fetch lands in its slot."""
    import http.server
    import socketserver

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/a.jpg":
                self.send_response(200)
                self.send_header("Content-Type", "image/jpeg")
                self.send_header("Content-Length", str(len(PHOTO)))
                self.end_headers()
                self.wfile.write(PHOTO)
            else:
                self.send_error(404)

        def log_message(self, *a):
            pass

    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    pol = fastmedia.UrlPolicy(
        allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True
    )
    fx = fastmedia.Fetcher(policy=pol, timeout_s=10)
    try:
        with fastmedia.Frontend(pool_bytes=64 << 20, fetcher=fx) as fe:
            res = fe.decode_batch(
                [f"{base}/a.jpg", f"{base}/missing.jpg", PHOTO], return_exceptions=True
            )
            assert isinstance(res[0], fastmedia.DecodedMedia) and isinstance(
                res[2], fastmedia.DecodedMedia
            )
            assert isinstance(res[1], fastmedia.FetchError) and res[1].status == 404
            assert np.array_equal(res[0].array, res[2].array)
            with pytest.raises(fastmedia.FetchError):
                fe.decode_batch([f"{base}/missing.jpg"])
            got = asyncio.run(fe.decode_batch_async([f"{base}/a.jpg", PHOTO]))
            assert all(isinstance(m, fastmedia.DecodedMedia) for m in got)
            # The default policy refuses the loopback server without connecting.
            with fastmedia.Frontend(pool_bytes=16 << 20, fetcher=fastmedia.Fetcher()) as strict:
                with pytest.raises(fastmedia.UrlRejected):
                    strict.decode(f"{base}/a.jpg")
    finally:
        fx.close()
        srv.shutdown()
