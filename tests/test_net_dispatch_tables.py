"""Every message the host may send has its handler in the client's tables, and every signed
broadcast after the start its handler in the checker's: a type added to the protocol without
one fails here, not in a game."""

from __future__ import annotations

import pytest

from protocol.errors import ProtocolError
from protocol.messages import HOST_MESSAGES, SIGNED_BY_HOST
from risk_lan.net.client import Client
from risk_lan.net.record.broadcastcheck import GameReplay


def test_the_client_has_a_handler_for_every_message_of_the_host() -> None:
    client = Client("ann")
    plain = set(HOST_MESSAGES) - SIGNED_BY_HOST
    assert set(client.handlers) == plain | {"signed"}
    assert set(client.broadcast_handlers) == SIGNED_BY_HOST


def test_the_checker_has_a_handler_for_every_broadcast_after_the_start() -> None:
    assert set(GameReplay(None).handlers) == SIGNED_BY_HOST - {"start"}


@pytest.mark.parametrize("kind", ["nope", None, 3, "__init__", "_welcome"])
def test_a_message_of_no_known_type_is_the_hosts_fault_and_changes_nothing(kind: object) -> None:
    client = Client("ann")
    before = (client.seat, client.game_id, client.seen, client.views, client.witness)
    with pytest.raises(ProtocolError) as raised:
        client._receive({"type": kind})
    assert (raised.value.code, raised.value.culprit) == ("unknown_type", "host")
    assert (client.seat, client.game_id, client.seen, client.views, client.witness) == before
