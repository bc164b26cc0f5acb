"""Risk Mission's words for the player: the missions it may claim now, the secret panel's
summary of its missions, and the Now panel's note that a claim now ends the turn. Without any
drawing but the text's styles. The mode's unit in the app (``APP``) is here: its key, its
panel, its note and its preset's title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from risk_lan.rules import Game, missions
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.texts.mission_texts import MISSION_TEXTS
from risk_lan.tui.turnlogic.modeapp import ModeApp, ModeKey, ModeSecret, Namer

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step


def claimable(game: Game, seat: str) -> list[str]:
    """The missions ``seat`` may claim now (its four checked, not every legal action
    listed: the panel asks at each redraw)."""
    return missions.claimable(game.state, seat) if game.waiting_for() == seat else []


def ends_turn(mission: str) -> bool:
    """Whether claiming ``mission`` ends its player's turn (it is claimed as the turn ends)."""
    card = missions.missions().get(mission)
    return card is not None and card.window == "turn_end"


def claim_note(turn: Turn, step: Step, lang: str, name: Namer) -> str:
    """Under the Now panel's sentence, before the player claims: that a claim now ends the
    turn, when a mission claimed as the turn ends may be claimed now ("" otherwise)."""
    game = turn.game
    if game is None or step.name in ("waiting", "watching"):
        return ""
    ready = claimable(game, turn.seat)
    ending = [m for m in ready if ends_turn(m)]
    if not ending:
        return ""
    key = (
        "missions_claim_ends_turn" if len(ending) == len(ready) else "missions_claim_some_end_turn"
    )
    return say(lang, key)


def summary(game: Game, seat: str, names: dict[str, str], lang: str, in_panel: bool = True) -> Text:
    """The panel's lines: how many are claimed, whether one can be now (in the panel), and
    the others' claims and shown fourth missions."""
    s = game.state
    text = Text()
    text.append(say(lang, "missions_panel") + " ", style="bold")
    if seat in s.missions:  # a spectator has none: only the others' claims below
        text.append(say(lang, "missions_claimed", n=len(s.claimed.get(seat, ()))))
        if in_panel:  # (the screen lists them itself)
            ready = claimable(game, seat)
            hint, style = ("missions_ready", "bold green") if ready else ("missions_open", "dim")
            text.append("\n" + say(lang, hint), style=style)
    text.append("\n")
    others = [p for p in s.players if p != seat and s.claimed.get(p)]
    if others:
        counts = ", ".join(f"{shown(names.get(p, p), 24)} {len(s.claimed[p])}" for p in others)
        text.append(say(lang, "missions_others", counts=counts) + "\n")
    for player, mission in s.shown.items():
        if player != seat:
            who = shown(names.get(player, player), 24)
            line = say(lang, "mission_shown_line", player=who, mission=_text(mission, lang))
            text.append(line + "\n", style="yellow")
    return text


def _text(mission: str, lang: str) -> str:
    card = missions.missions().get(mission)
    return card.text(lang) if card else mission


APP = ModeApp(
    name="missions",
    applies=missions.MODE.applies,
    # Ctrl+K: the player's missions, the one chosen claimed (a spectator holds none).
    keys={
        "game.missions": ModeKey(
            key="ctrl+k",
            label={"en": "Missions", "fr": "Missions"},
            screen="missions",
            opens=lambda game, seat: seat in game.state.missions,
            closed="key_no_missions",
        )
    },
    # A claim that ends the turn says so before it is made.
    notes=claim_note,
    # Four of them for each seat, summed up in the secret panel and listed with Ctrl+K.
    secret=ModeSecret(held=lambda game: bool(game.state.missions), lines=summary),
    titles={"risk-mission": {"fr": "Risk Mission"}},
    texts=MISSION_TEXTS,
)
