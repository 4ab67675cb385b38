"""Typed and picked inputs of the research tools: sweeps, expected orders, score CSVs."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vesselview.engine.sweep import parse_sweep_values
from vesselview.errors import EvaluationStopped, InputError, ParamsError
from vesselview.gui.research.inputs import (
    default_sweep_text,
    image_files,
    load_case_set,
    parse_expected_ranks,
    parse_numbers,
    read_human_scores,
)
from vesselview.io.writers import write_png

# -- default sweeps (the grammar is tested in tests/engine/test_sweep_grammar.py) -----

@pytest.mark.parametrize(("key", "text"), [
    ("t", "0:10"), ("ss_R", "1:11"), ("ss_alpha", "0:1:0.1"), ("baddeley_p", "1:2:0.1")])
def test_default_sweeps_start_at_the_low_end(key, text):
    assert default_sweep_text(key) == text
    assert len(parse_sweep_values(key, text)) == 11


# -- numbers and expected ranks ----------------------------------------------------------

def test_numbers_and_their_errors():
    assert parse_numbers("1, 2.5 3", "severities") == [1.0, 2.5, 3.0]
    with pytest.raises(ParamsError, match="severities: 'x' is not a finite number"):
        parse_numbers("1, x", "severities")
    with pytest.raises(ParamsError, match="at least one"):
        parse_numbers(" ", "severities")
    with pytest.raises(ParamsError, match="'inf'"):
        parse_numbers("inf", "severities")


def test_expected_ranks_with_unknowns():
    ranks = parse_expected_ranks("2, 1 ? 3", 4)
    assert ranks[:2].tolist() == [2.0, 1.0]
    assert math.isnan(ranks[2])
    assert ranks[3] == 3.0


@pytest.mark.parametrize(("text", "message"), [
    ("1, 2", "3 expected, got 2"), ("1, two, 3", "'two' is not a number"),
    ("1, inf, 2", "finite")])
def test_bad_expected_ranks_say_why(text, message):
    with pytest.raises(ParamsError, match=message):
        parse_expected_ranks(text, 3)


# -- human scores ------------------------------------------------------------------------

def _csv(tmp_path, text, name="scores.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_human_scores_in_candidate_order(tmp_path):
    path = _csv(tmp_path, "Score, Candidate\n4.5, b\n3, a\n1, other\n")
    scores = read_human_scores(path, ["a", "b", "c"])
    assert scores[:2].tolist() == [3.0, 4.5]
    assert math.isnan(scores[2])  # no row for c: unknown


def test_an_empty_score_is_unknown(tmp_path):
    path = _csv(tmp_path, "candidate,score\na,\nb,2\n")
    scores = read_human_scores(path, ["a", "b"])
    assert math.isnan(scores[0]) and scores[1] == 2.0


@pytest.mark.parametrize(("text", "message"), [
    ("name,score\na,1\n", "missing candidate"),
    ("candidate,score\na,1\na,2\n", "line 3: candidate 'a' appears twice"),
    ("candidate,score\na,good\n", "line 2: score 'good' is not a finite number"),
    ("candidate,score\na,inf\n", "not a finite number"),
    ("candidate,score\nx,1\n", "no row names a loaded candidate"),
    ("", "missing candidate, score"),
])
def test_bad_score_files_name_the_file_and_say_why(tmp_path, text, message):
    path = _csv(tmp_path, text)
    with pytest.raises(InputError, match=message) as raised:
        read_human_scores(path, ["a", "b"])
    assert str(path) in str(raised.value)


def test_missing_and_binary_score_files(tmp_path):
    with pytest.raises(InputError, match="file not found"):
        read_human_scores(tmp_path / "none.csv", ["a"])
    binary = tmp_path / "scores.csv"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(InputError, match="cannot read the CSV"):
        read_human_scores(binary, ["a"])


# -- candidate files ---------------------------------------------------------------------

def test_image_files_are_sorted_and_filtered(tmp_path):
    for name in ("b.png", "a.tif", "notes.txt", "c.NPY"):
        (tmp_path / name).write_bytes(b"")
    (tmp_path / "sub.png").mkdir()
    assert [p.rsplit("/", 1)[1] for p in image_files(tmp_path)] == ["a.tif", "b.png", "c.NPY"]


def test_image_files_errors(tmp_path):
    with pytest.raises(InputError, match="no image file"):
        image_files(tmp_path)
    with pytest.raises(InputError, match="folder cannot be opened"):
        image_files(tmp_path / "missing")


# -- case sets from a manifest -----------------------------------------------------------

def test_a_manifest_loads_every_pair(tmp_path, binary_demo):
    write_png(tmp_path / "ref.png", binary_demo.reference)
    write_png(tmp_path / "cand.png", binary_demo.candidate)
    manifest = _csv(tmp_path, "id,reference,candidate\none,ref.png,cand.png\n"
                              "two,ref.png,ref.png\n", "set.csv")
    steps = []
    cases = load_case_set(str(manifest), lambda: False,
                          lambda fraction, message: steps.append(fraction))
    assert list(cases) == ["one", "two"]
    assert np.array_equal(cases["one"].candidate, binary_demo.candidate)
    assert np.array_equal(cases["two"].candidate, binary_demo.reference)
    assert steps == [0.5, 1.0]


def test_a_manifest_spacing_cell_becomes_the_case_spacing(tmp_path, binary_demo):
    write_png(tmp_path / "ref.png", binary_demo.reference)
    manifest = _csv(tmp_path, "id,reference,candidate,spacing_um\none,ref.png,ref.png,6.9\n"
                              "two,ref.png,ref.png,\n", "set.csv")
    cases = load_case_set(str(manifest), lambda: False, lambda fraction, message: None)
    assert (cases["one"].spacing_um, cases["one"].sources["spacing"]) == (6.9, "manifest")
    assert cases["two"].spacing_um is None and "spacing" not in cases["two"].sources


def test_a_manifest_load_can_be_stopped_and_reports_bad_files(tmp_path, binary_demo):
    write_png(tmp_path / "ref.png", binary_demo.reference)
    manifest = _csv(tmp_path, "id,reference,candidate\none,ref.png,ref.png\n", "set.csv")
    with pytest.raises(EvaluationStopped):
        load_case_set(str(manifest), lambda: True, lambda fraction, message: None)
    (tmp_path / "bad.png").write_text("not an image")
    bad = _csv(tmp_path, "id,reference,candidate\none,ref.png,bad.png\n", "bad.csv")
    with pytest.raises(InputError, match=r"bad.png"):
        load_case_set(str(bad), lambda: False, lambda fraction, message: None)
