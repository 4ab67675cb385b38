"""Each output format carries the provenance and gives exactly it back."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from vesselview.engine.params import Params
from vesselview.errors import InputError
from vesselview.io import api_provenance, write_json
from vesselview.io.figure_file import rendered
from vesselview.io.output_diff import output_differences
from vesselview.io.provenance import Provenance, file_digest, input_digests
from vesselview.io.provenance_formats import (
    PROVENANCE_KEY,
    body_text,
    figure_text,
    read_provenance,
    sidecar_path,
    sidecar_text,
    stamped_text,
)

BODIES = {"json": '{\n  "vesselview": "1",\n  "results": [\n    1.5\n  ]\n}\n',
          "markdown": "| a | b |\n|---|---|\n| 1 | 2 |\n",
          "latex": "% preamble\n\\begin{tabular}{ll}\n1 & 2\n\\end{tabular}\n"}


def _provenance(path: str = "a.png", argument: str = "--workers") -> Provenance:
    return Provenance(vesselview="9.9", command=(argument, "1"), cwd="/work",
                      format="json", params={"t": 2, "nsd_tau": "2px"}, set=("t=2",),
                      sweep=(), units={"lengths": {"t": "2px"}, "spacing_um": None},
                      reference={"observer": 1, "references": "one", "classes": None},
                      bootstrap={"seed": 0, "resamples": 9999},
                      inputs=input_digests([path], "/nowhere"))


# file names and arguments may hold anything a comment block could trip on
_NASTY = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30) | \
    st.sampled_from(["a-->b", "% x\n% y", "<!-- vesselview provenance\n", "}\n{", "é µm"])


@settings(max_examples=40, deadline=None)
@given(path=_NASTY, argument=_NASTY, output_format=st.sampled_from(sorted(BODIES)))
def test_every_text_format_gives_its_provenance_back(tmp_path_factory, path, argument,
                                                      output_format):
    provenance = _provenance(path, argument)
    out = tmp_path_factory.mktemp("out") / f"out.{output_format}"
    out.write_text(stamped_text(BODIES[output_format], output_format, provenance),
                   encoding="utf-8", newline="")
    assert read_provenance(str(out)) == provenance
    if output_format != "json":
        assert body_text(out.read_text(encoding="utf-8")).rstrip("\n") == \
            BODIES[output_format].rstrip("\n")


def test_json_keeps_its_fields_and_adds_a_top_level_provenance_object():
    document = json.loads(stamped_text(BODIES["json"], "json", _provenance()))
    assert list(document) == ["vesselview", "results", "provenance"]
    assert document["provenance"]["command_line"] == "vesselview-eval --workers 1"
    assert document["provenance"]["bootstrap"] == {"seed": 0, "resamples": 9999}


def test_markdown_hides_it_in_a_comment_and_latex_in_comment_lines():
    markdown = stamped_text(BODIES["markdown"], "markdown", _provenance("x-->y.png"))
    block = markdown.split("<!-- vesselview provenance\n", 1)[1]
    assert block.count("-->") == 1 and block.endswith("\n-->\n")
    latex = stamped_text(BODIES["latex"], "latex", _provenance())
    added = latex[len(BODIES["latex"]):].strip("\n").splitlines()
    assert added[0] == "% vesselview provenance" and all(line.startswith("% ") for line in added)


def test_csv_keeps_its_table_and_the_sidecar_holds_the_provenance(tmp_path):
    out = tmp_path / "out.csv"
    out.write_text(stamped_text("id,dice\na,0.5\n", "csv", _provenance()))
    assert out.read_text() == "id,dice\na,0.5\n"
    with pytest.raises(InputError, match=r"without its sidecar file out\.csv\.provenance"):
        read_provenance(str(out))
    Path(sidecar_path(str(out))).write_text(sidecar_text(_provenance()))
    assert read_provenance(str(out)) == _provenance()


@settings(max_examples=20, deadline=None)
@given(path=_NASTY, output_format=st.sampled_from(["png", "svg", "pdf"]))
def test_every_figure_format_gives_its_provenance_back(tmp_path_factory, path, output_format):
    out = tmp_path_factory.mktemp("out") / f"cd.{output_format}"
    provenance = _provenance(path)
    out.write_bytes(rendered(Figure(figsize=(1, 1)), output_format,
                             {PROVENANCE_KEY: figure_text(provenance)}))
    assert read_provenance(str(out)) == provenance
    out.write_bytes(rendered(Figure(figsize=(1, 1)), output_format, {}))
    with pytest.raises(InputError, match=r"cd\.(png|svg|pdf): carries no vesselview provenance"):
        read_provenance(str(out))


def test_digests_are_sha256_of_the_content_and_a_missing_file_has_none(tmp_path):
    (tmp_path / "a.png").write_bytes(b"\x89PNG content")
    digest = file_digest(str(tmp_path / "a.png"), str(tmp_path.parent))
    assert digest.sha256 == hashlib.sha256(b"\x89PNG content").hexdigest()
    assert (digest.path, digest.bytes) == (f"{tmp_path.name}/a.png", 12)
    assert file_digest(str(tmp_path / "gone.png"), str(tmp_path)).sha256 is None
    assert file_digest(str(tmp_path), str(tmp_path)).sha256 is None  # a folder is not read


def test_an_output_without_provenance_is_named(tmp_path):
    out = tmp_path / "old.json"
    out.write_text('{"vesselview": "0.1", "results": []}')
    with pytest.raises(InputError, match=r"old\.json: carries no vesselview provenance"):
        read_provenance(str(out))


def test_differences_name_the_row_and_key_and_floats_match_to_1e12(tmp_path):
    recorded, remade = tmp_path / "a.json", tmp_path / "b.json"
    results = [{"id": "01", "method": "gap", "metrics": {"dice": 0.5, "tp": 3}}]
    recorded.write_text(json.dumps({"results": results, "provenance": {"x": 1}}))
    results[0]["metrics"] = {"dice": 0.5 * (1 + 1e-13), "tp": 3}
    remade.write_text(json.dumps({"results": results, "provenance": {"x": 2}}))
    assert output_differences(str(recorded), str(remade), "json") == []
    results[0]["metrics"] = {"dice": 0.5 * (1 + 1e-11), "tp": 4}
    remade.write_text(json.dumps({"results": results}))
    assert output_differences(str(recorded), str(remade), "json") == [
        f".results[id=01, method=gap].metrics.dice: recorded 0.5, now {0.5 * (1 + 1e-11)!r}",
        ".results[id=01, method=gap].metrics.tp: recorded 3, now 4"]


def test_an_api_call_records_itself_and_write_json_carries_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("ref.png").write_bytes(b"reference bytes")
    provenance = api_provenance("vv.evaluate(load_case('ref.png', 'c.png'))", Params(t=3),
                                ["ref.png", "c.png"])
    stream = io.StringIO()
    write_json([], Params(t=3), stream, provenance=provenance)
    written = json.loads(stream.getvalue())["provenance"]
    assert (written["api_call"], written["command"], written["command_line"]) == (
        "vv.evaluate(load_case('ref.png', 'c.png'))", [], None)
    assert written["params"] == Params(t=3).to_dict() and written["units"]["lengths"]["t"] == "3px"
    assert [(item["path"], item["sha256"]) for item in written["inputs"]] == [
        ("ref.png", hashlib.sha256(b"reference bytes").hexdigest()), ("c.png", None)]
    assert Provenance.from_dict(written) == provenance
