"""Fetch media over http(s) behind an SSRF policy.

Fetching is I/O, decoding is CPU: the decode runs in Rust, the fetch runs on aiohttp (C HTTP
parser, async, well kept) on one event loop thread that the ``Fetcher`` owns. Every caller
(any event loop, any thread, sync or async) hands its requests to that loop, so there is one
connection pool and one DNS cache per Fetcher, and ``fetch_sync`` works even from inside a
running loop's thread.

The policy (``UrlPolicy``, in ``policy.py``) checks every URL, DNS answer and redirect hop;
redirects are followed by hand, each hop re-checked, at most ``max_redirects`` hops; proxies
from the environment are ignored unless ``use_env_proxy``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import selectors
import threading
import time
from collections.abc import Sequence
from typing import Any

from fastmedia._batch import is_http_url
from fastmedia._core import __version__
from fastmedia.errors import (
    ClosedError,
    FetchError,
    FetchTimeout,
    LimitExceeded,
    UrlRejected,
)
from fastmedia.policy import Target, UrlPolicy, policy_resolver_class, rejected

__all__ = ["Fetcher", "ResponseTooLarge", "UrlPolicy"]


class ResponseTooLarge(FetchError, LimitExceeded):
    """The response body is over ``Fetcher.max_bytes`` (by Content-Length or as streamed).

    Both a ``FetchError`` (the fetch failed) and a ``LimitExceeded`` (the input is over a
    bound, a client error), so servers can map it either way.
    """


def _fetch_error(msg: str, status: int | None = None) -> FetchError:
    err = FetchError(msg)  # one argument: two would be read as (errno, strerror)
    err.status = status
    return err


# ---------------------------------------------------------------------------------------
# The fetcher


_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_FORK_ORPHANS: list = []  # a forked child's inherited loops/sessions, never to be closed


class Fetcher:
    """Fetches http(s) URLs under a ``UrlPolicy``, on an event loop thread it owns.

    - ``timeout_s``: the whole fetch (all redirect hops, headers and body); a body that
      trickles in past it raises ``FetchTimeout``. ``connect_timeout_s``: DNS + TCP + TLS
      per hop. Time spent queued behind ``max_concurrency`` does not count.
    - ``max_bytes``: Content-Length is checked first, then the body is streamed and cut at
      ``max_bytes`` (``ResponseTooLarge``). Compressed transfer is not requested and not
      accepted (no decompression bombs).
    - ``max_redirects``: exactly that many redirect hops are followed; one more is refused.
    - ``use_env_proxy``: use HTTP(S)_PROXY/NO_PROXY from the environment. The proxy then
      resolves target names, so only the URL-level checks apply to them (the proxy's own
      name is exempt from the address check: the operator configured it).
    - ``resolver``: the aiohttp resolver whose answers are checked (default: the system
      resolver in a thread); meant for tests and custom DNS.

    Errors: ``UrlRejected`` (policy; no request made to the refused target), ``FetchError``
    with ``.status`` set for HTTP status failures (4xx and 5xx kept), ``FetchTimeout``,
    ``ResponseTooLarge``, ``ClosedError`` after ``close``.
    """

    def __init__(
        self,
        policy: UrlPolicy | None = None,
        timeout_s: float = 30.0,
        connect_timeout_s: float = 5.0,
        max_bytes: int = 64 * 2**20,
        max_redirects: int = 3,
        max_concurrency: int = 64,
        user_agent: str | None = None,
        use_env_proxy: bool = False,
        *,
        resolver: Any = None,
    ) -> None:
        if timeout_s <= 0 or connect_timeout_s <= 0:
            raise ValueError("timeouts must be positive")
        if max_bytes <= 0 or max_concurrency <= 0 or max_redirects < 0:
            raise ValueError(
                "max_bytes and max_concurrency must be positive, max_redirects non-negative"
            )
        import aiohttp  # noqa: F401  (fail at construction, not at first fetch)

        self.policy = policy if policy is not None else UrlPolicy()
        self.timeout_s = float(timeout_s)
        self.connect_timeout_s = float(connect_timeout_s)
        self.max_bytes = int(max_bytes)
        self.max_redirects = int(max_redirects)
        self.max_concurrency = int(max_concurrency)
        self.user_agent = user_agent or f"fastmedia/{__version__}"
        self.use_env_proxy = bool(use_env_proxy)
        self._inner_resolver = resolver
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._session: Any = None
        self._sem: asyncio.Semaphore | None = None
        self._closed = False
        self._pid = os.getpid()

    # -- the loop thread ------------------------------------------------------------------

    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._closed:
                raise ClosedError("Fetcher is closed")
            if self._pid != os.getpid():
                # A forked child has no loop thread: start afresh. The parent's loop and
                # session are kept alive, untouched, forever: closing (or garbage-collecting)
                # them here would unregister the parent's sockets from the epoll instance
                # that parent and child share, and hang the parent's fetches.
                if self._loop is not None:
                    # ... and even if they are finalised at exit, their unregister calls
                    # go to an empty selector of the child's own.
                    self._loop._selector = selectors.DefaultSelector()  # type: ignore[attr-defined]
                _FORK_ORPHANS.append((self._loop, self._session, self._sem))
                self._loop = self._thread = self._session = self._sem = None
                self._pid = os.getpid()
            if self._loop is None:
                loop = asyncio.new_event_loop()
                ready = threading.Event()

                def run() -> None:
                    asyncio.set_event_loop(loop)
                    loop.call_soon(ready.set)
                    loop.run_forever()

                t = threading.Thread(target=run, name="fastmedia-fetch", daemon=True)
                t.start()
                ready.wait()
                self._loop, self._thread = loop, t
            return self._loop

    def _submit(self, coro) -> concurrent.futures.Future:
        try:
            loop = self._ensure_loop()
        except BaseException:
            coro.close()
            raise
        return asyncio.run_coroutine_threadsafe(coro, loop)

    def _on_own_thread(self) -> bool:
        return self._thread is not None and threading.current_thread() is self._thread

    def _get_session(self):
        # Runs on the loop thread only, with no await between test and set.
        if self._session is None:
            import aiohttp

            exempt: frozenset[str] = frozenset()
            if self.use_env_proxy:
                from aiohttp.helpers import proxies_from_env

                exempt = frozenset(
                    (p.proxy.host or "").lower().rstrip(".") for p in proxies_from_env().values()
                )
            inner = self._inner_resolver or aiohttp.ThreadedResolver()
            connector = aiohttp.TCPConnector(
                resolver=policy_resolver_class()(self.policy, inner, exempt),
                limit=self.max_concurrency,
                ttl_dns_cache=10,  # only checked answers are cached
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                trust_env=self.use_env_proxy,
                auto_decompress=False,
                cookie_jar=aiohttp.DummyCookieJar(),  # no state shared between requests
                headers={
                    "User-Agent": self.user_agent,
                    "Accept": "image/*,video/*,*/*;q=0.5",
                    "Accept-Encoding": "identity",
                },
                read_bufsize=2**18,
            )
            self._sem = asyncio.Semaphore(self.max_concurrency)
        return self._session

    # -- one fetch (on the loop thread) ---------------------------------------------------

    async def _fetch_on_loop(self, url: str) -> bytes:
        import aiohttp

        if self._closed:
            raise ClosedError("Fetcher is closed")
        target = self.policy.check_fetch(url)  # fail fast, before queueing
        session = self._get_session()
        assert self._sem is not None
        async with self._sem:
            deadline = time.monotonic() + self.timeout_s
            try:
                return await self._fetch_hops(session, url, target, deadline)
            except FetchError:
                raise
            except asyncio.TimeoutError:
                raise FetchTimeout(f"fetching {url!r} took over {self.timeout_s}s") from None
            except aiohttp.ClientConnectorError as exc:
                cause = exc.__cause__ or exc.os_error
                if isinstance(cause, UrlRejected):
                    raise UrlRejected(f"URL refused ({cause}): {url!r}") from None
                raise _fetch_error(f"connecting for {url!r} failed: {exc}") from exc
            except aiohttp.InvalidURL as exc:
                raise rejected(url, f"invalid URL: {exc}") from None
            except (aiohttp.ClientError, OSError) as exc:
                raise _fetch_error(f"fetching {url!r} failed: {exc!r}") from exc

    async def _fetch_hops(self, session, url: str, target: Target, deadline: float) -> bytes:
        import aiohttp
        from yarl import URL

        for hop in range(self.max_redirects + 1):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise asyncio.TimeoutError
            timeout = aiohttp.ClientTimeout(
                total=remaining, connect=min(self.connect_timeout_s, remaining)
            )
            async with session.get(target.url, allow_redirects=False, timeout=timeout) as resp:
                status = resp.status
                if status in _REDIRECTS:
                    loc = resp.headers.get("Location")
                    if not loc:
                        raise _fetch_error(f"{url!r}: HTTP {status} without Location", status)
                    if hop == self.max_redirects:
                        raise _fetch_error(
                            f"{url!r}: more than max_redirects={self.max_redirects} redirects",
                            status,
                        )
                    try:
                        nxt = str(target.url.join(URL(loc)))
                    except (ValueError, TypeError) as exc:
                        raise rejected(loc, f"bad redirect Location: {exc}") from None
                    try:
                        target = self.policy.check_fetch(nxt)
                    except UrlRejected as exc:
                        raise UrlRejected(
                            f"redirect from {str(target.url)!r} refused: {exc}"
                        ) from None
                    continue
                if not 200 <= status < 300:
                    raise _fetch_error(
                        f"{url!r}: HTTP {status} {resp.reason or ''}".rstrip(), status
                    )
                enc = resp.headers.get("Content-Encoding", "identity").strip().lower()
                if enc not in ("", "identity"):
                    raise _fetch_error(f"{url!r}: Content-Encoding {enc!r} not accepted", status)
                return await self._read_body(resp, url)
        raise AssertionError("unreachable")

    async def _read_body(self, resp, url: str) -> bytes:
        n = resp.content_length
        if n is not None and n > self.max_bytes:
            raise ResponseTooLarge(
                f"{url!r}: Content-Length {n} is over max_bytes={self.max_bytes}"
            )
        # Counted even when Content-Length is given: the cap must not depend on the
        # server's framing being honest (e.g. Content-Length next to chunked encoding).
        chunks = []
        total = 0
        async for chunk in resp.content.iter_any():
            total += len(chunk)
            if total > self.max_bytes:
                raise ResponseTooLarge(
                    f"{url!r}: body is over max_bytes={self.max_bytes}"
                    + (" (no Content-Length)" if n is None else "")
                )
            chunks.append(chunk)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)

    async def _fetch_many_on_loop(self, items: list) -> list:
        idx = [i for i, it in enumerate(items) if is_http_url(it)]
        got = await asyncio.gather(
            *(self._fetch_on_loop(items[i]) for i in idx), return_exceptions=True
        )
        out = list(items)
        for i, r in zip(idx, got, strict=True):
            out[i] = r
        return out

    # -- public API -----------------------------------------------------------------------

    async def fetch(self, url: str) -> bytes:
        """Fetch one http(s) URL; returns the body. Raises the errors listed on the class."""
        if self._on_own_thread():
            return await self._fetch_on_loop(url)
        return await asyncio.wrap_future(self._submit(self._fetch_on_loop(url)))

    def fetch_sync(self, url: str) -> bytes:
        """``fetch`` for synchronous callers; blocks this thread (any thread but the
        Fetcher's own), also one that runs an event loop."""
        return self._wait(self._submit(self._fetch_on_loop(url)))

    async def fetch_many(self, items: Sequence[Any]) -> list:
        """Fetch the http(s) URL items concurrently. Returns a list in input order: URLs
        replaced by their bytes, or by the exception instance when their fetch failed;
        other items (bytes, data URLs, ...) passed through unchanged."""
        items = list(items)
        if self._on_own_thread():
            return await self._fetch_many_on_loop(items)
        return await asyncio.wrap_future(self._submit(self._fetch_many_on_loop(items)))

    def fetch_many_sync(self, items: Sequence[Any]) -> list:
        """``fetch_many`` for synchronous callers."""
        return self._wait(self._submit(self._fetch_many_on_loop(list(items))))

    def _wait(self, fut: concurrent.futures.Future):
        if self._on_own_thread():
            fut.cancel()
            raise RuntimeError(
                "fetch_sync called on the Fetcher's own loop thread: use `await fetch(...)` there"
            )
        try:
            return fut.result()
        except BaseException:
            fut.cancel()  # e.g. KeyboardInterrupt: stop the fetch too
            raise

    async def _close_on_loop(self) -> None:
        # Fetches still running end now (their callers see CancelledError), so no task is
        # left pending on a stopped loop.
        me = asyncio.current_task()
        rest = [t for t in asyncio.all_tasks() if t is not me]
        for t in rest:
            t.cancel()
        await asyncio.gather(*rest, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _shutdown(self) -> tuple:
        with self._lock:
            if self._closed:
                return None, None
            self._closed = True
            loop, thread = self._loop, self._thread
        return loop, thread

    def close(self) -> None:
        """Close connections and stop the loop thread. Idempotent; fetching afterwards
        raises ``ClosedError``."""
        if self._on_own_thread():
            raise RuntimeError("close() called on the Fetcher's own loop thread: use aclose()")
        loop, thread = self._shutdown()
        if loop is None or self._pid != os.getpid():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._close_on_loop(), loop).result(10)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            assert thread is not None
            thread.join(10)
            if not thread.is_alive():
                loop.close()

    async def aclose(self) -> None:
        """``close`` without blocking the calling event loop."""
        if self._on_own_thread():
            raise RuntimeError("aclose() called on the Fetcher's own loop thread")
        await asyncio.get_running_loop().run_in_executor(None, self.close)

    def __enter__(self) -> Fetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return (
            f"Fetcher(policy={self.policy!r}, timeout_s={self.timeout_s}, "
            f"max_bytes={self.max_bytes}, max_redirects={self.max_redirects}, "
            f"max_concurrency={self.max_concurrency})"
        )
