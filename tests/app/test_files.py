"""Chosen files per role and the recent-files list."""

from __future__ import annotations

import pytest

from vesselview.app.files import MAX_RECENT, CaseFiles, RecentFiles


def test_case_files_complete_only_with_reference_and_candidate():
    files = CaseFiles().with_role("fov", "m.png")
    assert not files.complete
    files = files.with_role("reference", "r.png")
    assert not files.complete
    assert files.with_role("candidate", "c.png").complete
    assert CaseFiles.from_dict(files.to_dict()) == files


def test_case_files_reject_unknown_roles():
    with pytest.raises(TypeError):
        CaseFiles.from_dict({"mask": "m.png"})


def test_recent_files_newest_first_unique_and_bounded(settings, tmp_path):
    recent = RecentFiles(settings)
    assert recent.entries() == []
    for index in range(MAX_RECENT + 3):
        recent.add("candidate", str(tmp_path / f"{index}.png"))
    recent.add("reference", str(tmp_path / "5.png"))
    recent.add("candidate", str(tmp_path / "12.png"))
    entries = recent.entries()
    assert len(entries) == MAX_RECENT
    assert entries[0] == ("candidate", str(tmp_path / "12.png"))
    assert entries[1] == ("reference", str(tmp_path / "5.png"))
    assert len(set(entries)) == len(entries)


def test_recent_files_ignore_foreign_entries(settings):
    settings.setValue("recent_files", ["no tab here", "colour\t/x.png", "fov\t/m.png"])
    assert RecentFiles(settings).entries() == [("fov", "/m.png")]
