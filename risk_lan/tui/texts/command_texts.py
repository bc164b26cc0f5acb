"""The command palette's words, the notice of how to quit, and the replay's status line, in
English and French."""

from __future__ import annotations

COMMAND_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "cmd_end": "End the phase",
        "cmd_end_help": "F4: end the attacks, or the turn",
        "cmd_log": "Show the log",
        "cmd_log_help": "move the focus to the log (Esc returns to the map)",
        "cmd_full_log": "Read the whole log",
        "cmd_help": "Help",
        "cmd_help_help": "F1: rules and keys",
        "cmd_go_to": "Go to {territory}",
        "cmd_none": "No command matches “{query}”",
        "palette_placeholder": "Search for commands…",
        "theme_placeholder": "Search for themes…",
        "quit_title": "Do you want to quit?",
        "quit_key": "Press ctrl+q to quit.",
        "pace_showing": "▶ {held} {held:move|moves} to show at {pace}/s (Space: now)",
        "pace_before_you": "▶ {held} {held:move|moves} to show, then your move, at {pace}/s"
        " (Space: now)",
        "pace_set": "The others' moves: {pace} a second, each shown on the map for a moment."
        " Ctrl+T: the next pace.",
        "pace_set_off": "The others' moves: shown as they come, none held. Ctrl+T: a pace again.",
        "pace_key": "Pace {pace}/s",
        "pace_key_off": "Pace: off",
        "cmd_pace": "Show the others' moves at a pace (Ctrl+T: 1, 2, 4 a second, or off)",
        "cmd_resume_command": "Show the command that takes this game up again once it stops",
        "replay_verified": "✓ record verified",
        "replay_speed": "The replay plays {speed} moves a second.",
        "replay_at_start": "This is the start of the record: PgDn, F6 or Space go forward.",
        "replay_at_end": "This is the end of the record: PgUp or Home go back.",
        "replay_slowest": "(the slowest)",
        "replay_fastest": "(the fastest)",
        "replay_no_move": "A replay plays no move: Space plays or pauses, F6 shows the next"
        " move, PgUp and PgDn a turn, Ctrl+L the whole log.",
        "replay_at": "turn {turn}, move {move}/{moves}",
        "replay_playing": "▶ playing, {speed} moves a second (space: pause, +/-: speed)",
        "replay_paused": "⏸ paused (space: play, F6: a move, PgUp/PgDn: a turn)",
        "replay_to_move": "A recorded game: {player} to move.",
    },
    "fr": {
        "cmd_end": "Finir la phase",
        "cmd_end_help": "F4 : finir les attaques, ou le tour",
        "cmd_log": "Voir le journal",
        "cmd_log_help": "passer au journal (Échap revient à la carte)",
        "cmd_full_log": "Lire tout le journal",
        "cmd_help": "Aide",
        "cmd_help_help": "F1 : règles et touches",
        "cmd_go_to": "Aller sur la carte : {territory}",
        "cmd_none": "Aucune commande ne correspond à « {query} »",
        "palette_placeholder": "Chercher une commande…",
        "theme_placeholder": "Chercher un thème de couleurs…",
        "quit_title": "Voulez-vous quitter ?",
        "quit_key": "Appuyez sur ctrl+q pour quitter.",
        "pace_showing": "▶ {held} {held:coup|coups} à montrer à {pace}/s (Espace : maintenant)",
        "pace_before_you": "▶ {held} {held:coup|coups} à montrer, puis à vous, à {pace}/s"
        " (Espace : maintenant)",
        "pace_set": "Les coups des autres : {pace} par seconde, chacun montré un instant sur la"
        " carte. Ctrl+T : le rythme suivant.",
        "pace_set_off": "Les coups des autres : montrés dès qu'ils arrivent, aucun retenu."
        " Ctrl+T : de nouveau un rythme.",
        "pace_key": "Rythme {pace}/s",
        "pace_key_off": "Rythme : non",
        "cmd_pace": "Montrer les coups des autres à un rythme (Ctrl+T : 1, 2, 4 par seconde, ou"
        " non)",
        "cmd_resume_command": "Montrer la commande qui reprend cette partie une fois arrêtée",
        "replay_verified": "✓ enregistrement vérifié",
        "replay_speed": "La relecture joue {speed} coups par seconde.",
        "replay_at_start": "C'est le début de l'enregistrement : Pg suiv, F6 ou Espace vont"
        " plus loin.",
        "replay_at_end": "C'est la fin de l'enregistrement : Pg préc ou Début reviennent en"
        " arrière.",
        "replay_slowest": "(le plus lent)",
        "replay_fastest": "(le plus rapide)",
        "replay_no_move": "Une relecture ne joue aucun coup : Espace lit ou met en pause, F6"
        " montre le coup suivant, Pg préc et Pg suiv un tour, Ctrl+L tout le journal.",
        "replay_at": "tour {turn}, coup {move}/{moves}",
        "replay_playing": "▶ lecture, {speed} coups par seconde (espace : pause, +/- : vitesse)",
        "replay_paused": "⏸ en pause (espace : lecture, F6 : un coup, PgPréc/PgSuiv : un tour)",
        "replay_to_move": "Une partie enregistrée : à {player} de jouer.",
    },
}
