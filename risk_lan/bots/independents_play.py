"""How a bot plays the active independents (two players, rulebook 002): it wins independents
over with cards it can spare, reinforces its allies, strikes with them where the odds are
good, and carries an offensive on while the odds hold."""

from __future__ import annotations

from random import Random

from risk_lan.bots.modeplay import Aims, ModePlay
from risk_lan.rules import (
    Action,
    Attack,
    EndOffensive,
    Game,
    GiveCard,
    ReinforceAlly,
    independents,
)
from risk_lan.rules.cards import is_joker
from risk_lan.rules.independents import GIVEN_A_TURN, MOST_GIVEN, allies_of
from risk_lan.rules.sealing import named
from risk_lan.rules.state import GameState
from risk_lan.rules.turn import has_set, must_trade


def _move(game: Game, player: str, aims: Aims) -> Action | None:
    """The independents' own move, unless a trade is due first."""
    s = game.state
    return None if must_trade(s) else active_move(s, player, aims.margin)


def active_move(s: GameState, player: str, margin: int) -> Action | None:
    """The bot's move for what only active independents have; None to play as usual."""
    if s.phase not in ("reinforce", "attack"):
        return None
    if s.offensive:
        source, target = s.offensive[:2]
        mine, theirs = s.armies[source] - 1, s.armies[target]
        if mine >= 2 and mine >= theirs + margin:
            return Attack(source, target, min(s.rules.attacker_max_dice, mine), stop_at=2)
        return EndOffensive()
    if s.phase != "reinforce":
        return _allied_attack(s, player, margin) if s.phase == "attack" else None
    if s.influence_open:
        gift = _gift(s, player)
        if gift is not None:
            return gift
    if s.pool == 0 and not s.attacks_begun:  # not in a trade window opened mid-attack
        for ally in allies_of(s, player):
            if ally not in s.reinforced:
                return ReinforceAlly(ally)
        return _allied_attack(s, player, margin)
    return None


def _gift(s: GameState, player: str) -> GiveCard | None:
    """A card the hand can spare (one that makes no set, or a fourth) to an independent not
    yet its ally, the opponent's ally first."""
    cards = sorted(c for c in named(s.hands[player]) if not is_joker(c))
    held = len(s.hands[player])
    if not cards or held < 2 or (held < 4 and has_set(s, player)):
        return None
    candidates = [
        n
        for n in s.neutrals
        if s.count(n)
        and s.status.get(n) != player
        and len(s.given.get(n, ())) < MOST_GIVEN
        and s.given_turn.get(n, 0) < GIVEN_A_TURN
    ]
    if not candidates:
        return None
    candidates.sort(key=lambda n: s.status.get(n) == "")  # the opponent's ally first
    return GiveCard(candidates[0], cards[0])


def _allied_attack(s: GameState, player: str, margin: int) -> Attack | None:
    """The allies' best attack on the opponent, where the odds are good."""
    best: tuple[int, str, str] | None = None
    opponent = s.next_player(player)
    for ally in allies_of(s, player):
        for src in s.territories_of(ally):
            mine = s.armies[src] - 1
            if mine < 2:
                continue
            for tgt in s.board.neighbours[src]:
                if s.owner[tgt] != opponent or mine < s.armies[tgt] + margin:
                    continue
                score = mine - s.armies[tgt]
                if best is None or score > best[0]:
                    best = (score, src, tgt)
    if best is None:
        return None
    dice = min(s.rules.attacker_max_dice, s.armies[best[1]] - 1)
    return Attack(best[1], best[2], dice, stop_at=2)


def _side(s: GameState, who: str) -> frozenset[str]:
    """A player's allies, or an ally's player and that player's other allies."""
    if not s.status:
        return frozenset()
    leader = s.status.get(who) or who
    return frozenset({leader} | {n for n, p in s.status.items() if p == leader})


def _random_move(actions: list[Action], r: Random) -> Action | None:
    """An offensive under way goes on or stops; cards are given and allies reinforced now
    and then."""
    special = [a for a in actions if a.type in ("end_offensive", "give_card", "reinforce_ally")]
    if special and (r.random() < 0.3 or special[0].type == "end_offensive"):
        if special[0].type != "end_offensive" or r.random() < 0.5:
            return r.choice(special)
        return r.choice([a for a in actions if a.type == "attack"] or special)
    return None


PLAY = ModePlay(
    name="independents",
    applies=independents.MODE.applies,
    move=_move,
    side=_side,
    random_move=_random_move,
)
