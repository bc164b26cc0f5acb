"""Why a game stopped without a winner, in a sentence for the player: who is to blame (a
player by name, or the host) and what went wrong, never the protocol's own codes."""

from __future__ import annotations

from risk_lan.expulsion_deeds import DEEDS, deed
from risk_lan.net.client.outcome import Outcome
from risk_lan.tui.texts.catalogue import say, shown

# What the one to blame sent, by the code of the check it failed.
WHAT: dict[str, dict[str, str]] = {
    "en": {
        "bad_dice": "dice that do not follow from the players' contributions",
        "equivocation": "different versions of the game to different players",
        "bad_signature": "a message whose signature does not check",
        "forged_move": "a move its player never made",
        "reroll": "a second roll for a move already rolled",
        "replayed": "a message it had sent before, as if it were new",
        "malformed": "a message in a shape this app cannot read",
        "bad_reveal": "a share of the dice that does not match the one it committed to",
        "wrong_roll": "its share of the dice for another roll than the one being made",
        "bad_commit": "a wrong commitment to its share of the dice",
        "bad_expel": "an expulsion of a player without the evidence it claims",
        "wrong_outcome": "an outcome that does not follow from the moves and the dice",
        "wrong_winner": "a winner the game's moves do not give",
        "illegal_move": "a move the rules do not allow",
        "out_of_order": "messages out of the game's order",
        "too_large": "a message larger than the protocol allows",
        "bad_text": "a text holding control characters, which a screen must not show",
        "bad_deck": "a step of the sealed deck that does not check, or a card of it shown as"
        " another",
        "bad_escrow": "a key of the sealed deck whose escrow among the other players does not"
        " check",
        "": "a message that does not check",
    },
    "fr": {
        "bad_dice": "des dés qui ne découlent pas des contributions des joueurs",
        "equivocation": "des versions différentes de la partie à différents joueurs",
        "bad_signature": "un message dont la signature n'est pas valable",
        "forged_move": "un coup que son joueur n'a jamais joué",
        "reroll": "un second lancer pour un coup déjà lancé",
        "replayed": "un message déjà envoyé, comme s'il était nouveau",
        "malformed": "un message d'une forme que cette application ne sait pas lire",
        "bad_reveal": "une part des dés qui ne correspond pas à celle à laquelle il s'était engagé",
        "wrong_roll": "sa part des dés pour un autre lancer que celui en cours",
        "bad_commit": "un engagement erroné sur sa part des dés",
        "bad_expel": "l'exclusion d'un joueur sans la preuve qu'elle invoque",
        "wrong_outcome": "un résultat qui ne découle pas des coups et des dés",
        "wrong_winner": "un vainqueur que les coups de la partie ne donnent pas",
        "illegal_move": "un coup que les règles n'autorisent pas",
        "out_of_order": "des messages hors de l'ordre de la partie",
        "too_large": "un message plus grand que le protocole ne le permet",
        "bad_text": "un texte contenant des caractères de contrôle, qu'un écran ne doit pas"
        " afficher",
        "bad_deck": "une étape du paquet scellé qui n'est pas valable, ou une carte de ce"
        " paquet montrée pour une autre",
        "bad_escrow": "une clé du paquet scellé dont le séquestre auprès des autres joueurs"
        " n'est pas valable",
        "": "un message qui n'est pas valable",
    },
}

SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "lost": "The connection to the host was lost and could not be made again.",
        "unreachable": "The game at {address} could not be reached.",
        "version": "The host runs another version of risk-lan: every player needs the same.",
        "host_error": "The host stopped the game on a fault of its own, in risk-lan itself:"
        " no player caused it.",
        "host_log": " The details are in {path}.",
        "by_host": "The host stopped the game: ",
        "by_app": "This app stopped playing: ",
        "host_sent": "the host sent {what}. The host is cheating or broken.",
        "player_sent": "{player} sent {what}. That player's app is cheating or broken.",
        "someone_sent": "a player sent {what}.",
        "you_sent": "your app sent {what}.",
        "no_winner": "The game ended without a winner.",
        "removed": "The host freed your seat before the game began.",
        "full": "Every seat of that game is taken, and none is kept for you.",
        "local": "This app stopped on a fault of its own, in risk-lan itself: no player and"
        " not the host caused it.",
        "bad_name": "The host refused your name: it may not hold control characters or line"
        " breaks, must not be blank, and has at most 24 characters.",
    },
    "fr": {
        "lost": "La connexion à l'hôte a été perdue et n'a pas pu être rétablie.",
        "unreachable": "La partie à l'adresse {address} est injoignable.",
        "version": "L'hôte a une autre version de risk-lan : tous les joueurs ont besoin de la"
        " même.",
        "host_error": "L'hôte a arrêté la partie sur une erreur qui lui est propre, dans"
        " risk-lan même : aucun joueur n'en est la cause.",
        "host_log": " Les détails sont dans {path}.",
        "by_host": "L'hôte a arrêté la partie : ",
        "by_app": "Cette application a cessé de jouer : ",
        "host_sent": "l'hôte a envoyé {what}. L'hôte triche ou est défaillant.",
        "player_sent": "{player} a envoyé {what}. L'application de ce joueur triche ou est"
        " défaillante.",
        "someone_sent": "un joueur a envoyé {what}.",
        "you_sent": "votre application a envoyé {what}.",
        "no_winner": "La partie s'est terminée sans vainqueur.",
        "removed": "L'hôte a libéré votre place avant le début de la partie.",
        "full": "Toutes les places de cette partie sont prises, et aucune ne vous est gardée.",
        "local": "Cette application s'est arrêtée sur une erreur qui lui est propre, dans"
        " risk-lan même : ni un joueur ni l'hôte n'en est la cause.",
        "bad_name": "L'hôte a refusé votre nom : il ne peut contenir ni caractères de contrôle"
        " ni retours à la ligne, ne peut être vide, et a au plus 24 caractères.",
    },
}


def expelled_sentence(detail: str, lang: str) -> str:
    """This player's expulsion, in ``lang``: ``detail`` is the host's `why`, or its sentence
    to a player who came back (in English, naming what the app sent)."""
    why = next((w for w, sent in DEEDS["en"].items() if w and (w == detail or sent in detail)), "")
    return say(lang, "you_expelled", what=deed(lang, why))


def stopped(outcome: Outcome) -> bool:
    """Whether the game ended without a winner (stopped, not won)."""
    return outcome.error is not None or outcome.winner is None


def why_stopped(
    outcome: Outcome, me: str, names: dict[str, str], lang: str, log: str | None = None
) -> str:
    """The sentence for a game that stopped; ``log``: where the host running in this app
    wrote the details of a fault of its own."""
    words = SENTENCES.get(lang, SENTENCES["en"])
    what = WHAT.get(lang, WHAT["en"])
    if outcome.error is not None:
        code, colon, detail = outcome.error.partition(": ")
        if not colon:
            return words["lost"]
        if code == "unreachable":
            return words["unreachable"].format(address=detail)
        if code == "version":
            return words["version"]
        if code in ("removed", "full"):
            return words[code]
        if code == "expelled":
            return expelled_sentence(detail, lang)
        if code == "bad_text" and detail.startswith("hello:"):
            return words["bad_name"]  # the host refused the name this app joined with
        if code == "local_failure":
            where = outcome.log or log
            return words["local"] + (words["host_log"].format(path=where) if where else "")
        opener, culprit = words["by_app"], outcome.culprit or "host"
    elif outcome.reason == "host_error":
        return words["host_error"] + (words["host_log"].format(path=log) if log else "")
    elif ":" in outcome.reason:
        code, _, culprit = outcome.reason.partition(":")
        opener = words["by_host"]
    else:
        return words["no_winner"]
    # The deck's own faults (a false shuffle, share, opening…) are said as an expulsion says
    # them: what the one to blame sent.
    sent = what.get(code) or (deed(lang, code) if code in DEEDS["en"] else what[""])
    if culprit == "host":
        return opener + words["host_sent"].format(what=sent)
    if culprit == me:
        return opener + words["you_sent"].format(what=sent)
    if culprit in names:
        return opener + words["player_sent"].format(player=names[culprit], what=sent)
    return opener + words["someone_sent"].format(what=sent)


def why_left(outcome: Outcome, seat: str, watch: bool, lang: str) -> str:
    """Why the app is back at the list of games when its game ended before it began (or was
    never reached), in a sentence."""
    if (outcome.error or "").startswith("full:") and not watch:
        return say(lang, "game_full")  # it can still be watched
    if (outcome.error or "").startswith("expelled:"):
        return why_stopped(outcome, seat, {}, lang)
    # The host's own words, without the protocol's code before them.
    why = shown((outcome.error or "").split(": ", 1)[-1], 120)
    return say(lang, "game_left", why=why)
