"""The map loader (risk_lan.rules.board): the classic board's contents, and clear errors for
maps that cannot be played on."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources

import pytest

from risk_lan.rules import MapError, classic_board, load_board, load_board_data
from risk_lan.rules.cards import deck_cards

CLASSIC_IDS = {
    "north_america": [
        "alaska", "northwest_territory", "greenland", "alberta", "ontario", "quebec",
        "western_united_states", "eastern_united_states", "central_america",
    ],
    "south_america": ["venezuela", "peru", "brazil", "argentina"],
    "europe": [
        "iceland", "great_britain", "scandinavia", "northern_europe", "western_europe",
        "southern_europe", "ukraine",
    ],
    "africa": ["north_africa", "egypt", "east_africa", "congo", "south_africa", "madagascar"],
    "asia": [
        "ural", "siberia", "yakutsk", "irkutsk", "kamchatka", "japan", "mongolia", "china",
        "afghanistan", "middle_east", "india", "siam",
    ],
    "oceania": ["indonesia", "new_guinea", "western_australia", "eastern_australia"],
}  # fmt: skip

# Rulebook 001 «PHASE 1» / 000-B «Premier temps» bonuses; rulebook 001 «Plateau de jeu» counts.
CONTINENTS = {
    "north_america": (5, 9),
    "south_america": (2, 4),
    "europe": (5, 7),
    "africa": (3, 6),
    "asia": (7, 12),
    "oceania": (2, 4),
}


# ----- the classic board -------------------------------------------------------------------


def test_classic_board_has_the_42_territories():
    board = classic_board()
    every = [t for ids in CLASSIC_IDS.values() for t in ids]
    assert len(every) == 42
    assert sorted(board.territory_ids) == sorted(every)
    for continent, ids in CLASSIC_IDS.items():
        assert all(board.territories[t].continent == continent for t in ids)


def test_classic_continents_bonuses_and_sizes():
    board = classic_board()
    found = {c.id: (c.bonus, len(c.territories)) for c in board.continents.values()}
    assert found == CONTINENTS
    for c in board.continents.values():
        assert sorted(c.territories) == sorted(CLASSIC_IDS[c.id])


def test_classic_borders():
    """83 symmetric borders (RULES.md 1.2.2); Alaska–Kamchatka crosses the sea at the map edge
    (rulebook 000-A «COMBATS», rulebook 003 «2. ATTAQUER»)."""
    board = classic_board()
    assert len(board.borders) == 83
    assert len({frozenset((b.first, b.second)) for b in board.borders}) == 83
    for t, neighbours in board.neighbours.items():
        assert t not in neighbours
        assert all(t in board.neighbours[n] for n in neighbours)
    assert board.adjacent("kamchatka", "alaska")
    assert board.border_kind("alaska", "kamchatka") == "sea"
    assert board.border_kind("alberta", "ontario") == "land"
    assert not board.adjacent("alaska", "greenland")
    with pytest.raises(KeyError):
        board.border_kind("alaska", "greenland")


def test_classic_cards_fourteen_of_each_symbol_and_two_jokers():
    """RULES.md 1.1: 44 cards, 42 territory cards (14 of each symbol) and 2 jokers; rulebook 002
    «Les cartes»: the Ontario card shows a cavalryman."""
    board = classic_board()
    symbols = Counter(t.card for t in board.territories.values())
    assert symbols == {"infantry": 14, "cavalry": 14, "artillery": 14}
    assert board.jokers == 2
    cards = deck_cards(board)
    assert len(cards) == len(set(cards)) == 44
    assert board.territories["ontario"].card == "cavalry"


def test_classic_french_names_for_every_territory_and_continent():
    """RULES.md Part 4: every territory has a French name in the map file."""
    with (resources.files("risk_lan.rules") / "data" / "classic.toml").open("rb") as f:
        raw = tomllib.load(f)
    assert all(t.get("name_fr") for t in raw["territories"])
    assert all(c.get("name_fr") for c in raw["continents"])
    board = classic_board()
    seed_names = {
        "egypt": "Égypte",
        "southern_europe": "Europe du Sud",
        "western_europe": "Europe de l'Ouest",
        "north_africa": "Afrique du Nord",
        "middle_east": "Moyen-Orient",
        "indonesia": "Indonésie",
        "quebec": "Québec",
        "brazil": "Brésil",
    }
    for t, name in seed_names.items():
        assert board.name(t, "fr") == name
    assert board.name("egypt") == "Egypt"
    assert board.continents["north_america"].name_fr == "Amérique du Nord"


# ----- invalid maps ------------------------------------------------------------------------


def tiny() -> dict:
    """A valid three-territory map: a – b by land, b – c by sea."""
    return {
        "map": {"id": "tiny", "name_en": "Tiny", "jokers": 1},
        "continents": [{"id": "north", "bonus": 2}, {"id": "south", "bonus": 1}],
        "territories": [
            {"id": "a", "continent": "north", "card": "infantry", "neighbours": ["b"]},
            {"id": "b", "continent": "north", "card": "cavalry", "neighbours": ["a", "c"]},
            {"id": "c", "continent": "south", "card": "artillery", "neighbours": ["b"]},
        ],
        "sea_lines": [["b", "c"]],
    }


def territory(data: dict, tid: str) -> dict:
    return next(t for t in data["territories"] if t["id"] == tid)


def test_tiny_map_loads():
    board = load_board_data(tiny())
    assert (board.id, board.territory_ids, board.jokers) == ("tiny", ("a", "b", "c"), 1)
    assert board.border_kind("a", "b") == "land" and board.border_kind("c", "b") == "sea"
    assert board.continents["north"].territories == ("a", "b")
    assert board.name("a", "fr") == "a"  # names default to the id


def broken(change) -> str:
    data = copy.deepcopy(tiny())
    change(data)
    with pytest.raises(MapError) as refused:
        load_board_data(data)
    return str(refused.value)


def test_unknown_neighbour():
    message = broken(lambda d: territory(d, "a")["neighbours"].append("atlantis"))
    assert "atlantis" in message and "'a'" in message


def test_one_way_border():
    def one_way(d):
        territory(d, "a")["neighbours"].append("c")

    message = broken(one_way)
    assert "one-way" in message and "'a'" in message and "'c'" in message


def test_self_loop():
    def loop(d):
        territory(d, "b")["neighbours"].append("b")

    message = broken(loop)
    assert "'b'" in message and "itself" in message


def test_disconnected_board():
    def island(d):
        d["territories"].append(
            {"id": "island", "continent": "south", "card": "infantry", "neighbours": []}
        )

    message = broken(island)
    assert "disconnected" in message and "island" in message


def test_continent_without_territories():
    message = broken(lambda d: d["continents"].append({"id": "antarctica", "bonus": 9}))
    assert "antarctica" in message and "no territories" in message


def test_unknown_continent():
    message = broken(lambda d: territory(d, "c").update(continent="atlantis"))
    assert "atlantis" in message and "'c'" in message


def test_bad_card_symbol():
    message = broken(lambda d: territory(d, "a").update(card="dragon"))
    assert "dragon" in message and "'a'" in message


def test_duplicated_territory():
    message = broken(lambda d: d["territories"].append(copy.deepcopy(territory(d, "a"))))
    assert "'a'" in message and "twice" in message


def test_sea_line_between_non_neighbours():
    message = broken(lambda d: d["sea_lines"].append(["a", "c"]))
    assert "'a'" in message and "'c'" in message and "do not border" in message


def test_sea_line_with_unknown_territory():
    message = broken(lambda d: d["sea_lines"].append(["a", "atlantis"]))
    assert "atlantis" in message


def test_missing_field():
    message = broken(lambda d: territory(d, "b").pop("card"))
    assert "'b'" in message and "card" in message


# ----- map files ---------------------------------------------------------------------------

TINY_TOML = """
sea_lines = [["b", "c"]]

[map]
id = "tiny"
jokers = 1

[[continents]]
id = "north"
name_fr = "Nord"
bonus = 2

[[territories]]
id = "a"
continent = "north"
card = "infantry"
neighbours = ["b"]

[[territories]]
id = "b"
continent = "north"
card = "cavalry"
neighbours = ["a", "c"]

[[territories]]
id = "c"
continent = "north"
card = "artillery"
neighbours = ["b"]
"""


def test_load_board_from_a_file(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(TINY_TOML, encoding="utf-8")
    board = load_board(path)
    assert board.territory_ids == ("a", "b", "c")
    assert board.continents["north"].name_fr == "Nord"
    assert board.border_kind("b", "c") == "sea"
    assert load_board(str(path)).territory_ids == board.territory_ids


def test_load_board_rejects_invalid_toml(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('[map\nid = "tiny"\n', encoding="utf-8")
    with pytest.raises(MapError) as refused:
        load_board(path)
    assert "broken.toml" in str(refused.value) and "TOML" in str(refused.value)


def test_load_board_validates_the_file(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(TINY_TOML.replace('card = "cavalry"', 'card = "tank"'), encoding="utf-8")
    with pytest.raises(MapError, match="tank"):
        load_board(path)
