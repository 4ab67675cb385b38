"""A synthetic DRIVE-like test set with three methods' predictions, written as files.

``test/images/NN_test.tif`` (LZW TIFF), ``test/1st_manual/NN_manual1.gif`` and
``test/mask/NN_test_mask.gif`` (palette GIFs, as DRIVE ships them), and one folder of
0/255 PNG predictions per method, ``<method>/NN_test.png``. Case NN is drawn from
seed NN by `vesselview.synth`: the reference is the seed's vessel tree (grown once per
case, the slow part), and the three methods are a realistic candidate of that tree as
in the demo (``demo``), the tree shifted by 2 px (``shift``) and the tree with gaps of
12 px (``gap``). With ``second_observer``, ``test/2nd_manual/NN_manual2.gif`` (DRIVE's
near-grey palette) holds a second human tracing: the tree with gaps of 3 px, closer to
the reference than any method by Dice and Hausdorff distance, as DRIVE's second
observer is.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from vesselview.engine.case import Case
from vesselview.synth import probability_map, teaching_case
from vesselview.synth.teaching import base, make_case


def _demo(shape: tuple[int, int], seed: int) -> Case:
    material = base(shape, seed)
    return make_case(material, probability_map(material.tree, shape, seed) > 0.5, "demo", seed)


#: Method name -> the case of seed ``s`` and shape ``shape`` whose candidate it predicts.
METHODS = {
    "demo": _demo,
    "shift": lambda shape, s: teaching_case("shift", 2.0, shape, seed=s),
    "gap": lambda shape, s: teaching_case("gap", 12.0, shape, seed=s),
}


#: DRIVE's palettes: the first observer's black/white, the second's near-grey.
_FIRST_PALETTE, _SECOND_PALETTE = [0, 0, 0, 255, 255, 255], [4, 2, 4, 252, 254, 252]


def _palette_gif(path: Path, mask: np.ndarray, palette: list[int] = _FIRST_PALETTE) -> None:
    image = Image.frombytes("P", mask.shape[::-1], mask.astype(np.uint8).tobytes())
    image.putpalette(palette)
    image.save(path)


def write_method_dataset(root: Path, n_cases: int, shape: tuple[int, int] = (584, 565),
                         *, second_observer: bool = False) -> tuple[Path, dict[str, Path]]:
    """Write the dataset under ``root / "DRIVE"`` and the predictions under ``root``.

    Returns
    -------
    dataset : Path
        The DRIVE-like folder.
    predictions : dict of str to Path
        Method name -> its predictions folder.
    """
    dataset = root / "DRIVE"
    names = ["images", "1st_manual", "mask", *(["2nd_manual"] if second_observer else [])]
    folders = {name: dataset / "test" / name for name in names}
    predictions = {method: root / "predictions" / method for method in METHODS}
    for folder in [*folders.values(), *predictions.values()]:
        folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, n_cases + 1):
        name = f"{number:02d}"
        cases: dict[str, Case] = {m: make(shape, number) for m, make in METHODS.items()}
        first = cases["demo"]
        Image.fromarray(first.fundus).save(folders["images"] / f"{name}_test.tif",
                                           compression="tiff_lzw")
        _palette_gif(folders["1st_manual"] / f"{name}_manual1.gif", first.reference)
        _palette_gif(folders["mask"] / f"{name}_test_mask.gif", first.fov)
        if second_observer:
            human = teaching_case("gap", 3.0, shape, seed=number).candidate
            _palette_gif(folders["2nd_manual"] / f"{name}_manual2.gif", human, _SECOND_PALETTE)
        for method, case in cases.items():
            Image.fromarray(case.candidate.astype(np.uint8) * np.uint8(255)).save(
                predictions[method] / f"{name}_test.png")
    return dataset, predictions
