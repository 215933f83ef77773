"""A Dynamo 1.6.1 worker that reads its media with ``fastmedia.dynamo``'s loaders and records
what it read, for checking (started by ``fastmedia.demo._deploy``; Dynamo's own Rust
frontend decodes the images).

For each request it writes ``<results>/<nonce>.json`` (the nonce: the digits of the prompt)
before it answers: per image, video and audio item the shape (the values the loaders returned
go to ``<nonce>.image0.npy``, ``raw0`` the frontend's pixels, ``video0``, ``audio0``...), each
``Decoded`` descriptor's shape and ``content_hash``, the read time, the reader's counters, or
the error. Prompt words steer it: ``save`` keeps the request's
``Decoded`` items, ``stale`` reads the kept ones again (after their request ended), with the
loader and, unverified, with a plain ``Reader(verify_hash=False)``.
A loader error is raised as Dynamo's handlers raise it: Dynamo's bindings turn its type
into the HTTP status (``HttpStatusError.status``; ``ValueError``: 400; others: 500).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
import traceback
from pathlib import Path
from typing import Any

import numpy as np
from dynamo.llm import (
    MediaDecoder,
    MediaFetcher,
    ModelInput,
    ModelType,
    WorkerType,
    register_llm,
)
from dynamo.runtime import DistributedRuntime
from tokenizers import Tokenizer

from fastmedia.dynamo import AudioLoader, ImageLoader, VideoLoader
from fastmedia.dynamo._compat import HttpStatusError, UrlValidationError, UrlValidationPolicy
from fastmedia.media.decoder import content_hash


def status_of(e: BaseException) -> int:
    """The status Dynamo's handlers give a loader error: its own 4xx, else 400 for the
    user's URL or media, else 500."""
    if isinstance(e, HttpStatusError):
        return int(e.status)
    if isinstance(e, (UrlValidationError, ValueError)):
        return 400
    return 500


class Handler:
    def __init__(self, model_dir: str, results: Path) -> None:
        self.tok = Tokenizer.from_file(os.path.join(model_dir, "tokenizer.json"))
        self.ok_id = self.tok.token_to_id("ok")
        self.results = results
        local = UrlValidationPolicy(allow_http=True, allow_private_ips=True)
        self.images = ImageLoader(enable_frontend_decoding=True, url_policy=local)
        # The loaders share one NIXL reader (one agent per process).
        reader = self.images._media.reader
        self.videos = VideoLoader(num_frames=4, url_policy=local, reader=reader)
        self.audios = AudioLoader(url_policy=local, reader=reader)
        self.saved: list[dict] = []
        self.reads = 0

    async def work(self, nonce: str, words: list[str], mm: dict) -> dict:
        out: dict[str, Any] = {"images": [], "videos": [], "audios": []}
        items = mm.get("image_url") or []
        if "stale" in words:
            items = self.saved
        out["variants"] = [next(iter(i)) if isinstance(i, dict) else None for i in items]
        out["descriptors"] = [
            {"shape": i["Decoded"].get("shape"), "content_hash": i["Decoded"].get("content_hash")}
            for i in items
            if isinstance(i, dict) and "Decoded" in i
        ]
        if items:
            t0 = time.perf_counter()
            images = await self.images.load_image_batch(items)
            if all("Decoded" in i for i in items):  # a NIXL read only: its latency
                out["read_s"] = time.perf_counter() - t0
                out["read_index"] = self.reads
                self.reads += 1
            out["images"] = []
            for k, im in enumerate(images):
                a = np.asarray(im)
                np.save(self.results / f"{nonce}.image{k}.npy", a)
                out["images"].append({"shape": list(a.shape)})
            descs = [i["Decoded"] for i in items if "Decoded" in i]
            if descs:  # the same descriptors again, raw: what the frontend decoded
                reader = self.images._media.reader
                assert reader is not None  # enable_frontend_decoding built it
                raw = await reader.read_batch_async(descs)
                out["raw"] = []
                for k, a in enumerate(raw):
                    np.save(self.results / f"{nonce}.raw{k}.npy", a)
                    out["raw"].append({"shape": list(a.shape), "content_hash": content_hash(a)})
        if "save" in words:
            self.saved = [i for i in items if "Decoded" in i]
        videos = mm.get("video_url") or []
        out["variants_videos"] = [next(iter(i)) for i in videos]
        if videos:
            got = await self.videos.load_video_batch(videos)
            out["videos"] = [{"shape": list(f.shape)} for f, _ in got]
            for k, (f, _) in enumerate(got):
                np.save(self.results / f"{nonce}.video{k}.npy", f)
        audios = mm.get("audio_url") or []
        out["variants_audios"] = [next(iter(i)) for i in audios]
        if audios:
            waves = await self.audios.load_audio_batch(audios)
            out["audios"] = [{"shape": list(w.shape), "sr": sr} for w, sr in waves]
            for k, (w, _) in enumerate(waves):
                np.save(self.results / f"{nonce}.audio{k}.npy", w)
        return out

    async def unverified_read(self) -> list[dict]:
        """The kept descriptors read raw, ``content_hash`` not checked (what a plain NIXL
        read hands out): per item, the hash of what came back, or the error."""
        from fastmedia.transfer.reader import Reader

        out: list[dict] = []
        with Reader(verify_hash=False) as rd:
            for item in self.saved:
                try:
                    (a,) = await rd.read_batch_async([item["Decoded"]])
                    out.append({"content_hash": content_hash(a)})
                except Exception as e:
                    out.append({"error": type(e).__name__, "message": str(e)[:300]})
        return out

    async def generate(self, request: dict, context: Any = None):
        ids = request.get("token_ids") or []
        words = [self.tok.id_to_token(i) or "" for i in ids]
        nonce = "".join(w for w in words if w.isdigit()) or "none"
        mm = request.get("multi_modal_data") or {}
        record: dict[str, Any] = {"nonce": nonce, "words": words, "mm_keys": sorted(mm)}
        error: BaseException | None = None
        try:
            record.update(await self.work(nonce, words, mm))
        except Exception as e:  # recorded, then answered with Dynamo's status
            error = e
            record["error"] = {
                "type": type(e).__name__,
                "module": type(e).__module__,
                "status": status_of(e),
                "message": str(e)[:500],
                "trace": traceback.format_exc()[-2000:],
            }
        if "stale" in words and self.saved:
            record["unverified"] = await self.unverified_read()
        reader = self.images._media.reader
        record["reader"] = reader.stats() if reader is not None else {}
        tmp = self.results / f".{nonce}.tmp"
        tmp.write_text(json.dumps(record))
        tmp.rename(self.results / f"{nonce}.json")
        if error is not None and "stale" not in words:
            raise error  # as Dynamo's handlers do: its bindings map the type to a status
        yield {
            "token_ids": [self.ok_id],
            "index": 0,
            "finish_reason": "stop",
            "completion_usage": {
                "prompt_tokens": len(ids),
                "completion_tokens": 1,
                "total_tokens": len(ids) + 1,
            },
        }


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model-dir", required=True)
    ap.add_argument("--model-name", required=True)
    ap.add_argument("--namespace", default="dynamo")
    ap.add_argument("--results", required=True)
    args = ap.parse_args()
    loop = asyncio.get_running_loop()
    runtime = DistributedRuntime(loop, "file", "tcp")
    handler = Handler(args.model_dir, Path(args.results))
    decoder = MediaDecoder()
    decoder.enable_image({"limits": {"max_alloc": 256 << 20}})
    fetcher = MediaFetcher()
    fetcher.allow_private_ips(True)
    fetcher.allow_direct_ip(True)
    fetcher.allow_direct_port(True)
    # Two models on two endpoints: ``<name>`` with the frontend decoding images (Decoded
    # items), ``<name>-urls`` without a media decoder (every item a Url). Both need the
    # fetcher's policy: the frontend checks URLs (127.0.0.1 here) even when it passes them on.
    endpoint = runtime.endpoint(f"{args.namespace}.backend.generate")
    url_endpoint = runtime.endpoint(f"{args.namespace}.backend_urls.generate")
    for ep, name, media in (
        (endpoint, args.model_name, {"media_decoder": decoder, "media_fetcher": fetcher}),
        (url_endpoint, args.model_name + "-urls", {"media_fetcher": fetcher}),
    ):
        await register_llm(
            ModelInput.Tokens,
            ModelType.Chat | ModelType.Completions,
            ep,
            args.model_dir,
            name,
            worker_type=WorkerType.Aggregated,
            **media,
        )
    print("worker: registered", flush=True)
    try:
        await asyncio.gather(
            endpoint.serve_endpoint(handler.generate),
            url_endpoint.serve_endpoint(handler.generate),
        )
    finally:
        await handler.images.aclose()
        await handler.videos.aclose()
        await handler.audios.aclose()


if __name__ == "__main__":
    asyncio.run(main())
