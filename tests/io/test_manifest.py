"""`vesselview.io.manifest`: parsing, path resolution, header errors and row problems."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from vesselview.errors import InputError
from vesselview.io.manifest import read_manifest, read_manifest_rows
from vesselview.io.pair import Pair, single_pair


def test_relative_paths_resolve_against_the_manifest_folder(dataset, monkeypatch, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    pairs = read_manifest(str(dataset))
    folder = dataset.parent
    assert [pair.id for pair in pairs] == ["case0", "case1", "case2", "case3"]
    assert pairs[0] == Pair("case0", str(folder / "masks/0_ref.png"),
                            str(folder / "masks/0_pred.png"), None, None,
                            where=f"{dataset} line 2")
    assert pairs[1].fov == str(folder / "masks/fov.png")
    assert pairs[3].label == f"{dataset} line 5, id 'case3'"
    assert all(Path(pair.candidate).is_file() for pair in pairs)


def test_absolute_paths_bom_spaces_blank_lines_and_observer(tmp_path, pair):
    reference, candidate = pair
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"\ufeff\nid, reference, candidate, observer\n a , {reference} , "
                        f"{candidate}, 2\n\n", encoding="utf-8")
    assert read_manifest(str(manifest)) == [
        Pair("a", reference, candidate, observer=2, where=f"{manifest} line 3")]


def _write(tmp_path, text: str) -> str:
    (tmp_path / "ref.png").write_bytes(b"x")
    manifest = tmp_path / "m.csv"
    manifest.write_text(text)
    return str(manifest)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("id,reference\na,ref.png\n", "m.csv line 1: missing column candidate"),
        ("id,reference,candidate,refernce\n",
         "m.csv line 1, column 4: unknown column 'refernce'"),
        ("id,reference,candidate,candidate\na,ref.png,ref.png,ref.png\n",
         "m.csv line 1, columns 3 and 4: column 'candidate' appears twice"),
        ("\n\nid,id,reference,candidate\n", "m.csv line 3, columns 1 and 2: column 'id'"),
        ("id,reference,candidate\n", "m.csv: the manifest lists no pairs"),
        ("", "m.csv: missing column id, reference, candidate"),
    ],
)
def test_header_problems_stop_before_any_row(tmp_path, text, match):
    with pytest.raises(InputError, match=match):
        read_manifest_rows(_write(tmp_path, text))


@pytest.mark.parametrize(
    ("text", "line", "match"),
    [
        ("id,reference,candidate\n,ref.png,ref.png\n", 2, "the id cell is empty"),
        ("id,reference,candidate\na,ref.png,\n", 2, "the candidate cell is empty"),
        ("id,reference,candidate\na,ref.png,ref.png\na,ref.png,ref.png\n", 3,
         "id 'a' appears twice .first on line 2."),
        ("id,reference,candidate\na,ref.png,gone.png\n", 2, "candidate file .*gone.png not found"),
        ("id,reference,candidate,fov\na,ref.png,ref.png,nofov.png\n", 2,
         "fov file .*nofov.png"),
        ("id,reference,candidate\na,ref.png,ref.png,extra\n", 2, "more cells than header"),
        ("id,reference,candidate,observer\na,ref.png,ref.png,first\n", 2,
         "observer 'first' is not an observer number"),
        ("id,reference,candidate\n1,ref.png,ref.png\n01,ref.png,ref.png\n", 3,
         "id '01' appears twice .first on line 2 as '1', the same number.; ids must be "
         "unique"),
    ],
)
def test_row_problems_are_kept_with_their_row(tmp_path, text, line, match):
    path = _write(tmp_path, text)
    pairs = read_manifest_rows(path)
    bad = pairs[-1]
    assert bad.where == f"{path} line {line}"
    assert re.search(match, bad.problem)
    assert all(pair.problem is None for pair in pairs[:-1])
    with pytest.raises(InputError, match=f"m.csv line {line}, id '.*': {match}"):
        read_manifest(path)  # the GUI's reading stops at the first problem


def test_a_bad_row_among_good_rows(tmp_path):
    path = _write(tmp_path, "id,reference,candidate\na,ref.png,ref.png\nb,ref.png,gone.png\n"
                            "c,ref.png,ref.png\n")
    problems = [(pair.id, pair.problem) for pair in read_manifest_rows(path)]
    assert problems[0] == ("a", None) and problems[2] == ("c", None)
    assert problems[1][0] == "b" and "gone.png not found" in problems[1][1]


def test_missing_and_undecodable_manifest(tmp_path):
    with pytest.raises(InputError, match=r"nope.csv: manifest not found"):
        read_manifest(str(tmp_path / "nope.csv"))
    (tmp_path / "bin.csv").write_bytes(b"id,reference\xff\xfe,candidate\n")
    with pytest.raises(InputError, match=r"bin.csv: cannot read"):
        read_manifest(str(tmp_path / "bin.csv"))


def test_single_pair_is_named_after_the_candidate(pair):
    reference, candidate = pair
    assert single_pair(reference, candidate) == Pair("pred", reference, candidate)
    assert single_pair(reference, candidate).files() == [reference, candidate]
    with pytest.raises(InputError, match=r"fov file .*missing.png not found"):
        single_pair(reference, candidate, fov="missing.png")


def test_a_pipe_or_folder_is_not_reported_as_missing(pair, tmp_path):
    reference, _ = pair
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(InputError, match=r"is not a regular file \(a folder, pipe"):
            single_pair(reference, str(path))


def test_fov_auto_needs_a_fundus(tmp_path):
    path = _write(tmp_path, "id,reference,candidate,fov,fundus\na,ref.png,ref.png,auto,ref.png\n"
                            "b,ref.png,ref.png,auto,\n")
    first, second = read_manifest_rows(path)
    assert (first.fov, first.problem) == ("auto", None)
    assert first.files() == [str(tmp_path / "ref.png")] * 3
    assert "estimates the field of view from the fundus photograph" in second.problem


@pytest.mark.parametrize("cell", ["²", "\u0661", "0", "-1", "1.0", "one"])
def test_an_observer_that_is_no_plain_number_is_that_rows_problem(tmp_path, cell):
    path = _write(tmp_path, "id,reference,candidate,observer\na,ref.png,ref.png,1\n"
                            f"b,ref.png,ref.png,{cell}\nc,ref.png,ref.png,2\n")
    pairs = read_manifest_rows(path)  # "²" passed isdigit() and int() failed the whole file
    assert [(pair.observer, pair.problem) for pair in pairs] == [
        (1, None),
        (None, f"observer {cell!r} is not an observer number; write 1, 2, ... in plain "
               "digits, or leave the cell empty"),
        (2, None)]
    assert pairs[1].label == f"{path} line 3, id 'b'"
