"""The frozen outcome of one evaluation: metric values, reasons, layers, SS details."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import Any

from vesselview.engine.keys import COUNTS
from vesselview.engine.layers import Layer
from vesselview.engine.params import Params


@dataclasses.dataclass(frozen=True, eq=False)
class Result:
    """Everything one evaluation of a `Case` with `Params` produced.

    Attributes
    ----------
    params : Params
        The parameters that produced it.
    version : str
        The vesselview version that produced it.
    metrics : Mapping[str, float]
        Every metric key of ``metrics.md`` section 7; ``nan`` where undefined.
    undefined : Mapping[str, str]
        Metric key -> human-readable reason, for every ``nan`` value.
    layers : Mapping[str, Layer]
        Overlay products by name (may be computed on first access).
    skeletal : Any
        Skeletal-similarity intermediate products (``SkeletalProducts``) or None.
    """

    params: Params
    version: str
    metrics: Mapping[str, float]
    undefined: Mapping[str, str]
    layers: Mapping[str, Layer] = dataclasses.field(default_factory=dict)
    skeletal: Any = None
    _explain: Callable[[int, int], dict[str, Any]] | None = dataclasses.field(
        default=None, repr=False
    )

    def explain(self, row: int, col: int) -> dict[str, Any]:
        """What pixel ``(row, col)`` is in every layer (see `vesselview.engine.explain`)."""
        if self._explain is None:
            raise RuntimeError("this Result was built without pixel explanations")
        return self._explain(row, col)

    def describe(self, key: str) -> str:
        """Metric ``key`` as display text: 4 decimals (counts: none), or why it is undefined."""
        value = self.metrics[key]
        if math.isnan(value):
            return f"undefined ({self.undefined.get(key, 'no reason recorded')})"
        if math.isinf(value):
            return "inf"
        return f"{value:.0f}" if key in COUNTS else f"{value:.4f}"
