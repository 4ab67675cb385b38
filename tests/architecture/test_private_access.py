"""No module reaches into another object's private members.

Objects talk through public (possibly internal, documented) methods, e.g. the scheduler
and its channels through `vesselview.app.channel.JobQueue` and the ``Channel.job_*``
methods. The check reads every module's syntax tree: an attribute starting with one
underscore may be read only on ``self``, ``cls`` or ``super()``; the few third-party
private names the package needs are listed with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import vesselview

PACKAGE = Path(vesselview.__file__).parent

#: (module, expression) pairs allowed to touch a third party's private name.
THIRD_PARTY = {
    ("engine/kernels_cache.py", "value._dispatcher"),  # numba's compiled dispatcher
    ("cli/pool.py", "os._exit"),  # a worker process ends without running atexit hooks
    ("io/png_check.py", "zlib._Decompress"),  # the type of zlib.decompressobj()
}


def private_reaches(source: str) -> list[tuple[int, str]]:
    """``(line, expression)`` of each private attribute read on another object than
    self, cls or super()."""
    reaches = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        private = node.attr.startswith("_") and not node.attr.startswith("__")
        own = ast.unparse(node.value) in ("self", "cls", "super()")
        if private and not own:
            reaches.append((node.lineno, ast.unparse(node)))
    return reaches


def test_the_check_sees_a_reach_into_another_object():
    source = "def f(channel):\n    channel._finish(1)\n    self._own = super()._own\n"
    assert private_reaches(source) == [(2, "channel._finish")]


def test_no_module_reaches_into_another_objects_private_members():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        found += [f"{module}:{line}: {expression}"
                  for line, expression in private_reaches(path.read_text(encoding="utf-8"))
                  if (module, expression) not in THIRD_PARTY]
    assert found == []
