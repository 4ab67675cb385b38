"""An evaluator whose partial results wait at gates the test opens (no sleeping).

Used by the progressive-results tests of the application model and of the window to
hold an evaluation between two metric families, deterministically.
"""

from __future__ import annotations

import threading
from typing import Any

from vesselview.engine.case import Case
from vesselview.engine.pipeline import Evaluator
from vesselview.engine.result import Result

TIMEOUT_S = 60


class GatedEvaluator:
    """A real `Evaluator` that, after handing over its ``hold_after``-th partial result,
    waits until the test calls `release`.

    Attributes
    ----------
    held : threading.Event
        Set once the evaluation waits (its partial result was handed over).
    """

    def __init__(self, evaluator: Evaluator, hold_after: int = 1) -> None:
        self.case = evaluator.case
        self._evaluator = evaluator
        self._hold_after = hold_after
        self.held = threading.Event()
        self._gate = threading.Event()

    def release(self) -> None:
        """Let the held evaluation go on."""
        self._gate.set()

    def evaluate(self, params: Any = None, *, on_partial: Any = None, **options: Any) -> Result:
        partials = 0

        def handed_over(partial: Result) -> None:
            nonlocal partials
            on_partial(partial)
            partials += 1
            if partials == self._hold_after:
                self.held.set()
                assert self._gate.wait(TIMEOUT_S), "the test never released the evaluation"

        forward = None if on_partial is None else handed_over
        return self._evaluator.evaluate(params, on_partial=forward, **options)


class GatedEvaluators:
    """Stands in for `vesselview.app.live.CaseEvaluators`: one `GatedEvaluator` per
    case, replaced by `next_gate` for the next evaluations."""

    def __init__(self, hold_after: int = 1) -> None:
        self._hold_after = hold_after
        self.current: GatedEvaluator | None = None

    def get(self, case: Case) -> GatedEvaluator:
        if self.current is None or self.current.case is not case:
            self.current = GatedEvaluator(Evaluator(case), self._hold_after)
        return self.current

    def next_gate(self) -> GatedEvaluator:
        """A fresh gate for the evaluations asked for from now on (same case and cache)."""
        assert self.current is not None
        self.current = GatedEvaluator(self.current._evaluator, self._hold_after)
        return self.current
