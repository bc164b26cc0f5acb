"""A short chaos run over every rule set (tests/chaos.py; bench/chaos.py runs a long one, at
every seat count): bot programs with personalities of their own, a spectator joining, a
player's program killed and restarted, the host killed and resumed, each at a random move;
every game still ends with a winner, every record verifies, every peer tells the same
transcript and nobody is blamed."""

from __future__ import annotations

import pytest
from chaos import BLOWS, chaos, plans, play_all, seat_counts

from risk_lan.rules.presets import RULESETS

# The fewest seats each mode allows, two blows a game and a bot in a seat after 1 s away:
# one game of each rule set. Played in three parts of six, each a test of its own, so that
# the suite's workers share them out instead of one worker spending a minute or two on all.
PLANS = plans(18, 23, 2, tuple(RULESETS), "fewest", absent=1.0)
PARTS = 3
# Where each kind of blow is counted, and how many moves before a game's end one must fall
# to be sure to be dealt (a spectator joining as the game ends rightly sees nothing).
COUNTED = {
    "watch": "late_joins",
    "kill_player": "restarts",
    "kill_host": "resumes",
    "freeze_player": "freezes",
}
MARGIN = 100  # a spectator is a program of its own: it starts while bots play on


def test_the_parts_play_every_rule_set_once() -> None:
    assert sorted(p.mode for p in PLANS) == sorted(RULESETS)
    assert len(PLANS) % PARTS == 0
    assert set(COUNTED) == set(BLOWS)
    size = len(PLANS) // PARTS
    for part in range(PARTS):
        kinds = {kind for p in PLANS[part * size : (part + 1) * size] for _, kind in p.blows}
        assert kinds == set(BLOWS), (part, kinds)


@pytest.mark.parametrize("part", range(PARTS))
def test_every_rule_set_survives_spectators_restarts_and_a_resumed_host(tmp_path, part) -> None:
    size = len(PLANS) // PARTS
    games = list(enumerate(PLANS))[part * size : (part + 1) * size]
    # Two games at a time: a game mostly waits on its processes.
    tally = play_all(tmp_path, games, 240, at_once=2)
    print("\n".join(tally.lines()))
    assert tally.failures == []
    assert tally.finished == tally.games == size and tally.blames == 0
    assert set(tally.modes) == {plan.mode for _, plan in games}
    total = tally.total
    assert total.verified == total.records > size
    # Every blow due well before its game's end was dealt (one due later may find the game
    # over: a game of «risques calculés» can end by its 130th move). With seed 23 each part
    # has each kind due at least twice, so a part deals most kinds, and the three all of them.
    due = {
        kind
        for _, plan in games
        for move, kind in plan.blows
        if move + MARGIN <= tally.of(plan.mode).moves
    }
    dealt = {kind for kind, counted in COUNTED.items() if getattr(total, counted)}
    assert due <= dealt, (due, dealt)


def test_the_long_run_plays_every_mode_at_every_seat_count_the_rules_allow() -> None:
    tables = {(p.mode, p.seats) for p in plans(56, 1, 4, tuple(RULESETS), "every")}
    assert tables == {(m, n) for m in RULESETS for n in seat_counts(m)}
    kinds = [kind for p in plans(8, 1, 4, ("classic",)) for _, kind in p.blows]
    assert set(kinds) == set(BLOWS)


def test_sealed_games_survive_blows_agree_and_verify(tmp_path) -> None:
    """The same harness with the cards dealt by the sealed deck (``host --sealed``) and every
    kind of blow dealt: a spectator joining, a player's program killed and started again, a
    player frozen (its seat taken by a host bot, which then reads its cards, and handed back
    when it wakes), the host killed and resumed from its save. Each game ends with a winner,
    every record verifies, every peer tells the same transcript and nobody is blamed.

    Three modes of different kinds: hand cards alone, Risk Mission's several missions, and a
    secret objective in a game whose territories are dealt (a peer restarted or come late
    follows that deal from the history alone).
    ``bench/chaos.py --sealed --all-modes --counts fewest`` plays every mode."""
    modes = ("classic", "risk-mission", "secret-mission")
    tally = chaos(
        tmp_path,
        games=3,
        seed=5,
        blows=4,
        modes=modes,
        counts="fewest",
        absent=2.0,
        at_once=2,
        sealed=True,
    )
    print("\n".join(tally.lines()))
    assert tally.failures == []
    assert tally.finished == tally.games == 3 and tally.blames == 0
    assert set(tally.modes) == set(modes)
    total = tally.total
    assert total.verified == total.records > 3
    assert total.deck_steps > 3 * 3 * 2  # each game's parties shuffled, at least
    # Every kind of blow fell, and a seat changed hands with its cards.
    assert total.late_joins and total.restarts and total.freezes and total.resumes
    assert total.takeovers
