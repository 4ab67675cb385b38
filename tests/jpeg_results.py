"""Methods' results saved as binary JPEGs (lossy: grey ringing around every vessel), as files.

Many published result maps are binary masks saved as JPEG. Read at the default
threshold (0.5 of full scale) the ringing is background; at a low threshold (0.02,
about 5 of 255) much of it reads as vessel, so a threshold that wrongly acts on such a
file changes its numbers (`assert_threshold_would_matter`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from tests.demo_dataset import method_masks, write_demo_drive
from vesselview.cli.main import main as cli_main
from vesselview.io import load_case
from vesselview.synth import demo_case

#: The threshold a user sets on a soft map before opening a JPEG result.
LOW_THRESHOLD = 0.02
#: JPEG quality of the written results (a typical export's).
QUALITY = 75


def save_jpeg(path: Path, mask: np.ndarray) -> Path:
    """Write bool ``mask`` as a grey JPEG, 255 = vessel."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(mask.astype(np.uint8) * np.uint8(255)).save(path, quality=QUALITY)
    return path


def save_png(path: Path, pixels: np.ndarray) -> Path:
    """Write a bool mask (0/255) or uint8 grey image as PNG."""
    if pixels.dtype == bool:
        pixels = pixels.astype(np.uint8) * np.uint8(255)
    Image.fromarray(pixels).save(path)
    return path


def write_jpeg_case(folder: Path, shape: tuple[int, int] = (96, 94), seed: int = 1
                    ) -> dict[str, Path]:
    """A demo case's reference and FOV (PNG), its candidate as a binary JPEG and its
    probability map as an 8-bit PNG.

    Returns
    -------
    dict of str to Path
        ``reference``, ``fov``, ``jpeg`` (the binary JPEG candidate), ``soft`` (the map).
    """
    case = demo_case(shape=shape, seed=seed, soft=True)
    assert case.candidate_soft is not None
    folder.mkdir(parents=True, exist_ok=True)
    soft = np.rint(case.candidate_soft * 255).astype(np.uint8)
    return {"reference": save_png(folder / "reference.png", case.reference),
            "fov": save_png(folder / "fov.png", case.fov),
            "jpeg": save_jpeg(folder / "result.jpg", case.candidate),
            "soft": save_png(folder / "soft.png", soft)}


def write_jpeg_drive(root: Path, cases: int = 2, shape: tuple[int, int] = (96, 94)
                     ) -> tuple[Path, dict[str, Path]]:
    """`write_demo_drive` with one method, ``jpeg``, whose results are binary JPEGs.

    Returns
    -------
    (Path, dict of str to Path)
        The dataset folder and ``{"jpeg": its predictions folder}``.
    """
    dataset, _ = write_demo_drive(root, cases=cases, shape=shape, methods=())
    for number in range(1, cases + 1):
        mask = method_masks(demo_case(shape=shape, seed=number).candidate)["good"]
        save_jpeg(root / "jpeg" / f"{number:02d}_test.jpg", mask)
    return dataset, {"jpeg": root / "jpeg"}


def assert_threshold_would_matter(reference: Path, jpeg: Path) -> None:
    """The JPEG reads otherwise at `LOW_THRESHOLD`: a test using it would see the bug."""
    default = load_case(reference, jpeg)
    low = load_case(reference, jpeg, threshold=LOW_THRESHOLD)
    assert np.count_nonzero(low.candidate) > np.count_nonzero(default.candidate)


def cli_records(output: Path, *argv: str) -> list[dict[str, Any]]:
    """The records ``vesselview-eval ARGV --format json`` writes (run in this process)."""
    assert cli_main([*argv, "--format", "json", "--workers", "1", "--output", str(output)]) == 0
    return json.loads(output.read_text())["results"]
