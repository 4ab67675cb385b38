"""The scheduler: latest wins per channel, stops at the next poll, urgent work first.

Every ordering is forced with `threading.Event` gates inside fake tasks and the
scheduler's `wait_idle` hook; nothing sleeps.
"""

from __future__ import annotations

import threading

import pytest

from vesselview.app.scheduler import Scheduler
from vesselview.errors import EvaluationStopped, InputError

TIMEOUT_S = 30


@pytest.fixture
def scheduler():
    runner = Scheduler()
    yield runner
    runner.shutdown()
    assert runner.stopped


class Gate:
    """A fake task that reports its stages and waits at each gate the test opens."""

    def __init__(self, value: object, stages: int = 1) -> None:
        self.value = value
        self.stages = stages
        self.started = threading.Event()
        self.gates = [threading.Event() for _ in range(stages)]
        self.polled: list[bool] = []

    def __call__(self, should_stop, progress):
        self.started.set()
        for gate in self.gates:
            assert gate.wait(TIMEOUT_S)
            stop = should_stop()
            self.polled.append(stop)
            if stop:
                raise EvaluationStopped("stopped between stages")
        return self.value

    def open_all(self) -> None:
        for gate in self.gates:
            gate.set()


def outcomes(channel) -> list[tuple[str, object]]:
    seen: list[tuple[str, object]] = []
    channel.done.connect(lambda value: seen.append(("done", value)))
    channel.failed.connect(lambda message: seen.append(("failed", message)))
    return seen


def test_synchronous_mode_runs_at_once_in_the_calling_thread():
    scheduler = Scheduler(synchronous=True)
    channel = scheduler.channel("sync")
    seen = outcomes(channel)
    threads = []
    task_id = channel.submit(lambda stop, progress: threads.append(threading.get_ident()) or 7)
    assert seen == [("done", 7)] and threads == [threading.get_ident()]
    assert task_id == channel.latest_id == 1 and not channel.busy
    assert scheduler.stopped and scheduler.wait_idle(0)


def test_a_new_request_stops_the_running_one_at_its_next_poll(scheduler):
    channel = scheduler.channel("live")
    seen = outcomes(channel)
    old = Gate("old", stages=3)
    channel.submit(old)
    assert old.started.wait(TIMEOUT_S)
    channel.submit(lambda stop, progress: "new")
    old.open_all()
    assert scheduler.wait_idle(TIMEOUT_S)
    assert old.polled == [True]  # stopped at the first stage boundary after the request
    assert seen == [("done", "new")] and not channel.busy


def test_only_the_newest_pending_request_runs(scheduler):
    channel = scheduler.channel("live")
    seen = outcomes(channel)
    running = Gate("first")
    channel.submit(running)
    assert running.started.wait(TIMEOUT_S)
    for value in range(50):
        channel.submit(lambda stop, progress, v=value: v)
    running.open_all()
    assert scheduler.wait_idle(TIMEOUT_S)
    assert seen == [("done", 49)]
    assert channel.started == 2  # the running one and the newest; 49 were dropped


def test_channels_do_not_supersede_each_other(scheduler):
    plots, live = scheduler.channel("plots"), scheduler.channel("live")
    seen_plots, seen_live = outcomes(plots), outcomes(live)
    sweep = Gate("sweep", stages=2)
    plots.submit(sweep)
    assert sweep.started.wait(TIMEOUT_S)
    live.submit(lambda stop, progress: "result")
    sweep.open_all()
    assert scheduler.wait_idle(TIMEOUT_S)
    assert seen_plots == [("done", "sweep")] and seen_live == [("done", "result")]
    assert sweep.polled == [False, False]


def test_urgent_work_runs_inside_the_next_poll_of_a_long_task(scheduler):
    research = scheduler.channel("research", priority=0)
    live = scheduler.channel("live", priority=2)
    order: list[str] = []
    threads: set[int] = set()
    sweep = Gate("sweep", stages=2)
    research.done.connect(lambda value: order.append(value))
    live.done.connect(lambda value: order.append(value))

    def evaluate(stop, progress):
        threads.add(threading.get_ident())
        order.append("live ran")
        return "live result"

    def sweep_task(stop, progress):
        threads.add(threading.get_ident())
        return sweep(stop, progress)

    research.submit(sweep_task)
    assert sweep.started.wait(TIMEOUT_S)
    live.submit(evaluate)
    sweep.gates[0].set()  # the sweep reaches its first poll: the live task runs there
    sweep.gates[1].set()
    assert scheduler.wait_idle(TIMEOUT_S)
    assert order == ["live ran", "live result", "sweep"]
    assert len(threads) == 1  # one worker thread serialises both
    assert sweep.polled == [False, False]  # the sweep went on after the live task


def test_cancel_delivers_nothing(scheduler):
    channel = scheduler.channel("plots")
    seen = outcomes(channel)
    busy: list[bool] = []
    channel.busy_changed.connect(busy.append)
    task = Gate("never", stages=2)
    channel.submit(task)
    assert task.started.wait(TIMEOUT_S)
    channel.cancel()
    task.open_all()
    assert scheduler.wait_idle(TIMEOUT_S)
    assert seen == [] and busy == [True, False] and task.polled == [True]


def test_failures_are_reported_and_the_worker_lives_on(scheduler):
    channel = scheduler.channel("load")
    seen = outcomes(channel)

    def bad_file(stop, progress):
        raise InputError("bad.png: not an image; choose a PNG or TIFF", source="bad.png")

    channel.submit(bad_file)
    assert scheduler.wait_idle(TIMEOUT_S)
    channel.submit(lambda stop, progress: 1 / 0)
    assert scheduler.wait_idle(TIMEOUT_S)
    channel.submit(lambda stop, progress: "fine")
    assert scheduler.wait_idle(TIMEOUT_S)
    assert seen[0] == ("failed", "bad.png: not an image; choose a PNG or TIFF")
    assert seen[1][0] == "failed" and seen[1][1].startswith("ZeroDivisionError")
    assert seen[2] == ("done", "fine")


def test_progress_of_the_newest_task_only(scheduler):
    channel = scheduler.channel("sweep")
    reports: list[tuple[float, str]] = []
    channel.progress.connect(lambda fraction, message: reports.append((fraction, message)))
    channel.submit(lambda stop, progress: progress(0.5, "half") or "done")
    assert scheduler.wait_idle(TIMEOUT_S)
    assert reports == [(0.5, "half")]


def test_wait_idle_times_out_while_work_runs(scheduler):
    channel = scheduler.channel("slow")
    task = Gate("slow")
    channel.submit(task)
    assert task.started.wait(TIMEOUT_S)
    assert not scheduler.wait_idle(0.01)
    task.open_all()
    assert scheduler.wait_idle(TIMEOUT_S)


def test_shutdown_stops_running_work_and_refuses_more():
    scheduler = Scheduler()
    channel = scheduler.channel("slow")
    seen = outcomes(channel)
    task = Gate("never", stages=2)
    channel.submit(task)
    assert task.started.wait(TIMEOUT_S)
    task.gates[0].set()
    scheduler.shutdown()
    scheduler.shutdown()
    assert scheduler.stopped and task.polled == [True]
    channel.submit(lambda stop, progress: "too late")
    assert seen == []
