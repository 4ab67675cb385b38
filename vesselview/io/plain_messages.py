"""The plain words of the file errors a clinician meets most: a damaged file.

Every reader that finds a file cut short or corrupted (a PNG failing its checksums, a
JPEG or TIFF its decoder, a .gz archive its CRC) says the same plain sentence and fix,
and keeps what exactly failed as the error's technical detail
(`vesselview.errors.InputError.details`: printed by the command line, a tooltip in the
inspector).
"""

from __future__ import annotations

from vesselview.errors import InputError

#: What is wrong with a damaged file, and what to do.
DAMAGED = ("The file is damaged (its data is cut short or corrupted); open an intact copy "
           "(export or download it again)")


def damaged_file(label: str, details: str) -> InputError:
    """The error for file ``label`` that is cut short or corrupted; ``details`` says how."""
    return InputError(f"{label}: {DAMAGED}", source=label, details=details)
