"""The French titles of the plain presets, those of no mode (the English ones are the rule
sets' own ``title``). A mode's presets are titled in its unit in the app (``ModeApp.titles``),
and ``turnlogic/modeapps.mode_title`` asks both."""

from __future__ import annotations

PLAIN_TITLES_FR: dict[str, str] = {
    "classic": "Conquête du monde classique",
    "classic-2015": "Conquête du monde, règles de 2015",
    "old-world": "Conquête du monde (ancienne règle)",
    "conquete": "La Conquête du Monde",
    "conquete-2": "La Conquête du Monde, deuxième règle",
    "two-player": "Deux joueurs et une armée neutre, règles de 2015",
    "two-player-independents": "Deux joueurs et deux indépendants passifs",
    "team": "Risk par équipe",
}
