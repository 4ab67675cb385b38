"""The one-shot SS: the spec's parity cases end to end, degenerate inputs, properties.

Each "What parity means" case of ``skeletal-similarity.md`` has a test here or in
``test_segments.py`` (labels), with the numbers worked out by hand; random vessel trees
are checked against the literal oracle in ``oracle.py`` and for the spec's properties.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.skeletal import oracle
from tests.engine.skeletal.trees import perturbed, vessel_tree
from vesselview.engine.families.skeletal import FAMILY as SKELETAL
from vesselview.engine.params import Params
from vesselview.engine.skeletal import SEGMENT_DTYPE, skeletal_similarity
from vesselview.errors import InputError


def _line_pair(stair: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Reference row 5, cols 2..13; candidate one row lower (or stepping down at col 8)."""
    reference = np.zeros((12, 16), bool)
    reference[5, 2:14] = True
    candidate = np.zeros_like(reference)
    candidate[6, 2:14] = True
    if stair:
        candidate[6, 8:14] = False
        candidate[7, 8:14] = True
    return reference, candidate


def test_two_straight_runs_have_curve_similarity_one():
    reference, candidate = _line_pair()
    metrics, undefined, products = skeletal_similarity(reference, candidate)
    # One 12-pixel segment; all 12 candidate pixels are 1 away (label 1, radius 2):
    # valid; both fits are y = const -> cs = 1; thickness 1 on both -> ts = 1.
    row = products.table[0]
    assert (row["label"], row["length"], row["n_s"], row["cs"], row["ts"]) == (1, 12, 12, 1, 1)
    assert metrics["ss"] == 1.0 and undefined == {}


def test_one_straight_run_has_curve_similarity_zero():
    reference, candidate = _line_pair(stair=True)
    for alpha, expected in ((0.2, 0.2), (0.0, 0.0), (1.0, 1.0)):
        metrics, _, products = skeletal_similarity(reference, candidate,
                                                   params=Params(ss_alpha=alpha))
        assert products.table[0]["cs"] == 0.0 and products.table[0]["ts"] == 1.0
        assert metrics["ss"] == pytest.approx(expected) and metrics["rse"] == metrics["ss"]
    # P = 5x16 band around the line, F = 192 pixels, no candidate outside P: TN = 112.
    assert metrics["rsp"] == 1.0 and metrics["racc"] == pytest.approx((1.0 * 80 + 112) / 192)


def test_empty_candidate():
    reference, _ = _line_pair()
    metrics, undefined, products = skeletal_similarity(reference, np.zeros_like(reference))
    assert metrics["ss"] == 0.0 and metrics["rse"] == 0.0 and metrics["rnc"] == 0.0
    assert metrics["rsp"] == 1.0 and metrics["racc"] == pytest.approx(112 / 192)
    assert metrics["ss_confidence"] == 1.0
    assert undefined == {"ss_cs": "no segment is valid", "ss_ts": "no segment is valid"}
    assert products.table[0]["n_s"] == 0 and not products.table[0]["valid"]


def test_empty_reference():
    _, candidate = _line_pair()
    metrics, undefined, products = skeletal_similarity(np.zeros_like(candidate), candidate)
    # No search range: P is empty, the 12 candidate pixels are false positives.
    assert metrics["rsp"] == pytest.approx(180 / 192)
    assert set(undefined) == set(SKELETAL.keys) - {"rsp"}
    assert all(math.isnan(metrics[key]) for key in undefined)
    assert undefined["ss"] == "reference skeleton is empty"
    assert products.table.size == 0


def test_single_pixel_reference_has_no_segment():
    reference = np.zeros((9, 9), bool)
    reference[4, 4] = True
    metrics, undefined, _ = skeletal_similarity(reference, reference)
    assert metrics["ss_confidence"] == 0.0 and metrics["rnc"] == 0.0
    assert math.isnan(metrics["ss"]) and "shorter than ss_min_length" in undefined["ss"]


def test_all_vessel_images():
    everything = np.ones((20, 24), bool)
    metrics, undefined, products = skeletal_similarity(everything, everything)
    # thin() leaves row 10, cols 9..13; no background anywhere: thickness 100, r = R.
    assert products.table.tolist() == [(1, 5, 5, 100.0, 100.0, 2.0, 1.0, 1.0, 1.0, True)]
    assert metrics["ss"] == 1.0 and metrics["racc"] == 1.0
    assert undefined == {"rsp": "every FOV pixel is in the search range or the reference"}


def test_segment_outside_the_fov_is_skipped():
    reference = np.zeros((14, 20), bool)
    reference[2, 1:13] = True
    reference[10, 1:13] = True
    candidate = np.zeros_like(reference)
    candidate[3, 1:13] = True  # matches only the first line
    fov = np.ones_like(reference)
    fov[8:, :] = False
    metrics, _, products = skeletal_similarity(reference, candidate, fov)
    assert products.table["label"].tolist() == [1]
    assert not products.labels[8:].any() and not products.search_mask[8:].any()
    assert metrics["ss"] == 1.0 and metrics["ss_confidence"] == 0.5
    # R_nc: candidate skeleton outside the search mask / reference skeleton pixels.
    assert metrics["rnc"] == 0.0


def test_t_junction_end_to_end():
    reference = np.zeros((14, 16), bool)
    reference[5, 0:15] = True
    reference[6:13, 7] = True
    metrics, undefined, products = skeletal_similarity(reference, reference)
    assert sorted(zip(*np.nonzero(products.junctions), strict=True)) == [(5, 6), (6, 7)]
    assert products.table["length"].tolist() == [6, 9, 7]
    assert metrics["ss"] == 1.0 and undefined == {}


def test_products_are_read_only_and_typed():
    reference, candidate = _line_pair(stair=True)
    _, _, products = skeletal_similarity(reference, candidate)
    assert products.table.dtype == SEGMENT_DTYPE
    for name in ("ref_skeleton", "cand_skeleton", "junctions", "labels", "radius",
                 "search_mask", "pruned", "table", "assignment_rows"):
        assert not getattr(products, name).flags.writeable, name
    assert products.radius.dtype == np.uint8
    # assigned_at reads the label image the assignment pairs scatter to, pixel by pixel.
    former = np.zeros(reference.shape, np.int32)
    former[products.assignment_rows, products.assignment_cols] = products.assignment_labels
    looked_up = np.array([[products.assigned_at(r, c) for c in range(reference.shape[1])]
                          for r in range(reference.shape[0])])
    np.testing.assert_array_equal(looked_up, former)
    assert np.count_nonzero(looked_up == 1) == 12


def test_given_skeletons_are_used():
    reference, candidate = _line_pair()
    skeleton = np.zeros_like(reference)
    skeleton[5, 2:14] = True
    _, _, products = skeletal_similarity(reference, candidate, ref_skeleton=skeleton,
                                         cand_skeleton=np.zeros_like(reference))
    assert not products.cand_skeleton.any() and products.table[0]["n_s"] == 0


@pytest.mark.parametrize(("reference", "candidate", "fov"), [
    (np.zeros((4, 5)), np.zeros((4, 6)), None),
    (np.zeros((4, 5)), np.zeros((4, 5)), np.ones((5, 4))),
    (np.zeros((2, 4, 5)), np.zeros((2, 4, 5)), None),
])
def test_bad_shapes_raise_input_error(reference, candidate, fov):
    with pytest.raises(InputError, match="shape"):
        skeletal_similarity(reference, candidate, fov)


def _tree_case(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    shape = (48, 56)
    reference = vessel_tree(shape, seed)
    rows, cols = np.mgrid[:shape[0], :shape[1]]
    fov = (rows - 24) ** 2 + (cols - 28) ** 2 < 26 ** 2
    return reference, perturbed(reference, seed + 1), fov


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 5, 8])
def test_matches_the_literal_oracle_on_vessel_trees(seed):
    reference, candidate, fov = _tree_case(seed)
    params = Params(ss_alpha=0.3, ss_R=1 + seed % 3, ss_max_length=6 + seed % 5)
    expected = oracle.skeletal_similarity(reference, candidate, fov, 0.3, params.ss_R, 4,
                                          params.ss_max_length)
    metrics, _, products = skeletal_similarity(reference, candidate, fov, params)
    for name, mine in (("junctions", products.junctions), ("labels", products.labels),
                       ("radius", products.radius), ("search_mask", products.search_mask),
                       ("thickness", products.ref_thickness.image()), ("pruned", products.pruned)):
        np.testing.assert_array_equal(mine, expected[name], err_msg=name)
    for label, chosen in expected["candidates"].items():
        mine = np.zeros_like(chosen)
        pick = products.assignment_labels == label
        mine[products.assignment_rows[pick], products.assignment_cols[pick]] = True
        np.testing.assert_array_equal(mine, chosen, err_msg=f"P_{label}")
    table = products.table
    assert [(*tuple(r[:3]), r[9]) for r in expected["rows"]] == [
        (r["label"], r["length"], r["n_s"], r["valid"]) for r in table]
    valid = table["valid"]
    np.testing.assert_allclose(table["cs"][valid], [r[6] for r in expected["rows"] if r[9]],
                               rtol=1e-9)
    np.testing.assert_allclose(table["score"], [r[8] for r in expected["rows"]], rtol=1e-9)
    for key, value in expected["metrics"].items():
        assert metrics[key] == pytest.approx(value, rel=1e-9, nan_ok=True), key


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.0, 1.0), st.integers(1, 4))
def test_properties_on_vessel_trees(seed, alpha, radius):
    reference, candidate, fov = _tree_case(seed)
    params = Params(ss_alpha=alpha, ss_R=radius)
    metrics, _, _products = skeletal_similarity(reference, candidate, fov, params)
    assert 0.0 <= metrics["ss"] <= 1.0 and metrics["rse"] == metrics["ss"]
    assert 0.0 <= metrics["rsp"] <= 1.0 and 0.0 <= metrics["racc"] <= 1.0
    flipped, _, _ = skeletal_similarity(np.asfortranarray(reference),
                                        np.asfortranarray(candidate),
                                        np.asfortranarray(fov), params)
    assert flipped == pytest.approx(metrics, nan_ok=True)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.floats(0.0, 1.0), st.integers(1, 4))
def test_identical_masks_cover_every_segment(seed, alpha, radius):
    reference = vessel_tree((48, 56), seed)
    metrics, undefined, products = skeletal_similarity(reference, reference,
                                                       params=Params(ss_alpha=alpha, ss_R=radius))
    assert 0.0 < metrics["ss_confidence"] <= 1.0 and undefined == {}
    assigned = set(zip(products.assignment_rows.tolist(), products.assignment_cols.tolist(),
                       products.assignment_labels.tolist(), strict=True))
    rows, cols = np.nonzero(products.labels)
    labelled = zip(rows.tolist(), cols.tolist(), products.labels[rows, cols].tolist(), strict=True)
    assert set(labelled) <= assigned
    assert products.table["valid"].all()  # every segment has >= 4 pixels without a FOV
    if metrics["ss_confidence"] == 1.0:  # nothing unlabelled to add: P_k = Seg_k exactly
        assert metrics["ss"] == pytest.approx(1.0, abs=1e-12)


def test_identical_typical_tree_scores_close_to_one():
    reference = vessel_tree((48, 56), 0)
    metrics, _, _ = skeletal_similarity(reference, reference)
    assert metrics["ss"] > 0.99


def test_a_segment_clipped_to_two_pixels_uses_the_raw_minimum_norm_fit():
    # A 12-px diagonal reference; the FOV (columns >= 14) leaves 2 of its pixels, so its
    # cubic is underdetermined. The spec's raw minimum-norm fit gives a curve unlike the
    # candidate's: SS is far below 1 (centred coordinates made it exactly 1).
    reference = np.zeros((24, 24), bool)
    candidate = np.zeros_like(reference)
    for k in range(4, 16):
        reference[k, k] = True
    for k in range(11, 17):
        candidate[k - 1, k] = True
    candidate[15, 17] = True
    fov = np.zeros_like(reference)
    fov[:, 14:] = True
    expected = oracle.skeletal_similarity(reference, candidate, fov, 0.2, 2, 4, 15)
    metrics, _, products = skeletal_similarity(reference, candidate, fov, Params())
    assert metrics["ss"] == pytest.approx(expected["metrics"]["ss"], rel=1e-9)
    assert metrics["ss"] < 0.5
    np.testing.assert_allclose(products.table["cs"], [r[6] for r in expected["rows"]],
                               rtol=1e-9)
