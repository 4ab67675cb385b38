"""Williams index family: the method judged against human variability (``docs/metrics.md`` §9).

For each of Dice, F1_t and SS, ``williams_<m>`` is the method's mean agreement with the
case's observers over the observers' mean agreement with each other
(`vesselview.engine.williams`), and ``williams_<m>_position`` says where the method's
mean agreement falls relative to the range of the observers' pairwise agreements: +1
above it, 0 inside, −1 below. Each metric's agreements are computed by that metric's own
score stage, run on the case against each observer (`vesselview.engine.williams.method_agreements`),
so the family re-implements no metric; `vesselview.engine.williams.williams` gives the
index of any other metric on request. Undefined for a case with fewer than two observers.
"""

from __future__ import annotations

from vesselview.engine.families import pixel, skeletal, tolerance
from vesselview.engine.families.base import MetricInfo, Stage, StageContext
from vesselview.engine.families.family import Family
from vesselview.engine.families.sources import WILLIAMS_INDEX
from vesselview.engine.params import Params
from vesselview.engine.scores import Scores
from vesselview.engine.williams import (
    FEW_OBSERVERS,
    method_agreements,
    observer_agreements,
    williams_index,
)

#: The metrics whose Williams index every evaluation gives, with their score stages.
DEFAULT_METRICS: tuple[tuple[str, str, Stage[Scores]], ...] = (
    ("dice", "Dice", pixel.pixel_metrics),
    ("f1_t", "F1_t", tolerance.tolerance_metrics),
    ("ss", "SS", skeletal.skeletal_metrics),
)
_SOURCE = f"{WILLIAMS_INDEX}; docs/metrics.md §9"


def _observer_stage(key: str, score_stage: Stage[Scores]
                    ) -> Stage[dict[tuple[str, str], float]]:
    """The stage of the observers' pairwise agreements on metric ``key``.

    It reads every parameter ``score_stage`` depends on but ``threshold``: the candidate
    plays no part, so a threshold change does not run it again.
    """
    parameters = tuple(sorted(score_stage.dependencies - {"threshold"}))

    def compute(ctx: StageContext) -> dict[tuple[str, str], float]:
        params = Params.from_mapping({name: getattr(ctx.params, name) for name in parameters})
        return observer_agreements(ctx.case, score_stage, key, params)

    return Stage(name=f"williams_{key}_observers", compute=compute, params=parameters)


def williams_stage(key: str, score_stage: Stage[Scores]) -> Stage[Scores]:
    """The score stage of ``williams_<key>`` and ``williams_<key>_position``.

    It reads every parameter ``score_stage`` depends on, which it runs against each
    observer but the chosen one, whose value is the evaluation's own (``needs``); the
    observers' agreements with each other are a stage of their own.
    """
    parameters = tuple(sorted(score_stage.dependencies))
    among_observers = _observer_stage(key, score_stage)

    def compute(ctx: StageContext) -> Scores:
        params = Params.from_mapping({name: getattr(ctx.params, name) for name in parameters})
        out = Scores()
        case, pairs = ctx.case, ctx.get(among_observers)
        if not pairs:  # fewer than two observers: nothing to run the metric against
            out.undefined(f"williams_{key}", FEW_OBSERVERS)
            out.undefined(f"williams_{key}_position", FEW_OBSERVERS)
            return out
        # Against the chosen observer, the evaluation's own value (not computed twice).
        known = {case.observer: ctx.get(score_stage).values[key]} \
            if case.observer in case.references else {}
        index = williams_index(key, method_agreements(case, score_stage, key, params, known),
                               pairs)
        if index.reason:
            out.undefined(f"williams_{key}", index.reason)
            out.undefined(f"williams_{key}_position", index.reason)
        else:
            out.set(f"williams_{key}", index.index)
            out.set(f"williams_{key}_position", index.position)
        return out

    return Stage(name=f"williams_{key}", compute=compute, params=parameters,
                 needs=(score_stage, among_observers))


def _infos(key: str, label: str) -> tuple[MetricInfo, MetricInfo]:
    return (
        MetricInfo(f"williams_{key}", f"Williams index ({label})", "",
                   f"mean {label} of the method with each observer / mean {label} between "
                   "pairs of observers (> 1: closer to the observers than they are to each "
                   "other)", _SOURCE, short=f"WI {label}", kind="ratio",
                   value_range=(0.0, float("inf")), stage=f"williams_{key}"),
        MetricInfo(f"williams_{key}_position", f"Williams position ({label})", "",
                   f"the method's mean {label} with the observers against the range of the "
                   "observers' pairwise ones: +1 above, 0 inside, −1 below", _SOURCE,
                   short=f"WI {label} pos.", kind="count", value_range=(-1.0, 1.0),
                   stage=f"williams_{key}"),
    )


FAMILY = Family(
    name="williams", title="Human variability (Williams index)",
    metrics=tuple(info for key, label, _ in DEFAULT_METRICS for info in _infos(key, label)),
    scores=tuple(williams_stage(key, score_stage) for key, _, score_stage in DEFAULT_METRICS))
