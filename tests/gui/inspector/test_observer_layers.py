"""The window shows and hides the observer layers: where observers disagree (counts in
the legend) and the fuzzy reference (its ramp and what 0.5 means)."""

from __future__ import annotations

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.pipeline import evaluate
from vesselview.gui.inspector.readout import readout_facts


def test_the_observer_layers_are_hidden_then_shown_with_their_legends(
    two_observer_window, qtbot, two_observer_case
):
    window, case = two_observer_window, two_observer_case
    second = case.references["observer2"]
    window.show()
    qtbot.waitExposed(window)
    items, layers = window.view.main.items, window.model.layers
    disputed = int((case.fov & (case.reference != second)).sum())
    assert disputed > 0
    for name in ("observer_disagreement", "fuzzy_reference"):
        assert not layers[name].visible and not items[name].isVisible()
        layers.edit(name, visible=True)
        assert items[name].isVisible()
    legend = window.view.legend.text()
    assert "observers: 1 of 2 mark it <span" in legend and f"({disputed:,} px)" in legend
    assert "membership 0.5: half the observers mark it" in legend
    layers.edit("observer_disagreement", visible=False)
    assert not items["observer_disagreement"].isVisible()
    assert "observers: 1 of 2" not in window.view.legend.text()


def test_the_readout_says_how_many_observers_mark_the_pixel_and_its_membership():
    first = np.array([[True, True, False]])
    second = np.array([[True, False, False]])
    case = Case(reference=first, candidate=first, fov=np.ones((1, 3), bool),
                references={"observer2": second})
    facts = readout_facts(evaluate(case).explain(0, 1))
    assert "observers: 1 of 2 mark it" in facts and "membership 0.500" in facts
    assert not [fact for fact in readout_facts(evaluate(case).explain(0, 2))
                if "observers" in fact or "membership" in fact]
