"""Starting a host, for ``risk-lan host`` and for the app alike: a new game or a saved one
taken up again, listening where it should (a resumed game where its players' apps last
reached it, or on any free port if that one is taken by now: their apps find the game again
on the LAN by its id), and announced on the LAN."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from risk_lan.net.discovery import Advertiser
from risk_lan.net.gameaddress import DEFAULT_PORT
from risk_lan.net.host.announcing import announce
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostsave import SaveError
from risk_lan.net.host.hostserver import Host

ANY = ("0.0.0.0", "")  # every interface


@dataclass
class Started:
    """A host serving, where it listens, and its announcement (None: not announced)."""

    host: Host
    interface: str
    port: int
    advertiser: Advertiser | None = None

    async def announce(self, say: Callable[[str], None]) -> None:
        """Announce the game on the LAN (``say`` tells whether it could be); stopped by
        ``stop``."""
        self.advertiser = await announce(self.host, self.interface, self.port, say)

    async def stop(self) -> None:
        """Take the announcement down, if there is one."""
        if self.advertiser is not None:
            await self.advertiser.stop()


def resumed_host(path: str, config: HostConfig) -> Host | str:
    """The host of the game saved in ``path``, or why it cannot be resumed. What the save does
    not keep comes from ``config``: the log, and who may come in (the password is never
    saved: a resumed game asks for the one given now, if any)."""
    try:
        return Host.resume(path, log=config.log, password=config.password, approve=config.approve)
    except SaveError as e:
        return str(e)


async def start_host(
    config: HostConfig,
    interface: str,
    port: int,
    resume: str | None = None,
    host: Host | None = None,
) -> Started | str:
    """Serve ``host`` (else the game saved in ``resume``, else a new game of ``config``) on
    ``interface`` and ``port``, to be announced next (``Started.announce``). Returns why
    not, as a sentence, if it cannot start."""
    if host is None and resume is not None:
        found = resumed_host(resume, config)
        if isinstance(found, str):
            return found
        host = found
    elif host is None:
        host = Host(config)
    saved_port = host.address[1] if resume is not None else 0
    if saved_port and interface in ANY:
        interface = host.address[0]  # the one the players' apps know
    if saved_port and port in (0, DEFAULT_PORT):
        port = saved_port  # where the players' apps last reached the game
    try:
        try:
            port = await host.serve(interface, port)
        except OSError:
            if port != saved_port:
                raise
            # Taken by now: the players' apps find the game on the LAN by its id.
            port = await host.serve(interface, 0)
    except OSError as e:
        return f"cannot listen on {interface}:{port}: {e.strerror or e}"
    return Started(host, interface, port)
