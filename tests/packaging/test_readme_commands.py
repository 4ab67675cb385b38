"""The README's Quick start, its two commands in sequence in one fresh clone.

Opt-in (``VESSELVIEW_README_COMMANDS=1``; CI's packaging step sets it), because the
second command runs the whole test suite once more. Like a new user: a clone of this
commit, a fresh virtual environment, an empty cache folder (so the kernels compile and
are cached on the first run), no variables of this test run. The first command ends by
opening the inspector; here the same command also saves a screenshot, which closes it.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import platformdirs
import pytest

opt_in = pytest.mark.skipif(os.environ.get("VESSELVIEW_README_COMMANDS") != "1",
                            reason="runs the README's commands: VESSELVIEW_README_COMMANDS=1")

ROOT = Path(__file__).resolve().parents[2]
#: Seconds for one command: an install and the whole test suite on a slow machine.
COMMAND_TIMEOUT = 3600


def quick_start_commands() -> list[str]:
    """The shell commands of the README's "Quick start" section, as written there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```bash\n(.*?)\n```", section, flags=re.DOTALL)


def new_user_environment(cache: Path) -> dict[str, str]:
    """This environment without Python, numba or vesselview settings; an empty cache.

    pip keeps its own download cache, so the packages are not fetched again.
    """
    keep = {key: value for key, value in os.environ.items()
            if not key.startswith(("PYTHON", "NUMBA_", "VESSELVIEW_", "VIRTUAL_ENV", "PYTEST"))}
    return {**keep, "XDG_CACHE_HOME": str(cache), "QT_QPA_PLATFORM": "offscreen",
            "PIP_CACHE_DIR": platformdirs.user_cache_dir("pip")}


def run(command: str, clone: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=clone, env=env, capture_output=True,
                          text=True, timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL)


def test_quick_start_has_two_commands_and_ci_runs_the_second_verbatim():
    commands = quick_start_commands()
    assert len(commands) == 2
    assert commands[0].endswith(".venv/bin/vesselview --demo")
    assert commands[1] in (ROOT / ".ci" / "run").read_text().splitlines()


@opt_in
def test_the_two_commands_in_sequence_in_one_clone(tmp_path):
    open_demo, run_tests = quick_start_commands()
    clone = tmp_path / "clone"
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "checkout", "--quiet", commit], cwd=clone, check=True)
    env = new_user_environment(tmp_path / "cache")

    first = run(f"{open_demo} --screenshot shot.png", clone, env)
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-3000:]
    assert (clone / "shot.png").stat().st_size > 0

    second = run(run_tests, clone, env)
    assert second.returncode == 0, second.stdout[-5000:] + second.stderr[-3000:]
    assert re.search(r"\d+ passed", second.stdout.splitlines()[-1])
    assert " failed" not in second.stdout.splitlines()[-1]
    # The kernels went to the user's cache, not into the installation.
    assert list((tmp_path / "cache" / "vesselview" / "numba").rglob("*.nbi"))
    assert not list((clone / ".venv").rglob("*.nbi"))
