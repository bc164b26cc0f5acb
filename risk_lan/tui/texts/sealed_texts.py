"""The words of a sealed game (issue 27), in English and French: whose computer reads which
seat's cards, said in the lobby and at the start; what each app checked of the sealed deck at
the end, and the hands it then shows."""

from __future__ import annotations

SEALED_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "sealed_seats": "Sealed cards: each computer reads only its own seats' cards. The host's"
        " computer plays its bots, so it reads their cards ({bots}); a bot can run on a player's"
        " computer instead (risk-lan join --bot).",
        "sealed_seats_no_bot": "Sealed cards: each computer reads only its own seats' cards, and"
        " the host's computer plays no bot here. A bot can run on a player's computer (risk-lan"
        " join --bot): its cards are read there alone.",
        "sealed_host_player": "{name} plays at the host's computer, which reads {name}'s cards"
        " too.",
        "sealed_audit": "The sealed deck, checked on this computer: the proof of every shuffle"
        " but its own, then at the end every sealed card read, {count} {count:card|cards} in"
        " {total} {total:deal|deals}"
        " (a pile made again deals its cards anew), each opened in play as dealt.",
        "sealed_audit_own": "Your own cards are the ones you read as they came.",
        "sealed_unopened": "The sealed cards stay sealed: a game stopped before its end opens none"
        " of them.",
        "sealed_one_remote": "Only {name} plays on another computer: this one holds all of the"
        " spare key to {name}'s cards and could read them.",
        "sealed_only_you": "Only your seat is played away from the host: its computer holds all of"
        " the spare key to your cards and could read them.",
        "sealed_two_players": "If the other player plays at the host's computer, it holds all of"
        " the spare key to your cards and could read them.",
        "hands_at_end": "The hands at the end, every card read:",
    },
    "fr": {
        "sealed_seats": "Cartes scellées : chaque ordinateur ne lit que les cartes de ses places."
        " Celui de l'hôte joue ses robots et lit donc leurs cartes ({bots}) ; un robot peut aussi"
        " jouer chez un joueur (risk-lan join --bot).",
        "sealed_seats_no_bot": "Cartes scellées : chaque ordinateur ne lit que les cartes de ses"
        " places, et celui de l'hôte ne joue ici aucun robot. Un robot peut jouer chez un joueur"
        " (risk-lan join --bot) : ses cartes ne sont lues que là.",
        "sealed_host_player": "{name} joue sur l'ordinateur de l'hôte, qui lit donc aussi ses"
        " cartes.",
        "sealed_one_remote": "Seul {name} joue sur un autre ordinateur : celui-ci détient toute la"
        " clé de secours de ses cartes et pourrait les lire.",
        "sealed_only_you": "Seule votre place est jouée hors de chez l'hôte : son ordinateur"
        " détient toute la clé de secours de vos cartes et pourrait les lire.",
        "sealed_two_players": "Si l'autre joueur joue sur l'ordinateur de l'hôte, celui-ci détient"
        " toute la clé de secours de vos cartes et pourrait les lire.",
        "sealed_audit": "Paquet scellé, vérifié ici : chaque preuve de mélange sauf la sienne,"
        " puis à la fin chaque carte lue, {count} {count:carte|cartes} en {total}"
        " {total:distribution|distributions} (un paquet refait redistribue ses cartes), chacune"
        " ouverte telle que distribuée.",
        "sealed_audit_own": "Vos propres cartes sont bien celles que vous avez lues à leur"
        " arrivée.",
        "sealed_unopened": "Les cartes scellées le restent : une partie arrêtée avant sa fin n'en"
        " ouvre aucune.",
        "hands_at_end": "Les mains à la fin, chaque carte lue :",
    },
}
