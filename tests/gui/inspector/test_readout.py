"""Cursor readout text: most specific facts first, layer titles not keys, no repeats."""

from __future__ import annotations

import math

from vesselview.app.length_units import LengthScale
from vesselview.gui.inspector.readout import (
    format_distance,
    format_readout,
    format_readout_details,
    format_segment,
    readout_facts,
)

PIXEL = {
    "row": 7, "col": 9, "inside_fov": False, "reference": False, "candidate": True,
    "distance_kind": "euclidean", "distance_to_reference": math.inf,
    "distance_to_candidate": 0.0, "bands": ["t", "cal_alpha", "cal_beta"], "segment": None,
    "layers": {"fov": "outside FOV", "confusion": "", "band_t": "within t of reference",
               "candidate_skeleton": "candidate skeleton"},
}
SEGMENT = {"label": 4, "length": 15, "n_s": 12, "cs": 0.99, "ts": 0.5, "score": 0.892,
           "valid": True}
#: A pixel on an SS segment, in every layer that can say something about it.
ON_SEGMENT = {**PIXEL, "segment": SEGMENT, "bands": [], "layers": {
    "confusion": "TP: both", "tolerant": "TP: both", "reference_skeleton": "reference skeleton",
    "segments": "segment 4", "segment_scores": "1.000"}}


def test_readout_names_every_fact_once():
    text = format_readout(PIXEL)
    assert text == ("candidate skeleton | bands: t, CAL α, CAL β | reference: background, "
                    "candidate: vessel | distance to reference none (mask empty), to candidate "
                    "0.00 px | outside FOV | row 7, col 9")


def test_segment_and_classes_come_first_under_their_titles():
    facts = readout_facts(ON_SEGMENT)
    assert facts[:4] == ["SS segment 4: n_R 15, n_S 12, cs 0.990, ts 0.500, score 0.892",
                         "strict TP: both", "tolerant TP: both", "reference skeleton"]
    assert facts[-1] == "row 7, col 9"


def test_no_internal_layer_keys_and_no_rounded_score_copy():
    text = format_readout(ON_SEGMENT)
    for key in ("confusion", "tolerant:", "reference_skeleton", "segments", "segment_scores",
                "1.000", "segment 4 "):
        assert key not in text, key


def test_invalid_segment_says_score_zero_and_the_failed_rule():
    segment = {**SEGMENT, "n_s": 5, "score": 0.0, "valid": False}
    assert format_segment(segment) == ("SS segment 4: n_R 15, n_S 5, cs 0.990, ts 0.500, "
                                       "score 0 (invalid: n_S 5 ≤ 0.6·n_R = 9)")


def test_segment_with_nothing_assigned_reads_n_a():
    segment = {**SEGMENT, "n_s": 0, "cs": math.nan, "ts": math.nan, "score": 0.0, "valid": False}
    assert format_segment(segment).startswith("SS segment 4: n_R 15, n_S 0, cs n/a, ts n/a, "
                                              "score 0 (invalid: ")


def test_segment_summary_with_few_fields():
    assert format_segment({"label": 2, "valid": False}) == "SS segment 2 (invalid)"
    assert format_segment({"label": 2}) == "SS segment 2"


def test_details_put_one_fact_per_line():
    details = format_readout_details(ON_SEGMENT)
    assert details.splitlines() == readout_facts(ON_SEGMENT)
    assert len(details.splitlines()) == 8  # segment, 3 classes, masks, distances, FOV, position


def test_distance_format():
    assert format_distance(1.41421) == "1.41 px"
    assert format_distance(math.inf) == "none (mask empty)"


def test_status_line_says_the_segment_in_plain_words_and_the_tooltip_has_the_symbols():
    invalid = {**ON_SEGMENT, "segment": {**SEGMENT, "n_s": 5, "score": 0.0, "valid": False}}
    line = format_readout(invalid)
    assert line.startswith("reference segment 4, 15 px long: only 5 candidate pixels matched "
                           "to it (more than 9 needed), so it scores 0")
    for jargon in ("n_S", "n_R", "0.6·", "≤"):
        assert jargon not in line
    assert "n_S 5 ≤ 0.6·n_R = 9" in format_readout_details(invalid)


def test_distances_and_segment_lengths_in_the_scale_given():
    assert format_distance(3.0, LengthScale("um", 12.5)) == "37.5 µm"
    assert format_distance(math.inf, LengthScale("um", 12.5)) == "none (mask empty)"
    assert format_distance(3.0, LengthScale("%fov", 0.25)) == "0.75 % FOV"
    pixel = {**PIXEL, "distance_to_candidate": 2.0}
    line = format_readout(pixel, LengthScale("um", 10.0))
    assert "to candidate 20.0 µm" in line
    assert "to candidate 20.0 µm" in format_readout_details(pixel, LengthScale("um", 10.0))
    assert "reference segment 4, 15 px long: " in format_readout(ON_SEGMENT)
    assert "reference segment 4, 150.0 µm long: " in format_readout(
        ON_SEGMENT, LengthScale("um", 10.0))
    assert "reference segment 4, 3.75 % FOV long: " in format_readout(
        ON_SEGMENT, LengthScale("%fov", 0.25))
    # the tooltip's symbols keep the pixel counts the validity rule compares
    assert "n_R 15," in format_readout_details(ON_SEGMENT, LengthScale("um", 10.0))
