"""The case browser's dataset FROC (no Qt): one method's probability maps over every case
of the dataset, pooled (`vesselview.research.dataset_froc`), with the FROC score as the
dataset summary shows it.

Computed on request (every threshold thins every case's map: tens of seconds for a
DRIVE-sized dataset) on its own scheduler channel below the live view, cancellable, and
kept per dataset, method and parameters so asking again shows it at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from vesselview.app.events import Event
from vesselview.engine.params import Params
from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.errors import EvaluationStopped
from vesselview.research.dataset_froc import pooled_froc
from vesselview.research.froc import FrocCurve

if TYPE_CHECKING:
    from vesselview.app.dataset_browser import DatasetBrowser

#: Below the live view and case loading, like the browser's metric runs.
FROC_PRIORITY = 0
#: How the summary qualifies its number wherever it is shown.
FROC_NOTE = ("mean sensitivity at 1/8, 1/4, 1/2, 1, 2, 4 and 8 false positives per image, "
             "objects pooled over the cases: a competition-style convention, not a standard")
FrocKey = tuple[Path, str, Params]


class DatasetFroc:
    """Pooled FROC curves of the browser's dataset, per method.

    Attributes
    ----------
    channel : Channel
        The background runs (``progress``, ``busy_changed``).
    curves : dict of (dataset folder, method, Params) to (FrocCurve, FrocCurve)
        Segment and component curves computed so far.
    changed : Event
        ``(method)``: that method's curves are ready (main thread).
    """

    def __init__(self, browser: DatasetBrowser) -> None:
        self.browser = browser
        self.channel = browser.inspector.scheduler.channel("dataset FROC", FROC_PRIORITY)
        self.curves: dict[FrocKey, tuple[FrocCurve, FrocCurve]] = {}
        self.changed = Event("dataset FROC changed")
        self.channel.done.connect(self._store)
        self.channel.failed.connect(browser.inspector.error.emit)

    def compute(self, method: str) -> None:
        """Compute ``method``'s pooled FROC at the browser's parameters in the background
        (at once when it is known)."""
        key = self._key(method)
        dataset = self.browser.dataset
        if key is None or dataset is None:
            return
        if key in self.curves:
            self.changed.emit(method)
            return
        cases = [case for case in dataset.cases if method in case.candidates]
        params = key[2]

        def run(should_stop: StopCallback, progress: ProgressCallback
                ) -> tuple[FrocKey, tuple[FrocCurve, FrocCurve]]:
            loaded = []
            for case in cases:
                if should_stop():
                    raise EvaluationStopped("dataset FROC stopped while loading")
                loaded.append(case.load(method))
            return key, pooled_froc(loaded, params, should_stop=should_stop,
                                    progress=progress)
        self.channel.submit(run)

    def cancel(self) -> None:
        """Abandon the running computation."""
        self.channel.cancel()

    def summary(self, method: str) -> str | None:
        """``method``'s FROC scores at the browser's parameters as one line, None when
        not computed."""
        key = self._key(method)
        found = None if key is None else self.curves.get(key)
        if found is None:
            return None
        cases = sum(method in case.candidates for case in self.browser.dataset.cases) \
            if self.browser.dataset is not None else 0
        scores = ", ".join(f"{curve.objects} {_score(curve.score())}" for curve in found)
        return f"{method}: FROC score {scores} over {cases} cases ({FROC_NOTE})"

    def _key(self, method: str) -> FrocKey | None:
        dataset = self.browser.dataset
        return None if dataset is None else (dataset.root, method, self.browser.params)

    def _store(self, computed: tuple[FrocKey, tuple[FrocCurve, FrocCurve]]) -> None:
        key, curves = computed
        self.curves[key] = curves
        self.changed.emit(key[1])


def _score(value: float) -> str:
    return "undefined" if value != value else f"{value:.3f}"  # nan: no reference object
