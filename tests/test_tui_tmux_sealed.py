"""A sealed game in the real app, in a real terminal (tmux): ``risk-lan play --sealed`` deals
the secret objectives by the sealed deck; the log says first whose cards the host's computer
reads (its bots'), and the objective, on its way while the deck deals it, is read by the
player's own client and shown."""

from __future__ import annotations

import pytest
import test_tui_tmux as tmux

from risk_lan.rules.objectives import objectives
from risk_lan.tui.texts.catalogue import say

pytestmark = tmux.pytestmark


@pytest.fixture
def terminal():
    term = tmux.Terminal()
    yield term
    term.stop()


def test_a_sealed_secret_mission_game_shows_the_player_s_own_objective(terminal) -> None:
    terminal.start(f"{tmux.COMMAND} play --sealed --mode secret-mission --bots 2 --name tester")

    def whole() -> str:
        return " ".join(" ".join(line.strip(" ▏") for line in terminal.screen()).split())

    said = " ".join(say("en", "sealed_seats", bots="bot-1, bot-2").split())
    # (the log wraps its lines: the start of the sentence, up to the bots' names)
    tmux.wait_for(lambda: said[:60] in whole(), 60, "the start's words", terminal)
    texts = [o.text("en") for o in objectives().values()]
    # The panel wraps too: the objective's first words are enough to tell it.
    shown = tmux.wait_for(
        lambda: [t for t in texts if t[:24] in whole()], 60, "the objective read", terminal
    )
    assert shown and "on its way" not in whole()
