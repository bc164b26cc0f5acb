"""The sentences for the host's refusals of a move or a message, in English and French."""

from __future__ import annotations

REFUSAL_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "refused_too_fast": "Too many moves the game did not take, too fast: wait a moment,"
        " then play again.",
        "refused_chat_too_fast": "Too many chat lines at once: wait a moment before the next.",
        "refused_no_change": "That changes nothing: your standing defence is set so already.",
        "refused_not_canonical": "The host refused a move this app wrote in a form the"
        " protocol does not take; play it again.",
        "refused_bad_text": "Names and chat lines may not hold control characters or line"
        " breaks, and must not be blank.",
        "refused_too_large": "The host refused a message too large for the protocol.",
        "refused_malformed": "The host refused a message in a shape it does not take.",
        "refused_host_error": "The host could not take that message, on a fault of its own.",
        "refused_not_your_turn": "It is not your turn.",
        "refused_unsendable": "This app could not send that move: it breaks the protocol's"
        " limits. Nothing was sent; play another.",
        "refused_bad_deck": "The host refused a step of the sealed deck, or a card shown,"
        " that this app sent: it came too late or does not check. Nothing changed.",
    },
    "fr": {
        "refused_too_fast": "Trop de coups refusés, trop vite : attendez un instant, puis rejouez.",
        "refused_chat_too_fast": "Trop de messages d'un coup : attendez un instant avant le"
        " suivant.",
        "refused_no_change": "Cela ne change rien : votre défense automatique est déjà réglée"
        " ainsi.",
        "refused_not_canonical": "L'hôte a refusé un coup que cette application a écrit sous"
        " une forme que le protocole n'accepte pas ; rejouez-le.",
        "refused_bad_text": "Les noms et les messages ne peuvent contenir ni caractères de"
        " contrôle ni retours à la ligne, et ne peuvent être vides.",
        "refused_too_large": "L'hôte a refusé un message trop grand pour le protocole.",
        "refused_malformed": "L'hôte a refusé un message d'une forme qu'il n'accepte pas.",
        "refused_host_error": "L'hôte n'a pas pu prendre ce message, sur une erreur qui lui est"
        " propre.",
        "refused_not_your_turn": "Ce n'est pas votre tour.",
        "refused_unsendable": "Cette application n'a pas pu envoyer ce coup : il dépasse les"
        " limites du protocole. Rien n'a été envoyé ; jouez-en un autre.",
        "refused_bad_deck": "L'hôte a refusé une étape du paquet scellé, ou une carte montrée,"
        " que cette application a envoyée : elle est arrivée trop tard ou n'est pas valable."
        " Rien n'a changé.",
    },
}
