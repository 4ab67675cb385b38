"""Peer libraries' contour-distance conventions (``distance_convention``, ``docs/metrics.md`` §2).

Each library's HD, HD95, ASSD and NSD are written here from its documented definition
(scipy's exact EDT, scipy's erosion), independently of vesselview's code, and compared
with ``msd`` (at g = 0), ``hd95_contour``, ``asd`` and ``nsd`` under that convention:

- MedPy 0.5 (``medpy.metric.binary``): contour = mask XOR its erosion by the cross;
  ``hd`` the larger directed maximum, ``hd95`` the 95th percentile of both directions
  stacked, ``assd`` the mean of the two lists together (its docstring: "averaging the
  two lists").
- MONAI (``monai.metrics``): the same contours (``get_mask_edges``); HD95 the larger of
  the two directed 95th percentiles, symmetric ASD the mean of the two directed means,
  surface Dice the share of both edge lists within tau.
- seg-metrics: fully connected contours (any of the 8 neighbours outside); list1 and
  list2 merged; ``hd`` its maximum, ``hd95`` its 95th percentile, ``msd`` its mean.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from tests.engine.masks import grid, vessel_pairs
from vesselview.engine.case import Case
from vesselview.engine.conventions import CONVENTIONS
from vesselview.engine.params import PARAM_SPECS, Params
from vesselview.engine.pipeline import evaluate

TAU = 2.0


def peer_contour(mask: np.ndarray, connectivity: int) -> np.ndarray:
    """Mask XOR its erosion (scipy, border outside) by the 4- or 8-neighbourhood."""
    structure = ndimage.generate_binary_structure(2, connectivity)
    return mask ^ ndimage.binary_erosion(mask, structure=structure, border_value=0)


def directed(candidate: np.ndarray, reference: np.ndarray, connectivity: int):
    """Distances from each contour pixel of one mask to the other's contour, both ways."""
    contour_s = peer_contour(candidate, connectivity)
    contour_g = peer_contour(reference, connectivity)
    return (ndimage.distance_transform_edt(~contour_g)[contour_s],
            ndimage.distance_transform_edt(~contour_s)[contour_g])


def nsd(first: np.ndarray, second: np.ndarray) -> float:
    """Surface Dice with unit boundary elements (MONAI without sub-voxels)."""
    return float((np.sum(first <= TAU) + np.sum(second <= TAU)) / (first.size + second.size))


def medpy(candidate: np.ndarray, reference: np.ndarray) -> dict[str, float]:
    first, second = directed(candidate, reference, 1)
    stacked = np.hstack((first, second))
    return {"msd": max(first.max(), second.max()), "hd95_contour": np.percentile(stacked, 95),
            "asd": stacked.mean(), "nsd": nsd(first, second)}


def monai(candidate: np.ndarray, reference: np.ndarray) -> dict[str, float]:
    first, second = directed(candidate, reference, 1)
    return {"msd": max(first.max(), second.max()),
            "hd95_contour": max(np.percentile(first, 95), np.percentile(second, 95)),
            "asd": np.mean((first.mean(), second.mean())), "nsd": nsd(first, second)}


def seg_metrics(candidate: np.ndarray, reference: np.ndarray) -> dict[str, float]:
    first, second = directed(candidate, reference, 2)
    merged = list(first) + list(second)
    return {"msd": np.max(merged), "hd95_contour": np.percentile(merged, 95),
            "asd": np.mean(merged), "nsd": nsd(first, second)}


PEERS = {"vesselview": medpy, "medpy": medpy, "monai": monai, "seg-metrics": seg_metrics}


def convention_metrics(candidate: np.ndarray, reference: np.ndarray,
                       convention: str) -> dict[str, float]:
    """The four keys from a whole evaluation under ``convention`` (g = 0, tau = `TAU`)."""
    result = evaluate(Case(reference, candidate, np.ones(reference.shape, bool)),
                      Params(distance_convention=convention, nsd_tau=TAU))
    return {key: result.metrics[key] for key in ("msd", "hd95_contour", "asd", "nsd")}


def test_choices_are_the_conventions() -> None:
    assert PARAM_SPECS["distance_convention"].choices == tuple(CONVENTIONS)
    assert Params().distance_convention == "vesselview"


# G: a 4x4 block; S: a 2-pixel-wide bar beside it, sharing one column.
REFERENCE = grid(["........", ".####...", ".####...", ".####...", ".####...", "........"])
CANDIDATE = grid(["........", "....##..", "....##..", "....##..", "....##..", "........"])


# One row, columns 0..7: G = #.......  S = ...##...  (every pixel of a 1-row mask is contour)
ROW_G = grid(["#......."])
ROW_S = grid(["...##..."])


@pytest.mark.parametrize(("convention", "hd95", "asd"), [
    # P(S) -> P(G): [3, 4]; P(G) -> P(S): [3]. Pooled [3, 3, 4]: position 0.95·2 = 1.9,
    # HD95 = 3.9; mean 10/3.
    ("vesselview", 3.9, 10 / 3),
    ("medpy", 3.9, 10 / 3),
    # Directed: p95([3, 4]) = 3.95, p95([3]) = 3, so 3.95; means 3.5 and 3: 3.25.
    ("monai", 3.95, 3.25),
    # A 1-row mask is its own contour in either connectivity: the pooled values.
    ("seg-metrics", 3.9, 10 / 3),
])
def test_one_row_by_hand(convention: str, hd95: float, asd: float) -> None:
    # every distance exceeds TAU = 2: NSD 0
    expected = {"msd": 4.0, "hd95_contour": hd95, "asd": asd, "nsd": 0.0}
    assert convention_metrics(ROW_S, ROW_G, convention) == pytest.approx(expected, abs=1e-12)


def test_seg_metrics_contours_are_thicker() -> None:
    # (2, 2), diagonal to the L's inner corner (3, 3), has all four edge neighbours inside:
    # it is contour only when the 8 neighbours count.
    ell = grid(["......", ".####.", ".####.", ".##...", ".##...", "......"])
    ours = convention_metrics(ell, ell, "vesselview")
    assert ours == convention_metrics(ell, ell, "seg-metrics")  # identical masks: perfect
    assert peer_contour(ell, 2)[2, 2] and not peer_contour(ell, 1)[2, 2]


@pytest.mark.parametrize("convention", list(PEERS))
def test_hand_made_pair_equals_the_peer(convention: str) -> None:
    expected = PEERS[convention](CANDIDATE, REFERENCE)
    assert convention_metrics(CANDIDATE, REFERENCE, convention) == pytest.approx(expected,
                                                                              abs=1e-9)


@settings(max_examples=15, deadline=None)
@given(vessel_pairs(with_fov=False), st.sampled_from(list(PEERS)))
def test_vessel_pairs_equal_the_peer(pair, convention: str) -> None:
    candidate, reference, _ = pair
    if not (candidate.any() and reference.any()):
        return
    expected = PEERS[convention](candidate, reference)
    assert convention_metrics(candidate, reference, convention) == pytest.approx(expected,
                                                                              abs=1e-9)
