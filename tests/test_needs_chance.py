"""Whether a move needs chance is the engine's answer (``Game.needs_chance``): the host
publishes such a move with a roll of the fair dice, and any other without one. Random legal
moves of every preset, under random options: at every move the engine's answer is the one a
trial of the move on a copy, with a source that refuses to roll, gives (how the host found
it before), and asking changes nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from test_projection import A_TABLE, rules_for

from risk_lan.bots import ClassicBot
from risk_lan.rules import RULESETS, Action, Game, SetAutoDefend
from risk_lan.rules.chance import by_rule
from risk_lan.rules.randomness import NeedsChance, NoChance
from risk_lan.seeded import SeededSource

ANSWERS: Counter[tuple[str, bool]] = Counter()
RULED: Counter[bool] = Counter()  # moves answered by the rules alone, and by a trial


def by_trial(game: Game, player: str, action: Action) -> bool:
    """The host's old way: the move played on a copy with a source that refuses."""
    trial = Game(game.state.copy(), NoChance())
    try:
        trial.apply(player, action)
    except NeedsChance:
        return True
    return False


def play_and_ask(game: Game, rng: random.Random, steps: int) -> None:
    bots = {p: ClassicBot() for p in game.state.players}
    for p in game.state.players:
        if rng.random() < 0.5:  # a standing answer, which a defence then rolls at once
            game.apply(p, SetAutoDefend(game.rules.defender_max_dice))
    for n in range(steps):
        if game.is_over:
            break
        player = game.waiting_for()
        assert player is not None
        if game.phase in ("capital", "capital_reveal") or rng.random() < 0.7:
            action = bots[player].choose(game, player)
        else:
            action = rng.choice(game.legal_actions(player))
        before = game.state.to_dict()
        answer = game.needs_chance(player, action)
        assert game.state.to_dict() == before, f"asking about move {n} changed the game"
        expected = by_trial(game, player, action)
        assert answer == expected, (
            f"move {n} ({player}: {action}) in phase {game.phase}: the engine says "
            f"{'it needs' if answer else 'no'} chance, a trial says otherwise"
        )
        ANSWERS[(action.type, answer)] += 1
        RULED[by_rule(game.state, player, action) is not None] += 1
        game.source = SeededSource(rng.randrange(1 << 30))
        game.apply(player, action)


@pytest.mark.parametrize("preset", sorted(RULESETS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**A_TABLE)
def test_the_engine_says_whether_a_move_needs_chance_as_a_trial_would(
    preset, seed, players, options, revised
) -> None:
    rules = rules_for(preset, options, revised)
    players = min(max(players, rules.min_players), rules.max_players)
    game, _ = Game.new([f"p{i}" for i in range(players)], SeededSource(seed), rules)
    play_and_ask(game, random.Random(seed), steps=500)


def test_both_answers_come_up_and_most_moves_need_no_trial() -> None:
    """The property above sees moves with chance and without (else it proves little), and
    the rules answer most moves without a copy of the game (a turn's end, say, needs one)."""
    game, _ = Game.new(["a", "b", "c"], SeededSource(7), RULESETS["classic"])
    ANSWERS.clear()
    RULED.clear()
    play_and_ask(game, random.Random(7), steps=400)
    assert any(chance for (_, chance) in ANSWERS) and any(not c for (_, c) in ANSWERS)
    assert ANSWERS[("defend", True)] or ANSWERS[("attack", True)], ANSWERS
    assert RULED[True] >= 4 * RULED[False], RULED


def test_a_retreat_from_an_empty_hand_needs_chance_only_to_shuffle_the_discards() -> None:
    """The attacker takes a card at random from the retreating defender's hand; from an
    empty hand, it draws from the deck, which needs chance only when the deck is out and the
    discards are shuffled into a new one. Too rare for random play to meet often."""
    from rulebook_helpers import act, position

    from risk_lan.rules import CLASSIC, Commit, Retreat

    rules = CLASSIC.with_options(name="calculated-test", combat="calculated", army_cap=12,
                                 income_table="revised")  # fmt: skip
    owners = {"peru": "ann", "brazil": "bob", "argentina": "bob", "venezuela": "ann"}
    for hand, deck, discard, expected in [
        (["egypt"], ["siam"], [], True),  # a card taken from the hand, at random
        ([], ["siam"], ["egypt"], False),  # the top of the deck
        ([], [], ["egypt", "siam"], True),  # the discards shuffled first
        ([], [], [], False),  # no card left anywhere
    ]:
        game = position(owners, {"peru": 10, "brazil": 6}, rules=rules, rest="cat",
                        hands={"bob": hand})  # fmt: skip
        act(game, "ann", Commit("peru", "brazil", 3))
        game.state.deck, game.state.discard = list(deck), list(discard)
        retreat = Retreat("argentina")
        assert game.needs_chance("bob", retreat) is expected, (hand, deck, discard)
        assert by_trial(game, "bob", retreat) is expected
