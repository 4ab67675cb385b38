"""Write evaluation results as JSON, CSV and PNG (``docs/metrics.md`` §7).

Shared by the batch CLI and the GUI's export, so it knows nothing about either. What is
written is *records* (`vesselview.io.records`: one pair under one parameter set, already
JSON-safe; their keys are described there), which this module also re-exports.

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
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.length_scope import given_lengths
from vesselview.engine.params import PARAM_SPECS, Params
from vesselview.io.csv_cells import FormulaSafeWriter
from vesselview.io.provenance import Provenance
from vesselview.io.records import (
    ESTIMATED_FOV_PREFIX,
    METRIC_UM_KEYS,
    error_record,
    fov_source,
    junction_source,
    result_record,
)
from vesselview.io.strict_json import Record, decode_metrics
from vesselview.io.williams_columns import extra_metric_keys

__all__ = [
    "CSV_COLUMNS",
    "ESTIMATED_FOV_PREFIX",
    "METRIC_UM_KEYS",
    "PAIR_COLUMNS",
    "SUMMARY_STATISTICS",
    "Record",
    "error_record",
    "fov_source",
    "junction_source",
    "result_record",
    "write_csv",
    "write_json",
    "write_png",
]

#: CSV columns, in order.
CSV_COLUMNS: tuple[str, ...] = (
    "id", "method", "reference", "candidate", "fov", "fov_source", "ignore", "observer",
    "references", "flags", "spacing_um", "spacing_source", "fov_diameter_px", "junction_source",
    *PARAM_SPECS, "lengths", *METRIC_KEYS, *METRIC_UM_KEYS, "vesselview_version", "error",
)
#: Columns of a record that describe the pair (before the parameters in CSV).
PAIR_COLUMNS: tuple[str, ...] = CSV_COLUMNS[:14]
#: Summary statistics, in the order of CSV summary rows (``id`` ``summary:<name>``).
SUMMARY_STATISTICS: tuple[str, ...] = ("mean", "std", "median")


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
