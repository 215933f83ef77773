"""Dynamo's own policy and exception types when ``ai-dynamo`` is installed, else look-alikes.

Dynamo's handlers and its Rust bindings recognise ``HttpStatusError`` (its ``.status`` and
``.message`` become the HTTP answer), ``UrlValidationError`` and ``ValueError`` (both 400);
anything else is a 500. With Dynamo installed the loaders raise Dynamo's classes themselves.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

from fastmedia.fetch import UrlPolicy

logger = logging.getLogger(__name__)

try:  # pragma: no cover - which branch runs depends on the venv
    from dynamo.common.http.base import HttpStatusError
    from dynamo.common.http.url_validator import (
        UrlValidationError,
        UrlValidationPolicy,
    )
except ImportError:

    class HttpStatusError(Exception):  # type: ignore[no-redef]
        """Dynamo's ``HttpStatusError(status, message, url)``."""

        def __init__(self, status: int, message: str, url: str) -> None:
            super().__init__(f"HTTP {status} for {url[:120]}: {message}")
            self.status = status
            self.message = message
            self.url = url

    class UrlValidationError(ValueError):  # type: ignore[no-redef]
        """Dynamo's ``UrlValidationError``: a URL refused by the policy."""

    @dataclass(frozen=True)
    class UrlValidationPolicy:  # type: ignore[no-redef]
        """Dynamo's ``UrlValidationPolicy``, read from the same ``DYN_MM_*`` variables."""

        allow_http: bool = False
        allow_private_ips: bool = False
        allowed_local_path: str | None = None

        @classmethod
        def from_env(cls) -> UrlValidationPolicy:
            internal = os.getenv("DYN_MM_ALLOW_INTERNAL", "0") == "1"
            local = os.getenv("DYN_MM_LOCAL_PATH", "").strip() or None
            return cls(allow_http=internal, allow_private_ips=internal, allowed_local_path=local)


def url_policy(policy: UrlValidationPolicy | None) -> UrlPolicy:
    """fastmedia's ``UrlPolicy`` for a Dynamo policy (None: ``UrlValidationPolicy.from_env()``).

    Dynamo refuses ``http`` unless ``allow_http`` and private/loopback addresses unless
    ``allow_private_ips``; it takes public IP literals and any port, and so does this policy.
    fastmedia's stricter checks stay on (every DNS answer and redirect hop is checked, names
    such as ``localhost`` and cloud metadata hosts are refused even with private IPs allowed).
    """
    p = policy if policy is not None else UrlValidationPolicy.from_env()
    return UrlPolicy(
        allow_private=p.allow_private_ips,
        allow_ip_literals=True,
        allow_nondefault_ports=True,
        allow_http=p.allow_http,
    )


def _env_mb(name: str, default_mb: int) -> int:
    """``name`` in MB as bytes, read per call as Dynamo does; a bad value keeps the default."""
    raw = os.getenv(name, "").strip()
    try:
        value = int(raw) if raw else default_mb
    except ValueError:
        value = -1
    if value <= 0:
        logger.warning("Ignoring invalid %s=%r; using %s MB", name, raw, default_mb)
        value = default_mb
    return value * 2**20


def max_media_bytes() -> int:
    """Dynamo's download cap: ``DYN_MM_MAX_FILE_SIZE_MB`` (default 64)."""
    return _env_mb("DYN_MM_MAX_FILE_SIZE_MB", 64)


def max_data_url_bytes() -> int:
    """Dynamo's data: URL cap: ``DYN_MM_MAX_DATA_URL_MB`` (default 16)."""
    return _env_mb("DYN_MM_MAX_DATA_URL_MB", 16)
