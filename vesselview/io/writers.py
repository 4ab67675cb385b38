"""Write evaluation results as JSON, CSV and PNG (``docs/metrics.md`` §7).

Shared by the batch CLI and the GUI's export, so it knows nothing about either.
A *record* is one pair under one parameter set, already JSON-safe:

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

Numbers are encoded as strict JSON by `vesselview.io.strict_json` (a non-finite value is
``null`` with its reason in the ``"undefined"`` map); in CSV, ``nan`` is an empty cell
and infinities ``inf`` / ``-inf``.
Every output records the parameter values and the vesselview version: JSON at its top
level (``{"vesselview": version, "params": {...}, "results": [...]}``) and in each
result's ``params``; CSV in every row (parameter columns, then ``vesselview_version``).
The CLI adds the run's full provenance (`vesselview.io.provenance`) to what these write.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TextIO

import numpy as np
from PIL import Image

from vesselview._version import __version__
from vesselview.engine.junction_points import SKELETON_JUNCTIONS
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.length_scope import given_lengths
from vesselview.engine.params import PARAM_SPECS, Params
from vesselview.engine.physical import PHYSICAL_KEYS, physical_reasons
from vesselview.engine.result import Result
from vesselview.io.csv_cells import FormulaSafeWriter
from vesselview.io.loader import AUTO_FOV
from vesselview.io.provenance import Provenance
from vesselview.io.strict_json import Record, decode_metrics, encode_number, non_finite_reasons
from vesselview.io.williams_columns import extra_metric_keys

#: The distance metrics in µm, in output order (``hausdorff_um``..., ``mse_um2``).
METRIC_UM_KEYS: tuple[str, ...] = tuple(name for name, _ in PHYSICAL_KEYS.values())
#: CSV columns, in order.
CSV_COLUMNS: tuple[str, ...] = (
    "id", "method", "reference", "candidate", "fov", "fov_source", "ignore", "observer",
    "references", "flags", "spacing_um", "spacing_source", "fov_diameter_px", "junction_source",
    *PARAM_SPECS, "lengths", *METRIC_KEYS, *METRIC_UM_KEYS, "vesselview_version", "error",
)
#: Columns of a record that describe the pair (before the parameters in CSV).
PAIR_COLUMNS: tuple[str, ...] = CSV_COLUMNS[:14]
#: How `vesselview.io.loader.load_case` records an FOV estimated from the fundus.
ESTIMATED_FOV_PREFIX = "estimated from "
#: Summary statistics, in the order of CSV summary rows (``id`` ``summary:<name>``).
SUMMARY_STATISTICS: tuple[str, ...] = ("mean", "std", "median")


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


def write_json(
    records: Iterable[Record],
    params: Params,
    stream: TextIO,
    *,
    summary: Sequence[Mapping[str, Any]] | None = None,
    version: str = __version__,
    provenance: Provenance | None = None,
) -> None:
    """Write ``{"vesselview", "params", "results"[, "summary"][, "provenance"]}`` as
    indented JSON.

    Parameters
    ----------
    records : iterable of dict
        From `result_record` or `error_record`.
    params : Params
        The run's base parameters (a sweep varies some of them per record).
    stream : text stream
    summary : sequence of dict, optional
        From `vesselview.io.summary.summarise`; written as ``"summary"`` when given.
    version : str
        The vesselview version that produced the records.
    provenance : Provenance, optional
        What made the records (`vesselview.io.provenance.api_provenance` from Python);
        written as ``"provenance"`` when given.
    """
    document: dict[str, Any] = {
        "vesselview": version,
        "params": params.to_dict(),
        "results": list(records),
    }
    if summary is not None:
        document["summary"] = list(summary)
    if provenance is not None:
        document["provenance"] = provenance.to_dict()
    json.dump(document, stream, indent=2, allow_nan=False)
    stream.write("\n")


def write_csv(
    records: Iterable[Record],
    stream: TextIO,
    *,
    summary: Sequence[Mapping[str, Any]] | None = None,
    version: str = __version__,
) -> None:
    """Write one CSV row per record, columns `CSV_COLUMNS`, with the records' metrics
    beyond the registry's (``--williams`` columns) after the metrics.

    Parameters
    ----------
    records : iterable of dict
        From `result_record` or `error_record`.
    stream : text stream
        Opened with ``newline=""`` when it is a file.
    summary : sequence of dict, optional
        From `vesselview.io.summary.summarise`; adds rows ``summary:mean``,
        ``summary:std``, ``summary:median`` per parameter set, with empty paths.
    version : str
        The vesselview version that produced the records (column ``vesselview_version``).
    """
    records = list(records)
    extra = extra_metric_keys(records)
    writer = FormulaSafeWriter(stream, lineterminator="\n")
    last_metric = CSV_COLUMNS.index(METRIC_KEYS[-1]) + 1
    writer.writerow((*CSV_COLUMNS[:last_metric], *extra, *CSV_COLUMNS[last_metric:]))
    for record in records:
        values = {**decode_metrics(record), **decode_metrics(record, "metrics_um")}
        writer.writerow(_row([record[key] for key in PAIR_COLUMNS], record["params"],
                             record["lengths"], values, version, record["error"], extra))
    for group in summary or ():
        for statistic in SUMMARY_STATISTICS:
            pair = [f"summary:{statistic}", *[None] * (len(PAIR_COLUMNS) - 1)]
            values = decode_metrics({"metrics": group[statistic],
                                     "undefined": group["undefined"][statistic]})
            writer.writerow(_row(pair, group["params"], given_lengths(group["params"]),
                                 values, version, None, extra))


def write_png(path: str | os.PathLike, image: np.ndarray) -> None:
    """Write an image as PNG.

    Parameters
    ----------
    path : str or os.PathLike
    image : ndarray, shape (H, W), (H, W, 3) or (H, W, 4)
        uint8 grey, RGB or RGBA; or bool (H, W), written as 0/255.

    Raises
    ------
    ValueError
        For another dtype or shape.
    OSError
        When the file cannot be written.
    """
    pixels = np.asarray(image)
    if pixels.dtype == bool and pixels.ndim == 2:
        pixels = pixels.astype(np.uint8) * np.uint8(255)
    layout_ok = pixels.ndim == 2 or (pixels.ndim == 3 and pixels.shape[2] in (3, 4))
    if pixels.dtype != np.uint8 or not layout_ok or pixels.size == 0:
        raise ValueError(
            f"write_png needs a non-empty uint8 (H, W), (H, W, 3) or (H, W, 4) array or a "
            f"bool (H, W) mask, got {pixels.dtype} of shape {pixels.shape}"
        )
    Image.fromarray(np.ascontiguousarray(pixels)).save(path, format="PNG")


def _pair_fields(id: str, sources: Mapping[str, str | None], method: str | None,
                 observer: int | None, flags: str | None, references: str) -> Record:
    """The `PAIR_COLUMNS` of a record."""
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


def _row(pair: list[Any], params: Mapping[str, Any], lengths: Mapping[str, str],
         metrics: Mapping[str, float], version: str, error: str | None,
         extra: tuple[str, ...] = ()) -> list[str]:
    """One CSV row in `CSV_COLUMNS` order with the ``extra`` metrics after the metrics
    (a µm or extra key missing from ``metrics`` is empty)."""
    values = [*pair, *(params[key] for key in PARAM_SPECS),
              " ".join(f"{key}={text}" for key, text in lengths.items()),
              *(metrics[key] for key in METRIC_KEYS), *(metrics.get(key) for key in extra),
              *(metrics.get(key) for key in METRIC_UM_KEYS), version, error]
    return [_cell(value) for value in values]


def _cell(value: Any) -> str:
    """CSV text of a value: nan/None empty, booleans lower-case, floats round-trip exact."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "" if math.isnan(value) else repr(float(value))
    return str(value)
