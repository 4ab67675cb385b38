"""Deformations that change the same number of pixels (the "metric behaviour" view).

Pixel-counting metrics see every case of `equal_change_set` as about equally
bad; a metric that reflects vessel properties should not. The expected order
comes from the tolerance-F1 paper (Vo Tan & Ho, seed ``000``): section 4.1 asks a
good measure to forgive changes that keep the vessel properties (shift, noise)
and to penalise those that alter them (gap, diameter, branching and
bifurcation angles); section 4.2 (Experiment 1, Fig. 3) states the expected
ranking ``[shift, noise, gap, expansion, angle] = [1, 2, 3, 3, 3]`` — noise
below shift because it "is more likely to affect the whole image". It is the
order the papers argue a good metric should give, not a measured one: the
teaching view exists to show where each metric agrees with it and where not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

from vesselview.engine.case import Case
from vesselview.errors import ParamsError
from vesselview.synth import deform
from vesselview.synth.pixels import flip_random
from vesselview.synth.render import render_mask
from vesselview.synth.teaching import Base, base, make_case
from vesselview.synth.tree import REFERENCE_RADIUS, VesselTree, pixel_scale

#: Best to worst; names in one tuple are tied (tolerance-F1 paper, section 4.2).
EXPECTED_RANKING: tuple[tuple[str, ...], ...] = (
    ("shift",),
    ("noise",),
    ("gap", "expansion", "branching_angle", "bifurcation_angle"),
)
#: How close each case's changed-pixel count gets to ``n_pixels`` (relative).
TOLERANCE = 0.1

_BISECTIONS = 10
# A localised deformation: the places it can act on, how to apply it to some of
# them at a severity (with a seed), a nominal and a largest severity (degrees, or
# pixels of a 584x565 image, scaled like the tree).
_Places = Callable[[Base], list]
_Apply = Callable[[VesselTree, list, float, int], VesselTree]


def expected_rank(name: str) -> int:
    """1-based rank of ``name`` in `EXPECTED_RANKING` (tied names share a rank)."""
    for rank, tier in enumerate(EXPECTED_RANKING, start=1):
        if name in tier:
            return rank
    raise KeyError(name)


def equal_change_set(n_pixels: int = 1500, shape: tuple[int, int] = (584, 565),
                     seed: int = 0) -> dict[str, Case]:
    """Shift, noise, gap, expansion and angle deformations changing ~``n_pixels`` each.

    Each localised deformation acts on a seeded selection of places (small
    subtrees for shift and expansion, gap sites, forks); the number of places
    and then the severity are searched so that ``|reference XOR candidate|``
    is within `TOLERANCE` (10%) of ``n_pixels``; noise flips exactly
    ``n_pixels`` random FOV pixels.

    Parameters
    ----------
    n_pixels : int
        Target number of changed pixels; at 584x565 up to ~2000 (the gap case runs
        out of interruptible vessels beyond that).
    shape : tuple of int
    seed : int

    Returns
    -------
    dict of str to Case
        Keyed by the names in `EXPECTED_RANKING`.

    Raises
    ------
    ParamsError
        ``n_pixels`` is not positive, or too large for a deformation to reach.
    """
    if isinstance(n_pixels, bool) or not isinstance(n_pixels, (int, np.integer)) or n_pixels <= 0:
        raise ParamsError(f"n_pixels must be a positive integer, got {n_pixels!r}")
    shape = (int(shape[0]), int(shape[1]))
    material = base(shape, seed)
    noisy = flip_random(material.reference, material.fov, int(n_pixels), seed)
    label = f"(n={n_pixels}, seed={seed})"
    cases = {"noise": make_case(material, noisy, f"equal-change-noise{label}", seed)}
    for name, (find_places, apply, nominal, high) in _LOCALISED.items():
        rng = np.random.default_rng((seed, len(cases)))
        places = find_places(material)
        places = [places[i] for i in rng.permutation(len(places))]
        candidate = _match(material, places, apply, nominal, high, int(n_pixels), seed, name)
        cases[name] = make_case(material, candidate, f"equal-change-{name}{label}", seed)
    return {name: cases[name] for tier in EXPECTED_RANKING for name in tier}


def _match(material: Base, places: list, apply: _Apply, nominal: float, high: float,
           target: int, seed: int, name: str) -> np.ndarray:
    """Candidate changing ~``target`` pixels: fewest places at ``nominal``, then bisect severity."""
    render = _Renderer(material, places, apply, seed)
    low, high_count = 0, len(places)
    while low < high_count:  # fewest places reaching the target at the nominal severity
        middle = (low + high_count) // 2
        if render(middle, nominal)[0] >= target:
            high_count = middle
        else:
            low = middle + 1
    count = low
    top = nominal if render(count, nominal)[0] >= target else high
    best = render(count, top)
    if best[0] < target * (1 - TOLERANCE):
        raise ParamsError(
            f"n_pixels={target} is too many for the {name!r} deformation at this size"
        )
    low_severity, high_severity = 0.0, top
    for _ in range(_BISECTIONS):
        severity = 0.5 * (low_severity + high_severity)
        trial = render(count, severity)
        if abs(trial[0] - target) < abs(best[0] - target):
            best = trial
        if trial[0] < target:
            low_severity = severity
        else:
            high_severity = severity
    return best[1]


class _Renderer:
    """Render a localised deformation and count the pixels it changes.

    Only the deformed branches are drawn for each trial; the untouched rest of
    the tree is drawn once per set of deformed branches.
    """

    def __init__(self, material: Base, places: list, apply: _Apply, seed: int) -> None:
        self.material, self.places, self.apply, self.seed = material, places, apply, seed
        self._untouched: dict[tuple[int, ...], np.ndarray] = {}

    def __call__(self, count: int, severity: float) -> tuple[int, np.ndarray]:
        """(changed pixels, candidate mask) with the first ``count`` places at ``severity``."""
        tree, shape = self.material.tree, self.material.reference.shape
        deformed = self.apply(tree, self.places[:count], severity, self.seed)
        pairs = zip(deformed.branches, tree.branches, strict=False)  # deformed may have more
        changed = tuple(i for i, (new, old) in enumerate(pairs) if new is not old)
        if changed not in self._untouched:
            skip = set(changed)
            kept = tuple(b for i, b in enumerate(tree.branches) if i not in skip)
            self._untouched[changed] = render_mask(dataclasses.replace(tree, branches=kept), shape)
        moved = tuple(deformed.branches[i] for i in changed)
        moved += deformed.branches[len(tree.branches) :]
        mask = self._untouched[changed] | render_mask(
            dataclasses.replace(tree, branches=moved), shape)
        mask &= self.material.fov
        return int(np.count_nonzero(mask ^ self.material.reference)), mask


def _subtrees(material: Base) -> list:
    return deform.subtree_units(material.tree, 0.5 * REFERENCE_RADIUS * material.scale)


def _shift(tree: VesselTree, places: list, severity: float, seed: int) -> VesselTree:
    """Move the chosen subtrees ``severity`` px in one seeded direction."""
    angle = np.random.default_rng(seed).uniform(0.0, 2 * np.pi)
    offset = severity * pixel_scale(tree.shape) * np.array([np.sin(angle), np.cos(angle)])
    return deform.translate(tree, [i for unit in places for i in unit], offset)


_LOCALISED: dict[str, tuple[_Places, _Apply, float, float]] = {
    "shift": (_subtrees, _shift, 2.0, 6.0),
    "gap": (lambda m: deform.gap_sites(m.tree, 1.5 * m.scale, 30.0 * m.scale),
            lambda tree, places, s, seed: deform.cut_gaps(
                tree, places, s * pixel_scale(tree.shape)),
            12.0, 30.0),
    "expansion": (_subtrees, lambda tree, places, s, seed: deform.widen(
        tree, [i for unit in places for i in unit], s * pixel_scale(tree.shape)), 2.0, 4.0),
    "branching_angle": (
        lambda m: deform.fork_units(m.tree, 1.0, REFERENCE_RADIUS * m.scale, bifurcation=False),
        lambda tree, places, s, seed: deform.spread_branchings(tree, places, s), 40.0, 60.0),
    "bifurcation_angle": (
        lambda m: deform.fork_units(m.tree, 1.0, REFERENCE_RADIUS * m.scale, bifurcation=True),
        lambda tree, places, s, seed: deform.spread_bifurcations(tree, places, s), 40.0, 60.0),
}
