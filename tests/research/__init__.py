"""Research tools of issue 6: rank agreement, curves, sweeps, metric behaviour."""
