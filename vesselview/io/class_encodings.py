"""How a label-map file encodes vessel classes: the A/V datasets' colours, or the user's.

A `ClassEncoding` maps RGB colours and/or grey (index) values of a file to class names.
Black (and the value 0) is always background. Two encodings are known by name:

* ``"av"`` -- the colours of the artery/vein datasets (RITE on DRIVE's photographs,
  HRF-AV, LES-AV): red ``#ff0000`` artery, blue ``#0000ff`` vein, green ``#00ff00``
  crossing (both at once), white ``#ffffff`` uncertain (a vessel of unknown class).
  HRF-AV uses no white.

Any other encoding is given as a JSON file (CLI ``--classes MAPPING.json``, API
``classes="MAPPING.json"``) with a ``"colours"`` object (``"#rrggbb"`` -> class name)
and/or a ``"values"`` object (grey value ``"0"``..``"65535"`` -> class name), e.g.
``{"values": {"1": "artery", "2": "vein", "3": "crossing"}}``; the class name
``"background"`` marks further background colours or values. Class values in the
`LabelMap` follow the order the names first appear (1, 2, ...).
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from typing import Any

from vesselview.errors import InputError
from vesselview.io.json_file import read_json

#: The class name that marks a colour or value as background (no vessel).
BACKGROUND_NAME = "background"
#: The name of the artery/vein datasets' colour encoding.
AV = "av"

_HEX = re.compile(r"#?([0-9a-fA-F]{6})")

Colour = tuple[int, int, int]


@dataclasses.dataclass(frozen=True)
class ClassEncoding:
    """Colours and grey values of label-map files, by class name.

    Attributes
    ----------
    name : str
        ``"av"`` or the mapping file's path, for messages.
    colours : Mapping[tuple of int, str]
        8-bit ``(r, g, b)`` -> class name; black is background.
    values : Mapping[int, str]
        Grey (index) value -> class name; 0 is background. Empty: single-channel and
        grey files are vessel masks, not label maps.
    """

    name: str
    colours: Mapping[Colour, str]
    values: Mapping[int, str] = dataclasses.field(default_factory=dict)

    @property
    def classes(self) -> dict[int, str]:
        """`LabelMap` class value -> name, by first appearance (colours, then values)."""
        names = [name for name in (*self.colours.values(), *self.values.values())
                 if name != BACKGROUND_NAME]
        return {value: name for value, name in enumerate(dict.fromkeys(names), start=1)}

    def class_value(self, name: str) -> int:
        """The `LabelMap` value of class ``name`` (0 for background)."""
        if name == BACKGROUND_NAME:
            return 0
        return next(value for value, known in self.classes.items() if known == name)

    def describe(self) -> str:
        """The colours and values, e.g. ``"#ff0000 artery, #0000ff vein"``."""
        parts = [f"{colour_name(colour)} {name}" for colour, name in self.colours.items()]
        parts += [f"value {value} {name}" for value, name in self.values.items()]
        return ", ".join(parts)


#: The artery/vein datasets' colours (RITE, HRF-AV, LES-AV; see the module docstring).
AV_ENCODING = ClassEncoding(AV, {(255, 0, 0): "artery", (0, 0, 255): "vein",
                                 (0, 255, 0): "crossing", (255, 255, 255): "uncertain"})


def colour_name(colour: Colour) -> str:
    """``(255, 0, 0)`` -> ``"#ff0000"``."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


def class_encoding(spec: str | os.PathLike | ClassEncoding) -> ClassEncoding:
    """The encoding ``spec`` names: ``"av"``, a JSON mapping file, or an encoding.

    Raises
    ------
    InputError
        Naming the file: unreadable or not JSON, or a mapping that is not as the module
        docstring describes (the entry named, with the fix).
    """
    if isinstance(spec, ClassEncoding):
        return spec
    if isinstance(spec, str) and spec == AV:
        return AV_ENCODING
    path = os.fspath(spec)
    if not path.lower().endswith(".json"):
        raise InputError(f"classes {path!r}: give 'av' (the artery/vein datasets' colours) "
                         "or a JSON mapping file (MAPPING.json)", source=path)
    document = read_json(path, "class mapping file", "is not a JSON class mapping")
    return _parsed(document, path)


def _parsed(document: Any, path: str) -> ClassEncoding:
    """The encoding a mapping file's document describes, checked."""
    if not isinstance(document, dict) or not document or \
            set(document) - {"colours", "values"}:
        raise _mapping_error(path, 'must be an object with "colours" and/or "values", '
                             'e.g. {"colours": {"#ff0000": "artery"}}')
    colours = {_colour(key, path): _name(name, key, path)
               for key, name in _entries(document, "colours", path).items()}
    values = {_value(key, path): _name(name, key, path)
              for key, name in _entries(document, "values", path).items()}
    if colours.get((0, 0, 0), BACKGROUND_NAME) != BACKGROUND_NAME or \
            values.get(0, BACKGROUND_NAME) != BACKGROUND_NAME:
        raise _mapping_error(path, "gives black or value 0 a class, but they are always "
                             "background; leave them out")
    return ClassEncoding(path, colours, values)


def _entries(document: dict[str, Any], key: str, path: str) -> dict[str, Any]:
    entries = document.get(key, {})
    if not isinstance(entries, dict):
        raise _mapping_error(path, f'"{key}" must be an object (key -> class name)')
    return entries


def _colour(key: str, path: str) -> Colour:
    match = _HEX.fullmatch(key.strip())
    if match is None:
        raise _mapping_error(path, f"colour {key!r} is not #rrggbb (e.g. #ff0000 for red)")
    digits = match.group(1)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _value(key: str, path: str) -> int:
    if not key.strip().isdigit() or int(key) > 65535:
        raise _mapping_error(path, f"value {key!r} is not a whole number in 0..65535")
    return int(key)


def _name(name: Any, key: str, path: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise _mapping_error(path, f"{key!r} must name a class (e.g. \"artery\"), got {name!r}")
    return name.strip()


def _mapping_error(path: str, problem: str) -> InputError:
    return InputError(f"{path}: the class mapping {problem}; see docs/inputs.md "
                      "(label maps)", source=path)
