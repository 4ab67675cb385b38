"""Rows that cannot be used stop with exit 2 naming file, line and id; nothing vanishes.

A manifest ``observer`` cell ``²`` passed ``isdigit()`` and then failed the whole run;
it is now that row's error. Grades whose ids are spelt unlike the cases' (``1`` for
``01``) match by the case id rule; a graded row that still matches no pair stops the
run before any work unless ``--allow-unmatched`` is given.
"""

from __future__ import annotations

import json

from tests.mask_files import save_mask, vessel_mask
from vesselview.cli.main import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_observer_cell_in_superscript_fails_its_row_only(capsys, tmp_path):
    save_mask(tmp_path / "ref.png", vessel_mask(0))
    save_mask(tmp_path / "pred.png", vessel_mask(1))
    manifest = tmp_path / "pairs.csv"
    manifest.write_text("id,reference,candidate,observer\na,ref.png,pred.png,1\n"
                        "b,ref.png,pred.png,²\nc,ref.png,pred.png,\n", encoding="utf-8")
    code, out, err = _run(capsys, "--manifest", str(manifest), "--workers", "1")
    assert code == 2
    assert err.splitlines() == [
        f"vesselview-eval: error: {manifest} line 3, id 'b': observer '²' is not an observer "
        "number; write 1, 2, ... in plain digits, or leave the cell empty"]
    results = json.loads(out)["results"]
    assert [(r["id"], r["observer"], r["error"] is None) for r in results] == [
        ("a", 1, True), ("b", None, False), ("c", None, True)]
