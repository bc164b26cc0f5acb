"""Risk Mission (RULES.md 2.7, rulebook 001 «Risk MISSION»): four ranks of seven cards, each
with a condition on the state and the moment it may be claimed; the deal, one card of each
rank to each player, and the claims.

The 28 cards live in ``data/missions.toml``: the rulebook lists none, so they are the project's
own (docs/rules.md). A mission is claimed by its player, at most one a turn, in its window:
at the start of the player's turn before anything else ("turn_start"), right after one of
its conquests ("after_conquest"), or as it ends its turn ("turn_end": the claim ends the
turn). A claimed mission stays achieved; after three, the fourth is shown to all; the
fourth claimed wins.
"""

from __future__ import annotations

from .actions import Action, ClaimMission, MoveIn
from .board import Board
from .events import Conquered, Event, GameWon, MissionClaimed, MissionsDealt, MissionShown
from .illegal import IllegalAction

# The cards themselves, read from the data file, and imported from here too.
from .missioncards import KINDS as KINDS
from .missioncards import PER_RANK as PER_RANK
from .missioncards import RANKS as RANKS
from .missioncards import WINDOWS as WINDOWS
from .missioncards import Mission as Mission
from .missioncards import missions as missions
from .modeunit import ModeRules, TurnLists
from .randomness import RandomSource
from .sealing import dealt
from .state import GameState
from .teams import continents_of, controlled_count
from .turn import check_can_move_on


def check_cards(board: Board) -> None:
    """Raise ValueError, saying why, unless the cards are seven of each rank, each with a known
    kind, its fields, a window and a text in both languages, naming only ``board``'s
    continents."""
    cards = missions()
    for rank in RANKS:
        n = sum(1 for c in cards.values() if c.rank == rank)
        if n != PER_RANK:
            raise ValueError(f"{n} missions of rank {rank}, not {PER_RANK}")
    for c in cards.values():
        if c.rank not in RANKS or c.window not in WINDOWS or c.kind not in KINDS:
            raise ValueError(f"mission {c.id}: unknown rank, window or kind")
        missing = [f for f in KINDS[c.kind] if not getattr(c, f)]
        if missing or not c.en or not c.fr:
            raise ValueError(f"mission {c.id} lacks {missing or 'a text'}")
        named = [*c.continents, *([c.continent] if c.continent else [])]
        unknown = [n for n in named if n not in board.continents]
        if unknown:
            raise ValueError(f"mission {c.id} names unknown continents {unknown}")


def holds(state: GameState, player: str, card: Mission, conquests: int = 0) -> bool:
    """Whether ``card``'s condition holds for ``player`` in ``state``; ``conquests`` is how many
    territories the player conquered this turn."""
    board, owner, armies = state.board, state.owner, state.armies
    kind = card.kind
    if kind == "continents":
        held = continents_of(state, player)
        return all(c in held for c in card.continents)
    if kind == "any_continents":
        return len(continents_of(state, player)) >= card.count
    if kind == "territories":
        return controlled_count(state, player) >= card.count
    if kind == "garrisons":
        strong = [t for t in state.territories_of(player) if armies[t] >= card.armies]
        return len(strong) >= card.count
    if kind == "stack":
        return any(armies[t] >= card.armies for t in state.territories_of(player))
    if kind == "cards":
        return len(state.hands[player]) >= card.count
    if kind == "conquests":
        return conquests >= card.count
    if kind == "gateways":
        inside = set(board.continents[card.continent].territories)
        gates = [t for t in inside if any(n not in inside for n in board.neighbours[t])]
        return all(owner[t] == player for t in gates)
    if kind == "weaken_left":
        left = state.next_player(player)  # the next one still in the game
        return left != player and state.count(left) <= card.count
    if kind == "weaken_all":
        others = [p for p in state.players if p != player and state.alive(p)]
        return bool(others) and all(state.count(p) <= card.count for p in others)
    if kind == "eliminations":
        beaten = sum(1 for by in state.eliminated_by.values() if by == player)
        return beaten >= card.count
    raise ValueError(f"mission {card.id} is of no known kind")


# ----- the deal and the claims ------------------------------------------------------------


def deal(state: GameState, source: RandomSource, first: str) -> MissionsDealt:
    """One card of each rank for each player, from each rank's shuffled pile, dealt from
    ``first`` round the table (001 «Risk MISSION»: «chaque joueur tire une carte de chaque
    grade»)."""
    cards = missions()
    seats = state.players
    start = seats.index(first)
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    state.missions = {p: [] for p in seats}
    for rank in RANKS:
        pile = [c.id for c in cards.values() if c.rank == rank]
        shuffled = dealt(state, source, pile)
        for player, card in zip(order, shuffled, strict=False):
            state.missions[player].append(card)
    state.claimed = {p: [] for p in seats}
    return MissionsDealt({p: tuple(m) for p, m in state.missions.items()})


def window_open(state: GameState, player: str, window: str) -> bool:
    """Whether ``window`` is open for ``player`` now (its own turn, nothing pending)."""
    if state.current != player or state.phase not in ("reinforce", "attack", "fortify"):
        return False
    if window == "turn_end":
        try:  # whenever the turn could end: nothing left to place, no trade owed
            check_can_move_on(state)
        except IllegalAction:
            return False
        return True
    return state.claim_window == window


def check_claim(state: GameState, player: str, mission: str) -> Mission:
    """Raise IllegalAction, saying why, unless ``player`` may claim ``mission`` now."""
    if state.rules.victory != "missions":
        raise IllegalAction("no_mission", "this game has no missions")
    card = missions().get(mission)
    if card is None or mission not in state.missions.get(player, ()):
        raise IllegalAction("no_mission", "that is not one of your missions")
    if mission in state.claimed.get(player, ()):
        raise IllegalAction("claimed", "that mission is claimed already")
    if state.claimed_turn:
        raise IllegalAction("one_a_turn", "one mission a turn: you have claimed one this turn")
    if not window_open(state, player, card.window):
        raise IllegalAction("not_now", f"that mission is claimed {WINDOW_WORDS[card.window]}")
    if not holds(state, player, card, state.conquests):
        raise IllegalAction("not_met", "that mission's condition does not hold now")
    return card


def claimable(state: GameState, player: str) -> list[str]:
    """The missions ``player`` may claim now, in the order dealt."""
    if state.rules.victory != "missions":
        return []
    out = []
    for mission in state.missions.get(player, ()):
        try:
            check_claim(state, player, mission)
        except IllegalAction:
            continue
        out.append(mission)
    return out


WINDOW_WORDS = {
    "turn_start": "at the start of your turn, before anything else",
    "after_conquest": "right after one of your conquests",
    "turn_end": "as you end your turn, with nothing left to place",
}


def claim(state: GameState, player: str, mission: str) -> list[Event]:
    """Claim ``mission`` (checked): shown to all; the fourth shown after three claims; the
    fourth claimed wins. A mission claimed as the turn ends does not end it here: the
    engine ends it next."""
    check_claim(state, player, mission)
    mine = state.claimed.setdefault(player, [])
    mine.append(mission)
    state.claimed_turn = True
    state.claim_window = ""
    events: list[Event] = [MissionClaimed(player, mission, len(mine))]
    left = [m for m in state.missions[player] if m not in mine]
    if len(mine) == len(RANKS) - 1 and left:
        # Looked up, as a card: one a client's game does not know (another player's, hidden)
        # makes that move the host's word until the end.
        shown = missions()[left[0]].id
        state.shown[player] = shown
        events.append(MissionShown(player, shown))
    if len(mine) == len(RANKS):
        state.phase, state.winner = "over", player
        events.append(GameWon(player, "missions"))
    return events


def after_action(state: GameState, player: str, conquered: int, moved_in: bool) -> None:
    """Keep the claim windows in step after ``player``'s action: the turn's conquests
    counted; "after_conquest" opened by a conquest finished (moved into), any other action of
    the current player's closing what was open. A new turn opens "turn_start" itself."""
    state.conquests += conquered
    if moved_in or (conquered and state.phase != "move_in"):
        state.claim_window = "after_conquest"
    elif player == state.current:
        state.claim_window = ""


def _after(
    state: GameState, source: RandomSource, player: str, action: Action, events: list[Event]
) -> list[Event]:
    if state.phase == "over" or isinstance(action, ClaimMission):
        return []
    conquered = sum(1 for e in events if type(e) is Conquered)
    after_action(state, player, conquered, isinstance(action, MoveIn))
    return []


def _chance_of_claim(state: GameState, action: ClaimMission) -> bool | None:
    """A claim at the turn's end ends the turn, which the rules alone cannot foresee."""
    return None if missions()[action.mission].window == "turn_end" else False


def _ends_turn(state: GameState, action: Action) -> bool:
    """A mission claimed at the end of the turn ends it (unless it won the game)."""
    return (
        isinstance(action, ClaimMission)
        and state.phase != "over"
        and missions()[action.mission].window == "turn_end"
    )


def _begin(state: GameState) -> None:
    """A new turn: no conquest yet, no claim yet, the turn start's claims open."""
    state.conquests, state.claimed_turn, state.claim_window = 0, False, "turn_start"


def _turn(state: GameState, player: str, lists: TurnLists) -> list[Action]:
    """The plain turn, after the missions that may be claimed."""
    claims: list[Action] = [ClaimMission(m) for m in claimable(state, player)]
    return claims + lists.plain_turn(state, player)


MODE = ModeRules(
    name="missions",
    applies=lambda rules: rules.victory == "missions",
    checks={ClaimMission: lambda s, p, a: check_claim(s, p, a.mission)},
    effects={ClaimMission: lambda s, rng, p, a, h: claim(s, p, a.mission)},
    after=_after,
    ends_turn=_ends_turn,
    secret_deal=deal,
    chance={ClaimMission: _chance_of_claim},
    at_turn_start=_begin,
    turn=_turn,
)
