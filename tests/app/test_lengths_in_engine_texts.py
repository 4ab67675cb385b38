"""The lengths the engine's texts give (layer titles, undefined reasons) are in pixels
(`pixels_text`) and the window writes them in its length unit (`LengthScale.in_text`):
a length given in µm or % FOV reads back in that unit, whatever the case's resolution."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vesselview import Params
from vesselview.app.length_units import LengthScale, length_scale
from vesselview.engine.case import Case
from vesselview.engine.lengths import pixels_text
from vesselview.engine.pipeline.evaluator import evaluate

SPACING = 10.0  # µm per pixel
SIDE = 40  # the FOV is the whole image: its diameter is 40 px, one pixel 2.5 % of it


@pytest.fixture(scope="module")
def cross_case() -> Case:
    """A one-pixel-wide cross (one junction; every vessel thin) and its copy one row
    lower, at `SPACING`."""
    reference = np.zeros((SIDE, SIDE), bool)
    reference[20, 5:35] = reference[5:35, 20] = True
    return Case(reference=reference, candidate=np.roll(reference, 1, axis=0),
                fov=np.ones_like(reference), spacing_um=SPACING)


def _texts(case: Case, **lengths: str) -> dict[str, str]:
    result = evaluate(case, Params(**lengths), metrics=["se_thick", "junction_f1"])
    return {"junctions": result.layers["junctions"].title,
            "band_t": result.layers["band_t"].title,
            "band_alpha": result.layers["band_alpha"].title,
            "se_thick": result.undefined["se_thick"]}


def test_engine_texts_give_the_lengths_in_pixels(cross_case):
    texts = _texts(cross_case, junction_r="30um", thin_width="5%fov", t="20um",
                   cal_alpha="1.5")
    assert texts == {
        "junctions": "Junctions (matched within junction_r = 3 px)",
        "band_t": "Tolerance band t = 2 px (chessboard)",
        "band_alpha": "CAL area band α = 1.5 px",
        "se_thick": "no thick reference vessel inside the FOV (width > thin_width = 2 px)"}


@pytest.mark.parametrize(("unit", "junction_r", "thin_width", "junction_text", "thin_text"), [
    ("px", "3", "2", "junction_r = 3 px", "thin_width = 2 px"),
    ("um", "30um", "20um", "junction_r = 30.0 µm", "thin_width = 20.0 µm"),
    ("%fov", "7.5%fov", "5%fov", "junction_r = 7.50 % FOV", "thin_width = 5.00 % FOV"),
])
def test_a_length_given_in_a_unit_reads_back_in_it(cross_case, unit, junction_r, thin_width,
                                                   junction_text, thin_text):
    scale = length_scale(unit, cross_case)
    texts = _texts(cross_case, junction_r=junction_r, thin_width=thin_width)
    assert scale.in_text(texts["junctions"]) == f"Junctions (matched within {junction_text})"
    assert scale.in_text(texts["se_thick"]) == ("no thick reference vessel inside the FOV "
                                                f"(width > {thin_text})")


def test_only_lengths_in_pixels_change():
    scale = LengthScale("um", 2.0)
    assert scale.in_text("a = 1.5 px, b = 1e-05 px (c = 3 px)") == \
        "a = 3.0 µm, b = 0.0 µm (c = 6.0 µm)"
    # pixel counts with a thousands separator (the legend's "3,900 px") are not lengths
    for kept in ("an area of 4 px²", "12 pixels", "3 pxs", "x3 px", "v1.2 px",
                 "FP: candidate only (3,900 px)", "1,234,567 px"):
        assert scale.in_text(kept) == kept
    assert LengthScale().in_text("junction_r = 3 px") == "junction_r = 3 px"


@given(pixels=st.floats(0, 1e6), per_pixel=st.floats(0.01, 100))
def test_any_pixels_text_converts_as_the_number_it_shows(pixels, per_pixel):
    for unit in ("um", "%fov"):
        scale = LengthScale(unit, per_pixel)
        shown = float(pixels_text(pixels).removesuffix(" px"))
        assert scale.in_text(f"r = {pixels_text(pixels)}.") == f"r = {scale.text(shown)}."
