"""The recipe's metrics and parameter in ``vesselview-eval``'s JSON and CSV output.

Run by ``test_develop_recipe.py`` in a copy of the repository with ``docs/develop.md``
applied (not collected in the repository itself).
"""

from __future__ import annotations

import csv
import json

import pytest

from tests.architecture.develop_recipe_masks import recipe_masks
from tests.mask_files import save_mask
from vesselview.cli.main import main


@pytest.fixture
def pair_arguments(tmp_path):
    reference, candidate = recipe_masks()
    return ["--reference", str(save_mask(tmp_path / "G.png", reference)),
            "--candidate", str(save_mask(tmp_path / "S.png", candidate)),
            "--set", "piece_min_px=3"]


def test_json_has_the_new_fields(pair_arguments, tmp_path):
    output = tmp_path / "out.json"
    assert main([*pair_arguments, "--output", str(output)]) == 0
    row = json.loads(output.read_text())["results"][0]
    assert row["params"]["piece_min_px"] == 3
    assert row["metrics"]["fdr"] == 5 / 67
    assert row["metrics"]["stray_pieces"] == 1
    assert row["metrics"]["area_ratio"] == 67 / 69


def test_csv_has_the_new_columns(pair_arguments, tmp_path):
    output = tmp_path / "out.csv"
    assert main([*pair_arguments, "--format", "csv", "--output", str(output)]) == 0
    with open(output, newline="") as stream:
        reader = csv.DictReader(stream)
        columns, row = reader.fieldnames, next(reader)
    assert columns.index("piece_min_px") < columns.index("se") < columns.index("fdr")
    assert columns.index("fdr") < columns.index("stray_pieces") < columns.index("area_ratio")
    assert row["piece_min_px"] == "3" and float(row["fdr"]) == 5 / 67
    assert float(row["stray_pieces"]) == 1 and float(row["area_ratio"]) == 67 / 69


def test_the_help_documents_the_parameter(capsys):
    assert main(["--help"]) == 0
    assert "piece_min_px (default 1; 1..10000): smallest candidate piece" in (
        capsys.readouterr().out)


def test_the_old_name_of_the_parameter_is_accepted(pair_arguments, tmp_path, capsys):
    output = tmp_path / "out.json"
    old_name = [item.replace("piece_min_px", "stray_min_px") for item in pair_arguments]
    assert main([*old_name, "--output", str(output)]) == 0
    assert json.loads(output.read_text())["results"][0]["params"]["piece_min_px"] == 3
    assert "'stray_min_px' is now called 'piece_min_px'" in capsys.readouterr().err
