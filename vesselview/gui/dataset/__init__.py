"""The case browser: a dataset's cases x methods x metrics beside the inspector.

`DatasetBrowserWindow` shows a `vesselview.app.dataset_browser.DatasetBrowser` and
`OpenDatasetDialog` asks for the dataset folder, the methods' folders and the observer.
The inspector wires them into its window (`vesselview.gui.inspector.case_browser`); this
package knows no inspector widget (import contract, docs/architecture.md).
"""

from vesselview.gui.dataset.open_dialog import OpenDatasetDialog
from vesselview.gui.dataset.window import DatasetBrowserWindow

__all__ = ["DatasetBrowserWindow", "OpenDatasetDialog"]
