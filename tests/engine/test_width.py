"""Sensitivity on thin and thick reference vessels (``docs/metrics.md`` section 2)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from tests.engine.masks import NAN, check_scores, vessel_pairs
from vesselview.engine.families.pixel import confusion
from vesselview.engine.families.width import reference_widths, width_sensitivity
from vesselview.engine.skeletal import skeleton_thickness
from vesselview.engine.thinning import thin


def widths_of(reference: np.ndarray) -> np.ndarray:
    skeleton = thin(reference)
    return reference_widths(reference, skeleton_thickness(reference, skeleton))


def width_image(reference: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """The per-reference-pixel widths scattered into an image (0 off the reference)."""
    image = np.zeros(reference.shape)
    image[reference] = widths
    return image


# 12x20: a 1-pixel vessel in column 3 and a 7-pixel vessel in columns 10..16, both
# running the full height (beyond the border is not background for the thickness).
SHAPE = (12, 20)
REFERENCE = np.zeros(SHAPE, bool)
REFERENCE[:, 3] = True
REFERENCE[:, 10:17] = True
# The candidate finds the top half (rows 0..5) of both vessels.
CANDIDATE = np.zeros(SHAPE, bool)
CANDIDATE[:6, 3] = True
CANDIDATE[:6, 10:17] = True
WHOLE = np.ones(SHAPE, bool)


def test_widths_by_hand() -> None:
    # The thin vessel's skeleton is itself, 1 px from the background; the wide vessel's
    # skeleton is its centre column 13, 4 px from columns 9 and 17.
    widths = widths_of(REFERENCE)
    assert widths.shape == (np.count_nonzero(REFERENCE),) and widths.dtype == np.float64
    widths = width_image(REFERENCE, widths)
    assert (widths[:, 3] == 1.0).all()
    assert (widths[:, 10:17] == 4.0).all()
    assert (widths[~REFERENCE] == 0.0).all()


@pytest.mark.parametrize(("thin_width", "expected"), [
    # width 1 <= 3 < 4: thin = column 3 (12 px, 6 found), thick = 84 px (42 found)
    (3.0, {"se_thin": 6 / 12, "se_thick": 42 / 84}),
    (1.0, {"se_thin": 6 / 12, "se_thick": 42 / 84}),    # <= is inclusive
    (4.0, {"se_thin": 48 / 96, "se_thick": NAN}),        # every vessel is thin
    (0.5, {"se_thin": NAN, "se_thick": 48 / 96}),        # every vessel is thick
])
def test_sensitivities_by_hand(thin_width: float, expected: dict[str, float]) -> None:
    scores = width_sensitivity(CANDIDATE, REFERENCE, WHOLE, widths_of(REFERENCE), thin_width)
    check_scores(scores, expected)


def test_only_reference_pixels_inside_the_fov_count() -> None:
    fov = np.zeros(SHAPE, bool)
    fov[:6] = True  # exactly the rows the candidate found
    scores = width_sensitivity(CANDIDATE, REFERENCE, fov, widths_of(REFERENCE), 3.0)
    check_scores(scores, {"se_thin": 1.0, "se_thick": 1.0})


def test_a_candidate_on_the_thin_vessel_only() -> None:
    candidate = np.zeros(SHAPE, bool)
    candidate[:, 2:5] = True  # the thin vessel and its neighbours
    scores = width_sensitivity(candidate, REFERENCE, WHOLE, widths_of(REFERENCE), 3.0)
    check_scores(scores, {"se_thin": 1.0, "se_thick": 0.0})


def test_empty_reference_is_undefined_with_a_reason() -> None:
    empty = np.zeros(SHAPE, bool)
    widths = widths_of(empty)
    assert widths.shape == (0,)
    check_scores(width_sensitivity(CANDIDATE, empty, WHOLE, widths, 3.0),
                 {"se_thin": NAN, "se_thick": NAN})


PROPERTY = settings(max_examples=30, deadline=None)


@PROPERTY
@given(vessel_pairs())
def test_width_is_the_thickness_of_a_nearest_skeleton_pixel(pair) -> None:
    # Brute force: every skeleton pixel at the minimum distance is an acceptable nearest one.
    _, reference, _ = pair
    skeleton = thin(reference)
    thickness = skeleton_thickness(reference, skeleton).image()
    widths = width_image(reference, reference_widths(reference,
                                                     skeleton_thickness(reference, skeleton)))
    skeleton_points = np.argwhere(skeleton)
    for point in np.argwhere(reference):
        squared = ((skeleton_points - point) ** 2).sum(axis=1)
        nearest = skeleton_points[squared == squared.min()]
        assert widths[tuple(point)] in set(thickness[tuple(nearest.T)].tolist())


@PROPERTY
@given(vessel_pairs())
def test_thin_and_thick_split_the_sensitivity(pair) -> None:
    # TP and the reference inside F split into thin + thick parts, whatever the threshold.
    candidate, reference, fov = pair
    widths = widths_of(reference)
    counts = confusion(candidate, reference, fov)
    for thin_width in (0.0, 1.0, 2.0, 3.0, 6.0):
        inside = reference & fov
        thin_part = inside & (width_image(reference, widths) <= thin_width)
        scores = width_sensitivity(candidate, reference, fov, widths, thin_width).values
        n_thin, n_thick = np.count_nonzero(thin_part), np.count_nonzero(inside & ~thin_part)
        found = (scores["se_thin"] * n_thin if n_thin else 0.0) + (
            scores["se_thick"] * n_thick if n_thick else 0.0)
        assert found == pytest.approx(counts.tp)
