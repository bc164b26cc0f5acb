"""Rulebook 004's combat, «1) COMBATS : RISQUES CALCULÉS» (RULES.md 2.14), pinned with fixed
dice: each side commits armies and adds two dice and its card bonus; the higher total
destroys all the other side committed; a tie destroys both, the defender keeping 1; the +2
of a card laid face up, carried to later rolls; the retreat and its card taken at random;
the capitulation, before the first roll only; the neutral answered for by the player seated
before the attacker. The dice: the attacker's two, then the defender's two."""

from __future__ import annotations

from rulebook_helpers import act, of_type, position, refused

from risk_lan.rules import CLASSIC, Answer, Attack, Capitulate, Commit, MoveIn, Retreat
from risk_lan.rules.calculated import standing_answer
from risk_lan.rules.events import (
    Answered,
    CalculatedBattle,
    Capitulated,
    CardDrawn,
    CardTaken,
    Committed,
)

CALCULATED = CLASSIC.with_options(name="calculated-test", combat="calculated", army_cap=12,
                                  income_table="revised")  # fmt: skip


def front(armies: dict[str, int] | None = None, hands: dict[str, list[str]] | None = None):
    """ann's Peru (10) faces bob's Brazil (6); bob also holds Argentina, joined by land."""
    owners = {"peru": "ann", "brazil": "bob", "argentina": "bob", "venezuela": "ann"}
    return position(owners, {"peru": 10, "brazil": 6, **(armies or {})}, rules=CALCULATED,
                    rest="cat", hands=hands)  # fmt: skip


def battle(game, commit: Commit, answer: Answer, attacker=(1, 1), defender=(1, 1)) -> list:
    events = act(game, "ann", commit)
    game.source.add_dice(*attacker, *defender)  # type: ignore[union-attr]
    return events + act(game, game.waiting_for(), answer)


def test_the_higher_total_destroys_all_the_other_side_committed() -> None:
    """(c): "Total ATTAQUANT > Total DÉFENSEUR : le défenseur perd tous ses régiments
    engagés", and the other way round."""
    game = front()
    s = game.state
    events = battle(game, Commit("peru", "brazil", 5), Answer(4), (6, 6), (1, 1))
    [rolled] = of_type(events, CalculatedBattle)
    assert (rolled.attacker_total, rolled.defender_total) == (17, 6)
    assert (rolled.attacker_losses, rolled.defender_losses) == (0, 4)
    assert s.armies["peru"] == 10 and s.armies["brazil"] == 2 and s.phase == "attack"
    events = battle(game, Commit("peru", "brazil", 3), Answer(2), (1, 1), (6, 6))
    [rolled] = of_type(events, CalculatedBattle)
    assert (rolled.attacker_losses, rolled.defender_losses) == (3, 0)
    assert s.armies["peru"] == 7 and s.armies["brazil"] == 2


def test_a_tie_destroys_both_but_leaves_the_defender_one_army() -> None:
    """(c): "les deux joueurs perdent leurs régiments engagés (on laissera 1 régiment au
    défenseur si les pertes devaient laisser le territoire attaqué vide)"."""
    game = front({"brazil": 3})
    s = game.state
    events = battle(game, Commit("peru", "brazil", 3), Answer(3), (2, 3), (4, 1))
    [rolled] = of_type(events, CalculatedBattle)
    assert rolled.attacker_total == rolled.defender_total == 8
    assert s.armies["peru"] == 7 and s.armies["brazil"] == 1 and s.owner["brazil"] == "bob"


def test_the_winner_occupies_with_at_least_its_committed_armies() -> None:
    """(d): "l'attaquant occupe alors le territoire attaqué avec le nombre de régiments
    engagés ou plus, mais en en laissant au moins 1"."""
    game = front({"brazil": 2})
    s = game.state
    battle(game, Commit("peru", "brazil", 4), Answer(2), (6, 5), (1, 2))
    assert s.owner["brazil"] == "ann" and s.move_in is not None
    assert (s.move_in.minimum, s.move_in.maximum) == (4, 9)
    assert refused(game, "ann", MoveIn(3)) == "bad_count"
    act(game, "ann", MoveIn(6))
    assert s.armies["brazil"] == 6 and s.armies["peru"] == 4 and s.conquered


def test_a_laid_card_adds_2_to_this_and_every_later_roll_of_its_territory() -> None:
    """«2) BONUS D'ATTAQUE ET DE DÉFENSE»: the card of the attacking territory, laid face
    up, gives +2 to every later roll concerning that territory until it is traded or lost."""
    game = front(hands={"ann": ["peru"], "bob": ["brazil"]})
    s = game.state
    events = battle(game, Commit("peru", "brazil", 2, lay=True), Answer(1, lay=True))
    assert of_type(events, Committed)[0].bonus == 2
    [rolled] = of_type(events, CalculatedBattle)
    assert (rolled.attacker_total, rolled.defender_total) == (2 + 2 + 2, 2 + 1 + 2)
    assert s.laid == {"ann": ["peru"], "bob": ["brazil"]}
    events = battle(game, Commit("peru", "brazil", 2), Answer(1))  # laid before: +2 again
    [rolled] = of_type(events, CalculatedBattle)
    assert (rolled.attacker_total, rolled.defender_total) == (6, 5)
    # Without the card, no bonus to lay.
    s.armies["venezuela"] = 3
    assert refused(game, "ann", Commit("venezuela", "brazil", 1, lay=True)) == "no_card"


def test_a_retreat_moves_everything_by_land_and_gives_a_card_at_random() -> None:
    """«3) BATTRE EN RETRAITE»: all the defender's armies go to a territory of its own
    joined by land; the attacker moves in (1 at least) and takes one of the defender's cards
    at random, laid ones among them."""
    game = front(hands={"bob": ["egypt", "siam", "brazil"]})
    s = game.state
    s.laid = {"bob": ["brazil"]}
    act(game, "ann", Commit("peru", "brazil", 3))
    assert refused(game, "bob", Retreat("north_africa")) == "not_owner"
    # The card: a die over the laid cards first, then the others as held (brazil, egypt,
    # siam), so a peer who sees no hand still knows a laid one was taken.
    game.source.add_dice(1)  # type: ignore[union-attr]
    events = act(game, "bob", Retreat("argentina"))
    assert s.armies["argentina"] == 7 and s.owner["brazil"] == "ann"
    assert of_type(events, CardTaken) == [CardTaken("ann", "bob", "brazil")]
    assert of_type(events, CardTaken)[0].seen_by("cat").card is None
    assert s.hands["ann"] == ["brazil"] and s.laid == {"bob": []}
    assert (s.move_in.minimum, s.move_in.maximum) == (1, 9)  # type: ignore[union-attr]
    act(game, "ann", MoveIn(1))
    assert s.conquered  # a card at the end of the turn too


def test_a_retreat_with_no_card_to_give_draws_one_from_the_pile() -> None:
    game = front()
    act(game, "ann", Commit("peru", "brazil", 3))
    events = act(game, "bob", Retreat("argentina"))
    assert [e.player for e in of_type(events, CardDrawn)] == ["ann"]


def test_a_capitulation_comes_before_the_first_roll_only() -> None:
    """«4) CAPITULER»: "avant la première attaque"; the defender's armies go back to its
    reserve, and the attacker moves in and draws a card at once."""
    game = front()
    s = game.state
    battle(game, Commit("peru", "brazil", 1), Answer(1), (1, 1), (6, 6))
    act(game, "ann", Commit("peru", "brazil", 1))
    assert refused(game, "bob", Capitulate()) == "fought"
    game = front()
    s = game.state
    act(game, "ann", Commit("peru", "brazil", 2))
    events = act(game, "bob", Capitulate())
    assert of_type(events, Capitulated) == [Capitulated("bob", "brazil", 6)]
    assert [e.player for e in of_type(events, CardDrawn)] == ["ann"]
    assert s.owner["brazil"] == "ann" and s.move_in.minimum == 1  # type: ignore[union-attr]


def test_the_neutral_is_answered_for_by_the_player_seated_before_the_attacker() -> None:
    """(b): "Lorsque l'armée neutre défend, c'est le joueur qui précède l'attaquant qui gère
    le combat"; and the neutral never retreats nor capitulates."""
    game = front()
    s = game.state
    s.neutrals = ["neutral"]
    s.take("venezuela", "neutral")
    s.setup_left["neutral"] = 0
    act(game, "ann", Commit("peru", "venezuela", 3))
    assert s.attack is not None and s.attack.defender == "cat"  # seated before ann
    assert refused(game, "cat", Capitulate()) == "neutral"
    assert refused(game, "cat", Retreat("central_america")) == "neutral"
    assert {a.type for a in game.legal_actions("cat")} == {"auto_defend", "answer"}


def test_dice_attacks_are_refused_under_these_rules() -> None:
    game = front()
    assert refused(game, "ann", Attack("peru", "brazil", 3)) == "wrong_combat"


SUPPORT = CALCULATED.with_options(support=True)


def support_front():
    """ann's Peru (10) attacks bob's Brazil (6), with Venezuela (3) and Argentina (2) beside
    Brazil, and Central America (4) not beside it."""
    owners = {"peru": "ann", "brazil": "bob", "venezuela": "ann", "argentina": "ann",
              "central_america": "ann"}  # fmt: skip
    return position(owners, {"peru": 10, "brazil": 6, "venezuela": 3, "argentina": 2,
                             "central_america": 4}, rules=SUPPORT, rest="cat")  # fmt: skip


def test_support_one_army_from_each_territory_beside_the_target() -> None:
    """«RISQUES CALCULÉS et SOUTIEN» (a): "au maximum 1 régiment par territoire contrôlé
    adjacent … au territoire attaqué et disposant d'au moins 2 régiments"."""
    game = support_front()
    assert refused(game, "ann", Commit("peru", "brazil", 3, support=("central_america",))) == (
        "bad_support"
    )
    assert refused(game, "ann", Commit("peru", "brazil", 3, support=("peru",))) == "bad_support"
    events = battle(game, Commit("peru", "brazil", 3, support=("venezuela", "argentina")),
                    Answer(6), (2, 2), (1, 1))  # fmt: skip
    [rolled] = of_type(events, CalculatedBattle)
    assert (rolled.attacker_total, rolled.defender_total) == (4 + 3 + 2, 2 + 6)


def test_beaten_the_support_falls_too_but_on_a_tie_it_stays_home() -> None:
    """(c): defender higher, "l'attaquant perd tous ses régiments engagés (d'attaque et de
    soutien)"; tie, "les régiments de soutien sont laissés sur leurs territoires"."""
    game = support_front()
    s = game.state
    battle(game, Commit("peru", "brazil", 2, support=("venezuela",)), Answer(2), (1, 1), (6, 6))
    assert (s.armies["peru"], s.armies["venezuela"], s.armies["brazil"]) == (8, 2, 6)
    # 3 + 2 + 1 = 6 against 2 + 4 = 6: a tie.
    battle(game, Commit("peru", "brazil", 2, support=("argentina",)), Answer(4), (1, 2), (1, 1))
    assert (s.armies["peru"], s.armies["argentina"], s.armies["brazil"]) == (6, 2, 2)


def test_no_support_under_the_plain_rules() -> None:
    game = front()
    game.state.armies["venezuela"] = 3
    assert refused(game, "ann", Commit("peru", "brazil", 3, support=("venezuela",))) == (
        "no_support"
    )


def test_a_standing_answer_commits_every_army_and_the_card() -> None:
    """The defender's standing answer (F7), as the defence dice have one: all its armies
    there, and the territory's card laid if it holds it. Only the defender sees whether it
    does, so its client gives that answer, laying the card in the act it signs; the engine
    gives it at once only where the card's place is public."""
    game = front(hands={"bob": ["brazil"]})
    s = game.state
    s.auto_defend["bob"] = 2
    events = act(game, "ann", Commit("peru", "brazil", 5))
    assert not of_type(events, Answered) and game.waiting_for() == "bob"
    assert standing_answer(s, "bob") == Answer(6, True)
    game.source.add_dice(6, 6, 1, 1)  # type: ignore[union-attr]
    events = act(game, "bob", standing_answer(s, "bob"))
    assert of_type(events, Answered) == [Answered("bob", 6, 2, True)]
    [rolled] = of_type(events, CalculatedBattle)
    assert rolled.defender_total == 2 + 6 + 2 and s.laid == {"bob": ["brazil"]}


def test_a_standing_answer_is_given_at_once_when_no_hidden_card_can_change_it() -> None:
    """No card in hand, or the card laid already: all the armies, at once."""
    for hands, laid, bonus in (({}, {}, 0), ({"bob": ["brazil"]}, {"bob": ["brazil"]}, 2)):
        game = front(hands=hands)
        game.state.laid = laid
        game.state.auto_defend["bob"] = 2
        game.source.add_dice(6, 6, 1, 1)  # type: ignore[union-attr]
        events = act(game, "ann", Commit("peru", "brazil", 5))
        assert of_type(events, Answered) == [Answered("bob", 6, bonus, True)]


def test_each_territory_supports_once_and_no_capitulation_on_a_last_territory() -> None:
    """A support list naming a territory twice is refused; and a player cannot capitulate on
    his last territory (RULES.md Part 3, item 33)."""
    game = support_front()
    assert refused(game, "ann", Commit("peru", "brazil", 2, support=("venezuela",) * 3)) == (
        "bad_support"
    )
    game = position({"peru": "ann", "brazil": "bob"}, {"peru": 10}, rules=CALCULATED,
                    rest="cat")  # fmt: skip
    act(game, "ann", Commit("peru", "brazil", 3))
    assert refused(game, "bob", Capitulate()) == "last_territory"
    assert {a.type for a in game.legal_actions("bob")} == {"auto_defend", "answer"}
