"""A player's or a spectator's client of a host: ``Client`` joins, checks everything the host
says and plays its seat; ``Listener`` is what it tells a user interface, ``Outcome`` how its
game ended."""

from risk_lan.net.client.client import Client
from risk_lan.net.client.outcome import Listener, Outcome

__all__ = ["Client", "Listener", "Outcome"]
