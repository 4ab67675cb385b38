"""Methods' result folders: every sub-folder of a parent folder as a method, and the
methods last used with each dataset folder (no Qt).

A results archive usually holds one folder per method (``results/2004_Staal``,
``results/2007_Soares``, ...): `sub_folders` lists them, so one choice adds them all.
`RememberedMethods` keeps, per dataset folder, the methods opened with it and the last
dataset folder, so the Open dataset dialog is filled in the next time.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from vesselview.app.files import SettingsStore
from vesselview.errors import InputError

#: The settings key of the methods per dataset folder (a JSON object) and the last one.
METHODS_SETTING, LAST_ROOT_SETTING = "dataset/method folders", "dataset/last folder"


def sub_folders(parent: str | os.PathLike) -> dict[str, str]:
    """Every visible sub-folder of ``parent`` as method name -> folder, by name.

    Hidden folders (``.git``, ``.ipynb_checkpoints``) are left out; so are files.

    Raises
    ------
    InputError
        When ``parent`` cannot be listed or has no sub-folder (the message names it).
    """
    try:
        entries = sorted(Path(parent).iterdir(), key=lambda path: path.name)
    except OSError as error:
        raise InputError(f"{parent}: cannot list this folder ({error.strerror}); choose "
                         "the folder that holds one folder per method",
                         source=str(parent)) from error
    found = {path.name: str(path) for path in entries
             if path.is_dir() and not path.name.startswith(".")}
    if not found:
        raise InputError(f"{parent}: no sub-folders; choose the folder that holds one "
                         "folder of results per method", source=str(parent))
    return found


class RememberedMethods:
    """The methods (name -> folder) last opened with each dataset folder, in ``settings``.

    Parameters
    ----------
    settings : SettingsStore
        E.g. the inspector's ``QSettings``.
    """

    def __init__(self, settings: SettingsStore) -> None:
        self._settings = settings

    def save(self, root: str | os.PathLike, methods: dict[str, str]) -> None:
        """Remember ``methods`` for dataset folder ``root``, and ``root`` as the last one."""
        saved = self._all()
        saved[folder_key(root)] = dict(methods)
        self._settings.setValue(METHODS_SETTING, json.dumps(saved))
        self._settings.setValue(LAST_ROOT_SETTING, os.fspath(root))

    def methods(self, root: str | os.PathLike) -> dict[str, str]:
        """The methods last opened with ``root`` whose folders still exist (may be empty)."""
        saved = self._all().get(folder_key(root), {})
        return {name: folder for name, folder in saved.items()
                if isinstance(folder, str) and os.path.isdir(folder)}

    def last_root(self) -> str:
        """The dataset folder opened last ("" when none)."""
        value = self._settings.value(LAST_ROOT_SETTING)
        return value if isinstance(value, str) else ""

    def _all(self) -> dict[str, dict[str, str]]:
        """Every dataset folder's methods; empty when unset or not readable (an edited
        settings file)."""
        try:
            saved = json.loads(str(self._settings.value(METHODS_SETTING) or "{}"))
        except json.JSONDecodeError:
            return {}
        return {root: methods for root, methods in saved.items()
                if isinstance(methods, dict)} if isinstance(saved, dict) else {}


def folder_key(folder: str | os.PathLike) -> str:
    """``folder`` written one way however it was given (absolute, no trailing separator
    or ``..``): one key per folder."""
    return os.path.normpath(os.path.abspath(folder))
