"""The recipe's metric, layer, parameter and family in the API and the registry.

Run by ``test_develop_recipe.py`` in a copy of the repository with ``docs/develop.md``
applied (not collected in the repository itself, where they do not exist).
"""

from __future__ import annotations

import numpy as np
import pytest

import vesselview as vv
from tests.architecture.develop_recipe_masks import recipe_case
from vesselview.app.param_labels import PANEL_SECTIONS
from vesselview.engine.families import EVALUATION_ORDER, LAYER_TRAITS, STACKED_LAYERS, family_of

NEW_KEYS = ("fdr", "stray_pieces", "area_ratio")


def test_the_result_holds_the_hand_worked_values():
    result = vv.evaluate(recipe_case())
    assert result.metrics["fdr"] == 5 / 67 == 1 - result.metrics["precision"]
    assert result.metrics["stray_pieces"] == 2
    assert result.metrics["area_ratio"] == 67 / 69
    layer = result.layers["vessel_width"]
    assert layer.title == "Reference vessel width"
    assert [entry.name for entry in layer.legend] == ["thin vessel", "thick vessel"]
    assert np.bincount(layer.data.ravel()).tolist() == [192 - 69, 20, 49]
    assert np.count_nonzero(result.products["pieces"]) == 67


def test_the_registry_declares_them_once():
    assert vv.METRICS["fdr"].direction == "lower" and vv.METRICS["fdr"].short_name == "FDR"
    assert family_of("fdr").name == "pixel" and family_of("area_ratio").name == "pieces"
    assert [family.name for family in vv.FAMILIES][-1] == "pieces"
    assert vv.METRIC_KEYS[-2:] == ("stray_pieces", "area_ratio")
    assert [family.name for family in EVALUATION_ORDER][:2] == ["pixel", "pieces"]
    assert LAYER_TRAITS["vessel_width"].kind == "area"
    assert STACKED_LAYERS.index("vessel_width") < STACKED_LAYERS.index("confusion")
    assert PANEL_SECTIONS["Candidate pieces"] == ("piece_min_px",)


def test_the_parameter_re_runs_only_the_stage_reading_it():
    evaluator = vv.Evaluator(recipe_case())
    evaluator.evaluate(vv.Params())
    before = evaluator.stage_runs
    result = evaluator.evaluate(vv.Params(piece_min_px=5))
    assert result.metrics["stray_pieces"] == 0
    runs = {name: evaluator.stage_runs[name] - before[name] for name in before}
    assert {name for name, count in runs.items() if count} == {"stray_pieces"}


def test_only_the_asked_keys_run_their_stages():
    result = vv.evaluate(recipe_case(), metrics=["area_ratio"])
    assert dict(result.metrics) == {"area_ratio": 67 / 69}


def test_the_old_name_of_the_parameter_is_read_with_a_warning():
    with pytest.warns(DeprecationWarning, match="'stray_min_px' is now called 'piece_min_px'"):
        params = vv.Params(stray_min_px=3)
    assert params == vv.Params(piece_min_px=3)
