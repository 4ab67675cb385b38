"""`LabelMap`: an image of vessel classes (e.g. artery / vein / crossing / uncertain).

A label map is an integer image whose value 0 is background and whose other values name
classes (``classes``). It is validated once, when built, and holds a read-only canonical
copy of its image (`vesselview.engine.canonical.held_copy`), like the masks of a `Case`.
Reading the colour encodings the artery/vein datasets ship is not its business: it is
built from arrays.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import numpy as np

from vesselview.engine.canonical import held_copy
from vesselview.engine.frozen_mapping import FrozenMapping
from vesselview.errors import InputError

#: The value every label map reserves for background (no vessel).
BACKGROUND = 0


@dataclasses.dataclass(frozen=True, eq=False)
class LabelMap:
    """Vessel classes per pixel, validated.

    Attributes
    ----------
    image : ndarray of uint8, shape (H, W)
        The class value of each pixel; 0 is background. Held as a read-only,
        C-contiguous copy.
    classes : Mapping[int, str]
        Class name by value for every non-zero value the image may hold, e.g.
        ``{1: "artery", 2: "vein", 3: "crossing", 4: "uncertain"}``; kept read-only,
        by increasing value.
    source : str
        Where the map came from (a file path, or ``"<array>"``).

    Raises
    ------
    InputError
        Naming the source: when ``image`` is not a non-empty 2-D uint8 array, a class
        value is not an integer in 1..255 or a name is not a non-empty string (or is
        repeated), or the image holds a non-zero value that names no class (the values
        listed, with the fix).

    Examples
    --------
    >>> labels = LabelMap(np.array([[0, 1], [2, 1]], np.uint8), {1: "artery", 2: "vein"})
    >>> dict(labels.classes), labels.shape
    ({1: 'artery', 2: 'vein'}, (2, 2))
    """

    image: np.ndarray
    classes: Mapping[int, str]
    source: str = "<array>"

    def __post_init__(self) -> None:
        classes = self._checked_classes()
        self._check_image()
        self._check_values(classes)
        object.__setattr__(self, "classes", FrozenMapping(classes))
        object.__setattr__(self, "image", held_copy(self.image))

    def _checked_classes(self) -> dict[int, str]:
        """The classes as ``{int value: name}`` by increasing value, checked."""
        if not isinstance(self.classes, Mapping):
            raise self._error(f"classes must map values to names, got "
                              f"{type(self.classes).__name__}")
        checked: dict[int, str] = {}
        for value, name in self.classes.items():
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                    or not 1 <= value <= 255:
                raise self._error(f"class value {value!r} must be an integer in 1..255 "
                                  f"({BACKGROUND} is background)")
            if not isinstance(name, str) or not name.strip():
                raise self._error(f"class {value} must have a non-empty name, got {name!r}")
            if name in checked.values():
                raise self._error(f"class name {name!r} is given to two values")
            checked[int(value)] = name
        return dict(sorted(checked.items()))

    def _check_image(self) -> None:
        image = self.image
        if not isinstance(image, np.ndarray):
            raise self._error(f"image must be a numpy array, got {type(image).__name__}")
        if image.ndim != 2 or 0 in image.shape or image.dtype != np.uint8:
            raise self._error(f"image must be a non-empty 2-D uint8 array, got {image.dtype} "
                              f"of shape {image.shape}")

    def _check_values(self, classes: Mapping[int, str]) -> None:
        """Refuse values of the image that name no class."""
        present = np.flatnonzero(np.bincount(self.image.ravel(), minlength=256))
        unknown = [int(value) for value in present if value != BACKGROUND
                   and value not in classes]
        if unknown:
            named = ", ".join(f"{value} {name}" for value, name in classes.items()) or "none"
            raise self._error(f"holds values {', '.join(map(str, unknown))} that name no "
                              f"class (classes: {named}); add them to classes, or set those "
                              f"pixels to {BACKGROUND} (background)")

    def _error(self, problem: str) -> InputError:
        return InputError(f"Label map ({self.source}): {problem}", source=self.source)

    @property
    def shape(self) -> tuple[int, int]:
        """Image shape ``(H, W)`` in pixels."""
        return self.image.shape

    def cleared(self, region: np.ndarray) -> LabelMap:
        """This map with the pixels of ``region`` (bool (H, W)) set to background."""
        return dataclasses.replace(self, image=np.where(region, np.uint8(BACKGROUND),
                                                        self.image))
