"""The ``risk-lan`` command."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial

from risk_lan import __version__
from risk_lan.bots import BOTS
from risk_lan.bots.exec_bot import DEFAULT_TIMEOUT, command_error
from risk_lan.narrate import narrate
from risk_lan.net import clicommands
from risk_lan.net.gameaddress import DEFAULT_PORT, parse_address
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.paths import saves_dir
from risk_lan.rules import RULESETS, Event, Game, ruleset
from risk_lan.simulate import EXEC, play_game, seat_bot, simulate
from risk_lan.tui.paces import DEFAULT_PACE, PACES


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
        default="classic",
        help=f"bot kind per seat, comma-separated, repeated to fill the table "
        f"({', '.join(BOTS)}, or exec:COMMAND for a program of your own, docs/bots.md; "
        f"default classic)",
    )
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
    host.add_argument("--bots", type=int, default=0, help="seats the host fills with bots")
    _mode_option(host)
    host.add_argument("--record", help="write the game record to this file")
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
        type=_positive,
        help="bots at the table (default 3, or as many as the mode seats beside you)",
    )
    _mode_option(play)
    play.add_argument(
        "--name",
        help="your name at the table (default: the word for a player, in the app's language)",
    )
    play.add_argument("--record", help="write the game record to this file")
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
    join.add_argument("--bot", action="store_true", help="let the built-in bot play the seat")
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
    unknown = [k for k in kinds if k not in BOTS and not k.startswith(EXEC)]
    if unknown or not kinds:
        print(
            f"risk-lan: unknown bot {', '.join(unknown)!r}; known: {', '.join(BOTS)}, exec:COMMAND",
            file=sys.stderr,
        )
        return 2
    for kind in kinds:
        if kind.startswith(EXEC) and (wrong := command_error(kind.removeprefix(EXEC))):
            return _refused(f"{kind}: {wrong}")
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

        def show(game: Game, events: list[Event]) -> None:
            for e in events:
                line = narrate(game, e, args.lang)
                if line:
                    print(line)

        bots = [
            seat_bot(kinds[i % len(kinds)], f"{args.seed}:0:{i}", args.bot_exec_timeout, _err)
            for i in range(args.players)
        ]
        play_game(bots, f"{args.seed}:0", rules, on_events=show)
        print()
    summary = simulate(
        args.players, args.games, args.seed, rules, kinds, args.bot_exec_timeout, _err
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
        bots=args.bots,
        mode=args.mode,
        record=args.record,
        absent_after=args.absent_after or None,
        # Flushed: the console's answers and who asks to join must show at once, piped too.
        log=partial(print, flush=True) if args.headless else None,
        save=args.save,
        save_in=None if args.save else str(saves_dir()),
        password=args.password or None,
        approve=args.approve,
    )


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    command = _COMMANDS.get(args.command)
    return command(args) if command is not None else 2  # argparse has refused anything else


def _refused(reason: str) -> int:
    print(f"risk-lan: {reason}", file=sys.stderr)
    return 2


def _host(args: argparse.Namespace) -> int:
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
    bots = args.bots
    if bots is None:
        bots = min(3, ruleset(args.mode).max_players - 1)
    return HostConfig(
        name=_said(args, "default_game", name=player_name(args)),
        bot_name=_said(args, "default_bot"),
        seats=bots + 1,
        bots=bots,
        mode=args.mode,
        record=args.record,
        # Alone against bots: the player's seat is never handed to a bot, however long
        # the player reads the help or steps away.
        absent_after=None,
        save_in=str(saves_dir()),  # risk-lan host --resume takes it up after a crash
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
    return clicommands.run(clicommands.list_games(args.timeout))


def _join(args: argparse.Namespace) -> int:
    if (args.bot or args.bot_exec is not None) and args.watch:
        flag = "--bot" if args.bot else "--bot-exec"
        return _refused(f"a spectator plays nothing: {flag} and --watch exclude each other")
    if args.bot_exec is not None and (wrong := command_error(args.bot_exec)):
        return _refused(f"--bot-exec: {wrong}")
    if args.bot_exec is not None and args.personality is not None:
        return _refused("--personality is the built-in bot's: a --bot-exec program has its own")
    if args.personality is not None and not args.bot:
        return _refused("--personality is the bot's: give --bot too")
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
