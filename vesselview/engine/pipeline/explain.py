"""Per-pixel explanations for the cursor readout (issue 4: ``result.explain(row, col)``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from vesselview.engine.families import BAND_PARAMS, EVALUATION_ORDER
from vesselview.engine.families.base import Stage
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
            ``row, col``; ``inside_fov``, ``reference``, ``candidate`` (bool); the
            fields of every family's probes (`Family.probes`): ``distance_kind`` and
            ``distance_to_reference`` / ``distance_to_candidate`` (pixels; ``inf`` when
            that mask is empty; None while pending), ``segment``: the SS reference
            segment at the pixel (or the one its candidate skeleton pixel was assigned
            to) as a dict, or None (also while pending); ``bands``: the parameter names
            of the band layers (`LayerTraits.band_param`) that contain the pixel;
            ``layers``: layer name -> class name at the pixel (``""`` for none).

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
        probed = {field: value for family in EVALUATION_ORDER for probe in family.probes
                  for field, value in probe.describe(self._available(probe.stage), run.params,
                                                     row, col).items()}
        layer_classes = {name: _class_at(layer, row, col) for name, layer in self._layers.items()}
        return {
            "row": row,
            "col": col,
            "inside_fov": bool(case.fov[row, col]),
            "reference": bool(case.reference[row, col]),
            "candidate": bool(run.get(candidate_mask)[row, col]),
            **probed,
            "bands": [key for name, key in BAND_PARAMS.items() if layer_classes.get(name)],
            "layers": layer_classes,
        }

    def _available(self, stage: Stage[T]) -> T | None:
        """The value of ``stage``; None when a partial result has not reached it."""
        if self._partial and not self._run.done(stage):
            return None
        return self._run.get(stage)


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
