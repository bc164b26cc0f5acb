"""A card's opening sealed to a teammate: under team rules teammates see each other's cards,
but a sealed card is readable by its holder alone, so the holder tells each teammate's party
which card it holds, in a way that party can check and, if it is lied to, prove.

The holder H of a card held as C = s·M (its own layer alone on it) opens it as it would in
public, M with an ``open`` proof that C is M under its key Y, but for one recipient: the proof's
context names the recipient (``share/`` and its id), so it proves nothing anywhere else, and the
96 bytes M ‖ proof are sealed to the recipient's X25519 key with a sealed box whose ephemeral
secret the holder keeps (``escrow.seal_revealably``). The recipient opens the box, checks the
proof against C and Y, and looks M up among the deal's points. If the box does not open, or
what it holds is false, the recipient complains; the holder must then answer with the box's
ephemeral secret, which lets every peer open the box and judge who lied.
"""

from __future__ import annotations

from nacl.public import PrivateKey

from .deckdraw import check_opening, open_card
from .escrow import SEAL_OVERHEAD, open_box, open_box_revealed, seal_revealably
from .layerkey import LayerKey
from .ristretto import SIZE, DeckCryptoError, Point, Scalar, point

OPENING_SIZE = 3 * SIZE  # M ‖ c ‖ r
SHARE_BOX_SIZE = OPENING_SIZE + SEAL_OVERHEAD


def seal_opening(
    key: LayerKey,
    held: Point,
    context: bytes,
    recipient_public: bytes,
    nonce: Scalar | None = None,
    ephemeral: bytes | None = None,
) -> tuple[bytes, bytes]:
    """The opening of the card ``held`` under ``key``'s layer, sealed to the X25519 key
    ``recipient_public``, and the box's ephemeral secret (the holder keeps it, to answer a
    complaint). ``nonce`` and ``ephemeral`` are random unless given (test vectors)."""
    shown, proof = open_card(key, held, context, nonce)
    return seal_revealably(bytes(shown) + proof, recipient_public, ephemeral)


def read_opening(box: bytes, recipient: PrivateKey) -> tuple[Point, bytes]:
    """The point and proof in a box sealed to ``recipient``; ``DeckCryptoError`` if it does not
    open, or the point in it is not one."""
    return _parsed(open_box(box, recipient, OPENING_SIZE))


def reveal_opening(box: bytes, recipient_public: bytes, ephemeral: bytes) -> tuple[Point, bytes]:
    """The point and proof in a box, opened by anyone with its ephemeral secret;
    ``DeckCryptoError`` if the secret is not the box's, or it does not open to a point."""
    return _parsed(open_box_revealed(box, recipient_public, ephemeral, OPENING_SIZE))


def holds(public: Point, held: Point, shown: Point, proof: bytes, context: bytes) -> bool:
    """Whether ``shown`` is what ``held`` hides under the layer of the key ``public`` (a
    proof whose scalars are not canonical is false like any other)."""
    try:
        return check_opening(public, held, shown, proof, context)
    except DeckCryptoError:
        return False


def _parsed(opening: bytes) -> tuple[Point, bytes]:
    return point(opening[:SIZE]), opening[SIZE:]
