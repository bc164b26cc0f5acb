"""What the Now panel says under rulebook 004's revised rules: the commitment being made, the
answer asked for (or the retreat picked), the standing answer, the cap and the bound
bonuses while placing, the movement points left. The mode's unit in the app (``APP``) is
here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from risk_lan.rules import Action, Game, calculated
from risk_lan.rules.calculated import bonus
from risk_lan.tui.texts.catalogue import say, shown
from risk_lan.tui.texts.revised_texts import REVISED_TEXTS
from risk_lan.tui.turnlogic import revised_steps
from risk_lan.tui.turnlogic.modeapp import ModeApp, Why
from risk_lan.wording import PlaceName

if TYPE_CHECKING:
    from risk_lan.tui.turnlogic.player_turn import Turn
    from risk_lan.tui.turnlogic.turn_step import Step


def revised_line(
    turn: Turn,
    step: Step,
    names: dict[str, str],
    lang: str,
    name: Callable[[str | None], PlaceName],
) -> str | None:
    """The Now panel's words for a commitment or an answer; None where the usual words are
    true as they are."""
    game = turn.game
    if not revised_steps.calculated(game) or game is None:
        return None
    s = game.state
    if step.name == "attack" and turn.source is not None:
        if turn.target is None:
            return say(lang, "commit_target", source=name(turn.source), amount=step.amount)
        return say(
            lang,
            "commit_ready",
            source=name(turn.source),
            target=name(turn.target),
            amount=step.amount,
            card=_card(turn, lang),
            help=_support(turn, game, lang, name),
        )
    if step.name != "defend" or s.attack is None:
        return None
    attack = s.attack
    attacker = shown(names.get(s.current, s.current), 24)
    if turn.target is not None:
        # A retreat takes one of the defender's cards, or one from the pile if it has none.
        holds = s.hands.get(turn.seat) or s.laid.get(turn.seat)
        key = "retreat_ready" if holds else "retreat_ready_no_card"
        return say(lang, key, target=name(attack.target), source=name(turn.target),
                   attacker=attacker)  # fmt: skip
    made = bonus(s, s.current, attack.source)
    extra = say(lang, "answer_bonus", bonus=made) if made else ""
    if s.support:
        extra += say(lang, "answer_support", n=len(s.support))
    fields = {
        "attacker": attacker,
        "armies": attack.dice,
        "bonus": extra,
        "source": name(attack.source),
        "target": name(attack.target),
        "amount": step.amount,
    }
    if s.owner.get(attack.target) != turn.seat:
        return say(lang, "answer_neutral", **fields)
    if attack.target in s.laid.get(turn.seat, ()):
        card = say(lang, "answer_laid")
    elif "lay" in step.keys:
        card = say(lang, "answer_card" if turn.lay else "answer_no_card")
    else:
        card = ""
    capitulate = say(lang, "answer_capitulate") if "capitulate" in step.keys else ""
    retreat = say(lang, "answer_retreat") if step.choices else ""
    return say(lang, "answer", card=card, retreat=retreat, capitulate=capitulate, **fields)


def _card(turn: Turn, lang: str) -> str:
    s = turn.game.state if turn.game else None
    if s is not None and turn.source in s.laid.get(turn.seat, ()):
        return say(lang, "commit_laid")
    if not revised_steps.can_lay(turn, turn.source):
        return ""
    return say(lang, "commit_card" if turn.lay else "commit_no_card")


def _support(turn: Turn, game: Game, lang: str, name: Callable[[str | None], PlaceName]) -> str:
    helpers = revised_steps.supporters(turn)
    if not helpers:
        return ""
    if not turn.support:
        return say(lang, "commit_no_support", n=len(helpers))
    places = ", ".join(str(name(t)) for t in helpers)
    return say(lang, "commit_support", n=len(helpers), places=places)


def revised_notes(
    turn: Turn, step: Step, lang: str, name: Callable[[str | None], PlaceName]
) -> str:
    """Lines under the step's words: the cap and the bound bonuses while placing, the
    movement points left, the standing answer."""
    game = turn.game
    if game is None or turn.watching:
        return ""
    s = game.state
    notes: list[str] = []
    if step.name == "place":
        if game.rules.army_cap:
            notes.append(say(lang, "cap_note", cap=game.rules.army_cap))
        for key, armies in s.bound_pools.items():
            if key in game.board.continents:
                c = game.board.continents[key]
                where = say(
                    lang, "bound_where_continent", name=c.name_fr if lang == "fr" else c.name_en
                )
            else:
                where = say(lang, "bound_where_beside", name=name(key))
            notes.append(say(lang, "bound_note", n=armies, where=where))
    if step.name == "fortify" and game.rules.fortification == "points" and turn.my_turn:
        notes.append(say(lang, "points_left", points=_points(turn)))
    return "\n".join(notes)


def _points(turn: Turn) -> int:
    assert turn.game is not None
    s = turn.game.state
    return s.points if s.phase == "fortify" else s.count(turn.seat) // 2


def _pick_hint(turn: Turn, step: Step) -> str | None:
    return "pick_no_shelter" if step.name == "defend" else None  # the answer takes no pick


def _key_hint(turn: Turn, step: Step, key: str) -> Why | None:
    if key in ("lay", "support", "capitulate", "blitz"):
        return revised_steps.why_revised_key(turn, step, key)
    return None


def _own_step(turn: Turn, phase: str) -> Step | None:
    return revised_steps.answer_step(turn) if phase == "defend" else None  # an answer


def _play(turn: Turn, step: Step) -> list[Action] | None:
    return revised_steps.answer(turn, step) if step.name == "defend" else None


_OWN_KEYS = frozenset({"lay", "support", "capitulate"})

APP = ModeApp(
    name="calculated",
    applies=calculated.MODE.applies,
    own_step=_own_step,
    play=_play,
    attack_keys=revised_steps.commit_keys,
    attack=revised_steps.commit,  # a commitment, with a card or support perhaps
    now_line=revised_line,
    notes=revised_notes,  # (the cap, bound bonuses and points, which other rules may use too)
    pick_hint=_pick_hint,
    turn_keys=_OWN_KEYS,
    # F3, F4 and F8 mean lay, capitulate and support here, rather than blitz, end and plan.
    answers=_OWN_KEYS | {"blitz", "end"},
    key_open=revised_steps.shared_key,
    key_hint=_key_hint,
    auto_key="auto_answer",
    titles={
        "revised": {"fr": "Règles révisées, «risques calculés»"},
        "revised-objectives": {"fr": "Règles révisées, objectifs secrets"},
        "revised-support": {"fr": "Règles révisées, «risques calculés et soutien»"},
    },
    texts=REVISED_TEXTS,
)
