"""Inputs of the agreement-with-graders tests: a 3-method x 6-case dataset and grades.

The dataset is `tests.cli.method_dataset` (DRIVE-like files, methods ``demo``,
``shift``, ``gap``); the grades CSV is the grading export (``id, method, grader,
score, notes``) of three graders whose scores follow the methods' quality (``demo``
best, ``gap`` worst) with a per-grader, per-case wobble, so every statistic is defined.
"""

from __future__ import annotations

import csv
from pathlib import Path

from tests.cli.method_dataset import write_method_dataset

SHAPE = (120, 116)
N_CASES = 6
GRADERS = ("ann", "bob", "cy")
_QUALITY = {"demo": 8, "shift": 5, "gap": 2}


def write_grades(path: Path, methods: list[str], n_cases: int = N_CASES) -> Path:
    """Write the grades CSV of every case, method and grader to ``path``."""
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["id", "method", "grader", "score", "notes"])
        for number in range(1, n_cases + 1):
            for method in methods:
                for g, grader in enumerate(GRADERS):
                    score = _QUALITY[method] + (number * (g + 2)) % 3 - 1
                    writer.writerow([f"{number:02d}", method, grader, score,
                                     "ok, mostly" if score > 5 else ""])
    return path


def write_agreement_inputs(root: Path) -> tuple[Path, dict[str, Path], Path]:
    """The dataset folder, the method folders and the grades CSV, under ``root``."""
    dataset, predictions = write_method_dataset(root, N_CASES, SHAPE)
    return dataset, predictions, write_grades(root / "grades.csv", list(predictions))
