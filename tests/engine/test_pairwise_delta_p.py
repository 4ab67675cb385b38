"""Baddeley's Δp summed a leaf at a time equals np.mean over every term (issue 28, item 3).

The reference below makes every term of X in one array, as the former code did, and takes
``np.mean``: the blocked sum follows numpy's pairwise tree, so the two agree bit for bit.
Leaves are made tiny so that random images cross many of them (and their rows).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vesselview.engine import baddeley
from vesselview.engine.distance_map import DistanceMap, distance_map

from .masks import noise_masks


def one_array(to_reference: DistanceMap | None, to_candidate: DistanceMap | None,
              region: np.ndarray | None, shape: tuple[int, int], p: float, c: float) -> float:
    """Δp from every term of X in one array and ``np.mean``."""
    def clipped(distances: DistanceMap | None) -> np.ndarray:
        return np.full(shape, c) if distances is None else distances.clipped(c)

    gap = np.abs(clipped(to_reference) - clipped(to_candidate))
    terms = gap.ravel() if region is None else gap[region]
    return float(np.mean(terms ** p) ** (1.0 / p))


def maps_of(mask: np.ndarray) -> DistanceMap | None:
    return distance_map(mask, "euclidean") if mask.any() else None


@given(reference=noise_masks(1, 40), data=st.data(), p=st.sampled_from([1.0, 2.0, 0.5, 3.3]),
       c=st.sampled_from([0.5, 2.0, 5.0, 100.0]), use_region=st.booleans(),
       leaf_terms=st.integers(1, 400), leaf_rows=st.integers(0, 3))
def test_blocked_delta_p_equals_the_mean_of_one_array(reference: np.ndarray,
                                                      data: st.DataObject, p: float,
                                                      c: float, use_region: bool,
                                                      leaf_terms: int, leaf_rows: int) -> None:
    candidate = data.draw(hnp.arrays(np.bool_, reference.shape))
    region = data.draw(hnp.arrays(np.bool_, reference.shape)) if use_region else None
    if region is not None:
        region.flat[0] = True  # X is not empty
    args = (maps_of(reference), maps_of(candidate), region, reference.shape, p, c)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(baddeley, "_LEAF_TERMS", leaf_terms)
        patch.setattr(baddeley, "_LEAF_ROWS", leaf_rows)
        got = baddeley.baddeley_delta(*args)
    assert got == one_array(*args)


@pytest.mark.parametrize("use_region", [False, True])
def test_many_leaves_of_a_larger_image(use_region: bool) -> None:
    # 700x900 (630000 terms, 2-3 leaves of the default size, split at numpy's own points)
    rng = np.random.default_rng(3)
    reference, candidate = rng.random((2, 700, 900)) < 0.01
    region = (rng.random((700, 900)) < 0.7) if use_region else None
    for p in (2.0, 1.0):
        args = (maps_of(reference), maps_of(candidate), region, reference.shape, p, 5.0)
        assert baddeley.baddeley_delta(*args) == one_array(*args)
