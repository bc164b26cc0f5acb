"""A game's record and its checks: the record's file (``recordfile``), the one checker of the
host's broadcasts (``broadcastcheck``) with the public game a client works out (``shadow``)
and the expulsions every peer judges (``expulsion``), ``risk-lan verify`` (``verify``), and a
verified record's frames for ``risk-lan replay`` (``playback``)."""
