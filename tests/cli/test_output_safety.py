"""``vesselview-eval --output``: checked before any work, never onto an input, atomic."""

from __future__ import annotations

import errno
import json
import os

import pytest

from vesselview.cli import runner
from vesselview.cli.main import main


def _no_evaluation(*args, **kwargs):
    raise AssertionError("an evaluation ran although the output was refused")


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("role", ["manifest", "candidate", "fov"])
def test_output_onto_an_input_is_refused_before_work(capsys, dataset, monkeypatch, role):
    monkeypatch.setattr(runner, "evaluate_pair", _no_evaluation)
    target = {"manifest": dataset, "candidate": dataset.parent / "masks" / "2_pred.png",
              "fov": dataset.parent / "masks" / "fov.png"}[role]
    before = target.read_bytes()
    code, out, err = _run(capsys, "--manifest", str(dataset), "--output", str(target),
                          "--workers", "1")
    assert (code, out) == (2, "")
    assert f"is the input file {target}" in err and len(err.splitlines()) == 1
    assert target.read_bytes() == before


def test_curves_onto_their_input_are_refused(capsys, pair):
    reference, candidate = pair
    with open(candidate, "rb") as stream:
        before = stream.read()
    code, _, err = _run(capsys, "--reference", reference, "--candidate", candidate,
                        "--curves", "--output", candidate)
    assert code == 2 and "is the input file" in err
    with open(candidate, "rb") as stream:
        assert stream.read() == before


def test_an_unwritable_folder_is_refused_before_work(capsys, dataset, locked_folder,
                                                     monkeypatch):
    monkeypatch.setattr(runner, "evaluate_pair", _no_evaluation)
    code, out, err = _run(capsys, "--manifest", str(dataset), "--output",
                          str(locked_folder / "out.json"), "--workers", "1")
    assert (code, out) == (2, "")
    assert "cannot write in its folder" in err and "locked" in err


def test_a_failed_write_keeps_the_previous_output(capsys, dataset, tmp_path, monkeypatch):
    output = tmp_path / "out.json"
    code, _, _ = _run(capsys, "--manifest", str(dataset), "--output", str(output),
                      "--workers", "1")
    previous = output.read_text()
    assert code == 0 and len(json.loads(previous)["results"]) == 4

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full_disk)
    code, out, err = _run(capsys, "--manifest", str(dataset), "--output", str(output),
                          "--workers", "1", "--sweep", "t=0,1")
    assert (code, out) == (2, "")
    assert "No space left on device" in err and "unchanged" in err
    assert output.read_text() == previous
    assert sorted(os.listdir(tmp_path)) == sorted(["data", "out.json"])
