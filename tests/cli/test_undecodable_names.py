"""File and method names that are not valid UTF-8 are written in every output format:
as their own bytes in CSV, Markdown and LaTeX (to a file or stdout), as ``\\udcXX``
escapes in JSON, which read back as the same name. Once, ``--format csv`` evaluated every
pair and then died with UnicodeEncodeError, writing nothing."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from tests.cli.method_dataset import write_method_dataset
from vesselview.app.grading import GradingSession
from vesselview.cli.main import main
from vesselview.io.grading_files import ItemKey, read_grading

RAW = b"gap\xff\xfe"  # not UTF-8
NAME = os.fsdecode(RAW)  # how Python holds it: "gap\udcff\udcfe"


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> list[str]:
    """A 3-method dataset whose method ``gap`` is named, and lives in a folder named, `RAW`."""
    dataset, predictions = write_method_dataset(tmp_path_factory.mktemp("names"), 6, (64, 62))
    renamed = predictions.pop("gap").rename(predictions["demo"].parent / NAME)
    predictions[NAME] = renamed
    return ["--dataset", str(dataset), "--workers", "1",
            *[f"--predictions={method}={folder}" for method, folder in predictions.items()]]


@pytest.mark.parametrize("extra", [
    ["--format", "csv"],
    ["--format", "csv", "--summary"],
    ["--compare", "--format", "csv"],
    ["--compare", "--format", "markdown"],
    ["--compare", "--format", "latex"],
], ids=["csv", "csv summary", "compare csv", "markdown", "latex"])
def test_text_formats_write_the_names_bytes(sources, tmp_path, capsys, extra):
    output = tmp_path / "out.txt"
    assert main([*sources, *extra, "--output", str(output)]) == 0, capsys.readouterr().err
    written = output.read_bytes()
    assert RAW in written
    assert written.replace(RAW, b"gap").decode("utf-8")  # the rest is UTF-8


@pytest.mark.parametrize("extra", [["--format", "json"], ["--compare", "--format", "json"]],
                         ids=["json", "compare json"])
def test_json_escapes_the_names_and_reads_them_back(sources, tmp_path, capsys, extra):
    output = tmp_path / "out.json"
    assert main([*sources, *extra, "--output", str(output)]) == 0, capsys.readouterr().err
    text = output.read_bytes().decode("utf-8")  # valid UTF-8 JSON
    assert "gap\\udcff\\udcfe" in text
    assert NAME in json.dumps(json.loads(text), ensure_ascii=False)


def test_stdout_writes_the_names_bytes(sources, capsys, monkeypatch):
    terminal = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")  # strict, as a UTF-8 locale
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main([*sources, "--format", "csv"]) == 0, capsys.readouterr().err
    terminal.flush()
    assert RAW in terminal.buffer.getvalue()


def test_a_grading_file_keeps_such_a_name(tmp_path):
    path = tmp_path / "alice.json"
    item = ItemKey("01", NAME)
    GradingSession(path, [item], grader="alice").set_score(item, 4)
    path.read_bytes().decode("utf-8")  # valid UTF-8 JSON
    assert read_grading(path).grades[item].score == 4
    assert Path(path).read_text(encoding="utf-8").count("\\udcff") == 1
