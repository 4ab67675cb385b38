"""Cursor readout: a short status-bar line and a full description of one pixel.

Both come from ``Result.explain(row, col)``. The line puts what is most specific to the
pixel first (its SS segment, then its classes in the shown layers), so the part a
narrow status bar cuts off is the least important (position, FOV). Layers are named by
what they show, never by their internal keys.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from vesselview.app.length_units import LengthScale
from vesselview.engine.families import LAYER_TRAITS
from vesselview.gui.inspector.segments_table import invalid_reason

#: A segment is valid when more than this share of its length (n_S > 0.6·n_R) and more
#: than `_MIN_ASSIGNED` candidate pixels are assigned to it (docs/metrics.md, SS).
_MIN_SHARE, _MIN_ASSIGNED = 0.6, 3
BAND_NAMES = {"t": "t", "cal_alpha": "CAL α", "cal_beta": "CAL β"}
#: Layers the readout leaves out: said by "bands" or by the explain field the layer
#: declares (`LayerTraits.explained_by`: "inside FOV", the SS segment summary).
_SAID_ELSEWHERE = frozenset(name for name, traits in LAYER_TRAITS.items()
                            if traits.kind == "band" or traits.explained_by)
#: Lengths in pixels, as written when no other unit is chosen.
PIXELS = LengthScale()
#: Layers whose class names need the layer's name in front ("TP: both" in which layer?);
#: the class names of every other layer say what they are ("reference skeleton").
_LAYER_PREFIXES = {"confusion": "strict", "tolerant": "tolerant", "fuzzy_reference": "membership"}


def format_distance(value: float | None, scale: LengthScale = PIXELS) -> str:
    """A distance of ``value`` pixels for display in ``scale``'s unit ("none" when the
    mask is empty, "pending" while a partial result has no distance maps yet).

    Examples
    --------
    >>> format_distance(2.0), format_distance(math.inf), format_distance(None)
    ('2.00 px', 'none (mask empty)', 'pending')
    >>> format_distance(2.0, LengthScale("um", 24.5))
    '49.0 µm'
    """
    if value is None:
        return "pending"
    if math.isinf(value):
        return "none (mask empty)"
    return scale.text(value)


def format_segment(segment: Mapping[str, Any]) -> str:
    """SS segment summary: label, length, scores and validity.

    Examples
    --------
    >>> format_segment({"label": 4, "length": 15, "n_s": 5, "cs": 0.9, "ts": 0.5,
    ...                 "score": 0.0, "valid": False})
    'SS segment 4: n_R 15, n_S 5, cs 0.900, ts 0.500, score 0 (invalid: n_S 5 ≤ 0.6·n_R = 9)'
    """
    fields = [f"{name} {_number(segment[key])}"
              for key, name in (("length", "n_R"), ("n_s", "n_S"), ("cs", "cs"), ("ts", "ts"))
              if key in segment]
    valid = segment.get("valid", True)
    if "score" in segment:
        fields.append(f"score {_number(segment['score'])}" if valid else "score 0")
    text = f"SS segment {segment['label']}" + (f": {', '.join(fields)}" if fields else "")
    if valid:
        return text
    if "length" in segment and "n_s" in segment:
        return f"{text} (invalid: {invalid_reason(segment['length'], segment['n_s'])})"
    return f"{text} (invalid)"

def plain_segment(segment: Mapping[str, Any], scale: LengthScale = PIXELS) -> str:
    """The SS segment summary in plain words, its length in ``scale``'s unit (the status
    line; `format_segment` has the symbols and the pixel counts, for the tooltip).

    Examples
    --------
    >>> plain_segment({"label": 4, "length": 15, "n_s": 12, "score": 0.892, "valid": True})
    'reference segment 4, 15 px long: 12 candidate pixels matched to it, score 0.89 of 1'
    >>> plain_segment({"label": 4, "length": 15, "n_s": 5, "score": 0.0, "valid": False})
    'reference segment 4, 15 px long: only 5 candidate pixels matched to it (more than 9 \
needed), so it scores 0'
    >>> plain_segment({"label": 4, "length": 15, "n_s": 12, "valid": True},
    ...               LengthScale("um", 24.1))
    'reference segment 4, 361.5 µm long: 12 candidate pixels matched to it'
    """
    text = f"reference segment {segment['label']}"
    if "length" not in segment or "n_s" not in segment:
        return text
    n_r, n_s = segment["length"], segment["n_s"]
    text += f", {scale.text(n_r, px_decimals=0)} long"
    if segment.get("valid", True):
        score = segment.get("score", math.nan)
        scored = "" if math.isnan(score) else f", score {score:.2f} of 1"
        return f"{text}: {n_s} candidate pixels matched to it{scored}"
    needed = max(_MIN_ASSIGNED, math.floor(_MIN_SHARE * n_r))
    return (f"{text}: only {n_s} candidate pixels matched to it "
            f"(more than {needed} needed), so it scores 0")


def readout_facts(info: Mapping[str, Any], plain: bool = False,
                  scale: LengthScale = PIXELS) -> list[str]:
    """The facts about one pixel, most specific first.

    Parameters
    ----------
    info : Mapping
        The dict returned by ``Result.explain(row, col)``.
    plain : bool
        Say the SS segment in plain words (`plain_segment`) instead of its symbols.
    scale : LengthScale, optional
        Give the distances (and the plain segment's length) in its unit (default: px).

    Returns
    -------
    list of str
        SS segment, layer classes, bands, mask values, distances, FOV, position.
    """
    segment = info["segment"]
    facts = [] if segment is None else [
        plain_segment(segment, scale) if plain else format_segment(segment)]
    facts.extend(_class_text(name, value) for name, value in info["layers"].items()
                 if value and name not in _SAID_ELSEWHERE)
    if info["bands"]:
        facts.append("bands: " + ", ".join(BAND_NAMES.get(b, b) for b in info["bands"]))
    facts.append(f"reference: {_vessel(info['reference'])}, "
                 f"candidate: {_vessel(info['candidate'])}")
    to_reference, to_candidate = (format_distance(info[key], scale) for key in
                                  ("distance_to_reference", "distance_to_candidate"))
    facts.append(f"distance to reference {to_reference}, to candidate {to_candidate}")
    facts.append("inside FOV" if info["inside_fov"] else "outside FOV")
    facts.append(f"row {info['row']}, col {info['col']}")
    return facts


def format_readout(info: Mapping[str, Any], scale: LengthScale = PIXELS) -> str:
    """Describe one pixel on one status-bar line in plain words (`readout_facts` joined
    by " | "; the symbols are in `format_readout_details`).

    Examples
    --------
    >>> format_readout({"row": 3, "col": 4, "inside_fov": True, "reference": True,
    ...     "candidate": False, "distance_to_reference": 0.0, "distance_to_candidate": 2.0,
    ...     "bands": ["t"], "segment": None, "layers": {"confusion": "FN: reference only"}})
    'strict FN: reference only | bands: t | reference: vessel, candidate: background | \
distance to reference 0.00 px, to candidate 2.00 px | inside FOV | row 3, col 4'
    """
    return " | ".join(readout_facts(info, plain=True, scale=scale))


def format_readout_details(info: Mapping[str, Any], scale: LengthScale = PIXELS) -> str:
    """The same facts one per line, for a tooltip or a readout panel."""
    return "\n".join(readout_facts(info, scale=scale))


def _class_text(layer: str, class_name: str) -> str:
    prefix = _LAYER_PREFIXES.get(layer)
    return f"{prefix} {class_name}" if prefix else class_name


def _number(value: Any) -> str:
    """Segment field for display: floats to 3 decimals, ``n/a`` when undefined (``nan``)."""
    if isinstance(value, float):
        return "n/a" if math.isnan(value) else f"{value:.3f}"
    return str(value)


def _vessel(flag: bool) -> str:
    return "vessel" if flag else "background"
