"""Every LaTeX report compiles with pdflatex and the preamble it states, and fits the page.

A paper-sized comparison (10 methods with paper-like names, every registered metric, 20
cases: a 2250-row pairwise table) is written by each `--latex-fit`, with either summary
statistic (one with a post-hoc test's table of every pair), and the grader agreement
report too; each is compiled in a bare ``article``
whose preamble is the one the output's leading comment names. The log must have no
error, no "Overfull \\hbox" (a table wider than the text) and no "Float too large" (a
table taller than the page); the article's text width must be the one the tables are
fitted to, and the long tables must have broken across pages. Skipped where
pdflatex is not installed (CI installs it: ``.ci/run``).
"""

from __future__ import annotations

import io
import math
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from vesselview.engine.families import METRICS
from vesselview.engine.params import Params
from vesselview.io.agreement_tables import write_agreement
from vesselview.io.latex_tables import (
    LONG_ROWS,
    PREAMBLE,
    PREAMBLE_COMMENT,
    TEXT_WIDTH,
    WIDEST_COLUMN,
    write_latex_table,
)
from vesselview.io.report_tables import TableOptions, write_comparison
from vesselview.research.friedman import friedman_tests
from vesselview.research.grading_agreement import InterGrader
from vesselview.research.method_orders import method_orders
from vesselview.research.posthoc import post_hoc
from vesselview.research.ranking import rank_agreement
from vesselview.research.statistics import MethodScores, compare_methods

PDFLATEX = shutil.which("pdflatex")
pytestmark = pytest.mark.skipif(PDFLATEX is None, reason="pdflatex is not installed")

METHODS = ("Ronneberger2015_UNet", "Zhou2018_UNetPlusPlus", "Li2019_IterNet",
           "Jin2019_DUNet", "Wang2020_CTFNet", "Mou2019_CSNet", "Wu2021_SCSNet",
           "Galdran2022_WNet", "Soares2006_Gabor", "observer2")
N_CASES = 20


@pytest.fixture(scope="module")
def comparison():
    """Every metric for 10 methods and 20 cases; one method misses a case of one
    metric, one has an infinite distance, one metric is undefined for one method."""
    rng = np.random.default_rng(3)
    table = {method: {f"{case:02d}": {key: float(rng.uniform(0.5, 0.99)) * (1 + 60 * (
        METRICS[key].unit == "px")) for key in METRICS} for case in range(1, N_CASES + 1)}
        for method in METHODS}
    table["Li2019_IterNet"]["07"]["precision"] = math.nan
    table["Jin2019_DUNet"]["03"]["hausdorff"] = math.inf
    for case in table["Soares2006_Gabor"].values():
        case["cal"] = math.nan
    scores = MethodScores.from_mapping(table, baselines=["observer2"])
    return (compare_methods(scores, n_resamples=100), method_orders(scores), Params(t=3),
            friedman_tests(scores))


def _compiled(tmp_path: Path, tables: str) -> str:
    """The pdflatex log of ``tables`` in an article with their stated preamble."""
    assert tables.startswith(PREAMBLE_COMMENT)
    preamble = re.search(r"needs (\\usepackage\{[^}]*\})", tables.splitlines()[0])
    assert preamble is not None and preamble[1] == PREAMBLE
    document = tmp_path / "tables.tex"
    document.write_text(f"\\documentclass{{article}}\n{preamble[1]}\n\\begin{{document}}\n"
                        "\\typeout{{text width \\the\\textwidth}}\n"
                        f"{tables}\\end{{document}}\n", encoding="utf-8")
    for _ in range(2):  # longtable settles its column widths on the second run
        run = subprocess.run([str(PDFLATEX), "-interaction=nonstopmode", "-halt-on-error",
                              document.name], cwd=tmp_path, capture_output=True, timeout=600,
                             check=False)
        log = (tmp_path / "tables.log").read_text(encoding="latin-1")
        assert run.returncode == 0, log[-3000:]
    return log


def _pages(log: str) -> int:
    """Pages of the PDF, checking the text width the tables were fitted to."""
    assert f"text width {TEXT_WIDTH}pt" in log
    assert "Overfull \\hbox" not in log, re.findall(r"Overfull \\hbox.*", log)[:5]
    assert "Float too large" not in log
    written = re.search(r"Output written on tables\.pdf \((\d+) pages?", log)
    assert written is not None
    return int(written[1])


@pytest.mark.parametrize(("fit", "stat"), [("split", "mean"), ("split", "median"),
                                           ("resize", "mean")])
def test_the_comparison_compiles_and_fits_the_page(comparison, tmp_path, fit, stat) -> None:
    stream = io.StringIO()
    comparison_, orders, params, friedman = comparison
    # the resized variant also lists a post-hoc test's 36 pairs x 106 metrics
    chosen = post_hoc(comparison_.scores, friedman, "wilcoxon-holm" if fit == "resize"
                      else "nemenyi")
    write_comparison(comparison_, orders, params, stream, "latex", friedman=friedman,
                     options=TableOptions(stat, fit, "FOV: from a mask file (200 pairs)."),
                     post_hoc=chosen)
    text = stream.getvalue()
    assert ("Post-hoc comparison of each pair" in text) == (fit == "resize")
    # the paper table is split (metrics as rows: fewer parts than the 100 metrics as
    # columns) or resized (methods as rows); the long ones break across
    # pages (and are split: a longtable cannot be resized)
    paper = text.split(PREAMBLE_COMMENT)[1]
    if fit == "split":
        assert paper.startswith("\\begin{longtable}") and "(part 1 of " in paper
        assert "\nmetric & " in paper  # the methods as columns, by name or number
        assert "\nmetric & (1) & " not in paper or "(1) Ronneberger2015\\_UNet; (2) " in paper
        assert "a: n=19, 1 undefined; b: n=20, 1 inf; c: n=0, 20 undefined." in paper
    else:
        assert paper.startswith("\\begin{table}") and "\\resizebox{\\textwidth}" in paper
        assert "\nmethod & Se $\\uparrow$ & " in paper and "(part" not in paper
    # 2250 tests (45 pairs of 10 methods x 50 metrics) at under 60 lines a page
    assert _pages(_compiled(tmp_path, text)) > 2250 / 60


def test_the_grader_agreement_report_compiles(tmp_path) -> None:
    human = list(range(1, LONG_ROWS + 2))
    agreement = rank_agreement({key: list(np.roll(human, i)) for i, key in
                                enumerate(METRICS)}, human, expected_kind="score")
    stream = io.StringIO()
    write_agreement(agreement, InterGrader(("ann", "bob"), len(human), 0.9, 0.8, math.nan),
                    Params(), stream, "latex")
    assert _pages(_compiled(tmp_path, stream.getvalue())) >= 1


def test_a_cell_wider_than_the_page_wraps(tmp_path) -> None:
    # every method tied as the winner: the list wraps beside the metric's name
    stream = io.StringIO()
    write_latex_table(["metric", "winner"], [["Type I error (background) ↓", ", ".join(METHODS)]],
                      stream, "Winners.")
    text = stream.getvalue()
    assert f"p{{{WIDEST_COLUMN:g}pt}}}}\n\\toprule" in text
    assert _pages(_compiled(tmp_path, text)) == 1
