"""Check .ci/oldest-constraints.txt against pyproject.toml; print what to install.

Every dependency of pyproject.toml except the GUI's must be pinned there at a release of
its lower bound ("numpy>=1.26" -> "numpy==1.26.x", "platformdirs>=3" -> "3.x.y"), and
nothing else may be pinned. Prints, one per line, those dependencies and the test tools
that need no Qt (the "test" extra without pytest-qt), for ``pip install -c``.
Exits 1 naming every disagreement.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / ".ci" / "oldest-constraints.txt"
#: The GUI's dependencies and test plugin: the oldest environment runs without Qt.
QT_PACKAGES = {"pyside6-essentials", "pyqtgraph", "superqt", "pytest-qt"}
_LOWER_BOUND = re.compile(r"^([A-Za-z0-9_.-]+)\s*>=\s*([0-9][0-9.]*)")


def _name(requirement: str) -> str:
    """The normalised project name of a requirement string."""
    match = re.match(r"[A-Za-z0-9_.-]+", requirement)
    assert match, requirement
    return re.sub(r"[-_.]+", "-", match.group()).lower()


def _pins() -> dict[str, str]:
    """Name -> version of every ``name==version`` line of the constraints file."""
    lines = (line.split("#")[0].strip() for line in CONSTRAINTS.read_text().splitlines())
    return {_name(line): line.split("==", 1)[1] for line in lines if line}


def _disagreements(dependencies: list[str], pins: dict[str, str]) -> list[str]:
    """One message per engine dependency not pinned at its lower bound, or extra pin."""
    problems = []
    for requirement in dependencies:
        bound = _LOWER_BOUND.match(requirement)
        pinned = pins.pop(_name(requirement), None)
        if bound is None:
            problems.append(f"{requirement!r} in pyproject.toml has no '>=' lower bound: "
                            "give it one")
        elif pinned is None:
            problems.append(f"{requirement!r} is not pinned in {CONSTRAINTS.name}: pin its "
                            "bound's first release")
        elif pinned.split(".")[:len(bound[2].split("."))] != bound[2].split("."):
            problems.append(f"{bound[1]}=={pinned} in {CONSTRAINTS.name} is not a release "
                            f"of the lower bound {bound[2]} in pyproject.toml: raise the bound "
                            "and the pin together")
    problems += [f"{name} is pinned in {CONSTRAINTS.name} but is no engine dependency: "
                 "remove the pin" for name in pins]
    return problems


def main() -> int:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    engine = [r for r in project["dependencies"] if _name(r) not in QT_PACKAGES]
    problems = _disagreements(engine, _pins())
    for problem in problems:
        print(problem, file=sys.stderr)
    tools = [r for r in project["optional-dependencies"]["test"] if _name(r) not in QT_PACKAGES]
    print("\n".join(engine + tools))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
