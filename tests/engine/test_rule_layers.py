"""`rule_layer` paints what `classes_layer` paints from the same boolean planes."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from vesselview.engine.layers import classes_layer, rule_layer

COLOURS = ["white", "blue", "vermillion", "orange", "sky_blue"]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(1, 5))
def test_rules_paint_the_planes_of_classes_layer(seed: int, n_masks: int, n_classes: int):
    rng = np.random.default_rng(seed)
    shape = (int(rng.integers(1, 40)), int(rng.integers(1, 40)))
    masks = [rng.random(shape) < rng.random() for _ in range(n_masks)]
    # Each class: a random truth table over the masks' values (later classes win).
    tables = [rng.random(1 << n_masks) < 0.4 for _ in range(n_classes)]

    def rule(table):
        return lambda *bits: bool(table[sum(int(b) << i for i, b in enumerate(bits))])

    code = sum(mask.astype(int) << bit for bit, mask in enumerate(masks))
    planes = [(table[code], f"class {k}", COLOURS[k]) for k, table in enumerate(tables)]
    rules = [(rule(table), name, colour)
             for table, (_, name, colour) in zip(tables, planes, strict=True)]
    ruled = rule_layer("x", "X", masks, rules)
    expected = classes_layer("x", "X", planes)
    assert ruled.data.dtype == np.uint8 and ruled.data.shape == shape
    np.testing.assert_array_equal(ruled.data, expected.data)
    assert ruled.legend == expected.legend and ruled.kind == "classes"
