"""What a threshold change prepares off the main thread: the probability map's contour
only while the map is shown, and then the very line of the new threshold; the evaluation
waits for its first frame to be on screen before it goes on; the overview's block maxima."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays

from vesselview.app.live import Request, progressive_evaluation_task
from vesselview.app.overview_image import block_max
from vesselview.app.probability import NAME as PROBABILITY
from vesselview.engine.params import Params
from vesselview.engine.pipeline import Evaluator
from vesselview.errors import EvaluationStopped
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


def independent_block_max(image: np.ndarray, factor: int) -> np.ndarray:
    """Block maxima by padding to whole blocks with zeros and reshaping."""
    rows, cols = -(-image.shape[0] // factor), -(-image.shape[1] // factor)
    padded = np.zeros((rows * factor, cols * factor), np.uint8)
    padded[:image.shape[0], :image.shape[1]] = image
    return padded.reshape(rows, factor, cols, factor).max(axis=(1, 3))


@settings(max_examples=60)
@given(arrays(np.uint8, array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=23)),
       st.integers(1, 6), st.booleans())
def test_block_max_is_each_blocks_largest_value(image, factor, transposed):
    image = image.T if transposed else image  # not C-contiguous
    shrunk = block_max(image, factor)
    assert shrunk.dtype == np.uint8
    assert np.array_equal(shrunk, independent_block_max(image, factor))


def test_the_evaluation_goes_on_once_its_first_frame_is_on_screen(soft_case):
    request = Request(soft_case, Params(threshold=0.6), frozenset({"confusion"}),
                      screen_wait_s=600.0)
    frames, stages_before_screen = [], []

    def publish(response):  # the window paints it later, on another thread
        frames.append(response)
        if len(frames) == 1:
            threading.Timer(0.05, response.on_screen.set).start()

    def progress(fraction, stage):
        if frames and not frames[0].on_screen.is_set():
            stages_before_screen.append(stage)

    task = progressive_evaluation_task(Evaluator(soft_case), request)
    complete = task(lambda: False, progress, publish)
    assert len(frames) > 1 and complete.result.complete
    assert stages_before_screen == []  # nothing computed while the first frame was painted


def test_a_newer_request_ends_the_wait_for_the_screen(soft_case):
    request = Request(soft_case, Params(threshold=0.6), frozenset({"confusion"}),
                      screen_wait_s=600.0)
    published = []
    task = progressive_evaluation_task(Evaluator(soft_case), request)
    with pytest.raises(EvaluationStopped):  # stopped while waiting, never put on screen
        task(lambda: bool(published), lambda fraction, stage: None, published.append)
    assert len(published) == 1 and not published[0].on_screen.is_set()
