"""How a bot plays the Capital rules' secret choice of headquarters: it seals the choice its
bot makes, and opens the seal when asked (``base.SealedHeadquarters`` keeps the secret)."""

from __future__ import annotations

from collections.abc import Callable

from risk_lan.bots.base import SealedHeadquarters
from risk_lan.bots.modeplay import ModePlay
from risk_lan.rules import Action, Game, capitals


def _secret(
    game: Game, player: str, kept: SealedHeadquarters, choose: Callable[[], str]
) -> Action | None:
    """The seal, or its opening, while headquarters are being chosen."""
    return kept.action(game, player, choose) if capitals.choosing(game.state) else None


PLAY = ModePlay(name="capitals", applies=capitals.MODE.applies, secret=_secret)
