"""Write evaluation results as JSON, CSV and PNG (``metrics.md`` section 7).

Shared by the batch CLI and the GUI's export, so it knows nothing about either.
A *record* is one evaluated pair under one parameter set, already JSON-safe:

``{"id", "reference", "candidate", "fov", "params": {...}, "metrics": {...},
"undefined": {...}}``

Numbers are encoded JSON-safely: ``nan`` (undefined) becomes ``null``, infinities the
strings ``"inf"`` and ``"-inf"``; every other float is a JSON number that reads back
bit for bit. In CSV, ``nan`` is an empty cell and infinities ``inf`` / ``-inf``.
Every output records the parameter values and the vesselview version: JSON at its top
level (``{"vesselview": version, "params": {...}, "results": [...]}``) and in each
result's ``params``; CSV in every row (parameter columns, then ``vesselview_version``).
"""

from __future__ import annotations

import csv
import json
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TextIO

import numpy as np
from PIL import Image

from vesselview._version import __version__
from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import PARAM_SPECS, Params
from vesselview.engine.result import Result

Record = dict[str, Any]
Encoded = float | int | str | None

#: CSV columns, in order.
CSV_COLUMNS: tuple[str, ...] = (
    "id", "reference", "candidate", *PARAM_SPECS, *METRIC_KEYS, "vesselview_version",
)
#: Summary statistics, in the order of CSV summary rows (``id`` ``summary:<name>``).
SUMMARY_STATISTICS: tuple[str, ...] = ("mean", "std", "median")


def encode_number(value: float) -> Encoded:
    """JSON-safe form of a metric value: ``None`` for nan, ``"inf"``/``"-inf"``, else itself."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    number = float(value)
    if math.isnan(number):
        return None
    if math.isinf(number):
        return "inf" if number > 0 else "-inf"
    return number


def decode_number(value: Encoded) -> float:
    """Inverse of `encode_number`, as float (``None`` -> nan)."""
    return math.nan if value is None else float(value)


def result_record(result: Result, *, id: str, sources: Mapping[str, str]) -> Record:
    """One JSON-safe record of an evaluation.

    Parameters
    ----------
    result : Result
        The evaluation.
    id : str
        The pair's identifier (e.g. the manifest's ``id`` column).
    sources : Mapping[str, str]
        ``reference``, ``candidate`` and ``fov`` paths (``Case.sources``); an empty or
        missing one becomes ``None`` (JSON ``null``, an empty CSV cell).

    Returns
    -------
    dict
        Keys ``id, reference, candidate, fov, params, metrics, undefined``; ``metrics``
        has every key of ``METRIC_KEYS`` in order, encoded by `encode_number`.
    """
    return {
        "id": id,
        "reference": sources.get("reference") or None,
        "candidate": sources.get("candidate") or None,
        "fov": sources.get("fov") or None,
        "params": result.params.to_dict(),
        "metrics": {key: encode_number(result.metrics[key]) for key in METRIC_KEYS},
        "undefined": dict(result.undefined),
    }


def write_json(
    records: Iterable[Record],
    params: Params,
    stream: TextIO,
    *,
    summary: Sequence[Mapping[str, Any]] | None = None,
    version: str = __version__,
) -> None:
    """Write ``{"vesselview", "params", "results"[, "summary"]}`` as indented JSON.

    Parameters
    ----------
    records : iterable of dict
        From `result_record`.
    params : Params
        The run's base parameters (a sweep varies some of them per record).
    stream : text stream
    summary : sequence of dict, optional
        From `vesselview.io.summary.summarise`; written as ``"summary"`` when given.
    version : str
        The vesselview version that produced the records.
    """
    document: dict[str, Any] = {
        "vesselview": version,
        "params": params.to_dict(),
        "results": list(records),
    }
    if summary is not None:
        document["summary"] = list(summary)
    json.dump(document, stream, indent=2, allow_nan=False)
    stream.write("\n")


def write_csv(
    records: Iterable[Record],
    stream: TextIO,
    *,
    summary: Sequence[Mapping[str, Any]] | None = None,
    version: str = __version__,
) -> None:
    """Write one CSV row per record, columns `CSV_COLUMNS`.

    Parameters
    ----------
    records : iterable of dict
        From `result_record`.
    stream : text stream
        Opened with ``newline=""`` when it is a file.
    summary : sequence of dict, optional
        From `vesselview.io.summary.summarise`; adds rows ``summary:mean``,
        ``summary:std``, ``summary:median`` per parameter set, with empty paths.
    version : str
        The vesselview version that produced the records (column ``vesselview_version``).
    """
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        writer.writerow(_row(record["id"], record["reference"], record["candidate"],
                             record["params"], record["metrics"], version))
    for group in summary or ():
        for statistic in SUMMARY_STATISTICS:
            writer.writerow(_row(f"summary:{statistic}", "", "", group["params"],
                                 group[statistic], version))


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


def _row(id: str, reference: str, candidate: str, params: Mapping[str, Any],
         metrics: Mapping[str, Encoded], version: str) -> list[str]:
    """One CSV row in `CSV_COLUMNS` order."""
    values = [id, reference, candidate, *(params[key] for key in PARAM_SPECS),
              *(metrics[key] for key in METRIC_KEYS), version]
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
