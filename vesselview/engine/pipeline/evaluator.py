"""Staged, cached evaluation of a `Case` (``design.md``, data flow step 2).

`Evaluator` owns one case and a `StageCache`. Every stage and overlay layer declares the
parameters it reads (`vesselview.engine.families`); its cache key is their values and
those of the stages it needs, so a parameter change recomputes only what uses it.
``should_stop`` is polled before each stage.
"""

from __future__ import annotations

from collections.abc import Mapping

from vesselview._version import __version__
from vesselview.engine.case import Case
from vesselview.engine.families import EVALUATION_ORDER, LAYERS, METRIC_KEYS, all_stages, skeletal
from vesselview.engine.kernels_warmup import compile_kernels
from vesselview.engine.params import Params
from vesselview.engine.pipeline.cache import StageCache
from vesselview.engine.pipeline.explain import Explainer
from vesselview.engine.pipeline.layers import LazyLayers
from vesselview.engine.pipeline.run import ProgressCallback, Run, StopCallback
from vesselview.engine.result import Result
from vesselview.engine.scores import Scores


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
        self._cache = StageCache()

    @property
    def stage_runs(self) -> Mapping[str, int]:
        """How many times each stage has been computed (not fetched from the cache)."""
        return dict(self._cache.runs)

    def evaluate(self, params: Params | None = None, *, should_stop: StopCallback | None = None,
                 progress: ProgressCallback | None = None) -> Result:
        """Evaluate every metric and prepare the overlay layers for ``params``.

        Parameters
        ----------
        params : Params, optional
            Defaults to ``Params()``. A ``threshold`` of None (the default) is resolved
            to the case's threshold (`Case.threshold`); the `Result` records the
            resolved value.
        should_stop : callable () -> bool, optional
            Polled before each stage; when it returns True the evaluation raises.
        progress : callable (fraction, stage) -> None, optional
            Called after each stage with the fraction of stages done (0..1].

        Raises
        ------
        EvaluationStopped
            When ``should_stop`` returned True; the cache stays consistent.
        """
        compile_kernels()  # the first start only: all kernels at once, in parallel
        params = (params or Params()).with_case_threshold(self.case.threshold)
        planned = sum(1 for stage in all_stages() if not stage.name.startswith("layer:"))
        run = Run(self.case, params, self._cache, should_stop, progress, planned)
        scores = Scores()
        for family in EVALUATION_ORDER:
            scores.merge(run.get(family.scores))
        products = run.get(skeletal.products)
        run.finish()
        missing = set(METRIC_KEYS) - set(scores.values)
        if missing:
            raise RuntimeError(f"metric stages did not produce {sorted(missing)}")
        layers = LazyLayers(LAYERS, run)
        return Result(
            params=params,
            version=__version__,
            metrics={key: scores.values[key] for key in METRIC_KEYS},
            undefined={key: scores.reasons[key] for key in METRIC_KEYS if key in scores.reasons},
            layers=layers,
            skeletal=products,
            _explain=Explainer(run, layers),
        )


def evaluate(case: Case, params: Params | None = None) -> Result:
    """One-shot evaluation of ``case`` with ``params`` (see `Evaluator.evaluate`)."""
    return Evaluator(case).evaluate(params)
