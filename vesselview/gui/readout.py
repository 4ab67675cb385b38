"""Cursor readout: one status-bar line from ``Result.explain(row, col)``."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

BAND_NAMES = {"t": "t", "cal_alpha": "CAL α", "cal_beta": "CAL β"}
#: Layers the readout leaves out (already said by "inside FOV" and "bands").
_SAID_ELSEWHERE = frozenset({"fov", "band_t", "band_alpha", "band_beta"})


def format_distance(value: float) -> str:
    """A distance in pixels for display ("none" when the mask is empty)."""
    return "none (mask empty)" if math.isinf(value) else f"{value:.2f} px"


def format_segment(segment: Mapping[str, Any]) -> str:
    """SS segment summary: label, length, scores and validity."""
    parts = [f"SS segment {segment['label']}"]
    for key, name in (("length", "length"), ("cs", "cs"), ("ts", "ts"), ("score", "score")):
        if key in segment:
            value = segment[key]
            parts.append(f"{name} {value:.3f}" if isinstance(value, float) else f"{name} {value}")
    if "valid" in segment:
        parts.append("valid" if segment["valid"] else "invalid")
    return ", ".join(parts)


def format_readout(info: Mapping[str, Any]) -> str:
    """Describe one pixel for the status bar.

    Parameters
    ----------
    info : Mapping
        The dict returned by ``Result.explain(row, col)``.

    Examples
    --------
    >>> format_readout({"row": 3, "col": 4, "inside_fov": True, "reference": True,
    ...     "candidate": False, "distance_to_reference": 0.0, "distance_to_candidate": 2.0,
    ...     "bands": ["t"], "segment": None, "layers": {"confusion": "FN: reference only"}})
    'row 3, col 4 | inside FOV | reference: vessel, candidate: background | distance to \
reference 0.00 px, to candidate 2.00 px | bands: t | confusion: FN: reference only'
    """
    parts = [
        f"row {info['row']}, col {info['col']}",
        "inside FOV" if info["inside_fov"] else "outside FOV",
        f"reference: {_vessel(info['reference'])}, candidate: {_vessel(info['candidate'])}",
        f"distance to reference {format_distance(info['distance_to_reference'])}, "
        f"to candidate {format_distance(info['distance_to_candidate'])}",
    ]
    if info["bands"]:
        parts.append("bands: " + ", ".join(BAND_NAMES.get(b, b) for b in info["bands"]))
    classes = [f"{name}: {value}" for name, value in info["layers"].items()
               if value and name not in _SAID_ELSEWHERE]
    parts.extend(classes)
    if info["segment"] is not None:
        parts.append(format_segment(info["segment"]))
    return " | ".join(parts)


def _vessel(flag: bool) -> str:
    return "vessel" if flag else "background"
