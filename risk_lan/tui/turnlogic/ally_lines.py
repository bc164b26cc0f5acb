"""What the Now panel says in a turn with 000-A's ally: the player whose turn it is hands the
ally to the opponent, who places its share and may counter-attack. The mode's unit in the app
(``APP``) is here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from risk_lan.rules import allied
from risk_lan.rules.allied import commands_ally
from risk_lan.tui.texts.ally_texts import ALLY_TEXTS
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.turnlogic.modeapp import ModeApp, PickWhy
from risk_lan.wording import PlaceName

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step


def ally_line(
    turn: Turn,
    step: Step,
    names: dict[str, str],
    lang: str,
    name: Callable[[str | None], PlaceName],
) -> str | None:
    """The Now panel's words for this step of a turn with the ally; None where the usual
    words are true as they are."""
    assert turn.game is not None
    s = turn.game.state
    if not s.ally_stage:
        return None
    me = turn.seat

    def who(player: str) -> str:
        return shown(names.get(player, player), 24)

    acting = s.acting
    if step.name == "waiting" and acting and acting != me and s.current == me:
        return say(lang, "ally_waiting", player=who(acting))
    if step.name == "defend" and acting and acting != me and s.attack is not None:
        return say(lang, "ally_defend", player=who(acting), target=name(s.attack.target),
                   amount=step.amount)  # fmt: skip
    if step.name not in ("attack", "fortify", "place") or turn.source is not None:
        return None
    if acting == me:
        if step.name == "place":
            left = s.pool - turn.staged_total()
            return say(lang, "ally_place", left=left, amount=step.amount) if left else None
        key = "ally_attack" if step.choices else "ally_no_attack"
        return say(lang, key, player=who(s.current))
    if s.current != me or step.name == "place":
        return None
    if s.ally_stage == "own":
        return say(lang, "ally_own", player=who(s.next_player(me)))
    if s.ally_stage == "again" and step.name == "attack" and not turn.fortifying:
        return say(lang, "ally_again")
    return None


def why_not_ally(turn: Turn, step: Step, territory: str) -> PickWhy | None:
    """In the ally's part of a turn the player moves the ally's armies only (a text's key
    and its fields); None when that is not why a pick does nothing."""
    assert turn.game is not None
    s = turn.game.state
    if not commands_ally(s, turn.seat) or step.name not in ("place", "attack"):
        return None
    at = {"territory": territory, "source": turn.source}
    ally = s.owner.get(territory) == s.neutrals[0]
    if step.name == "place" and step.choices and not ally:
        return ("pick_not_ally", at)
    if turn.source is None and not ally:
        return ("pick_not_ally", at)
    if turn.source is not None and s.owner.get(territory) != s.current:
        return ("pick_ally_target", at)
    return None


def _waiting(turn: Turn) -> str | None:
    """It is the player's turn, but the opponent plays the ally in the middle of it: say so
    rather than "not your turn"."""
    s = turn.game.state if turn.game is not None else None
    if s is not None and s.acting not in (None, turn.seat) and s.current == turn.seat:
        return "pick_ally_playing"
    return None


APP = ModeApp(
    name="allied",
    applies=allied.MODE.applies,
    neutral_kind="ally_name",
    now_line=ally_line,
    waiting=_waiting,
    pick_why=why_not_ally,
    titles={
        "two-player-ally": {"fr": "Deux joueurs et une troisième force alliée (ancienne règle)"}
    },
    texts=ALLY_TEXTS,
)
