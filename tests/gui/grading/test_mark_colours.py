"""Grading marks: each label's colour means that label only, and labels differ by their
hatching too (for colour-vision deficiencies)."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF
from skimage.color import deltaE_ciede2000, rgb2lab

from vesselview.engine.layers import CHROME, COLOUR_MEANINGS, HIGHLIGHT, RESERVED_COLOURS
from vesselview.gui.grading.mark_style import (
    HATCH_PERIOD,
    HATCH_TITLES,
    MARK_COLOURS,
    VIEW_BACKGROUND,
    mark_index,
    mark_lookup_table,
    mark_swatch,
)
from vesselview.gui.grading.marking import MarkEditor, Tool
from vesselview.io.grading_files import MARK_LABELS


def lab(colour) -> np.ndarray:
    return rgb2lab(np.array(colour[:3], np.float64).reshape(1, 1, 3) / 255.0)[0, 0]


def delta_e(first, second) -> float:
    return float(deltaE_ciede2000(lab(first), lab(second)))


@pytest.mark.parametrize("label", MARK_LABELS)
def test_a_mark_colour_is_far_from_every_colour_of_another_meaning(label):
    colour = MARK_COLOURS[label]
    for name, reserved in RESERVED_COLOURS.items():
        if reserved[:3] == colour[:3]:  # only a colour of the same meaning
            assert label == "ignore" and "ignored region" in COLOUR_MEANINGS[name]
        else:
            assert delta_e(colour, reserved) >= 20.0, (label, name)
    assert delta_e(colour, HIGHLIGHT) >= 20.0


def test_mark_colours_differ_from_each_other():
    for first, second in itertools.combinations(MARK_LABELS, 2):
        assert delta_e(MARK_COLOURS[first], MARK_COLOURS[second]) >= 20.0, (first, second)


def test_every_label_has_its_own_hatching():
    """Seen without colour (the lookup table's alpha only), no two labels look alike."""
    alpha = mark_lookup_table()[:, 3]
    looks = []
    for label in MARK_LABELS:
        masks = {name: np.full((8, 8), name == label) for name in MARK_LABELS}
        looks.append(alpha[mark_index(masks)])
    for first, second in itertools.combinations(looks, 2):
        assert not np.array_equal(first, second)
    swatch = mark_swatch("missed_vessel", 8, VIEW_BACKGROUND)
    assert (swatch[::HATCH_PERIOD] == MARK_COLOURS["missed_vessel"][:3]).all()
    assert not (swatch[1::HATCH_PERIOD] == MARK_COLOURS["missed_vessel"][:3]).all()


def test_a_crop_is_drawn_as_the_whole_image_draws_it():
    rng = np.random.default_rng(3)
    masks = {label: rng.random((13, 17)) < 0.3 for label in MARK_LABELS}
    whole = mark_index(masks)
    crop = mark_index({label: mask[5:11, 2:15] for label, mask in masks.items()}, 5, 2)
    np.testing.assert_array_equal(crop, whole[5:11, 2:15])


def test_a_stroke_shows_its_labels_fill_and_hatching(qtbot):
    box = pg.ViewBox()
    editor = MarkEditor(box)
    editor.set_masks((12, 12), {})
    editor.tool, editor.label, editor.brush_radius = Tool.BRUSH, "false_vessel", 6
    with qtbot.waitSignal(editor.marks_edited):
        editor.stroke_to(QPointF(6.5, 6.5), finished=True)
    shown = mark_lookup_table()[editor.item.image]
    marked = editor.masks["false_vessel"]
    lines = np.zeros_like(marked)
    lines[:, ::HATCH_PERIOD] = True
    colour = MARK_COLOURS["false_vessel"]
    assert (shown[marked & lines] == colour).all()
    assert (shown[marked & ~lines][:, :3] == colour[:3]).all()
    assert (shown[marked & ~lines][:, 3] < 255).all()
    assert (shown[~marked][:, 3] == 0).all()


def test_the_grading_docs_name_each_labels_colour_and_hatching():
    docs = (Path(__file__).parents[3] / "docs" / "grading.md").read_text(encoding="utf-8")
    for label in MARK_LABELS:
        row = next(line for line in docs.splitlines() if line.startswith(f"| `{label}` |"))
        red, green, blue = MARK_COLOURS[label][:3]
        assert f"({red}, {green}, {blue})" in row
        assert HATCH_TITLES[label].replace(" /", " `/`").replace(" \\", " `\\`") in row


def test_a_polygon_being_drawn_is_outlined_in_chrome(qtbot):
    box = pg.ViewBox()  # owns the outline item
    editor = MarkEditor(box)
    editor.set_masks((12, 12), {})
    editor.tool = Tool.POLYGON
    editor.add_vertex(QPointF(2, 2))
    editor.add_vertex(QPointF(9, 3))
    pen = editor.polygon.pen()
    assert pen.color().getRgb() == CHROME and pen.isCosmetic()
    assert "polygon" in COLOUR_MEANINGS["chrome_grey"]
