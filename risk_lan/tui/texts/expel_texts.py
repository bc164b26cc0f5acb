"""The words of a player expelled from the game (proven to cheat, or running a broken app: a
bot plays its seat to the end), in English and French: the log's line, the players panel's
mark, the expelled player's own screen, and F9 once expelled. What the player's app sent is
said as the host and ``risk-lan verify`` say it (``risk_lan.expulsion_deeds``)."""

from __future__ import annotations

EXPEL_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "expelled": "The host expelled {player} from the game: that player's app sent {what}."
        " A bot plays the seat to the end; it cannot be taken back.",
        "you_expelled": "The host expelled you from the game: your app sent {what}. A bot plays"
        " your seat to the end, and you cannot take it back.",
        "expelled_mark": "(expelled)",
        "key_expelled": "You were expelled from this game: you cannot take your seat back.",
        "expelled_title": "You are out of this game: the others play on.",
        "expelled_status": "expelled: a bot plays your seat",
    },
    "fr": {
        "expelled": "L'hôte a exclu {player} de la partie : l'application de ce joueur a"
        " envoyé {what}. Un robot joue cette place jusqu'à la fin ; elle ne peut pas être"
        " reprise.",
        "you_expelled": "L'hôte vous a exclu de la partie : votre application a envoyé {what}."
        " Un robot joue votre place jusqu'à la fin, et vous ne pouvez pas la reprendre.",
        "expelled_mark": "(exclu)",
        "key_expelled": "Vous avez été exclu de cette partie : vous ne pouvez pas reprendre"
        " votre place.",
        "expelled_title": "Vous êtes hors de cette partie : les autres jouent la suite.",
        "expelled_status": "exclu : un robot joue votre place",
    },
}
