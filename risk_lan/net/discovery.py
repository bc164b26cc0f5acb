"""Finding games on the LAN by themselves: mDNS / DNS-SD with python-zeroconf.

The host registers ``_risk-lan._tcp.local.`` with a TXT record (protocol version, game
name, game id, mode, seats taken/total, lobby or playing), updates it as seats fill and the
game starts, and unregisters on exit. The lister browses, resolves each game, and shows only
the ones that answer on their port (a crashed host's records outlive it).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import unicodedata
from dataclasses import dataclass

import ifaddr
from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

SERVICE_TYPE = "_risk-lan._tcp.local."
LABEL_BYTES = 63  # a DNS label, the whole instance name (RFC 6763 4.1.1)
# zeroconf renames an instance whose name is taken by appending "-2", "-3", …, and refuses
# the result if it no longer fits in a label: keep room for that.
RENAME_ROOM = 3
NAME_AT_LEAST = 16  # bytes of the game's name worth keeping " on host" for
TXT_BYTES = 255  # one TXT entry, key=value (RFC 6763 6.1)


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


def printable(text: str) -> str:
    """``text`` without what a terminal might act on or a listing turn around: control,
    private-use and unassigned characters, format characters but the joiners emoji are made
    of (a bidi override is one), line separators, and the lone surrogates a name undecodable
    from the command line carries (they cannot be encoded in UTF-8)."""
    return "".join(c for c in text if _shown(c))


def _shown(c: str) -> bool:
    category = unicodedata.category(c)
    if category == "Cf":
        return c in "\u200c\u200d"  # zero-width non-joiner and joiner
    return category[0] != "C" and c not in "\u2028\u2029"


def cut_utf8(text: str, limit: int) -> str:
    """The longest start of ``text`` within ``limit`` bytes of UTF-8, whole characters only."""
    return text.encode()[:limit].decode(errors="ignore")


def instance_name(name: str, host: str) -> str:
    """The DNS-SD instance name announcing the game ``name`` hosted on ``host``."""
    # zeroconf writes each dot-separated part as a label of its own, and an empty one (a
    # leading dot, two in a row) ends the name in the middle of the packet.
    name = printable(name).replace(".", "·").strip() or "risk-lan"
    host = printable(host).replace(".", "·").strip()
    suffix = f" on {host}" if host else ""
    room = LABEL_BYTES - RENAME_ROOM
    if room - len(suffix.encode()) >= NAME_AT_LEAST:
        label = cut_utf8(name, room - len(suffix.encode())).rstrip() + suffix
    else:
        label = cut_utf8(name, room).rstrip()
    return f"{label}.{SERVICE_TYPE}"


def txt_record(txt: dict[str, str]) -> dict[str, str]:
    """``txt`` with each value cut so that every key=value entry fits."""
    return {
        key: cut_utf8(printable(value), max(0, TXT_BYTES - len(key.encode()) - 1))
        for key, value in txt.items()
    }


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
            instance_name(self.name, host),
            port=self.port,
            properties=txt_record(txt),
            server=f"{host}.local.",
            parsed_addresses=addresses,
        )

    async def start(self, txt: dict[str, str]) -> None:
        self._zc = _zeroconf(self.interface)
        try:
            self._info = self._service(txt)
            await self._zc.async_register_service(self._info, allow_name_change=True)
        except Exception as e:
            # zeroconf says what went wrong with exceptions of its own as well as ValueError
            # and OSError; whichever it is, the game goes on unannounced.
            await self.stop()
            detail = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            reason = f" ({detail})" if detail else ""
            raise DiscoveryUnavailable(f"the announcement failed{reason}") from None
        except BaseException:
            await self.stop()
            raise

    async def update(self, txt: dict[str, str]) -> None:
        if self._zc is None or self._info is None:
            return
        zc, name = self._zc, self._info.name
        # A stale announcement is better than a host that stops over it: players who see
        # the old seats still get the right ones once they join.
        with contextlib.suppress(Exception):
            info = self._service(txt)
            info.name = name  # keep the name the network agreed to
            self._info = info
            await zc.async_update_service(info)

    async def stop(self) -> None:
        zc, info = self._zc, self._info
        # Forgotten first, so that a second stop, even one that starts while this one
        # waits, finds nothing left to close.
        self._zc = self._info = None
        if zc is None:
            return
        try:
            if info is not None:
                with contextlib.suppress(Exception):
                    await zc.async_unregister_service(info)
        finally:
            await zc.async_close()


@dataclass(frozen=True)
class FoundGame:
    name: str
    address: str
    port: int
    mode: str
    seats: str
    state: str
    version: str
    game_id: str = ""  # "" from a host older than the id in the announcement
    entry: str = "open"  # what a joiner must get past: password, approval, or both

    def line(self) -> str:
        # What a joiner must get past goes with the state: "lobby (password)".
        needs = f" ({self.entry})" if self.entry != "open" else ""
        return (
            f"{self.name}\t{self.address}:{self.port}\t{self.mode}\t{self.seats}\t{self.state}"
            f"{needs}\tprotocol {self.version}\tid {self.game_id or '?'}"
        )


async def _answers(address: str, port: int) -> bool:
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(address, port), 1.5)
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True


async def _resolve(zc: AsyncZeroconf, name: str, game_id: str | None = None) -> FoundGame | None:
    """The game announced as ``name`` if it answers on its port (and, given ``game_id``,
    is that game)."""
    info = await zc.async_get_service_info(SERVICE_TYPE, name, 2000)
    if info is None or not info.port:
        return None
    # Anyone on the LAN can announce anything: nothing in it reaches a terminal unchecked.
    txt = {
        printable(k.decode(errors="replace")): printable((v or b"").decode(errors="replace"))
        for k, v in info.properties.items()
        if isinstance(k, bytes)
    }
    if game_id is not None and txt.get("id") != game_id:
        return None
    for address in info.parsed_addresses(IPVersion.V4Only):
        if await _answers(address, info.port):
            return FoundGame(
                name=txt.get("name", printable(name.removesuffix("." + SERVICE_TYPE))),
                address=address,
                port=info.port,
                mode=txt.get("mode", "?"),
                seats=txt.get("seats", "?"),
                state=txt.get("state", "?"),
                version=txt.get("v", "?"),
                game_id=txt.get("id", ""),
                entry=txt.get("entry", "open"),
            )
    return None


async def find_games(timeout: float = 3.0, interface: str | None = None) -> list[FoundGame]:
    """The games announced on the LAN within ``timeout`` seconds that answer on their port."""
    zc = _zeroconf(interface)
    names: set[str] = set()

    def seen(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    browser: AsyncServiceBrowser | None = None
    try:
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[seen])
        await asyncio.sleep(timeout)
        games = []
        for name in sorted(names):
            game = await _resolve(zc, name)
            if game is not None:
                games.append(game)
        return games
    finally:
        try:
            if browser is not None:
                await browser.async_cancel()
        finally:
            await zc.async_close()


async def find_game(
    game_id: str, timeout: float = 3.0, interface: str | None = None
) -> FoundGame | None:
    """The game ``game_id`` as soon as it is announced and answers on its port, wherever its
    host now listens; None if it has not within ``timeout`` seconds."""
    zc = _zeroconf(interface)
    found: asyncio.Future[FoundGame] = asyncio.get_running_loop().create_future()
    checks: dict[str, asyncio.Task[None]] = {}

    async def check(name: str) -> None:
        game = await _resolve(zc, name, game_id)
        if game is not None and not found.done():
            found.set_result(game)

    def seen(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        # AsyncServiceBrowser calls this in the event loop, where tasks can be made; each
        # game is checked at once rather than after the others, and again when it changes.
        if state_change not in (ServiceStateChange.Added, ServiceStateChange.Updated):
            return
        if name not in checks or checks[name].done():
            checks[name] = asyncio.create_task(check(name))

    browser: AsyncServiceBrowser | None = None
    try:
        browser = AsyncServiceBrowser(zc.zeroconf, SERVICE_TYPE, handlers=[seen])
        return await asyncio.wait_for(found, timeout)
    except TimeoutError:
        return None
    finally:
        try:
            for task in checks.values():
                task.cancel()
            await asyncio.gather(*checks.values(), return_exceptions=True)
            if browser is not None:
                await browser.async_cancel()
        finally:
            await zc.async_close()
