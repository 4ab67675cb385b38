"""The detection family in the pipeline: its metrics, per-segment rows, cursor readout,
marker and segment layers (``docs/metrics.md`` §10), on a hand-drawn case."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.cases import small_case
from vesselview.engine.case import Case
from vesselview.engine.families import LAYER_TRAITS
from vesselview.engine.families.detection import DetectionProducts
from vesselview.engine.layers import MARKER_RADIUS
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, evaluate

KEYS = ("junction_precision", "junction_recall", "junction_f1", "bifurcation_f1",
        "crossing_f1", "segment_recall", "false_segments")


def plus_case(candidate_offset: tuple[int, int]) -> Case:
    """A reference plus (one crossing) and a T (one bifurcation) and the same candidate
    shifted by ``candidate_offset`` pixels, one pixel wide (their own skeletons)."""
    reference = np.zeros((40, 40), bool)
    reference[10, 2:19] = True
    reference[2:19, 10] = True
    reference[30, 22:38] = True
    reference[31:38, 30] = True
    candidate = np.roll(reference, candidate_offset, axis=(0, 1))
    return Case(reference=reference, candidate=candidate, fov=np.ones_like(reference),
                sources={"reference": "<test>", "candidate": "<test>", "fov": "<test>"})


def test_a_shift_within_the_radius_finds_every_junction_and_segment() -> None:
    result = evaluate(plus_case((1, 1)), Params(junction_r=2.0))
    assert {key: result.metrics[key] for key in KEYS} == {
        "junction_precision": 1.0, "junction_recall": 1.0, "junction_f1": 1.0,
        "bifurcation_f1": 1.0, "crossing_f1": 1.0, "segment_recall": 1.0,
        "false_segments": 0.0}


def test_a_shift_beyond_the_radius_finds_no_junction() -> None:
    result = evaluate(plus_case((1, 1)), Params(junction_r=1.0))
    assert result.metrics["junction_f1"] == 0.0
    layer = result.layers["junctions"]
    # Both reference junctions missed (vermillion dots), both candidate ones false (blue
    # dots, drawn over the others where they overlap): look at each dot's far side.
    assert layer.class_name(int(layer.data[10, 10 - MARKER_RADIUS])) == \
        "missed reference junction"
    assert layer.class_name(int(layer.data[11, 11 + MARKER_RADIUS])) == \
        "false candidate junction"
    assert LAYER_TRAITS["junctions"].kind == "thin"


def test_products_readout_and_segment_layers() -> None:
    result = evaluate(small_case())
    found = result.products["detection"]
    assert isinstance(found, DetectionProducts)
    reference = found.segments.reference
    assert len(reference) == found.reference_graph.segment_count
    missed_rows = reference[~reference["near"]]
    assert result.metrics["segment_recall"] == pytest.approx(1 - len(missed_rows) / len(reference))
    missed = result.layers["missed_segments"].data.astype(bool)
    for row in missed_rows:
        pixels = np.argwhere(found.reference_graph.painted(
            found.reference_graph.segment_of == row["label"]))
        assert missed[tuple(pixels.T)].all()
        said = result.explain(*map(int, pixels[0]))["detection_segment"]
        assert said == {"skeleton": "reference", "label": int(row["label"]),
                        "length": int(row["length"]), "near_share": float(row["near_share"]),
                        "near": False}
    false = result.layers["false_segments"].data.astype(bool)
    assert int(false.any()) <= result.metrics["false_segments"]
    assert result.explain(0, 0)["detection_segment"] is None


def test_changing_the_radius_keeps_the_graphs() -> None:
    evaluator = Evaluator(small_case())
    evaluator.evaluate(Params())
    before = evaluator.stage_runs
    evaluator.evaluate(Params(junction_r=6.0))
    rerun = {name for name, runs in evaluator.stage_runs.items() if runs != before.get(name, 0)}
    assert rerun == {"junction_match", "junction_scores", "detection_products"}
