"""One evaluation of a case with one `Params`: resolves each stage once, from the cache.

A `Run` hands each stage function a `StageContext` limited to what the stage declares
(`vesselview.engine.families.base.Stage`), keys the cache by the values of the stage's
`~Stage.dependencies`, polls ``should_stop`` before every stage and reports progress
after it (on the evaluating thread only). Once the evaluation is returned, `finish` turns
stopping and progress off; overlay layers and explanations fetch stages later, from any
thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from vesselview.engine.case import Case
from vesselview.engine.families.base import Stage, UndeclaredDependency
from vesselview.engine.huge_pages import small_pages
from vesselview.engine.params import Params
from vesselview.engine.pipeline.cache import StageCache
from vesselview.errors import EvaluationStopped

T = TypeVar("T")
StopCallback = Callable[[], bool]
ProgressCallback = Callable[[float, str], None]


class Run:
    """Stage values of one evaluation.

    Parameters
    ----------
    case : Case
    params : Params
    cache : StageCache
        Shared by every run of one `Evaluator`.
    should_stop : callable () -> bool, optional
        Polled before each stage; True raises `EvaluationStopped`.
    progress : callable (fraction, stage name) -> None, optional
        Called after each stage with ``resolved / planned`` (at most 1).
    planned : int
        How many stages the evaluation is expected to resolve (for ``progress``).
    """

    def __init__(self, case: Case, params: Params, cache: StageCache,
                 should_stop: StopCallback | None = None,
                 progress: ProgressCallback | None = None, planned: int = 1) -> None:
        self.case = case
        self.params = params
        self._cache = cache
        self._should_stop = should_stop
        self._progress = progress
        self._planned = max(1, planned)
        self._values: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._thread = threading.get_ident()
        self._resolved = 0

    def get(self, stage: Stage[T]) -> T:
        """The value of ``stage`` for this run's case and parameters.

        Only the thread that created the run polls ``should_stop`` and reports progress;
        other threads (building the layers of a partial result) just compute. No lock is
        held while a stage computes, so they never wait for the evaluation's stage.
        """
        with self._lock:
            if stage.name in self._values:
                return cast(T, self._values[stage.name])
        evaluating = threading.get_ident() == self._thread
        if evaluating and self._should_stop is not None and self._should_stop():
            raise EvaluationStopped(f"evaluation stopped before stage {stage.name!r}")
        value = self._cache.fetch(stage.name, self.key(stage), lambda: self._compute(stage))
        with self._lock:
            value = self._values.setdefault(stage.name, value)
        if evaluating:
            self._resolved += 1
            if self._progress is not None:
                self._progress(min(1.0, self._resolved / self._planned), stage.name)
        return cast(T, value)

    def _compute(self, stage: Stage[T]) -> T:
        """Compute ``stage`` (a cache miss), with small pages on a large case (layers too,
        built after the evaluation; `vesselview.engine.huge_pages`)."""
        with small_pages(self.case.reference.size):
            return stage.compute(_Context(self, stage))

    def done(self, stage: Stage[Any]) -> bool:
        """Whether ``stage`` has been resolved in this run."""
        with self._lock:
            return stage.name in self._values

    def key(self, stage: Stage[Any]) -> Hashable:
        """Cache key of ``stage``: the values of the parameters it depends on.

        ``threshold`` only matters for a soft candidate.
        """
        soft = self.case.candidate_soft is not None
        return tuple((name, getattr(self.params, name)) for name in sorted(stage.dependencies)
                     if name != "threshold" or soft)

    def finish(self) -> None:
        """Report full progress, then stop polling and reporting (the run is returned)."""
        if self._progress is not None and self._resolved < self._planned:
            self._progress(1.0, "done")
        self._should_stop = None
        self._progress = None


class _Context:
    """The `StageContext` of one stage: its declared parameters and needed stages only."""

    def __init__(self, run: Run, stage: Stage[Any]) -> None:
        self._run = run
        self._stage = stage
        self._params = _DeclaredParams(run.params, stage)

    @property
    def case(self) -> Case:
        return self._run.case

    @property
    def params(self) -> Params:
        return cast(Params, self._params)

    def get(self, stage: Stage[T]) -> T:
        if all(stage is not needed for needed in self._stage.needs):
            raise UndeclaredDependency(
                f"stage {self._stage.name!r} fetched stage {stage.name!r}, which it does not "
                f"list in needs")
        return self._run.get(stage)


class _DeclaredParams:
    """Read-only view of `Params` exposing only the fields one stage declares."""

    def __init__(self, params: Params, stage: Stage[Any]) -> None:
        self._params = params
        self._stage = stage

    def __getattr__(self, name: str) -> Any:
        if name not in self._stage.params:
            raise UndeclaredDependency(
                f"stage {self._stage.name!r} read parameter {name!r}, which it does not "
                f"declare (declared: {', '.join(self._stage.params) or 'none'})")
        return getattr(self._params, name)
