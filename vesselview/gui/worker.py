"""Live evaluation: one background thread owns the Evaluator; the newest request wins.

The main thread snapshots ``(case, params)`` into a `Request` with an increasing id
and hands it to the thread. A request still waiting is replaced by a newer one, and
the running one is abandoned at its next stage boundary (``should_stop``). Results
come back to the main thread through a queued signal and are passed on only if they
answer the newest request, so a stale result is never shown. The thread never
touches a widget: it evaluates and prepares display arrays, nothing else.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping

from PySide6.QtCore import QObject, QThread, Signal, Slot

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.engine.result import Result
from vesselview.errors import EvaluationStopped
from vesselview.gui.display import DisplayLayer, prepare_layers
from vesselview.gui.mailbox import LatestSlot


@dataclasses.dataclass(frozen=True, eq=False)
class Request:
    """One evaluation asked for by the main thread."""

    id: int
    case: Case
    params: Params
    warm_layers: frozenset[str] = frozenset()


@dataclasses.dataclass(frozen=True, eq=False)
class Response:
    """A finished evaluation with its display layers.

    Attributes
    ----------
    request : Request
    result : Result
    layers : Mapping[str, DisplayLayer]
    seconds : float
        Wall time of evaluation plus layer preparation, in seconds.
    """

    request: Request
    result: Result
    layers: Mapping[str, DisplayLayer]
    seconds: float


class _EvaluationThread(QThread):
    """Runs requests one at a time, always the newest one pending."""

    answered = Signal(object)  # Response
    failed = Signal(object, str)  # Request, message

    def __init__(self) -> None:
        super().__init__()
        self._slot: LatestSlot[Request] = LatestSlot()
        self.started_count = 0

    def put(self, request: Request) -> None:
        """Make ``request`` the next one to run, dropping any older pending one."""
        self._slot.put(request)

    def shutdown(self) -> None:
        """Abandon pending and running work and wait for the thread to end."""
        self._slot.close()
        self.wait()

    def run(self) -> None:
        """Evaluate requests until `shutdown` (the worker thread's body)."""
        evaluator: Evaluator | None = None
        evaluated_case: Case | None = None
        while (request := self._slot.take()) is not None:
            self.started_count += 1
            began = time.perf_counter()
            try:
                if evaluator is None or evaluated_case is not request.case:
                    evaluator, evaluated_case = Evaluator(request.case), request.case
                result = evaluator.evaluate(request.params, should_stop=self._slot.superseded)
                if self._slot.superseded():  # nobody will see it: skip building its layers
                    continue
                layers = prepare_layers(result, request.warm_layers)
            except EvaluationStopped:
                continue
            except Exception as error:  # noqa: BLE001 - reported to the user, thread lives on
                self.failed.emit(request, f"{type(error).__name__}: {error}")
                continue
            self.answered.emit(Response(request, result, layers, time.perf_counter() - began))


class LiveEvaluation(QObject):
    """Main-thread side of the worker: submit snapshots, receive only the newest result.

    Signals
    -------
    result_ready(Response)
        The newest request finished (emitted on the main thread).
    failed(str)
        The newest request raised; the message says what went wrong.
    busy_changed(bool)
        True while the newest request is pending or running.
    """

    result_ready = Signal(object)
    failed = Signal(str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = _EvaluationThread()
        self._thread.answered.connect(self._on_answered)
        self._thread.failed.connect(self._on_failed)
        self._latest_id = 0
        self._case: Case | None = None
        self._params = Params()
        self._busy = False
        self.response: Response | None = None
        #: Layers whose display products the worker computes with each result (the
        #: visible ones; the window keeps this up to date).
        self.warm_layers: frozenset[str] = frozenset()
        self._thread.start()

    @property
    def case(self) -> Case | None:
        """The case the newest request evaluates."""
        return self._case

    @property
    def params(self) -> Params:
        """The parameters of the newest request."""
        return self._params

    @property
    def busy(self) -> bool:
        """True while the newest request has no answer yet."""
        return self._busy

    @property
    def evaluations_started(self) -> int:
        """How many evaluations the worker has begun (superseded ones included)."""
        return self._thread.started_count

    @property
    def stopped(self) -> bool:
        """True once the worker thread has ended (after `shutdown`)."""
        return self._thread.isFinished()

    def submit(self, case: Case | None = None, params: Params | None = None) -> int:
        """Ask for an evaluation of ``case`` and ``params`` (each defaults to the current one).

        Returns
        -------
        int
            The request id; 0 when there is no case yet.
        """
        self._case = case if case is not None else self._case
        self._params = params if params is not None else self._params
        if self._case is None:
            return 0
        self._latest_id += 1
        self._thread.put(Request(self._latest_id, self._case, self._params, self.warm_layers))
        self._set_busy(True)
        return self._latest_id

    def shutdown(self) -> None:
        """Stop the worker thread and wait for it (call before the application quits)."""
        self._thread.shutdown()

    @Slot(object)
    def _on_answered(self, response: Response) -> None:
        if response.request.id != self._latest_id:
            return
        self.response = response
        self._set_busy(False)
        self.result_ready.emit(response)

    @Slot(object, str)
    def _on_failed(self, request: Request, message: str) -> None:
        if request.id != self._latest_id:
            return
        self._set_busy(False)
        self.failed.emit(message)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)
