"""Per-pixel explanations for the cursor readout (issue 4: ``result.explain(row, col)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from vesselview.engine.layers import Layer
from vesselview.engine.ss_stages import segment_at

if TYPE_CHECKING:
    from collections.abc import Mapping

    from vesselview.engine.stages import Products

BAND_LAYERS = {"band_t": "t", "band_alpha": "cal_alpha", "band_beta": "cal_beta"}


class Explainer:
    """Callable ``(row, col) -> dict`` describing one pixel in every layer.

    Parameters
    ----------
    products : Products
        Stage outputs of the evaluation.
    layers : Mapping[str, Layer]
        The evaluation's layers (built on demand).
    """

    def __init__(self, products: "Products", layers: "Mapping[str, Layer]") -> None:
        self._products = products
        self._layers = layers

    def __call__(self, row: int, col: int) -> dict[str, Any]:
        """What pixel ``(row, col)`` is.

        Returns
        -------
        dict
            ``row, col``; ``inside_fov``, ``reference``, ``candidate`` (bool);
            ``distance_kind`` and ``distance_to_reference`` / ``distance_to_candidate``
            (pixels; ``inf`` when that mask is empty); ``bands``: the parameter names of
            the tolerance bands around the reference that contain the pixel;
            ``segment``: the SS reference segment at the pixel (or the one its candidate
            skeleton pixel was assigned to) as a dict, or None; ``layers``: layer name ->
            class name at the pixel (``""`` for none).

        Raises
        ------
        IndexError
            When the pixel is outside the image.
        """
        p = self._products
        height, width = p.shape
        if not (0 <= row < height and 0 <= col < width):
            raise IndexError(f"pixel ({row}, {col}) is outside the {height}x{width} image")
        maps = p.distance_maps
        layer_classes = {name: _class_at(layer, row, col) for name, layer in self._layers.items()}
        return {
            "row": row,
            "col": col,
            "inside_fov": bool(p.case.fov[row, col]),
            "reference": bool(p.case.reference[row, col]),
            "candidate": bool(p.candidate[row, col]),
            "distance_kind": p.params.distance,
            "distance_to_reference": _distance(maps.to_reference, row, col),
            "distance_to_candidate": _distance(maps.to_candidate, row, col),
            "bands": [key for name, key in BAND_LAYERS.items() if layer_classes.get(name)],
            "segment": segment_at(p.skeletal, row, col),
            "layers": layer_classes,
        }


def _distance(dist: np.ndarray | None, row: int, col: int) -> float:
    """Distance map value, ``inf`` when the mask it measures to is empty."""
    return float("inf") if dist is None else float(dist[row, col])


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
