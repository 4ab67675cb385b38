"""Annotated reference junctions (``Case.reference_junctions``) in junction detection:
the file's points replace the reference skeleton's nodes (``docs/metrics.md`` §10)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from tests.engine.cases import small_case
from tests.engine.test_detection_family import plus_case
from vesselview.engine.case import Case
from vesselview.engine.junction_points import JunctionPoints
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import InputError

JUNCTION_KEYS = ("junction_precision", "junction_recall", "junction_f1", "bifurcation_f1",
                 "crossing_f1")


def with_points(case: Case, points: list[tuple[float, float]], crossings: list[bool] | None,
                ) -> Case:
    return dataclasses.replace(case, reference_junctions=JunctionPoints(
        np.array(points, float), None if crossings is None else np.array(crossings), "<test>"))


def test_the_files_points_are_the_reference_nodes() -> None:
    # The plus crosses at (10, 10), the T branches at (30, 30); the file adds a
    # bifurcation at (5, 35) that no skeleton has and marks the plus as a crossing.
    case = with_points(plus_case((0, 0)), [(10, 10), (30, 30), (5, 35)], [True, False, False])
    metrics = evaluate(case, Params(junction_r=2.0)).metrics
    assert {key: metrics[key] for key in JUNCTION_KEYS} == pytest.approx({
        "junction_precision": 1.0, "junction_recall": 2 / 3, "junction_f1": 4 / 5,
        "bifurcation_f1": 2 / 3, "crossing_f1": 1.0})


def test_without_every_kind_the_kind_scores_are_undefined_with_the_reason() -> None:
    result = evaluate(with_points(plus_case((0, 0)), [(10, 10), (30, 30)], None))
    assert result.metrics["junction_f1"] == 1.0
    for key in ("bifurcation_f1", "crossing_f1"):
        assert np.isnan(result.metrics[key])
        assert "does not give every point's kind" in result.undefined[key]


def test_points_in_the_ignored_region_are_left_out() -> None:
    ignore = np.zeros((40, 40), bool)
    ignore[3:8, 33:38] = True
    case = dataclasses.replace(
        with_points(plus_case((0, 0)), [(10, 10), (30, 30), (5, 35)], [True, False, False]),
        ignore=ignore)
    assert evaluate(case).metrics["junction_recall"] == 1.0


def test_the_skeletons_own_nodes_as_a_file_give_the_same_scores() -> None:
    case = small_case()
    plain = evaluate(case)
    graph = plain.products["detection"].reference_graph
    given = dataclasses.replace(case, reference_junctions=JunctionPoints(
        graph.junctions, graph.crossings, "<test>"))
    assert len(graph.junctions) > 0
    again = evaluate(given)
    for key in JUNCTION_KEYS:
        assert again.metrics[key] == pytest.approx(plain.metrics[key], abs=1e-12,
                                                   nan_ok=True)
    assert again.layers["junctions"].data.tolist() == plain.layers["junctions"].data.tolist()


def test_a_point_outside_the_image_is_refused_by_the_case() -> None:
    with pytest.raises(InputError, match=r"junction point 1 .* lies outside the 40x40 image"):
        with_points(plus_case((0, 0)), [(40, 3)], None)
