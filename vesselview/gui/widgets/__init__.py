"""Small pieces shared by the GUI's windows: error label, export dialogs, metric
documentation, the metrics panel, the image items of a view box (canvas), a channel's Qt
signals and the main-thread delivery of the scheduler. They know no window.
"""
