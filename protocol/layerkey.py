"""A contributor's layer of the encrypted deck: a secret scalar s and its public key Y = s·B.

Encrypting a point M under the layer is s·M; removing the layer is s⁻¹·(s·M) = M. Layers
commute, so a card under every contributor's layer can lose them in any order. The public key
is what every proof about the layer is checked against.
"""

from __future__ import annotations

from .ristretto import Point, Scalar, invert, mul_base, random_scalar, scalar


class LayerKey:
    """One contributor's secret layer for one game (made fresh unless loaded)."""

    def __init__(self, secret: Scalar | None = None) -> None:
        self.secret = secret if secret is not None else random_scalar()
        self.public = mul_base(self.secret)
        self.inverse = invert(self.secret)

    @classmethod
    def from_bytes(cls, raw: bytes) -> LayerKey:
        """The key saved with ``to_bytes`` (32 bytes, a canonical non-zero scalar)."""
        return cls(scalar(raw))

    def to_bytes(self) -> bytes:
        return bytes(self.secret)

    def public_bytes(self) -> Point:
        return self.public
