"""What changed since the player's last turn, said when its next turn starts: the
territories others took from it, each player's territories, armies and cards then and now,
the sets traded and the players eliminated. Without any drawing.

The count starts when another player's turn follows the player's own, from the view of that
moment (an update carries one move, so that view is the table as the turn began), and
gathers the events of the turns in between.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from risk_lan.rules import GameState, teams
from risk_lan.tui.texts.catalogue import say
from risk_lan.wording import place


@dataclass
class Standing:
    territories: int
    armies: int
    cards: int


def standings(s: GameState) -> dict[str, Standing]:
    return {
        p: Standing(teams.controlled_count(s, p), teams.army_total(s, p), len(s.hands.get(p, [])))
        for p in s.players
    }


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


@dataclass
class SinceLastTurn:
    seat: str
    before: dict[str, Standing] | None = None  # at the end of the player's last turn
    taken: dict[str, list[str]] = field(default_factory=dict)  # by whom, from the player
    traded: dict[str, list[int]] = field(default_factory=dict)  # the armies of each set
    eliminated: list[tuple[str, str]] = field(default_factory=list)  # (who, by whom)
    current: str | None = None  # whose turn the last turn_started said
    # Whether the count started at the end of the player's own turn: if not, it had none yet
    # (its first turn comes), or none this app saw (it came to the table midway).
    from_own: bool = False

    def take(self, s: GameState, events: list[dict[str, Any]]) -> bool:
        """Take in an update's events and the view after them; True when they start the
        player's own turn and a summary is due (``lines`` says it, then the count restarts
        at the end of that turn)."""
        due = False
        for e in events:
            kind = e.get("type")
            if kind == "turn_started":
                player = e.get("player")
                if player == self.seat:
                    due = self.before is not None
                elif self.current == self.seat or (self.before is None and player):
                    self.from_own = self.current == self.seat
                    self._restart(s)
                self.current = player
            elif kind == "turn_ended" and e.get("player") == self.seat:
                self.current = self.seat  # its own turn, though this app saw it only end
            elif self.before is None:
                continue
            elif kind == "conquered" and e.get("previous_owner") == self.seat:
                self.taken.setdefault(str(e.get("player")), []).append(str(e.get("territory")))
            elif kind == "cards_traded" and e.get("player") != self.seat:
                self.traded.setdefault(str(e.get("player")), []).append(int(e.get("armies", 0)))
            elif kind == "player_eliminated":
                self.eliminated.append((str(e.get("player")), str(e.get("by"))))
        return due

    def _restart(self, s: GameState) -> None:
        self.before = standings(s)
        self.taken, self.traded, self.eliminated = {}, {}, []

    def lines(self, s: GameState, names: dict[str, str], lang: str) -> list[str]:
        """The summary, a sentence a line, the title first."""
        assert self.before is not None

        def who(p: str) -> str:
            return names.get(p, p)

        # The round of the player's turn that starts: the first round's is its first turn.
        first = "since_first_title" if s.round <= 1 else "since_joined_title"
        out = [say(lang, "since_title" if self.from_own else first)]
        for player, lost in self.taken.items():
            places = [place(s.board, t, lang) for t in lost]
            listed = [f"{p:le}" if lang == "fr" else str(p) for p in places]
            out.append(say(lang, "since_taken", player=who(player), territories=", ".join(listed)))
        gone = {p for p, _ in self.eliminated}
        for p, by in self.eliminated:
            out.append(say(lang, "since_eliminated", player=who(p), by=who(by)))
        now = standings(s)
        for p, then in self.before.items():
            if p in gone or p not in now or p in s.eliminated:
                continue
            after = now[p]
            out.append(
                say(
                    lang,
                    "since_player",
                    player=who(p),
                    held=after.territories,
                    dheld=signed(after.territories - then.territories),
                    armies=after.armies,
                    darmies=signed(after.armies - then.armies),
                    hand=after.cards,
                )
                + "".join(
                    " " + say(lang, "since_traded", armies=armies)
                    for armies in self.traded.get(p, [])
                )
            )
        return out
