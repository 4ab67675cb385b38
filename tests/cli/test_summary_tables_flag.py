"""``vesselview-eval --manifest ... --summary --format markdown|latex [--metrics ...]``: the
dataset summary table per sweep value, equal to the JSON summary of the same run."""

from __future__ import annotations

import json

import pytest

from vesselview.cli.main import main
from vesselview.io.text_tables import number


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_markdown_summary_per_sweep_value_equals_the_json(capsys, dataset) -> None:
    run = ("--manifest", str(dataset), "--workers", "1", "--sweep", "t=0,1")
    code, out, err = _run(capsys, *run, "--summary", "--format", "markdown", "--metrics",
                          "dice,hd95")
    assert code == 0, err
    code, document, _ = _run(capsys, *run)
    summary = json.loads(document)["summary"]
    assert out.count("| metric | name | mean | sd | median | n |") == 2
    for group in summary:
        dice = [number(group[name]["dice"]) for name in ("mean", "std", "median")]
        assert f"| dice | Dice ↑ | {' | '.join(dice)} | 4 |" in out
    assert "| hd95 | HD95 (px) ↓ | " in out and "| se |" not in out


@pytest.mark.parametrize(("extra", "message"), [
    (["--metrics", "dice"], "--metrics chooses the metrics of --compare, --grades or the "
                            "--summary table"),
    (["--summary", "--format", "csv", "--metrics", "dice"], "--metrics chooses the metrics"),
    (["--format", "latex"], "--format latex needs --compare, --grades or --summary"),
])
def test_usage_errors(capsys, dataset, extra, message) -> None:
    code, out, err = _run(capsys, "--manifest", str(dataset), *extra)
    assert (code, out) == (2, "") and message in err
