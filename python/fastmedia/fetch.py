"""Fetch media over http(s) behind an SSRF policy.

Fetching is I/O, decoding is CPU: the decode runs in Rust, the fetch runs on aiohttp (C HTTP
parser, async, well kept) on one event loop thread that the ``Fetcher`` owns. Every caller
(any event loop, any thread, sync or async) hands its requests to that loop, so there is one
connection pool and one DNS cache per Fetcher, and ``fetch_sync`` works even from inside a
running loop's thread.

The policy (``UrlPolicy``) is the floor from INTEROP.md section 6 and more:

* the URL string is checked before parsing (length, control characters, backslashes,
  credentials) and parsed once, by yarl, the parser aiohttp itself uses; the parsed object
  is what gets requested, so the checked host is the host connected to;
* numeric hosts are normalised the way ``inet_aton`` would (``2130706433``, ``0x7f.1``,
  ``017700000001``, ``127.1``) and count as IP literals;
* every DNS answer is checked by a resolver installed in the connector, and the connection
  goes to exactly the checked address (no second resolution at connect time);
* redirects are followed by hand, each hop re-checked, at most ``max_redirects`` hops;
* proxies from the environment are ignored unless ``use_env_proxy``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import ipaddress
import os
import re
import selectors
import socket
import threading
import time
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from fastmedia._core import __version__
from fastmedia.errors import (
    ClosedError,
    FetchError,
    FetchTimeout,
    LimitExceeded,
    UrlRejected,
)

__all__ = ["Fetcher", "ResponseTooLarge", "UrlPolicy"]


class ResponseTooLarge(FetchError, LimitExceeded):
    """The response body is over ``Fetcher.max_bytes`` (by Content-Length or as streamed).

    Both a ``FetchError`` (the fetch failed) and a ``LimitExceeded`` (the input is over a
    bound, a client error), so servers can map it either way.
    """


def _rejected(url: str, why: str) -> UrlRejected:
    shown = url if len(url) <= 200 else url[:200] + "..."
    return UrlRejected(f"URL refused ({why}): {shown!r}")


def _fetch_error(msg: str, status: int | None = None) -> FetchError:
    err = FetchError(msg)  # one argument: two would be read as (errno, strerror)
    err.status = status
    return err


# ---------------------------------------------------------------------------------------
# Address and name rules

_N4 = ipaddress.IPv4Network
_N6 = ipaddress.IPv6Network

# Lifted by allow_private=True: internal networks and loopback, where a test or an
# on-premises image store may legitimately live.
_V4_PRIVATE = tuple(
    _N4(n)
    for n in ("10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")
)
# Never an image origin, whatever the policy: "this network", link-local (cloud metadata
# lives at 169.254.169.254), IETF protocol assignments, documentation and benchmarking
# nets, the deprecated 6to4 relay anycast, multicast, reserved, broadcast.
_V4_ALWAYS = tuple(
    _N4(n)
    for n in (
        "0.0.0.0/8",
        "169.254.0.0/16",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",
        "240.0.0.0/4",
        "255.255.255.255/32",
    )
)
_V6_LOOPBACK = ipaddress.IPv6Address("::1")
_V6_PRIVATE = (_N6("fc00::/7"),)
_V6_ALWAYS = tuple(
    _N6(n)
    for n in (
        "::/96",  # unspecified and the deprecated IPv4-compatible form (::a.b.c.d)
        "100::/64",  # discard-only
        "2001::/32",  # Teredo: tunnels to an embedded, attacker-chosen IPv4
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4: embeds an IPv4 reached through a relay
        "64:ff9b:1::/48",  # local-use NAT64
        "fe80::/10",  # link-local
        "fec0::/10",  # deprecated site-local
        "ff00::/8",  # multicast
    )
)
_V4_MAPPED = _N6("::ffff:0:0/96")
_NAT64 = _N6("64:ff9b::/96")

_BLOCKED_NAMES = frozenset(
    {
        "localhost",
        "localhost.localdomain",
        "ip6-localhost",
        "ip6-loopback",
        "metadata",
        "metadata.google.internal",
        "metadata.goog",
        "kubernetes.default",
        "kubernetes.default.svc",
        "instance-data",
        "instance-data.ec2.internal",
    }
)
_BLOCKED_SUFFIXES = (".localhost", ".local", ".internal", ".localdomain", ".home.arpa")

_DEFAULT_PORTS = {"http": 80, "https": 443}
_HOSTNAME_RE = re.compile(r"[a-z0-9_-]{1,63}(?:\.[a-z0-9_-]{1,63})*")
_NUM_PART_RE = re.compile(r"0[xX][0-9a-fA-F]*|[0-9]+")


def _parse_numeric_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """Read ``host`` the way ``inet_aton`` (and a WHATWG URL parser) would.

    Returns None when the host does not end in a number (a name). Raises ValueError when it
    does but is no valid IPv4 spelling: such hosts are refused rather than guessed at.
    """
    parts = host.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()  # "127.0.0.1." is still 127.0.0.1 to a resolver
    if not parts or not _NUM_PART_RE.fullmatch(parts[-1]):
        return None
    if len(parts) > 4:
        raise ValueError("too many parts for an IPv4 address")
    values = []
    for p in parts:
        if not _NUM_PART_RE.fullmatch(p):
            raise ValueError(f"{p!r} is not a number")
        if p[:2] in ("0x", "0X"):
            if len(p) == 2:
                raise ValueError("empty hex number")
            values.append(int(p[2:], 16))
        elif len(p) > 1 and p[0] == "0":
            values.append(int(p[1:], 8))  # raises on 8 and 9: inet_aton refuses them too
        else:
            values.append(int(p, 10))
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (5 - len(values)):
        raise ValueError("part out of range")
    n = last
    for i, v in enumerate(head):
        n |= v << (8 * (3 - i))
    return ipaddress.IPv4Address(n)


def _ip_block_reason(
    ip: ipaddress.IPv4Address | ipaddress.IPv6Address, allow_private: bool
) -> str | None:
    if ip.version == 6:
        ip6 = ipaddress.IPv6Address(int(ip))  # drop any %scope
        if ip6 in _V4_MAPPED or ip6 in _NAT64:
            inner = _ip_block_reason(ipaddress.IPv4Address(int(ip6) & 0xFFFFFFFF), allow_private)
            return None if inner is None else f"embeds a blocked IPv4: {inner}"
        if ip6 == _V6_LOOPBACK or any(ip6 in n for n in _V6_PRIVATE):
            return None if allow_private else f"{ip6} is a loopback/private address"
        for n in _V6_ALWAYS:
            if ip6 in n:
                return f"{ip6} is in blocked range {n}"
        return None
    for n in _V4_PRIVATE:
        if ip in n:
            return None if allow_private else f"{ip} is in private range {n}"
    for n in _V4_ALWAYS:
        if ip in n:
            return f"{ip} is in blocked range {n}"
    return None


class _Target(NamedTuple):
    url: Any  # yarl.URL: the parsed object that is requested, so check and connect agree
    host: str  # normalised host: lower case, no trailing dot; IP hosts in canonical form
    ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None


def _normalise_domain(name: str) -> str:
    from yarl import URL

    host = URL.build(scheme="http", host=name.strip()).raw_host or ""
    return host.lower().rstrip(".")


# ---------------------------------------------------------------------------------------
# The policy


class UrlPolicy:
    """Which URLs may be fetched. ``check`` does no I/O; the ``Fetcher`` also checks every
    DNS answer (``check_address``) and every redirect hop against the same policy.

    - Schemes: ``http`` and ``https`` are fetched. ``data:`` URLs pass ``check`` untouched
      (they are not fetched: the decoder parses them and caps their size with
      ``Limits.max_encoded_bytes``, so ``max_url_bytes`` does not apply to them); the
      ``Fetcher`` refuses them, also as a redirect target.
    - A host is required; user names and passwords in the URL are refused, even empty ones.
    - IP-literal hosts, in any numeric spelling, are refused unless ``allow_ip_literals``.
    - Explicit ports other than the scheme's default are refused unless
      ``allow_nondefault_ports``; port 0 is always refused.
    - Blocked names (``localhost``, cloud metadata names, ``kubernetes.default``, ...) and
      suffixes (``.localhost .local .internal .localdomain .home.arpa``) are always refused.
    - Blocked address ranges (see INTEROP.md 6; IPv4-mapped and NAT64 addresses are judged
      by their embedded IPv4; 6to4, Teredo, site-local, link-local, multicast, reserved and
      documentation ranges are refused outright). ``allow_private`` lifts only the
      loopback and private ranges (127/8, 10/8, 172.16/12, 192.168/16, 100.64/10, ::1,
      fc00::/7); link-local (169.254/16 with the metadata service, fe80::/10) and the rest
      stay refused.
    - ``allowed_domains``: if given, the host must equal one entry (case- and
      trailing-dot-insensitive, IDNA-normalised); all the other rules still apply.
    - URLs longer than ``max_url_bytes`` (UTF-8) are refused before parsing.

    Raises ``UrlRejected`` (a ``FetchError`` and a ``ValueError``).
    """

    def __init__(
        self,
        allow_private: bool = False,
        allow_ip_literals: bool = False,
        allow_nondefault_ports: bool = False,
        allowed_domains: Iterable[str] | None = None,
        max_url_bytes: int = 16 * 1024,
    ) -> None:
        if isinstance(allowed_domains, str):
            raise TypeError("allowed_domains takes a list of names, not one string")
        if max_url_bytes <= 0:
            raise ValueError("max_url_bytes must be positive")
        self.allow_private = bool(allow_private)
        self.allow_ip_literals = bool(allow_ip_literals)
        self.allow_nondefault_ports = bool(allow_nondefault_ports)
        self.allowed_domains: frozenset[str] | None = (
            None
            if allowed_domains is None
            else frozenset(_normalise_domain(d) for d in allowed_domains)
        )
        self.max_url_bytes = int(max_url_bytes)

    def __repr__(self) -> str:
        return (
            f"UrlPolicy(allow_private={self.allow_private}, "
            f"allow_ip_literals={self.allow_ip_literals}, "
            f"allow_nondefault_ports={self.allow_nondefault_ports}, "
            f"allowed_domains={sorted(self.allowed_domains) if self.allowed_domains is not None else None}, "
            f"max_url_bytes={self.max_url_bytes})"
        )

    def check(self, url: str) -> None:
        """Raise ``UrlRejected`` unless ``url`` may be fetched (or is a data URL). No I/O."""
        if isinstance(url, str) and url[:5].lower() == "data:":
            return
        self.check_fetch(url)

    def check_fetch(self, url: str) -> _Target:
        """Like ``check`` but only http(s) passes; returns the parsed target."""
        if not isinstance(url, str):
            raise UrlRejected(f"URL must be a str, got {type(url).__name__}")
        if (
            len(url) > self.max_url_bytes
            or len(url.encode("utf-8", "surrogatepass")) > self.max_url_bytes
        ):
            raise _rejected(url, f"longer than max_url_bytes={self.max_url_bytes}")
        # Characters that URL parsers disagree about (WHATWG strips tabs and newlines and
        # reads "\" as "/"; RFC 3986 parsers do neither): refuse instead of picking a side.
        if any(c <= " " or c == "\x7f" for c in url):
            raise _rejected(url, "whitespace or control character")
        if "\\" in url:
            raise _rejected(url, "backslash")
        scheme, sep, rest = url.partition(":")
        scheme = scheme.lower()
        if not sep or scheme not in _DEFAULT_PORTS:
            raise _rejected(url, f"scheme {scheme!r} is not fetched (http/https only)")
        if not rest.startswith("//"):
            raise _rejected(url, "no host")
        authority = re.split(r"[/?#]", rest[2:], maxsplit=1)[0]
        if "@" in authority:
            raise _rejected(url, "credentials in URL")
        if not authority or authority.startswith(":"):
            raise _rejected(url, "no host")
        if "%" in authority:
            raise _rejected(url, "percent-encoded host or IPv6 zone")

        from yarl import URL

        try:
            parsed = URL(url)
            parsed.port  # noqa: B018  (yarl validates the port lazily: raise here)
        except (ValueError, TypeError) as exc:
            raise _rejected(url, f"unparseable: {exc}") from None
        raw_host = (parsed.raw_host or "").lower()
        if not parsed.is_absolute() or not raw_host:
            raise _rejected(url, "no host")
        if parsed.user is not None or parsed.password is not None:
            raise _rejected(url, "credentials in URL")

        explicit = parsed.explicit_port
        if explicit is not None:
            if explicit == 0:
                raise _rejected(url, "port 0")
            if explicit != _DEFAULT_PORTS[scheme] and not self.allow_nondefault_ports:
                raise _rejected(url, f"non-default port {explicit}")

        host, ip = self._check_host(url, raw_host)
        if self.allowed_domains is not None and host not in self.allowed_domains:
            raise _rejected(url, f"host {host!r} is not in allowed_domains")
        if ip is not None and raw_host != str(ip):
            # Request the canonical spelling of the checked address (0x7f.1 -> 127.0.0.1),
            # so no resolver downstream reads the host differently.
            parsed = parsed.with_host(str(ip))
        return _Target(parsed, host, ip)

    def _check_host(self, url: str, raw_host: str):
        ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None
        if ":" in raw_host:
            try:
                ip = ipaddress.IPv6Address(raw_host)
            except ValueError:
                raise _rejected(url, f"bad IPv6 host {raw_host!r}") from None
        else:
            if raw_host.endswith(".."):
                raise _rejected(url, "empty label in host")
            try:
                ip = _parse_numeric_ipv4(raw_host)
            except ValueError as exc:
                raise _rejected(url, f"malformed numeric host ({exc})") from None
        if ip is not None:
            if not self.allow_ip_literals:
                raise _rejected(url, f"IP-literal host {ip}")
            why = _ip_block_reason(ip, self.allow_private)
            if why:
                raise _rejected(url, why)
            return str(ip), ip
        name = raw_host[:-1] if raw_host.endswith(".") else raw_host
        if len(name) > 253 or not _HOSTNAME_RE.fullmatch(name):
            raise _rejected(url, f"malformed host name {raw_host!r}")
        if name in _BLOCKED_NAMES or name.endswith(_BLOCKED_SUFFIXES):
            raise _rejected(url, f"blocked host name {name!r}")
        return name, None

    def check_address(self, address: str) -> None:
        """Raise ``UrlRejected`` if a resolved address (a DNS answer) may not be connected to."""
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            raise UrlRejected(f"DNS answer {address!r} is not an IP address") from None
        why = _ip_block_reason(ip, self.allow_private)
        if why:
            raise UrlRejected(f"DNS answer refused: {why}")


# ---------------------------------------------------------------------------------------
# DNS: check every answer, pin the connection to it


def _policy_resolver_class():
    from aiohttp.abc import AbstractResolver

    class PolicyResolver(AbstractResolver):
        """Resolves with ``inner``, then refuses the name if ANY answer is blocked.

        Refusing on any blocked answer (rather than dropping the bad ones) is deliberate: a
        public name that also answers with an internal address is a rebinding or
        misconfiguration signal, and dropping answers would make the outcome depend on
        address order and happy-eyeballs timing. The answers returned are numeric
        (AI_NUMERICHOST), so aiohttp connects to exactly the checked addresses and never
        resolves the name again.
        """

        def __init__(self, policy: UrlPolicy, inner: Any, exempt: frozenset[str]) -> None:
            self._policy = policy
            self._inner = inner
            self._exempt = exempt

        async def resolve(
            self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
        ) -> list:
            name = host.lower().rstrip(".")
            exempt = name in self._exempt  # the operator's own proxy (use_env_proxy)
            if not exempt:
                # Numeric spellings aiohttp did not recognise (0x7f.1) and names: the same
                # rules as the URL check, in case someone calls us with a raw host.
                self._policy._check_host(host, host.lower())
            answers = await self._inner.resolve(host, port, family)
            if not answers:
                raise OSError(f"no addresses for {host!r}")
            pinned = []
            for a in answers:
                ip = ipaddress.ip_address(str(a["host"]).split("%", 1)[0])
                if not exempt:
                    try:
                        self._policy.check_address(str(ip))
                    except UrlRejected as exc:
                        raise UrlRejected(
                            f"{host!r} resolves to a refused address: {exc}"
                        ) from None
                pinned.append(
                    {
                        "hostname": host,
                        "host": a["host"],
                        "port": a["port"],
                        "family": a["family"],
                        "proto": a.get("proto", 0),
                        "flags": socket.AI_NUMERICHOST | socket.AI_NUMERICSERV,
                    }
                )
            return pinned

        async def close(self) -> None:
            await self._inner.close()

    return PolicyResolver


# ---------------------------------------------------------------------------------------
# The fetcher


def _is_http_url(item: Any) -> bool:
    return isinstance(item, str) and item[:8].lower().startswith(("http://", "https://"))


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
                resolver=_policy_resolver_class()(self.policy, inner, exempt),
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
                raise _rejected(url, f"invalid URL: {exc}") from None
            except (aiohttp.ClientError, OSError) as exc:
                raise _fetch_error(f"fetching {url!r} failed: {exc!r}") from exc

    async def _fetch_hops(self, session, url: str, target: _Target, deadline: float) -> bytes:
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
                        raise _rejected(loc, f"bad redirect Location: {exc}") from None
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
        idx = [i for i, it in enumerate(items) if _is_http_url(it)]
        got = await asyncio.gather(
            *(self._fetch_on_loop(items[i]) for i in idx), return_exceptions=True
        )
        out = list(items)
        for i, r in zip(idx, got):
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
