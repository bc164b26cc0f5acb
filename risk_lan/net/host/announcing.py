"""A host's game announced on the LAN, and kept up to date as seats fill and the game
starts: what joiners see of it before they come in."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from protocol.messages import PROTOCOL_VERSION
from risk_lan.net.discovery import Advertiser, DiscoveryUnavailable
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host


def announcement(host: Host) -> dict[str, str]:
    """The TXT record of ``host``'s game, as of now (the table may change in the lobby)."""
    return {
        "v": str(PROTOCOL_VERSION),
        "name": host.config.name,
        "id": host.game_id,
        "mode": host.config.mode,
        "seats": f"{host.taken()}/{host.config.seats}",
        "state": host.state,
        # Whether a joiner needs the password or the host's approval (never the password).
        "entry": entry(host.config),
    }


def entry(config: HostConfig) -> str:
    """What a joiner of this game must get past: ``open``, ``password``, ``approval``, or
    ``password,approval``."""
    needs = [n for n, on in (("password", config.password), ("approval", config.approve)) if on]
    return ",".join(needs) or "open"


async def announce(host: Host, interface: str, port: int, say: Callable[[str], None]) -> Advertiser:
    """Announce ``host``'s game on the LAN and keep the announcement up to date as seats fill
    and the game starts (``say`` tells whether it could be announced)."""
    advertiser = Advertiser(host.config.name, port, interface)
    pending: set[asyncio.Task[None]] = set()

    def changed() -> None:
        task = asyncio.create_task(advertiser.update(announcement(host)))
        pending.add(task)
        task.add_done_callback(pending.discard)

    try:
        try:
            await advertiser.start(announcement(host))
        except DiscoveryUnavailable as e:
            say(f"not announced on the LAN: {e}; players can still join by address")
            return advertiser
        host.on_change = changed
        say("announced on the LAN: players can run risk-lan join")
    except BaseException:
        # The caller gets no advertiser to stop: nothing may stay announced behind its back.
        if host.on_change is changed:
            host.on_change = None
        await advertiser.stop()
        raise
    return advertiser
