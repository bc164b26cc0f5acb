"""Drawing, handing on and opening a card of the encrypted deck, each step with its proof.

A card in the pile is C = (s₁·s₂·…·s_n)·M. When P draws it, every other contributor i removes
its layer in turn, C ↦ s_i⁻¹·C, proving against its public key Y_i that it did exactly that
(``remove_layer``, ``check_removal``); what is left, s_P·M, is public, and P alone can take off
its own layer (``uncover``). To hand a held card H = s_P·M to Q (a card given with a seat, a
card taken from an eliminated player), Q adds its layer, H ↦ s_Q·H (``add_layer``,
``check_added``), then P's layer is removed as above. A holder shows which card it holds by
opening it: M with a proof that H = s_P·M (``open_card``, ``check_opening``), and everyone
looks M up among the deck's points (``cardpoints.card_index``).

Every proof is a Chaum–Pedersen proof (``dleq``) with the base point B and the contributor's
public key Y = s·B as its first pair:

- removal, C' = s⁻¹·C: log_B(Y) = log_C'(C), use ``remove``;
- adding, C' = s·C: log_B(Y) = log_C(C'), use ``add``;
- opening, M = s⁻¹·H: log_B(Y) = log_M(H), use ``open``.

``context`` is the caller's bytes saying where the step stands (game, deck, card, seat), so
a proof cannot be replayed elsewhere.
"""

from __future__ import annotations

from .dleq import Statement, prove, verify
from .layerkey import LayerKey
from .ristretto import BASE, Point, Scalar, mul


def remove_layer(
    key: LayerKey, card: Point, context: bytes, nonce: Scalar | None = None
) -> tuple[Point, bytes]:
    """The card without ``key``'s layer, and the proof of it."""
    removed = mul(key.inverse, card)
    statement = Statement(BASE, key.public, removed, card)
    return removed, prove("remove", context, statement, key.secret, nonce)


def check_removal(public: Point, card: Point, removed: Point, proof: bytes, context: bytes) -> bool:
    """Whether ``removed`` is ``card`` without the layer of the key ``public``."""
    return verify("remove", context, Statement(BASE, public, removed, card), proof)


def add_layer(
    key: LayerKey, card: Point, context: bytes, nonce: Scalar | None = None
) -> tuple[Point, bytes]:
    """The card under ``key``'s layer too, and the proof of it."""
    added = mul(key.secret, card)
    statement = Statement(BASE, key.public, card, added)
    return added, prove("add", context, statement, key.secret, nonce)


def check_added(public: Point, card: Point, added: Point, proof: bytes, context: bytes) -> bool:
    return verify("add", context, Statement(BASE, public, card, added), proof)


def uncover(key: LayerKey, held: Point) -> Point:
    """The card point under the holder's own last layer: done in private, no proof."""
    return mul(key.inverse, held)


def open_card(
    key: LayerKey, held: Point, context: bytes, nonce: Scalar | None = None
) -> tuple[Point, bytes]:
    """The card point of ``held`` and the proof that ``held`` is it under ``key``'s layer."""
    shown = mul(key.inverse, held)
    statement = Statement(BASE, key.public, shown, held)
    return shown, prove("open", context, statement, key.secret, nonce)


def check_opening(public: Point, held: Point, shown: Point, proof: bytes, context: bytes) -> bool:
    """Whether ``shown`` is what ``held`` hides under the layer of the key ``public``. Which
    card it is, and whether it is one at all, is ``card_index``'s answer."""
    return verify("open", context, Statement(BASE, public, shown, held), proof)
