"""``--compare`` refuses to pool metrics measured in pixels over cases of different
resolution (DRIVE cases whose FOVs differ in size, so their derived spacings differ)."""

from __future__ import annotations

from tests.io.dataset_files import halve_fov, write_drive, write_predictions
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
