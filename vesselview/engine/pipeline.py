"""Staged, cached evaluation of a `Case` (``design.md``, data flow step 2).

`Evaluator` owns one case and a `StageCache`. Every stage and every overlay layer
declares the parameters it depends on (`vesselview.engine.dependencies`); its cache key
is their values, so a parameter change recomputes only the stages and layers that use
it. ``should_stop`` is polled before each stage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from vesselview._version import __version__
from vesselview.engine import stages
from vesselview.engine.cache import StageCache
from vesselview.engine.case import Case
from vesselview.engine.dependencies import LAYER_PARAMETERS, STAGE_PARAMETERS
from vesselview.engine.explain import Explainer
from vesselview.engine.kernels_warmup import compile_kernels
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.layers import Layer
from vesselview.engine.overlays import LAYER_BUILDERS, LazyLayers
from vesselview.engine.params import Params
from vesselview.engine.result import Result
from vesselview.engine.scores import Scores
from vesselview.engine.ss_stages import SKELETAL_LAYER_BUILDERS
from vesselview.errors import EvaluationStopped

T = TypeVar("T")
StopCallback = Callable[[], bool]
ProgressCallback = Callable[[float, str], None]



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
        """Evaluate every metric and build the overlay layers for ``params``.

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
        run = _Run(self.case, params, self._cache, should_stop, progress)
        return run.result()


def evaluate(case: Case, params: Params | None = None) -> Result:
    """One-shot evaluation of ``case`` with ``params`` (see `Evaluator.evaluate`)."""
    return Evaluator(case).evaluate(params)


class _Run:
    """One evaluation: fetches each stage from the cache or computes it."""

    def __init__(self, case: Case, params: Params, cache: StageCache,
                 should_stop: StopCallback | None, progress: ProgressCallback | None) -> None:
        self.case = case
        self.params = params
        self._cache = cache
        self._should_stop = should_stop
        self._progress = progress
        self._done = 0

    def stage(self, name: str, compute: Callable[[], T]) -> T:
        """Value of stage ``name`` for the current parameters."""
        if self._should_stop is not None and self._should_stop():
            raise EvaluationStopped(f"evaluation stopped before stage {name!r}")
        value = self._cache.fetch(name, self._key(STAGE_PARAMETERS[name]), compute)
        self._done += 1
        if self._progress is not None:
            self._progress(min(1.0, self._done / len(STAGE_PARAMETERS)), name)
        return value

    def _key(self, dependencies: tuple[str, ...]) -> tuple[Any, ...]:
        """Cache key: the values of the parameters a stage or layer depends on.

        ``threshold`` only matters for a soft candidate.
        """
        soft = self.case.candidate_soft is not None
        return tuple(getattr(self.params, p) for p in dependencies if p != "threshold" or soft)

    def _fetch_layer(self, name: str, build: Callable[[], Layer]) -> Layer:
        """A built layer from the cache (any thread), building it when missing."""
        return self._cache.fetch(f"layer:{name}", self._key(LAYER_PARAMETERS[name]), build)

    def result(self) -> Result:
        """Compute (or fetch) every stage and assemble the `Result`."""
        products = stages.Products(self)
        scores = Scores()
        for family in stages.score_families(products):
            scores.merge(family)
        missing = set(METRIC_KEYS) - set(scores.values)
        if missing:
            raise RuntimeError(f"metric stages did not produce {sorted(missing)}")
        metrics = {key: scores.values[key] for key in METRIC_KEYS}
        undefined = {key: scores.reasons[key] for key in METRIC_KEYS if key in scores.reasons}
        layers = LazyLayers(products, {**LAYER_BUILDERS, **SKELETAL_LAYER_BUILDERS},
                            fetch=self._fetch_layer)
        return Result(
            params=self.params,
            version=__version__,
            metrics=metrics,
            undefined=undefined,
            layers=layers,
            skeletal=products.skeletal,
            _explain=Explainer(products, layers),
        )
