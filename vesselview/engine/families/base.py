"""What a metric family declares: its metrics, stages and layers (the registry's vocabulary).

A `Stage` is one cacheable step of an evaluation. It names, in ONE declaration, the
parameters its function reads (``params``) and the stages whose values it fetches
(``needs``); the pipeline hands the function a `StageContext` that refuses any other
parameter or stage, so the cache key (the values of `Stage.dependencies`) cannot drift
from what the code reads. Layers are stages whose value is a `Layer`, built on first use.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, get_args

if TYPE_CHECKING:
    from vesselview.engine.case import Case
    from vesselview.engine.layers import Layer
    from vesselview.engine.params import Params

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
U = TypeVar("U")

Direction = Literal["higher", "lower", "neither"]
UnitKind = Literal["ratio", "count", "length", "area"]

#: Value ranges (lowest, highest); a `str` bound names the parameter that bounds the value.
UNIT_RANGE: tuple[float, float] = (0.0, 1.0)
SIGNED_UNIT_RANGE: tuple[float, float] = (-1.0, 1.0)
NON_NEGATIVE: tuple[float, float] = (0.0, math.inf)


@dataclasses.dataclass(frozen=True)
class MetricInfo:
    """How one metric is shown, read and ranked.

    Attributes
    ----------
    key : str
        Output key (CSV column, JSON field, ``Result.metrics`` key).
    name : str
        Display name.
    unit : str
        ``""`` (dimensionless), ``"px"``, ``"px²"`` or ``"%"``.
    definition : str
        One-line definition (G = reference, S = candidate, F = field of view).
    source : str
        Full reference or DOI of the paper, and the section of ``docs/metrics.md``.
    direction : {"higher", "lower", "neither"}
        Which values are better (``"neither"``: no order; never ranked nor marked best).
    short : str
        A compact label for table headers and plot legends (``""``: the name is short).
    kind : {"ratio", "count", "length", "area"}
        What the values measure: a dimensionless ratio (also ``%``), a whole number, a
        length (pixels) or an area (square pixels).
    value_range : (float, float or str)
        The lowest and highest value a defined result can take (``inf`` for no bound); a
        ``str`` upper bound names the `Params` field bounding it (see `bounds`).
    stage : str
        The name of the family's score stage producing the value (``""``: the family's
        only one); the stages it needs follow from that stage's declaration.
    """

    key: str
    name: str
    unit: str
    definition: str
    source: str
    direction: Direction = "higher"
    short: str = ""
    kind: UnitKind = dataclasses.field(kw_only=True)
    value_range: tuple[float, float | str] = dataclasses.field(kw_only=True)
    stage: str = dataclasses.field(default="", kw_only=True)

    @property
    def count(self) -> bool:
        """True when the values are whole numbers (shown without decimals)."""
        return self.kind == "count"

    def bounds(self, params: Params) -> tuple[float, float]:
        """`value_range` with a parameter-named bound read from ``params``."""
        low, high = self.value_range
        return low, float(getattr(params, high)) if isinstance(high, str) else high

    @property
    def short_name(self) -> str:
        """`short` when given, else the display name."""
        return self.short or self.name

    @property
    def lower_is_better(self) -> bool:
        """True for dissimilarities (negated before ranking, ``docs/metrics.md`` §8)."""
        return self.direction == "lower"


class StageContext(Protocol):
    """What a stage function may see: the case, its declared parameters and stages.

    ``params`` is typed as `Params` for the type checker; at run time it is a view that
    raises `UndeclaredDependency` for any parameter the stage did not declare, and
    ``get`` raises it for any stage not in ``needs``.
    """

    @property
    def case(self) -> Case: ...

    @property
    def params(self) -> Params: ...

    def get(self, stage: Stage[U]) -> U: ...


class UndeclaredDependency(AttributeError):
    """A stage read a parameter, or fetched a stage, that its declaration does not list."""


@dataclasses.dataclass(frozen=True, eq=False)
class Stage(Generic[T_co]):
    """One cacheable step: ``compute(context) -> value``.

    Attributes
    ----------
    name : str
        Unique name (cache slot, progress label, ``Evaluator.stage_runs`` key).
    compute : callable (StageContext) -> value
    params : tuple of str
        The `Params` fields ``compute`` reads (and nothing else).
    needs : tuple of Stage
        The stages whose values ``compute`` may fetch with ``context.get``.
    """

    name: str
    compute: Callable[[StageContext], T_co]
    params: tuple[str, ...] = ()
    needs: tuple[Stage[Any], ...] = ()

    @functools.cached_property  # the stage graph is fixed; read at every stage fetch
    def dependencies(self) -> frozenset[str]:
        """Every parameter the value depends on: its own and those of every needed stage."""
        found = set(self.params)
        for upstream in self.needs:
            found |= upstream.dependencies
        return frozenset(found)

    def upstream(self) -> tuple[Stage[Any], ...]:
        """This stage and every stage it may need, transitively, needed ones first."""
        return self._upstream

    @functools.cached_property  # the stage graph is fixed; walked at every evaluation
    def _upstream(self) -> tuple[Stage[Any], ...]:
        order: dict[str, Stage[Any]] = {}
        for upstream in self.needs:
            for item in upstream.upstream():
                order.setdefault(item.name, item)
        order.setdefault(self.name, self)
        return tuple(order.values())


def stage(name: str, *, params: tuple[str, ...] = (), needs: tuple[Stage[Any], ...] = ()
          ) -> Callable[[Callable[[StageContext], T]], Stage[T]]:
    """Decorator declaring a stage function with the parameters and stages it reads."""

    def declare(compute: Callable[[StageContext], T]) -> Stage[T]:
        return Stage(name=name, compute=compute, params=params, needs=needs)

    return declare


LayerKind = Literal["area", "thin", "band"]
Stacking = Literal["region", "band", "tolerated", "strict", "segments", "skeleton"]

#: The stacking groups, bottom to top: regions, bands and ranges, tolerated agreement,
#: strict agreement, per-segment maps, skeletons: a band never hides a skeleton or a
#: false positive inside it.
STACKING: tuple[Stacking, ...] = get_args(Stacking)


@dataclasses.dataclass(frozen=True)
class LayerTraits:
    """How an overlay layer is displayed, declared once with its builder (`layer`).

    Attributes
    ----------
    kind : {"area", "thin", "band"}
        ``"area"``: large regions; ``"thin"``: lines and scattered pixels (drawn thicker
        when zoomed out, where they would vanish); ``"band"``: the tolerance band of
        ``band_param`` around the reference.
    stacking : one of `STACKING`
        The group it is stacked in by default (`STACKING` is bottom to top; registry
        order within a group).
    band_param : str
        The `Params` field setting the band's radius (``kind="band"`` only).
    same_pixels : str
        Layers sharing this non-empty name paint the same pixels in the same colours,
        so showing one hides the others (strict and tolerant agreement).
    explained_by : str
        The ``Result.explain`` field that already says what the layer shows at a pixel
        (the cursor readout leaves the layer out); bands are said by ``bands``.
    """

    kind: LayerKind
    stacking: Stacking
    band_param: str = ""
    same_pixels: str = ""
    explained_by: str = ""


@dataclasses.dataclass(frozen=True, eq=False)
class LayerStage(Stage["Layer"]):
    """A stage building an overlay `Layer`, with its display `traits`."""

    traits: LayerTraits = dataclasses.field(kw_only=True)


def layer(name: str, *, kind: LayerKind, stacking: Stacking, band_param: str = "",
          same_pixels: str = "", explained_by: str = "", params: tuple[str, ...] = (),
          needs: tuple[Stage[Any], ...] = ()
          ) -> Callable[[Callable[[StageContext], Layer]], LayerStage]:
    """Decorator declaring an overlay-layer builder; its stage is named ``layer:<name>``.

    Raises
    ------
    ValueError
        When ``band_param`` is given without ``kind="band"`` or the other way round, or
        names a parameter the layer does not read.
    """
    if (kind == "band") != bool(band_param) or (band_param and band_param not in params):
        raise ValueError(f"layer {name!r}: a band layer (and only one) names the parameter "
                         f"it reads that sets the band (kind={kind!r}, band_param="
                         f"{band_param!r}, params={params!r})")
    traits = LayerTraits(kind, stacking, band_param, same_pixels, explained_by)

    def declare(compute: Callable[[StageContext], Layer]) -> LayerStage:
        return LayerStage(name=f"layer:{name}", compute=compute, params=params, needs=needs,
                          traits=traits)

    return declare


def layer_name(layer_stage: Stage[Any]) -> str:
    """The `Layer.name` of a layer stage (its stage name without ``layer:``)."""
    return layer_stage.name.removeprefix("layer:")
