"""The import contracts in pyproject.toml hold, and they break when a forbidden import is added.

Each test copies the package and pyproject.toml into a temporary folder, adds one module
with one import, and runs ``lint-imports`` there (a subprocess with the copy first on the
path), so the check is the one CI runs, on a tree that differs by exactly that import.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = shutil.which("lint-imports", path=str(Path(sys.executable).parent))

pytestmark = pytest.mark.skipif(LINT_IMPORTS is None,
                                reason="lint-imports not installed (pip install -e '.[dev]')")

#: Packages that must not import Qt (the forbidden-modules contract).
QT_FREE = ["engine", "synth", "research", "io", "cli", "app"]


def package_copy(folder: Path) -> Path:
    """A copy of pyproject.toml and the vesselview sources (no caches) in ``folder``."""
    shutil.copy(ROOT / "pyproject.toml", folder / "pyproject.toml")
    shutil.copytree(ROOT / "vesselview", folder / "vesselview",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc"))
    return folder


def lint_imports(folder: Path) -> subprocess.CompletedProcess:
    """``lint-imports`` run in ``folder``, importing the package found there."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run([LINT_IMPORTS, "--no-cache"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=300)


def add_module(folder: Path, package: str, source: str) -> None:
    (folder / "vesselview" / package / "_contract_probe.py").write_text(source)


def test_the_package_keeps_its_contracts(tmp_path):
    result = lint_imports(package_copy(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("package", QT_FREE)
def test_importing_qt_outside_the_gui_breaks_a_contract(tmp_path, package):
    folder = package_copy(tmp_path)
    add_module(folder, package, "import PySide6\n")
    result = lint_imports(folder)
    assert result.returncode != 0
    assert "Only the GUI imports Qt BROKEN" in result.stdout
    assert f"vesselview.{package}._contract_probe -> PySide6" in result.stdout


def test_importing_upwards_breaks_the_layer_order(tmp_path):
    folder = package_copy(tmp_path)
    add_module(folder, "engine", "import vesselview.io\n")
    result = lint_imports(folder)
    assert result.returncode != 0
    assert "Packages in dependency order" in result.stdout
    assert "vesselview.engine._contract_probe -> vesselview.io" in result.stdout


@pytest.mark.parametrize(("package", "target"), [
    ("gui/research", "vesselview.gui.inspector.window"),
    ("gui/grading", "vesselview.gui.inspector.view"),
    ("gui/dataset", "vesselview.gui.inspector.compare"),
    ("gui/grading", "vesselview.gui.research.inputs"),  # windows of one layer: independent
    ("gui/dataset", "vesselview.gui.grading.window"),
    ("gui/widgets", "vesselview.gui.research.plot_dock"),
    ("gui/widgets", "vesselview.gui.app"),
])
def test_a_gui_window_importing_another_breaks_the_gui_order(tmp_path, package, target):
    folder = package_copy(tmp_path)
    add_module(folder, package, f"import {target}\n")
    result = lint_imports(folder)
    assert result.returncode != 0
    assert "GUI windows in order" in result.stdout
    probe = f"vesselview.{package.replace('/', '.')}._contract_probe -> {target}"
    assert probe in result.stdout


def test_each_layer_contract_cites_a_file_of_the_repository():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"]
    names = [contract["name"] for contract in contracts if contract["type"] == "layers"]
    cited = [re.search(r"\(([\w/.-]+\.md)\)", name) for name in names]
    assert names and all(cited), names
    assert [match.group(1) for match in cited if not (ROOT / match.group(1)).is_file()] == []


@pytest.mark.parametrize(("module", "partner"), [
    ("app/channel.py", "vesselview.app.scheduler"),
    ("gui/grading/shortcuts.py", "vesselview.gui.grading.window"),
])
def test_a_partner_importing_back_breaks_the_no_cycle_contract(tmp_path, module, partner):
    folder = package_copy(tmp_path)
    with (folder / "vesselview" / module).open("a") as source:
        source.write(f"\nimport {partner}  # noqa: E402\n")
    result = lint_imports(folder)
    assert result.returncode != 0
    assert "No import cycles between partners" in result.stdout
    importer = "vesselview." + module.removesuffix(".py").replace("/", ".")
    assert f"{importer} -> {partner}" in result.stdout
