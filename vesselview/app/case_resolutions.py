"""The resolutions of the case browser's cases, and whether its table may pool them.

The case browser ranks cases by a metric and plots every case's value per method: for a
metric measured in pixels (`vesselview.engine.pixel_lengths`) that pools cases, which is
honest only when they share one resolution (`vesselview.io.pooling`). `CaseResolutions`
keeps each evaluated case's spacing and FOV diameter and says why a pooling is refused.
"""

from __future__ import annotations

from collections.abc import Iterable

from vesselview.app.notices import NoticeBoard
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.io.pooling import pooling_problem

#: The key of the case browser's notice on cases of different resolution.
RESOLUTION_NOTICE = "dataset resolutions"

#: A case's ``(spacing_um, fov_diameter_px)``.
Resolution = tuple[float | None, int]


def resolution_of(case: Case) -> Resolution:
    """``(spacing_um, fov_diameter_px)`` of a loaded case."""
    return case.spacing_um, case.fov_diameter_px


class CaseResolutions:
    """The resolution of each evaluated case of one dataset, by case id."""

    def __init__(self) -> None:
        self._by_case: dict[str, Resolution] = {}

    def add(self, case_id: str, resolution: Resolution) -> None:
        """Record ``case_id``'s resolution (the same for every method of the case)."""
        self._by_case[case_id] = resolution

    def problem(self, metrics: Iterable[str], what: str, params: Params) -> str | None:
        """Why ``metrics`` of these cases cannot be pooled by ``what`` under ``params``
        (lengths in µm or % FOV pool), or None (`vesselview.io.pooling.pooling_problem`)."""
        records = [{"id": case_id, "spacing_um": spacing, "fov_diameter_px": diameter,
                    "error": None} for case_id, (spacing, diameter) in self._by_case.items()]
        return pooling_problem(records, metrics, what, params)

    def show(self, notices: NoticeBoard, metrics: Iterable[str], params: Params,
             source: str) -> None:
        """The one notice (a warning on ``notices``) on cases of different resolution
        whose ``metrics`` measured in pixels (under ``params``) the table and plots would
        pool; none when the cases share one."""
        problem = self.problem(metrics, "The case browser's plots", params)
        if problem is None:
            notices.remove(RESOLUTION_NOTICE)
        else:
            notices.add(problem, "warning", key=RESOLUTION_NOTICE, source=source)
