"""Shared fixtures: a tiny dataset of masks with a manifest beside it, one pair of files,
and a folder nobody may write in; and Hypothesis without time limits."""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import settings

from tests.mask_files import save_mask, vessel_mask, write_manifest

# Property tests check values, not speed (speed lives in benchmarks/): Hypothesis's default
# 200 ms deadline per example failed tests on a loaded machine. A test's own @settings
# still overrides the example count.
settings.register_profile("vesselview", deadline=None)
settings.load_profile("vesselview")


@pytest.fixture(autouse=True)
def _glibc_defaults_in_the_test_process(monkeypatch) -> None:
    """A serial batch run keeps the memory it frees for its next pairs
    (`vesselview.cli.allocator.keep_freed_memory`), a process-wide setting that cannot
    be undone: not in the process that runs every test. ``tests/cli/test_batch_allocator``
    checks it in a process of its own."""
    monkeypatch.setattr("vesselview.cli.runner.keep_freed_memory", lambda: False)


@pytest.fixture
def dataset(tmp_path) -> Path:
    """``data/pairs.csv`` listing 4 pairs by paths relative to ``data/``; returns the CSV."""
    folder = tmp_path / "data"
    (folder / "masks").mkdir(parents=True)
    fov = np.ones((16, 20), bool)
    fov[0, :] = False
    save_mask(folder / "masks" / "fov.png", fov)
    rows = []
    for index, shift in enumerate((0, 1, 2, 0)):
        save_mask(folder / "masks" / f"{index}_ref.png", vessel_mask(0))
        save_mask(folder / "masks" / f"{index}_pred.png", vessel_mask(shift))
        rows.append({"id": f"case{index}", "reference": f"masks/{index}_ref.png",
                     "candidate": f"masks/{index}_pred.png",
                     "fov": "masks/fov.png" if index % 2 else "", "fundus": ""})
    return write_manifest(folder / "pairs.csv", rows)


@pytest.fixture
def pair(tmp_path) -> tuple[str, str]:
    """One reference / candidate pair of files."""
    return (str(save_mask(tmp_path / "ref.png", vessel_mask(0))),
            str(save_mask(tmp_path / "pred.png", vessel_mask(1))))


@pytest.fixture
def locked_folder(tmp_path, monkeypatch) -> Iterator[Path]:
    """An existing folder that cannot be written in (mode 0o500; as root, where modes do
    not bind, its temporary files are refused with EACCES instead)."""
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    if os.geteuid() == 0:
        real = tempfile.mkstemp

        def refuse(*args, dir=None, **kwargs):
            if dir is not None and os.path.realpath(dir) == os.path.realpath(folder):
                raise PermissionError(errno.EACCES, "Permission denied")
            return real(*args, dir=dir, **kwargs)
        monkeypatch.setattr(tempfile, "mkstemp", refuse)
    yield folder
    folder.chmod(0o700)
