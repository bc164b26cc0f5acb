"""The game log's sentences, in English and French: one template for each kind of event
(``narrate`` fills them in).
"""

from __future__ import annotations

LOG_TEXTS: dict[str, dict[str, str]] = {
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
        "stopped_out": "  {player}'s blitz from {source} on {target} stops: {source} is down to"
        " its last army.",
        "stopped_rule": "  {player}'s blitz from {source} on {target} stops where {player} set"
        " it: {left} {left:army|armies} left in {source}.",
        "conquered": "{player} conquers {territory} from {previous}.",
        "conquered_moved": "{player} conquers {territory} from {previous}: {armies}"
        " {armies:army moves|armies move} in.",
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
        "armies_lost": "{player} loses {n} {n:reinforcement|reinforcements}: they fit nowhere"
        " they may go, a territory holding 12 armies at most.",
        "trade_stars": "{player} trades {cards} ({stars} {stars:star|stars}) for {armies}"
        " {armies:army|armies}.",
        "beside_bonus": "{player} has {n} more {n:army|armies} to place, 1 beside each of: {places}"
        " (by land).",
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
        "reason_goes_for": "goes for {place}",
        "reason_holds": "holds {place}",
        "reason_objective": "goes for its objective",
        "reason_spreads": "spreads out",
        "reason_attacks": "attacks {place}: {chance}% to win",
        "way_guards": ", guards its borders",
        "way_one_card": ", takes one card and stops",
        "way_edge": ", attacks only with a clear edge",
        "way_bold": ", attacks boldly",
        "reason": "{player} ({level}): {reason}",
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
        "stopped_out": "  Le blitz {player:du} {source:du} sur {target:le} s'arrête : {source:le}"
        " n'a plus qu'un régiment.",
        "stopped_rule": "  Le blitz {player:du} {source:du} sur {target:le} s'arrête où {player}"
        " l'a fixé : {source:le} garde {left} {left:régiment|régiments}.",
        "conquered": "{player} conquiert {territory:le} sur {previous}.",
        "conquered_moved": "{player} conquiert {territory:le} sur {previous} : {armies}"
        " {armies:régiment l'occupe|régiments l'occupent}.",
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
        "armies_lost": "{player} perd {n} {n:renfort|renforts} : ils ne tiennent nulle part où"
        " ils peuvent aller, un territoire tenant 12 régiments au plus.",
        "trade_stars": "{player} échange {cards} ({stars} {stars:étoile|étoiles}) contre {armies}"
        " {armies:régiment|régiments}.",
        "beside_bonus": "{player} a {n} {n:régiment|régiments} de plus à placer, 1 à côté de"
        " chacun de ces territoires (par voie terrestre) : {places}.",
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
        "reason_goes_for": "vise un continent : {place}",
        "reason_holds": "tient un continent entier : {place}",
        "reason_objective": "poursuit son objectif",
        "reason_spreads": "s'étend où il peut",
        "reason_attacks": "attaque {place:le} : {chance} % de chances de victoire",
        "way_guards": ", garde ses frontières",
        "way_one_card": ", prend une carte et s'arrête",
        "way_edge": ", n'attaque qu'avec une nette avance",
        "way_bold": ", attaque hardiment",
        "reason": "{player} ({level}) : {reason}",
    },
}
