"""Play over the LAN: the authoritative host, the client, and the game record."""
