"""Rulebook 004's combat, «RISQUES CALCULÉS» (``combat`` "calculated"; after Jeux & Stratégie
no. 40): each side commits armies, rolls two dice and adds them, and the higher total
destroys every army the other side committed.

The attacker commits 1 to its territory's armies − 1 (``Commit``), and may lay face up the
card of its attacking territory for +2; the defender answers (``Answer``) with 1 to all of
its armies there and may lay the card of the attacked territory for +2, or retreats to a
territory of its own joined by land (``Retreat``), or, before the first roll on that
territory, capitulates (``Capitulate``). A laid card gives +2 to every later roll of its
holder involving its territory until it is traded or lost (RULES.md Part 3, item 31). A tie
destroys both commitments, but the defender keeps 1 army, so a tie never conquers. The
neutral neither retreats nor capitulates; the player seated before the attacker answers for
it. Decisions where the rulebook is silent: docs/rules.md.
"""

from __future__ import annotations

from itertools import combinations

from .actions import Action, Answer, Attack, Capitulate, Commit, Defend, Retreat
from .combat import (
    check_enemy_border,
    check_known,
    check_may_attack_now,
    check_not_protected,
    conquer,
    defender_of,
)
from .events import (
    Answered,
    CalculatedBattle,
    Capitulated,
    CardTaken,
    Committed,
    Event,
    Retreated,
)
from .illegal import IllegalAction
from .modeunit import EffectHooks, ModeRules, Refusal
from .randomness import RandomSource
from .revised import room
from .ruleset import RuleSet
from .state import GameState, PendingAttack
from .turn import draw_card, draw_shuffles

CARD_BONUS = 2


def answerer(state: GameState, territory: str) -> str:
    """Who answers for ``territory``: its owner, or for the neutral the player seated before
    the attacker (004 «1) COMBATS» (b))."""
    owner = state.owner[territory]
    assert owner is not None
    if owner in state.hands:
        return owner
    seats = state.players
    i = seats.index(state.current)
    for step in range(1, len(seats)):
        before = seats[(i - step) % len(seats)]
        if before not in state.eliminated:
            return before
    return defender_of(state, territory)


def bonus(state: GameState, player: str, territory: str) -> int:
    """+2 while ``player`` has the card of ``territory`` laid face up."""
    return CARD_BONUS if territory in state.laid.get(player, ()) else 0


def _lay(state: GameState, player: str, territory: str) -> None:
    if territory not in state.hands[player]:
        raise IllegalAction("no_card", f"you do not hold the card of {territory}")
    if territory not in state.laid.get(player, ()):
        state.laid.setdefault(player, []).append(territory)


# ----- the attacker's commitment --------------------------------------------------------------


def check_commit(
    state: GameState,
    player: str,
    source: str,
    target: str,
    armies: int,
    lay: bool,
    support: tuple[str, ...] = (),
) -> None:
    check_may_attack_now(state)
    check_known(state, source, target)
    if state.owner[source] != player:
        raise IllegalAction("not_owner", f"{source} is not yours")
    check_enemy_border(state, player, source, target)
    check_not_protected(state, target)
    most = state.armies[source] - 1
    if most < 1:
        raise IllegalAction("too_few_armies", f"{source} needs at least 2 armies to attack")
    if not 1 <= armies <= most:
        raise IllegalAction("bad_count", f"commit 1 to {most} armies from {source}")
    if lay and source not in state.hands[player]:
        raise IllegalAction("no_card", f"you do not hold the card of {source}")
    _check_support(state, player, source, target, support)


def _check_support(
    state: GameState, player: str, source: str, target: str, support: tuple[str, ...]
) -> None:
    if support and not state.rules.support:
        raise IllegalAction("no_support", "support is for «risques calculés et soutien»")
    eligible = supporters(state, player, source, target)
    if len(set(support)) != len(support):
        raise IllegalAction("bad_support", "each territory sends 1 army in support, once")
    for t in support:
        if t not in eligible:
            raise IllegalAction(
                "bad_support",
                f"{t} cannot support: 1 army from each territory of yours beside {target}"
                " holding 2 or more, not the attacking one",
            )


def supporters(state: GameState, player: str, source: str, target: str) -> list[str]:
    """004 «SOUTIEN»: the attacker's territories beside the target (by land or sea) holding
    2 armies or more, but the attacking one (RULES.md Part 3, item 33)."""
    if not state.rules.support:
        return []
    return [
        t
        for t in state.board.neighbours[target]
        if t != source and state.owner[t] == player and state.armies[t] >= 2
    ]


def commit(
    state: GameState,
    rng: RandomSource,
    player: str,
    source: str,
    target: str,
    armies: int,
    lay: bool,
    support: tuple[str, ...],
    hooks: EffectHooks,
) -> list[Event]:
    state.phase = "attack"
    state.trade_window = "none"
    if lay:
        _lay(state, player, source)
    defender = answerer(state, target)
    state.attack = PendingAttack(source, target, armies, None, defender)
    state.support = list(support)
    state.phase = "defend"
    made = bonus(state, player, source)
    events: list[Event] = [Committed(player, source, target, armies, made, defender, support)]
    if state.auto_defend.get(defender) is not None and not card_unknown(state, defender, target):
        # A standing answer (F7): all the armies there, given here only when whether the
        # card goes with them is public; else the defender's client gives it, laying the
        # card in an act it signs (``standing_answer``), since no other peer sees its hand.
        events.extend(_answer(state, rng, defender, state.armies[target], False, hooks, auto=True))
    return events


def card_unknown(state: GameState, defender: str, target: str) -> bool:
    """Whether laying the card of ``target`` under a standing answer hangs on ``defender``'s
    hidden hand: not when it answers for the neutral, holds no card, or the card is laid
    already or known to be elsewhere (discarded, laid by another)."""
    if state.owner[target] != defender or not state.hands[defender]:
        return False
    if target in state.discard:
        return False
    return not any(target in laid for laid in state.laid.values())


def standing_answer(state: GameState, player: str) -> Answer | None:
    """The answer ``player``'s standing answer (F7) gives now, from its own view: all its
    armies there and the territory's card if it holds it. None when no answer is asked of
    it or it has none standing."""
    attack = state.attack
    if state.phase != "defend" or attack is None or attack.defender != player:
        return None
    if state.auto_defend.get(player) is None:
        return None
    tgt = attack.target
    lay = state.owner[tgt] == player and tgt in state.hands[player]
    return Answer(state.armies[tgt], lay and tgt not in state.laid.get(player, ()))


# ----- the defender's answer --------------------------------------------------------------


def _pending(state: GameState, player: str) -> PendingAttack:
    attack = state.attack
    if state.phase != "defend" or attack is None:
        raise IllegalAction("wrong_phase", "no attack is waiting for an answer")
    if player != attack.defender:
        raise IllegalAction("not_defender", f"{attack.defender} answers for {attack.target}")
    return attack


def check_answer(state: GameState, player: str, armies: int, lay: bool) -> None:
    attack = _pending(state, player)
    most = state.armies[attack.target]
    if not 1 <= armies <= most:
        raise IllegalAction("bad_count", f"commit 1 to {most} armies to the defence")
    holder = state.owner[attack.target]
    if lay and (holder != player or attack.target not in state.hands[player]):
        raise IllegalAction("no_card", f"you do not hold the card of {attack.target}")


def answer(
    state: GameState, rng: RandomSource, player: str, armies: int, lay: bool, hooks: EffectHooks
) -> list[Event]:
    # Given by the defender's client for its standing answer, it is said as one: all the
    # armies with F7 set. Whether the card went with it cannot say more, since whether it
    # was held is the defender's hidden hand's (every peer must mark the event alike).
    auto = (
        state.auto_defend.get(player) is not None
        and armies == state.armies[_pending(state, player).target]
    )
    return _answer(state, rng, player, armies, lay, hooks, auto=auto)


def _answer(
    state: GameState,
    rng: RandomSource,
    player: str,
    armies: int,
    lay: bool,
    hooks: EffectHooks,
    auto: bool,
) -> list[Event]:
    attack = _pending(state, player)
    src, tgt, committed = attack.source, attack.target, attack.dice
    attacker, holder = state.current, state.owner[tgt]
    assert holder is not None
    if lay:
        _lay(state, player, tgt)
    answered = Answered(player, armies, bonus(state, holder, tgt), auto)
    support, state.support = state.support, []
    rolled_a, rolled_d = tuple(rng.dice(2)), tuple(rng.dice(2))
    total_a = sum(rolled_a) + committed + len(support) + bonus(state, attacker, src)
    total_d = sum(rolled_d) + armies + bonus(state, holder, tgt)
    lost_a = committed if total_a <= total_d else 0
    lost_d = armies if total_a >= total_d else 0
    if total_a == total_d:
        lost_d = min(lost_d, state.armies[tgt] - 1)  # a tie leaves the defender 1 army
    state.armies[src] -= lost_a
    state.armies[tgt] -= lost_d
    if total_a < total_d:  # beaten, the support falls too; on a tie it stays home
        for t in support:
            state.armies[t] -= 1
        lost_a += len(support)
    state.attack = None
    if tgt not in state.fought:
        state.fought.append(tgt)
    left = (state.armies[src], state.armies[tgt])
    battle = CalculatedBattle(src, tgt, rolled_a, rolled_d, total_a, total_d, lost_a, lost_d, *left)
    events: list[Event] = [answered, battle]
    if state.armies[tgt] == 0:
        # The committed armies move in at once, and more may follow (004 (d)).
        events.extend(conquer(state, src, tgt, committed, [holder], hooks.at_conquest))
        return events
    state.phase = "attack"
    return events


# ----- retreat and capitulation ---------------------------------------------------------------


def check_retreat(state: GameState, player: str, territory: str) -> None:
    attack = _pending(state, player)
    tgt = attack.target
    if state.owner[tgt] != player:
        raise IllegalAction("neutral", "the neutral army never retreats: it always fights")
    if territory not in state.owner:
        raise IllegalAction("unknown_territory", f"no territory called {territory!r}")
    if state.owner[territory] != player:
        raise IllegalAction("not_owner", f"{territory} is not yours")
    board = state.board
    if not board.adjacent(territory, tgt) or board.border_kind(territory, tgt) != "land":
        raise IllegalAction("not_adjacent", f"{territory} is not joined to {tgt} by land")
    if state.armies[tgt] > room(state, territory):
        raise IllegalAction("army_cap", f"{territory} cannot hold {state.armies[tgt]} more")


def retreat(
    state: GameState, rng: RandomSource, player: str, territory: str, hooks: EffectHooks
) -> list[Event]:
    """All the defender's armies go to ``territory``; the attacker moves in (1 at least) and
    takes a card at random from the defender's, or from the pile if it has none."""
    attack = _pending(state, player)
    src, tgt = attack.source, attack.target
    moved = state.armies[tgt]
    state.armies[territory] += moved
    state.armies[tgt] = 0
    state.attack, state.support = None, []
    events: list[Event] = [Retreated(player, tgt, territory, moved)]
    events.extend(_take_a_card(state, rng, player))
    events.extend(conquer(state, src, tgt, 1, [], hooks.at_conquest))
    return events


def check_capitulate(state: GameState, player: str) -> None:
    attack = _pending(state, player)
    if state.owner[attack.target] != player:
        raise IllegalAction("neutral", "the neutral army never capitulates: it always fights")
    if attack.target in state.fought:
        raise IllegalAction("fought", "a capitulation comes before the first roll, not after")
    if state.count(player) == 1:
        raise IllegalAction("last_territory", "no capitulation on one's last territory")


def capitulate(state: GameState, rng: RandomSource, player: str, hooks: EffectHooks) -> list[Event]:
    """The defender's armies there go back to its reserve; the attacker moves in (1 at
    least) and draws a card from the pile at once."""
    attack = _pending(state, player)
    src, tgt = attack.source, attack.target
    removed = state.armies[tgt]
    state.armies[tgt] = 0
    state.attack, state.support = None, []
    events: list[Event] = [Capitulated(player, tgt, removed)]
    events.extend(draw_card(state, rng, state.current))
    events.extend(conquer(state, src, tgt, 1, [player], hooks.at_conquest))
    return events


def _take_a_card(state: GameState, rng: RandomSource, loser: str) -> list[Event]:
    hand = state.hands[loser]
    winner = state.current
    if not hand:
        return draw_card(state, rng, winner)
    # The laid cards first, as they were laid, then the others as held: the laid ones are
    # public, so a peer that sees none of the hand still knows which kind was taken.
    laid = state.laid.get(loser, [])
    order = [c for c in laid if c in hand] + [c for c in hand if c not in laid]
    [pick] = rng.dice(1, len(order))
    card = order[pick - 1]
    hand.remove(card)
    if card in laid:
        laid.remove(card)
    state.hands[winner].append(card)
    return [CardTaken(winner, loser, card)]


# Rulebook 004's actions of combat, in place of Attack and Defend.
_OWN_COMBAT = (Commit, Answer, Retreat, Capitulate)


def _chance_of_commit(state: GameState, action: Commit) -> bool:
    """Answered at once by a standing answer, where whether the card goes with the armies
    is public (``commit``)."""
    defender = answerer(state, action.target)
    standing = state.auto_defend.get(defender) is not None
    return standing and not card_unknown(state, defender, action.target)


def _chance_of_retreat(state: GameState, action: Retreat) -> bool:
    """A card taken at random from the defender's hand, else drawn from the deck."""
    attack = state.attack
    assert attack is not None
    return bool(state.hands[attack.defender]) or draw_shuffles(state)


def _refused(rules: RuleSet) -> dict[type[Action], Refusal]:
    """Under these rules attacks are committed and answered; under any other, rolled: the
    other way's actions are refused."""
    if rules.combat == "calculated":
        wrong: tuple[type[Action], ...] = (Attack, Defend)
        how = "commit armies, and answer a commitment"
    else:
        wrong, how = _OWN_COMBAT, "roll dice"
    message = f"under these rules attacks {how}"

    def refusal() -> IllegalAction:
        return IllegalAction("wrong_combat", message)

    return dict.fromkeys(wrong, refusal)


def answers(state: GameState, player: str) -> list[Action]:
    """Rulebook 004: the defender's answers to a commitment: its own, with or without the card
    of the territory laid; a retreat by land; a capitulation before the first roll."""
    attack = state.attack
    assert attack is not None
    tgt = attack.target
    own = state.owner[tgt] == player
    lays = (False, True) if own and tgt in state.hands[player] else (False,)
    out: list[Action] = [Answer(n, lay) for n in range(1, state.armies[tgt] + 1) for lay in lays]
    if own:  # the neutral neither retreats nor capitulates
        board = state.board
        out.extend(
            Retreat(t)
            for t in board.neighbours[tgt]
            if state.owner[t] == player
            and board.border_kind(t, tgt) == "land"
            and room(state, t) >= state.armies[tgt]
        )
        if tgt not in state.fought and state.count(player) > 1:
            out.append(Capitulate())
    return out


def commitments(
    state: GameState, player: str, src: str, tgt: str, armies: int
) -> list[Attack | Commit]:
    """The commitments from ``src`` on ``tgt`` with up to ``armies`` - 1 armies, with or
    without the card of ``src`` laid, and every choice of supporters."""
    lays = (False, True) if src in state.hands[player] else (False,)
    helpers = supporters(state, player, src, tgt)
    supports = [c for k in range(len(helpers) + 1) for c in combinations(helpers, k)]
    return [
        Commit(src, tgt, n, lay, tuple(sorted(c)))
        for n in range(1, armies)
        for lay in lays
        for c in supports
    ]


MODE = ModeRules(
    name="calculated",
    applies=lambda rules: rules.combat == "calculated",
    checks={
        Commit: lambda s, p, a: check_commit(s, p, a.source, a.target, a.armies, a.lay, a.support),
        Answer: lambda s, p, a: check_answer(s, p, a.armies, a.lay),
        Retreat: lambda s, p, a: check_retreat(s, p, a.territory),
        Capitulate: lambda s, p, a: check_capitulate(s, p),
    },
    effects={
        Commit: lambda s, rng, p, a, h: commit(
            s, rng, p, a.source, a.target, a.armies, a.lay, a.support, h
        ),
        Answer: lambda s, rng, p, a, h: answer(s, rng, p, a.armies, a.lay, h),
        Retreat: lambda s, rng, p, a, h: retreat(s, rng, p, a.territory, h),
        Capitulate: lambda s, rng, p, a, h: capitulate(s, rng, p, h),
    },
    refuses=_refused,
    fits={"defend": (Answer, Retreat, Capitulate)},
    attacks=commitments,
    defences=answers,
    chance={
        Commit: _chance_of_commit,
        Answer: lambda s, a: True,  # both sides' two dice
        Retreat: _chance_of_retreat,
        Capitulate: lambda s, a: draw_shuffles(s),
    },
)
