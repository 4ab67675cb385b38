"""Tree deformations and pixel redistributions on tiny hand-made trees and masks."""

import numpy as np
import pytest

from vesselview.synth import deform, render_mask
from vesselview.synth.pixels import flip_random, salt_and_pepper
from vesselview.synth.tree import Branch, VesselTree


def _line(start, stop, width, n=11, parent=-1, parent_index=0):
    points = np.linspace(start, stop, n)
    return Branch(points, np.full(n, float(width)), parent, parent_index, "artery")


def _t_tree():
    """A 3 px trunk along row 30 (cols 5..65), a 2 px child down col 35 (rows 30..60) and a
    1.5 px grandchild along row 54 (cols 35..50)."""
    trunk = _line((30.0, 5.0), (30.0, 65.0), 3.0, n=13)  # a vertex every 5 px
    child = _line((30.0, 35.0), (60.0, 35.0), 2.0, parent=0, parent_index=6)
    grandchild = _line((54.0, 35.0), (54.0, 50.0), 1.5, n=4, parent=1, parent_index=8)
    centre = np.array([35.0, 35.0])
    return VesselTree((trunk, child, grandchild), (71, 71), centre, 3.0, centre)


def _direction(branch: Branch) -> np.ndarray:
    step = branch.points[-1] - branch.points[0]
    return step / np.linalg.norm(step)


def _angle(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.degrees(np.arccos(np.clip(a @ b, -1.0, 1.0))))


def test_translate_moves_only_the_chosen_branches():
    tree = _t_tree()
    moved = deform.translate(tree, [1, 2], np.array([0.0, 4.0]))
    assert np.allclose(moved.branches[1].points, tree.branches[1].points + np.array([0.0, 4.0]))
    assert moved.branches[0] is tree.branches[0]
    shifted = render_mask(moved, (71, 71))
    assert shifted[55, 39] and not shifted[55, 35]


def test_widen_adds_to_every_diameter():
    tree = _t_tree()
    wider = deform.widen(tree, [0], 2.0)
    assert np.allclose(wider.branches[0].widths, 5.0)
    before, after = render_mask(tree, (71, 71)), render_mask(wider, (71, 71))
    assert (after | before).sum() == after.sum()  # only adds pixels
    assert after[:, 20].sum() == 5 and before[:, 20].sum() == 3  # 5 px thick instead of 3


@pytest.mark.parametrize("length", [4.0, 10.0])
def test_cut_gaps_leaves_a_clear_gap_of_the_given_length(length):
    tree = _t_tree()
    cut = deform.cut_gaps(tree, [(0, 10.0)], length)  # 10 px along the trunk: col 15
    mask = render_mask(cut, (71, 71))
    row = mask[30, :35]
    gap = np.flatnonzero(~row[5:]) + 5
    assert len(cut.branches) == 4  # the stump after the gap is appended
    assert gap.size == pytest.approx(length, abs=1.0)
    assert np.all(np.diff(gap) == 1) and gap.mean() == pytest.approx(15.0, abs=0.6)
    assert mask[35:60, 35].all()  # the child is untouched


def test_cut_gaps_of_zero_length_is_the_identity():
    tree = _t_tree()
    assert deform.cut_gaps(tree, [(0, 10.0)], 0.0) is tree


def test_two_gaps_on_one_branch_both_cut():
    tree = _t_tree()
    mask = render_mask(deform.cut_gaps(tree, [(0, 8.0), (0, 50.0)], 4.0), (71, 71))
    assert not mask[30, 13] and not mask[30, 55] and mask[30, 35]


def test_gap_sites_avoid_forks_and_short_stretches():
    tree = _t_tree()
    sites = deform.gap_sites(tree, min_width=1.0, max_gap=10.0)
    # trunk: two 30 px stretches either side of the fork; child: 24 px then 6 px;
    # a stretch must hold 10 + width + 6 px, so the grandchild (15 px) is too short
    assert sorted(sites) == [(0, 15.0), (0, 45.0), (1, 12.0)]
    assert deform.gap_sites(tree, min_width=2.5, max_gap=10.0) == [(0, 15.0), (0, 45.0)]


@pytest.mark.parametrize("degrees", [10.0, 30.0])
def test_spread_branchings_turns_the_subtree_away_from_the_parent(degrees):
    tree = _t_tree()
    (fork,) = [f for f in deform.fork_units(tree, 1.0, 1e9, bifurcation=False) if f.child == 1]
    turned = deform.spread_branchings(tree, [fork], degrees)
    trunk = np.array([0.0, 1.0])
    assert _angle(trunk, _direction(turned.branches[1])) == pytest.approx(90.0 + degrees)
    assert np.allclose(turned.branches[1].points[0], tree.branches[1].points[0])  # pivot fixed
    assert np.array_equal(turned.branches[0].points, tree.branches[0].points)
    # the grandchild turns with its parent: it stays attached
    assert np.allclose(turned.branches[2].points[0], turned.branches[1].points[8])


def test_spread_bifurcations_opens_both_daughters_by_half():
    tree = _t_tree()
    fork = deform.Fork(child=1, parent=0, index=6, spread=deform._spread(tree, 1))
    turned = deform.spread_bifurcations(tree, [fork], 20.0)
    continuation = turned.branches[0].points[-1] - turned.branches[0].points[6]
    continuation /= np.linalg.norm(continuation)
    child = _direction(turned.branches[1])
    assert _angle(continuation, child) == pytest.approx(110.0)
    assert _angle(np.array([0.0, 1.0]), continuation) == pytest.approx(10.0)
    assert np.allclose(turned.branches[0].points[:7], tree.branches[0].points[:7])


def test_fork_units_are_disjoint_and_respect_limits():
    tree = _t_tree()
    forks = deform.fork_units(tree, 1.0, 1e9, bifurcation=False)
    assert [f.child for f in forks] == [1]  # the grandchild's fork lies in the child's subtree
    assert deform.fork_units(tree, 1.0, 20.0, bifurcation=False)[0].child == 2
    assert deform.fork_units(tree, 5.0, 1e9, bifurcation=False) == []


def test_subtree_units_exclude_trunks_and_overlap():
    tree = _t_tree()
    assert deform.subtree_units(tree, 1e9) == [[1, 2]]
    assert deform.subtree_units(tree, 20.0) == [[2]]


def test_salt_and_pepper_density_and_nesting():
    mask = np.zeros((100, 100), bool)
    mask[40:60] = True
    fov = np.ones_like(mask)
    low, high = (salt_and_pepper(mask, fov, d, seed=1) for d in (0.02, 0.08))
    changed_low, changed_high = low ^ mask, high ^ mask
    assert changed_low.mean() == pytest.approx(0.01, abs=0.004)  # half the replaced pixels change
    assert changed_high.mean() == pytest.approx(0.04, abs=0.008)
    assert not (changed_low & ~changed_high).any()  # nested as the density grows
    assert np.array_equal(salt_and_pepper(mask, fov, 0.0, seed=1), mask)


def test_salt_and_pepper_stays_inside_the_fov():
    mask = np.zeros((50, 50), bool)
    fov = np.zeros_like(mask)
    fov[10:40, 10:40] = True
    noisy = salt_and_pepper(mask, fov, 0.5, seed=0)
    assert noisy.any() and not noisy[~fov].any()


def test_flip_random_flips_exactly_n_fov_pixels():
    mask = np.zeros((30, 30), bool)
    mask[10:20] = True
    fov = np.zeros_like(mask)
    fov[5:25, 5:25] = True
    flipped = flip_random(mask, fov, 37, seed=2)
    assert np.count_nonzero(flipped ^ mask) == 37
    assert not (flipped ^ mask)[~fov].any()
    assert np.array_equal(flipped, flip_random(mask, fov, 37, seed=2))
