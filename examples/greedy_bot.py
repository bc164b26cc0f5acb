#!/usr/bin/env python3
"""A small risk-lan bot (docs/bots.md): it places on its border, attacks at good odds and
ends its turn. Standard library only; run it with

    risk-lan simulate --bots exec:"python3 examples/greedy_bot.py",normal --games 5
    risk-lan join HOST:PORT --bot-exec "python3 examples/greedy_bot.py"
"""

import itertools
import json
import sys


def expand(entry):
    """Every action a folded legal entry stands for: a {"min", "max"} is each number of its
    range, a {"one_of": [...]} each of its values."""
    choices = []
    for key, value in entry.items():
        if isinstance(value, dict) and "min" in value:
            choices.append([(key, n) for n in range(value["min"], value["max"] + 1)])
        elif isinstance(value, dict) and "one_of" in value:
            choices.append([(key, v) for v in value["one_of"]])
        else:
            choices.append([(key, value)])
    for picked in itertools.product(*choices):
        yield dict(picked)


class Greedy:
    def __init__(self, hello):
        self.me = hello["seat"]
        self.neighbours = {
            t: info["neighbours"] for t, info in hello["board"]["territories"].items()
        }

    def enemies_near(self, view, territory):
        return [n for n in self.neighbours[territory] if view["owner"][n] != self.me]

    def choose(self, view, legal):
        actions = [a for entry in legal for a in expand(entry)]
        by_type = {}
        for a in actions:
            by_type.setdefault(a["type"], []).append(a)
        for kind in ("claim_mission", "trade"):
            if kind in by_type:
                return by_type[kind][0]
        if "place" in by_type:
            return self.place(view, by_type["place"])
        if "attack" in by_type:
            attack = self.attack(view, by_type["attack"])
            if attack is not None:
                return attack
        for kind in ("move_in", "defend"):
            if kind in by_type:  # as many as may go in; as many dice as may be rolled
                return max(by_type[kind], key=lambda a: a.get("count", a.get("dice", 0)))
        if "end_turn" in by_type:
            return by_type["end_turn"][0]
        return actions[0]

    def place(self, view, places):
        def border_strength(a):
            t = a["territory"]
            owned = view["owner"][t] == self.me
            return (owned and bool(self.enemies_near(view, t)), view["armies"][t], a["count"])

        return max(places, key=border_strength)

    def attack(self, view, attacks):
        armies = view["armies"]
        good = [
            a
            for a in attacks
            if a["stop_at"] is None and armies[a["source"]] >= armies[a["target"]] + 2
        ]
        if not good:
            return None
        return max(good, key=lambda a: (armies[a["source"]] - armies[a["target"]], a["dice"]))


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
