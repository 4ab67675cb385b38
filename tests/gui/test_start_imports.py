"""The window's first result loads none of the research statistics (issue 28, item 1).

`vesselview.research` and the io tables import ``scipy.stats`` and ``scipy.integrate``
at first use, not at import: the window imports them (provenance, agreement reports)
but its first result needs neither, and they took ~0.3-0.5 s of a cold start's CPU.
Checked in a fresh interpreter, since this test process has imported everything.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

#: Loaded at first use only: no part of the window's start needs them.
LAZY = ("scipy.stats", "scipy.integrate", "scipy.interpolate")

#: ``vesselview --demo --screenshot`` until the window shows its first complete result.
FIRST_RESULT = """
import json, os, sys
from vesselview.gui import app

def start_window(*args, _start=app.start_window):
    window = _start(*args)
    def report(_result):
        print(json.dumps(sorted(sys.modules)), flush=True)
        os._exit(0)
    window.result_applied.connect(report)
    return window

app.start_window = start_window
sys.exit(app.main(["--demo", "--screenshot", "shot.png"]))
"""


def test_the_first_result_loads_no_research_statistics(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-c", FIRST_RESULT], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    modules = json.loads(run.stdout.splitlines()[-1])
    assert "vesselview.research" in modules  # imported, as before: only its statistics wait
    assert [name for name in modules
            if any(name == lazy or name.startswith(lazy + ".") for lazy in LAZY)] == []
