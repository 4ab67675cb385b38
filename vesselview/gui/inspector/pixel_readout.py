"""The status bar's readout of the pixel under the cursor, with the shown result.

It says what the pixel is in each layer of the shown result (`format_readout`; the
tooltip has the details, `format_readout_details`), with lengths in the metrics panel's
unit, and says it again when the result or the unit changes.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from vesselview.gui.inspector.layer_display import LayerDisplay
from vesselview.gui.inspector.readout import format_readout, format_readout_details
from vesselview.gui.inspector.status_widgets import READOUT_PROMPT
from vesselview.gui.widgets.metrics_panel import MetricsPanel


class PixelReadout:
    """Describes the last hovered pixel in ``label``.

    Parameters
    ----------
    label : QLabel
        The status bar's readout.
    layer_display : LayerDisplay
        Holds the shown result (`LayerDisplay.response`).
    metrics_panel : MetricsPanel
        Holds the shown length unit (`MetricsPanel.length_scale`).
    """

    def __init__(self, label: QLabel, layer_display: LayerDisplay,
                 metrics_panel: MetricsPanel) -> None:
        self.label = label
        self._layer_display = layer_display
        self._metrics_panel = metrics_panel
        self._hovered: tuple[int, int] | None = None  # last pixel under the cursor

    def hover(self, row: int, col: int) -> None:
        """Describe pixel (``row``, ``col``), now under the cursor."""
        self._hovered = (row, col)
        self.refresh()

    def clear(self) -> None:
        """Forget the hovered pixel (a new case) and prompt for one."""
        self._hovered = None
        self.label.setText(READOUT_PROMPT)

    def refresh(self) -> None:
        """Describe the last hovered pixel with the shown result."""
        response = self._layer_display.response
        if response is not None and self._hovered is not None:
            info = response.result.explain(*self._hovered)
            scale = self._metrics_panel.length_scale
            self.label.setText(format_readout(info, scale))
            self.label.setToolTip(format_readout_details(info, scale))
