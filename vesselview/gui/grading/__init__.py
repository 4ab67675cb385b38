"""Grading mode: score, annotate and mark cases; the model is `vesselview.app.grading`."""
