"""The case browser does not pool metrics measured in pixels over cases of different
resolution: a notice names the cases, and sorting by such a metric is refused."""

from __future__ import annotations

import pytest

from tests.io.dataset_files import halve_fov, write_drive, write_predictions
from vesselview.app.case_resolutions import RESOLUTION_NOTICE
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.dataset_table import SortOrder
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.engine.params import Params


def _browser(tmp_path, *, mixed: bool) -> tuple[DatasetBrowser, list[str]]:
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3), training_ids=())
    if mixed:
        halve_fov(root, "test", 2)
    predictions = write_predictions(tmp_path / "unet", [(f"0{n}_test.png", n + 3)
                                                        for n in (1, 2, 3)])
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=("dice", "f1_t"))
    errors: list[str] = []
    browser.inspector.error.connect(errors.append)
    assert browser.open(root, {"unet": predictions})
    return browser, errors


def _resolution_notices(browser: DatasetBrowser) -> list[str]:
    return [notice.message for notice in browser.inspector.notices.notices
            if notice.key == RESOLUTION_NOTICE]


def test_cases_of_different_resolution_are_named_in_one_notice(tmp_path) -> None:
    browser, _ = _browser(tmp_path, mixed=True)
    (message,) = _resolution_notices(browser)
    assert message.startswith("The case browser's plots would pool metrics measured in "
                              "pixels (f1_t) over cases of different resolution: cases 01, "
                              "03 at 720 µm per pixel and 02 at 1440, 2.00x apart")


def test_sorting_by_a_pixel_metric_is_refused_and_the_order_kept(tmp_path) -> None:
    browser, errors = _browser(tmp_path, mixed=True)
    before = (browser.order, browser.rows)
    browser.sort(SortOrder("f1_t", "unet"))
    assert (browser.order, browser.rows) == before
    (error,) = errors
    assert error.startswith("Sorting by f1_t would pool metrics measured in pixels (f1_t) "
                            "over cases of different resolution: cases 01, 03")
    browser.worst_first("dice")  # dice does not depend on the pixel size
    assert browser.order.metric == "dice" and len(errors) == 1


@pytest.mark.parametrize("metric", ["f1_t", "dice"])
def test_cases_of_one_resolution_sort_by_any_metric(tmp_path, metric) -> None:
    browser, errors = _browser(tmp_path, mixed=False)
    assert _resolution_notices(browser) == []
    browser.worst_first(metric)
    assert browser.order.metric == metric and errors == []


def test_the_resolutions_come_from_the_cache_too(tmp_path) -> None:
    browser, _ = _browser(tmp_path, mixed=True)
    evaluations = browser.evaluations
    browser.inspector.notices.dismiss_all()
    # re-opened, every value cached: nothing is evaluated, the resolutions come back
    assert browser.open(tmp_path / "DRIVE", {"unet": tmp_path / "unet"})
    assert browser.evaluations == evaluations and len(_resolution_notices(browser)) == 1


def test_a_tolerance_in_micrometres_sorts_cases_of_different_resolution(tmp_path) -> None:
    browser, errors = _browser(tmp_path, mixed=True)
    browser.inspector.set_params(Params(t="1000um"))
    browser.compute()
    assert _resolution_notices(browser) == []
    browser.worst_first("f1_t")
    assert browser.order.metric == "f1_t" and errors == []
