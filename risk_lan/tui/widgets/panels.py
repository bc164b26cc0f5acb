"""The game screen's panels: the players, what to do now, the player's cards, the status bar,
and the logs. Each is redrawn from the latest view; none of them acts on the game."""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive
from textual.visual import visualize
from textual.widget import Widget
from textual.widgets import RichLog, Static

from risk_lan.rules import Game, teams
from risk_lan.rules.sealing import is_hidden, named
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.turnlogic import modeapps
from risk_lan.tui.turnlogic.modeapp import ModeSecret
from risk_lan.tui.turnlogic.modeapps import neutral_name
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.step_lines import step_line
from risk_lan.tui.turnlogic.turn_step import Step
from risk_lan.tui.widgets.world_map import PALETTE
from risk_lan.wording import PlaceName, place


def level_word(lang: str, level: str) -> str:
    """A bot's level in the player's language ("difficile"); a level the app has no word for
    (a host's newer one) as the host named it."""
    key = f"level_{level}"
    return say(lang, key) if level in ("easy", "normal", "hard", "exec") else shown(level, 8)


def player_mark(colour: str) -> tuple[str, str]:
    """(letter, colour to write it in) for a player's colour."""
    letter, _, ink = PALETTE.get(colour, PALETTE["neutral"])
    return letter, ink


# Continents held are shown by these codes in the players panel (the help lists them).
CONTINENT_CODES = {
    "north_america": "NA",
    "south_america": "SA",
    "europe": "EU",
    "africa": "AF",
    "asia": "AS",
    "oceania": "OC",
}


class Panel(Static):
    """A Static that repaints only when its text changes (each repaint costs a frame)."""

    _shown: Text | None = None

    def show_text(self, text: Text) -> bool:
        """Show ``text`` unless it is shown already; whether it changed."""
        shown = self._shown
        if shown is None or text.plain != shown.plain or text.spans != shown.spans:
            self._shown = text
            self.update(text, layout=False)
            # A panel's height is fixed in risk.tcss, or follows its lines (the Now panel, which
            # says so): the screen is laid out again only when that height changes.
            if self.height_changes():
                self.refresh(layout=True)
            return True
        return False

    def height_changes(self) -> bool:
        """Whether the text shown needs another height than the panel has."""
        return False


class EventLog(RichLog):
    """A RichLog whose growth repaints itself alone.

    RichLog's every line changes its virtual size, which by default lays the whole screen
    out again and repaints it all: most of the cost of an update. The log's box never moves
    (its scroll bar is always shown, see risk.tcss), so a new line only needs the log and its
    scroll bar repainted."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    """The size of all the lines written, of which the log shows the last ones."""

    def watch_virtual_size(self, size: Size) -> None:
        bar = self.vertical_scrollbar
        bar.window_virtual_size = size.height
        bar.window_size = self.scrollable_content_region.height
        bar.refresh()


# A name's room on a player's line in the compact layout: with the marks and the counts, the
# 27 columns the compact side panel leaves inside its border and padding (risk.tcss), and one
# to spare for a hand of ten cards or more.
COMPACT_NAME = 10


class PlayersPanel(Panel):
    """Every player: colour and letter, name, territories, armies, cards, continents held,
    whether connected, and whose turn it is."""

    def show(
        self,
        game: Game,
        seat: str,
        players: list[dict[str, Any]],
        away: set[str],
        lang: str,
        compact: bool = False,
        expelled: Collection[str] = (),
    ) -> None:
        """Each player: its marks, name, continents, then its counts on the next line; in a
        compact layout, all on one line, without the title; marked away or expelled."""
        s = game.state
        text = Text()
        if not compact:
            text.append(say(lang, "players") + "\n", style="bold")
        waiting = game.waiting_for()
        current = s.current if s.phase != "over" else None
        for p in players:
            who = p["seat"]
            letter, ink = player_mark(p["colour"])
            # ▶ whose turn it is; ◆ another player the game waits for now (a defender, say).
            mark = "▶ " if who == current else "◆ " if who == waiting else "  "
            text.append(mark, style="bold yellow" if mark == "◆ " else "")
            text.append(f"{letter} ", style=f"bold {ink}")
            name = shown(p["name"], 24) + (f" ({say(lang, 'you')})" if who == seat else "")
            if p.get("level"):  # a bot's: the host's, or the one a player's client runs
                name += f" · {level_word(lang, p['level'])}"
            if compact and who == seat and len(name) > COMPACT_NAME:
                name = f"({say(lang, 'you')})"  # the player knows its name: "(you)" whole
            gone = who in s.eliminated
            armies = teams.army_total(s, who)
            cards = len(s.hands.get(who, []))
            territories = teams.controlled_count(s, who)
            status = "expelled_mark" if who in expelled else "away" if who in away else ""
            if compact:
                text.append(
                    f"{name[:COMPACT_NAME]:<{COMPACT_NAME}}",
                    style="strike dim" if gone else f"bold {ink}",
                )
                short = say(lang, "counts_short", held=territories, armies=armies, hand=cards)
                text.append(f" {short}" + (f" {say(lang, status)}" if status else "") + "\n")
                continue
            text.append(name[:18], style="strike dim" if gone else f"bold {ink}")
            if status:
                text.append(f" {say(lang, status)}", style="italic red")
            if who in s.teams:
                text.append(f" {say(lang, 'team', n=s.teams[who])}", style=f"italic {ink}")
            held = [CONTINENT_CODES.get(c, c[:2].upper()) for c in teams.continents_of(s, who)]
            if held:
                text.append(" " + " ".join(held), style="italic")
            counts = say(lang, "counts_hand", held=territories, armies=armies, hand=cards)
            if s.laid.get(who):  # rulebook 004: cards laid face up, +2 each on their territory
                counts += " " + say(lang, "laid_count", n=len(s.laid[who]))
            text.append(f"\n    {counts}", style="dim" if gone else "")
            text.append("\n")
        for neutral in s.neutrals:  # it plays no turn: no cards, no marker
            letter, ink = player_mark(neutral)
            armies = sum(n for t, n in s.armies.items() if s.owner[t] == neutral)
            text.append(f"  {letter} ", style=f"bold {ink}")
            if compact:
                short = say(lang, "counts_short", held=s.count(neutral), armies=armies, hand=0)
                text.append(f"{neutral_name(s, neutral, lang)[:9]:<9}", style=f"italic {ink}")
                text.append(f" {short}\n")
                continue
            text.append(neutral_name(s, neutral, lang), style=f"italic {ink}")
            names = {p["seat"]: p["name"] for p in players}
            where = modeapps.standing(game, neutral, seat, names, lang)  # (active independents)
            text.append(f" {where}" if where else "", style="italic")
            if s.reward:  # rulebook 004: cards set aside for whoever takes its last territory
                text.append(f" {say(lang, 'reward_aside', n=len(s.reward))}", style="italic")
            text.append(f"\n    {say(lang, 'counts', held=s.count(neutral), armies=armies)}\n")
        if s.mixed:
            room = self.size.height - text.plain.count("\n") if self.size.height else 99
            text.append(_shared(game, players, lang, room))
        self.show_text(text)


def _shared(game: Game, players: list[dict[str, Any]], lang: str, room: int = 99) -> Text:
    """Team rules: each territory holding several teammates' armies, and how they split, in
    the ``room`` lines left; those that do not fit are counted (the map marks them all &)."""
    s = game.state
    colours = {p["seat"]: p["colour"] for p in players}
    text = Text()
    text.append(say(lang, "shared") + "\n", style="bold")
    shared = [t for t in s.board.territory_ids if s.mixed.get(t)]
    if len(shared) > room - 1:
        fits = max(0, room - 2)
        shared, more = shared[:fits], len(shared) - fits
    else:
        more = 0
    for t in shared:
        split = s.mixed[t]
        text.append(f"  {game.board.name(t, lang)[:16]:<16}")
        for who, n in split.items():
            letter, ink = player_mark(colours.get(who, ""))
            text.append(f" {letter}{n}", style=f"bold {ink}")
        if teams.controller(s, t) is None:
            text.append(f" {say(lang, 'tie')}", style="dim")
        text.append("\n")
    if more:
        text.append(say(lang, "shared_more", n=more) + "\n", style="dim")
    return text


HAND_LEAST = 3  # rows the cards keep when the Now panel grows into their room: a title, 2 lines


def _said_why(
    hint: tuple[str, dict[str, Any]], lang: str, name: Callable[[str | None], PlaceName]
) -> str:
    """Why a key or a pick did nothing, in a sentence (its territories named)."""
    key, fields = hint
    named = {"territory": name(fields.get("territory")), "source": name(fields.get("source"))}
    return say(lang, key, **{**fields, **named})


class NowBox(VerticalScroll):
    """The Now panel's room: as high as its sentences, taking rows from the cards below it
    down to ``HAND_LEAST``, and scrolling beyond that, so that no sentence is ever cut."""

    can_focus = False  # the keys stay the map's (a wheel still scrolls it)

    def __init__(self, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self.shown_from: Callable[[], int] = lambda: 0  # the line to show first, as wrapped now

    def show_from(self, line: Callable[[], int]) -> None:
        """Scroll to the line ``line()`` says once the panel's new text is laid out, and keep
        it there when the lines change. Asked then, not now: a scroll bar that comes with the
        text narrows it, and the lines before that line may wrap into one more."""
        self.shown_from = line
        self.call_after_refresh(self._scroll)

    def watch_virtual_size(self, size: Size) -> None:
        # The text's height or width changed (a scroll bar came or went): once it is laid out
        # again, the line first shown is where it was.
        self.call_after_refresh(self._scroll)

    def _scroll(self) -> None:
        self.scroll_to(y=self.shown_from(), animate=False, immediate=True)

    def fit(self, room: int) -> None:
        """``room``: the rows the Now panel and the cards share (the screen's rows left)."""
        most = max(1, room - HAND_LEAST)
        if self.styles.max_height is None or self.styles.max_height.cells != most:
            self.styles.max_height = most


class TurnPanel(Panel):
    """What to do now: the phase and the reinforcements left, in words, in a ``NowBox``."""

    def height_changes(self) -> bool:
        # Never lower than its box's old fixed height (risk.tcss): most texts fit in it, and
        # change nothing of the screen's layout.
        size = self.content_size
        if not size.width:
            return True  # not laid out yet
        least = self.styles.min_height
        floor = int(least.value) if least is not None and least.is_cells else 0
        return max(floor, self.get_content_height(size, size, size.width)) != size.height

    def _show_in_box(self, text: Text, latest: int = 0) -> None:
        """Show ``text``; once laid out, scroll its box to the line where the latest said
        (why a key did nothing) starts, at character ``latest``, or else to the first."""
        if self.show_text(text) and isinstance(self.parent, NowBox):
            self.parent.show_from(partial(self._lines, text.plain[:latest].rstrip("\n")))

    def _lines(self, before: str) -> int:
        """How many lines ``before`` takes, as the panel wraps it at its width now."""
        width = self.content_size.width
        if not before or not width:
            return 0
        return visualize(self, Text(before)).get_height(self.styles.get_rules(), width)

    def show(
        self,
        turn: Turn,
        step: Step,
        names: dict[str, str],
        lang: str,
        notice: str = "",
        cursor: str | None = None,
        sent: bool = False,
    ) -> None:
        """``sent``: the player's moves are sent and the host's answer has not come yet, so
        the step's sentence (of the view before them) is not true any more."""
        game = turn.game
        text = Text()
        title = say(lang, "turn_panel")
        box = self.parent if isinstance(self.parent, NowBox) else self
        if box.border_title != title:  # on the border, to leave every line to the words
            box.border_title = title
        board = game.board if game is not None else None

        def name(t: str | None) -> PlaceName:
            return place(board, t, lang) if t and board is not None else PlaceName("?")

        if notice:
            # Nothing else can be done: nothing else said, but why a key just pressed did
            # nothing (every key gets its answer, under the notice too).
            text.append(notice, style="bold red")
            if turn.hint is not None:
                text.append(f"\n{_said_why(turn.hint, lang, name)}", style="bold yellow")
        if game is None or notice:
            self._show_in_box(text)
            return
        s = game.state

        if sent and step.name not in ("waiting", "watching", "over"):
            text.append(say(lang, "sent_waiting"), style="italic")
        else:
            text.append(step_line(turn, step, names, lang, name))
        notes = modeapps.notes(turn, step, lang, name)
        if notes:
            text.append(f"\n{notes}", style="dim")
        latest = 0
        if turn.hint is not None:
            latest = len(text) + 1
            why = _said_why(turn.hint, lang, name)
            text.append(f"\n{why}", style="bold yellow")
        standing = s.auto_defend.get(turn.seat)
        if standing and step.name not in ("watching", "over"):  # F7 changes it while one plays
            key = modeapps.auto_key(game)
            text.append(f"\n{say(lang, key, dice=standing)}", style="dim")
        if s.pool and step.name not in ("waiting", "watching", "over", "setup", "place"):
            text.append(f"\n{say(lang, 'pool')}: {s.pool}", style="bold yellow")
        # Last, so that what the step says and why a key did nothing come first.
        low, high = step.amount_range or (0, 0)
        if low < high and step.name not in ("waiting", "watching"):  # a choice to click
            text.append("\n")
            text.append_text(amount_buttons(lang))
        if cursor is not None:
            text.append(f"\n{cursor_line(game, turn.seat, cursor, names, lang)}", style="cyan")
        self._show_in_box(text, latest)


def cursor_line(game: Game, seat: str, territory: str, names: dict[str, str], lang: str) -> str:
    """Where the map's cursor is, whose it is and its armies."""
    s = game.state
    owner = s.owner.get(territory)
    where = place(game.board, territory, lang)
    armies = s.armies.get(territory, 0)
    if owner is None:
        return say(lang, "cursor_free", territory=where)
    if owner == seat:
        return say(lang, "cursor_yours", territory=where, armies=armies)
    named = names.get(owner)
    if named is None:
        named = neutral_name(s, owner, lang) if owner in s.neutrals else owner
    who = shown(named, 24)
    return say(lang, "cursor_of", territory=where, player=who, armies=armies)


# The amount's buttons: each runs the action of its key (-, +, Home, End) on a click.
AMOUNT_BUTTONS = (
    ("button_less", "screen.amount(-1)"),
    ("button_more", "screen.amount(1)"),
    ("button_fewest", "screen.amount_edge(0)"),
    ("button_most", "screen.amount_edge(1)"),
)


def amount_buttons(lang: str) -> Text:
    text = Text()
    for key, action in AMOUNT_BUTTONS:
        if text:
            text.append(" ")
        style = Style(color="#000000", bgcolor="#87afd7", meta={"@click": action})
        text.append(f" {say(lang, key)} ", style=style)
    return text


class HandPanel(Panel):
    """The player's cards (under team rules, the team's), and the sets it may trade with
    their value."""

    def show(self, turn: Turn, lang: str, names: dict[str, str] | None = None) -> None:
        """The title on the border; the cards one a line, or two a line from four on (the
        panel is 4 lines high in the smallest layouts); then the sets, the first one F5's."""
        names = names or {}
        game = turn.game
        text = Text()
        team = game is not None and turn.seat in game.state.teams
        watcher = game is not None and turn.seat not in game.state.players
        title = say(lang, "team_hand" if team else "watcher_hand_title" if watcher else "hand")
        if self.border_title != title:
            self.border_title = title
        if game is None:
            self.show_text(text)
            return
        s = game.state
        if watcher:
            read = _read_hands(game)
            if read:  # a won sealed game played back: every card read at its end
                _every_hand(text, game, read, names, lang)
            else:
                text.append(say(lang, "watcher_hand"), style="dim")  # a spectator's screen
            self.show_text(text)
            return
        hand = s.hands.get(turn.seat, [])
        if team:
            # One hand for the team, with whichever teammate plays next: show it wherever it is.
            holder = next((p for p in s.players if s.hands.get(p) and
                           teams.friends(s, p, turn.seat)), turn.seat)  # fmt: skip
            hand = s.hands.get(holder) or []
            if holder != turn.seat:
                mate = shown(names.get(holder, holder), 24)
                text.append(say(lang, "held_by", player=mate) + "\n")
        _cards(text, game, turn.seat, hand, lang)
        trades = turn.trades() if turn.my_turn else []
        for i, (action, value) in enumerate(trades[:3]):
            glyphs = " ".join(card_label(game, c, lang)[0] for c in action.cards)
            line = say(lang, "set_value", cards=glyphs, value=value)
            text.append(say(lang, "sets") + " " if i == 0 else "    ", style="bold green")
            text.append(line + "\n", style="green")
        self.show_text(text)


class SecretPanel(Panel):
    """The player's own secret under the mode in play (an objective and how far it is from
    it, or Risk Mission's missions): every player has one; only its owner sees it."""

    def show(
        self, secret: ModeSecret, game: Game, seat: str, names: dict[str, str], lang: str
    ) -> None:
        self.show_text(secret.lines(game, seat, names, lang))


def _cards(text: Text, game: Game, seat: str, hand: list[str], lang: str) -> None:
    """The hand's cards one a line, or two a line from four on (the panel is 4 lines high in
    the smallest layouts), then how many are still on their way: in a game between peers a
    card dealt is a token (``sealing``) until its holder's client has learnt it."""
    coming = sum(1 for c in hand if is_hidden(c))
    cards = named(hand)
    if not hand:
        text.append(say(lang, "no_cards"), style="dim")
    shows = modeapps.card_line(game)
    if shows is not None:  # (rulebook 004: a card a line, with its stars)
        for card in cards:
            text.append(f"{shows(game, seat, card, lang)}\n")
    elif len(cards) <= 3:
        for card in cards:
            text.append(f"{card_label(game, card, lang)}\n")
    else:
        for i in range(0, len(cards), 2):
            pair = [f"{card_label(game, c, lang, short=True):<16}" for c in cards[i : i + 2]]
            text.append("".join(pair).rstrip() + "\n")
    if coming:
        text.append(say(lang, "cards_coming", n=coming) + "\n", style="dim")


def _read_hands(game: Game) -> dict[str, list[str]]:
    """The hands a spectator's state names card by card: none in a game going on (nil, or
    sealed tokens), every one in the replay of a sealed game that was won."""
    s = game.state
    hands = {p: list(s.hands.get(p) or ()) for p in s.players}
    if not any(hands.values()) or any(is_hidden(c) for h in hands.values() for c in h):
        return {}
    return {p: h for p, h in hands.items() if h}


def _every_hand(
    text: Text, game: Game, hands: dict[str, list[str]], names: dict[str, str], lang: str
) -> None:
    text.append(say(lang, "every_hand") + "\n", style="dim")
    for seat, hand in hands.items():
        cards = ", ".join(card_label(game, c, lang) for c in hand)
        text.append(f"{shown(names.get(seat, seat), 12)}: {cards}\n")


def card_label(game: Game, card: str, lang: str, short: bool = False) -> str:
    if card.startswith("joker"):
        return "★ joker"
    symbol = game.board.territories[card].card
    glyph = {"infantry": "♟", "cavalry": "♞", "artillery": "♜"}.get(symbol, "?")
    name = game.board.name(card, lang)
    return f"{glyph} {name[:10] if short else name}"


class StatusBar(Panel):
    """The transcript code players compare across screens, the connection state (or that the
    game stopped), whom the game waits for, and who watches."""

    def show(
        self,
        code: str,
        connected: bool,
        lang: str,
        waiting: str = "",
        stopped: str = "",  # the key of what the bar says instead of the connection
        watchers: list[str] | None = None,
    ) -> None:
        text = Text()
        text.append(f" {say(lang, 'transcript')} ", style="bold")
        text.append(code or "----:----", style="bold reverse")
        text.append("  ")
        if stopped:
            text.append(say(lang, stopped), style="bold red")
        elif connected:
            text.append(say(lang, "connected"), style="green")
        else:
            text.append(say(lang, "reconnecting"), style="bold red")
        if waiting and not stopped:
            text.append(f"  {waiting}", style="bold yellow")
        if watchers:
            names = ", ".join(shown(name, 24) for name in watchers)
            text.append(f"  {say(lang, 'watchers_line', names=names)}", style="dim")
        self.show_text(text)
