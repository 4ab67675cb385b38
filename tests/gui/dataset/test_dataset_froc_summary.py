"""The case browser's dataset FROC: method A's probability maps pooled over the cases
(`vesselview.research.dataset_froc`), shown with the note that the score is a
convention; Cancel leaves nothing shown; a binary method is refused with a notice."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from tests.demo_dataset import write_demo_drive
from tests.gui.conftest import RESULT_TIMEOUT_MS
from tests.gui.dataset.browser_runs import opened_browser
from vesselview.io.dataset import open_dataset
from vesselview.research.dataset_froc import pooled_froc
from vesselview.synth import demo_case

CASES, SHAPE = 2, (96, 94)


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    """The demo DRIVE with a binary method ``good`` and a probability-map method ``prob``."""
    root = tmp_path_factory.mktemp("froc_datasets")
    dataset, methods = write_demo_drive(root, cases=CASES, shape=SHAPE, methods=("good",))
    soft = root / "prob"
    soft.mkdir()
    for number in range(1, CASES + 1):
        case = demo_case(shape=SHAPE, seed=number, soft=True)
        grey = np.rint(case.candidate_soft * 255).astype(np.uint8)
        Image.fromarray(grey).save(soft / f"{number:02d}_test.png")
    return dataset, {**methods, "prob": soft}


@pytest.fixture
def browser_window(window, qtbot, drive):
    return opened_browser(window, qtbot, drive, 2 * CASES)


def test_the_summary_shows_the_pooled_scores_and_the_note(browser_window, qtbot, drive):
    browser_window.browser.set_methods("prob", "good")
    summary = browser_window.froc
    summary.click()
    qtbot.waitUntil(lambda: "prob" in summary.lines, timeout=RESULT_TIMEOUT_MS)
    dataset = open_dataset(*drive)
    expected = pooled_froc([case.load("prob") for case in dataset.cases],
                           browser_window.browser.params)
    text = summary.scores.text()
    assert summary.scores.isVisibleTo(browser_window)
    assert text.startswith("prob: FROC score ")
    for curve in expected:
        score = curve.score()
        assert f"{curve.objects} {'undefined' if np.isnan(score) else f'{score:.3f}'}" in text
    assert f"over {CASES} cases" in text and "convention, not a standard" in text
    assert not summary.running and summary.text() == "Dataset FROC of A"


def test_cancel_shows_nothing(browser_window, qtbot):
    browser_window.browser.set_methods("prob", "good")
    summary = browser_window.froc
    summary.click()
    assert summary.running and summary.text().startswith("Cancel FROC")
    summary.click()  # cancels
    qtbot.waitUntil(lambda: not summary.running, timeout=RESULT_TIMEOUT_MS)
    assert summary.lines == {} and summary.text() == "Dataset FROC of A"


def test_a_binary_method_is_refused_with_a_notice(browser_window, qtbot):
    messages: list[str] = []
    browser_window.browser.inspector.error.connect(messages.append)
    browser_window.froc.click()  # method A is "good", binary
    qtbot.waitUntil(lambda: bool(messages), timeout=RESULT_TIMEOUT_MS)
    assert "01_test.png: the candidate is a binary mask; a FROC needs probability maps" \
        in messages[0]
