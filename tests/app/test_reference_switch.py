"""The inspector's reference switch: the shown case scored against another observer, a
consensus or the fuzzy reference, re-evaluated."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from vesselview.app.inspector import Inspector
from vesselview.app.reference_switch import ReferenceSwitch, reference_options, switched_case
from vesselview.app.scheduler import Scheduler
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.engine.reference_choice import consensus


@pytest.fixture
def two_observers(small_case) -> Case:
    """The small case with a second observer: the reference without its left half."""
    second = small_case.reference.copy()
    second[:, : second.shape[1] // 2] = False
    return dataclasses.replace(small_case, references={"observer2": second})


@pytest.fixture
def switch(settings, two_observers) -> ReferenceSwitch:
    model = Inspector(Scheduler(synchronous=True), settings)
    model.show_case(two_observers)
    return ReferenceSwitch(model)


def test_the_options_are_the_observers_then_the_consensus_and_fuzzy(switch, small_case):
    assert switch.options == ("observer1", "observer2", "majority", "intersection", "union",
                              "fuzzy")
    assert switch.chosen == "observer1"
    assert reference_options(small_case) == ("observer1",)
    soft = dataclasses.replace(small_case, reference_soft=np.zeros(small_case.shape))
    assert reference_options(soft) == ("observer1", "fuzzy")


@pytest.mark.parametrize("choice", ["observer2", "intersection"])
def test_choosing_re_evaluates_against_that_reference(switch, two_observers, choice):
    switch.choose(choice)
    model = switch.model
    assert model.case.observer == choice == switch.chosen
    masks = list(two_observers.references.values())
    expected_reference = masks[1] if choice == "observer2" else consensus(masks, "intersection")
    np.testing.assert_array_equal(model.case.reference, expected_reference)
    direct = evaluate(switched_case(two_observers, choice), Params())
    assert model.response.result.metrics["dice"] == direct.metrics["dice"]
    assert model.response.result.metrics["dice"] != evaluate(two_observers).metrics["dice"]


def test_switching_back_gives_the_first_observers_numbers(switch, two_observers):
    switch.choose("majority")
    switch.choose("observer1")
    assert switch.model.case.observer == "observer1"
    np.testing.assert_array_equal(switch.model.case.reference, two_observers.reference)
    assert switch.model.response.result.metrics["dice"] == evaluate(two_observers).metrics[
        "dice"]


def test_an_unknown_choice_is_refused(switch):
    with pytest.raises(ValueError, match="no reference 'observer3'"):
        switch.choose("observer3")
