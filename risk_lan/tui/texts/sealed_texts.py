"""The words of a sealed game (issue 27), in English and French: whose computer reads which
seat's cards, said in the lobby and at the start; what each app checked of the sealed deck at
the end, and the hands it then shows."""

from __future__ import annotations

SEALED_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "sealed_seats": "Sealed cards: each computer reads only the cards of the seats it"
        " plays. The host's computer plays its bots' seats, so it reads their cards ({bots});"
        " a bot can run on any player's computer instead (risk-lan join --bot).",
        "sealed_seats_no_bot": "Sealed cards: each computer reads only the cards of the seats"
        " it plays, and the host's computer plays no bot here. A bot can run on any player's"
        " computer (risk-lan join --bot): its seat's cards are read there alone.",
        "sealed_audit": "The sealed deck, checked on this computer: every shuffle's proof, then"
        " at the end every sealed card read, {count} {count:card|cards} in {total}"
        " {total:deal|deals} (a pile made again deals its cards anew), each opened in play as"
        " dealt.",
        "sealed_audit_own": "Your own cards are the ones you read as they came.",
        "sealed_unopened": "The sealed cards stay sealed: a game stopped before its end opens"
        " none of them.",
        "sealed_one_remote": "Only {name} plays from another computer, so this computer"
        " holds every piece of the spare key to {name}'s cards (kept so that a bot can play a"
        " seat whose player left) and could read them; with two players or more on other"
        " computers, it could not.",
        "sealed_only_you": "You are the only player here whose seat the host does not play:"
        " the host's computer holds every piece of the spare key to your cards (kept so that a"
        " bot can play your seat if you leave) and could read them.",
        "sealed_two_players": "If the other player plays at the host's computer, that computer"
        " holds every piece of the spare key to your cards (kept so that a bot can play your"
        " seat if you leave) and could read them; with two players or more on computers other"
        " than the host's, it could not.",
        "hands_at_end": "The hands at the end, every card read:",
    },
    "fr": {
        "sealed_seats": "Cartes scellées : chaque ordinateur ne lit que les cartes des places"
        " qu'il joue. L'ordinateur de l'hôte joue les places de ses robots, il lit donc leurs"
        " cartes ({bots}) ; un robot peut jouer plutôt sur l'ordinateur de n'importe quel"
        " joueur (risk-lan join --bot).",
        "sealed_seats_no_bot": "Cartes scellées : chaque ordinateur ne lit que les cartes des"
        " places qu'il joue, et l'ordinateur de l'hôte ne joue ici aucun robot. Un robot peut"
        " jouer sur l'ordinateur de n'importe quel joueur (risk-lan join --bot) : les cartes"
        " de sa place ne sont lues que là.",
        "sealed_one_remote": "Seul {name} joue depuis un autre ordinateur : cet ordinateur"
        " détient donc tous les morceaux de la clé de secours de ses cartes (gardée pour"
        " qu'un robot puisse jouer la place d'un joueur parti) et pourrait les lire ; avec deux"
        " joueurs ou plus sur d'autres ordinateurs, il ne le pourrait pas.",
        "sealed_only_you": "Vous êtes ici le seul joueur dont l'hôte ne joue pas la place :"
        " l'ordinateur de l'hôte détient tous les morceaux de la clé de secours de vos cartes"
        " (gardée pour qu'un robot puisse jouer votre place si vous partez) et pourrait les"
        " lire.",
        "sealed_two_players": "Si l'autre joueur joue sur l'ordinateur de l'hôte, cet"
        " ordinateur détient tous les morceaux de la clé de secours de vos cartes (gardée pour"
        " qu'un robot puisse jouer votre place si vous partez) et pourrait les lire ; avec deux"
        " joueurs ou plus sur d'autres ordinateurs que celui de l'hôte, il ne le pourrait pas.",
        "sealed_audit": "Le paquet scellé, vérifié sur cet ordinateur : la preuve de chaque"
        " mélange, puis à la fin chaque carte scellée lue, {count} {count:carte|cartes} en"
        " {total} {total:distribution|distributions} (un paquet refait redistribue ses"
        " cartes), chacune ouverte en jeu telle que distribuée.",
        "sealed_audit_own": "Vos propres cartes sont bien celles que vous avez lues à leur"
        " arrivée.",
        "sealed_unopened": "Les cartes scellées le restent : une partie arrêtée avant sa fin"
        " n'en ouvre aucune.",
        "hands_at_end": "Les mains à la fin, chaque carte lue :",
    },
}
