"""Risk Capital (rulebook 003's sealed headquarters) in the app. The mode's unit in the app
(``APP``) is here: its presets' titles. Its steps (a headquarters picked and sealed, then
opened) are still the shared turn's, in ``player_turn.py``."""

from __future__ import annotations

from risk_lan.rules import capitals
from risk_lan.tui.turnlogic.modeapp import ModeApp

APP = ModeApp(
    name="capitals",
    applies=capitals.MODE.applies,
    titles={
        "capital": {"fr": "Risk Capitale, règles de 2015"},
        "capital-short": {"fr": "Risk Capitale, partie courte"},
    },
)
