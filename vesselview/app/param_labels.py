"""How the window names and lays out parameters, from their specs (no Qt).

Labels, slider ranges and steps, and the panel's sections are the specs'
(`vesselview.engine.params.PARAM_SPECS`); this module arranges them for the parameters
panel (`vesselview.gui.inspector.params_dock`), the plot dock's sweep controls
(`vesselview.gui.research.sweep_controls`) and the captions of exported images
(`vesselview.app.captions`), so a parameter is named the same way everywhere; also how
the panel shows a value or a default and which parameters differ from their defaults.
"""

from __future__ import annotations

from typing import Any

from vesselview.engine.params import DEFAULT_THRESHOLD, PARAM_SPECS, Params

#: The collapsed section of rarely changed parameters, shown last.
ADVANCED = "Advanced"
_DEFAULTS = Params()


def _panel_sections() -> dict[str, tuple[str, ...]]:
    """Section title -> keys, sections in the order they first appear, `ADVANCED` last."""
    sections: dict[str, list[str]] = {}
    for key, spec in PARAM_SPECS.items():
        if spec.panel is not None:
            sections.setdefault(spec.panel, []).append(key)
    ordered = sorted(sections, key=lambda title: title == ADVANCED)  # stable: others keep order
    return {title: tuple(sections[title]) for title in ordered}


#: Section title -> the keys it shows, in display order (parameters without a panel
#: section, such as the single-choice ``ss_mode``, have no control).
PANEL_SECTIONS: dict[str, tuple[str, ...]] = _panel_sections()


def param_label(key: str) -> str:
    """The label of parameter ``key`` in the window (panel, sweeps, captions)."""
    return PARAM_SPECS[key].label


def shown_value(value: Any) -> str:
    """A parameter value as the window shows it (``"2"``, ``"0.2"``, ``"no"``...)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:g}" if isinstance(value, float) else str(value)


def default_text(key: str) -> str:
    """The default of parameter ``key`` as the window shows it (``"2"``, ``"no"``...).

    Examples
    --------
    >>> default_text("ss_alpha"), default_text("cal_fov"), default_text("threshold")
    ('0.2', 'no', "the case's threshold, 0.5 when it has none")
    """
    spec = PARAM_SPECS[key]
    return spec.none_means if spec.default is None else shown_value(spec.default)


def changed_from_default(params: Params) -> frozenset[str]:
    """The keys of ``params`` whose value differs from the default (the window marks them).

    A ``threshold`` of `DEFAULT_THRESHOLD` equals its default ("the case's threshold"):
    the window reads every case at that threshold.
    """
    def shown(key: str, value: Any) -> Any:
        return DEFAULT_THRESHOLD if key == "threshold" and value is None else value

    return frozenset(key for key, value in params.to_dict().items()
                     if shown(key, value) != shown(key, getattr(_DEFAULTS, key)))
