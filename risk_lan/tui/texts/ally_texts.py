"""The words of 000-A's ally (two players and an allied third force), in English and
French: the parts of a turn as the Now panel says them, and why a pick does nothing."""

from __future__ import annotations

ALLY_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "ally_name": "the ally",
        "ally_own": "Attack: pick one of your territories to attack from, or end this part"
        " (F4): {player} then plays the ally, and you play on after.",
        "ally_again": "You play on: pick a territory to attack from again, or end the attacks"
        " (F4) to move armies once, which ends your turn.",
        "ally_waiting": "{player} plays the ally: its share to place, and perhaps a"
        " counter-attack on you. Then you play on.",
        "ally_place": "You play the ally: place its share on its territories, {left} left."
        " Each pick places {amount} (+/-).",
        "ally_attack": "Counter-attack {player} with the ally: pick one of its territories to"
        " attack from, or end (F4) to hand {player} the turn back.",
        "ally_no_attack": "The ally cannot attack {player} now: end (F4) to hand the turn back.",
        "ally_defend": "The ally, played by {player}, attacks {target}: defend with {amount}"
        " {amount:die|dice} (+/-), F6. F7 defends with the most dice from now on.",
        "pick_not_ally": "{territory} is not the ally's: in this part you play the ally's"
        " armies only.",
        "pick_ally_target": "The ally attacks only the player whose turn it is.",
        "pick_ally_playing": "Your opponent plays the ally now; your turn goes on after.",
    },
    "fr": {
        "ally_name": "l'allié",
        "ally_own": "Attaque : choisissez un de vos territoires d'où attaquer, ou finissez"
        " cette partie du tour (F4) : {player} joue alors l'allié, puis vous reprenez la main.",
        "ally_again": "Vous reprenez la main : choisissez un territoire d'où attaquer encore,"
        " ou finissez les attaques (F4) pour déplacer une fois des armées, ce qui finit votre"
        " tour.",
        "ally_waiting": "{player} joue l'allié : sa part à placer, et peut-être une"
        " contre-attaque contre vous. Ensuite vous reprenez la main.",
        "ally_place": "Vous jouez l'allié : placez sa part sur ses territoires, encore {left}."
        " Chaque choix en place {amount} (+/-).",
        "ally_attack": "Contre-attaquez {player} avec l'allié : choisissez un de ses territoires"
        " d'où attaquer, ou finissez (F4) pour rendre la main à {player}.",
        "ally_no_attack": "L'allié ne peut pas attaquer {player} maintenant : finissez (F4)"
        " pour lui rendre la main.",
        "ally_defend": "L'allié, joué par {player}, attaque {target:le} : défendez avec {amount}"
        " {amount:dé|dés} (+/-), F6. F7 défend désormais avec le plus de dés.",
        "pick_not_ally": "{territory} n'est pas à l'allié : dans cette partie du tour, vous"
        " jouez les régiments de l'allié seulement.",
        "pick_ally_target": "L'allié n'attaque que le joueur dont c'est le tour.",
        "pick_ally_playing": "Votre adversaire joue l'allié ; votre tour reprend ensuite.",
    },
}
