"""``--compare`` refuses to pool metrics measured in pixels over cases of different
resolution (DRIVE cases whose FOVs differ in size, so their derived spacings differ)."""

from __future__ import annotations

import pytest

from tests.io.dataset_files import halve_fov, write_drive, write_predictions
from tests.mask_files import save_mask, vessel_mask
from vesselview.cli import batch
from vesselview.cli.main import main


def _mixed_drive(tmp_path):
    """A DRIVE test set whose case 02 has a FOV of half the diameter, and a method."""
    root = write_drive(tmp_path / "DRIVE", test_ids=(1, 2), training_ids=())
    halve_fov(root, "test", 2)
    return root, write_predictions(tmp_path / "unet", [("01_test.png", 4), ("02_test.png", 5)])


def test_compare_over_cases_of_different_resolution_is_refused(capsys, tmp_path) -> None:
    root, predictions = _mixed_drive(tmp_path)
    output = tmp_path / "report.md"
    code = main(["--dataset", str(root), "--predictions", f"unet={predictions}", "--compare",
                 "--format", "markdown", "--output", str(output), "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 2 and not output.exists()
    assert ("error: --compare would pool metrics measured in pixels (se_thin, se_thick, "
            "mse, hausdorff") in err
    assert ("over cases of different resolution: cases 01 at 720 µm per pixel and 02 at "
            "1440, 2.00x apart (more than the 5% tolerance)") in err
    assert "compare the cases of one resolution at a time" in err


def test_metrics_independent_of_the_pixel_size_are_compared(capsys, tmp_path) -> None:
    root, predictions = _mixed_drive(tmp_path)
    code = main(["--dataset", str(root), "--predictions", f"unet={predictions}", "--compare",
                 "--metrics", "dice,se,cldice", "--format", "markdown", "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "dice" in out.lower() and "f1_t" not in out


def test_spacings_given_up_front_are_checked_before_any_work(capsys, tmp_path,
                                                             monkeypatch) -> None:
    monkeypatch.setattr(batch, "run_pairs", _no_evaluation)
    save_mask(tmp_path / "ref.png", vessel_mask(0))
    save_mask(tmp_path / "cand.png", vessel_mask(1))
    manifest = tmp_path / "pairs.csv"
    manifest.write_text("id,reference,candidate,spacing_um\na,ref.png,cand.png,24\n"
                        "b,ref.png,cand.png,7\n")
    code = main(["--manifest", str(manifest), "--compare", "--workers", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert ("error: --compare would pool metrics measured in pixels (se_thin, se_thick, "
            "mse, hausdorff") in err
    assert "cases b at 7 µm per pixel and a at 24, 3.43x apart" in err


def _no_evaluation(*args, **kwargs):
    raise AssertionError("a refused comparison evaluates nothing")


@pytest.mark.parametrize("length", ["1000um", "20%fov"])
def test_tolerances_in_micrometres_or_fov_percent_are_compared(capsys, tmp_path,
                                                               length) -> None:
    root, predictions = _mixed_drive(tmp_path)
    code = main(["--dataset", str(root), "--predictions", f"unet={predictions}", "--compare",
                 "--metrics", "dice,f1_t", "--set", f"t={length}", "--format", "json",
                 "--workers", "1"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "f1_t" in out
