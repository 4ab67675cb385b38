"""Roles of opened and dropped files: the public datasets' names, folders and colours."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from vesselview.app.files import CaseFiles
from vesselview.app.roles import RoleGuess, assign_dropped, guess_role, image_is_colour


@pytest.mark.parametrize("path, role", [
    ("DRIVE/test/mask/01_test_mask.gif", "fov"),
    ("DRIVE/test/1st_manual/01_manual1.gif", "reference"),
    ("DRIVE/test/images/01_test.tif", "fundus"),
    ("DRIVE/training/images/21_training.tif", "fundus"),
    ("STARE/im0001.ppm", "fundus"),
    ("STARE/labels-ah/im0001.ah.ppm.gz", "reference"),
    ("CHASE_DB1/Image_01L.jpg", "fundus"),
    ("CHASE_DB1/Image_01L_1stHO.png", "reference"),
    ("HRF/images/01_h.jpg", "fundus"),
    ("HRF/manual1/01_h.tif", "reference"),
    ("HRF/mask/01_h_mask.tif", "fov"),
    ("FIVES/train/Original/1_A.png", "fundus"),
    ("FIVES/train/Ground truth/1_A.png", "reference"),
    ("case3_GT.png", "reference"),
    ("unet_pred_01.png", "candidate"),
    ("01_prob.tif", "candidate"),
    ("fov.png", "fov"),
    ("preds/01.png", None),
    ("picture.jpg", None),
])
def test_first_observer_and_other_roles_by_name_and_folder(path, role):
    assert guess_role(path) == RoleGuess(role)


@pytest.mark.parametrize("path", [
    "DRIVE/test/2nd_manual/01_manual2.gif", "CHASE_DB1/Image_01L_2ndHO.png",
    "STARE/labels-vk/im0001.vk.ppm.gz", "HRF/manual2/01_h.tif"])
def test_second_observer_is_recognised(path):
    assert guess_role(path) == RoleGuess("reference", second_observer=True)


def _save(path: Path, pixels: np.ndarray) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(pixels).save(path)
    return str(path)


@pytest.fixture
def drive_like(tmp_path) -> dict[str, str]:
    """A colour fundus, a method's grey output with the same name, and both manuals."""
    rng = np.random.default_rng(0)
    fundus = np.zeros((40, 36, 3), np.uint8)
    fundus[..., 0] = rng.integers(120, 220, (40, 36))
    fundus[..., 1] = rng.integers(40, 90, (40, 36))
    vessels = (rng.random((40, 36)) > 0.8).astype(np.uint8) * 255
    manual2 = Image.fromarray((vessels > 0).astype(np.uint8), mode="P")
    manual2.putpalette([4, 2, 4, 252, 254, 252] + [0] * 762)  # DRIVE's near-grey palette
    (tmp_path / "2nd_manual").mkdir()
    manual2.save(tmp_path / "2nd_manual" / "01_manual2.gif")
    return {
        "fundus": _save(tmp_path / "images" / "01_test.tif", fundus),
        "method": _save(tmp_path / "SomeNet" / "01_test.tif", vessels),
        "manual1": _save(tmp_path / "1st_manual" / "01_manual1.gif", vessels),
        "manual2": str(tmp_path / "2nd_manual" / "01_manual2.gif"),
    }


def test_colour_is_told_from_grey_and_near_grey_palettes(drive_like):
    assert image_is_colour(drive_like["fundus"]) is True
    assert image_is_colour(drive_like["method"]) is False
    assert image_is_colour(drive_like["manual2"]) is False
    assert image_is_colour(drive_like["fundus"] + ".missing") is None


def never_asked(path: str) -> str | None:
    raise AssertionError(f"asked for {path}")


def test_a_method_output_named_like_the_photograph_is_the_candidate(drive_like):
    paths = [drive_like["fundus"], drive_like["manual1"], drive_like["method"]]
    assignments, notes = assign_dropped(paths, CaseFiles(), image_is_colour, never_asked)
    assert assignments == [("fundus", paths[0]), ("reference", paths[1]),
                           ("candidate", paths[2])]
    assert notes == []


def test_second_observer_is_the_candidate_beside_a_first_observer(drive_like):
    dropped = [drive_like["manual2"], drive_like["manual1"]]
    assignments, _ = assign_dropped(dropped, CaseFiles(), image_is_colour, never_asked)
    assert dict((path, role) for role, path in assignments) == {
        drive_like["manual2"]: "candidate", drive_like["manual1"]: "reference"}
    chosen = CaseFiles(reference=drive_like["manual1"])
    assert assign_dropped([drive_like["manual2"]], chosen, image_is_colour, never_asked)[0] == [
        ("candidate", drive_like["manual2"])]


def test_second_observer_alone_is_the_reference(drive_like):
    assignments, _ = assign_dropped([drive_like["manual2"]], CaseFiles(), image_is_colour,
                                    never_asked)
    assert assignments == [("reference", drive_like["manual2"])]


def test_replacing_a_chosen_file_is_said(drive_like, tmp_path):
    chosen = CaseFiles(reference=drive_like["manual1"], candidate=drive_like["method"])
    other = _save(tmp_path / "Other" / "01_pred.png", np.zeros((40, 36), np.uint8))
    assignments, notes = assign_dropped([other], chosen, image_is_colour, never_asked)
    assert assignments == [("candidate", other)]
    assert notes == ["The candidate 01_test.tif is replaced by 01_pred.png."]


def test_undecided_files_are_asked_about(tmp_path):
    grey = _save(tmp_path / "preds" / "01.png", np.zeros((8, 8), np.uint8))
    asked = []
    assignments, _ = assign_dropped([grey], CaseFiles(), image_is_colour,
                                    lambda path: asked.append(path) or None)
    assert asked == [grey] and assignments == []
