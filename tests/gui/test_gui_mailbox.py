"""The newest-wins mailbox between the main thread and a background thread (Qt-free)."""

from __future__ import annotations

import threading

from vesselview.gui.mailbox import LatestSlot

_JOIN_SECONDS = 30.0  # a generous bound so a bug fails the test instead of hanging it


def test_take_returns_what_was_put_and_empties_the_slot():
    slot: LatestSlot[str] = LatestSlot()
    assert not slot.superseded()
    slot.put("a")
    assert slot.superseded()
    assert slot.take() == "a"
    assert not slot.superseded()


def test_a_newer_item_replaces_the_waiting_one():
    slot: LatestSlot[int] = LatestSlot()
    slot.put(1)
    slot.put(2)
    assert slot.take() == 2
    slot.put(3)
    assert slot.take() == 3


def test_close_drops_the_waiting_item_and_ends_take():
    slot: LatestSlot[int] = LatestSlot()
    slot.put(1)
    slot.close()
    assert slot.closed
    assert slot.superseded()
    assert slot.take() is None
    slot.put(2)  # after close nothing is handed out any more
    assert slot.take() is None


def test_drop_if_drops_only_a_matching_waiting_item():
    slot: LatestSlot[int] = LatestSlot()
    slot.drop_if(lambda item: True)  # nothing waits: no-op
    slot.put(5)
    slot.drop_if(lambda item: item < 5)
    assert slot.superseded()
    slot.drop_if(lambda item: item < 6)
    assert not slot.superseded()
    slot.put(7)
    assert slot.take() == 7


def test_take_blocks_until_another_thread_puts():
    slot: LatestSlot[str] = LatestSlot()
    taken: list[str | None] = []
    consumer = threading.Thread(target=lambda: taken.append(slot.take()))
    consumer.start()
    slot.put("job")
    consumer.join(_JOIN_SECONDS)
    assert not consumer.is_alive()
    assert taken == ["job"]


def test_close_wakes_a_blocked_take():
    slot: LatestSlot[str] = LatestSlot()
    taken: list[str | None] = ["not yet"]
    started = threading.Event()

    def consume() -> None:
        started.set()
        taken[0] = slot.take()

    consumer = threading.Thread(target=consume)
    consumer.start()
    started.wait(_JOIN_SECONDS)
    slot.close()
    consumer.join(_JOIN_SECONDS)
    assert not consumer.is_alive()
    assert taken == [None]


def test_a_consumer_loop_sees_newer_items_only_and_the_last_one():
    slot: LatestSlot[int] = LatestSlot()
    seen: list[int] = []
    last_seen = threading.Event()

    def consume() -> None:
        while (item := slot.take()) is not None:
            seen.append(item)
            if item == 100:
                last_seen.set()

    consumer = threading.Thread(target=consume)
    consumer.start()
    for item in range(1, 101):
        slot.put(item)
    assert last_seen.wait(_JOIN_SECONDS)
    slot.close()
    consumer.join(_JOIN_SECONDS)
    assert not consumer.is_alive()
    assert seen == sorted(set(seen)) and seen[-1] == 100
