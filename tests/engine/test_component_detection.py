"""Component detection (``docs/metrics.md`` §10): 8-connected components found by the
other mask when ``component_overlap`` of their pixels lie in it; hand-made masks."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.masks import NAN, check_scores, grid
from vesselview.engine.component_detection import (
    component_labels,
    component_scores,
    found_shares,
    unfound_pixels,
)

REFERENCE = grid([
    "##.......",
    "##.......",
    ".....###.",
    ".........",
    "#........",
])
CANDIDATE = grid([
    "#........",  # 1 of the 4-pixel square: share 1/4
    ".........",
    "......##.",  # 2 of the 3-pixel bar: share 2/3
    ".........",
    "......###",  # a candidate piece away from G: false
])


def scores(overlap: float):
    return component_scores(found_shares(REFERENCE, CANDIDATE),
                            found_shares(CANDIDATE, REFERENCE), overlap)


def test_shares_by_hand() -> None:
    assert found_shares(REFERENCE, CANDIDATE).tolist() == pytest.approx([1 / 4, 2 / 3, 0])
    assert found_shares(CANDIDATE, REFERENCE).tolist() == [1.0, 1.0, 0.0]


def test_scores_at_two_overlaps() -> None:
    # overlap 0.5: G found: the bar only (1 of 3); S found: 2 of 3; F1 = 2·(2/3)(1/3)/1 = 4/9.
    check_scores(scores(0.5), {"component_precision": 2 / 3, "component_recall": 1 / 3,
                               "component_f1": 4 / 9, "false_components": 1.0})
    # overlap 0.25 (inclusive): the square is found too.
    check_scores(scores(0.25), {"component_precision": 2 / 3, "component_recall": 2 / 3,
                                "component_f1": 2 / 3, "false_components": 1.0})


def test_overlap_zero_still_needs_one_pixel() -> None:
    check_scores(scores(0.0), {"component_recall": 2 / 3, "false_components": 1.0})


def test_unfound_pixels() -> None:
    missed = unfound_pixels(component_labels(REFERENCE), found_shares(REFERENCE, CANDIDATE), 0.5)
    assert np.array_equal(missed, REFERENCE & ~grid(["........."] * 2 + [".....###."]
                                                    + ["........."] * 2))


def test_empty_masks_are_defined_with_reasons() -> None:
    empty = np.zeros_like(REFERENCE)
    nothing = component_scores(found_shares(empty, empty),
                               found_shares(empty, empty), 0.5)
    check_scores(nothing, {"component_precision": NAN, "component_recall": NAN,
                           "component_f1": NAN, "false_components": 0.0})
    assert nothing.reasons["component_f1"] == "neither mask has a component"
    missed_all = component_scores(found_shares(REFERENCE, empty),
                                  found_shares(empty, REFERENCE), 0.5)
    check_scores(missed_all, {"component_precision": NAN, "component_recall": 0.0,
                              "component_f1": 0.0, "false_components": 0.0})
    assert missed_all.reasons["component_precision"] == "the candidate has no component"
