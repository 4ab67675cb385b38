"""The case browser's values as they arrive, and what each cell shows (no Qt).

`DatasetValues` is the part of `vesselview.app.dataset_browser.DatasetBrowser` that fills
the table: from the cache (`vesselview.app.dataset_cache`) where it can, else with what
the background run (`vesselview.app.dataset_run`) delivers on the main thread (values,
candidate flags, case resolutions, the observers' agreement, failures), keeping its
notices on flagged candidates and failed cases current, and says what each cell shows
(`value_text`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vesselview.app.case_resolutions import CaseResolutions, Resolution
from vesselview.app.dataset_cache import CacheKey, DatasetCache, band_key, cache_key
from vesselview.app.dataset_run import Agreements
from vesselview.app.dataset_table import (
    FAILURES_NOTICE,
    FLAG_MARK,
    FLAGGED_NOTICE,
    MetricTable,
    SortOrder,
    failures_notice,
    flagged_notice,
)
from vesselview.app.events import Event
from vesselview.app.inspector import Inspector
from vesselview.engine.params import Params
from vesselview.io.dataset import Dataset, DatasetCase

#: How notices name the case browser.
BROWSER = "Case browser"


class DatasetValues:
    """The values of `vesselview.app.dataset_browser.DatasetBrowser` (a mixin: the
    attributes below are the browser's, documented there)."""

    inspector: Inspector
    dataset: Dataset | None
    table: MetricTable | None
    metrics: tuple[str, ...]
    params: Params
    references: str
    order: SortOrder
    evaluations: int
    failures: dict[tuple[str, str], str]
    resolutions: CaseResolutions
    values_changed: Event
    _cache: DatasetCache
    _sort: Callable[[], None]

    def _show_cached(self, case: DatasetCase, method: str, observers: tuple[str, ...]
                     ) -> bool:
        """Put one (case, method)'s cached values in the table (against each of
        ``observers``, else the reference choice); False when some are not cached."""
        keys = [(observer, self._key(case, method, references=observer or self.references))
                for observer in observers or (None,)]
        if not all(self._cache.has(key, self.metrics) for _, key in keys):
            return False
        for observer, key in keys:
            assert self.table is not None
            self.table.set(case.id, method, self._cache.values(key), self._cache.flag(key),
                           observer)
            resolution = self._cache.resolution(key)
            if resolution is not None:
                self.resolutions.add(case.id, resolution)
        return True

    def _key(self, case: DatasetCase, method: str, params: Params | None = None,
             references: str | None = None) -> CacheKey:
        return cache_key(case, method, params or self.params, references or self.references)

    def _store(self, case: DatasetCase, method: str, scored: tuple[Params, str],
               values: dict[str, float], flag: str | None, resolution: Resolution) -> None:
        """Keep one evaluation's values, candidate flag and case resolution (main thread);
        ``scored``: the parameters and reference choice (with ``each``: the observer) it
        was made with."""
        self.evaluations += 1
        key = self._key(case, method, *scored)
        self._cache.store(key, values, flag, resolution)
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
        band = self._cache.store_band(band_key(case, params), agreements)
        if self.table is not None and params == self.params \
                and self.dataset is not None and case in self.dataset.cases:
            self.table.band.set(case.id, band)

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
