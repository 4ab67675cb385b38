"""``vesselview-eval --curves``: ROC, PR, F1_t and FROC curves of a probability map.

The curves come from `vesselview.research.curves` (pixel level, inside the FOV, every
distinct probability an operating point). A float probability map of a large image has
millions of operating points, so each curve is written at most at `MAX_POINTS` points
spread evenly along it (`Curve.thinned`; maps with fewer distinct values, such as 8-bit
PNGs, are written whole). The areas (AUC, average precision) and the best F1_t threshold
always come from every operating point.

JSON: ``{"vesselview", "params", "candidate", "roc", "pr", "f1_t"}`` with
``roc = {"auc", "thresholds", "false_positive_rate", "true_positive_rate"}``,
``pr = {"average_precision", "thresholds", "recall", "precision"}`` and
``f1_t = {"t", "best_threshold", "best_f1_t", "thresholds", "f1_t", "precision",
"recall"}`` and ``froc = {"segments": ..., "components": ...}``, each
``{"score", "fp_rates", "sensitivity_at", "thresholds", "false_positives_per_image",
"sensitivity"}`` (`vesselview.research.froc`: at most `FROC_POINTS` thresholds, down to
the false-positive cap; the score is the mean of ``sensitivity_at`` the ``fp_rates``),
each with an ``"undefined"`` map. Numbers as `vesselview.io.strict_json.encode_number`
writes them: strict JSON, a non-finite value is
``null`` and the curve's ``"undefined"`` map says why, keyed by field, list entries as
``"thresholds[0]"`` (the ``-inf`` threshold: ``"-inf: ..."``).

CSV: columns ``curve, threshold, x, y, area``, then the parameters and
``vesselview_version``. ``curve`` is ``roc`` (x = false-positive rate, y = true-positive
rate, area = AUC), ``pr`` (x = recall, y = precision, area = average precision) or
``f1_t`` (x = threshold, y = F1_t, area empty), ``froc_segments`` or ``froc_components``
(x = false positives per image, y = sensitivity, area = the FROC score). A threshold
``θ`` means the candidate ``probability > θ``; ``-inf`` is the whole FOV.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

import numpy as np

from vesselview._version import __version__
from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import StopCallback
from vesselview.io.strict_json import encode_number, infinite_reason, non_finite_reasons
from vesselview.io.tables import write_table
from vesselview.research.curves import Curve, F1Curve, f1_t_curve, operating_points
from vesselview.research.froc import FP_RATES, FrocCurve, froc_curves

CURVE_FORMATS = ("json", "csv")
#: Why a threshold is ``-inf``.
_THRESHOLD_BELOW_ALL = infinite_reason(-1.0, "below every probability: the whole FOV marked")
#: Default number of points written per curve.
MAX_POINTS = 2000


def write_curves(case: Case, params: Params, stream: TextIO, fmt: str, *,
                 max_points: int | None = MAX_POINTS,
                 should_stop: StopCallback | None = None) -> None:
    """Write the ROC, PR, F1_t-against-threshold and FROC curves of ``case``.

    Parameters
    ----------
    case : Case
        With a probability-map candidate (``candidate_soft``).
    params : Params
        ``t`` sets the F1_t tolerance; every value is recorded in the output.
    stream : text stream
        Opened with ``newline=""`` when it is a file.
    fmt : {"json", "csv"}
    max_points : int or None
        Points written per curve (at least 2); None writes every operating point. The
        FROC curves always have at most `FROC_POINTS` (each threshold thins the map).
    should_stop : callable () -> bool, optional
        Polled before every FROC threshold (`EvaluationStopped` when it returns True;
        nothing is written then).

    Raises
    ------
    InputError
        When the candidate is a binary mask.
    ValueError
        For an unknown ``fmt``.
    ParamsError
        When ``max_points`` is below 2.
    """
    if fmt not in CURVE_FORMATS:
        raise ValueError(f"curve format must be one of {', '.join(CURVE_FORMATS)}, got {fmt!r}")
    points = operating_points(case)
    roc, pr, f1 = points.roc(), points.pr(), f1_t_curve(case, params=params)
    best = f1.best()
    frocs = froc_curves(case, params, should_stop=should_stop)
    if max_points is not None:
        roc, pr, f1 = roc.thinned(max_points), pr.thinned(max_points), f1.thinned(max_points)
    if fmt == "json":
        document = {
            "vesselview": __version__,
            "params": params.to_dict(),
            "candidate": case.sources.get("candidate"),
            "roc": _curve_json(roc, "auc", "false_positive_rate", "true_positive_rate"),
            "pr": _curve_json(pr, "average_precision", "recall", "precision"),
            "f1_t": _f1_json(f1, best),
            "froc": {curve.objects: _froc_json(curve) for curve in frocs},
        }
        json.dump(document, stream, indent=2, allow_nan=False)
        stream.write("\n")
    else:
        rows = [*_curve_rows("roc", roc), *_curve_rows("pr", pr), *_f1_rows(f1),
                *(row for curve in frocs for row in _froc_rows(curve))]
        write_table(rows, stream, params=params)


def _numbers(values: np.ndarray) -> list[Any]:
    """JSON-safe list of an array's values."""
    return [encode_number(value) for value in values.tolist()]


def _curve_json(curve: Curve, area: str, x: str, y: str) -> dict[str, Any]:
    return _encoded({area: curve.auc}, {"thresholds": curve.thresholds, x: curve.x,
                                        y: curve.y})


def _f1_json(curve: F1Curve, best: tuple[float, float]) -> dict[str, Any]:
    return {"t": curve.t, **_encoded(
        {"best_threshold": best[0], "best_f1_t": best[1]},
        {"thresholds": curve.thresholds, "f1_t": curve.f1_t, "precision": curve.precision,
         "recall": curve.recall})}


def _froc_json(curve: FrocCurve) -> dict[str, Any]:
    return {"fp_rates": list(FP_RATES), **_encoded(
        {"score": curve.score()},
        {"sensitivity_at": curve.sensitivity_at(), "thresholds": curve.thresholds,
         "false_positives_per_image": curve.false_positives,
         "sensitivity": curve.sensitivity})}


def _encoded(numbers: dict[str, float], lists: dict[str, np.ndarray]) -> dict[str, Any]:
    """Numbers and lists encoded, with the ``"undefined"`` map of their non-finite values
    (list entries keyed ``"name[index]"``)."""
    flat = {**{key: float(value) for key, value in numbers.items()},
            **{f"{name}[{index}]": value for name, values in lists.items()
               for index, value in enumerate(values.tolist())}}
    return {**{key: encode_number(value) for key, value in numbers.items()},
            **{name: _numbers(values) for name, values in lists.items()},
            "undefined": non_finite_reasons(flat, {key: _THRESHOLD_BELOW_ALL for key in flat
                                                   if "threshold" in key})}


def _curve_rows(name: str, curve: Curve) -> list[dict[str, Any]]:
    return [{"curve": name, "threshold": threshold, "x": x, "y": y, "area": curve.auc}
            for threshold, x, y in zip(curve.thresholds.tolist(), curve.x.tolist(),
                                       curve.y.tolist(), strict=True)]


def _f1_rows(curve: F1Curve) -> list[dict[str, Any]]:
    return [{"curve": "f1_t", "threshold": threshold, "x": threshold, "y": f1,
             "area": float("nan")}
            for threshold, f1 in zip(curve.thresholds.tolist(), curve.f1_t.tolist(), strict=True)]


def _froc_rows(curve: FrocCurve) -> list[dict[str, Any]]:
    score = curve.score()
    return [{"curve": f"froc_{curve.objects}", "threshold": threshold, "x": false, "y": found,
             "area": score}
            for threshold, false, found in zip(curve.thresholds.tolist(),
                                               curve.false_positives.tolist(),
                                               curve.sensitivity.tolist(), strict=True)]
