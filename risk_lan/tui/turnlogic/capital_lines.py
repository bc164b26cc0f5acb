"""Risk Capital (rulebook 003's sealed headquarters) for the player, without any drawing: the
headquarters picked on the map, sealed with F6 (its seal's nonce kept with the seat, so that
an app run again still opens it), then opened by itself when the game asks. The mode's
unit in the app (``APP``) is here: its steps, its words for them and its presets' titles."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from risk_lan.rules import Action, RevealCapital, SealCapital, capitals
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.turnlogic.modeapp import ModeApp, Namer, PickWhy, Why
from risk_lan.tui.turnlogic.turn_step import Step

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn

KEPT = "capital"  # the name the headquarters and its nonce are kept under with the seat


def _own_step(turn: Turn, phase: str) -> Step | None:
    """The headquarters to pick (then confirm), or the seals being opened."""
    if phase == "capital":
        assert turn.game is not None
        keys = frozenset({"confirm", "cancel"}) if turn.source else frozenset()
        return Step("capital", frozenset(turn.game.state.territories_of(turn.seat)), keys=keys)
    return Step("capital_reveal") if phase == "capital_reveal" else None


def _pick(turn: Turn, step: Step, territory: str) -> list[Action] | None:
    if step.name != "capital":
        return None
    turn.source = territory  # confirmed with F6, then sealed
    return []


def _play(turn: Turn, step: Step) -> list[Action] | None:
    """The headquarters confirmed: its seal, the territory and nonce kept until it opens."""
    if step.name != "capital" or not turn.source:
        return None
    territory, nonce = turn.source, secrets.token_hex(16)
    turn.kept[KEPT], turn.source = [territory, nonce], None
    return [SealCapital(capitals.seal(turn.seat, territory, nonce))]


def _opening(turn: Turn) -> list[Action]:
    """Open the sealed headquarters, once the game asks for it."""
    kept = turn.kept.get(KEPT)
    if turn.step().name != "capital_reveal" or not isinstance(kept, list) or len(kept) != 2:
        return []
    return [RevealCapital(str(kept[0]), str(kept[1]))]


def _now_line(turn: Turn, step: Step, names: dict[str, str], lang: str, name: Namer) -> str | None:
    if step.name != "capital":
        return None
    key = "capital_ready" if turn.source else "capital"
    return say(lang, key, territory=name(turn.source))


def _pick_hint(turn: Turn, step: Step) -> str | None:
    return "pick_capital_reveal" if step.name == "capital_reveal" else None


def _pick_why(turn: Turn, step: Step, territory: str) -> PickWhy | None:
    """Only one's own territory may be one's headquarters."""
    if step.name != "capital" or territory in step.choices:
        return None
    return ("pick_not_yours", {"territory": territory, "source": turn.source})


def _step_why(turn: Turn, step: Step) -> Why | None:
    if step.name == "capital":
        return ("key_pick_capital", {})
    return ("pick_capital_reveal", {}) if step.name == "capital_reveal" else None


APP = ModeApp(
    name="capitals",
    applies=capitals.MODE.applies,
    pick_hint=_pick_hint,
    pick_why=_pick_why,
    step_why=_step_why,
    own_step=_own_step,
    play=_play,
    pick=_pick,
    opening=_opening,
    now_line=_now_line,
    titles={
        "capital": {"fr": "Risk Capitale, règles de 2015"},
        "capital-short": {"fr": "Risk Capitale, partie courte"},
    },
)
