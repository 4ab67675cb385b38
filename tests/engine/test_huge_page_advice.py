"""numpy's transparent-huge-page advice is off while the engine evaluates a large case or
builds one of its layers, restored afterwards, untouched for a smaller case, and left
alone when the user chose it (`vesselview.engine.huge_pages`)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import vesselview as vv
from vesselview.engine import huge_pages
from vesselview.engine.pipeline.run import Run, _Context
from vesselview.synth import demo_case

SETTER = huge_pages._numpy_setter()


def test_numpy_still_offers_its_switch_on_linux() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("numpy advises huge pages on Linux only")
    assert SETTER is not None, (
        f"numpy {np.__version__} has no _set_madvise_hugepage in numpy._core.multiarray "
        "or numpy.core.multiarray: vesselview.engine.huge_pages now changes nothing; find "
        "numpy's new switch and use it there")


needs_the_switch = pytest.mark.skipif(SETTER is None, reason="this numpy offers no switch")


def advised() -> bool:
    """numpy's current setting (set and set back)."""
    assert SETTER is not None
    current = SETTER(True)
    SETTER(current)
    return current


@pytest.fixture(autouse=True)
def _demo_cases_count_as_large(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every case of these tests is large enough for small pages (a 48x48 demo case)."""
    monkeypatch.setattr(huge_pages, "SMALL_PAGES_FROM", 48 * 48)


@pytest.fixture(params=[True, False], ids=["numpy-advises", "numpy-does-not"])
def numpy_setting(request: pytest.FixtureRequest) -> Iterator[bool]:
    """numpy's setting before the test (both), restored after it."""
    assert SETTER is not None
    before = SETTER(request.param)
    yield request.param
    SETTER(before)


@needs_the_switch
def test_an_evaluation_runs_with_small_pages_and_restores_numpy(numpy_setting: bool) -> None:
    seen: list[bool] = []
    vv.Evaluator(demo_case(shape=(48, 48), seed=2)).evaluate(
        progress=lambda fraction, stage: seen.append(advised()))
    assert seen and not any(seen)  # every stage
    assert advised() is numpy_setting


@needs_the_switch
def test_a_layer_is_built_with_small_pages(numpy_setting: bool,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    result = vv.evaluate(demo_case(shape=(48, 48), seed=2))
    computing: list[bool] = []
    real_context = _Context.__init__

    def spying_context(context: _Context, run: Run, stage: Any) -> None:
        computing.append(advised())  # a stage about to compute
        real_context(context, run, stage)

    monkeypatch.setattr(_Context, "__init__", spying_context)
    assert result.layers["confusion"].data.shape == (48, 48)
    assert computing and not any(computing)  # the layer and the stages it computes
    assert advised() is numpy_setting


@needs_the_switch
def test_overlapping_evaluations_restore_numpy_when_the_last_one_ends(
        numpy_setting: bool) -> None:
    """The first evaluation ends while the second runs: the advice stays off until the
    second ends too (a save and restore per block, without the count, fails this)."""
    first_inside, first_may_end = threading.Event(), threading.Event()
    during: list[bool] = []

    def first() -> None:
        with huge_pages.small_pages(huge_pages.SMALL_PAGES_FROM):
            first_inside.set()
            first_may_end.wait(10)

    thread = threading.Thread(target=first)
    thread.start()
    assert first_inside.wait(10)
    with huge_pages.small_pages(huge_pages.SMALL_PAGES_FROM):
        first_may_end.set()
        thread.join(10)  # the first evaluation has ended, this one still runs
        during.append(advised())
    assert during == [False]
    assert advised() is numpy_setting


@needs_the_switch
def test_a_user_who_set_numpys_variable_keeps_numpys_setting(
        numpy_setting: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(huge_pages.USER_CHOICE, "1")
    advice = huge_pages._Advice()  # as if imported with the variable set
    with advice.off():
        assert advised() is numpy_setting
    assert advised() is numpy_setting


@needs_the_switch
def test_a_stopped_evaluation_restores_numpy(numpy_setting: bool) -> None:
    with pytest.raises(vv.EvaluationStopped):
        vv.Evaluator(demo_case(shape=(48, 48), seed=2)).evaluate(should_stop=lambda: True)
    assert advised() is numpy_setting


@needs_the_switch
def test_a_smaller_case_keeps_numpys_setting(numpy_setting: bool,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(huge_pages, "SMALL_PAGES_FROM", 48 * 48 + 1)
    seen: list[bool] = []
    result = vv.Evaluator(demo_case(shape=(48, 48), seed=2)).evaluate(
        progress=lambda fraction, stage: seen.append(advised()))
    assert result.layers["confusion"].data.shape == (48, 48)
    assert seen and all(value is numpy_setting for value in seen)
