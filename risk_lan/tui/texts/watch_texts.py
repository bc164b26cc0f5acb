"""The words of watching a game, in English and French: a spectator's, and a player's once
out of the game."""

from __future__ import annotations

WATCH_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "watching": "You are watching this game. Waiting for {player}.",
        "watching_out": "You are out of the game, eliminated by {by}: you watch it to the end."
        " Waiting for {player}.",
        "pick_watching": "You are watching: a spectator sees every move and plays none.",
        "pick_out": "You are out of the game: you watch it to the end.",
        "you_out": "You are out of the game. You watch it to the end: the map, the log and the"
        " chat go on, and every roll is still checked here.",
        "watcher_tag": "watching",
        "lobby_title_watch": "risk-lan — games on the LAN: choose one to watch",
        "taken_up": "Taken up at move {n}: every move before it was checked here, from the"
        " signed history.",
        "taken_up_trusted": "Taken up at move {n}: every roll before it was checked against"
        " its players' chains; the position is the host's word until the game ends, when it is"
        " checked.",
        "watcher_hand_title": "Cards",
        "watchers_line": "Watching: {names}",
        "watcher_hand": "A spectator holds no cards: each player's count is under Players.",
        "every_hand": "Every hand, read at the end of the game:",
        "watcher_objective": "Each player's objective stays secret until the game ends.",
        "watching_table": "You are watching this table: the game starts when its players are"
        " ready.",
        "watch_no_seat": "You are watching: only the players choose a colour or say they are"
        " ready.",
        "watch_choose": "Choose a game in the list, or type its address, then press F2 to"
        " watch it.",
        "game_full": "Every seat of that game is taken: press F2 on it to watch it.",
        "refused_watching": "You are watching this game: only its players can do that.",
        "refused_eliminated": "You are out of the game: you watch it to the end.",
    },
    "fr": {
        "watching": "Vous regardez cette partie. En attente {player:du}.",
        "watching_out": "Vous êtes hors jeu, éliminé par {by} : vous regardez la partie jusqu'à"
        " la fin. En attente {player:du}.",
        "pick_watching": "Vous regardez : un spectateur voit chaque coup et n'en joue aucun.",
        "pick_out": "Vous êtes hors jeu : vous regardez la partie jusqu'à la fin.",
        "you_out": "Vous êtes hors jeu. Vous regardez la partie jusqu'à la fin : la carte, le"
        " journal et la discussion continuent, et chaque lancer est encore vérifié ici.",
        "watcher_tag": "spectateur",
        "lobby_title_watch": "risk-lan — parties sur le réseau local : choisissez-en une à"
        " regarder",
        "taken_up": "Repris au coup {n} : chaque coup précédent a été vérifié ici, d'après"
        " l'historique signé.",
        "taken_up_trusted": "Repris au coup {n} : chaque lancer précédent a été vérifié"
        " d'après les chaînes de ses joueurs ; la position est la parole de l'hôte jusqu'à la"
        " fin de la partie, où elle est vérifiée.",
        "watcher_hand_title": "Cartes",
        "watchers_line": "Spectateurs : {names}",
        "watcher_hand": "Un spectateur n'a pas de cartes : le nombre de chaque joueur est sous"
        " Joueurs.",
        "every_hand": "Chaque main, lue à la fin de la partie :",
        "watcher_objective": "L'objectif de chaque joueur reste secret jusqu'à la fin de la"
        " partie.",
        "watching_table": "Vous regardez cette table : la partie commence quand ses joueurs"
        " sont prêts.",
        "watch_no_seat": "Vous regardez : seuls les joueurs choisissent une couleur ou se disent"
        " prêts.",
        "watch_choose": "Choisissez une partie dans la liste, ou tapez son adresse, puis F2"
        " pour la regarder.",
        "game_full": "Toutes les places de cette partie sont prises : F2 sur elle pour la"
        " regarder.",
        "refused_watching": "Vous regardez cette partie : seuls ses joueurs peuvent faire cela.",
        "refused_eliminated": "Vous êtes hors jeu : vous regardez la partie jusqu'à la fin.",
    },
}
