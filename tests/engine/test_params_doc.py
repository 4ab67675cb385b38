"""The documentation's parameter tables agree with the specs (``python -m
vesselview.engine.params_doc``)."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vesselview.engine import params_doc
from vesselview.engine.params import PARAM_SPECS, Params, parse_value
from vesselview.engine.params_doc import (
    BEGIN,
    END,
    allowed_text,
    default_text,
    docs_table,
    number_text,
    readme_list,
    stale_files,
    with_block,
)

ROOT = Path(__file__).resolve().parents[2]


def test_the_docs_table_and_the_readme_list_are_those_of_the_specs():
    assert stale_files(ROOT) == [], ("run: python -m vesselview.engine.params_doc --write")


def test_the_docs_table_has_one_row_per_parameter_in_key_order():
    rows = docs_table().splitlines()[2:]
    assert [row.split(" | ")[0].strip("| `") for row in rows] == list(PARAM_SPECS)
    assert "| `fom_k` | 1/9 | 0 to 1000 | ratio | Pratt FOM scaling constant k |" in rows
    assert "| `ss_R` | 2 | 1 to 20 | length (px; or µm, % FOV) |" in rows[4]


def test_the_readme_list_names_every_key_with_its_default():
    text = " ".join(readme_list().split())
    for key in PARAM_SPECS:
        assert f"`{key}` (" in text
    assert "`fom_k` (1/9)" in text and "`cal_fov` (false)" in text
    assert "`distance` (`euclidean`; or `cityblock`, `chessboard`)" in text


def test_a_changed_spec_makes_the_files_stale(tmp_path, monkeypatch):
    for name in params_doc.GENERATED:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    spec = PARAM_SPECS["t"]
    monkeypatch.setitem(PARAM_SPECS, "t", dataclasses.replace(spec, doc="new words"))
    assert stale_files(tmp_path) == ["docs/metrics.md"]
    assert params_doc.main(["--check", "--root", str(tmp_path)]) == 1
    assert params_doc.main(["--write", "--root", str(tmp_path)]) == 0
    assert stale_files(tmp_path) == []
    assert "| `t` | 2 | 0 to 50 | length (px; or µm, % FOV) | new words |" in (
        tmp_path / "docs/metrics.md").read_text()


def test_a_block_keeps_its_indent_and_the_text_around_it():
    text = f"- a list item:\n  {BEGIN}\n  old\n  {END}\n  more\n"
    assert with_block(text, "new\nlines") == (
        f"- a list item:\n  {BEGIN}\n  new\n  lines\n  {END}\n  more\n")
    with pytest.raises(ValueError, match="found 0"):
        with_block("no markers", "x")


@pytest.mark.parametrize(("key", "values"), [
    ("t", "0..50"), ("ss_alpha", "0..1"), ("baddeley_p", "1..100"), ("cal_fov", "true/false"),
    ("distance", "euclidean/cityblock/chessboard"), ("ss_mode", "reference"),
    ("baddeley_c", "0..1000000")])
def test_allowed_values(key, values):
    assert allowed_text(key) == values


def test_every_default_reads_back_as_itself():
    for key, spec in PARAM_SPECS.items():
        if spec.default is not None:
            assert Params.from_mapping({key: parse_value(key, default_text(key))}) == Params()
    assert default_text("threshold") == PARAM_SPECS["threshold"].none_means


@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False) | st.fractions(
    max_denominator=999).map(float))
def test_a_number_text_parses_back_to_the_number(number):
    assert parse_value("fom_k", number_text(number)) == number
