"""The research and teaching tools: plots (sweeps, soft-map curves), candidates and their
ranking, metric behaviour, the Teaching menu. They run on the application's scheduler
and never import the inspector's widgets.
"""
