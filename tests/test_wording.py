"""Grammar in both languages: every text of the app and of the log, rendered with each count
at 0, 1 and 2 and each territory with each kind of French article, agrees; and no English is
left in the French catalogue."""

from __future__ import annotations

import re
import string

import pytest

from risk_lan.expulsion_deeds import DEEDS
from risk_lan.logtexts import LOG_TEXTS
from risk_lan.rules.board import classic_board
from risk_lan.tui.palette import SYSTEM_COMMANDS_FR
from risk_lan.tui.texts.catalogue import BINDING_NAMES, TEXTS, say
from risk_lan.tui.texts.mode_texts import PLAIN_TITLES_FR
from risk_lan.tui.texts.stop_reasons import SENTENCES, WHAT
from risk_lan.tui.turnlogic import modeapps
from risk_lan.wording import Count, PlaceName, place, wording

# Fields that hold a count in some text, and fields that hold a territory's name.
NUMBERS = {
    "left", "step", "amount", "dice", "low", "high", "most", "seats", "bots", "moves",
    "seconds", "value", "n", "count", "total", "income", "territories", "armies", "turn",
    "round", "al", "dl", "have", "need", "need_width", "need_height", "width", "height",
    "held", "hand", "rounds", "battles", "die", "atotal", "dtotal", "stars", "points", "cap",
    "bonus",
}  # fmt: skip
PLACES = {"territory", "source", "target", "to"}
SAMPLE_PLACES = [
    PlaceName("Brésil", "le"),
    PlaceName("Chine", "la"),
    PlaceName("Égypte", "l'"),
    PlaceName("Territoires du Nord-Ouest", "les"),
    PlaceName("Madagascar"),
    PlaceName("Irkoutsk"),
]
NOUNS = {
    "en": ["army", "card", "die", "territory", "second", "seat", "move", "armie"],
    "fr": ["régiment", "carte", "dé", "territoire", "seconde", "place", "coup", "renfort"],
}
BAD_FRENCH = re.compile(r"\b(à le|à les|de le|de les|en le|en les|sur Le)\b|\bde [AEIOUÉIaeiouéi]")


def catalogues() -> list[tuple[str, str, str]]:
    found = []
    for lang in ("en", "fr"):
        found += [(lang, f"app:{k}", v) for k, v in TEXTS[lang].items()]
        found += [(lang, f"log:{k}", v) for k, v in LOG_TEXTS[lang].items()]
    return found


def fields_of(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def renderings(template: str, lang: str) -> list[str]:
    fields = fields_of(template)
    out = []
    for number in (0, 1, 2):
        for where in SAMPLE_PLACES if fields & PLACES else SAMPLE_PLACES[:1]:
            values: dict[str, object] = {}
            for name in fields:
                if name in NUMBERS:
                    values[name] = number
                elif name in PLACES:
                    values[name] = where if lang == "fr" else PlaceName("Brazil")
                else:
                    values[name] = "ann"
            out.append(wording(template, lang, **values))
    return out


def disagreements(text: str, lang: str) -> list[str]:
    bad = []
    for noun in NOUNS[lang]:
        plural = noun + ("s" if noun != "die" else "")
        plural = "dice" if noun == "die" else plural
        singular_counts = "[01]" if lang == "fr" else "1"
        plural_counts = "2" if lang == "fr" else "[02]"
        if re.search(rf"\b{singular_counts} {plural}\b", text):
            bad.append(f"{plural} after a singular count")
        if re.search(rf"\b{plural_counts} {noun}\b", text):
            bad.append(f"{noun} after a plural count")
    if lang == "fr" and BAD_FRENCH.search(text):
        bad.append(f"article: {BAD_FRENCH.search(text).group(0)!r}")
    return bad


@pytest.mark.parametrize(("lang", "key", "template"), catalogues(), ids=lambda v: str(v)[:30])
def test_every_text_agrees_at_0_1_and_2(lang: str, key: str, template: str) -> None:
    for text in renderings(template, lang):
        assert "{" not in text and "}" not in text, text
        assert disagreements(text, lang) == [], text


def test_the_agreement_check_sees_a_wrong_plural() -> None:
    assert disagreements("defend with 1 dice", "en")
    assert disagreements("2 army move in", "en")
    assert disagreements("1 régiments", "fr") and disagreements("0 cartes", "fr")
    assert disagreements("Aller à le Brésil", "fr") and disagreements("de Égypte", "fr")
    assert not disagreements("1 die, 0 armies, 2 cards", "en")
    assert not disagreements("0 régiment, 1 dé, 2 cartes", "fr")


# French words that are the same in English, or names and commands that are not translated.
SAME_IN_BOTH = re.compile(
    r"^(Blitz|joker|Congo|Siam|Europe|Alaska|Ontario|Alberta|Madagascar|Ukraine|Irkoutsk"
    r"|Afghanistan|Kamchatka|Venezuela|Mongolie|F\d+|[^A-Za-z]*"
    r"|Missions|Capitaine|Major|Colonel|Général|Risk Mission)$"
)
ENGLISH = re.compile(
    r"\b(the|and|you|your|with|from|to|of|is|are|armies|army|cards|pick|press|left|game"
    r"|player|seat|turn|search|for|quit|keys|theme|screenshot|wins?|attack|defend|move)\b",
    re.IGNORECASE,
)
# Commands and placeholders a French text quotes as they are typed.
TYPED = re.compile(r"risk-lan [a-z -]+|--[a-z-]+|ctrl\+[a-z]")
FIELD = re.compile(r"\{[^{}]*\}")


def without_fields(text: str) -> str:
    while FIELD.search(text):
        text = FIELD.sub(" ", text)  # nested fields ({n:… {n} …}) go from the inside out
    return TYPED.sub(" ", text)


def french_texts() -> list[tuple[str, str]]:
    found = [(f"app:{k}", v) for k, v in TEXTS["fr"].items()]
    found += [(f"log:{k}", v) for k, v in LOG_TEXTS["fr"].items()]
    found += [(f"key:{k}", v) for k, v in BINDING_NAMES["fr"].items()]
    found += [(f"textual:{k}", " ".join(v)) for k, v in SYSTEM_COMMANDS_FR.items()]
    found += [(f"stop:{k}", v) for k, v in WHAT["fr"].items()]
    found += [(f"stop:{k}", v) for k, v in SENTENCES["fr"].items()]
    found += [(f"expel:{k}", v) for k, v in DEEDS["fr"].items()]
    found += [(f"mode:{k}", v) for k, v in PLAIN_TITLES_FR.items()]
    found += [(f"mode:{k}", v["fr"]) for k, v in modeapps.TITLES.items()]  # a mode's presets
    found += [(f"key:{k}", v) for k, v in modeapps.key_names("fr").items()]  # a mode's keys
    return found


@pytest.mark.parametrize(("key", "text"), french_texts(), ids=lambda v: str(v)[:30])
def test_no_english_is_left_in_the_french_catalogue(key: str, text: str) -> None:
    english = TEXTS["en"].get(key.partition(":")[2]) if key.startswith("app:") else None
    if english is not None and text == english:
        assert SAME_IN_BOTH.match(text), f"{key} is the English text: {text!r}"
    words = without_fields(text)
    assert not ENGLISH.search(words), f"{key}: {ENGLISH.search(words).group(0)!r} in {text!r}"


def test_the_english_check_sees_english() -> None:
    assert ENGLISH.search("Press ctrl+q to quit")
    assert not ENGLISH.search(without_fields("Lancez risk-lan host --resume {path} (ctrl+q)"))
    assert not ENGLISH.search(without_fields("{n:aucune|une|{n} cards}"))


@pytest.mark.parametrize(
    ("territory", "le", "du", "au"),
    [
        ("brazil", "le Brésil", "du Brésil", "au Brésil"),
        ("china", "la Chine", "de la Chine", "à la Chine"),
        ("egypt", "l'Égypte", "de l'Égypte", "à l'Égypte"),
        ("northwest_territory", "les Territoires du Nord-Ouest",
         "des Territoires du Nord-Ouest", "aux Territoires du Nord-Ouest"),
        ("madagascar", "Madagascar", "de Madagascar", "à Madagascar"),
        ("irkutsk", "Irkoutsk", "d'Irkoutsk", "à Irkoutsk"),
    ],
)  # fmt: skip
def test_french_place_names_take_their_article(territory: str, le: str, du: str, au: str) -> None:
    name = place(classic_board(), territory, "fr")
    assert (f"{name:le}", f"{name:du}", f"{name:au}") == (le, du, au)
    assert f"{name:Le}" == le[0].upper() + le[1:]
    assert f"{name}" == name == le.removeprefix("le ").removeprefix("la ").removeprefix(
        "l'").removeprefix("les ")  # fmt: skip
    english = place(classic_board(), territory, "en")
    assert f"{english:le}" == str(english)  # English names take no article form


def test_every_territory_has_a_french_article() -> None:
    board = classic_board()
    without = {t for t in board.territory_ids if board.territories[t].article_fr == ""}
    assert without == {"madagascar", "irkutsk"}


def test_counts_agree_in_each_language() -> None:
    assert [f"{Count(n, 'en'):army|armies}" for n in (0, 1, 2)] == ["armies", "army", "armies"]
    assert [f"{Count(n, 'fr'):dé|dés}" for n in (0, 1, 2)] == ["dé", "dé", "dés"]
    three = "{n:no card|1 card|{n} cards}"
    assert [wording(three, "en", n=n) for n in (0, 1, 5)] == ["no card", "1 card", "5 cards"]


def test_the_app_says_counts_in_agreement() -> None:
    assert say("en", "defend", attacker="bob", target=PlaceName("Alaska"), amount=1).startswith(
        "bob attacks Alaska: defend with 1 die "
    )
    egypt = place(classic_board(), "egypt", "fr")
    assert say("fr", "fortify_ready", amount=1, source=egypt, target=egypt).startswith(
        "Déplacer 1 régiment de l'Égypte vers l'Égypte")  # fmt: skip


def test_every_rule_set_has_a_french_title_once() -> None:
    from risk_lan.rules import RULESETS
    from risk_lan.tui.turnlogic.modeapps import TITLES, mode_title

    # A mode's presets are titled in its unit, the plain ones in mode_texts.py: never both.
    brought = [preset for preset, by_lang in TITLES.items() if "fr" in by_lang]
    assert not set(brought) & set(PLAIN_TITLES_FR)
    assert sorted([*PLAIN_TITLES_FR, *brought]) == sorted(RULESETS)
    assert mode_title("team", "fr") == "Risk par équipe" and mode_title("team") == "Team Risk"
    assert mode_title("risk-mission", "fr") == "Risk Mission"  # its unit's (mission_lines)
    assert mode_title("capital", "fr") == "Risk Capitale, règles de 2015"
    assert mode_title("capital") == "Capital Risk, 2015 rules"  # English: the rule set's own
    assert mode_title("newer-mode", "fr") == "newer-mode"  # a newer host's: its name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_mode_but_the_classic_ones_has_its_own_help_page(lang: str) -> None:
    from risk_lan.rules import RULESETS
    from risk_lan.tui.screens.help_screen import help_text

    plain = help_text(lang)
    for mode in RULESETS:
        page = help_text(lang, mode)
        assert (page == plain) == (mode in ("classic", "classic-2015")), mode
    for mode in ("revised", "revised-objectives", "revised-support"):
        assert "risques calculés" in help_text(lang, mode) and "F4" in help_text(lang, mode)
    assert "F8" in help_text(lang, "revised-support")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_preset_without_a_help_page_gets_the_game_s_help(lang: str) -> None:
    from risk_lan.tui.screens.help_screen import help_text

    # A newer host's rule set, or a mode that brings no page: the help of the game and its
    # keys, as for the classic game, rather than an error.
    plain = help_text(lang)
    assert help_text(lang, "newer-mode") == plain and help_text(lang, "") == plain
    assert help_text(lang, "classic") == plain
    # A page, then the game's help, without what the page says in its place (the goal).
    page = help_text(lang, "risk-mission")
    assert page.startswith("## ") and ("# How to play" in page or "# Comment jouer" in page)
    assert page.endswith(plain[plain.index("**Fair dice" if lang == "en" else "**Des dés") :])
    assert "42" in plain and "42" not in page


def test_every_modes_own_words_are_in_the_catalogue() -> None:
    """A mode's app unit names its catalogue of words (``ModeApp.texts``); the app says
    them only once the catalogue has them merged, in every language."""
    from risk_lan.tui.texts.catalogue import TEXTS
    from risk_lan.tui.turnlogic.modeapps import MODE_APPS

    named = [mode for mode in MODE_APPS if mode.texts]
    assert {m.name for m in named} >= {"allied", "independents", "missions"}
    for mode in named:
        for lang, words in mode.texts.items():
            missing = [key for key, text in words.items() if TEXTS[lang].get(key) != text]
            assert not missing, (mode.name, lang, missing[:5])


@pytest.mark.parametrize(
    ("lang", "one", "three"),
    [
        ("en", "Place 1 army on", "Place 3 armies on"),
        ("fr", "Placez 1 régiment sur", "Placez 3 régiments sur"),
    ],
)
def test_a_setup_step_of_one_army_reads_right(lang: str, one: str, three: str) -> None:
    """Rulebook 000-B's setup by steps: "Place 1 army", never "Place 1 of your army"."""
    from risk_lan.tui.texts.catalogue import say

    assert say(lang, "setup_step", step=1, left=5).startswith(one)
    assert say(lang, "setup_step", step=3, left=5).startswith(three)
