"""Where a case's pixel spacing comes from: given, a manifest's ``spacing_um`` cell, or a
dataset layout's camera field angle and the measured FOV diameter (`vesselview.io.spacing`)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import vesselview as vv
from tests.io.dataset_files import (
    field_of_view,
    write_chase,
    write_drive,
    write_fives,
    write_hrf,
    write_stare,
)
from tests.mask_files import save_mask, vessel_mask
from vesselview.engine.lengths import fov_diameter_px
from vesselview.errors import InputError
from vesselview.io.dataset.layouts import LAYOUTS
from vesselview.io.manifest import read_manifest_rows
from vesselview.io.spacing import (
    UM_PER_DEGREE,
    Spacing,
    parse_spacing,
    spacing_from_field_angle,
)


def test_the_fov_diameter_is_the_longer_side_of_its_bounding_box() -> None:
    fov = np.zeros((9, 12), bool)
    fov[2:7, 1:11] = True  # 5 rows, 10 columns
    assert fov_diameter_px(fov) == 10
    assert fov_diameter_px(fov.T) == 10
    assert fov_diameter_px(np.zeros((4, 4), bool)) == 0


@given(st.integers(2, 40), st.integers(0, 15))
def test_a_disc_cut_by_the_frame_keeps_its_full_width(radius, cut) -> None:
    rows, columns = np.mgrid[-radius:radius + 1, -radius:radius + 1]
    disc = rows**2 + columns**2 <= radius**2
    kept = disc[min(cut, radius - 1):disc.shape[0] - min(cut, radius - 1)]
    assert fov_diameter_px(kept) == 2 * radius + 1


def test_the_field_angle_spreads_over_the_fov_diameter() -> None:
    # DRIVE: a 45° field over a FOV of about 540 px is 45 * 288 / 540 = 24 µm per pixel
    assert spacing_from_field_angle(45, 540) == pytest.approx(24.0)
    assert spacing_from_field_angle(30, 960, um_per_degree=300) == pytest.approx(9.375)
    assert UM_PER_DEGREE == 288.0


def test_the_layouts_field_angles_are_the_ones_their_papers_state() -> None:
    angles = {layout.name: layout.fov_degrees for layout in LAYOUTS}
    assert angles == {"DRIVE": 45.0, "STARE": 35.0, "CHASE_DB1": 30.0, "HRF": None,
                      "FIVES": None, "IOSTAR": None,
                      "RITE": 45.0, "HRF-AV": None, "LES-AV": None}  # RITE: DRIVE's photos


@pytest.mark.parametrize("text", ["6.9", "1", "1e-3", " 2.5 "])
def test_a_spacing_is_read_from_text(text) -> None:
    assert parse_spacing(text) == float(text)


@pytest.mark.parametrize("text", ["", "abc", "0", "-1", "nan", "inf", "-inf", "1_0", "6,9"])
def test_a_bad_spacing_text_is_refused_with_the_fix(text) -> None:
    with pytest.raises(ValueError, match=r"is not a pixel spacing; write a positive finite "
                                         r"number of µm per pixel such as 6\.9"):
        parse_spacing(text)


@pytest.mark.parametrize("um", [0, -2.0, math.nan, math.inf, True, "6.9"])
def test_a_bad_spacing_value_is_refused_naming_its_source(um) -> None:
    with pytest.raises(InputError, match=r"spacing_um \(manifest\) is .*, not a pixel spacing"):
        Spacing(um, "manifest")


def test_a_known_spacing_is_recorded_with_its_source(tmp_path) -> None:
    case = vv.load_case(vessel_mask(0), vessel_mask(1))
    spaced = Spacing(6.9, "manifest").applied(case)
    assert spaced.spacing_um == 6.9 and spaced.sources["spacing"] == "manifest"
    assert "spacing" not in case.sources


def test_a_field_angle_needs_a_field_of_view() -> None:
    fov = field_of_view()
    whole = vv.load_case(vessel_mask(0)[:20, :20], vessel_mask(0)[:20, :20])
    assert Spacing.field_angle(45.0, "DRIVE").applied(whole) is whole
    with_fov = vv.load_case(np.zeros_like(fov), np.zeros_like(fov), fov=fov)
    spaced = Spacing.field_angle(45.0, "DRIVE").applied(with_fov)
    assert spaced.spacing_um == pytest.approx(45.0 * 288.0 / _diameter(fov))
    assert spaced.sources["spacing"] == "fov_degrees:DRIVE"


def _diameter(mask: np.ndarray) -> int:
    """The FOV diameter computed here independently: widest row or column run."""
    return max(int(mask.sum(axis=1).max()), int(mask.sum(axis=0).max()))


@pytest.mark.parametrize(("write", "layout", "degrees"), [
    (write_drive, "DRIVE", 45.0), (write_stare, "STARE", 35.0),
    (write_chase, "CHASE_DB1", 30.0)])
def test_a_dataset_case_derives_its_spacing_from_the_layouts_field_angle(
        tmp_path, write, layout, degrees) -> None:
    dataset = vv.open_dataset(write(tmp_path / layout))
    case = dataset.cases[0]
    loaded = case.load(dataset.methods[-1])
    assert loaded.sources["spacing"] == f"fov_degrees:{layout}"
    assert loaded.spacing_um == pytest.approx(degrees * 288.0 / _diameter(loaded.fov))


@pytest.mark.parametrize("write", [write_hrf, write_fives])
def test_a_layout_without_a_confirmed_field_angle_keeps_pixels(tmp_path, write) -> None:
    root = write(tmp_path / "data")
    dataset = vv.open_dataset(root)
    case = dataset.cases[0]
    loaded = vv.load_case(case.reference, case.reference, fov=case.fov_input,
                          fundus=case.fundus)
    assert case.spacing is None and loaded.spacing_um is None


def test_a_spacing_given_for_a_dataset_applies_to_every_case(tmp_path) -> None:
    dataset = vv.open_dataset(write_drive(tmp_path / "DRIVE"), spacing_um=6.9)
    loaded = [case.load(method) for case in dataset.cases for method in case.candidates]
    assert loaded and all(case.spacing_um == 6.9 and case.sources["spacing"] == "given"
                          for case in loaded)
    with pytest.raises(InputError, match=r"spacing_um \(given\) is -1"):
        vv.open_dataset(write_drive(tmp_path / "other"), spacing_um=-1)


def _manifest(tmp_path, cells: list[str]) -> str:
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = save_mask(tmp_path / "cand.png", vessel_mask(1))
    lines = ["id,reference,candidate,spacing_um"] + [
        f"c{number},{reference.name},{candidate.name},{cell}"
        for number, cell in enumerate(cells)]
    path = tmp_path / "pairs.csv"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_a_manifest_spacing_cell_gives_the_rows_spacing(tmp_path) -> None:
    pairs = read_manifest_rows(_manifest(tmp_path, ["6.9", "", "12"]))
    assert [pair.spacing for pair in pairs] == [Spacing(6.9, "manifest"), None,
                                                Spacing(12.0, "manifest")]
    assert all(pair.problem is None for pair in pairs)


def test_a_bad_manifest_spacing_fails_its_row_with_line_id_and_fix(tmp_path) -> None:
    path = _manifest(tmp_path, ["6.9", "-3", "abc"])
    pairs = read_manifest_rows(path)
    assert pairs[0].problem is None
    for pair, cell, line in ((pairs[1], "-3", 3), (pairs[2], "abc", 4)):
        assert pair.label == f"{path} line {line}, id 'c{line - 2}'"
        assert pair.problem == (f"spacing_um {cell!r} is not a pixel spacing; write a "
                                "positive finite number of µm per pixel such as 6.9, or leave "
                                "the cell empty (the spacing is then unknown and lengths "
                                "stay in pixels)")
