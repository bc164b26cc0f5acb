"""The words of the active independents (two players, rulebook 002), in English and French:
their names and statuses, the screen of gifts and allies' dice, and the Now panel's lines."""

from __future__ import annotations

INDEPENDENTS_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "independent_name": "independent",
        "standing_neutral": "neutral",
        "standing_yours": "your ally",
        "standing_ally": "{player}'s ally",
        "standing_cards": "{n} {n:card|cards} given",
        "independents_title": "Independents",
        "independent_line": "{name}: {standing}, {held} {held:territory|territories},"
        " {armies} {armies:army|armies}, {cards}",
        "give_option": "Give {card} to {name}: it becomes {after}",
        "reinforce_option": "Roll a die for {name}, your ally: that many of its armies to place",
        "independents_choose": "Enter does the move chosen; Esc closes.",
        "independents_none_now": "Nothing to do with them now: cards are given at the start"
        " of your turn, and allies reinforced once your own armies are placed. Esc closes.",
        "key_no_independents": "Ctrl+G is for the game with active independents.",
        "ally_die": "Place the {left} {left:army|armies} of {name}, your ally, on its"
        " territories. Each pick places {amount} (+/-).",
        "offensive": "Offensive from {source} on {target}: F2 attack again, F3 blitz, F4 stop"
        " it. Once it ends, a die for {names}: 1–4 moves each one step away from you.",
        "pick_offensive": "Your offensive from {source} goes on until you stop it (F4).",
        "ally_die_offer": "F6 rolls a die for {name}, your ally: that many of its armies to"
        " place, before your first attack.",
        "active_turn": "Ctrl+G: cards to the independents first; allies' dice once your"
        " armies are placed.",
    },
    "fr": {
        "independent_name": "indépendant",
        "standing_neutral": "neutre",
        "standing_yours": "votre allié",
        "standing_ally": "allié {player:du}",
        "standing_cards": "{n} {n:carte donnée|cartes données}",
        "independents_title": "Indépendants",
        "independent_line": "{name} : {standing}, {held} {held:territoire|territoires},"
        " {armies} {armies:régiment|régiments}, {cards}",
        "give_option": "Donner {card:le} à {name} : il devient {after}",
        "reinforce_option": "Lancer un dé pour {name}, votre allié : autant de ses régiments"
        " à placer",
        "independents_choose": "Entrée fait le coup choisi ; Échap ferme.",
        "independents_none_now": "Rien à faire avec eux maintenant : les cartes se donnent au"
        " début de votre tour, et vos alliés se renforcent une fois vos régiments placés."
        " Échap ferme.",
        "key_no_independents": "Ctrl+G sert dans la partie avec indépendants actifs.",
        "ally_die": "Placez {left} {left:régiment|régiments} de votre allié ({name}) sur ses"
        " territoires. Chaque choix en place {amount} (+/-).",
        "offensive": "Offensive {source:du} sur {target:le} : F2 attaque encore, F3 blitz,"
        " F4 l'arrête. Quand elle finit, un dé pour {names} : de 1 à 4, chacun s'éloigne de"
        " vous d'une position.",
        "pick_offensive": "Votre offensive depuis {source:le} continue jusqu'à ce que vous"
        " l'arrêtiez (F4).",
        "ally_die_offer": "F6 lance un dé pour votre allié ({name}) : autant de ses régiments"
        " à placer, avant votre première attaque.",
        "active_turn": "Ctrl+G : des cartes aux indépendants d'abord ; les dés des alliés une"
        " fois vos régiments placés.",
    },
}
