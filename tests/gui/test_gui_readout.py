"""Cursor readout text."""

from __future__ import annotations

import math

from vesselview.gui.readout import format_distance, format_readout, format_segment

PIXEL = {
    "row": 7, "col": 9, "inside_fov": False, "reference": False, "candidate": True,
    "distance_kind": "euclidean", "distance_to_reference": math.inf,
    "distance_to_candidate": 0.0, "bands": ["t", "cal_alpha", "cal_beta"], "segment": None,
    "layers": {"fov": "outside FOV", "confusion": "", "band_t": "within t of reference",
               "candidate_skeleton": "candidate skeleton"},
}


def test_readout_names_every_fact_once():
    text = format_readout(PIXEL)
    assert text.startswith("row 7, col 9 | outside FOV | reference: background, "
                           "candidate: vessel")
    assert "distance to reference none (mask empty), to candidate 0.00 px" in text
    assert "bands: t, CAL α, CAL β" in text
    assert "candidate_skeleton: candidate skeleton" in text
    assert "band_t:" not in text and "fov:" not in text and "confusion:" not in text
    assert "SS segment" not in text


def test_readout_with_segment():
    segment = {"label": 4, "length": 15, "cs": 0.99, "ts": 0.5, "score": 0.892, "valid": True}
    text = format_readout({**PIXEL, "segment": segment, "bands": []})
    assert text.endswith("SS segment 4, length 15, cs 0.990, ts 0.500, score 0.892, valid")
    assert "bands" not in text


def test_segment_summary_with_few_fields():
    assert format_segment({"label": 2, "valid": False}) == "SS segment 2, invalid"


def test_distance_format():
    assert format_distance(1.41421) == "1.41 px"
    assert format_distance(math.inf) == "none (mask empty)"
