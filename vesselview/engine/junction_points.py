"""Annotated reference junctions: the points a dataset ships, used instead of the
reference skeleton's junction nodes (``docs/metrics.md`` §10, ``docs/inputs.md``).

`vesselview.io.junction_files` reads them from a CSV file (``x,y[,kind]``) and checks
each row; a `JunctionPoints` built directly is checked against the image by
`JunctionPoints.check_inside` when the `Case` holding it is built.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from vesselview.errors import InputError

#: What ``Result`` rows record as the junction source when none was given.
SKELETON_JUNCTIONS = "skeleton"


@dataclasses.dataclass(frozen=True, eq=False)
class JunctionPoints:
    """Reference junction points, with their kinds when known.

    Attributes
    ----------
    junctions : ndarray of float64, shape (n, 2)
        Positions (row, col) in pixels: row = y, col = x of the file, 0-based pixel
        centres (the vessel graph's node convention).
    crossings : ndarray of bool, shape (n,), or None
        True for a crossing, False for a bifurcation; None when the kinds are not given
        for every point (bifurcation and crossing F1 are then undefined).
    source : str
        Where the points came from (a file path or ``"<array>"``).
    """

    junctions: np.ndarray
    crossings: np.ndarray | None = None
    source: str = "<array>"

    def __post_init__(self) -> None:
        junctions = np.array(self.junctions, np.float64).reshape(-1, 2)
        junctions.flags.writeable = False
        object.__setattr__(self, "junctions", junctions)
        if self.crossings is not None:
            crossings = np.array(self.crossings, np.bool_).reshape(-1)
            if crossings.size != len(junctions):
                raise InputError(f"{self.source}: {crossings.size} kinds for "
                                 f"{len(junctions)} junction points; give one per point",
                                 source=self.source)
            crossings.flags.writeable = False
            object.__setattr__(self, "crossings", crossings)

    def check_inside(self, shape: tuple[int, int]) -> None:
        """Raise `InputError` naming the first point outside an image of ``shape`` (H, W):
        a point must satisfy 0 <= x <= W - 1 and 0 <= y <= H - 1 (finite)."""
        limits = np.array(shape, np.float64) - 1
        outside = ~(np.isfinite(self.junctions).all(axis=1)
                    & (self.junctions >= 0).all(axis=1) & (self.junctions <= limits).all(axis=1))
        if outside.any():
            first = int(np.argmax(outside))
            row, col = self.junctions[first]
            raise InputError(
                f"{self.source}: junction point {first + 1} (x={col:g}, y={row:g}) lies "
                f"outside the {shape[1]}x{shape[0]} image; points are 0-based pixel "
                f"positions with 0 <= x <= {shape[1] - 1} and 0 <= y <= {shape[0] - 1}: "
                "check the file is this image's and its x,y order", source=self.source)

    def outside(self, region: np.ndarray | None) -> JunctionPoints:
        """The points whose nearest pixel is not in ``region`` (bool, shape (H, W)): the
        ignored pixels; ``self`` when ``region`` is None."""
        if region is None:
            return self
        rows, cols = np.rint(self.junctions).astype(np.int64).T
        kept = ~region[rows, cols]
        return JunctionPoints(self.junctions[kept],
                              None if self.crossings is None else self.crossings[kept],
                              self.source)
