"""The threshold slider's frames: the window paints its first result for a new threshold
at once, and it shows the confusion layer of that threshold (zoomed out as the overview
draws it), as does the final frame; the legend counts are numpy's."""

from __future__ import annotations

import numpy as np

from tests.gui.conftest import RESULT_TIMEOUT_MS
from vesselview.app.overview_image import overview_image

THRESHOLD = 0.7
CLASSES = {1: "TP: both", 2: "FP: candidate only", 3: "FN: reference only"}


def independent_confusion(case, threshold: float) -> np.ndarray:
    """TP 1, FP 2, FN 3 inside the FOV from the soft map, the reference and the FOV."""
    candidate = (case.candidate_soft > threshold) & case.fov
    reference = case.reference & case.fov
    classes = np.zeros(case.shape, np.uint8)
    classes[candidate & reference] = 1
    classes[candidate & ~reference] = 2
    classes[reference & ~candidate] = 3
    return classes


def test_zoomed_out_every_frame_is_the_new_thresholds_overview(shown_window, qtbot,
                                                              small_case):
    window = shown_window
    rows, cols = window.view.shape
    window.view.set_view_rect((-3 * cols, -3 * rows, 7 * cols, 7 * rows))
    qtbot.waitUntil(lambda: window.overview.radius >= 2)
    radius = window.overview.radius
    item = window.view.main.items["confusion"]
    painted = []  # at each partial result: the item's pixels and where they are drawn
    window.partial_applied.connect(lambda response: painted.append(
        (np.array(item.image), item.mapRectToParent(item.boundingRect()))))
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.params_panel.sliders["threshold"].setValue(THRESHOLD)
    expected = independent_confusion(small_case, THRESHOLD)
    assert np.array_equal(window.model.response.layers["confusion"].image, expected)
    shown = overview_image(expected, radius)
    assert painted and all(np.array_equal(image, shown) for image, _ in painted)
    assert {(rect.width(), rect.height()) for _, rect in painted} == {(cols, rows)}
    assert np.array_equal(item.image, shown)


def test_after_a_threshold_change_the_layer_and_legend_counts_are_exact(shown_window, qtbot,
                                                                       small_case):
    window = shown_window
    window.view.set_view_rect((0, 0, 20, 20))  # zoomed in: drawn as it is
    qtbot.waitUntil(lambda: window.overview.radius == 0)
    with qtbot.waitSignal(window.result_applied, timeout=RESULT_TIMEOUT_MS):
        window.params_panel.sliders["threshold"].setValue(THRESHOLD)
    expected = independent_confusion(small_case, THRESHOLD)
    assert np.array_equal(window.view.main.items["confusion"].image, expected)
    counts = np.bincount(expected.ravel(), minlength=4)
    for value, name in CLASSES.items():
        line = f'{name} <span style="color:#aaaaaa">({counts[value]:,} px)</span>'
        assert line in window.view.legend.text()
