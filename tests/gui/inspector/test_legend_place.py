"""The legend takes the view's corner where it hides the least of the FOV, and says L hides it."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF

from vesselview.gui.inspector.legend_place import covered_pixels, fov_integral
from vesselview.gui.inspector.view import InspectorView

LEGEND = "<b>A legend</b><br>" + "<br>".join(f"line {k} of a long legend" for k in range(6))


@pytest.fixture
def view(qtbot):
    view = InspectorView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


def show(view, qtbot, fov):
    view.set_images(fov.shape, None, fov)
    view.set_legend(LEGEND)
    # the view box applies the new range on its next layout pass
    qtbot.waitUntil(lambda: view.main_box.viewRange()[0][1] >= fov.shape[1])
    return view.legend.geometry()


def test_covered_pixels_is_the_fov_count_in_the_clipped_rectangle():
    fov = np.zeros((20, 30), bool)
    fov[5:15, 10:20] = True
    integral = fov_integral(fov)
    assert covered_pixels(integral, (QPointF(0, 0), QPointF(30, 20))) == 100
    assert covered_pixels(integral, (QPointF(15, 10), QPointF(-5, -5))) == 25  # any corner order
    assert covered_pixels(integral, (QPointF(40, 0), QPointF(99, 20))) == 0  # outside the image


def test_a_full_fov_keeps_the_legend_top_left(view, qtbot):
    legend = show(view, qtbot, np.ones((300, 400), bool))
    assert legend.left() < view.canvas.width() / 2 and legend.top() < view.canvas.height() / 2


def test_the_legend_moves_off_the_fov(view, qtbot):
    fov = np.zeros((300, 400), bool)
    fov[:, :200] = True  # left half only
    legend = show(view, qtbot, fov)
    assert legend.left() > view.canvas.width() / 2  # top right: over no FOV pixel


def test_the_legend_follows_the_pan(view, qtbot):
    fov = np.ones((300, 400), bool)
    fov[150:, 200:] = False  # every corner of the image but the bottom right is FOV
    legend = show(view, qtbot, fov)
    assert legend.left() > view.canvas.width() / 2 and legend.top() > view.canvas.height() / 2
    view.set_view_rect((-400, 0, 400, 300))  # panned off the image: every corner is free
    qtbot.waitUntil(lambda: view.legend.geometry().top() < view.canvas.height() / 2)
    assert view.legend.geometry().left() < view.canvas.width() / 2  # back to the top left


def test_the_full_legend_says_which_key_hides_it(shown_window):
    assert "L hides the legend" in shown_window.view.legend.text()
    shown_window.menus.actions["toggle_legend"].trigger()
    assert not shown_window.view.legend.isVisible()
    shown_window.menus.actions["toggle_legend"].trigger()


def test_a_large_fov_is_counted_in_blocks_exactly_on_block_edges():
    rng = np.random.default_rng(5)
    fov = rng.random((2100, 3000)) < 0.5  # blocks of 3 pixels: at most 1024 per side
    counts = fov_integral(fov)
    assert counts.step == 3 and counts.table.shape == (701, 1001)
    for x0, y0, x1, y1 in [(0, 0, 3000, 2100), (30, 60, 999, 1500), (2997, 2097, 3000, 2100)]:
        exact = int(fov[y0:y1, x0:x1].sum())
        assert covered_pixels(counts, (QPointF(x0, y0), QPointF(x1, y1))) == exact
