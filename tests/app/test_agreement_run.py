"""The agreement window's computation (`run_agreement`) equals ``vesselview-eval --grades``
byte for byte, with and without a sweep, and stops when asked."""

from __future__ import annotations

import io
import json

import pytest

from tests.app.grader_inputs import GRADERS, N_CASES, write_agreement_inputs, write_grades
from vesselview.app.agreement_run import AgreementRequest, run_agreement, sweep_grid
from vesselview.cli.main import main
from vesselview.engine.params import Params
from vesselview.errors import EvaluationStopped, ParamsError


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    return write_agreement_inputs(tmp_path_factory.mktemp("agreement"))


def _cli(capsys, inputs, *extra: str) -> str:
    dataset, predictions, grades = inputs
    code = main(["--dataset", str(dataset),
                 *[f"--predictions={m}={folder}" for m, folder in predictions.items()],
                 "--grades", str(grades), "--workers", "1", *extra])
    out, _ = capsys.readouterr()
    assert code == 0
    return out


def _request(inputs, sweep: str = "") -> AgreementRequest:
    dataset, predictions, grades = inputs
    return AgreementRequest(str(dataset), {m: str(f) for m, f in predictions.items()},
                            str(grades), sweep)


def _written(report, output_format: str) -> str:
    stream = io.StringIO()
    report.write(stream, output_format)
    return stream.getvalue()


@pytest.mark.parametrize("sweep", ["", "t=0:3"])
def test_the_window_computation_equals_the_cli(capsys, inputs, sweep) -> None:
    progress: list[float] = []
    report = run_agreement(_request(inputs, sweep), lambda: False,
                           lambda fraction, _message: progress.append(fraction))
    extra = ["--sweep", sweep] if sweep else []
    cli_document = json.loads(_cli(capsys, inputs, *extra))
    assert cli_document.pop("provenance")["format"] == "json"  # the CLI's own addition
    assert _written(report, "json") == json.dumps(cli_document, indent=2) + "\n"
    assert _written(report, "csv") == _cli(capsys, inputs, *extra, "--format", "csv")
    document = report.document()
    assert document["agreement"]["dice"]["n"] == 3 * N_CASES
    assert document["inter_grader"]["graders"] == list(GRADERS)
    assert progress[-1] == 1.0 and len(progress) == 3 * N_CASES
    assert report.warnings == []
    if sweep:
        assert document["sweep"]["values"] == [0, 1, 2, 3]
        assert "f1_t" in document["sweep"]["calibrated"]


def test_a_stop_request_ends_the_run_between_pairs(inputs) -> None:
    polls: list[int] = []

    def stop_after_two() -> bool:
        polls.append(1)
        return len(polls) > 2

    with pytest.raises(EvaluationStopped):
        run_agreement(_request(inputs), stop_after_two, lambda *_: None)
    assert len(polls) == 3


def test_sweep_specs_use_the_engine_grammar() -> None:
    assert sweep_grid(Params(), "") == (None, [Params()])
    key, grid = sweep_grid(Params(), " t = 0:4:2 ")
    assert key == "t" and [p.t for p in grid] == [0, 2, 4]
    for bad in ("t", "=0:2", "t=", "nope=1,2", "t=5:1"):
        with pytest.raises(ParamsError):
            sweep_grid(Params(), bad)


def test_the_json_document_is_the_cli_schema(inputs) -> None:
    document = json.loads(_written(run_agreement(_request(inputs), lambda: False,
                                                 lambda *_: None), "json"))
    dice = document["agreement"]["dice"]
    # an "undefined" map says why each null value is null (strict JSON, as the CLI writes)
    assert set(dice) - {"undefined"} == {"kendall_tau_b", "spearman", "pearson",
                                         "delta_r1", "delta_r2", "n"}
    assert {key for key, value in dice.items() if value is None} == set(dice.get("undefined", {}))
    inter = document["inter_grader"]
    assert set(inter) - {"undefined"} == {"graders", "n", "weighted_kappa", "icc_2_1",
                                          "kendall_w"}
    assert {key for key, value in inter.items() if value is None} == set(inter.get("undefined",
                                                                                    {}))


def test_grade_ids_match_as_numbers_and_unmatched_rows_are_named(inputs, tmp_path) -> None:
    dataset, predictions, _ = inputs
    grades = tmp_path / "grades.csv"
    unpadded = write_grades(tmp_path / "padded.csv", list(predictions)).read_text(
        encoding="utf-8").replace("\n0", "\n")  # 01 -> 1 ... 06 -> 6
    grades.write_text(unpadded + "7,demo,ann,5,\n", encoding="utf-8")
    request = AgreementRequest(str(dataset), {m: str(f) for m, f in predictions.items()},
                               str(grades), "")
    report = run_agreement(request, lambda: False, lambda fraction, stage: None)
    assert report.agreement["dice"].n == 3 * N_CASES  # every unpadded id found its case
    line = 2 + N_CASES * 3 * len(GRADERS)
    assert report.warnings[0] == (
        f"{grades} line {line}: id '7', method 'demo' matches no pair of this run (its ids "
        "look like 01, 02, 03; its methods are 'demo', 'shift', 'gap')")
