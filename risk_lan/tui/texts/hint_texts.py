"""The words of ``turn_hints``: why a pick or a key did nothing, in English and French.
``{territory}`` and ``{source}`` are territories' names."""

from __future__ import annotations

HINT_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "pick_not_your_turn": "It is not your turn yet.",
        "pick_over": "The game is over.",
        "pick_capital_reveal": "The headquarters are being opened: nothing to pick.",
        "pick_defend": "You are defending: choose how many dice (a number key or +/-) and press"
        " F6.",
        "pick_move_in": "Choose how many armies move in (+/-, Home fewest, End most), then F6.",
        "pick_trade": "You hold too many cards: trade a set first (F5).",
        "pick_taken": "{territory} is taken already: pick a free territory.",
        "pick_all_placed": "Every reinforcement is placed: confirm (F6) or take one back"
        " (Backspace).",
        "pick_not_yours": "{territory} is not yours.",
        "pick_attack_from_yours": "{territory} is not yours: pick one of your territories to"
        " attack from.",
        "pick_too_few": "{territory} has a single army: it takes at least 2 to attack.",
        "pick_no_enemy_near": "{territory} borders no enemy territory.",
        "pick_cannot_attack_from": "{territory} cannot attack: it takes 2 armies and an enemy"
        " beside it.",
        "pick_not_adjacent": "{territory} does not border {source}.",
        "pick_cannot_move_from": "No army can move from {territory}: it takes 2 armies and a"
        " territory of yours to reach.",
        "pick_not_reachable": "Armies from {source} cannot reach {territory}.",
        "pick_not_now": "Nothing to pick now.",
        "key_not_your_turn": "It is not your turn.",
        "key_setup": "First every territory is claimed and armies placed, one by one: pick a"
        " territory.",
        "key_setup_armies": "First the starting armies are placed, in turn: pick one of your"
        " territories.",
        "key_pick_capital": "Pick your headquarters first: one of your territories.",
        "key_no_set": "You hold no set of cards to trade.",
        "key_nothing_to_undo": "Nothing placed to take back.",
        "key_nothing_to_cancel": "Nothing chosen to cancel.",
        "key_place_first": "Place your reinforcements first: {left} left.",
        "key_confirm_first": "Confirm your placements first (F6).",
        "key_no_attack_now": "No attack now.",
        "key_pick_source": "Pick a territory to go from first.",
        "key_pick_target": "Pick a target first.",
        "key_not_now": "That key does nothing at this step.",
        "key_no_amount": "There is no number to change at this step.",
        "key_too_many_dice": "Too many dice: {most} at most from here.",
        "key_no_reclaim": "No bot plays your seat: there is nothing to take back.",
        "key_no_clock": "Only the player who hosts a game with other players stops its clock.",
        "key_plan_setup_only": "F8 plans the setup only: the claims and the starting armies.",
        "key_nothing_held": "Space shows at once the others' moves held at a pace (Ctrl+T sets"
        " one); none is held now.",
        "plan_taken": "{territory} is taken already: it cannot be planned.",
        "plan_not_yours": "{territory} is not yours: the plan places armies on yours.",
        "plan_full": "Every army of yours is planned: Backspace takes one back first.",
    },
    "fr": {
        "pick_not_your_turn": "Ce n'est pas encore votre tour.",
        "pick_over": "La partie est finie.",
        "pick_capital_reveal": "Les quartiers généraux sont dévoilés : rien à choisir.",
        "pick_defend": "Vous défendez : choisissez combien de dés (un chiffre ou +/-) et appuyez"
        " sur F6.",
        "pick_move_in": "Choisissez combien de régiments entrent (+/-, Début le moins, Fin le"
        " plus), puis F6.",
        "pick_trade": "Vous avez trop de cartes : échangez d'abord une combinaison (F5).",
        "pick_taken": "{territory:Le} a déjà un occupant : choisissez un territoire libre.",
        "pick_all_placed": "Tous les renforts sont placés : confirmez (F6) ou reprenez-en un"
        " (Retour arrière).",
        "pick_not_yours": "{territory:Le} n'est pas à vous.",
        "pick_attack_from_yours": "{territory:Le} n'est pas à vous : choisissez un de vos"
        " territoires d'où attaquer.",
        "pick_too_few": "{territory:Le} n'a qu'un régiment : il en faut au moins 2 pour attaquer.",
        "pick_no_enemy_near": "{territory:Le} ne touche aucun territoire ennemi.",
        "pick_cannot_attack_from": "{territory:Le} ne peut pas attaquer : il faut 2 régiments et"
        " un ennemi à côté.",
        "pick_not_adjacent": "{territory:Le} ne touche pas {source:le}.",
        "pick_cannot_move_from": "Aucun régiment ne peut partir {territory:du} : il en faut 2"
        " et un de vos territoires à rejoindre.",
        "pick_not_reachable": "Les régiments {source:du} ne peuvent pas rejoindre {territory:le}.",
        "pick_not_now": "Rien à choisir maintenant.",
        "key_not_your_turn": "Ce n'est pas votre tour.",
        "key_setup": "D'abord on prend les territoires et on place les régiments, un à un :"
        " choisissez un territoire.",
        "key_setup_armies": "D'abord chacun place ses régiments de départ, à tour de rôle :"
        " choisissez un de vos territoires.",
        "key_pick_capital": "Choisissez d'abord votre quartier général : un de vos territoires.",
        "key_no_set": "Vous n'avez aucune combinaison de cartes à échanger.",
        "key_nothing_to_undo": "Aucun placement à reprendre.",
        "key_nothing_to_cancel": "Rien de choisi à annuler.",
        "key_place_first": "Placez d'abord vos renforts : encore {left}.",
        "key_confirm_first": "Confirmez d'abord vos placements (F6).",
        "key_no_attack_now": "Pas d'attaque maintenant.",
        "key_pick_source": "Choisissez d'abord un territoire de départ.",
        "key_pick_target": "Choisissez d'abord une cible.",
        "key_not_now": "Cette touche ne fait rien à cette étape.",
        "key_no_amount": "Aucun nombre à changer à cette étape.",
        "key_too_many_dice": "Trop de dés : {most} au plus depuis ce territoire.",
        "key_no_reclaim": "Aucun robot ne joue votre place : rien à reprendre.",
        "key_no_clock": "Seul le joueur qui héberge une partie avec d'autres joueurs arrête"
        " son horloge.",
        "key_plan_setup_only": "F8 ne prévoit que la mise en place : les territoires et les"
        " régiments de départ.",
        "key_nothing_held": "Espace montre tout de suite les coups des autres retenus par un"
        " rythme (Ctrl+T en choisit un) ; aucun n'est retenu.",
        "plan_taken": "{territory:Le} a déjà un occupant : le plan ne peut pas le prendre.",
        "plan_not_yours": "{territory:Le} n'est pas à vous : le plan place vos régiments chez"
        " vous.",
        "plan_full": "Tous vos régiments sont prévus : retirez-en d'abord un (Retour arrière).",
    },
}
