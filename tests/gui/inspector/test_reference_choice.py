"""The inspector's "Reference" list: which observer (or consensus) the case is scored
against; choosing one re-evaluates the shown case."""

from __future__ import annotations

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.app.reference_switch import switched_case
from vesselview.engine.pipeline import evaluate


def test_one_observer_leaves_the_list_disabled(small_window):
    combo = small_window.reference_choice.combo
    assert [combo.itemData(i) for i in range(combo.count())] == ["observer1"]
    assert not combo.isEnabled()


def test_choosing_a_consensus_re_evaluates_the_shown_case(
    two_observer_window, qtbot, two_observer_case
):
    window, case = two_observer_window, two_observer_case
    combo = window.reference_choice.combo
    assert combo.isEnabled() and combo.currentData() == "observer1"
    assert [combo.itemText(i) for i in range(combo.count())][2] == "majority of observers"
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS) as applied:
        combo.setCurrentIndex(combo.findData("majority"))
    assert window.model.case.observer == "majority"
    expected = evaluate(switched_case(case, "majority"), window.model.params)
    assert applied.args[0].result.metrics["dice"] == expected.metrics["dice"]
    assert window.reference_choice.combo.currentData() == "majority"
