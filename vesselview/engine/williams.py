"""The Williams index: a method's agreement with several observers over theirs with each other.

With n >= 2 observers, a metric's Williams index is the mean of the method's n
agreements with the observers over the mean of the n(n−1)/2 agreements between pairs of
observers (`WILLIAMS_INDEX`; ``docs/metrics.md`` §9). Above 1 the method agrees with the
observers better than they agree with each other. An agreement is the metric's value
with the method (or one observer) as candidate and an observer as reference, computed by
the metric's own score stage (`method_agreements`, `observer_agreements`); a pair of
observers is scored both ways round and the two values averaged, so an asymmetric metric
gives the pair one value whatever the order of their names. A metric where lower is
better (a distance) enters as its reciprocal, as Chalana and Kim do, so above 1 is better
for every metric.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.observer_maps import scored_case
from vesselview.engine.params import Params
from vesselview.engine.scores import Scores
from vesselview.errors import ParamsError

if TYPE_CHECKING:  # the families import this module: importing them here is a cycle
    from vesselview.engine.families.base import Stage

#: Why a Williams index is undefined for a case with fewer than two observers.
FEW_OBSERVERS = "the case holds fewer than two observers' references"
#: The metrics every evaluation gives the Williams index of (``williams_<key>``).
DEFAULT_KEYS = ("dice", "f1_t", "ss")
#: Families whose metrics score no candidate against one observer's reference: the fuzzy
#: measures (against the observers' share) and the Williams indices themselves.
_NOT_AGREEMENTS = ("fuzzy", "williams")


@dataclasses.dataclass(frozen=True)
class WilliamsIndex:
    """One metric's Williams index on one case, with the agreements it is made of.

    Attributes
    ----------
    key : str
        The metric key.
    method : Mapping[str, float]
        Observer name -> the metric of the method against that observer.
    pairs : Mapping[tuple of str, float]
        ``(observer, observer)`` -> the metric between them (mean of both orders).
    index : float
        The Williams index (``nan`` when undefined, see ``reason``).
    position : float
        +1 when the method's mean agreement is better than every pair's agreement,
        −1 when worse than every pair's, 0 inside their range (``nan`` when undefined).
    reason : str
        Why ``index`` is undefined (``""`` when it is defined).
    """

    key: str
    method: Mapping[str, float]
    pairs: Mapping[tuple[str, str], float]
    index: float
    position: float
    reason: str = ""


def williams_index(key: str, method: Mapping[str, float],
                   pairs: Mapping[tuple[str, str], float],
                   lower_is_better: bool = False) -> WilliamsIndex:
    """The `WilliamsIndex` of metric ``key`` from the agreements it is made of.

    Parameters
    ----------
    key : str
    method : Mapping[str, float]
        The metric of the method against each observer (n values).
    pairs : Mapping[tuple of str, float]
        The metric between each pair of observers (n(n−1)/2 values).
    lower_is_better : bool
        True for a dissimilarity: each value then enters as its reciprocal.

    Examples
    --------
    >>> w = williams_index("dice", {"a": 0.8, "b": 0.6}, {("a", "b"): 0.7})
    >>> round(w.index, 12), w.position
    (1.0, 0.0)
    """
    values = (*method.values(), *pairs.values())
    reason = ""
    if not pairs:
        reason = FEW_OBSERVERS
    elif any(math.isnan(value) for value in values):
        reason = f"{key} is undefined against an observer or between two"
    elif lower_is_better and min(values) == 0:
        reason = f"a {key} of 0 has an infinite reciprocal (agreement)"
    if reason:
        return WilliamsIndex(key, method, pairs, math.nan, math.nan, reason)
    agree = [1.0 / value for value in method.values()] if lower_is_better else list(method.values())
    among = [1.0 / value for value in pairs.values()] if lower_is_better else list(pairs.values())
    mean_method, mean_among = sum(agree) / len(agree), sum(among) / len(among)
    if mean_among == 0:
        return WilliamsIndex(key, method, pairs, math.nan, math.nan,
                             f"the observers' mutual {key} agreement is 0")
    position = 1.0 if mean_method > max(among) else -1.0 if mean_method < min(among) else 0.0
    return WilliamsIndex(key, method, pairs, mean_method / mean_among, position)


def method_agreements(case: Case, score_stage: Stage[Scores], key: str, params: Params,
                      known: Mapping[str, float] | None = None) -> dict[str, float]:
    """The metric ``key`` of the method (the case's candidate) against each observer.

    Evaluates ``score_stage`` (the stage producing ``key``) and every stage it needs on
    the case with each observer's mask as its reference.

    Parameters
    ----------
    case : Case
        The case as the metrics see it (ignored pixels already removed).
    score_stage : Stage of Scores
    key : str
    params : Params
        Must hold every parameter ``score_stage`` depends on.
    known : Mapping[str, float], optional
        The method's values already computed against some observers (the evaluation's
        own, against the chosen observer), used instead of running the stage again.
    """
    return {name: known[name] if known and name in known else
            _scored(dataclasses.replace(case, reference=mask, observer=name, references={}),
                    score_stage, key, params)
            for name, mask in case.references.items()}


def observer_agreements(case: Case, score_stage: Stage[Scores], key: str, params: Params
                        ) -> dict[tuple[str, str], float]:
    """The metric ``key`` between each pair of the case's observers (mean of both orders).

    Same parameters as `method_agreements`; the candidate plays no part, so ``params``
    need not hold ``threshold``.
    """
    observers = dict(case.references)
    pairs = {}
    for first, second in itertools.combinations(observers, 2):
        both_ways = [_scored(_observer_pair(case, observers, candidate, reference),
                             score_stage, key, params)
                     for candidate, reference in ((first, second), (second, first))]
        pairs[first, second] = sum(both_ways) / 2.0
    return pairs


def _observer_pair(case: Case, observers: Mapping[str, np.ndarray], candidate: str,
                   reference: str) -> Case:
    """``case`` with observer ``candidate``'s mask scored against observer ``reference``'s."""
    return dataclasses.replace(case, reference=observers[reference], observer=reference,
                               references={}, candidate=observers[candidate],
                               candidate_soft=None)


def _scored(case: Case, score_stage: Stage[Scores], key: str, params: Params) -> float:
    """The value of ``key`` that ``score_stage`` gives ``case`` (``nan`` when undefined)."""
    # Imported here: the pipeline imports the metric registry, which holds the family
    # that calls this.
    from vesselview.engine.pipeline.cache import StageCache
    from vesselview.engine.pipeline.run import Run

    return Run(case, params, StageCache()).get(score_stage).values[key]


def williams(case: Case, keys: Iterable[str], params: Params | None = None
             ) -> dict[str, WilliamsIndex]:
    """The Williams index of any metrics on ``case`` (the public API for any key).

    Parameters
    ----------
    case : Case
        With two or more observers' references (`Case.references`); its ignored pixels
        are left out as in every evaluation.
    keys : iterable of str
        Metric keys (e.g. ``["dice", "hausdorff"]``).
    params : Params, optional

    Raises
    ------
    ParamsError
        For an unknown key (a `ValueError` too).
    """
    from vesselview.engine.families import METRICS

    scored, params, stages = _prepared(case, keys, params)
    return {key: williams_index(key, method_agreements(scored, stage, key, params),
                                observer_agreements(scored, stage, key, params),
                                METRICS[key].lower_is_better)
            for key, stage in stages.items()}


def inter_observer(case: Case, keys: Iterable[str], params: Params | None = None
                   ) -> dict[str, dict[tuple[str, str], float]]:
    """The observers' agreement with each other on any metrics (the candidate plays no
    part): metric key -> ``(observer, observer)`` -> value, as `observer_agreements`
    (empty mappings for a case with fewer than two observers).

    Same parameters and errors as `williams`.
    """
    scored, params, stages = _prepared(case, keys, params)
    return {key: observer_agreements(scored, stage, key, params)
            for key, stage in stages.items()}


def agreement_keys(keys: Iterable[str]) -> tuple[str, ...]:
    """``keys`` as a tuple, after checking each is a metric scoring the candidate against
    one reference (the agreements a Williams index is made of).

    Raises
    ------
    ParamsError
        Naming the first unknown key (listing the known ones), or the first key that is
        no such agreement: a fuzzy measure, a Williams index, or a count of a confusion
        matrix cell (neither better higher nor lower).
    """
    from vesselview.engine.families import METRICS, family_of

    chosen = tuple(keys)
    for key in chosen:
        if key not in METRICS:
            raise ParamsError(f"unknown metric {key!r}; use metric keys such as "
                              f"{', '.join(DEFAULT_KEYS)}, hausdorff (known: "
                              f"{', '.join(METRICS)})")
        family = family_of(key).name
        if family in _NOT_AGREEMENTS or METRICS[key].direction == "neither":
            what = {"fuzzy": "a fuzzy measure, scored against the observers' share",
                    "williams": "a Williams index itself"}.get(
                family, "a count, neither better higher nor lower")
            raise ParamsError(f"{key!r} has no Williams index: it is {what}, not the "
                              "agreement of a candidate with one observer; use a metric "
                              f"such as {', '.join(DEFAULT_KEYS)}, jaccard or hausdorff")
    return chosen


def _prepared(case: Case, keys: Iterable[str], params: Params | None
              ) -> tuple[Case, Params, dict[str, Stage[Scores]]]:
    """``case`` as the metrics see it, the parameters applied to it, and each key's score
    stage (checking every key first)."""
    from vesselview.engine.families import family_of
    from vesselview.engine.param_scope import applied_params

    chosen = agreement_keys(keys)
    params = applied_params(params or Params(), case)
    return (scored_case(case, params), params,
            {key: family_of(key).score_stage(key) for key in chosen})
