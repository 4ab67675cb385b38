"""``vesselview-eval --dataset ... --predictions ... --compare`` / ``--grades`` end to end:
the reports equal those computed through the API, and every usage error is one line."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli.method_dataset import write_method_dataset
from vesselview.cli.compare import write_method_comparison
from vesselview.cli.main import main
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.io.cd_diagram import read_diagram_values
from vesselview.io.dataset import open_dataset
from vesselview.io.writers import result_record

SHAPE = (120, 116)
N_CASES = 8


@pytest.fixture(scope="module")
def method_dataset(tmp_path_factory) -> tuple[Path, dict[str, Path]]:
    return write_method_dataset(tmp_path_factory.mktemp("methods"), N_CASES, SHAPE)


def _sources(method_dataset) -> list[str]:
    dataset, predictions = method_dataset
    return ["--dataset", str(dataset),
            *[f"--predictions={method}={folder}" for method, folder in predictions.items()],
            "--workers", "1"]


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_json_equals_the_api(capsys, method_dataset) -> None:
    code, out, _ = _run(capsys, *_sources(method_dataset), "--compare")
    assert code == 0
    document = json.loads(out)
    opened = open_dataset(*method_dataset)
    methods = list(method_dataset[1])  # the order of --predictions
    records = [{**result_record(Evaluator(case.load(m)).evaluate(Params()), id=case.id,
                                sources={}), "method": m}
               for case in opened.cases for m in methods]
    stream = io.StringIO()
    write_method_comparison(records, Params(), stream, "json")
    expected = json.loads(stream.getvalue())
    assert document["summary"] == expected["summary"]
    assert document["comparisons"] == expected["comparisons"]
    assert document["rank_agreement"] == expected["rank_agreement"]
    assert list(document["summary"]) == ["demo", "shift", "gap"]
    assert document["summary"]["gap"]["dice"]["n"] == N_CASES


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_cd_diagram_is_written_with_every_method_at_its_friedman_mean_rank(
        capsys, method_dataset, tmp_path, suffix) -> None:
    diagram = tmp_path / f"cd{suffix}"
    code, out, _ = _run(capsys, *_sources(method_dataset), "--compare", "--cd-diagram",
                        str(diagram))
    assert code == 0
    tests = json.loads(out)["friedman"]["tests"]
    panels = {panel["metric"]: panel for panel in read_diagram_values(str(diagram))["panels"]}
    assert set(panels) == {metric for metric, test in tests.items() if test["n"]}
    for metric, panel in panels.items():
        assert dict(zip(panel["methods"], panel["mean_rank"], strict=True)) == pytest.approx(
            tests[metric]["mean_rank"], rel=1e-12)
        assert panel["critical_difference"] == pytest.approx(
            tests[metric]["critical_difference"], rel=1e-12)
    if suffix == ".svg":
        dice = tests["dice"]
        root = ET.parse(diagram).getroot()
        texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        assert {f"{m} ({dice['mean_rank'][m]:.2f})" for m in method_dataset[1]} <= texts


@pytest.mark.parametrize("posthoc", ["conover", "wilcoxon-holm"])
def test_posthoc_choice_is_in_json_and_listed_per_pair_in_markdown(
        capsys, method_dataset, posthoc) -> None:
    code, out, err = _run(capsys, *_sources(method_dataset), "--compare", "--posthoc", posthoc)
    assert code == 0, err
    friedman = json.loads(out)["friedman"]
    assert friedman["post_hoc"] == posthoc
    assert friedman["post_hoc_family"].startswith("Holm over all 3 pairs of methods x ")
    dice = friedman["tests"]["dice"]["post_hoc_p"]
    assert dice["demo"]["gap"] == dice["gap"]["demo"] and dice["demo"]["demo"] == 1
    code, out, _ = _run(capsys, *_sources(method_dataset), "--compare", "--posthoc", posthoc,
                        "--metrics", "dice,se", "--format", "markdown")
    assert code == 0
    assert "Post-hoc comparison of each pair of methods after Friedman's test" in out
    assert "p corrected by Holm over all 3 pairs of methods x 2 metrics" in out


def test_posthoc_default_is_nemenyi_and_the_choices_are_the_research_ones(
        capsys, method_dataset) -> None:
    from vesselview.cli.report_options import POST_HOCS as CLI_POST_HOCS
    from vesselview.research.posthoc import POST_HOCS

    assert CLI_POST_HOCS == POST_HOCS
    code, out, _ = _run(capsys, *_sources(method_dataset), "--compare", "--metrics", "dice")
    friedman = json.loads(out)["friedman"]
    assert code == 0 and friedman["post_hoc"] == "nemenyi"
    dice = friedman["tests"]["dice"]
    assert dice["post_hoc_p"] == dice["nemenyi_p"]


@pytest.mark.parametrize(("output_format", "start"), [
    ("csv", "metric,name,demo,shift,gap,best\n"),
    ("markdown", "Mean ± sd [95 % bootstrap CI of the mean]"),
    ("latex", "% vesselview table: needs \\usepackage{booktabs,longtable,graphicx}"),
])
def test_compare_paper_tables(capsys, method_dataset, tmp_path, output_format, start) -> None:
    output = tmp_path / f"table.{output_format}"
    code, out, _ = _run(capsys, *_sources(method_dataset), "--compare", "--format",
                        output_format, "--output", str(output))
    assert (code, out) == (0, "")
    assert output.read_text(encoding="utf-8").startswith(start)


def test_compare_median_tables_and_resized_latex(capsys, method_dataset, tmp_path) -> None:
    output = tmp_path / "table.tex"
    code, _, err = _run(capsys, *_sources(method_dataset), "--compare", "--format", "latex",
                        "--summary-stat", "median", "--latex-fit", "resize", "--output",
                        str(output))
    assert code == 0, err
    text = output.read_text(encoding="utf-8")
    assert "\\caption{Median [interquartile range] over the 8 cases" in text
    assert text.count("\\resizebox{\\textwidth}{!}") == 1  # the paper table only
    assert "FOV: from a mask file (24 pairs). Reference: observer 1." in text


@pytest.mark.parametrize(("flags", "message"), [
    (("--summary-stat", "median"), "--summary-stat chooses what the --compare tables show"),
    (("--compare", "--latex-fit", "resize"), "--latex-fit is about the --compare tables in"),
    (("--posthoc", "conover"), "--posthoc chooses the post-hoc test of --compare"),
])
def test_table_flags_need_their_report(capsys, method_dataset, flags, message) -> None:
    code, _, err = _run(capsys, *_sources(method_dataset), *flags)
    assert code == 2 and message in err


def _grades(tmp_path: Path) -> Path:
    """Two graders' scores of every case and method of the method dataset."""
    grades = tmp_path / "grades.csv"
    rows = ["id,method,grader,score,notes"]
    rows += [f"{n:02d},{method},{grader},{(n * 3 + len(method) + offset) % 11},"
             for n in range(1, N_CASES + 1) for method in ("demo", "gap", "shift")
             for grader, offset in (("ann", 0), ("bob", 1))]
    grades.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return grades


def test_grades_with_a_sweep(capsys, method_dataset, tmp_path) -> None:
    grades = _grades(tmp_path)
    code, out, _ = _run(capsys, *_sources(method_dataset), "--grades", str(grades),
                        "--sweep", "t=1:3")
    assert code == 0
    document = json.loads(out)
    assert document["agreement"]["f1_t"]["n"] == 3 * N_CASES
    assert document["inter_grader"]["graders"] == ["ann", "bob"]
    assert document["sweep"]["key"] == "t" and document["sweep"]["values"] == [1, 2, 3]
    assert [entry["value"] for entry in document["sweep"]["agreement"]] == [1, 2, 3]


def test_grades_with_chosen_metrics_name_them_in_every_format(capsys, method_dataset,
                                                              tmp_path) -> None:
    chosen = ("--grades", str(_grades(tmp_path)), "--metrics", "hd95,dice")
    code, out, err = _run(capsys, *_sources(method_dataset), *chosen)
    assert code == 0, err
    assert list(json.loads(out)["agreement"]) == ["hd95", "dice"]
    code, out, _ = _run(capsys, *_sources(method_dataset), *chosen, "--format", "csv")
    assert code == 0
    assert [line.split(",")[:2] for line in out.splitlines()[:3]] == [
        ["metric", "name"], ["hd95", "HD95 (px) ↓"], ["dice", "Dice ↑"]]
    code, out, _ = _run(capsys, *_sources(method_dataset), *chosen, "--format", "markdown")
    assert code == 0
    assert "| metric | name | kendall_tau_b |" in out and "\n| hd95 | HD95 (px) ↓ | " in out
    code, out, _ = _run(capsys, *_sources(method_dataset), *chosen, "--format", "latex")
    assert code == 0
    assert "\nHD95 (px) $\\downarrow$ & " in out and "\nhd95 & " not in out


@pytest.mark.parametrize(("extra", "message"), [
    (["--compare", "--sweep", "t=1,2"], "--compare compares methods under one parameter set"),
    (["--format", "markdown"], "--format markdown needs --compare, --grades or --summary"),
    (["--cd-diagram", "cd.svg"], "--cd-diagram goes with --compare"),
    (["--compare", "--cd-diagram", "cd.eps"],
     "--cd-diagram cd.eps: the format follows the file's suffix; give a file name ending in "
     ".png, .svg or .pdf"),
    (["--compare", "--grades", "g.csv"], "give --compare or --grades, not both"),
    (["--grades", "g.csv", "--sweep", "t=1,2", "--sweep", "cal_alpha=1,2"],
     "--grades takes at most one --sweep"),
])
def test_usage_errors_are_one_line(capsys, method_dataset, extra, message) -> None:
    code, out, err = _run(capsys, *_sources(method_dataset), *extra)
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1 and message in err


def test_a_bad_grades_file_fails_before_any_work(capsys, method_dataset, tmp_path) -> None:
    grades = tmp_path / "grades.csv"
    grades.write_text("id,method,grader,score,notes\n01,demo,ann,good,\n", encoding="utf-8")
    code, out, err = _run(capsys, *_sources(method_dataset), "--grades", str(grades))
    assert (code, out) == (2, "")
    assert len(err.splitlines()) == 1  # no progress: nothing was evaluated
    assert f"{grades} line 2, column score: 'good' is not a finite number" in err
