"""``--reference-junctions J.CSV`` and the manifest's ``reference_junctions`` column:
annotated junctions as the reference nodes, recorded per row as ``junction_source``."""

from __future__ import annotations

import csv
import io
import json

from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main
from vesselview.engine.params import Params
from vesselview.engine.pipeline import evaluate
from vesselview.io.loader import load_case


def _files(tmp_path) -> tuple[str, str, str]:
    """Reference, candidate and a junction file with a point far from any vessel and one
    on the reference skeleton's first junction."""
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "pred.png", vessel_mask(1))
    graph = evaluate(load_case(reference, reference)).products["detection"].reference_graph
    row, col = graph.junctions[0]
    points = tmp_path / "junctions.csv"
    points.write_text(f"x,y,kind\n{col},{row},bifurcation\n0,0,crossing\n")
    return str(reference), str(candidate), str(points)


def _results(capsys, *argv: str) -> list[dict]:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)["results"]


def test_one_pair_uses_and_records_the_file(capsys, tmp_path) -> None:
    reference, candidate, points = _files(tmp_path)
    (plain,) = _results(capsys, "--reference", reference, "--candidate", candidate)
    (given,) = _results(capsys, "--reference", reference, "--candidate", candidate,
                        "--reference-junctions", points)
    assert plain["junction_source"] == "skeleton" and given["junction_source"] == points
    expected = evaluate(load_case(reference, candidate, reference_junctions=points),
                        Params()).metrics
    for key in ("junction_precision", "junction_recall", "bifurcation_f1", "crossing_f1"):
        assert given["metrics"][key] == expected[key]
    # The point at (0, 0) is on no vessel: at most half the file's junctions are found.
    assert given["metrics"]["junction_recall"] <= 0.5


def test_manifest_column_and_csv_column(capsys, tmp_path) -> None:
    reference, candidate, points = _files(tmp_path)
    manifest = tmp_path / "m.csv"
    manifest.write_text("id,reference,candidate,reference_junctions\n"
                        f"a,{reference},{candidate},{points}\nb,{reference},{candidate},\n")
    assert main(["--manifest", str(manifest), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["junction_source"] for row in rows] == [points, "skeleton"]


def test_a_bad_file_fails_its_row_naming_file_and_line(capsys, tmp_path) -> None:
    reference, candidate, _ = _files(tmp_path)
    bad = tmp_path / "bad.csv"
    bad.write_text("x,y\n3,4\n5000,2\n")
    manifest = tmp_path / "m.csv"
    manifest.write_text("id,reference,candidate,reference_junctions\n"
                        f"a,{reference},{candidate},bad.csv\n")
    assert main(["--manifest", str(manifest)]) == 2
    err = capsys.readouterr().err
    assert f"m.csv line 2, id 'a': {bad} line 3: the point x=5000, y=2 lies outside" in err


def test_the_flag_goes_with_one_pair(capsys, tmp_path) -> None:
    manifest = tmp_path / "m.csv"
    manifest.write_text("id,reference,candidate\n")
    assert main(["--manifest", str(manifest), "--reference-junctions", "j.csv"]) == 2
    assert "--reference-junctions go with one pair" in capsys.readouterr().err
