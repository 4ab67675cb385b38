"""The Qt-free metric engine: parameters, metric families, overlay layers, pipeline."""
