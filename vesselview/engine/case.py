"""The evaluated case: reference, candidate and FOV masks plus what the field's data add.

Besides the masks every metric reads today, a `Case` may carry a fundus photograph, an
ignore mask, the references of several observers (`Case.references`; `Case.reference`
is the chosen one's), the pixel spacing in µm (`Case.spacing_um`) and a map of vessel
classes (`Case.labels`, a `vesselview.engine.labels.LabelMap`), each with its source.

`Case` validates its arrays when it is built (by `vesselview.io.load_case` or directly
from arrays; `vesselview.engine.case_checks`), so no `Case` can hold bad ones, and keeps
canonical copies of them (`vesselview.engine.canonical`): masks with bytes exactly 0 and
1, every array C-contiguous, owned and read-only, the probability map float32. So the
same values give the same numbers however the caller stored them, and the caller's arrays
are never touched (not even their flags). Inside the engine its fields are trusted.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping

import numpy as np

from vesselview.engine import lengths
from vesselview.engine.canonical import held_copy
from vesselview.engine.case_checks import HELD_DTYPES, CaseChecks
from vesselview.engine.junction_points import JunctionPoints
from vesselview.engine.labels import LabelMap
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.engine.params import DEFAULT_THRESHOLD


@dataclasses.dataclass(frozen=True, eq=False)
class Case(CaseChecks):
    """One reference / candidate pair, validated.

    Attributes
    ----------
    The arrays are the case's own read-only, C-contiguous copies of those given: bool
    masks whose bytes are exactly 0 and 1 (a bool array whose True bytes are 255, as
    Pillow reads 1-bit images, is stored as 0/1), the probability map as float32. An
    array of another Case is shared, not copied (`dataclasses.replace`, candidates of
    one reference).

    reference : ndarray of bool, shape (H, W)
        Manual (ground-truth) vessel mask ``G``: the chosen observer's, the one every
        metric uses.
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
        Where each input came from (file path or ``"<array>"``), keys ``reference``,
        ``candidate``, ``fov``, ``fundus`` (and ``ignore`` from `load_case`), each other
        observer's name for its reference (the chosen observer's is ``reference``), and
        ``spacing`` for a known `spacing_um` (``"given"``, ``"manifest"``...).
    warnings : tuple of str
        Non-fatal observations made while loading (e.g. suspected inverted polarity).
    threshold : float
        The probability threshold the masks were binarised at when loaded; the
        threshold of every evaluation of this case whose `Params.threshold` is None
        (the default).
    ignore : ndarray of bool, shape (H, W), or None
        Ignore ("don't care") region ``I``: pixels left out of every metric
        (``docs/metrics.md`` section 0; see `without_ignored`). None: nothing ignored.
    references : Mapping[str, ndarray of bool, shape (H, W)]
        Every observer's reference by observer name (``"observer1"``, ``"observer2"``,
        ...), sorted by name, read-only; ``references[observer] is reference``. Given
        with or without the chosen observer's entry (one given must equal
        ``reference``); a single-reference case holds ``{observer: reference}``. When
        `observer` names a reference made from the observers' (`DERIVED_REFERENCES`:
        ``"majority"``...) it has no entry: `references` holds the observers only.
    observer : str
        The observer whose mask is `reference`; ``"observer1"`` by default; or the
        derived reference it is (``"majority"``, ``"intersection"``, ``"union"``,
        ``"fuzzy"``; `vesselview.engine.reference_choice.reference_cases`).
    spacing_um : float or None
        Pixel spacing in µm per pixel (finite, > 0); None when unknown, and lengths
        stay in pixels. Its source is ``sources["spacing"]``.
    labels : LabelMap or None
        Vessel classes per pixel (e.g. artery / vein) of the reference, of the masks'
        shape, with their own source (`LabelMap.source`); None when the case has none.
    candidate_labels : LabelMap or None
        The candidate's vessel classes per pixel, like `labels`; None when the
        candidate is a plain vessel mask.
    reference_soft : ndarray of float32, shape (H, W), or None
        The fuzzy reference: a membership in [0, 1] per pixel (a soft reference file,
        or the share of the observers marking each pixel under the ``fuzzy`` reference
        choice); None when not given. Given in any float dtype; kept as float32.
    reference_junctions : JunctionPoints or None
        Annotated reference junctions (a dataset's point file): when given, junction
        detection matches the candidate's junctions to these points instead of the
        reference skeleton's junction nodes (``docs/metrics.md`` §10), whichever
        reference is chosen. None (default): the skeleton's nodes.

    Raises
    ------
    InputError
        Naming the role and its source: when a mask (the ignore mask and every
        observer's included) is not a 2-D bool array, the arrays differ in shape (both
        shapes named), ``candidate_soft`` or ``reference_soft`` is not floating point
        in [0, 1], ``fundus``
        is not uint8 RGB of the masks' size, ``threshold`` is outside [0, 1], an
        observer name is empty or a role's name, ``references`` holds the chosen
        observer with another mask than ``reference``, ``spacing_um`` is not a finite
        number > 0, ``labels`` is not a `LabelMap` of the masks' shape, or a reference
        junction point lies outside the image. No value is
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
    references: Mapping[str, np.ndarray] = dataclasses.field(default_factory=dict)
    observer: str = FIRST_OBSERVER
    spacing_um: float | None = None
    labels: LabelMap | None = None
    reference_soft: np.ndarray | None = None
    candidate_labels: LabelMap | None = None
    reference_junctions: JunctionPoints | None = None

    def __post_init__(self) -> None:
        others = self._checked_others()
        self._validate()
        if self.spacing_um is not None:
            object.__setattr__(self, "spacing_um", self._checked_spacing())
        for name, dtype in HELD_DTYPES.items():
            array = getattr(self, name)
            if array is not None:
                object.__setattr__(self, name, held_copy(array, dtype))
        object.__setattr__(self, "references", self._held_references(others))

    @property
    def shape(self) -> tuple[int, int]:
        """Image shape ``(H, W)`` in pixels."""
        return self.reference.shape

    @functools.cached_property
    def fov_diameter_px(self) -> int:
        """The FOV diameter D in pixels (`vesselview.engine.lengths.fov_diameter_px`).

        Measured once per case: every %-FOV length, unit display and output row reads it.
        """
        return lengths.fov_diameter_px(self.fov)

    def without_ignored(self) -> Case:
        """The case every metric family evaluates: ``I`` removed from every mask and the FOV.

        Returns ``(S & ~I, G & ~I, F & ~I)`` with the probability map (and the soft
        reference) set to 0 on ``I`` (never above a threshold), every observer's
        reference ``& ~I``, the label maps background (0) on ``I``, and ``ignore`` kept
        for the viewer; the case itself when it has no ignore mask. Pixel-count metrics
        of the result equal those of the original masks inside ``F & ~I``; the other
        families see the masks without the region (``docs/metrics.md`` section 0).
        """
        if self.ignore is None:
            return self
        keep = ~self.ignore
        soft, reference_soft = (None if map_ is None else np.where(keep, map_, map_.dtype.type(0))
                                for map_ in (self.candidate_soft, self.reference_soft))
        others = {name: mask & keep for name, mask in self.references.items()
                  if name != self.observer}
        labels, candidate_labels = (None if held is None else held.cleared(self.ignore)
                                    for held in (self.labels, self.candidate_labels))
        return dataclasses.replace(self, reference=self.reference & keep,
                                   candidate=self.candidate & keep, fov=self.fov & keep,
                                   candidate_soft=soft, references=others, labels=labels,
                                   reference_soft=reference_soft,
                                   candidate_labels=candidate_labels)

    def candidate_at(self, threshold: float | None) -> np.ndarray:
        """Candidate mask: soft values strictly above ``threshold`` (fraction of full scale).

        None means the case's own `threshold`. For a hard candidate this is the
        candidate itself, whatever the threshold.
        """
        if self.candidate_soft is None:
            return self.candidate
        return self.candidate_soft > (self.threshold if threshold is None else threshold)
