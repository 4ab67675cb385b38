"""Per-pixel explanations for the cursor readout (issue 4: ``result.explain(row, col)``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from vesselview.engine.distance_map import DistanceMap
from vesselview.engine.families import BAND_PARAMS, skeletal
from vesselview.engine.families.base import Stage
from vesselview.engine.families.distance import distance_transforms
from vesselview.engine.families.shared import candidate_mask
from vesselview.engine.layers import Layer
from vesselview.engine.pipeline.run import Run

T = TypeVar("T")


class Explainer:
    """Callable ``(row, col) -> dict`` describing one pixel in every layer.

    Parameters
    ----------
    run : Run
        The evaluation (its stages are fetched when first needed).
    layers : Mapping[str, Layer]
        The evaluation's layers (built on demand).
    partial : bool
        True for a partial result: stages the evaluation has not reached yet are not
        computed here; what depends on them reads None.
    """

    def __init__(self, run: Run, layers: Mapping[str, Layer], partial: bool = False) -> None:
        self._run = run
        self._layers = layers
        self._partial = partial

    def __call__(self, row: int, col: int) -> dict[str, Any]:
        """What pixel ``(row, col)`` is.

        Returns
        -------
        dict
            ``row, col``; ``inside_fov``, ``reference``, ``candidate`` (bool);
            ``distance_kind`` and ``distance_to_reference`` / ``distance_to_candidate``
            (pixels; ``inf`` when that mask is empty; None while pending); ``bands``:
            the parameter names of the tolerance bands around the reference that contain
            the pixel; ``segment``: the SS reference segment at the pixel (or the one its
            candidate skeleton pixel was assigned to) as a dict, or None (also while
            pending); ``layers``: layer name -> class name at the pixel (``""`` for none).

        Raises
        ------
        IndexError
            When the pixel is outside the image.
        """
        run = self._run
        case = run.case
        height, width = case.shape
        if not (0 <= row < height and 0 <= col < width):
            raise IndexError(f"pixel ({row}, {col}) is outside the {height}x{width} image")
        maps = self._available(distance_transforms)
        products = self._available(skeletal.products)
        layer_classes = {name: _class_at(layer, row, col) for name, layer in self._layers.items()}
        return {
            "row": row,
            "col": col,
            "inside_fov": bool(case.fov[row, col]),
            "reference": bool(case.reference[row, col]),
            "candidate": bool(run.get(candidate_mask)[row, col]),
            "distance_kind": run.params.distance,
            "distance_to_reference": None if maps is None else _distance(
                maps.to_reference, row, col),
            "distance_to_candidate": None if maps is None else _distance(
                maps.to_candidate, row, col),
            "bands": [key for name, key in BAND_PARAMS.items() if layer_classes.get(name)],
            "segment": None if products is None else skeletal.segment_at(products, row, col),
            "layers": layer_classes,
        }

    def _available(self, stage: Stage[T]) -> T | None:
        """The value of ``stage``; None when a partial result has not reached it."""
        if self._partial and not self._run.done(stage):
            return None
        return self._run.get(stage)


def _distance(dist: DistanceMap | None, row: int, col: int) -> float:
    """Distance map value, ``inf`` when the mask it measures to is empty."""
    return float("inf") if dist is None else dist.pixel(row, col)


def _class_at(layer: Layer, row: int, col: int) -> str:
    """Human-readable class of ``layer`` at a pixel (``""`` where the layer is empty)."""
    value = int(layer.data[row, col])
    if value == 0:
        return ""
    if layer.kind == "labels":
        return f"segment {value}"
    if layer.kind == "scalar":
        low, high = layer.value_range
        return f"{low + (value - 1) / 254.0 * (high - low):.3f}"
    return layer.class_name(value)
