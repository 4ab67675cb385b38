"""A DRIVE-like dataset of synthetic cases with folders of methods' results, written by
the tests and benchmarks (`vesselview.synth.demo_case`, one seed per case).

DRIVE's layout and encodings: ``test/images/NN_test.tif`` (LZW TIFF photograph),
``test/1st_manual/NN_manual1.gif`` and ``test/mask/NN_test_mask.gif`` (palette GIFs);
each method writes ``<method>/NN_test.png`` (8-bit grey, 255 = vessel):

- ``good``: the demo candidate (realistic errors);
- ``thick``: the demo candidate widened by one column (lower precision);
- ``thin_lost``: the demo candidate opened (thin vessels lost).

With ``second_observer``, ``test/2nd_manual/NN_manual2.gif`` (DRIVE's near-grey palette)
is a second human tracing: the reference with every 17th column left out.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image
from scipy import ndimage

from vesselview.synth import demo_case

METHODS = ("good", "thick", "thin_lost")


def _palette(path: Path, mask: np.ndarray, palette: tuple[int, ...] = (0, 0, 0, 255, 255, 255)
             ) -> None:
    height, width = mask.shape
    image = Image.frombytes("P", (width, height), mask.astype(np.uint8).tobytes())
    image.putpalette(palette)
    image.save(path)


def _png(path: Path, mask: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(mask.astype(np.uint8) * np.uint8(255)).save(path)


def method_masks(candidate: np.ndarray) -> dict[str, np.ndarray]:
    """Each method's result for one case's demo candidate (bool (H, W))."""
    return {"good": candidate,
            "thick": candidate | np.roll(candidate, 1, axis=1),
            "thin_lost": ndimage.binary_opening(candidate)}


def write_demo_drive(root: Path, cases: int = 4, shape: tuple[int, int] = (96, 94),
                     methods: tuple[str, ...] = METHODS, *, second_observer: bool = False
                     ) -> tuple[Path, dict[str, Path]]:
    """Write ``cases`` DRIVE test cases and the ``methods``' folders under ``root``.

    Returns
    -------
    (Path, dict of str to Path)
        The dataset folder and method name -> predictions folder.
    """
    dataset = root / "DRIVE"
    for number in range(1, cases + 1):
        case = demo_case(shape=shape, seed=number)
        name = f"{number:02d}"
        images = dataset / "test" / "images"
        images.mkdir(parents=True, exist_ok=True)
        Image.fromarray(case.fundus).save(images / f"{name}_test.tif", compression="tiff_lzw")
        for folder, file, mask in (("1st_manual", f"{name}_manual1.gif", case.reference),
                                   ("mask", f"{name}_test_mask.gif", case.fov)):
            (dataset / "test" / folder).mkdir(parents=True, exist_ok=True)
            _palette(dataset / "test" / folder / file, mask)
        if second_observer:
            (dataset / "test" / "2nd_manual").mkdir(exist_ok=True)
            human = case.reference & (np.arange(shape[1]) % 17 != 0)
            _palette(dataset / "test" / "2nd_manual" / f"{name}_manual2.gif", human,
                     (4, 2, 4, 252, 254, 252))
        masks = method_masks(case.candidate)
        for method in methods:
            _png(root / method / f"{name}_test.png", masks[method])
    return dataset, {method: root / method for method in methods}
