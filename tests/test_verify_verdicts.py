"""``risk-lan verify`` gives every input a verdict: a record however damaged gets the entry
that failed, what failed and whom it blames, never a traceback; an intact one verifies."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from risk_lan.bots import ClassicBot
from risk_lan.net.client import Client
from risk_lan.net.host.hostconfig import HostConfig
from risk_lan.net.host.hostserver import Host
from risk_lan.net.record.recordfile import RECORD_MAGIC, read_record
from risk_lan.net.record.verify import verify_record


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    """A short game's host record and one seat's record (its updates included)."""
    folder = tmp_path_factory.mktemp("records")
    host_record, seat_record = folder / "host.rec", folder / "seat.rec"

    async def play() -> None:
        host = Host(HostConfig(seats=2, bots=0, mode="two-player", record=str(host_record)))
        port = await host.serve("127.0.0.1", 0)
        clients = [
            Client("ann", ClassicBot(), record=str(seat_record)),
            Client("bob", ClassicBot()),
        ]
        try:
            outcomes = await asyncio.wait_for(
                asyncio.gather(*(c.run("127.0.0.1", port) for c in clients)), 120
            )
            assert all(o.error is None for o in outcomes), outcomes
        finally:
            await host.close()

    asyncio.run(play())
    with seat_record.open("rb") as f:  # after the magic: the seat's header, then the rest
        seat = list(msgpack.Unpacker(f, raw=False))[1:]
    return {"host": list(read_record(host_record)), "seat": seat}


def write(path: Path, entries: list[Any]) -> Path:
    """The entries as a record file, packed as they come (damage included)."""
    packed = [msgpack.packb(e, use_bin_type=True) for e in [RECORD_MAGIC, *entries]]
    path.write_bytes(b"".join(packed))
    return path


def test_intact_records_verify(records: dict[str, list[Any]], tmp_path: Path) -> None:
    for kind, entries in records.items():
        verdict = verify_record(write(tmp_path / f"{kind}.rec", entries))
        assert verdict.ok and verdict.winner, (kind, verdict)
        # A seat's record says its updates were checked too.
        assert ("updates to" in verdict.message) == (kind == "seat"), verdict


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.text(max_size=20),
    st.binary(max_size=40),
    st.lists(st.integers(-1000, 2**40), max_size=3),
    st.dictionaries(st.text(max_size=8), st.integers(-1000, 2**40), max_size=3),
)


def _damage(value: Any, rng: random.Random, junk: Any) -> Any:
    """``value`` with one place somewhere inside it replaced by ``junk``, or a key dropped."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        copy = dict(value)
        if rng.random() < 0.2:
            del copy[key]
        else:
            copy[key] = _damage(value[key], rng, junk) if rng.random() < 0.7 else junk
        return copy
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        copy = list(value)
        copy[i] = _damage(value[i], rng, junk) if rng.random() < 0.7 else junk
        return copy
    return junk


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(kind=st.sampled_from(["host", "seat"]), seed=st.integers(0, 2**32), junk=JUNK)
def test_a_damaged_record_gets_a_verdict_naming_the_entry(
    records: dict[str, list[Any]], tmp_path: Path, kind: str, seed: int, junk: Any
) -> None:
    rng = random.Random(seed)
    entries = list(records[kind])
    at = rng.randrange(len(entries))
    entries[at] = _damage(entries[at], rng, junk)
    verdict = verify_record(write(tmp_path / "damaged.rec", entries))
    if verdict.ok:
        return  # the damage fell where nothing is checked (a value equal to the old one)
    assert verdict.message and "Traceback" not in verdict.message
    assert "this checker failed" not in verdict.message, verdict
    if at > 0:  # the first entry: the record says it cannot start, as no entry is read
        assert verdict.message.startswith("message "), verdict


def test_a_record_whose_end_is_damaged_names_its_last_message(
    records: dict[str, list[Any]], tmp_path: Path
) -> None:
    """The host's secret comes from the record's last message, read before any other."""
    entries = list(records["host"])
    entries[-1] = {**entries[-1], "body": {"a": 1}}
    verdict = verify_record(write(tmp_path / "damaged.rec", entries))
    assert not verdict.ok and verdict.message.startswith(f"message {len(entries)} "), verdict


def test_the_command_says_what_failed_and_exits_1(records: dict[str, list[Any]], tmp_path: Path):
    entries = list(records["host"])
    entries[5] = {"type": "signed", "from": "host", "body": {"type": "move"}, "sig": b"x"}
    damaged = write(tmp_path / "damaged.rec", entries)
    garbage = tmp_path / "garbage.rec"
    garbage.write_bytes(b"\x00\x01not a record at all")
    for path in (damaged, garbage):
        done = subprocess.run(
            [sys.executable, "-m", "risk_lan.cli", "verify", str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1, done
        assert "Traceback" not in done.stdout + done.stderr
        assert "record does not verify" in done.stdout + done.stderr
