"""The window names a case by its id and method, never by a path: title bar and compare banners."""

from __future__ import annotations

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.gui.inspector.compare import CompareMode

EM_DASH = "\N{EM DASH}"


def test_a_dataset_case_is_titled_by_case_id_and_method(window, qtbot, tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=2)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        assert window.model.open_dataset(str(root), {m: str(p) for m, p in predictions.items()},
                                         method="thick")
    assert window.windowTitle() == f"Case 01, method thick {EM_DASH} vesselview"
    assert str(tmp_path) not in window.windowTitle()


def test_side_by_side_names_both_sides(window, qtbot, tmp_path):
    root, predictions = write_demo_drive(tmp_path, cases=1)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.open_dataset(str(root), {m: str(p) for m, p in predictions.items()},
                                  method="good")
    compare = window.compare
    compare.set_mode(CompareMode.SIDE_BY_SIDE)
    banner = window.view.banner.text()
    assert "Left: <b>reference (manual)</b>" in banner
    assert "Right: <b>method good</b>" in banner
    other = window.model.shown.case.reference.copy()
    compare.compare_with("thick", other)
    banner = window.view.banner.text()
    assert "Left: <b>method thick</b>" in banner and "Right: <b>method good</b>" in banner
    compare.set_mode(CompareMode.OVERLAY)


def test_the_demo_is_titled_as_a_synthetic_case(shown_window):
    assert shown_window.windowTitle().startswith("Synthetic demonstration case")
    assert shown_window.windowTitle().endswith(f"{EM_DASH} vesselview")
