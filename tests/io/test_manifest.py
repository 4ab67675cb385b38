"""`vesselview.io.manifest`: manifest parsing, path resolution and every error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vesselview.io.manifest import Pair, read_manifest, single_pair
from vesselview.errors import InputError


def test_relative_paths_resolve_against_the_manifest_folder(dataset, monkeypatch, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    pairs = read_manifest(str(dataset))
    folder = dataset.parent
    assert [pair.id for pair in pairs] == ["case0", "case1", "case2", "case3"]
    assert pairs[0] == Pair("case0", str(folder / "masks/0_ref.png"),
                            str(folder / "masks/0_pred.png"), None, None)
    assert pairs[1].fov == str(folder / "masks/fov.png")
    assert all(Path(pair.candidate).is_file() for pair in pairs)


def test_absolute_paths_bom_and_spaces(tmp_path, pair):
    reference, candidate = pair
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"\ufeffid, reference, candidate\n a , {reference} , {candidate}\n\n",
                        encoding="utf-8")
    assert read_manifest(str(manifest)) == [Pair("a", reference, candidate)]


def _error(tmp_path, text: str) -> str:
    (tmp_path / "ref.png").write_bytes(b"x")
    manifest = tmp_path / "m.csv"
    manifest.write_text(text)
    with pytest.raises(InputError) as caught:
        read_manifest(str(manifest))
    assert "m.csv" in str(caught.value)
    return str(caught.value)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("id,reference\na,ref.png\n", "missing column candidate"),
        ("id,reference,candidate,refernce\n", "unknown column 'refernce'"),
        ("id,reference,candidate\n", "lists no pairs"),
        ("id,reference,candidate\n,ref.png,ref.png\n", "line 2: the id cell is empty"),
        ("id,reference,candidate\na,ref.png,\n", "line 2: the candidate cell is empty"),
        ("id,reference,candidate\na,ref.png,ref.png\na,ref.png,ref.png\n",
         "line 3: id 'a' appears twice"),
        ("id,reference,candidate\na,ref.png,gone.png\n", "line 2: candidate file .*gone.png"),
        ("id,reference,candidate,fov\na,ref.png,ref.png,nofov.png\n", "fov file .*nofov.png"),
        ("id,reference,candidate\na,ref.png,ref.png,extra\n", "more cells than header"),
    ],
)
def test_manifest_errors_name_the_manifest_and_line(tmp_path, text, match):
    assert re.search(match, _error(tmp_path, text))


def test_missing_and_undecodable_manifest(tmp_path):
    with pytest.raises(InputError, match="nope.csv: manifest not found"):
        read_manifest(str(tmp_path / "nope.csv"))
    (tmp_path / "bin.csv").write_bytes(b"id,reference\xff\xfe,candidate\n")
    with pytest.raises(InputError, match="bin.csv: cannot read"):
        read_manifest(str(tmp_path / "bin.csv"))


def test_single_pair_is_named_after_the_candidate(pair):
    reference, candidate = pair
    assert single_pair(reference, candidate) == Pair("pred", reference, candidate)
    with pytest.raises(InputError, match="fov file .*missing.png not found"):
        single_pair(reference, candidate, fov="missing.png")
