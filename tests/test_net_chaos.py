"""A short chaos run (tests/chaos.py; bench/chaos.py runs a long one): players killed and
restarted, frozen and woken, the host killed and resumed, and every game still ends with a
winner, a record that verifies, and no roll made twice."""

from __future__ import annotations

from chaos import chaos


def test_games_survive_killed_frozen_and_restarted_peers(tmp_path) -> None:
    tally = chaos(tmp_path, games=4, seed=11, blows=4)
    print("\n".join(tally.lines()))
    assert tally.failures == []
    assert tally.finished == tally.verified == tally.games == 4
    assert (
        tally.events["kill_host"] and tally.events["kill_player"] and tally.events["freeze_player"]
    )


def test_the_revised_and_older_rule_sets_survive_the_same_blows(tmp_path) -> None:
    # Their deals are shuffles, taken on the host's word by a player who comes back.
    modes = ("revised", "two-player-active", "risk-mission")
    tally = chaos(tmp_path, games=3, seed=5, blows=4, modes=modes)
    print("\n".join(tally.lines()))
    assert tally.failures == []
    assert tally.finished == tally.verified == tally.games == 3
    assert dict(tally.modes) == dict.fromkeys(modes, 1)
