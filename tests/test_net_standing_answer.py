"""The standing answer (F7) under «risques calculés», over real sockets: whether the defender
lays the attacked territory's card hangs on a hand only it sees, so its own client lays it
in the act it signs, and no peer works out another battle than the host's.

Before, the host laid the card for the defender from its hidden hand: three clients that set
F7 at the start all stopped at the first such attack, blaming the honest host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_net_games import WatchingClient

from risk_lan.bots import ClassicBot
from risk_lan.net.host import Host, HostConfig
from risk_lan.net.verify import verify_record
from risk_lan.rules import Game, SetAutoDefend


class StandingBot(ClassicBot):
    """A bot whose player set a standing answer at the start, as F7 does in the app."""

    def opening(self, game: Game, player: str) -> list:
        return [SetAutoDefend(game.rules.defender_max_dice)]


def test_clients_with_a_standing_answer_lay_their_cards_and_agree(tmp_path: Path) -> None:
    record = tmp_path / "game.rec"

    async def game() -> tuple[list[WatchingClient], list]:
        host = Host(HostConfig(seats=3, bots=0, mode="revised", record=str(record)))
        port = await host.serve("127.0.0.1", 0)
        clients = [WatchingClient(f"c{i}", StandingBot()) for i in range(3)]
        try:
            outcomes = await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 150
            )
        finally:
            await host.close()
        return clients, outcomes

    clients, outcomes = asyncio.run(game())
    assert all(o.error is None for o in outcomes), [o.error for o in outcomes]
    assert len({o.transcript for o in outcomes}) == 1 and outcomes[0].winner
    answers = [e for u in clients[0].updates for e in u["events"] if e["type"] == "answered"]
    assert answers and all(e["auto"] for e in answers)
    # Cards laid under a standing answer, each in the defender's own signed act.
    assert any(e["bonus"] == 2 for e in answers)
    verdict = verify_record(record)
    assert verdict.ok, verdict.message
