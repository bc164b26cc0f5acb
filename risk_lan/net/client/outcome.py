"""What a client reports: how its game ended (``Outcome``), and what it tells the person
playing as the game goes (``Listener``, which a user interface implements)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from protocol.errors import ProtocolError
from risk_lan.paths import write_error_log


@dataclass
class Outcome:
    winner: str | None = None
    reason: str = ""
    transcript: str = ""
    culprit: str | None = None
    error: str | None = None
    log: str | None = None  # where the details of this program's own failure went
    # A sealed game won: every sealed card (token → card) this client read at the end, once
    # every party told its layer's secret; None in a game whose cards were not sealed.
    cards_read: dict[str, str] | None = None
    own_checked: bool = False  # and the cards this seat read as they came were those


class LocalFailure(Exception):
    """A fault of this program's own (its bot, its user interface), not of any peer."""


def stopped_by(error: Exception, where: str, log: Callable[[str], None]) -> Outcome:
    """How a game that ``error`` stopped ended: what failed, and whom it blames. A protocol
    error names its culprit; a message of the wrong shape (a list of the wrong length, a
    seat no one has) is the host's fault; anything else is this program's own, said as such
    with the details in the log folder (``where`` names the file)."""
    if isinstance(error, ProtocolError):
        log(f"stopping: {error.code}: {error.message}")
        return Outcome(error=f"{error.code}: {error.message}", culprit=error.culprit)
    if isinstance(error, (ValueError, KeyError, TypeError, AttributeError, IndexError)):
        write_error_log(where, error)
        log(f"stopping: the host sent a malformed message ({error!r})")
        return Outcome(error=f"malformed: the host sent {type(error).__name__}", culprit="host")
    failure = error.__cause__ or error if isinstance(error, LocalFailure) else error
    path = write_error_log(where, failure)
    log(f"stopping: this program failed ({failure!r}); details in {path}")
    return Outcome(
        error=f"local_failure: {type(failure).__name__}: {failure}",
        log=str(path) if path else None,
    )


class Listener:
    """What a client tells the person playing (through a user interface). Every method is
    called from the client's own task; the defaults do nothing."""

    def joined(self, seat: str, colour: str) -> None: ...

    def started(self, players: list[dict[str, Any]]) -> None: ...

    def lobby(self, message: dict[str, Any]) -> None: ...

    def updated(self, update: dict[str, Any], checked: str) -> None:
        """A new view and the move's events; ``checked`` says what the client established
        (``witness.DERIVED``, ``TAKEN`` or ``NOTHING``)."""

    def cards_learnt(self) -> None:
        """A sealed game: this seat read a card of its own that was on its way to it, between
        two updates (its seat view shows it now)."""

    def refused(self, code: str, message: str) -> None: ...

    def chat(self, seat: str, name: str, text: str) -> None: ...

    def connection(self, up: bool) -> None: ...

    def clock(self, paused: bool, waits: list[dict[str, Any]]) -> None:
        """Whom the game waits for, why, for how long, and how long until a bot plays."""

    def seat_changed(self, seat: str, change: str) -> None:
        """A seat went to a host bot (``taken_over``) or back to its player (``back``), its
        player is out of the game (``out``), or the host expelled it for good
        (``expelled:<why>``, ``why`` as in ``fairness.EXPULSIONS``)."""

    def cards_changed_hands(self, seat: str, taken: bool, held: int) -> None:
        """A sealed game's ``seat`` just went to a host bot (``taken``) or back to its
        player: whoever now plays it sees its ``held`` sealed cards."""

    def awaiting(self) -> None:
        """The host's player has been asked to let this player in: it waits for the answer."""

    def knocks(self, joiners: list[dict[str, Any]]) -> None:
        """To the host's own player: the joiners (``id``, ``name``) waiting for its approval,
        oldest first (empty: nobody)."""

    def notice(self, code: str, name: str) -> None:
        """Something happened to a player in the lobby: ``silent`` (it stopped answering and
        lost its seat) or ``freed`` (the host freed its seat)."""
