"""Fetch + decode throughput: fastmedia (Fetcher + Decoder) vs aiohttp + Pillow.

Run:  python benches/bench_fetch.py [--folder DIR] [--images 64] [--rounds 7]

A local HTTP server (aiohttp.web, in a separate process, like a remote image store) serves
--images URLs cycling over the files of DIR (default: jpeg_1920x1080 of $FASTMEDIA_CORPUS, else
tests/fixtures/jpeg_mosaic_1920x1080). In this process, one after the other, each pipeline
fetches all URLs concurrently and decodes them to RGB arrays:

- fastmedia: ``Decoder(fetcher=Fetcher(...)).decode_batch_async(urls)``: fetch on the
  Fetcher's loop thread, each body decoded in Rust (GIL released) as soon as it arrives;
- peer: one ``aiohttp.ClientSession`` with ``asyncio.gather``, each body decoded with
  Pillow ``convert("RGB")`` in a 2-thread pool as soon as it arrives.

Prints the median images/s of --rounds interleaved timed rounds (after a warm-up) and\nthe ratios.
Other pipelines (e.g. a Frontend that also registers the pixels) plug in through
``bench_pipelines({name: decode_many, ...}, urls, rounds)``, where ``decode_many`` is an async
callable ``list[str] -> list[results]``.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import io
import os
import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DecodeMany = Callable[[Sequence[str]], Awaitable[list]]


def default_folder() -> Path:
    env = os.environ.get("FASTMEDIA_CORPUS")
    for cand in (
        Path(env) / "jpeg_1920x1080" if env else None,
        REPO / "tests" / "fixtures" / "jpeg_mosaic_1920x1080",
    ):
        if cand is None:
            continue
        if cand.is_dir() and any(cand.iterdir()):
            return cand
    raise SystemExit("no images: pass --folder DIR")


# --------------------------------------------------------------------------- pipelines


def _check(name: str, urls: Sequence[str], out: list) -> None:
    import numpy as np

    assert len(out) == len(urls), name
    for r in out:
        if isinstance(r, BaseException):
            raise r
        assert isinstance(r, np.ndarray) and r.ndim == 3, (name, type(r))


async def bench_pipelines(
    pipelines: dict[str, DecodeMany], urls: Sequence[str], rounds: int
) -> dict[str, float]:
    """Median images/s of each ``decode_many(urls)``, after one warm-up each.

    Rounds are interleaved (A, B, A, B, ...) so that load from elsewhere on the machine
    falls on every pipeline alike. Every result must be an image array (an exception in
    a slot fails the bench)."""
    for name, fn in pipelines.items():
        _check(name, urls, await fn(urls))  # warm-up: connections, pools, buffers
    rates: dict[str, list[float]] = {name: [] for name in pipelines}
    for _ in range(rounds):
        for name, fn in pipelines.items():
            t0 = time.perf_counter()
            out = await fn(urls)
            dt = time.perf_counter() - t0
            _check(name, urls, out)
            del out
            rates[name].append(len(urls) / dt)
    med = {}
    for name, rs in rates.items():
        med[name] = statistics.median(rs)
        print(
            f"  {name:<38} {med[name]:8.1f} images/s   (min {min(rs):.1f}, max {max(rs):.1f})",
            flush=True,
        )
    if len(rates) > 1:
        first, *others = rates
        for o in others:
            per_round = [a / b for a, b in zip(rates[first], rates[o], strict=True)]
            print(
                f"  per-round ratio {first} / {o}: median {statistics.median(per_round):.2f}x",
                flush=True,
            )
    return med


async def bench_pipeline(
    name: str, decode_many: DecodeMany, urls: Sequence[str], rounds: int
) -> float:
    """Median images/s of one pipeline (see ``bench_pipelines``)."""
    return (await bench_pipelines({name: decode_many}, urls, rounds))[name]


def fastmedia_pipeline(threads: int | None):
    import fastmedia

    pol = fastmedia.UrlPolicy(
        allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True
    )
    fx = fastmedia.Fetcher(policy=pol)
    dec = fastmedia.Decoder(threads=threads, fetcher=fx)

    async def decode_many(urls):
        return await dec.decode_batch_async(urls)

    return decode_many, fx.close


def frontend_pipeline(threads: int | None):
    """Fetch + decode straight into NIXL-registered memory (what a serving frontend does)."""
    import fastmedia

    pol = fastmedia.UrlPolicy(
        allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True
    )
    fx = fastmedia.Fetcher(policy=pol)
    fe = fastmedia.Frontend(
        decoder=fastmedia.Decoder(threads=threads), fetcher=fx, channels="rgb", pool_bytes=1 << 30
    )

    async def decode_many(urls):
        ms = await fe.decode_batch_async(urls)
        out = [m.array for m in ms]  # the local view keeps the chunk until it is dropped
        for m in ms:
            m.release()
        return out

    def close():
        fe.close()
        fx.close()

    return decode_many, close


def aiohttp_pillow_pipeline(threads: int):
    import aiohttp
    import numpy as np
    from PIL import Image

    pool = concurrent.futures.ThreadPoolExecutor(threads)
    state: dict = {}

    def pil_decode(body: bytes):
        with Image.open(io.BytesIO(body)) as im:
            return np.asarray(im.convert("RGB"))

    async def one(session, url):
        async with session.get(url) as resp:
            resp.raise_for_status()
            body = await resp.read()
        return await asyncio.get_running_loop().run_in_executor(pool, pil_decode, body)

    async def decode_many(urls):
        if "session" not in state:
            state["session"] = aiohttp.ClientSession()
        return await asyncio.gather(*(one(state["session"], u) for u in urls))

    async def aclose():
        if "session" in state:
            await state["session"].close()
        pool.shutdown()

    return decode_many, aclose


# --------------------------------------------------------------------------- main


async def fetch_only(urls: list[str], rounds: int) -> None:
    """The price of the policy: Fetcher.fetch_many vs a bare aiohttp gather, bodies only."""
    import aiohttp

    import fastmedia

    pol = fastmedia.UrlPolicy(
        allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True
    )
    fx = fastmedia.Fetcher(policy=pol)
    session = aiohttp.ClientSession()

    async def bare(us):
        async def one(u):
            async with session.get(u) as resp:
                return await resp.read()

        return await asyncio.gather(*(one(u) for u in us))

    rates: dict[str, list[float]] = {"fastmedia Fetcher.fetch_many": [], "bare aiohttp": []}
    fns = {"fastmedia Fetcher.fetch_many": fx.fetch_many, "bare aiohttp": bare}
    try:
        for fn in fns.values():  # warm-up
            await fn(urls)
        for _ in range(rounds):
            for name, fn in fns.items():
                t0 = time.perf_counter()
                out = await fn(urls)
                rates[name].append(len(urls) / (time.perf_counter() - t0))
                assert all(isinstance(b, (bytes, bytearray)) and b for b in out), name
    finally:
        await session.close()
        await fx.aclose()
    for name, rs in rates.items():
        print(f"  {name:<38} {statistics.median(rs):8.1f} images/s (fetch only)")


async def run(urls: list[str], rounds: int, threads: int) -> dict[str, float]:
    fm, fm_close = fastmedia_pipeline(threads)
    peer, peer_close = aiohttp_pillow_pipeline(threads)
    pipelines = {"fastmedia Fetcher + Decoder": fm}
    fe_close = None
    try:
        from fastmedia.transfer._nixl import find_capi_library, nixl_available

        if nixl_available() and find_capi_library():
            fe, fe_close = frontend_pipeline(threads)
            pipelines = {"fastmedia Fetcher + Frontend (registered)": fe, **pipelines}
        else:
            print("  NIXL not installed: the Frontend pipeline is left out", flush=True)
        pipelines[f"aiohttp + Pillow ({threads} threads)"] = peer
        out = await bench_pipelines(pipelines, urls, rounds)
        await fetch_only(urls, rounds)
    finally:
        fm_close()
        if fe_close:
            fe_close()
        await peer_close()
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folder", type=Path, default=None)
    ap.add_argument("--images", type=int, default=64)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2, help="decode threads, both sides")
    args = ap.parse_args(argv)
    from common import FileServer, versions

    print(versions("aiohttp", "pillow"))
    folder = args.folder or default_folder()
    server = FileServer(folder)
    try:
        urls = server.urls(args.images)
        sizes = sorted({p.stat().st_size for p in folder.iterdir() if p.is_file()})
        print(
            f"fetch + decode: {args.images} URLs over {len(sizes)} files of {folder} "
            f"({min(sizes) // 1024}-{max(sizes) // 1024} KiB), server in a separate "
            f"process, {os.cpu_count()} CPUs, median of {args.rounds} rounds",
            flush=True,
        )
        res = asyncio.run(run(urls, args.rounds, args.threads))
    finally:
        server.close()
    *ours, peer = list(res)
    for name in ours:
        print(f"  ratio {name} / {peer}: {res[name] / res[peer]:.2f}x")


if __name__ == "__main__":
    main()
