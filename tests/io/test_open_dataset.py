"""`vesselview.open_dataset`: every public layout, the generic rule, predictions, observers."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

import vesselview as vv
from tests.io import dataset_files as files
from vesselview.errors import InputError
from vesselview.io.fov_estimate import estimate_fov

WRITERS = {
    "DRIVE": (files.write_drive, "01", "test/images/01_test.tif",
              "test/1st_manual/01_manual1.gif", "test/mask/01_test_mask.gif"),
    "STARE": (files.write_stare, "im0001", "stare-images/im0001.ppm.gz",
              "labels-ah/im0001.ah.ppm.gz", None),
    "CHASE_DB1": (files.write_chase, "Image_01L", "Image_01L.jpg", "Image_01L_1stHO.png", None),
    "HRF": (files.write_hrf, "01_dr", "images/01_dr.JPG", "manual1/01_dr.tif",
            "mask/01_dr_mask.tif"),
    "FIVES": (files.write_fives, "1_A", "train/Original/1_A.png", "train/Ground truth/1_A.png",
              None),
    "IOSTAR": (files.write_iostar, "STAR 01_OSC", "image/STAR 01_OSC.jpg",
               "GT/STAR 01_OSC_GT.tif", "mask/STAR 01_OSC_Mask.tif"),
}


def _save(path, mask) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(mask.astype(np.uint8) * 255).save(path)


@pytest.mark.parametrize("layout", list(WRITERS))
def test_each_public_layout_is_recognised_with_its_files(tmp_path, layout):
    write, case_id, fundus, reference, fov = WRITERS[layout]
    root = write(tmp_path / layout)
    dataset = vv.open_dataset(root)
    assert dataset.layout == layout and dataset.observer == 1
    case = dataset.case(case_id)
    assert case.fundus == root / fundus and case.reference == root / reference
    assert case.fov == (None if fov is None else root / fov)
    assert not dataset.unmatched and not dataset.ambiguous


@pytest.mark.parametrize("layout", list(WRITERS))
def test_the_root_may_be_the_parent_of_the_dataset_folder(tmp_path, layout):
    write, case_id, *_ = WRITERS[layout]
    write(tmp_path / "data" / layout)
    assert vv.open_dataset(tmp_path / "data").case(case_id).id == case_id


SEEDS = {"DRIVE": 1, "STARE": 1, "CHASE_DB1": 0, "HRF": 1, "FIVES": 0, "IOSTAR": 0}


@pytest.mark.parametrize("layout", list(WRITERS))
def test_each_public_layout_loads_exactly(tmp_path, layout):
    write, case_id, *_ = WRITERS[layout]
    root = write(tmp_path / layout)
    _save(tmp_path / "net" / f"{case_id}_prediction.png", files.vessels(7))
    case = vv.open_dataset(root, predictions={"net": tmp_path / "net"}).case(case_id)
    loaded = case.load("net")
    np.testing.assert_array_equal(loaded.reference, files.vessels(SEEDS[layout]))
    np.testing.assert_array_equal(loaded.candidate, files.vessels(7))
    expected_fov = files.field_of_view() if case.fov is not None else estimate_fov(loaded.fundus)
    np.testing.assert_array_equal(loaded.fov, expected_fov)
    assert loaded.fundus.shape == (files.HEIGHT, files.WIDTH, 3) and loaded.warnings == ()


def test_drive_splits_and_second_observer(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE")
    first = vv.open_dataset(root)
    assert [case.id for case in first.cases] == ["01", "02", "21"]
    assert {case.split for case in first.cases} == {"test", "training"}
    assert first.case("01").candidates == {"observer2": root / "test/2nd_manual/01_manual2.gif"}
    assert first.case("21").candidates == {}
    second = vv.open_dataset(root, observer=2)
    assert [case.id for case in second.cases] == ["01", "02"]  # 2nd_manual: test only
    assert second.case("01").reference == root / "test/2nd_manual/01_manual2.gif"
    assert second.case("01").candidates == {"observer1": root / "test/1st_manual/01_manual1.gif"}
    assert "21" in second.skipped and "observer 2" in second.skipped["21"]
    # The 2nd observer's near-grey palette (4, 2, 4) / (252, 254, 252) reads as binary.
    loaded = second.case("01").load("observer1")
    np.testing.assert_array_equal(loaded.reference, files.vessels(2))
    np.testing.assert_array_equal(loaded.candidate, files.vessels(1))
    assert loaded.warnings == ()


def test_a_split_folder_is_a_dataset_too(tmp_path):
    files.write_drive(tmp_path / "DRIVE")
    dataset = vv.open_dataset(tmp_path / "DRIVE" / "test")
    assert dataset.layout == "DRIVE" and [case.id for case in dataset.cases] == ["01", "02"]
    assert dataset.cases[0].split == ""


def test_other_observers_of_stare_and_chase(tmp_path):
    stare = vv.open_dataset(files.write_stare(tmp_path / "STARE"), observer=2)
    assert stare.case("im0001").reference.name == "im0001.vk.ppm.gz"
    chase = vv.open_dataset(files.write_chase(tmp_path / "CHASE"), observer=2)
    assert chase.case("Image_01L").reference.name == "Image_01L_2ndHO.png"
    assert chase.case("Image_01L").candidates["observer1"].name == "Image_01L_1stHO.png"


def test_no_second_observer_is_an_error(tmp_path):
    with pytest.raises(InputError, match="HRF dataset has no annotation of observer 2"):
        vv.open_dataset(files.write_hrf(tmp_path / "HRF"), observer=2)
    with pytest.raises(InputError, match="observer must be 1 or 2"):
        vv.open_dataset(files.write_hrf(tmp_path / "HRF"), observer=3)


def test_predictions_are_matched_by_case_id(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3, 4), training_ids=())
    names = {"soares": ["01_test-Soares.png"], "chaud": ["02_Chaud_hard.jpg"],
             "plain": ["03.png"], "unet": ["04_test.png"]}
    for method, file_names in names.items():
        for name in file_names:
            _save(tmp_path / method / name, files.vessels(1))
    dataset = vv.open_dataset(root, predictions={m: tmp_path / m for m in names})
    assert dataset.case("01").candidates["soares"].name == "01_test-Soares.png"
    assert dataset.case("02").candidates["chaud"].name == "02_Chaud_hard.jpg"
    assert dataset.case("03").candidates["plain"].name == "03.png"
    assert dataset.case("04").candidates["unet"].name == "04_test.png"
    assert dataset.methods == ("chaud", "plain", "soares", "unet", "observer2")
    assert dataset.baselines == ("observer2",)
    assert "soares" not in dataset.case("02").candidates


def test_unmatched_and_ambiguous_files_are_reported_not_guessed(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    for name in ("01_test.png", "01_test_prob.png", "02_test.png", "010.png", "1.png"):
        _save(tmp_path / "net" / name, files.vessels(1))
    (tmp_path / "net" / "notes.txt").write_text("not an image")
    dataset = vv.open_dataset(root, predictions={"net": tmp_path / "net"})
    assert "net" not in dataset.case("01").candidates
    assert dataset.case("02").candidates["net"].name == "02_test.png"
    assert sorted(issue.path.name for issue in dataset.unmatched) == ["010.png"]
    ambiguous = {issue.path.name: issue.reason for issue in dataset.ambiguous}
    assert set(ambiguous) == {"01_test.png", "01_test_prob.png", "1.png"}  # 1 is case 01
    assert "case 01 has several files" in ambiguous["01_test.png"]
    assert "net" in str(dataset.unmatched[0])
    assert "case ids look like 01;" in dataset.unmatched[0].reason


def test_predictions_numbered_without_zero_padding_match_their_cases(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2, 3), training_ids=())
    for name in ("1_test.png", "002.png", "3-result.png"):
        _save(tmp_path / "net" / name, files.vessels(1))
    dataset = vv.open_dataset(root, predictions={"net": tmp_path / "net"})
    assert [case.candidates["net"].name for case in dataset.cases] == [
        "1_test.png", "002.png", "3-result.png"]
    assert dataset.unmatched == () and dataset.ambiguous == ()


def test_a_case_is_found_by_its_number_too(tmp_path):
    dataset = vv.open_dataset(files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2),
                                                training_ids=()))
    assert dataset.case("1") is dataset.case("01") is dataset.case("001")
    with pytest.raises(InputError, match="has no case '3'; check the case id"):
        dataset.case("3")
    for case in ("1", "01"):
        _save(tmp_path / "twice" / "images" / f"{case}.png", files.vessels(1))
        _save(tmp_path / "twice" / "manual" / f"{case}.png", files.vessels(1))
    twice = vv.open_dataset(tmp_path / "twice")
    assert twice.case("01").id == "01"  # spelt exactly: that one
    with pytest.raises(InputError, match="cases '01' and '1' are both number '001'; give one "
                                         "of them exactly"):
        twice.case("001")


def test_a_name_fitting_two_cases_is_ambiguous(tmp_path):
    for case in ("a", "a_b"):
        _save(tmp_path / "data" / "images" / f"{case}.png", files.vessels(1))
        _save(tmp_path / "data" / "manual" / f"{case}.png", files.vessels(1))
    _save(tmp_path / "net" / "a_b_c.png", files.vessels(1))
    dataset = vv.open_dataset(tmp_path / "data", predictions={"net": tmp_path / "net"})
    assert [issue.reason for issue in dataset.ambiguous] == ["its name fits cases a and a_b"]


def test_generic_rule_same_case_id_across_sibling_folders(tmp_path):
    root = tmp_path / "mine"
    for number in (7, 8):
        _save(root / "images" / f"eye{number}_photo.png", files.field_of_view())
        _save(root / "labels" / f"eye{number}_label.png", files.vessels(number))
        _save(root / "fov" / f"eye{number}_fov_mask.png", files.field_of_view())
    dataset = vv.open_dataset(root)
    assert dataset.layout == "generic"
    assert [case.id for case in dataset.cases] == ["eye7", "eye8"]
    case = dataset.case("eye8")
    assert case.fundus.name == "eye8_photo.png" and case.reference.name == "eye8_label.png"
    assert case.fov.name == "eye8_fov_mask.png"


def test_cases_load_for_a_method(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=())
    _save(tmp_path / "net" / "01_test.png", files.vessels(1))
    case = vv.open_dataset(root, predictions={"net": tmp_path / "net"}).case("01")
    loaded = case.load("net")
    np.testing.assert_array_equal(loaded.reference, files.vessels(1))
    np.testing.assert_array_equal(loaded.fov, files.field_of_view())
    assert loaded.sources["fov"] == str(root / "test/mask/01_test_mask.gif")
    with pytest.raises(InputError, match=r"no candidate of method 'other'.*net, observer2"):
        case.load("other")


def test_a_dataset_without_fov_estimates_it_as_the_cli_does(tmp_path):
    root = files.write_chase(tmp_path / "CHASE")
    case = vv.open_dataset(root).case("Image_01L")
    estimated = case.load("observer2")
    assert estimated.sources["fov"] == f"estimated from {root / 'Image_01L.jpg'}"
    truth = files.field_of_view()  # the JPEG blurs the tiny disc's rim by a pixel
    assert (estimated.fov & truth).sum() / (estimated.fov | truth).sum() > 0.9


def test_gzipped_stare_files_load(tmp_path):
    case = vv.open_dataset(files.write_stare(tmp_path / "STARE")).case("im0002")
    loaded = case.load("observer2")
    np.testing.assert_array_equal(loaded.reference, files.vessels(2))
    np.testing.assert_array_equal(loaded.candidate, files.vessels(3))
    assert loaded.fundus.shape == (files.HEIGHT, files.WIDTH, 3)


def test_bad_roots_and_folders(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no dataset found"):
        vv.open_dataset(tmp_path / "empty")
    with pytest.raises(InputError, match=r"missing.*not a folder"):
        vv.open_dataset(tmp_path / "missing")
    root = files.write_hrf(tmp_path / "HRF")
    with pytest.raises(InputError, match=r"nowhere.*net predictions folder"):
        vv.open_dataset(root, predictions={"net": tmp_path / "nowhere"})
    with pytest.raises(InputError, match="other observer"):
        vv.open_dataset(files.write_chase(tmp_path / "CHASE"),
                        predictions={"observer2": tmp_path / "HRF"})


def test_open_dataset_is_exported():
    import vesselview.io

    assert vesselview.io.open_dataset is vv.open_dataset
    assert "open_dataset" in vv.__all__


def test_an_id_in_two_splits_is_qualified_and_its_predictions_ambiguous(tmp_path):
    root = files.write_fives(tmp_path / "FIVES", ids=("1_A",))
    for name in ("Original", "Ground truth"):
        (root / "test" / name).mkdir(parents=True)
        for path in (root / "train" / name).iterdir():
            (root / "test" / name / path.name).write_bytes(path.read_bytes())
    _save(tmp_path / "net" / "1_A.png", files.vessels(0))
    dataset = vv.open_dataset(root, predictions={"net": tmp_path / "net"})
    assert [case.id for case in dataset.cases] == ["test/1_A", "train/1_A"]
    assert dataset.ambiguous[0].reason == "its name fits cases test/1_A and train/1_A"
    split = vv.open_dataset(root / "test", predictions={"net": tmp_path / "net"})
    assert split.case("1_A").candidates["net"] == tmp_path / "net" / "1_A.png"


def test_an_unlistable_predictions_folder_is_an_input_error(tmp_path, monkeypatch):
    root = files.write_chase(tmp_path / "CHASE")
    (tmp_path / "net").mkdir()
    real_iterdir = type(tmp_path).iterdir

    def refuse(folder):
        if folder.name == "net":
            raise PermissionError(13, "Permission denied")
        return real_iterdir(folder)

    monkeypatch.setattr(type(tmp_path), "iterdir", refuse)
    with pytest.raises(InputError, match=r"net: cannot be listed.*permissions"):
        vv.open_dataset(root, predictions={"net": tmp_path / "net"})


@pytest.mark.parametrize("layout", list(WRITERS))
def test_a_role_folder_opens_its_dataset_or_says_where_it_is(tmp_path, layout):
    """Every folder of files of every layout: opens the enclosing dataset (a folder named
    like a role: images, 1st_manual, mask, Ground truth...) or an InputError naming it."""
    write, *_ = WRITERS[layout]
    root = write(tmp_path / layout)
    folders = sorted({path.parent for path in root.rglob("*") if path.is_file()} - {root})
    for folder in folders:
        try:
            dataset = vv.open_dataset(folder)
        except InputError as error:
            assert str(folder) in str(error) and "dataset folder" in str(error)
            continue
        assert dataset.layout == layout
        if folder.name in {"images", "1st_manual", "2nd_manual", "mask", "manual1", "Original",
                           "Ground truth", "image", "GT"}:
            assert dataset.root == folder.parent and dataset.cases


def test_a_stray_file_in_a_generic_folder_keeps_the_ids_and_is_reported(tmp_path):
    root = tmp_path / "mine"
    for number in (1, 2, 3):
        _save(root / "images" / f"img_0{number}.png", files.field_of_view())
        _save(root / "labels" / f"img_0{number}_gt.png", files.vessels(number))
    _save(root / "labels" / "notes.png", files.vessels(4))
    dataset = vv.open_dataset(root)
    assert [case.id for case in dataset.cases] == ["img_01", "img_02", "img_03"]
    assert [(issue.method, issue.path.name) for issue in dataset.unmatched] == [
        ("observer1", "notes.png")]
    assert "'_gt'" in dataset.unmatched[0].reason


def test_names_unlike_the_majority_in_every_folder_stay_cases(tmp_path):
    """FIVES-like classes: 1_A, 2_A, 3_N in both folders are three cases, none unmatched."""
    root = tmp_path / "mine"
    for case in ("1_A", "2_A", "3_N"):
        _save(root / "images" / f"{case}.png", files.field_of_view())
        _save(root / "labels" / f"{case}.png", files.vessels(1))
    dataset = vv.open_dataset(root)
    assert len(dataset.cases) == 3 and not dataset.unmatched
    assert all(case.fundus is not None for case in dataset.cases)


def test_a_folder_of_several_datasets_asks_for_one(tmp_path):
    files.write_drive(tmp_path / "data" / "DRIVE")
    files.write_stare(tmp_path / "data" / "STARE")
    with pytest.raises(InputError) as error:
        vv.open_dataset(tmp_path / "data")
    message = str(error.value)
    assert "several datasets" in message
    assert f"DRIVE in {tmp_path / 'data' / 'DRIVE'}" in message
    assert f"STARE in {tmp_path / 'data' / 'STARE'}" in message


@pytest.mark.parametrize("layout, case_id, seeds", [
    ("DRIVE", "01", (1, 2)), ("STARE", "im0001", (1, 2)), ("CHASE_DB1", "Image_01L", (0, 1))])
@pytest.mark.parametrize("observer", [1, 2])
def test_both_observers_a_dataset_ships_are_loaded_into_the_case(tmp_path, layout, case_id,
                                                                  seeds, observer):
    write, *_ = WRITERS[layout]
    root = write(tmp_path / layout)
    _save(tmp_path / "net" / f"{case_id}.png", files.vessels(7))
    dataset_case = vv.open_dataset(root, {"net": tmp_path / "net"}, observer).case(case_id)
    other = f"observer{3 - observer}"
    assert dataset_case.observer == f"observer{observer}"
    assert dataset_case.references == {other: dataset_case.candidates[other]}
    case = dataset_case.load("net")
    assert list(case.references) == ["observer1", "observer2"]
    assert case.observer == f"observer{observer}"
    assert case.references[case.observer] is case.reference
    for number, seed in enumerate(seeds, start=1):
        np.testing.assert_array_equal(case.references[f"observer{number}"], files.vessels(seed))
    assert case.sources[other] == str(dataset_case.candidates[other])
    assert case.warnings == ()


def test_a_case_with_one_observer_loads_one_reference(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE")
    _save(tmp_path / "net" / "21.png", files.vessels(7))
    training = vv.open_dataset(root, {"net": tmp_path / "net"}).case("21")
    assert training.references == {}
    case = training.load("net")
    assert list(case.references) == ["observer1"] and "observer2" not in case.sources
