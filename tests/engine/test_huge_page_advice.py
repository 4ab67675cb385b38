"""numpy's transparent-huge-page advice is off while the engine evaluates or builds a
layer, restored afterwards, and left alone when the user chose it
(`vesselview.engine.huge_pages`)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

import vesselview as vv
from vesselview.engine import huge_pages
from vesselview.engine.pipeline.run import Run
from vesselview.synth import demo_case

SETTER = huge_pages._numpy_setter()
pytestmark = pytest.mark.skipif(SETTER is None, reason="this numpy offers no switch")


def advised() -> bool:
    """numpy's current setting (set and set back)."""
    assert SETTER is not None
    current = SETTER(True)
    SETTER(current)
    return current


@pytest.fixture(params=[True, False], ids=["numpy-advises", "numpy-does-not"])
def numpy_setting(request: pytest.FixtureRequest) -> Iterator[bool]:
    """numpy's setting before the test (both), restored after it."""
    assert SETTER is not None
    before = SETTER(request.param)
    yield request.param
    SETTER(before)


def test_an_evaluation_runs_with_small_pages_and_restores_numpy(numpy_setting: bool) -> None:
    seen: list[bool] = []
    vv.Evaluator(demo_case(shape=(48, 48), seed=2)).evaluate(
        progress=lambda fraction, stage: seen.append(advised()))
    assert seen and not any(seen)  # every stage
    assert advised() is numpy_setting


def test_a_layer_is_built_with_small_pages(numpy_setting: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    result = vv.evaluate(demo_case(shape=(48, 48), seed=2))
    seen: list[bool] = []
    real_get = Run.get

    def spying_get(run: Run, stage: Any) -> Any:
        seen.append(advised())
        return real_get(run, stage)

    monkeypatch.setattr(Run, "get", spying_get)
    assert result.layers["confusion"].data.shape == (48, 48)
    assert seen and not any(seen)  # the layer and the stages it fetches
    assert advised() is numpy_setting


def test_overlapping_evaluations_restore_numpy_when_the_last_one_ends(
        numpy_setting: bool) -> None:
    first_inside, leave = threading.Event(), threading.Event()
    during: list[bool] = []

    def first() -> None:
        with huge_pages.small_pages():
            first_inside.set()
            leave.wait(10)

    thread = threading.Thread(target=first)
    thread.start()
    assert first_inside.wait(10)
    with huge_pages.small_pages():
        during.append(advised())
    during.append(advised())  # the first evaluation still runs
    leave.set()
    thread.join(10)
    assert during == [False, False]
    assert advised() is numpy_setting


def test_a_user_who_set_numpys_variable_keeps_numpys_setting(
        numpy_setting: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(huge_pages.USER_CHOICE, "1")
    advice = huge_pages._Advice()  # as if imported with the variable set
    with advice.off():
        assert advised() is numpy_setting
    assert advised() is numpy_setting



def test_a_stopped_evaluation_restores_numpy(numpy_setting: bool) -> None:
    with pytest.raises(vv.EvaluationStopped):
        vv.Evaluator(demo_case(shape=(48, 48), seed=2)).evaluate(should_stop=lambda: True)
    assert advised() is numpy_setting
