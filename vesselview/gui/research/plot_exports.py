"""The plot dock's CSV exports: the drawn sweep columns, and the soft-map curves exactly
as ``vesselview-eval --curves`` writes them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vesselview.engine.case import Case
from vesselview.engine.params import Params
from vesselview.engine.pipeline import StopCallback
from vesselview.io.curve_tables import write_curves
from vesselview.io.output_file import atomic_output
from vesselview.io.tables import write_table
from vesselview.research.sweep import Sweep


def shown_columns(result: Sweep, metrics: Sequence[str],
                  differences: bool) -> list[dict[str, Any]]:
    """`Sweep.to_rows` cut to the case, the swept key and the drawn ``metrics``.

    Each metric keeps its ``<metric>_forward_difference`` column when ``differences``.
    """
    keep = {"case", result.key, *metrics, *(f"{m}_forward_difference" for m in metrics)}
    return [{column: value for column, value in row.items() if column in keep}
            for row in result.to_rows(differences=differences)]


def write_sweep_csv(path: str, result: Sweep, metrics: Sequence[str],
                    differences: bool) -> None:
    """Write the drawn columns of ``result`` (`shown_columns`) to ``path`` as CSV."""
    rows = shown_columns(result, metrics, differences)
    with atomic_output(path) as stream:
        write_table(rows, stream, params=result.params)


def write_curves_csv(case: Case, params: Params, path: str,
                     should_stop: StopCallback | None = None) -> str:
    """Write the soft-map curves of ``case`` to ``path`` as ``vesselview-eval --curves`` CSV.

    ``should_stop`` is polled at every FROC threshold: a stopped export leaves no file
    (and an existing one as it was)."""
    with atomic_output(path) as stream:
        write_curves(case, params, stream, "csv", should_stop=should_stop)
    return path
