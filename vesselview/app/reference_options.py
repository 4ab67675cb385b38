"""What a case can be scored against, and a session's record of it (no Qt).

`reference_options` lists a case's observers, consensus rules and fuzzy reference;
`switched_case` scores it against one of them
(`vesselview.engine.reference_choice.reference_cases`). A session keeps the files
opened (`vesselview.app.session.Session`): `session_observers` says whose tracing the
reference file is, the other observers' files and the choice, and `restored_case` reads
them back.
"""

from __future__ import annotations

import os

from vesselview.app.files import CaseFiles, ShownCase, load_files
from vesselview.engine.case import Case
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.engine.reference_choice import reference_cases
from vesselview.engine.reference_names import CONSENSUS_RULES
from vesselview.errors import InputError


def reference_options(case: Case) -> tuple[str, ...]:
    """What ``case`` can be scored against: its observers by name, then the consensus
    rules when it holds two or more, then ``"fuzzy"`` when it also may (two or more
    observers, or a soft reference)."""
    observers = tuple(case.references)
    several = len(observers) >= 2
    fuzzy = ("fuzzy",) if several or case.reference_soft is not None else ()
    return (*observers, *(CONSENSUS_RULES if several else ()), *fuzzy)


def switched_case(case: Case, choice: str) -> Case:
    """``case`` scored against ``choice`` (one of `reference_options`).

    Raises
    ------
    ValueError
        When ``case`` offers no such choice.
    """
    if choice not in reference_options(case):
        raise ValueError(f"the case has no reference {choice!r}; it offers "
                         f"{', '.join(reference_options(case))}")
    if choice == case.observer:
        return case
    if choice in case.references:
        return next(one for one in reference_cases(case, "each") if one.observer == choice)
    (derived,) = reference_cases(case, choice)
    return derived


def session_observers(shown: ShownCase) -> tuple[str, dict[str, str], str]:
    """What a session records of ``shown``'s observers.

    Returns
    -------
    observer : str
        Whose tracing ``shown.files.reference`` is (`FIRST_OBSERVER` when unknown).
    observers : dict of str to str
        The other observers' reference files by name (those read from files).
    references : str
        ``"one"`` when the case is scored against ``observer``, else what it is scored
        against (another observer's name, a consensus rule, ``"fuzzy"``).
    """
    case, reference = shown.case, shown.files.reference
    paths = {name: case.sources.get(name) or (case.sources.get("reference", "")
                                              if name == case.observer else "")
             for name in case.references}
    own = next((name for name, path in paths.items() if reference and path
                and os.path.abspath(path) == os.path.abspath(reference)), FIRST_OBSERVER)
    others = {name: path for name, path in paths.items()
              if name != own and path and os.path.isfile(path)}
    return own, others, "one" if case.observer == own else case.observer


def restored_case(files: CaseFiles, observer: str, observers: dict[str, str],
                  references: str) -> Case:
    """Read a session's case: ``files`` as ``observer``'s tracing with the other
    ``observers``' files, scored against ``references`` (as `session_observers` gave).

    Raises
    ------
    InputError
        When a file cannot be read (naming it), or the case offers no ``references``
        (e.g. an observer's file was taken out of the session).
    """
    case = load_files(files, references=observers, observer=observer)
    if references == "one":
        return case
    if references not in reference_options(case):
        raise InputError(f"{files.reference}: the session scores the case against "
                         f"{references!r}, which its files do not offer (they offer "
                         f"{', '.join(reference_options(case))}); set 'references' to one "
                         "of those, or 'one'", source=files.reference)
    return switched_case(case, references)
