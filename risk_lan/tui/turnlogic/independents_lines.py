"""The neutral armies in words: their names, and for the active independents (two
players, seed 002) where each stands and the gifts and allies' dice the player may
make now. Without any drawing."""

from __future__ import annotations

from risk_lan.rules import Action, Game, GameState, GiveCard, ReinforceAlly
from risk_lan.tui.texts.catalogue import say, shown


def neutral_name(s: GameState, neutral: str, lang: str) -> str:
    """ "neutral army", "the ally", "independent 2": as the log names them."""
    if s.rules.neutral_play == "ally":
        return say(lang, "ally_name")
    kind = say(lang, "independent_name" if s.rules.neutral_play == "active" else "neutral")
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
