"""`load_case`: files or arrays in, a validated `Case` out (``docs/metrics.md`` §0).

All input validation happens here, once (the field of view, ignore mask and fundus:
`vesselview.io.field_masks`); the engine trusts the `Case` it gets.
"""

from __future__ import annotations

import dataclasses
import os
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from vesselview.engine.case import Case
from vesselview.engine.flags import checked_flag
from vesselview.engine.junction_points import JunctionPoints
from vesselview.engine.labels import LabelMap
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.engine.params import DEFAULT_THRESHOLD, Params
from vesselview.errors import InputError, split_details, with_details
from vesselview.io.case_inputs import (
    Input,
    check_same_shape,
    input_source,
    raw_input,
    read_references,
    read_soft_reference,
    read_vessels,
)
from vesselview.io.class_encodings import ClassEncoding, class_encoding
from vesselview.io.field_masks import (
    AUTO_FOV,
    FOV_THRESHOLD,
    field_of_view,
    fundus_image,
    ignore_mask,
    is_auto,
)
from vesselview.io.junction_files import junction_input
from vesselview.io.masks import MaskReading, MaskWarning, PolarityWarning
from vesselview.io.readers import RawImage

#: Fraction of the FOV above which a mask is suspected of inverted polarity.
MOSTLY_VESSEL = 0.5

__all__ = ["AUTO_FOV", "FOV_THRESHOLD", "MOSTLY_VESSEL", "load_case", "load_case_estimating_fov"]


def load_case(
    reference: Input,
    candidate: Input,
    fov: Input | None = None,
    fundus: Input | None = None,
    *,
    invert_reference: bool = False,
    invert_candidate: bool = False,
    threshold: float | None = None,
    ignore: Input | None = None,
    references: Mapping[str, Input] | None = None,
    observer: str = FIRST_OBSERVER,
    spacing_um: float | None = None,
    labels: LabelMap | None = None,
    classes: str | os.PathLike | ClassEncoding | None = None,
    reference_soft: Input | None = None,
    reference_junctions: str | os.PathLike | JunctionPoints | None = None,
) -> Case:
    """Load one reference / candidate pair (plus optional FOV, fundus, ignore, other
    observers' references, spacing and classes) into a `Case`.

    Each input is a file path or an array. Files are PNG, GIF (first frame), TIFF
    (including LZW), PPM/PGM, JPEG, BMP or ``.npy``, also gzipped, recognised by content.
    Masks are binarised as `vesselview.io.masks` (and ``docs/inputs.md``) describes:
    two-valued masks at their higher value, JPEG masks and probability maps (8/16-bit,
    float in [0, 1]) by ``> threshold`` of full scale. A probability-map candidate is
    also kept as ``Case.candidate_soft``.

    Parameters
    ----------
    reference, candidate : str, os.PathLike or ndarray
        Vessel masks ``G`` and ``S``, shape (H, W) (or equal-channel (H, W, 3)).
    fov : str, os.PathLike, ndarray or None
        Field-of-view mask of the same shape; None means the whole image; ``"auto"``
        estimates it from ``fundus`` (`vesselview.io.fov_estimate`), recorded in
        ``Case.sources["fov"]`` as ``"estimated from <fundus source>"``. (A file named
        ``auto`` is given as ``Path("auto")``.)
    fundus : str, os.PathLike, ndarray or None
        The photograph, (H, W) grey or (H, W, 3) RGB, 8/16-bit or float.
    invert_reference, invert_candidate : bool
        True when that input draws vessels dark on a light background.
    threshold : float, optional
        Fraction of full scale in [0, 1] above which a probability is vessel; None means
        `DEFAULT_THRESHOLD` (0.5). It fixes JPEG masks and a probability-map reference; a
        soft candidate keeps its map and is re-binarised at ``Params.threshold`` on
        evaluation. This value is recorded as `Case.threshold`, which every evaluation
        uses whose `Params` leave ``threshold`` at its default (None).
    ignore : str, os.PathLike, ndarray or None
        Ignore ("don't care") mask of the same shape, read like the FOV: its pixels are
        left out of every metric (`Case.ignore`). None: nothing ignored.
    references : Mapping[str, str, os.PathLike or ndarray], optional
        The other observers' masks of the same image by observer name, read like
        ``reference`` (``invert_reference`` and ``threshold`` apply to them too), e.g.
        ``load_case("01_manual1.gif", "01_pred.png", references={"observer2":
        "01_manual2.gif"})``. They are in `Case.references` beside ``reference``; every
        metric still uses ``reference``.
    observer : str
        The name of the observer whose mask ``reference`` is (`Case.observer`);
        ``"observer1"`` by default.
    spacing_um : float, optional
        Pixel spacing in µm per pixel (finite, > 0), recorded as `Case.spacing_um`
        with ``sources["spacing"] == "given"``; None (default): unknown, lengths stay in
        pixels, and ``sources`` has no ``spacing``.
    labels : LabelMap, optional
        Vessel classes per pixel (`Case.labels`), of the masks' shape.
    classes : str, os.PathLike or ClassEncoding, optional
        Read the reference and the candidate as label maps where they are:
        ``"av"`` for the artery/vein datasets' colours (red artery, blue vein, green
        crossing, white uncertain), or a JSON mapping file of colours and/or grey values
        (`vesselview.io.class_encodings`). A colour file is then read by it, a grey one
        only when the mapping has values, else as a vessel mask (a binary candidate
        against an A/V reference). A label map's vessel mask is every non-background
        pixel; its classes are `Case.labels` (reference) and `Case.candidate_labels`.
        None (default): no file is a label map (a colour mask is an error).
    reference_soft : str, os.PathLike or ndarray, optional
        A soft (fuzzy) reference of the same image (`Case.reference_soft`): a
        probability map read as fractions of full scale (a binary mask as 0 and 1),
        ``invert_reference`` applying to it too. The fuzzy measures and the ``fuzzy``
        reference choice read it (`vesselview.engine.reference_choice`).
    reference_junctions : str, os.PathLike or JunctionPoints, optional
        The dataset's annotated junctions: a CSV point file ``x,y[,kind]``
        (`vesselview.io.junction_files`) or points. Junction detection then matches the
        candidate's junctions to these points instead of the reference skeleton's
        (`Case.reference_junctions`, ``sources["reference_junctions"]``).

    Returns
    -------
    Case
        ``sources`` maps each role, and each other observer's name, to its path,
        ``"<array>"``, or ``""`` when absent; ``sources["spacing"]`` is ``"given"`` when
        ``spacing_um`` is.
        ``warnings`` holds the notes on how masks were read (few grey levels, empty
        despite non-zero values; also issued as `MaskWarning`) and the polarity warnings
        (also issued as `PolarityWarning`, a `MaskWarning`).

    Raises
    ------
    InputError
        With a message naming the file: unreadable, empty, not an image, truncated,
        3-D, colour mask, bad value range, shapes that differ (both named), an FOV or
        fundus of another size, an FOV with no pixel inside, an ignore mask covering
        every pixel, an image over 100 MP; ``references`` naming ``observer`` again;
        and every refusal of `Case` (bad spacing, labels of another shape...); with
        ``classes``: a colour or value the mapping does not name (the file, the colour,
        its first pixel), a bad mapping file, ``labels`` given for a label-map reference;
        a bad row of the junction file or a point outside the image (file and line).
    ParamsError
        When ``threshold`` is outside [0, 1].
    TypeError
        When ``invert_reference`` or ``invert_candidate`` is not a bool (``"no"``).
    """
    invert_reference = checked_flag("invert_reference", invert_reference)
    invert_candidate = checked_flag("invert_candidate", invert_candidate)
    if threshold is not None:
        Params(threshold=threshold)  # range check: ParamsError naming the parameter
    level = DEFAULT_THRESHOLD if threshold is None else float(threshold)
    estimated = is_auto(fov)
    if estimated and fundus is None:
        raise InputError('fov="auto" estimates the field of view from the fundus '
                         "photograph: give fundus= too, or an FOV mask file")
    reference_raw = raw_input(reference, "reference")
    candidate_raw = raw_input(candidate, "candidate")
    check_same_shape(reference_raw, candidate_raw)
    encoding = None if classes is None else class_encoding(classes)
    reference_mask, reference_labels = read_vessels(reference_raw, encoding, threshold=level,
                                                    invert=invert_reference)
    candidate_mask, candidate_labels = read_vessels(candidate_raw, encoding, threshold=level,
                                                    invert=invert_candidate)
    if labels is not None and reference_labels is not None:
        raise InputError(f"{reference_raw.label}: is a label map, so its classes are the "
                         "case's labels; give labels= or a label-map reference, not both",
                         source=reference_raw.label)
    others = read_references(references or {}, observer, reference_raw, threshold=level,
                             invert=invert_reference)
    soft_reading = None if reference_soft is None else read_soft_reference(
        reference_soft, reference_raw, threshold=level, invert=invert_reference)
    shape = reference_mask.mask.shape
    fundus_rgb = None if fundus is None else fundus_image(raw_input(fundus, "fundus"), shape)
    fov_reading = field_of_view(fov, fundus_rgb, shape)
    fov_mask = fov_reading.mask
    ignore_reading = None if ignore is None else ignore_mask(raw_input(ignore, "ignore"), shape)
    sources = {role: input_source(value) for role, value in (
        ("reference", reference), ("candidate", candidate), ("fov", fov), ("fundus", fundus),
        ("ignore", ignore))}
    if reference_soft is not None:
        sources["reference_soft"] = input_source(reference_soft)
    junction_points = junction_input(reference_junctions, (shape[0], shape[1]))
    if junction_points is not None:
        sources["reference_junctions"] = junction_points.source
    if estimated:
        sources["fov"] = f"estimated from {sources['fundus']}"
    sources.update({name: input_source(value) for name, value in (references or {}).items()})
    if spacing_um is not None:
        sources["spacing"] = "given"
    reading_notes = (reference_mask.notes + candidate_mask.notes + fov_reading.notes
                     + (() if ignore_reading is None else ignore_reading.notes)
                     + (() if soft_reading is None else soft_reading.notes)
                     + tuple(note for _, mask in others.values() for note in mask.notes))
    polarity_notes = _polarity_notes(  # a label map has no polarity: not checked
        fov_mask, *([] if reference_labels else [(reference_raw, reference_mask, "reference")]),
        *((raw, mask, "reference") for raw, mask in others.values()),
        *([] if candidate_labels else [(candidate_raw, candidate_mask, "candidate")]),
    )
    for note in reading_notes:
        warnings.warn(note, MaskWarning, stacklevel=2)
    for note in polarity_notes:
        warnings.warn(note, PolarityWarning, stacklevel=2)
    return Case(
        reference=reference_mask.mask,
        candidate=candidate_mask.mask,
        fov=fov_mask,
        candidate_soft=candidate_mask.soft,
        fundus=fundus_rgb,
        sources=sources,
        warnings=reading_notes + polarity_notes,
        threshold=level,
        ignore=None if ignore_reading is None else ignore_reading.mask,
        references={name: mask.mask for name, (_, mask) in others.items()},
        observer=observer,
        spacing_um=spacing_um,
        labels=labels if reference_labels is None else reference_labels,
        candidate_labels=candidate_labels,
        reference_soft=None if soft_reading is None else soft_reading.soft,
        reference_junctions=junction_points,
    )


def load_case_estimating_fov(reference: Input, candidate: Input, fov: Input | None = None,
                             fundus: Input | None = None, *,
                             load: Callable[..., Case] | None = None, **options: Any) -> Case:
    """`load_case`, estimating the FOV from ``fundus`` when the FOV file cannot be used.

    For a dataset opened with ``estimate_fov=True`` (CLI ``--fov estimate``): an FOV file
    that is unreadable, of another size or empty is replaced by ``fov="auto"``, and the
    case's ``warnings`` say which file and why; every other problem is raised as by
    `load_case`. Same parameters as `load_case`, plus ``load``: the function that reads
    the files (`load_case` when None; a batch's `Job.load`).
    """
    load = load_case if load is None else load
    try:
        return load(reference, candidate, fov, fundus, **options)
    except InputError as error:
        if fov is None or is_auto(fov) or error.source != input_source(fov) or fundus is None:
            raise
        reason, details = split_details(str(error))
    case = load(reference, candidate, AUTO_FOV, fundus, **options)
    note = with_details(f"{reason.rstrip('.')}; so its field of view was estimated from the "
                        "fundus photograph instead, as asked (fov_source 'estimated')", details)
    warnings.warn(note, MaskWarning, stacklevel=2)
    return dataclasses.replace(case, warnings=(*case.warnings, note))


def _polarity_notes(
    fov: np.ndarray, *masks: tuple[RawImage, MaskReading, str]
) -> tuple[str, ...]:
    """Warnings for masks where more than `MOSTLY_VESSEL` of the FOV is vessel."""
    inside = np.count_nonzero(fov)
    notes = []
    for raw, reading, role in masks:
        share = np.count_nonzero(reading.mask & fov) / inside
        if share > MOSTLY_VESSEL:
            notes.append(
                f"{raw.label}: {share:.0%} of the field of view is vessel, so the "
                f"{role} may have inverted polarity (vessels dark); if so, load it with "
                f"invert_{role}=True (CLI: --invert-{role})"
            )
    return tuple(notes)
