"""Write the research tables (rankings, rank agreement, sweeps, curves) as CSV.

A table is a sequence of rows, each a mapping from column name to value; every row
has the same columns. Cells follow the conventions of `vesselview.io.writers`: ``nan``
(undefined) is an empty cell, infinities are ``inf`` / ``-inf``, floats are written
with ``repr`` so they read back bit for bit, booleans as ``true`` / ``false``. Every
row ends with the vesselview version and, when the numbers came from an evaluation,
its parameter values before it (``docs/metrics.md`` §7).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from vesselview._version import __version__
from vesselview.engine.params import Params
from vesselview.io.csv_cells import FormulaSafeWriter

Row = Mapping[str, Any]


def write_table(rows: Sequence[Row], stream: TextIO, *, params: Params | None = None) -> None:
    """Write ``rows`` as CSV with a header line.

    Parameters
    ----------
    rows : sequence of mapping
        Column name -> value; the first row's keys are the columns, in order.
    stream : text stream
        Opened with ``newline=""`` when it is a file.
    params : Params, optional
        Parameters that produced the numbers: one column per parameter not already
        a column of ``rows`` (a sweep's own key stays as the rows give it).

    Raises
    ------
    ValueError
        When ``rows`` is empty or a row's columns differ from the first row's.
    """
    if not rows:
        raise ValueError("write_table needs at least one row")
    columns = list(rows[0])
    extra = _provenance(params, columns)
    writer = FormulaSafeWriter(stream, lineterminator="\n")
    writer.writerow([*columns, *extra])
    for row in rows:
        if list(row) != columns:
            raise ValueError(f"row columns {list(row)} differ from the header {columns}")
        writer.writerow([cell(value) for value in (*row.values(), *extra.values())])


def cell(value: Any) -> str:
    """CSV text of one value (empty for ``nan`` and ``None``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) or (hasattr(value, "dtype") and value.dtype.kind == "f"):
        number = float(value)
        return "" if math.isnan(number) else repr(number)
    return str(value)


def _provenance(params: Params | None, columns: list[str]) -> dict[str, Any]:
    """Parameter columns missing from ``columns`` (if ``params``), then the version."""
    values = {} if params is None else params.to_dict()
    kept = {key: value for key, value in values.items() if key not in columns}
    return {**kept, "vesselview_version": __version__}
