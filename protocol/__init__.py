"""The wire between risk-lan peers: message schemas, framing, and the fairness cryptography.

Sans-IO (no sockets, no event loop); it knows nothing of the Textual client or of the
engine's internals.
"""

from .messages import PROTOCOL_VERSION

__all__ = ["PROTOCOL_VERSION"]
