"""The host's clock: whom the game waits for, and when a seat goes to a bot."""

from __future__ import annotations

from risk_lan.net.host.absenceclock import SHOW_AFTER, AbsenceClock


def test_a_seat_that_keeps_the_game_waiting_past_the_limit_is_overdue() -> None:
    clock = AbsenceClock(60)
    clock.wait(["p1"], "move", now=0)
    assert clock.overdue(59.9) == [] and clock.overdue(60) == ["p1"]


def test_a_seat_that_answered_leaves_the_wait_without_restarting_it_for_the_others() -> None:
    clock = AbsenceClock(60)
    clock.wait(["p1", "p2"], "reveal", now=0)
    clock.wait(["p2"], "reveal", now=30)  # p1 revealed
    assert clock.overdue(60) == ["p2"]
    clock.wait(["p3"], "move", now=61)  # a new wait starts afresh
    assert clock.overdue(120) == [] and clock.overdue(121) == ["p3"]


def test_an_absence_counts_whole_and_the_table_is_told_since_when() -> None:
    clock = AbsenceClock(60)
    clock.gone("p2", now=0)
    clock.wait(["p2"], "move", now=50)
    assert clock.overdue(60) == ["p2"]  # away since 0, though the wait began at 50
    (wait,) = clock.waits(55)
    assert wait == {"seat": "p2", "why": "away", "waited": 55.0, "left": 5.0}


def test_a_stopped_clock_hands_no_one_over_and_restarts_every_wait() -> None:
    clock = AbsenceClock(60)
    clock.gone("p2", now=0)
    clock.wait(["p2"], "move", now=0)
    clock.pause(True, now=10)
    assert clock.overdue(1000) == [] and clock.waits(1000)[0]["left"] is None
    clock.pause(False, now=1000)
    assert clock.overdue(1059) == [] and clock.overdue(1060) == ["p2"]
    assert clock.waits(1001)[0]["waited"] == 1001.0  # away all along, clock or not


def test_more_time_moves_the_limit_for_that_seat_only() -> None:
    clock = AbsenceClock(60)
    clock.wait(["p1", "p2"], "reveal", now=0)
    clock.more_time("p1", 30)
    assert clock.overdue(60) == ["p2"] and clock.overdue(90) == ["p1", "p2"]


def test_short_waits_are_not_announced_and_news_comes_once() -> None:
    clock = AbsenceClock(None)
    clock.wait(["p1"], "move", now=0)
    assert clock.news(SHOW_AFTER / 2) is None or clock.waits(SHOW_AFTER / 2) == []
    waits = clock.news(SHOW_AFTER + 1)
    assert waits and waits[0]["left"] is None  # no limit: no bot will take over
    assert clock.news(SHOW_AFTER + 2) is None  # nothing new to tell
    assert clock.overdue(10_000) == []
