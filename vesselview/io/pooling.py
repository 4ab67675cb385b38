"""Whether the records of several cases may be pooled: a length in pixels means the same
on every case only when the cases have one resolution.

A length parameter in pixels (``t = 2``, ``cal_alpha``, ``ss_R``, ``nsd_tau``...) and
every distance metric (in pixels) mean different things on cases of different
resolution, so pooling the metrics that depend on them (`vesselview.engine.pixel_lengths`)
over such cases (a mean, a ranking, a test over cases) mixes tolerances that differ
physically: "t = 2 px" is about 48 µm on a DRIVE case and a third of that on an image of
three times the resolution. Lengths given in µm or % FOV are converted per case and pool.
`pooling_problem` says which cases differ and how; the cases' resolution is their
spacing when every case's is known (``spacing_um``), else their FOV diameter
(``fov_diameter_px``, a proxy for the same field angle at another resolution). Values
within `POOLING_TOLERANCE` of each other count as one resolution (DRIVE's FOV diameters,
for one, differ by a few pixels).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from vesselview.engine.params import Params
from vesselview.engine.pixel_lengths import pixel_length_metrics

#: Largest relative difference (largest / smallest - 1) of the cases' spacings, or FOV
#: diameters, that still counts as one resolution.
POOLING_TOLERANCE = 0.05
#: Case ids named per end of the range before "and N more".
_NAMED = 4


def case_resolutions(records: Iterable[Mapping[str, Any]]) -> dict[str, tuple[float | None,
                                                                             int | None]]:
    """``{case id: (spacing_um, fov_diameter_px)}`` of the evaluated records (a case's
    records under every method share them; failed records are left out)."""
    resolutions: dict[str, tuple[float | None, int | None]] = {}
    for record in records:
        if record.get("error") is None:
            resolutions.setdefault(record["id"], (record.get("spacing_um"),
                                                  record.get("fov_diameter_px")))
    return resolutions


def pooling_problem(records: Iterable[Mapping[str, Any]], metrics: Iterable[str],
                    what: str, params: Params | None = None) -> str | None:
    """Why ``metrics`` of the cases of ``records`` cannot be pooled, or None when they can.

    Parameters
    ----------
    records : iterable of mapping
        Evaluation records (`vesselview.io.writers`), with ``id``, ``spacing_um``,
        ``fov_diameter_px`` and ``error``.
    metrics : iterable of str
        The pooled metric keys; only those depending on the pixel size under ``params``
        (`pixel_length_metrics`) need one resolution.
    what : str
        What pools them, for the message (``"--compare"``, ``"Sorting by f1_t"``).
    params : Params, optional
        The parameters as given: a length in µm or % FOV means the same on every case.
        None: every length in pixels.

    Returns
    -------
    str or None
        One message: which cases differ (those within the tolerance of the smallest
        value, and the others, ids and values), by how much, and the fix.
    """
    pixel_metrics = pixel_length_metrics(metrics, params)
    resolutions = case_resolutions(records)
    if not pixel_metrics:
        return None
    spacings = {case: spacing for case, (spacing, _) in resolutions.items()}
    if spacings and all(value is not None for value in spacings.values()):
        values, unit = spacings, "µm per pixel"
    else:
        values = {case: diameter for case, (_, diameter) in resolutions.items()}
        unit = "px FOV diameter"
    known = {case: float(value) for case, value in values.items() if value is not None}
    if len(known) < 2:
        return None
    low, high = min(known.values()), max(known.values())
    if high <= low * (1 + POOLING_TOLERANCE):
        return None
    return (f"{what} would pool metrics measured in pixels ({_listed(pixel_metrics)}) over "
            f"cases of different resolution: {_ends(known, unit)}, {high / low:.2f}x apart "
            f"(more than the {POOLING_TOLERANCE:.0%} tolerance), and a pixel is not the same "
            "length on them; give the lengths in µm or % FOV (e.g. --set t=30um or "
            "t=0.5%fov), compare the cases of one resolution at a time (one dataset or "
            "manifest each), or keep to metrics that do not depend on the pixel size (e.g. "
            "dice, se, sp, cldice; distances in pixels always do)")


def _listed(keys: tuple[str, ...]) -> str:
    """``"f1_t, hd95, ss and 20 more"``."""
    more = f" and {len(keys) - 3 * _NAMED} more" if len(keys) > 3 * _NAMED else ""
    return ", ".join(keys[:3 * _NAMED]) + more


def known_spacings_problem(spacings: Mapping[str, float | None], metrics: Iterable[str],
                           what: str, params: Params | None = None) -> str | None:
    """`pooling_problem` before any evaluation, from the spacings the pairs are given
    (``{case id: µm per pixel or None}``); None when some spacing is only known once
    the case is read (the records are checked then)."""
    if any(value is None for value in spacings.values()):
        return None
    records = [{"id": case, "spacing_um": value, "fov_diameter_px": None, "error": None}
               for case, value in spacings.items()]
    return pooling_problem(records, metrics, what, params)


def _ends(values: Mapping[str, float], unit: str) -> str:
    """``"cases 01, 02 at 23.8-24.1 µm per pixel and im0001 at 8.6-9"``: the cases within
    the tolerance of the smallest value, and the others."""
    low = min(values.values())
    near = {case: value for case, value in values.items()
            if value <= low * (1 + POOLING_TOLERANCE)}
    far = {case: value for case, value in values.items() if case not in near}
    return f"cases {_group(near)} {unit} and {_group(far)}"


def _group(values: Mapping[str, float]) -> str:
    """``"01, 02, 03, 04 and 16 more at 23.8-24.1"``: ids (the first `_NAMED`) and range."""
    ids = sorted(values)
    more = f" and {len(ids) - _NAMED} more" if len(ids) > _NAMED else ""
    low, high = min(values.values()), max(values.values())
    span = f"{low:.4g}" if low == high else f"{low:.4g}-{high:.4g}"
    return f"{', '.join(ids[:_NAMED])}{more} at {span}"
