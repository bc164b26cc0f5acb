"""The words of secret objectives' claims, in English and French: the win they make, and the
host's refusals of one."""

from __future__ import annotations

OBJECTIVE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "over_by_objective": "The game is over: {winner} wins, showing the objective: {objective}",
        "won_by_objective": "By the objective shown: {objective}",
        "objective_coming": "Your objective card is on its way to you.",
        "refused_no_objective": "This game has no secret objectives.",
        "refused_not_your_objective": "That objective is not the one you were dealt.",
        "refused_objective_not_held": "Your objective does not hold as the game stands.",
        "refused_objective_no_longer_held": "Your objective no longer holds: a move was made"
        " before your claim was taken.",
        "refused_objective_too_early": "An objective is claimed from the first turn on.",
        "refused_objective_not_now": "Under these rules an objective is claimed as you end your"
        " own turn, with nothing left to place; the claim ends your turn and wins.",
    },
    "fr": {
        "over_by_objective": "La partie est finie : {winner} gagne en révélant son objectif :"
        " {objective}",
        "won_by_objective": "Par l'objectif révélé : {objective}",
        "objective_coming": "Votre carte objectif est en chemin vers vous.",
        "refused_no_objective": "Cette partie n'a pas d'objectifs secrets.",
        "refused_not_your_objective": "Cet objectif n'est pas celui qui vous a été distribué.",
        "refused_objective_not_held": "Votre objectif n'est pas atteint dans l'état de la partie.",
        "refused_objective_no_longer_held": "Votre objectif n'est plus atteint : un coup a été"
        " joué avant que votre annonce soit prise.",
        "refused_objective_too_early": "Un objectif s'annonce à partir du premier tour.",
        "refused_objective_not_now": "Avec ces règles, un objectif s'annonce à la fin de votre"
        " propre tour, une fois tout placé ; l'annonce termine votre tour et gagne.",
    },
}
