"""The words of the keys' lines at the bottom of the pop-ups, of the lobby's Enter, and of
the marks in the lobby's list, in English and French."""

from __future__ import annotations

KEY_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "key_named": "{keys}: {what}",
        "key_choose_line": "choose a line",
        "key_choose_button": "choose a button",
        "key_press_button": "press the button chosen",
        "key_pick": "pick a card or put it back",
        "key_do_chosen": "do what is chosen",
        "key_type_password": "send the password",
        "key_scroll": "read on",
        "key_free_chosen": "free the seat chosen",
        "key_level_chosen": "the next level for that bot",
        "key_resume_chosen": "go on with the game chosen",
        "key_claim_chosen": "claim the mission chosen",
        "key_quit": "quit",
        "key_leave": "leave the game (asks first)",
        "key_leave_now": "leave now",
        "key_enlarge": "make the terminal larger to play",
        "lobby_enter_no_game": "No game to join yet: wait for one in the list, or type its"
        " address (host:port) in the field below and press Enter.",
        "lobby_enter_gone": "That game is no longer heard of: choose another in the list, or"
        " type an address below.",
        "listed_yours": "your seat is kept",
        "address_empty": "Type the game's address first, as host:port (the host's player can"
        " read it on their screen), then press Enter.",
        "lobby_help_mark": "How to join a game",
        "table_not_yours": "Only the host's player sets the table (M, S, B, L) and frees seats"
        " (X).",
        "key_typed_ahead": "{pressed} was pressed before this step showed: nothing was done. Press"
        " it again if you mean it here.",
    },
    "fr": {
        "key_named": "{keys} : {what}",
        "key_choose_line": "choisir une ligne",
        "key_choose_button": "choisir un bouton",
        "key_press_button": "appuyer sur le bouton choisi",
        "key_pick": "prendre une carte ou la remettre",
        "key_do_chosen": "faire ce qui est choisi",
        "key_type_password": "envoyer le mot de passe",
        "key_scroll": "faire défiler",
        "key_free_chosen": "libérer la place choisie",
        "key_level_chosen": "le niveau suivant pour ce robot",
        "key_resume_chosen": "reprendre la partie choisie",
        "key_claim_chosen": "annoncer la mission choisie",
        "key_quit": "quitter",
        "key_leave": "quitter la partie (demande d'abord)",
        "key_leave_now": "partir tout de suite",
        "key_enlarge": "agrandissez le terminal pour jouer",
        "lobby_enter_no_game": "Aucune partie à rejoindre pour l'instant : attendez-en une dans"
        " la liste, ou tapez son adresse (hôte:port) dans le champ du bas et appuyez sur"
        " Entrée.",
        "lobby_enter_gone": "On n'entend plus parler de cette partie : choisissez-en une autre"
        " dans la liste, ou tapez une adresse en bas.",
        "listed_yours": "votre place est gardée",
        "address_empty": "Tapez d'abord l'adresse de la partie, sous la forme hôte:port (le"
        " joueur de l'hôte la lit sur son écran), puis appuyez sur Entrée.",
        "lobby_help_mark": "Comment rejoindre une partie",
        "table_not_yours": "Seul le joueur de l'hôte règle la table (M, S, B, L) et libère des"
        " places (X).",
        "key_typed_ahead": "{pressed} a été pressée avant que cette étape s'affiche : rien n'a été"
        " fait. Appuyez de nouveau si c'est bien ce que vous voulez ici.",
    },
}

# The keys' names on screen, where they are not the key's own letter or F-number.
KEY_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "escape": "Esc",
        "enter": "Enter",
        "space": "Space",
        "tab": "Tab",
        "backspace": "Backspace",
        "home": "Home",
        "end": "End",
        "pageup": "PgUp",
        "pagedown": "PgDn",
    },
    "fr": {
        "escape": "Échap",
        "enter": "Entrée",
        "space": "Espace",
        "tab": "Tab",
        "backspace": "Retour arrière",
        "home": "Début",
        "end": "Fin",
        "pageup": "Pg préc",
        "pagedown": "Pg suiv",
    },
}
# The same in every language.
KEY_SIGNS = {
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "question_mark": "?",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
}
