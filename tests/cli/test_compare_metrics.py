"""``--compare --metrics KEY,...``: presets, unknown keys refused by name, and the default
report that leaves out exact repeats (tversky, rse, msd, fpr, perr) and says so."""

from __future__ import annotations

import csv
import io
import json

import pytest

from vesselview.cli.arguments import UsageError, parse_arguments
from vesselview.cli.compare import write_method_comparison
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.metric_sets import PRESETS
from vesselview.engine.params import Params
from vesselview.engine.result import Result
from vesselview.io.writers import result_record

REPEATS = ("tversky", "rse", "msd", "fpr", "perr")


def _records() -> list[dict]:
    """Two methods over four cases, every metric defined (A a little better)."""
    out = []
    for i in range(4):
        for method, shift in (("A", 0.1), ("B", 0.0)):
            metrics = {key: 0.3 + shift + 0.05 * i for key in METRIC_KEYS}
            result = Result(params=Params(), version="9.9", metrics=metrics, undefined={})
            out.append({**result_record(result, id=f"{i + 1:02d}", sources={}),
                        "method": method})
    return out


def _report(output_format: str, metrics: tuple[str, ...] | None = None) -> str:
    stream = io.StringIO()
    write_method_comparison(_records(), Params(), stream, output_format, metrics=metrics)
    return stream.getvalue()


def test_metrics_and_presets_choose_the_report_in_order() -> None:
    options = parse_arguments(["--dataset", "DRIVE", "--compare",
                               "--metrics", "hd95, topology,dice"])
    assert options.metrics == ("hd95", *PRESETS["topology"], "dice")
    document = json.loads(_report("json", options.metrics))
    assert list(document["summary"]["A"]) == list(options.metrics)
    assert document["left_out"] == {}


@pytest.mark.parametrize(("argv", "match"), [
    (["--compare", "--metrics", "dice,dcie"], "unknown metric dcie.*presets: classic"),
    (["--compare", "--metrics", ","], r"unknown metric \(none given\)"),
    (["--metrics", "classic"], "--metrics chooses the metrics of --compare, --grades or"),
])
def test_bad_metric_choices_are_refused_by_name(argv: list[str], match: str) -> None:
    with pytest.raises(UsageError, match=match):
        parse_arguments(["--dataset", "DRIVE", *argv])


def test_the_default_report_leaves_out_exact_repeats_and_says_which() -> None:
    document = json.loads(_report("json"))
    assert list(document["summary"]["A"]) == [k for k in METRIC_KEYS if k not in REPEATS]
    assert document["left_out"] == {"tversky": "tversky = dice", "rse": "rse = ss",
                                    "msd": "msd = hausdorff", "fpr": "fpr = 1 − sp",
                                    "perr": "perr = 1 − acc"}
    rows = list(csv.reader(io.StringIO(_report("csv"))))
    assert not {row[0] for row in rows} & set(REPEATS)
    markdown = _report("markdown")
    assert "Left out as exact repeats: " in markdown and "fpr = 1 − sp" in markdown


def test_chosen_repeats_are_kept() -> None:
    document = json.loads(_report("json", ("dice", "tversky")))
    assert list(document["summary"]["A"]) == ["dice", "tversky"]
