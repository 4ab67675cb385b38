"""The pinned outputs: metric vectors, layer class counts and CLI tables of fixed cases.

`pinned_outputs()` computes them from the public API and the CLI on the stored inputs
(`tests.pinned.inputs`); `golden.json` beside this file holds the values they had when
they were pinned. Run this module as a script to re-pin (only when a change of output is
intended and explained in its commit).
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import tempfile
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

import vesselview as vv
from tests.pinned.inputs import stored_cases
from vesselview.cli.main import main as cli_main

GOLDEN = Path(__file__).with_name("golden.json")


def _number(value: float) -> Any:
    """JSON-safe float: repr round-trips exactly; nan/inf as strings."""
    return value if math.isfinite(value) else repr(value)


def _case_outputs(case: vv.Case) -> dict[str, Any]:
    result = vv.evaluate(case)
    layers = {name: _layer_fingerprint(layer) for name, layer in result.layers.items()}
    return {"metrics": {key: _number(float(value)) for key, value in result.metrics.items()},
            "undefined": dict(result.undefined), "layer_counts": layers}


def _layer_fingerprint(layer: vv.Layer) -> dict[str, Any]:
    """Class counts (class layers) and a digest of the exact pixels (every layer)."""
    data = np.ascontiguousarray(layer.data)
    fingerprint: dict[str, Any] = {
        "dtype": str(data.dtype), "shape": list(data.shape),
        "sha256": hashlib.sha256(data.tobytes()).hexdigest()}
    if layer.kind == "classes":
        fingerprint["counts"] = np.bincount(data.ravel(), minlength=1).tolist()
    return fingerprint


def _write_mask(path: Path, mask: np.ndarray) -> str:
    Image.fromarray(mask.astype(np.uint8) * 255).save(path)
    return path.name


def _cli_outputs() -> dict[str, str]:
    """JSON and CSV of a two-row manifest (paths relative to the manifest)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        rows = []
        cases = stored_cases()
        for index, name in enumerate(("cli_seed0", "cli_seed4")):
            case = cases[name]
            reference = _write_mask(root / f"{index}_ref.png", case.reference)
            candidate = _write_mask(root / f"{index}_pred.png", case.candidate)
            fov = _write_mask(root / f"{index}_fov.png", case.fov)
            rows.append(f"case{index},{reference},{candidate},{fov}")
        manifest = root / "pairs.csv"
        manifest.write_text("id,reference,candidate,fov\n" + "\n".join(rows) + "\n")
        outputs = {}
        for fmt in ("json", "csv"):
            stream = io.StringIO()
            with redirect_stdout(stream):
                code = cli_main(["--manifest", str(manifest), "--format", fmt, "--workers", "1"])
            outputs[fmt] = f"exit {code}\n" + (
                _without_provenance(stream.getvalue(), fmt)
                .replace(vv.__version__, "<version>").replace(folder, "<folder>"))
        return outputs


def _without_provenance(text: str, fmt: str) -> str:
    """The output without its provenance (paths, digests and the command of this machine
    and moment: tested in tests/cli/test_provenance_verify.py), else as written."""
    if fmt != "json":
        return text
    document = json.loads(text)
    del document["provenance"]
    return json.dumps(document, indent=2, allow_nan=False) + "\n"


def pinned_outputs() -> dict[str, Any]:
    """Everything that is pinned, as JSON-ready values."""
    evaluated = ("demo_seed0", "demo_seed3_400x380", "teaching_gap", "demo_soft_seed1")
    cases = stored_cases()
    return {"cases": {name: _case_outputs(cases[name]) for name in evaluated},
            "cli": _cli_outputs()}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(pinned_outputs(), indent=1, sort_keys=True) + "\n")
    print(f"pinned to {GOLDEN}")
