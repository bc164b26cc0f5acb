"""Who sees a sealed seat's cards when it changes hands (issue 27), told to the app as a
typed call, over TCP on 127.0.0.1: a seat handed to a host bot, then back to its player (a
bot client asks for its seat back at once), and every other client's listener hears
``cards_changed_hands`` with the seat, which way it went and how many sealed cards it holds;
the seat's own ``seat_changed`` news stays apart from it."""

from __future__ import annotations

import asyncio

from test_net_sealed_late_joiner import objectives_dealt
from test_net_spectators import wait_for

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client, Listener
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host


class Heard(Listener):
    def __init__(self) -> None:
        self.hands: list[tuple[str, bool, int]] = []
        self.changes: list[tuple[str, str]] = []

    def cards_changed_hands(self, seat: str, taken: bool, held: int) -> None:
        self.hands.append((seat, taken, held))

    def seat_changed(self, seat: str, change: str) -> None:
        self.changes.append((seat, change))


def test_a_seat_handed_to_a_bot_and_back_is_told_as_whose_cards_are_seen() -> None:
    heard = Heard()

    async def main() -> None:
        config = HostConfig(seats=3, bots=1, sealed=True, mode="secret-mission")
        host = Host(config)
        port = await host.serve("127.0.0.1", 0)
        stays = Client("ann", ClassicBot(), listener=heard)
        goes = Client("bob", ClassicBot())
        runs = [asyncio.create_task(c.run("127.0.0.1", port)) for c in (stays, goes)]
        try:
            await wait_for(lambda: host.match is not None and objectives_dealt(host.match),
                           "the objectives' deal", 120)  # fmt: skip
            assert host.match is not None
            host.match.handovers.take_over_now(goes.seat)
            await wait_for(lambda: len(heard.hands) >= 2, "the seat handed back", 60)
        finally:
            for run in runs:
                run.cancel()
            await asyncio.gather(*runs, return_exceptions=True)
            await host.close()

    asyncio.run(main())
    # bob's seat (p2) holds its objective, and the cards it drew by then.
    (seat, taken, held), (seat_back, taken_back, held_back) = heard.hands[:2]
    assert (seat, taken, seat_back, taken_back) == ("p2", True, "p2", False)
    assert held >= 1 and held_back >= 1
    assert ("p2", "taken_over") in heard.changes and ("p2", "back") in heard.changes
    assert all(":" not in change for _, change in heard.changes)
