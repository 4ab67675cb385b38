"""What an exported image says about itself, in the words the window uses (no Qt).

The caption below an exported view names the case as a reader knows it (a teaching
case by its title and severity with its unit; a file case by its case id, method and
files), every parameter by the label of the parameters panel
(`vesselview.app.param_labels`) and the headline metrics by their display names and
units (`vesselview.engine.families.METRICS`), never by code names such as
``synthetic:gap(severity=20, seed=0)`` or ``ss_R``.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

from vesselview.app.dataset_position import DatasetPosition
from vesselview.app.param_labels import param_label, shown_value
from vesselview.engine.case import Case
from vesselview.engine.families import METRICS
from vesselview.engine.result import Result
from vesselview.io.dataset.layouts import case_id_of
from vesselview.synth import TEACHING_CASES, TeachingCase

#: The metrics an exported image's caption gives (the inspector's headline ones).
CAPTION_METRICS = ("dice", "f1_t", "cal", "ss")
#: How a teaching case's candidate names itself (`vesselview.synth.teaching_case`).
_TEACHING_SOURCE = re.compile(r"synthetic:(?P<name>\w+)\(severity=(?P<severity>[^,)]+)")
_SYNTHETIC = "synthetic:"


def teaching_of(case: Case) -> tuple[TeachingCase, float] | None:
    """The teaching case and severity ``case`` was built as (None for other cases)."""
    found = _TEACHING_SOURCE.match(case.sources.get("candidate", ""))
    if found is None or found["name"] not in TEACHING_CASES:
        return None
    return TEACHING_CASES[found["name"]], float(found["severity"])


def case_name(case: Case, method: str | None = None) -> str:
    """The case as a reader knows it, without its files.

    A teaching case: ``"Teaching case: vessel gap, severity 20 px"``; the synthetic demo:
    ``"Synthetic demonstration case (not a real fundus)"``; a case from files:
    ``"Case 01, method unet"``: the case id a public dataset's file name carries (else the
    candidate's file name); ``method`` when given (the dataset's method), else the
    candidate's folder when its file is named after a public dataset's case (a method's
    output folder), else the candidate's file name.
    """
    teaching = teaching_of(case)
    if teaching is not None:
        entry, severity = teaching
        return f"Teaching case: {_sentence_case(entry.title)}, severity {severity:g} {entry.unit}"
    candidate = case.sources.get("candidate", "?")
    if candidate.startswith(_SYNTHETIC):
        return "Synthetic demonstration case (not a real fundus)"
    case_id = _case_id(case)
    method = method_name(case, method)
    name = f"Case {case_id or Path(candidate).stem}"
    return name if method is None else f"{name}, method {method}"


def method_name(case: Case, method: str | None = None) -> str | None:
    """Whose candidate ``case`` holds: ``method`` when given, else the folder of a
    candidate file named after its public-dataset case (``unet/01_test.png``: ``unet``),
    else that file's name; None for a case without a case id, a teaching or a synthetic
    case."""
    if method is not None:
        return method
    candidate = case.sources.get("candidate", "")
    case_id = _case_id(case)
    if case_id is None or candidate.startswith(_SYNTHETIC):
        return None
    return _method_of(candidate, case_id)


def _case_id(case: Case) -> str | None:
    """The case id a public dataset's file name carries (reference first), or None."""
    return (case_id_of(case.sources.get("reference", "?"))
            or case_id_of(case.sources.get("candidate", "?")))


def case_line(case: Case, method: str | None = None) -> str:
    """`case_name` followed by the files of a case from files:
    ``"Case 01, method unet: candidate ..., reference ..."``."""
    name = case_name(case, method)
    candidate = case.sources.get("candidate", "?")
    if teaching_of(case) is not None or candidate.startswith(_SYNTHETIC):
        return name
    return f"{name}: candidate {candidate}, reference {case.sources.get('reference', '?')}"


def window_title(case: Case, method: str | None = None) -> str:
    """The inspector's title bar: `case_name` and the program, never a full path."""
    return f"{case_name(case, method)} \N{EM DASH} vesselview"


def params_line(result: Result) -> str:
    """Every parameter by its label in the parameters panel, with its value."""
    shown = []
    for key, value in result.params.to_dict().items():
        text = "the case's own" if value is None else shown_value(value)
        shown.append(f"{param_label(key)} = {text}")
    return "Parameters: " + "; ".join(shown)


def metrics_line(result: Result) -> str:
    """`CAPTION_METRICS` by display name, with units (``pending`` while computing)."""
    values = []
    for key in CAPTION_METRICS:
        info, value = METRICS[key], result.metrics[key]
        if key in result.pending:
            shown = "pending"
        elif math.isnan(value):
            shown = "undefined"
        else:
            unit = info.unit if info.unit in ("", "%") else f" {info.unit}"
            shown = f"{value:.3f}{unit}"
        values.append(f"{info.name} {shown}")
    return "Metrics: " + ", ".join(values)


def caption_lines(result: Result, case: Case, method: str | None = None) -> list[str]:
    """The three caption lines of an exported view: `case_line`, `params_line`,
    `metrics_line`."""
    return [case_line(case, method), params_line(result), metrics_line(result)]


def dataset_method(position: DatasetPosition | None, case: Case) -> str | None:
    """The method of the dataset case on screen when ``case`` is its candidate, else None."""
    if position is None:
        return None
    candidate = position.case.candidates.get(position.method)
    same = candidate is not None and os.fspath(candidate) == case.sources.get("candidate")
    return position.method if same else None


def _sentence_case(title: str) -> str:
    """``"Vessel gap"`` -> ``"vessel gap"``; ``"CAL: wide -> narrow"`` unchanged."""
    return title[:1].lower() + title[1:] if title[1:2].islower() else title


def _method_of(candidate: str, case_id: str) -> str:
    """A method output named after its case (``unet/01_test.png``) is named by its
    folder; any other candidate by its file name."""
    path = Path(candidate)
    named_after_case = path.stem == case_id or path.stem.startswith((f"{case_id}_",
                                                                     f"{case_id}-"))
    folder = os.path.basename(os.path.dirname(candidate))
    return folder if named_after_case and folder else path.stem
