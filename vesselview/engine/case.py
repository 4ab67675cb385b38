"""The evaluated case: reference, candidate and FOV masks plus optional fundus and ignore mask.

`Case` validates its arrays when it is built (by `vesselview.io.load_case` or directly
from arrays), so no `Case` can hold bad ones, and keeps canonical copies of them
(`vesselview.engine.canonical`): masks with bytes exactly 0 and 1, every array
C-contiguous, owned and read-only, the probability map float32. So the same values give
the same numbers however the caller stored them, and the caller's arrays are never
touched (not even their flags). Inside the engine its fields are trusted.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Mapping

import numpy as np

from vesselview.engine.canonical import canonical_mask
from vesselview.engine.params import DEFAULT_THRESHOLD
from vesselview.errors import InputError


@dataclasses.dataclass(frozen=True, eq=False)
class Case:
    """One reference / candidate pair, validated.

    Attributes
    ----------
    The arrays are the case's own read-only, C-contiguous copies of those given: bool
    masks whose bytes are exactly 0 and 1 (a bool array whose True bytes are 255, as
    Pillow reads 1-bit images, is stored as 0/1), the probability map as float32. An
    array of another Case is shared, not copied (`dataclasses.replace`, candidates of
    one reference).

    reference : ndarray of bool, shape (H, W)
        Manual (ground-truth) vessel mask ``G``.
    candidate : ndarray of bool, shape (H, W)
        Candidate vessel mask ``S`` (a soft map binarised at the load threshold).
    fov : ndarray of bool, shape (H, W)
        Field-of-view mask ``F``; all True when none was given.
    candidate_soft : ndarray of float32, shape (H, W), or None
        The candidate as a probability map in [0, 1] when it was one, else None. Given
        in any float dtype; kept as float32 (what `load_case` reads every map as).
    fundus : ndarray of uint8, shape (H, W, 3), or None
        The fundus photograph, RGB.
    sources : Mapping[str, str]
        Where each role came from (file path or ``"<array>"``), keys ``reference``,
        ``candidate``, ``fov``, ``fundus`` (and ``ignore`` from `load_case`).
    warnings : tuple of str
        Non-fatal observations made while loading (e.g. suspected inverted polarity).
    threshold : float
        The probability threshold the masks were binarised at when loaded; the
        threshold of every evaluation of this case whose `Params.threshold` is None
        (the default).
    ignore : ndarray of bool, shape (H, W), or None
        Ignore ("don't care") region ``I``: pixels left out of every metric
        (``docs/metrics.md`` section 0; see `without_ignored`). None: nothing ignored.

    Raises
    ------
    InputError
        When a mask (the ignore mask included) is not a 2-D bool array, the arrays
        differ in shape (both shapes
        named), ``candidate_soft`` is not floating point in [0, 1], ``fundus`` is not
        uint8 RGB of the masks' size, or ``threshold`` is outside [0, 1]. No value is
        reinterpreted: convert masks with ``mask > 0`` first (or use `load_case`).
    """

    reference: np.ndarray
    candidate: np.ndarray
    fov: np.ndarray
    candidate_soft: np.ndarray | None = None
    fundus: np.ndarray | None = None
    sources: Mapping[str, str] = dataclasses.field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    threshold: float = DEFAULT_THRESHOLD
    ignore: np.ndarray | None = None

    def __post_init__(self) -> None:
        self._validate()
        for name in ("reference", "candidate", "fov", "candidate_soft", "fundus", "ignore"):
            array = getattr(self, name)
            if array is not None:
                object.__setattr__(self, name, _canonical_copy(name, array))

    def _validate(self) -> None:
        """Raise `InputError` naming the role for any array the engine cannot trust."""
        shape = self._mask("reference").shape
        for role in ("candidate", "fov", "ignore"):
            if role == "ignore" and self.ignore is None:
                continue
            if self._mask(role).shape != shape:
                raise self._error(role, f"has shape {getattr(self, role).shape} but reference "
                                        f"has shape {shape}; every mask must have the same size")
        if self.candidate_soft is not None:
            soft = self._array("candidate_soft")
            if soft.shape != shape or not np.issubdtype(soft.dtype, np.floating):
                raise self._error("candidate_soft", f"must be a float map of shape {shape}, "
                                                    f"got {soft.dtype} of shape {soft.shape}")
            if not (soft.min() >= 0.0 and soft.max() <= 1.0):  # also False for nan
                raise self._error("candidate_soft", "must hold probabilities in [0, 1]")
        if self.fundus is not None:
            fundus = self._array("fundus")
            if fundus.shape != (*shape, 3) or fundus.dtype != np.uint8:
                raise self._error("fundus", f"must be uint8 RGB of shape {(*shape, 3)}, "
                                            f"got {fundus.dtype} of shape {fundus.shape}")
        if not 0.0 <= self.threshold <= 1.0:
            raise InputError(f"Case threshold {self.threshold!r} is outside [0, 1]")

    def _mask(self, role: str) -> np.ndarray:
        """The ``role`` mask, checked to be a non-empty 2-D bool array."""
        array = self._array(role)
        if array.ndim != 2 or 0 in array.shape:
            raise self._error(role, f"must be a non-empty 2-D mask, got shape {array.shape}")
        if array.dtype != np.bool_:
            raise self._error(role, f"must be a bool mask, got dtype {array.dtype} "
                                    "(convert with mask > 0, or load it with load_case)")
        return array

    def _array(self, role: str) -> np.ndarray:
        value = getattr(self, role)
        if not isinstance(value, np.ndarray):
            raise self._error(role, f"must be a numpy array, got {type(value).__name__}")
        return value

    def _error(self, role: str, problem: str) -> InputError:
        source = self.sources.get(role) or "<array>"
        return InputError(f"Case {role} ({source}) {problem}", source=source)

    @property
    def shape(self) -> tuple[int, int]:
        """Image shape ``(H, W)`` in pixels."""
        return self.reference.shape

    def without_ignored(self) -> Case:
        """The case every metric family evaluates: ``I`` removed from both masks and the FOV.

        Returns ``(S & ~I, G & ~I, F & ~I)`` with the probability map set to 0 on ``I``
        (never above a threshold) and ``ignore`` kept for the viewer; the case itself
        when it has no ignore mask. Pixel-count metrics of the result equal those of the
        original masks inside ``F & ~I``; the other families see the masks without the
        region (``docs/metrics.md`` section 0).
        """
        if self.ignore is None:
            return self
        keep = ~self.ignore
        soft = self.candidate_soft
        if soft is not None:
            soft = np.where(keep, soft, soft.dtype.type(0))
        return dataclasses.replace(self, reference=self.reference & keep,
                                   candidate=self.candidate & keep, fov=self.fov & keep,
                                   candidate_soft=soft)

    def candidate_at(self, threshold: float | None) -> np.ndarray:
        """Candidate mask: soft values strictly above ``threshold`` (fraction of full scale).

        None means the case's own `threshold`. For a hard candidate this is the
        candidate itself, whatever the threshold.
        """
        if self.candidate_soft is None:
            return self.candidate
        return self.candidate_soft > (self.threshold if threshold is None else threshold)


#: The read-only canonical arrays Cases made, by id: a Case built from another's arrays
#: (`dataclasses.replace`, candidates sharing one reference) shares them, uncopied.
_MADE: weakref.WeakValueDictionary[int, np.ndarray] = weakref.WeakValueDictionary()


def _canonical_copy(role: str, array: np.ndarray) -> np.ndarray:
    """The case's own read-only, C-contiguous copy of a validated ``role`` array.

    Masks get bytes exactly 0 and 1, the probability map becomes float32 (exact for
    the float32 maps `load_case` reads; a float64 map is rounded once, here, so that
    it gives the numbers its float32 file would). An array another Case made is
    already all that, and is shared.
    """
    if _MADE.get(id(array)) is array:
        return array
    if role == "candidate_soft":
        own = np.array(array, dtype=np.float32, order="C")
    elif role == "fundus":
        own = np.array(array, order="C")
    else:
        own = canonical_mask(array)
    own.setflags(write=False)
    _MADE[id(own)] = own
    return own
