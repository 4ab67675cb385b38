"""The metric families and their one ordered registry.

Public API (read these, never restate keys elsewhere):

``FAMILIES: tuple[Family, ...]``
    Every family in output order (CSV columns, ``Result.metrics``, metrics panel groups).
    A `Family` has ``name``, ``title``, ``metrics`` (its `MetricInfo`\\ s), ``keys``,
    ``params`` (every parameter its values depend on), ``scores`` (the stages producing
    its values; `MetricInfo.stage` says which), ``products`` (the viewer's intermediate
    products, or None), ``probes`` (its ``Result.explain`` fields), ``stages(keys)`` and
    ``layers`` (layer stages, display order).
``METRICS: Mapping[str, MetricInfo]``
    Every metric key -> its display name, unit, definition, source, direction and whether
    it is a count, in output order.
``METRIC_KEYS: tuple[str, ...]``
    Every metric key in output order.
``LAYERS: Mapping[str, LayerStage]``
    Every overlay layer name -> the stage building it, in display order.
``LAYER_TRAITS: Mapping[str, LayerTraits]``
    Every overlay layer name -> its display traits (kind, stacking group, band
    parameter, same-pixel group), declared with the layer (`base.layer`).
``STACKED_LAYERS: tuple[str, ...]``
    The layer names in default stacking order, bottom to top (`base.STACKING`).
``BAND_PARAMS: Mapping[str, str]``
    Every band layer -> the parameter setting its radius.
``SAME_PIXEL_GROUPS: tuple[frozenset[str], ...]``
    Groups of layers painting the same pixels in the same colours.
``EVALUATION_ORDER: tuple[Family, ...]``
    The families in the order the pipeline computes them: cheapest first, so that
    progressive results show useful numbers early (pixel metrics and the confusion layer,
    the fuzzy measures, then tolerance, CAL, vessel-width sensitivity, distances and
    contours, skeletal similarity, topology, junction and segment detection, the artery/vein
    metrics, and last the Williams index, which runs the
    stages of its metrics again against each observer).
``family_of(key) -> Family``
    The family computing metric ``key``.

Adding a metric = its `MetricInfo` (label, unit kind, direction, value range, and the
score stage producing it when its family has several) and computation in one family
module (below), its tests, and its entry in ``docs/metrics.md``. Adding a layer = a
builder declared with `base.layer` and its display traits, in its family's ``layers``.
Adding a family = one module exposing ``FAMILY`` plus one line in `FAMILIES` and
`EVALUATION_ORDER`; the pipeline names no family. Stages declare the
parameters they read (`vesselview.engine.families.base.stage`); the pipeline derives
every cache key from those declarations. Step by step, with a worked example that a
test follows: ``docs/develop.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from vesselview.engine.families import (
    artery_vein,
    cal,
    contour,
    detection,
    distance,
    fuzzy,
    pixel,
    skeletal,
    tolerance,
    topology,
    width,
    williams,
)
from vesselview.engine.families.base import (
    STACKING,
    LayerStage,
    LayerTraits,
    MetricInfo,
    Stage,
    layer_name,
)
from vesselview.engine.families.family import Family, Probe

FAMILIES: tuple[Family, ...] = (
    pixel.FAMILY,
    width.FAMILY,
    distance.FAMILY,
    contour.FAMILY,
    tolerance.FAMILY,
    cal.FAMILY,
    skeletal.FAMILY,
    topology.FAMILY,
    fuzzy.FAMILY,
    williams.FAMILY,
    detection.FAMILY,
    artery_vein.FAMILY,
)

EVALUATION_ORDER: tuple[Family, ...] = (
    pixel.FAMILY,
    fuzzy.FAMILY,
    tolerance.FAMILY,
    cal.FAMILY,
    width.FAMILY,
    distance.FAMILY,
    contour.FAMILY,
    skeletal.FAMILY,
    topology.FAMILY,
    detection.FAMILY,
    artery_vein.FAMILY,
    williams.FAMILY,
)

METRICS: Mapping[str, MetricInfo] = MappingProxyType(
    {info.key: info for family in FAMILIES for info in family.metrics})

METRIC_KEYS: tuple[str, ...] = tuple(METRICS)

LAYERS: Mapping[str, LayerStage] = MappingProxyType(
    {layer_name(stage): stage for family in FAMILIES for stage in family.layers})

LAYER_TRAITS: Mapping[str, LayerTraits] = MappingProxyType(
    {name: stage.traits for name, stage in LAYERS.items()})

STACKED_LAYERS: tuple[str, ...] = tuple(
    sorted(LAYER_TRAITS, key=lambda name: STACKING.index(LAYER_TRAITS[name].stacking)))

BAND_PARAMS: Mapping[str, str] = MappingProxyType(
    {name: traits.band_param for name, traits in LAYER_TRAITS.items() if traits.kind == "band"})

SAME_PIXEL_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(name for name, traits in LAYER_TRAITS.items() if traits.same_pixels == group)
    for group in dict.fromkeys(t.same_pixels for t in LAYER_TRAITS.values() if t.same_pixels))

_FAMILY_OF = {key: family for family in FAMILIES for key in family.keys}


def family_of(key: str) -> Family:
    """The family computing metric ``key``.

    Raises
    ------
    KeyError
        For an unknown key (the message lists the known ones).
    """
    try:
        return _FAMILY_OF[key]
    except KeyError:
        raise KeyError(f"unknown metric {key!r}; known: {', '.join(METRIC_KEYS)}") from None


def all_stages() -> tuple[Stage[Any], ...]:
    """Every stage of every family (values and layers), needed ones first."""
    order: dict[str, Stage[Any]] = {}
    for family in EVALUATION_ORDER:
        products = () if family.products is None else (family.products,)
        for stage in (*family.scores, *products, *family.layers):
            for item in stage.upstream():
                order.setdefault(item.name, item)
    return tuple(order.values())


__all__ = ["BAND_PARAMS", "EVALUATION_ORDER", "FAMILIES", "LAYERS", "LAYER_TRAITS", "METRICS",
           "METRIC_KEYS", "SAME_PIXEL_GROUPS", "STACKED_LAYERS", "Family", "LayerStage",
           "LayerTraits", "MetricInfo", "Probe", "Stage", "all_stages", "family_of"]
