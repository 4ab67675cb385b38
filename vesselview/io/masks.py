"""Turn raw pixels into a vessel mask (the rules of ``docs/inputs.md``).

The rules, in order:

1. **Which values** (`vesselview.io.mask_grey`): the alpha channel when only it varies,
   grey from equal channels (a JPEG's within a tolerance), the lighter of two near-grey
   colours; any other colour is an error.
2. **JPEG** masks carry compression noise: a pixel is vessel when its value is above
   ``threshold`` of full scale.
3. **Two values make a binary mask**, whatever they are: bool, any integer image with
   at most two distinct values (0/1, 0/255, 0/65535, {1, 2}, {0, 100}...), or a float
   image of 0 and 1. The higher value is vessel; an image of one value is vessel where
   that value is above 0.
4. **Label images are refused**: an integer image of three or more values all below
   `LABEL_MAXIMUM` ({0, 1, 2}: classes, not grey levels).
5. **Probability maps**: other 8/16-bit images are scaled by full scale (255, 65535),
   floats must lie in [0, 1]; a pixel is vessel when the scaled value is > ``threshold``
   (the rule of `Case.candidate_at`). The scaled map is kept for re-thresholding. A map
   of only a few levels (at most `FEW_LEVELS`, e.g. {0, 128, 255}) is read so but
   warned about: a level may mean "don't care". Other integer types with more than two
   values are refused.
6. **An empty result from non-empty content warns** ("non-zero values but no vessel").

Inverted polarity (vessel = dark) is never guessed: ``invert=True`` flips the vessel
test (the lower of two values, ``1 - p`` for probabilities). The loader also warns about
masks that look inverted.
"""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from vesselview.errors import InputError
from vesselview.io.mask_grey import FULL_SCALE, LOSSY_CHANNEL_TOLERANCE, grey_values
from vesselview.io.readers import RawImage

#: Integer images of 3+ values all below this are label (class) images, refused.
LABEL_MAXIMUM = 16
#: 8/16-bit maps with at most this many distinct values are warned about.
FEW_LEVELS = 8

#: Pixels sampled to recognise a many-valued map before checking every pixel.
_SAMPLE = 4096


class MaskWarning(UserWarning):
    """A mask was read by a documented rule but looks suspicious (see `read_mask`)."""


class PolarityWarning(MaskWarning):
    """A mask looks inverted (more than half of the field of view is vessel)."""


@dataclasses.dataclass(frozen=True, eq=False)
class MaskReading:
    """A binarised mask and, for probability maps, the map it came from.

    Attributes
    ----------
    mask : ndarray of bool, shape (H, W)
        True where vessel.
    soft : ndarray of float32, shape (H, W), or None
        The probability map scaled to [0, 1] (after inversion), or None for masks.
    notes : tuple of str
        Warnings about the reading (few levels, empty despite non-zero values).
    """

    mask: np.ndarray
    soft: np.ndarray | None = None
    notes: tuple[str, ...] = ()


def read_mask(raw: RawImage, *, threshold: float, invert: bool = False) -> MaskReading:
    """Binarise a mask or probability map by the rules of this module.

    Parameters
    ----------
    raw : RawImage
        Pixels of shape (H, W) or (H, W, 3), and the alpha channel if any.
    threshold : float
        Fraction of full scale in [0, 1] above which a JPEG value or a probability is
        vessel.
    invert : bool
        True when vessels are dark (the lower value) in the input.

    Returns
    -------
    MaskReading

    Raises
    ------
    InputError
        For colour, non-finite values, a float map outside [0, 1], a label image, or a
        many-valued integer map that is neither uint8 nor uint16.
    """
    grey = grey_values(raw)
    if raw.lossy:
        fraction = grey / np.float32(255.0)  # Pillow decodes JPEG as 8-bit
        mask = _flipped(fraction, invert) > threshold
        noisy = float(fraction.max()) > LOSSY_CHANNEL_TOLERANCE / 255 and not invert
        return MaskReading(mask, None, _empty_note(raw.label, mask, noisy, threshold))
    if _is_binary(grey):
        mask = _binary_mask(grey, invert)
        return MaskReading(mask, None, _empty_note(raw.label, mask, _has_content(grey, invert),
                                                   threshold))
    notes = _level_notes(grey, raw.label, threshold)
    soft = _flipped(_probability(grey, raw.label), invert)
    mask = soft > threshold
    return MaskReading(mask, soft,
                       notes + _empty_note(raw.label, mask, bool(soft.max() > 0), threshold))


def _is_binary(grey: np.ndarray) -> bool:
    """Rule 3: bool, at most two distinct integer values, or a float image of 0 and 1.

    Checks ``min``/``max`` and one pass for "only those two" (O(n), unlike `np.unique`).
    """
    if grey.dtype == np.bool_:
        return True
    step = max(1, int(np.sqrt(grey.size / _SAMPLE)))
    if len(np.unique(grey[::step, ::step])) > 2:  # a probability map shows it in a sample
        return False
    low, high = grey.min(), grey.max()
    if not np.all((grey == low) | (grey == high)):
        return False
    return grey.dtype.kind != "f" or bool(low in (0, 1) and high in (0, 1))


def _binary_mask(grey: np.ndarray, invert: bool) -> np.ndarray:
    """The higher of two values is vessel (the lower when inverting); one value is vessel
    where it is above 0 (where it is not, when inverting)."""
    if grey.dtype == np.bool_:
        return ~grey if invert else grey
    low, high = grey.min(), grey.max()
    if low == high:
        mask = grey > 0
        return ~mask if invert else mask
    return grey == (low if invert else high)


def _has_content(grey: np.ndarray, invert: bool) -> bool:
    """True when the image holds something other than background: two values, or one
    non-zero value read without inversion."""
    if grey.dtype == np.bool_:
        return bool(grey.any() if not invert else not grey.all())
    return bool(grey.min() != grey.max() or (not invert and grey.max() != 0))


def _level_notes(grey: np.ndarray, label: str, threshold: float) -> tuple[str, ...]:
    """Rules 4 and 5 for 8/16-bit images: refuse label images, warn about few levels."""
    if grey.dtype not in FULL_SCALE:
        return ()
    levels = _levels(grey)
    shown = ", ".join(str(level) for level in levels[:FEW_LEVELS])
    if levels[-1] < LABEL_MAXIMUM:
        raise InputError(_label_image_message(label, shown), source=label)
    if len(levels) > FEW_LEVELS:
        return ()
    return (f"{label}: has only {len(levels)} grey levels ({shown}); read as a probability "
            f"map, vessel above {threshold:g} of full scale — if a level marks 'don't care' "
            "or a class, convert the file (0 = background, 255 = vessel)",)


def _levels(grey: np.ndarray) -> np.ndarray:
    """The distinct values of an 8/16-bit image, sorted (OpenCV's histogram: ~10x faster
    than ``np.bincount``, which first widens every pixel to 64 bits)."""
    bins = int(FULL_SCALE[grey.dtype]) + 1
    histogram = cv2.calcHist([np.ascontiguousarray(grey)], [0], None, [bins], [0, bins])
    return np.flatnonzero(histogram.ravel())


def _label_image_message(label: str, shown: str) -> str:
    return (f"{label}: holds the small values {shown}: a label (class) image, not a vessel "
            "mask or probability map; save the vessel class as 255 (or 1) and everything "
            "else as 0")


def _empty_note(label: str, mask: np.ndarray, content: bool,
                threshold: float) -> tuple[str, ...]:
    """Rule 6: warn when non-zero content gives an empty mask."""
    if not content or mask.any():
        return ()
    return (f"{label}: has non-zero values but no pixel reads as vessel (threshold "
            f"{threshold:g} of full scale): the mask is empty — check the file, the "
            "threshold and the polarity",)


def _probability(grey: np.ndarray, label: str) -> np.ndarray:
    """Scale a many-valued map to float32 in [0, 1] by its dtype's full scale."""
    if grey.dtype in FULL_SCALE:
        return np.divide(grey, np.float32(FULL_SCALE[grey.dtype]), dtype=np.float32)
    if grey.dtype.kind != "f":
        small = grey.min() >= 0 and grey.max() < LABEL_MAXIMUM
        plain = ("It looks like a label (class) image, not a vessel mask; save the vessel "
                 "class as 255 (or 1) and everything else as 0" if small else
                 "Its values fit neither a mask nor a probability map; save the mask with "
                 "two values (black and white) or the probability map as an 8- or 16-bit "
                 "image")
        raise InputError(f"{label}: {plain}", source=label, details=(
            f"more than two distinct {grey.dtype} values; a probability map must be uint8 "
            "(0-255), uint16 (0-65535) or float in [0, 1], and a mask two-valued"))
    low, high = float(grey.min()), float(grey.max())
    if low < 0.0 or high > 1.0:
        raise InputError(
            f"{label}: Its values run from {low:g} to {high:g}, but a probability map runs "
            "from 0 to 1; rescale it to 0-1 (or save it as an 8- or 16-bit image)",
            source=label, details=f"float values span [{low:g}, {high:g}]; a float "
            "probability map must lie in [0, 1]",
        )
    return grey.astype(np.float32)  # a copy: the Case makes its arrays read-only


def _flipped(fraction: np.ndarray, invert: bool) -> np.ndarray:
    """``1 - fraction`` when inverting polarity, else ``fraction``."""
    return np.float32(1.0) - fraction if invert else fraction
