"""Session files: round trip, relative paths, and every way a file can be wrong."""

from __future__ import annotations

import dataclasses
import json

import pytest

from vesselview.app.files import CaseFiles
from vesselview.app.session import Session, load_session, save_session
from vesselview.app.style import LayerStyle
from vesselview.engine.params import ALIASES, Params
from vesselview.errors import InputError

SESSION = Session(
    files=CaseFiles(reference="/data/r.gif", candidate="/data/c.png"),
    params=Params(t=4, ss_alpha=0.5, distance="cityblock"),
    styles={"fundus": LayerStyle(True, 0.4),
            "tolerant": LayerStyle(True, 0.7, ((4, (1, 2, 3, 4)),), True)},
    view_rect=(10.0, 20.0, 100.0, 80.0),
)


@pytest.mark.parametrize("session", [
    SESSION,
    Session(CaseFiles(), Params(), {}, None),  # the demo case, no view
    dataclasses.replace(SESSION, observer="observer2", observers={"observer1": "/data/r1.gif"},
                        references="observer1"),
], ids=["files", "demo", "observers"])
def test_round_trip(tmp_path, session):
    save_session(session, tmp_path / "s.json")
    assert load_session(tmp_path / "s.json") == session


def test_relative_paths_are_read_relative_to_the_session(tmp_path):
    path = tmp_path / "s.json"
    save_session(SESSION, path)
    document = json.loads(path.read_text())
    document["files"]["reference"] = "masks/r.gif"
    path.write_text(json.dumps(document))
    assert load_session(path).files.reference == str(tmp_path / "masks" / "r.gif")


def _broken(tmp_path, edit):
    path = tmp_path / "broken.json"
    save_session(SESSION, path)
    document = json.loads(path.read_text())
    edit(document)
    path.write_text(json.dumps(document))
    return path


@pytest.mark.parametrize("edit, reason", [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.update(format_version=99), "format_version"),
    (lambda d: d["params"].update(t=-1), "out of range"),
    (lambda d: d["params"].update(speed=3), "unknown parameter"),
    (lambda d: d.update(view=[1, 2]), "view"),
    (lambda d: d["layers"]["fundus"].update(opacity=7), "opacity"),
    (lambda d: d["files"].update(mask="m.png"), "mask"),
    (lambda d: d.pop("params"), "'params' is missing"),
    (lambda d: d["layers"]["fundus"].update(visible="false"), "layers.fundus.visible"),
    (lambda d: d["layers"]["tolerant"].update(outline=1), "layers.tolerant.outline"),
    (lambda d: d["layers"]["tolerant"]["colours"].update({"4": [1, 2, 3]}),
     "layers.tolerant.colours"),
    (lambda d: d["layers"].update(fundus=[]), "layers.fundus must be an object"),
    (lambda d: d.update(view=[0, 0, float("nan"), 5]), "finite"),
    (lambda d: d.update(view=[0, 0, 0, 5]), "positive width"),
    (lambda d: d["files"].update(reference=3), "files.reference"),
    (lambda d: d.update(files=[]), "'files' must be an object"),
    (lambda d: d.update(params=[1]), "'params' must be an object"),
    (lambda d: d.update(length_unit="mm"), "'length_unit' must be one of px, um, %fov"),
    (lambda d: d.update(references="each"),
     "'references' must be one of one, majority, intersection, union, fuzzy"),
    (lambda d: d.update(observers=["/data/r2.gif"]), "'observers' must be an object"),
    (lambda d: d.update(observer=2), "'observer' must be an observer's name"),
])
def test_invalid_sessions_name_the_file_and_the_problem(tmp_path, edit, reason):
    path = _broken(tmp_path, edit)
    with pytest.raises(InputError, match=reason) as raised:
        load_session(path)
    assert str(path) in str(raised.value)
    assert raised.value.source == str(path)


def test_a_session_without_observers_scores_against_its_reference(tmp_path):
    loaded = load_session(_broken(tmp_path, lambda d: [d.pop(key) for key in (
        "observer", "observers", "references")]))
    assert (loaded.observer, dict(loaded.observers), loaded.references) == (
        "observer1", {}, "one")
    assert loaded == SESSION


def test_not_an_object(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("[1, 2]")
    with pytest.raises(InputError, match="must be a JSON object"):
        load_session(path)


def test_deeply_nested_json_is_refused_not_raised(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(InputError, match="nested too deeply"):
        load_session(path)


def test_not_json(tmp_path):
    path = tmp_path / "s.json"
    path.write_text("{not json")
    with pytest.raises(InputError, match=r"damaged or not a vesselview session.*not JSON"):
        load_session(path)


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        load_session(tmp_path / "absent.json")


def test_a_renamed_parameter_is_read_under_its_old_key_and_said_once(tmp_path, monkeypatch):
    monkeypatch.setitem(ALIASES, "tolerance_radius", "t")
    path = _broken(tmp_path, lambda d: d["params"].update(tolerance_radius=d["params"].pop("t")))
    with pytest.warns(DeprecationWarning, match="'tolerance_radius' is now called 't'"):
        session = load_session(path)
    assert session.params == SESSION.params
    (note,) = session.notes
    assert note.startswith(f"{path}: parameter 'tolerance_radius' is now called 't'")
    assert note.endswith("(saving the session writes the new name)")
    save_session(session, path)
    assert "t" in json.loads(path.read_text())["params"]
    assert load_session(path) == SESSION  # no note, no warning: written with the new name


def test_lengths_in_micrometres_and_percent_fov_round_trip(tmp_path):
    session = Session(CaseFiles(), Params(t="30um", nsd_tau="0.5%fov", cal_alpha=2.5), {})
    save_session(session, tmp_path / "s.json")
    saved = json.loads((tmp_path / "s.json").read_text())["params"]
    assert (saved["t"], saved["nsd_tau"], saved["cal_alpha"]) == ("30um", "0.5%fov", 2.5)
    assert load_session(tmp_path / "s.json") == session


def test_a_length_in_an_unknown_unit_names_the_file_and_the_parameter(tmp_path):
    path = _broken(tmp_path, lambda d: d["params"].update(t="30mm"))
    with pytest.raises(InputError, match="parameter t: expected a number of pixels") as raised:
        load_session(path)
    assert str(path) in str(raised.value)


@pytest.mark.parametrize("unit", ["px", "um", "%fov", None])
def test_the_length_unit_round_trips(tmp_path, unit):
    session = dataclasses.replace(SESSION, length_unit=unit)
    save_session(session, tmp_path / "s.json")
    assert load_session(tmp_path / "s.json") == session


def test_a_session_without_length_unit_keeps_the_windows(tmp_path):
    path = _broken(tmp_path, lambda document: document.pop("length_unit"))
    assert load_session(path).length_unit is None
