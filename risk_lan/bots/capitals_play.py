"""How a bot plays the Capital rules' secret choice of headquarters: it seals the choice its
bot makes, and opens the seal when asked (the bot keeps the secret: ``base.Sealed``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from risk_lan.bots.base import Sealed
from risk_lan.bots.modeplay import ModePlay
from risk_lan.rules import AbandonCapital, Action, Game, RevealCapital, SealCapital, capitals
from risk_lan.rules.state import GameState


def _secret(game: Game, player: str, kept: Sealed, choose: Callable[[], str]) -> Action | None:
    """The seal, or its opening, while headquarters are being chosen: a choice sealed with a
    secret random nonce, both kept, and the seal opened when asked."""
    if not capitals.choosing(game.state):
        return None
    if game.phase == "capital":
        territory, nonce = choose(), secrets.token_hex(16)
        kept[player] = (territory, nonce)
        return SealCapital(capitals.seal(player, territory, nonce))
    if player not in kept:
        # A seat this bot took over after its player sealed a choice: the nonce left with
        # the player, so the seal cannot be opened.
        return AbandonCapital()
    territory, nonce = kept[player]
    return RevealCapital(territory, nonce)


def _aims(s: GameState, player: str) -> frozenset[str] | None:
    """The other headquarters it does not hold yet, once they are open."""
    if not s.capitals:
        return None
    others = {t for p, t in s.capitals.items() if p != player and s.owner[t] != player}
    return frozenset(others) or None


PLAY = ModePlay(
    name="capitals",
    applies=capitals.MODE.applies,
    secret=_secret,
    aims=_aims,
    keep=lambda s, player: s.capitals.get(player),
)
