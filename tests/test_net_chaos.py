"""A short chaos run over every rule set (tests/chaos.py; bench/chaos.py runs a long one, at
every seat count): bot programs with personalities of their own, a spectator joining, a
player's program killed and restarted, the host killed and resumed, each at a random move;
every game still ends with a winner, every record verifies, every peer tells the same
transcript and nobody is blamed."""

from __future__ import annotations

from chaos import BLOWS, chaos, plans, seat_counts

from risk_lan.rules.presets import RULESETS


def test_every_rule_set_survives_spectators_restarts_and_a_resumed_host(tmp_path) -> None:
    # The fewest seats each mode allows, two blows a game and a bot in a seat after 1 s away
    # keep the 18 games to a minute or two on 2 cores; three games at a time, since a game
    # mostly waits on its processes.
    tally = chaos(
        tmp_path,
        games=18,
        seed=23,
        blows=2,
        modes=tuple(RULESETS),
        counts="fewest",
        absent=1.0,
        at_once=3,
    )
    print("\n".join(tally.lines()))
    assert tally.failures == []
    assert tally.finished == tally.games == 18 and tally.blames == 0
    assert set(tally.modes) == set(RULESETS)
    total = tally.total
    assert total.verified == total.records > 18
    assert total.late_joins and total.restarts and total.resumes


def test_the_long_run_plays_every_mode_at_every_seat_count_the_rules_allow() -> None:
    tables = {(p.mode, p.seats) for p in plans(56, 1, 4, tuple(RULESETS), "every")}
    assert tables == {(m, n) for m in RULESETS for n in seat_counts(m)}
    kinds = [kind for p in plans(8, 1, 4, ("classic",)) for _, kind in p.blows]
    assert set(kinds) == set(BLOWS)


def test_sealed_games_of_the_modes_with_hidden_cards_agree_and_verify(tmp_path) -> None:
    """The same harness with the cards dealt by the sealed deck (``host --sealed``), no blow
    dealt (a sealed seat that changes hands, a sealed host resumed and a spectator of a
    sealed game are other work, not in yet), and a seat given to a bot only after 30 s away
    (a shuffle's proof on a loaded machine can take a player longer than the short run's
    second, and a seat taken over mid-deal still stops a sealed game): a few modes whose
    cards or objectives are
    sealed, each ending with a winner, every record verifying, every peer telling the same
    transcript and nobody blamed. ``bench/chaos.py --sealed --blows 0 --all-modes`` plays
    every mode."""
    modes = ("secret-mission", "capital", "revised-objectives")
    tally = chaos(
        tmp_path,
        games=3,
        seed=5,
        blows=0,
        modes=modes,
        counts="fewest",
        absent=30.0,
        at_once=2,
        sealed=True,
    )
    print("\n".join(tally.lines()))
    assert tally.failures == []
    assert tally.finished == tally.games == 3 and tally.blames == 0
    assert set(tally.modes) == set(modes)
    assert tally.total.verified == tally.total.records > 3
    assert tally.total.deck_steps > 3 * 3 * 2  # each game's parties shuffled, at least
