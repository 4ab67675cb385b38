"""The frozen outcome of one evaluation: metric values, reasons, layers, SS details."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import Any

from vesselview.engine.families import METRICS
from vesselview.engine.layers import Layer
from vesselview.engine.params import Params
from vesselview.engine.skeletal import SkeletalProducts


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
    skeletal : SkeletalProducts or None
        Skeletal-similarity intermediate products, or None when SS was not computed.
    """

    params: Params
    version: str
    metrics: Mapping[str, float]
    undefined: Mapping[str, str]
    layers: Mapping[str, Layer] = dataclasses.field(default_factory=dict)
    skeletal: SkeletalProducts | None = None
    _explain: Callable[[int, int], dict[str, Any]] | None = dataclasses.field(
        default=None, repr=False
    )

    def explain(self, row: int, col: int) -> dict[str, Any]:
        """What pixel ``(row, col)`` is in every layer (see `vesselview.engine.pipeline.explain`)."""
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
        return f"{value:.0f}" if METRICS[key].count else f"{value:.4f}"
