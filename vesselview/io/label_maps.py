"""Read a label-map file (artery / vein / ... per pixel) by a `ClassEncoding`.

Which files are label maps is decided by the encoding the user chose, never guessed
from the content alone:

* a **colour** image (channels differ somewhere) is read by the encoding's colours;
* a **grey** image (one channel, or equal channels) is read by its ``values`` when it
  has some (an index map), else it is no label map but a vessel mask (`read_mask`),
  which is also how a binary candidate is scored against an A/V reference.

Every colour or value must be named by the encoding: an unknown one is an error naming
the file, the colour, how many pixels hold it, where the first one is, and the fix. A
JPEG colour map is refused (compression changes its colours).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vesselview.engine.labels import LabelMap
from vesselview.errors import InputError
from vesselview.io.class_encodings import BACKGROUND_NAME, ClassEncoding, colour_name
from vesselview.io.readers import RawImage

#: Unknown colours or values listed by name in an error (the rest are counted).
LISTED_UNKNOWN = 3


def read_label_map(raw: RawImage, encoding: ClassEncoding) -> LabelMap | None:
    """The label map ``raw`` holds under ``encoding``, or None when it is a vessel mask.

    Parameters
    ----------
    raw : RawImage
        Pixels of shape (H, W) or (H, W, 3).
    encoding : ClassEncoding
        The colours and values of the classes.

    Returns
    -------
    LabelMap or None
        Class values as `ClassEncoding.classes` numbers them, with ``raw.label`` as
        source; None for a grey image when the encoding has no ``values``.

    Raises
    ------
    InputError
        Naming the file: a colour or value the encoding does not name (with its pixel
        count and first pixel), a JPEG colour map, or a colour map that is not 8-bit.
    """
    pixels = raw.pixels
    colour = pixels.ndim == 3 and not (np.array_equal(pixels[..., 0], pixels[..., 1])
                                       and np.array_equal(pixels[..., 0], pixels[..., 2]))
    if colour:
        return _colour_map(raw, encoding)
    if not encoding.values:
        return None
    grey = pixels[..., 0] if pixels.ndim == 3 else pixels
    if grey.dtype.kind not in "ub":
        raise InputError(f"{raw.label}: an index label map must hold whole numbers, got "
                         f"{grey.dtype}; save it as an 8- or 16-bit PNG", source=raw.label)
    table = {value: encoding.class_value(name) for value, name in encoding.values.items()}
    table.setdefault(0, 0)
    keys = grey.astype(np.uint32).ravel()
    image = _looked_up(raw, keys, table, encoding, lambda key: f"value {key}")
    return LabelMap(image.reshape(grey.shape), encoding.classes, raw.label)


def _colour_map(raw: RawImage, encoding: ClassEncoding) -> LabelMap:
    """The label map of a colour image, by the encoding's colours."""
    pixels = raw.pixels
    if raw.lossy:
        raise InputError(f"{raw.label}: is a JPEG, whose compression changes the colours "
                         "of a label map; use the map saved as PNG (or TIFF)",
                         source=raw.label)
    if pixels.dtype != np.uint8:
        raise InputError(f"{raw.label}: a colour label map must be 8-bit per channel, got "
                         f"{pixels.dtype}; save it as an 8-bit RGB PNG", source=raw.label)
    table = {_packed(colour): encoding.class_value(name)
             for colour, name in encoding.colours.items()}
    table.setdefault(0, 0)
    channels = pixels.astype(np.uint32)
    keys = ((channels[..., 0] << 16) | (channels[..., 1] << 8) | channels[..., 2]).ravel()
    image = _looked_up(raw, keys, table, encoding, lambda key: colour_name(_unpacked(key)))
    return LabelMap(image.reshape(pixels.shape[:2]), encoding.classes, raw.label)


def _looked_up(raw: RawImage, keys: np.ndarray, table: dict[int, int],
               encoding: ClassEncoding, name_of: Callable[[int], str]) -> np.ndarray:
    """Class value per key (flat uint8), refusing keys ``table`` does not hold.

    A sorted search over the few known keys keeps this one pass over the pixels
    (``np.unique`` would sort all of them).
    """
    known = np.array(sorted(table), dtype=np.uint32)
    values = np.array([table[key] for key in sorted(table)], dtype=np.uint8)
    index = np.minimum(np.searchsorted(known, keys), known.size - 1)
    hit = known[index] == keys
    if not hit.all():
        raise _unknown(raw, keys, hit, encoding, name_of)
    return values[index]


def _unknown(raw: RawImage, keys: np.ndarray, hit: np.ndarray, encoding: ClassEncoding,
             name_of: Callable[[int], str]) -> InputError:
    """The error for keys no class names: the most frequent listed, the first located."""
    missing, counts = np.unique(keys[~hit], return_counts=True)
    order = np.argsort(-counts, kind="stable")[:LISTED_UNKNOWN]
    width = raw.pixels.shape[1]
    first_at = {int(key): divmod(int(np.flatnonzero(keys == key)[0]), width)
                for key in missing[order]}
    listed = "; ".join(
        f"{name_of(int(missing[i]))} in {int(counts[i])} pixels (the first at row "
        f"{first_at[int(missing[i])][0]}, column {first_at[int(missing[i])][1]})"
        for i in order)
    more = missing.size - order.size
    others = f" and {more} more" if more > 0 else ""
    known = encoding.describe() or "none"
    return InputError(
        f"{raw.label}: holds {listed}{others}, which the class mapping "
        f"{encoding.name!r} does not name (it names: black {BACKGROUND_NAME}, {known}); if "
        "they are classes, name them in a mapping file (CLI --classes MAPPING.json, API "
        "classes='MAPPING.json'; see docs/inputs.md), else repaint those pixels",
        source=raw.label, details="unknown label colour or value")


def _packed(colour: tuple[int, int, int]) -> int:
    return (colour[0] << 16) | (colour[1] << 8) | colour[2]


def _unpacked(key: int) -> tuple[int, int, int]:
    return (key >> 16) & 255, (key >> 8) & 255, key & 255
