"""The inspector's application model: its state, its actions and their events (no Qt).

Like napari's ``components``, `Inspector` holds everything the inspector window shows
and every action the window's menus, drag and drop, the command line, the research
tools and the tests perform: open files per role, set or reset parameters, load the demo
or a teaching case, save and load sessions, export metrics. It is the single source of
truth of the parameters and of the shown case; the Qt widgets only observe its events
and call its actions. Evaluations run on the shared `vesselview.app.scheduler.Scheduler`
(latest wins, one `Evaluator` per case shared with the research tools). Opening files
per role (and dropping, reloading, inverting them) is `vesselview.app.case_opening`,
stepping through a dataset's cases `vesselview.app.dataset_stepping`, sessions and
exports `vesselview.app.sessions_and_exports`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vesselview.app.case_opening import CaseOpening
from vesselview.app.dataset_position import DatasetPosition
from vesselview.app.dataset_stepping import DatasetStepping
from vesselview.app.events import Event
from vesselview.app.files import (
    CaseFiles,
    RecentFiles,
    SettingsStore,
    ShownCase,
    files_of,
)
from vesselview.app.layer_styles import LayerStyles
from vesselview.app.live import CaseEvaluators, Request, Response, progressive_evaluation_task
from vesselview.app.notices import NoticeBoard
from vesselview.app.scheduler import Scheduler
from vesselview.app.sessions_and_exports import SessionsAndExports
from vesselview.engine.case import Case
from vesselview.engine.lengths import LengthUnit
from vesselview.engine.params import Params
from vesselview.io.candidate_flags import candidate_note
from vesselview.synth import demo_case, teaching_case

#: Channel priorities: the live view's evaluations run before (and inside) research work.
LIVE_PRIORITY, LOADING_PRIORITY = 2, 1
#: Size of built teaching cases (DRIVE's) and their seed.
TEACHING_SHAPE, TEACHING_SEED = (584, 565), 0


class Inspector(CaseOpening, DatasetStepping, SessionsAndExports):
    """State and actions of one inspector window.

    Parameters
    ----------
    scheduler : Scheduler
        Runs evaluations and case loading (shared with the research tools).
    settings : SettingsStore, optional
        Keeps the recent-files list and the case browser's columns (none kept without
        it); also the attribute ``settings``.

    Attributes
    ----------
    layers : LayerStyles
        Styles and order of the layers (cosmetic: never re-evaluates).
    evaluators : CaseEvaluators
        The shared `Evaluator` of each case (use on the scheduler's thread only).
    live : Channel
        The evaluations of the shown case (``live.busy``, ``live.busy_changed``).
    case_changed, params_changed, result_changed : Event
        ``(ShownCase)``, ``(Params)``, ``(Response)`` after each change; ``result_changed``
        carries complete results only.
    response : Response or None
        The newest complete result of the shown case (exports read it).
    partial : Response or None
        The newest partial result of the evaluation under way (None once it completed).
    partial_changed : Event
        ``(Response)``: a partial result of the newest evaluation arrived (some metric
        families pending); a superseded evaluation's partials never arrive.
    chosen_changed : Event
        ``(CaseFiles)``: files chosen for a case that is not complete yet.
    error, status : Event
        ``(message)``: something failed (the message names the file and the fix) / a hint.
        Every error also goes to ``notices``.
    notices : NoticeBoard
        The errors, warnings and notes of this window and its tool windows, shown until
        dismissed.
    warning : Event
        ``(message)``: the shown case was read by a rule the user should know (kept on
        screen until dismissed).
    inverted : frozenset of str
        The masks (``"reference"``, ``"candidate"``) read with inverted polarity.
    files_opened : Event
        ``()`` after files were added to the recent list.
    view_requested : Event
        ``(ViewRect)``: a session asks the view to show this image area.
    length_unit : LengthUnit
        The unit the user chose to see lengths in (saved in sessions).
    length_unit_requested : Event
        ``(LengthUnit)``: a session asks the window to show lengths in this unit.
    dataset : DatasetPosition or None
        The dataset being stepped through and the case shown from it.
    dataset_changed : Event
        ``(DatasetPosition)`` when a dataset is opened or another of its cases asked for.
    overview_radius : int
        How many pixels the view grows thin layers by (its overview mode; 0: none): the
        evaluations prepare those grown images off the main thread.
    screen_wait_s : float
        How long an evaluation may wait for its first frame to be on screen
        (`vesselview.app.live.Request.screen_wait_s`); the GUI sets it, 0 by default.
    evaluate_later : callable
        How parameter edits ask for an evaluation; the GUI replaces it with a throttled
        `evaluate` (default: `evaluate` at once).
    """

    def __init__(self, scheduler: Scheduler, settings: SettingsStore | None = None) -> None:
        self.scheduler, self.settings = scheduler, settings
        self.evaluators = CaseEvaluators()
        self.live = scheduler.channel("live evaluation", LIVE_PRIORITY)
        self.loading = scheduler.channel("case loading", LOADING_PRIORITY)
        self.layers = LayerStyles()
        self.recent = RecentFiles(settings) if settings is not None else None
        self.teaching_shape, self.teaching_seed = TEACHING_SHAPE, TEACHING_SEED
        self.shown: ShownCase | None = None
        self.chosen_files = CaseFiles()
        self._chosen_shape: tuple[int, int] | None = None
        self.response: Response | None = None
        self.partial: Response | None = None
        self.dataset: DatasetPosition | None = None
        self._params = Params()
        self.case_changed = Event("case changed")
        self.params_changed = Event("params changed")
        self.result_changed = Event("result changed")
        self.partial_changed = Event("partial result")
        self.chosen_changed = Event("chosen files changed")
        self.error = Event("error")
        self.notices = NoticeBoard()
        self.error.connect(lambda message: self.notices.add(message, "error"))
        self.warning = Event("warning")
        self.inverted: frozenset[str] = frozenset()  # masks read with inverted polarity
        self.status = Event("status")
        self.files_opened = Event("files opened")
        self.view_requested = Event("view requested")
        self.length_unit: LengthUnit = "px"
        self.length_unit_requested = Event("length unit requested")
        self.dataset_changed = Event("dataset position changed")
        self.evaluate_later: Callable[[], object] = self.evaluate
        self.overview_radius = 0
        self.screen_wait_s = 0.0
        self.live.done.connect(self._on_response)
        self.live.partial.connect(self._on_partial)
        self.live.failed.connect(self.error.emit)
        self.loading.done.connect(self._show_loaded)
        self.loading.failed.connect(self.error.emit)

    # -- the shown case and its evaluation -----------------------------------------------

    @property
    def case(self) -> Case | None:
        """The case on screen (None before the first)."""
        return self.shown.case if self.shown is not None else None

    @property
    def params(self) -> Params:
        """The current parameters (the one source of truth)."""
        return self._params

    def show_case(self, case: Case, files: CaseFiles | None = None) -> None:
        """Put ``case`` on screen (from ``files``, if any) and evaluate it."""
        files = files if files is not None else CaseFiles()
        self.shown = ShownCase(case, files)
        self.chosen_files, self._chosen_shape = files, case.shape
        self.response = self.partial = None
        self.case_changed.emit(self.shown)
        empty = candidate_note(case, self._params.threshold)
        for warning in (*case.warnings, *([] if empty is None else [empty])):
            self.warning.emit(warning)
        self.evaluate()

    def _show_loaded(self, loaded: Case | ShownCase) -> None:
        """Show a case read in the background (a dataset's comes with its files)."""
        shown = loaded if isinstance(loaded, ShownCase) else ShownCase(loaded, files_of(loaded))
        self.show_case(shown.case, shown.files)

    def evaluate(self) -> int:
        """Evaluate the shown case with the current parameters (0: no case, no request)."""
        if self.shown is None:
            return 0
        case = self.shown.case
        shown = {**(self.response.layers if self.response is not None else {}),
                 **(self.partial.layers if self.partial is not None else {})}
        request = Request(case, self._params, self.layers.visible, shown, self.overview_radius,
                          self.screen_wait_s)
        return self.live.submit_progressive(
            progressive_evaluation_task(self.evaluators.get(case), request))

    def _on_partial(self, response: Response) -> None:
        self.partial = response
        self.partial_changed.emit(response)

    def _on_response(self, response: Response) -> None:
        self.response, self.partial = response, None
        self.layers.set_layers(response.layers)
        self.result_changed.emit(response)

    # -- parameters ----------------------------------------------------------------------

    def set_param(self, key: str, value: Any) -> None:
        """Change one parameter (the segment-length bounds stay ordered) and re-evaluate."""
        params = self._params.to_dict()
        params[key] = value
        if key == "ss_min_length":
            params["ss_max_length"] = max(params["ss_max_length"], value)
        elif key == "ss_max_length":
            params["ss_min_length"] = min(params["ss_min_length"], value)
        self._params = Params.from_mapping(params)
        self.params_changed.emit(self._params)
        self.evaluate_later()

    def set_params(self, params: Params) -> None:
        """Replace every parameter (session, reset) and re-evaluate at once."""
        self._params = params
        self.params_changed.emit(params)
        self.evaluate()

    def reset_params(self) -> None:
        """Every parameter back to its default (docs/metrics.md §7)."""
        self.set_params(Params())

    # -- opening cases -------------------------------------------------------------------

    def open_demo(self) -> None:
        """Show the built-in synthetic case (soft candidate, so the threshold works)."""
        self.show_case(demo_case(soft=True))

    def load_teaching(self, name: str, severity: float) -> None:
        """Build teaching case ``name`` at ``severity`` in the background, then show it."""
        shape, seed = self.teaching_shape, self.teaching_seed
        self.loading.submit(lambda stop, progress: teaching_case(name, severity, shape, seed))
