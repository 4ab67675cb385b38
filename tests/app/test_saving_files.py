"""Files the window saves: never onto an open image, never half-written, failures told."""

from __future__ import annotations

import json
import os

import pytest

from tests.mask_files import save_mask, vessel_mask
from vesselview.app.dataset_table import MetricTable, SortOrder
from vesselview.app.export import write_output
from vesselview.app.inspector import Inspector
from vesselview.app.scheduler import Scheduler
from vesselview.errors import InputError


@pytest.fixture
def opened(settings, tmp_path):
    """A model showing a case read from two PNG files, and those files' bytes."""
    model = Inspector(Scheduler(synchronous=True), settings)
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "pred.png", vessel_mask(1))
    assert model.open_files([("reference", str(reference)), ("candidate", str(candidate))])
    errors: list[str] = []
    model.error.connect(errors.append)
    return model, errors, {path: path.read_bytes() for path in (reference, candidate)}


@pytest.mark.parametrize("save", ["session", "metrics"])
def test_saving_onto_an_open_image_is_refused_and_the_image_kept(opened, save):
    model, errors, originals = opened
    for path, content in originals.items():
        if save == "session":
            model.save_session(str(path))
        else:
            model.export_metrics(str(path))
        assert path.read_bytes() == content
    assert len(errors) == 2
    assert all("is the input file" in text for text in errors)
    assert "ref.png" in errors[0] and "pred.png" in errors[1]


def test_a_failed_save_keeps_the_previous_file_whole(opened, tmp_path, monkeypatch):
    model, errors, _ = opened
    target = tmp_path / "metrics.json"
    model.export_metrics(str(target))
    before = target.read_text()
    assert json.loads(before) and errors == []

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    model.export_metrics(str(target))
    assert target.read_text() == before
    assert errors and "metrics.json" in errors[0] and "No space left" in errors[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["metrics.json", "pred.png", "ref.png"]


def test_saving_into_a_folder_that_is_gone_names_it(opened, tmp_path):
    model, errors, _ = opened
    model.save_session(str(tmp_path / "gone" / "s.vvsession.json"))
    assert len(errors) == 1 and "does not exist" in errors[0] and "gone" in errors[0]


def test_write_output_turns_an_os_error_into_a_named_input_error(tmp_path):
    def broken() -> None:
        raise PermissionError(13, "Permission denied")

    with pytest.raises(InputError, match=r"out\.csv: cannot be written"):
        write_output(str(tmp_path / "out.csv"), [], broken)


def test_the_dataset_table_csv_is_replaced_whole(tmp_path, monkeypatch):
    table = MetricTable(("01", "02"), ("unet",), ("dice",))
    table.set("01", "unet", {"dice": 0.8})
    target = tmp_path / "cases.csv"
    target.write_text("previous\n")

    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(InputError, match=r"cases\.csv"):
        table.write_csv(str(target), SortOrder("dice", "unet"))
    assert target.read_text() == "previous\n"
