"""Memory benchmark (issue 15, item 3): peak resident memory of one full evaluation.

Each size and path runs in a fresh process. The inspector's path: load the case (.npy
files, fundus included), then one ``Evaluator.evaluate`` with every layer built, as the
inspector does; prints the process's peak resident set (RSS), the part of it taken
before evaluating (interpreter, libraries, the case), and the stages whose results the
evaluator keeps (its stage cache, and the layers): where the memory goes. The CLI's
path: ``vesselview-eval --reference --candidate --fov --workers 1`` on the same files
(every metric, no layers), its peak RSS. The GUI's path: the inspector window (Qt
offscreen) shows the case, then every layer, repainting; its peak RSS.

Targets (issue 15): peak <= 1 GB at 3504x3390 and <= 6 GB at 10000x10000. The
3504x3390 case is the synthetic fundus of ``bench_pipeline.py``; 10000x10000 is that
case scaled up (nearest neighbour, so vessels get ~2.9x wider).

Usage: ``python benchmarks/bench_memory.py [--shapes 3504x3390,10000x10000] [--top 8]
[--paths api,cli,gui]``
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

from vesselview.synth import demo_case

TARGET_GB = {(3504, 3390): 1.0, (10000, 10000): 6.0}

MEASURE = """
import dataclasses, json, sys
import numpy as np
import vesselview as vv
from vesselview.engine import pipeline  # the engine's libraries, loaded


def peak_rss():
    \"\"\"VmHWM: this process's peak RSS in bytes (ru_maxrss would count the parent's).\"\"\"
    with open("/proc/self/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) * 1024


libraries = peak_rss()
folder, top = sys.argv[1], int(sys.argv[2])
case = vv.Case(**{name: np.load(f"{folder}/{name}.npy")
                  for name in ("reference", "candidate", "fov", "fundus")})
before = peak_rss()
evaluator = vv.Evaluator(case)
result = evaluator.evaluate(vv.Params())
for name in result.layers:
    result.layers[name]
peak = peak_rss()


visited = []  # every object whose id is in ``seen`` stays alive: ids are not reused


def arrays(value, seen, depth=0):
    \"\"\"Every distinct array buffer reachable from ``value`` and not seen before.\"\"\"
    if depth > 6 or id(value) in seen:
        return
    seen.add(id(value))
    visited.append(value)
    if isinstance(value, np.ndarray):
        while isinstance(value.base, np.ndarray):
            value = value.base
        if value is visited[-1] or id(value) not in seen:
            seen.add(id(value))
            visited.append(value)
            yield value
        return
    if isinstance(value, dict):
        items = list(value.values())
    elif isinstance(value, (tuple, list)):
        items = list(value)
    elif dataclasses.is_dataclass(value):
        items = [getattr(value, field.name) for field in dataclasses.fields(value)]
    else:
        items = list(getattr(value, "__dict__", {}).values())
    visited.append(items)
    for item in items:
        yield from arrays(item, seen, depth + 1)


seen = set()
list(arrays(case, seen))
stages = {stage: sum(a.nbytes for value in entries.values() for a in arrays(value, seen))
          for stage, entries in evaluator._cache._entries.items()}
stages["(result layers)"] = sum(a.nbytes for a in arrays(
    [result.layers[name] for name in result.layers], seen))
ranked = sorted(stages.items(), key=lambda item: -item[1])
print(json.dumps({"libraries": libraries, "before": before, "peak": peak,
                  "kept": sum(stages.values()), "top": ranked[:top]}))
"""


MEASURE_CLI = """
import sys
from vesselview.cli.main import main

code = main(sys.argv[1:])
with open("/proc/self/status") as status:
    line = next(line for line in status if line.startswith("VmHWM:"))
print("peak", int(line.split()[1]) * 1024, file=sys.stderr)
sys.exit(code)
"""


MEASURE_GUI = """
import dataclasses, os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import numpy as np
from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication
import vesselview as vv
from vesselview.gui.app import WINDOW_SIZE, configure_qt
from vesselview.gui.inspector.window import MainWindow

configure_qt()
application = QApplication(sys.argv[:1])
folder = sys.argv[1]
case = vv.Case(**{name: np.load(f"{folder}/{name}.npy")
                  for name in ("reference", "candidate", "fov", "fundus")})
window = MainWindow()
window.resize(*WINDOW_SIZE)
window.show()
loop = QEventLoop()
window.result_applied.connect(loop.quit)
window.model.show_case(case)
loop.exec()
panel = window.layer_panel
for name, style in list(panel.styles.items()):
    panel.set_style(name, dataclasses.replace(style, visible=True))
    window.view.canvas.viewport().repaint()
application.processEvents()
with open("/proc/self/status") as status:
    line = next(line for line in status if line.startswith("VmHWM:"))
print("peak", int(line.split()[1]) * 1024, file=sys.stderr)
window.close()
"""


def write_case(folder: Path, height: int, width: int) -> None:
    """The synthetic soft-map case at ``height x width`` as .npy files in ``folder``."""
    base = demo_case(shape=(min(height, 3504), min(width, 3390)), soft=True)
    for name in ("reference", "candidate", "fov", "fundus"):
        image = getattr(base, name)
        if image.shape[:2] != (height, width):
            image = cv2.resize(image.view(np.uint8) if image.dtype == bool else image,
                               (width, height), interpolation=cv2.INTER_NEAREST)
            image = image.astype(bool) if getattr(base, name).dtype == bool else image
        np.save(folder / f"{name}.npy", image)


def verdict(shape: tuple[int, int], peak: float) -> str:
    """``peak`` (bytes) in GB, with the target of ``shape`` when it has one."""
    target = TARGET_GB.get(shape)
    return f"{peak / 1e9:.2f} GB" + ("" if target is None else (
        f"  target <= {target:g} GB: {'ok' if peak / 1e9 <= target else 'MISSED'}"))


def measure_api(folder: str, shape: tuple[int, int], top: int) -> None:
    """Print the inspector's path: evaluation with every layer, and what stays kept."""
    out = subprocess.run([sys.executable, "-c", MEASURE, folder, str(top)],
                         check=True, capture_output=True, text=True)
    numbers = json.loads(out.stdout.splitlines()[-1])
    print(f"{shape[0]}x{shape[1]} API, every layer: peak RSS {verdict(shape, numbers['peak'])}\n"
          f"    libraries {numbers['libraries'] / 1e9:.2f} GB, with the case "
          f"{numbers['before'] / 1e9:.2f} GB; kept after evaluating: "
          f"{numbers['kept'] / 1e9:.2f} GB, most by")
    for stage, size in numbers["top"]:
        print(f"    {size / 1e6:8.1f} MB  {stage}")


def measure_cli(folder: str, shape: tuple[int, int]) -> None:
    """Print the CLI's path: ``vesselview-eval`` on the pair, every metric."""
    arguments = [f"--{name}={folder}/{name}.npy" for name in ("reference", "candidate", "fov")]
    out = subprocess.run([sys.executable, "-c", MEASURE_CLI, *arguments, "--workers", "1",
                          "--format", "csv"], check=True, capture_output=True, text=True)
    peak = int(out.stderr.splitlines()[-1].split()[1])
    print(f"{shape[0]}x{shape[1]} CLI, every metric: peak RSS {verdict(shape, peak)}")


def measure_gui(folder: str, shape: tuple[int, int]) -> None:
    """Print the GUI's path: the inspector showing the case and every layer."""
    out = subprocess.run([sys.executable, "-c", MEASURE_GUI, folder], check=True,
                         capture_output=True, text=True)
    peak = int(next(line for line in out.stderr.splitlines()[::-1]
                    if line.startswith("peak")).split()[1])
    print(f"{shape[0]}x{shape[1]} GUI, every layer shown: peak RSS {verdict(shape, peak)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default="3504x3390,10000x10000")
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--paths", default="api,cli,gui",
                        help="api (every layer), cli (every metric), gui (every layer shown)")
    args = parser.parse_args()
    paths = args.paths.split(",")
    for text in args.shapes.split(","):
        height, width = (int(value) for value in text.split("x"))
        with tempfile.TemporaryDirectory() as folder:
            write_case(Path(folder), height, width)
            if "api" in paths:
                measure_api(folder, (height, width), args.top)
            if "cli" in paths:
                measure_cli(folder, (height, width))
            if "gui" in paths:
                measure_gui(folder, (height, width))


if __name__ == "__main__":
    main()
