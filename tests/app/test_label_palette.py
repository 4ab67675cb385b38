"""Segment-label colours mean nothing else: each lies a perceptual distance (CIEDE2000) from
every colour with a meaning, for the project's palette and for any reserved set."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from skimage.color import deltaE_ciede2000, rgb2lab

from vesselview.app.label_palette import (
    LABEL_COUNT,
    LABEL_CYCLE,
    LABEL_LIGHTNESS,
    LABEL_MIN_DELTA_E,
    distinct_colours,
)
from vesselview.engine.layers import COLOUR_MEANINGS, RESERVED_COLOURS


def lab_of(colour) -> np.ndarray:
    return rgb2lab(np.array([[colour[:3]]], np.float64) / 255.0)[0, 0]


def smallest_delta_e(colour, others) -> float:
    return min(float(deltaE_ciede2000(lab_of(colour), lab_of(other))) for other in others)


def test_every_reserved_colour_has_a_meaning():
    assert set(RESERVED_COLOURS) == set(COLOUR_MEANINGS)


def test_no_label_colour_looks_like_a_reserved_colour():
    assert len(LABEL_CYCLE) == LABEL_COUNT
    for colour in LABEL_CYCLE:
        assert colour[3] == 255
        assert smallest_delta_e(colour, RESERVED_COLOURS.values()) >= LABEL_MIN_DELTA_E, colour


def test_label_colours_differ_from_each_other_and_show_on_a_fundus():
    for k, colour in enumerate(LABEL_CYCLE):
        others = LABEL_CYCLE[:k] + LABEL_CYCLE[k + 1:]
        assert smallest_delta_e(colour, others) >= LABEL_MIN_DELTA_E
        assert LABEL_LIGHTNESS[0] <= lab_of(colour)[0] <= LABEL_LIGHTNESS[1]


rgba = st.tuples(*(st.integers(0, 255),) * 3, st.just(255))


@settings(max_examples=25, deadline=None)
@given(reserved=st.lists(rgba, min_size=1, max_size=12), count=st.integers(1, 6),
       min_delta_e=st.floats(5.0, 20.0))
def test_picked_colours_keep_their_distance_from_any_reserved_set(reserved, count,
                                                                  min_delta_e):
    try:
        picked = distinct_colours(reserved, count, min_delta_e)
    except ValueError:  # reserved colours everywhere: refused, never too close
        return
    assert len(set(picked)) == count
    for colour in picked:
        assert smallest_delta_e(colour, reserved) >= min_delta_e - 1e-9


def test_asking_for_more_colours_than_keep_the_distance_is_refused():
    with pytest.raises(ValueError, match="ΔE"):
        distinct_colours(RESERVED_COLOURS.values(), 10, 60.0)
