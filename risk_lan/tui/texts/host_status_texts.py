"""What the app says of the host itself, in English and French: out of reach and back, a
player coming back after an absence, the command that takes a saved game up again, and what
leaving does to a game played alone or watched."""

from __future__ import annotations

import shlex


def shell_path(path: str) -> str:
    """A save's path as a shell takes it in a command (quoted if it must be)."""
    return shlex.quote(path)


def resume_command(path: str) -> str:
    """The command that takes the game saved in ``path`` up again, as typed in a shell."""
    return f"risk-lan host --resume {shell_path(path)}"


HOST_STATUS_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "host_gone": "The host is out of reach: reconnecting…",
        "host_gone_kept": " Your staged moves are kept until it is back.",
        "host_gone_refused": "The host is out of reach: nothing is sent until it is back, and"
        " what you staged is kept.",
        "host_back": "The host is back: the game goes on.",
        "host_back_kept": "The host is back: your staged moves are still here, F6 sends them.",
        "away_nobody": "You were away; nobody played for you.",
        "away_bot": "You were away, and a bot took your seat meanwhile; the host hands it back"
        " to you as soon as it can.",
        "held_by_bot": "A bot plays {player}'s seat.",
        "leave_watching": "You only watch this game: the players play on without you. Run"
        " risk-lan join --watch again to watch it again.",
        "leave_solo": "You play alone against bots: leaving stops the game. It is saved, and"
        " risk-lan host --resume {path} takes it up again (the command is printed as you"
        " leave).",
        "leave_solo_unsaved": "You play alone against bots: leaving ends the game, and it is"
        " not saved to be resumed.",
        "resume_key": "To take this game up again once it stops: {command}",
        "resume_key_unsaved": "This game is not saved: it cannot be taken up again once it stops.",
        "resume_key_joined": "Only the player who hosts this game can take it up again.",
        "resume_key_no_game": "No game is running here: in the list of games, Ctrl+O lists"
        " the saved ones to take up again.",
        "resume_key_not_begun": "The game has not begun: nothing is saved yet. Once it has,"
        " Ctrl+O gives the command that takes it up again.",
        "resume_key_over": "This game is over: there is nothing to take up again.",
        "resume_printed": "risk-lan: the game is saved; to go on with it, run:\n  {command}",
    },
    "fr": {
        "host_gone": "L'hôte est injoignable : reconnexion…",
        "host_gone_kept": " Vos coups préparés sont gardés jusqu'à son retour.",
        "host_gone_refused": "L'hôte est injoignable : rien n'est envoyé avant son retour, et"
        " ce que vous avez préparé est gardé.",
        "host_back": "L'hôte est de retour : la partie continue.",
        "host_back_kept": "L'hôte est de retour : vos coups préparés sont toujours là, F6 les"
        " envoie.",
        "away_nobody": "Vous étiez absent ; personne n'a joué à votre place.",
        "away_bot": "Vous étiez absent, et un robot a pris votre place entre-temps ; l'hôte"
        " vous la rend dès qu'il le peut.",
        "held_by_bot": "Un robot joue la place {player:du}.",
        "leave_watching": "Vous ne faites que regarder cette partie : les joueurs continuent"
        " sans vous. Relancez risk-lan join --watch pour la regarder de nouveau.",
        "leave_solo": "Vous jouez seul contre des robots : quitter arrête la partie. Elle est"
        " enregistrée, et risk-lan host --resume {path} la reprend (la commande s'affiche"
        " quand vous partez).",
        "leave_solo_unsaved": "Vous jouez seul contre des robots : quitter termine la partie,"
        " et elle n'est pas enregistrée pour être reprise.",
        "resume_key": "Pour reprendre cette partie une fois arrêtée : {command}",
        "resume_key_unsaved": "Cette partie n'est pas enregistrée : elle ne pourra pas être"
        " reprise une fois arrêtée.",
        "resume_key_joined": "Seul le joueur qui héberge cette partie peut la reprendre.",
        "resume_key_no_game": "Aucune partie en cours ici : dans la liste des parties, Ctrl+O"
        " montre celles enregistrées, à reprendre.",
        "resume_key_not_begun": "La partie n'a pas commencé : rien n'est encore enregistré."
        " Une fois commencée, Ctrl+O donne la commande qui la reprend.",
        "resume_key_over": "Cette partie est finie : il n'y a rien à reprendre.",
        "resume_printed": "risk-lan : la partie est enregistrée ; pour la reprendre, lancez :"
        "\n  {command}",
    },
}
