"""The words of a player expelled from the game (proven to cheat, or running a broken app: a
bot plays its seat to the end), in English and French: the log's line, the players panel's
mark, the expelled player's own screen, and F9 once expelled."""

from __future__ import annotations

# What the expelled player's app sent, by the host's `why`.
DEEDS: dict[str, dict[str, str]] = {
    "en": {
        "bad_reveal": "a share of the dice that does not match the one it committed to",
        "wrong_roll": "its share of the dice for a roll that was not being made",
        "equivocation": "a history of the game that the host never sent",
        "bad_signature": "a message in its name that its key did not sign (as the host alone"
        " can tell)",
        "bad_shuffle": "a shuffle of the sealed deck whose proof fails",
        "bad_relayer": "a layer of encryption on a sealed card that its key did not make",
        "bad_unlayer": "a layer of encryption taken off a sealed card falsely",
        "bad_opening": "a sealed card shown as another card than it is",
        "bad_share": "a false share of a key of the sealed deck",
        "false_complaint": "a complaint against a key share that was good",
        "bad_secret": "a key of the sealed deck that is not its own",
        "bad_step": "a step of the sealed deck in a shape no honest app sends",
        "": "a message that proves it cheats or is broken",
    },
    "fr": {
        "bad_reveal": "une part des dés qui ne correspond pas à celle à laquelle elle s'était"
        " engagée",
        "wrong_roll": "sa part des dés pour un lancer qui n'était pas en cours",
        "equivocation": "un historique de la partie que l'hôte n'a jamais envoyé",
        "bad_signature": "un message en son nom que sa clé n'a pas signé (seul l'hôte peut le"
        " constater)",
        "bad_shuffle": "un mélange du paquet scellé dont la preuve est fausse",
        "bad_relayer": "une couche de chiffrement sur une carte scellée que sa clé n'a pas faite",
        "bad_unlayer": "une couche de chiffrement retirée à tort d'une carte scellée",
        "bad_opening": "une carte scellée montrée pour une autre qu'elle n'est",
        "bad_share": "une part fausse d'une clé du paquet scellé",
        "false_complaint": "une plainte contre une part de clé qui était juste",
        "bad_secret": "une clé du paquet scellé qui n'est pas la sienne",
        "bad_step": "une étape du paquet scellé d'une forme qu'aucune application honnête n'envoie",
        "": "un message qui prouve qu'elle triche ou est défaillante",
    },
}

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


def deed(lang: str, why: str) -> str:
    """What an expelled player's app sent, in ``lang``."""
    words = DEEDS.get(lang, DEEDS["en"])
    return words.get(why, words[""])
