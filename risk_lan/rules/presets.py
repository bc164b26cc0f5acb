"""The presets: each rulebook's way to play, as a named :class:`RuleSet` (``../shared/RULES.md``
0.3). A preset is only options; docs/rules.md gives each one's sources and decisions."""

from __future__ import annotations

from .modes import MODES
from .ruleset import RuleSet

# H-WORLD: the golden-cavalry game of rulebooks 001 and 002, the default (RULES.md Part 3, item 1).
CLASSIC = RuleSet(
    name="classic",
    title="Classic world conquest",
    sources=("001 «Risk La conquête du Monde»", "002"),
)

# C-CLASSIC: rulebook 003 «JEU 2», 3 to 5 players.
CLASSIC_2015 = RuleSet(
    name="classic-2015",
    title="Classic world conquest, 2015 rules",
    max_players=5,
    starting_armies=((3, 35), (4, 30), (5, 25)),
    first_turn="first_placer",
    territory_bonus="once_per_set",
    elimination_trade_at=6,
    card_draw="after_attack",
    sources=("003 «JEU 2 : RISK Classique»",),
)

# A-OBJ: rulebook 000-A's main rule, a secret objective for each player, 3 to 6 players.
MISSION = RuleSet(
    name="mission",
    title="Secret objectives (old rules)",
    distribution="deal_with_jokers",
    min_income=0,
    trade_values="fixed_old",
    territory_bonus="per_card",
    elimination_trade_at=None,
    elimination_trade_optional=True,
    fortification="adjacent",
    card_draw="end_of_turn",
    protect_last_territory_rounds=4,
    victory="objective",
    objective_colours="all",
    objective_kill="own",
    sources=("000-A «BUT DU JEU», «RÈGLE POUR 3 A 6 JOUEURS»",),
)

# A-WORLD: rulebook 000-A «VARIANTE POUR 3 A 6 JOUEURS», world conquest under the old rules: its
# "fundamental provisions are the same" (the deal with jokers, no minimum income, +2 on each
# traded card's territory, the neighbour-only manoeuvre, no elimination before the 5th
# round), with no objectives and the escalating set values, counted across the game.
OLD_WORLD = MISSION.with_options(
    name="old-world",
    title="World conquest (old rules)",
    trade_values="escalating",
    victory="world",
    sources=("000-A «VARIANTE POUR 3 A 6 JOUEURS»",),
)

# B-1: rulebook 000-B «La Conquête du Monde», first rule, 3 to 6 players: territories dealt by
# dice with no starting pool, a card at the start of every turn, sets of one of each symbol
# or a lone joker at escalating values with no territory bonus, three defence dice, no
# forced trade, the eliminator's trade at once, no elimination before the 5th round, and the
# manoeuvre of armies that did not fight, one step.
CONQUETE = RuleSet(
    name="conquete",
    title="La Conquête du Monde",
    starting_armies=((3, 0), (4, 0), (5, 0), (6, 0)),
    distribution="dice",
    first_turn="after_deal",
    min_income=0,
    sets="one_each_or_joker",
    forced_trade_at=None,
    elimination_trade_at=None,
    elimination_trade_optional=True,
    fortification="unfought_steps",
    defender_max_dice=3,
    card_draw="turn_start",
    protect_last_territory_rounds=4,
    sources=("000-B «LA CONQUÊTE DU MONDE», «RÈGLE DU JEU»",),
)

# B-2: rulebook 000-B «VARIANTE deuxième règle»: floor(T/4) armies and T mod 4 cards at the start
# of each turn, in place of the card and floor(T/3); sets start at 6.
CONQUETE_2 = CONQUETE.with_options(
    name="conquete-2",
    title="La Conquête du Monde, deuxième règle",
    income_divisor=4,
    card_draw="by_territories",
    escalation=(6, 8, 10, 12, 15),
    sources=("000-B «VARIANTE deuxième règle»",),
)

# A-2P: rulebook 000-A «RÈGLE POUR 2 JOUEURS»: two players of 40 armies and an ally of 28, two on
# each of the 14 territories left after a deal of 14 each, under the old rules ("the
# fundamental provisions do not change"). The ally gets half of all the player whose turn it
# is gains, placed by the opponent, who may counter-attack with it before the player plays on.
TWO_PLAYER_ALLY = MISSION.with_options(
    name="two-player-ally",
    title="Two players and an allied third force (old rules)",
    min_players=2,
    max_players=2,
    starting_armies=((2, 40),),
    distribution="deal",
    neutral_armies=28,
    neutral_territories=14,
    neutral_stack=2,
    neutral_play="ally",
    victory="world",
    sources=("000-A «RÈGLE POUR 2 JOUEURS»",),
)

# C-SECRET: rulebook 003 «JEU 1», the 2015 rules with a secret mission, 3 to 5 players.
SECRET_MISSION = CLASSIC_2015.with_options(
    name="secret-mission",
    title="Secret mission, 2015 rules",
    distribution="deal",
    first_turn="reroll",
    victory="objective",
    objective_colours="in_play",
    objective_kill="anyone",
    sources=("003 «JEU 1 : RISK Mission secrète»",),
)

# C-CAPITAL: rulebook 003 «JEU 4», the 2015 rules with headquarters, 3 to 5 players.
CAPITAL = CLASSIC_2015.with_options(
    name="capital",
    title="Capital Risk, 2015 rules",
    victory="capitals",
    sources=("003 «JEU 4 : RISK Capitale»",),
)
CAPITAL_SHORT = CAPITAL.with_options(
    name="capital-short",
    title="Capital Risk, shorter game",
    capital_goal="shorter",
)

# C-2P: rulebook 003 «JEU 3», two players and a neutral army, the 2015 rules.
TWO_PLAYER = CLASSIC_2015.with_options(
    name="two-player",
    title="Two players and a neutral army, 2015 rules",
    min_players=2,
    max_players=2,
    starting_armies=((2, 40),),
    distribution="deal",
    neutral_armies=40,
    setup_step=2,
    sources=("003 «JEU 3 : RISK pour 2 joueurs»",),
)

# H-TEAM: two teams seated alternately, the golden-cavalry game otherwise (001 for 4 to 6
# players, 002 for 3 or 4: uneven teams are allowed, RULES.md Part 3, 19a).
TEAM = CLASSIC.with_options(
    name="team",
    title="Team Risk",
    trade_values="fixed_modern",
    victory="team",
    teams=True,
    sources=("001 «Risk PAR ÉQUIPE»", "002 «RISK par équipe»"),
)

# H-2P, passive variant: rulebook 002 «RISK le jeu à 2», «VARIANTE – INDÉPENDANTS PASSIFS»: two
# players and two passive independent armies, the golden-cavalry game otherwise.
TWO_PLAYER_INDEPENDENTS = CLASSIC.with_options(
    name="two-player-independents",
    title="Two players and two passive independents",
    min_players=2,
    max_players=2,
    starting_armies=((2, 36),),
    distribution="deal",
    neutral_armies=24,
    neutrals=2,
    neutral_territories=9,
    neutral_placement="each_step",
    setup_step=3,
    sources=("002 «RISK le jeu à 2», «VARIANTE – INDÉPENDANTS PASSIFS»",),
)

# H-2P, active variant: rulebook 002 «RISK le jeu à 2», «VARIANTE – INDÉPENDANTS ACTIFS», and
# rulebook 001's fragment of its own: the same setup as the passive variant; each independent is
# neutral or a player's ally, which that player reinforces, attacks and manoeuvres with.
TWO_PLAYER_ACTIVE = TWO_PLAYER_INDEPENDENTS.with_options(
    name="two-player-active",
    title="Two players and two active independents",
    neutral_play="active",
    sources=(
        "002 «RISK le jeu à 2», «VARIANTE – INDÉPENDANTS ACTIFS»",
        "001 «4. Combat» (two-player fragment)",
    ),
)

# H-MISSION: rulebook 001 «Risk MISSION»: four secret missions each, one of each rank, claimed
# one a turn at the moment each states; the golden cavalry is not used (the fixed table).
RISK_MISSION = CLASSIC.with_options(
    name="risk-mission",
    title="Risk Mission",
    trade_values="fixed_modern",
    victory="missions",
    sources=("001 «Risk MISSION»",),
)

# G-REVISED: rulebook 004 «LIVRET DE RÈGLES RÉVISÉES», 2 to 5 players: its setup table with the
# neutral and its reward, the cap of 12, the territory table, trades by stars with the
# traded territories' bonuses, continent bonuses placed in or joined to their continent,
# «risques calculés» combat, the end-of-turn movement by points, one card a turn with a
# conquest; world conquest takes the neutral's territories too.
REVISED = RuleSet(
    name="revised",
    title="Revised rules, «risques calculés»",
    min_players=2,
    max_players=5,
    starting_armies=((2, 25), (3, 25), (4, 16), (5, 11)),
    starting_step=1,
    distribution="deal",
    placement_order="last",
    first_turn="first_seat",
    neutral_by_players=((2, 14, 2), (4, 2, 3), (5, 2, 3)),
    neutral_reward=((2, 3), (4, 2), (5, 2)),
    conquer_neutral=True,
    income_table="revised",
    continent_placement=True,
    army_cap=12,
    trade_values="stars",
    territory_bonus="revised",
    forced_trade_at=None,
    elimination_trade_at=None,
    fortification="points",
    combat="calculated",
    sources=("004 «LIVRET DE RÈGLES RÉVISÉES»",),
)

# The same with a secret objective each, met at the end of its holder's own turn; the rulebook
# sells its objective cards apart: rulebook 000-A's 14, those of colours in play (decision 38).
REVISED_OBJECTIVES = REVISED.with_options(
    name="revised-objectives",
    title="Revised rules, secret objectives",
    victory="objective",
    objective_colours="in_play",
    objective_timing="turn_end",
    sources=("004 «LIVRET DE RÈGLES RÉVISÉES», «Objectif secret»", "000-A «BUT DU JEU»"),
)

# «VARIANTE COMBATS : RISQUES CALCULÉS et SOUTIEN»: 1 army of support from each of the
# attacker's territories beside the target holding 2 or more.
REVISED_SUPPORT = REVISED.with_options(
    name="revised-support",
    title="Revised rules, «risques calculés» and support",
    support=True,
    sources=("004 «VARIANTE COMBATS : RISQUES CALCULÉS et SOUTIEN»",),
)

RULESETS: dict[str, RuleSet] = {
    r.name: r
    for r in (
        CLASSIC,
        CLASSIC_2015,
        MISSION,
        OLD_WORLD,
        CONQUETE,
        CONQUETE_2,
        SECRET_MISSION,
        RISK_MISSION,
        CAPITAL,
        CAPITAL_SHORT,
        TWO_PLAYER,
        TWO_PLAYER_INDEPENDENTS,
        TWO_PLAYER_ALLY,
        TWO_PLAYER_ACTIVE,
        TEAM,
        REVISED,
        REVISED_OBJECTIVES,
        REVISED_SUPPORT,
    )
}
# And those a mode brings with it (``ModeRules.presets``), each under a name of its own.
for _brought in (r for m in MODES for r in m.presets):
    if _brought.name in RULESETS:
        raise ValueError(f"two rule sets are called {_brought.name!r}")
    RULESETS[_brought.name] = _brought


def ruleset(name: str) -> RuleSet:
    """A preset by name."""
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}; known: {', '.join(RULESETS)}") from None
