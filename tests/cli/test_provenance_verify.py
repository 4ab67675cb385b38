"""Every output of ``vesselview-eval`` records its provenance; ``--verify OUTPUT`` re-makes it.

On a DRIVE-layout dataset (`tests.cli.method_dataset`) with three methods.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape

import numpy as np
import pytest
from PIL import Image

from tests.app.grader_inputs import write_grades
from tests.mask_files import save_mask, vessel_mask
from vesselview import __version__
from vesselview.cli.main import main
from vesselview.engine.params import Params
from vesselview.io import api_provenance, write_json
from vesselview.io.cd_diagram import VALUES_KEY, read_diagram_values
from vesselview.io.provenance_formats import PROVENANCE_KEY, read_provenance, sidecar_path

SHAPE = (72, 70)


@pytest.fixture()
def root(study_copy) -> Path:
    """A fresh copy of the dataset (three cases) and predictions, the working folder."""
    return study_copy(3, SHAPE, "study")


def _dataset_args(*extra: str) -> list[str]:
    methods = [f"--predictions={m}=predictions/{m}" for m in ("demo", "gap", "shift")]
    return ["--dataset", "DRIVE", *methods, "--workers", "1", "--set", "t=2", *extra]


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def _write(capsys, *argv: str) -> None:
    code, _ = _run(capsys, *_dataset_args(*argv))
    assert code == 0


def _edit_json(path: Path, edit) -> None:
    document = json.loads(path.read_text())
    edit(document)
    path.write_text(json.dumps(document, indent=2))


def test_json_records_version_command_parameters_units_observer_and_input_digests(capsys,
                                                                                   root):
    _write(capsys, "--output", "out.json", "--spacing", "27")
    document = json.loads((root / "out.json").read_text())
    provenance = document["provenance"]
    assert provenance["vesselview"] == __version__
    assert provenance["command"] == _dataset_args("--output", "out.json", "--spacing", "27")
    assert provenance["command_line"].startswith("vesselview-eval --dataset DRIVE ")
    assert provenance["cwd"] == str(root)
    assert provenance["params"] == document["params"] and provenance["params"]["t"] == 2
    assert provenance["set"] == ["t=2"] and provenance["sweep"] == []
    assert provenance["units"] == {"lengths": document["results"][0]["lengths"],
                                   "spacing_um": 27.0}
    assert provenance["reference"] == {"observer": 1, "references": "one", "classes": None}
    assert provenance["bootstrap"] is None  # no bootstrap in per-pair results
    files = {digest["path"]: digest for digest in provenance["inputs"]}
    read = {os.path.relpath(result[role], root) for result in document["results"]
            for role in ("reference", "candidate", "fov")}
    assert read <= set(files)
    for path, digest in files.items():
        content = (root / path).read_bytes()
        assert digest["sha256"] == hashlib.sha256(content).hexdigest()
        assert (digest["absolute"], digest["bytes"]) == (str(root / path), len(content))
    assert "DRIVE/test/images/01_test.tif" in files  # the fundus is read (checked) too


@pytest.mark.parametrize("output_format", ["json", "csv", "markdown", "latex"])
def test_every_compare_format_carries_the_same_provenance_with_the_bootstrap(
        capsys, root, output_format):
    out = f"compare.{output_format}"
    _write(capsys, "--compare", "--format", output_format, "--output", out)
    provenance = read_provenance(out)
    assert provenance.format == output_format
    assert provenance.bootstrap == {"seed": 0, "resamples": 9999}
    assert provenance.params["t"] == 2 and len(provenance.inputs) == 3 * 6
    if output_format == "csv":
        assert Path(sidecar_path(out)).is_file()
        assert Path(out).read_text().startswith("metric,")  # the table itself is unchanged


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_the_cd_diagram_carries_it_in_every_format(capsys, root, suffix):
    _write(capsys, "--compare", "--output", "c.json", "--cd-diagram", f"cd.{suffix}")
    recorded = json.loads(Path("c.json").read_text())["provenance"]
    assert read_provenance(f"cd.{suffix}").to_dict() == recorded
    if suffix == "svg":
        metadata = [element for element in ElementTree.parse("cd.svg").getroot().iter(
            "{http://www.w3.org/2000/svg}metadata") if element.get("id") == PROVENANCE_KEY]
        assert [json.loads(element.text or "") for element in metadata] == [recorded]
    if suffix == "png":
        with Image.open("cd.png") as image:
            assert json.loads(image.text[PROVENANCE_KEY]) == recorded


@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_verify_remakes_a_cd_diagram_and_compares_its_plotted_values(capsys, root, suffix):
    diagram = f"cd.{suffix}"
    _write(capsys, "--compare", "--output", "c.json", "--cd-diagram", diagram)
    before = Path(diagram).read_bytes()
    code, said = _run(capsys, "--verify", diagram)
    assert code == 0, said
    assert said.startswith(f"verified: {diagram} matches its command run again (18 input")
    assert Path(diagram).read_bytes() == before
    changed = root / "predictions" / "shift" / "01_test.png"
    pixels = np.asarray(Image.open(changed)).copy()
    Image.fromarray(255 - pixels).save(changed)
    code, said = _run(capsys, "--verify", diagram)
    assert code == 1 and f"input file changed: {changed}" in said


def test_verify_names_an_edited_plotted_rank(capsys, root):
    _write(capsys, "--compare", "--output", "c.json", "--cd-diagram", "cd.svg")
    svg = Path("cd.svg").read_text()
    values = read_diagram_values("cd.svg")
    dice = next(panel for panel in values["panels"] if panel["metric"] == "dice")
    recorded = dice["mean_rank"][0]
    dice["mean_rank"][0] = recorded + 0.5
    block = svg.partition(f'<metadata id="{VALUES_KEY}">')[2].partition("</metadata>")[0]
    Path("cd.svg").write_text(svg.replace(block, escape(json.dumps(values))))
    code, said = _run(capsys, "--verify", "cd.svg")
    assert code == 1
    assert said.splitlines()[1] == (f"  .panels.dice.mean_rank[0]: recorded {recorded + 0.5!r}, "
                                    f"now {recorded!r}")


@pytest.mark.parametrize("output_format", ["json", "csv"])
def test_verify_passes_on_an_unchanged_run_and_never_writes_the_output(capsys, root,
                                                                       output_format):
    out = root / f"out.{output_format}"
    _write(capsys, "--format", output_format, "--output", str(out))
    before = out.read_bytes(), os.stat(out).st_mtime_ns
    code, said = _run(capsys, "--verify", str(out))
    assert code == 0, said
    assert said.startswith(f"verified: {out} matches its command run again (18 input files")
    assert (out.read_bytes(), os.stat(out).st_mtime_ns) == before
    assert sorted(path.name for path in root.iterdir()) == sorted(
        ["DRIVE", "predictions", out.name, *([f"{out.name}.provenance.json"]
                                            if output_format == "csv" else [])])


@pytest.mark.parametrize("output_format", ["json", "csv"])
def test_verify_names_a_changed_input_file(capsys, root, output_format):
    _write(capsys, "--format", output_format, "--output", f"out.{output_format}")
    changed = root / "predictions" / "gap" / "02_test.png"
    pixels = np.asarray(Image.open(changed)).copy()
    pixels[10:14, 10:14] = 255 - pixels[10:14, 10:14]
    Image.fromarray(pixels).save(changed)
    code, said = _run(capsys, "--verify", f"out.{output_format}")
    assert code == 1
    assert said.splitlines()[1].startswith(f"  input file changed: {changed} (sha256 ")


@pytest.mark.parametrize("output_format", ["json", "csv"])
def test_verify_names_a_changed_parameter(capsys, root, output_format):
    """The output says t=3 while its command gives t=2 (as when a default has changed)."""
    out = Path(f"out.{output_format}")
    _write(capsys, "--format", output_format, "--output", str(out))
    record = out if output_format == "json" else Path(sidecar_path(str(out)))

    def edit(document):
        (document["provenance"] if output_format == "json" else document)["params"]["t"] = 3
    _edit_json(record, edit)
    code, said = _run(capsys, "--verify", str(out))
    assert code == 1
    assert "  parameter t: the output records 3, the command gives 2 now" in said.splitlines()


def test_verify_names_the_row_and_key_of_a_changed_value(capsys, root):
    _write(capsys, "--format", "csv", "--output", "out.csv")
    rows = list(csv.reader(Path("out.csv").read_text().splitlines()))
    dice = rows[0].index("dice")
    recorded, rows[3][dice] = rows[3][dice], "0.123"
    with open("out.csv", "w", newline="") as stream:
        csv.writer(stream, lineterminator="\n").writerows(rows)
    code, said = _run(capsys, "--verify", "out.csv")
    assert code == 1
    assert said.splitlines()[1] == (f"  line 4 (id {rows[3][0]}, method {rows[3][1]}), dice: "
                                    f"recorded '0.123', now {recorded!r}")


def test_verify_names_a_changed_command(capsys, root):
    """A hand-edited command (t=3 recorded as t=2's output) changes the values."""
    _write(capsys, "--output", "out.json")
    _edit_json(Path("out.json"), lambda document: document["provenance"].update(
        command=[("t=3" if item == "t=2" else item) for item in document["provenance"]["command"]]))
    code, said = _run(capsys, "--verify", "out.json")
    assert code == 1
    assert "  parameter t: the output records 2, the command gives 3 now" in said.splitlines()


def test_cannot_verify_without_an_input_or_without_provenance(capsys, root):
    _write(capsys, "--format", "csv", "--output", "out.csv")
    gone = root / "DRIVE" / "test" / "mask" / "03_test_mask.gif"
    gone.unlink()
    code, said = _run(capsys, "--verify", "out.csv")
    assert code == 2
    assert said == (f"cannot verify out.csv: the input file {gone} is missing or cannot be "
                    "read now; restore it to verify\n")
    os.remove(sidecar_path("out.csv"))
    code, said = _run(capsys, "--verify", "out.csv")
    assert code == 2 and "out.csv: carries no vesselview provenance" in said


def test_verify_takes_no_other_option(capsys, root):
    assert main(["--verify", "out.json", "--set", "t=3"]) == 2
    assert "--verify OUTPUT takes no other options (--set t=3)" in capsys.readouterr().err


@pytest.mark.parametrize("output_format", ["markdown", "latex"])
def test_verify_passes_on_compare_tables_and_leaves_the_diagram_alone(capsys, root,
                                                                      output_format):
    out = f"compare.{output_format}"
    _write(capsys, "--compare", "--format", output_format, "--output", out,
           "--cd-diagram", "cd.svg")
    diagram = Path("cd.svg").read_bytes(), os.stat("cd.svg").st_mtime_ns
    code, said = _run(capsys, "--verify", out)
    assert code == 0, said
    assert (Path("cd.svg").read_bytes(), os.stat("cd.svg").st_mtime_ns) == diagram
    table = Path(out).read_text()
    Path(out).write_text(table.replace(" demo ", " dem0 ", 1))
    code, said = _run(capsys, "--verify", out)
    assert code == 1 and "dem0" in said.splitlines()[1]


def test_curves_of_a_probability_map_verify_and_name_a_changed_candidate(capsys, tmp_path,
                                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    reference = vessel_mask(0)
    probability = np.tile(np.linspace(0, 90, 20).astype(np.uint8), (16, 1))
    probability[reference] = 200
    Image.fromarray(probability).save("prob.png")
    save_mask(tmp_path / "ref.png", reference)
    assert main(["--reference", "ref.png", "--candidate", "prob.png", "--curves",
                 "--format", "csv", "--output", "curves.csv"]) == 0
    assert read_provenance("curves.csv").inputs[1].path == "prob.png"
    assert _run(capsys, "--verify", "curves.csv")[0] == 0
    probability[0, 0] = 91
    Image.fromarray(probability).save("prob.png")
    code, said = _run(capsys, "--verify", "curves.csv")
    assert code == 1 and f"input file changed: {tmp_path / 'prob.png'}" in said


def test_an_output_written_from_python_cannot_be_verified_by_the_command(capsys, tmp_path,
                                                                        monkeypatch):
    monkeypatch.chdir(tmp_path)
    with open("api.json", "w") as stream:
        write_json([], Params(), stream, provenance=api_provenance("my_script()", Params(), []))
    code, said = _run(capsys, "--verify", "api.json")
    assert code == 2
    assert said == ("cannot verify api.json: it was written from Python (my_script()), not by "
                    "vesselview-eval; run that call again to check it\n")


def test_a_grader_agreement_report_records_and_checks_the_grades_file(capsys, root):
    grades = write_grades(root / "grades.csv", ["demo", "gap", "shift"], n_cases=3)
    _write(capsys, "--grades", "grades.csv", "--output", "agreement.json")
    recorded = read_provenance("agreement.json")
    assert recorded.inputs[-1].path == "grades.csv" and recorded.bootstrap is None
    assert _run(capsys, "--verify", "agreement.json")[0] == 0
    grades.write_text(grades.read_text().replace(",ann,", ",anne,", 1))
    code, said = _run(capsys, "--verify", "agreement.json")
    assert code == 1 and f"input file changed: {grades} (sha256 " in said


def test_a_csv_to_a_device_gets_no_sidecar_beside_it(capsys, tmp_path, monkeypatch):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so writing never blocks
    try:
        monkeypatch.chdir(tmp_path)
        save_mask(tmp_path / "ref.png", vessel_mask(0))
        save_mask(tmp_path / "c.png", vessel_mask(1))
        assert main(["--reference", "ref.png", "--candidate", "c.png", "--format", "csv",
                     "--output", str(fifo)]) == 0
        assert os.read(reader, 3) == b"id,"
    finally:
        os.close(reader)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["c.png", "pipe", "ref.png"]
