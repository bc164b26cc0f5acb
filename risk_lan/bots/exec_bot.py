"""A bot that is any program: it runs the command, talks to it in the JSON lines of
``exec_lines`` (docs/bots.md), and plays what it answers. A program that crashes, hangs past
its budget or answers anything but a legal action is told off in the log, and the built-in
normal bot plays that move; a crashed or hung program is started again for the next
decision, a few times, then the normal bot plays the rest.

It is synchronous, with a thread per pipe so that no read or write ever waits past the
budget: ``simulate`` calls it as any bot, and a client calls it in a worker thread so that its
event loop never waits on the program.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable
from typing import IO, Protocol, runtime_checkable

from risk_lan.bots import exec_lines
from risk_lan.bots.base import Bot
from risk_lan.bots.classic_bot import ClassicBot
from risk_lan.rules import Action, Game

DEFAULT_TIMEOUT = 10.0  # seconds per decision
MOST_RESTARTS = 3  # a program that fails more often than this is not started again
LONGEST_LINE = 4 * 1024 * 1024  # characters of an answer: more is not an answer
# Secret choices (a sealed headquarters) need a nonce kept by the client: the normal bot makes
# them for the program.
SECRET_TYPES = frozenset({"seal_capital", "reveal_capital", "abandon_capital"})
EXITED = object()  # put on the answers' queue when the program's output ends


def command_error(command: str) -> str | None:
    """What is wrong with a bot's command as given, in a sentence (None: nothing)."""
    try:
        argv = shlex.split(command)
    except ValueError as e:
        return f"the bot's command cannot be read ({e})"
    return None if argv else "the bot's command is empty"


@runtime_checkable
class Ending(Protocol):
    """A bot told when the game is over (or stopped), to let its program go."""

    def game_over(self, game: Game | None, player: str) -> None: ...


class Program:
    """One run of the command: its pipes, each read or written by a thread of its own."""

    def __init__(self, argv: list[str], say: Callable[[str], None]) -> None:
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
        )
        self.answers: queue.Queue[str | object] = queue.Queue()
        self.outbox: queue.Queue[str | None] = queue.Queue()
        assert self.process.stdin and self.process.stdout and self.process.stderr
        for target, pipe in (
            (self._read, self.process.stdout),
            (self._write, self.process.stdin),
            (lambda p: self._relay(p, say), self.process.stderr),
        ):
            threading.Thread(target=target, args=(pipe,), daemon=True).start()

    def _read(self, pipe: IO[str]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while line := pipe.readline(LONGEST_LINE):
                self.answers.put(line)
        self.answers.put(EXITED)

    def _write(self, pipe: IO[str]) -> None:
        with contextlib.suppress(OSError, ValueError):
            while (line := self.outbox.get()) is not None:
                pipe.write(line + "\n")
                pipe.flush()
            pipe.close()

    @staticmethod
    def _relay(pipe: IO[str], say: Callable[[str], None]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in pipe:
                say(line.rstrip("\n"))

    def send(self, line: str) -> None:
        self.outbox.put(line)

    def next_line(self, until: float) -> str | object | None:
        """The program's next line, ``EXITED`` once its output ended, None at ``until``."""
        try:
            return self.answers.get(timeout=max(0.0, until - time.monotonic()))
        except queue.Empty:
            return None

    def status(self) -> str:
        code = self.process.poll()
        if code is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self.process.wait(0.5)
        return "still running" if code is None else f"exit status {code}"

    def stop(self, grace: float = 0.0) -> None:
        """End the program: it has ``grace`` seconds after its input closes to exit itself."""
        self.outbox.put(None)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(grace)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class ExecBot:
    """Plays a seat with the program ``command`` (split as a shell splits words, not run by a
    shell), falling back on ``fallback`` (the normal bot) for each move it fails."""

    name = "exec"

    def __init__(
        self,
        command: str,
        seed: int | str | None = None,
        fallback: Bot | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        log: Callable[[str], None] | None = None,
        tell: Callable[[str], None] | None = None,
    ) -> None:
        self.command = command
        wrong = command_error(command)
        if wrong is not None:
            raise ValueError(wrong)
        self.argv = shlex.split(command)
        self.fallback = fallback if fallback is not None else ClassicBot(seed)
        self.timeout = timeout
        self.log = log or (lambda line: None)
        # Where others at the table hear of it (a chat line, so the host's log says it too):
        # the first failure of each kind, and giving up, not every move of a broken program.
        self.tell = tell
        self.told: set[str] = set()
        self.over = False  # the game is over: the program was let go
        self.program: Program | None = None
        self.seq = 0
        self.failures = 0  # crashes and hangs
        self.given_up = False  # failed too often: the normal bot plays the rest
        self.fallbacks = 0  # moves the normal bot played for the program

    def opening(self, game: Game, player: str) -> list[Action]:
        return []  # no standing answer: the program is asked each defence

    def choose(self, game: Game, player: str) -> Action:
        actions = exec_lines.legal(game, player)
        if self.given_up or any(a.type in SECRET_TYPES for a in actions):
            return self.fallback.choose(game, player)
        self.seq += 1
        try:
            program = self._started(game, player)
            program.send(
                exec_lines.encode(exec_lines.decide(game, player, self.seq, self.timeout, actions))
            )
            return self._answer(program, player, actions)
        except _Failed as e:
            if not self.over:  # else the game ended under it, and nothing went wrong
                self._failed(player, e)
            self.fallbacks += 1
            return self.fallback.choose(game, player)

    def game_over(self, game: Game | None, player: str) -> None:
        """Tell the program how the game ended, and let it go."""
        self.over = True
        program, self.program = self.program, None
        if program is None:
            return
        if game is not None:
            program.send(exec_lines.encode(exec_lines.over(game, player)))
        program.stop(grace=2.0)

    # ----- the program's runs ---------------------------------------------------------------

    def _started(self, game: Game, player: str) -> Program:
        if self.program is not None:
            return self.program
        try:
            self.program = Program(self.argv, lambda line: self.log(f"[{player} bot] {line}"))
        except OSError as e:
            raise _Failed(f"cannot start {self.command!r} ({e.strerror or e})", "crash") from None
        self.program.send(exec_lines.encode(exec_lines.hello(game, player)))
        return self.program

    def _answer(self, program: Program, player: str, actions: list[Action]) -> Action:
        until = time.monotonic() + self.timeout
        while True:
            line = program.next_line(until)
            if line is None:
                raise _Failed(f"it did not answer within {self.timeout:g} s (stopped)", "hang")
            if line is EXITED:
                raise _Failed(f"its program ended ({program.status()})", "crash")
            assert isinstance(line, str)
            if not line.strip():
                continue
            try:
                return exec_lines.answer(line, self.seq, actions)
            except exec_lines.StaleAnswer as e:
                self._say(player, f"{e}; ignored")
            except exec_lines.BadAnswer as e:
                raise _Failed(str(e), "garbage") from None

    def _failed(self, player: str, e: _Failed) -> None:
        what = f"decision {self.seq}: {e}; the normal bot plays this move"
        self._say(player, what, tell=e.kind)
        if e.kind != "garbage":
            self._lost(player)

    def _lost(self, player: str) -> None:
        """The program crashed or hung: stopped, and started again next time unless it has
        failed too often."""
        if self.program is not None:
            self.program.stop()
            self.program = None
        self.failures += 1
        if self.failures > MOST_RESTARTS:
            self.given_up = True
            what = f"it failed {self.failures} times: the normal bot plays the rest"
            self._say(player, what, tell="given up")
        else:
            self._say(
                player,
                f"it is started again for its next decision ({self.failures} of "
                f"{MOST_RESTARTS} restarts)",
            )

    def _say(self, player: str, what: str, tell: str | None = None) -> None:
        self.log(f"{player}'s bot ({self.command}): {what}")
        if tell is not None and tell not in self.told and self.tell is not None:
            self.told.add(tell)
            self.tell(f"my bot program failed: {what}")


class _Failed(Exception):
    """The program failed a decision: ``kind`` is ``garbage`` (it goes on), ``crash`` or
    ``hang`` (it is stopped, and started again next time)."""

    def __init__(self, what: str, kind: str) -> None:
        super().__init__(what)
        self.kind = kind
