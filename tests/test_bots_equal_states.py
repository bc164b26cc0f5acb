"""Equal states, equal choices (issue 24, point 6): a bot chooses the same move from the live
state as from that state rebuilt, from its saved form (a resumed game, the host's record) or
from the seat's view (how a bot at a client plays). A bot that walked its territories in the
order they were captured, which no rebuilt state remembers, chose differently."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from risk_lan.bots import ClassicBot, RandomBot, capitals_play
from risk_lan.bots.base import Bot
from risk_lan.bots.personality import PersonalBot, Personality
from risk_lan.rules import Action, Game, GameState
from risk_lan.seeded import SeededSource
from risk_lan.simulate import seat_names

DECISIONS = 1000
STRIDE = 3  # every third decision is compared, so that each table gets well into its games


@dataclass(frozen=True)
class Table:
    mode: str
    kinds: tuple[str, ...]  # per seat: "classic", "random" or a personality's seed ("p:…")


TABLES = (
    Table("classic", ("classic", "random", "p:1", "classic")),
    Table("classic-2015", ("p:2", "classic", "p:3")),
    Table("two-player", ("classic", "p:4")),
    Table("two-player-active", ("classic", "random")),
    Table("two-player-ally", ("p:5", "classic")),
    Table("capital", ("classic", "classic", "random")),
    Table("team", ("classic", "p:6", "classic", "random")),
    Table("risk-mission", ("classic", "p:7", "classic")),
    Table("revised", ("classic", "random", "classic")),
    Table("revised-support", ("p:8", "classic", "classic")),
)


def _bot(kind: str, seed: str) -> Bot:
    if kind == "classic":
        return ClassicBot(seed)
    if kind == "random":
        return RandomBot(seed)
    return PersonalBot(Personality.drawn(kind), seed)


def _rebuilt(state: GameState, seat: str) -> dict[str, GameState]:
    return {
        "saved": GameState.from_dict(state.to_dict(), state.board),
        "view": GameState.from_view(state.view_for(seat), state.board),
    }


def _compare(table: Table, wanted: int, mismatches: list[str]) -> int:
    """Play ``table``'s games until ``wanted`` decisions are compared; returns how many were."""
    compared = game_no = 0
    while compared < wanted:
        seats = seat_names(len(table.kinds))
        kinds = zip(seats, table.kinds, strict=True)
        bots = {p: _bot(k, f"{table.mode}:{game_no}:{p}") for p, k in kinds}
        game, _ = Game.new(seats, SeededSource(f"{table.mode}:{game_no}"), table.mode)
        for p, bot in bots.items():
            for action in bot.opening(game, p):
                game.apply(p, action)
        decision = 0
        while not game.is_over and compared < wanted and game.state.turn < 400:
            seat = game.waiting_for()
            assert seat is not None
            if decision % STRIDE == 0:
                # Each rebuilt state is asked of a copy of the bot as it stands (its own
                # dice, if it has any, at the same point), so only the state differs.
                live = copy.deepcopy(bots[seat]).choose(game, seat)
                for how, state in _rebuilt(game.state, seat).items():
                    chosen: Action = copy.deepcopy(bots[seat]).choose(Game(state), seat)
                    if chosen != live:
                        mismatches.append(
                            f"{table.mode} game {game_no} turn {game.state.turn} "
                            f"{game.state.phase} {seat}: live {live}, {how} {chosen}"
                        )
                compared += 1
            game.apply(seat, bots[seat].choose(game, seat))
            decision += 1
        game_no += 1
    return compared


def test_bots_choose_alike_from_a_state_and_from_it_rebuilt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A sealed headquarters carries a secret nonce: fixed here, so that equal choices of
    # headquarters make equal seals.
    monkeypatch.setattr(capitals_play.secrets, "token_hex", lambda n: "00" * n)
    mismatches: list[str] = []
    each = -(-DECISIONS // len(TABLES))
    compared = sum(_compare(table, each, mismatches) for table in TABLES)
    assert compared >= DECISIONS
    assert mismatches == [], f"{len(mismatches)} of {compared * 2} differ:\n" + "\n".join(
        mismatches[:20]
    )
