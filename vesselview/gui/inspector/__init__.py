"""The inspector window: image view, layers, parameters, metrics, readout, compare modes.

Every widget here observes the application model (`vesselview.app.inspector`) and
calls its actions; `window.MainWindow` assembles them.
"""
