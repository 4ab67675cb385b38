"""``vesselview-eval --curves`` output (`vesselview.io.curve_tables.write_curves`)."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest

from tests.engine.cases import small_case
from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.io.curve_tables import write_curves
from vesselview.research.curves import f1_t_curve, pr_curve, roc_curve
from vesselview.research.froc import FP_RATES, FROC_POINTS, froc_curves

CASE = small_case(soft=True)
PARAMS = Params(t=1)


def written(fmt: str, case=CASE) -> str:
    stream = io.StringIO()
    write_curves(case, PARAMS, stream, fmt)
    return stream.getvalue()


def test_json_curves() -> None:
    document = json.loads(written("json"))
    roc, pr, f1 = roc_curve(CASE), pr_curve(CASE), f1_t_curve(CASE, params=PARAMS)
    assert document["params"] == PARAMS.to_dict()
    assert document["candidate"] == "<test>"
    assert document["roc"]["auc"] == roc.auc
    assert document["roc"]["false_positive_rate"] == roc.x.tolist()
    last = f"thresholds[{roc.thresholds.size - 1}]"
    assert document["roc"]["thresholds"][-1] is None
    assert document["roc"]["undefined"][last].startswith("-inf: below every probability")
    assert document["pr"]["average_precision"] == pr.auc
    assert document["pr"]["precision"] == pr.y.tolist()
    assert document["f1_t"]["t"] == 1
    assert (document["f1_t"]["best_threshold"], document["f1_t"]["best_f1_t"]) == f1.best()
    assert document["f1_t"]["thresholds"][0] is None
    assert document["f1_t"]["undefined"]["thresholds[0]"].startswith("-inf:")
    assert document["f1_t"]["f1_t"] == f1.f1_t.tolist()


def test_csv_curves() -> None:
    rows = list(csv.DictReader(io.StringIO(written("csv"))))
    roc, f1 = roc_curve(CASE), f1_t_curve(CASE, params=PARAMS)
    by_curve = {name: [r for r in rows if r["curve"] == name]
                for name in ("roc", "pr", "f1_t", "froc_segments", "froc_components")}
    assert len(rows) == sum(len(group) for group in by_curve.values())
    assert len(by_curve["roc"]) == len(by_curve["pr"]) == roc.x.size
    assert [float(r["y"]) for r in by_curve["roc"]] == roc.y.tolist()
    assert {float(r["area"]) for r in by_curve["roc"]} == {roc.auc}
    assert by_curve["roc"][-1]["threshold"] == "-inf"
    assert [float(r["y"]) for r in by_curve["f1_t"]] == f1.f1_t.tolist()
    assert {r["area"] for r in by_curve["f1_t"]} == {""}
    assert rows[0]["t"] == "1" and rows[0]["vesselview_version"]


def test_froc_curves_in_json_and_csv() -> None:
    segments, components = froc_curves(CASE, PARAMS)
    document = json.loads(written("json"))["froc"]
    for curve in (segments, components):
        written_curve = document[curve.objects]
        assert written_curve["fp_rates"] == list(FP_RATES)
        assert written_curve["false_positives_per_image"] == curve.false_positives.tolist()
        assert written_curve["sensitivity"] == curve.sensitivity.tolist()
        assert written_curve["sensitivity_at"] == curve.sensitivity_at().tolist()
        assert written_curve["score"] == curve.score()
        assert written_curve["thresholds"][-1] is None
    rows = list(csv.DictReader(io.StringIO(written("csv"))))
    froc_rows = [r for r in rows if r["curve"] == "froc_segments"]
    assert [float(r["x"]) for r in froc_rows] == segments.false_positives.tolist()
    assert [float(r["y"]) for r in froc_rows] == segments.sensitivity.tolist()
    assert {float(r["area"]) for r in froc_rows} == {segments.score()}


def test_binary_candidate_and_bad_format() -> None:
    with pytest.raises(InputError, match="binary mask"):
        written("json", small_case())
    with pytest.raises(ValueError, match="curve format"):
        written("xml")


def test_curves_ignore_pixels_outside_the_fov() -> None:
    rows = list(csv.DictReader(io.StringIO(written("csv"))))
    thresholds = {float(r["threshold"]) for r in rows if r["curve"] == "roc"}
    inside = set(np.unique(CASE.candidate_soft[CASE.fov]).astype(float).tolist())
    outside = set(np.unique(CASE.candidate_soft[~CASE.fov]).astype(float).tolist())
    assert outside - inside  # the case has probabilities found only outside the FOV
    assert thresholds == inside | {float("-inf")}


def test_long_curves_are_thinned_but_keep_their_areas() -> None:
    stream = io.StringIO()
    write_curves(CASE, PARAMS, stream, "json", max_points=10)
    document = json.loads(stream.getvalue())
    assert len(document["roc"]["true_positive_rate"]) <= 10
    assert len(document["f1_t"]["f1_t"]) <= 10
    assert document["roc"]["auc"] == roc_curve(CASE).auc
    assert document["pr"]["average_precision"] == pr_curve(CASE).auc
    best = f1_t_curve(CASE, params=PARAMS).best()
    assert (document["f1_t"]["best_threshold"], document["f1_t"]["best_f1_t"]) == best
    everything = io.StringIO()
    write_curves(CASE, PARAMS, everything, "csv", max_points=None)
    froc_points = froc_curves(CASE, PARAMS)[0].thresholds.size  # always at most FROC_POINTS
    assert froc_points <= FROC_POINTS
    assert len(everything.getvalue().splitlines()) == (1 + 3 * roc_curve(CASE).x.size
                                                       + 2 * froc_points)
