"""Sentences with their grammar right in English and French: a count's noun agrees with the
count, and a French place name takes its article ("le Brésil", "du Brésil", "au Brésil").

A template names the form it needs in the field's format spec:

- ``{n:card|cards}`` is the noun that agrees with ``n`` (``{n}`` alone is the number). English
  takes the singular for 1 only; French for 0 and 1, as French grammar has it. Three forms,
  ``{n:no card|1 card|{n} cards}``, give 0 a sentence of its own.
- ``{territory:le}``, ``{territory:du}`` and ``{territory:au}`` (capitalised: ``Le``, ``Du``,
  ``Au``) put a place name after an article or the prepositions "de" and "à", contracted and
  elided as French requires; ``{territory}`` alone is the bare name.

Every sentence goes through :func:`wording`, which gives each whole number these forms.
"""

from __future__ import annotations

from typing import Any

# The French definite article of a place name, by its first word's gender and number; a name
# without one ("Madagascar", "Irkoutsk") takes none.
ARTICLES = ("le", "la", "l'", "les", "")
_VOWELS = "aeiouyàâéèêëîïôöûüh"
_DE = {"le": "du ", "la": "de la ", "l'": "de l'", "les": "des "}
_A = {"le": "au ", "la": "à la ", "l'": "à l'", "les": "aux "}


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


class PlaceName(str):
    """A place's name that can also be said with its French article."""

    article: str

    def __new__(cls, name: str, article: str = "") -> PlaceName:
        if article not in ARTICLES:
            raise ValueError(f"not a French article: {article!r}")
        place = super().__new__(cls, name)
        place.article = article
        return place

    def with_article(self, form: str) -> str:
        name = str(self)
        if form == "le":
            if self.article == "l'":
                return "l'" + name
            return f"{self.article} {name}" if self.article else name
        table = _DE if form == "du" else _A
        if self.article:
            return table[self.article] + name
        if form == "du":
            return ("d'" if name[:1].lower() in _VOWELS else "de ") + name
        return "à " + name

    def __format__(self, spec: str) -> str:
        if spec.lower() in ("le", "du", "au"):
            text = self.with_article(spec.lower())
            return _first_upper(text) if spec[0].isupper() else text
        return format(str(self), spec)


class Count(int):
    """A whole number that can also say a noun in the number that agrees with it."""

    lang: str

    def __new__(cls, value: int, lang: str = "en") -> Count:
        count = super().__new__(cls, value)
        count.lang = lang
        return count

    def singular(self) -> bool:
        return abs(int(self)) <= 1 if self.lang == "fr" else abs(int(self)) == 1

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            forms = spec.split("|")
            if len(forms) == 3:  # none|one|other: a sentence that says nothing differently
                if int(self) == 0:
                    return forms[0]
                forms = forms[1:]
            return forms[0] if self.singular() else forms[1]
        return format(int(self), spec)


def wording(template: str, lang: str, **fields: Any) -> str:
    """``template`` filled in, each whole number able to make its noun agree and each name
    able to follow "de" or "à"."""
    for key, value in fields.items():
        if isinstance(value, int) and not isinstance(value, bool | Count):
            fields[key] = Count(value, lang)
        elif type(value) is str:  # a player's name: "d'Ann", "de Bob"
            fields[key] = PlaceName(value)
    return template.format(**fields)


def place(board: Any, territory: str, lang: str) -> PlaceName:
    """A territory's name in ``lang``, with its French article."""
    t = board.territories[territory]
    return PlaceName(t.name_fr, t.article_fr) if lang == "fr" else PlaceName(t.name_en)
