"""Events as one readable line each, in English or French (the rulebooks' own terms)."""

from __future__ import annotations

from collections.abc import Callable

from risk_lan.rules import Game
from risk_lan.rules import events as ev
from risk_lan.rules.objectives import objectives
from risk_lan.rules.teams import friends

_PLACED = {"card_bonus": "bonus", "neutral": "neutral_placed"}
_WON = {"objective": "won_objective", "capitals": "won_capitals", "team": "won_team"}


def objective_text(objective: str, lang: str) -> str:
    card = objectives().get(objective)
    return card.text(lang) if card else objective


_TEXT = {
    "en": {
        "order": "{winner} rolls highest and {what}.",
        "first_placer": "places first",
        "first_turn": "plays first",
        "dealt": "Territories dealt: {counts}.",
        "setup": "Setup done: {counts}. {first} opens the game.",
        "turn": "— Turn {turn} (round {round}): {player} holds {territories} territories"
        " and receives {income} armies{continents}.",
        "continents": " (continents: {names})",
        "trade": "{player} trades {cards} for {armies} armies (set #{n}).",
        "placed": "{player} places {count} on {territory}.",
        "neutral_placed": "{player} places a neutral army on {territory}.",
        "neutral": "the neutral army",
        "bonus": "{player} puts the {count}-army card bonus on {territory}.",
        "battle": "  {source} ({adice}) attacks {target} ({ddice}): "
        "attacker loses {al}, defender loses {dl}.",
        "stopped": "  {player} stops attacking {target}.",
        "conquered": "{player} conquers {territory} from {previous}.",
        "moved_in": "  {total} armies move into {target}.",
        "eliminated": "{player} is eliminated by {by}, who takes {n} cards.",
        "fortified": "{player} moves {count} armies from {source} to {target}.",
        "card": "{player} draws a card.",
        "no_card": "No card left for {player}.",
        "shuffled": "The {n} cards are shuffled.",
        "won": "*** {winner} wins: the world is conquered. ***",
        "won_objective": "*** {winner} wins: objective achieved. ***",
        "objectives_dealt": "Each player is dealt a secret objective.",
        "objective_achieved": "{player} shows the objective: {objective}",
        "fell_back": " (it became: {achieved})",
        "won_capitals": "*** {winner} wins: the headquarters are taken. ***",
        "capital_sealed": "{player} chooses a headquarters, sealed.",
        "capital_revealed": "{player}'s headquarters: {territory}.",
        "capital_abandoned": "{player} leaves its seal unopened: chance picks {territory}.",
        "won_team": "*** {team} win: the other team has lost a player. ***",
        "and": " and ",
        "hand_passed": "{player} passes the team's cards ({n}) to {to}.",
    },
    "fr": {
        "order": "{winner} fait le plus haut dé et {what}.",
        "first_placer": "place en premier",
        "first_turn": "joue en premier",
        "dealt": "Territoires distribués : {counts}.",
        "setup": "Mise en place terminée : {counts}. {first} commence.",
        "turn": "— Tour {turn} (manche {round}) : {player} contrôle {territories} territoires"
        " et reçoit {income} renforts{continents}.",
        "continents": " (continents : {names})",
        "trade": "{player} échange {cards} contre {armies} régiments (série n° {n}).",
        "placed": "{player} place {count} régiments sur {territory}.",
        "neutral_placed": "{player} place un régiment neutre sur {territory}.",
        "neutral": "l'armée neutre",
        "bonus": "{player} place le bonus de {count} régiments sur {territory}.",
        "battle": "  {source} ({adice}) attaque {target} ({ddice}) : "
        "l'attaquant perd {al}, le défenseur perd {dl}.",
        "stopped": "  {player} cesse d'attaquer {target}.",
        "conquered": "{player} conquiert {territory} sur {previous}.",
        "moved_in": "  {total} régiments entrent en {target}.",
        "eliminated": "{player} est éliminé par {by}, qui prend ses {n} cartes.",
        "fortified": "Manœuvre stratégique : {player} déplace {count} régiments de {source}"
        " vers {target}.",
        "card": "{player} pioche une carte Territoire.",
        "no_card": "Plus de carte pour {player}.",
        "shuffled": "Les {n} cartes sont mélangées.",
        "won": "*** {winner} a conquis le monde ! ***",
        "won_objective": "*** {winner} a atteint son objectif ! ***",
        "objectives_dealt": "Chaque joueur reçoit un objectif secret.",
        "objective_achieved": "{player} révèle son objectif : {objective}",
        "fell_back": " (devenu : {achieved})",
        "won_capitals": "*** {winner} a pris les Quartiers généraux ! ***",
        "capital_sealed": "{player} choisit son Quartier général, sous scellé.",
        "capital_revealed": "Quartier général de {player} : {territory}.",
        "capital_abandoned": "{player} laisse son choix scellé : le sort désigne {territory}.",
        "won_team": "*** {team} gagnent : l'autre équipe a perdu un joueur ! ***",
        "and": " et ",
        "hand_passed": "{player} passe les cartes de l'équipe ({n}) à {to}.",
    },
}


def narrate(
    game: Game, event: ev.Event, lang: str = "en", names: dict[str, str] | None = None
) -> str | None:
    """One line for ``event``, or None for events not worth a line (setup placements).
    ``names`` gives players' names to show instead of their seats."""
    text = _TEXT.get(lang, _TEXT["en"])
    board = game.board

    def who(player: str) -> str:
        neutrals = game.state.neutrals
        if player in neutrals:
            # Several neutral armies are told apart by their number.
            return text["neutral"] + (f" {neutrals.index(player) + 1}" if len(neutrals) > 1 else "")
        return names.get(player, player) if names else player

    def name(t: str) -> str:
        return board.name(t, lang)

    def counts() -> str:
        s = game.state
        return ", ".join(f"{who(p)} {s.count(p)}" for p in [*s.players, *s.neutrals])

    def team(player: str) -> str:
        mates = [p for p in game.state.players if friends(game.state, p, player)]
        return text["and"].join(who(p) for p in mates)

    def dice(values: tuple[int, ...]) -> str:
        return " ".join(map(str, values))

    def card(c: str) -> str:
        return "joker" if c.startswith("joker") else name(c)

    lines: dict[type, Callable[[ev.Event], str | None]] = {
        ev.OrderRolled: lambda e: text["order"].format(winner=who(e.winner), what=text[e.purpose]),
        ev.TerritoriesDealt: lambda e: text["dealt"].format(counts=counts()),
        ev.SetupFinished: lambda e: text["setup"].format(
            counts=counts(), first=who(e.first_player)
        ),
        ev.TurnStarted: lambda e: text["turn"].format(
            turn=e.turn,
            round=e.round,
            player=who(e.player),
            territories=e.territories,
            income=e.income,
            continents=text["continents"].format(
                names=", ".join(
                    board.continents[c].name_fr if lang == "fr" else board.continents[c].name_en
                    for c in e.continents
                )
            )
            if e.continents
            else "",
        ),
        ev.CardsTraded: lambda e: text["trade"].format(
            player=who(e.player),
            cards=", ".join(card(c) for c in e.cards),
            armies=e.armies,
            n=e.set_number,
        ),
        ev.Placed: lambda e: (
            None
            if e.reason in ("claim", "setup")
            else text[_PLACED.get(e.reason, "placed")].format(
                player=who(e.player), count=e.count, territory=name(e.territory)
            )
        ),
        ev.BattleRolled: lambda e: text["battle"].format(
            source=name(e.source),
            target=name(e.target),
            adice=dice(e.attacker_dice),
            ddice=dice(e.defender_dice),
            al=e.attacker_losses,
            dl=e.defender_losses,
        ),
        ev.AttackStopped: lambda e: text["stopped"].format(
            player=who(game.current_player), target=name(e.target)
        ),
        ev.Conquered: lambda e: text["conquered"].format(
            player=who(e.player), territory=name(e.territory), previous=who(e.previous_owner)
        ),
        ev.MovedIn: lambda e: text["moved_in"].format(total=e.total, target=name(e.target)),
        ev.PlayerEliminated: lambda e: text["eliminated"].format(
            player=who(e.player), by=who(e.by), n=e.card_count
        ),
        ev.Fortified: lambda e: text["fortified"].format(
            player=who(e.player), count=e.count, source=name(e.source), target=name(e.target)
        ),
        ev.CardDrawn: lambda e: text["card"].format(player=who(e.player)),
        ev.NoCardLeft: lambda e: text["no_card"].format(player=who(e.player)),
        ev.DeckShuffled: lambda e: text["shuffled"].format(n=e.cards),
        ev.GameWon: lambda e: text[_WON.get(e.reason, "won")].format(
            winner=who(e.winner), team=team(e.winner)
        ),
        ev.HandPassed: lambda e: text["hand_passed"].format(
            player=who(e.player), n=e.count, to=who(e.to)
        ),
        ev.CapitalSealed: lambda e: text["capital_sealed"].format(player=who(e.player)),
        ev.CapitalAbandoned: lambda e: text["capital_abandoned"].format(
            player=who(e.player), territory=name(e.territory)
        ),
        ev.CapitalRevealed: lambda e: text["capital_revealed"].format(
            player=who(e.player), territory=name(e.territory)
        ),
        ev.ObjectivesDealt: lambda e: text["objectives_dealt"],
        ev.ObjectiveAchieved: lambda e: (
            text["objective_achieved"].format(
                player=who(e.player), objective=objective_text(e.objective, lang)
            )
            + (
                text["fell_back"].format(achieved=objective_text(e.achieved, lang))
                if e.achieved != e.objective
                else ""
            )
        ),
    }
    line = lines.get(type(event))
    return line(event) if line else None
