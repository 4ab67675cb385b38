"""Contour HD95 and normalised surface distance (``docs/metrics.md`` section 2).

Hand-worked values, the empty cases, and equality with an independent scipy
implementation (MedPy's and DeepMind surface-distance's recipe: contour = mask minus its
erosion by the 3x3 cross, Euclidean distance transform of the other contour).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from tests.engine.masks import check_scores, grid, pixels, vessel_masks, vessel_pairs
from vesselview.engine.families.contour import contour_distances
from vesselview.engine.surface import surface_scores

CROSS = ndimage.generate_binary_structure(2, 1)


def scores_of(candidate: np.ndarray, reference: np.ndarray, tau: float = 2.0):
    """``hd95_contour`` and ``nsd`` of ``candidate`` (S) against ``reference`` (G)."""
    return surface_scores(contour_distances(candidate, reference), bool(candidate.any()),
                          bool(reference.any()), tau)


# 5x7: G = 3x3 block at rows 1..3, cols 1..3; S = the same block one column right.
REFERENCE = grid([".......", ".###...", ".###...", ".###...", "......."])
CANDIDATE = grid([".......", "..###..", "..###..", "..###..", "......."])


@pytest.mark.parametrize(("tau", "nsd"), [(2.0, 1.0), (1.0, 1.0), (0.5, 0.5), (0.0, 0.5)])
def test_shifted_blocks_by_hand(tau: float, nsd: float) -> None:
    # Each direction gives four 0s and four 1s (see test_contour): 16 pooled values, the
    # sorted 95th-percentile position 0.95·15 = 14.25 falls between two 1s, so HD95 = 1.
    # Within tau >= 1 every contour pixel matches; within tau < 1 only the eight 0s.
    check_scores(scores_of(CANDIDATE, REFERENCE, tau), {"hd95_contour": 1.0, "nsd": nsd})


# One row, columns 0..7: G = #.......  S = ...##...  (every pixel of a 1-row mask is contour)
ROW_G = pixels((1, 8), (0, 0))
ROW_S = pixels((1, 8), (0, 3), (0, 4))


@pytest.mark.parametrize(("tau", "nsd"), [(3.0, 2 / 3), (3.5, 2 / 3), (2.9, 0.0), (4.0, 1.0)])
def test_one_row_by_hand(tau: float, nsd: float) -> None:
    # P(S) -> P(G): d(3, {0}) = 3, d(4, {0}) = 4; P(G) -> P(S): d(0, {3, 4}) = 3.
    # Pooled sorted [3, 3, 4]: position 0.95·2 = 1.9, HD95 = 3 + 0.9·(4 - 3) = 3.9.
    # tau in [3, 4): both 3s match, the 4 does not: 2/3.
    check_scores(scores_of(ROW_S, ROW_G, tau), {"hd95_contour": 3.9, "nsd": nsd})


def test_identical_masks_are_perfect() -> None:
    check_scores(scores_of(REFERENCE, REFERENCE, 0.0), {"hd95_contour": 0.0, "nsd": 1.0})


EMPTY = np.zeros((5, 7), bool)


@pytest.mark.parametrize(("candidate", "reference", "hd95", "nsd"), [
    (EMPTY, EMPTY, 0.0, 1.0),              # both empty: a perfect match
    (CANDIDATE, EMPTY, math.inf, 0.0),     # exactly one empty
    (EMPTY, REFERENCE, math.inf, 0.0),
])
def test_empty_masks(candidate, reference, hd95: float, nsd: float) -> None:
    check_scores(scores_of(candidate, reference), {"hd95_contour": hd95, "nsd": nsd})


# -- against an independent scipy implementation -----------------------------------------

def scipy_contour(mask: np.ndarray) -> np.ndarray:
    """Mask minus its erosion by the cross, the image border counting as outside."""
    return mask & ~ndimage.binary_erosion(mask, structure=CROSS, border_value=0)


def scipy_contour_distances(candidate: np.ndarray, reference: np.ndarray):
    """d(p, P(G)) for p in P(S) and d(p, P(S)) for p in P(G), by scipy's exact EDT."""
    contour_s, contour_g = scipy_contour(candidate), scipy_contour(reference)
    s_to_g = ndimage.distance_transform_edt(~contour_g)[contour_s]
    g_to_s = ndimage.distance_transform_edt(~contour_s)[contour_g]
    return s_to_g, g_to_s


def scipy_hd95(candidate: np.ndarray, reference: np.ndarray) -> float:
    """MedPy's hd95: 95th percentile (numpy linear) of both directions pooled."""
    return float(np.percentile(np.hstack(scipy_contour_distances(candidate, reference)), 95))


def scipy_nsd(candidate: np.ndarray, reference: np.ndarray, tau: float) -> float:
    """Surface Dice at tolerance tau with unit surface elements."""
    s_to_g, g_to_s = scipy_contour_distances(candidate, reference)
    matched = np.sum(s_to_g <= tau) + np.sum(g_to_s <= tau)
    return float(matched / (s_to_g.size + g_to_s.size))


PROPERTY = settings(max_examples=40, deadline=None)


@PROPERTY
@given(vessel_pairs(with_fov=False), st.sampled_from([0.0, 1.0, 1.5, 2.0, 3.0, 5.0]))
def test_equals_scipy_on_vessel_pairs(pair, tau: float) -> None:
    candidate, reference, _ = pair
    if not (candidate.any() and reference.any()):
        return
    scores = scores_of(candidate, reference, tau)
    assert scores.values["hd95_contour"] == pytest.approx(scipy_hd95(candidate, reference),
                                                          abs=1e-9)
    assert scores.values["nsd"] == pytest.approx(scipy_nsd(candidate, reference, tau),
                                                 abs=1e-12)


@PROPERTY
@given(st.data())
def test_equals_scipy_on_unrelated_masks(data) -> None:
    candidate = data.draw(vessel_masks())
    reference = data.draw(vessel_masks(candidate.shape))
    if not (candidate.any() and reference.any()):
        return
    tau = data.draw(st.floats(0.0, 8.0))
    scores = scores_of(candidate, reference, tau)
    assert scores.values["hd95_contour"] == pytest.approx(scipy_hd95(candidate, reference),
                                                          abs=1e-9)
    assert scores.values["nsd"] == pytest.approx(scipy_nsd(candidate, reference, tau),
                                                 abs=1e-12)


@PROPERTY
@given(vessel_pairs(with_fov=False))
def test_symmetric_and_bounded(pair) -> None:
    candidate, reference, _ = pair
    forward, backward = scores_of(candidate, reference), scores_of(reference, candidate)
    assert forward.values == backward.values
    assert 0.0 <= forward.values["nsd"] <= 1.0
