"""Find the cases of a dataset folder: a known layout, else the sibling-folder rule.

Known layouts (`vesselview.io.dataset.layouts.LAYOUTS`) are tried first; a folder
holding references of several (e.g. DRIVE/ and STARE/) is refused with the list, as
which one is meant is the user's choice. When none matches, the generic rule
applies: folders named like a role (``images``/``image``/``original``/``fundus`` for
the photograph, ``manual``/``1st_manual``/``gt``/``ground truth``/``labels`` for the
reference, ``2nd_manual``/``manual2`` for a second observer, ``mask``/``fov``/``roi``
for the field of view) that share a parent folder hold one file per case, and the
case id is the part of the file name that differs between the files of a folder: the
ending most of them share after a separator (``_test_mask`` in ``01_test_mask.gif``,
``02_test_mask.gif``) is the folder's naming suffix and is dropped. A file not ending in
it (``notes.png`` beside ``img_01_gt.png``) keeps its whole name as id when a sibling
folder has a file of that name, else it is reported unmatched.

Nothing is skipped silently: a folder that cannot be listed (no permission, a disk gone),
and a file or broken link where a role folder should be (``2nd_manual`` as a file) are
errors naming them; linked folders are followed
(each real folder once).
"""

from __future__ import annotations

import dataclasses
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from vesselview.errors import InputError
from vesselview.io.dataset.layouts import LAYOUTS, Layout, compiled, preferred
from vesselview.io.dataset.matching import (
    SEPARATORS,
    FileIssue,
    image_files,
    image_stem,
    is_image_file,
)

#: A dataset folder holding more files than this is refused (a wrong root, e.g. ``/``).
MAX_FILES = 200_000
GENERIC = "generic"

_ROLE_FOLDERS = {
    "fundus": {"images", "image", "img", "imgs", "fundus", "original", "originals",
               "photos", "raw"},
    "observer1": {"manual", "manual1", "1stmanual", "gt", "groundtruth", "groundtruths",
                  "label", "labels", "annotation", "annotations", "vessel", "vessels"},
    "observer2": {"manual2", "2ndmanual"},
    "fov": {"mask", "masks", "fov", "fovs", "roi", "fovmask", "fovmasks"},
}

CaseKey = tuple[str, str]  # (split, id)


@dataclasses.dataclass(frozen=True)
class Discovery:
    """Files found per case and role.

    Attributes
    ----------
    root : Path
        The dataset folder the files were found in.
    layout : str
        The recognised dataset name, or ``"generic"``.
    files : dict
        ``(split, id) -> {role: path}`` with roles ``fundus``, ``fov``, ``observer1``...
    issues : tuple of FileIssue
        Files left out because two of them claim the same case and role.
    unmatched : tuple of FileIssue
        Files of the generic rule left out: named unlike the rest of their folder and
        fitting no case of the sibling folders.
    """

    root: Path
    layout: str
    files: dict[CaseKey, dict[str, Path]]
    issues: tuple[FileIssue, ...] = ()
    unmatched: tuple[FileIssue, ...] = ()


def discover(root: Path, classes: bool = False) -> Discovery:
    """The cases under ``root`` by the best-matching known layout or the generic rule.

    A role folder given as ``root`` (``DRIVE/test/images``, ``HRF/manual1``...) in which
    no case is found opens its dataset: the parent folder (`Discovery.root`). An A/V
    dataset found with its base (HRF-AV in HRF) is used when ``classes`` (A/V classes
    asked for), else the base (`vesselview.io.dataset.layouts.preferred`).

    Raises
    ------
    InputError
        When ``root`` holds more than `MAX_FILES` files, several known datasets (which
        one is meant is the user's choice), or no case is found.
    """
    found = _discover_in(root, classes)
    if found is None and _role_of(root.name) is not None:
        found = _discover_in(root.parent, classes)
    if found is not None:
        return found
    raise InputError(
        f"{root}: no dataset found — no known layout (DRIVE, STARE, CHASE_DB1, HRF, FIVES, "
        "IOSTAR, RITE, HRF-AV, LES-AV) and no sibling folders such as images/ + manual/ "
        "(+ mask/) whose files share case ids; point at the dataset folder (if this is "
        f"one folder of a dataset, the folder holding it, e.g. {root.parent}) or write a "
        "manifest",
        source=str(root),
    )


def _discover_in(root: Path, classes: bool) -> Discovery | None:
    """The cases under ``root``, or None when no reference is found."""
    relative = _relative_image_paths(root)
    known = [found for found in (_by_layout(layout, root, relative) for layout in LAYOUTS)
             if _reference_count(found)]
    kept = preferred([found.layout for found in known], classes)
    known = [found for found in known if found.layout in kept]
    if len(known) > 1:
        listed = ", ".join(f"{found.layout} in {_common_folder(found)}" for found in known)
        raise InputError(f"{root}: holds several datasets ({listed}); open one of these "
                         "folders", source=str(root))
    if known:
        return known[0]
    generic = _by_sibling_folders(root)
    return generic if _reference_count(generic) else None


def _common_folder(discovery: Discovery) -> Path:
    """The deepest folder holding every file of ``discovery``."""
    return Path(os.path.commonpath([path.parent for roles in discovery.files.values()
                                    for path in roles.values()]))


def _reference_count(discovery: Discovery) -> int:
    return sum("observer1" in roles for roles in discovery.files.values())


def _relative_image_paths(root: Path) -> list[str]:
    """``/``-separated paths of the image files under ``root``, hidden folders skipped."""
    found: list[str] = []
    for folder, names in _walk(root):
        base = folder.relative_to(root)
        found.extend((base / name).as_posix() for name in names if is_image_file(Path(name)))
        if len(found) > MAX_FILES:
            raise InputError(
                f"{root}: holds more than {MAX_FILES} image files; point at the dataset "
                "folder itself",
                source=str(root),
            )
    return found


def _by_layout(layout: Layout, root: Path, relative: list[str]) -> Discovery:
    """Files of ``relative`` that match each role pattern of ``layout``."""
    files: dict[CaseKey, dict[str, Path]] = {}
    issues = []
    for role, pattern in layout.roles().items():
        regex = compiled(pattern)
        for path in relative:
            match = regex.search(path)
            if match is None:
                continue
            key = ((match.groupdict().get("split") or "").lower(), match["id"])
            roles = files.setdefault(key, {})
            if role in roles:
                issues.append(FileIssue(role, root / path,
                                        f"case {key[1]} already has {roles[role]}"))
                continue
            roles[role] = root / path
    return Discovery(root, layout.name, files, tuple(issues))


def _by_sibling_folders(root: Path) -> Discovery:
    """The generic rule: role folders sharing a parent, files matched by case id."""
    groups: dict[Path, dict[str, Path]] = {}
    for folder in _folders(root):
        role = _role_of(folder.name)
        if role is not None:
            groups.setdefault(folder.parent, {}).setdefault(role, folder)
    files: dict[CaseKey, dict[str, Path]] = {}
    unmatched: list[FileIssue] = []
    for parent, folders in groups.items():
        split = "" if parent == root else parent.relative_to(root).as_posix()
        named = {role: _ids(image_files(folder)) for role, folder in folders.items()}
        for role, (ids, odd) in named.items():
            others = {case_id for other, (more, strays) in named.items() if other != role
                      for case_id in [*more, *strays]}
            for case_id, path in ids.items():
                files.setdefault((split, case_id), {})[role] = path
            for case_id, (path, ending) in odd.items():
                if case_id in others or len(named) == 1:
                    files.setdefault((split, case_id), {})[role] = path
                else:
                    unmatched.append(FileIssue(role, path, f"its name does not end in "
                                               f"{ending!r} like the other files of its "
                                               "folder, and fits no case"))
    return Discovery(root, GENERIC, files, unmatched=tuple(unmatched))


def _folders(root: Path) -> Iterable[Path]:
    """Every non-hidden folder below ``root`` (not itself: its siblings lie outside),
    depth first."""
    for folder, _ in _walk(root):
        if folder != root:
            yield folder


def _walk(root: Path) -> Iterator[tuple[Path, list[str]]]:
    """``(folder, sorted file names)`` of ``root`` and every non-hidden folder below it,
    depth first; linked folders are followed, each real folder once (no loops).

    Raises
    ------
    InputError
        For a folder that cannot be listed, or a file or broken link named like a role
        folder (see `_check_names`).
    """
    seen: set[str] = set()
    for folder, subfolders, names in os.walk(root, onerror=_unlistable, followlinks=True):
        real = os.path.realpath(folder)
        if real in seen:
            subfolders[:] = []
            continue
        seen.add(real)
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        _check_names(Path(folder), names)
        yield Path(folder), sorted(names)


def _unlistable(error: OSError) -> None:
    """`os.walk`'s ``onerror``: a folder that cannot be listed stops the opening."""
    raise InputError(f"{error.filename}: this folder of the dataset cannot be listed "
                     f"({error.strerror}), so its files would be missing; check the folder "
                     "and its permissions, or move it out of the dataset folder",
                     source=str(error.filename))


def _check_names(folder: Path, names: list[str]) -> None:
    """Refuse a file or broken link named like a role folder (``mask``, ``2nd_manual``...):
    the folder the dataset would otherwise silently lack. (A broken link named like an
    image stays: its case fails to load, naming it.)"""
    for name in names:
        path = folder / name
        if name.startswith(".") or _role_of(name) is None or is_image_file(path):
            continue
        if path.is_symlink() and not path.exists():
            raise InputError(f"{path}: is a broken link (to {os.readlink(path)}) where the "
                             f"dataset's folder {name}/ is expected, so its files would be "
                             "missing; restore its target or remove the link",
                             source=str(path))
        raise InputError(f"{path}: is a file where the dataset's folder {name}/ is "
                         "expected, so its files would be missing; restore the folder",
                         source=str(path))


def _role_of(folder_name: str) -> str | None:
    """The role a folder's name announces, ignoring case, spaces, ``_`` and ``-``."""
    key = "".join(char for char in folder_name.casefold() if char not in " _-")
    return next((role for role, names in _ROLE_FOLDERS.items() if key in names), None)


def _ids(paths: list[Path]) -> tuple[dict[str, Path], dict[str, tuple[Path, str]]]:
    """Case id per file: the stem without the folder's naming suffix; and apart, the
    files not ending in it (id: the whole stem) with that suffix."""
    stems = [image_stem(path) for path in paths]
    ending = _naming_suffix(stems)
    ids: dict[str, Path] = {}
    odd: dict[str, tuple[Path, str]] = {}
    for stem, path in zip(stems, paths, strict=True):
        if stem.endswith(ending) and len(stem) > len(ending):
            ids[stem[: len(stem) - len(ending)]] = path
        else:
            odd[stem] = (path, ending)
    return ids, odd


def _naming_suffix(stems: list[str]) -> str:
    """The ending, starting with a separator and leaving a non-empty id, that most of
    ``stems`` (more than half, at least two) share; the most shared, then the longest,
    so one stray name (``notes`` beside ``img_01_gt``) does not change the others' ids.
    ``""`` when there is none."""
    counts = Counter(stem[start:] for stem in stems for start in range(1, len(stem))
                     if stem[start] in SEPARATORS)
    needed = max(2, len(stems) // 2 + 1)
    shared = [ending for ending, count in counts.items() if count >= needed]
    return max(shared, key=lambda ending: (counts[ending], len(ending)), default="")
