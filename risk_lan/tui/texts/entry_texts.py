"""The words of coming into a lobby: the game's password, waiting for the host's player's
approval, the host's player's question, and what happened to a player in the lobby, in
English and French."""

from __future__ import annotations

ENTRY_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "password_title": "This game asks for a password",
        "password_wrong": "That password is not this game's: try again.",
        "password_hint": "The password, then Enter",
        "password_dropped": "You gave no password: that game cannot be joined without it.",
        "awaiting": "Waiting for the host's player to let you in…",
        "knock_question": "{name} wants to join: let them in?",
        "knock_yes": "Yes",
        "knock_no": "No",
        "entry_turned_away": "The host's player did not let you in.",
        "entry_removed": "The host freed your seat before the game began.",
        "entry_silent": "Your app stopped answering the host, which freed your seat.",
        "notice_silent": "{name} stopped answering and lost the seat.",
        "notice_freed": "The host freed {name}'s seat.",
        "listed_password": "password",
        "listed_approval": "asks",
        # The names a player did not give (--name), and those of the bots (bot-1, bot-2…).
        "default_player": "player",
        "default_host": "host",
        "default_bot": "bot",
        "default_game": "{name}'s game",
    },
    "fr": {
        "password_title": "Cette partie demande un mot de passe",
        "password_wrong": "Ce mot de passe n'est pas celui de cette partie : réessayez.",
        "password_hint": "Le mot de passe, puis Entrée",
        "password_dropped": "Vous n'avez pas donné de mot de passe : on ne peut rejoindre"
        " cette partie sans lui.",
        "awaiting": "En attente de l'accord du joueur de l'hôte…",
        "knock_question": "{name} veut rejoindre la partie : l'accepter ?",
        "knock_yes": "Oui",
        "knock_no": "Non",
        "entry_turned_away": "Le joueur de l'hôte ne vous a pas accepté.",
        "entry_removed": "L'hôte a libéré votre place avant le début de la partie.",
        "entry_silent": "Votre application a cessé de répondre à l'hôte, qui a libéré votre place.",
        "notice_silent": "{name} a cessé de répondre et a perdu sa place.",
        "notice_freed": "L'hôte a libéré la place qu'occupait {name}.",
        "listed_password": "mot de passe",
        "listed_approval": "sur accord",
        "default_player": "joueur",
        "default_host": "hôte",
        "default_bot": "robot",
        "default_game": "Partie {name:du}",
    },
}
