"""The case browser's model: a dataset's metrics per case and method, computed in the
background, cached, sorted and stepped through (no Qt).

`DatasetBrowser` opens a dataset with folders of predictions (`open_dataset`), evaluates
the chosen metrics of every (case, method) on the application's one scheduler (a
channel below the live view's priority, so the inspector stays live), keeps every value
in a cache keyed by the files, the parameters and the reference choice (re-opening,
re-sorting or switching methods never recomputes: `vesselview.app.dataset_cache`; the
values as they arrive and what each cell shows: `vesselview.app.dataset_values`), orders
the rows (`vesselview.app.dataset_table`) and shows a picked case in the inspector through its
actions, with the current parameters. For the compare modes it loads method B's
candidate of the shown case.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping

from vesselview.app.case_resolutions import CaseResolutions
from vesselview.app.dataset_cache import BandKey, CacheKey, DatasetCache, band_key
from vesselview.app.dataset_navigation import DatasetNavigation
from vesselview.app.dataset_run import DatasetRun
from vesselview.app.dataset_table import (
    METRICS_SETTING,
    MetricTable,
    SortOrder,
    checked_metrics,
    saved_metrics,
)
from vesselview.app.dataset_values import BROWSER, DatasetValues
from vesselview.app.events import Event
from vesselview.app.inspector import LOADING_PRIORITY, Inspector
from vesselview.engine.reference_choice import REFERENCE_CHOICES
from vesselview.errors import InputError
from vesselview.io.dataset import Dataset, DatasetCase, open_dataset

#: Below the live view (2) and case loading (1): a dataset run yields to both.
METRICS_PRIORITY = 0
#: The reference choices of the browser (``each``: a column group per observer).
BROWSER_REFERENCES = REFERENCE_CHOICES

__all__ = ["BROWSER", "BROWSER_REFERENCES", "METRICS_PRIORITY", "BandKey", "CacheKey",
           "DatasetBrowser"]


class DatasetBrowser(DatasetValues, DatasetNavigation):
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
        self._cache = DatasetCache()
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
            band = self._cache.band(band_key(case, self.params))
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
