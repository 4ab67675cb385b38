"""One evaluation as a record: one pair under one parameter set, already JSON-safe.

A record is what `vesselview.io.writers` writes as JSON and CSV (``docs/metrics.md`` §7):

``{"id", "method", "reference", "candidate", "fov", "fov_source", "ignore", "observer",
"references", "flags", "spacing_um", "spacing_source", "fov_diameter_px", "junction_source",
"params": {...}, "lengths": {...}, "metrics": {...}, "metrics_um": {...}, "undefined": {...},
"error"}``

``method`` names the method of the candidate (dataset runs, else ``None``);
``fov_source`` says where the field of view came from: ``"file"``, ``"estimated"``
(from the fundus photograph) or ``"none"`` (the whole image); ``ignore`` is the mask of
regions left out of every metric (``None`` when none); ``observer`` is the
number of the observer whose annotation is the reference (``None`` when not known, and
against a reference made from several observers'); ``references`` is the reference
choice (``"one"``, ``"each"``, ``"majority"``, ``"intersection"``, ``"union"`` or
``"fuzzy"``, `vesselview.engine.reference_choice`; ``reference`` then names the
consensus, e.g. ``"majority of observer1, observer2"``);
``flags`` marks numbers that need a second look: ``"empty_candidate"`` or
``"nearly_empty_candidate"`` (less than 0.5 % of the evaluated field of view marked,
`vesselview.io.candidate_flags`), ``None`` otherwise.
``spacing_um`` is the case's pixel spacing in µm per pixel and ``spacing_source`` where it
came from (``"given"``, ``"manifest"``, ``"fov_degrees:<dataset>"``; `vesselview.io.spacing`),
both ``None`` when unknown; ``fov_diameter_px`` is the diameter of the evaluated field of
view in pixels (`vesselview.engine.case.Case.fov_diameter_px`; ``None`` for a failed pair).
``junction_source`` is where the reference junctions of the junction metrics came from:
``"skeleton"`` (the reference skeleton's graph) or the junction point file's path.
``params`` are the values that produced the numbers, every length in pixels (a failed
pair's as given); ``lengths`` is every length parameter as given with its unit
(``{"t": "30um", "nsd_tau": "2px", ...}``; in CSV one cell ``t=30um nsd_tau=2px ...``);
``metrics_um`` the distance metrics in µm (``hausdorff_um``..., ``mse_um2``;
`vesselview.engine.physical`), ``null`` when the spacing is unknown (CSV: empty; summary
rows leave them empty). ``docs/metrics.md`` "Lengths and units" says more.
``error`` is ``None`` for an evaluated pair; for a pair that could not be evaluated it
says why (with the manifest line and id) and every metric is ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping

from vesselview.engine.junction_points import SKELETON_JUNCTIONS
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.length_scope import given_lengths
from vesselview.engine.params import Params
from vesselview.engine.physical import PHYSICAL_KEYS, physical_reasons
from vesselview.engine.result import Result
from vesselview.io.loader import AUTO_FOV
from vesselview.io.strict_json import Record, encode_number, non_finite_reasons

#: The distance metrics in µm, in output order (``hausdorff_um``..., ``mse_um2``).
METRIC_UM_KEYS: tuple[str, ...] = tuple(name for name, _ in PHYSICAL_KEYS.values())
#: How `vesselview.io.loader.load_case` records an FOV estimated from the fundus.
ESTIMATED_FOV_PREFIX = "estimated from "


def result_record(result: Result, *, id: str, sources: Mapping[str, str],
                  method: str | None = None, observer: int | None = None,
                  flags: str | None = None, spacing_um: float | None = None,
                  fov_diameter_px: int | None = None, references: str = "one") -> Record:
    """One JSON-safe record of an evaluation.

    Parameters
    ----------
    result : Result
        The evaluation.
    id : str
        The pair's identifier (e.g. the manifest's ``id`` column).
    sources : Mapping[str, str]
        ``reference``, ``candidate``, ``fov`` and ``ignore`` paths and the ``spacing``
        source (``Case.sources``); an empty or missing one becomes ``None`` (JSON
        ``null``, an empty CSV cell).
    method : str, optional
        The candidate's method (dataset runs).
    observer : int, optional
        Whose annotation the reference is.
    flags : str, optional
        `vesselview.io.candidate_flags.candidate_flags` of the evaluated case.
    spacing_um : float, optional
        ``Case.spacing_um``: µm per pixel, None when unknown.
    fov_diameter_px : int, optional
        The diameter of the case's field of view in pixels.
    references : str
        The reference choice the record was evaluated under (``--references``).

    Returns
    -------
    dict
        The keys of the module docstring; ``metrics`` has every key of ``METRIC_KEYS``
        in order, encoded by `encode_number`, ``undefined`` the reason of each ``None``
        among them; ``error`` is None.
    """
    distances = result.distances_um
    return {
        **_pair_fields(id, sources, method, observer, flags, references),
        **_resolution_fields(sources, spacing_um, fov_diameter_px),
        "junction_source": junction_source(sources),
        "params": result.params.to_dict(),
        "lengths": dict(result.lengths.given),
        "metrics": {key: encode_number(result.metrics[key]) for key in METRIC_KEYS},
        "metrics_um": {key: encode_number(value) for key, value in distances.items()},
        "undefined": non_finite_reasons({**{key: result.metrics[key] for key in METRIC_KEYS},
                                         **distances},
                                        {**result.undefined, **physical_reasons(
                                            distances, result.lengths.spacing_um,
                                            result.undefined)}),
        "error": None,
    }


def error_record(error: str, params: Params, *, id: str, sources: Mapping[str, str | None],
                 method: str | None = None, observer: int | None = None,
                 spacing_um: float | None = None, references: str = "one") -> Record:
    """The record of a pair that could not be evaluated under ``params``.

    Same keys as `result_record`: every metric ``None``, ``error`` the reason, the
    spacing as far as known without reading the files.
    """
    return {
        **_pair_fields(id, sources, method, observer, None, references),
        **_resolution_fields(sources, spacing_um, None),
        "junction_source": junction_source(sources),
        "params": params.to_dict(),
        "lengths": given_lengths(params.to_dict()),
        "metrics": dict.fromkeys(METRIC_KEYS),
        "metrics_um": dict.fromkeys(METRIC_UM_KEYS),
        "undefined": {},
        "error": error,
    }


def fov_source(sources: Mapping[str, str | None]) -> str:
    """``"file"``, ``"estimated"`` or ``"none"``: where a case's field of view came from
    (or would have come from: a failed pair's ``fov`` may still be ``auto``)."""
    fov = sources.get("fov") or ""
    if not fov:
        return "none"
    estimated = fov == AUTO_FOV or fov.startswith(ESTIMATED_FOV_PREFIX)
    return "estimated" if estimated else "file"


def junction_source(sources: Mapping[str, str | None]) -> str:
    """The junction point file of a case (``sources["reference_junctions"]``), else
    ``"skeleton"``: the reference junctions are the reference skeleton's nodes."""
    return sources.get("reference_junctions") or SKELETON_JUNCTIONS


def _pair_fields(id: str, sources: Mapping[str, str | None], method: str | None,
                 observer: int | None, flags: str | None, references: str) -> Record:
    """The fields of a record that name the pair (``id`` to ``flags``)."""
    return {"id": id, "method": method, "reference": sources.get("reference") or None,
            "candidate": sources.get("candidate") or None, "fov": sources.get("fov") or None,
            "fov_source": fov_source(sources), "ignore": sources.get("ignore") or None,
            "observer": observer, "references": references, "flags": flags}


def _resolution_fields(sources: Mapping[str, str | None], spacing_um: float | None,
                       fov_diameter_px: int | None) -> Record:
    """``spacing_um``, ``spacing_source`` (None without a spacing) and ``fov_diameter_px``."""
    return {"spacing_um": spacing_um,
            "spacing_source": (sources.get("spacing") or None) if spacing_um else None,
            "fov_diameter_px": fov_diameter_px}
