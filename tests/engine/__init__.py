"""Tests of the Qt-free metric engine."""
