"""``--compare`` on a DRIVE-like test set with a second observer: the other observer is a
human baseline (summarised, tested, never ranked, bold or starred) unless
``--rank-observer``, and every table says n where a value is defined on fewer cases.

The second observer (gaps of 3 px) is closer to the reference than every method by
Dice and Hausdorff distance, as DRIVE's is; method ``blank`` is ``demo`` with case 01 an
all-black map, so its precision is undefined (0 / 0) on that one case.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.cli.method_dataset import write_method_dataset
from vesselview.cli.compare import write_method_comparison
from vesselview.cli.main import main
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.io.candidate_flags import candidate_flags
from vesselview.io.dataset import open_dataset
from vesselview.io.provenance_formats import body_text
from vesselview.io.writers import result_record

SHAPE = (120, 116)
N_CASES = 6
BASELINE = "observer2 (human baseline)"


@pytest.fixture(scope="module")
def method_dataset(tmp_path_factory) -> tuple[Path, dict[str, Path]]:
    root = tmp_path_factory.mktemp("observers")
    dataset, predictions = write_method_dataset(root, N_CASES, SHAPE, second_observer=True)
    blank = root / "predictions" / "blank"
    blank.mkdir()
    for number in range(1, N_CASES + 1):
        image = np.asarray(Image.open(predictions["demo"] / f"{number:02d}_test.png"))
        Image.fromarray(image * (number != 1)).save(blank / f"{number:02d}_test.png")
    return dataset, {**predictions, "blank": blank}


@pytest.fixture(scope="module")
def records(method_dataset) -> list[dict]:
    """What a dataset run records: every case and method (in the order of --predictions,
    then the other observer), the observer of the reference."""
    dataset = open_dataset(*method_dataset)
    assert dataset.baselines == ("observer2",) and dataset.methods[-1] == "observer2"
    methods = [*method_dataset[1], *dataset.baselines]
    loaded = [(case.id, method, case.load(method)) for case in dataset.cases
              for method in methods]
    return [result_record(Evaluator(case).evaluate(Params()), id=case_id,
                          sources={"fov": f"fov/{case_id}.png"},
                          method=method, observer=dataset.observer,
                          flags=candidate_flags(case))
            for case_id, method, case in loaded]


def _report(records: list[dict], output_format: str, rank_observer: bool = False) -> str:
    stream = io.StringIO()
    write_method_comparison(records, Params(), stream, output_format,
                            rank_observer=rank_observer)
    return stream.getvalue()


@pytest.fixture(scope="module")
def document(records) -> dict:
    return json.loads(_report(records, "json"))


def _arguments(method_dataset, *extra: str) -> list[str]:
    dataset, predictions = method_dataset
    return ["--dataset", str(dataset), *[f"--predictions={m}={f}" for m, f in
                                         predictions.items()], "--workers", "1", *extra]


def test_the_observer_would_win_but_is_a_baseline_beside_the_methods(document) -> None:
    summary, human = document["summary"], document["human_baselines"]
    assert sorted(summary) == ["blank", "demo", "gap", "shift"]
    assert list(human) == ["observer2"]
    best_method_dice = max(entry["dice"]["mean"] for entry in summary.values())
    assert human["observer2"]["dice"]["mean"] > best_method_dice
    orders = document["rank_agreement"]
    assert orders["winners"]["dice"] == ["gap"]
    assert all("observer2" not in ranks for ranks in orders["mean_rank"].values())
    assert all("observer2" not in winners for winners in orders["winners"].values())
    against = {(c["a"], c["b"]) for c in document["comparisons"] if "observer2" in
               (c["a"], c["b"])}
    assert against == {(method, "observer2") for method in summary}


def test_every_cell_has_its_n_and_undefined_values_are_left_out(records, document) -> None:
    assert document["cases"] == N_CASES
    precision = document["summary"]["blank"]["precision"]
    defined = [r["metrics"]["precision"] for r in records
               if r["method"] == "blank" and r["metrics"]["precision"] is not None]
    assert precision["n"] == len(defined) == N_CASES - 1
    assert precision["mean"] == pytest.approx(np.mean(defined))
    assert document["summary"]["demo"]["precision"]["n"] == N_CASES
    assert all(isinstance(c["n"], int) for c in document["comparisons"])
    test = next(c for c in document["comparisons"]
                if (c["metric"], c["a"], c["b"]) == ("precision", "demo", "blank"))
    assert test["n"] == N_CASES - 1
    ranked = document["rank_agreement"]["n"]
    assert (ranked["precision"], ranked["dice"]) == (N_CASES - 1, N_CASES)
    assert document["flagged"] == {"blank": {"01": "empty_candidate"}}


def _row(rows: list[list[str]], metric: str) -> list[str]:
    return next(row for row in rows if row[0] == metric)


def test_csv_names_the_baseline_and_never_makes_it_best(records) -> None:
    rows = list(csv.reader(io.StringIO(_report(records, "csv"))))
    header = rows[0]
    assert header[-2:] == [BASELINE, "best"]
    # the best methods, ties together (", "), never the baseline
    assert {m for row in rows[1:] for m in row[-1].split(", ") if m} <= set(header[2:-2])
    assert _row(rows, "dice")[-1] == "gap"
    blank = header.index("blank")
    assert _row(rows, "precision")[blank].endswith(f"(n={N_CASES - 1}, 1 undefined)")
    assert "(n=" not in _row(rows, "dice")[blank]
    flagged = rows[-1]
    assert flagged[:2] == ["flagged", "flagged predictions"]
    assert flagged[blank] == "01 (empty)" and flagged[2:].count("") == len(header) - 3


def _markdown_rows(text: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip("|\n").split("|")]
            for line in text.splitlines() if line.startswith("| ")]


def test_markdown_never_bolds_or_stars_the_baseline(records) -> None:
    text = _report(records, "markdown")
    rows = _markdown_rows(text)
    header = rows[0]
    assert header[-1] == BASELINE
    summary = rows[1:rows.index(next(r for r in rows[1:] if r[0] == "metric"))]
    assert all(not row[-1].startswith("**") and not row[-1].endswith("\\*")
               for row in summary)
    assert _row(summary, "dice")[header.index("gap")].startswith("**")
    assert f"(n={N_CASES - 1}, 1 undefined)" in _row(summary, "precision")[
        header.index("blank")]
    assert f"| dice | Dice ↑ | gap | {BASELINE} | {N_CASES} |" in text
    orders_header = next(r for r in rows if "winner" in r)
    assert orders_header[:3] == ["metric", "name", "n"]
    assert "observer2" not in " ".join(orders_header)


def test_latex_names_the_baseline_and_never_bolds_it(records) -> None:
    stream = io.StringIO()
    write_method_comparison(records, Params(), stream, "latex", latex_fit="resize")
    lines = stream.getvalue().splitlines()
    # resized: one table with the methods as rows, the baseline last
    assert sum(line.startswith("method & ") for line in lines) == 1
    baseline = next(line for line in lines if line.startswith("observer2 (human baseline) & "))
    assert lines[lines.index(baseline) + 1] == "\\bottomrule"
    assert "\\textbf" not in baseline
    assert "\\textbf" in next(line for line in lines if line.startswith("gap & "))
    assert re.search(r"human baseline.*not ranked", "\n".join(lines))
    assert "observer2 (human baseline)" in _report(records, "latex")  # split


def test_the_command_line_writes_the_same_report(capsys, method_dataset, records) -> None:
    code = main(_arguments(method_dataset, "--compare", "--format", "markdown"))
    out, err = capsys.readouterr()
    assert code == 0, err
    assert body_text(out) == _report(records, "markdown")
    assert "\n<!-- vesselview provenance\n" in out


def test_rank_observer_ranks_it_as_a_method(capsys, method_dataset, records) -> None:
    code = main(_arguments(method_dataset, "--compare", "--rank-observer"))
    out, err = capsys.readouterr()
    assert code == 0, err
    document = json.loads(out)
    assert document.pop("provenance")["command"][-1] == "--rank-observer"
    assert document == json.loads(_report(records, "json", rank_observer=True))
    assert "observer2" in document["summary"] and document["human_baselines"] == {}
    assert document["rank_agreement"]["winners"]["dice"] == ["observer2"]


def test_rank_observer_goes_with_compare(capsys, method_dataset) -> None:
    code = main(_arguments(method_dataset, "--rank-observer"))
    _, err = capsys.readouterr()
    assert code == 2
    assert "--rank-observer goes with --compare" in err
