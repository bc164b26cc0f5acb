"""The default bot: plain, fast heuristics that play legal and sensible classic games.

It aims at the continent it is closest to owning, or at what its secret objective asks (the
objective's continents, or the player to destroy), or at the other headquarters; it puts each
turn's reinforcements on its headquarters when that is threatened, else on the
border territory with the best attack, attacks when its rolling armies at least match the
defenders, trades every set it holds, and fortifies from quiet interior territories toward
the front. It sees only what its player may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from risk_lan.bots.base import Sealed
from risk_lan.bots.modeplays import playing
from risk_lan.rules import (
    Action,
    Attack,
    Defend,
    EndTurn,
    Fortify,
    Game,
    MoveIn,
    Place,
    SetAutoDefend,
    TradeCards,
)
from risk_lan.rules.modes import midway, placed_for
from risk_lan.rules.ruleset import RuleSet, per_rule_set
from risk_lan.rules.setup import neutral_choices, placing_neutral
from risk_lan.rules.state import GameState
from risk_lan.rules.teams import allies, armies_of, movable, placeable, presence
from risk_lan.rules.turn import bonus_candidates, has_set, sets_in_hand, trade_open


class Steering(Protocol):
    """What bends the normal bot's play one way for a turn (the hard bot's turn plans,
    ``turn_plans.Plan``): each answer None (or False) leaves the bot's own choice."""

    @property
    def margin(self) -> int:
        """How many armies more than the defenders it wants before attacking."""
        ...

    def goal(self, s: GameState, player: str) -> str | None:
        """The continent to go for."""
        ...

    def front(self, s: GameState, player: str) -> str | None:
        """Where this turn's reinforcements go."""
        ...

    def holds_fire(self, s: GameState) -> bool:
        """Whether it attacks no more this turn."""
        ...


class ClassicBot:
    name = "normal"
    # Attack when the armies able to roll, less the defenders, come to at least this much.
    # Bolder settings won more often in bot-against-bot trials (0 beat 1-or-2 by 59% to 41%).
    margin = 0

    def __init__(self, seed: int | str | None = None, steering: Steering | None = None) -> None:
        # Deterministic: the seed is accepted so every bot can be built the same way.
        self.seed = seed
        self.steering = steering
        if steering is not None:
            self.margin = steering.margin
        # Caches are keyed by the state object itself (compared by identity, and kept alive
        # so its address is never reused) and the player, so one bot can serve any game.
        self._goal_key: tuple[GameState, str, int, int] | None = None
        self._goal_set: frozenset[str] = frozenset()
        self._setup_key: tuple[GameState, str, int] | None = None
        self._setup_choice = ""
        self._sealed: Sealed = {}

    def opening(self, game: Game, player: str) -> list[Action]:
        for mode in playing(game.rules):
            if mode.opening is not None:
                actions = mode.opening(game, player)
                if actions is not None:
                    return actions
        # Rolling every defence die allowed is the usual advice, so answer once for all.
        return [SetAutoDefend(game.rules.defender_max_dice)]

    def choose(self, game: Game, player: str) -> Action:
        if not playing(game.state.rules):
            # The plain rules: no mode's move nor amendment to ask for.
            step = self._STEPS.get(game.state.phase)
            return step(self, game, player) if step is not None else EndTurn()
        action = self._choose(game, player)
        for mode in playing(game.rules):
            if mode.amend is not None:
                instead = mode.amend(game, player, action)
                if instead is not None:
                    return instead
        return action

    def _choose(self, game: Game, player: str) -> Action:
        move = self._mode_move(game, player)
        if move is not None:
            return move
        step = self._STEPS.get(game.state.phase)
        return step(self, game, player) if step is not None else EndTurn()

    def _mode_move(self, game: Game, player: str) -> Action | None:
        """The move of a mode that plays its own way at this step (bots/modeplays.py); None to
        play the classic step."""
        s = game.state
        for mode in playing(s.rules):
            if mode.secret is not None:
                move = mode.secret(game, player, self._sealed, lambda: self._stronghold(s, player))
                if move is not None:
                    return move
            if mode.move is not None:
                move = mode.move(game, player, self)
                if move is not None:
                    return move
        return None

    # ----- what a mode's own moves borrow (modeplay.Aims) ----------------------------------

    def place_at(self, game: Game, player: str) -> str:
        s = game.state
        return self._setup_front(s, player) if s.phase == "setup" else self._front(s, player)

    def dice_trade(self, game: Game, player: str) -> Action | None:
        return self._trade(game, player) if has_set(game.state, player) else None

    def dice_attack(self, game: Game, player: str) -> Action | None:
        return self._attack(game.state, player)

    def manoeuvre(self, game: Game, player: str) -> Action | None:
        return self._fortify(game.state, player)

    # ----- the classic steps, by phase ----------------------------------------------------

    def _on_setup(self, game: Game, player: str) -> Action:
        s = game.state
        if placing_neutral(s):
            return Place(self._buffer(s, player))
        return Place(self._setup_front(s, player))

    def _on_claim(self, game: Game, player: str) -> Action:
        return Place(self._claim(game.state, player))

    def _on_reinforce(self, game: Game, player: str) -> Action:
        s = game.state
        # ``_trade`` finds the sets once: no set, no trade (asking ``has_set`` first found
        # them twice).
        if len(s.hands[player]) >= 3 and trade_open(s):
            trade = self._trade(game, player)
            if trade is not None:
                return trade
        force = placed_for(s, player)
        if s.pool > 0 and force:
            return Place(self._front(s, force), s.pool)  # an ally's armies
        if s.pool > 0:
            return Place(self._front(s, player), s.pool)
        return self._on_attack(game, player)

    def _on_attack(self, game: Game, player: str) -> Action:
        s = game.state
        return self._attack(s, player) or self._fortify(s, player) or EndTurn()

    def _on_defend(self, game: Game, player: str) -> Action:
        s = game.state
        assert s.attack is not None
        return Defend(min(s.rules.defender_max_dice, s.armies[s.attack.target]))

    def _on_move_in(self, game: Game, player: str) -> Action:
        return MoveIn(self._move_in(game.state, player))

    # Any other step (the manoeuvres after the first, where the rules allow several) ends
    # the turn.
    _STEPS: ClassVar[dict[str, Callable[[ClassicBot, Game, str], Action]]] = {
        "setup": _on_setup,
        "claim": _on_claim,
        "reinforce": _on_reinforce,
        "attack": _on_attack,
        "defend": _on_defend,
        "move_in": _on_move_in,
    }

    # ----- choosing targets ---------------------------------------------------------------

    def _goal_territories(self, s: GameState, player: str) -> frozenset[str]:
        """The goal continent's territories, chosen once a turn (and after each claim)."""
        key = (s, player, s.turn, s.count(player) if s.phase == "claim" else 0)
        if key != self._goal_key:
            aim = self._objective_territories(s, player)
            if aim is None:
                goal = s.board.continents.get(self._goal(s, player))
                aim = frozenset(goal.territories) if goal else frozenset()
            self._goal_set = aim
            self._goal_key = key
        return self._goal_set

    def _objective_territories(self, s: GameState, player: str) -> frozenset[str] | None:
        """What its goal asks it to take, if it names territories: a mode's aim
        (``ModePlay.aims``), or under team rules the weakest enemy's (None: no such aim, so
        the nearest continent will do)."""
        for mode in playing(s.rules):
            if mode.aims is not None:
                return mode.aims(s, player)
        if s.teams:
            # One player of the other team out wins the game: go for the weakest.
            team = _side(s, player)
            enemies = [p for p in s.players if p not in team and s.alive(p)]
            weakest = min(enemies, key=lambda p: (len(presence(s, p)), s.players.index(p)))
            return frozenset(presence(s, weakest))
        return None

    def _goal(self, s: GameState, player: str) -> str:
        """The continent it is closest to owning, ignoring those it already holds whole."""
        steered = self.steering.goal(s, player) if self.steering is not None else None
        if steered:
            return steered
        own = s.owner
        best, best_score = "", -1.0
        for c in s.board.continents.values():
            mine = [own[t] for t in c.territories].count(player)
            size = len(c.territories)
            if mine == size:
                continue
            score = mine / size + c.bonus / (size * 10)
            if score > best_score:
                best, best_score = c.id, score
        return best

    def _claim(self, s: GameState, player: str) -> str:
        """The continent where it stands best (small and rich first), then the free
        territory there with the most of its own neighbours."""
        own, board = s.owner, s.board
        best_continent, best_score = None, -1e9
        for c in board.continents.values():
            holders = [own[t] for t in c.territories]
            free = holders.count(None)
            if not free:
                continue
            size = len(holders)
            mine = holders.count(player)
            theirs = size - mine - free
            score = 10 * mine / size - 6 * theirs / size + c.bonus / size
            if score > best_score:
                best_continent, best_score = c, score
        assert best_continent is not None, "claiming ends when no territory is free"
        best, most = "", -1
        for t in best_continent.territories:
            if own[t] is None:
                friends = [own[n] for n in board.neighbours[t]].count(player)
                if friends > most:
                    best, most = t, friends
        return best

    def _setup_front(self, s: GameState, player: str) -> str:
        # Owners do not change while starting armies are placed, and the front chosen only
        # grows stronger with each army, so the choice is revisited every few placements.
        key = (s, player, s.setup_left[player] // 4)
        if key != self._setup_key:
            self._setup_choice = self._front(s, player)
            self._setup_key = key
        return self._setup_choice

    def _front(self, s: GameState, player: str) -> str:
        """The owned border territory with the best attack into its goal continent, unless
        a territory its mode has it keep (``ModePlay.keep``: its headquarters) is in
        danger: then that one."""
        steered = self.steering.front(s, player) if self.steering is not None else None
        if steered:
            return steered
        own, armies, board = s.owner, s.armies, s.board
        for mode in playing(s.rules):
            kept = mode.keep(s, player) if mode.keep is not None else None
            if kept and own[kept] == player and self._threat(s, player, kept) >= armies[kept]:
                return kept
        goal_set = self._goal_territories(s, player)
        team = _side(s, player)
        best, best_score = "", -1e9
        fallback = ""
        for t in placeable(s, player) if s.teams else s.territories_of(player):
            fallback = fallback or t
            mine = armies[t] + (2 if t in goal_set else 0)
            for n in board.neighbours[t]:
                if own[n] in team:
                    continue
                score = mine - armies[n] + (6 if n in goal_set else 0)
                if score > best_score:
                    best, best_score = t, score
        return best or fallback

    def _trade(self, game: Game, player: str) -> TradeCards | None:
        s = game.state
        sets = sets_in_hand(s, player)
        if not sets:
            return None
        if s.rules.trade_values == "escalating":
            # Every set is worth the same now: keep the jokers for later.
            cards = min(sets, key=lambda combo: sum(c.startswith("joker") for c in combo))
        else:
            cards = max(sets, key=game.set_value)
        bonus = None
        if s.rules.territory_bonus == "once_per_set":
            candidates = bonus_candidates(s, player, cards)
            if candidates:
                bonus = max(candidates, key=lambda t: self._threat(s, player, t))
        return TradeCards(cards, bonus)

    def _threat(self, s: GameState, player: str, territory: str) -> int:
        own, armies, team = s.owner, s.armies, _side(s, player)
        return sum(armies[n] for n in s.board.neighbours[territory] if own[n] not in team)

    def _buffer(self, s: GameState, player: str) -> str:
        """A neutral army goes where it stands between the opponents' armies and its own
        territories: the neutral territory with the most enemy armies next to it, its own
        territories next to it breaking ties."""
        own, armies, neighbours = s.owner, s.armies, s.board.neighbours
        due = neutral_choices(s)
        neutral = [t for t in s.board.territory_ids if own[t] in due]

        def score(t: str) -> tuple[int, int]:
            around = [n for n in neighbours[t] if own[n] in s.hands]
            enemy = sum(armies[n] for n in around if own[n] != player)
            return enemy, sum(1 for n in around if own[n] == player)

        return max(neutral, key=score)

    def _stronghold(self, s: GameState, player: str) -> str:
        """Headquarters: the territory with the most armies for the fewest enemies around."""
        return max(
            s.territories_of(player),
            key=lambda t: (s.armies[t] - self._threat(s, player, t), -self._threat(s, player, t)),
        )

    # ----- attacking ----------------------------------------------------------------------

    def _attack(self, s: GameState, player: str) -> Attack | None:
        if self.steering is not None and self.steering.holds_fire(s):
            return None
        own, armies, neighbours = s.owner, s.armies, s.board.neighbours
        goal_set = self._goal_territories(s, player)
        protect = s.rules.protect_last_territory_rounds
        protected = protect and s.round <= protect
        margin = self.margin
        best_src = best_tgt = ""
        best_score = -(10**9)
        team = _side(s, player)
        # Without team rules a territory holds its owner's armies only: ``armies`` is
        # ``armies_of`` there, without a call per territory on the bot's busiest path.
        mixed = s.mixed
        for src in presence(s, player) if mixed else s.territories_of(player):
            mine = (armies_of(s, src, player) if mixed else armies[src]) - 1
            if mine < 2:
                continue
            for tgt in neighbours[src]:
                victim = own[tgt]
                if victim in team:
                    continue
                theirs = armies[tgt]
                if mine < theirs + margin:
                    continue
                if protected and victim in s.hands and s.count(victim) == 1:
                    continue
                # Odds first (armies left over, defenders weighed half again), then the goal.
                score = 2 * mine - 3 * theirs
                if tgt in goal_set:
                    score += 8
                if score > best_score:
                    best_src, best_tgt, best_score = src, tgt, score
        if not best_src:
            return None
        armies_there = armies_of(s, best_src, player)
        dice = min(s.rules.attacker_max_dice, armies_there - 1)
        return Attack(best_src, best_tgt, dice, stop_at=2)

    def _move_in(self, s: GameState, player: str) -> int:
        m = s.move_in
        assert m is not None
        own, team = s.owner, _side(s, player)
        for n in s.board.neighbours[m.source]:
            if own[n] not in team:
                return max(m.minimum, (m.minimum + m.maximum * 2) // 3)
        return m.maximum  # nothing left to guard: every army moves on

    # ----- fortifying ---------------------------------------------------------------------

    def _fortify(self, s: GameState, player: str) -> Fortify | None:
        if midway(s):
            return None  # 000-A: armies move in the last part of the turn
        own, armies, neighbours = s.owner, s.armies, s.board.neighbours
        rule = s.rules.fortification
        team = _side(s, player)
        src, count = "", 0
        mixed = s.mixed  # without it, all but one of a territory's armies may leave
        for t in presence(s, player) if s.teams else s.territories_of(player):
            free = movable(s, t, player) if mixed else armies[t] - 1
            if free <= count:
                continue
            for n in neighbours[t]:
                if own[n] not in team:
                    break  # a front: its armies stay
            else:
                src, count = t, free
        if not src:
            return None
        most = armies[src]
        if rule == "unfought_steps":
            count = min(count, most - s.engaged.get(src, 0))
            if count < 1:
                return None
        if rule == "connected":
            candidates = self._reachable(s, player, src)
        else:
            candidates = [n for n in neighbours[src] if own[n] == player]
        best, best_score = "", None
        for t in candidates:
            threat = 0
            for n in neighbours[t]:
                if own[n] not in team:
                    threat += armies[n]
            # A territory with no enemy next to it is no front: rank it below every front.
            score = threat - armies[t] if threat else -10_000 - armies[t]
            if best_score is None or score > best_score:
                best, best_score = t, score
        if not best:
            return None
        return Fortify(src, best, count)

    def _reachable(self, s: GameState, player: str, start: str) -> list[str]:
        """Territories joined to ``start`` by ``player``'s own (and its team's), in search
        order (a list, not a set, so that ties break the same way in every process)."""
        own, neighbours, team = s.owner, s.board.neighbours, allies(s, player)
        seen = {start}
        found: list[str] = []
        stack = [start]
        while stack:
            for n in neighbours[stack.pop()]:
                if n not in seen and own[n] in team:
                    seen.add(n)
                    found.append(n)
                    stack.append(n)
        return found


def _side(s: GameState, who: str) -> frozenset[str]:
    """Who fights on ``who``'s side: its team, and those its mode puts there
    (``ModePlay.side``: with active independents, its allies)."""
    if not s.teams and not _sided(s.rules):
        # Alone, as in most games: the same set each time, made once (the bot asks this
        # for every decision).
        alone = _ALONE.get(who)
        if alone is None:
            if len(_ALONE) > 256:
                _ALONE.clear()
            alone = _ALONE[who] = frozenset((who,))
        return alone
    side = allies(s, who)
    for mode in playing(s.rules):
        if mode.side is not None:
            side |= mode.side(s, who)
    return side


# Each player's side when it fights alone (``_side``).
_ALONE: dict[str, frozenset[str]] = {}


@per_rule_set
def _sided(rules: RuleSet) -> bool:
    """Whether a mode that ``rules`` plays puts others on a player's side."""
    return any(mode.side is not None for mode in playing(rules))
