"""What a threshold change prepares off the main thread: the probability map's contour
only while the map is shown, and then the very line of the new threshold."""

from __future__ import annotations

import numpy as np
import pytest

from vesselview.app.live import Request, progressive_evaluation_task
from vesselview.app.probability import NAME as PROBABILITY
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.synth import demo_case


@pytest.fixture(scope="module")
def soft_case():
    return demo_case(shape=(96, 88), seed=3, soft=True)


def answer(case, threshold: float, warm: frozenset[str]):
    """The complete response of one evaluation at ``threshold`` (no partials)."""
    request = Request(case, Params(threshold=threshold), warm)
    task = progressive_evaluation_task(Evaluator(case), request)
    return task(lambda: False, lambda fraction, stage: None, lambda partial: None)


def test_a_hidden_probability_map_draws_no_contour(soft_case):
    layer = answer(soft_case, 0.35, frozenset({"confusion"})).layers[PROBABILITY]
    assert layer.has_contour
    assert "contour" not in vars(layer)  # not drawn: nobody sees it


def test_a_shown_probability_map_has_the_contour_of_the_new_threshold(soft_case):
    layer = answer(soft_case, 0.65, frozenset({PROBABILITY})).layers[PROBABILITY]
    assert "contour" in vars(layer)  # drawn on the worker, with the result
    mask = soft_case.candidate_soft > 0.65
    padded = np.pad(mask, 1, constant_values=True)  # the image's edge is no crossing
    inside = (padded[:-2, 1:-1] & padded[2:, 1:-1] & padded[1:-1, :-2] & padded[1:-1, 2:])
    assert np.array_equal(layer.contour, (mask & ~inside).astype(np.uint8))
    assert layer.contour.any()
