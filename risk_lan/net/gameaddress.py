"""Where a game is: the address a player types (``host``, ``host:port``, ``[v6]:port``), the
port a host listens on unless told otherwise, and where the LAN says a game is now."""

from __future__ import annotations

DEFAULT_PORT = 47474


def parse_address(text: str) -> tuple[str, int]:
    """``host``, ``host:port``, ``v6`` or ``[v6]:port`` to (host, port); ValueError, with a
    sentence for the player, for anything else."""
    usage = "give HOST or HOST:PORT, the port a number from 1 to 65535"
    text = text.strip()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r} is not an address: give [IPv6] or [IPv6]:PORT")
        port = rest[1:] if rest else None
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, None  # a name, IPv4, or IPv6 without a port
    if not host:
        raise ValueError(f"no host in {text!r}: {usage}" if text else f"no address: {usage}")
    if port is None:
        return host, DEFAULT_PORT
    if not port:
        raise ValueError(f"the port is missing after {host!r}: {usage}")
    # isdigit alone takes "²" and other digits int() refuses or reads as another number.
    if not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65535):
        raise ValueError(f"{port!r} is not a port number: {usage}")
    return host, int(port)


async def rediscover(game_id: str) -> tuple[str, int] | None:
    """Where the game ``game_id`` is announced on the LAN now (its host may have come back at
    another address or port), or None."""
    # Loaded here, not with the module: zeroconf and asyncio would otherwise load with every
    # command that only reads an address or the default port (``risk-lan simulate`` too).
    from risk_lan.net.discovery import DiscoveryUnavailable, find_game

    try:
        found = await find_game(game_id, 3.0)
    except DiscoveryUnavailable:
        return None
    return (found.address, found.port) if found else None
