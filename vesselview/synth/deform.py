"""Geometric deformations of a `VesselTree` (the tolerance-F1 paper's section 4).

Each function returns a new tree, meant for rendering (`render_mask`): moved,
widened, cut or rotated branches. Units are image pixels and degrees. The
`*_units` helpers list, for a tree, the places a deformation can act on (disjoint
subtrees, gap sites, forks) so callers can pick some with a seeded generator.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import numpy as np

from vesselview.synth.tree import Branch, VesselTree


@dataclasses.dataclass(frozen=True)
class Fork:
    """Where branch ``child`` leaves its parent; ``spread`` (+1/-1) widens the angle."""

    child: int
    parent: int
    index: int
    spread: float


def translate(tree: VesselTree, branches: list[int], offset: np.ndarray) -> VesselTree:
    """Move ``branches`` by ``offset`` ``(drow, dcol)`` pixels."""
    return _replace(tree, {i: _moved(tree.branches[i], tree.branches[i].points + offset)
                           for i in branches})


def widen(tree: VesselTree, branches: list[int], extra: float) -> VesselTree:
    """Add ``extra`` pixels to the diameter of ``branches`` everywhere along them."""
    widened: dict[int, Branch] = {}
    for i in branches:
        branch = tree.branches[i]
        widened[i] = dataclasses.replace(branch, widths=branch.widths + extra)
    return _replace(tree, widened)


def cut_gaps(tree: VesselTree, sites: list[tuple[int, float]], length: float) -> VesselTree:
    """Cut a gap of ``length`` clear pixels across branch ``b`` at arc length ``s``, per site.

    The centreline is removed over ``length + w`` (``w`` the local diameter)
    so that, with the round caps the renderer puts on the two stumps, the
    vessel is interrupted over ``length`` pixels. Pieces after a gap are
    appended to the branches. ``length <= 0`` cuts nothing.
    """
    if length <= 0:
        return tree
    cuts: dict[int, list[tuple[float, float]]] = {}
    for index, position in sites:
        branch = tree.branches[index]
        half = 0.5 * (length + float(np.interp(position, _arc_length(branch), branch.widths)))
        cuts.setdefault(index, []).append((position - half, position + half))
    replaced: dict[int, Branch] = {}
    extra: list[Branch] = []
    for index, intervals in cuts.items():
        head, *tails = _pieces(tree.branches[index], sorted(intervals))
        replaced[index] = head
        extra += tails
    return _replace(tree, replaced, extra)


def spread_branchings(tree: VesselTree, forks: list[Fork], degrees: float) -> VesselTree:
    """Branching-angle change: rotate each fork's child subtree ``degrees`` away from its parent."""
    replaced: dict[int, Branch] = {}
    for fork in forks:
        pivot = tree.branches[fork.parent].points[fork.index]
        subtree = [fork.child, *tree.descendants(fork.child)]
        replaced.update(_turned(tree, subtree, pivot, np.deg2rad(degrees) * fork.spread))
    return _replace(tree, replaced)


def spread_bifurcations(tree: VesselTree, forks: list[Fork], degrees: float) -> VesselTree:
    """Bifurcation-angle change: open each fork's two daughters by ``degrees`` in total.

    The child subtree turns ``degrees / 2`` one way, the parent's continuation
    past the fork (with everything attached to it) ``degrees / 2`` the other.
    """
    replaced: dict[int, Branch] = {}
    for fork in forks:
        parent = tree.branches[fork.parent]
        pivot = parent.points[fork.index]
        half = 0.5 * np.deg2rad(degrees) * fork.spread
        replaced.update(_turned(tree, [fork.child, *tree.descendants(fork.child)], pivot, half))
        points = parent.points.copy()
        points[fork.index + 1 :] = _rotate_about(points[fork.index + 1 :], pivot, -half)
        replaced[fork.parent] = _moved(parent, points)
        replaced.update(_turned(tree, continuation(tree, fork), pivot, -half))
    return _replace(tree, replaced)


def continuation(tree: VesselTree, fork: Fork) -> list[int]:
    """Branches attached to the parent beyond the fork, with their descendants."""
    found: list[int] = []
    for i in tree.children(fork.parent):
        if tree.branches[i].parent_index > fork.index:
            found += [i, *tree.descendants(i)]
    return found


def subtree_units(tree: VesselTree, max_length: float) -> list[list[int]]:
    """Non-trunk subtrees (branch + descendants) no longer than ``max_length`` px in total."""
    units = []
    for i, branch in enumerate(tree.branches):
        members = [i, *tree.descendants(i)]
        if branch.parent >= 0 and _total_length(tree, members) <= max_length:
            units.append(members)
    return _disjoint(units)


def gap_sites(tree: VesselTree, min_width: float, max_gap: float) -> list[tuple[int, float]]:
    """Places (branch, arc length) where a gap of up to ``max_gap`` px cuts one vessel only.

    The middle of every stretch of a branch between forks (or ends) that is
    at least ``min_width`` px wide there and long enough to hold the gap, its
    stumps' round caps and 3 px on either side.
    """
    sites = []
    for i, branch in enumerate(tree.branches):
        arc = _arc_length(branch)
        forks = [arc[tree.branches[c].parent_index] for c in tree.children(i)]
        bounds = np.unique([0.0, arc[-1], *forks])
        for start, stop in itertools.pairwise(bounds):
            middle = 0.5 * (start + stop)
            width = float(np.interp(middle, arc, branch.widths))
            if width >= min_width and stop - start >= max_gap + width + 6.0:
                sites.append((i, float(middle)))
    return sites


def fork_units(
    tree: VesselTree, min_width: float, max_length: float, *, bifurcation: bool
) -> list[Fork]:
    """Forks that can be opened independently, the largest first.

    A fork qualifies if its child starts at least ``min_width`` px wide and the
    part that turns (child subtree; for a bifurcation also the parent's
    continuation) is at most ``max_length`` px long in total. Forks are taken
    greedily by decreasing turning length, skipping any that shares a branch
    with one already taken.
    """
    candidates = []
    for i, branch in enumerate(tree.branches):
        if branch.parent < 0 or branch.widths[0] < min_width or branch.parent_index == 0:
            continue
        fork = Fork(i, branch.parent, branch.parent_index, _spread(tree, i))
        moved = [i, *tree.descendants(i)] + (continuation(tree, fork) if bifurcation else [])
        length = _total_length(tree, moved)
        if bifurcation:
            parent_arc = _arc_length(tree.branches[branch.parent])
            length += parent_arc[-1] - parent_arc[branch.parent_index]
        if length <= max_length:
            candidates.append((length, fork, [branch.parent, *moved]))
    candidates.sort(key=lambda candidate: -candidate[0])
    kept = {tuple(unit) for unit in _disjoint([unit for _, _, unit in candidates])}
    return [fork for _, fork, unit in candidates if tuple(unit) in kept]


def _spread(tree: VesselTree, child: int) -> float:
    """+1 or -1: the rotation sign that opens the angle between child and parent."""
    branch = tree.branches[child]
    parent = tree.branches[branch.parent].points
    k = min(branch.parent_index, len(parent) - 2)
    along = parent[k + 1] - parent[k]
    out = branch.points[min(2, len(branch.points) - 1)] - branch.points[0]
    cross = along[0] * out[1] - along[1] * out[0]
    return 1.0 if cross >= 0 else -1.0


def _disjoint(units: list[list[int]]) -> list[list[int]]:
    """Keep units (in order) that share no branch with an earlier kept one."""
    taken: set[int] = set()
    kept = []
    for unit in units:
        if taken.isdisjoint(unit):
            kept.append(unit)
            taken.update(unit)
    return kept


def _arc_length(branch: Branch) -> np.ndarray:
    steps = np.linalg.norm(np.diff(branch.points, axis=0), axis=1)
    return np.concatenate([[0.0], np.cumsum(steps)])


def _total_length(tree: VesselTree, members: list[int]) -> float:
    return float(sum(_arc_length(tree.branches[i])[-1] for i in members))


def _pieces(branch: Branch, gaps: list[tuple[float, float]]) -> list[Branch]:
    """The parts of ``branch`` outside the sorted, disjoint arc-length intervals ``gaps``."""
    arc = _arc_length(branch)
    edges = np.clip([0.0, *[bound for gap in gaps for bound in gap], arc[-1]], 0.0, arc[-1])
    pieces = []
    for start, stop in zip(edges[::2], edges[1::2], strict=True):
        positions = np.concatenate([[start], arc[(arc > start) & (arc < stop)], [stop]])
        points = np.column_stack([np.interp(positions, arc, branch.points[:, k]) for k in range(2)])
        widths = np.interp(positions, arc, branch.widths)
        pieces.append(dataclasses.replace(branch, points=points, widths=widths))
    return pieces


def _rotate_about(points: np.ndarray, pivot: np.ndarray, angle: float) -> np.ndarray:
    """Rotate ``(row, col)`` points about ``pivot`` by ``angle`` radians."""
    c, s = np.cos(angle), np.sin(angle)
    rotation = np.array([[c, -s], [s, c]])
    return (points - pivot) @ rotation.T + pivot


def _turned(
    tree: VesselTree, indices: list[int], pivot: np.ndarray, angle: float
) -> dict[int, Branch]:
    """Branches ``indices`` rotated about ``pivot`` by ``angle`` radians."""
    return {i: _moved(tree.branches[i], _rotate_about(tree.branches[i].points, pivot, angle))
            for i in indices}


def _moved(branch: Branch, points: np.ndarray) -> Branch:
    return dataclasses.replace(branch, points=points)


def _replace(tree: VesselTree, replaced: dict[int, Branch],
             extra: Sequence[Branch] = ()) -> VesselTree:
    branches = tuple(replaced.get(i, b) for i, b in enumerate(tree.branches)) + tuple(extra)
    return dataclasses.replace(tree, branches=branches)
