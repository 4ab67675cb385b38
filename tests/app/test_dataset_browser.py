"""The case browser's model: background metrics, cache, orders, navigation, picking."""

from __future__ import annotations

import math

import pytest

from tests.demo_dataset import write_demo_drive
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.dataset_table import MetricTable, SortOrder
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.io.dataset import open_dataset

METRICS = ("dice", "hd95_contour", "se_thin")


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=4)


def browser_on(scheduler: Scheduler) -> DatasetBrowser:
    return DatasetBrowser(Inspector(scheduler), metrics=METRICS)


@pytest.fixture
def browser(drive):
    browser = browser_on(Scheduler(synchronous=True))
    assert browser.open(*drive)
    return browser


def test_every_case_and_method_gets_the_values_the_api_gives(browser, drive):
    root, predictions = drive
    case = open_dataset(root, predictions).case("03").load("thick")
    expected = evaluate(case, Params(), metrics=METRICS).metrics
    for metric in METRICS:
        assert browser.table.value("03", "thick", metric) == pytest.approx(expected[metric],
                                                                           nan_ok=True)
    assert browser.evaluations == 4 * 3


def test_sorting_by_a_metric_and_by_a_difference(browser):
    table = browser.table
    browser.sort(SortOrder("dice", "good", descending=True))
    dice = [table.value(case_id, "good", "dice") for case_id in browser.rows]
    assert dice == sorted(dice, reverse=True)
    browser.sort(SortOrder("dice", "good", minus="thick"))
    gaps = [table.value(c, "good", "dice") - table.value(c, "thick", "dice")
            for c in browser.rows]
    assert gaps == sorted(gaps)


def test_worst_first_follows_the_metric_direction(browser):
    browser.worst_first("hd95_contour")  # lower is better: the largest distance first
    distances = [browser.table.value(c, "good", "hd95_contour") for c in browser.rows]
    assert distances == sorted(distances, reverse=True)
    browser.worst_first("dice")
    dice = [browser.table.value(c, "good", "dice") for c in browser.rows]
    assert dice == sorted(dice)


def test_resorting_and_reopening_never_recompute(browser, drive):
    browser.sort(SortOrder("se_thin", "thin_lost"))
    browser.worst_first("dice")
    assert browser.open(*drive)
    assert browser.evaluations == 12


def test_new_parameters_compute_again(browser):
    browser.inspector.set_params(Params(t=3))
    browser.compute()
    assert browser.evaluations == 24


def test_next_and_previous_follow_the_shown_order_and_show_the_case(browser):
    browser.worst_first("dice")
    assert browser.current == "01"
    browser.pick(browser.rows[0])
    browser.step(1)
    assert browser.current == browser.rows[1]
    browser.step(-1)
    browser.step(-1)  # stays on the first row
    assert browser.current == browser.rows[0]
    position = browser.inspector.dataset
    assert (position.case.id, position.method) == (browser.rows[0], "good")
    assert browser.inspector.shown.case.sources["candidate"].endswith(
        f"good/{browser.rows[0]}_test.png")


def test_the_status_position_follows_any_sort_of_the_rows(browser):
    statuses = []
    browser.inspector.status.connect(statuses.append)
    browser.pick("04")
    assert "case 04 (4 of 4)" in statuses[-1]
    browser.worst_first("dice")
    position = browser.inspector.dataset
    assert [case.id for case in position.cases] == list(browser.rows)
    assert position.case.id == browser.current == "04"  # the shown case stays
    row = browser.rows.index("04") + 1
    assert f"case 04 ({row} of 4 by Dice (F1) of good, ascending)" in statuses[-1]
    browser.pick(browser.rows[0])
    browser.inspector.step_case(1)  # the inspector's own stepping follows the rows too
    assert browser.inspector.dataset.case.id == browser.rows[1]
    browser.pick("04")
    browser.sort(SortOrder())
    assert "case 04 (4 of 4)," in statuses[-1]


def test_picked_case_uses_the_current_parameters_and_method(browser):
    browser.inspector.set_params(Params(t=4))
    browser.set_methods("thick", "good")
    browser.pick("02")
    assert browser.inspector.response.result.params.t == 4
    assert browser.inspector.dataset.method == "thick"


def test_method_b_candidate_is_loaded_for_the_compare_modes(browser):
    seen = []
    browser.comparison_ready.connect(lambda method, mask: seen.append((method, mask)))
    browser.pick("04")
    method, mask = seen[-1]
    assert method == "thick"
    assert mask.shape == browser.inspector.case.shape and mask.dtype == bool


def test_background_run_reports_progress_and_can_be_cancelled(drive):
    scheduler = Scheduler()
    browser = browser_on(scheduler)
    fractions: list[float] = []

    def on_progress(fraction: float, _message: str) -> None:
        fractions.append(fraction)
        if len(fractions) == 2:
            browser.cancel()

    browser.channel.progress.connect(on_progress)
    try:
        browser.open(*drive)
        assert scheduler.wait_idle(60)
        done = browser.evaluations
        assert 2 <= done < 12 and not browser.channel.busy
        assert fractions[:2] == [pytest.approx(1 / 12), pytest.approx(2 / 12)]
        pending = [c for c in browser.rows if browser.value_text(c, "thin_lost", "dice") == "…"]
        assert pending
        browser.channel.progress.disconnect(on_progress)
        browser.compute()  # the finished evaluations are kept: only the rest run
        assert scheduler.wait_idle(60)
        assert browser.evaluations == 12
    finally:
        scheduler.shutdown()


def test_unknown_files_are_reported_not_hidden(drive, tmp_path):
    root, predictions = drive
    browser = browser_on(Scheduler(synchronous=True))
    assert browser.open(root, predictions)
    assert browser.dataset.unmatched == ()
    assert not browser.open(tmp_path / "nowhere", predictions)
    assert browser.dataset.root == root  # the open dataset stays


def test_failed_evaluations_are_one_notice_naming_the_file(tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=3)
    for case in ("02", "03"):  # 01 is shown: its own load error would be said too
        broken = predictions["thick"] / f"{case}_test.png"
        broken.write_bytes(broken.read_bytes()[:60])
    browser = browser_on(Scheduler(synchronous=True))
    assert browser.open(root, predictions)
    assert set(browser.failures) == {("02", "thick"), ("03", "thick")}
    (notice,) = browser.inspector.notices.notices
    assert notice.kind == "error" and notice.source == "Case browser"
    assert notice.message.startswith("2 cases could not be evaluated")
    assert str(predictions["thick"] / "02_test.png") in notice.message


def test_missing_values_sort_last():

    table = MetricTable(("a", "b", "c"), ("m",), ("dice",))
    table.set("a", "m", {"dice": 0.5})
    table.set("c", "m", {"dice": math.nan})
    table.set("b", "m", {"dice": 0.7})
    assert table.ordered(SortOrder("dice", "m", descending=True)) == ("b", "a", "c")


def test_the_other_observer_is_a_labelled_baseline_never_the_shown_method(tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=2, methods=("thin_lost",),
                                         second_observer=True)
    browser = browser_on(Scheduler(synchronous=True))
    assert browser.open(root, predictions)
    # "observer2" sorts before "thin_lost", yet the shown method is the prediction
    assert browser.dataset.methods == ("thin_lost", "observer2")
    assert (browser.method_a, browser.method_b) == ("thin_lost", "observer2")
    assert browser.table.baselines == ("observer2",)
    assert browser.table.label("observer2") == "observer2 (human baseline)"
    assert browser.table.label("thin_lost") == "thin_lost"
    assert not math.isnan(browser.table.value("01", "observer2", "dice"))
