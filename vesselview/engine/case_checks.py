"""Checking a `vesselview.engine.case.Case` as it is built (the `Case` raises, naming
the role and its source, for anything the engine cannot trust).

`CaseChecks` is the part of `Case` that checks its fields: every mask a non-empty 2-D
bool array of the reference's shape (the ignore mask and every observer's included), the
probability maps floating point in [0, 1], the fundus uint8 RGB of the masks' size, the
threshold in [0, 1], observer names neither empty nor a role's or a derived
reference's, the chosen observer's mask given once, the spacing a finite number of µm
per pixel above 0, the label maps and the reference junction points of the masks' size.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

import numpy as np

from vesselview.engine.canonical import held_copy
from vesselview.engine.junction_points import JunctionPoints
from vesselview.engine.labels import LabelMap
from vesselview.engine.observers import FIRST_OBSERVER, References, other_references
from vesselview.engine.reference_names import DERIVED_REFERENCES
from vesselview.errors import InputError

#: The dtype each array role is held in (None: as given, after validation).
HELD_DTYPES: dict[str, type | None] = {
    "reference": np.bool_, "candidate": np.bool_, "fov": np.bool_, "ignore": np.bool_,
    "candidate_soft": np.float32, "reference_soft": np.float32, "fundus": None}
#: Keys of `Case.sources` that name roles, so no observer may be named so.
_ROLES = frozenset({*HELD_DTYPES, "spacing", "labels", "candidate_labels",
                    "reference_junctions"})
#: `CaseChecks._array`'s default: read the role's own attribute.
_OWN = object()


class CaseChecks:
    """The checks of `vesselview.engine.case.Case` (a mixin: the fields below are the
    case's, documented there)."""

    reference: np.ndarray
    candidate: np.ndarray
    fov: np.ndarray
    candidate_soft: np.ndarray | None
    fundus: np.ndarray | None
    sources: Mapping[str, str]
    threshold: float
    ignore: np.ndarray | None
    references: Mapping[str, np.ndarray]
    observer: str
    spacing_um: float | None
    reference_junctions: JunctionPoints | None

    def _validate(self) -> None:
        """Raise `InputError` naming the role for any array the engine cannot trust."""
        shape = self._mask("reference").shape
        for role in ("candidate", "fov", "ignore"):
            if role == "ignore" and self.ignore is None:
                continue
            if self._mask(role).shape != shape:
                raise self._error(role, f"has shape {getattr(self, role).shape} but reference "
                                        f"has shape {shape}; every mask must have the same size")
        for role in ("candidate_soft", "reference_soft"):
            if getattr(self, role) is None:
                continue
            soft = self._array(role)
            if soft.shape != shape or not np.issubdtype(soft.dtype, np.floating):
                raise self._error(role, f"must be a float map of shape {shape}, "
                                        f"got {soft.dtype} of shape {soft.shape}")
            if not (soft.min() >= 0.0 and soft.max() <= 1.0):  # also False for nan
                raise self._error(role, "must hold values in [0, 1]")
        if self.fundus is not None:
            fundus = self._array("fundus")
            if fundus.shape != (*shape, 3) or fundus.dtype != np.uint8:
                raise self._error("fundus", f"must be uint8 RGB of shape {(*shape, 3)}, "
                                            f"got {fundus.dtype} of shape {fundus.shape}")
        if not 0.0 <= self.threshold <= 1.0:
            raise InputError(f"Case threshold {self.threshold!r} is outside [0, 1]")
        self._check_labels(shape)
        self._check_junctions(shape)

    def _checked_others(self) -> dict[str, np.ndarray]:
        """The other observers' masks given (`other_references`), names and masks checked."""
        if not isinstance(self.observer, str) or not self.observer.strip() \
                or self.observer in _ROLES:
            raise InputError(f"Case observer must name an observer (e.g. "
                             f"{FIRST_OBSERVER!r}), got {self.observer!r}")
        if not isinstance(self.references, Mapping):
            raise InputError("Case references must map observer names to masks, got "
                             f"{type(self.references).__name__}")
        others = other_references(self.references, self.observer)
        shape = np.shape(self.reference)
        for name, mask in others.items():
            if not isinstance(name, str) or not name.strip() or name in _ROLES \
                    or name in DERIVED_REFERENCES:
                raise InputError(f"Case references: {name!r} cannot name an observer (an "
                                 "empty name, a role's or a derived reference's); use e.g. "
                                 "'observer2'")
            checked = self._mask(name, mask, f"references[{name!r}]")
            if checked.shape != shape:
                raise self._error(name, f"has shape {checked.shape} but reference has shape "
                                        f"{shape}; every mask must have the same size",
                                  f"references[{name!r}]")
        return others

    def _held_references(self, others: dict[str, np.ndarray]) -> References:
        """Every observer's canonical mask, the chosen one's being `reference` itself."""
        held = {name: held_copy(mask, np.bool_) for name, mask in others.items()}
        if self.observer in held and not np.array_equal(held[self.observer], self.reference):
            raise self._error(self.observer, "differs from the reference given for the same "
                              f"observer ({self.sources.get('reference') or '<array>'}); "
                              "give one mask per observer (to choose another observer, give "
                              "its mask as reference and its name as observer)",
                              f"references[{self.observer!r}]")
        if self.observer not in DERIVED_REFERENCES:
            held[self.observer] = self.reference
        return References(held, self.observer)

    def _checked_spacing(self) -> float:
        """`spacing_um` as a float, checked to be a finite number of µm per pixel > 0."""
        value = self.spacing_um
        if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)) \
                and math.isfinite(value) and value > 0:
            return float(value)
        source = self.sources.get("spacing") or "given"
        raise InputError(f"Case spacing_um ({source}) must be a finite number of µm per "
                         f"pixel above 0, got {value!r}; leave it out (None) when the "
                         "spacing is unknown", source=source)

    def _check_labels(self, shape: tuple[int, ...]) -> None:
        for role in ("labels", "candidate_labels"):
            labels = getattr(self, role)
            if labels is None:
                continue
            if not isinstance(labels, LabelMap):
                raise InputError(f"Case {role} must be a LabelMap "
                                 f"(vesselview.engine.labels), got {type(labels).__name__}")
            if labels.shape != shape:
                raise InputError(f"Case {role} ({labels.source}) has shape {labels.shape} "
                                 f"but reference has shape {shape}; every mask must have "
                                 "the same size", source=labels.source)

    def _check_junctions(self, shape: tuple[int, ...]) -> None:
        points = self.reference_junctions
        if points is None:
            return
        if not isinstance(points, JunctionPoints):
            raise InputError("Case reference_junctions must be JunctionPoints "
                             f"(vesselview.engine.junction_points), got {type(points).__name__}")
        points.check_inside((shape[0], shape[1]))

    def _mask(self, role: str, value: object = _OWN, label: str | None = None) -> np.ndarray:
        """The ``role`` mask (or ``value``, named ``label`` in errors), checked to be a
        non-empty 2-D bool array."""
        array = self._array(role, value, label)
        if array.ndim != 2 or 0 in array.shape:
            raise self._error(role, f"must be a non-empty 2-D mask, got shape {array.shape}",
                              label)
        if array.dtype != np.bool_:
            raise self._error(role, f"must be a bool mask, got dtype {array.dtype} "
                                    "(convert with mask > 0, or load it with load_case)", label)
        return array

    def _array(self, role: str, value: object = _OWN, label: str | None = None) -> np.ndarray:
        value = getattr(self, role) if value is _OWN else value
        if not isinstance(value, np.ndarray):
            raise self._error(role, f"must be a numpy array, got {type(value).__name__}", label)
        return value

    def _error(self, role: str, problem: str, label: str | None = None) -> InputError:
        """An error naming the role (as ``label`` when given) and its source."""
        source = self.sources.get(role) or "<array>"
        return InputError(f"Case {label or role} ({source}) {problem}", source=source)
