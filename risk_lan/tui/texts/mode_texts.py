"""The rule sets' titles in French (the English ones are the rule sets' own ``title``), as
the lobby, the seats screen and the saved games show them."""

from __future__ import annotations

from risk_lan.rules import ruleset

MODE_TITLES_FR: dict[str, str] = {
    "classic": "Conquête du monde classique",
    "classic-2015": "Conquête du monde, règles de 2015",
    "mission": "Objectifs secrets (ancienne règle)",
    "old-world": "Conquête du monde (ancienne règle)",
    "conquete": "La Conquête du Monde",
    "conquete-2": "La Conquête du Monde, deuxième règle",
    "secret-mission": "Mission secrète, règles de 2015",
    "risk-mission": "Risk Mission",
    "capital": "Risk Capitale, règles de 2015",
    "capital-short": "Risk Capitale, partie courte",
    "two-player": "Deux joueurs et une armée neutre, règles de 2015",
    "two-player-independents": "Deux joueurs et deux indépendants passifs",
    "two-player-ally": "Deux joueurs et une troisième force alliée (ancienne règle)",
    "two-player-active": "Deux joueurs et deux indépendants actifs",
    "team": "Risk par équipe",
    "revised": "Règles révisées, «risques calculés»",
    "revised-objectives": "Règles révisées, objectifs secrets",
    "revised-support": "Règles révisées, «risques calculés et soutien»",
}


def mode_title(mode: str, lang: str = "en") -> str:
    """The rule set's title in ``lang``; a mode this app does not know (a newer host's) by
    its name, which is all there is."""
    if lang == "fr" and mode in MODE_TITLES_FR:
        return MODE_TITLES_FR[mode]
    try:
        return ruleset(mode).title or mode
    except ValueError:
        return mode
