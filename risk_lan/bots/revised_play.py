"""How a bot plays rulebook 004's revised rules: trades of stars, reinforcements under the cap
and the continents' and traded territories' places, «risques calculés» commitments and
answers, and the end-of-turn movement by points.

Each side's total is two dice plus its armies and bonus, so the difference of two 2d6 (from
-10 to 10) decides: the bot commits everything when its side leads by ``LEAD`` or more, and
as defender retreats (saving its armies for a card lost) when it trails by ``HOPELESS``.
"""

from __future__ import annotations

from collections.abc import Callable

from risk_lan.bots.modeplay import Aims, ModePlay
from risk_lan.rules import (
    Action,
    Answer,
    Commit,
    Defend,
    EndTurn,
    Fortify,
    Game,
    Place,
    Retreat,
    TradeCards,
    calculated,
)
from risk_lan.rules.calculated import CARD_BONUS, bonus, standing_answer, supporters
from risk_lan.rules.cards import STAR_ARMIES, stars
from risk_lan.rules.revised import room, step_cost
from risk_lan.rules.ruleset import RuleSet
from risk_lan.rules.sealing import named
from risk_lan.rules.stars import beside
from risk_lan.rules.state import GameState
from risk_lan.rules.turn import sets_in_hand, trade_open

LEAD = 2  # about 7 chances in 10 of winning a roll
HOPELESS = 6  # under 1 chance in 10
FULL_LEAD = -2  # from a territory at the cap: about 3 chances in 10
TRADE_STARS = 10  # the table's best rate: 30 armies for 10 stars
TRADE_HAND = 7  # past this many cards, trade what there is
# The steps at which the revised rules play their own way.
REVISED_STEPS = ("setup", "reinforce", "attack", "defend", "fortify")


def play(
    game: Game,
    player: str,
    *,
    front: Callable[[], str],
    dice_trade: Callable[[], Action | None],
    dice_attack: Callable[[], Action | None],
    manoeuvre: Callable[[], Action | None],
) -> Action:
    """The bot's move in a game with any of rulebook 004's options on: ``front`` is where it
    would place, and the others its moves under the older rules (dice, sets)."""
    s = game.state
    if s.phase == "setup":
        return place(game, player, front)
    calculated = s.rules.combat == "calculated"
    if s.phase == "defend":
        if calculated:
            return answer(s, player)
        assert s.attack is not None
        return Defend(min(s.rules.defender_max_dice, s.armies[s.attack.target]))
    if s.phase == "reinforce":
        chosen = trade(game, player)
        if chosen is None and trade_open(s) and s.rules.trade_values != "stars":
            chosen = dice_trade()
        if chosen is not None:
            return chosen
        if s.pool > 0:
            return place(game, player, front)
    if s.phase in ("reinforce", "attack"):
        attack = commit(s, player) if calculated else dice_attack()
        if attack is not None:
            return attack
    return within_cap(s, manoeuvre())


def _move(game: Game, player: str, aims: Aims) -> Action | None:
    """The revised rules' move at their steps, with the bot's own aims."""
    if game.state.phase not in REVISED_STEPS:
        return None
    return play(
        game,
        player,
        front=lambda: aims.place_at(game, player),
        dice_trade=lambda: aims.dice_trade(game, player),
        dice_attack=lambda: aims.dice_attack(game, player),
        manoeuvre=lambda: aims.manoeuvre(game, player),
    )


def _calculated_opening(game: Game, player: str) -> list[Action]:
    return []  # each answer weighs a retreat: no standing answer for all


def in_play(rules: RuleSet) -> bool:
    """Whether any of rulebook 004's options is on, so that these moves are needed."""
    return (
        rules.combat == "calculated"
        or rules.army_cap > 0
        or rules.trade_values == "stars"
        or rules.fortification == "points"
        or rules.continent_placement
    )


def within_cap(s: GameState, action: Action | None) -> Action:
    """A manoeuvre cut to what fits under the cap; under the movement by points, the bot's
    own (``move``); the end of the turn when there is none."""
    if s.rules.fortification == "points" and (action is None or isinstance(action, Fortify)):
        return move(s, s.current)
    if not isinstance(action, Fortify):
        return action or EndTurn()
    count = min(action.count, room(s, action.target))
    return Fortify(action.source, action.target, count) if count >= 1 else EndTurn()


def trade(game: Game, player: str) -> Action | None:
    """The trade of the most stars the hand allows, once it reaches 10 stars or holds many
    cards; ties go to the trade whose territories give the most bonuses."""
    s = game.state
    if not trade_open(s) or s.rules.trade_values != "stars":
        return None
    hand = s.hands[player]
    if min(TRADE_STARS, stars(s.board, named(hand))) < TRADE_STARS and len(hand) < TRADE_HAND:
        return None
    trades = sets_in_hand(s, player)
    if not trades:
        return None

    def worth(cards: tuple[str, ...]) -> tuple[int, int, int]:
        extra = sum(2 for c in cards if s.owner.get(c) == player)
        extra += sum(1 for c in cards if c in s.owner and beside(s, player, c))
        return (
            STAR_ARMIES[stars(s.board, cards)] + extra,
            -len(cards),
            -sum(c in s.laid.get(player, ()) for c in cards),
        )

    return TradeCards(max(trades, key=worth))


def place(game: Game, player: str, front: Callable[[], str]) -> Place:
    """As many as may go on the bot's front, or on the legal place most under threat."""
    s = game.state
    most: dict[str, int] = {}
    for a in game.legal_actions(player):
        if isinstance(a, Place):
            most[a.territory] = max(most.get(a.territory, 0), a.count)
    chosen = front()
    if chosen not in most:
        chosen = max(most, key=lambda t: (_threat(s, player, t), -s.armies[t], t))
    return Place(chosen, most[chosen])


def commit(s: GameState, player: str) -> Commit | None:
    """Every army that may go, its card laid if held, and all its support, where its side
    leads the defender's best answer by ``LEAD``; the widest lead first."""
    rounds = s.rules.protect_last_territory_rounds

    def protected(t: str) -> bool:
        victim = s.owner[t]
        return bool(rounds) and s.round <= rounds and victim in s.hands and s.count(victim) == 1

    best: tuple[int, Commit] | None = None
    own, armies = s.owner, s.armies
    hand = s.hands[player]
    for src in s.territories_of(player):
        mine = armies[src] - 1
        if mine < 1:
            continue
        for tgt in s.board.neighbours[src]:
            victim = own[tgt]
            if victim == player or protected(tgt):
                continue
            lay = src in hand
            helpers = tuple(sorted(supporters(s, player, src, tgt))) if s.rules.support else ()
            ours = mine + len(helpers) + (CARD_BONUS if lay else bonus(s, player, src))
            theirs = armies[tgt] + _their_bonus(s, tgt)
            lead = ours - theirs
            # A territory at the cap grows no more: waiting for a lead would stall the game.
            full = s.rules.army_cap and armies[src] >= s.rules.army_cap
            if lead >= (FULL_LEAD if full else LEAD) and (best is None or lead > best[0]):
                best = (lead, Commit(src, tgt, mine, lay and src not in s.laid.get(player, ()),
                                     helpers))  # fmt: skip
    return best[1] if best else None


def answer(s: GameState, player: str) -> Action:
    """All its armies there and its card; when the roll is hopeless, a retreat, or else an
    answer of 1 army, so that the attacker must win roll after roll (each one a chance to
    lose everything it committed). The bot never capitulates: its armies would be lost all
    the same and the attacker would still gain a card, where an answer keeps a chance."""
    standing = standing_answer(s, player)
    if standing is not None:
        return standing  # its player's own choice, F7, which the bot keeps to
    attack = s.attack
    assert attack is not None
    tgt = attack.target
    own = s.owner[tgt]
    lay = own == player and tgt in s.hands[player]
    ours = s.armies[tgt] + (CARD_BONUS if lay else bonus(s, player, tgt))
    theirs = attack.dice + len(s.support) + bonus(s, s.current, attack.source)
    if own == player and theirs - ours >= HOPELESS and s.armies[tgt] > 1:
        board = s.board
        shelters = [
            t
            for t in board.neighbours[tgt]
            if own == s.owner[t]
            and board.border_kind(t, tgt) == "land"
            and room(s, t) >= s.armies[tgt]
        ]
        if shelters:
            return Retreat(max(shelters, key=lambda t: (s.armies[t], t)))
        return Answer(1, False)
    return Answer(s.armies[tgt], lay and tgt not in s.laid.get(player, ()))


def move(s: GameState, player: str) -> Action:
    """An end-of-turn movement: armies of a territory with no enemy beside it go to a
    neighbour that has one, as many as the points pay for; else the turn ends."""
    own, neighbours = s.owner, s.board.neighbours
    points = s.points if s.phase == "fortify" else s.count(player) // 2

    def front(t: str) -> bool:
        return any(own[n] != player for n in neighbours[t])

    best: tuple[int, Fortify] | None = None
    for src in s.territories_of(player):
        spare = s.armies[src] - 1
        if spare < 1 or front(src):
            continue
        for tgt in neighbours[src]:
            if own[tgt] != player or not front(tgt):
                continue
            count = min(spare, points // step_cost(s, src, tgt), room(s, tgt))
            if count >= 1 and (best is None or count > best[0]):
                best = (count, Fortify(src, tgt, count))
    return best[1] if best else EndTurn()


def _their_bonus(s: GameState, territory: str) -> int:
    """The defender's +2 the bot can know of: a card laid face up (its hand is hidden)."""
    owner = s.owner[territory]
    return bonus(s, owner, territory) if owner in s.hands else 0


def _threat(s: GameState, player: str, territory: str) -> int:
    return sum(s.armies[n] for n in s.board.neighbours[territory] if s.owner[n] != player)


PLAY = ModePlay(name="revised", applies=in_play, move=_move)
CALCULATED_PLAY = ModePlay(
    name="calculated", applies=calculated.MODE.applies, opening=_calculated_opening
)
