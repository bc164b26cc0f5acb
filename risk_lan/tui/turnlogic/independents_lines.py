"""The neutral armies in words: their names, and for the active independents (two
players, rulebook 002) where each stands and the gifts and allies' dice the player may
make now, and the Now panel's words for their steps (with the ally's die that F6 rolls).
Without any drawing. The mode's unit in the app (``APP``) is here: its words, its keys and
its preset's title."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from risk_lan.rules import (
    Action,
    EndOffensive,
    Game,
    GameState,
    GiveCard,
    ReinforceAlly,
    independents,
)
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.texts.independents_texts import INDEPENDENTS_TEXTS
from risk_lan.tui.turnlogic.modeapp import ModeApp, ModeKey, PickWhy
from risk_lan.wording import PlaceName

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step


def _named(s: GameState, neutral: str, lang: str) -> str:
    """ "independent", "independent 2": as the log names them (``modeapps.neutral_name``)."""
    kind = say(lang, "independent_name")
    if len(s.neutrals) == 1:
        return kind
    return f"{kind} {s.neutrals.index(neutral) + 1}"


def standing(s: GameState, neutral: str, seat: str, names: dict[str, str], lang: str) -> str:
    """Where an active independent stands, as seen from ``seat``: "your ally", "bob's ally"
    or "neutral" ("" in the other modes)."""
    if s.rules.neutral_play != "active":
        return ""
    status = s.status.get(neutral, "")
    if not status:
        return say(lang, "standing_neutral")
    if status == seat:
        return say(lang, "standing_yours")
    return say(lang, "standing_ally", player=shown(names.get(status, status), 24))


def choices(game: Game, seat: str) -> list[Action]:
    """The gifts and allies' dice ``seat`` may make now."""
    if game.waiting_for() != seat:
        return []
    return [a for a in game.legal_actions(seat) if isinstance(a, (GiveCard, ReinforceAlly))]


def independents_line(
    turn: Turn, step: Step, lang: str, name: Callable[[str | None], PlaceName]
) -> str | None:
    """The Now panel's words for the active independents' steps; None elsewhere."""
    assert turn.game is not None
    s = turn.game.state
    if s.rules.neutral_play != "active" or not turn.my_turn:
        return None
    if s.offensive and step.name == "attack":
        source, target, force, victim = s.offensive
        names = " / ".join(_named(s, n, lang) for n in (victim, force) if n in s.neutrals)
        return say(lang, "offensive", source=name(source), target=name(target), names=names)
    if step.name != "place":
        return None
    left = s.pool - turn.staged_total()
    if s.placing_for and left:
        who = _named(s, s.placing_for, lang)
        return say(lang, "ally_die", left=left, name=who, amount=step.amount)
    if s.influence_open and left:
        return say(lang, "place", left=left, amount=step.amount) + " " + say(lang, "active_turn")
    return None


def _ally_die(turn: Turn, step: Step) -> ReinforceAlly | None:
    """The ally's die F6 rolls at this step: while the attacks are to come and nothing is
    chosen to attack or move from, the first ally not reinforced this turn (None: none)."""
    if step.name not in ("attack", "fortify") or turn.source is not None:
        return None
    return next((a for a in turn.legal if isinstance(a, ReinforceAlly)), None)


def _die_keys(turn: Turn, step: Step) -> frozenset[str]:
    return frozenset({"confirm"}) if _ally_die(turn, step) is not None else frozenset()


def _roll_die(turn: Turn, step: Step) -> list[Action] | None:
    die = _ally_die(turn, step)
    return [die] if die is not None else None


def die_note(turn: Turn, step: Step, lang: str, name: Callable[[str | None], PlaceName]) -> str:
    """Under the Now panel's sentence, once the player's own armies are placed: the ally's
    die F6 rolls, for as long as it may be ("" otherwise, and in the other modes)."""
    if turn.game is None or not independents.active(turn.game.state) or not turn.my_turn:
        return ""
    die = _ally_die(turn, step)
    if die is None:
        return ""
    return say(lang, "ally_die_offer", name=_named(turn.game.state, die.independent, lang))


def _steer(turn: Turn) -> bool:
    """An offensive under way holds the source and target: attacked on, or stopped."""
    assert turn.game is not None
    s = turn.game.state
    if not s.offensive:
        return False
    if turn.my_turn and s.phase in ("attack", "reinforce"):
        turn.source, turn.target = s.offensive[0], s.offensive[1]
    return True


def _pick_why(turn: Turn, step: Step, territory: str) -> PickWhy | None:
    """An offensive under way attacks its one target only."""
    assert turn.game is not None
    offensive = turn.game.state.offensive
    if offensive and step.name == "attack" and territory not in step.choices:
        return ("pick_offensive", {"territory": territory, "source": offensive[0]})
    return None


def _end(turn: Turn) -> list[Action] | None:
    if any(a.type == "end_offensive" for a in turn.legal):
        return [EndOffensive()]  # the offensive stops: its drift die is rolled
    return None


APP = ModeApp(
    name="independents",
    applies=independents.MODE.applies,
    neutral_kind="independent_name",
    steer=_steer,
    end=_end,
    pick_why=_pick_why,
    standing=standing,
    now_line=lambda turn, step, names, lang, name: independents_line(turn, step, lang, name),
    # Once the player's own armies are placed, F6 rolls an ally's die, said under the
    # attacks' sentence for as long as it may be.
    step_keys=_die_keys,
    play=_roll_die,
    notes=die_note,
    # Ctrl+G: where each stands, and the gift or ally's die to make (any seat, at any time).
    keys={
        "game.independents": ModeKey(
            key="ctrl+g",
            label={"en": "Independents", "fr": "Indépendants"},
            screen="independents",
            opens=lambda game, seat: True,
            closed="key_no_independents",
        )
    },
    titles={"two-player-active": {"fr": "Deux joueurs et deux indépendants actifs"}},
    texts=INDEPENDENTS_TEXTS,
)
