"""The bots' ladder in short (tests/ladder.py; bench/bots.py runs it long): seats in turn,
intervals and tests against published values, how games were won, the printed lines, and a
loose bound any real rung clears by far. No timing is asserted here."""

from __future__ import annotations

import pytest
from ladder import (
    RUNGS,
    Ladder,
    Played,
    Rung,
    Tally,
    TurnClock,
    chi_square_p,
    evenness_p,
    percentile,
    play_all,
    run,
    tasks_for,
    wilson,
)

from risk_lan.bots import Bot, make_bot
from risk_lan.cli import main
from risk_lan.rules import Action, Event, Game
from risk_lan.rules.events import GameWon
from risk_lan.simulate import GameResult, Summary, play_game, simulate


@pytest.mark.parametrize("name", sorted(RUNGS))
def test_each_seat_holds_the_level_under_test_equally_often(name: str) -> None:
    rung = RUNGS[name]
    seen: dict[int, int] = {}
    for game in range(3 * rung.players):
        levels = rung.seating(game)
        assert len(levels) == rung.players
        seats = [i for i, level in enumerate(levels) if level == rung.test]
        if rung.mirror:
            assert seats == list(range(rung.players))
            continue
        assert len(seats) == 1 and levels.count(rung.field) == rung.players - 1
        seen[seats[0]] = seen.get(seats[0], 0) + 1
    assert rung.mirror or seen == dict.fromkeys(range(rung.players), 3)
    assert rung.games % rung.players == 0  # the default counts keep the seats balanced


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I,
        # method 3 (the score interval without continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
    ],
)
def test_the_wilson_interval_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    got = wilson(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize(
    ("statistic", "df"), [(3.841, 1), (5.991, 2), (7.815, 3), (9.488, 4), (11.070, 5)]
)
def test_the_chi_square_test_gives_five_percent_at_the_tables_critical_values(
    statistic: float, df: int
) -> None:
    assert chi_square_p(statistic, df) == pytest.approx(0.05, abs=2e-4)


def test_evenness_and_percentiles() -> None:
    assert evenness_p([10, 10, 10, 10]) == 1.0
    assert evenness_p([40, 0, 0, 0]) < 1e-6
    assert evenness_p([0, 0]) == 1.0
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.95) == 95.0 and percentile([3.0], 0.95) == 3.0


def _played(rung: Rung, index: int, winner: int | None, victory: str | None) -> Played:
    return Played(rung.name, index, rung.seating(index), winner, victory, 0.01, {})


def test_a_rung_s_lines_say_the_rate_its_interval_the_target_and_the_verdict() -> None:
    rung = RUNGS["easy-random"]
    tally = Tally(rung)
    for index in range(12):  # the level under test wins 6 of 12 (target 90%): FAIL
        seat = index % rung.players
        tally.add(_played(rung, index, seat if index < 6 else (seat + 1) % 4, "world"))
    lines = tally.lines()
    assert lines[0] == (
        "easy-random: easy against 3 random, classic, 4 players: 12 games (easy 3 in each seat)"
    )
    # Wilson's interval for 6 of 12: [25.4%, 74.6%].
    assert lines[1] == ("  easy wins 50.0% [25.4%, 74.6%] (6/12; chance 25.0%): target 90.0%: FAIL")
    assert lines[2] == "  won by: conquest 12"
    assert lines[3].startswith("  0 unfinished; ")

    tally = Tally(rung)
    for index in range(8):
        tally.add(_played(rung, index, index % rung.players, "world"))
    tally.add(_played(rung, 8, None, None))  # unfinished: a loss for the level under test
    assert tally.lines()[1].startswith("  easy wins 88.9% ") and tally.lines()[1].endswith("FAIL")
    assert tally.lines()[3].startswith("  1 unfinished; ")


def test_an_objective_mode_s_lines_say_how_its_games_were_won() -> None:
    rung = RUNGS["risk-mission-normal"]
    tally = Tally(rung)
    for index, victory in enumerate(["missions", "missions", "world", "missions"]):
        tally.add(_played(rung, index, index % 4, victory))
    lines = tally.lines()
    assert lines[1] == (
        "  wins by seat: p1 1, p2 1, p3 1, p4 1 (chance 25.0% each): "
        "even by chi-square, p = 1.00: target p >= 0.05: PASS"
    )
    assert lines[2] == "  won by: missions 3, conquest 1"
    assert lines[3].startswith(
        "  won by the mode's objective rather than by conquest: 75.0% [30.1%, 95.4%] of 4 "
    )


def test_a_rung_whose_level_is_missing_is_skipped_with_a_sentence() -> None:
    said: list[str] = []
    ghost = Rung("ghost", "classic", 4, "grandmaster", "normal", 0.5, 4)
    ladder = run([ghost], say=said.append)
    assert said[0] == (
        "ghost: grandmaster against 3 normal, classic, 4 players: skipped: no grandmaster bot"
    )
    assert ladder.games == 0 and "engine:" not in "\n".join(said)


def test_normal_beats_random_by_far_and_six_normal_bots_finish() -> None:
    said: list[str] = []
    ladder = run([RUNGS["normal-random"], RUNGS["normal-6"]], games=24, seed=5, say=said.append)
    tally = ladder.tallies["normal-random"]
    assert tally.games == 24 and tally.unfinished == 0
    # Chance is 25%; the normal bot won 100 of 100 before the ladder: the lower bound alone
    # clears a half by far.
    assert wilson(tally.wins, tally.games)[0] > 0.5, said
    assert ladder.tallies["normal-6"].finished == 24
    text = "\n".join(said)
    assert "normal wins " in text and ": PASS" in text
    assert "thinking time per turn of its own" in text and "  normal: median " in text
    assert "engine: 48 games in " in text


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    tasks = tasks_for([RUNGS["normal-random"], RUNGS["mission-normal"]], 4, 9, None)
    alone = [(p.rung, p.index, p.winner, p.victory) for p in play_all(tasks, 1)]
    shared = [(p.rung, p.index, p.winner, p.victory) for p in play_all(tasks, 2)]
    assert alone == shared and len(alone) == 8


def test_how_a_game_was_won_is_the_engine_s_own_word() -> None:
    """The result's victory is the reason of the GameWon event the engine sent, mode by mode."""
    for mode, seed in [("classic", "w1"), ("mission", "w2"), ("risk-mission", "w3")]:
        sent: list[str] = []

        def keep(_: Game, events: list[Event], sent: list[str] = sent) -> None:
            sent.extend(e.reason for e in events if isinstance(e, GameWon))

        bots = [make_bot("classic", f"{seed}:{i}") for i in range(4)]
        result = play_game(bots, seed, mode, on_events=keep)
        assert result.winner is not None and sent == [result.victory], mode
    summary = simulate(4, 10, seed=3, rules="mission")
    assert sum(summary.wins_by_victory.values()) == summary.finished == 10
    assert summary.wins_by_victory["objective"] >= 5, summary.lines()


def test_the_summary_counts_each_way_of_winning() -> None:
    summary = Summary()
    for victory in ["objective", "world", "objective", None]:
        won = victory is not None
        summary.add(GameResult("p1" if won else None, "normal", 5, 2, 100, 0.1, victory))
    assert summary.won_by() == [("objective", 2), ("world", 1)]
    assert "won by: objective 2, conquest 1" in summary.lines()


def test_simulate_prints_how_the_games_were_won(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "4", "--mode", "mission", "--seed", "2"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("won by: "))
    assert "objective" in line


class _Spy:
    """A bot that notes the turns it chose in while its seat was the current one."""

    def __init__(self, seed: str) -> None:
        self.inner = make_bot("classic", seed)
        self.name = self.inner.name
        self.own_turns: set[int] = set()
        self.calls = 0

    def opening(self, game: Game, player: str) -> list[Action]:
        return self.inner.opening(game, player)

    def choose(self, game: Game, player: str) -> Action:
        self.calls += 1
        if game.state.turn >= 1 and game.state.current == player:
            self.own_turns.add(game.state.turn)
        return self.inner.choose(game, player)


def test_thinking_time_is_summed_over_each_turn_of_the_bot_s_own() -> None:
    spies = [_Spy(f"spy:{i}") for i in range(3)]
    clocks = [TurnClock(spy) for spy in spies]
    result = play_game(clocks, "spy", "classic")
    assert result.winner is not None
    for spy, clock in zip(spies, clocks, strict=True):
        # Claims, setup placements and answers to others' attacks are not its turns.
        assert set(clock.per_turn) == spy.own_turns and len(spy.own_turns) < spy.calls
        assert all(seconds > 0 for seconds in clock.per_turn.values())
    assert Ladder().think_lines() == [
        "thinking time per turn of its own (choose, summed over the turn):"
    ]


def test_every_rung_without_the_hard_bot_plays_a_game_in_each_seat() -> None:
    """The hard bot's rungs are the long run's (it thinks for a second a turn); the others play
    here whenever their levels exist, the easy bot's from the day it is registered."""
    rungs = [r for r in RUNGS.values() if "hard" not in (r.test, r.field)]
    said: list[str] = []
    ladder = run(rungs, games=4, seed=3, say=said.append)
    for rung in rungs:
        if rung.name in ladder.tallies:
            assert ladder.tallies[rung.name].unfinished == 0, rung.name
        else:
            assert f"{rung.title()}: skipped: no easy bot" in said
    assert "normal-random" in ladder.tallies and "mission-normal" in ladder.tallies


def test_a_hard_rung_hands_the_think_budget_to_the_hard_bot_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a stand-in for the hard bot (the normal one): the rung plays, the budget reaches
    only the hard seats, and the hard level's thinking time is printed."""
    import ladder

    asked: list[tuple[str, float | None]] = []

    def stand_in(kind: str, seed: int | str | None = None, think: float | None = None) -> Bot:
        asked.append((kind, think))
        if kind == "hard":
            bot = make_bot("classic", seed)
            bot.name = "hard"
            return bot
        return make_bot(kind, seed)

    monkeypatch.setattr(ladder, "make_bot", stand_in)
    said: list[str] = []
    run([RUNGS["hard-normal-2"]], games=4, seed=1, think=0.3, say=said.append)
    assert ("hard", 0.3) in asked and all(think is None for kind, think in asked if kind != "hard")
    text = "\n".join(said)
    assert "hard-normal-2: hard against 1 normal, two-player, 2 players: 4 games" in text
    assert "  hard wins " in text and "  hard: median " in text
