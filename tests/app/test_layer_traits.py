"""Every overlay layer declares its display traits once, with its builder (issue 21).

The app's and GUI's layer lists (stacking, same-pixel groups, overview thickening, the
readout's omissions, the explained bands) are views of those declarations, so they name
every registered layer and nothing else, and a layer without traits cannot register.
"""

from __future__ import annotations

import pytest

import vesselview as vv
from tests.engine.cases import small_case
from vesselview.app.overview_image import OVERVIEW_LAYERS
from vesselview.app.style import DEFAULT_ORDER, FUNDUS, SAME_PIXELS, default_rank
from vesselview.engine.families import (
    BAND_PARAMS,
    LAYER_TRAITS,
    LAYERS,
    STACKED_LAYERS,
)
from vesselview.engine.families.base import STACKING, layer, stage
from vesselview.engine.families.family import Family
from vesselview.engine.layers import Layer, classes_layer
from vesselview.engine.params import Params
from vesselview.engine.scores import Scores


def test_the_stacking_lists_every_layer_once_by_group_bottom_to_top() -> None:
    assert sorted(STACKED_LAYERS) == sorted(LAYERS)
    groups = [STACKING.index(LAYER_TRAITS[name].stacking) for name in STACKED_LAYERS]
    assert groups == sorted(groups)
    assert DEFAULT_ORDER[0] == FUNDUS and DEFAULT_ORDER[-len(LAYERS):] == STACKED_LAYERS
    # A thin line above every band: no band hides a skeleton or a false positive.
    for thin in (n for n, t in LAYER_TRAITS.items() if t.kind == "thin"):
        assert all(default_rank(thin) > default_rank(band) for band in BAND_PARAMS), thin


def test_thin_layers_are_thickened_in_the_overview_and_the_others_are_not() -> None:
    assert {n for n, t in LAYER_TRAITS.items() if t.kind == "thin"} == OVERVIEW_LAYERS
    assert {"confusion", "reference_skeleton", "segments"} <= OVERVIEW_LAYERS
    assert not {"fov", "band_t", "search_range"} & OVERVIEW_LAYERS


def test_same_pixel_groups_are_the_declared_ones() -> None:
    assert (frozenset({"confusion", "tolerant"}),) == SAME_PIXELS


def test_every_band_names_a_parameter_it_reads_and_explain_reports_it() -> None:
    assert BAND_PARAMS == {"band_t": "t", "band_alpha": "cal_alpha", "band_beta": "cal_beta"}
    for name, param in BAND_PARAMS.items():
        assert param in LAYERS[name].params and hasattr(Params(), param)
    result = vv.evaluate(small_case())
    rows, cols = result.layers["band_t"].data.nonzero()
    assert "t" in result.explain(int(rows[0]), int(cols[0]))["bands"]


def test_explained_by_names_a_field_of_explain() -> None:
    fields = vv.evaluate(small_case()).explain(0, 0)
    for name, traits in LAYER_TRAITS.items():
        assert not traits.explained_by or traits.explained_by in fields, name


def _empty(ctx: object) -> Layer:
    return classes_layer("extra", "Extra", [])


def test_a_band_layer_must_name_the_parameter_it_reads() -> None:
    with pytest.raises(ValueError, match="band"):
        layer("extra", kind="band", stacking="band", band_param="t")(_empty)
    with pytest.raises(ValueError, match="band"):
        layer("extra", kind="area", stacking="band", band_param="t", params=("t",))(_empty)
    assert layer("extra", kind="band", stacking="band", band_param="t",
                 params=("t",))(_empty).traits.band_param == "t"


def test_a_layer_without_traits_is_refused_when_its_family_registers() -> None:
    bare = stage("layer:extra")(_empty)
    scores = stage("extra_scores")(lambda ctx: Scores())
    with pytest.raises(TypeError, match="'layer:extra' has no display traits"):
        Family(name="extra", title="Extra", metrics=(), scores=(scores,),
               layers=(bare,))  # type: ignore[arg-type]
