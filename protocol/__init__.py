"""The wire between risk-lan peers: message schemas, framing, and the fairness cryptography.

It knows nothing of the Textual client or of the engine's internals.
"""

PROTOCOL_VERSION = 1
