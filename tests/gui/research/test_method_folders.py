"""A method's output folder against a public dataset's reference: one case, named by method."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vesselview.errors import InputError
from vesselview.gui.research.candidates import CandidatesView
from vesselview.gui.research.inputs import folder_candidates
from vesselview.io.loader import load_case
from vesselview.io.writers import write_png
from vesselview.synth import demo_case

from .conftest import JOB_TIMEOUT_MS

SHAPE = (96, 90)


def _drive_test_set(root: Path, methods: tuple[str, ...]) -> Path:
    """DRIVE's ``test/1st_manual/NN_manual1.gif`` and method folders of ``NN_test.png``."""
    manuals = root / "DRIVE" / "test" / "1st_manual"
    manuals.mkdir(parents=True)
    for number in range(1, 21):
        case = demo_case(SHAPE, seed=number)
        write_png(manuals / f"{number:02d}_manual1.png", case.reference)
        for method in methods:
            folder = root / method
            folder.mkdir(exist_ok=True)
            write_png(folder / f"{number:02d}_test.png", case.candidate)
    return manuals / "01_manual1.png"


@pytest.fixture
def reference_01(tmp_path):
    manual = _drive_test_set(tmp_path, ("UNet", "SegNet"))
    renamed = manual.with_name("01_manual1.gif")  # the loader reads by content
    manual.rename(renamed)
    return load_case(renamed, renamed)


def test_only_the_reference_case_is_taken_from_a_method_folder(reference_01, tmp_path):
    assert folder_candidates(str(tmp_path / "UNet"), reference_01) == [
        str(tmp_path / "UNet" / "01_test.png")]


def test_a_folder_without_the_case_says_so(reference_01, tmp_path):
    other = tmp_path / "Other"
    other.mkdir()
    write_png(other / "02_test.png", np.zeros(SHAPE, bool))
    with pytest.raises(InputError, match=r"no file for case 01 .*01_manual1\.gif"):
        folder_candidates(str(other), reference_01)


def test_a_reference_without_case_id_takes_every_file_but_its_own(tmp_path):
    case = demo_case(SHAPE, seed=1)
    write_png(tmp_path / "mine.png", case.reference)
    write_png(tmp_path / "cand.png", case.candidate)
    reference = load_case(tmp_path / "mine.png", tmp_path / "mine.png")
    assert folder_candidates(str(tmp_path), reference) == [str(tmp_path / "cand.png")]


def test_two_method_folders_rank_two_candidates_named_by_method(qtbot, scheduler,
                                                                reference_01, tmp_path):
    view = CandidatesView(scheduler)
    qtbot.addWidget(view)
    view.set_reference(reference_01)
    for method in ("UNet", "SegNet"):
        with qtbot.waitSignal(view.ranked, timeout=JOB_TIMEOUT_MS):
            view.add_folder(str(tmp_path / method))
    assert view.names == ["UNet", "SegNet"]
    view.shutdown()
    scheduler.shutdown()
