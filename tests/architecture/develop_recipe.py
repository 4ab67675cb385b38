"""``docs/develop.md`` as a program: its edit blocks applied to a copy of the repository.

A fenced block whose info string names ``file=PATH`` is an edit of that file: ``new``
(the block is a new file) or next to one anchor line, ``after=``, ``before=`` or
``replace=`` (the one line that reads so, blanks around it ignored; with ``in=LINE0``,
the first such line after the line ``LINE0``). The info string's words are split as a
shell splits them. A ``bash run`` block's lines are commands, run in the copy with
``python`` being this interpreter. Hand-written because no markdown library is a
dependency and the format is these few rules.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "docs" / "develop.md"
#: What of the repository the copy holds: the package, the tests, the documents it edits.
COPIED = ("vesselview", "tests", "docs/metrics.md", "README.md", "pyproject.toml")

_FENCE = re.compile(r"^```(?P<info>[^\n]*)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)
_PLACES = ("after", "before", "replace")


@dataclasses.dataclass(frozen=True)
class Block:
    """One fenced block of the recipe: its language, its ``key=value`` words, its text."""

    language: str
    options: dict[str, str]
    body: str

    @property
    def is_edit(self) -> bool:
        """Whether the block edits a file (``file=``)."""
        return "file" in self.options

    @property
    def is_run(self) -> bool:
        """Whether the block is commands to run (``bash run``)."""
        return self.language == "bash" and "run" in self.options


def recipe_blocks(text: str) -> list[Block]:
    """Every fenced block of ``text``, in order."""
    blocks = []
    for match in _FENCE.finditer(text):
        language, *words = shlex.split(match["info"]) or [""]
        options = dict(word.partition("=")[::2] for word in words)
        blocks.append(Block(language, options, match["body"]))
    return blocks


def _anchor_index(lines: list[str], block: Block) -> int:
    """Index of the block's anchor line (`_PLACES`), refusing a missing or ambiguous one."""
    place = next(name for name in _PLACES if name in block.options)
    anchor = block.options[place].strip()
    start = 0
    if "in" in block.options:
        start = _anchor_index(lines, Block("", {"after": block.options["in"]}, "")) + 1
    found = [index for index in range(start, len(lines)) if lines[index].strip() == anchor]
    if not found or ("in" not in block.options and len(found) > 1):
        raise AssertionError(f"{block.options['file']}: {len(found)} lines read {anchor!r} "
                             f"(after line {start}); the recipe's anchor must be one line")
    return found[0]


def apply_edit(block: Block, root: Path) -> None:
    """Apply the edit ``block`` to the file it names under ``root``."""
    path = root / block.options["file"]
    if "new" in block.options:
        assert not path.exists(), f"{path} exists; a new file must be new"
        path.write_text(block.body)
        return
    lines = path.read_text().splitlines(keepends=True)
    index = _anchor_index(lines, block)
    added = block.body.splitlines(keepends=True)
    if "after" in block.options:
        lines[index + 1:index + 1] = added
    elif "before" in block.options:
        lines[index:index] = added
    else:
        lines[index:index + 1] = added
    path.write_text("".join(lines))


def copy_repository(target: Path) -> Path:
    """The parts of the repository in `COPIED`, under ``target`` (no caches)."""
    for name in COPIED:
        source, copy = ROOT / name, target / name
        if source.is_dir():
            shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy)
    return target


def environment(root: Path, kernel_cache: Path) -> dict[str, str]:
    """The environment of a command in the copy: its package first, Qt offscreen, and a
    kernel cache of its own (the copy's kernels are not the user's)."""
    return {**os.environ, "PYTHONPATH": str(root), "NUMBA_CACHE_DIR": str(kernel_cache),
            "QT_QPA_PLATFORM": "offscreen"}


def run_command(line: str, root: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run one command line of the recipe in ``root`` (``python`` is this interpreter)."""
    program, *arguments = shlex.split(line)
    assert program == "python", f"the recipe runs python only, not {line!r}"
    return subprocess.run([sys.executable, *arguments], cwd=root, env=env, capture_output=True,
                          text=True, timeout=900, check=False)


def run_checks(module: str, root: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the pytest module ``module`` (a path under ``root``) in the copy."""
    return run_command(f"python -m pytest -q -p no:cacheprovider {module}", root, env)
