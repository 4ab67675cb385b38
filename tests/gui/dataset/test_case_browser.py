"""The case browser window over a synthetic DRIVE-like dataset of three methods."""

from __future__ import annotations

import csv
import hashlib
import json
import shutil

import numpy as np
import pytest
from PIL import Image
from PySide6.QtWidgets import QPushButton

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.dataset.open_dialog import OpenDatasetDialog
from vesselview.gui.inspector.compare import CompareMode

CASES, METHODS = 4, 3


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    return write_demo_drive(tmp_path_factory.mktemp("datasets"), cases=CASES)


def finished(browser) -> bool:
    return not browser.channel.busy and browser.evaluations == CASES * METHODS


@pytest.fixture
def opened(window, qtbot, drive):
    """The inspector window (shown: the browser may dock into it) with the dataset opened
    and every value computed."""
    window.show()
    qtbot.waitExposed(window)
    browser = window.dataset_browser.browser
    assert browser.open(*drive)
    qtbot.waitUntil(lambda: finished(browser), timeout=RESULT_TIMEOUT_MS)
    qtbot.waitUntil(lambda: window.model.case is not None, timeout=RESULT_TIMEOUT_MS)
    return window


def column_values(window, header: str) -> list[str]:
    table = window.dataset_browser.table
    labels = [table.horizontalHeaderItem(c).text().replace("\n", " ")
              for c in range(table.columnCount())]
    column = labels.index(header)
    return [table.item(row, column).text() for row in range(table.rowCount())]


def test_table_fills_in_the_background_with_progress(opened):
    browser_window = opened.dataset_browser
    assert browser_window.isVisible()
    assert browser_window.table.rowCount() == CASES
    assert browser_window.table.columnCount() == 1 + METHODS * len(browser_window.browser.metrics)
    assert browser_window.progress.value() == 100
    assert not browser_window.cancel.isEnabled()
    assert "…" not in column_values(opened, "thick Dice")


def test_sorting_by_a_metric_column_and_worst_first(opened):
    browser_window = opened.dataset_browser
    browser_window.metric_choice.setCurrentIndex(browser_window.browser.metrics.index("dice"))
    browser_window.descending.setChecked(True)
    dice = [float(text) for text in column_values(opened, "good Dice")]
    assert dice == sorted(dice, reverse=True)
    evaluations = browser_window.browser.evaluations
    browser_window.by_difference.setChecked(True)
    browser_window.descending.setChecked(False)
    assert browser_window.browser.order.minus == "thick"
    assert browser_window.browser.evaluations == evaluations  # re-sorting is a cache hit


def test_picking_a_row_shows_the_case_in_the_inspector(opened, qtbot):
    browser_window = opened.dataset_browser
    row = 2
    case_id = browser_window.browser.rows[row]
    with qtbot.waitSignal(opened.result_applied, timeout=RESULT_TIMEOUT_MS):
        browser_window.table.cellClicked.emit(row, 1)
    assert opened.model.dataset.case.id == case_id
    assert opened.model.case.sources["candidate"].endswith(f"{case_id}_test.png")


def test_next_and_previous_case_keys_follow_the_browser_order(opened, qtbot):
    browser = opened.dataset_browser.browser
    browser.worst_first("dice")
    browser.pick(browser.rows[0])
    opened.menus.actions["next_case"].trigger()
    assert browser.current == browser.rows[1]
    qtbot.waitUntil(lambda: opened.model.dataset.case.id == browser.rows[1],
                    timeout=RESULT_TIMEOUT_MS)
    opened.menus.actions["previous_case"].trigger()
    assert browser.current == browser.rows[0]


def test_method_b_is_the_comparison_in_the_compare_modes(opened, qtbot):
    browser = opened.dataset_browser.browser
    with qtbot.waitSignal(opened.result_applied, timeout=RESULT_TIMEOUT_MS):
        browser.pick("03")
    qtbot.waitUntil(lambda: opened.compare.other_name == "thick", timeout=RESULT_TIMEOUT_MS)
    opened.compare.set_mode(CompareMode.SWIPE)
    assert "thick" in opened.view.banner.text()


def test_cancel_keeps_finished_values_and_stops_the_run(window, qtbot, drive):
    browser = window.dataset_browser.browser
    fractions = []

    def cancel_after_first(fraction, _message):
        fractions.append(fraction)
        window.dataset_browser.cancel.click()

    browser.channel.progress.connect(cancel_after_first)
    browser.open(*drive)
    qtbot.waitUntil(lambda: not browser.channel.busy and bool(fractions), timeout=RESULT_TIMEOUT_MS)
    window.scheduler.wait_idle()
    qtbot.waitUntil(lambda: not window.dataset_browser.cancel.isEnabled())
    assert 1 <= browser.evaluations < CASES * METHODS


def test_exports_table_csv_and_plots_png(opened, tmp_path):
    browser_window = opened.dataset_browser
    browser_window.export_csv(tmp_path / "cases.csv")
    with open(tmp_path / "cases.csv", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) == 1 + CASES and "thin_lost:se_thin" in rows[0]
    browser_window.export_plots(str(tmp_path / "plots.png"))
    image = np.asarray(Image.open(tmp_path / "plots.png"))
    assert image.shape[0] > 50 and image.std() > 0


def test_table_and_plot_exports_carry_provenance(opened, tmp_path):
    browser_window = opened.dataset_browser
    browser_window.export_csv(str(tmp_path / "cases.csv"))
    browser_window.export_plots(str(tmp_path / "plots.png"))
    with Image.open(tmp_path / "plots.png") as image:
        in_png = json.loads(image.text["vesselview-provenance"])
    in_sidecar = json.loads((tmp_path / "cases.csv.provenance.json").read_text())
    dataset = browser_window.browser.dataset
    expected = {str(path): hashlib.sha256(path.read_bytes()).hexdigest()
                for case in dataset.cases
                for path in (case.fundus, case.reference, case.fov, *case.candidates.values(),
                             *case.references.values()) if path is not None}
    for values, action in ((in_sidecar, "Export table"), (in_png, "Export plots")):
        assert values["api_call"] == f"vesselview window: Case browser > {action}"
        assert values["params"] == browser_window.browser.params.to_dict()
        assert values["reference"]["observer"] == dataset.observer
        assert {item["absolute"]: item["sha256"] for item in values["inputs"]} == expected


def test_unmatched_prediction_files_are_shown(window, qtbot, drive, tmp_path):
    root, predictions = drive
    extra = tmp_path / "extra"
    shutil.copytree(predictions["good"], extra)
    shutil.copy(extra / "01_test.png", extra / "99_test.png")
    browser = window.dataset_browser.browser
    browser.open(root, {"extra": extra})
    assert "99_test.png" in window.dataset_browser.issues.text()
    browser.cancel()


def test_open_dialog_names_methods_after_their_folders(qtbot, drive):
    dialog = OpenDatasetDialog()
    qtbot.addWidget(dialog)
    _root, predictions = drive
    dialog.add_method(str(predictions["good"]))
    dialog.add_method(str(predictions["thick"]), "wide")
    dialog.observer.setCurrentIndex(1)
    assert dialog.predictions() == {"good": str(predictions["good"]),
                                    "wide": str(predictions["thick"])}
    assert dialog.observer_number() == 2


def test_a_methods_parent_folder_is_remembered_per_dataset(qtbot, drive, settings):
    root, predictions = drive
    parent = str(predictions["good"].parent)
    dialog = OpenDatasetDialog(settings=settings)
    qtbot.addWidget(dialog)
    dialog.root.setText(str(root))
    dialog.add_parent(parent)  # one choice, every method
    assert dialog.predictions() == {name: str(folder) for name, folder in predictions.items()}
    dialog.accept()
    again = OpenDatasetDialog(settings=settings)  # the next time: filled in
    qtbot.addWidget(again)
    assert again.root.text() == str(root)
    assert again.predictions() == dialog.predictions()
    again.root.setText(str(root.parent))
    again.methods.setRowCount(0)
    again.add_parent(str(root / "missing"))
    assert again.error.isVisibleTo(again) and "missing" in again.error.text()


def test_after_any_sort_the_selection_status_and_shown_case_agree(opened, qtbot):
    browser_window, browser = opened.dataset_browser, opened.dataset_browser.browser
    with qtbot.waitSignal(opened.result_applied, timeout=RESULT_TIMEOUT_MS):
        browser_window.table.cellClicked.emit(CASES - 1, 0)  # the last case by id
    worst = next(button for button in browser_window.findChildren(QPushButton)
                 if button.text() == "Worst first")
    for sort in (worst.click, lambda: browser_window.descending.setChecked(True)):
        sort()
        row = browser.rows.index(browser.current)
        assert [index.row() for index in browser_window.table.selectedIndexes()] == \
            [row] * browser_window.table.columnCount()
        assert browser_window.table.item(row, 0).text() == browser.current
        assert opened.model.dataset.case.id == browser.current
        assert f"case {browser.current} ({row + 1} of {CASES} by " in \
            opened.statusBar().currentMessage()


def shown_range_holds(plot, xs, ys) -> bool:
    (x_low, x_high), (y_low, y_high) = plot.getViewBox().viewRange()
    return (x_low <= min(xs) and max(xs) <= x_high and y_low <= min(ys) and max(ys) <= y_high)


def test_plots_show_their_whole_data_after_changes_and_resizes(opened, qtbot):
    browser_window, browser = opened.dataset_browser, opened.dataset_browser.browser
    for metric in ("dice", "hd95_contour"):
        browser_window.metric_choice.setCurrentIndex(browser.metrics.index(metric))
        for size in ((400, 300), (1800, 1000)):  # docked small, then maximised
            browser_window.scatter.resize(*size)
            pairs = browser.table.pairs(metric, browser.method_a, browser.method_b)
            assert shown_range_holds(browser_window.scatter, [p[1] for p in pairs],
                                     [p[2] for p in pairs])
            values = [v for m in browser.table.methods for v in browser.table.column(m, metric)]
            assert shown_range_holds(browser_window.box_plot,
                                     [-0.3, len(browser.table.methods) - 0.7], values)
