"""Secret objectives (rulebook 000-A's main rule and its later forms) in words: the secret
panel's lines for a seat, its objective and how far it is from it. Without any drawing but
the text's styles. The mode's unit in the app (``APP``) is here: its panel and its presets'
titles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from risk_lan.rules import Game, objectives
from risk_lan.rules.sealing import is_hidden
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.texts.objective_texts import OBJECTIVE_TEXTS
from risk_lan.tui.turnlogic.modeapp import ModeApp, ModeSecret, Namer

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step


def objective_lines(game: Game, seat: str, names: dict[str, str], lang: str) -> Text:
    """The secret panel's lines: ``seat``'s objective (or, in force instead, the one it fell
    back to) and its progress; a spectator's screen says it sees no objective."""
    text = Text()
    text.append(say(lang, "objective") + "\n", style="bold")
    card_id = game.state.objectives.get(seat)
    if card_id is None:
        if seat not in game.state.players:  # a spectator's screen
            text.append(say(lang, "watcher_objective"), style="dim")
        return text
    if is_hidden(card_id):  # dealt in a game between peers, not learnt yet (``sealing``)
        text.append(say(lang, "objective_coming"), style="dim")
        return text
    card = objectives.objectives()[card_id]
    text.append(card.text(lang) + "\n")
    standing = objectives.in_force(game.state, seat)
    if standing.id != card.id:
        text.append(say(lang, "fell_back", text=standing.text(lang)) + "\n", style="yellow")
    parts = [_progress(game, what, have, need, names, lang) for what, have, need in
             objectives.progress(game.state, seat)]  # fmt: skip
    text.append(" · ".join(parts), style="cyan")
    return text


def _progress(game: Game, what: str, have: int, need: int, names: dict[str, str], lang: str) -> str:
    kind, _, which = what.partition(":")
    if kind == "continent":
        continent = game.board.continents[which]
        return f"{continent.name_fr if lang == 'fr' else continent.name_en} {have}/{need}"
    if kind == "destroy":
        target = objectives.player_of_colour(game.state, which) or ""
        who = f"{shown(names.get(target, target), 24)} ({say(lang, f'colour_{which}')})"
        return say(lang, "to_destroy", player=who, left=have)
    return say(lang, f"progress_{kind}", have=have, need=need)


def claimed_objective(game: Game) -> tuple[str, str] | None:
    """The winner and the objective it showed, when the game was won by its claim: the
    winner's objective holds and it does not hold the whole board (a world conquest ends the
    game before any claim that the same conquest makes true)."""
    s = game.state
    winner = s.winner
    if s.phase != "over" or winner is None or not _known(s.objectives.get(winner)):
        return None
    if not objectives.achieved(s, winner) or s.count(winner) == len(s.owner):
        return None
    return winner, objectives.in_force(s, winner).id


def _known(card: str | None) -> bool:
    return card is not None and not is_hidden(card)


def won_how(game: Game, winner: str, names: dict[str, str], lang: str) -> str | None:
    """The game-over screen's line: the objective the winner showed."""
    claimed = claimed_objective(game)
    if claimed is None or claimed[0] != winner:
        return None
    shown_card = objectives.objectives()[claimed[1]].text(lang)
    return say(lang, "won_by_objective", objective=shown_card)


def over_line(turn: Turn, step: Step, names: dict[str, str], lang: str, name: Namer) -> str | None:
    """The Now panel at the end of a game won by an objective: who showed which."""
    game = turn.game
    claimed = claimed_objective(game) if game is not None and step.name == "over" else None
    if claimed is None:
        return None
    winner, card = claimed
    who = shown(names.get(winner, winner), 24)
    text = objectives.objectives()[card].text(lang)
    return say(lang, "over_by_objective", winner=who, objective=text)


APP = ModeApp(
    name="objectives",
    applies=objectives.MODE.applies,
    # Every player has one; only its owner sees it (rulebook 004's revised-objectives is
    # titled with the revised rules, whose preset it is).
    secret=ModeSecret(held=lambda game: bool(game.state.objectives), lines=objective_lines),
    titles={
        "mission": {"fr": "Objectifs secrets (ancienne règle)"},
        "secret-mission": {"fr": "Mission secrète, règles de 2015"},
    },
    texts=OBJECTIVE_TEXTS,
    now_line=over_line,
    won_how=won_how,
)
