"""Saving and restoring the inspector's sessions, and exporting its metrics (no Qt).

`SessionsAndExports` is the part of `vesselview.app.inspector.Inspector` that writes what
the window shows to files: a session (the case's files, parameters, layer styles, view
and length unit) and the metrics as CSV or JSON (CLI format), each with its provenance
(`provenance`), never over the open case's files (`shown_files`); and that restores a
session. On any error the case on screen stays and the message goes to ``error``.
"""

from __future__ import annotations

from collections.abc import Callable

from vesselview.app.events import Event
from vesselview.app.export import write_metrics, write_output
from vesselview.app.files import CaseFiles, ShownCase
from vesselview.app.layer_styles import LayerStyles
from vesselview.app.live import Response
from vesselview.app.reference_options import restored_case, session_observers
from vesselview.app.session import Session, ViewRect, load_session, save_session
from vesselview.app.window_provenance import window_provenance
from vesselview.engine.case import Case
from vesselview.engine.length_scope import resolved_lengths
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.observers import FIRST_OBSERVER
from vesselview.engine.param_scope import kept_params
from vesselview.engine.params import LENGTH_KEYS, Params
from vesselview.errors import InputError, ParamsError
from vesselview.io.provenance import Provenance
from vesselview.synth import demo_case


class SessionsAndExports:
    """The session and export actions of `vesselview.app.inspector.Inspector` (a mixin).

    It uses the inspector's state and events named below and shows a restored case with
    the inspector's ``show_case``.
    """

    shown: ShownCase | None
    response: Response | None
    layers: LayerStyles
    length_unit: LengthUnit
    _params: Params
    params_changed: Event
    error: Event
    warning: Event
    view_requested: Event
    length_unit_requested: Event
    show_case: Callable[[Case, CaseFiles], None]  # the inspector's: puts a case on screen

    @property
    def shown_files(self) -> tuple[str, ...]:
        """The files of the case on screen: nothing the window saves may replace them."""
        files = self.shown.files.to_dict().values() if self.shown is not None else ()
        return tuple(path for path in files if path is not None)

    def save_session(self, path: str, view_rect: ViewRect | None = None) -> None:
        """Save files (with the other observers' and the reference choice), parameters,
        layer styles (in order) and ``view_rect`` to ``path``.

        A parameter that does not act on the shown case is saved at its default
        (`kept_params`): the session holds only what produced the shown numbers.
        """
        files = self.shown.files if self.shown is not None else CaseFiles()
        observer, observers, references = session_observers(self.shown) \
            if self.shown is not None and files.complete else (FIRST_OBSERVER, {}, "one")
        styles = self.layers.styles
        ordered = {name: styles[name] for name in self.layers.names}
        params = kept_params(self._params, self.shown.case if self.shown is not None else None)
        self._write(path, lambda: save_session(
            Session(files, params, ordered, view_rect, length_unit=self.length_unit,
                    observer=observer, observers=observers, references=references), path))

    def load_session(self, path: str) -> bool:
        """Restore a session; on error the current case and settings stay."""
        try:
            session = load_session(path)
            case = restored_case(session.files, session.observer, dict(session.observers),
                                 session.references) \
                if session.files.complete else demo_case(soft=True)
            params = resolved_lengths(session.params, case)
        except (InputError, ParamsError) as error:
            self.error.emit(f"{path}: {error}" if isinstance(error, ParamsError) else str(error))
            return False
        self._params = params
        for note in (*session.notes, *_pixel_notes(session.params, params)):
            self.warning.emit(note)
        self.layers.restore(session.styles)
        self.params_changed.emit(params)
        self.show_case(case, session.files if session.files.complete else CaseFiles())
        if session.view_rect is not None:
            self.view_requested.emit(session.view_rect)
        if session.length_unit is not None:
            self.length_unit = session.length_unit
            self.length_unit_requested.emit(session.length_unit)
        return True

    def export_metrics(self, path: str) -> None:
        """Save the metrics of the shown result as CSV or JSON (CLI format)."""
        if self.response is None or self.shown is None:
            self.error.emit("No result to export yet.")
            return
        result, case = self.response.result, self.shown.case
        output_format = "csv" if path.lower().endswith(".csv") else "json"
        provenance = self.provenance("File > Export metrics", output_format)
        self._write(path, lambda: write_metrics(path, result, case, provenance))

    def provenance(self, action: str, output_format: str) -> Provenance:
        """The provenance of a file the window's ``action`` saves (`window_provenance`):
        the shown result's parameters (the window's before any), case and files."""
        params = self.response.result.params if self.response is not None else self._params
        shown = self.shown
        chosen = session_observers(shown)[0] if shown is not None else None
        return window_provenance(action, params, shown.case if shown is not None else None,
                                 self.shown_files, output_format, chosen)

    def _write(self, path: str, write: Callable[[], object]) -> None:
        """`write_output` guarding the open case's files; a failure goes to `error`."""
        try:
            write_output(path, self.shown_files, write)
        except InputError as error:
            self.error.emit(str(error))


def _pixel_notes(given: Params, shown: Params) -> list[str]:
    """What the window says of lengths it converted to pixels (its controls are in pixels)."""
    converted = [f"{key} = {getattr(given, key)} is {getattr(shown, key):g} px"
                 for key in LENGTH_KEYS if getattr(given, key) != getattr(shown, key)]
    if not converted:
        return []
    return [f"the window's controls are in pixels: {', '.join(converted)} on this case "
            "(a session saved now keeps the pixels)"]
