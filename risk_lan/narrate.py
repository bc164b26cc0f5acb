"""Events as one readable line each, in English or French (the rulebooks' own terms)."""

from __future__ import annotations

from collections.abc import Callable

from risk_lan.rules import Game, missions
from risk_lan.rules import events as ev
from risk_lan.rules.objectives import objectives
from risk_lan.rules.teams import friends
from risk_lan.wording import Place, place, wording

_PLACED = {"card_bonus": "bonus", "neutral": "neutral_placed", "ally": "ally_placed"}
_WON = {
    "objective": "won_objective",
    "capitals": "won_capitals",
    "team": "won_team",
    "missions": "won_missions",
}


def objective_text(objective: str, lang: str) -> str:
    card = objectives().get(objective)
    return card.text(lang) if card else objective


_TEXT = {
    "en": {
        "order": "{winner} rolls highest and {what}.",
        "first_placer": "places first",
        "first_taker": "is the first to take territories",
        "first_seat": "is the first player; the last places first",
        "first_turn": "plays first",
        "dealt": "Territories dealt: {counts}.",
        "deal_rolled": "The deal by dice: {rolls}.",
        "setup": "Setup done: {counts}. {first} opens the game.",
        "turn": "— Turn {turn} (round {round}): {player} holds {territories}"
        " {territories:territory|territories} and receives {income}"
        " {income:army|armies}{continents}.",
        "continents": " (continents: {names})",
        "trade": "{player} trades {cards} for {armies} {armies:army|armies} (set #{n}).",
        "placed": "{player} places {count} {count:army|armies} on {territory}.",
        "neutral_placed": "{player} places a neutral army on {territory}.",
        "neutral": "the neutral army",
        "ally": "the ally",
        "ally_placed": "{player} places {count} {count:army|armies} for the ally on {territory}.",
        "ally_ally": "{player} takes the ally, with {armies} {armies:army|armies} to place,"
        " and may counter-attack.",
        "ally_passed": "The ally has nothing to place and no attack to make.",
        "ally_again": "{player} plays on: attacks or a move.",
        "ally_destroyed": "{player} destroys the ally: the game goes on between the two players.",
        "independent": "independent",
        "status_neutral": "neutral",
        "status_ally": "{player}'s ally",
        "card_given": "{player} gives {card} to {independent}, now {status}.",
        "ally_reinforced": "{player} rolls a die for its ally {independent}:"
        " {die} {die:army|armies} to place.",
        "drift_moved": "Drift die for {independent}: {die}. It is now {status}.",
        "drift_stays": "Drift die for {independent}: {die}. It stays {status}.",
        "independent_destroyed": "{player} destroys {independent} and takes"
        " {n:no card|its card|its {n} cards}.",
        "bonus": "{player} puts the {count}-army card bonus on {territory}.",
        "battle": "  {source} ({adice}) attacks {target} ({ddice}): "
        "attacker loses {al}, defender loses {dl}.",
        "stopped": "  {player} stops attacking {target}.",
        "conquered": "{player} conquers {territory} from {previous}.",
        "moved_in": "  {total} {total:army moves|armies move} into {target}.",
        "eliminated": "{player} is eliminated by {by}, who takes {n:no card|1 card|{n} cards}.",
        "fortified": "{player} moves {count} {count:army|armies} from {source} to {target}.",
        "card": "{player} draws a card.",
        "no_card": "No card left for {player}.",
        "committed": "{player} commits {armies} {armies:army|armies} from {source} on"
        " {target}{bonus}.",
        "card_bonus": " (+2, its card laid)",
        "answered": "{player} answers with {armies} {armies:army|armies}{bonus}.",
        "calculated": "  {source} {atotal} against {target} {dtotal}: attacker loses {al},"
        " defender loses {dl}.",
        "retreated": "{player} retreats from {territory} to {to} with {n} {n:army|armies}.",
        "capitulated": "{player} gives {territory} up, its {n} {n:army|armies} back to reserve.",
        "card_taken": "{player} takes a card from {loser} at random.",
        "armies_lost": "{player} loses {n} {n:reinforcement|reinforcements}: no territory of"
        " theirs holds more than 12.",
        "reward_set_aside": "{n} {n:card is|cards are} set aside for whoever takes the"
        " neutral's last territory.",
        "reward_taken": "{player} takes the neutral's last territory, and the {n} {n:card|cards}"
        " set aside.",
        "shuffled": "{n:No card to shuffle|The card is shuffled|The {n} cards are shuffled}.",
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
        "won_missions": "*** {winner} wins: all four missions are accomplished. ***",
        "missions_dealt": "Each player is dealt four secret missions, one of each rank.",
        "mission_claimed": "{player} claims a mission ({n} of 4): {mission}",
        "mission_shown": "{player}'s fourth mission is shown: {mission}",
        "and": " and ",
        "hand_passed": "{player} passes the team's cards ({n}) to {to}.",
    },
    "fr": {
        "order": "{winner} fait le plus haut dé et {what}.",
        "first_placer": "place en premier",
        "first_taker": "prend ses territoires le premier",
        "first_seat": "est le premier joueur ; le dernier place en premier",
        "first_turn": "joue en premier",
        "dealt": "Territoires distribués : {counts}.",
        "deal_rolled": "La distribution aux dés : {rolls}.",
        "setup": "Mise en place terminée : {counts}. {first} commence.",
        "turn": "— Tour {turn} (manche {round}) : {player} contrôle {territories}"
        " {territories:territoire|territoires}"
        " et reçoit {income} {income:renfort|renforts}{continents}.",
        "continents": " (continents : {names})",
        "trade": "{player} échange {cards} contre {armies} {armies:régiment|régiments}"
        " (série n° {n}).",
        "placed": "{player} place {count} {count:régiment|régiments} sur {territory:le}.",
        "neutral_placed": "{player} place un régiment neutre sur {territory:le}.",
        "neutral": "l'armée neutre",
        "ally": "l'allié",
        "ally_placed": "{player} place {count} {count:régiment|régiments} de l'allié"
        " sur {territory:le}.",
        "ally_ally": "{player} prend l'allié, avec {armies} {armies:régiment|régiments} à placer,"
        " et peut contre-attaquer.",
        "ally_passed": "L'allié n'a rien à placer ni personne à attaquer.",
        "ally_again": "{player} reprend la main : attaques ou déplacement.",
        "ally_destroyed": "{player} détruit l'allié : la partie continue entre les deux joueurs.",
        "independent": "l'indépendant",
        "status_neutral": "neutre",
        "status_ally": "allié {player:du}",
        "card_given": "{player} donne {card} à {independent}, désormais {status}.",
        "ally_reinforced": "{player} lance un dé pour son allié {independent} :"
        " {die} {die:régiment|régiments} à placer.",
        "drift_moved": "Dé de revirement pour {independent} : {die}. Désormais {status}.",
        "drift_stays": "Dé de revirement pour {independent} : {die}. Il reste {status}.",
        "independent_destroyed": "{player} détruit {independent} et prend"
        " {n:aucune carte|sa carte|ses {n} cartes}.",
        "bonus": "{player} place le bonus de {count} {count:régiment|régiments}"
        " sur {territory:le}.",
        "battle": "  {source:Le} ({adice}) attaque {target:le} ({ddice}) : "
        "l'attaquant perd {al}, le défenseur perd {dl}.",
        "stopped": "  {player} cesse d'attaquer {target:le}.",
        "conquered": "{player} conquiert {territory:le} sur {previous}.",
        "moved_in": "  {total} {total:régiment occupe|régiments occupent} {target:le}.",
        "eliminated": "{player} est éliminé par {by},"
        " {n:qui ne prend aucune carte|qui prend sa carte|qui prend ses {n} cartes}.",
        "fortified": "Manœuvre stratégique : {player} déplace {count} {count:régiment|régiments}"
        " {source:du} vers {target:le}.",
        "card": "{player} pioche une carte Territoire.",
        "no_card": "Plus de carte pour {player}.",
        "committed": "{player} engage {armies} {armies:régiment|régiments} {source:du} sur"
        " {target:le}{bonus}.",
        "card_bonus": " (+2, sa carte posée)",
        "answered": "{player} répond avec {armies} {armies:régiment|régiments}{bonus}.",
        "calculated": "  {source} {atotal} contre {target} {dtotal} : l'attaquant perd {al},"
        " le défenseur perd {dl}.",
        "retreated": "{player} bat en retraite {territory:du} vers {to:le} avec {n}"
        " {n:régiment|régiments}.",
        "capitulated": "{player} capitule sur {territory:le}, ses {n} {n:régiment|régiments}"
        " remis en réserve.",
        "card_taken": "{player} prend une carte au hasard à {loser}.",
        "armies_lost": "{player} perd {n} {n:renfort|renforts} : aucun de ses territoires ne"
        " tient plus de 12 régiments.",
        "reward_set_aside": "{n} {n:carte est mise|cartes sont mises} de côté pour qui prendra"
        " le dernier territoire neutre.",
        "reward_taken": "{player} prend le dernier territoire neutre, et {n:la carte mise|les"
        " {n} cartes mises} de côté.",
        "shuffled": "{n:Aucune carte à mélanger|La carte est mélangée|"
        "Les {n} cartes sont mélangées}.",
        "won": "*** {winner} a conquis le monde ! ***",
        "won_objective": "*** {winner} a atteint son objectif ! ***",
        "objectives_dealt": "Chaque joueur reçoit un objectif secret.",
        "objective_achieved": "{player} révèle son objectif : {objective}",
        "fell_back": " (devenu : {achieved})",
        "won_capitals": "*** {winner} a pris les Quartiers généraux ! ***",
        "capital_sealed": "{player} choisit son Quartier général, sous scellé.",
        "capital_revealed": "Quartier général {player:du} : {territory:le}.",
        "capital_abandoned": "{player} laisse son choix scellé : le sort désigne {territory:le}.",
        "won_team": "*** {team} gagnent : l'autre équipe a perdu un joueur ! ***",
        "won_missions": "*** {winner} a accompli ses quatre missions ! ***",
        "missions_dealt": "Chaque joueur reçoit quatre missions secrètes, une de chaque grade.",
        "mission_claimed": "{player} annonce une mission ({n} sur 4) : {mission}",
        "mission_shown": "Quatrième mission {player:du}, dévoilée : {mission}",
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
        if player in neutrals and game.rules.neutral_play == "ally":
            return text["ally"]
        if player in neutrals:
            # Several neutral armies are told apart by their number.
            kind = text["independent" if game.rules.neutral_play == "active" else "neutral"]
            return kind + (f" {neutrals.index(player) + 1}" if len(neutrals) > 1 else "")
        return names.get(player, player) if names else player

    def name(t: str) -> Place:
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

    lines: dict[type, Callable[[ev.Event], str | None]] = {
        ev.OrderRolled: lambda e: fill("order", winner=who(e.winner), what=text[e.purpose]),
        ev.DealRolled: lambda e: fill(
            "deal_rolled", rolls=", ".join(f"{who(p)} {points}" for p, points in e.rolls)
        ),
        ev.TerritoriesDealt: lambda e: fill("dealt", counts=counts()),
        ev.SetupFinished: lambda e: fill("setup", counts=counts(), first=who(e.first_player)),
        ev.TurnStarted: lambda e: fill(
            "turn",
            turn=e.turn,
            round=e.round,
            player=who(e.player),
            territories=e.territories,
            income=e.income,
            continents=fill(
                "continents",
                names=", ".join(
                    board.continents[c].name_fr if lang == "fr" else board.continents[c].name_en
                    for c in e.continents
                ),
            )
            if e.continents
            else "",
        ),
        ev.CardsTraded: lambda e: fill(
            "trade",
            player=who(e.player),
            cards=", ".join(card(c) for c in e.cards),
            armies=e.armies,
            n=e.set_number,
        ),
        ev.Placed: lambda e: (
            None
            if e.reason in ("claim", "setup")
            else fill(
                _PLACED.get(e.reason, "placed"),
                player=who(e.player),
                count=e.count,
                territory=name(e.territory),
            )
        ),
        ev.BattleRolled: lambda e: fill(
            "battle",
            source=name(e.source),
            target=name(e.target),
            adice=dice(e.attacker_dice),
            ddice=dice(e.defender_dice),
            al=e.attacker_losses,
            dl=e.defender_losses,
        ),
        ev.AttackStopped: lambda e: fill(
            "stopped", player=who(game.current_player), target=name(e.target)
        ),
        ev.Conquered: lambda e: fill(
            "conquered",
            player=who(e.player),
            territory=name(e.territory),
            previous=who(e.previous_owner),
        ),
        ev.MovedIn: lambda e: fill("moved_in", total=e.total, target=name(e.target)),
        ev.PlayerEliminated: lambda e: fill(
            "eliminated", player=who(e.player), by=who(e.by), n=e.card_count
        ),
        ev.Fortified: lambda e: fill(
            "fortified",
            player=who(e.player),
            count=e.count,
            source=name(e.source),
            target=name(e.target),
        ),
        ev.CardDrawn: lambda e: fill("card", player=who(e.player)),
        ev.NoCardLeft: lambda e: fill("no_card", player=who(e.player)),
        ev.Committed: lambda e: fill(
            "committed",
            player=who(e.player),
            armies=e.armies,
            source=name(e.source),
            target=name(e.target),
            bonus=text["card_bonus"] if e.bonus else "",
        ),
        ev.Answered: lambda e: fill(
            "answered",
            player=who(e.player),
            armies=e.armies,
            bonus=text["card_bonus"] if e.bonus else "",
        ),
        ev.CalculatedBattle: lambda e: fill(
            "calculated",
            source=name(e.source),
            target=name(e.target),
            atotal=e.attacker_total,
            dtotal=e.defender_total,
            al=e.attacker_losses,
            dl=e.defender_losses,
        ),
        ev.Retreated: lambda e: fill(
            "retreated",
            player=who(e.player),
            territory=name(e.territory),
            to=name(e.to),
            n=e.armies,
        ),
        ev.Capitulated: lambda e: fill(
            "capitulated", player=who(e.player), territory=name(e.territory), n=e.armies
        ),
        ev.CardTaken: lambda e: fill("card_taken", player=who(e.player), loser=who(e.loser)),
        ev.ArmiesLost: lambda e: fill("armies_lost", player=who(e.player), n=e.count),
        ev.RewardSetAside: lambda e: fill("reward_set_aside", n=e.count),
        ev.RewardTaken: lambda e: fill("reward_taken", player=who(e.player), n=e.count),
        ev.DeckShuffled: lambda e: fill("shuffled", n=e.cards),
        ev.GameWon: lambda e: fill(
            _WON.get(e.reason, "won"), winner=who(e.winner), team=team(e.winner)
        ),
        ev.HandPassed: lambda e: fill("hand_passed", player=who(e.player), n=e.count, to=who(e.to)),
        ev.CapitalSealed: lambda e: fill("capital_sealed", player=who(e.player)),
        ev.CapitalAbandoned: lambda e: fill(
            "capital_abandoned", player=who(e.player), territory=name(e.territory)
        ),
        ev.CapitalRevealed: lambda e: fill(
            "capital_revealed", player=who(e.player), territory=name(e.territory)
        ),
        ev.AllyPart: lambda e: fill("ally_" + e.part, player=who(e.player), armies=e.armies),
        ev.AllyDestroyed: lambda e: fill("ally_destroyed", player=who(e.player)),
        ev.CardGiven: lambda e: fill(
            "card_given",
            player=who(e.player),
            card=card(e.card),
            independent=who(e.independent),
            status=status(e.status),
        ),
        ev.AllyReinforced: lambda e: fill(
            "ally_reinforced", player=who(e.player), independent=who(e.independent), die=e.die
        ),
        ev.StatusDrifted: lambda e: fill(
            "drift_moved" if e.status != e.previous else "drift_stays",
            independent=who(e.independent),
            die=e.die,
            status=status(e.status),
        ),
        ev.IndependentDestroyed: lambda e: fill(
            "independent_destroyed",
            player=who(e.player),
            independent=who(e.independent),
            n=len(e.cards),
        ),
        ev.ObjectivesDealt: lambda e: text["objectives_dealt"],
        ev.MissionsDealt: lambda e: text["missions_dealt"],
        ev.MissionClaimed: lambda e: fill(
            "mission_claimed", player=who(e.player), n=e.count, mission=mission_text(e.mission)
        ),
        ev.MissionShown: lambda e: fill(
            "mission_shown", player=who(e.player), mission=mission_text(e.mission)
        ),
        ev.ObjectiveAchieved: lambda e: (
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
    }
    line = lines.get(type(event))
    said = line(event) if line else None
    # A line may open with a neutral army's name ("the ally conquers …"), never a player's.
    if said and said.startswith((text["neutral"], text["ally"], text["independent"])):
        return said[:1].upper() + said[1:]
    return said
