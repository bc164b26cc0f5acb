"""risk-lan: the board game Risk for LAN parties, played in terminals."""

__version__ = "0.1.0"
