"""Build the PyInstaller bundle and run both of its executables like a fresh machine would.

Opt-in: it needs PyInstaller (``pip install -e '.[packaging]'``) and
``VESSELVIEW_BUILD_BUNDLE=1``, because the build takes a minute or two. CI runs it as a
separate step::

    VESSELVIEW_BUILD_BUNDLE=1 QT_QPA_PLATFORM=offscreen python -m pytest tests/packaging -q

The bundle is built once, with this interpreter, into a temporary folder.
The executables then run with a bare environment: no virtual environment on ``PATH``,
no ``PYTHONPATH``, an empty home folder.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.cli.method_dataset import write_method_dataset
from vesselview import __version__
from vesselview.cli.main import main as eval_in_process
from vesselview.io.cd_diagram import read_diagram_values

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("PyInstaller") is None
    or os.environ.get("VESSELVIEW_BUILD_BUNDLE") != "1",
    reason="builds the bundle: needs PyInstaller and VESSELVIEW_BUILD_BUNDLE=1",
)

ROOT = Path(__file__).resolve().parents[2]
#: Seconds before a hung build or run fails the test instead of blocking CI.
BUILD_TIMEOUT = 1200
RUN_TIMEOUT = 300


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    """The folder ``packaging/build.sh`` produced with this interpreter."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([str(ROOT / "packaging" / "build.sh"), "--python", sys.executable,
                    "--dist", str(out), "--work", str(out / "work")],
                   check=True, timeout=BUILD_TIMEOUT)
    return out / "bundle"


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    """An empty home folder, shared so numba compiles the kernels once for all tests."""
    return tmp_path_factory.mktemp("home")


def bare_environment(home: Path) -> dict[str, str]:
    """A fresh user's environment: system PATH only, no Python variables, an empty home."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
            "QT_QPA_PLATFORM": "offscreen"}


def run(command: list[str], home: Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(command, env=bare_environment(home), cwd=cwd, capture_output=True,
                          text=True, timeout=RUN_TIMEOUT)


def save_mask(path: Path, rows: slice) -> Path:
    """An 8 x 8 mask (0/255 PNG) that is vessel in ``rows``, every column."""
    mask = np.zeros((8, 8), np.uint8)
    mask[rows] = 255
    Image.fromarray(mask).save(path)
    return path


def test_bundle_layout(bundle):
    for name in ("vesselview", "vesselview-eval", "install.sh"):
        assert os.access(bundle / name, os.X_OK), name
    assert (bundle / "share" / "applications" / "io.github.vesselview.VesselView.desktop").is_file()
    icons = bundle / "_internal" / "vesselview" / "resources" / "icons"
    assert (icons / "vesselview-48.png").is_file()
    # Optional or unused parts stay out.
    internal = {path.name for path in (bundle / "_internal").iterdir()}
    assert not internal & {"dask", "distributed", "IPython", "OpenGL"}


def test_gui_screenshot(bundle, home, tmp_path):
    from vesselview.gui.app import WINDOW_SIZE  # Qt only for this test

    result = run([str(bundle / "vesselview"), "--demo", "--screenshot", "shot.png"], home, tmp_path)
    assert result.returncode == 0, result.stderr
    with Image.open(tmp_path / "shot.png") as shot:
        assert shot.size == WINDOW_SIZE
        colours = shot.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is None or len(colours) > 100  # a rendered window, not a blank one


def test_cli_version(bundle, home, tmp_path):
    result = run([str(bundle / "vesselview-eval"), "--version"], home, tmp_path)
    assert result.returncode == 0
    assert result.stdout.split() == ["vesselview-eval", __version__]


def test_cli_scores_a_pair_and_caches_kernels(bundle, home, tmp_path):
    # Reference rows 2-4, candidate rows 3-5 of an 8 x 8 image: TP = 16, FP = FN = 8,
    # so Dice = 32 / 48, Jaccard = 16 / 32; every candidate pixel is within t = 2 of
    # the reference and vice versa, so F1_t = 1.
    save_mask(tmp_path / "ref.png", slice(2, 5))
    save_mask(tmp_path / "cand.png", slice(3, 6))
    result = run([str(bundle / "vesselview-eval"), "--reference", "ref.png",
                  "--candidate", "cand.png", "--workers", "1"], home, tmp_path)
    assert result.returncode == 0, result.stderr
    metrics = json.loads(result.stdout)["results"][0]["metrics"]
    assert metrics["dice"] == pytest.approx(2 / 3)
    assert metrics["jaccard"] == pytest.approx(0.5)
    assert metrics["f1_t"] == pytest.approx(1.0)
    caches = (home / ".cache" / "vesselview" / "numba").glob("*/vesselview-eval")
    assert any(cache.rglob("*.nbi") for cache in caches), "kernels not cached in the user's folder"


def test_cli_worker_processes_match_the_package(bundle, home, tmp_path):
    """Two pairs on two spawned workers give the records the installed package gives."""
    for index in (0, 1):
        save_mask(tmp_path / f"ref{index}.png", slice(2, 5))
        save_mask(tmp_path / f"cand{index}.png", slice(3 + index, 6 + index))
    (tmp_path / "pairs.csv").write_text(
        "id,reference,candidate\na,ref0.png,cand0.png\nb,ref1.png,cand1.png\n")
    result = run([str(bundle / "vesselview-eval"), "--manifest", "pairs.csv", "--workers", "2",
                  "--output", "bundle.json"], home, tmp_path)
    assert result.returncode == 0, result.stderr
    assert eval_in_process(["--manifest", str(tmp_path / "pairs.csv"), "--workers", "1",
                            "--output", str(tmp_path / "package.json")]) == 0
    frozen = json.loads((tmp_path / "bundle.json").read_text())
    package = json.loads((tmp_path / "package.json").read_text())
    assert [record["id"] for record in frozen["results"]] == ["a", "b"]
    assert [r["metrics"] for r in frozen["results"]] == [r["metrics"] for r in package["results"]]


def test_cli_draws_a_cd_diagram_with_matplotlib_bundled(bundle, home, tmp_path):
    """--compare --cd-diagram in PNG and PDF, and --verify of one, from the bundle."""
    write_method_dataset(tmp_path, 3, (72, 70))
    methods = [f"--predictions={m}=predictions/{m}" for m in ("demo", "gap", "shift")]
    for diagram in ("cd.png", "cd.pdf"):
        result = run([str(bundle / "vesselview-eval"), "--dataset", "DRIVE", *methods,
                      "--workers", "1", "--compare", "--output", "c.json",
                      "--cd-diagram", diagram], home, tmp_path)
        assert result.returncode == 0, result.stderr
        assert read_diagram_values(str(tmp_path / diagram))["panels"]
    with Image.open(tmp_path / "cd.png") as image:
        assert "vesselview-provenance" in image.text
    verified = run([str(bundle / "vesselview-eval"), "--verify", "cd.pdf"], home, tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_cli_bad_input_exit_status(bundle, home, tmp_path):
    result = run([str(bundle / "vesselview-eval"), "--reference", "missing.png",
                  "--candidate", "missing.png"], home, tmp_path)
    assert result.returncode == 2
    assert "missing.png" in result.stderr


def test_install_script_adds_and_removes_the_desktop_entry(bundle, home, tmp_path):
    install = [str(bundle / "install.sh")]
    assert run(install, home, tmp_path).returncode == 0
    entry = home / ".local" / "share" / "applications" / "io.github.vesselview.VesselView.desktop"
    assert f'Exec="{bundle}/vesselview"' in entry.read_text().splitlines()
    icon = home / ".local/share/icons/hicolor/48x48/apps/io.github.vesselview.VesselView.png"
    assert icon.is_file()
    # The command symlinks run the bundle from anywhere.
    linked = run([str(home / ".local" / "bin" / "vesselview-eval"), "--version"], home, tmp_path)
    assert linked.stdout.split() == ["vesselview-eval", __version__]
    assert run([*install, "--uninstall"], home, tmp_path).returncode == 0
    assert not entry.exists() and not icon.exists()
    assert not (home / ".local" / "bin" / "vesselview").exists()
