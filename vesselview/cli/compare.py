"""``--compare`` and ``--grades``: method statistics and agreement with graders.

Both work on the evaluation records of the run (one per case, method and parameter
set; ``id`` and ``method`` name the case and the method, a record without a method is
the method ``""``). Records of failed pairs (an ``error``) count as undefined values.

* ``--compare`` (one parameter set): per method and metric the summary, per pair of
  methods and metric the paired Wilcoxon test with Holm's p, and the methods' orders
  across metrics (`vesselview.io.report_tables`).
* ``--grades GRADES.csv`` (optionally one ``--sweep``): agreement of every metric with
  the mean human score of each (case, method) under the base parameters (which
  `vesselview.cli.report_options.report_grid` adds to the evaluated grid), the
  inter-grader agreement, and per swept value the agreement and the calibrated value
  (`vesselview.io.agreement_tables`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import TextIO

from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.io.agreement_tables import write_agreement
from vesselview.io.grades import read_grades
from vesselview.io.report_tables import write_comparison
from vesselview.io.writers import Record, decode_number
from vesselview.research.grading_agreement import (
    GraderScore,
    calibrate,
    inter_grader,
    mean_scores,
    metric_agreement,
)
from vesselview.research.method_orders import method_orders
from vesselview.research.statistics import MethodScores, compare_methods

Subject = tuple[str, str]


def read_report_grades(options: argparse.Namespace) -> list[GraderScore]:
    """The ``--grades`` file, read before any evaluation so a bad file fails fast.

    Returns
    -------
    list of GraderScore
        Empty without ``--grades``.

    Raises
    ------
    InputError
        Naming the file, line and column of a problem.
    """
    return read_grades(options.grades) if options.grades else []


def write_report(options: argparse.Namespace, grades: Sequence[GraderScore],
                 records: Sequence[Record], base: Params, grid: Sequence[Params],
                 stream: TextIO) -> list[str]:
    """Write the ``--compare`` or ``--grades`` report of ``records``.

    Parameters
    ----------
    options : argparse.Namespace
    grades : sequence of GraderScore
        From `read_report_grades`.
    records : sequence of dict
        Every record of the run.
    base : Params
        The run's base parameters (``--set``).
    grid : sequence of Params
        The ``--sweep`` combinations (``[base]`` without a sweep).
    stream : text stream

    Returns
    -------
    list of str
        Warnings for the user (graded cases the run did not evaluate).
    """
    if options.compare:
        write_method_comparison(records, base, stream, options.format)
        return []
    sweep_key = options.sweep[0].partition("=")[0].strip() if options.sweep else None
    return write_grader_agreement(records, grades, base, stream, options.format,
                           sweep_key=sweep_key, grid=grid, source=options.grades)


def write_method_comparison(records: Sequence[Record], params: Params, stream: TextIO,
                            output_format: str) -> None:
    """Compare the methods of ``records`` (one parameter set) and write the report."""
    scores = MethodScores.from_mapping(_by_method(records), metrics=_metrics(records))
    write_comparison(compare_methods(scores), method_orders(scores), params, stream,
                     output_format)


def write_grader_agreement(records: Sequence[Record], grades: Sequence[GraderScore],
                           base: Params, stream: TextIO, output_format: str, *,
                           sweep_key: str | None = None, grid: Sequence[Params] = (),
                           source: str = "grades") -> list[str]:
    """Agreement of the metrics of ``records`` with the grades and between the graders.

    Parameters
    ----------
    records : sequence of dict
        Including those under ``base`` (the ``"agreement"``) and, with ``sweep_key``,
        under every entry of ``grid``.
    grades : sequence of GraderScore
    base : Params
    stream : text stream
    output_format : str
    sweep_key : str, optional
        The swept parameter.
    grid : sequence of Params
        One entry per swept value.
    source : str
        Where the grades come from, for the messages.

    Returns
    -------
    list of str
        A warning when some graded (id, method) were not evaluated (left out).

    Raises
    ------
    InputError
        When no graded (id, method) was evaluated.
    """
    human = mean_scores(grades)
    metrics = _metrics(records)
    base_value = None if sweep_key is None else getattr(base, sweep_key)
    at_base = _subject_values(records, sweep_key, base_value)
    if not set(human) & set(at_base):
        known = ", ".join(f"{i}/{m}" if m else i for i, m in list(at_base)[:3]) or "nothing"
        raise InputError(f"{source}: none of its (id, method) was evaluated (the run "
                         f"has {known}...); check the ids and method names", source=source)
    per_value = [] if sweep_key is None else [
        (getattr(params, sweep_key),
         metric_agreement(_subject_values(records, sweep_key, getattr(params, sweep_key)),
                          human, metrics))
        for params in grid]
    write_agreement(metric_agreement(at_base, human, metrics), inter_grader(grades), base,
                    stream, output_format, sweep_key=sweep_key, per_value=per_value,
                    calibrated=calibrate(per_value))
    missing = [subject for subject in human if subject not in at_base]
    if not missing:
        return []
    example = "/".join(part for part in missing[0] if part)
    return [f"{source}: {len(missing)} of {len(human)} graded (id, method) were not "
            f"evaluated and are left out of the agreement with the metrics (e.g. {example})"]


def _by_method(records: Iterable[Record]) -> dict[str, dict[str, dict[str, float]]]:
    """``{method: {case id: {metric: value}}}`` of ``records``."""
    table: dict[str, dict[str, dict[str, float]]] = {}
    for record in records:
        table.setdefault(record.get("method") or "", {})[record["id"]] = _values(record)
    return table


def _subject_values(records: Iterable[Record], key: str | None, value: object
                    ) -> dict[Subject, dict[str, float]]:
    """``{(case id, method): {metric: value}}`` of the records whose parameter ``key``
    is ``value`` (every record when ``key`` is None: the run has one parameter set)."""
    return {(record["id"], record.get("method") or ""): _values(record)
            for record in records if key is None or record["params"][key] == value}


def _values(record: Record) -> dict[str, float]:
    """A record's metric values as floats (nan when undefined or the pair failed)."""
    if record.get("error") is not None:
        return {}
    return {key: decode_number(value) for key, value in (record.get("metrics") or {}).items()}


def _metrics(records: Iterable[Record]) -> list[str]:
    """Metric keys of the records, in `METRIC_KEYS` order."""
    seen = {key for record in records for key in record.get("metrics") or {}}
    return [key for key in METRIC_KEYS if key in seen] or list(METRIC_KEYS)
