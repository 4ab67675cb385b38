"""The case id rule: when two ids name the same case.

Ids made of decimal digits are numbers, so zero padding does not matter: ``"1"``,
``"01"`` and ``"001"`` are one case (DRIVE's ``01`` graded as ``1``). Any other id
matches only itself, exactly. A ``split/id`` id applies the rule to each part. Every
place that matches ids (dataset predictions, manifests, grades, agreement with
graders) uses this rule, so a case is found under any of its spellings.
"""

from __future__ import annotations


def id_key(case_id: str) -> str:
    """The form under which ``case_id`` is compared with other ids.

    Parameters
    ----------
    case_id : str
        A case id as written (``"01"``, ``"im0001"``, ``"test/01"``).

    Returns
    -------
    str
        Each ``/``-separated part that is all ASCII decimal digits without its leading
        zeros (``"0"`` for zeros only); other parts unchanged.

    Examples
    --------
    >>> id_key("001"), id_key("im0001"), id_key("test/01"), id_key("²")
    ('1', 'im0001', 'test/1', '²')
    """
    return "/".join(_part_key(part) for part in case_id.split("/"))


def same_id(first: str, second: str) -> bool:
    """True when the two ids name the same case (`id_key`).

    Examples
    --------
    >>> same_id("1", "01"), same_id("010", "01"), same_id("a1", "a01")
    (True, False, False)
    """
    return id_key(first) == id_key(second)


def _part_key(part: str) -> str:
    """A number without its zero padding (ASCII digits only: ``"²"`` is no number)."""
    return str(int(part)) if part.isascii() and part.isdecimal() else part
