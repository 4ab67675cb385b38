"""Display arrays and lookup tables: hand-made inputs with answers worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from vesselview.app.display import (
    LABEL_CYCLE,
    DisplayLayer,
    cyclic_labels,
    lookup_table,
    outline_image,
    prepare_layers,
)
from vesselview.engine.layers import Layer, LegendEntry

RED, BLUE = (255, 0, 0, 255), (0, 0, 255, 255)


def classes(data, legend=((1, "a", RED), (2, "b", BLUE))):
    return Layer("c", "Classes", "classes", np.asarray(data, np.uint8),
                 tuple(LegendEntry(*entry) for entry in legend))


def test_cyclic_labels_keeps_zero_and_wraps_after_255():
    labels = np.array([[0, 1, 2], [255, 256, 511]], np.int32)
    assert cyclic_labels(labels).tolist() == [[0, 1, 2], [255, 1, 1]]


@given(arrays(np.int32, (4, 5), elements=st.integers(0, 100_000)))
def test_cyclic_labels_is_nonzero_exactly_where_labelled(labels):
    cycled = cyclic_labels(labels)
    assert cycled.dtype == np.uint8
    np.testing.assert_array_equal(cycled > 0, labels > 0)


def test_outline_of_a_filled_square_is_its_ring():
    image = np.zeros((5, 5), np.uint8)
    image[1:4, 1:4] = 2
    expected = image.copy()
    expected[2, 2] = 0
    np.testing.assert_array_equal(outline_image(image), expected)


def test_outline_keeps_both_sides_of_a_class_border_and_the_image_border():
    image = np.array([[1, 1, 3],
                      [1, 1, 3],
                      [1, 1, 3]], np.uint8)
    np.testing.assert_array_equal(outline_image(image), image)


def test_outline_of_an_empty_image_is_empty():
    assert not outline_image(np.zeros((3, 4), np.uint8)).any()


def test_display_layer_counts_classes():
    layer = DisplayLayer(classes([[0, 1, 1], [2, 0, 1]]))
    assert layer.counts[:3].tolist() == [2, 3, 1]
    assert layer.counts.shape == (256,) and layer.counts.sum() == 6
    assert not layer.image.flags.writeable
    assert (layer.name, layer.title, layer.kind) == ("c", "Classes", "classes")


def test_display_layer_converts_labels():
    layer = DisplayLayer(Layer("s", "Segments", "labels", np.array([[0, 300]], np.int32)))
    assert layer.image.tolist() == [[0, 45]]
    assert layer.counts[45] == 1


def test_outline_is_cached_on_the_DisplayLayer():
    layer = DisplayLayer(classes(np.ones((3, 3))))
    assert layer.outline is layer.outline
    assert layer.outline[1, 1] == 0


def test_classes_table_uses_legend_overrides_and_opacity():
    table = lookup_table(DisplayLayer(classes([[1, 2]])), {2: (0, 255, 0, 255)}, 0.5)
    assert table.shape == (256, 4) and table.dtype == np.uint8
    assert tuple(table[0]) == (0, 0, 0, 0)
    assert tuple(table[1]) == (255, 0, 0, 128)
    assert tuple(table[2]) == (0, 255, 0, 128)
    assert not table[3:].any()


def test_scalar_table_runs_linearly_between_the_end_colours():
    layer = DisplayLayer(Layer("s", "Score", "scalar", np.array([[1, 255]], np.uint8),
                                (LegendEntry(1, "0", RED), LegendEntry(255, "1", BLUE))))
    table = lookup_table(layer, {}, 1.0)
    assert tuple(table[1]) == RED
    assert tuple(table[255]) == BLUE
    assert tuple(table[128]) == (128, 0, 128, 255)  # weight (128 - 1) / 254 = 0.5


def test_label_table_cycles_the_palette():
    layer = DisplayLayer(Layer("s", "Segments", "labels", np.array([[1]], np.int32)))
    table = lookup_table(layer, {}, 1.0)
    assert tuple(table[1]) == LABEL_CYCLE[0]
    assert tuple(table[1 + len(LABEL_CYCLE)]) == LABEL_CYCLE[0]
    assert tuple(table[0]) == (0, 0, 0, 0)


@pytest.mark.parametrize("opacity", [0.0, 1.0])
def test_opacity_bounds(opacity):
    table = lookup_table(DisplayLayer(classes([[1]])), {}, opacity)
    assert table[1, 3] == round(255 * opacity)


def test_prepare_layers_covers_every_result_layer(small_case):
    from vesselview.engine.pipeline import evaluate

    result = evaluate(small_case)
    layers = prepare_layers(result, warm={"confusion", "no such layer"})
    assert list(layers) == list(result.layers)
    assert "counts" in vars(layers["confusion"]) and "image" not in vars(layers["tolerant"])
    for name, layer in layers.items():
        assert layer.image.shape == small_case.shape and layer.image.dtype == np.uint8, name
