"""A tool's channel seen from Qt: outcomes as signals on the main thread, newest wins.

Ordering is controlled with events: a task blocks until the test releases it, and the
test waits on the scheduler's idle hook or on signals, never on the clock.
"""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QThread, QTimer

from vesselview.errors import EvaluationStopped, InputError
from vesselview.gui.widgets.channel_jobs import ChannelJobs, JobStatus

from ..conftest import RESULT_TIMEOUT_MS as JOB_TIMEOUT_MS

TIMEOUT_S = JOB_TIMEOUT_MS / 1000


@pytest.fixture
def jobs(qtbot, scheduler):
    runner = ChannelJobs(scheduler, "test")
    yield runner
    runner.cancel()
    scheduler.shutdown()
    assert runner.stopped


def _gated(started: threading.Event, release: threading.Event, value: object):
    """A task that says it started, then waits for ``release`` (stopping if asked)."""
    def task(should_stop, progress):
        started.set()
        release.wait(TIMEOUT_S)
        if should_stop():
            raise EvaluationStopped("superseded")
        return value
    return task


def test_the_value_arrives_on_the_main_thread(jobs, qtbot):
    threads = []

    def task(should_stop, progress):
        threads.append(QThread.currentThread())
        return 42

    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("answer", task)
    assert signal.args == ["answer", 42]
    assert threads[0] is not QThread.currentThread()
    assert not jobs.busy


def test_a_newer_job_abandons_the_running_one(jobs, qtbot, scheduler):
    delivered = []
    jobs.finished.connect(lambda kind, value: delivered.append(value))
    started, release = threading.Event(), threading.Event()
    jobs.run("slow", _gated(started, release, "old"))
    assert started.wait(TIMEOUT_S)
    jobs.run("fast", lambda stop, progress: "new")
    release.set()
    assert scheduler.wait_idle(TIMEOUT_S)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=JOB_TIMEOUT_MS)
    assert delivered == ["new"]


def test_cancel_delivers_nothing_and_clears_busy(jobs, qtbot, scheduler):
    delivered = []
    jobs.finished.connect(lambda kind, value: delivered.append(value))
    started, release = threading.Event(), threading.Event()
    with qtbot.waitSignal(jobs.busy_changed, timeout=JOB_TIMEOUT_MS):
        jobs.run("slow", _gated(started, release, "never"))
    assert started.wait(TIMEOUT_S)
    with qtbot.waitSignal(jobs.busy_changed, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.cancel()
    assert signal.args == [False]
    release.set()
    assert scheduler.wait_idle(TIMEOUT_S)
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        jobs.run("after", lambda stop, progress: "still works")
    assert delivered == ["still works"]


def test_an_input_error_is_reported_by_its_message(jobs, qtbot):
    def task(should_stop, progress):
        raise InputError("bad.png: not an image", source="bad.png")

    with qtbot.waitSignal(jobs.failed, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("load", task)
    assert signal.args == ["bad.png: not an image"]
    assert not jobs.busy


def test_an_unexpected_error_names_its_type(jobs, qtbot):
    with qtbot.waitSignal(jobs.failed, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("broken", lambda stop, progress: 1 / 0)
    assert signal.args[0].startswith("ZeroDivisionError")


def test_progress_reaches_the_status_widget(jobs, qtbot):
    status = JobStatus(jobs)
    qtbot.addWidget(status)
    release = threading.Event()

    def task(should_stop, progress):
        progress(0.5, "half way")
        release.wait(TIMEOUT_S)

    with qtbot.waitSignal(jobs.progress, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("half", task)
    assert signal.args == [0.5, "half way"]
    assert status.bar.value() == status.bar.maximum() // 2
    assert status.message.text() == "half way"
    assert not status.isHidden()
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        release.set()
    assert status.isHidden()


def test_the_event_loop_keeps_running_during_a_job(jobs, qtbot):
    started, release = threading.Event(), threading.Event()
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(jobs.busy))
    timer.start(5)
    jobs.run("slow", _gated(started, release, None))
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=JOB_TIMEOUT_MS)
    assert all(ticks)  # every tick came while the job was still running
    timer.stop()
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        release.set()
