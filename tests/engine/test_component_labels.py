"""One labelling of each mask's 8-connected components, kept at its pixels
(`vesselview.engine.component_detection.ComponentLabels`): counted by CAL and topology,
matched and painted by component detection. Checked against scipy's labelling, per
pixel (the two number components in different orders), on random and non-canonical
masks."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from tests.engine.masks import noise_masks
from vesselview.engine.component_detection import component_labels
from vesselview.engine.morphology import count_components


def share_image(mask: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Per pixel of ``mask``: the share of its 8-connected component lying in ``other``
    (scipy labels; 0 off ``mask``)."""
    labels, count = ndimage.label(mask, np.ones((3, 3)))
    sizes = ndimage.sum_labels(np.ones(mask.shape), labels, np.arange(1, count + 1))
    inside = ndimage.sum_labels(other & mask, labels, np.arange(1, count + 1))
    shares = np.concatenate([[0.0], inside / np.maximum(sizes, 1)])
    return shares[labels]


def scattered(mask: np.ndarray, values: np.ndarray) -> np.ndarray:
    image = np.zeros(mask.shape)
    image[mask] = values
    return image


def check_against_scipy(mask: np.ndarray, other: np.ndarray) -> None:
    plain, plain_other = np.array(mask, bool), np.array(other, bool)
    labels = component_labels(mask)
    assert labels.count == ndimage.label(plain, np.ones((3, 3)))[1] == count_components(plain)
    shares = labels.shares(other)
    expected = share_image(plain, plain_other)
    assert np.array_equal(scattered(plain, shares[labels.at_pixels - 1]), expected)
    half = shares >= 0.5
    assert np.array_equal(labels.painted(half), plain & (expected >= 0.5))


@settings(max_examples=60, deadline=None)
@given(noise_masks(), st.data())
def test_counts_shares_and_painting_match_scipy(mask, data):
    other = data.draw(st.sampled_from([np.zeros_like(mask), np.ones_like(mask),
                                       np.roll(mask, 1, axis=1), ~mask]))
    check_against_scipy(mask, other)


@settings(max_examples=30, deadline=None)
@given(noise_masks(low=2), noise_masks(low=2))
def test_non_canonical_masks_give_the_canonical_answers(mask, other):
    other = np.resize(other, mask.shape)
    flipped = np.ascontiguousarray(mask[::-1, ::-1])[::-1, ::-1]  # negative strides
    bytes_255 = (mask.astype(np.uint8) * 255).view(bool)  # True stored as 255
    fortran = np.asfortranarray(mask)
    for variant in (flipped, bytes_255, fortran, mask.T.copy().T):
        check_against_scipy(variant, other[::-1, ::-1][::-1, ::-1])
        assert np.array_equal(component_labels(variant).at_pixels,
                              component_labels(mask).at_pixels)


def test_an_empty_mask_has_no_component():
    labels = component_labels(np.zeros((4, 5), bool))
    assert labels.count == 0 and labels.shares(np.ones((4, 5), bool)).size == 0
    assert not labels.painted(np.zeros(0, bool)).any()
