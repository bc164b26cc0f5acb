"""The ``risk-lan`` command."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial

from risk_lan import __version__
from risk_lan.bots import BOTS, DEFAULT_LEVEL, LEVELS, bot_kind, levels
from risk_lan.bots.exec_bot import DEFAULT_TIMEOUT, command_error
from risk_lan.net.gameaddress import DEFAULT_PORT, parse_address
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.paths import saves_dir
from risk_lan.rules import RULESETS, Event, Game, classic_board, ruleset
from risk_lan.simulate import EXEC, play_game, seat_bot, simulate
from risk_lan.tui.paces import DEFAULT_PACE, PACES

# The network commands (asyncio, zeroconf, msgpack, nacl) and the narration are loaded by the
# commands that use them: ``simulate`` starts in half the time without them, which counts
# for short runs and scripted tournaments.


def _mode_option(command: argparse.ArgumentParser) -> None:
    """The one word for a rule set on every command: its mode (``--rules`` is kept as an
    alias, the word ``simulate`` first took)."""
    command.add_argument(
        "--mode",
        "--rules",
        dest="mode",
        default="classic",
        choices=sorted(RULESETS),
        metavar="MODE",
        help="game mode, the rule set played (default classic): " + ", ".join(sorted(RULESETS)),
    )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _think(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 3600:  # NaN fails this too
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a thinking time: give seconds, more than 0 (say 1.5)"
        )
    return value


def _add_think(parser: argparse.ArgumentParser, whose: str) -> None:
    parser.add_argument(
        "--think",
        type=_think,
        metavar="SECONDS",
        help=f"how long {whose} may think over a whole turn, in seconds (default: the "
        "bot's own); only the hard level thinks, the others play at once",
    )


def _level(text: str) -> str:
    """A bot level a player may choose (``classic`` read as ``normal``)."""
    try:
        kind = bot_kind(text)
    except ValueError:
        kind = ""
    if kind not in levels():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a bot level; the levels are {', '.join(levels())}"
        )
    return kind


def bot_levels(text: str) -> list[str]:
    """The bots of ``--bots`` on ``play`` and ``host``, a level per bot: a number of normal
    bots (``3``), levels one seat each (``hard,hard,easy``), or a number of one level
    (``3:hard``), mixed as wished (``2:hard,easy``)."""
    found: list[str] = []
    for item in text.split(","):
        count, _, level = item.strip().rpartition(":")
        if not count and level.isdigit():
            count, level = level, DEFAULT_LEVEL
        if count and not count.isdigit():
            raise argparse.ArgumentTypeError(
                f"{item.strip()!r}: give a number of bots, levels (hard,easy) or NUMBER:LEVEL"
            )
        found += [_level(level)] * (int(count) if count else 1)
    if len(found) > 6:
        raise argparse.ArgumentTypeError("a table has at most 6 seats")
    return found


_BOTS_HELP = (
    "a number of normal bots (3), a level per bot (hard,hard,easy) or a number of one level "
    "(3:hard), mixed as you like (2:hard,easy); the levels: "
)


_SEALED_HELP = (
    "every player's computer shuffles and encrypts the hidden cards (territory cards, "
    "objectives, missions) in turn, so each computer reads only the cards of the seats it "
    "plays (the host's: its own player's and its bots'), and every app checks every card at "
    "the end (docs/fairness.md, 'The encrypted deck')"
)


def _add_deck(host: argparse.ArgumentParser) -> None:
    """A game between peers deals the sealed deck unless the host asks for the plain one."""
    deck = host.add_mutually_exclusive_group()
    deck.add_argument(
        "--sealed",
        dest="sealed",
        action="store_true",
        default=True,
        help="deal the sealed deck (the default): " + _SEALED_HELP,
    )
    deck.add_argument(
        "--plain",
        dest="sealed",
        action="store_false",
        help="deal the plain deck instead: quicker, but the host's computer can read every "
        "hand, objective and the pile (the dice stay fair, and every card dealt is still "
        "checked at the end)",
    )


def _add_sealed(play: argparse.ArgumentParser) -> None:
    """A game on one machine against its bots hides nothing from anyone: plain unless asked."""
    play.add_argument(
        "--sealed",
        action="store_true",
        help="deal the sealed deck, as a game between computers does (risk-lan host): "
        + _SEALED_HELP
        + "; against bots of this computer it hides nothing, and shows how it works",
    )


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=("en", "fr"), help="language of the app (default: from LANG)"
    )


def _add_pace(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pace",
        type=int,
        choices=PACES,
        default=DEFAULT_PACE,
        help=f"the others' moves shown at this many a second, each marked on the map for a "
        f"moment; 0 shows them as they come (default {DEFAULT_PACE}; Ctrl+T in the app)",
    )


def _add_exec_timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot-exec-timeout",
        type=_positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"seconds a bot program has for each decision before the normal bot plays it "
        f"(default {DEFAULT_TIMEOUT:g})",
    )


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < 3600:
        raise argparse.ArgumentTypeError(f"give seconds above 0 and below 3600, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="risk-lan", description="The board game Risk for LAN parties, played in terminals."
    )
    parser.add_argument("--version", action="version", version=f"risk-lan {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = commands.add_parser(
        "simulate",
        help="play bot-only games headless and print a summary",
        description="Play bot-only games headless and print a summary. With --show, print "
        "every event of the first game as it happens.",
    )
    sim.add_argument(
        "--players", type=int, help="seats at the table (default 4, or what the mode allows)"
    )
    sim.add_argument("--games", type=_positive, default=100, help="games to play (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="dice seed; same seed, same games")
    _mode_option(sim)
    sim.add_argument(
        "--bots",
        default=DEFAULT_LEVEL,
        help=f"bot kind per seat, comma-separated, repeated to fill the table "
        f"({', '.join(BOTS)}; classic is normal's old name; or exec:COMMAND for a program "
        f"of your own, docs/bots.md; default {DEFAULT_LEVEL})",
    )
    _add_think(sim, "a hard bot")
    _add_exec_timeout(sim)
    sim.add_argument("--show", action="store_true", help="narrate the first game, event by event")
    sim.add_argument("--lang", choices=("en", "fr"), default="en", help="language of --show")

    host = commands.add_parser(
        "host",
        help="host a game on the LAN",
        description="Host a game on the LAN. The game is saved as it goes, in "
        f"{saves_dir()} (or --save FILE): if this machine sleeps or crashes, "
        "'risk-lan host --resume FILE' takes the game up at its last move, and the players' "
        "apps come back to it by themselves. In the lobby a seat is kept only by a player "
        "whose app answers the host: one silent for 6 seconds loses it. With --headless, "
        "lines typed on the host's standard input run the lobby: 'seats' lists the seats, "
        "'free SEAT' frees a player's seat (p2, say), 'admit ID' and 'refuse ID' answer a "
        "joiner waiting for approval (--approve; the ID is in the line that says who asks).",
    )
    host.add_argument(
        "--name",
        "--player",
        dest="name",
        help="your name at the table (default: the word for a host, in the app's language)",
    )
    host.add_argument(
        "--game-name", help="the game's name on the LAN (default: after you, NAME's game)"
    )
    host.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)"
    )
    host.add_argument("--interface", default="0.0.0.0", help="address to listen on (default all)")
    host.add_argument("--seats", type=int, default=4, help="seats at the table (default 4)")
    host.add_argument(
        "--bots",
        type=bot_levels,
        default=[],
        metavar="BOTS",
        help="seats the host fills with bots (default none): " + _BOTS_HELP + ", ".join(levels()),
    )
    _add_think(host, "a hard bot of the host's")
    _mode_option(host)
    host.add_argument("--record", help="write the game record to this file")
    _add_deck(host)
    host.add_argument(
        "--save", metavar="FILE", help=f"keep the game in this file (default: in {saves_dir()})"
    )
    host.add_argument(
        "--resume",
        metavar="FILE",
        help="take up the game saved in FILE at its last move (its table, seats and rules)",
    )
    host.add_argument(
        "--absent-after",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="hand a seat to a bot when its player has been away, or kept a roll waiting, "
        "this long (default 120; 0 for never)",
    )
    host.add_argument(
        "--password",
        help="players must give this password to join or watch (it never travels on the "
        "network: their app proves it knows it; the LAN listing says a password is needed)",
    )
    host.add_argument(
        "--approve",
        action="store_true",
        help="ask before letting each player in (in the app: a yes/no question; headless: "
        "type 'admit ID' or 'refuse ID')",
    )
    host.add_argument(
        "--headless",
        action="store_true",
        help="print the game as lines of text instead of opening the app for your own seat",
    )
    _add_lang(host)
    _add_pace(host)

    play = commands.add_parser(
        "play",
        help="play a game on this machine against bots",
        description="Host a game on this machine, fill the other seats with bots and open the "
        "app. Other players on the LAN cannot join it (use host for that).",
    )
    play.add_argument(
        "--bots",
        type=bot_levels,
        metavar="BOTS",
        help="the bots at the table (default 3 normal ones, or as many as the mode seats beside "
        "you): " + _BOTS_HELP + ", ".join(levels()),
    )
    _add_think(play, "a hard bot")
    _mode_option(play)
    play.add_argument(
        "--name",
        help="your name at the table (default: the word for a player, in the app's language)",
    )
    play.add_argument("--record", help="write the game record to this file")
    _add_sealed(play)
    _add_lang(play)
    _add_pace(play)

    join = commands.add_parser("join", help="join a game on the LAN, or watch one (--watch)")
    join.add_argument(
        "address", nargs="?", help="HOST or HOST:PORT of the game (default: find one on the LAN)"
    )
    join.add_argument(
        "--name",
        help="your name at the table (default: the word for a player, in the app's language)",
    )
    join.add_argument(
        "--bot",
        nargs="?",
        const=DEFAULT_LEVEL,
        metavar="LEVEL",
        help="let the built-in bot play the seat, at LEVEL: "
        + ", ".join(levels())
        + " (default normal); the address, if any, goes before --bot",
    )
    _add_think(join, "the bot of --bot hard")
    join.add_argument(
        "--bot-exec",
        metavar="COMMAND",
        help="let a program of your own play the seat: it reads the seat's view and legal "
        "moves as JSON lines and writes its choices (docs/bots.md); the built-in normal bot "
        "plays any move it fails",
    )
    _add_exec_timeout(join)
    join.add_argument(
        "--password",
        help="the game's password, if its host asks for one (the app asks for it otherwise)",
    )
    join.add_argument(
        "--watch",
        action="store_true",
        help="watch the game as a spectator: the map, the log and the chat, every roll "
        "checked, no seat taken (a game that has started can be watched too)",
    )
    join.add_argument(
        "--headless",
        action="store_true",
        help="with --watch: print what the game comes to as lines of text instead of "
        "opening the app",
    )
    join.add_argument(
        "--personality",
        metavar="SEED",
        help="with --bot: the bot plays with ways drawn from SEED, as a player sets them from "
        "the app (its standing answer, F7; one battle at a time or a blitz; now and then any "
        "legal move), for testing tables of bots",
    )
    _add_lang(join)
    _add_pace(join)
    join.add_argument(
        "--state",
        help="keep the seat's key and progress in this file, to take the seat back "
        "after a crash (run the same command again)",
    )
    join.add_argument(
        "--record",
        help="write what this seat saw and checked (every broadcast and every update) to "
        "this file, for risk-lan verify",
    )

    lister = commands.add_parser("list", help="list the games on the LAN")
    lister.add_argument("--timeout", type=float, default=3.0, help="seconds to listen (default 3)")

    ver = commands.add_parser("verify", help="re-check a game record offline")
    ver.add_argument(
        "record", help="a record written by risk-lan host --record or risk-lan join --record"
    )
    rep = commands.add_parser(
        "replay",
        help="play back a recorded game in the app",
        description="Verify a record written by risk-lan host --record, then play it back: "
        "space plays or pauses, F6 steps a move, Page Up/Down a turn, +/- the speed.",
    )
    rep.add_argument("record", help="a record written by risk-lan host --record")
    rep.add_argument("--turn", type=_positive, help="open at the start of this turn")
    _add_lang(rep)
    return parser


def _simulate(args: argparse.Namespace) -> int:
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    if not kinds:
        return _refused(f"give a bot kind per seat: {', '.join(BOTS)}, exec:COMMAND")
    for i, kind in enumerate(kinds):
        if kind.startswith(EXEC):
            if wrong := command_error(kind.removeprefix(EXEC)):
                return _refused(f"{kind}: {wrong}")
            continue
        try:
            kinds[i] = bot_kind(kind)
        except ValueError as e:
            return _refused(f"{e}, exec:COMMAND")
    rules = RULESETS[args.mode]
    if args.players is None:
        args.players = min(max(4, rules.min_players), rules.max_players)
    if not rules.min_players <= args.players <= rules.max_players:
        print(
            f"risk-lan: {rules.name} is for {rules.players_text()}",
            file=sys.stderr,
        )
        return 2
    if args.show:
        from risk_lan.bots.base import Reason
        from risk_lan.narrate import narrate, reason_line

        def show(game: Game, events: list[Event]) -> None:
            for e in events:
                line = narrate(game, e, args.lang)
                if line:
                    print(line)

        board = classic_board()

        def reason(player: str, why: Reason) -> None:
            print(f"    ({player}: {reason_line(board, why, args.lang)})")

        bots = [
            seat_bot(
                kinds[i % len(kinds)], f"{args.seed}:0:{i}", args.bot_exec_timeout, _err, args.think
            )
            for i in range(args.players)
        ]
        play_game(bots, f"{args.seed}:0", rules, on_events=show, on_reason=reason)
        print()
    summary = simulate(
        args.players, args.games, args.seed, rules, kinds, args.think, args.bot_exec_timeout, _err
    )
    print("\n".join(summary.lines()))
    return 0 if summary.finished == summary.games else 1


def _err(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:
        # `risk-lan simulate --show | head` stops quietly, as other commands do; the process's
        # signal handling is left alone (the network code relies on EPIPE being an error).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _said(args: argparse.Namespace, key: str, **fields: object) -> str:
    """The app's words for ``key`` in the language it will speak (``--lang``, else LANG)."""
    from risk_lan.tui.texts.catalogue import language, say

    return say(language(getattr(args, "lang", None)), key, **fields)


def player_name(args: argparse.Namespace) -> str:
    """``--name``, else the word for a player (a host, for ``host``) in the app's language:
    a French table is not told of a "player"."""
    if args.name:
        return str(args.name)
    return _said(args, "default_host" if args.command == "host" else "default_player")


def host_config(args: argparse.Namespace) -> HostConfig:
    """The table ``risk-lan host`` sets: the game is named after the host's player unless
    ``--game-name`` names it."""
    return HostConfig(
        name=args.game_name or _said(args, "default_game", name=player_name(args)),
        bot_name=_said(args, "default_bot"),
        seats=args.seats,
        bots=len(args.bots),
        levels=tuple(args.bots),
        think=args.think,
        mode=args.mode,
        record=args.record,
        absent_after=args.absent_after or None,
        # Flushed: the console's answers and who asks to join must show at once, piped too.
        log=partial(print, flush=True) if args.headless else None,
        save=args.save,
        save_in=None if args.save else str(saves_dir()),
        password=args.password or None,
        approve=args.approve,
        sealed=args.sealed,
    )


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    command = _COMMANDS.get(args.command)
    return command(args) if command is not None else 2  # argparse has refused anything else


def _refused(reason: str) -> int:
    print(f"risk-lan: {reason}", file=sys.stderr)
    return 2


def _host(args: argparse.Namespace) -> int:
    from risk_lan.net import clicommands

    try:
        config = host_config(args)
        config.check()
    except ValueError as e:
        return _refused(str(e))
    if args.headless:
        return clicommands.run(
            clicommands.host_game(config, args.interface, args.port, resume=args.resume)
        )
    if config.seats == config.bots:
        return _refused("leave a seat for yourself, or use --headless")
    from risk_lan.tui import run_app
    from risk_lan.tui.app import LocalHost

    local = LocalHost(config, args.interface, args.port, announce=True, resume=args.resume)
    return run_app(name=player_name(args), lang=args.lang, local=local, pace=args.pace)


def play_config(args: argparse.Namespace) -> HostConfig:
    """The table ``risk-lan play`` sets: the player and bots, on this machine only."""
    chosen = args.bots
    if chosen is None:
        chosen = [DEFAULT_LEVEL] * min(3, ruleset(args.mode).max_players - 1)
    if not chosen:
        raise ValueError("play against at least 1 bot")
    return HostConfig(
        name=_said(args, "default_game", name=player_name(args)),
        bot_name=_said(args, "default_bot"),
        seats=len(chosen) + 1,
        bots=len(chosen),
        levels=tuple(chosen),
        think=args.think,
        mode=args.mode,
        record=args.record,
        # Alone against bots: the player's seat is never handed to a bot, however long
        # the player reads the help or steps away.
        absent_after=None,
        save_in=str(saves_dir()),  # risk-lan host --resume takes it up after a crash
        sealed=args.sealed,
    )


def _play(args: argparse.Namespace) -> int:
    try:
        config = play_config(args)
        config.check()
    except ValueError as e:
        return _refused(str(e))
    from risk_lan.tui import run_app
    from risk_lan.tui.app import LocalHost

    local = LocalHost(config, "127.0.0.1", 0)
    return run_app(
        name=player_name(args), lang=args.lang, local=local, auto_ready=True, pace=args.pace
    )


def _list(args: argparse.Namespace) -> int:
    from risk_lan.net import clicommands

    return clicommands.run(clicommands.list_games(args.timeout))


def _join(args: argparse.Namespace) -> int:
    from risk_lan.net import clicommands

    if (args.bot or args.bot_exec is not None) and args.watch:
        flag = "--bot" if args.bot else "--bot-exec"
        return _refused(f"a spectator plays nothing: {flag} and --watch exclude each other")
    if args.bot_exec is not None and (wrong := command_error(args.bot_exec)):
        return _refused(f"--bot-exec: {wrong}")
    if args.bot_exec is not None and args.personality is not None:
        return _refused("--personality is the built-in bot's: a --bot-exec program has its own")
    if args.personality is not None and not args.bot:
        return _refused("--personality is the bot's: give --bot too")
    if args.think is not None and not args.bot:
        return _refused("--think is the bot's: give --bot too")
    if args.bot:
        try:
            args.bot = _level(args.bot)
        except argparse.ArgumentTypeError as e:
            hint = "" if args.bot in LEVELS else " (an address goes before --bot)"
            return _refused(f"{e}{hint}")
    if args.personality is not None and args.bot != DEFAULT_LEVEL:
        return _refused("--personality plays the normal bot's way: leave the level out")
    if args.headless and not args.watch:
        return _refused("--headless is for watching (--watch); a --bot seat prints lines already")
    if args.bot or args.bot_exec is not None or args.headless:
        return clicommands.run(
            clicommands.join_game(
                args.address,
                player_name(args),
                args.state,
                args.record,
                watch=args.watch,
                personality=args.personality,
                password=args.password,
                level=args.bot,
                think=args.think,
                bot_exec=args.bot_exec,
                exec_timeout=args.bot_exec_timeout,
            )
        )
    from risk_lan.tui import run_app

    try:
        address = parse_address(args.address) if args.address else None
    except ValueError as e:
        return _refused(str(e))
    return run_app(
        name=player_name(args),
        lang=args.lang,
        address=address,
        record=args.record,
        watch=args.watch,
        password=args.password,
        pace=args.pace,
    )


def _verify(args: argparse.Namespace) -> int:
    from risk_lan.net import clicommands

    return clicommands.verify(args.record)


def _replay(args: argparse.Namespace) -> int:
    from risk_lan.tui import run_replay

    return run_replay(args.record, args.lang, args.turn)


# Each command's body, by the name it is given on the command line.
_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "simulate": _simulate,
    "host": _host,
    "play": _play,
    "list": _list,
    "join": _join,
    "verify": _verify,
    "replay": _replay,
}


if __name__ == "__main__":
    sys.exit(main())
