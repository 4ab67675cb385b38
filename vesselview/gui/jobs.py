"""Long research computations off the GUI thread: one job at a time, newest wins.

The research tools (sweeps, soft-map curves, behaviour tables, candidate sets) run
seconds of engine work. Like `vesselview.gui.worker` for live evaluation, each tool owns
one background thread; a job is a plain function ``(should_stop, progress) -> value``
that never touches a widget. Submitting a job abandons the running one at its next
``should_stop`` poll and drops a pending one; `BackgroundJobs.cancel` abandons it
without a successor. Results, failures and progress reach the main thread through
queued signals and are passed on only for the newest job. The thread starts with the
first job, so a tool nobody uses costs no thread.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.errors import EvaluationStopped, InputError, ParamsError
from vesselview.gui.mailbox import LatestSlot

#: What a job runs: polls ``should_stop`` (raise `EvaluationStopped` when True),
#: reports ``progress(fraction, message)``, returns its value.
JobFunction = Callable[[StopCallback, ProgressCallback], Any]

_PROGRESS_STEPS = 1000  # resolution of the progress bar


@dataclasses.dataclass(frozen=True, eq=False)
class _Job:
    id: int
    kind: str
    function: JobFunction


class _JobThread(QThread):
    """Runs submitted jobs one at a time, always the newest one pending."""

    done = Signal(int, str, object)  # job id, kind, value
    failed = Signal(int, str)  # job id, message
    progressed = Signal(int, float, str)  # job id, fraction, message

    def __init__(self) -> None:
        super().__init__()
        self._slot: LatestSlot[_Job] = LatestSlot()
        self._abandoned_below = 0  # jobs with a smaller id must stop

    def put(self, job: _Job) -> None:
        """Make ``job`` the next one; the running one stops at its next poll."""
        self._abandoned_below = job.id
        self._slot.put(job)

    def abandon(self, below: int) -> None:
        """Stop the running job and drop a pending one if their ids are below ``below``."""
        self._abandoned_below = max(self._abandoned_below, below)
        self._slot.drop_if(lambda job: job.id < below)

    def shutdown(self) -> None:
        """Abandon all work and wait for the thread to end."""
        self._slot.close()
        self.wait()

    def run(self) -> None:  # noqa: D102 - QThread entry point
        while (job := self._slot.take()) is not None:
            def should_stop(job_id: int = job.id) -> bool:
                return self._slot.closed or job_id < self._abandoned_below

            def progress(fraction: float, message: str, job_id: int = job.id) -> None:
                self.progressed.emit(job_id, fraction, message)

            try:
                value = job.function(should_stop, progress)
            except EvaluationStopped:
                continue
            except (InputError, ParamsError) as error:  # the message names the culprit
                self.failed.emit(job.id, str(error))
                continue
            except Exception as error:  # noqa: BLE001 - reported to the user, thread lives on
                self.failed.emit(job.id, f"{type(error).__name__}: {error}")
                continue
            self.done.emit(job.id, job.kind, value)


class BackgroundJobs(QObject):
    """Main-thread side of one tool's background thread.

    Signals
    -------
    finished(str, object)
        The newest job returned ``(kind, value)`` (main thread).
    failed(str)
        The newest job raised; the message says what went wrong.
    progress(float, str)
        Fraction done (0..1) and a message of the newest job.
    busy_changed(bool)
        True while the newest job is pending or running.
    """

    finished = Signal(str, object)
    failed = Signal(str)
    progress = Signal(float, str)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: _JobThread | None = None
        self._latest_id = 0
        self._busy = False

    @property
    def busy(self) -> bool:
        """True while the newest job has no outcome yet."""
        return self._busy

    @property
    def stopped(self) -> bool:
        """True when no thread runs (never started, or shut down)."""
        return self._thread is None or self._thread.isFinished()

    def run(self, kind: str, function: JobFunction) -> int:
        """Run ``function`` in the background, abandoning any older job; returns its id."""
        if self._thread is None:
            self._thread = _JobThread()
            self._thread.done.connect(self._on_done)
            self._thread.failed.connect(self._on_failed)
            self._thread.progressed.connect(self._on_progress)
            self._thread.start()
        self._latest_id += 1
        self._thread.put(_Job(self._latest_id, kind, function))
        self._set_busy(True)
        return self._latest_id

    def cancel(self) -> None:
        """Abandon the newest job (no signal but ``busy_changed(False)``)."""
        if self._thread is not None:
            self._latest_id += 1
            self._thread.abandon(self._latest_id)
        self._set_busy(False)

    def shutdown(self) -> None:
        """Stop the thread and wait for it (idempotent)."""
        if self._thread is not None:
            self._thread.shutdown()
        self._set_busy(False)

    @Slot(int, str, object)
    def _on_done(self, job_id: int, kind: str, value: object) -> None:
        if job_id == self._latest_id:
            self._set_busy(False)
            self.finished.emit(kind, value)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id == self._latest_id:
            self._set_busy(False)
            self.failed.emit(message)

    @Slot(int, float, str)
    def _on_progress(self, job_id: int, fraction: float, message: str) -> None:
        if job_id == self._latest_id and self._busy:
            self.progress.emit(fraction, message)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)


class JobStatus(QWidget):
    """A progress bar, its message and a Cancel button, shown while ``jobs`` is busy."""

    def __init__(self, jobs: BackgroundJobs, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bar = QProgressBar()
        self.bar.setRange(0, _PROGRESS_STEPS)
        self.message = QLabel()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(jobs.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar, 1)
        layout.addWidget(self.message, 2)
        layout.addWidget(self.cancel_button)
        jobs.progress.connect(self._on_progress)
        jobs.busy_changed.connect(self._on_busy)
        self.setVisible(False)

    def _on_progress(self, fraction: float, message: str) -> None:
        self.bar.setValue(round(fraction * _PROGRESS_STEPS))
        self.message.setText(message)

    def _on_busy(self, busy: bool) -> None:
        self.bar.setValue(0)
        self.message.setText("working..." if busy else "")
        self.setVisible(busy)
