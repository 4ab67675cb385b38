"""``--summary --format markdown|latex``: the dataset summary as a table of the chosen
metrics, named with their arrows, with ∞ and em dashes, checked by hand."""

from __future__ import annotations

import io
import math

from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.engine.result import Result
from vesselview.io.summary import summarise
from vesselview.io.summary_report import write_summary_tables
from vesselview.io.writers import result_record

#: dice 0.8, 0.6 and one undefined: mean 0.7, sd sqrt(0.02) = 0.141, median 0.7, n 2;
#: hausdorff 2, inf, 4: mean inf, sd undefined (inf - inf), median 4, n 3.
CASES = ({"dice": 0.8, "hausdorff": 2.0}, {"dice": 0.6, "hausdorff": math.inf},
         {"dice": math.nan, "hausdorff": 4.0})


def _written(output_format: str) -> str:
    records = []
    for i, values in enumerate(CASES):
        metrics = {**dict.fromkeys(METRIC_KEYS, 0.5), **values}
        undefined = {"dice": "no vessel in the reference"} if math.isnan(values["dice"]) else {}
        result = Result(params=Params(t=3), version="9.9", metrics=metrics, undefined=undefined)
        records.append(result_record(result, id=f"{i + 1:02d}", sources={}))
    stream = io.StringIO()
    write_summary_tables(summarise(records), ["dice", "hausdorff"], stream, output_format)
    return stream.getvalue()


def test_markdown_names_the_metrics_and_shows_infinity_and_undefined() -> None:
    text = _written("markdown")
    assert text.startswith("Dataset summary over 3 evaluated pairs")
    assert "Parameters: t = 3, others at their defaults." in text
    assert "| metric | name | mean | sd | median | n |\n" in text
    assert "| dice | Dice ↑ | 0.7 | 0.141 | 0.7 | 2 |\n" in text
    assert "| hausdorff | Hausdorff (px) ↓ | ∞ | — | 4 | 3 |\n" in text
    assert "| se |" not in text  # only the chosen metrics


def test_latex_shows_names_infinity_and_em_dashes() -> None:
    text = _written("latex")
    assert "\nmetric & mean & sd & median & n \\\\\n" in text
    assert "\nDice $\\uparrow$ & 0.7 & 0.141 & 0.7 & 2 \\\\\n" in text
    assert "\nHausdorff (px) $\\downarrow$ & $\\infty$ & --- & 4 & 3 \\\\\n" in text


def test_json_summary_counts_the_pairs_defining_each_metric() -> None:
    records = [result_record(Result(params=Params(), version="9.9",
                                    metrics={**dict.fromkeys(METRIC_KEYS, 0.5), **values},
                                    undefined={}), id=f"{i:02d}", sources={})
               for i, values in enumerate(CASES)]
    (group,) = summarise(records)
    assert (group["n"], group["n_defined"]["dice"], group["n_defined"]["hausdorff"]) == (3, 2, 3)
