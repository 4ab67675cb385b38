"""One answer for the same files: every path gives identical metrics, in both kernel modes.

The fixture is a DRIVE-like dataset whose "methods" are the same candidates in every
encoding the loader accepts (`tests.encoded_dataset`: 1-bit PNG, palette and grey GIF,
JPEG, LZW and 16-bit TIFF, alpha-only PNG, gzipped PNG and PPM, 8/16-bit PNG maps,
float32/float64 TIFF and float64 ``.npy`` maps). Each (case, method) is evaluated by

- the API on the dataset (``open_dataset(...).case(id).load(method)``) and on the files
  (``load_case(reference, candidate, fov=...)``),
- ``vesselview-eval --dataset`` in-process with ``--workers 1`` and ``--workers 2``,
- the case browser's model (`DatasetBrowser`, every metric as a column),
- the window's live evaluation (`Inspector.open_files`),

under ``VESSELVIEW_KERNELS=compiled`` and ``no-compile`` (worker processes inherit it).
Every value of every metric key must equal, bit for bit (NaN where undefined), the API's
value with the compiled kernels; a lossless encoding's must also equal the evaluation of
the arrays written, held in memory. No path sums in another order, so no tolerance is
needed (``docs/metrics.md`` §0, "One answer on every path").
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import vesselview as vv
from tests.encoded_dataset import ENCODINGS, LOSSLESS, write_encoded_drive, written_case
from vesselview.app.dataset_browser import DatasetBrowser
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.cli import pool
from vesselview.cli.main import main
from vesselview.engine import kernels_choice
from vesselview.engine.keys import METRIC_KEYS
from vesselview.io.dataset import Dataset, open_dataset

CASES, SHAPE = 2, (64, 62)
Values = dict[tuple[str, str], dict[str, float]]


@pytest.fixture(scope="module")
def encoded(tmp_path_factory) -> tuple[Path, dict[str, Path]]:
    return write_encoded_drive(tmp_path_factory.mktemp("encoded"), CASES, SHAPE)


@pytest.fixture(scope="module")
def dataset(encoded) -> Dataset:
    return open_dataset(*encoded)


@pytest.fixture(scope="module")
def expected(dataset) -> Values:
    """The API's values with the compiled kernels."""
    with kernels_choice.forced(kernels_choice.COMPILED):
        return api_values(dataset)


def api_values(dataset: Dataset) -> Values:
    return {(case.id, method): _metrics(vv.evaluate(case.load(method), vv.Params()))
            for case in dataset.cases for method in case.candidates}


def file_values(dataset: Dataset) -> Values:
    return {(case.id, method): _metrics(vv.evaluate(
                vv.load_case(case.reference, path, fov=case.fov), vv.Params()))
            for case in dataset.cases for method, path in case.candidates.items()}


def cli_values(encoded: tuple[Path, dict[str, Path]], workers: int, output: Path,
               monkeypatch: pytest.MonkeyPatch) -> Values:
    root, predictions = encoded
    argv = ["--dataset", str(root), "--workers", str(workers), "--output", str(output)]
    for method, folder in predictions.items():
        argv += ["--predictions", f"{method}={folder}"]
    processes: list[int] = []  # the worker processes of each pool run
    run = pool.run_in_processes
    monkeypatch.setattr(pool, "run_in_processes", lambda function, items, count, *rest: (
        processes.append(count), run(function, items, count, *rest))[1])
    assert main(argv) == 0
    assert processes == ([] if workers == 1 else [workers])
    rows = json.loads(output.read_text())["results"]
    return {(row["id"], row["method"]): {key: math.nan if value is None else value
                                         for key, value in row["metrics"].items()}
            for row in rows}


def browser_values(encoded: tuple[Path, dict[str, Path]]) -> Values:
    browser = DatasetBrowser(Inspector(Scheduler(synchronous=True)), metrics=METRIC_KEYS)
    assert browser.open(*encoded)
    table, dataset = browser.table, browser.dataset
    assert table is not None and dataset is not None and not browser.failures
    return {(case.id, method): {key: table.value(case.id, method, key) for key in METRIC_KEYS}
            for case in dataset.cases for method in case.candidates}


def live_values(dataset: Dataset) -> Values:
    values = {}
    for case in dataset.cases:
        for method, path in case.candidates.items():
            window = Inspector(Scheduler(synchronous=True))
            assert window.open_files([("reference", str(case.reference)),
                                      ("candidate", str(path)), ("fov", str(case.fov))])
            assert window.response is not None and window.response.result.complete
            values[(case.id, method)] = _metrics(window.response.result)
    return values


def _metrics(result) -> dict[str, float]:
    return {key: float(result.metrics[key]) for key in METRIC_KEYS}


def assert_identical(got: Values, expected: Values, path: str) -> None:
    """Every metric of every (case, method) equal bit for bit (NaN matches NaN)."""
    assert got.keys() == expected.keys(), path
    for pair, values in expected.items():
        different = {key: (got[pair][key], value) for key, value in values.items()
                     if not (got[pair][key] == value
                             or (math.isnan(got[pair][key]) and math.isnan(value)))}
        assert not different, f"{path}, case {pair[0]}, {pair[1]}: {different}"


def test_every_encoding_is_a_method_of_every_case(dataset) -> None:
    assert set(dataset.methods) == set(ENCODINGS)
    assert all(set(case.candidates) == set(ENCODINGS) for case in dataset.cases)


def test_lossless_encodings_give_the_values_of_the_arrays_written(expected) -> None:
    with kernels_choice.forced(kernels_choice.COMPILED):
        for number in range(1, CASES + 1):
            written = written_case(number, SHAPE)
            hard = vv.Case(written.reference, written.candidate, written.fov)
            in_memory = {"mask": _metrics(vv.evaluate(hard, vv.Params())),
                         "soft": _metrics(vv.evaluate(written, vv.Params()))}
            for encoding in LOSSLESS:
                holds = ENCODINGS[encoding][0]
                assert_identical({encoding: expected[(f"{number:02d}", encoding)]},
                                 {encoding: in_memory[holds]}, "written arrays")


@pytest.mark.parametrize("mode", [kernels_choice.COMPILED, kernels_choice.NO_COMPILE])
def test_every_path_gives_the_same_values(mode, encoded, dataset, expected, tmp_path,
                                          monkeypatch) -> None:
    monkeypatch.setenv(kernels_choice.MODE_ENV, mode)
    assert_identical(api_values(dataset), expected, f"API, {mode}")
    assert_identical(file_values(dataset), expected, f"API on the files, {mode}")
    for workers in (1, 2):
        assert_identical(cli_values(encoded, workers, tmp_path / f"{workers}.json", monkeypatch),
                         expected, f"vesselview-eval --workers {workers}, {mode}")
    assert_identical(browser_values(encoded), expected, f"case browser, {mode}")
    assert_identical(live_values(dataset), expected, f"window, {mode}")
