"""The agreement of a run's metrics with graders, computed from its evaluation records.

One function, `grader_agreement`, serves ``vesselview-eval --grades`` and the GUI's
agreement window, so both report the same numbers: records (one per case, method and
parameter set; ``id`` and ``method`` name the subject, a record without a method is
the method ``""``, a failed pair's record counts as undefined values) and the graders'
scores (their ids matched to the records' by the case id rule, ``1`` = ``01``) give
the agreement under the base parameters, the inter-grader agreement and,
with a sweep of one parameter, the agreement per value and the calibrated values
(`vesselview.research.grading_agreement`). The report writes itself with the CLI's
writers (`vesselview.io.agreement_tables`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from vesselview.engine.keys import METRIC_KEYS
from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.io.agreement_tables import agreement_document, write_agreement
from vesselview.io.strict_json import decode_metrics
from vesselview.io.writers import Record
from vesselview.research.grading_agreement import (
    Calibration,
    GraderScore,
    InterGrader,
    calibrate,
    inter_grader,
    mean_scores,
    metric_agreement,
    subject_key,
)
from vesselview.research.ranking import RankAgreement

Subject = tuple[str, str]


@dataclasses.dataclass(frozen=True)
class GraderAgreementReport:
    """Everything an agreement report shows.

    Attributes
    ----------
    agreement : RankAgreement
        Every metric against the mean human score, under ``params``.
    inter : InterGrader
        The graders with each other.
    params : Params
        The base parameters.
    sweep_key : str or None
        The swept parameter.
    per_value : list of (value, RankAgreement)
        One entry per swept value, in sweep order (empty without a sweep).
    calibrated : list of Calibration
        Per metric whose tau-b varies, the swept value with the largest tau-b.
    warnings : list of str
        For the user: graded subjects the run did not evaluate.
    """

    agreement: RankAgreement
    inter: InterGrader
    params: Params
    sweep_key: str | None = None
    per_value: list[tuple[Any, RankAgreement]] = dataclasses.field(default_factory=list)
    calibrated: list[Calibration] = dataclasses.field(default_factory=list)
    warnings: list[str] = dataclasses.field(default_factory=list)

    def document(self) -> dict[str, Any]:
        """The JSON document the CLI writes (`agreement_document`)."""
        return agreement_document(self.agreement, self.inter, self.params,
                                  sweep_key=self.sweep_key, per_value=self.per_value,
                                  calibrated=self.calibrated)

    def write(self, stream: TextIO, output_format: str) -> None:
        """Write the report as the CLI does (`write_agreement`)."""
        write_agreement(self.agreement, self.inter, self.params, stream, output_format,
                        sweep_key=self.sweep_key, per_value=self.per_value,
                        calibrated=self.calibrated)


def grader_agreement(records: Sequence[Record], grades: Sequence[GraderScore],
                     base: Params, *, sweep_key: str | None = None,
                     grid: Sequence[Params] = (), source: str = "grades",
                     metrics: Sequence[str] | None = None) -> GraderAgreementReport:
    """Agreement of the metrics of ``records`` with the grades and between the graders.

    Parameters
    ----------
    records : sequence of dict
        Including those under ``base`` (the ``"agreement"``) and, with ``sweep_key``,
        under every entry of ``grid``.
    grades : sequence of GraderScore
    base : Params
    sweep_key : str, optional
        The swept parameter.
    grid : sequence of Params
        One entry per swept value.
    source : str
        Where the grades come from, for the messages.
    metrics : sequence of str, optional
        The metrics to report, in order (checked keys, ``--metrics``); default every
        metric of the records (`record_metrics`).

    Raises
    ------
    InputError
        When no graded (id, method) was evaluated.
    """
    human = mean_scores(grades)
    metrics = list(metrics) if metrics else record_metrics(records)
    base_value = None if sweep_key is None else getattr(base, sweep_key)
    at_base = _subject_values(records, sweep_key, base_value)
    if not {subject_key(s) for s in human} & {subject_key(s) for s in at_base}:
        known = ", ".join(f"{i}/{m}" if m else i for i, m in list(at_base)[:3]) or "nothing"
        raise InputError(f"{source}: none of its (id, method) was evaluated (the run "
                         f"has {known}...); check the ids and method names", source=source)
    per_value = [] if sweep_key is None else [
        (getattr(params, sweep_key),
         metric_agreement(_subject_values(records, sweep_key, getattr(params, sweep_key)),
                          human, metrics))
        for params in grid]
    return GraderAgreementReport(metric_agreement(at_base, human, metrics),
                                 inter_grader(grades), base, sweep_key, per_value,
                                 calibrate(per_value), _missing_warnings(human, at_base, source))


def record_values(record: Record) -> dict[str, float]:
    """A record's metric values as floats (nan when undefined, infinities
    restored from ``undefined``; empty when the pair failed)."""
    if record.get("error") is not None:
        return {}
    return decode_metrics({"metrics": record.get("metrics") or {},
                           "undefined": record.get("undefined")})


def record_metrics(records: Iterable[Record]) -> list[str]:
    """Metric keys of the records, in `METRIC_KEYS` order (all of them when none has any)."""
    seen = {key for record in records for key in record.get("metrics") or {}}
    return [key for key in METRIC_KEYS if key in seen] or list(METRIC_KEYS)


def _subject_values(records: Iterable[Record], key: str | None, value: object
                    ) -> dict[Subject, dict[str, float]]:
    """``{(case id, method): {metric: value}}`` of the records whose parameter ``key``
    is ``value`` (every record when ``key`` is None: the run has one parameter set)."""
    return {(record["id"], record.get("method") or ""): record_values(record)
            for record in records if key is None or record["params"][key] == value}


def _missing_warnings(human: dict[Subject, float], at_base: dict[Subject, Any],
                      source: str) -> list[str]:
    """A warning when some graded (id, method) were not evaluated (left out)."""
    evaluated = {subject_key(subject) for subject in at_base}
    missing = [subject for subject in human if subject_key(subject) not in evaluated]
    if not missing:
        return []
    example = "/".join(part for part in missing[0] if part)
    return [f"{source}: {len(missing)} of {len(human)} graded (id, method) were not "
            f"evaluated and are left out of the agreement with the metrics (e.g. {example})"]
