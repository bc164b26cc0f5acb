"""What an expelled player's app sent, by the host's `why` (``protocol.fairness.EXPULSIONS``),
in English and French: the one sentence of each, which the host's log, the `error` the
expelled player is sent, ``risk-lan verify``'s verdict, the client's log and the app's screens
all say."""

from __future__ import annotations

# By language, then by why; "": a why this program does not know.
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


def deed(lang: str, why: str) -> str:
    """What an expelled player's app sent, in ``lang``."""
    words = DEEDS.get(lang, DEEDS["en"])
    return words.get(why, words[""])
