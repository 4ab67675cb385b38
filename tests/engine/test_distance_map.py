"""Distance maps kept in 4 bytes per pixel read back bit for bit (issue 15: memory)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vesselview.engine.distance_map import distance_map
from vesselview.engine.families.contour import contour_of
from vesselview.engine.families.distance import distance_maps
from vesselview.engine.morphology import distance_to

KINDS = ["euclidean", "cityblock", "chessboard"]


def assert_same_bits(got: np.ndarray, expected: np.ndarray) -> None:
    assert got.dtype == np.float64
    np.testing.assert_array_equal(got.view(np.uint64), expected.view(np.uint64))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.001, 0.5), st.sampled_from(KINDS))
def test_every_read_equals_the_float64_transform(seed, density, kind) -> None:
    rng = np.random.default_rng(seed)
    mask = rng.random((int(rng.integers(1, 60)), int(rng.integers(1, 60)))) < density
    mask.flat[0] |= not mask.any()
    expected = distance_to(mask, kind)
    kept = distance_map(mask, kind)
    assert kept.stored.dtype == np.uint32 and not kept.stored.flags.writeable
    assert kept.squared == (kind == "euclidean")
    everywhere = np.ones(mask.shape, bool)
    assert_same_bits(kept.at(everywhere), expected.ravel())
    assert_same_bits(kept.at(mask), expected[mask])
    for limit in (0.5, 2.0, np.sqrt(5.0), 1e9):
        assert_same_bits(kept.clipped(limit), np.minimum(expected, limit))
    row, col = int(rng.integers(mask.shape[0])), int(rng.integers(mask.shape[1]))
    assert kept.pixel(row, col) == expected[row, col]


def test_long_distances_near_the_32_bit_limit_are_exact() -> None:
    # Squared distances up to 64000² + 1 ≈ 2**31.9: rint(d·d) must still give the integer.
    mask = np.zeros((2, 64001), bool)
    mask[0, 0] = True
    kept = distance_map(mask, "euclidean")
    assert kept.squared and kept.stored.dtype == np.uint32
    assert_same_bits(kept.at(np.ones(mask.shape, bool)), distance_to(mask).ravel())


def test_an_image_whose_squared_diagonal_exceeds_32_bits_keeps_float64() -> None:
    mask = np.zeros((1, 70000), bool)
    mask[0, 3] = True
    kept = distance_map(mask, "euclidean")
    assert not kept.squared and kept.stored.dtype == np.float64
    assert kept.pixel(0, 69999) == 69996.0


@pytest.mark.parametrize("kind", KINDS)
def test_maps_kept_by_the_distance_stages_are_four_bytes_per_pixel(kind) -> None:
    mask = np.zeros((20, 30), bool)
    mask[5:9, 3:20] = True
    maps = distance_maps(mask, mask, np.ones_like(mask), kind, use_fov=False)
    for kept in (maps.to_candidate, maps.to_reference, contour_of(mask).distances):
        assert kept is not None and kept.stored.dtype == np.uint32
