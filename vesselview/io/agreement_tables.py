"""Write the agreement of the metrics with graders as JSON, CSV, Markdown or LaTeX.

JSON (strict; numbers encoded as in `vesselview.io.strict_json`: a ``null`` value's reason
is in its object's ``"undefined"`` map)::

    {"vesselview": version, "params": {...},
     "agreement": {metric: {"kendall_tau_b", "spearman", "pearson", "delta_r1",
                            "delta_r2", "n", "undefined"}},
     "inter_grader": {"graders": [...], "n", "weighted_kappa", "icc_2_1", "kendall_w",
                      "undefined"}}

With a sweep of one parameter, ``"agreement"`` is at the run's base parameters and
``"sweep"`` adds ``{"key", "values", "agreement": [{"value", "agreement": {...}}],
"calibrated": {metric: {"value", "kendall_tau_b"}}}``. CSV: one row per metric (and
swept value: a column named after the key), the metric's key then its ``name`` from the
registry with the direction arrow (`vesselview.io.summary_table.metric_label`). Markdown
and LaTeX: the same rows, the calibrated values and the inter-grader agreement; metrics
named as in the CSV (LaTeX: the name instead of the key).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from vesselview._version import __version__
from vesselview.engine.params import Params
from vesselview.io.strict_json import encode_fields
from vesselview.io.summary_table import metric_label, named
from vesselview.io.tables import write_table
from vesselview.io.text_tables import number, write_text_table
from vesselview.research.grading_agreement import Calibration, InterGrader
from vesselview.research.ranking import Agreement, RankAgreement

#: Output formats of an agreement report.
AGREEMENT_FORMATS: tuple[str, ...] = ("json", "csv", "markdown", "latex")
#: Fields of a metric's agreement in the JSON, in order.
AGREEMENT_FIELDS: tuple[str, ...] = (
    "kendall_tau_b", "spearman", "pearson", "delta_r1", "delta_r2", "n")

#: Reason of a ``nan`` agreement value.
_UNDEFINED = "undefined: too few cases, or values that do not vary, to correlate"
PerValue = Sequence[tuple[Any, RankAgreement]]


def agreement_entry(row: Agreement) -> dict[str, Any]:
    """One metric's ``{"kendall_tau_b", "spearman", "pearson", "delta_r1", "delta_r2", "n"}``."""
    values = (row.kendall_tau_b, row.spearman, row.pearson, row.mean_inconsistency,
              row.standard_inconsistency, row.n)
    return encode_fields(dict(zip(AGREEMENT_FIELDS, values, strict=True)), nan_reason=_UNDEFINED)


def agreement_document(agreement: RankAgreement, inter: InterGrader, params: Params, *,
                       sweep_key: str | None = None, per_value: PerValue = (),
                       calibrated: Sequence[Calibration] = ()) -> dict[str, Any]:
    """The JSON-safe agreement document (module docstring)."""
    document: dict[str, Any] = {
        "vesselview": __version__,
        "params": params.to_dict(),
        "agreement": {row.metric: agreement_entry(row) for row in agreement.rows},
        "inter_grader": {"graders": list(inter.graders), **encode_fields(
            {"n": inter.n, "weighted_kappa": inter.weighted_kappa, "icc_2_1": inter.icc_2_1,
             "kendall_w": inter.kendall_w}, nan_reason=_UNDEFINED)},
    }
    if sweep_key is not None:
        document["sweep"] = {
            "key": sweep_key,
            "values": [value for value, _ in per_value],
            "agreement": [{"value": value,
                           "agreement": {r.metric: agreement_entry(r) for r in result.rows}}
                          for value, result in per_value],
            "calibrated": {c.metric: {"value": c.value, **encode_fields(
                {"kendall_tau_b": c.kendall_tau_b}, nan_reason=_UNDEFINED)}
                           for c in calibrated},
        }
    return document


def write_agreement(agreement: RankAgreement, inter: InterGrader, params: Params,
                    stream: TextIO, output_format: str, *, sweep_key: str | None = None,
                    per_value: PerValue = (), calibrated: Sequence[Calibration] = ()) -> None:
    """Write the agreement report in ``output_format`` (one of `AGREEMENT_FORMATS`)."""
    if output_format == "json":
        document = agreement_document(agreement, inter, params, sweep_key=sweep_key,
                                      per_value=per_value, calibrated=calibrated)
        json.dump(document, stream, indent=2, allow_nan=False)
        stream.write("\n")
        return
    runs = list(per_value) if sweep_key is not None else [(None, agreement)]
    if output_format == "csv":
        rows = [{**({sweep_key: value} if sweep_key else {}), "metric": row.metric,
                 "name": metric_label(row.metric), **agreement_entry(row)}
                for value, result in runs for row in result.rows]
        write_table(rows, stream, params=params)
        return
    header = [*([sweep_key] if sweep_key else []), "metric", *AGREEMENT_FIELDS]
    rows_text = [[*([str(value)] if sweep_key else []), row.metric,
                  *(number(v, 3) for v in _statistics(row)), str(row.n)]
                 for value, result in runs for row in result.rows]
    latex = output_format == "latex"
    write_text_table(*named(header, rows_text, latex, int(sweep_key is not None)), stream,
                     output_format,
                     caption="Agreement of each metric with the mean human score "
                             "(delta_r1, delta_r2: Paglieroni's inconsistencies, 0 = best).")
    if calibrated:
        write_text_table(*named(["metric", str(sweep_key), "kendall_tau_b"],
                                [[c.metric, str(c.value), number(c.kendall_tau_b, 3)]
                                 for c in calibrated], latex), stream, output_format,
                         caption=f"{sweep_key} calibrated to the graders (largest tau-b).")
    write_text_table(["graders", "n", "weighted_kappa", "icc_2_1", "kendall_w"],
                     [[", ".join(inter.graders), str(inter.n), number(inter.weighted_kappa, 3),
                       number(inter.icc_2_1, 3), number(inter.kendall_w, 3)]],
                     stream, output_format, caption="Agreement between the graders.")


def _statistics(row: Agreement) -> tuple[float, ...]:
    """The five statistics of a row, in `AGREEMENT_FIELDS` order."""
    return (row.kendall_tau_b, row.spearman, row.pearson, row.mean_inconsistency,
            row.standard_inconsistency)
