"""Staged, cached evaluation of a `Case`: the step between loading and display.

`Evaluator` owns one case and a `StageCache`. Every stage and overlay layer declares the
parameters it reads (`vesselview.engine.families`); its cache key is their values and
those of the stages it needs, so a parameter change recomputes only what uses it.
``should_stop`` is polled before each stage.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping

from vesselview._version import __version__
from vesselview.engine.case import Case
from vesselview.engine.families import EVALUATION_ORDER, LAYERS, METRIC_KEYS, Family
from vesselview.engine.families.base import layer_name
from vesselview.engine.huge_pages import small_pages
from vesselview.engine.kernels_warmup import start_compiling
from vesselview.engine.length_scope import LengthProvenance, length_provenance
from vesselview.engine.observer_maps import scored_case
from vesselview.engine.param_scope import applied_params
from vesselview.engine.params import Params
from vesselview.engine.pipeline.cache import StageCache
from vesselview.engine.pipeline.explain import Explainer
from vesselview.engine.pipeline.layers import LazyLayers
from vesselview.engine.pipeline.run import ProgressCallback, Run, StopCallback
from vesselview.engine.result import Result
from vesselview.engine.scores import Scores
from vesselview.errors import ParamsError

PartialCallback = Callable[[Result], None]


class Evaluator:
    """Evaluate one case under changing parameters, re-using every stage it can.

    Parameters
    ----------
    case : Case
        The validated masks (and fundus) to evaluate.

    Notes
    -----
    Use an Evaluator from one thread at a time; the `Result` objects it returns are
    immutable and may be read from any thread.
    """

    def __init__(self, case: Case) -> None:
        self.case = case
        # Every stage sees the ignored pixels removed (docs/metrics.md section 0), and,
        # with disagreement = "ignore", the pixels the observers disagree on: one scored
        # case per value and one cache each (`_cache` holds the default's).
        self._scored: dict[str, Case] = {}
        self._cache = StageCache()
        self._cache_ignoring_disagreement = StageCache()

    def _scored_for(self, params: Params) -> tuple[Case, StageCache]:
        """The case the stages see under ``params`` and the cache of its stage values."""
        mode = params.disagreement
        if mode not in self._scored:
            self._scored[mode] = scored_case(self.case, params)
        return self._scored[mode], (self._cache if mode == "count"
                                    else self._cache_ignoring_disagreement)

    @property
    def stage_runs(self) -> Mapping[str, int]:
        """How many times each stage has been computed (not fetched from the cache)."""
        return dict(self._cache.runs + self._cache_ignoring_disagreement.runs)

    def evaluate(self, params: Params | None = None, *, should_stop: StopCallback | None = None,
                 progress: ProgressCallback | None = None,
                 on_partial: PartialCallback | None = None,
                 metrics: Iterable[str] | None = None) -> Result:
        """Evaluate the metrics and prepare the overlay layers for ``params``.

        Families are computed in `EVALUATION_ORDER`, cheapest first: pixel metrics (and
        the confusion layer), fuzzy measures, tolerance F1, CAL, vessel-width
        sensitivity, distances, contour distances, skeletal similarity, topology, and the
        Williams index (its metrics again, against each observer).

        Parameters
        ----------
        params : Params, optional
            Defaults to ``Params()``. The `Result` records the parameters as they act
            on the case (`vesselview.engine.param_scope.applied_params`): a
            ``threshold`` of None (the default) is the case's (`Case.threshold`), and
            for a candidate that is not a probability map the threshold is always the
            case's (it binarised the masks when they were read; ``params``'s did nothing);
            every length in µm or % FOV is in pixels for the case (``Result.lengths``
            keeps them as given, with the spacing).
        should_stop : callable () -> bool, optional
            Polled before each stage; when it returns True the evaluation raises.
        progress : callable (fraction, stage) -> None, optional
            Called after each stage with the fraction of stages done (0..1].
        on_partial : callable (Result) -> None, optional
            Called on the evaluating thread after each family but the last with a
            partial `Result`: the finished families' values (equal to the complete
            result's), their layers, and ``pending`` naming the other keys.
        metrics : iterable of str, optional
            Compute only these metric keys (and the stages they need); the result's
            ``metrics`` holds them, in output order. Default: every key.

        Raises
        ------
        EvaluationStopped
            When ``should_stop`` returned True; the cache stays consistent.
        ParamsError
            For an unknown key in ``metrics`` (a `ValueError` too), or a length that
            cannot be converted to pixels for the case (in µm without a spacing).
        TypeError
            When ``params`` is not a `Params` (a dict: use `Params.from_mapping`), or
            ``metrics`` is one string (``"dice"``: give ``["dice"]``).
        """
        if params is not None and not isinstance(params, Params):
            raise TypeError(f"params must be a vesselview.Params, got {type(params).__name__}"
                            "; build one with Params(t=3) or Params.from_mapping(mapping)")
        # The first start only: every kernel at once, in other processes; meanwhile the
        # stages run without them (vesselview.engine.kernels_choice).
        start_compiling()
        with small_pages(self.case.reference.size):
            return self._evaluate(params, should_stop, progress, on_partial, metrics)

    def _evaluate(self, params: Params | None, should_stop: StopCallback | None,
                  progress: ProgressCallback | None, on_partial: PartialCallback | None,
                  metrics: Iterable[str] | None) -> Result:
        """`evaluate` once the kernels are compiling (with small pages on a large case)."""
        lengths = length_provenance(params or Params(), self.case)
        params = applied_params(params or Params(), self.case)
        keys = _requested(metrics)
        families = tuple(f for f in EVALUATION_ORDER if not set(f.keys).isdisjoint(keys))
        scored, cache = self._scored_for(params)
        run = Run(scored, params, cache, should_stop, progress, _planned(families, keys))
        scores = Scores()
        for done, family in enumerate(families, start=1):
            for score_stage in family.score_stages(keys):
                scores.merge(run.get(score_stage))
            if family.products is not None:
                run.get(family.products)
            if on_partial is not None and done < len(families):
                on_partial(_result(run, keys, scores, families[:done], lengths, partial=True))
        run.finish()
        return _result(run, keys, scores, families, lengths, partial=False)


def evaluate(case: Case, params: Params | None = None, *,
             metrics: Iterable[str] | None = None) -> Result:
    """One-shot evaluation of ``case`` with ``params`` (see `Evaluator.evaluate`)."""
    return Evaluator(case).evaluate(params, metrics=metrics)


def _requested(metrics: Iterable[str] | None) -> tuple[str, ...]:
    """The requested metric keys in output order (every key for None)."""
    if metrics is None:
        return METRIC_KEYS
    if isinstance(metrics, str):  # would be read as its letters
        raise TypeError(f"metrics must be a list of metric keys, got the string {metrics!r}; "
                        f"write metrics=[{metrics!r}]")
    wanted = set(metrics)
    unknown = sorted(wanted - set(METRIC_KEYS))
    if unknown:
        raise ParamsError(f"unknown metric {', '.join(unknown)}; known: {', '.join(METRIC_KEYS)}")
    return tuple(key for key in METRIC_KEYS if key in wanted)


def _planned(families: tuple[Family, ...], keys: tuple[str, ...]) -> int:
    """How many stages evaluating ``keys`` of ``families`` resolves (layers excluded)."""
    return len({s.name for family in families for s in family.stages(keys)})


def _result(run: Run, keys: tuple[str, ...], scores: Scores, done: tuple[Family, ...],
            lengths: LengthProvenance, partial: bool) -> Result:
    """The `Result` of ``run`` once the ``done`` families have their values."""
    finished = {key for family in done for key in family.keys if key in keys}
    if missing := (finished - set(scores.values)):
        raise RuntimeError(f"metric stages did not produce {sorted(missing)}")
    stages = {layer_name(s): s for family in done for s in family.layers} if partial else LAYERS
    layers = LazyLayers(stages, run)
    return Result(
        params=run.params,
        version=__version__,
        metrics={key: scores.values[key] if key in finished else math.nan for key in keys},
        undefined={key: scores.reasons[key] for key in keys
                   if key in finished and key in scores.reasons},
        layers=layers,
        products={family.name: run.get(family.products) for family in done
                  if family.products is not None},
        pending=frozenset(key for key in keys if key not in finished),
        lengths=lengths,
        _explain=Explainer(run, layers, partial),
    )
