"""``--ignore M`` and the manifest's ``ignore`` column: regions left out of every metric."""

from __future__ import annotations

import json

import numpy as np

from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main


def _files(tmp_path) -> tuple[str, str, str]:
    """A candidate equal to the reference but for a false blob that the ignore mask covers."""
    reference = save_mask(tmp_path / "ref.png", vessel_mask(0))
    candidate = vessel_mask(0)
    candidate[12:15, 14:18] = True
    ignore = np.zeros_like(candidate)
    ignore[11:16, 13:19] = True
    return (str(reference), str(save_mask(tmp_path / "pred.png", candidate)),
            str(save_mask(tmp_path / "ignore.png", ignore)))


def _results(capsys, *argv: str) -> list[dict]:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)["results"]


def test_ignore_leaves_the_region_out_and_is_recorded(capsys, tmp_path):
    reference, candidate, ignore = _files(tmp_path)
    (plain,) = _results(capsys, "--reference", reference, "--candidate", candidate)
    (ignored,) = _results(capsys, "--reference", reference, "--candidate", candidate,
                          "--ignore", ignore)
    assert plain["metrics"]["dice"] < 1.0 and plain["ignore"] is None
    assert ignored["metrics"]["dice"] == 1.0 and ignored["ignore"] == ignore


def test_manifest_ignore_column(capsys, tmp_path):
    reference, candidate, ignore = _files(tmp_path)
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"id,reference,candidate,ignore\na,{reference},{candidate},{ignore}\n"
                        f"b,{reference},{candidate},\n")
    first, second = _results(capsys, "--manifest", str(manifest))
    assert (first["metrics"]["dice"], first["ignore"]) == (1.0, ignore)
    assert second["metrics"]["dice"] < 1.0 and second["ignore"] is None


def test_a_missing_ignore_file_fails_its_row(capsys, tmp_path):
    reference, candidate, _ = _files(tmp_path)
    manifest = tmp_path / "m.csv"
    manifest.write_text(f"id,reference,candidate,ignore\na,{reference},{candidate},gone.png\n")
    assert main(["--manifest", str(manifest)]) == 2
    assert f"m.csv line 2, id 'a': ignore file {tmp_path / 'gone.png'} not found" in \
        capsys.readouterr().err
