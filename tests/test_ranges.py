"""``_core.Ranges``, the first-fit allocator of the Reader's pool slabs and the Frontend's
registered pool: lowest offsets first, coalesced on release, and a typed error (not a panic)
for a range outside the region."""

from __future__ import annotations

import pytest

from fastmedia import _core

PAGE = 4096


def test_first_fit_lowest_first_and_coalesced():
    r = _core.Ranges(8 * PAGE)
    a, b, c = r.alloc(PAGE), r.alloc(2 * PAGE), r.alloc(PAGE)
    assert (a, b, c) == (0, PAGE, 3 * PAGE)
    assert r.free() == [(4 * PAGE, 4 * PAGE)]
    r.release(b, 2 * PAGE)
    assert r.alloc(PAGE) == PAGE  # the lowest hole that fits, not the tail
    r.release(PAGE, PAGE)
    r.release(a, PAGE)
    r.release(c, PAGE)
    assert r.free() == [(0, 8 * PAGE)]
    assert r.alloc(9 * PAGE) is None


@pytest.mark.parametrize("off, n", [(8 * PAGE, 1), (0, 8 * PAGE + 1), (2**63, 2**63)])
def test_a_range_outside_the_region_is_a_value_error(off, n):
    r = _core.Ranges(8 * PAGE)
    with pytest.raises(ValueError, match="outside"):
        r.release(off, n)
    assert r.free() == [(0, 8 * PAGE)]
