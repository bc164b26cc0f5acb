"""What a game's announcement on the LAN is made of, whatever its name, and how the
announcement, the lister and the search for one game clean up after themselves. No
multicast here: zeroconf's wire format is checked offline and the network is faked;
tests/test_discovery_netns.py does it for real."""

from __future__ import annotations

import asyncio
import string
import time
import unicodedata
from typing import ClassVar

import pytest
import pytest_asyncio
import zeroconf
from zeroconf import DNSIncoming, DNSOutgoing, ServiceInfo, ServiceStateChange

from risk_lan.net import discovery
from risk_lan.net.discovery import (
    SERVICE_TYPE,
    Advertiser,
    DiscoveryUnavailable,
    FoundGame,
    find_game,
    find_games,
    instance_name,
    txt_record,
)
from risk_lan.net.gameaddress import DEFAULT_PORT, parse_address
from risk_lan.net.host.announcing import announce, announcement
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host

ODD_NAMES = [
    "x" * 300,
    "é" * 300,
    "🎲" * 300,
    "a" + "🎲" * 300,  # the cut falls inside a four-byte character at every offset
    "ab" + "🎲" * 300,
    "abc" + "🎲" * 300,
    "Soirée\x1b[2J\x00\t\n\r\x7f\x85 risk 👨‍👩‍👧 " * 20,
    "\x00\x01\x02",
    "   ",
    "",
    "..v1..2.",
    "bad bytes \udcff\udcfe from argv",
]


def _label(name: str) -> str:
    full = instance_name(name, "box")
    assert full.endswith("." + SERVICE_TYPE)
    return full.removesuffix("." + SERVICE_TYPE)


def _no_controls(text: str) -> bool:
    return all(unicodedata.category(c) not in ("Cc", "Cs") for c in text)


@pytest.mark.parametrize("name", ODD_NAMES)
def test_the_instance_name_is_one_short_label_without_control_characters(name: str) -> None:
    label = _label(name)
    assert len(label.encode()) <= 63
    assert label and not label.startswith(" ") and "." not in label
    assert _no_controls(label)
    assert label.endswith(" on box")


def test_a_long_name_is_cut_to_fill_the_label_on_whole_characters() -> None:
    for name in ("x" * 300, "é" * 300, "🎲" * 300, "abc" + "🎲" * 300):
        kept = _label(name).removesuffix(" on box")
        assert name.startswith(kept)
        # As much of the name as fits, leaving room for zeroconf's "-2" should the name be
        # taken, and no less than a whole character short of that.
        assert 60 - 4 < len(kept.encode()) + len(" on box") <= 60


def test_a_short_name_is_kept_as_it_is() -> None:
    assert _label("Friday night") == "Friday night on box"
    assert _label("Soirée 🎲") == "Soirée 🎲 on box"


def test_control_characters_are_dropped_and_the_rest_kept() -> None:
    assert _label("Fri\x1b[2Jday\tnight\n") == "Fri[2Jdaynight on box"


def test_a_host_name_too_long_to_keep_leaves_the_label_to_the_game_name() -> None:
    full = instance_name("Friday night " * 10, "h" * 60)
    label = full.removesuffix("." + SERVICE_TYPE)
    assert len(label.encode()) <= 63
    assert label.startswith("Friday night") and "hhh" not in label


@pytest.mark.parametrize("name", ODD_NAMES)
def test_every_txt_entry_fits_in_255_bytes(name: str) -> None:
    txt = txt_record({"name": name, "v": "2", "id": "0123456789abcdef"})
    for key, value in txt.items():
        assert len(f"{key}={value}".encode()) <= 255
        assert _no_controls(value)
    assert txt["id"] == "0123456789abcdef"
    clean = "".join(c for c in name if unicodedata.category(c) not in ("Cc", "Cs"))
    assert clean.startswith(txt["name"])
    # Cut only when it does not fit, and then by less than one character.
    assert len(clean.encode()) <= 250 or len(txt["name"].encode()) > 250 - 4


def _over_the_wire(info: ServiceInfo) -> tuple[str, dict[bytes, bytes | None]]:
    """The instance name and TXT entries another zeroconf reads from ``info``'s records."""
    out = DNSOutgoing(0x8400)  # a response, authoritative
    for record in (info.dns_pointer(), info.dns_service(), info.dns_text()):
        out.add_answer_at_time(record, 0)
    packets = out.packets()
    assert len(packets) == 1
    incoming = DNSIncoming(packets[0])
    assert incoming.valid
    answers = incoming.answers()
    pointer = next(a for a in answers if a.name == SERVICE_TYPE)
    text = next(a for a in answers if a.name == pointer.alias and hasattr(a, "text"))
    return pointer.alias, ServiceInfo(SERVICE_TYPE, pointer.alias, properties=text.text).properties


@pytest.mark.parametrize("name", ODD_NAMES)
def test_the_service_info_of_an_odd_name_builds_and_crosses_the_wire(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discovery.socket, "gethostname", lambda: "box.example")
    advertiser = Advertiser(name, 47474, "10.0.0.1")
    txt = {"v": "2", "name": name, "id": "0123456789abcdef", "mode": "classic"}
    info = advertiser._service(txt)
    sent_name, properties = _over_the_wire(info)
    assert sent_name == info.name
    assert properties[b"id"] == b"0123456789abcdef"
    assert properties[b"name"].decode() == txt_record(txt)["name"]
    assert info.port == 47474 and info.parsed_addresses() == ["10.0.0.1"]


class FakeZeroconf:
    """Stands in for AsyncZeroconf: records what is asked of it, fails when told to."""

    def __init__(self, failure: BaseException | None = None) -> None:
        self.zeroconf = self
        self.failure = failure
        self.registered: list[ServiceInfo] = []
        self.updates = 0
        self.closes = 0
        self.infos: dict[str, ServiceInfo] = {}
        self.slow: set[str] = set()

    async def async_register_service(self, info: ServiceInfo, **_: object) -> None:
        if self.failure is not None:
            raise self.failure
        self.registered.append(info)

    async def async_update_service(self, info: ServiceInfo) -> None:
        self.updates += 1

    async def async_unregister_service(self, info: ServiceInfo) -> None:
        self.registered.remove(info)

    async def async_close(self) -> None:
        self.closes += 1

    async def async_get_service_info(self, type_: str, name: str, timeout: int) -> ServiceInfo:
        if name in self.slow:
            await asyncio.sleep(30)
        return self.infos.get(name)


@pytest.fixture
def fake_zeroconf(monkeypatch: pytest.MonkeyPatch):
    made: list[FakeZeroconf] = []
    failure: list[BaseException] = []

    def make(interface: str | None) -> FakeZeroconf:
        made.append(FakeZeroconf(failure[0] if failure else None))
        return made[-1]

    monkeypatch.setattr(discovery, "_zeroconf", make)
    return made, failure


FAILURES = [
    zeroconf.BadTypeInNameException("Too long"),
    zeroconf.NonUniqueNameException(),
    ValueError("bytes must be in range(0, 256)"),
    OSError(99, "Cannot assign requested address"),
    RuntimeError("no interface"),
    KeyError("x"),
]


@pytest.mark.asyncio
@pytest.mark.parametrize("failure", FAILURES, ids=lambda e: type(e).__name__)
async def test_a_failed_start_closes_zeroconf_and_says_why(fake_zeroconf, failure) -> None:
    made, failures = fake_zeroconf
    failures.append(failure)
    advertiser = Advertiser("Friday", 47474, "10.0.0.1")
    with pytest.raises(DiscoveryUnavailable) as raised:
        await advertiser.start({"name": "Friday"})
    assert made[0].closes == 1
    message = str(raised.value)
    assert message.startswith("the announcement failed")
    assert type(failure).__name__ not in message and "Errno" not in message
    await advertiser.stop()
    await advertiser.stop()
    assert made[0].closes == 1


@pytest.mark.asyncio
async def test_a_service_that_cannot_be_built_closes_zeroconf(
    fake_zeroconf, monkeypatch: pytest.MonkeyPatch
) -> None:
    made, _ = fake_zeroconf

    def broken() -> str:
        raise OSError(1, "no host name")

    monkeypatch.setattr(discovery.socket, "gethostname", broken)
    advertiser = Advertiser("Friday", 47474, "10.0.0.1")
    with pytest.raises(DiscoveryUnavailable, match="no host name"):
        await advertiser.start({"name": "Friday"})
    assert made[0].closes == 1


@pytest.mark.asyncio
async def test_a_start_cancelled_midway_closes_zeroconf(fake_zeroconf) -> None:
    made, failures = fake_zeroconf
    failures.append(asyncio.CancelledError())
    advertiser = Advertiser("Friday", 47474, "10.0.0.1")
    with pytest.raises(asyncio.CancelledError):
        await advertiser.start({"name": "Friday"})
    assert made[0].closes == 1


@pytest.mark.asyncio
async def test_stop_is_safe_before_start_and_twice_after_it(fake_zeroconf) -> None:
    made, _ = fake_zeroconf
    await Advertiser("Friday", 47474, "10.0.0.1").stop()
    advertiser = Advertiser("x" * 300, 47474, "10.0.0.1")
    await advertiser.start(txt_record({"name": "x" * 300}))
    assert len(made[0].registered) == 1
    await asyncio.gather(advertiser.stop(), advertiser.stop())
    await advertiser.stop()
    assert made[0].registered == [] and made[0].closes == 1
    await advertiser.update({"name": "late"})  # after the stop: nothing to update
    assert made[0].updates == 0


@pytest.mark.asyncio
async def test_an_update_keeps_the_name_and_never_raises(fake_zeroconf) -> None:
    made, _ = fake_zeroconf
    advertiser = Advertiser("Friday", 47474, "10.0.0.1")
    await advertiser.start({"name": "Friday"})
    name = made[0].registered[0].name
    await advertiser.update({"name": "é" * 300, "seats": "2/3"})
    assert made[0].updates == 1 and advertiser._info.name == name

    async def refuses(info: ServiceInfo) -> None:
        raise zeroconf.BadTypeInNameException("refused")

    made[0].async_update_service = refuses
    await advertiser.update({"seats": "3/3"})
    await advertiser.stop()
    assert made[0].closes == 1


def _host() -> Host:
    return Host(HostConfig(name="Friday", seats=3, bots=1, chain_length=8))


def test_the_announcement_carries_the_game_id() -> None:
    host = _host()
    txt = announcement(host)
    assert txt["id"] == host.game_id
    assert len(txt["id"]) == 16 and set(txt["id"]) <= set(string.hexdigits.lower())


@pytest.mark.asyncio
async def test_announce_returns_a_stoppable_advertiser_when_the_announcement_fails(
    fake_zeroconf,
) -> None:
    made, failures = fake_zeroconf
    failures.append(zeroconf.BadTypeInNameException("Too long"))
    said: list[str] = []
    advertiser = await announce(_host(), "10.0.0.1", 47474, said.append)
    assert said and said[0].startswith("not announced on the LAN: the announcement failed")
    assert made[0].closes == 1
    await advertiser.stop()
    await advertiser.stop()
    assert made[0].closes == 1


@pytest.mark.asyncio
async def test_announce_withdraws_the_announcement_when_it_cannot_return(fake_zeroconf) -> None:
    made, _ = fake_zeroconf
    host = _host()

    def say(line: str) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    with pytest.raises(BrokenPipeError):
        await announce(host, "10.0.0.1", 47474, say)
    assert made[0].registered == [] and made[0].closes == 1
    assert host.on_change is None


@pytest.mark.asyncio
async def test_announce_follows_the_table_until_stopped(fake_zeroconf) -> None:
    made, _ = fake_zeroconf
    host = _host()
    advertiser = await announce(host, "10.0.0.1", 47474, lambda line: None)
    assert made[0].registered[0].properties[b"id"] == host.game_id.encode()
    host.on_change()
    await asyncio.sleep(0)
    assert made[0].updates == 1
    await advertiser.stop()
    await advertiser.stop()
    assert made[0].closes == 1


def test_a_found_game_shows_its_id_last() -> None:
    game = FoundGame("Friday", "10.0.0.1", 47474, "classic", "2/3", "lobby", "2", "00ff" * 4)
    assert game.line() == (
        "Friday\t10.0.0.1:47474\tclassic\t2/3\tlobby\tprotocol 2\tid 00ff00ff00ff00ff"
    )
    older = FoundGame("Friday", "10.0.0.1", 47474, "classic", "2/3", "lobby", "1")
    assert older.game_id == "" and older.line().endswith("\tprotocol 1\tid ?")


class FakeBrowser:
    """Stands in for AsyncServiceBrowser: announces the given names one after the other."""

    names: ClassVar[list[str]] = []
    cancelled: ClassVar[int] = 0

    def __init__(self, zc: FakeZeroconf, type_: str, handlers: list) -> None:
        loop = asyncio.get_running_loop()
        for i, name in enumerate(self.names):
            loop.call_later(0.01 * i, handlers[0], zc, type_, name, ServiceStateChange.Added)

    async def async_cancel(self) -> None:
        FakeBrowser.cancelled += 1


@pytest_asyncio.fixture
async def lan(fake_zeroconf, monkeypatch: pytest.MonkeyPatch):
    """A LAN of fake announcements, and a port that answers and one that does not."""
    made, _ = fake_zeroconf
    monkeypatch.setattr(discovery, "AsyncServiceBrowser", FakeBrowser)
    monkeypatch.setattr(FakeBrowser, "names", [])
    monkeypatch.setattr(FakeBrowser, "cancelled", 0)
    server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
    closed = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
    dead_port = closed.sockets[0].getsockname()[1]
    closed.close()
    await closed.wait_closed()
    infos: dict[str, ServiceInfo] = {}
    slow: set[str] = set()

    def announce_game(instance: str, port: int, properties: dict, is_slow: bool = False) -> None:
        name = f"{instance}.{SERVICE_TYPE}"
        infos[name] = ServiceInfo(
            SERVICE_TYPE,
            name,
            port=port,
            properties=properties,
            parsed_addresses=["127.0.0.1"],
        )
        if is_slow:
            slow.add(name)
        FakeBrowser.names.append(name)

    original = discovery._zeroconf

    def make(interface: str | None) -> FakeZeroconf:
        zc = original(interface)
        zc.infos, zc.slow = infos, slow
        return zc

    monkeypatch.setattr(discovery, "_zeroconf", make)
    yield announce_game, server.sockets[0].getsockname()[1], dead_port, made
    server.close()
    await server.wait_closed()


GAME_ID = "0123456789abcdef"


@pytest.mark.asyncio
async def test_find_game_returns_the_game_with_that_id_as_soon_as_it_answers(lan) -> None:
    announce_game, port, dead_port, made = lan
    announce_game("slow", port, {"id": "ffffffffffffffff"}, is_slow=True)
    announce_game("stale", dead_port, {"id": GAME_ID, "name": "Friday"})
    announce_game("other", port, {"id": "fedcba9876543210", "name": "Other"})
    announce_game("moved", port, {"id": GAME_ID, "name": "Friday", "v": "2", "mode": "classic"})
    started = time.monotonic()
    game = await find_game(GAME_ID, timeout=10.0)
    assert time.monotonic() - started < 5.0
    assert game is not None and game.game_id == GAME_ID
    assert (game.name, game.address, game.port) == ("Friday", "127.0.0.1", port)
    assert made[0].closes == 1 and FakeBrowser.cancelled == 1


@pytest.mark.asyncio
async def test_find_game_gives_up_at_the_timeout(lan) -> None:
    announce_game, port, dead_port, made = lan
    announce_game("other", port, {"id": "fedcba9876543210"})
    announce_game("stale", dead_port, {"id": GAME_ID})
    announce_game("slow", port, {"id": GAME_ID}, is_slow=True)
    started = time.monotonic()
    assert await find_game(GAME_ID, timeout=0.5) is None
    assert 0.4 < time.monotonic() - started < 3.0
    assert made[0].closes == 1 and FakeBrowser.cancelled == 1


@pytest.mark.asyncio
async def test_what_a_stranger_announces_reaches_no_terminal_raw(lan) -> None:
    announce_game, port, _, made = lan
    announce_game(
        "evil",
        port,
        {
            b"name": b"Fri\x1b[2J\tday\n",
            b"\xff\xfe": b"x",
            b"mode": "\x9bclassic".encode(),
            b"id": b"\t",
        },
    )
    announce_game("old", port, {b"name": b"Old host", b"v": b"1"})
    games = await find_games(timeout=0.2)
    assert made[0].closes == 1
    by_name = {g.name: g for g in games}
    assert set(by_name) == {"Fri[2Jday", "Old host"}
    assert by_name["Fri[2Jday"].mode == "classic" and by_name["Old host"].game_id == ""
    for game in games:
        assert game.line().count("\t") == 6 and _no_controls(game.line().replace("\t", ""))


VALID = {
    "box": ("box", DEFAULT_PORT),
    "box:5000": ("box", 5000),
    " 10.0.0.1:65535 ": ("10.0.0.1", 65535),
    "[::1]:1": ("::1", 1),
    "[::1]": ("::1", DEFAULT_PORT),
    "fe80::1": ("fe80::1", DEFAULT_PORT),
}


@pytest.mark.parametrize(("text", "expected"), VALID.items())
def test_an_address_gives_its_host_and_port(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


INVALID = {
    "host:x": "'x' is not a port number: give HOST or HOST:PORT, the port a number from 1 to 65535",
    "host:": "the port is missing after 'host'",
    "host:99999": "'99999' is not a port number",
    "host:0": "'0' is not a port number",
    "host:+5": "'+5' is not a port number",
    "host:1_000": "'1_000' is not a port number",
    "host:²": "'²' is not a port number",
    "[::1]:abc": "'abc' is not a port number",
    "[::1": "'[::1' is not an address",
    "[::1]5": "'[::1]5' is not an address",
    "": "no address: give HOST or HOST:PORT",
    "   ": "no address",
    ":5000": "no host in ':5000'",
}


@pytest.mark.parametrize(("text", "message"), INVALID.items())
def test_a_wrong_address_is_refused_with_a_sentence(text: str, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        parse_address(text)
    assert str(raised.value).startswith(message)
    assert "invalid literal" not in str(raised.value)


def test_a_name_loses_what_would_turn_a_listing_around_but_keeps_its_emoji() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert discovery.printable(f"Ann\u202e's game {family}\u2028\ue000") == f"Ann's game {family}"
