"""The public API: `__all__`, `__dir__`, lazy Qt-free imports, typed markers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import vesselview as vv
from vesselview.engine.result import Result
from vesselview.engine.skeletal import SkeletalProducts


def test_every_public_name_resolves_and_dir_lists_them() -> None:
    for name in vv.__all__:
        assert getattr(vv, name) is not None, name
    assert dir(vv) == sorted(vv.__all__)


def test_importing_the_api_does_not_import_qt() -> None:
    code = ("import sys, vesselview as vv; vv.evaluate; vv.METRICS; "
            "assert not any(m.startswith(('PySide6', 'pyqtgraph')) for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_package_is_marked_typed() -> None:
    assert (Path(vv.__file__).parent / "py.typed").is_file()


def test_result_skeletal_is_typed() -> None:
    assert Result.skeletal.fget.__annotations__["return"] == "SkeletalProducts | None"
    assert SkeletalProducts.__dataclass_fields__["table"]
