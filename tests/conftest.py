"""Fixtures for every test."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(autouse=True)
def private_data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Saves, kept seats and error logs go under risk_lan.paths.data_dir(): each test gets a
    folder of its own there, so that no test writes to the user's home or sees another
    test's files."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data_home")))


@pytest.fixture(autouse=True)
def real_witness():
    """A test that sets up a scenario (tui_helpers.scenario_host) has its clients trust the
    deal; every other test, and the next one, has the real witness."""
    from risk_lan.net.client import client, witness

    yield
    client.Witness = witness.Witness


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """How many examples the projection property ran for each preset, and their moves."""
    module = sys.modules.get("test_projection")
    if module is None or not module.EXAMPLES:
        return
    terminalreporter.section("projections checked, per preset")
    for preset in sorted(module.EXAMPLES):
        terminalreporter.write_line(
            f"{preset}: {module.EXAMPLES[preset]} examples, {module.MOVES[preset]} moves"
        )
