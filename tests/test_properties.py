"""Property-based tests (hypothesis) over the Python API's parsers of untrusted input:
``UrlPolicy.check``, the descriptor parser (with ``lease_check`` and ``nixl_metadata``) and
``Decoder`` options. Each property says what must hold for every input, not for a few examples:
a typed error or a result that keeps the documented invariants, never another exception.

The libFuzzer targets in ``fuzz/`` cover the Rust parsers the same way, coverage-guided.
"""

from __future__ import annotations

import contextlib
import copy
import ipaddress
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import fastmedia
from fastmedia import (
    ConfigError,
    DecodeError,
    Decoder,
    LimitExceeded,
    Limits,
    UrlPolicy,
)
from fastmedia.errors import UrlRejected
from fastmedia.transfer.descriptor import (
    DescriptorError,
    MediaDescriptor,
    decode_metadata,
    encode_metadata,
    parse_descriptor,
)

# Deterministic and bounded: CI runs the same examples every time (derandomize), and a busy
# machine does not turn slow examples into failures (deadline=None).
PROPS = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# JSON values, as a descriptor arrives over an RPC; plus the Python numbers JSON cannot carry.
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(1 << 70), max_value=1 << 70)
    | st.sampled_from([0, 1, -1, 1 << 64, (1 << 64) - 1, 10**400, -(10**400)])
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)

_MD = encode_metadata(b"nixlSerDes|Agent" + (7).to_bytes(8, "little") + b"fe-test|Conns")


def _valid() -> dict:
    return {
        "nixl_metadata": _MD,
        "nixl_descriptor": {"addr": 1 << 40, "size": 4 * 5 * 3, "mem_type": "Dram", "device_id": 0},
        "shape": [4, 5, 3],
        "dtype": "uint8",
        "metadata": {"Image": {"format": "Png", "color_type": "Rgb8", "layout": "HWC"}},
        "content_hash": "7a9bbcb11a898630",
        "lease_key": "fm1:fe:42",
        "lease_check": {"addr": (1 << 40) + 4096, "id": 42, "grace_s": 5.0},
    }


def _assert_consistent(p: MediaDescriptor) -> None:
    """What the reader relies on once a descriptor parsed."""
    assert isinstance(p, MediaDescriptor)
    assert p.addr >= 1 and p.addr + p.size <= 1 << 64
    assert p.size == math.prod(p.shape) * p.dtype.itemsize
    assert all(isinstance(d, int) and d >= 1 for d in p.shape)
    assert p.mem_type in ("DRAM", "VRAM")
    assert p.content_hash is None or len(p.content_hash) == 16
    assert p.lease_key is None or (p.lease_key and ";" not in p.lease_key)
    if p.lease_check is not None:
        lc = p.lease_check
        assert lc.addr % 8 == 0 and lc.addr >= 1 and lc.addr + 8 <= 1 << 64
        assert 1 <= lc.id < 1 << 64
        assert math.isfinite(lc.grace_s) and lc.grace_s > 0


def _parse_or_typed(d) -> MediaDescriptor | None:
    try:
        p = parse_descriptor(d)
    except DescriptorError:
        return None
    _assert_consistent(p)
    return p


@PROPS
@given(json_values)
def test_descriptor_parser_on_arbitrary_values(value):
    _parse_or_typed(value)
    _parse_or_typed({"Decoded": value})


_PATHS = [
    ("nixl_metadata",),
    ("nixl_descriptor",),
    ("nixl_descriptor", "addr"),
    ("nixl_descriptor", "size"),
    ("nixl_descriptor", "mem_type"),
    ("nixl_descriptor", "device_id"),
    ("shape",),
    ("dtype",),
    ("metadata",),
    ("content_hash",),
    ("lease_key",),
    ("lease_check",),
    ("lease_check", "addr"),
    ("lease_check", "id"),
    ("lease_check", "grace_s"),
]


@PROPS
@given(st.lists(st.tuples(st.sampled_from(_PATHS), json_values | st.just(KeyError)), max_size=3))
@example([(("lease_check", "grace_s"), 10**400)])  # once escaped as OverflowError
@example([(("shape",), [1 << 40, 1 << 40, 1 << 40])])
def test_descriptor_parser_on_mutated_descriptors(mutations):
    """A valid descriptor with some fields replaced (or removed: KeyError) by arbitrary values."""
    d = _valid()
    for path, value in mutations:
        parent = d
        for k in path[:-1]:
            parent = parent.get(k) if isinstance(parent, dict) else None
        if not isinstance(parent, dict):
            continue
        if value is KeyError:
            parent.pop(path[-1], None)
        else:
            parent[path[-1]] = copy.deepcopy(value)
    _parse_or_typed(d)


def test_valid_descriptor_parses():
    p = parse_descriptor(_valid())
    _assert_consistent(p)
    assert p.lease_check is not None and p.lease_check.id == 42


@PROPS
@given(st.binary(max_size=2048))
def test_metadata_round_trips(blob):
    assert decode_metadata(encode_metadata(blob)) == blob


@PROPS
@given(st.text(max_size=200) | st.builds(lambda b: "b64:" + b.hex(), st.binary(max_size=64)))
def test_metadata_decoder_on_arbitrary_text(text):
    try:
        out = decode_metadata(text)
    except DescriptorError:
        return
    assert isinstance(out, bytes) and len(out) <= 16 << 20


# --- UrlPolicy.check --------------------------------------------------------------------------

_url_chars = st.characters(codec="utf-8", exclude_characters="\x00")
urlish = st.one_of(
    st.text(_url_chars, max_size=80),
    st.builds(
        lambda scheme, auth, host, port, path: f"{scheme}://{auth}{host}{port}{path}",
        st.sampled_from(["http", "https", "HTTP", "ftp", "file", "data", "javascript", "hTTps"]),
        st.sampled_from(["", "@", "user@", "u:p@", ":@"]),
        st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=30)
        | st.sampled_from(
            [
                "localhost",
                "127.0.0.1",
                "[::1]",
                "0x7f.1",
                "2130706433",
                "017700000001",
                "169.254.169.254",
                "metadata.google.internal",
                "example.com",
                "EXAMPLE.com.",
                "xn--nxasmq6b.com",
                "[::ffff:127.0.0.1]",
                "[64:ff9b::a00:1]",
                "a..b",
                "10.0.0.1",
                "[fe80::1%25eth0]",
            ]
        ),
        st.sampled_from(["", ":80", ":443", ":0", ":8080", ":99999", ":", ":-1", ":0x50"]),
        st.text(_url_chars, max_size=20),
    ),
)


@PROPS
@given(urlish, st.booleans(), st.booleans(), st.booleans())
def test_url_policy_check_is_total(url, allow_private, allow_ip, allow_ports):
    """Every str is either accepted or refused with UrlRejected; an accepted fetch URL is
    http(s), has a host, no credentials, no whitespace or control characters."""
    pol = UrlPolicy(
        allow_private=allow_private, allow_ip_literals=allow_ip, allow_nondefault_ports=allow_ports
    )
    try:
        pol.check(url)
    except UrlRejected:
        return
    if url[:5].lower() == "data:":
        return
    assert url.split(":", 1)[0].lower() in ("http", "https")
    assert not any(c <= " " or c == "\x7f" for c in url)
    assert "\\" not in url
    target = pol.check_fetch(url)
    assert target.host
    assert "@" not in url.split("//", 1)[1].split("/", 1)[0]


def _spellings(ip: ipaddress.IPv4Address) -> list[str]:
    n = int(ip)
    a, b, c, d = ip.packed
    return [
        str(ip),
        str(n),
        hex(n),
        "0" + oct(n)[2:],
        f"{a}.{(b << 16) | (c << 8) | d}",
        f"{a:#x}.{b:#x}.{c:#x}.{d:#x}",
        f"0{a:o}.{b}.{c}.{d}",
    ]


@PROPS
@given(st.ip_addresses(v=4), st.booleans())
def test_blocked_ipv4_in_any_spelling_is_refused(ip, allow_ip):
    """An internal address is refused however it is spelled; allow_ip_literals only lifts the
    ban on literals of public addresses."""
    internal = not ip.is_global or ip.is_multicast
    assume(internal or allow_ip)
    pol = UrlPolicy(allow_ip_literals=allow_ip)
    verdicts = set()
    for host in _spellings(ip):
        url = f"http://{host}/x.png"
        if internal:
            with pytest.raises(UrlRejected):
                pol.check(url)
            continue
        # Otherwise (literals allowed, an address Python calls global): the spelling never
        # changes the verdict (the policy blocks a few more ranges, e.g. 192.0.0.0/24), and
        # an accepted URL requests that address, spelled canonically.
        try:
            target = pol.check_fetch(url)
        except UrlRejected as e:
            verdicts.add(str(e).split("(", 1)[1].split(")", 1)[0])
            continue
        verdicts.add("ok")
        assert target.ip == ip and target.host == str(ip) == target.url.host
    assert len(verdicts) <= 1, verdicts


@PROPS
@given(st.ip_addresses(v=6))
def test_blocked_ipv6_is_refused(ip):
    # IPv4-mapped addresses are judged by the address they embed (policy docstring).
    v4 = ip.ipv4_mapped
    internal = (
        (not v4.is_global or v4.is_multicast) if v4 else (not ip.is_global or ip.is_multicast)
    )
    assume(internal)
    with pytest.raises(UrlRejected):
        UrlPolicy(allow_ip_literals=True).check(f"http://[{ip}]/x.png")


@PROPS
@given(
    st.from_regex(r"[a-z0-9]{1,10}(\.[a-z0-9]{1,10}){0,2}", fullmatch=True), st.text(max_size=10)
)
def test_allowed_domains_are_exact(name, other):
    pol = UrlPolicy(allowed_domains=[name + ".example"])
    pol.check(f"https://{name.upper()}.example./a")
    assume(other and other != name and "." not in other)
    for host in (f"{other}.{name}.example", f"{name}.example.{other}"):
        with pytest.raises(UrlRejected):
            pol.check(f"https://{host}/a")


# --- Decoder options --------------------------------------------------------------------------


def _png(h: int, w: int, c: int) -> bytes:
    import io

    from PIL import Image

    rng = np.random.default_rng(h * 1000 + w * 10 + c)
    arr = rng.integers(0, 256, size=(h, w, c), dtype=np.uint8)
    mode = {1: "L", 3: "RGB", 4: "RGBA"}[c]
    buf = io.BytesIO()
    Image.fromarray(arr[..., 0] if c == 1 else arr, mode).save(buf, "PNG")
    return buf.getvalue()


_IMAGES = {(h, w, c): _png(h, w, c) for h, w, c in [(7, 13, 3), (32, 1, 1), (20, 20, 4)]}
_REFERENCE = {"native": Decoder(threads=1, channels="native"), "rgb": Decoder(threads=1)}
opt_ints = st.none() | st.integers(min_value=1, max_value=2048)


@PROPS
@given(
    st.sampled_from(sorted(_IMAGES)),
    st.sampled_from(["rgb", "native", "RGB"]),
    opt_ints,
    opt_ints,
    st.none() | st.integers(min_value=1, max_value=1 << 20),
    st.integers(min_value=1, max_value=1 << 22),
    st.integers(min_value=1, max_value=1 << 20),
    st.booleans(),
)
def test_limits_only_refuse_never_change_pixels(
    key, channels, mw, mh, mp, max_alloc, max_encoded, exif
):
    """With any limits, a decode is either exactly the unlimited decode, within every limit,
    or LimitExceeded: limits never change or truncate pixels."""
    data = _IMAGES[key]
    dec = Decoder(
        threads=1,
        channels=channels,
        exif_orientation=exif,
        limits=Limits(
            max_width=mw,
            max_height=mh,
            max_pixels=mp,
            max_alloc=max_alloc,
            max_encoded_bytes=max_encoded,
        ),
    )
    try:
        arr = dec.decode(data)
    except LimitExceeded:
        return
    h, w, c = key
    assert arr.shape[:2] == (h, w)
    assert (mw is None or w <= mw) and (mh is None or h <= mh) and (mp is None or h * w <= mp)
    assert arr.nbytes <= max_alloc and len(data) <= max_encoded
    unlimited = _REFERENCE[channels.lower()].decode(data)
    assert arr.shape[2] == (3 if channels.lower() == "rgb" else c)
    np.testing.assert_array_equal(arr, unlimited)


@PROPS
@given(
    st.one_of(st.text(max_size=10), st.integers(), st.none(), st.floats(), st.binary(max_size=4)),
    st.one_of(
        st.none(), st.integers(min_value=-4, max_value=1 << 65), st.floats(), st.text(max_size=3)
    ),
)
def test_bad_options_fail_at_construction_with_a_clear_error(channels, max_alloc):
    """Options are checked when the Decoder is made: a ConfigError there (never a TypeError,
    OverflowError or crash), and a Decoder that was made decodes."""
    try:
        dec = Decoder(threads=1, channels=channels, limits=Limits(max_alloc=max_alloc))
    except ConfigError:
        return
    with contextlib.suppress(LimitExceeded):
        dec.decode(_IMAGES[(7, 13, 3)])


@PROPS
@given(st.binary(max_size=512) | st.text(max_size=200).map(lambda s: "data:image/png;base64," + s))
def test_decoder_on_arbitrary_input(data):
    """Anything else either decodes or raises a DecodeError (the family of every decode
    error) with a message."""
    dec = Decoder(threads=1, limits=Limits(max_alloc=1 << 20))
    try:
        arr = dec.decode(data)
    except DecodeError as e:
        assert str(e), f"{type(e).__name__} without a message"
        return
    assert arr.ndim == 3 and arr.dtype == np.uint8 and arr.shape[2] == 3


def test_package_exports_what_the_properties_use():
    assert fastmedia.UrlPolicy is UrlPolicy and issubclass(DescriptorError, DecodeError)
