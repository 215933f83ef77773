"""The SSRF policy for fetched URLs (``UrlPolicy``): the floor from the wire contract
(docs/interop.md) and more.

* the URL string is checked before parsing (length, control characters, backslashes,
  credentials) and parsed once, by yarl, the parser aiohttp itself uses; the parsed object
  is what gets requested, so the checked host is the host connected to;
* numeric hosts are normalised the way ``inet_aton`` would (``2130706433``, ``0x7f.1``,
  ``017700000001``, ``127.1``) and count as IP literals;
* every DNS answer is checked by a resolver installed in the connector
  (``policy_resolver_class``), and the connection goes to exactly the checked address.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from typing import Any, NamedTuple

from fastmedia.errors import UrlRejected

__all__ = ["UrlPolicy"]


def shown(text: str, limit: int = 200) -> str:
    """``text`` fit for an error message: at most ``limit`` characters, quoted, everything but
    printable ASCII escaped (``ascii``), so no message carries much of anyone's text."""
    quoted = ascii(text[:limit])
    if len(text) <= limit and len(quoted) <= limit + 2:
        return quoted
    return quoted[: limit + 1] + "'..."  # escapes count: the result is at most limit + 5


_SCHEME_RE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")


def redact_url(url: str) -> str:
    """``url`` without its user info (``***@``), query and fragment (``?<redacted>``): signed
    URLs carry tokens there. Conservative: the URL need not parse."""
    scheme, sep, rest = url.partition(":")
    if not (
        sep
        and _SCHEME_RE.fullmatch(scheme)
        and (rest.startswith("//") or scheme.lower() in _DEFAULT_PORTS)
    ):
        scheme, sep, rest = "", "", url  # "u:pw@host": no scheme, all of it is redacted
    tail = ""
    cut = min((i for i in (rest.find("?"), rest.find("#")) if i >= 0), default=-1)
    if cut >= 0:
        rest, tail = rest[:cut], "?<redacted>"
    body = rest.lstrip("/\\")
    lead = rest[: len(rest) - len(body)]
    end = min((i for i in (body.find("/"), body.find("\\")) if i >= 0), default=len(body))
    auth = body[:end]
    if "@" in auth:
        auth = "***@" + auth.rsplit("@", 1)[1]
    return scheme + sep + lead + auth + body[end:] + tail


def show_url(url: str) -> str:
    """A URL for an error message: redacted (``redact_url``), cut and escaped (``shown``)."""
    return shown(redact_url(url))


def rejected(url: str, why: str) -> UrlRejected:
    return UrlRejected(f"URL refused ({why}): {show_url(url)}")


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
        # IETF protocol assignments: Teredo (2001::/32, tunnels to an embedded,
        # attacker-chosen IPv4), benchmarking (2001:2::/48, like 198.18/15), ORCHID.
        "2001::/23",
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4: embeds an IPv4 reached through a relay
        "64:ff9b:1::/48",  # local-use NAT64
        "fe80::/10",  # link-local
        "fec0::/10",  # deprecated site-local
        "ff00::/8",  # multicast
    )
)
# Ranges that embed an IPv4 in their low 32 bits and reach it: judged by that IPv4.
_V4_EMBEDDING = (
    _N6("::ffff:0:0/96"),  # IPv4-mapped
    _N6("::ffff:0:0:0/96"),  # IPv4-translated (SIIT)
    _N6("64:ff9b::/96"),  # NAT64 well-known prefix
)
# Cloud metadata and platform endpoints: refused whatever the policy (allow_private and
# allow_ip_literals do not open them), also through the IPv4-embedding ranges above.
_METADATA = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack, ... IMDS
        "169.254.169.253",  # AWS DNS resolver
        "169.254.169.123",  # AWS time sync
        "169.254.170.2",  # AWS ECS task metadata
        "169.254.0.23",  # Tencent Cloud metadata
        "100.100.100.200",  # Alibaba Cloud metadata (in 100.64/10, which allow_private opens)
        "168.63.129.16",  # Azure WireServer (a public address)
        "192.0.0.192",  # Oracle Cloud IMDS
        "fd00:ec2::254",  # AWS IMDS over IPv6 (in fc00::/7, which allow_private opens)
        "fd00:ec2::253",  # AWS DNS resolver over IPv6
        "fd00:ec2::23",  # AWS time sync over IPv6
        "fd20:ce::254",  # GCP metadata over IPv6
        "fd00:c1::a9fe:a9fe",  # Oracle Cloud IMDS over IPv6
    )
)

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
            raise ValueError("a part is not a number")
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


_LIFT_PRIVATE = "; UrlPolicy(allow_private=True) allows it"


def _ip_block_reason(
    ip: ipaddress.IPv4Address | ipaddress.IPv6Address, allow_private: bool
) -> str | None:
    if ip.version == 6:
        ip6 = ipaddress.IPv6Address(int(ip))  # drop any %scope
        if ip6 in _METADATA:
            return f"{ip6} is a cloud metadata address"
        if any(ip6 in n for n in _V4_EMBEDDING):
            inner = _ip_block_reason(ipaddress.IPv4Address(int(ip6) & 0xFFFFFFFF), allow_private)
            return None if inner is None else f"embeds a blocked IPv4: {inner}"
        if ip6 == _V6_LOOPBACK or any(ip6 in n for n in _V6_PRIVATE):
            return None if allow_private else f"{ip6} is a loopback/private address{_LIFT_PRIVATE}"
        for n in _V6_ALWAYS:
            if ip6 in n:
                return f"{ip6} is in blocked range {n}"
        return None
    if ip in _METADATA:
        return f"{ip} is a cloud metadata address"
    for n4 in _V4_PRIVATE:
        if ip in n4:
            return None if allow_private else f"{ip} is in private range {n4}{_LIFT_PRIVATE}"
    for n4 in _V4_ALWAYS:
        if ip in n4:
            return f"{ip} is in blocked range {n4}"
    return None


class Target(NamedTuple):
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

    - Schemes: ``https`` is fetched, and ``http`` unless ``allow_http=False`` (Dynamo's
      default; a redirect to ``http`` is then refused too). ``data:`` URLs pass ``check`` untouched
      (they are not fetched: the decoder parses them and caps their size with
      ``Limits.max_encoded_bytes``, so ``max_url_bytes`` does not apply to them); the
      ``Fetcher`` refuses them, also as a redirect target.
    - A host is required; user names and passwords in the URL are refused, even empty ones.
    - IP-literal hosts, in any numeric spelling, are refused unless ``allow_ip_literals``.
    - Explicit ports other than the scheme's default are refused unless
      ``allow_nondefault_ports``; port 0 is always refused.
    - Blocked names (``localhost``, cloud metadata names, ``kubernetes.default``, ...) and
      suffixes (``.localhost .local .internal .localdomain .home.arpa``) are always refused.
    - Blocked address ranges (Dynamo's list and more; IPv4-mapped ``::ffff:0:0/96``,
      IPv4-translated ``::ffff:0:0:0/96`` and NAT64 ``64:ff9b::/96`` addresses are judged by
      their embedded IPv4; 6to4, Teredo, site-local, link-local, multicast, reserved and
      documentation ranges are refused outright). ``allow_private`` lifts only the
      loopback and private ranges (127/8, 10/8, 172.16/12, 192.168/16, 100.64/10, ::1,
      fc00::/7); link-local (169.254/16, fe80::/10) and the rest stay refused.
    - Cloud metadata addresses are refused whatever the options, also where they sit in a
      range an option opens or in public space: 169.254.169.254, ``fd00:ec2::254``,
      ``fd20:ce::254``, 100.100.100.200, 168.63.129.16 and the rest of ``_METADATA``.
    - Error messages never show a URL's user info, query or fragment, and cut and escape
      what they quote (``show_url``).
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
        allow_http: bool = True,
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
        self.allow_http = bool(allow_http)

    def __repr__(self) -> str:
        domains = sorted(self.allowed_domains) if self.allowed_domains is not None else None
        return (
            f"UrlPolicy(allow_private={self.allow_private}, "
            f"allow_ip_literals={self.allow_ip_literals}, "
            f"allow_nondefault_ports={self.allow_nondefault_ports}, "
            f"allowed_domains={domains}, "
            f"max_url_bytes={self.max_url_bytes}, "
            f"allow_http={self.allow_http})"
        )

    def check(self, url: str) -> None:
        """Raise ``UrlRejected`` unless ``url`` may be fetched (or is a data URL). No I/O."""
        if isinstance(url, str) and url[:5].lower() == "data:":
            return
        self.check_fetch(url)

    def check_fetch(self, url: str) -> Target:
        """Like ``check`` but only http(s) passes; returns the parsed target. Raises
        ``UrlRejected`` (naming the rule, and the ``UrlPolicy`` option that lifts it where one
        does) for any URL the policy refuses."""
        if not isinstance(url, str):
            raise UrlRejected(f"URL must be a str, got {type(url).__name__}")
        if (
            len(url) > self.max_url_bytes
            or len(url.encode("utf-8", "surrogatepass")) > self.max_url_bytes
        ):
            raise rejected(url, f"longer than max_url_bytes={self.max_url_bytes}")
        # Characters that URL parsers disagree about (WHATWG strips tabs and newlines and
        # reads "\" as "/"; RFC 3986 parsers do neither): refuse instead of picking a side.
        if any(c <= " " or c == "\x7f" for c in url):
            raise rejected(url, "whitespace or control character")
        if "\\" in url:
            raise rejected(url, "backslash")
        scheme, sep, rest = url.partition(":")
        scheme = scheme.lower()
        if not sep or scheme not in _DEFAULT_PORTS:
            raise rejected(url, f"scheme {shown(scheme, 16)} is not fetched (http/https only)")
        if scheme == "http" and not self.allow_http:
            raise rejected(url, "http:// is not allowed: UrlPolicy(allow_http=True) allows it")
        if not rest.startswith("//"):
            raise rejected(url, "no host")
        authority = re.split(r"[/?#]", rest[2:], maxsplit=1)[0]
        if "@" in authority:
            raise rejected(url, "credentials in URL")
        if not authority or authority.startswith(":"):
            raise rejected(url, "no host")
        if "%" in authority:
            raise rejected(url, "percent-encoded host or IPv6 zone")

        from yarl import URL

        try:
            parsed = URL(url)
            parsed.port  # noqa: B018  (yarl validates the port lazily: raise here)
        except Exception as exc:  # yarl raises ValueError, IndexError, ...: all are refusals
            raise rejected(url, f"unparseable ({type(exc).__name__})") from None
        raw_host = (parsed.raw_host or "").lower()
        if not parsed.is_absolute() or not raw_host:
            raise rejected(url, "no host")
        if parsed.user is not None or parsed.password is not None:
            raise rejected(url, "credentials in URL")

        explicit = parsed.explicit_port
        if explicit is not None:
            if explicit == 0:
                raise rejected(url, "port 0")
            if explicit != _DEFAULT_PORTS[scheme] and not self.allow_nondefault_ports:
                raise rejected(
                    url,
                    f"non-default port {explicit}; "
                    "UrlPolicy(allow_nondefault_ports=True) allows it",
                )

        host, ip = self._check_host(url, raw_host)
        if self.allowed_domains is not None and host not in self.allowed_domains:
            raise rejected(
                url,
                f"host {shown(host, 64)} is not in allowed_domains; add it to"
                " UrlPolicy(allowed_domains=)",
            )
        if ip is not None and raw_host != str(ip):
            # Request the canonical spelling of the checked address (0x7f.1 -> 127.0.0.1),
            # so no resolver downstream reads the host differently.
            parsed = parsed.with_host(str(ip))
        return Target(parsed, host, ip)

    def _check_host(self, url: str, raw_host: str):
        ip: ipaddress.IPv4Address | ipaddress.IPv6Address | None
        if ":" in raw_host:
            try:
                ip = ipaddress.IPv6Address(raw_host)
            except ValueError:
                raise rejected(url, "bad IPv6 host") from None
        else:
            if raw_host.endswith(".."):
                raise rejected(url, "empty label in host")
            try:
                ip = _parse_numeric_ipv4(raw_host)
            except ValueError as exc:
                raise rejected(url, f"malformed numeric host ({exc})") from None
        if ip is not None:
            if not self.allow_ip_literals:
                raise rejected(
                    url, f"IP-literal host {ip}; UrlPolicy(allow_ip_literals=True) allows it"
                )
            why = _ip_block_reason(ip, self.allow_private)
            if why:
                raise rejected(url, why)
            return str(ip), ip
        name = raw_host[:-1] if raw_host.endswith(".") else raw_host
        if len(name) > 253 or not _HOSTNAME_RE.fullmatch(name):
            raise rejected(url, "malformed host name")
        if name in _BLOCKED_NAMES or name.endswith(_BLOCKED_SUFFIXES):
            raise rejected(url, f"blocked host name {shown(name, 64)}")
        return name, None

    def check_address(self, address: str) -> None:
        """Raise ``UrlRejected`` if a resolved address (a DNS answer) may not be connected to."""
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            raise UrlRejected(f"DNS answer {shown(address, 64)} is not an IP address") from None
        why = _ip_block_reason(ip, self.allow_private)
        if why:
            raise UrlRejected(f"DNS answer refused: {why}")


# ---------------------------------------------------------------------------------------
# DNS: check every answer, pin the connection to it


def policy_resolver_class():
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
