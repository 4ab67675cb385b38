"""Dataset folders that cannot be read are errors naming them, never skipped silently.

The tests run as root, who can list a folder of mode 0o000, so "cannot be listed" is
simulated by making `os.scandir` (what `os.walk` lists with) refuse that folder; a real
permission test as another user is not possible here.
"""

from __future__ import annotations

import os

import pytest

import vesselview as vv
from tests.io import dataset_files as files
from vesselview.errors import InputError


def _refuse_listing(monkeypatch, name: str) -> None:
    """`os.scandir` raises PermissionError for folders called ``name``, as for a user
    without read permission."""
    real_scandir = os.scandir

    def scandir(path="."):
        if os.path.basename(os.fspath(path)) == name:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)


@pytest.mark.parametrize("folder", ["2nd_manual", "mask", "1st_manual", "images"])
def test_an_unlistable_role_folder_is_an_error_naming_it(tmp_path, monkeypatch, folder):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    _refuse_listing(monkeypatch, folder)
    with pytest.raises(InputError) as raised:
        vv.open_dataset(root)
    message = str(raised.value)
    assert message.startswith(f"{root / 'test' / folder}: this folder of the dataset cannot "
                              "be listed (Permission denied)")
    assert "check the folder and its permissions" in message
    assert raised.value.source == str(root / "test" / folder)


def test_an_unlistable_dataset_root_is_an_error_naming_it(tmp_path, monkeypatch):
    root = files.write_stare(tmp_path / "STARE")
    _refuse_listing(monkeypatch, "STARE")
    with pytest.raises(InputError, match=f"^{root}: this folder of the dataset cannot be"):
        vv.open_dataset(root)


@pytest.mark.parametrize("folder", ["2nd_manual", "mask"])
def test_a_file_in_place_of_a_role_folder_is_an_error(tmp_path, folder):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=())
    for path in (root / "test" / folder).iterdir():
        path.unlink()
    (root / "test" / folder).rmdir()
    (root / "test" / folder).write_text("not a folder")
    with pytest.raises(InputError, match=rf"test/{folder}: is a file where the dataset's "
                                         rf"folder {folder}/ is expected"):
        vv.open_dataset(root)


def test_a_broken_link_in_place_of_a_role_folder_is_an_error(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1,), training_ids=())
    moved = tmp_path / "elsewhere"
    (root / "test" / "2nd_manual").rename(moved)
    (root / "test" / "2nd_manual").symlink_to(tmp_path / "gone")
    with pytest.raises(InputError, match=r"2nd_manual: is a broken link \(to .*gone\)"):
        vv.open_dataset(root)


def test_linked_folders_are_followed_once(tmp_path):
    root = files.write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    (root / "test" / "2nd_manual").rename(tmp_path / "second")
    (root / "test" / "2nd_manual").symlink_to(tmp_path / "second")
    (root / "test" / "loop").symlink_to(root)  # a link back up: walked once, no loop
    dataset = vv.open_dataset(root)
    assert [case.id for case in dataset.cases] == ["01", "02"]
    assert dataset.case("02").candidates["observer2"] == \
        root / "test" / "2nd_manual" / "02_manual2.gif"
    assert not dataset.ambiguous
