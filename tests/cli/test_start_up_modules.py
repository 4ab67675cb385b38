"""``vesselview-eval`` imports only what the run asks for (issue 15 item 4: start-up).

Each check runs in a fresh interpreter, since this test process has imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

#: Never needed by a plain serial run: the GUI, Dask, the research statistics, the dataset
#: readers, the worker pool, scikit-image (the engine's disc is its own).
NOT_FOR_A_PLAIN_RUN = ("PySide6", "pyqtgraph", "superqt", "dask", "distributed",
                       "scipy.stats", "skimage", "vesselview.gui",
                       "vesselview.app", "vesselview.research", "vesselview.io.dataset",
                       "vesselview.cli.pool", "vesselview.cli.compare",
                       "concurrent.futures.process")

_RUN = """
import contextlib, io, json, sys
from vesselview.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "rows": len(json.loads(out.getvalue())["results"]),
                  "modules": sorted(sys.modules)}))
"""


def _loaded(prefixes: tuple[str, ...], modules: list[str]) -> list[str]:
    return [name for name in modules
            if any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)]


def test_a_plain_manifest_run_imports_no_unneeded_module(dataset: Path):
    # no --workers: four 16x20 pairs are far too small for worker processes
    done = subprocess.run([sys.executable, "-c", _RUN, "--manifest", str(dataset)],
                          capture_output=True, text=True, timeout=300, check=True)
    report = json.loads(done.stdout)
    assert (report["code"], report["rows"]) == (0, 4)
    assert _loaded(NOT_FOR_A_PLAIN_RUN, report["modules"]) == []


def test_help_and_version_import_no_engine_nor_its_libraries():
    code = ("import contextlib, io, json, sys\n"
            "from vesselview.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    codes = [main(['--help']), main(['--version']), main(['--workers', '0'])]\n"
            "print(json.dumps({'codes': codes, 'help': out.getvalue(), "
            "'modules': sorted(sys.modules)}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True)
    report = json.loads(done.stdout)
    assert report["codes"] == [0, 0, 2] and "--workers N" in report["help"]
    heavy = ("numpy", "scipy", "cv2", "PIL", "numba", "vesselview.engine.pipeline",
             "vesselview.io", *NOT_FOR_A_PLAIN_RUN)
    assert _loaded(heavy, report["modules"]) == []
