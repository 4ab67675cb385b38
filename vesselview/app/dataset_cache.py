"""The case browser's cache of computed values (no Qt).

`DatasetCache` keeps every (case, method)'s metric values, candidate flag and case
resolution, keyed by what they depend on (`CacheKey`: the files, the FOV choice, the
parameters and the reference choice), and every case's observers' agreement with each
other (`BandKey`: the files and the parameters), so that re-opening, re-sorting or
switching methods in `vesselview.app.dataset_browser.DatasetBrowser` never recomputes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from vesselview.app.case_resolutions import Resolution
from vesselview.app.dataset_run import Agreements
from vesselview.engine.params import Params
from vesselview.io.dataset import DatasetCase

#: The files, FOV choice (estimate_fov), parameters and reference choice one set of
#: values depends on.
CacheKey = tuple[Path, Path | None, bool, Path, Params, str]
#: The files and parameters the observers' agreement with each other depends on.
BandKey = tuple[Path, Path | None, bool, tuple[tuple[str, Path], ...], Params]


def cache_key(case: DatasetCase, method: str, params: Params, references: str) -> CacheKey:
    """What ``method``'s values on ``case`` depend on, scored with ``params`` against
    ``references`` (a reference choice or, with ``each``, an observer)."""
    return (case.reference, case.fov, case.estimate_fov, case.candidates[method], params,
            references)


def band_key(case: DatasetCase, params: Params) -> BandKey:
    """What a case's observers' agreement with each other depends on."""
    return (case.reference, case.fov, case.estimate_fov, tuple(sorted(case.references.items())),
            params)


class DatasetCache:
    """Every value the case browser computed, by what it depends on."""

    def __init__(self) -> None:
        self._values: dict[CacheKey, dict[str, float]] = {}
        self._flags: dict[CacheKey, str | None] = {}
        self._resolutions: dict[CacheKey, Resolution] = {}
        self._bands: dict[BandKey, Agreements] = {}

    def store(self, key: CacheKey, values: dict[str, float], flag: str | None,
              resolution: Resolution) -> None:
        """Keep one evaluation's ``values`` (added to those kept under ``key``), its
        candidate ``flag`` and its case's ``resolution``."""
        self._values[key] = {**self._values.get(key, {}), **values}
        self._flags[key] = flag
        self._resolutions[key] = resolution

    def has(self, key: CacheKey, metrics: Iterable[str]) -> bool:
        """Whether every one of ``metrics`` is kept under ``key``."""
        values = self._values.get(key, {})
        return all(metric in values for metric in metrics)

    def values(self, key: CacheKey) -> dict[str, float]:
        """The metric values kept under ``key`` (`has` them first)."""
        return self._values[key]

    def flag(self, key: CacheKey) -> str | None:
        """The candidate flag kept under ``key`` (None: not flagged or not kept)."""
        return self._flags.get(key)

    def resolution(self, key: CacheKey) -> Resolution | None:
        """The case resolution kept under ``key`` (None: not kept)."""
        return self._resolutions.get(key)

    def store_band(self, key: BandKey, agreements: Agreements) -> Agreements:
        """Add ``agreements`` to those kept under ``key``; return all of them."""
        self._bands[key] = {**self._bands.get(key, {}), **agreements}
        return self._bands[key]

    def band(self, key: BandKey) -> Agreements:
        """The observers' agreements kept under ``key`` (empty when none)."""
        return self._bands.get(key, {})
