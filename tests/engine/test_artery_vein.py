"""The artery/vein family: hand-made label maps with known answers, binary-vs-A/V mixtures
and the undefined cases (the independent implementation, under every rule: test_av_rules)."""

from __future__ import annotations

import numpy as np
import pytest

import vesselview as vv
from vesselview.engine.families.artery_vein import FAMILY

B, A, V, X, U = 0, 1, 2, 3, 4
CLASSES = {A: "artery", V: "vein", X: "crossing", U: "uncertain"}
AV_KEYS = FAMILY.keys
MATRIX = ("background", "artery", "vein")

REFERENCE = np.array([[A, A, V, B], [X, V, U, B], [B, A, V, V]], np.uint8)
CANDIDATE = np.array([[A, V, V, B], [A, V, V, A], [B, B, A, V]], np.uint8)


def _case(reference: np.ndarray, candidate: np.ndarray | None, fov=None) -> vv.Case:
    """A case whose masks are the maps' vessels; ``candidate`` None: a vessel mask only."""
    labels = vv.LabelMap(reference, CLASSES)
    cand_mask = (reference > 0) if candidate is None else candidate > 0
    return vv.Case(reference > 0, cand_mask,
                   np.ones(reference.shape, bool) if fov is None else fov, labels=labels,
                   candidate_labels=None if candidate is None else vv.LabelMap(candidate,
                                                                                CLASSES))


def test_a_hand_made_pair_has_its_hand_counted_values():
    result = vv.evaluate(_case(REFERENCE, CANDIDATE), vv.Params(t=0))
    m = result.metrics
    expected_matrix = [[2, 1, 0], [1, 1, 1], [0, 1, 3]]  # rows: reference, columns: candidate
    assert [[m[f"av_cm_{r}_{c}"] for c in MATRIX] for r in MATRIX] == expected_matrix
    assert m["av_type1_background"] == pytest.approx(1 / 3)
    assert m["av_type2_background"] == pytest.approx(1 / 7)
    assert m["av_type1_artery"] == pytest.approx(2 / 3)
    assert m["av_type2_artery"] == pytest.approx(2 / 7)
    assert m["av_type1_vein"] == pytest.approx(1 / 4)
    assert m["av_type2_vein"] == pytest.approx(1 / 6)
    # classification over the 6 pixels both call artery or vein (the crossing left out)
    assert (m["av_acc"], m["av_se_artery"], m["av_se_vein"]) == pytest.approx((4 / 6, 1 / 2, 3 / 4))
    # per class, crossings in both masks, the uncertain pixel (1, 2) left out: 11 pixels
    assert (m["se_artery"], m["precision_artery"], m["dice_artery"]) == pytest.approx((.5, .5, .5))
    assert (m["sp_artery"], m["acc_artery"], m["jaccard_artery"]) == pytest.approx(
        (5 / 7, 7 / 11, 1 / 3))
    assert (m["se_vein"], m["precision_vein"], m["dice_vein"]) == pytest.approx(
        (3 / 5, 3 / 4, 2 / 3))
    assert (m["sp_vein"], m["acc_vein"], m["jaccard_vein"]) == pytest.approx((5 / 6, 8 / 11, .5))
    # F1_t at t = 0 is Dice
    assert (m["f1_t_artery"], m["f1_t_vein"]) == pytest.approx((m["dice_artery"], m["dice_vein"]))


def test_the_centre_line_convention_weighs_a_vessel_by_its_centre():
    reference = np.zeros((5, 9), np.uint8)
    reference[1:4, 1:8] = A  # a 3-pixel-wide artery
    candidate = reference.copy()
    candidate[2, 1:8] = V  # its centre line called vein, its edges artery
    m = vv.evaluate(_case(reference, candidate)).metrics
    assert m["av_acc"] == pytest.approx(14 / 21) and m["av_se_artery"] == pytest.approx(14 / 21)
    assert m["av_acc_centreline"] == 0.0 and m["av_se_artery_centreline"] == 0.0
    result = vv.evaluate(_case(reference, candidate))
    assert "reference class is vein" in result.undefined["av_se_vein_centreline"]


def test_a_binary_candidate_against_an_av_reference_is_scored_on_vessels_only():
    result = vv.evaluate(_case(REFERENCE, None))
    assert result.metrics["dice"] == 1.0
    for key in AV_KEYS:
        assert np.isnan(result.metrics[key])
        assert result.undefined[key] == "the candidate has no artery/vein classes (a vessel mask)"


def test_without_a_label_map_every_av_value_is_undefined_with_the_reason():
    mask = REFERENCE > 0
    result = vv.evaluate(vv.Case(mask, mask, np.ones(mask.shape, bool)))
    assert all(result.undefined[key] == "the reference has no artery/vein classes (a vessel "
               "mask)" for key in AV_KEYS)


def test_pixels_outside_the_fov_are_not_counted():
    fov = np.ones(REFERENCE.shape, bool)
    fov[:, 3] = False
    m = vv.evaluate(_case(REFERENCE, CANDIDATE, fov)).metrics
    assert m["av_cm_background_background"] == 1 and m["av_cm_background_artery"] == 0


def test_loaded_from_av_files(tmp_path):
    from tests.io.av_files import av_labels, save_av

    reference = save_av(tmp_path / "ref.png", av_labels(1))
    candidate = save_av(tmp_path / "pred.png", av_labels(1))
    m = vv.evaluate(vv.load_case(reference, candidate, classes="av")).metrics
    assert (m["av_acc"], m["dice_artery"], m["dice_vein"], m["av_type1_vein"]) == (1, 1, 1, 0)
