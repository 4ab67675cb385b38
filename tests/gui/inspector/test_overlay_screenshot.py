"""The demo's overlay, rendered offscreen, looks like the reference image (with a tolerance).

Catches a changed colour, a layer drawn in the wrong place or order, a lost fundus
dimming. After an intended change, regenerate the reference with the helper in
`tests.gui.screenshots` and look at it.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from tests.gui.conftest import RESULT_TIMEOUT_MS
from tests.gui.screenshots import RENDER_SIZE, WINDOW_SIZE, read_reference, render_overlay

#: Per-channel tolerance of a pixel (antialiasing and scaling may differ slightly).
PIXEL_TOLERANCE = 24
#: Share of pixels allowed beyond that tolerance.
OUTLIER_SHARE = 0.01


def demo_overlay(window, qtbot) -> np.ndarray:
    window.resize(*WINDOW_SIZE)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.model.open_demo()
    return render_overlay(window)


def differing_share(a: np.ndarray, b: np.ndarray) -> float:
    """Share of pixels with any channel differing by more than `PIXEL_TOLERANCE`."""
    difference = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=-1)
    return float(np.mean(difference > PIXEL_TOLERANCE))


def test_demo_overlay_matches_the_reference(window, qtbot):
    rendered = demo_overlay(window, qtbot)
    reference = read_reference()
    assert rendered.shape == reference.shape == (RENDER_SIZE[1], RENDER_SIZE[0], 4)
    assert differing_share(rendered, reference) <= OUTLIER_SHARE


def test_the_comparison_sees_a_recoloured_layer(window, qtbot):
    demo_overlay(window, qtbot)
    layers = window.model.layers
    style = layers["confusion"]
    for value in (1, 2, 3):  # TP, FP, FN
        style = style.with_colour(value, (255, 0, 255, 255))
    layers.set("confusion", dataclasses.replace(style, opacity=1.0))
    recoloured = render_overlay(window)
    assert differing_share(recoloured, read_reference()) > OUTLIER_SHARE
