"""The frozen outcome of one evaluation: metric values, reasons, layers, SS details."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import Any

from vesselview.engine.families import METRICS
from vesselview.engine.layers import Layer
from vesselview.engine.length_scope import LengthProvenance
from vesselview.engine.params import Params
from vesselview.engine.physical import physical_values
from vesselview.engine.skeletal import SkeletalProducts

#: The family whose products `Result.skeletal` returns.
_SKELETAL = "skeletal"


@dataclasses.dataclass(frozen=True, eq=False)
class Result:
    """Everything one evaluation of a `Case` with `Params` produced.

    Attributes
    ----------
    params : Params
        The parameters that produced it, every length in pixels.
    version : str
        The vesselview version that produced it.
    metrics : Mapping[str, float]
        Every metric key evaluated (all of them unless a subset was asked for), in
        output order; ``nan`` where undefined or pending.
    undefined : Mapping[str, str]
        Metric key -> human-readable reason, for every ``nan`` value that is not pending.
    layers : Mapping[str, Layer]
        Overlay products by name (may be computed on first access); a partial result
        has the layers of its finished families only.
    products : Mapping[str, Any]
        Family name -> its intermediate products (`Family.products`), for the families
        computed (so far).
    pending : frozenset of str
        The metric keys a partial result (``Evaluator.evaluate(on_partial=...)``) does
        not have yet; empty for a complete result. Every other value equals the
        complete result's.
    lengths : LengthProvenance
        The case's spacing with its source, and every length parameter as given
        (``"30um"``) before it was converted to the pixels of ``params``.
    """

    params: Params
    version: str
    metrics: Mapping[str, float]
    undefined: Mapping[str, str]
    layers: Mapping[str, Layer] = dataclasses.field(default_factory=dict)
    products: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    pending: frozenset[str] = frozenset()
    lengths: LengthProvenance = dataclasses.field(default_factory=LengthProvenance)
    _explain: Callable[[int, int], dict[str, Any]] | None = dataclasses.field(
        default=None, repr=False
    )

    @property
    def skeletal(self) -> SkeletalProducts | None:
        """Skeletal-similarity intermediate products, or None when SS was not computed
        (yet)."""
        products: SkeletalProducts | None = self.products.get(_SKELETAL)
        return products

    @property
    def complete(self) -> bool:
        """True when no metric is pending (every result ``evaluate`` returns)."""
        return not self.pending

    @property
    def distances_um(self) -> dict[str, float]:
        """The distance metrics in µm (``hausdorff_um``, ``mse_um2``...) of those computed,
        ``nan`` when the spacing is unknown (`vesselview.engine.physical`)."""
        return physical_values(self.metrics, self.lengths.spacing_um)

    def explain(self, row: int, col: int) -> dict[str, Any]:
        """What pixel ``(row, col)`` is in every layer (`vesselview.engine.pipeline.explain`)."""
        if self._explain is None:
            raise RuntimeError("this Result was built without pixel explanations")
        return self._explain(row, col)

    def describe(self, key: str) -> str:
        """Metric ``key`` as display text: 4 decimals (counts: none), or why it is undefined.

        A pending key of a partial result reads ``"pending"``.
        """
        if key in self.pending:
            return "pending"
        value = self.metrics[key]
        if math.isnan(value):
            return f"undefined ({self.undefined.get(key, 'no reason recorded')})"
        if math.isinf(value):
            return "inf"
        return f"{value:.0f}" if METRICS[key].count else f"{value:.4f}"
