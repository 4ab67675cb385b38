"""Method-comparison benchmark (issue 13 item 4): 3 methods x 20 DRIVE-size cases.

Writes a synthetic DRIVE-like test set (``tests/cli/method_dataset.py``: 584x565, LZW
TIFF photographs, palette GIF references and FOVs, PNG predictions of three methods),
then times the same work two ways:

* API, one process: ``open_dataset``, one ``Evaluator`` per case and method, every
  metric, then ``compare_methods`` + ``method_orders`` and the JSON report;
* CLI: ``vesselview-eval --dataset ... --predictions ... --compare`` as a fresh process
  (start-up, imports and kernel loading included), with ``--workers 1`` and with the
  default number of workers.

Prints the seconds of each and the CLI / API ratio; the issue's target is <= 2x.

Usage: ``python benchmarks/bench_compare.py [--cases 20] [--folder DIR]``
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.cli.method_dataset import write_method_dataset  # noqa: E402
from vesselview.cli.compare import write_method_comparison  # noqa: E402
from vesselview.engine.params import Params  # noqa: E402
from vesselview.engine.pipeline import Evaluator  # noqa: E402
from vesselview.io.dataset import open_dataset  # noqa: E402
from vesselview.io.writers import result_record  # noqa: E402


def through_the_api(dataset: Path, predictions: dict[str, Path]) -> float:
    """Seconds to evaluate and compare every case and method in this process."""
    start = time.perf_counter()
    opened = open_dataset(dataset, predictions)
    records = []
    for case in opened.cases:
        for method in opened.methods:
            loaded = case.load(method)
            result = Evaluator(loaded).evaluate(Params())
            records.append({**result_record(result, id=case.id, sources=loaded.sources),
                            "method": method})
    write_method_comparison(records, Params(), io.StringIO(), "json")
    return time.perf_counter() - start


def through_the_cli(dataset: Path, predictions: dict[str, Path], output: Path,
                    workers: list[str]) -> float:
    """Seconds of one ``vesselview-eval --compare`` process."""
    command = [sys.executable, "-m", "vesselview.cli.main", "--dataset", str(dataset),
               *[f"--predictions={m}={p}" for m, p in predictions.items()],
               "--compare", "--output", str(output), *workers]
    start = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def start_up() -> float:
    """Seconds of ``vesselview-eval --version``: interpreter and imports."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "vesselview.cli.main", "--version"], check=True,
                   cwd=ROOT, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20)
    parser.add_argument("--folder", type=Path, help="where to write the test set")
    options = parser.parse_args()
    folder = options.folder or Path(tempfile.mkdtemp(prefix="vesselview-compare-"))
    print(f"writing {options.cases} cases x 3 methods (584x565) to {folder}")
    dataset, predictions = write_method_dataset(folder, options.cases)
    print(f"  CLI start-up (--version):    {start_up():7.1f} s")
    through_the_api(dataset, {m: p for m, p in list(predictions.items())[:1]})  # warm caches
    api = through_the_api(dataset, predictions)
    print(f"  API, one process:            {api:7.1f} s")
    for label, workers in (("CLI --workers 1", ["--workers", "1"]), ("CLI default workers", [])):
        seconds = through_the_cli(dataset, predictions, folder / "compare.json", workers)
        verdict = "ok" if seconds <= 2 * api else "MISSED"
        print(f"  {label + ':':<28} {seconds:7.1f} s  {seconds / api:5.2f}x API  "
              f"target <= 2x: {verdict}")


if __name__ == "__main__":
    main()
