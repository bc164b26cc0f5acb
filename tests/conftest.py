"""Fixtures for every test."""

from __future__ import annotations

import sys
from collections import Counter

import pytest
from hypothesis import settings

# The suite's property tests draw the same examples at every run: a rare counterexample is
# for bench/properties.py's long random search to find (it builds settings of its own), not
# a run of the suite to fail on by chance; what it finds is then fixed, with a test of its own.
settings.register_profile("suite", derandomize=True, database=None)
settings.load_profile("suite")


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


# The projection property's figures, per preset: examples run and moves played. Run in
# parallel (pytest-xdist), each worker sends its own to the controller, which adds them up.
PROJECTIONS: dict[str, Counter[str]] = {"examples": Counter(), "moves": Counter()}


def _projection_figures() -> dict[str, dict[str, int]]:
    module = sys.modules.get("test_projection")
    if module is None:
        return {"examples": {}, "moves": {}}
    return {"examples": dict(module.EXAMPLES), "moves": dict(module.MOVES)}


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a worker: its figures go to the controller
        workeroutput["projections"] = _projection_figures()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """On the controller, as each worker ends: its figures (a crashed worker sends none)."""
    figures = getattr(node, "workeroutput", {}).get("projections", {})
    for key, counts in figures.items():
        PROJECTIONS[key].update(counts)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """How many examples the projection property ran for each preset, and their moves."""
    examples, moves = PROJECTIONS["examples"], PROJECTIONS["moves"]
    if not hasattr(config, "workerinput") and not examples:  # run in this process
        figures = _projection_figures()
        examples, moves = Counter(figures["examples"]), Counter(figures["moves"])
    if not examples:
        return
    terminalreporter.section("projections checked, per preset")
    for preset in sorted(examples):
        terminalreporter.write_line(f"{preset}: {examples[preset]} examples, {moves[preset]} moves")


# The longest tests start first when the suite runs in parallel, so that none of them is
# left to run alone at the end: the real terminals (one after another, on one worker) and
# the chaos run, then the rest in their usual order.
FIRST = ("test_tui_tmux", "test_net_chaos")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        module = getattr(item, "module", None)
        name = module.__name__ if module is not None else ""
        first = [i for i, prefix in enumerate(FIRST) if name.startswith(prefix)]
        return first[0] if first else len(FIRST)

    items.sort(key=rank)
