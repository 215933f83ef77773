"""A user's strictly typed script: checked (never run) with ``mypy --strict`` by .ci/test
(``mypy --config-file tests/typing/mypy.ini tests/typing``). It pins the public types: batch
results with and without ``return_exceptions``, ``Literal`` options, ``Reader.read``, and the
context managers. A ``type: ignore`` here marks a call that must stay a type error (mypy
reports an ignore that is no longer needed)."""

from __future__ import annotations

import asyncio
from typing import Any

import numpy as np

import fastmedia

Array = np.ndarray[Any, Any]


def images(data: list[bytes]) -> list[Array]:
    with fastmedia.Decoder(threads=2, channels="native", limits={"max_pixels": 10**7}) as dec:
        arrays: list[Array] = dec.decode_batch(data)
        mixed: list[Array | BaseException] = dec.decode_batch(data, return_exceptions=True)
        one: Array = dec.decode(np.frombuffer(data[0], dtype=np.uint8))
        shape = dec.decode_batch(data, return_exceptions=True)[0].shape  # type: ignore[union-attr]
        del shape
        return [*arrays, *(m for m in mixed if not isinstance(m, BaseException)), one]


def clips(data: list[bytes]) -> list[fastmedia.VideoClip]:
    dec = fastmedia.Decoder()
    clip = dec.decode_video(data[0], num_frames=8, sampling="qwen3_vl")
    dec.decode_video(data[0], sampling="linear")  # type: ignore[arg-type]
    dec.close()
    return [clip]


async def serve(data: list[bytes]) -> list[dict[str, Any]]:
    with fastmedia.Frontend(pool_bytes=1 << 28, decoder=fastmedia.Decoder(threads=2)) as fe:
        media: list[fastmedia.DecodedMedia] = await fe.decode_batch_async(data)
        videos = await fe.decode_video_batch_async(data, num_frames=4, return_exceptions=True)
        audio: list[fastmedia.DecodedAudio] = await fe.decode_audio_batch_async(data)
        done = [m.descriptor for m in media]
        done += [v.descriptor for v in videos if not isinstance(v, BaseException)]
        return done + [a.descriptor for a in audio]


def read(descs: list[dict[str, Any]]) -> Array:
    with fastmedia.Reader(timeout_s=5.0) as rd:
        first: Array = rd.read(descs[0])
        as_pil: Any = rd.read(descs[0], output="pil")
        rd.read(descs[0], output="jpeg")  # type: ignore[call-overload]
        batch: list[Array] = rd.read_batch(descs)
        del as_pil
        return batch[0] if batch else first


if __name__ == "__main__":
    asyncio.run(serve([]))
