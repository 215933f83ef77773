"""Process-wide state of the vLLM adapter: the fastmedia decoders (created lazily, shared by
every connector vLLM builds, one per request), the counters of which path served what, and
the URL policy put in front of vLLM's HTTP transport."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import socket
import threading
from typing import Any

import vllm.envs as envs

from fastmedia._internal.served import Served
from fastmedia.errors import ConfigError
from fastmedia.fetch.policy import UrlPolicy
from fastmedia.media.audio import AudioLimits
from fastmedia.media.decoder import Decoder, Limits

# Distinct rgba_background_color values served by their own image decoder (each has a pool);
# past this many, a request with yet another colour is decoded the parent's way.
MAX_IMAGE_DECODERS = 8

_lock = threading.Lock()
_image_decoders: dict[tuple[tuple[int, int, int], int | None], Decoder] = {}
_media_decoders: dict[tuple[float, int], Decoder] = {}
_served = Served()
count = _served.count
stats = _served.stats


def image_decoder(background: tuple[int, int, int], max_pixels: int | None) -> Decoder | None:
    """The decoder pasting transparency onto ``background`` and refusing images over
    ``max_pixels`` from the header; None once ``MAX_IMAGE_DECODERS`` exist for other keys."""
    key = (background, max_pixels)
    with _lock:
        dec = _image_decoders.get(key)
        if dec is None and len(_image_decoders) < MAX_IMAGE_DECODERS:
            dec = Decoder(
                channels="rgb",
                exif_orientation=True,
                background=background,
                limits=Limits(max_pixels=max_pixels),
            )
            _image_decoders[key] = dec
        return dec


def media_decoder() -> Decoder:
    """The decoder for video and audio, its audio bounded by vLLM's audio limits
    (``VLLM_MAX_AUDIO_DECODE_DURATION_S``, ``VLLM_MAX_AUDIO_DECODE_BYTES``)."""
    max_duration_s = float(envs.VLLM_MAX_AUDIO_DECODE_DURATION_S)
    max_bytes = int(envs.VLLM_MAX_AUDIO_DECODE_BYTES)
    key = (max_duration_s, max_bytes)
    with _lock:
        dec = _media_decoders.get(key)
        if dec is None:
            dec = Decoder(
                channels="rgb",
                audio_limits=AudioLimits(max_duration_s=max_duration_s, max_bytes=max_bytes),
            )
            _media_decoders[key] = dec
        return dec


POLICY_ENV = "FASTMEDIA_URL_POLICY"


@functools.lru_cache(maxsize=4)
def _policy_from(text: str) -> UrlPolicy | None:
    if text in ("", "off"):
        return None
    if text == "strict":
        return UrlPolicy()
    try:
        options = json.loads(text)
        if not isinstance(options, dict):
            raise TypeError("not a JSON object")
        return UrlPolicy(**options)
    except (ValueError, TypeError) as e:
        raise ConfigError(
            f"{POLICY_ENV} must be 'off', 'strict' or a JSON object of UrlPolicy's options, "
            f"got {text[:200]!r} ({e})"
        ) from None


def url_policy() -> UrlPolicy | None:
    """``FASTMEDIA_URL_POLICY``: unset or ``off``, vLLM's own URL rules only (its schemes,
    ``--allowed-media-domains``, local paths); ``strict``, fastmedia's ``UrlPolicy()`` in front
    of them as well; a JSON object, ``UrlPolicy(**object)`` (e.g. ``{"allow_private": true}``)."""
    return _policy_from(os.environ.get(POLICY_ENV, "").strip())


def _to_resolve(url: str) -> tuple[UrlPolicy, Any] | None:
    """The policy and the checked target whose host name's DNS answers are still to be checked;
    None when there is no policy, ``url`` is not http(s), or its host is an IP literal. Raises
    ``UrlRejected`` for what the policy refuses from the URL alone."""
    policy = url_policy()
    if policy is None or not (isinstance(url, str) and url[:4].lower() == "http"):
        return None
    target = policy.check_fetch(url)
    return None if target.ip is not None else (policy, target)


def _check_answers(policy: UrlPolicy, infos: list) -> None:
    for info in infos:
        policy.check_address(info[4][0])


def check_url(url: str) -> None:
    """Refuse an http(s) ``url`` the policy refuses (``UrlRejected``, a ``ValueError``: vLLM
    answers 400), its host's DNS answers included. vLLM's transport resolves the name again
    when it connects: a name that changes its answer in between is not caught here."""
    if (checked := _to_resolve(url)) is None:
        return
    policy, target = checked
    try:
        infos = socket.getaddrinfo(target.host, target.url.port, type=socket.SOCK_STREAM)
    except OSError:
        return  # no answer: vLLM's transport fails on it as it does without the policy
    _check_answers(policy, infos)


async def check_url_async(url: str) -> None:
    """``check_url`` without blocking the event loop on DNS."""
    if (checked := _to_resolve(url)) is None:
        return
    policy, target = checked
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(target.host, target.url.port, type=socket.SOCK_STREAM)
    except OSError:
        return
    _check_answers(policy, infos)
