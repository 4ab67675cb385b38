"""Small pieces shared by the GUI's windows: error label, export dialogs, metric
documentation, a channel's Qt signals and the main-thread delivery of the scheduler.
"""
