"""The case browser's model: a dataset's metrics per case and method, computed in the
background, cached, sorted and stepped through (no Qt).

`DatasetBrowser` opens a dataset with folders of predictions (`open_dataset`), evaluates
the chosen metrics of every (case, method) on the application's one scheduler (a
channel below the live view's priority, so the inspector stays live), keeps every value
in a cache keyed by the files, the parameters and the reference choice (re-opening,
re-sorting or switching methods never recomputes), orders the rows
(`vesselview.app.dataset_table`) and shows a picked case in the inspector through its
actions, with the current parameters. For the compare modes it loads method B's
candidate of the shown case.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from vesselview.app.case_resolutions import CaseResolutions, Resolution
from vesselview.app.dataset_navigation import DatasetNavigation
from vesselview.app.dataset_run import Agreements, DatasetRun
from vesselview.app.dataset_table import (
    FAILURES_NOTICE,
    FLAG_MARK,
    FLAGGED_NOTICE,
    METRICS_SETTING,
    MetricTable,
    SortOrder,
    checked_metrics,
    failures_notice,
    flagged_notice,
    saved_metrics,
)
from vesselview.app.events import Event
from vesselview.app.inspector import LOADING_PRIORITY, Inspector
from vesselview.engine.params import Params
from vesselview.engine.reference_choice import REFERENCE_CHOICES
from vesselview.errors import InputError
from vesselview.io.dataset import Dataset, DatasetCase, open_dataset

#: Below the live view (2) and case loading (1): a dataset run yields to both.
METRICS_PRIORITY = 0
#: How notices name the case browser.
BROWSER = "Case browser"
#: The files, FOV choice (estimate_fov), parameters and reference choice one set of
#: values depends on.
CacheKey = tuple[Path, Path | None, bool, Path, Params, str]
#: The reference choices of the browser (``each``: a column group per observer).
BROWSER_REFERENCES = REFERENCE_CHOICES
#: The files and parameters the observers' agreement with each other depends on.
BandKey = tuple[Path, Path | None, bool, tuple[tuple[str, Path], ...], Params]


class DatasetBrowser(DatasetNavigation):
    """State and actions of the case browser of one inspector.

    Parameters
    ----------
    inspector : Inspector
        Shows picked cases; its scheduler runs the metrics, its parameters are used.
    metrics : tuple of str, optional
        The metric keys computed and shown; default: the ones chosen last (kept in the
        inspector's settings), else `DEFAULT_METRICS`.

    Attributes
    ----------
    dataset : Dataset or None
    table : MetricTable or None
        The values of the current dataset for `params`.
    params : Params
        The parameters the table's values belong to.
    references : str
        The reference choice the values are scored against (`BROWSER_REFERENCES`):
        ``"one"``, the dataset's chosen observer, by default (`set_references`); with
        ``"each"`` the table holds the values against each observer (`observers`).
    observers : tuple of str
        The dataset's observers, by name (``observer1``, ``observer2``...).
    order : SortOrder
    rows : tuple of str
        The case ids in `order`.
    current : str or None
        The case shown in the inspector.
    method_a, method_b : str
        The shown method and the one it is compared with.
    evaluations : int
        How many (case, method) evaluations ran (cache hits do not count).
    failures : dict of (case id, method) to str
        Why a case could not be evaluated (the message names the file).
    resolutions : CaseResolutions
        Each evaluated case's spacing and FOV diameter: metrics measured in pixels are
        not pooled (sorted by, plotted without a notice) over cases of different ones.
    channel : Channel
        The background metric runs (``progress``, ``busy_changed``).
    opened, values_changed, rows_changed, current_changed, finished : Event
        ``(Dataset)``, ``(case_id, method)``, ``(rows)``, ``(case_id)``, ``()``.
    metrics_changed : Event
        ``(metrics)``: the columns changed (`set_metrics`).
    comparison_ready : Event
        ``(method, mask)``: method B's candidate of the shown case (bool (H, W)).
    """

    def __init__(self, inspector: Inspector, metrics: tuple[str, ...] | None = None) -> None:
        self.inspector = inspector
        self.metrics = checked_metrics(metrics) if metrics is not None else \
            saved_metrics(inspector.settings)
        self.dataset: Dataset | None = None
        self.table: MetricTable | None = None
        self.params = inspector.params
        self.references = "one"
        self.observers: tuple[str, ...] = ()
        self.order = SortOrder()
        self.rows: tuple[str, ...] = ()
        self.current: str | None = None
        self.method_a = self.method_b = ""
        self.evaluations = 0
        self.failures: dict[tuple[str, str], str] = {}
        self._cache: dict[CacheKey, dict[str, float]] = {}
        self._flags: dict[CacheKey, str | None] = {}
        self._resolution: dict[CacheKey, Resolution] = {}
        self._bands: dict[BandKey, Agreements] = {}
        self.resolutions = CaseResolutions()
        scheduler = inspector.scheduler
        self.channel = scheduler.channel("dataset metrics", METRICS_PRIORITY)
        self._comparison = scheduler.channel("dataset comparison", LOADING_PRIORITY)
        self.opened = Event("dataset opened")
        self.values_changed = Event("dataset values changed")
        self.rows_changed = Event("dataset rows changed")
        self.current_changed = Event("dataset case changed")
        self.finished = Event("dataset metrics finished")
        self.comparison_ready = Event("comparison ready")
        self.metrics_changed = Event("dataset metrics changed")
        self.channel.done.connect(lambda _count: self.finished.emit())
        self.channel.failed.connect(inspector.error.emit)
        self._comparison.done.connect(lambda pair: self.comparison_ready.emit(*pair))
        self._comparison.failed.connect(inspector.error.emit)

    # -- opening and computing -----------------------------------------------------------

    def open(self, root: str | os.PathLike, predictions: Mapping[str, str | os.PathLike],
             observer: int = 1, *, estimate_fov: bool = False) -> bool:
        """Open a dataset with method folders, show its first case and compute its metrics.

        ``estimate_fov`` as in `open_dataset`. On error (the message names the folder) the
        current dataset stays. The dataset's notes (`Dataset.notes`: files left out,
        missing FOV masks) go to the notice board.
        """
        try:
            dataset = open_dataset(root, predictions, observer, estimate_fov=estimate_fov)
        except InputError as error:
            self.inspector.error.emit(str(error))
            return False
        if not dataset.methods:
            self.inspector.error.emit(f"{dataset.root}: no candidates to evaluate; add a "
                                      "folder of a method's results")
            return False
        for note in dataset.notes():
            self.inspector.notices.add(note, "warning", source=BROWSER)
        self.dataset = dataset
        self.observers = tuple(sorted({name for case in dataset.cases
                                       for name in (case.observer, *case.references)}))
        self.resolutions = CaseResolutions()
        self.method_a = dataset.methods[0]
        self.method_b = dataset.methods[1] if len(dataset.methods) > 1 else dataset.methods[0]
        self.order = SortOrder()
        self.opened.emit(dataset)
        self.compute()
        self.pick(self.rows[0])
        return True

    def compute(self) -> None:
        """Fill the table for the inspector's current parameters: cached values at once,
        the others in the background (progress on `channel`)."""
        dataset = self.dataset
        if dataset is None:
            return
        self.params = self.inspector.params
        observers = self.observers if self.references == "each" else ()
        self.table = MetricTable(tuple(case.id for case in dataset.cases), dataset.methods,
                                 self.metrics, dataset.baselines, observers)
        self.failures = {}
        missing: list[tuple[DatasetCase, str]] = []
        banded = set()
        for case in dataset.cases:
            band = self._bands.get(_band_key(case, self.params), {})
            self.table.band.set(case.id, band)
            if all(metric in band for metric in self.metrics):
                banded.add(case.id)
            for method in case.candidates:
                if not self._show_cached(case, method, observers):
                    missing.append((case, method))
        self._show_flagged()
        self.resolutions.show(self.inspector.notices, self.metrics, self.params, BROWSER)
        self._sort()
        if missing:
            self.channel.submit(functools.partial(DatasetRun(
                self.params, self.metrics, self.references, observers,
                self.inspector.scheduler.deliver, self._store, self._store_band, self._fail,
                frozenset(banded)), missing))
        else:
            self.finished.emit()

    def _show_cached(self, case: DatasetCase, method: str, observers: tuple[str, ...]
                     ) -> bool:
        """Put one (case, method)'s cached values in the table (against each of
        ``observers``, else the reference choice); False when some are not cached."""
        keys = [(observer, self._key(case, method, references=observer or self.references))
                for observer in observers or (None,)]
        if not all(all(metric in self._cache.get(key, {}) for metric in self.metrics)
                   for _, key in keys):
            return False
        for observer, key in keys:
            assert self.table is not None
            self.table.set(case.id, method, self._cache[key], self._flags.get(key), observer)
            if key in self._resolution:
                self.resolutions.add(case.id, self._resolution[key])
        return True

    def set_metrics(self, metrics: tuple[str, ...]) -> None:
        """Show ``metrics`` (keys of `METRICS`, in the order given) as the table's columns.

        Values already computed for them come from the cache; only the missing ones are
        evaluated (in the background, like `compute`). The choice is kept in the
        inspector's settings for the next dataset.

        Raises
        ------
        ParamsError
            When ``metrics`` is empty, repeats a key or names an unknown one (the message
            lists the known keys).
        """
        self.metrics = checked_metrics(metrics)
        if self.inspector.settings is not None:
            self.inspector.settings.setValue(METRICS_SETTING, list(self.metrics))
        self.metrics_changed.emit(self.metrics)
        self.compute()

    def set_references(self, choice: str) -> None:
        """Score every case against the reference ``choice`` (`BROWSER_REFERENCES`: one
        observer, each observer in turn, a consensus of the observers or their fuzzy
        reference) and fill the table again, from the cache where it can; the shown case
        opens again against it. Against a
        consensus or the fuzzy reference a case with one observer fails its cells,
        naming its reference file; with ``each`` its other observers' cells are n/a.

        Raises
        ------
        ValueError
            For another choice.
        """
        if choice not in BROWSER_REFERENCES:
            raise ValueError(f"the case browser's reference choices are "
                             f"{', '.join(BROWSER_REFERENCES)}; got {choice!r}")
        self.references = choice
        self.compute()
        if self.current is not None:  # the shown case too
            self.pick(self.current)

    def cancel(self) -> None:
        """Stop the background run; values computed so far stay in the cache and table."""
        self.channel.cancel()

    def _key(self, case: DatasetCase, method: str, params: Params | None = None,
             references: str | None = None) -> CacheKey:
        return (case.reference, case.fov, case.estimate_fov, case.candidates[method],
                params or self.params, references or self.references)

    def _store(self, case: DatasetCase, method: str, scored: tuple[Params, str],
               values: dict[str, float], flag: str | None, resolution: Resolution) -> None:
        """Keep one evaluation's values, candidate flag and case resolution (main thread);
        ``scored``: the parameters and reference choice (with ``each``: the observer) it
        was made with."""
        self.evaluations += 1
        key = self._key(case, method, *scored)
        self._cache[key] = {**self._cache.get(key, {}), **values}
        self._flags[key] = flag
        self._resolution[key] = resolution
        table = self.table
        observer = scored[1] if table is not None and scored[1] in table.observers else None
        if table is not None and scored in ((self.params, self.references),
                                            (self.params, observer)) \
                and self.dataset is not None and case in self.dataset.cases:
            table.set(case.id, method, values, flag, observer)
            self.resolutions.add(case.id, resolution)
            self.resolutions.show(self.inspector.notices, self.metrics, self.params, BROWSER)
            if flag is not None:
                self._show_flagged()
            self.values_changed.emit(case.id, method)
            if self.order.metric is not None:
                self._sort()

    def _store_band(self, case: DatasetCase, params: Params,
                    agreements: Agreements) -> None:
        """Keep one case's observers' agreement with each other (main thread)."""
        key = _band_key(case, params)
        self._bands[key] = {**self._bands.get(key, {}), **agreements}
        if self.table is not None and params == self.params \
                and self.dataset is not None and case in self.dataset.cases:
            self.table.band.set(case.id, self._bands[key])

    def _show_flagged(self) -> None:
        """The one notice on the table's empty or nearly empty candidates (none without)."""
        notice = None if self.table is None else flagged_notice(self.table)
        if notice is None:
            self.inspector.notices.remove(FLAGGED_NOTICE)
        else:
            self.inspector.notices.add(notice, "warning", key=FLAGGED_NOTICE, source=BROWSER)

    def _fail(self, case_id: str, method: str, message: str) -> None:
        self.failures[(case_id, method)] = message
        self.values_changed.emit(case_id, method)
        self.inspector.notices.add(failures_notice(self.failures), "error",
                                   key=FAILURES_NOTICE, source=BROWSER)

    def value_text(self, case_id: str, method: str, metric: str,
                   observer: str | None = None) -> str:
        """A table cell (against ``observer`` with ``each``): the value, ``"…"`` while
        pending, ``"error"`` on failure; the value of an empty or nearly empty candidate
        is followed by `FLAG_MARK`."""
        if (case_id, method) in self.failures:
            return "error"
        if self.table is None or not self.table.has(case_id, method, observer):
            return "" if self._no_candidate(case_id, method) else "…"
        value = self.table.value(case_id, method, metric, observer)
        text = "n/a" if np.isnan(value) else f"{value:.4g}"
        return text if self.table.flag(case_id, method) is None else f"{text} {FLAG_MARK}"

    def _no_candidate(self, case_id: str, method: str) -> bool:
        return self.dataset is None or method not in self.dataset.case(case_id).candidates


def _band_key(case: DatasetCase, params: Params) -> BandKey:
    """What a case's observers' agreement with each other depends on."""
    return (case.reference, case.fov, case.estimate_fov, tuple(sorted(case.references.items())),
            params)
