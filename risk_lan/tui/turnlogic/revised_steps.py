"""Rulebook 004's steps on the player's side (``player_turn.Turn`` calls these): a commitment of
armies for «risques calculés», the answer to one (or a retreat, or a capitulation), and placements
that must fit under the cap of armies and go where the bound bonuses may.

As everywhere in the app, what is offered comes from the engine's legal actions, here on the
player's view with the placements staged so far already made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from risk_lan.rules import (
    Action,
    Answer,
    Capitulate,
    Commit,
    Game,
    IllegalAction,
    Place,
    Retreat,
    ScriptedSource,
    SourceExhausted,
)
from risk_lan.tui.turnlogic.turn_step import Step

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn


def calculated(game: Game | None) -> bool:
    return game is not None and game.rules.combat == "calculated"


# ----- the attacker's commitment ----------------------------------------------------------


def commits(turn: Turn) -> list[Commit]:
    return [a for a in turn.legal if isinstance(a, Commit)]


def can_lay(turn: Turn, source: str | None) -> bool:
    """Whether the player may lay the card of ``source`` now (held, not laid yet)."""
    s = turn.game.state if turn.game else None
    if s is None or source is None or source not in s.hands.get(turn.seat, ()):
        return False
    return source not in s.laid.get(turn.seat, ())


def supporters(turn: Turn) -> tuple[str, ...]:
    """The territories that may send 1 army each in support of the attack chosen."""
    chosen = (turn.source, turn.target)
    options = [a.support for a in commits(turn) if (a.source, a.target) == chosen]
    return max(options, key=len, default=())


def commit_keys(turn: Turn) -> set[str]:
    """The keys a chosen attack offers: commit (F2), and the card and support switches
    where they may be used (no blitz: each battle is committed and answered)."""
    keys = {"attack"}
    if can_lay(turn, turn.source):
        keys.add("lay")
    if supporters(turn):
        keys.add("support")
    return keys


def commit(turn: Turn, step: Step) -> list[Action]:
    """The attack chosen, as a commitment of the armies shown, with the card and the
    support the player left on."""
    if turn.source is None or turn.target is None:
        return []
    lay = turn.lay and can_lay(turn, turn.source)
    support = supporters(turn) if turn.support else ()
    move = Commit(turn.source, turn.target, step.amount or 1, lay, support)
    return [move] if move in turn.legal else []


# ----- the defender's answer --------------------------------------------------------------


def answer_step(turn: Turn) -> Step:
    """Answer with 1 to all the armies there (+/-), F6; or pick a territory of one's own
    beside it by land to retreat to (then F6); or capitulate (K) before the first roll."""
    legal = turn.legal
    most = max((a.armies for a in legal if isinstance(a, Answer)), default=1)
    shelters = frozenset(a.territory for a in legal if isinstance(a, Retreat))
    if turn.target not in shelters:
        turn.target = None
    keys = {"confirm"}
    if turn.target is not None:
        keys.add("cancel")
    if any(isinstance(a, Capitulate) for a in legal):
        keys.add("capitulate")
    if can_lay_answer(turn):
        keys.add("lay")
    return Step(
        "defend",
        shelters,
        amount=turn.amount if turn.amount is not None else most,
        amount_range=(1, most),
        keys=frozenset(keys),
    )


def can_lay_answer(turn: Turn) -> bool:
    s = turn.game.state if turn.game else None
    if s is None or s.attack is None:
        return False
    target = s.attack.target
    return Answer(1, True) in turn.legal and target not in s.laid.get(turn.seat, ())


def answer(turn: Turn, step: Step) -> list[Action]:
    """The retreat picked, or the answer with the armies shown (and the card, if on)."""
    if turn.target is not None:
        move: Action = Retreat(turn.target)
        turn.target = None
    else:
        move = Answer(min(step.amount or 1, (step.amount_range or (1, 1))[1]),
                      turn.lay and can_lay_answer(turn))  # fmt: skip
    return [move] if move in turn.legal else []


# ----- placing under the cap and the bound bonuses ----------------------------------------


def bounded(game: Game) -> bool:
    """Whether a placement's room depends on more than the pool: the cap, bound bonuses."""
    return bool(game.rules.army_cap or game.state.bound_pools)


def after_staged(turn: Turn) -> Game:
    """The player's game with the placements staged so far made (those that no longer fit
    are dropped from the staging)."""
    assert turn.game is not None
    game = Game(turn.game.state.copy(), ScriptedSource())  # a placement rolls no die
    kept: list[tuple[str, int]] = []
    for territory, count in turn.staged:
        try:
            game.apply(turn.seat, Place(territory, count))
        except (IllegalAction, SourceExhausted):
            continue
        kept.append((territory, count))
    turn.staged[:] = kept
    return game


def fit(turn: Turn, territory: str, count: int) -> int:
    """How many of ``count`` to stage on ``territory``: what may go there now; when that is
    fewer, the hint says why."""
    most = room_left(turn).get(territory, 0)
    if most < count:
        assert turn.game is not None
        cap = turn.game.rules.army_cap
        held = turn.game.state.armies.get(territory, 0) + sum(
            n for t, n in turn.staged if t == territory
        )
        if cap and held + count > cap:
            turn.hint = ("place_cap", {"territory": territory, "n": most, "cap": cap})
        else:
            turn.hint = ("place_bound", {"territory": territory, "n": most})
    return min(count, most)


def room_left(turn: Turn) -> dict[str, int]:
    """How many more armies may be staged on each territory now (worked out once for the
    view and the placements staged)."""
    staged = tuple(turn.staged)
    if turn.room is not None and turn.room[0] == staged:
        return turn.room[1]
    game = after_staged(turn)
    most: dict[str, int] = {}
    for a in game.legal_actions(turn.seat):
        if isinstance(a, Place):
            most[a.territory] = max(most.get(a.territory, 0), a.count)
    turn.room = (tuple(turn.staged), most)
    return most


# ----- why a key of rulebook 004's does nothing -----------------------------------------------


def why_revised_key(turn: Turn, step: Step, key: str) -> tuple[str, dict[str, str]]:
    """Why a key of «risques calculés» does nothing now: F3 (lay a card; blitz in other
    rules), F8 (support) or F4 (capitulate)."""
    game = turn.game
    if key == "blitz":
        return ("key_no_blitz", {})
    if not calculated(game):
        return ("key_not_revised", {})
    assert game is not None
    if key == "support" and not game.rules.support:
        return ("key_support_rules", {})
    if key == "capitulate":
        return ("key_capitulate_late" if step.name == "defend" else "key_capitulate_when", {})
    if step.name == "attack" and turn.target is None:
        return ("key_pick_target" if turn.source else "key_pick_source", {})
    if key == "support":
        return ("key_support_none" if step.name == "attack" else "key_support_when", {})
    if step.name in ("attack", "defend"):
        return ("key_lay_none", {})
    return ("key_lay_when", {})


def shared_key(turn: Turn, action: str, offered: bool) -> bool | None:
    """The keys F3, F4 and F8 under rulebook 004's «risques calculés»: lay a card rather than
    blitz, capitulate (while answering) rather than end, send support rather than plan
    the setup (False: this binding of the key is hidden, the other one counts)."""
    step = turn.step().name
    game = turn.game
    if action == "blitz":
        return False
    if action == "end":
        return False if step == "defend" else (True if offered else None)
    if action == "capitulate":
        return (True if offered else None) if step == "defend" else False
    if action == "support" and (step in ("setup", "claim") or not game or not game.rules.support):
        return False
    return True if offered else None
