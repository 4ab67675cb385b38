"""The inputs of `load_case` one by one: read, sized against the masks, named for `Case.sources`.

Also the other observers' references (`read_references`), read like the reference; the
vessel masks that may be label maps (`read_vessels`); a soft (fuzzy) reference
(`read_soft_reference`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import numpy as np

from vesselview.engine.labels import LabelMap
from vesselview.errors import InputError
from vesselview.io.class_encodings import ClassEncoding
from vesselview.io.label_maps import read_label_map
from vesselview.io.masks import MaskReading, read_mask
from vesselview.io.readers import RawImage, from_array, read_image

ARRAY_SOURCE = "<array>"

Input = str | os.PathLike | np.ndarray


def raw_input(value: Input, role: str) -> RawImage:
    """Read a path, or wrap an array labelled by its role."""
    if isinstance(value, (str, os.PathLike)):
        return read_image(value)
    return from_array(value, f"{role} array")


def input_source(value: Input | None) -> str:
    """What ``Case.sources`` records for one input: its path, ``"<array>"``, or ``""``."""
    if value is None:
        return ""
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    return ARRAY_SOURCE


def _size(shape: tuple[int, ...]) -> str:
    return f"{shape[0]}x{shape[1]} pixels (height x width)"


def check_same_shape(reference: RawImage, other: RawImage, role: str = "candidate") -> None:
    """Refuse a candidate (or another observer's reference, ``role``) whose size is not
    the reference's, naming both files."""
    if reference.pixels.shape[:2] != other.pixels.shape[:2]:
        raise InputError(
            f"{other.label}: The {role} is {_size(other.pixels.shape)} but the "
            f"reference {reference.label} is {_size(reference.pixels.shape)}, so they are "
            f"not masks of the same image; give a reference and a {role} of the same "
            "image", source=other.label, details="shape mismatch",
        )


def check_shape(raw: RawImage, what: str, shape: tuple[int, ...]) -> None:
    """Refuse an FOV or fundus whose size differs from the masks'."""
    if raw.pixels.shape[:2] != shape:
        raise InputError(
            f"{raw.label}: the {what} is {_size(raw.pixels.shape)} but the masks are "
            f"{_size(shape)}; give the {what} of the same image",
            source=raw.label,
        )


def read_references(references: Mapping[str, Input], observer: str, reference: RawImage,
                    *, threshold: float, invert: bool
                    ) -> dict[str, tuple[RawImage, MaskReading]]:
    """Read the other observers' references like the reference.

    Parameters
    ----------
    references : Mapping[str, Input]
        Observer name -> mask file or array, the observer of ``reference`` excluded.
    observer : str
        The observer whose mask ``reference`` is.
    reference : RawImage
        The reference as read; every other mask must have its size.
    threshold : float
        Fraction of full scale above which a probability is vessel.
    invert : bool
        True when the masks draw vessels dark.

    Returns
    -------
    dict
        Observer name -> (the file as read, its mask).

    Raises
    ------
    InputError
        When ``references`` is not a mapping, names ``observer`` again, or a file is
        unreadable or of another size than the reference (both named).
    """
    if not isinstance(references, Mapping):
        raise InputError("references must map observer names to mask files or arrays, e.g. "
                         f"{{'observer2': '01_manual2.gif'}}; got {type(references).__name__}")
    if observer in references:
        raise InputError(f"references names {observer!r}, the observer whose mask is the "
                         "reference: give each observer's mask once (the chosen one as "
                         "reference=, the others in references=)")
    read = {}
    for name, value in references.items():
        raw = raw_input(value, f"{name} reference")
        check_same_shape(reference, raw, f"reference of {name}")
        read[name] = (raw, read_mask(raw, threshold=threshold, invert=invert))
    return read


def read_vessels(raw: RawImage, encoding: ClassEncoding | None, *, threshold: float,
                 invert: bool) -> tuple[MaskReading, LabelMap | None]:
    """A reference or candidate: its vessel mask, and its label map when it is one.

    With an ``encoding`` (`load_case`'s ``classes``), a label map
    (`vesselview.io.label_maps.read_label_map`) gives the mask "any class"; otherwise,
    and for a grey file the encoding reads as no label map, `read_mask` reads it.

    Raises
    ------
    InputError
        As the readers do, and for ``invert`` given for a label map (it has no polarity).
    """
    labels = None if encoding is None else read_label_map(raw, encoding)
    if encoding is None or labels is None:
        return read_mask(raw, threshold=threshold, invert=invert), None
    if invert:
        raise InputError(f"{raw.label}: is a label map (classes {encoding.name!r}), which "
                         "has no polarity to invert; leave out the invert option for it",
                         source=raw.label)
    return MaskReading(labels.image != 0), labels


def read_soft_reference(value: Input, reference: RawImage, *, threshold: float,
                        invert: bool) -> MaskReading:
    """Read a soft reference (a membership in [0, 1] per pixel) like the reference.

    A probability map's fractions of full scale are its membership (`MaskReading.soft`);
    a binary file is a crisp membership, 0 or 1. Its size must be the reference's.

    Returns
    -------
    MaskReading
        Its ``soft`` is the membership, float32 (H, W), never None.
    """
    raw = raw_input(value, "reference_soft")
    check_same_shape(reference, raw, "soft reference")
    reading = read_mask(raw, threshold=threshold, invert=invert)
    if reading.soft is not None:
        return reading
    return MaskReading(reading.mask, reading.mask.astype(np.float32), reading.notes)
