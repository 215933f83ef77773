"""``_lanes.share_out``: how Reader(threads=N) cuts large items over its threads."""

from __future__ import annotations

import pytest

from fastmedia.transfer._lanes import share_out

MiB = 1 << 20


@pytest.mark.parametrize(
    ("size", "load"),
    [
        (6_220_800, [0, MiB // 2]),  # a 1080p image, the caller's head start
        (24_883_200, [0, MiB // 2]),  # 4K
        (6_220_800, [0, MiB // 2, MiB // 2]),  # two lanes
        (6_220_800, [0, 0]),
        (6_220_800, [40 * MiB, 0]),  # the caller's thread already far ahead: all to the lane
        (2 * MiB + 4096, [0, 3 * MiB]),
    ],
)
def test_pieces_cover_the_item_and_level_the_loads(size, load):
    before = list(load)
    pieces = share_out(size, load, MiB)
    assert sum(n for _, n in pieces) == size
    assert [i for i, _ in pieces] == sorted({i for i, _ in pieces})  # lane order, once each
    assert all(n >= MiB for _, n in pieces)
    assert all(n % 4096 == 0 for _, n in pieces[1:])
    for i, n in pieces:
        assert load[i] == before[i] + n
    got = [load[i] for i, _ in pieces]
    # Every lane that got a piece ends within a page per lane of the others that did, and no
    # lane left out was below that level.
    assert max(got) - min(got) <= 4096 * len(load)
    assert all(load[i] >= min(got) for i in range(len(load)) if i not in dict(pieces))


def test_the_callers_head_start_gives_it_the_larger_piece():
    load = [0, MiB // 2]
    (c, caller), (lane, other) = share_out(6_220_800, load, MiB)
    assert (c, lane) == (0, 1)
    assert caller - other == pytest.approx(MiB // 2, abs=4096)


def test_an_item_too_small_to_cut_twice_goes_whole_to_the_least_loaded():
    assert share_out(MiB + MiB // 2, [0, MiB // 2], MiB) == [(0, MiB + MiB // 2)]
    assert share_out(MiB + MiB // 2, [4 * MiB, 0], MiB) == [(1, MiB + MiB // 2)]
