"""How fast Ed25519 signs and verifies, in each library at hand, and how fast the canonical
msgpack of the protocol's messages is.

    .venv/bin/python bench/signatures.py [--count 3000]

Prints microseconds to sign and to verify a typical signed message with libsodium (PyNaCl,
which protocol/signing.py uses) and OpenSSL (the ``cryptography`` package, when installed),
and to pack a move, a reveal, a roll's reveals and an act: plain msgpack (what goes on the
wire) against canonical msgpack (what is signed and hashed). A host signs three messages a
roll and checks seven signatures every eighth roll; a client signs one and checks as many.
"""

from __future__ import annotations

import argparse
import os
import timeit
from collections.abc import Callable
from typing import Any

import msgpack

from protocol.framing import pack
from protocol.signing import Identity, verify

GAME = "0123456789abcdef"


def best(work: Callable[[], Any], count: int) -> float:
    """Microseconds a call, the best of five runs of ``count`` calls."""
    return min(timeit.repeat(work, number=count, repeat=5)) / count * 1e6


def messages() -> dict[str, dict[str, Any]]:
    """Envelopes as the protocol sends them, signed with throwaway keys."""
    p2, p3, host = Identity(), Identity(), Identity()
    prev = os.urandom(32)
    action = {"type": "attack", "source": "alaska", "target": "kamchatka", "dice": 3}
    act = p2.sign(
        "p2", {"type": "act", "game": GAME, "seq": 17, "action": action | {"stop_at": None}}
    )
    move = {"type": "move", "game": GAME, "n": 120, "seat": "p2", "roll": 45}
    move |= {"action": act["body"]["action"], "request": act}
    link = os.urandom(32)
    reveal = p3.sign("p3", {"type": "reveal", "game": GAME, "roll": 45, "link": link, "seen": prev})
    reveals = {"type": "reveals", "game": GAME, "roll": 45, "envelopes": [reveal] * 6}
    return {
        "a move envelope": host.sign("host", move, prev),
        "a reveal envelope": reveal,
        "a roll's reveals envelope": host.sign("host", reveals, prev),
        "an act envelope": act,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000)
    args = parser.parse_args()
    n = args.count
    data = b"risk-lan/1/signed" + os.urandom(300)  # about a move's signed bytes

    from nacl.signing import SigningKey

    key = SigningKey.generate()
    sig = key.sign(data).signature
    public = key.verify_key
    print(
        f"PyNaCl (libsodium): sign {best(lambda: key.sign(data), n):.0f} us, "
        f"verify {best(lambda: public.verify(data, sig), n):.0f} us"
    )
    try:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    except ImportError:
        print("cryptography (OpenSSL): not installed")
    else:
        okey = Ed25519PrivateKey.generate()
        osig, opublic = okey.sign(data), okey.public_key()
        print(
            f"cryptography (OpenSSL): sign {best(lambda: okey.sign(data), n):.0f} us, "
            f"verify {best(lambda: opublic.verify(osig, data), n):.0f} us"
        )

    identity = Identity()
    body = messages()["a move envelope"]["body"]
    # A copy each time: a body signed or checked once is not packed again (framing.pack_signed).
    sign = best(lambda: identity.sign("host", dict(body)), n)
    envelope = identity.sign("host", body, b"")
    check = best(lambda: verify({**envelope, "body": dict(body)}, identity.public_key), n)
    print(f"protocol.signing, a move (packed too): sign {sign:.0f} us, verify {check:.0f} us")
    for name, message in messages().items():
        plain = best(lambda m=message: msgpack.packb(m, use_bin_type=True), n)
        canonical = best(lambda m=message: pack(m), n)
        print(
            f"packing {name} ({len(pack(message))} bytes): plain {plain:.1f} us, "
            f"canonical {canonical:.1f} us"
        )


if __name__ == "__main__":
    main()
