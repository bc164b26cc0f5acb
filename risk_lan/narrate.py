"""Events as one readable line each, in English or French (the rulebooks' own terms)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from risk_lan.bots.base import Reason
from risk_lan.logtexts import LOG_TEXTS
from risk_lan.rules import Board, Game, missions
from risk_lan.rules import events as ev
from risk_lan.rules.cards import stars
from risk_lan.rules.objectives import objectives
from risk_lan.rules.teams import armies_of, friends
from risk_lan.wording import PlaceName, place, wording

_PLACED = {"card_bonus": "bonus", "neutral": "neutral_placed", "ally": "ally_placed"}
_WON = {
    "objective": "won_objective",
    "capitals": "won_capitals",
    "team": "won_team",
    "missions": "won_missions",
}


E = TypeVar("E", bound=ev.Event)  # one kind of event


def _for(
    kind: type[E], line: Callable[[E], str | None]
) -> tuple[type[ev.Event], Callable[[ev.Event], str | None]]:
    """The line of one kind of event, in a table that calls it with events of that kind."""

    def said(event: ev.Event) -> str | None:
        return line(event) if isinstance(event, kind) else None

    return kind, said


def objective_text(objective: str, lang: str) -> str:
    card = objectives().get(objective)
    return card.text(lang) if card else objective


def _left(game: Game, source: str) -> int:
    """The armies a blitz left in its source, counted as its stop rule counts them: the
    attacker's own, under team rules. Said of the view just after the blitz."""
    s = game.state
    return armies_of(s, source, s.current) if s.mixed else s.armies[source]


def _moved_in(game: Game, territory: str) -> bool:
    """Whether the conquest of ``territory`` moved its armies in at once, with no choice of
    how many (those that rolled were all that could go): no move-in is asked for it in the
    view just after."""
    pending = game.state.move_in
    return pending is None or pending.target != territory


def narrate(
    game: Game, event: ev.Event, lang: str = "en", names: dict[str, str] | None = None
) -> str | None:
    """One line for ``event``, or None for events not worth a line (setup placements).
    ``names`` gives players' names to show instead of their seats."""
    text = LOG_TEXTS.get(lang, LOG_TEXTS["en"])
    board = game.board

    def who(player: str) -> str:
        neutrals = game.state.neutrals
        if player in neutrals and game.rules.neutral_play == "ally":
            return text["ally"]
        if player in neutrals:
            # Several neutral armies are told apart by their number.
            kind = text["independent" if game.rules.neutral_play == "active" else "neutral"]
            return kind + (f" {neutrals.index(player) + 1}" if len(neutrals) > 1 else "")
        return names.get(player, player) if names else player

    def name(t: str) -> PlaceName:
        return place(board, t, lang)

    def fill(key: str, **fields: object) -> str:
        return wording(text[key], lang, **fields)

    def counts() -> str:
        s = game.state
        return ", ".join(f"{who(p)} {s.count(p)}" for p in [*s.players, *s.neutrals])

    def team(player: str) -> str:
        mates = [p for p in game.state.players if friends(game.state, p, player)]
        return text["and"].join(who(p) for p in mates)

    def dice(values: tuple[int, ...]) -> str:
        return " ".join(map(str, values))

    def mission_text(mission: str) -> str:
        card = missions.missions().get(mission)
        return card.text(lang) if card else mission

    def card(c: str) -> str:
        return "joker" if c.startswith("joker") else name(c)

    def status(seat: str) -> str:
        return fill("status_ally", player=who(seat)) if seat else text["status_neutral"]

    lines = dict(
        [
            _for(
                ev.OrderRolled, lambda e: fill("order", winner=who(e.winner), what=text[e.purpose])
            ),
            _for(
                ev.DealRolled,
                lambda e: fill(
                    "deal_rolled", rolls=", ".join(f"{who(p)} {points}" for p, points in e.rolls)
                ),
            ),
            _for(ev.TerritoriesDealt, lambda e: fill("dealt", counts=counts())),
            _for(
                ev.SetupFinished,
                lambda e: fill("setup", counts=counts(), first=who(e.first_player)),
            ),
            _for(
                ev.TurnStarted,
                lambda e: fill(
                    "turn",
                    turn=e.turn,
                    round=e.round,
                    player=who(e.player),
                    territories=e.territories,
                    income=e.income,
                    continents=fill(
                        "continents",
                        names=", ".join(
                            board.continents[c].name_fr
                            if lang == "fr"
                            else board.continents[c].name_en
                            for c in e.continents
                        ),
                    )
                    if e.continents
                    else "",
                ),
            ),
            _for(
                ev.CardsTraded,
                lambda e: fill(
                    "trade_stars" if game.rules.trade_values == "stars" else "trade",
                    stars=stars(board, e.cards),
                    player=who(e.player),
                    cards=", ".join(card(c) for c in e.cards),
                    armies=e.armies,
                    n=e.set_number,
                ),
            ),
            _for(
                ev.Placed,
                lambda e: (
                    None
                    if e.reason in ("claim", "setup")
                    else fill(
                        _PLACED.get(e.reason, "placed"),
                        player=who(e.player),
                        count=e.count,
                        territory=name(e.territory),
                    )
                ),
            ),
            _for(
                ev.BattleRolled,
                lambda e: fill(
                    "battle",
                    source=name(e.source),
                    target=name(e.target),
                    adice=dice(e.attacker_dice),
                    ddice=dice(e.defender_dice),
                    al=e.attacker_losses,
                    dl=e.defender_losses,
                ),
            ),
            _for(
                ev.AttackStopped,
                lambda e: fill(
                    "stopped_rule" if _left(game, e.source) > 1 else "stopped_out",
                    player=who(game.current_player),
                    source=name(e.source),
                    target=name(e.target),
                    left=_left(game, e.source),
                ),
            ),
            _for(
                ev.Conquered,
                lambda e: fill(
                    "conquered_moved" if _moved_in(game, e.territory) else "conquered",
                    player=who(e.player),
                    territory=name(e.territory),
                    previous=who(e.previous_owner),
                    armies=e.armies,
                ),
            ),
            _for(ev.MovedIn, lambda e: fill("moved_in", total=e.total, target=name(e.target))),
            _for(
                ev.PlayerEliminated,
                lambda e: fill("eliminated", player=who(e.player), by=who(e.by), n=e.card_count),
            ),
            _for(
                ev.Fortified,
                lambda e: fill(
                    "fortified",
                    player=who(e.player),
                    count=e.count,
                    source=name(e.source),
                    target=name(e.target),
                ),
            ),
            _for(ev.CardDrawn, lambda e: fill("card", player=who(e.player))),
            _for(ev.NoCardLeft, lambda e: fill("no_card", player=who(e.player))),
            _for(
                ev.Committed,
                lambda e: fill(
                    "committed",
                    player=who(e.player),
                    armies=e.armies,
                    source=name(e.source),
                    target=name(e.target),
                    bonus=text["card_bonus"] if e.bonus else "",
                ),
            ),
            _for(
                ev.Answered,
                lambda e: fill(
                    "answered",
                    player=who(e.player),
                    armies=e.armies,
                    bonus=text["card_bonus"] if e.bonus else "",
                ),
            ),
            _for(
                ev.CalculatedBattle,
                lambda e: fill(
                    "calculated",
                    source=name(e.source),
                    target=name(e.target),
                    atotal=e.attacker_total,
                    dtotal=e.defender_total,
                    al=e.attacker_losses,
                    dl=e.defender_losses,
                ),
            ),
            _for(
                ev.Retreated,
                lambda e: fill(
                    "retreated",
                    player=who(e.player),
                    territory=name(e.territory),
                    to=name(e.to),
                    n=e.armies,
                ),
            ),
            _for(
                ev.Capitulated,
                lambda e: fill(
                    "capitulated", player=who(e.player), territory=name(e.territory), n=e.armies
                ),
            ),
            _for(
                ev.CardTaken, lambda e: fill("card_taken", player=who(e.player), loser=who(e.loser))
            ),
            _for(ev.ArmiesLost, lambda e: fill("armies_lost", player=who(e.player), n=e.count)),
            _for(
                ev.BesideBonus,
                lambda e: fill(
                    "beside_bonus",
                    player=who(e.player),
                    n=len(e.territories),
                    places=", ".join(str(name(t)) for t in e.territories),
                ),
            ),
            _for(ev.RewardSetAside, lambda e: fill("reward_set_aside", n=e.count)),
            _for(ev.RewardTaken, lambda e: fill("reward_taken", player=who(e.player), n=e.count)),
            _for(ev.DeckShuffled, lambda e: fill("shuffled", n=e.cards)),
            _for(
                ev.GameWon,
                lambda e: fill(
                    _WON.get(e.reason, "won"), winner=who(e.winner), team=team(e.winner)
                ),
            ),
            _for(
                ev.HandPassed,
                lambda e: fill("hand_passed", player=who(e.player), n=e.count, to=who(e.to)),
            ),
            _for(ev.CapitalSealed, lambda e: fill("capital_sealed", player=who(e.player))),
            _for(
                ev.CapitalAbandoned,
                lambda e: fill(
                    "capital_abandoned", player=who(e.player), territory=name(e.territory)
                ),
            ),
            _for(
                ev.CapitalRevealed,
                lambda e: fill(
                    "capital_revealed", player=who(e.player), territory=name(e.territory)
                ),
            ),
            _for(
                ev.AllyPart, lambda e: fill("ally_" + e.part, player=who(e.player), armies=e.armies)
            ),
            _for(ev.AllyDestroyed, lambda e: fill("ally_destroyed", player=who(e.player))),
            _for(
                ev.CardGiven,
                lambda e: fill(
                    "card_given",
                    player=who(e.player),
                    card=card(e.card),
                    independent=who(e.independent),
                    status=status(e.status),
                ),
            ),
            _for(
                ev.AllyReinforced,
                lambda e: fill(
                    "ally_reinforced",
                    player=who(e.player),
                    independent=who(e.independent),
                    die=e.die,
                ),
            ),
            _for(
                ev.StatusDrifted,
                lambda e: fill(
                    "drift_moved" if e.status != e.previous else "drift_stays",
                    independent=who(e.independent),
                    die=e.die,
                    status=status(e.status),
                ),
            ),
            _for(
                ev.IndependentDestroyed,
                lambda e: fill(
                    "independent_destroyed",
                    player=who(e.player),
                    independent=who(e.independent),
                    n=len(e.cards),
                ),
            ),
            _for(ev.ObjectivesDealt, lambda e: text["objectives_dealt"]),
            _for(ev.MissionsDealt, lambda e: text["missions_dealt"]),
            _for(
                ev.MissionClaimed,
                lambda e: fill(
                    "mission_claimed",
                    player=who(e.player),
                    n=e.count,
                    mission=mission_text(e.mission),
                ),
            ),
            _for(
                ev.MissionShown,
                lambda e: fill(
                    "mission_shown", player=who(e.player), mission=mission_text(e.mission)
                ),
            ),
            _for(
                ev.ObjectiveAchieved,
                lambda e: (
                    fill(
                        "objective_achieved",
                        player=who(e.player),
                        objective=objective_text(e.objective, lang),
                    )
                    + (
                        fill("fell_back", achieved=objective_text(e.achieved, lang))
                        if e.achieved != e.objective
                        else ""
                    )
                ),
            ),
        ]
    )
    line = lines.get(type(event))
    said = line(event) if line else None
    # A line may open with a neutral army's name ("the ally conquers …"), never a player's.
    if said and said.startswith((text["neutral"], text["ally"], text["independent"])):
        return said[:1].upper() + said[1:]
    return said


def reason_line(board: Board, reason: Reason, lang: str = "en") -> str:
    """A bot's reason for its choice (``bots.base.Reason``), in ``lang``."""
    text = LOG_TEXTS.get(lang, LOG_TEXTS["en"])
    if reason.aim == "attacks":
        where: PlaceName = place(board, reason.place, lang)
    elif reason.place:
        continent = board.continents[reason.place]
        where = PlaceName(continent.name_fr if lang == "fr" else continent.name_en)
    else:
        where = PlaceName("")
    said = wording(text[f"reason_{reason.aim}"], lang, place=where, chance=reason.chance)
    return said + (text[f"way_{reason.way}"] if reason.way else "")
