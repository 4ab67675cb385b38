"""The compiling processes of the first start (`vesselview.engine.kernels_warmup`).

`start_processes` shares the kernels out to fresh processes; each runs `compile_share`:
it compiles its kernels into the on-disk cache at low CPU priority and marks each one
done with an empty file (`marker_name`) in the markers folder, so `all_marked` tells any
later process that the cache is complete. A frozen program has no interpreter to start:
it starts itself, and its entry script's `compile_if_asked` runs the share.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

from vesselview.engine import compile_lock
from vesselview.engine.kernels_list import KERNELS, signatures

#: How much lower the compiling processes' CPU priority is (``nice`` increment).
_COMPILE_NICENESS = 10
#: In a copy of a frozen program started to compile: the JSON ``[kernels, markers]`` of
#: its share (`compile_if_asked`).
COMPILE_ENV = "VESSELVIEW_COMPILE_SHARE"
_COMPILE_SHARE = "from vesselview.engine.kernels_compile import compile_share; compile_share"


def all_marked(markers: Path) -> bool:
    """Whether the folder ``markers`` holds every kernel's marker (the cache is complete)."""
    return all((markers / marker_name(kernel)).exists() for kernel in KERNELS)


def compile_share(kernels: list[tuple[str, str]], markers: str) -> None:
    """Compile (or load from the cache) ``kernels`` for their `signatures`.

    Marks each kernel done with an empty file in the folder ``markers``, so the marks
    stay right when the process that started this one has exited meanwhile (a CLI run
    is often over before the compile is). At low CPU priority where the OS has one:
    that process evaluates without the kernels (`vesselview.engine.kernels_choice`),
    and the user waits for it, not for the compile.
    """
    if hasattr(os, "nice"):
        os.nice(_COMPILE_NICENESS)
    folder = Path(markers)
    folder.mkdir(parents=True, exist_ok=True)
    for module, name in kernels:
        dispatcher = getattr(importlib.import_module(module), name)
        for signature in signatures()[module, name]:
            dispatcher.compile(signature)
        (folder / marker_name((module, name))).touch()
    if all_marked(folder):
        compile_lock.release(folder)


def marker_name(kernel: tuple[str, str]) -> str:
    """The marker file of ``(module, kernel name)``."""
    return ".".join(kernel)


def compile_if_asked() -> None:
    """In a compiling process of a frozen program: compile the share `COMPILE_ENV` names,
    then exit. Does nothing in any other process (the entry scripts call it first)."""
    share = os.environ.get(COMPILE_ENV)
    if share:
        kernels, markers = json.loads(share)
        compile_share([(module, name) for module, name in kernels], markers)
        raise SystemExit(0)


def start_processes(processes: int, markers: Path) -> list[subprocess.Popen[str]]:
    """`compile_share` in fresh processes, one share each, started and not awaited.

    Plain subprocesses rather than multiprocessing: a spawned child would import the
    caller's main script again, and a user's script need not guard against that. A
    frozen program has no interpreter to start: it starts itself (`compile_if_asked`).
    """
    kernels = list(KERNELS)
    count = max(1, min(processes, len(kernels)))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
    children = []
    for start in range(count):
        share = kernels[start::count]
        if getattr(sys, "frozen", False):
            command = [sys.executable]
            env[COMPILE_ENV] = json.dumps([share, str(markers)])
        else:
            command = [sys.executable, "-c", f"{_COMPILE_SHARE}({share!r}, {str(markers)!r})"]
        children.append(subprocess.Popen(
            command, env=dict(env), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True))
    return children
