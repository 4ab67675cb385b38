"""Vessel tree geometry and rasterisation."""

import numpy as np
import pytest

from vesselview.synth import fov_mask, render_mask, vessel_tree
from vesselview.synth.tree import FOV_RADIUS_FRACTION, fov_geometry

DRIVE = (584, 565)


@pytest.fixture(scope="module")
def drive_tree():
    return vessel_tree(DRIVE, seed=0)


def test_same_seed_same_tree_bit_for_bit():
    a, b = vessel_tree((120, 110), seed=3), vessel_tree((120, 110), seed=3)
    assert len(a.branches) == len(b.branches)
    for x, y in zip(a.branches, b.branches, strict=True):
        assert np.array_equal(x.points, y.points) and np.array_equal(x.widths, y.widths)
        assert (x.parent, x.parent_index, x.kind) == (y.parent, y.parent_index, y.kind)


def test_different_seeds_differ():
    a, b = vessel_tree((120, 110), seed=0), vessel_tree((120, 110), seed=1)
    assert not np.array_equal(render_mask(a, (120, 110)), render_mask(b, (120, 110)))


def test_widths_taper_from_about_8px_trunks_to_1px_tips(drive_tree):
    trunks = [b for b in drive_tree.branches if b.parent < 0]
    assert 7.0 <= max(b.widths[0] for b in trunks) <= 9.0
    leaves = [b for i, b in enumerate(drive_tree.branches) if not drive_tree.children(i)]
    assert np.median([b.widths[-1] for b in leaves]) <= 1.5
    assert min(b.widths.min() for b in drive_tree.branches) == pytest.approx(1.0, abs=0.05)


def test_widths_never_grow_along_a_branch(drive_tree):
    for branch in drive_tree.branches:
        assert np.all(np.diff(branch.widths) <= 1e-12)


def test_children_start_on_their_parent_and_are_not_wider(drive_tree):
    branches = drive_tree.branches
    assert sum(b.parent < 0 for b in branches) >= 4
    for i, branch in enumerate(branches):
        if branch.parent >= 0:
            assert branch.parent < i  # parents come first
            parent = branches[branch.parent]
            assert np.allclose(branch.points[0], parent.points[branch.parent_index])
            assert branch.widths[0] <= parent.widths[branch.parent_index] + 1e-9


def test_descendants_are_closed_under_children(drive_tree):
    below = set(drive_tree.descendants(0))
    for index in below | {0}:
        assert set(drive_tree.children(index)) <= below


def test_tree_is_proportionally_scaled_with_the_image():
    small, large = vessel_tree((146, 141), seed=5), vessel_tree((584, 564), seed=5)
    ratio = fov_geometry((584, 564))[1] / fov_geometry((146, 141))[1]
    assert len(small.branches) == len(large.branches)
    small_c, large_c = fov_geometry((146, 141))[0], fov_geometry((584, 564))[0]
    for s, b in zip(small.branches, large.branches, strict=True):
        assert np.allclose((s.points - small_c) * ratio, b.points - large_c)
    assert np.allclose(small.disc_radius * ratio, large.disc_radius)


def test_branches_have_at_least_two_points_inside_the_image(drive_tree):
    for branch in drive_tree.branches:
        assert branch.points.shape[0] >= 2 and branch.points.shape == (len(branch.widths), 2)
        assert branch.points.min() > -2 and branch.points[:, 0].max() < DRIVE[0] + 2


def test_tree_is_frozen(drive_tree):
    with pytest.raises(AttributeError):
        drive_tree.shape = (1, 1)
    with pytest.raises(ValueError):
        drive_tree.branches[0].points[0, 0] = 1.0


def test_render_mask_is_bool_and_drive_like(drive_tree):
    mask = render_mask(drive_tree, DRIVE)
    fov = fov_mask(DRIVE)
    assert mask.dtype == bool and mask.shape == DRIVE
    assert 0.06 < (mask & fov).sum() / fov.sum() < 0.16  # DRIVE manual: ~12% of the FOV


def test_render_mask_draws_a_hand_made_branch():
    from vesselview.synth.tree import Branch, VesselTree

    branch = Branch(np.array([[5.0, 2.0], [5.0, 12.0]]), np.array([3.0, 3.0]), -1, 0, "vein")
    tree = VesselTree((branch,), (11, 15), np.array([5.0, 7.0]), 1.0, np.array([5.0, 7.0]))
    mask = render_mask(tree, (11, 15))
    expected = np.zeros((11, 15), bool)
    expected[4:7, 2:13] = True  # pixel centres within 1.5 px of the centreline
    expected[5, 1] = expected[5, 13] = True  # round caps
    assert np.array_equal(mask, expected)


def _straight_tree(width: float, angle: float, length: float = 60.0, offset: float = 0.3):
    from vesselview.synth.tree import Branch, VesselTree

    centre = np.array([40.0 + offset, 40.6])
    half = 0.5 * length * np.array([np.sin(angle), np.cos(angle)])
    branch = Branch(np.array([centre - half, centre + half]), np.array([width, width]), -1, 0, "a")
    return VesselTree((branch,), (81, 81), centre, 1.0, centre)


@pytest.mark.parametrize("width", [1.0, 1.5, 2.0, 3.0, 5.0, 8.0])
@pytest.mark.parametrize("angle", [0.0, 0.4, np.pi / 4, 1.2])
def test_rendered_area_matches_width_times_length(width, angle):
    length = 60.0
    offsets = np.linspace(0.0, 0.9, 10)  # sub-pixel positions: the area is right on average
    area = np.mean([render_mask(_straight_tree(width, angle, length, o), (81, 81)).sum()
                    for o in offsets])
    capsule_area = width * length + np.pi * width**2 / 4
    # a 1 px line at an angle is 8-connected: one pixel per step of its longer axis
    if width == 1.0:
        capsule_area = length * max(abs(np.sin(angle)), abs(np.cos(angle))) + 1
    assert area == pytest.approx(capsule_area, rel=0.15)


def test_rendered_width_grows_with_the_diameter():
    areas = [render_mask(_straight_tree(w, 0.3), (81, 81)).sum() for w in np.arange(1.0, 9.0, 0.5)]
    assert np.all(np.diff(areas) >= 0)


def test_fov_mask_is_a_centred_disc():
    fov = fov_mask(DRIVE)
    assert fov.dtype == bool and fov.shape == DRIVE
    assert fov[292, 282] and not fov[0, 0] and not fov[-1, -1]
    area = np.pi * (FOV_RADIUS_FRACTION * 565) ** 2
    assert fov.sum() == pytest.approx(area, rel=0.01)
    assert np.array_equal(fov, fov[::-1]) and np.array_equal(fov, fov[:, ::-1])
