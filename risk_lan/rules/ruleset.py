"""Rule sets: every difference between the rulebooks is an option here, not a branch of code.

A :class:`RuleSet` is plain data. The engine reads its options; presets name the bundles the
rulebooks describe (``../shared/RULES.md`` 0.3). Options and the decisions behind their
defaults are explained in ``docs/rules.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cache
from typing import Any, TypeVar

DISTRIBUTIONS = ("claim", "deal", "deal_with_jokers", "dice")
FIRST_TURNS = ("reroll", "first_placer", "after_deal", "first_seat")
PLACEMENT_ORDERS = ("first", "last")
SET_RULES = ("standard", "one_each_or_joker")
TRADE_VALUES = ("escalating", "fixed_modern", "fixed_old", "stars")
TERRITORY_BONUSES = ("none", "per_card", "once_per_set", "revised")
FORTIFICATIONS = ("connected", "adjacent", "unfought_steps", "points")
CARD_DRAWS = ("end_of_turn", "after_attack", "turn_start", "by_territories")
VICTORIES = ("world", "objective", "capitals", "team", "missions")
CAPITAL_GOALS = ("all", "shorter")
OBJECTIVE_COLOURS = ("all", "in_play")
OBJECTIVE_KILLS = ("own", "anyone")
NEUTRAL_PLACEMENTS = ("after_own", "each_step")
NEUTRAL_PLAYS = ("passive", "ally", "active")
INCOME_TABLES = ("divisor", "revised")
COMBATS = ("dice", "calculated")
OBJECTIVE_TIMINGS = ("any", "turn_end")


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The options of one way to play. See docs/rules.md for each option's sources."""

    name: str
    title: str = ""
    min_players: int = 3
    max_players: int = 6
    # Starting armies by number of players, as (players, armies) pairs.
    starting_armies: tuple[tuple[int, int], ...] = ((3, 35), (4, 30), (5, 25), (6, 20))
    # "claim": in turn, one army on an empty territory (D2); "deal": the shuffled territory
    # cards are dealt out, one army on each (D1); "deal_with_jokers": the same with the
    # jokers left in, a joker giving no territory (000-A). The rest is then placed one at a
    # time. "dice": in turn, each player rolls a die and takes that many cards from the
    # shuffled pile, one army on each, until none is left; no army is left to place, so
    # starting_armies are 0 (000-B «LA DISTRIBUTION DES TERRITOIRES», D3).
    distribution: str = "claim"
    # Each seat after the first, in the order of play, starts with this many more armies than
    # the one before (1 in rulebook 004: 25, 26, 27).
    starting_step: int = 0
    # Who places the starting armies first: the first player, then to the left ("first"),
    # or the last in the order of play, then to the right ("last", rulebook 004).
    placement_order: str = "first"
    # A neutral army (two-player games): its starting armies (0: none). It gets an equal pile
    # of the dealt territories; the players place the rest of its armies, 1 at a time, once
    # their own are placed. It never attacks nor reinforces; the opponent rolls its defence.
    neutral_armies: int = 0
    # How many neutral armies (two independents in rulebook 002's two-player game), and each
    # one's pile of the deal (0: an equal share with the players; 9 in rulebook 002).
    neutrals: int = 1
    neutral_territories: int = 0
    # When the neutral armies' starting armies are placed: once the players' own are all
    # placed, 1 at a time ("after_own", 003 «JEU 3»), or at each step of a player's, 1 for
    # each neutral army on one of its territories, after its own ("each_step", 002).
    neutral_placement: str = "after_own"
    # Armies on each territory dealt to a neutral army: 1, or 2 for 000-A's ally, whose 28
    # armies are its 14 territories' two each.
    neutral_stack: int = 1
    # Rulebook 004's neutral, by the number of players, as (players, territories, armies on
    # each); no neutral for a count not listed. When given, it stands for neutral_armies,
    # neutral_territories and neutral_stack.
    neutral_by_players: tuple[tuple[int, int, int], ...] = ()
    # Cards set aside face down once the pile is made, by the number of players, for whoever
    # takes the neutral's last territory (004: 3 with 2 players, 2 with 4 or 5).
    neutral_reward: tuple[tuple[int, int], ...] = ()
    # World conquest takes the neutral armies' territories too (004).
    conquer_neutral: bool = False
    # What a neutral army does in play: nothing ("passive"), or ("ally", 000-A «RÈGLE POUR 2
    # JOUEURS») it gets half of what the player whose turn it is gains, and in the middle of
    # that turn the opponent places it and may counter-attack with it; or ("active", 001/002
    # «INDÉPENDANTS ACTIFS») each is neutral or a player's ally, swayed by cards given to it
    # and drifting away after offensives, and the player it is allied to plays it.
    neutral_play: str = "passive"
    # Armies a player places at each step of the setup after the deal (on 1 or more of its
    # territories): 1, or 2 in the two-player game (003 «JEU 3» 4).
    setup_step: int = 1
    # "reroll": roll again for the first turn after setup (rulebooks 001/002);
    # "first_placer": whoever placed first plays first (rulebook 003 Classic); "after_deal": the
    # player after the one who took the last territory (000-B, with the "dice" deal).
    first_turn: str = "reroll"
    income_divisor: int = 3
    min_income: int = 3
    # "divisor": territories // income_divisor, at least min_income (000–003); "revised": 3,
    # plus 1 for each step of three from 12 territories, 9 at 36–39 and 10 at 40–42 (004
    # «1) CONTRÔLE DE TERRITOIRES»).
    income_table: str = "divisor"
    # Continent bonuses placed anywhere (False), or only in the continent or on a territory
    # joined to it through the player's own (004 «4) CONTRÔLE DE CONTINENTS»).
    continent_placement: bool = False
    # The most armies a territory holds (0: no limit; 12 in rulebook 004): a placement or a move
    # past it is refused, and reinforcements that fit nowhere are lost.
    army_cap: int = 0
    # "escalating", or a fixed table by symbol ("fixed_modern", "fixed_old"), or ("stars",
    # 004) any cards showing 2 to 10 stars in all, once a turn, for that many stars' armies.
    trade_values: str = "escalating"
    escalation: tuple[int, ...] = (4, 6, 8, 10, 12, 15)
    escalation_step: int = 5
    # Which cards make a set at escalating values (a fixed table lists its own): "standard",
    # three of one symbol, one of each, or two cards and a joker (000-A, 001–003);
    # "one_each_or_joker", one of each symbol, or a joker alone (000-B «CARTES», RULES.md
    # Part 3 item 11).
    sets: str = "standard"
    # "per_card": +N on each traded card's territory the player holds (000-A);
    # "once_per_set": +N once, on one such territory of the player's choice (003);
    # "revised" (004 «3) CARTES TERRITOIRES ÉCHANGÉES»): +2 on each traded card's territory the
    # player holds, and +1 for each one beside a territory of the player's by land, to place
    # on one such territory.
    territory_bonus: str = "none"
    territory_bonus_armies: int = 2
    # A hand this large at the start of the turn must trade one set first (None: never).
    forced_trade_at: int | None = 5
    # After an elimination, a hand this large must trade at once down to 4 cards or fewer
    # (None: no forced trade). With elimination_trade_optional the conqueror may trade then.
    elimination_trade_at: int | None = 5
    elimination_trade_optional: bool = False
    # "connected": one move through own territories (F2); "adjacent": one move to a
    # neighbour (F1); "unfought_steps": any number of one-step moves of armies that did not
    # fight this turn (F3); "points": half the territories held, in points, each army moved
    # one step costing 1 by land and 2 by sea (004 «DÉPLACEMENTS DE FIN DE TOUR»).
    fortification: str = "connected"
    # "dice": dice against dice (000–003); "calculated": rulebook 004's «RISQUES CALCULÉS», each
    # side commits armies and adds two dice and its card bonus, the higher total winning.
    combat: str = "dice"
    # With "calculated": the attacker may add 1 army from each of its territories beside the
    # target that holds 2 or more (004 «RISQUES CALCULÉS et SOUTIEN»).
    support: bool = False
    attacker_max_dice: int = 3
    defender_max_dice: int = 2
    # When the turn's card is drawn: after fortifying, with a conquest (000-A, 001/002); when
    # the attack phase ends, with a conquest (003); at the start of every turn, conquest or
    # not ("turn_start", 000-B); or at the start of every turn, one card for each territory
    # beyond a multiple of income_divisor ("by_territories", 000-B «deuxième règle»).
    card_draw: str = "end_of_turn"
    # During rounds 1..N no attack may target a player's last territory (000-A/B).
    protect_last_territory_rounds: int = 0
    # "world": hold every territory; "objective": achieve one's secret objective (dealt at
    # the start), or hold every territory; "missions": claim all four of one's secret missions
    # (Risk Mission), or hold every territory.
    victory: str = "world"
    # Which "destroy colour X" objectives are dealt: "all" six (000-A), or only those of the
    # colours in play ("in_play", 003).
    objective_colours: str = "all"
    # When someone else eliminates X: "own", the objective becomes 24 territories (000-A's
    # cards); "anyone", it is achieved all the same (003).
    objective_kill: str = "own"
    # When an objective wins: as soon as it holds, on any turn ("any", 000-A, 003), or when
    # its holder ends its own turn with it met ("turn_end", 004; RULES.md Part 3, item 15).
    objective_timing: str = "any"
    # With victory "capitals": hold every other headquarters ("all"), or 2 of them with 4
    # players and 3 with 5 ("shorter", 003 «JEU 4»), and one's own.
    capital_goal: str = "all"
    # Two teams seated alternately (001/002 «par équipe»): teammates share one hand of cards,
    # never attack each other, fortify through and into each other's territories, and may
    # share a territory, controlled by whoever has most armies there. Goes with victory
    # "team": the first team to eliminate a player of the other wins.
    teams: bool = False
    sources: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"rule option {name} must be one of {allowed}")
        for broken, message in _CONSISTENCY:
            if broken(self):
                raise ValueError(message if isinstance(message, str) else message(self))

    def players_text(self) -> str:
        """ "3 to 6 players", or "2 players" when only one count is allowed."""
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players} to {self.max_players} players"

    def starting_armies_for(self, players: int) -> int:
        return dict(self.starting_armies)[players]

    def with_options(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated like any rule set)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        data = dict(_as_plain_data(self))
        for name in _PAIRS:
            data[name] = [list(p) for p in getattr(self, name)]
        data["escalation"] = list(self.escalation)
        data["sources"] = list(self.sources)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule options: {sorted(unknown)}")
        values = dict(data)
        for name in _PAIRS:
            if name in values:
                values[name] = tuple(tuple(p) for p in values[name])
        for name in ("escalation", "sources"):
            if name in values:
                values[name] = tuple(values[name])
        return cls(**values)


# The options that take one of a few words, and the words each takes.
_CHOICES: dict[str, tuple[str, ...]] = {
    "distribution": DISTRIBUTIONS,
    "first_turn": FIRST_TURNS,
    "sets": SET_RULES,
    "trade_values": TRADE_VALUES,
    "territory_bonus": TERRITORY_BONUSES,
    "fortification": FORTIFICATIONS,
    "card_draw": CARD_DRAWS,
    "victory": VICTORIES,
    "objective_colours": OBJECTIVE_COLOURS,
    "objective_kill": OBJECTIVE_KILLS,
    "capital_goal": CAPITAL_GOALS,
    "neutral_placement": NEUTRAL_PLACEMENTS,
    "neutral_play": NEUTRAL_PLAYS,
    "income_table": INCOME_TABLES,
    "placement_order": PLACEMENT_ORDERS,
    "combat": COMBATS,
    "objective_timing": OBJECTIVE_TIMINGS,
}


def _missing_armies(r: RuleSet) -> list[int]:
    armies = dict(r.starting_armies)
    return [n for n in range(r.min_players, r.max_players + 1) if n not in armies]


def _stars_mismatch(r: RuleSet) -> bool:
    stars = r.trade_values == "stars"
    return (r.territory_bonus == "revised") != stars and r.territory_bonus != "none"


# What a rule set may not be, in the order it is checked (the first broken rule is the one
# reported): when the options are broken, and what to say (or how to say it).
_CONSISTENCY: tuple[tuple[Callable[[RuleSet], object], str | Callable[[RuleSet], str]], ...] = (
    (
        lambda r: not 2 <= r.min_players <= r.max_players,
        "player counts must satisfy 2 <= min_players <= max_players",
    ),
    (_missing_armies, lambda r: f"no starting armies given for {_missing_armies(r)} players"),
    (
        lambda r: (r.distribution == "dice") != (r.first_turn == "after_deal"),
        'the "dice" deal and the "after_deal" first turn go together',
    ),
    (
        lambda r: r.distribution == "dice" and any(dict(r.starting_armies).values()),
        'the "dice" deal leaves no starting army to place: give 0',
    ),
    (
        lambda r: r.income_divisor < 1 or r.min_income < 0,
        "income_divisor must be >= 1 and min_income >= 0",
    ),
    (
        lambda r: not r.escalation or r.escalation_step < 0,
        "escalation needs at least one value and a step >= 0",
    ),
    (
        lambda r: not r.attacker_max_dice >= 1 or not r.defender_max_dice >= 1,
        "each side rolls at least one die",
    ),
    (
        lambda r: r.forced_trade_at is not None and r.forced_trade_at < 3,
        "forced_trade_at must be None or >= 3",
    ),
    # After an elimination the hand is traded down to 4 cards or fewer, so a lower threshold
    # would open a window with nothing owed.
    (
        lambda r: r.elimination_trade_at is not None and r.elimination_trade_at < 5,
        "elimination_trade_at must be None or >= 5",
    ),
    (
        lambda r: r.neutral_armies < 0 or r.setup_step < 1,
        "neutral_armies must be >= 0 and setup_step >= 1",
    ),
    (
        lambda r: not 1 <= r.neutrals <= 4 or r.neutral_territories < 0,
        "1 to 4 neutral armies, each dealt 0 (an equal share) or more",
    ),
    (
        lambda r: r.neutral_armies and r.distribution == "claim",
        "a neutral army needs the territories dealt, not claimed",
    ),
    (
        lambda r: r.teams != (r.victory == "team"),
        'team rules and the "team" victory go together',
    ),
    (lambda r: r.teams and r.min_players < 3, "team rules need 3 or more players"),
    (
        lambda r: r.support and r.combat != "calculated",
        'support goes with the "calculated" combat',
    ),
    (lambda r: r.starting_step < 0, "starting_step must be >= 0"),
    (
        lambda r: r.neutral_by_players and (r.neutral_armies or r.distribution != "deal"),
        "neutral_by_players goes with the deal, instead of neutral_armies",
    ),
    (
        lambda r: r.army_cap < 0 or 0 < r.army_cap < 2,
        "army_cap must be 0 (no limit) or at least 2",
    ),
    (lambda r: r.neutral_stack < 1, "neutral_stack must be >= 1"),
    (
        lambda r: (
            r.neutral_play == "ally"
            and (r.max_players != 2 or r.neutrals != 1 or not r.neutral_armies)
        ),
        "the ally is one neutral army in a two-player game",
    ),
    (
        lambda r: r.neutral_play == "active" and (r.max_players != 2 or not r.neutral_armies),
        "active independents are neutral armies in a two-player game",
    ),
    (_stars_mismatch, 'the "revised" territory bonus goes with the "stars" trades'),
    (
        lambda r: (
            r.trade_values == "stars"
            and (r.forced_trade_at is not None or r.elimination_trade_at is not None)
        ),
        '"stars" trades are never forced: give forced_trade_at and elimination_trade_at None',
    ),
    (lambda r: r.territory_bonus_armies < 0, "territory_bonus_armies must be >= 0"),
)


# The options that are tables of tuples (lists of lists in the dict form).
_PAIRS = ("starting_armies", "neutral_by_players", "neutral_reward")


@cache
def _as_plain_data(rules: RuleSet) -> dict[str, Any]:
    # Every view a player is sent carries its rule set: work it out once per rule set.
    data = asdict(rules)
    for name in _PAIRS:
        data[name] = [list(p) for p in getattr(rules, name)]
    data["escalation"] = list(rules.escalation)
    data["sources"] = list(rules.sources)
    return data


def per_rule_set(work: Callable[[RuleSet], T]) -> Callable[[RuleSet], T]:
    """``work(rules)``, worked out once per rule set and kept (by identity: a rule set is
    immutable, and few are alive; hashing one would cost more than the lookups it saves on
    every move)."""
    kept: dict[int, tuple[RuleSet, T]] = {}
    # The last rule set asked for, with its answer, in one tuple (so that a thread reading
    # it while another replaces it sees one pair or the other, never half of each): a
    # process plays one rule set at a time, and this answers it without hashing.
    last: tuple[RuleSet, T] | None = None

    def once(rules: RuleSet) -> T:
        nonlocal last
        pair = last
        if pair is not None and pair[0] is rules:
            return pair[1]
        found = kept.get(id(rules))
        if found is None or found[0] is not rules:
            if len(kept) >= 64:
                kept.clear()
            found = kept[id(rules)] = (rules, work(rules))
        last = found
        return found[1]

    return once
