"""The error every check of the wire raises."""

from __future__ import annotations


class ProtocolError(Exception):
    """Something a peer sent that the protocol refuses. ``code`` is stable; ``message`` is for
    people. ``culprit`` names the peer to blame when the fault is provable (a bad signature,
    a wrong reveal), or is None."""

    def __init__(self, code: str, message: str, culprit: str | None = None) -> None:
        super().__init__(f"{code}: {message}" + (f" (from {culprit})" if culprit else ""))
        self.code = code
        self.message = message
        self.culprit = culprit
