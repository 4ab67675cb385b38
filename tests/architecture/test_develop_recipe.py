"""``docs/develop.md`` followed literally: a throw-away metric, layer, parameter and family.

A copy of the repository gets every edit block of the recipe and runs its commands; the
new things must then be in the API, the CLI's output and the window (the checks in
``recipe_seen_in_*.py``, run in the copy), the generated docs must be current and the
pinned outputs may only have gained the new keys.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.architecture.develop_recipe import (
    RECIPE,
    ROOT,
    apply_edit,
    copy_repository,
    environment,
    recipe_blocks,
    run_checks,
    run_command,
)

NEW_METRICS = {"fdr", "stray_pieces", "area_ratio"}
NEW_PARAMS = {"piece_min_px"}
NEW_LAYERS = {"vessel_width"}
PINNED = Path("tests/pinned/golden.json")


def _report(done: subprocess.CompletedProcess[str]) -> str:
    return f"{done.args}\n{done.stdout}\n{done.stderr}"


@pytest.fixture(scope="module")
def recipe_copy(tmp_path_factory):
    """(root of the copy with the recipe applied, its environment, each command's run)."""
    root = copy_repository(tmp_path_factory.mktemp("repository"))
    env = environment(root, tmp_path_factory.mktemp("kernels"))
    runs = []
    for block in recipe_blocks(RECIPE.read_text()):
        if block.is_edit:
            apply_edit(block, root)
        elif block.is_run:
            runs += [run_command(line, root, env) for line in block.body.splitlines()]
    return root, env, runs


def test_the_recipe_edits_the_files_it_names_and_runs_its_commands():
    blocks = recipe_blocks(RECIPE.read_text())
    edited = {block.options["file"] for block in blocks if block.is_edit}
    assert edited >= {"vesselview/engine/families/pixel.py", "vesselview/engine/params.py",
                      "vesselview/engine/families/width.py", "docs/metrics.md",
                      "vesselview/engine/families/pieces.py",
                      "vesselview/engine/families/__init__.py"}
    commands = [line for block in blocks if block.is_run for line in block.body.splitlines()]
    assert "python -m vesselview.engine.params_doc --write" in commands
    assert "python -m tests.pinned.outputs" in commands
    assert any(block.options.get("replace", "").startswith("ALIASES") for block in blocks)


def _tool_missing(done) -> bool:
    """Whether ``done`` ran a developer tool (ruff, mypy: the ``dev`` extra) that is not
    installed, as after the README's test command, which installs ``test`` only."""
    tool = done.args[2] if done.args[1:2] == ["-m"] else ""
    return tool in ("ruff", "mypy") and importlib.util.find_spec(tool) is None


def test_every_command_of_the_recipe_succeeds(recipe_copy):
    _, _, runs = recipe_copy
    for done in runs:
        assert done.returncode == 0 or _tool_missing(done), _report(done)
    tests_run = next(done for done in runs if "pytest" in done.args)
    assert "9 passed" in tests_run.stdout, _report(tests_run)  # the tests the recipe wrote


@pytest.mark.parametrize(("checks", "count"), [
    ("tests/architecture/recipe_seen_in_api.py", 5),
    ("tests/architecture/recipe_seen_in_cli.py", 4),
    ("tests/gui/recipe_seen_in_window.py", 1),
], ids=["api", "command line", "window"])
def test_seen_in(recipe_copy, checks, count):
    root, env, _ = recipe_copy
    done = run_checks(checks, root, env)
    assert done.returncode == 0 and f"{count} passed" in done.stdout, _report(done)


def test_the_generated_tables_list_the_parameter(recipe_copy):
    root, _, _ = recipe_copy
    for document in ("README.md", "docs/metrics.md"):
        assert "piece_min_px" not in (ROOT / document).read_text()
        assert "`piece_min_px`" in (root / document).read_text(), document


def _without(value: Any, keys: set[str]) -> Any:
    """``value`` (JSON-like) with every dict entry under one of ``keys`` left out."""
    if isinstance(value, dict):
        return {key: _without(item, keys) for key, item in value.items() if key not in keys}
    if isinstance(value, list):
        return [_without(item, keys) for item in value]
    return value


def _csv_rows(table: str) -> list[dict[str, str]]:
    """The rows of a pinned CSV table (its first line is the exit code)."""
    return list(csv.DictReader(io.StringIO(table.split("\n", 1)[1])))


def test_the_pinned_outputs_only_gain_the_new_keys(recipe_copy):
    root, _, _ = recipe_copy
    before = json.loads((ROOT / PINNED).read_text())
    after = json.loads((root / PINNED).read_text())
    for name, case in after["cases"].items():
        assert set(case["metrics"]) - set(before["cases"][name]["metrics"]) == NEW_METRICS
        assert set(case["layer_counts"]) - set(before["cases"][name]["layer_counts"]) == (
            NEW_LAYERS)
    assert _without(after["cases"], NEW_METRICS | NEW_LAYERS) == before["cases"]
    json_table = json.loads(after["cli"]["json"].split("\n", 1)[1])
    assert _without(json_table, NEW_METRICS | NEW_PARAMS) == json.loads(
        before["cli"]["json"].split("\n", 1)[1])
    rows = _csv_rows(after["cli"]["csv"])
    assert set(rows[0]) - set(_csv_rows(before["cli"]["csv"])[0]) == NEW_METRICS | NEW_PARAMS
    assert _without(rows, NEW_METRICS | NEW_PARAMS) == _csv_rows(before["cli"]["csv"])
