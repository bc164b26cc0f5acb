"""The host of a game: it seats players, runs the one authoritative engine and every roll
through the commit-reveal protocol. ``hostserver.Host`` is composed of the parts beside it
(docs/architecture.md, "The network")."""
