"""The pinned inputs: the masks of the pinned cases, stored so that no drawing library moves them.

The cases are the synthetic ones of `vesselview.synth`, but the synthesis draws with
OpenCV, whose ``cv2.line`` with sub-pixel coordinates rasterises differently from 5.0
on (4.x gives about 1000 other pixels per case). The pinned outputs check the metrics,
so they evaluate these stored masks on every OpenCV release `pyproject.toml` allows;
`test_synthetic_inputs.py` checks that the synthesis still draws them (OpenCV >= 5).

``inputs.npz`` holds per case ``<name>.shape`` and the bit-packed ``<name>.reference``,
``<name>.candidate``, ``<name>.fov``; the soft case also ``<name>.soft_code``: its
probability map in 16 levels (``(code + 0.5) / 16``) that keep each pixel's side of 0.5,
the only threshold the pinned outputs use. Run ``python -m tests.pinned.inputs`` to
re-store them from the synthesis (only when the synthesis changes on purpose).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

import vesselview as vv
from vesselview.synth import demo_case, teaching_case

INPUTS = Path(__file__).with_name("inputs.npz")
#: The probability of the stored soft case is compared with this threshold only.
SOFT_THRESHOLD = 0.5
#: Levels kept of the soft case's probability map (16 keep ``inputs.npz`` small).
SOFT_LEVELS = 16
_MASKS = ("reference", "candidate", "fov")


def synthetic_cases() -> dict[str, vv.Case]:
    """The pinned cases as the synthesis draws them: four evaluated, two for the CLI."""
    return {
        "demo_seed0": demo_case(seed=0),
        "demo_seed3_400x380": demo_case((400, 380), seed=3),
        "teaching_gap": teaching_case("gap", 0.6, seed=5),
        "demo_soft_seed1": demo_case(seed=1, soft=True),
        "cli_seed0": demo_case((120, 110), seed=0),
        "cli_seed4": demo_case((120, 110), seed=4),
    }


def soft_code(probability: np.ndarray) -> np.ndarray:
    """`SOFT_LEVELS` levels of a probability map, on the same side of `SOFT_THRESHOLD`."""
    code = np.clip(np.floor(probability * SOFT_LEVELS), 0, SOFT_LEVELS - 1).astype(np.uint8)
    middle = SOFT_LEVELS // 2  # (middle + 0.5) / SOFT_LEVELS is the first level above 0.5
    above = probability > SOFT_THRESHOLD
    code[above & (code < middle)] = middle
    code[~above & (code >= middle)] = middle - 1
    return code


def soft_map(code: np.ndarray) -> np.ndarray:
    """The probability map of `soft_code` levels: each level's centre, float32."""
    return ((code.astype(np.float32) + np.float32(0.5)) / np.float32(SOFT_LEVELS))


def _stored_arrays(case: vv.Case, name: str) -> dict[str, np.ndarray]:
    arrays = {f"{name}.shape": np.array(case.reference.shape)}
    arrays |= {f"{name}.{mask}": np.packbits(getattr(case, mask)) for mask in _MASKS}
    if case.candidate_soft is not None:
        arrays[f"{name}.soft_code"] = soft_code(case.candidate_soft)
    return arrays


def stored_cases() -> dict[str, vv.Case]:
    """The pinned cases from ``inputs.npz``, in `synthetic_cases` order."""
    with np.load(INPUTS) as stored:
        names = [key.removesuffix(".shape") for key in stored.files if key.endswith(".shape")]
        return {name: _stored_case(stored, name) for name in names}


def _stored_case(stored: np.lib.npyio.NpzFile, name: str) -> vv.Case:
    shape = tuple(stored[f"{name}.shape"].tolist())
    masks = {mask: np.unpackbits(stored[f"{name}.{mask}"], count=shape[0] * shape[1])
             .reshape(shape).astype(bool) for mask in _MASKS}
    soft = None
    if f"{name}.soft_code" in stored.files:
        soft = soft_map(stored[f"{name}.soft_code"])
    return vv.Case(**masks, candidate_soft=soft)


if __name__ == "__main__":
    arrays: dict[str, np.ndarray] = {}
    for case_name, synthetic in synthetic_cases().items():
        arrays |= _stored_arrays(synthetic, case_name)
    np.savez_compressed(INPUTS, **arrays)
    print(f"stored in {INPUTS}")
