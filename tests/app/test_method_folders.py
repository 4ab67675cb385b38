"""A methods parent folder gives one method per sub-folder; the methods opened with a
dataset folder are remembered for it."""

from __future__ import annotations

import pytest

from vesselview.app.method_folders import RememberedMethods, sub_folders
from vesselview.errors import InputError


class Settings(dict):
    """A `SettingsStore` in memory."""

    def value(self, key, default=None):
        return self.get(key, default)

    def setValue(self, key, value):
        self[key] = value


def test_every_visible_sub_folder_is_a_method_by_name(tmp_path):
    for name in ("2007_Soares", "2004_Staal", ".git"):
        (tmp_path / name).mkdir()
    (tmp_path / "README.txt").write_text("results of two methods")
    assert sub_folders(tmp_path) == {"2004_Staal": str(tmp_path / "2004_Staal"),
                                     "2007_Soares": str(tmp_path / "2007_Soares")}


def test_a_parent_without_sub_folders_or_missing_is_named(tmp_path):
    (tmp_path / "01_test.png").write_bytes(b"")
    with pytest.raises(InputError, match=f"{tmp_path}: no sub-folders"):
        sub_folders(tmp_path)
    with pytest.raises(InputError, match="cannot list this folder"):
        sub_folders(tmp_path / "missing")


def test_methods_are_remembered_per_dataset_folder(tmp_path):
    drive, stare = tmp_path / "DRIVE", tmp_path / "STARE"
    folders = {name: tmp_path / name for name in ("unet", "gone", "staal")}
    for folder in (drive, stare, *folders.values()):
        folder.mkdir()
    settings = Settings()
    remembered = RememberedMethods(settings)
    assert remembered.methods(drive) == {} and remembered.last_root() == ""
    remembered.save(drive, {"unet": str(folders["unet"]), "gone": str(folders["gone"])})
    remembered.save(stare, {"staal": str(folders["staal"])})
    folders["gone"].rmdir()
    again = RememberedMethods(settings)  # the next time
    assert again.methods(f"{drive}/") == {"unet": str(folders["unet"])}
    assert again.methods(stare) == {"staal": str(folders["staal"])}
    assert again.last_root() == str(stare)


def test_an_edited_settings_file_is_forgotten_not_fatal(tmp_path):
    settings = Settings({"dataset/method folders": "{not json", "dataset/last folder": 3})
    assert RememberedMethods(settings).methods(tmp_path) == {}
    assert RememberedMethods(settings).last_root() == ""
