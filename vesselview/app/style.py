"""Cosmetic settings of one displayed layer (visibility, opacity, colours, outline).

Styles are plain frozen values: the layer panel edits them, the view draws them,
sessions save them. Changing a style never triggers an evaluation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from vesselview.app.probability import NAME as PROBABILITY
from vesselview.engine.families import SAME_PIXEL_GROUPS, STACKED_LAYERS
from vesselview.engine.layers import RGBA

#: The layer shown under all overlays; it is not part of ``Result.layers``.
FUNDUS = "fundus"

#: The fundus starts dimmed so that thin coloured overlays stand out against it.
FUNDUS_OPACITY = 0.5

#: Default stacking, bottom to top: the fundus, the probability map, then the engine's
#: layers by their declared stacking group (`vesselview.engine.families.STACKED_LAYERS`):
#: regions, bands and ranges, tolerated then strict agreement, segments, skeletons, so
#: that a band never hides a skeleton or a false positive inside it. Layers not listed
#: go just under the skeletons.
DEFAULT_ORDER: tuple[str, ...] = (FUNDUS, PROBABILITY, *STACKED_LAYERS)

#: The fundus's tone controls (`LayerStyle.brightness`, `LayerStyle.contrast`): a shift
#: of full scale and a factor on the distance from mid-grey.
BRIGHTNESS_RANGE = (-1.0, 1.0)
CONTRAST_RANGE = (0.25, 4.0)

#: Layers visible when a case is first shown (besides the fundus).
DEFAULT_VISIBLE = frozenset({FUNDUS, "confusion"})

#: Layers that colour the same pixels in the same colours (strict and tolerant agreement
#: both paint true positives white and misses in the reference's hue): the upper one hides
#: the lower entirely and their legends repeat each other, so showing one hides the others
#: of its group (`hidden_by`). Declared by the layers (`LayerTraits.same_pixels`).
SAME_PIXELS: tuple[frozenset[str], ...] = SAME_PIXEL_GROUPS


@dataclasses.dataclass(frozen=True)
class LayerStyle:
    """How one layer is drawn.

    Attributes
    ----------
    visible : bool
    opacity : float
        0 (transparent) .. 1 (opaque).
    colours : tuple of (int, RGBA)
        Colour overrides per class value; classes not listed use the legend colour.
    outline : bool
        Draw class borders only instead of filled regions (``classes`` layers).
    brightness : float
        Added to every channel, as a fraction of full scale (the fundus), in
        `BRIGHTNESS_RANGE`; 0 leaves it.
    contrast : float
        Factor on every channel's distance from mid-grey (the fundus), in
        `CONTRAST_RANGE`; 1 leaves it.
    """

    visible: bool = False
    opacity: float = 0.85
    colours: tuple[tuple[int, RGBA], ...] = ()
    outline: bool = False
    brightness: float = 0.0
    contrast: float = 1.0

    @property
    def colour_map(self) -> dict[int, RGBA]:
        """The colour overrides as a dict (class value -> RGBA)."""
        return dict(self.colours)

    def with_colour(self, value: int, colour: RGBA) -> LayerStyle:
        """A copy with class ``value`` drawn in ``colour``."""
        colours = {**self.colour_map, value: _rgba(colour)}
        return dataclasses.replace(self, colours=tuple(sorted(colours.items())))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (session files)."""
        return {
            "visible": self.visible,
            "opacity": self.opacity,
            "colours": {str(value): list(colour) for value, colour in self.colours},
            "outline": self.outline,
            "brightness": self.brightness,
            "contrast": self.contrast,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LayerStyle:
        """Inverse of `to_dict`; raises ValueError/TypeError/KeyError on malformed data."""
        colours = tuple(
            sorted((int(value), _rgba(colour)) for value, colour in data["colours"].items())
        )
        opacity = _within(float(data["opacity"]), (0.0, 1.0), "opacity")
        # sessions saved before the fundus had tone controls have neither key
        brightness = _within(float(data.get("brightness", 0.0)), BRIGHTNESS_RANGE, "brightness")
        contrast = _within(float(data.get("contrast", 1.0)), CONTRAST_RANGE, "contrast")
        return cls(bool(data["visible"]), opacity, colours, bool(data["outline"]), brightness,
                   contrast)


def default_rank(name: str) -> float:
    """Position of layer ``name`` in the default stacking (`DEFAULT_ORDER`), bottom = 0."""
    if name in DEFAULT_ORDER:
        return DEFAULT_ORDER.index(name)
    return DEFAULT_ORDER.index("reference_skeleton") - 0.5


def hidden_by(name: str) -> frozenset[str]:
    """The layers that showing layer ``name`` hides (its `SAME_PIXELS` group but itself)."""
    return frozenset().union(*(group - {name} for group in SAME_PIXELS if name in group))


def default_style(name: str) -> LayerStyle:
    """The style a layer gets before the user touches it."""
    opacity = FUNDUS_OPACITY if name == FUNDUS else 0.9
    return LayerStyle(visible=name in DEFAULT_VISIBLE, opacity=opacity)


def _within(value: float, bounds: tuple[float, float], name: str) -> float:
    """``value`` when inside ``bounds`` (inclusive), else ValueError naming it."""
    if not bounds[0] <= value <= bounds[1]:
        raise ValueError(f"{name} {value} is outside [{bounds[0]:g}, {bounds[1]:g}]")
    return value


def _rgba(colour: Any) -> RGBA:
    """Validate a 4-component 0..255 colour."""
    values = tuple(int(c) for c in colour)
    if len(values) != 4 or not all(0 <= c <= 255 for c in values):
        raise ValueError(f"colour {colour!r} is not four values in 0..255")
    return values
