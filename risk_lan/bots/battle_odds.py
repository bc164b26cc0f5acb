"""The chance that an attack takes its target: battles repeated until the target falls or the
attacker is down to the armies it stops at, each battle's losses counted exactly over every
throw of the dice (highest against highest, a tie to the defender)."""

from __future__ import annotations

from functools import cache
from itertools import product


@cache
def _battle(attack_dice: int, defence_dice: int) -> tuple[tuple[int, int, float], ...]:
    """(attacker's losses, defender's losses, chance) for one throw."""
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for throw in product(range(1, 7), repeat=attack_dice + defence_dice):
        a = sorted(throw[:attack_dice], reverse=True)
        d = sorted(throw[attack_dice:], reverse=True)
        lost_a = lost_d = 0
        for x, y in zip(a, d, strict=False):
            if x > y:
                lost_d += 1
            else:
                lost_a += 1
        counts[(lost_a, lost_d)] = counts.get((lost_a, lost_d), 0) + 1
        total += 1
    return tuple((la, ld, n / total) for (la, ld), n in sorted(counts.items()))


@cache
def conquest_chance(
    attackers: int, defenders: int, stop_at: int = 1, most_attack: int = 3, most_defence: int = 2
) -> float:
    """The chance that a source of ``attackers`` armies takes a territory of ``defenders``,
    rolling as many dice as it may each battle, before it is down to ``stop_at`` armies."""
    if defenders <= 0:
        return 1.0
    if attackers <= max(stop_at, 1):
        return 0.0
    a_dice = min(most_attack, attackers - 1)
    d_dice = min(most_defence, defenders)
    return sum(
        p * conquest_chance(attackers - la, defenders - ld, stop_at, most_attack, most_defence)
        for la, ld, p in _battle(a_dice, d_dice)
    )


def one_battle_chance(attackers: int, defenders: int, most_attack: int, most_defence: int) -> float:
    """The chance that a single throw takes a territory of ``defenders``."""
    a_dice = min(most_attack, attackers - 1)
    if a_dice < 1:
        return 0.0
    d_dice = min(most_defence, defenders)
    return sum(p for _, ld, p in _battle(a_dice, d_dice) if ld >= defenders)
