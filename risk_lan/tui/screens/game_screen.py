"""The game screen: the map, the players, what to do now, the player's cards, the log, the
chat and the transcript code, and every step of a turn at the keyboard or the mouse."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, RichLog

from risk_lan.bots.base import Reason
from risk_lan.net.client.witness import DERIVED
from risk_lan.rules import Action, Game, classic_board
from risk_lan.tui.paces import DEFAULT_PACE
from risk_lan.tui.screens.log_screen import LogScreen
from risk_lan.tui.table.game_app import GameApp
from risk_lan.tui.table.game_bindings import GAME_BINDINGS, TURN_KEYS, change_binding
from risk_lan.tui.table.log_lines import LogLines
from risk_lan.tui.table.mode_keys import ModeKeys
from risk_lan.tui.table.pacing import Pacing
from risk_lan.tui.table.table_news import TableNews
from risk_lan.tui.table.turn_keys import TurnKeys
from risk_lan.tui.texts.catalogue import say, shown, translate_bindings
from risk_lan.tui.turnlogic import modeapps
from risk_lan.tui.turnlogic.player_turn import Turn
from risk_lan.tui.turnlogic.turn_step import Step
from risk_lan.tui.turnlogic.turn_summary import SinceLastTurn
from risk_lan.tui.widgets.panels import (
    EventLog,
    HandPanel,
    NowBox,
    PlayersPanel,
    SecretPanel,
    StatusBar,
    TurnPanel,
    player_mark,
)
from risk_lan.tui.widgets.world_map import MapState, WorldMap

DEFEND_TIMEOUT = 20.0  # seconds a player has to choose its defence before the most dice go
COMPACT_BELOW = (120, 40)  # the terminal's width and height under which the layout is compact


class GameScreen(Screen[None]):
    """One player's table. It only reads views and sends the moves the player asks for; its
    parts (the pacing, the log's lines, the table's news, the turn's and the mode's keys) are
    objects it holds, each handed this screen through the narrow interface it needs."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS

    connected: reactive[bool] = reactive(True)
    """Whether the client is connected to the host (a banner shows when it is not)."""

    code: reactive[str] = reactive("")
    """The short code of the transcript, for players to compare across screens."""

    def __init__(
        self, seat: str, players: list[dict[str, Any]], lang: str, pace: int = DEFAULT_PACE
    ) -> None:
        super().__init__()
        self.seat = seat
        self.players = players
        self.lang = lang
        translate_bindings(self, lang, modeapps.key_names(lang))
        self.turn = Turn(seat)
        self.since = SinceLastTurn(seat)  # what the others did, told at the player's turn
        self.names = {p["seat"]: shown(p["name"], 24) for p in players}
        self.colours = {p["seat"]: p["colour"] for p in players}
        self.away: set[str] = set()
        self.early: list[tuple[dict[str, Any], str]] = []
        self.banners = 0  # how many times the connection was lost
        self.defence_timer: Timer | None = None
        self.offered: frozenset[str] | None = None  # the turn actions the footer offers
        self.pace_offered = True  # whether the footer shows the pace's keys (while waiting)
        # Moves sent since the last view: this view is stale for what they change.
        self.answered = False
        self.taken_over = False  # a host bot plays this player's seat for now
        self.stopped = False  # the game ended without a winner: nothing more is played
        self.expelled: dict[str, str] = {}  # seats the host expelled for good, and why
        self.watchers: list[str] = []  # the spectators' names, as the host last said
        self.updates_seen = 0
        # A sealed game's view as this seat knows it (``DeckSeat.seat_view``: its own cards
        # read put in their tokens' places), from the host's, kept as it came so that a card
        # read between two updates is shown at once; any other game's view is shown as sent.
        self.seat_view: Callable[[dict[str, Any]], dict[str, Any]] = lambda view: view
        self.host_view: dict[str, Any] | None = None
        self.start_note: str | None = None  # said first in the log (whose cards are read)
        # The reasons the bots of the host run here gave for their next moves, by the number
        # of the move: each is said with its move, however far behind the pace shows them.
        self.reasons: dict[int, tuple[str, Reason]] = {}
        self.log_lines = LogLines(self.names, self.colours, lang)
        self.news = TableNews(self)
        self.pacing = Pacing(self, self.news, pace)  # the others' moves, ``pace`` a second
        self.turn_keys = TurnKeys(self, TURN_KEYS)
        self.mode_keys = ModeKeys(self)

    def compose(self) -> ComposeResult:
        # One grid, no containers: each container would be composited again on every update.
        yield WorldMap(classic_board(), on_pick=self.picked, id="map")
        yield PlayersPanel(id="players")
        with NowBox(id="now-box"):
            yield TurnPanel(id="now")
        yield SecretPanel(id="secret")  # shown in the modes with secret objectives
        yield HandPanel(id="hand")
        yield EventLog(id="log", wrap=True, markup=False)
        yield EventLog(id="chat", wrap=True, markup=False)
        yield Input(placeholder="…", id="say")
        yield StatusBar(id="status")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        # Below 120x40 the side panels narrow and the players take a line each.
        compact = event.size.width < COMPACT_BELOW[0] or event.size.height < COMPACT_BELOW[1]
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            # Less room between the footer's keys, and Ctrl+P's not among them (the help
            # names it): at 100 columns every key offered fits whole.
            footer = self.query_one(Footer)
            footer.compact, footer.show_command_palette = compact, not compact
            self.refresh_bindings()  # the keys greyed out are hidden in the compact layout
            self.redraw()
        self.call_after_refresh(self.fit_now)

    def fit_now(self) -> None:
        """The Now panel may grow into the cards' room (the rows they share, once laid out)."""
        shared = (
            self.query_one(NowBox).outer_size.height + self.query_one(HandPanel).outer_size.height
        )
        self.query_one(NowBox).fit(shared)

    def on_mount(self) -> None:
        self.query_one(WorldMap).focus()
        self.query_one("#say", Input).placeholder = self._say("chat_hint")
        self.refresh_status()
        self.set_interval(1.0, self.refresh_status)  # the waiting line counts down
        if self.start_note:
            self.write_log(Text(self.start_note, style="dim"))
        early, self.early = self.early, []
        for update, checked in early:
            self.take_update(update, checked)
        news, self.news.early_news = self.news.early_news, []
        for seat, change in news:
            self.news.seat_changed(seat, change)

    # ----- what the host says -------------------------------------------------------------

    def take_update(self, update: dict[str, Any], checked: str = DERIVED) -> None:
        """A new view from the host, checked by the client as ``checked`` says: each line
        of the log says what was checked of it, and only what was gets a ✓."""
        self.news.view_shown(not (self.updates_seen or self.early), update["n"])
        if not self.is_mounted:
            # The first updates can come before the screen is up.
            self.early.append((update, checked))
            return
        shown = self.turn.step()
        self.host_view = update["view"]
        self.turn.load(self.seat_view(update["view"]))
        self.turn_keys.view_loaded((shown.name, shown.keys))
        self.answered = False
        self.away = set(update["away"])
        game = self.turn.game
        assert game is not None
        log = self.query_one("#log", RichLog)
        if not self.updates_seen and update["n"] > 1:
            # Joined (or back) mid-game: its moves came as the signed history, not as lines.
            key = "taken_up" if checked == DERIVED else "taken_up_trusted"
            log.write(Text(self._say(key, n=update["n"]), style="dim"))
        self.news.tell()
        self.updates_seen += 1
        self._say_reason(game, update["n"])
        for data in update["events"]:
            line = self.log_lines.event_line(game, data, checked)
            if line is not None:
                log.write(line)
        if self.since.take(game.state, update["events"]):
            # The player's turn: what the others did since its last one, last in the log.
            title, *rest = self.since.lines(game.state, self.names, self.lang)
            log.write(Text(title, style="bold yellow"))
            for said in rest:
                log.write(self.log_lines.coloured(Text(f"  {said}")))
        self.code = self.game_app.transcript_code()
        self._time_the_defence()
        opening = [] if self.answered else self.turn.openings()
        if not opening and not self.taken_over:
            opening = self.turn.plan_moves()
        if opening:
            # What a mode sends once the game asks (a sealed headquarters opened as soon as
            # every one is sealed); a confirmed setup plan at each step.
            self.send(opening)
        else:
            self.redraw()

    def cards_learnt(self) -> None:
        """A sealed card of this seat's, on its way until now, is read: the view shown is
        seen again with it (nothing else changed, so no step's choice is lost)."""
        if self.host_view is None or not self.is_mounted:
            return  # the next update shows it
        self.turn.load(self.seat_view(self.host_view))
        self.redraw()

    def bot_reason(self, seat: str, n: int, reason: Reason) -> None:
        """A bot's reason for its move numbered ``n``, said when that move is shown."""
        self.reasons[n] = (seat, reason)

    def _say_reason(self, game: Game, n: int) -> None:
        for past in [k for k in self.reasons if k <= n]:
            seat, reason = self.reasons.pop(past)
            if past != n:
                continue  # a move shown as part of a later view (back after a loss)
            level = next((p.get("level", "") for p in self.players if p["seat"] == seat), "")
            if level:
                self.write_log(self.log_lines.reason_line(game.board, seat, level, reason))

    def _time_the_defence(self) -> None:
        """A player asked for its defence has DEFEND_TIMEOUT seconds; then it defends with as
        many dice as it may, so that no one waits on a player who stepped away."""
        defending = self.turn.step().name == "defend"
        if defending and self.defence_timer is None:
            self.defence_timer = self.set_timer(DEFEND_TIMEOUT, self._defend_now)
        elif not defending:
            self.stop_defence_timer()

    def stop_defence_timer(self) -> None:
        if self.defence_timer is not None:
            self.defence_timer.stop()
            self.defence_timer = None

    def _defend_now(self) -> None:
        self.defence_timer = None
        if self.turn.step().name == "defend" and not self.answered:
            self.turn.amount = None  # the most dice allowed (rulebook 004: all the armies)
            self.turn.target = None  # a retreat picked and not confirmed is not made for it
            self.send(self.turn.confirm())

    def write_log(self, text: Text) -> None:
        self.query_one("#log", RichLog).write(text)

    def refused(self, text: str) -> None:
        self.answered = False  # the host's answer: the view stands as it was
        self.write_log(Text(f"✗ {text}", style="bold red"))
        self.redraw()

    def chat_line(self, seat: str, name: str, line: str) -> None:
        letter, ink = player_mark(self.colours.get(seat, ""))
        text = Text()
        # A spectator's line says so: it is nobody's seat at the table.
        tag = "" if seat in self.names else f" ({self._say('watcher_tag')})"
        text.append(f"{letter} {shown(name, 24)}{tag}: ", style=f"bold {ink}")
        text.append(shown(line))
        self.query_one("#chat", RichLog).write(text)

    def watch_connected(self, connected: bool) -> None:
        self.set_class(not connected, "-disconnected")
        if not connected:
            self.banners += 1
            self.news.host_gone()
        self.refresh_status()
        if self.is_mounted:
            self.redraw()  # the Now panel says the host is out of reach, or what to do again

    def show_watchers(self, names: list[str]) -> None:
        """Who watches the game, on the status line."""
        self.watchers = names
        self.refresh_status()

    def watch_code(self, code: str) -> None:
        self.refresh_status()

    def refresh_status(self) -> None:
        bars = self.query(StatusBar)  # none before the screen is up, or as the app closes
        if bars:
            now = asyncio.get_running_loop().time()  # the clock of the host's messages' receipt
            waiting = self.news.clock.text(now, self.seat, self.names, self.lang)
            paced = self.pacing.pace_text()
            waiting = f"{waiting}  {paced}" if waiting and paced else waiting or paced
            gone = "expelled_status" if self.seat in self.expelled else "stopped_status"
            bars.first().show(
                self.code, self.connected, self.lang, waiting, gone if self.stopped else "",
                self.watchers,
            )  # fmt: skip

    # ----- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        game = self.turn.game
        if game is None:
            return
        step = self.turn.step()
        s = game.state
        staged: dict[str, int] = {}
        for territory, n in self.turn.staged:
            staged[territory] = staged.get(territory, 0) + n
        if self.turn.plan is not None:
            staged = self.turn.plan.staged(s)
        attacked = s.attack.target if step.name == "defend" and s.attack else None
        self.query_one(WorldMap).show(
            MapState(
                owner=dict(s.owner),
                armies=dict(s.armies),
                colours=self.colours,
                choices=step.choices,
                # When defending, the territory under attack is marked, as a source is; while
                # the player waits, the others' move being shown.
                chosen=attacked if attacked is not None else self.turn.source,
                target=self.turn.target if attacked is None else None,
                shown=self.pacing.shown if step.name in ("waiting", "watching") else None,
                staged=staged,
                capitals=frozenset(s.capitals.values()),
                shared=frozenset(s.mixed),
                teams=dict(s.teams),
                lang=self.lang,
                selected=None,
            )
        )
        self.query_one(PlayersPanel).show(
            game, self.seat, self.players, self.away, self.lang, self.has_class("-compact"),
            self.expelled,
        )  # fmt: skip
        self._show_now(step)
        self.query_one(HandPanel).show(self.turn, self.lang, self.names)
        secret = modeapps.secret(game)  # the mode in play's secret for each seat, if any
        if (secret is not None) != self.has_class("-secret"):
            self.set_class(secret is not None, "-secret")  # lays the screen out again, once
            self.call_after_refresh(self.fit_now)
        if secret is not None:
            self.query_one(SecretPanel).show(secret, game, self.seat, self.names, self.lang)
        # The pace's keys are in the footer while the others play; in the player's own
        # steps they leave the room to the turn's keys (they work all the same).
        waiting = step.name in ("waiting", "watching")
        if step.keys != self.offered or waiting != self.pace_offered:
            # The footer rebuilds itself on a refresh, which costs more than the whole map:
            # only when what is offered changed.
            self.offered, self.pace_offered = step.keys, waiting
            for binding_id in ("game.pace", "game.show_held"):
                change_binding(self, binding_id, show=waiting)
            self.refresh_bindings()

    def _show_now(self, step: Step | None = None) -> None:
        """The Now panel: the step's sentence, and where the map's cursor is."""
        step = step if step is not None else self.turn.step()
        notice = self.news.notice()
        cursor = self.query_one(WorldMap).state.selected
        self.query_one(TurnPanel).show(
            self.turn, step, self.names, self.lang, notice, cursor, sent=self.answered
        )

    @on(WorldMap.Moved)
    def cursor_moved(self, message: WorldMap.Moved) -> None:
        if self.turn.game is not None:
            self._show_now()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "mode_key":
            return self.mode_keys.open(str(parameters[0]))
        if action == "reclaim":
            return self.news.reclaim_open()
        if action == "pause_clock":
            return self.news.clock_open()
        if action == "show_held":
            return self.pacing.offers_skip()  # in the footer only while moves are held
        if action == "pace":
            return True
        return self.turn_keys.open(action)

    # ----- what the player does -----------------------------------------------------------

    def send(self, actions: list[Action]) -> None:
        if self.stopped or self.taken_over or self.turn.watching:
            actions = []  # an automatic answer (the defence's timeout) has no one to go to
        if actions and not self.connected:
            # A claim picked while the host is out of reach: not sent, and said why.
            self.turn_keys.offline()
            return
        if actions:
            self.game_app.act(*actions)
            self.answered = True
        self.redraw()

    def picked(self, territory: str) -> None:
        """Enter or a click on the map: taken at once (see WorldMap.on_pick)."""
        if not self.turn_keys.locked():
            self.send(self.turn.pick(territory))

    def on_key(self, event: events.Key) -> None:
        """A key whose binding does not run now (greyed out, or hidden) says why."""
        if event.key == "escape" and not self.query_one(WorldMap).has_focus:
            event.stop()
            self.query_one(WorldMap).focus()  # out of the log or the chat, back to the map
            return
        if self.turn_keys.typed_ahead(event.key, event.time):
            event.stop()  # pressed before the step it would act on was shown: dropped
            self.redraw()
            return
        # Judged once the keys before it have done what they do: their bindings run in the
        # App, after this screen has already seen the next key (F3 typed right after the
        # Enter that picks the target must find it picked, not be dropped as greyed out).
        self.app.call_next(self._say_why, event.key)

    def _say_why(self, key: str) -> None:
        if self.turn_keys.say_why(key):
            self.redraw()

    def action_resume_command(self) -> None:
        """Ctrl+O: the command that takes the game up again, in the log (the host's app)."""
        self.write_log(Text(self.game_app.resume_line(), style="bold"))

    def action_reclaim(self) -> None:
        if self.taken_over and not self.stopped:
            self.game_app.reclaim()

    @on(Input.Submitted, "#say")
    def say_something(self, event: Input.Submitted) -> None:
        self.game_app.say(event.value)
        event.input.value = ""
        self.query_one(WorldMap).focus()

    def action_chat(self) -> None:
        """Tab goes to the chat line, and from it back to the map."""
        say_line = self.query_one("#say", Input)
        if say_line.has_focus:
            self.query_one(WorldMap).focus()
        else:
            say_line.focus()

    def show_log(self) -> None:
        self.query_one("#log", RichLog).focus()

    def action_show_log(self) -> None:
        """The whole log over the screen, to read at leisure (Esc closes it)."""
        self.app.push_screen(LogScreen(self.query_one("#log", RichLog).lines, self.lang))

    def go_to(self, territory: str) -> None:
        """Select ``territory`` on the map (from the command palette)."""
        self.query_one(WorldMap).select(territory)
        self.query_one(WorldMap).focus()

    def _say(self, key: str, **fields: object) -> str:
        return say(self.lang, key, **fields)

    @property
    def game_app(self) -> GameApp:
        return cast(GameApp, self.app)

    # ----- the keys, each handed to the part that answers it ------------------------------

    def action_pace(self) -> None:
        self.pacing.next_pace()
        self.game_app.pace = self.pacing.per_second  # kept for the session's next game

    def action_show_held(self) -> None:
        self.pacing.skip()

    def name_key(self, binding_id: str, label: str) -> None:
        """Name a key in the footer anew (Ctrl+T's, with the pace it sets now)."""
        change_binding(self, binding_id, description=label)
        if self.is_mounted:
            self.refresh_bindings()

    def action_pause_clock(self) -> None:
        self.news.pause_clock()

    def action_mode_key(self, key: str) -> None:
        """A mode's own key (by its binding id), which opens the mode's screen."""
        self.mode_keys.press(key)

    def action_attack_once(self) -> None:
        self.turn_keys.attack_once()

    def action_blitz(self) -> None:
        self.turn_keys.blitz()

    def action_end(self) -> None:
        self.turn_keys.end()

    def action_trade(self) -> None:
        self.turn_keys.trade()

    def action_confirm(self) -> None:
        self.turn_keys.confirm()

    def action_auto_defend(self) -> None:
        self.turn_keys.auto_defend()

    def action_lay(self) -> None:
        self.turn_keys.lay()

    def action_support(self) -> None:
        self.turn_keys.support()

    def action_capitulate(self) -> None:
        self.turn_keys.capitulate()

    def action_plan_setup(self) -> None:
        self.turn_keys.plan_setup()

    def action_undo(self) -> None:
        self.turn_keys.undo()

    def action_cancel(self) -> None:
        self.turn_keys.cancel()

    def action_amount(self, by: int) -> None:
        self.turn_keys.amount(by)

    def action_amount_edge(self, most: int) -> None:
        self.turn_keys.amount_edge(most)

    def action_dice(self, dice: int) -> None:
        self.turn_keys.dice(dice)
