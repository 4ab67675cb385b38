"""Mask polarity: which masks of a case look inverted, and loading files with masks inverted.

A mask looks inverted when more than `MOSTLY_VESSEL` of the field of view is vessel
(the loader's rule, ``docs/inputs.md``). The inspector keeps the set of roles the user
chose to invert and reads the files with it.
"""

from __future__ import annotations

import warnings
from collections.abc import Collection

import numpy as np

from vesselview.app.files import CaseFiles
from vesselview.engine.case import Case
from vesselview.io.loader import MOSTLY_VESSEL, load_case
from vesselview.io.masks import MaskWarning

#: The masks whose polarity the user can flip.
INVERTIBLE = ("reference", "candidate")


def vessel_share(case: Case, role: str) -> float:
    """Part of the field of view that mask ``role`` (reference / candidate) calls vessel."""
    mask = case.reference if role == "reference" else case.candidate
    inside = np.count_nonzero(case.fov)
    return float(np.count_nonzero(mask & case.fov)) / inside if inside else 0.0


def looks_inverted(case: Case) -> dict[str, float]:
    """Roles whose mask looks inverted, with their vessel share of the field of view."""
    shares = {role: vessel_share(case, role) for role in INVERTIBLE}
    return {role: share for role, share in shares.items() if share > MOSTLY_VESSEL}


def load_with_polarity(files: CaseFiles, inverted: Collection[str]) -> Case:
    """Read complete ``files`` into a case, inverting the masks of the roles ``inverted``.

    Read like `vesselview.app.files.load_files` (at the default threshold), which
    raises `InputError` naming the file, as this does. The
    loader's notes reach the user as ``Case.warnings``, not as Python warnings on stderr.
    """
    if files.reference is None or files.candidate is None:
        raise ValueError("load_with_polarity needs both a reference and a candidate")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MaskWarning)
        return load_case(files.reference, files.candidate, fov=files.fov, fundus=files.fundus,
                         invert_reference="reference" in inverted,
                         invert_candidate="candidate" in inverted)
