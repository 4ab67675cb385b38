"""Agreement with graders over a dataset, as a background task (no Qt).

``vesselview-eval --dataset ROOT --predictions NAME=DIR ... --grades GRADES.csv
[--sweep KEY=SPEC]`` and the GUI's agreement window run the same steps: the dataset's
pairs (`vesselview.io.dataset_pairs`), each evaluated by `evaluate_pair` under the
base parameters and every swept value, then `grader_agreement` on the records. Here
they run serially as a scheduler task (`vesselview.app.channel.Task`): progress per
pair, a stop poll between pairs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from vesselview.engine.params import Params
from vesselview.engine.pipeline import ProgressCallback, StopCallback
from vesselview.engine.sweep import parse_sweep_values
from vesselview.errors import EvaluationStopped, ParamsError
from vesselview.io.dataset import open_dataset
from vesselview.io.dataset_pairs import dataset_pairs
from vesselview.io.grader_report import GraderAgreementReport, grader_agreement
from vesselview.io.grades import read_grade_rows, unmatched_grades
from vesselview.io.pair_evaluation import Job, evaluate_pair
from vesselview.io.writers import Record


@dataclasses.dataclass(frozen=True)
class AgreementRequest:
    """The inputs of an agreement run (the CLI's flags of the same names).

    Attributes
    ----------
    dataset : str
        ``--dataset`` root folder.
    predictions : mapping of str to str
        ``--predictions``: method name -> folder of its result maps.
    grades : str
        ``--grades``: the grading export CSV (``id, method, grader, score, notes``).
    sweep : str
        ``--sweep`` of one parameter (``"t=0:10"``), or ``""`` for none.
    params : Params
        The base parameters (``--set``).
    observer : int
        ``--observer``: whose annotation is the reference (1 or 2).
    """

    dataset: str
    predictions: Mapping[str, str]
    grades: str
    sweep: str = ""
    params: Params = dataclasses.field(default_factory=Params)
    observer: int = 1


def sweep_grid(base: Params, sweep: str) -> tuple[str | None, list[Params]]:
    """The swept key and one `Params` per value of ``sweep`` (``KEY=SPEC``, or ``""``).

    Raises
    ------
    ParamsError
        For a malformed spec, an unknown key or a bad value (`parse_sweep_values`).
    """
    if not sweep.strip():
        return None, [base]
    key, equals, text = sweep.partition("=")
    key = key.strip()
    if not equals or not key or not text.strip():
        raise ParamsError(f"sweep {sweep!r}: write KEY=SPEC, e.g. t=0:10 or t=0,2,4")
    values = parse_sweep_values(key, text.strip())
    return key, [base.replace(**{key: value}) for value in values]


def run_agreement(request: AgreementRequest, should_stop: StopCallback,
                  progress: ProgressCallback) -> GraderAgreementReport:
    """Evaluate the request's dataset and report the agreement with its grades.

    Parameters
    ----------
    request : AgreementRequest
    should_stop : callable
        Polled between pairs; True stops the run (`EvaluationStopped`).
    progress : callable
        ``progress(fraction, message)`` after each pair.

    Returns
    -------
    GraderAgreementReport
        Equal to what ``vesselview-eval --format json`` writes for the same inputs;
        its ``warnings`` also carry the dataset's and the pairs' problems.

    Raises
    ------
    InputError
        For a bad grades file or dataset folder, or grades that match no evaluated pair.
    ParamsError
        For a bad sweep.
    EvaluationStopped
        When ``should_stop`` said so.
    """
    rows = read_grade_rows(request.grades)
    grades = [grade for _, grade in rows]
    base = request.params
    sweep_key, grid = sweep_grid(base, request.sweep)
    dataset = open_dataset(request.dataset, dict(request.predictions), request.observer)
    source = dataset_pairs(dataset, list(request.predictions))
    job = Job(tuple(grid if base in grid else [*grid, base]), base.threshold)
    records: list[Record] = []
    # each graded row that matches no pair, by line and id (the CLI's --allow-unmatched)
    notes = [*source.notes, *unmatched_grades(request.grades, rows, [
        (pair.id, pair.method or "") for pair in source.pairs])]
    for index, pair in enumerate(source.pairs):
        if should_stop():
            raise EvaluationStopped("agreement run stopped")
        outcome = evaluate_pair(pair, job)
        records.extend(outcome.records)
        notes.extend([*outcome.warnings, *([outcome.failure.message] if outcome.failure else [])])
        progress((index + 1) / len(source.pairs), f"evaluated {pair.label}")
    report = grader_agreement(records, grades, base, sweep_key=sweep_key, grid=grid,
                              source=request.grades)
    return dataclasses.replace(report, warnings=[*notes, *report.warnings])
