"""The help shows the mode's rules in place of the classic game's wherever they differ: no
sentence of the classic help that the preset's options contradict is left in its help, in
English or in French; and every part a mode's page names is one the game's help has."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from risk_lan.rules import RULESETS
from risk_lan.rules.presets import CLASSIC
from risk_lan.tui.screens.help_screen import help_text

# Sentences of the classic help, each with the options that make it untrue when they differ
# from the classic game's (a preset with one of them different must not show it).
CLASSIC_SENTENCES: list[tuple[dict[str, str], tuple[str, ...]]] = [
    (
        {"en": "hold all 42 territories", "fr": "occuper les 42 territoires"},
        ("victory", "neutral_armies", "conquer_neutral"),
    ),
    (
        {"en": "`F3` blitzes", "fr": "`F3` attaque en continu"},
        ("combat",),
    ),
    (
        {"en": "attack once / blitz", "fr": "attaquer une fois / en continu"},
        ("combat",),
    ),
    (
        {"en": "the defender up to two", "fr": "le défenseur jusqu'à deux"},
        ("combat", "defender_max_dice"),
    ),
    (
        {"en": "(at least three)", "fr": "(au moins trois)"},
        ("min_income", "income_table", "income_divisor"),
    ),
    (
        {
            "en": "Three cards of one symbol, or one of each, make a set",
            "fr": "Trois cartes du même symbole, ou une de chaque, forment une série",
        },
        ("sets", "trade_values"),
    ),
    (
        {
            "en": "With five or more cards you must trade",
            "fr": "À cinq cartes ou plus, l'échange est obligatoire",
        },
        ("forced_trade_at", "trade_values"),
    ),
    (
        {"en": "trade the best set of cards", "fr": "échanger la meilleure série de cartes"},
        ("trade_values",),
    ),
    (
        {
            "en": "Conquering at least one territory in a turn earns a card",
            "fr": "Conquérir au moins un territoire dans le tour rapporte une carte",
        },
        ("card_draw",),
    ),
    (
        {
            "en": "to a connected one of yours",
            "fr": "vers un autre qui lui est relié",
        },
        ("fortification", "teams"),
    ),
    (
        {
            "en": "defend with the most dice without being asked",
            "fr": "défendre avec le plus de dés sans être consulté",
        },
        ("combat",),
    ),
]

# A card drawn at the end of a turn or after the attacks, with a conquest, is the classic
# card; the others are drawn whatever the conquests. Sets' values (which the classic help
# does not give) are the mode's page's to say; trades by stars change what a trade is.
SAME_CARD = {"end_of_turn", "after_attack"}


def flat(text: str) -> str:
    return " ".join(text.replace("\n", " ").split())


def differs(preset: str, option: str) -> bool:
    rules = RULESETS[preset]
    mine, classic = getattr(rules, option), getattr(CLASSIC, option)
    if option == "card_draw":
        return mine not in SAME_CARD
    if option == "trade_values":
        return (mine == "stars") != (classic == "stars")
    return bool(mine != classic)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("preset", sorted(RULESETS))
def test_no_classic_sentence_contradicts_the_mode(preset: str, lang: str) -> None:
    shown = flat(help_text(lang, preset))
    left = [
        sentence[lang]
        for sentence, options in CLASSIC_SENTENCES
        if any(differs(preset, option) for option in options) and sentence[lang] in shown
    ]
    assert not left, f"{preset} ({lang}) still says: {left}"
    assert "<!--" not in shown  # the parts' marks never reach the screen


def test_the_sentences_checked_are_in_the_classic_help() -> None:
    for lang in ("en", "fr"):
        plain = flat(help_text(lang))
        for sentence, _ in CLASSIC_SENTENCES:
            assert sentence[lang] in plain, sentence[lang]


def test_the_revised_rules_say_their_keys_in_the_keys_table() -> None:
    for lang, commit in (("en", "commit the attack"), ("fr", "engager l'attaque")):
        for preset in ("revised", "revised-objectives", "revised-support"):
            keys = help_text(lang, preset).split("| F2 / F3 |")[1].split("\n")[0]
            assert commit in keys
    assert "send no support" in help_text("en", "revised-support")
    assert "send no support" not in help_text("en", "revised")


def test_every_part_a_page_names_is_in_the_game_s_help() -> None:
    data = resources.files("risk_lan.tui").joinpath("data")
    for lang in ("en", "fr"):
        general = data.joinpath(f"help_{lang}.md").read_text(encoding="utf-8")
        parts = set(re.findall(r"^<!-- part: (\S+) -->$", general, re.MULTILINE))
        for page in data.joinpath("modes").iterdir():
            if not page.name.endswith(f".{lang}.md"):
                continue
            text = page.read_text(encoding="utf-8")
            named = set(re.findall(r"^<!-- part: (\S+) -->$", text, re.MULTILINE))
            for drops in re.findall(r"^<!-- drops: ([^>]*?) -->$", text, re.MULTILINE):
                named |= set(drops.split())
            assert named <= parts, (page.name, named - parts)
