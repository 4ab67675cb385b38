"""``vesselview-eval --verify OUTPUT`` on a study folder moved or copied with its outputs.

A study folder holds a DRIVE-layout dataset, one method's predictions
(`tests.cli.method_dataset`) and the run's output; it is written in one place, then
moved (copied and the original deleted) or copied to another, and verified there.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from vesselview.cli.main import main

SHAPE = (64, 60)


@pytest.fixture()
def study(study_copy) -> Path:
    """A fresh study folder of two cases, the working folder."""
    return study_copy(2, SHAPE, "lab/study")


def _write(capsys, *argv: str, dataset: str = "DRIVE", predictions: str = "predictions") -> None:
    code = main(["--dataset", dataset, f"--predictions=demo={predictions}/demo",
                 "--workers", "1", "--set", "t=2", *argv])
    capsys.readouterr()
    assert code == 0


def _verify(capsys, output: Path) -> tuple[int, str]:
    code = main(["--verify", str(output)])
    return code, capsys.readouterr().out


def _move(study: Path, tmp_path: Path, monkeypatch, *, keep: bool = False) -> Path:
    """Copy the study folder elsewhere (deleting the original unless ``keep``) and work
    from a third folder; the copy."""
    moved = tmp_path / "elsewhere" / "study-copy"
    shutil.copytree(study, moved)
    if not keep:
        shutil.rmtree(study)
    (tmp_path / "third").mkdir()
    monkeypatch.chdir(tmp_path / "third")
    return moved


def _flip_pixels(path: Path) -> None:
    pixels = np.asarray(Image.open(path)).copy()
    pixels[10:14, 10:14] = 255 - pixels[10:14, 10:14]
    Image.fromarray(pixels).save(path)


@pytest.mark.parametrize("output_format", ["json", "csv"])
def test_a_moved_study_verifies_beside_the_output_and_names_a_changed_input(
        capsys, study, tmp_path, monkeypatch, output_format):
    _write(capsys, "--format", output_format, "--output", f"out.{output_format}")
    moved = _move(study, tmp_path, monkeypatch)
    output = moved / f"out.{output_format}"
    code, said = _verify(capsys, output)
    assert code == 0, said
    assert said.startswith(f"verified: {output} matches its command run again (8 input files "
                           f"unchanged, found beside the moved output in {moved}, recorded "
                           f"in {study}): ")
    changed = moved / "predictions" / "demo" / "02_test.png"
    _flip_pixels(changed)
    code, said = _verify(capsys, output)
    assert code == 1, said
    lines = said.splitlines()
    assert lines[0].endswith(f"(1 difference; inputs found beside the moved output in "
                             f"{moved}, recorded in {study}):")
    assert lines[1].startswith(f"  input file changed: {changed} (sha256 ")


def test_a_copy_is_checked_against_its_own_inputs_while_the_original_stays(
        capsys, study, tmp_path, monkeypatch):
    _write(capsys, "--output", "out.json")
    copy = _move(study, tmp_path, monkeypatch, keep=True)
    changed = copy / "DRIVE" / "test" / "1st_manual" / "01_manual1.gif"
    changed.write_bytes(changed.read_bytes() + b"\0")
    code, said = _verify(capsys, copy / "out.json")
    assert code == 1 and said.splitlines()[1].startswith(f"  input file changed: {changed} (")
    code, said = _verify(capsys, study / "out.json")  # the original is untouched
    assert code == 0 and f"8 input files unchanged, as recorded in {study})" in said


def test_absolute_paths_in_the_command_and_the_output_move_with_the_study(
        capsys, study, tmp_path, monkeypatch):
    (study / "results").mkdir()
    _write(capsys, "--output", str(study / "results" / "out.json"),
           dataset=str(study / "DRIVE"), predictions=str(study / "predictions"))
    results = json.loads((study / "results" / "out.json").read_text())["results"]
    assert results[0]["reference"].startswith(f"{study}/DRIVE/")  # paths as given
    moved = _move(study, tmp_path, monkeypatch)
    code, said = _verify(capsys, moved / "results" / "out.json")
    assert code == 0, said
    assert f"found beside the moved output in {moved}, recorded in {study})" in said


def test_an_input_missing_in_both_places_cannot_be_verified_naming_it_and_the_fix(
        capsys, study, tmp_path, monkeypatch):
    _write(capsys, "--format", "csv", "--output", "out.csv")
    moved = _move(study, tmp_path, monkeypatch)
    (moved / "DRIVE" / "test" / "mask" / "02_test_mask.gif").unlink()
    code, said = _verify(capsys, moved / "out.csv")
    assert code == 2
    assert said == (
        f"cannot verify {moved / 'out.csv'}: the input file DRIVE/test/mask/02_test_mask.gif "
        f"is missing or cannot be read now, both where it was "
        f"({study / 'DRIVE/test/mask/02_test_mask.gif'}) and beside the moved output "
        f"({moved / 'DRIVE/test/mask/02_test_mask.gif'}); restore it, keeping the inputs "
        "where they were relative to the output, to verify\n")


def test_an_output_moved_alone_is_checked_against_the_inputs_where_they_were(
        capsys, study, tmp_path):
    _write(capsys, "--output", "out.json")
    alone = tmp_path / "mail" / "out.json"
    alone.parent.mkdir()
    shutil.move(study / "out.json", alone)
    code, said = _verify(capsys, alone)
    assert code == 0 and f"8 input files unchanged, as recorded in {study})" in said


def test_an_older_record_without_the_output_place_verifies_moved_when_written_in_its_folder(
        capsys, study, tmp_path, monkeypatch):
    _write(capsys, "--output", "out.json")
    document = json.loads((study / "out.json").read_text())
    assert document["provenance"]["output"] == "out.json"
    del document["provenance"]["output"]  # as written before the field existed
    (study / "out.json").write_text(json.dumps(document, indent=2))
    code, said = _verify(capsys, study / "out.json")
    assert code == 0, said
    moved = _move(study, tmp_path, monkeypatch)
    code, said = _verify(capsys, moved / "out.json")
    assert code == 0 and f"found beside the moved output in {moved}" in said


def test_inputs_split_between_the_two_places_are_named_with_the_fix(
        capsys, study, tmp_path, monkeypatch):
    _write(capsys, "--output", "out.json")
    copy = _move(study, tmp_path, monkeypatch, keep=True)
    (copy / "predictions" / "demo" / "01_test.png").unlink()
    (study / "DRIVE" / "test" / "images" / "02_test.tif").unlink()
    code, said = _verify(capsys, copy / "out.json")
    assert code == 2
    assert said == (
        f"cannot verify {copy / 'out.json'}: the input files are split between where they "
        f"were ({study}) and beside the moved output ({copy}): predictions/demo/01_test.png "
        f"is only at {study / 'predictions/demo/01_test.png'}; keep the inputs together, "
        "where they were relative to the output, to verify\n")


def test_an_output_reached_through_a_symbolic_link_has_not_moved(capsys, study, tmp_path):
    _write(capsys, "--output", "out.json")
    link = tmp_path / "link"
    link.symlink_to(study)
    code, said = _verify(capsys, link / "out.json")
    assert code == 0 and f"8 input files unchanged, as recorded in {study})" in said
