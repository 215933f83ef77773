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
import collections
import concurrent.futures
import contextlib
import http
import os
import selectors
import threading
import time
from collections.abc import Sequence
from typing import Any

from fastmedia._core import __version__
from fastmedia._internal.batch import is_http_url
from fastmedia.errors import (
    ClosedError,
    ConfigError,
    FetchError,
    FetchTimeout,
    LimitExceeded,
    UrlRejected,
)
from fastmedia.fetch.policy import (
    Target,
    UrlPolicy,
    policy_resolver_class,
    rejected,
    show_url,
    shown,
)

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


def _client_error_text(exc: BaseException) -> str:
    """What failed, in fastmedia's own words. aiohttp's messages quote the response bytes
    that failed to parse (a service banner, body bytes, a 60 KB line): none may reach a
    message, or a server that returns its errors becomes an oracle for internal services."""
    import aiohttp

    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return "the server closed the connection"
    if isinstance(exc, aiohttp.ClientPayloadError):
        return "the body is malformed or cut short"
    if isinstance(exc, aiohttp.ClientResponseError):
        return "the response is not valid HTTP"
    if isinstance(exc, OSError) and isinstance(exc.errno, int) and exc.errno > 0:
        return f"{type(exc).__name__}: {os.strerror(exc.errno)}"
    return type(exc).__name__


def _status_text(status: int) -> str:
    # The standard phrase, never the server's: a reason phrase is remote text.
    try:
        return f"HTTP {status} {http.HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"


def follow_redirect(policy: UrlPolicy, here: Any, location: str) -> Target:
    """The checked target of a redirect from ``here`` (a yarl.URL) to ``location`` (the
    Location header: remote text). Raises only ``UrlRejected``, whatever ``location`` is."""
    from yarl import URL

    try:
        nxt = str(here.join(URL(location)))
    except Exception as exc:  # yarl raises ValueError, TypeError, IndexError, ... on junk
        raise rejected(location, f"bad redirect Location ({type(exc).__name__})") from None
    try:
        return policy.check_fetch(nxt)
    except UrlRejected as exc:
        raise UrlRejected(f"redirect from {show_url(str(here))} refused: {exc}") from None


class _ByteBudget:
    """A semaphore on bytes, FIFO: bounds the body bytes held by all fetches in flight.
    Used only on the Fetcher's loop thread."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.free = total
        self._waiters: collections.deque[tuple[int, asyncio.Future]] = collections.deque()

    async def acquire(self, n: int) -> None:
        if not self._waiters and n <= self.free:
            self.free -= n
            return
        fut = asyncio.get_running_loop().create_future()
        entry = (n, fut)
        self._waiters.append(entry)
        try:
            await fut
        except BaseException:
            if fut.done() and not fut.cancelled():
                self.release(n)  # granted, then cancelled before it could be used
            else:
                with contextlib.suppress(ValueError):  # _grant may have dropped it already
                    self._waiters.remove(entry)
                self._grant()  # the head may have changed
            raise

    def release(self, n: int) -> None:
        self.free += n
        self._grant()

    def _grant(self) -> None:
        while self._waiters and self._waiters[0][0] <= self.free:
            n, fut = self._waiters.popleft()
            if not fut.done():
                self.free -= n
                fut.set_result(None)


# ---------------------------------------------------------------------------------------
# The fetcher


_REDIRECTS = frozenset({301, 302, 303, 307, 308})
# Named in messages; any other value is remote text and is not shown.
_CODINGS = frozenset({"gzip", "x-gzip", "deflate", "br", "zstd", "compress", "x-compress"})
_FORK_ORPHANS: list = []  # a forked child's inherited loops/sessions, never to be closed


async def _read_body(
    resp: Any, u: str, deadline: float, max_bytes: int, budget: _ByteBudget
) -> bytearray:
    """The body, at most ``max_bytes``, its size reserved in ``budget`` while it is read."""
    n = resp.content_length
    if n is not None and n > max_bytes:
        raise ResponseTooLarge(f"{u}: Content-Length {n} is over max_bytes={max_bytes}")
    want = max_bytes if n is None else n
    await asyncio.wait_for(budget.acquire(want), deadline - time.monotonic())
    try:
        if n is not None:
            return await _read_exact(resp, u, n)
        # No length: grow one buffer (realloc, no chunk list and join), cut at max_bytes.
        buf = bytearray()
        async for chunk in resp.content.iter_any():
            if len(buf) + len(chunk) > max_bytes:
                raise ResponseTooLarge(
                    f"{u}: body is over max_bytes={max_bytes} (no Content-Length)"
                )
            buf += chunk
        return buf
    finally:
        budget.release(want)


async def _read_exact(resp: Any, u: str, n: int) -> bytearray:
    # Counted even though Content-Length is given: the cap must not depend on the
    # server's framing being honest (e.g. Content-Length next to chunked encoding).
    buf = bytearray(n)  # zero pages until written: RSS grows as the body arrives
    got = 0
    with memoryview(buf) as view:
        async for chunk in resp.content.iter_any():
            end = got + len(chunk)
            if end > n:
                raise _fetch_error(f"{u}: body is longer than its Content-Length {n}")
            view[got:end] = chunk
            got = end
    if got != n:
        raise _fetch_error(f"{u}: body is shorter than its Content-Length {n}")
    return buf


class Fetcher:
    """Fetches http(s) URLs under a ``UrlPolicy``, on an event loop thread it owns.

    - ``timeout_s``: the whole fetch (all redirect hops, headers and body); a body that
      trickles in past it raises ``FetchTimeout``. ``connect_timeout_s``: DNS + TCP + TLS
      per hop. Time spent queued behind ``max_concurrency`` does not count.
    - ``max_bytes``: Content-Length is checked first, then the body is streamed and cut at
      ``max_bytes`` (``ResponseTooLarge``). Compressed transfer is not requested and not
      accepted, whatever and however many ``Content-Encoding`` headers say (no
      decompression bombs). The body is read into one buffer: of Content-Length bytes when
      given, else grown as it arrives; the fetch returns that ``bytearray``, not a copy.
    - ``max_bytes_in_flight``: the body bytes all fetches being received may hold together
      (default: ``max(max_bytes, 1 GiB)``). A fetch reserves its Content-Length, or
      ``max_bytes`` when the server gives none, before reading the body, and waits (within
      ``timeout_s``) while the reservation does not fit.
    - ``max_redirects``: exactly that many redirect hops are followed; one more is refused.
    - ``use_env_proxy``: use HTTP(S)_PROXY/NO_PROXY from the environment. The proxy then
      resolves target names, so only the URL-level checks apply to them (the proxy's own
      name is exempt from the address check: the operator configured it).
    - ``resolver``: the aiohttp resolver whose answers are checked (default: the system
      resolver in a thread); meant for tests and custom DNS.

    Errors: ``UrlRejected`` (policy; no request made to the refused target), ``FetchError``
    with ``.status`` set for HTTP status failures (4xx and 5xx kept), ``FetchTimeout``,
    ``ResponseTooLarge``, ``ClosedError`` after ``close``. Messages never quote response
    bytes (bodies, banners, reason phrases, header values) nor a URL's user info, query or
    fragment.
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
        max_bytes_in_flight: int | None = None,
    ) -> None:
        if timeout_s <= 0 or connect_timeout_s <= 0:
            raise ValueError("timeouts must be positive")
        if max_bytes <= 0 or max_concurrency <= 0 or max_redirects < 0:
            raise ValueError(
                "max_bytes and max_concurrency must be positive, max_redirects non-negative"
            )
        if max_bytes_in_flight is None:
            max_bytes_in_flight = max(max_bytes, 2**30)
        if max_bytes_in_flight < max_bytes:
            raise ConfigError(
                f"max_bytes_in_flight={max_bytes_in_flight} is below max_bytes={max_bytes}: "
                "a body of max_bytes could never be read"
            )
        import aiohttp  # noqa: F401  (fail at construction, not at first fetch)

        self.policy = policy if policy is not None else UrlPolicy()
        self.timeout_s = float(timeout_s)
        self.connect_timeout_s = float(connect_timeout_s)
        self.max_bytes = int(max_bytes)
        self.max_redirects = int(max_redirects)
        self.max_concurrency = int(max_concurrency)
        self.max_bytes_in_flight = int(max_bytes_in_flight)
        self.user_agent = user_agent or f"fastmedia/{__version__}"
        self.use_env_proxy = bool(use_env_proxy)
        self._inner_resolver = resolver
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._session: Any = None
        self._sem: asyncio.Semaphore | None = None
        self._budget: _ByteBudget | None = None
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
                self._loop = self._thread = self._session = self._sem = self._budget = None
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
            self._budget = _ByteBudget(self.max_bytes_in_flight)
        return self._session

    # -- one fetch (on the loop thread) ---------------------------------------------------

    async def _fetch_on_loop(self, url: str) -> bytearray:
        import aiohttp

        if self._closed:
            raise ClosedError("Fetcher is closed")
        target = self.policy.check_fetch(url)  # fail fast, before queueing
        session = self._get_session()
        assert self._sem is not None
        shown_url = show_url(url)
        async with self._sem:
            deadline = time.monotonic() + self.timeout_s
            try:
                return await self._fetch_hops(session, shown_url, target, deadline)
            except FetchError:
                raise
            except asyncio.TimeoutError:
                raise FetchTimeout(f"fetching {shown_url} took over {self.timeout_s}s") from None
            except aiohttp.ClientConnectorError as exc:
                # A local failure (DNS, refused, TLS verification): no response bytes in it.
                cause = exc.__cause__ or exc.os_error
                if isinstance(cause, UrlRejected):
                    raise UrlRejected(f"URL refused ({cause}): {shown_url}") from None
                raise _fetch_error(
                    f"connecting for {shown_url} failed: {shown(str(exc.os_error))}"
                ) from exc
            except aiohttp.InvalidURL:
                raise rejected(url, "invalid URL") from None
            except (aiohttp.ClientError, OSError) as exc:
                # No `from exc`: aiohttp's exception quotes what the server sent.
                raise _fetch_error(
                    f"fetching {shown_url} failed: {_client_error_text(exc)}"
                ) from None

    async def _fetch_hops(self, session, u: str, target: Target, deadline: float) -> bytearray:
        import aiohttp

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
                        raise _fetch_error(f"{u}: HTTP {status} without Location", status)
                    if hop == self.max_redirects:
                        raise _fetch_error(
                            f"{u}: more than max_redirects={self.max_redirects} redirects", status
                        )
                    target = follow_redirect(self.policy, target.url, loc)
                    continue
                if not 200 <= status < 300:
                    raise _fetch_error(f"{u}: {_status_text(status)}", status)
                # Every Content-Encoding header and every coding listed in each: a server
                # may send `identity` first and `gzip` second.
                for enc in resp.headers.getall("Content-Encoding", ()):
                    for coding in enc.split(","):
                        coding = coding.strip().lower()
                        if coding not in ("", "identity"):
                            name = coding if coding in _CODINGS else "an unknown coding"
                            raise _fetch_error(
                                f"{u}: Content-Encoding {name} is not accepted", status
                            )
                assert self._budget is not None
                return await _read_body(resp, u, deadline, self.max_bytes, self._budget)
        raise AssertionError("unreachable")

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

    async def fetch(self, url: str) -> bytearray:
        """Fetch one http(s) URL; returns the body (a ``bytearray`` the caller owns). Raises
        the errors listed on the class."""
        if self._on_own_thread():
            return await self._fetch_on_loop(url)
        return await asyncio.wrap_future(self._submit(self._fetch_on_loop(url)))

    def fetch_sync(self, url: str) -> bytearray:
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
        """``close`` without blocking the calling event loop. Raises ``RuntimeError`` when
        called on the Fetcher's own loop thread (it would wait on itself)."""
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
            f"max_concurrency={self.max_concurrency}, "
            f"max_bytes_in_flight={self.max_bytes_in_flight})"
        )
