"""The grading item's case read and its metrics evaluated on the scheduler (no Qt)."""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.app.grading_cases import GradingCases
from vesselview.app.grading_loading import GradingLoading
from vesselview.app.grading_metrics import GradingMetrics
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.errors import InputError
from vesselview.io.grading_files import ItemKey
from vesselview.synth import demo_case


def test_each_case_is_evaluated_with_the_study_params():
    scheduler = Scheduler(synchronous=True)
    params = Params(t=3)
    metrics = GradingMetrics(scheduler, params)
    shown = []
    metrics.done.connect(lambda response: shown.append(response))
    for seed in (1, 2):
        case = demo_case(shape=(64, 60), seed=seed)
        metrics.evaluate(case)
        assert shown[-1].request.case is case and not metrics.busy
        assert shown[-1].result.metrics["f1_t"] == evaluate(case, params).metrics["f1_t"]
    scheduler.shutdown()


def test_a_newer_case_replaces_a_pending_one():
    scheduler = Scheduler()  # a worker thread: the first task may be superseded
    metrics = GradingMetrics(scheduler)
    shown = []
    metrics.done.connect(shown.append)
    first, second = demo_case(shape=(64, 60), seed=1), demo_case(shape=(64, 60), seed=2)
    metrics.evaluate(first)
    metrics.evaluate(second)
    assert scheduler.wait_idle(timeout=60)
    assert shown[-1].request.case is second  # whether or not the first one finished
    scheduler.shutdown()


def test_cases_are_read_and_a_bad_file_is_reported():
    good = demo_case(shape=(32, 30))

    def unreadable():
        raise InputError("/data/02_unet.png: not an image (cannot identify image file)")

    cases = GradingCases({ItemKey("01", "unet"): lambda: good, ItemKey("02", "unet"): unreadable})
    loading = GradingLoading(Scheduler(synchronous=True), cases)
    loaded, failures = [], []
    loading.done.connect(loaded.append)
    loading.failed.connect(failures.append)
    loading.load(ItemKey("01", "unet"))
    loading.load(ItemKey("02", "unet"))
    assert loaded == [(ItemKey("01", "unet"), good)]
    assert failures == ["/data/02_unet.png: not an image (cannot identify image file)"]


def test_ignore_marks_leave_pixels_out_of_every_metric():
    scheduler = Scheduler(synchronous=True)
    metrics = GradingMetrics(scheduler)
    shown = []
    metrics.done.connect(shown.append)
    case = demo_case(shape=(64, 60), seed=4)
    marks = np.zeros(case.shape, bool)
    marks[10:40, 5:35] = True
    metrics.evaluate(case, marks)
    evaluated = shown[-1].request.case
    assert np.array_equal(evaluated.ignore, marks)
    expected = evaluate(dataclasses.replace(case, ignore=marks)).metrics
    np.testing.assert_equal(shown[-1].result.metrics, expected)  # nan equals nan
    assert shown[-1].result.metrics["dice"] != evaluate(case).metrics["dice"]
    metrics.evaluate(case, marks.copy())  # the same marks again: the same case, cached
    assert shown[-1].request.case is evaluated
    metrics.evaluate(case, np.zeros(case.shape, bool))  # no marks: the case itself
    assert shown[-1].request.case is case
    scheduler.shutdown()


def test_the_next_item_is_read_ahead_once_and_quietly():
    reads: list[str] = []

    def reader(case_id: str):
        def read():
            reads.append(case_id)
            if case_id == "03":
                raise InputError(f"/data/{case_id}_unet.png: not an image")
            return demo_case(shape=(32, 30), seed=int(case_id))
        return read

    items = [ItemKey(f"{n:02d}", "unet") for n in (1, 2, 3)]
    cases = GradingCases({item: reader(item.id) for item in items})
    loading = GradingLoading(Scheduler(synchronous=True), cases)
    loaded, failures = [], []
    loading.done.connect(loaded.append)
    loading.failed.connect(failures.append)
    loading.load(items[0], ahead=items[1])
    assert reads == ["01", "02"] and [item for item, _ in loaded] == [items[0]]
    loading.load(items[1], ahead=items[2])  # read ahead before: not read again
    assert reads == ["01", "02", "03"] and [item for item, _ in loaded] == items[:2]
    assert failures == []  # the read-ahead's failure waits until the item is shown
    loading.load(items[2])
    assert failures == ["/data/03_unet.png: not an image"]
