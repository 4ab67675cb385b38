"""Fundus photograph, realistic candidate, probability map and the demo case."""

import numpy as np
import pytest

from vesselview.engine.case import Case
from vesselview.synth import (
    demo_case,
    fov_mask,
    fundus_image,
    probability_map,
    realistic_candidate,
    render_mask,
    vessel_tree,
)

SMALL = (146, 141)
DRIVE = (584, 565)


def _dice(a: np.ndarray, b: np.ndarray) -> float:
    return 2.0 * np.count_nonzero(a & b) / (np.count_nonzero(a) + np.count_nonzero(b))


@pytest.fixture(scope="module")
def drive_demo() -> Case:
    return demo_case(DRIVE, seed=0, soft=True)


def test_fundus_is_rgb_uint8_black_outside_the_fov():
    tree = vessel_tree(SMALL, seed=1)
    image = fundus_image(tree, SMALL, seed=1)
    assert image.dtype == np.uint8 and image.shape == (*SMALL, 3)
    assert not image[~fov_mask(SMALL)].any()
    assert np.array_equal(image, fundus_image(tree, SMALL, seed=1))
    assert not np.array_equal(image, fundus_image(tree, SMALL, seed=2))


def test_fundus_looks_like_a_fundus(drive_demo):
    image = drive_demo.fundus.astype(float)
    inside = drive_demo.fov & ~drive_demo.reference
    red, green, blue = (image[..., c][inside].mean() for c in range(3))
    assert red > green > blue  # orange-red retina
    # vessels darker (in green, where they contrast most) than the retina around them
    assert image[..., 1][drive_demo.reference].mean() < 0.8 * green
    tree = vessel_tree(DRIVE, seed=0)
    disc = tuple(np.round(tree.disc).astype(int))
    macula = tuple(np.round(tree.macula).astype(int))
    assert image[disc].sum() > 1.5 * image[macula].sum()  # bright disc, dark fovea


def test_probability_map_is_float32_in_unit_interval_and_seeded():
    tree = vessel_tree(SMALL, seed=0)
    soft = probability_map(tree, SMALL, seed=4)
    assert soft.dtype == np.float32 and soft.shape == SMALL
    assert soft.min() >= 0.0 and soft.max() <= 1.0
    assert not soft[~fov_mask(SMALL)].any()
    assert np.array_equal(soft, probability_map(tree, SMALL, seed=4))
    assert not np.array_equal(soft, probability_map(tree, SMALL, seed=5))


def test_realistic_candidate_is_the_probability_map_above_one_half():
    tree = vessel_tree(SMALL, seed=0)
    candidate = realistic_candidate(tree, SMALL, seed=2)
    assert candidate.dtype == bool and candidate.shape == SMALL
    assert np.array_equal(candidate, probability_map(tree, SMALL, seed=2) > 0.5)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_candidate_differs_but_overlaps_substantially(seed):
    tree = vessel_tree(DRIVE, seed=seed)
    fov = fov_mask(DRIVE)
    reference = render_mask(tree, DRIVE) & fov
    candidate = realistic_candidate(tree, DRIVE, seed=seed)
    assert 0.6 < _dice(reference, candidate) < 0.9
    assert np.count_nonzero(candidate & ~reference) > 0  # false positives (speckle, widths)
    assert np.count_nonzero(reference & ~candidate) > 0  # misses (thin vessels)


def test_candidate_misses_thin_vessels_more_than_wide_ones(drive_demo):
    from vesselview.engine.morphology import distance_to

    reference, candidate = drive_demo.reference, drive_demo.candidate
    width = 2 * distance_to(~reference)[reference]  # ~local diameter at each vessel pixel
    found = candidate[reference]
    assert found[width <= 2].mean() < found[width >= 5].mean()


def test_demo_case_fields(drive_demo):
    case = drive_demo
    assert case.shape == DRIVE
    assert case.reference.dtype == bool and case.candidate.dtype == bool and case.fov.dtype == bool
    assert case.candidate_soft.dtype == np.float32
    assert np.array_equal(case.candidate, case.candidate_soft > 0.5)
    assert case.fundus.shape == (*DRIVE, 3) and case.fundus.dtype == np.uint8
    assert not (case.reference & ~case.fov).any() and not (case.candidate & ~case.fov).any()
    assert case.sources["reference"] == "synthetic:demo(seed=0)"
    assert set(case.sources) == {"reference", "candidate", "fov", "fundus"}


def test_demo_case_hard_and_soft_share_the_binary_candidate(drive_demo):
    hard = demo_case(DRIVE, seed=0)
    assert hard.candidate_soft is None
    assert np.array_equal(hard.candidate, drive_demo.candidate)
    assert np.array_equal(hard.reference, drive_demo.reference)
    assert np.array_equal(hard.fundus, drive_demo.fundus)


def test_demo_case_is_reproducible_and_seed_dependent():
    a, b, c = demo_case(SMALL, seed=7), demo_case(SMALL, seed=7), demo_case(SMALL, seed=8)
    for name in ("reference", "candidate", "fov", "fundus"):
        assert np.array_equal(getattr(a, name), getattr(b, name))
    assert not np.array_equal(a.reference, c.reference)
    assert a.sources["reference"] == "synthetic:demo(seed=7)"
