"""The paper table on a golden dataset checked by hand: names and arrows, mean ± sd or
median [IQR], n and undefined / infinite counts per cell, bold on the rounded values with
ties together, the caption's parameters and inputs; quartiles against numpy."""

from __future__ import annotations

import csv
import io
import json
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from vesselview.engine.params import Params
from vesselview.io.report_tables import TableOptions, write_comparison
from vesselview.research.method_orders import method_orders
from vesselview.research.statistics import MethodScores, compare_methods
from vesselview.research.summaries import quartiles

NAN, INF = math.nan, math.inf
#: Five cases. dice: A 0.8, 0.9, 0.7, 0.6, 1.0 (mean 0.8, sd sqrt(0.1 / 4) = 0.158,
#: median 0.8, quartiles 0.7 and 0.9); B 0.8 four times and one undefined (0.8 ± 0,
#: n = 4): a tie at 0.800, both bold, neither starred (5 cases cannot reach p < 0.05).
#: hausdorff: A 1, 2, 3, 4, inf (mean inf, sd undefined, median 3 [2, 4]); B 2 five
#: times: the smaller mean, bold.
GOLDEN = {"A": {"dice": [0.8, 0.9, 0.7, 0.6, 1.0], "hausdorff": [1.0, 2.0, 3.0, 4.0, INF]},
          "B": {"dice": [0.8, 0.8, 0.8, 0.8, NAN], "hausdorff": [2.0] * 5}}


def _written(output_format: str, stat: str = "mean") -> str:
    scores = MethodScores.from_mapping({
        method: {f"{case + 1:02d}": {metric: values[case] for metric, values in rows.items()}
                 for case in range(5)} for method, rows in GOLDEN.items()})
    stream = io.StringIO()
    write_comparison(compare_methods(scores, n_resamples=200), method_orders(scores),
                     Params(t=3), stream, output_format,
                     options=TableOptions(stat, "split", "FOV: from a mask file (10 pairs)."))
    return stream.getvalue()


def test_latex_has_methods_as_rows_named_metrics_and_counts_as_notes() -> None:
    lines = _written("latex").splitlines()
    start = lines.index("method & Dice $\\uparrow$ & Hausdorff (px) $\\downarrow$ \\\\")
    assert lines[start + 2:start + 4] == [
        "A & \\textbf{0.800 $\\pm$ 0.158} & $\\infty$ $\\pm$ ---$^{b}$ \\\\",
        "B & \\textbf{0.800 $\\pm$ 0.000}$^{a}$ & \\textbf{2.00 $\\pm$ 0.00} \\\\",
    ]
    caption = next(line for line in lines if line.startswith("\\caption{Mean $\\pm$ sd"))
    # the notes lettered in reading order of the metrics (rows of the other table)
    assert "Cases: a: n=4, 1 undefined; b: n=5, 1 inf." in caption
    assert "Parameters: t = 3, others at their defaults." in caption
    assert "FOV: from a mask file (10 pairs). (vesselview " in caption


def test_markdown_shows_the_median_and_interquartile_range_with_counts() -> None:
    text = _written("markdown", "median")
    assert text.startswith("Median [interquartile range] over the 5 cases")
    assert "| metric | name | A | B |\n" in text
    assert "| dice | Dice ↑ | **0.800 [0.700, 0.900]** | " \
           "**0.800 [0.800, 0.800] (n=4, 1 undefined)** |" in text
    assert "| hausdorff | Hausdorff (px) ↓ | 3.00 [2.00, 4.00] (n=5, 1 inf) | " \
           "**2.00 [2.00, 2.00]** |" in text


def test_infinite_means_are_infinity_signs_and_undefined_values_em_dashes() -> None:
    # hausdorff of A: mean inf (an infinite distance), sd undefined, the count in the note
    assert "| hausdorff | Hausdorff (px) ↓ | ∞ ± — [—, —] (n=5, 1 inf) | " \
           "**2.00 ± 0.00 [2.00, 2.00]** |" in _written("markdown")
    assert "\nA & \\textbf{0.800 $\\pm$ 0.158} & $\\infty$ $\\pm$ ---$^{b}$ \\\\" in _written(
        "latex")
    # JSON keeps numbers or null, with the reason
    document = json.loads(_written("json"))
    hausdorff = document["summary"]["A"]["hausdorff"]
    assert (hausdorff["mean"], hausdorff["sd"], hausdorff["median"]) == (None, None, 3.0)
    assert hausdorff["undefined"]["mean"].startswith("+inf: ")
    assert hausdorff["undefined"]["sd"].startswith("undefined: ")
    assert hausdorff["n_inf"] == 1


def test_csv_carries_names_counts_and_every_tied_best() -> None:
    rows = list(csv.reader(io.StringIO(_written("csv"))))
    assert rows[0] == ["metric", "name", "A", "B", "best"]
    dice, hausdorff = rows[1], rows[2]
    assert dice[1] == "Dice ↑" and dice[-1] == "A, B"
    assert dice[2].startswith("0.800 ± 0.158 [") and dice[3].endswith("] (n=4, 1 undefined)")
    assert hausdorff[2] == "∞ ± — [—, —] (n=5, 1 inf)" and hausdorff[-1] == "B"


@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=40))
def test_quartiles_equal_numpy_on_finite_values(values: list[float]) -> None:
    q1, q3 = quartiles(np.array(values))
    expected = np.quantile(values, [0.25, 0.75])
    assert np.allclose([q1, q3], expected, rtol=1e-12, atol=1e-9)


def test_a_quartile_between_two_infinities_is_infinite() -> None:
    assert quartiles(np.array([1.0, INF, INF, INF])) == (INF, INF)
    assert quartiles(np.array([1.0, 2.0, 3.0, 4.0, INF])) == (2.0, 4.0)
    with np.errstate(invalid="ignore"):  # what numpy would say: inf - inf
        assert np.isnan(np.quantile([1.0, INF, INF, INF], 0.75))
