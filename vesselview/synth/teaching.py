"""Teaching cases (issue 6 item 2): one clean reference, one deformed candidate.

Each case deforms the synthetic demo tree in one controlled way, with a
``severity`` knob, so a teacher can show how each metric reacts:

* the tolerance-F1 paper's deformations (Vo Tan & Ho, section 4, Figs. 2-4;
  seed ``000``): shift and salt-and-pepper noise, which leave the vessel
  properties intact and should cost little, and vessel gap, expansion
  (width), branching-angle and bifurcation-angle changes, which alter
  diagnostic properties and should cost more;
* the CAL paper's three redistributions of N pixels (Gegundez-Arias et al.,
  section "Application examples", Fig. 2 (b)-(d); seed ``001``): same numbers
  of removed and added pixels, hence the same Se/Sp/Acc, but very different
  vascular structure.

All arrays are seeded and reproducible; severity 0 gives back the reference.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import numbers
import zlib
from collections.abc import Callable

import numpy as np

from vesselview.engine.case import Case
from vesselview.errors import ParamsError
from vesselview.synth import deform
from vesselview.synth.fundus import fundus_image
from vesselview.synth.pixels import VesselClasses, redistribute, salt_and_pepper
from vesselview.synth.render import fov_mask, render_mask
from vesselview.synth.tree import REFERENCE_RADIUS, VesselTree, pixel_scale, vessel_tree

_GAPS = 8  # vessels interrupted by the gap case
_FORKS = 6  # forks opened by the angle cases
_NARROW_BELOW = 3.0  # reference px: CAL's "thinner vessels" are narrower than this


@dataclasses.dataclass(frozen=True)
class TeachingCase:
    """One entry of `TEACHING_CASES`.

    Attributes
    ----------
    name : str
        Registry key.
    title : str
        Short human-readable title.
    explanation : str
        One sentence for teachers: what changes and what a good metric should do.
    severity_range : tuple of float
        ``(low, high)``; ``low`` gives back the reference.
    unit : str
        Unit of the severity.
    function : callable (severity, shape, seed) -> Case
    """

    name: str
    title: str
    explanation: str
    severity_range: tuple[float, float]
    unit: str
    function: Callable[[float, tuple[int, int], int], Case]


@dataclasses.dataclass(frozen=True, eq=False)
class Base:
    """The undeformed material shared by every case of one (shape, seed)."""

    tree: VesselTree
    fov: np.ndarray
    reference: np.ndarray
    fundus: np.ndarray
    scale: float  # pixels per reference pixel


@functools.lru_cache(maxsize=4)
def base(shape: tuple[int, int], seed: int) -> Base:
    """Tree, FOV, reference (restricted to the FOV) and fundus; cached, read-only."""
    tree = vessel_tree(shape, seed)
    fov = fov_mask(shape)
    arrays = fov, render_mask(tree, shape) & fov, fundus_image(tree, shape, seed)
    for array in arrays:
        array.setflags(write=False)
    return Base(tree, *arrays, pixel_scale(shape))


def make_case(material: Base, candidate: np.ndarray, label: str, seed: int) -> Case:
    """A `Case` of the clean reference against ``candidate`` (cut to the FOV)."""
    shape = material.reference.shape
    return Case(
        reference=material.reference,
        candidate=candidate & material.fov,
        fov=material.fov,
        fundus=material.fundus,
        sources={
            "reference": f"synthetic:teaching-reference(seed={seed})",
            "candidate": f"synthetic:{label}",
            "fov": f"synthetic:fov{shape[0]}x{shape[1]}",
            "fundus": f"synthetic:fundus(seed={seed})",
        },
    )


def teaching_case(name: str, severity: float, shape: tuple[int, int] = (584, 565),
                  seed: int = 0) -> Case:
    """The teaching case ``name`` at ``severity``.

    Parameters
    ----------
    name : str
        A key of `TEACHING_CASES`.
    severity : float
        Within the case's ``severity_range`` (its ``unit``).
    shape : tuple of int
        ``(H, W)``. Severities in pixels are pixels of a 584x565 image and
        scale with ``min(H, W) / 565`` like the tree, so a case looks the same
        at any size.
    seed : int
        Seed of the tree and of the deformation's random choices.

    Raises
    ------
    ParamsError
        Unknown name, or severity not a number within the range.
    """
    entry = TEACHING_CASES.get(name)
    if entry is None:
        raise ParamsError(
            f"unknown teaching case {name!r}; choose one of {sorted(TEACHING_CASES)}"
        )
    low, high = entry.severity_range
    is_number = isinstance(severity, numbers.Real) and not isinstance(severity, bool)
    if not is_number or not low <= severity <= high:
        raise ParamsError(f"severity of {name!r} must be a number in [{low:g}, {high:g}] "
                          f"{entry.unit}, got {severity!r}")
    return entry.function(float(severity), (int(shape[0]), int(shape[1])), int(seed))


def _stream(seed: int, name: str) -> int:
    """A per-case seed so every case draws its own random choices from ``seed``."""
    return int(np.random.default_rng((seed, zlib.crc32(name.encode()))).integers(2**31))


def _pick(items: list, count: int, seed: int, name: str) -> list:
    """``count`` items chosen at random (seeded), in their original order."""
    rng = np.random.default_rng(_stream(seed, name))
    chosen = np.sort(rng.choice(len(items), size=min(count, len(items)), replace=False))
    return [items[i] for i in chosen]


def _label(name: str, severity: float, seed: int) -> str:
    """How a candidate names itself in ``Case.sources``."""
    return f"{name}(severity={severity:g}, seed={seed})"


def _shift(severity: float, shape: tuple[int, int], seed: int) -> Case:
    material = base(shape, seed)
    angle = np.random.default_rng(_stream(seed, "shift")).uniform(0.0, 2 * math.pi)
    offset = severity * material.scale * np.array([math.sin(angle), math.cos(angle)])
    moved = deform.translate(material.tree, list(range(len(material.tree.branches))), offset)
    return make_case(material, render_mask(moved, shape), _label("shift", severity, seed), seed)


def _noise(severity: float, shape: tuple[int, int], seed: int) -> Case:
    material = base(shape, seed)
    noisy = salt_and_pepper(material.reference, material.fov, severity, _stream(seed, "noise"))
    return make_case(material, noisy, _label("noise", severity, seed), seed)


def _gap(severity: float, shape: tuple[int, int], seed: int) -> Case:
    material = base(shape, seed)
    high = TEACHING_CASES["gap"].severity_range[1]
    sites = deform.gap_sites(material.tree, 2.0 * material.scale, high * material.scale)
    chosen = _pick(sites, _GAPS, seed, "gap")
    cut = deform.cut_gaps(material.tree, chosen, severity * material.scale)
    # A gap only removes: the stumps' re-rendered round caps can rasterise a pixel or
    # two beside the reference's, which would add false positives to a "gap" lesson.
    removed_only = render_mask(cut, shape) & material.reference
    return make_case(material, removed_only, _label("gap", severity, seed), seed)


def _expansion(severity: float, shape: tuple[int, int], seed: int) -> Case:
    material = base(shape, seed)
    wider = deform.widen(material.tree, list(range(len(material.tree.branches))),
                         severity * material.scale)
    return make_case(material, render_mask(wider, shape), _label("expansion", severity, seed), seed)


def _angle_case(bifurcation: bool) -> Callable[[float, tuple[int, int], int], Case]:
    name = "bifurcation_angle" if bifurcation else "branching_angle"
    spread = deform.spread_bifurcations if bifurcation else deform.spread_branchings

    def build(severity: float, shape: tuple[int, int], seed: int) -> Case:
        material = base(shape, seed)
        radius = REFERENCE_RADIUS * material.scale
        forks = deform.fork_units(material.tree, 1.5 * material.scale, radius,
                                  bifurcation=bifurcation)
        turned = spread(material.tree, forks[:_FORKS], severity)
        return make_case(material, render_mask(turned, shape), _label(name, severity, seed), seed)

    return build


@functools.lru_cache(maxsize=4)
def _classes(shape: tuple[int, int], seed: int) -> VesselClasses:
    """The CAL cases' pixel classes (narrow below 3 px at 584x565), cached."""
    material = base(shape, seed)
    # at tiny sizes every width is clamped to 1-2 px: keep a narrow class anyway
    narrow_below = max(_NARROW_BELOW * material.scale, 1.5)
    return VesselClasses(material.tree, material.reference, material.fov, narrow_below,
                         _stream(seed, "cal"))


# CAL paper, Fig. 2 (b)-(d): which N vessel pixels go, which N background pixels come.
_REDISTRIBUTIONS: dict[str, Callable[[VesselClasses, int], tuple[np.ndarray, np.ndarray]]] = {
    "cal_wide_to_narrow": lambda c, n: (c.peel_wide_edges(n), c.grow_edges(True, n)),
    "cal_narrow_to_wide": lambda c, n: (c.trim_narrow_tips(n), c.grow_edges(False, n)),
    "cal_narrow_to_noise": lambda c, n: (c.trim_narrow_tips(n), c.random_background(n)),
}


def _cal_case(name: str) -> Callable[[float, tuple[int, int], int], Case]:
    def build(severity: float, shape: tuple[int, int], seed: int) -> Case:
        classes = _classes(shape, seed)
        count = int(np.rint(severity * np.count_nonzero(classes.reference)))
        moved = redistribute(classes, *_REDISTRIBUTIONS[name](classes, count))
        return make_case(base(shape, seed), moved, _label(name, severity, seed), seed)

    return build


_PX, _DEGREES, _FRACTION = "px", "degrees", "fraction of vessel pixels"

TEACHING_CASES: dict[str, TeachingCase] = {
    case.name: case
    for case in (
        TeachingCase(
            "shift", "Shift",
            "The whole vessel tree is moved by a few pixels: no vessel property changes, so a "
            "good metric should barely react (tolerance-F1 paper, section 4.1).",
            (0.0, 8.0), _PX, _shift),
        TeachingCase(
            "noise", "Salt-and-pepper noise",
            "Isolated pixels are switched on and off at random (MATLAB imnoise density); "
            "vessels are untouched, so the score should drop only gently.",
            (0.0, 0.05), "density", _noise),
        TeachingCase(
            "gap", "Vessel gap",
            f"{_GAPS} vessels are interrupted by a gap of this length, a topology change (like "
            "vessel nicking) that a good metric should penalise even though few pixels change.",
            (0.0, 30.0), _PX, _gap),
        TeachingCase(
            "expansion", "Expansion (width)",
            "Every vessel is drawn this many pixels wider, changing the diameters used for "
            "diagnosis.",
            (0.0, 4.0), _PX, _expansion),
        TeachingCase(
            "branching_angle", "Branching-angle change",
            f"At the {_FORKS} largest free forks the side branch turns away from its parent "
            "vessel by this angle.",
            (0.0, 45.0), _DEGREES, _angle_case(False)),
        TeachingCase(
            "bifurcation_angle", "Bifurcation-angle change",
            f"At the {_FORKS} largest free forks the two daughter vessels open by this angle "
            "(each turns half of it).",
            (0.0, 45.0), _DEGREES, _angle_case(True)),
        TeachingCase(
            "cal_wide_to_narrow", "CAL: wide -> narrow edges",
            "N pixels peeled off the edges of wide vessels are added to the edges of narrow "
            "ones: same Se/Sp/Acc as the other CAL cases, but the tree is intact (CAL stays "
            "near 1).",
            (0.0, 0.15), _FRACTION, _cal_case("cal_wide_to_narrow")),
        TeachingCase(
            "cal_narrow_to_wide", "CAL: narrow -> wide edges",
            "N pixels trimmed from the tips of narrow vessels are added to the edges of wide "
            "ones: still connected, but vessels get shorter (CAL's length term drops).",
            (0.0, 0.15), _FRACTION, _cal_case("cal_narrow_to_wide")),
        TeachingCase(
            "cal_narrow_to_noise", "CAL: narrow -> random noise",
            "N pixels trimmed from narrow vessel tips reappear as isolated noise: same "
            "Se/Sp/Acc again, but connectivity, area and length all suffer (lowest CAL).",
            (0.0, 0.15), _FRACTION, _cal_case("cal_narrow_to_noise")),
    )
}
