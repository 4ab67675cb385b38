"""The switchable artery/vein rules ``av_crossing`` and ``av_uncertain``: hand-made label
maps with hand-counted values under each rule, and an independent pixel-by-pixel
implementation of every rule."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vesselview as vv
from tests.engine.av_maps import CANDIDATE, MATRIX, REFERENCE, A, B, U, V, X, av_case, draw_maps


def _metrics(crossing: str = "both", uncertain: str = "ignore") -> dict[str, float]:
    params = vv.Params(t=0, av_crossing=crossing, av_uncertain=uncertain)
    return dict(vv.evaluate(av_case(REFERENCE, CANDIDATE), params).metrics)


def _matrix(m: dict[str, float]) -> list[list[float]]:
    return [[m[f"av_cm_{r}_{c}"] for c in MATRIX] for r in MATRIX]


def test_the_defaults_are_the_documented_conventions():
    assert (vv.Params().av_crossing, vv.Params().av_uncertain) == ("both", "ignore")
    assert _metrics() == _metrics("both", "ignore")


def test_a_crossing_counted_as_artery_joins_the_artery_row_and_leaves_the_vein_mask():
    m = _metrics("artery")
    # the reference's crossing (1, 0), called artery, is now a correct artery pixel
    assert _matrix(m) == [[2, 1, 0], [1, 2, 1], [0, 1, 3]]
    assert (m["av_acc"], m["av_se_artery"], m["av_se_vein"]) == pytest.approx((5 / 7, 2 / 3, 3 / 4))
    assert (m["se_artery"], m["precision_artery"], m["dice_artery"]) == pytest.approx((.5, .5, .5))
    # the vein masks lose the crossing: 3 of the reference's 4 vein pixels found
    assert (m["se_vein"], m["precision_vein"], m["dice_vein"]) == pytest.approx((.75, .75, .75))


def test_a_crossing_counted_as_vein_is_an_artery_called_vein_miss():
    m = _metrics("vein")
    # the candidate calls the reference's crossing (now vein) artery
    assert _matrix(m) == [[2, 1, 0], [1, 1, 1], [0, 2, 3]]
    assert (m["av_acc"], m["av_se_vein"]) == pytest.approx((4 / 7, 3 / 5))
    assert (m["se_artery"], m["precision_artery"]) == pytest.approx((1 / 3, 1 / 4))


def test_an_ignored_crossing_is_left_out_of_every_av_metric():
    m = _metrics("ignore")
    assert _matrix(m) == [[2, 1, 0], [1, 1, 1], [0, 1, 3]]
    # per class over the 10 pixels left (the crossing and the uncertain pixel out)
    assert (m["se_artery"], m["acc_artery"]) == pytest.approx((1 / 3, 6 / 10))
    assert (m["se_vein"], m["acc_vein"]) == pytest.approx((3 / 4, 8 / 10))


def test_uncertain_pixels_of_both_classes_are_counted_in_both_masks():
    m = _metrics(uncertain="both")
    # (1, 2), called vein, is found for the vein and missed for the artery; it is of no
    # single class, so the classification and the matrix do not count it
    assert _matrix(m) == [[2, 1, 0], [1, 1, 1], [0, 1, 3]]
    assert (m["se_artery"], m["acc_artery"]) == pytest.approx((2 / 5, 7 / 12))
    assert (m["se_vein"], m["acc_vein"]) == pytest.approx((4 / 6, 9 / 12))


def test_an_unknown_rule_is_refused_with_the_choices():
    with pytest.raises(vv.ParamsError, match="both, ignore, artery, vein"):
        vv.Params(av_crossing="arteries")
    with pytest.raises(vv.ParamsError, match="ignore, both"):
        vv.Params(av_uncertain="vessel")


def _classes_of(code: int, crossing: str, uncertain: str) -> frozenset[str] | None:
    """The classes one pixel is of under the rules; None: left out (reference) or a
    vessel of no class (candidate)."""
    rule = {B: "background", A: "artery", V: "vein", X: crossing, U: uncertain}[code]
    return {"background": frozenset(), "artery": frozenset({"artery"}),
            "vein": frozenset({"vein"}), "both": frozenset({"artery", "vein"}),
            "ignore": None}[rule]


def _independent(reference, candidate, crossing, uncertain) -> dict[str, float]:
    """Matrix, type I/II errors, per-class Dice and A/V accuracy, pixel by pixel from
    class sets."""
    pairs = [(_classes_of(r, crossing, uncertain), _classes_of(c, crossing, uncertain))
             for r, c in zip(reference.ravel(), candidate.ravel(), strict=True)]
    counted = [(r, c) for r, c in pairs if r is not None]
    single = {frozenset(): 0, frozenset({"artery"}): 1, frozenset({"vein"}): 2}
    out: dict[str, float] = {f"av_cm_{r}_{c}": 0 for r in MATRIX for c in MATRIX}
    for r, c in counted:
        if r in single and c in single:
            out[f"av_cm_{MATRIX[single[r]]}_{MATRIX[single[c]]}"] += 1
    matrix = np.array([[out[f"av_cm_{r}_{c}"] for c in MATRIX] for r in MATRIX])
    for k, name in enumerate(MATRIX):
        truly, others = matrix[k].sum(), matrix.sum() - matrix[k].sum()
        out[f"av_type1_{name}"] = (truly - matrix[k, k]) / truly if truly else np.nan
        out[f"av_type2_{name}"] = (matrix[:, k].sum() - matrix[k, k]) / others \
            if others else np.nan
    for name in ("artery", "vein"):
        g = [name in r for r, _ in counted]
        s = [c is not None and name in c for _, c in counted]
        tp = sum(a and b for a, b in zip(g, s, strict=True))
        out[f"dice_{name}"] = 2 * tp / (sum(g) + sum(s)) if sum(g) + sum(s) else 1.0
    both = [(r, c) for r, c in counted if len(r) == 1 and c is not None and len(c) == 1]
    out["av_acc"] = sum(r == c for r, c in both) / len(both) if both else np.nan
    return out


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_rule_equals_an_independent_implementation(data):
    reference, candidate = draw_maps(data)
    crossing = data.draw(st.sampled_from(["both", "ignore", "artery", "vein"]))
    uncertain = data.draw(st.sampled_from(["ignore", "both"]))
    expected = _independent(reference, candidate, crossing, uncertain)
    result = vv.evaluate(av_case(reference, candidate),
                         vv.Params(av_crossing=crossing, av_uncertain=uncertain),
                         metrics=list(expected))
    for key, value in expected.items():
        assert result.metrics[key] == pytest.approx(value, nan_ok=True), key
