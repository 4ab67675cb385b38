"""The case browser on a DRIVE-like dataset with a second observer: the other observer is
labelled a human baseline in the columns, the method choices and the plots, and is never
the method shown first; the box plot says n where a metric is undefined on some cases."""

from __future__ import annotations

import math

import pytest

from tests.demo_dataset import write_demo_drive
from tests.gui.dataset.browser_runs import opened_browser
from vesselview.app.dataset_table import MetricTable
from vesselview.gui.dataset.plots import MethodBoxPlot

CASES = 2
BASELINE = "observer2 (human baseline)"


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("observers"), cases=CASES,
                            methods=("thin_lost",), second_observer=True)


@pytest.fixture
def opened(window, qtbot, drive):
    return opened_browser(window, qtbot, drive, 2 * CASES)


def test_columns_and_choices_name_the_human_baseline(opened) -> None:
    table = opened.table
    headers = [table.horizontalHeaderItem(c).text().split("\n")[0]
               for c in range(1, table.columnCount())]
    assert set(headers) == {"thin_lost", BASELINE}
    assert headers[-1] == BASELINE  # its columns last
    for combo in (opened.method_a, opened.method_b):
        assert [combo.itemText(i) for i in range(combo.count())] == ["thin_lost", BASELINE]
    assert (opened.method_a.currentData(), opened.method_b.currentData()) == (
        "thin_lost", "observer2")


def test_choosing_the_baseline_by_its_label_compares_with_it(opened) -> None:
    opened.method_a.setCurrentIndex(1)
    opened.method_b.setCurrentIndex(0)
    assert (opened.browser.method_a, opened.browser.method_b) == ("observer2", "thin_lost")
    assert "observer2 (human baseline) vs thin_lost" in opened.scatter.plotItem.titleLabel.text


def test_the_box_plot_labels_the_baseline(opened) -> None:
    ticks = opened.box_plot.getAxis("bottom")._tickLevels[0]  # set by setTicks; no getter
    assert ticks == [(0, "thin_lost"), (1, "observer2\n(human baseline)")]


def test_the_box_plot_says_n_where_a_metric_is_undefined_on_some_cases(qtbot) -> None:
    table = MetricTable(("01", "02", "03"), ("a", "observer2"), ("dice",), ("observer2",))
    for case_id, value in (("01", 0.8), ("02", math.nan), ("03", 0.7)):
        table.set(case_id, "a", {"dice": value})
        table.set(case_id, "observer2", {"dice": 0.9})
    plot = MethodBoxPlot()
    qtbot.addWidget(plot)
    plot.show_metric(table, "dice")
    assert plot.getAxis("bottom")._tickLevels[0] == [(0, "a\nn=2 of 3"),
                                                      (1, "observer2\n(human baseline)")]
