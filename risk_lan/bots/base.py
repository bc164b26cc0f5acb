"""What a bot is: something that picks the next action for one seat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from risk_lan.rules import Action, Game


class Bot(Protocol):
    name: str

    def opening(self, game: Game, player: str) -> list[Action]:
        """Actions to take once when seated, such as a standing defence (SetAutoDefend)."""
        ...

    def choose(self, game: Game, player: str) -> Action:
        """The action ``player`` takes now; called only when the game waits for ``player``."""
        ...


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a bot chose, as facts a reader words in its own language (``narrate.reason_line``):
    the log of a host, ``simulate --show`` and the app each say it their way.

    ``aim``: ``goes_for`` (``place``: the continent), ``holds`` (``place``: a continent it
    holds whole), ``objective`` (its mode's goal), ``spreads`` (no continent in sight) or
    ``attacks`` (``place``: the territory attacked, ``chance``: its chance in percent to take
    it). ``way``: how it plays its turn, if not as usual: ``guards`` (its borders), ``one_card``
    (takes one card and stops), ``edge`` (attacks only with a clear edge), ``bold``."""

    aim: str
    place: str = ""
    way: str = ""
    chance: int = 0


@runtime_checkable
class Reasoned(Protocol):
    """A bot that says why it chose, after ``choose``: for its larger decisions (the plan of
    its turn, an attack with its odds), None for the small ones."""

    reason: Reason | None


# A bot's secret choices, kept by seat so it can open them when asked: (the choice, the
# nonce that sealed it). A mode's play fills and reads it (``ModePlay.secret``).
Sealed = dict[str, tuple[str, str]]
