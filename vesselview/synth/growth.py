"""Growth of the vessel tree in the normalised frame (FOV = unit disc).

Trunks leave the optic disc; every branch walks in small steps whose heading
relaxes towards a flow field (radial from the disc on the nasal side, arcing
round the macula on the temporal side, like the vascular arcades; macular
branches head for the fovea) plus an Ornstein-Uhlenbeck curvature noise
(tortuosity). Widths (reference pixels) taper to 1 at the tip and drop by
Murray's law (``w_parent^3 = w_after^3 + w_child^3``) at every bifurcation.
A branch stops at its length, at the FOV border, at the foveal avascular zone,
or (children only) when it runs into another branch.
"""

from __future__ import annotations

import dataclasses

import numpy as np

_STEP = 0.012  # growth step, FOV radii (~3 reference px)
_FAZ_RADIUS = 0.09  # foveal avascular zone, FOV radii
_MAX_BRANCHES = 600
_ARCADE_ASPECT = 0.75  # vertical / horizontal semi-axis of the arcade ellipses
_MIN_CHILD_WIDTH = 1.0  # reference px: thinner children are not spawned
_TIP_WIDTH = 1.0  # reference px
_FREE_STEPS = 3  # a child may pass through others' cells near its fork

# Trunks leaving the disc: (kind, initial width in reference px, direction
# (row, col) with +col pointing temporal, length in FOV radii, arcade?)
_TRUNKS = (
    ("vein", 8.0, (-0.8, 0.5), 2.6, True),
    ("artery", 6.2, (-0.97, -0.2), 2.6, True),
    ("vein", 7.6, (0.8, 0.5), 2.6, True),
    ("artery", 6.0, (0.97, -0.15), 2.6, True),
    ("vein", 4.8, (-0.55, -0.85), 1.0, False),
    ("artery", 4.0, (-0.25, -0.97), 1.0, False),
    ("vein", 4.6, (0.5, -0.85), 1.0, False),
    ("artery", 3.8, (0.2, -0.97), 1.0, False),
    ("artery", 2.6, (-0.05, 1.0), 0.6, False),
    ("vein", 2.8, (0.08, 1.0), 0.6, False),
)


@dataclasses.dataclass(frozen=True)
class Layout:
    """Landmarks in the normalised frame; ``temporal`` is +1 or -1 (column sign)."""

    disc: np.ndarray
    disc_radius: float
    macula: np.ndarray
    temporal: float

    @staticmethod
    def draw(rng: np.random.Generator) -> Layout:
        """Random eye side, disc ~0.62 FOV radii from the centre, fovea ~2.5 disc diameters away."""
        temporal = 1.0 if rng.random() < 0.5 else -1.0
        disc = np.array([rng.uniform(-0.06, 0.06), -temporal * rng.uniform(0.58, 0.66)])
        macula = disc + np.array([rng.uniform(0.04, 0.1), temporal * rng.uniform(0.66, 0.74)])
        return Layout(disc, rng.uniform(0.13, 0.15), macula, temporal)

    def flow(self, point: np.ndarray) -> np.ndarray:
        """Preferred unit direction at ``point``: radial from the disc, arcing round the macula."""
        from_disc = _unit(point - self.disc)
        from_macula = point - self.macula
        # tangent to the ellipses around the macula (flattened vertically like the arcades)
        gradient = from_macula / np.array([_ARCADE_ASPECT**2, 1.0])
        tangent = _unit(np.array([gradient[1], -gradient[0]]))
        if tangent @ from_disc < 0:
            tangent = -tangent
        span = np.linalg.norm(self.macula - self.disc)
        ahead = (point[1] - self.disc[1]) * self.temporal  # towards the macula, FOV radii
        temporalness = np.clip(ahead / (0.3 * span) + 1.0, 0.0, 1.0)
        outward = 0.04 * _unit(from_macula)
        return _unit((1 - temporalness) * from_disc + temporalness * (tangent + outward))


#: (points (N, 2), widths (N,), parent, parent_index, kind), normalised frame
RawBranch = tuple[np.ndarray, np.ndarray, int, int, str]


@dataclasses.dataclass
class _Sprout:
    """A branch waiting to be grown."""

    start: np.ndarray
    direction: np.ndarray
    width: float
    length: float
    kind: str
    parent: int
    parent_index: int
    memory: float  # weight of the initial direction against the flow field
    gain: float  # how fast (per FOV radius) the heading turns towards the target
    inward: bool  # heads for the fovea (macular branch) instead of following the flow


def grow(layout: Layout, rng: np.random.Generator) -> list[RawBranch]:
    """Grow all branches breadth-first from the trunks; parents precede children."""
    queue = [_trunk(layout, rng, *trunk) for trunk in _TRUNKS]
    grown: list[RawBranch] = []
    occupancy = _Occupancy()
    while queue and len(grown) < _MAX_BRANCHES:
        sprout = queue.pop(0)
        points, widths, spawned = _walk(sprout, layout, rng, len(grown), occupancy)
        if len(points) >= 2:
            grown.append((points, widths, sprout.parent, sprout.parent_index, sprout.kind))
            queue.extend(spawned)
    return grown


def _trunk(layout: Layout, rng: np.random.Generator, kind: str, width: float,
           direction: tuple[float, float], length: float, arcade: bool) -> _Sprout:
    """A trunk leaving the disc; arcade trunks follow the flow field closely."""
    heading = _unit(np.array([direction[0], direction[1] * layout.temporal]))
    return _Sprout(
        start=layout.disc + 0.3 * layout.disc_radius * heading,
        direction=heading,
        width=width * rng.uniform(0.92, 1.05),
        length=length * rng.uniform(0.9, 1.1),
        kind=kind,
        parent=-1,
        parent_index=0,
        memory=0.0 if arcade else 1.5,
        gain=6.0 if arcade else 3.0,
        inward=False,
    )


class _Occupancy:
    """Which branch first passed through each cell of a coarse grid over the FOV.

    Children stop when they run into another branch, so thin vessels fan out
    and fill the retina instead of criss-crossing (trunks, i.e. arteries and
    veins leaving the disc, may still cross each other).
    """

    _CELL = 0.015  # FOV radii (~4 reference px)
    _SIZE = int(np.ceil(2.1 / _CELL))

    def __init__(self) -> None:
        self._owner = np.full((self._SIZE, self._SIZE), -1, np.int32)

    def _cell(self, point: np.ndarray) -> tuple[int, int]:
        row, col = np.clip(((point + 1.05) / self._CELL).astype(int), 0, self._SIZE - 1)
        return int(row), int(col)

    def taken_by_other(self, point: np.ndarray, index: int, parent: int) -> bool:
        """True if a branch other than ``index`` and ``parent`` already passed here."""
        return self._owner[self._cell(point)] not in (-1, index, parent)

    def claim(self, point: np.ndarray, index: int) -> None:
        """Record that branch ``index`` passed here, unless another was first."""
        cell = self._cell(point)
        if self._owner[cell] == -1:
            self._owner[cell] = index


def _walk(
    sprout: _Sprout,
    layout: Layout,
    rng: np.random.Generator,
    index: int,
    occupancy: _Occupancy,
) -> tuple[np.ndarray, np.ndarray, list[_Sprout]]:
    """Walk one branch step by step, spawning children along the way.

    Returns its vertices (normalised frame), widths (reference pixels) and the
    sprouts of its children; ``index`` is the position it will take in the tree.

    A hand-written loop: each step depends on the previous heading and width
    (a random walk with feedback), and a branch has only tens of vertices.
    """
    point, direction, width = sprout.start.copy(), sprout.direction.copy(), sprout.width
    points, widths, spawned = [point.copy()], [width], []
    murray, curvature, travelled = 1.0, 0.0, 0.0
    next_fork = _fork_gap(width, rng) + (0.9 * layout.disc_radius if sprout.parent < 0 else 0.0)
    while travelled < sprout.length:
        flow = _unit(layout.macula - point) if sprout.inward else layout.flow(point)
        target = _unit(flow + sprout.memory * sprout.direction)
        turn = np.arctan2(_cross(direction, target), direction @ target)
        curvature = 0.8 * curvature + rng.normal(0.0, 1.3)
        direction = _rotate(direction, (sprout.gain * turn + curvature) * _STEP)
        point = point + _STEP * direction
        travelled += _STEP
        width = max(murray * _taper(sprout.width, travelled / sprout.length), _TIP_WIDTH)
        if np.hypot(*point) > 1.01 or np.linalg.norm(point - layout.macula) < _FAZ_RADIUS:
            break
        if (sprout.parent >= 0 and len(points) > _FREE_STEPS
                and occupancy.taken_by_other(point, index, sprout.parent)):
            break
        occupancy.claim(point, index)
        points.append(point.copy())
        widths.append(width)
        if travelled >= next_fork and len(points) > 2:
            child = _fork(sprout, point, direction, width, rng, (index, len(points) - 1),
                          layout.macula)
            if child is not None:
                spawned.append(child)
                murray *= float(np.cbrt(1.0 - min(child.width / width, 1.0) ** 3))
            next_fork = travelled + _fork_gap(width, rng)
    return np.array(points), np.array(widths), spawned


def _taper(start_width: float, fraction: float) -> float:
    """Width after ``fraction`` of a branch's length: slow at first, down to the tip width."""
    return start_width - (start_width - _TIP_WIDTH) * min(fraction, 1.0) ** 1.5


def _fork_gap(width: float, rng: np.random.Generator) -> float:
    """Distance (FOV radii) to the next bifurcation; wide vessels fork less often."""
    return rng.uniform(0.025, 0.065) * (1.0 + 0.08 * width)


def _fork(
    parent: _Sprout,
    point: np.ndarray,
    direction: np.ndarray,
    width: float,
    rng: np.random.Generator,
    attachment: tuple[int, int],
    macula: np.ndarray,
) -> _Sprout | None:
    """A child sprout leaving ``point`` at 35-80 degrees, or None if it would be too thin.

    ``attachment`` is (parent branch index, parent vertex index). Children
    heading towards the fovea become macular branches.
    """
    child_width = width * (0.3 + 0.55 * rng.beta(1.3, 2.5))
    if child_width < _MIN_CHILD_WIDTH:
        return None
    angle = np.deg2rad(rng.uniform(35.0, 80.0)) * rng.choice([-1.0, 1.0])
    child_direction = _rotate(direction, angle)
    return _Sprout(
        start=point.copy(),
        direction=child_direction,
        width=child_width,
        length=(0.14 * child_width + 0.18) * rng.uniform(0.7, 1.3),
        kind=parent.kind,
        parent=attachment[0],
        parent_index=attachment[1],
        memory=rng.uniform(0.6, 2.5),
        gain=3.0,
        inward=bool(child_direction @ _unit(macula - point) > 0.3),
    )


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = np.linalg.norm(vector)
    return vector / norm if norm > 0 else vector


def _cross(a: np.ndarray, b: np.ndarray) -> float:
    return float(a[0] * b[1] - a[1] * b[0])


def _rotate(vector: np.ndarray, angle: float) -> np.ndarray:
    """Rotate a (row, col) vector by ``angle`` radians."""
    c, s = np.cos(angle), np.sin(angle)
    return np.array([c * vector[0] - s * vector[1], s * vector[0] + c * vector[1]])
