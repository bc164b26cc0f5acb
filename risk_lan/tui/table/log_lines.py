"""The log's lines: each event in a sentence, the dice as faces, the players' names in their
colours, and what the client checked of it (✓ only where it did). The game screen holds one."""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from risk_lan.bots.base import Reason
from risk_lan.logtexts import LOG_TEXTS
from risk_lan.narrate import narrate, reason_line
from risk_lan.net.client.witness import DERIVED, TAKEN
from risk_lan.rules import EVENT_TYPES, Board, Game
from risk_lan.tui.texts.catalogue import say
from risk_lan.tui.widgets.panels import player_mark

DICE = "⚀⚁⚂⚃⚄⚅"
BATTLES = ("battle", "calculated_battle")  # dice, or rulebook 004's 2d6

# What a shuffle or a draw at random decides, which a client takes on the host's word until
# the game's end shows the secret: only their lines say so (a turn's header, a placement or a
# move told in the same update decides nothing by chance).
SHUFFLED = frozenset({
    "territories_dealt", "deck_shuffled", "card_drawn", "missions_dealt", "objectives_dealt",
    "card_taken", "reward_set_aside", "reward_taken",
})  # fmt: skip


def faces(dice: list[int]) -> str:
    return "".join(DICE[d - 1] for d in dice if 1 <= d <= 6)


class LogLines:
    """Writes the log's lines for one table; counts the battles for the end's figures."""

    def __init__(self, names: dict[str, str], colours: dict[str, str], lang: str) -> None:
        self.names = names  # each seat's player's name, as shown
        self.colours = colours  # each seat's colour
        self.lang = lang
        self.battles = 0

    def event_line(self, game: Game, data: dict[str, Any], checked: str) -> Text | None:
        text = self.event_text(game, data)
        if text is None:
            return None
        battle = data["type"] in BATTLES
        if battle:
            self.battles += 1
        # A card this player drew, and whatever a shuffle decided (and a battle taken with
        # it), are checked against the host's secret at the end; a battle worked out here
        # from the dice says so, and so does a roll for the order of play or the deal by dice,
        # whose dice are checked whatever else is not.
        rolled = data["type"] in ("order_rolled", "deal_rolled") and checked in (DERIVED, TAKEN)
        if rolled or (checked == DERIVED and battle):
            text.append(f"  {say(self.lang, 'verified')}", style="green")
        elif (checked == TAKEN and (battle or data["type"] in SHUFFLED)) or (
            data["type"] == "card_drawn" and data.get("card")
        ):
            text.append(f"  {say(self.lang, 'checked_at_end')}", style="dim")
        return text

    def event_text(self, game: Game, data: dict[str, Any]) -> Text | None:
        """The event in a sentence, a battle's dice as faces first, the players' names in
        their colours (the log's line without what was checked, also the map's caption)."""
        cls = EVENT_TYPES.get(data.get("type", ""))
        if cls is None:
            return None
        fields = {k: v for k, v in data.items() if k != "type"}
        try:
            event = cls(**fields)
        except TypeError:
            return None
        line = narrate(game, event, self.lang, self.names)
        if line is None:
            return None
        if data["type"] in BATTLES:
            text = Text(f"{faces(data['attacker_dice'])} vs {faces(data['defender_dice'])} ")
            text.append(line.strip())
        else:
            text = Text(line)
        return self.coloured(text)

    def reason_line(self, board: Board, seat: str, level: str, reason: Reason) -> Text:
        """A bot's reason for its move, said before the move: its words, not a fact of the
        game, so in italics and never marked checked."""
        line = LOG_TEXTS.get(self.lang, LOG_TEXTS["en"])["reason"].format(
            player=self.names.get(seat, seat),
            level=say(self.lang, f"level_{level}"),
            reason=reason_line(board, reason, self.lang),
        )
        return self.coloured(Text(line, style="italic"))

    def coloured(self, text: Text) -> Text:
        for seat, name in self.names.items():
            # Each player's name in the player's colour, as on the map and in the panels (as a
            # whole word: "an" is not coloured inside "Japan").
            ink = player_mark(self.colours.get(seat, ""))[1]
            text.highlight_regex(rf"(?<!\w){re.escape(name)}(?!\w)", style=f"bold {ink}")
        return text
