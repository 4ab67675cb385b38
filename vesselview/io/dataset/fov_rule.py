"""The FOV masks a dataset ships: which datasets do, where a missing one was expected,
and the note on the cases whose mask is missing (see `vesselview.io.dataset.model`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from vesselview.io.dataset.layouts import LAYOUTS

if TYPE_CHECKING:
    from vesselview.io.dataset.dataset_case import DatasetCase
    from vesselview.io.dataset.discover import CaseKey

#: How the API asks for estimated FOVs, for messages.
ESTIMATE_FOV_ARGUMENT = "open_dataset(..., estimate_fov=True)"


def shipped_fov(layout: str, files: Mapping[CaseKey, Mapping[str, Path]]) -> str:
    """``DatasetCase.fov_shipped``: the layout's name when it has FOV masks (a generic
    dataset: when some case has one), else ``""``."""
    if any(known.name == layout and known.fov is not None for known in LAYOUTS):
        return layout
    return "the dataset" if any("fov" in roles for roles in files.values()) else ""


def expected_fov(key: CaseKey, files: Mapping[CaseKey, Mapping[str, Path]]) -> Path | None:
    """Where case ``key``'s FOV mask was expected, when it has none: the FOV file of
    another case of its split with that case's id replaced by this one's
    (``test/mask/02_test_mask.gif`` -> ``test/mask/01_test_mask.gif``)."""
    if "fov" in files[key]:
        return None
    split, case_id = key
    for (other_split, other_id), roles in files.items():
        fov = roles.get("fov")
        if other_split == split and fov is not None and other_id in fov.name:
            return fov.with_name(fov.name.replace(other_id, case_id, 1))
    return None


def fov_notes(cases: Sequence[DatasetCase]) -> list[str]:
    """One line for the cases whose shipped FOV mask is missing: estimated, or failing."""
    missing = [case for case in cases if case.fov is None and case.fov_shipped]
    if not missing:
        return []
    ids = ", ".join(case.id for case in missing)
    shipped = missing[0].fov_shipped
    if all(case.fov_problem is None for case in missing):
        return [f"{len(missing)} of {len(cases)} cases have no field-of-view mask, though "
                f"{shipped} ships one per case; estimated from the fundus photograph as "
                f"asked (fov_source 'estimated'): {ids}"]
    return [f"{len(missing)} of {len(cases)} cases have no field-of-view mask, though "
            f"{shipped} ships one per case, and are not evaluated: {ids}; restore the "
            f"files, or estimate them with --fov estimate (API: {ESTIMATE_FOV_ARGUMENT})"]
