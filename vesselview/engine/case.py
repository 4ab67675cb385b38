"""The evaluated case: reference, candidate and FOV masks plus optional fundus.

`Case` is built once by `vesselview.io.load_case` (which validates everything) or
directly from arrays. Inside the engine its fields are trusted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import numpy as np

from vesselview.engine.params import DEFAULT_THRESHOLD


@dataclasses.dataclass(frozen=True, eq=False)
class Case:
    """One reference / candidate pair, validated.

    Attributes
    ----------
    reference : ndarray of bool, shape (H, W)
        Manual (ground-truth) vessel mask ``G``.
    candidate : ndarray of bool, shape (H, W)
        Candidate vessel mask ``S`` (a soft map binarised at the load threshold).
    fov : ndarray of bool, shape (H, W)
        Field-of-view mask ``F``; all True when none was given.
    candidate_soft : ndarray of float32, shape (H, W), or None
        The candidate as a probability map in [0, 1] when it was one, else None.
    fundus : ndarray of uint8, shape (H, W, 3), or None
        The fundus photograph, RGB.
    sources : Mapping[str, str]
        Where each role came from (file path or ``"<array>"``), keys ``reference``,
        ``candidate``, ``fov``, ``fundus``.
    warnings : tuple of str
        Non-fatal observations made while loading (e.g. suspected inverted polarity).
    threshold : float
        The probability threshold the masks were binarised at when loaded; the
        threshold of every evaluation of this case whose `Params.threshold` is None
        (the default).
    """

    reference: np.ndarray
    candidate: np.ndarray
    fov: np.ndarray
    candidate_soft: np.ndarray | None = None
    fundus: np.ndarray | None = None
    sources: Mapping[str, str] = dataclasses.field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    threshold: float = DEFAULT_THRESHOLD

    def __post_init__(self) -> None:
        for name in ("reference", "candidate", "fov", "candidate_soft", "fundus"):
            array = getattr(self, name)
            if array is not None:
                array = np.ascontiguousarray(array)
                array.setflags(write=False)
                object.__setattr__(self, name, array)

    @property
    def shape(self) -> tuple[int, int]:
        """Image shape ``(H, W)`` in pixels."""
        return self.reference.shape

    def candidate_at(self, threshold: float | None) -> np.ndarray:
        """Candidate mask: soft values strictly above ``threshold`` (fraction of full scale).

        None means the case's own `threshold`. For a hard candidate this is the
        candidate itself, whatever the threshold.
        """
        if self.candidate_soft is None:
            return self.candidate
        return self.candidate_soft > (self.threshold if threshold is None else threshold)
