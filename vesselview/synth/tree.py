"""Seeded procedural retinal vessel tree (issue 2 item 5): the public types.

The tree is grown (`vesselview.synth.growth`) in a normalised frame — the field
of view is the unit disc and widths are in "reference pixels", 1/270 of its
radius as in a 584x565 DRIVE image — and only then scaled to the requested
image shape, so the same seed gives the same, proportionally scaled tree at
any size.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.synth.growth import Layout, grow

#: FOV radius as a fraction of ``min(H, W)`` (DRIVE: 270 px of 565).
FOV_RADIUS_FRACTION = 0.478
#: Width (pixels) of the reference image (DRIVE) that widths and teaching severities refer to.
REFERENCE_WIDTH = 565
#: FOV radius, in pixels, of the reference frame.
REFERENCE_RADIUS = FOV_RADIUS_FRACTION * REFERENCE_WIDTH


@dataclasses.dataclass(frozen=True, eq=False)
class Branch:
    """One vessel segment between its origin and its tip.

    Attributes
    ----------
    points : ndarray of float64, shape (N, 2)
        Polyline vertices ``(row, col)`` in pixels, N >= 2.
    widths : ndarray of float64, shape (N,)
        Vessel diameter in pixels at each vertex.
    parent : int
        Index of the parent branch in ``VesselTree.branches``; -1 for a trunk.
    parent_index : int
        Vertex of the parent where this branch starts (0 for a trunk).
    kind : {"artery", "vein"}
    """

    points: np.ndarray
    widths: np.ndarray
    parent: int
    parent_index: int
    kind: str

    def __post_init__(self) -> None:
        for name in ("points", "widths"):
            array = np.array(getattr(self, name), dtype=np.float64)
            array.setflags(write=False)
            object.__setattr__(self, name, array)


@dataclasses.dataclass(frozen=True, eq=False)
class VesselTree:
    """A retinal vessel tree laid out for one image shape.

    Attributes
    ----------
    branches : tuple of Branch
        Parents come before their children.
    shape : tuple of int
        ``(H, W)`` the coordinates are laid out for.
    disc : ndarray of float64, shape (2,)
        Optic disc centre ``(row, col)``, pixels.
    disc_radius : float
        Optic disc radius, pixels.
    macula : ndarray of float64, shape (2,)
        Fovea centre ``(row, col)``, pixels.
    """

    branches: tuple[Branch, ...]
    shape: tuple[int, int]
    disc: np.ndarray
    disc_radius: float
    macula: np.ndarray

    def children(self, index: int) -> list[int]:
        """Indices of the branches whose parent is ``index``."""
        return [i for i, branch in enumerate(self.branches) if branch.parent == index]

    def descendants(self, index: int) -> list[int]:
        """Indices of every branch below ``index`` (children, grandchildren...)."""
        found: list[int] = []
        for i, branch in enumerate(self.branches):  # parents precede children
            if branch.parent == index or branch.parent in found:
                found.append(i)
        return found


def fov_geometry(shape: tuple[int, int]) -> tuple[np.ndarray, float]:
    """Centre ``(row, col)`` and radius, in pixels, of the DRIVE-like circular FOV."""
    height, width = shape
    centre = np.array([(height - 1) / 2.0, (width - 1) / 2.0])
    return centre, FOV_RADIUS_FRACTION * min(height, width)


def pixel_scale(shape: tuple[int, int]) -> float:
    """Image pixels per reference pixel: ``min(H, W) / 565`` (1 at DRIVE's 584x565)."""
    return min(shape) / REFERENCE_WIDTH


def vessel_tree(shape: tuple[int, int] = (584, 565), seed: int = 0) -> VesselTree:
    """Grow a seeded retinal vessel tree laid out for an image of ``shape``.

    Parameters
    ----------
    shape : tuple of int
        ``(H, W)`` in pixels. Geometry (and widths) scale with the FOV radius,
        ``0.478 * min(H, W)``; at 584x565 trunks are ~8 px wide, tips 1 px.
    seed : int
        Seed of the ``numpy.random.Generator``; same seed, same tree.

    Returns
    -------
    VesselTree
    """
    rng = np.random.default_rng(seed)
    layout = Layout.draw(rng)
    branches = grow(layout, rng)
    centre, radius = fov_geometry(shape)
    scale = pixel_scale(shape)
    placed = tuple(
        Branch(
            points=centre + radius * points,
            widths=np.maximum(widths * scale, 1.0),
            parent=parent,
            parent_index=parent_index,
            kind=kind,
        )
        for points, widths, parent, parent_index, kind in branches
    )
    return VesselTree(
        branches=placed,
        shape=(int(shape[0]), int(shape[1])),
        disc=centre + radius * layout.disc,
        disc_radius=radius * layout.disc_radius,
        macula=centre + radius * layout.macula,
    )
