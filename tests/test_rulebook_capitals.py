"""Capital Risk (RULES.md 2.13, rulebook 003 «JEU 4»), pinned with fixed dice: the sealed choice
of headquarters, its opening, the cards that leave the deck, capture without elimination,
and the win with every headquarters or the shorter goal."""

from __future__ import annotations

import pytest
from rulebook_helpers import PLAYERS, act, of_type, position, refused, roll

from risk_lan.bots import ClassicBot
from risk_lan.rules import (
    AbandonCapital,
    Game,
    RevealCapital,
    ScriptedSource,
    SealCapital,
    check_invariants,
)
from risk_lan.rules.capitals import goal, held_by, seal
from risk_lan.rules.events import (
    CapitalAbandoned,
    CapitalRevealed,
    GameWon,
    PlayerEliminated,
    TurnStarted,
)


def choosing(mode: str = "capital") -> Game:
    """A game just out of setup: everyone is to seal a headquarters, ann first."""
    game = position({}, rules=mode, rest=PLAYERS, phase="capital")
    return game


def chosen(capitals: dict[str, str], owners: dict[str, str], armies=None,
           mode: str = "capital", rest="cat") -> Game:  # fmt: skip
    """ann's turn, attack phase, headquarters already chosen."""
    game = position(owners, armies, rules=mode, rest=rest)
    s = game.state
    s.capitals = dict(capitals)
    s.deck = [c for c in s.deck if c not in capitals.values()]
    check_invariants(s)
    return game


def test_headquarters_are_sealed_in_turn_then_opened_and_their_cards_leave_the_deck() -> None:
    game = choosing()
    s = game.state
    picks = {p: s.territories_of(p)[0] for p in PLAYERS}
    nonces = {p: f"{p}-secret-nonce-0123456789abcdef" for p in PLAYERS}
    assert refused(game, "bob", SealCapital(seal("bob", picks["bob"], nonces["bob"]))) == (
        "not_your_turn"
    )
    assert refused(game, "ann", SealCapital("not a seal")) == "malformed"
    assert refused(game, "ann", RevealCapital(picks["ann"], nonces["ann"])) == "wrong_phase"
    for p in PLAYERS:
        act(game, p, SealCapital(seal(p, picks[p], nonces[p])))
    assert s.phase == "capital_reveal" and s.capitals == {}
    # The opening must be the sealed choice: another territory, or another nonce, is refused.
    other = s.territories_of("ann")[1]
    assert refused(game, "ann", RevealCapital(other, nonces["ann"])) == "bad_seal"
    assert refused(game, "ann", RevealCapital(picks["ann"], "guess")) == "bad_seal"
    events = []
    for p in PLAYERS:
        events += act(game, p, RevealCapital(picks[p], nonces[p]))
    assert [e.territory for e in of_type(events, CapitalRevealed)] == list(picks.values())
    assert s.capitals == picks
    assert not set(picks.values()) & set(s.deck)  # the headquarters cards are out of play
    assert of_type(events, TurnStarted) and s.phase == "reinforce" and s.current == "ann"


def test_a_seal_cannot_be_copied_by_another_player() -> None:
    game = choosing()
    s = game.state
    anns = s.territories_of("ann")[0]
    sealed = seal("ann", anns, "n" * 32)
    act(game, "ann", SealCapital(sealed))
    act(game, "bob", SealCapital(sealed))  # bob seals ann's seal…
    act(game, "cat", SealCapital(seal("cat", s.territories_of("cat")[0], "c" * 32)))
    act(game, "ann", RevealCapital(anns, "n" * 32))
    # …and cannot open it: a seal names its player.
    assert refused(game, "bob", RevealCapital(anns, "n" * 32)) == "bad_seal"


CAPS = {"ann": "alaska", "bob": "kamchatka", "cat": "brazil"}


def test_capturing_a_headquarters_does_not_eliminate_its_owner() -> None:
    game = chosen(CAPS, {"alaska": "ann", "kamchatka": "bob", "yakutsk": "bob",
                         "alberta": "ann"}, {"alaska": 10})  # fmt: skip
    roll(game, "alaska", "kamchatka", [6, 6, 6], [1])
    s = game.state
    assert s.owner["kamchatka"] == "ann" and "bob" not in s.eliminated
    assert held_by(s, "ann") == ["kamchatka"] and not game.is_over  # cat's is not held


def test_holding_every_other_headquarters_and_ones_own_wins() -> None:
    owners = {"alaska": "ann", "kamchatka": "bob", "brazil": "ann", "yakutsk": "bob"}
    game = chosen(CAPS, owners, {"alaska": 10})
    events = roll(game, "alaska", "kamchatka", [6, 6, 6], [1])
    [won] = of_type(events, GameWon)
    assert (won.winner, won.reason) == ("ann", "capitals") and game.is_over


def test_without_ones_own_headquarters_the_others_do_not_win() -> None:
    owners = {"alaska": "cat", "kamchatka": "bob", "brazil": "ann", "yakutsk": "ann"}
    game = chosen(CAPS, owners, {"yakutsk": 10})
    roll(game, "yakutsk", "kamchatka", [6, 6, 6], [1])
    assert not game.is_over and held_by(game.state, "ann") == ["kamchatka", "brazil"]


def test_an_eliminated_players_headquarters_stays_with_its_territory() -> None:
    # bob's last territory is his headquarters: taking it eliminates him, and counts.
    owners = {"alaska": "ann", "kamchatka": "bob", "brazil": "ann"}
    game = chosen(CAPS, owners, {"alaska": 10}, rest="cat")
    game.state.round = 5
    events = roll(game, "alaska", "kamchatka", [6, 6, 6], [1])
    assert of_type(events, PlayerEliminated)[0].player == "bob"
    assert of_type(events, GameWon)[0].reason == "capitals"


@pytest.mark.parametrize("players, need", [(3, 2), (4, 2), (5, 3)])
def test_the_shorter_game_needs_2_headquarters_with_4_players_and_3_with_5(
    players: int, need: int
) -> None:
    seats = [f"p{i}" for i in range(players)]
    game, _ = Game.new(seats, ScriptedSource([6] + [1] * (players - 1)), "capital-short")
    assert goal(game.state) == need
    full, _ = Game.new(seats, ScriptedSource([6] + [1] * (players - 1)), "capital")
    assert goal(full.state) == players - 1


def test_bots_choose_and_open_their_headquarters() -> None:
    game = choosing()
    bots = {p: ClassicBot() for p in PLAYERS}
    while game.state.phase in ("capital", "capital_reveal"):
        who = game.waiting_for()
        act(game, who, bots[who].choose(game, who))
    caps = game.state.capitals
    assert set(caps) == set(PLAYERS) and all(game.owner(t) == p for p, t in caps.items())
    assert not set(caps.values()) & set(game.state.deck)
    assert game.state.phase == "reinforce"


def test_a_seal_left_unopened_gets_a_headquarters_by_chance_and_spares_no_one() -> None:
    game = choosing()
    s = game.state
    anns = s.territories_of("ann")[0]
    act(game, "ann", SealCapital(seal("ann", anns, "a" * 32)))
    act(game, "bob", SealCapital(seal("bob", s.territories_of("bob")[0], "b" * 32)))
    act(game, "cat", SealCapital(seal("cat", s.territories_of("cat")[0], "c" * 32)))
    act(game, "ann", RevealCapital(anns, "a" * 32))
    # bob's player left; the bot now playing bob never saw bob's nonce.
    stand_in = ClassicBot()
    assert stand_in.choose(game, "bob") == AbandonCapital()
    game.source = ScriptedSource(permutations=[[2, 0, 1, *range(3, 14)]])
    [abandoned] = of_type(act(game, "bob", AbandonCapital()), CapitalAbandoned)
    assert abandoned.territory == s.territories_of("bob")[2] == s.capitals["bob"]
    assert s.capitals["bob"] not in s.deck
    act(game, "cat", RevealCapital(s.territories_of("cat")[0], "c" * 32))
    assert s.phase == "reinforce"
    assert goal(s) == 2  # the others still need bob's headquarters too
