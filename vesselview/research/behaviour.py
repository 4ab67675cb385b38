"""The "metric behaviour" table: how every metric ranks a set of teaching cases.

As in the tolerance-F1 paper's Tables 1 and 2 (Vo Tan & Ho, seed ``000``, section 4):
a set of deformed candidates of one reference is scored by every metric, each metric's
ranking is shown next to the expected ranking, and their agreement is summarised by
Kendall's tau-b (with the other statistics of `vesselview.research.ranking`). Two sets
come ready-made from `vesselview.synth`:

* `equal_change_behaviour`: shift, noise, gap, expansion and angle changes of about the
  same number of pixels, expected ranking ``EXPECTED_RANKING`` (paper section 4.2,
  Experiment 1: ``[shift, noise, gap, expansion, angle] = [1, 2, 3, 3, 3]``);
* `severity_behaviour`: one teaching case at increasing severities, expected ranking
  ``[1, 2, 3, ...]`` (Experiment 2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import scipy  # scipy.stats: loaded at first use

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, ProgressCallback, StopCallback
from vesselview.errors import ParamsError
from vesselview.research.ranking import (
    AGREEMENT_STATISTICS,
    RankAgreement,
    Ranking,
    rank_agreement,
    rank_candidates,
)
from vesselview.research.sweep import checked_metrics
from vesselview.synth import equal_change_set, expected_rank, teaching_case

DEFAULT_SHAPE = (584, 565)


@dataclasses.dataclass(frozen=True, eq=False)
class Behaviour:
    """Every metric's ranking of a set of cases, and its agreement with the expected one.

    Attributes
    ----------
    ranking : Ranking
        Candidates are the case names; ``scores`` the metric values, ``ranks`` each
        metric's ranking (1 = best).
    expected : ndarray of float64, shape (n_cases,)
        Expected rank of each case (1 = best, ties allowed).
    agreement : RankAgreement
        Every metric against ``expected`` (``agreement[m].kendall_tau_b``...).
    params : Params
        The parameters of the evaluation.
    """

    ranking: Ranking
    expected: np.ndarray
    agreement: RankAgreement
    params: Params

    def to_rows(self) -> list[dict[str, Any]]:
        """The paper's table: one row per case, then one row per agreement statistic.

        Returns
        -------
        list of dict
            Columns ``case``, ``expected_rank``, then every metric: its value in the
            case rows, and in the last rows (``case`` = ``kendall_tau_b``, ``spearman``,
            ...) the statistic, with an empty ``expected_rank``.
        """
        rows = []
        for i, name in enumerate(self.ranking.candidates):
            values = dict(zip(self.ranking.metrics, self.ranking.scores[i].tolist(), strict=True))
            rows.append({"case": name, "expected_rank": float(self.expected[i]), **values})
        for statistic in AGREEMENT_STATISTICS:
            values = {row.metric: getattr(row, statistic) for row in self.agreement.rows}
            rows.append({"case": statistic, "expected_rank": float("nan"), **values})
        return rows


def metric_behaviour(cases: Mapping[str, Case], expected_ranks: Mapping[str, float],
                     params: Params | None = None, metrics: Sequence[str] | None = None, *,
                     should_stop: StopCallback | None = None,
                     progress: ProgressCallback | None = None) -> Behaviour:
    """Evaluate every case once and compare each metric's ranking with the expected one.

    Parameters
    ----------
    cases : mapping of str to Case
        Named candidates (usually of one reference), in display order.
    expected_ranks : mapping of str to float
        Expected rank of every case name (1 = best, ties allowed).
    params : Params, optional
        Default ``Params()``.
    metrics : sequence of str, optional
        Metric keys to rank (default every key of ``METRIC_KEYS``).
    should_stop, progress : callable, optional
        As in `Evaluator.evaluate`; ``progress`` is called after each case.

    Raises
    ------
    ParamsError
        For fewer than two cases, a case without an expected rank, or an unknown metric.
    EvaluationStopped
        When ``should_stop`` returned True.
    """
    names = list(cases)
    missing = [name for name in names if name not in expected_ranks]
    if len(names) < 2 or missing:
        raise ParamsError(f"a behaviour table needs two or more cases, each with an expected "
                          f"rank; missing: {', '.join(missing) or '(none)'}; got {len(names)}")
    keys = checked_metrics(metrics)
    base = params or Params()
    values: dict[str, list[float]] = {key: [] for key in keys}
    for done, name in enumerate(names, start=1):
        result = Evaluator(cases[name]).evaluate(base, should_stop=should_stop)
        for key in keys:
            values[key].append(result.metrics[key])
        if progress is not None:
            progress(done / len(names), name)
    expected = np.array([expected_ranks[name] for name in names], dtype=np.float64)
    return Behaviour(
        ranking=rank_candidates(values, names),
        expected=expected,
        agreement=rank_agreement(values, expected, expected_kind="rank"),
        params=base,
    )


def equal_change_behaviour(n_pixels: int = 1500, shape: tuple[int, int] = DEFAULT_SHAPE,
                           seed: int = 0, params: Params | None = None,
                           metrics: Sequence[str] | None = None, *,
                           should_stop: StopCallback | None = None,
                           progress: ProgressCallback | None = None) -> Behaviour:
    """`metric_behaviour` of `vesselview.synth.equal_change_set` against ``EXPECTED_RANKING``.

    Parameters
    ----------
    n_pixels, shape, seed
        Passed to `equal_change_set` (each case changes about ``n_pixels`` pixels).
    params, metrics, should_stop, progress
        Passed to `metric_behaviour`.
    """
    cases = equal_change_set(n_pixels, shape, seed)
    ranks = {name: float(expected_rank(name)) for name in cases}
    return metric_behaviour(cases, ranks, params, metrics, should_stop=should_stop,
                            progress=progress)


def severity_behaviour(name: str, severities: Sequence[float],
                       shape: tuple[int, int] = DEFAULT_SHAPE, seed: int = 0,
                       params: Params | None = None, metrics: Sequence[str] | None = None,
                       *, should_stop: StopCallback | None = None,
                       progress: ProgressCallback | None = None) -> Behaviour:
    """`metric_behaviour` of teaching case ``name`` at ``severities`` (milder = better).

    Cases are named ``"<name> <severity>"``; the expected rank of each is the rank of its
    severity, 1 for the mildest.

    Raises
    ------
    ParamsError
        For an unknown case name, a severity out of its range, or repeated severities.
    """
    if len(set(severities)) != len(severities):
        raise ParamsError(f"severities of {name!r} must be distinct, got {list(severities)}")
    cases = {f"{name} {s:g}": teaching_case(name, s, shape, seed) for s in severities}
    ranks = dict(zip(cases, scipy.stats.rankdata(severities, method="min").astype(float),
                     strict=True))
    return metric_behaviour(cases, ranks, params, metrics, should_stop=should_stop,
                            progress=progress)
