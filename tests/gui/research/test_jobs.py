"""Background jobs: results on the main thread, newest wins, cancel, errors, progress."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QThread, QTimer

from vesselview.errors import EvaluationStopped, InputError
from vesselview.gui.jobs import BackgroundJobs, JobStatus

from .conftest import JOB_TIMEOUT_MS


@pytest.fixture
def jobs(qtbot):
    runner = BackgroundJobs()
    yield runner
    runner.shutdown()
    assert runner.stopped


def _blocking(release: threading.Event, value: object):
    """A job that polls should_stop until released, then returns ``value``."""
    def job(should_stop, progress):
        while not release.wait(0.005):
            if should_stop():
                raise EvaluationStopped("stopped")
        return value
    return job


def test_no_thread_before_the_first_job(jobs):
    assert jobs.stopped
    assert not jobs.busy


def test_the_value_arrives_on_the_main_thread(jobs, qtbot):
    threads = []

    def job(should_stop, progress):
        threads.append(QThread.currentThread())
        return 42

    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("answer", job)
    assert signal.args == ["answer", 42]
    assert threads[0] is not QThread.currentThread()
    assert not jobs.busy


def test_a_newer_job_abandons_the_running_one(jobs, qtbot):
    delivered = []
    jobs.finished.connect(lambda kind, value: delivered.append(value))
    first = threading.Event()
    jobs.run("slow", _blocking(first, "old"))
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        jobs.run("fast", lambda stop, progress: "new")
    first.set()
    qtbot.wait(50)
    assert delivered == ["new"]


def test_cancel_delivers_nothing_and_clears_busy(jobs, qtbot):
    delivered = []
    jobs.finished.connect(lambda kind, value: delivered.append(value))
    release = threading.Event()
    with qtbot.waitSignal(jobs.busy_changed, timeout=JOB_TIMEOUT_MS):
        jobs.run("slow", _blocking(release, "never"))
    with qtbot.waitSignal(jobs.busy_changed, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.cancel()
    assert signal.args == [False]
    release.set()
    qtbot.wait(50)
    assert delivered == []
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        jobs.run("after", lambda stop, progress: "still works")


def test_an_input_error_is_reported_by_its_message(jobs, qtbot):
    def job(should_stop, progress):
        raise InputError("bad.png: not an image", source="bad.png")

    with qtbot.waitSignal(jobs.failed, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("load", job)
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

    def job(should_stop, progress):
        progress(0.5, "half way")
        release.wait(JOB_TIMEOUT_MS / 1000)
        return None

    with qtbot.waitSignal(jobs.progress, timeout=JOB_TIMEOUT_MS) as signal:
        jobs.run("half", job)
    assert signal.args == [0.5, "half way"]
    assert status.bar.value() == status.bar.maximum() // 2
    assert status.message.text() == "half way"
    assert not status.isHidden()
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        release.set()
    assert status.isHidden()


def test_shutdown_stops_a_running_job_and_is_idempotent(qtbot):
    runner = BackgroundJobs()
    runner.run("slow", _blocking(threading.Event(), None))
    runner.shutdown()
    runner.shutdown()
    assert runner.stopped
    assert not runner.busy


def test_the_event_loop_keeps_running_during_a_job(jobs, qtbot):
    release = threading.Event()
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(jobs.busy))
    timer.start(5)
    jobs.run("slow", _blocking(release, None))
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=JOB_TIMEOUT_MS)
    assert all(ticks)  # every tick came while the job was still running
    timer.stop()
    with qtbot.waitSignal(jobs.finished, timeout=JOB_TIMEOUT_MS):
        release.set()
