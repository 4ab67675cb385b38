"""A metric family: its metrics, score stages, products, overlay layers and pixel probes."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from vesselview.engine.families.base import LayerStage, MetricInfo, Stage

if TYPE_CHECKING:
    from vesselview.engine.params import Params
    from vesselview.engine.scores import Scores

T = TypeVar("T")


@dataclasses.dataclass(frozen=True, eq=False)
class Probe(Generic[T]):
    """What a family says about one pixel (`Result.explain`) from one stage's value.

    Attributes
    ----------
    stage : Stage
        The stage whose value ``describe`` reads.
    describe : callable (value or None, Params, row, col) -> dict
        The explain fields at pixel ``(row, col)``; the value is None while a partial
        result has not reached ``stage`` (every field is still given).
    """

    stage: Stage[T]
    describe: Callable[[T | None, Params, int, int], dict[str, Any]]


@dataclasses.dataclass(frozen=True, eq=False)
class Family:
    """A group of metrics computed together, with its stages and overlay layers.

    Attributes
    ----------
    name : str
        Stable identifier (``"pixel"``, ``"distance"``...).
    title : str
        Display title (metrics panel group, menus).
    metrics : tuple of MetricInfo
        The family's metrics, in output order.
    scores : tuple of Stage of Scores
        The score stages; each produces exactly the values (and reasons) of the metrics
        naming it in `MetricInfo.stage` (all of them when there is one stage).
    layers : tuple of LayerStage
        The family's overlay layers, in display order.
    products : Stage or None
        Intermediate products the viewer shows (``Result.products[name]``), computed
        whenever any of the family's metrics is.
    probes : tuple of Probe
        The family's contributions to ``Result.explain``.

    Raises
    ------
    TypeError
        When a layer was not declared with `layer` (it has no display traits).
    ValueError
        When a metric names no score stage of the family, or none while there are several.
    """

    name: str
    title: str
    metrics: tuple[MetricInfo, ...]
    scores: tuple[Stage[Scores], ...]
    layers: tuple[LayerStage, ...] = ()
    products: Stage[Any] | None = None
    probes: tuple[Probe[Any], ...] = ()

    def __post_init__(self) -> None:
        for item in self.layers:
            if not isinstance(item, LayerStage):
                raise TypeError(f"family {self.name!r}: layer stage {item.name!r} has no "
                                "display traits; declare it with @layer(name, kind=..., "
                                "stacking=...)")
        names = [item.name for item in self.scores]
        for info in self.metrics:
            if info.stage not in names and (info.stage or len(names) != 1):
                raise ValueError(f"family {self.name!r}: metric {info.key!r} names score stage "
                                 f"{info.stage!r}; give one of {names} in MetricInfo(stage=...)")

    @functools.cached_property  # read for every key at every evaluation
    def keys(self) -> tuple[str, ...]:
        """The metric keys, in output order."""
        return tuple(info.key for info in self.metrics)

    @property
    def params(self) -> frozenset[str]:
        """Every parameter the family's metric values depend on."""
        return frozenset().union(*(item.dependencies for item in self.scores))

    def score_stage(self, key: str) -> Stage[Scores]:
        """The score stage producing metric ``key``."""
        wanted = next(info.stage for info in self.metrics if info.key == key)
        return next(item for item in self.scores if item.name == wanted or not wanted)

    @functools.cached_property  # read for every key at every evaluation
    def _score_stage_of(self) -> dict[str, Stage[Scores]]:
        """Each metric key's score stage."""
        return {key: self.score_stage(key) for key in self.keys}

    def score_stages(self, keys: Iterable[str]) -> tuple[Stage[Scores], ...]:
        """The score stages producing those of ``keys`` that are the family's, in order."""
        stage_of = self._score_stage_of
        needed = {stage_of[key].name for key in keys if key in stage_of}
        return tuple(item for item in self.scores if item.name in needed)

    def stages(self, keys: Iterable[str]) -> tuple[Stage[Any], ...]:
        """Every stage evaluating ``keys`` of the family may need (with its products),
        needed ones first."""
        order: dict[str, Stage[Any]] = {}
        products = () if self.products is None else (self.products,)
        for item in (*self.score_stages(keys), *products):
            for upstream in item.upstream():
                order.setdefault(upstream.name, upstream)
        return tuple(order.values())
