"""The Qt-free application model: inspector state, actions, sessions and the scheduler."""
