"""atheris (libFuzzer for CPython) over the Python layer's parsers of untrusted input: the
descriptor parser (JSON as it arrives over an RPC, lease_check included), the nixl_metadata
decoder and ``UrlPolicy.check``. Any exception other than the typed ones is a finding.

Python coverage only: the Rust extension is not instrumented in this build (that needs the
extension built with coverage flags and ubsan_with_fuzzer.so preloaded: the cargo-fuzz targets
in fuzz/fuzz_targets cover the Rust parsers instead).

    .venv/bin/python fuzz/python/fuzz_api.py -max_total_time=60 fuzz/corpus/python
"""

from __future__ import annotations

import contextlib
import json
import math
import sys

import atheris

from fastmedia.errors import UrlRejected
from fastmedia.fetch.policy import UrlPolicy
from fastmedia.transfer.descriptor import DescriptorError, decode_metadata, parse_descriptor

POLICIES = [
    UrlPolicy(),
    UrlPolicy(allow_private=True, allow_ip_literals=True, allow_nondefault_ports=True),
    UrlPolicy(allowed_domains=["images.example.com"]),
]


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    which = fdp.ConsumeIntInRange(0, 2)
    text = fdp.ConsumeUnicodeNoSurrogates(8192)
    if which == 0:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return
        try:
            d = parse_descriptor(value)
        except DescriptorError:
            return
        assert d.size == d.dtype.itemsize * math.prod(d.shape)
        assert d.addr >= 1 and d.addr + d.size <= 1 << 64
    elif which == 1:
        try:
            out = decode_metadata(text)
        except DescriptorError:
            return
        assert len(out) <= 16 << 20
    else:
        for pol in POLICIES:
            with contextlib.suppress(UrlRejected):
                pol.check(text)


def main() -> None:
    # instrument_all, not instrument_imports: the editable install's import hook bypasses the
    # latter (it saw 35 edges). Also instruments the stdlib parsers involved (json, ipaddress).
    atheris.instrument_all()
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
