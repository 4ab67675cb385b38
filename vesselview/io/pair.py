"""One reference / candidate pair to evaluate (`Pair`): the command line's (`single_pair`),
a manifest row's (`vesselview.io.manifest`) or a dataset case's; `missing_file` checks
that the files it names exist."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from vesselview.errors import InputError
from vesselview.io.loader import AUTO_FOV
from vesselview.io.spacing import Spacing

FILE_ROLES = ("reference", "candidate", "fov", "fundus", "ignore", "reference_soft",
              "reference_junctions")


@dataclasses.dataclass(frozen=True)
class Pair:
    """One reference / candidate pair to evaluate; paths as strings, None when absent.

    Attributes
    ----------
    id : str
        The case id (a manifest's ``id`` cell, a dataset's case id, or the candidate's
        file name for a single pair).
    reference, candidate : str
        Mask files.
    fov, fundus, ignore : str or None
        Optional files; ``fov`` may be ``"auto"`` (estimated from the fundus, see
        `vesselview.io.loader.load_case`); ``ignore`` masks regions out of every metric.
    method : str or None
        The method that produced the candidate (dataset runs).
    observer : int or None
        Whose annotation the reference is, when known.
    references : tuple of (str, str)
        The other observers' reference files, ``(observer name, path)`` sorted by
        observer number (``("observer2", ".../01_manual2.gif")``).
    reference_soft : str or None
        A soft (fuzzy) reference file.
    where : str
        Where the pair was given, e.g. ``"pairs.csv line 3"``; empty for one pair.
    problem : str or None
        Why the pair cannot be evaluated, found while reading it (it is then reported
        as a failed row without being loaded).
    spacing : Spacing or None
        How the case's pixel spacing is known (``--spacing``, a ``spacing_um`` cell, a
        dataset layout's field angle); None: unknown, lengths stay in pixels.
    classes : str or None
        How its label maps are read (`load_case`'s ``classes``), set by an A/V
        dataset's layout; None: as the job says.
    reference_junctions : str or None
        A junction point file (`load_case`'s ``reference_junctions``).
    """

    id: str
    reference: str
    candidate: str
    fov: str | None = None
    fundus: str | None = None
    ignore: str | None = None
    method: str | None = None
    observer: int | None = None
    references: tuple[tuple[str, str], ...] = ()
    reference_soft: str | None = None
    where: str = ""
    problem: str | None = None
    spacing: Spacing | None = None
    classes: str | None = None
    reference_junctions: str | None = None

    @property
    def label(self) -> str:
        """How messages name the pair: ``pairs.csv line 3, id 'case2'`` (plus method)."""
        parts = [self.where] if self.where else []
        parts.append(f"id {self.id!r}")
        if self.method is not None:
            parts.append(f"method {self.method!r}")
        return ", ".join(parts)

    def files(self) -> list[str]:
        """The files the pair names (``fov="auto"`` names none)."""
        return [path for _, path in self.named_files()]

    def named_files(self) -> list[tuple[str, str]]:
        """``(role, path)`` of every file the pair names, other observers' included."""
        named = [(role, getattr(self, role)) for role in FILE_ROLES if getattr(self, role)
                 and not (role == "fov" and self.fov == AUTO_FOV)]
        return named + [(f"reference of {name}", path) for name, path in self.references]


def single_pair(reference: str, candidate: str, fov: str | None = None,
                fundus: str | None = None, ignore: str | None = None,
                reference_junctions: str | None = None) -> Pair:
    """The pair given by ``--reference``/``--candidate``; its id is the candidate's name.

    Raises
    ------
    InputError
        When a file does not exist.
    """
    pair = Pair(Path(candidate).stem, reference, candidate, fov, fundus, ignore,
                reference_junctions=reference_junctions)
    problem = missing_file(pair)
    if problem is not None:
        raise InputError(problem, source=pair.candidate)
    return pair


def missing_file(pair: Pair) -> str | None:
    """Which file of the pair does not exist (or ``fov="auto"`` without a fundus), if any."""
    if pair.fov == AUTO_FOV and not pair.fundus:
        return "fov auto estimates the field of view from the fundus photograph: give one"
    for role, path in pair.named_files():
        if not Path(path).is_file():
            kind = "is not a regular file (a folder, pipe or device)" if Path(path).exists() \
                else "not found"
            return f"{role} file {path} {kind}"
    return None
