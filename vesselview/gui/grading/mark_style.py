"""How grading marks look: a colour and a hatching per label (Qt-free).

A mark is drawn as an index image (`mark_index`) through a lookup table
(`mark_lookup_table`): each label's translucent fill, with its hatch lines opaque over
it, so two labels differ by their lines as well as their colours.
"""

from __future__ import annotations

import numpy as np

from vesselview.app.label_palette import LABEL_MIN_DELTA_E, distinct_colours
from vesselview.engine.layers import OKABE_ITO, RESERVED_COLOURS, RGBA
from vesselview.io.grading_files import MARK_LABELS

#: How each label is named on screen.
MARK_TITLES: dict[str, str] = {
    "missed_vessel": "Missed vessel",
    "false_vessel": "False vessel",
    "broken_connection": "Broken connection",
    "wrong_width": "Wrong width",
    "ignore": "Ignore (left out of the metrics)",
}
#: Label colours: each means its label only. The four error labels take colours at least
#: `LABEL_MIN_DELTA_E` (CIEDE2000) from every reserved colour of the inspector
#: (`vesselview.engine.layers.COLOUR_MEANINGS`: the segmentation's classes, the yellow
#: highlight, the threshold contour...) and from each other; "ignore" means what the
#: inspector's ignore layer means (left out of the metrics), so it has that layer's colour.
_ERROR_LABELS = ("missed_vessel", "false_vessel", "broken_connection", "wrong_width")
MARK_COLOURS: dict[str, RGBA] = {
    **dict(zip(_ERROR_LABELS, distinct_colours(RESERVED_COLOURS.values(), len(_ERROR_LABELS),
                                               LABEL_MIN_DELTA_E), strict=True)),
    "ignore": OKABE_ITO["reddish_purple"],
}
#: Hatching of each label, so that marks differ without their colour (colour-vision
#: deficiencies, a colour close to the fundus under it): image pixels with
#: ``(a * row + b * column) % HATCH_PERIOD == 0`` for ``(a, b)``, drawn opaque over the
#: translucent fill; None: fill only (as the inspector's ignore layer).
HATCHES: dict[str, tuple[int, int] | None] = {
    "missed_vessel": (1, 0),  # horizontal lines
    "false_vessel": (0, 1),  # vertical lines
    "broken_connection": (1, 1),  # diagonal /
    "wrong_width": (1, -1),  # diagonal \
    "ignore": None,
}
#: How the hatching is named on screen.
HATCH_TITLES: dict[str, str] = {
    "missed_vessel": "horizontal lines", "false_vessel": "vertical lines",
    "broken_connection": "diagonal lines /", "wrong_width": "diagonal lines \\",
    "ignore": "no lines",
}
HATCH_PERIOD = 4  # image pixels between hatch lines
MARK_OPACITY = 0.55  # of the fill; hatch lines are opaque
VIEW_BACKGROUND = (16, 16, 16)  # RGB of the image view where no image is


def mark_lookup_table(opacity: float = MARK_OPACITY) -> np.ndarray:
    """RGBA table (256, 4) uint8 of the mark index image: ``i + 1`` is label ``i``'s
    translucent fill, ``i + 1 + len(MARK_LABELS)`` its opaque hatch lines."""
    table = np.zeros((256, 4), np.uint8)
    for index, label in enumerate(MARK_LABELS, start=1):
        table[index] = (*MARK_COLOURS[label][:3], round(255 * opacity))
        table[index + len(MARK_LABELS)] = MARK_COLOURS[label]
    return table


def hatch(label: str, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """Where ``label``'s hatch lines are: bool, the broadcast shape of ``rows`` (row
    indices of the image, shape (H, 1)) and ``columns`` (shape (1, W))."""
    direction = HATCHES[label]
    if direction is None:
        return np.zeros(np.broadcast_shapes(rows.shape, columns.shape), bool)
    return (direction[0] * rows + direction[1] * columns) % HATCH_PERIOD == 0


def mark_index(masks: dict[str, np.ndarray], top: int = 0, left: int = 0) -> np.ndarray:
    """The mark index image (uint8 (H, W), see `mark_lookup_table`) of ``masks`` (label
    -> bool (H, W)), a crop whose first pixel is the image's (``top``, ``left``)."""
    shape = next(iter(masks.values())).shape
    rows = np.arange(top, top + shape[0])[:, np.newaxis]
    columns = np.arange(left, left + shape[1])[np.newaxis, :]
    index = np.zeros(shape, np.uint8)
    for value, label in enumerate(MARK_LABELS, start=1):
        mask = masks[label]
        index[mask] = value
        index[mask & hatch(label, rows, columns)] = value + len(MARK_LABELS)
    return index


def mark_swatch(label: str, size: int, background: tuple[int, int, int]) -> np.ndarray:
    """How ``label``'s marks look over ``background``: RGB uint8 (size, size, 3)."""
    masks = {name: np.full((size, size), name == label) for name in MARK_LABELS}
    colours = mark_lookup_table()[mark_index(masks)].astype(np.float64)
    alpha = colours[..., 3:] / 255.0
    return np.rint(alpha * colours[..., :3] + (1 - alpha) * background).astype(np.uint8)
