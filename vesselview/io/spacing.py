"""Where a case's pixel spacing (µm per pixel) comes from: given, a manifest's cell, or
the camera's field angle and the measured field of view.

`Spacing` says how one case's spacing is known, and `Spacing.applied` records it in the
loaded `Case` (`Case.spacing_um`, source in ``Case.sources["spacing"]``):

* ``"given"`` -- a number on the command line (``--spacing UM``) or the API
  (``load_case(spacing_um=...)``, ``open_dataset(spacing_um=...)``);
* ``"manifest"`` -- a manifest's ``spacing_um`` cell;
* ``"fov_degrees:<layout>"`` -- derived for a case of a known dataset layout
  (`vesselview.io.dataset.layouts.Layout.fov_degrees`) from the camera's field angle θ
  and the diameter D of the case's field of view in pixels (`fov_diameter_px`):
  ``spacing = θ · UM_PER_DEGREE / D``.

The derivation is a first-order approximation: the retinal size of one degree depends on
the eye (its axial length and refraction) and falls towards the periphery, so a derived
spacing is good for making tolerances mean about the same on datasets of different
resolution, not for measuring one eye (give a measured spacing for that).
"""

from __future__ import annotations

import dataclasses
import math

from vesselview.engine.case import Case
from vesselview.errors import InputError

#: Retinal distance per degree of visual angle, in µm: "one degree of visual angle =
#: 288 µm on the retina" (Drasdo N, Fowler CW. Non-linear projection of the retinal
#: image in a wide-angle schematic eye. Br J Ophthalmol 1974;58(8):709-714, Fig. 4, as
#: quoted by Webvision (Kolb, Fernandez, Nelson) and BioNumbers BNID 105343), valid near
#: the optical axis (the posterior pole, where fundus photographs are centred).
UM_PER_DEGREE = 288.0
#: ``Case.sources["spacing"]`` of a spacing derived from a layout's field angle.
FIELD_ANGLE_SOURCE = "fov_degrees:"
#: How a bad spacing is fixed, for messages.
SPACING_FIX = ("write a positive finite number of µm per pixel such as 6.9, or leave it out "
               "(the spacing is then unknown and lengths stay in pixels)")


@dataclasses.dataclass(frozen=True)
class Spacing:
    """How one case's pixel spacing is known: a number, or a camera's field angle.

    Attributes
    ----------
    um : float or None
        The spacing in µm per pixel, when known as a number.
    source : str
        ``Case.sources["spacing"]``: ``"given"``, ``"manifest"`` or
        ``"fov_degrees:<layout>"``.
    fov_degrees : float or None
        The camera's field angle in degrees (the FOV's diameter), when the spacing is
        derived from it; `um` is then None.
    """

    um: float | None = None
    source: str = "given"
    fov_degrees: float | None = None

    def __post_init__(self) -> None:
        um = self.um
        if um is not None and (isinstance(um, bool) or not isinstance(um, (int, float))
                               or not math.isfinite(um) or um <= 0):
            raise InputError(f"spacing_um ({self.source}) is {um!r}, not a pixel spacing; "
                             f"{SPACING_FIX}")

    @classmethod
    def field_angle(cls, degrees: float, layout: str) -> Spacing:
        """The spacing of a dataset layout whose camera has a field angle of ``degrees``."""
        return cls(None, f"{FIELD_ANGLE_SOURCE}{layout}", degrees)

    def applied(self, case: Case) -> Case:
        """``case`` with this spacing and its source (a field angle needs a field of view:
        a case whose FOV is the whole image keeps an unknown spacing).

        Raises
        ------
        InputError
            When the spacing is not a finite number > 0 (`Case`), naming its source.
        """
        um = self.um
        if um is None and self.fov_degrees is not None and case.sources.get("fov"):
            diameter = case.fov_diameter_px
            um = spacing_from_field_angle(self.fov_degrees, diameter) if diameter else None
        if um is None:
            return case
        return dataclasses.replace(case, spacing_um=um,
                                   sources={**case.sources, "spacing": self.source})


def spacing_from_field_angle(degrees: float, diameter_px: int,
                             um_per_degree: float = UM_PER_DEGREE) -> float:
    """µm per pixel of an image whose FOV of ``diameter_px`` pixels spans ``degrees``.

    >>> round(spacing_from_field_angle(45, 540), 2)  # DRIVE: 45°, FOV about 540 px
    24.0
    """
    return degrees * um_per_degree / diameter_px


def parse_spacing(text: str) -> float:
    """A spacing written as text (``"6.9"``): a finite number > 0 of µm per pixel.

    Raises
    ------
    ValueError
        Saying what is wrong and the fix (`SPACING_FIX`).
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0) or "_" in text:
        raise ValueError(f"spacing {text!r} is not a pixel spacing; {SPACING_FIX}")
    return value
