"""The provenance of a file the window saves (no Qt): what made it, from which files.

The same `Provenance` record as a ``vesselview-eval`` output's (`vesselview.io.provenance`),
with ``api_call`` the window's action (``"vesselview window: File > Export metrics"``):
the version, the parameters shown (lengths in pixels, as the window's controls),
the pixel spacing, the reference observer, and each of the case's files with its SHA-256.
The observer and reference choice are named as ``vesselview-eval`` records them
(`case_reference`): the observer's number (``--observer 2``: 2) and ``--references``'
choice, so a window record and a CLI record of the same case name it alike.
``vesselview-eval --verify`` cannot re-run a window action and says so.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import Any

from vesselview.app.agreement_run import AgreementRequest
from vesselview.engine.case import Case
from vesselview.engine.observers import observer_number
from vesselview.engine.params import Params
from vesselview.engine.reference_names import DERIVED_REFERENCES
from vesselview.io.dataset import open_dataset
from vesselview.io.dataset.model import Dataset
from vesselview.io.provenance import WINDOW_CALL, Provenance, api_provenance


def window_provenance(action: str, params: Params, case: Case | None,
                      files: Iterable[str], output_format: str,
                      chosen: str | None = None) -> Provenance:
    """The provenance of an output the window's ``action`` wrote.

    Parameters
    ----------
    action : str
        The menu path of the action, e.g. ``"File > Export metrics"``.
    params : Params
        The parameters of the result shown (or the window's, before any result).
    case : Case or None
        The case on screen (its observer and pixel spacing), None before any case.
    files : iterable of str
        The case's files; each is digested.
    output_format : str
        ``"json"``, ``"csv"`` or ``"png"``.
    chosen : str, optional
        The observer whose tracing the case's reference file is, when the case is scored
        against a reference made from several observers' (`case_reference`).
    """
    spacing_um = case.spacing_um if case is not None else None
    return api_provenance(WINDOW_CALL + action, params, files, output_format=output_format,
                          reference=case_reference(case, chosen), spacing_um=spacing_um)


def case_reference(case: Case | None, chosen: str | None = None) -> dict[str, Any]:
    """The reference ``case`` is scored against, as a ``vesselview-eval`` record names it.

    ``observer`` is the observer's number as ``--observer`` takes it (``"observer2"``:
    2; a name without a number stays the name; None without a case) and ``references``
    ``"one"``; against a reference made from the observers' (``majority``, ``fuzzy``...)
    ``references`` is its name and ``observer`` the number of ``chosen`` (the observer
    whose file was opened as the reference; None when not given), as the CLI records
    ``--observer N --references majority``.

    Examples
    --------
    >>> from vesselview.synth import teaching_case
    >>> import dataclasses
    >>> case = teaching_case("gap", 12.0, (32, 32))
    >>> case_reference(dataclasses.replace(case, observer="observer2"))
    {'observer': 2, 'references': 'one', 'classes': None}
    >>> case_reference(dataclasses.replace(case, observer="majority"), "observer1")
    {'observer': 1, 'references': 'majority', 'classes': None}
    """
    if case is None:
        return {"observer": None, "references": "one", "classes": None}
    derived = case.observer in DERIVED_REFERENCES
    name = chosen if derived else case.observer
    number = None if name is None else observer_number(name)
    return {"observer": name if number is None else number,
            "references": case.observer if derived else "one", "classes": None}


def dataset_provenance(action: str, params: Params, dataset: Dataset, references: str,
                       output_format: str) -> Provenance:
    """The provenance of an output the case browser's ``action`` wrote: its parameters,
    the dataset's observer, reference choice and label classes, and every file of its
    cases (photographs, references, FOV masks, candidates) with its SHA-256."""
    return api_provenance(WINDOW_CALL + action, params, dataset_files(dataset),
                          output_format=output_format,
                          reference={"observer": dataset.observer, "references": references,
                                     "classes": dataset.classes})


def agreement_provenance(request: AgreementRequest, output_format: str) -> Provenance:
    """The provenance of the "Agreement with graders" report the research window saves:
    its base parameters and sweep, the observer, the grades file and every file of the
    dataset's cases (the CLI's ``--grades`` report records the same)."""
    dataset = open_dataset(request.dataset, dict(request.predictions), request.observer)
    sweep = f" --sweep {request.sweep}" if request.sweep.strip() else ""
    return api_provenance(f"{WINDOW_CALL}Research > Agreement with graders > Export{sweep}",
                          request.params, [request.grades, *dataset_files(dataset)],
                          output_format=output_format,
                          reference={"observer": request.observer, "references": "one",
                                     "classes": None})


def dataset_files(dataset: Dataset) -> Iterator[str]:
    """Every file of ``dataset``'s cases, case by case."""
    for case in dataset.cases:
        for path in (case.fundus, case.reference, case.fov, *case.candidates.values(),
                     *case.references.values()):
            if path is not None:
                yield str(path)


def cases_provenance(action: str, params: Params, cases: Iterable[Case],
                     output_format: str) -> Provenance:
    """The provenance of an output the Plots dock's ``action`` wrote from ``cases`` (the
    case on screen, or a case set): the files each case was read from (`case_files`)."""
    chosen = list(cases)
    return window_provenance(action, params, chosen[0] if len(chosen) == 1 else None,
                             [path for case in chosen for path in case_files(case)],
                             output_format)


def case_files(case: Case) -> list[str]:
    """The files ``case`` was read from: its `Case.sources` that are files (a synthetic
    case's sources name no file)."""
    return [path for key, path in case.sources.items()
            if key != "spacing" and os.path.isfile(path)]
