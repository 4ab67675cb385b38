"""The bundle's run-time hook that picks numba's cache folder (packaging/rthook_numba_cache.py)."""

from __future__ import annotations

import os
import runpy
import shutil
import sys
from pathlib import Path

HOOK = Path(__file__).resolve().parents[2] / "packaging" / "rthook_numba_cache.py"


def run_hook() -> str:
    runpy.run_path(str(HOOK))
    return os.environ["NUMBA_CACHE_DIR"]


def test_per_executable_folder_in_the_user_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    expected = tmp_path / "vesselview" / "numba" / Path(sys.executable).stem
    assert run_hook() == str(expected)
    assert expected.is_dir()


def test_home_cache_when_xdg_is_unset(monkeypatch, tmp_path):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert run_hook().startswith(str(tmp_path / ".cache" / "vesselview" / "numba"))


def test_unwritable_cache_falls_back_to_a_temporary_folder(monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")  # mkdir below a file fails
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    folder = Path(run_hook())
    try:
        assert folder.is_dir()
        assert folder.name.startswith("vesselview-numba-")
        assert blocker not in folder.parents
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_the_users_choice_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert run_hook() == str(tmp_path / "mine")
    assert not (tmp_path / "vesselview").exists()
