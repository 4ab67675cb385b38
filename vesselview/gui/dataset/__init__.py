"""The case browser: a dataset's cases x methods x metrics beside the inspector.

`install_dataset_browser(window)` makes File > Open dataset ask for the dataset folder,
the methods' folders and the observer, and fills a `DatasetBrowserWindow`; the
next/previous case keys then follow the browser's order.
"""

from vesselview.gui.dataset.install import install_dataset_browser
from vesselview.gui.dataset.window import DatasetBrowserWindow

__all__ = ["DatasetBrowserWindow", "install_dataset_browser"]
