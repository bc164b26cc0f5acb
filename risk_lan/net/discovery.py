"""Finding games on the LAN by themselves: mDNS / DNS-SD with python-zeroconf.

The host registers ``_risk-lan._tcp.local.`` with a TXT record (protocol version, game
name, mode, seats taken/total, lobby or playing), updates it as seats fill and the game
starts, and unregisters on exit. The lister browses, resolves each game, and shows only the
ones that answer on their port (a crashed host's records outlive it).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

SERVICE_TYPE = "_risk-lan._tcp.local."


class DiscoveryUnavailable(Exception):
    """This machine cannot do multicast DNS (no multicast route, no interface)."""


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return found


def _zeroconf(interface: str | None) -> AsyncZeroconf:
    try:
        if interface and interface not in ("0.0.0.0", ""):
            return AsyncZeroconf(interfaces=[interface], ip_version=IPVersion.V4Only)
        return AsyncZeroconf(ip_version=IPVersion.V4Only)
    except (OSError, RuntimeError) as e:
        # RuntimeError is zeroconf's word for "no interface to listen on".
        detail = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise DiscoveryUnavailable(f"no multicast on this network ({detail})") from None


class Advertiser:
    """The host's announcement of one game."""

    def __init__(self, name: str, port: int, interface: str | None) -> None:
        self.name = name
        self.port = port
        self.interface = interface
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None

    def _service(self, txt: dict[str, str]) -> AsyncServiceInfo:
        if self.interface and self.interface != "0.0.0.0":
            addresses = [self.interface]
        else:
            addresses = local_addresses() or ["127.0.0.1"]
        host = socket.gethostname().split(".")[0] or "risk-lan"
        return AsyncServiceInfo(
            SERVICE_TYPE,
            f"{self.name} on {host}.{SERVICE_TYPE}",
            port=self.port,
            properties=txt,
            server=f"{host}.local.",
            parsed_addresses=addresses,
        )

    async def start(self, txt: dict[str, str]) -> None:
        self._zc = _zeroconf(self.interface)
        self._info = self._service(txt)
        try:
            await self._zc.async_register_service(self._info, allow_name_change=True)
        except OSError as e:
            await self._zc.async_close()
            self._zc = None
            raise DiscoveryUnavailable(f"cannot announce the game ({e.strerror or e})") from None

    async def update(self, txt: dict[str, str]) -> None:
        if self._zc is None or self._info is None:
            return
        info = self._service(txt)
        info.name = self._info.name  # keep the name the network agreed to
        self._info = info
        with contextlib.suppress(OSError):
            await self._zc.async_update_service(info)

    async def stop(self) -> None:
        if self._zc is None:
            return
        if self._info is not None:
            with contextlib.suppress(OSError):
                await self._zc.async_unregister_service(self._info)
        await self._zc.async_close()
        self._zc = None


@dataclass(frozen=True)
class FoundGame:
    name: str
    address: str
    port: int
    mode: str
    seats: str
    state: str
    version: str

    def line(self) -> str:
        return (
            f"{self.name}\t{self.address}:{self.port}\t{self.mode}\t{self.seats}\t{self.state}"
            f"\tprotocol {self.version}"
        )


async def _answers(address: str, port: int) -> bool:
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(address, port), 1.5)
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True


async def find_games(timeout: float = 3.0, interface: str | None = None) -> list[FoundGame]:
    """The games announced on the LAN within ``timeout`` seconds that answer on their port."""
    zc = _zeroconf(interface)
    names: set[str] = set()

    def seen(zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[seen])
    try:
        await asyncio.sleep(timeout)
        games = []
        for name in sorted(names):
            info = await zc.async_get_service_info(SERVICE_TYPE, name, 2000)
            if info is None or not info.port:
                continue
            txt = {
                k.decode(): (v or b"").decode(errors="replace")
                for k, v in info.properties.items()
                if isinstance(k, bytes)
            }
            for address in info.parsed_addresses(IPVersion.V4Only):
                if await _answers(address, info.port):
                    games.append(
                        FoundGame(
                            name=txt.get("name", name.removesuffix("." + SERVICE_TYPE)),
                            address=address,
                            port=info.port,
                            mode=txt.get("mode", "?"),
                            seats=txt.get("seats", "?"),
                            state=txt.get("state", "?"),
                            version=txt.get("v", "?"),
                        )
                    )
                    break
        return games
    finally:
        await browser.async_cancel()
        await zc.async_close()
