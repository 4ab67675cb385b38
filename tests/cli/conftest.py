"""Fixtures shared by the CLI tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.method_dataset import write_method_dataset

#: Makes a study folder: (cases, shape (H, W), folder under tmp_path) -> its path.
StudyMaker = Callable[[int, tuple[int, int], str], Path]


@pytest.fixture(scope="session")
def _pristine_studies(tmp_path_factory) -> Callable[[int, tuple[int, int]], Path]:
    """The DRIVE-layout dataset of ``cases`` cases and every method's predictions at ``shape``
    (`write_method_dataset`), written once per session and never changed."""
    written: dict[tuple[int, tuple[int, int]], Path] = {}

    def pristine(cases: int, shape: tuple[int, int]) -> Path:
        if (cases, shape) not in written:
            root = tmp_path_factory.mktemp("pristine-study")
            write_method_dataset(root, cases, shape)
            written[cases, shape] = root
        return written[cases, shape]

    return pristine


@pytest.fixture()
def study_copy(_pristine_studies, tmp_path, monkeypatch) -> StudyMaker:
    """A factory of study folders: a fresh copy of the pristine dataset and predictions
    (tests change and move files) at ``tmp_path / folder``, made the working folder."""

    def copy(cases: int, shape: tuple[int, int], folder: str) -> Path:
        destination = tmp_path / folder
        shutil.copytree(_pristine_studies(cases, shape), destination)
        monkeypatch.chdir(destination)
        return destination

    return copy
