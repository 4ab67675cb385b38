"""A research tool's view of one scheduler channel: Qt signals and a progress widget.

The research tools (sweeps, soft-map curves, behaviour tables, candidate sets) run
seconds of engine work as tasks ``(should_stop, progress) -> value`` on the shared
`vesselview.app.scheduler.Scheduler`. `ChannelJobs` gives one tool its own latest-wins
channel: ``run(kind, task)`` supersedes the tool's older task (stopped at its next
poll), outcomes arrive on the main thread as signals, only for the newest task.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from vesselview.app.channel import Task
from vesselview.app.scheduler import Scheduler

_PROGRESS_STEPS = 1000  # resolution of the progress bar


class ChannelJobs(QObject):
    """Main-thread side of one tool's channel.

    Parameters
    ----------
    scheduler : Scheduler
        The application's scheduler (outcomes delivered on the main thread).
    name : str
        The channel's name (for messages).

    Signals
    -------
    finished(str, object)
        The newest task returned ``(kind, value)``.
    failed(str)
        The newest task raised; the message says what went wrong.
    progress(float, str)
        Fraction done (0..1) and a message of the newest task.
    busy_changed(bool)
        True while the newest task is pending or running.
    """

    finished = Signal(str, object)
    failed = Signal(str)
    progress = Signal(float, str)
    busy_changed = Signal(bool)

    def __init__(self, scheduler: Scheduler, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.channel = scheduler.channel(name)
        self.channel.done.connect(self._on_done)
        self.channel.failed.connect(self.failed.emit)
        self.channel.progress.connect(self.progress.emit)
        self.channel.busy_changed.connect(self.busy_changed.emit)

    @property
    def busy(self) -> bool:
        """True while the newest task has no outcome yet."""
        return self.channel.busy

    @property
    def stopped(self) -> bool:
        """True when none of this tool's tasks runs."""
        return not self.channel.running

    def run(self, kind: str, task: Task) -> int:
        """Run ``task`` in the background, abandoning this tool's older one; returns its id."""
        return self.channel.submit(lambda stop, progress: (kind, task(stop, progress)))

    def cancel(self) -> None:
        """Abandon the newest task (no signal but ``busy_changed(False)``)."""
        self.channel.cancel()

    def _on_done(self, outcome: tuple[str, Any]) -> None:
        self.finished.emit(*outcome)


class JobStatus(QWidget):
    """A progress bar, its message and a Cancel button, shown while ``jobs`` is busy."""

    def __init__(self, jobs: ChannelJobs, parent: QWidget | None = None) -> None:
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
