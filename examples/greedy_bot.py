#!/usr/bin/env python3
"""A small risk-lan bot (docs/bots.md): it places on its border, attacks at good odds, brings
armies from inland to the border and ends its turn. Standard library only; run it with

    risk-lan simulate --bots exec:"python3 examples/greedy_bot.py",classic --games 5
    risk-lan join HOST:PORT --bot-exec "python3 examples/greedy_bot.py"
"""

import json
import sys


def options(value):
    """The values a field of a legal entry stands for: each number of a {"min", "max"} range,
    each value of a {"one_of": [...]}, or the value itself."""
    if isinstance(value, dict) and "min" in value:
        return range(value["min"], value["max"] + 1)
    if isinstance(value, dict) and "one_of" in value:
        return value["one_of"]
    return [value]


def spread(entries, *names):
    """One action per value of the fields ``names`` (territories, say), every other field at
    its largest value (as many armies or dice as may be), so a long range never becomes a
    long list."""
    for entry in entries:
        rest = {k: max(options(v), key=lambda x: (x is not None, x)) for k, v in entry.items()}
        picks = [{}]
        for name in names:
            picks = [{**p, name: v} for p in picks for v in options(entry[name])]
        for pick in picks:
            yield {**rest, **pick}


class Greedy:
    def __init__(self, hello):
        self.me = hello["seat"]
        territories = hello["board"]["territories"]
        self.neighbours = {t: info["neighbours"] for t, info in territories.items()}

    def enemies_near(self, view, territory):
        return [n for n in self.neighbours[territory] if view["owner"][n] != self.me]

    def choose(self, view, legal):
        by_type = {}
        for entry in legal:
            by_type.setdefault(entry["type"], []).append(entry)
        for kind in ("claim_mission", "trade"):
            if kind in by_type:
                return next(spread(by_type[kind], *by_type[kind][0]))
        if "place" in by_type:
            return self.place(view, list(spread(by_type["place"], "territory")))
        if "attack" in by_type:
            attack = self.attack(view, by_type["attack"])
            if attack is not None:
                return attack
        if "fortify" in by_type:
            move = self.fortify(view, list(spread(by_type["fortify"], "source", "target")))
            if move is not None:
                return move
        for kind in ("move_in", "defend"):  # as many as may go in; as many dice as may be rolled
            if kind in by_type:
                return max(spread(by_type[kind]), key=lambda a: a.get("count", a.get("dice")))
        if "end_turn" in by_type:
            return by_type["end_turn"][0]
        return {k: next(iter(options(v))) for k, v in legal[0].items()}  # anything legal

    def place(self, view, places):
        def border_strength(a):
            t = a["territory"]
            owned = view["owner"][t] == self.me
            return (owned and bool(self.enemies_near(view, t)), view["armies"][t])

        return max(places, key=border_strength)

    def attack(self, view, entries):
        armies = view["armies"]
        one_battle = [e for e in entries if e["stop_at"] is None]
        good = [
            a
            for a in spread(one_battle, "source", "target")
            # Two armies more than the defenders: the odds favour the attacker, and a table of
            # big stacks still moves (asking for twice as many, it let them face each other
            # for hundreds of turns).
            if armies[a["source"]] >= armies[a["target"]] + 2
        ]
        if not good:
            return None
        return max(good, key=lambda a: armies[a["source"]] - armies[a["target"]])

    def fortify(self, view, moves):
        """All it can from its largest army far from the enemy to the nearest territory that
        faces the enemy, so that a sweep goes on where it stopped."""
        inland = [
            a
            for a in moves
            if not self.enemies_near(view, a["source"]) and self.enemies_near(view, a["target"])
        ]
        if not inland:
            return None
        most = max(a["count"] for a in inland)
        source = next(a["source"] for a in inland if a["count"] == most)
        hops = self.hops(view, source)
        return min(
            (a for a in inland if a["source"] == source),
            key=lambda a: hops.get(a["target"], len(hops)),
        )

    def hops(self, view, start):
        """How many steps each of its territories is from ``start``, through its own."""
        hops, frontier = {start: 0}, [start]
        for here in frontier:
            for there in self.neighbours[here]:
                if there not in hops and view["owner"][there] == self.me:
                    hops[there] = hops[here] + 1
                    frontier.append(there)
        return hops


def main():
    bot = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            bot = Greedy(message)
            print(f"greedy bot playing {message['seat']} ({message['rules']})", file=sys.stderr)
        elif message["type"] == "decide":
            action = bot.choose(message["view"], message["legal"])
            print(json.dumps({"seq": message["seq"], "action": action}), flush=True)
        elif message["type"] == "over":
            won = "won" if message["winner"] == bot.me else f"lost to {message['winner']}"
            print(f"game over: {won}", file=sys.stderr)
            return


if __name__ == "__main__":
    main()
