"""The observable: callbacks in order, weakly held methods, disconnect."""

from __future__ import annotations

import gc

import pytest

from vesselview.app.events import Event


class Listener:
    def __init__(self) -> None:
        self.seen: list[object] = []

    def on_event(self, value: object) -> None:
        self.seen.append(value)


def test_callbacks_run_in_connection_order_with_the_arguments():
    event, calls = Event("changed"), []
    event.connect(lambda a, b: calls.append(("first", a, b)))
    event.connect(lambda a, b: calls.append(("second", a, b)))
    event.emit(1, 2)
    assert calls == [("first", 1, 2), ("second", 1, 2)]


def test_a_bound_method_is_dropped_when_its_object_goes():
    event, listener = Event("changed"), Listener()
    event.connect(listener.on_event)
    event.emit("kept")
    assert listener.seen == ["kept"]
    del listener
    gc.collect()
    event.emit("nobody")
    assert "0 callbacks" in repr(event)


def test_disconnect_stops_the_calls_and_unknown_callbacks_raise():
    event, listener = Event("changed"), Listener()
    event.connect(listener.on_event)
    event.disconnect(listener.on_event)
    event.emit(1)
    assert listener.seen == []
    with pytest.raises(ValueError, match="changed"):
        event.disconnect(listener.on_event)
