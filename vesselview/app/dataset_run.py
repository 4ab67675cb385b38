"""The case browser's background run (no Qt): each (case, method) evaluated against the
reference choice (with ``each``, against every observer in turn), and each case's
observers' agreement with each other, the plots' band
(`vesselview.engine.williams.inter_observer`).

It runs on the scheduler's thread and hands every result to the main thread at once
(``deliver``), where `vesselview.app.dataset_browser.DatasetBrowser` keeps it.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable

from vesselview.app.case_resolutions import Resolution, resolution_of
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator, ProgressCallback, StopCallback
from vesselview.engine.reference_choice import reference_cases
from vesselview.engine.williams import inter_observer
from vesselview.errors import EvaluationStopped, InputError
from vesselview.io.candidate_flags import candidate_flags
from vesselview.io.dataset import DatasetCase

#: Metric key -> (observer, observer) -> their agreement on it.
Agreements = dict[str, dict[tuple[str, str], float]]


@dataclasses.dataclass(frozen=True)
class DatasetRun:
    """One background run of the browser: what to compute and where results go.

    Attributes
    ----------
    params : Params
    metrics : tuple of str
    references : str
        The reference choice (`vesselview.engine.reference_choice.REFERENCE_CHOICES`).
    observers : tuple of str
        With ``each``: the dataset's observers (a case lacking one gets NaN values
        against it); else empty.
    deliver : callable
        Runs a function on the main thread (`vesselview.app.scheduler.Scheduler.deliver`).
    store : callable
        ``(case, method, (params, reference choice or observer), values, flag,
        resolution)``: one evaluation's metric values (main thread).
    store_band : callable
        ``(case, params, agreements)``: a case's observers' agreement with each other,
        metric -> (observer, observer) -> value (main thread).
    fail : callable
        ``(case id, method, message)``: a case could not be evaluated (main thread).
    banded : frozenset of str
        The cases whose observers' agreement on every metric is known already.
    """

    params: Params
    metrics: tuple[str, ...]
    references: str
    observers: tuple[str, ...]
    deliver: Callable[[Callable[[], None]], None]
    store: Callable[[DatasetCase, str, tuple[Params, str], dict[str, float], str | None,
                     Resolution], None]
    store_band: Callable[[DatasetCase, Params, Agreements], None]
    fail: Callable[[str, str, str], None]
    banded: frozenset[str] = frozenset()

    def __call__(self, jobs: list[tuple[DatasetCase, str]], should_stop: StopCallback,
                 progress: ProgressCallback) -> int:
        """Evaluate ``jobs`` in turn; the band of each case not `banded` with its first job."""
        banded = set(self.banded)
        for done, (case, method) in enumerate(jobs):
            if should_stop():
                raise EvaluationStopped(f"dataset run stopped after {done} evaluations")
            try:
                case_read = case.load(method)
                if case.id not in banded and len(case_read.references) >= 2:
                    banded.add(case.id)
                    self.deliver(functools.partial(
                        self.store_band, case, self.params,
                        inter_observer(case_read, self.metrics, self.params)))
                self._evaluate(case, method, case_read, should_stop)
            except InputError as error:
                self.deliver(functools.partial(self.fail, case.id, method, str(error)))
            progress((done + 1) / len(jobs), f"case {case.id}, {method} "
                                             f"({done + 1} of {len(jobs)})")
        return len(jobs)

    def _evaluate(self, case: DatasetCase, method: str, case_read: Case,
                  should_stop: StopCallback) -> None:
        """Evaluate one (case, method) against the reference choice (each observer)."""
        params, metrics = self.params, self.metrics
        scored = {one.observer if self.observers else None: one
                  for one in reference_cases(case_read, self.references)}
        for observer in self.observers or (None,):
            choice = (params, observer or self.references)
            loaded = scored.get(observer)
            if loaded is None:  # a case lacking this observer: n/a against it
                values, flag = dict.fromkeys(metrics, math.nan), None
                loaded = case_read
            else:
                result = Evaluator(loaded).evaluate(params, should_stop=should_stop,
                                                    metrics=metrics)
                values = {key: float(result.metrics[key]) for key in metrics}
                flag = candidate_flags(loaded, params.threshold)
            self.deliver(functools.partial(self.store, case, method, choice, values, flag,
                                           resolution_of(loaded)))
