"""A standard turn, by keys and by clicks, in a real local game (the app and a host on
127.0.0.1, bots as the others): place all the reinforcements on one territory, one blitz
that conquers with the default move-in, one manoeuvre, and the turn ends. Each test counts
every press and prints it; a turn takes at most 12 keys, or 8 clicks."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets._footer import FooterKey
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.rules import classic_board
from risk_lan.tui.widgets.map_layout import draw
from risk_lan.tui.widgets.world_map import WorldMap

SIZES = [(160, 50), (100, 30)]  # the roomy layout, and the compact one at its smallest
MOST_KEYS, MOST_CLICKS = 12, 8


def position(s) -> None:
    """Alaska and Alberta are the player's; three reinforcements to place; Kamchatka, over
    the sea, holds one army of p2's."""
    set_position(
        s, {"alaska": "p1", "alberta": "p1"}, {"alaska": 40, "kamchatka": 1}, rest="p2",
        phase="reinforce", pool=3,
    )  # fmt: skip


class Presses:
    """The pilot's keys and clicks, each counted."""

    def __init__(self, pilot, screen) -> None:
        self.pilot, self.screen = pilot, screen
        self.keys = self.clicks = 0

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.pilot.press(key)
            self.keys += 1

    async def click_territory(self, territory: str) -> None:
        world = self.screen.query_one(WorldMap)
        x, y = draw(world.board, world.size.width, world.size.height).labels[territory]
        assert await self.pilot.click(world, offset=(x + 1, y))
        self.clicks += 1

    async def click_key(self, key: str) -> None:
        """The footer's key, as a player clicks it."""
        shown = [k for k in self.screen.query(FooterKey) if k.key == key and not k.disabled]
        assert shown, f"{key} is not in the footer"
        assert await self.pilot.click(shown[0])
        self.clicks += 1

    async def click_words(self, words: str) -> None:
        """A button in the Now panel: where its words are drawn."""
        now = self.screen.query_one("#now")
        inside = now.content_region.offset - now.region.offset  # the border, the padding
        for y in range(now.content_size.height):
            line = "".join(seg.text for seg in now.render_line(y))
            if words in line:
                at = (inside.x + line.index(words), inside.y + y)
                assert await self.pilot.click(now, offset=at)
                self.clicks += 1
                return
        raise AssertionError(f"no {words!r} in the Now panel")


def cursor(screen) -> str | None:
    return screen.query_one(WorldMap).state.selected


async def turn_by_keys(size: tuple[int, int]) -> int:
    """The turn at the keyboard; returns the keys pressed."""
    host = scenario_host(position)
    app = scenario_app(host)
    async with app.run_test(size=size) as pilot:
        screen = await started(app, pilot)
        game = app.local_host.match.game
        presses = Presses(pilot, screen)
        await until(pilot, lambda: screen.turn.step().name == "place")
        # The cursor waits on a territory the step lets the player pick, and Now says so.
        assert cursor(screen) == "alaska"
        assert "Cursor: Alaska (yours, 40 armies)" in screen_text(app, "now")
        await presses.press("end", "enter")  # the most: all three, on Alaska
        assert screen.turn.staged == [("alaska", 3)]
        await presses.press("enter")  # confirmed; Alaska is where the attacks start
        await until(pilot, lambda: game.state.armies["alaska"] == 43)
        await until(pilot, lambda: screen.turn.step().name == "attack")
        assert screen.turn.source == "alaska"
        await presses.press("left")  # over the sea lane, round the Pacific
        assert cursor(screen) == "kamchatka"
        assert "Cursor: Kamchatka" in screen_text(app, "now")
        await presses.press("enter", "f3")  # the target; blitz
        await until(pilot, lambda: screen.turn.step().name == "move_in")
        low, high = game.state.move_in.minimum, game.state.move_in.maximum
        await presses.press("f4")  # the default move-in, and the attacks end
        # The manoeuvre starts where the next attack would have: the territory just taken.
        await until(pilot, lambda: screen.turn.step().name == "fortify" and
                    screen.turn.source == "kamchatka")  # fmt: skip
        moved = game.state.armies["kamchatka"]
        assert low < moved < high  # half, by default: Kamchatka borders p2's armies
        alaska = game.state.armies["alaska"]
        await presses.press("right")  # back over the sea lane
        assert cursor(screen) == "alaska"
        await presses.press("enter", "enter")  # the manoeuvre's target, confirmed
        await until(pilot, lambda: game.state.current != "p1")
        assert game.state.owner["kamchatka"] == "p1"
        assert game.state.armies["alaska"] > alaska
        assert presses.clicks == 0
        return presses.keys


async def turn_by_clicks(size: tuple[int, int]) -> int:
    """The turn with the mouse; returns the clicks."""
    host = scenario_host(position)
    app = scenario_app(host)
    async with app.run_test(size=size) as pilot:
        screen = await started(app, pilot)
        game = app.local_host.match.game
        presses = Presses(pilot, screen)
        await until(pilot, lambda: screen.turn.step().name == "place")
        await presses.click_words("max")
        await presses.click_territory("alaska")
        assert screen.turn.staged == [("alaska", 3)]
        await presses.click_territory("alaska")  # confirmed, and the attacks start there
        await until(pilot, lambda: game.state.armies["alaska"] == 43)
        await until(pilot, lambda: screen.turn.step().name == "attack")
        await presses.click_territory("kamchatka")
        assert screen.turn.target == "kamchatka"
        await presses.click_key("f3")
        await until(pilot, lambda: screen.turn.step().name == "move_in")
        await presses.click_key("f4")  # the default move-in, and the attacks end
        await until(pilot, lambda: screen.turn.step().name == "fortify" and
                    screen.turn.source == "kamchatka")  # fmt: skip
        alaska = game.state.armies["alaska"]
        await presses.click_territory("alaska")
        await presses.click_territory("alaska")  # picked again: the manoeuvre is made
        await until(pilot, lambda: game.state.current != "p1")
        assert game.state.owner["kamchatka"] == "p1"
        assert game.state.armies["alaska"] > alaska
        assert presses.keys == 0
        return presses.clicks


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
async def test_a_standard_turn_takes_a_dozen_keys_or_eight_clicks(size: tuple[int, int]) -> None:
    keys, clicks = await turn_by_keys(size), await turn_by_clicks(size)
    print(f"standard turn: {keys} keys, {clicks} clicks")
    assert keys <= MOST_KEYS and clicks <= MOST_CLICKS


def arrow_moves(board) -> dict[str, set[str]]:
    """Where each arrow key leads from each territory."""
    world = WorldMap(board)
    moves: dict[str, set[str]] = {}
    for here in board.territory_ids:
        moves[here] = set()
        for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            world.state.selected = here
            world.action_step(dx, dy)
            moves[here].add(world.state.selected)
    return moves


def test_the_arrows_reach_every_territory_and_cross_the_sea_lanes() -> None:
    board = classic_board()
    moves = arrow_moves(board)
    for start in board.territory_ids:
        seen, todo = {start}, [start]
        while todo:
            for there in moves[todo.pop()] - seen:
                seen.add(there)
                todo.append(there)
        assert seen == set(board.territory_ids), (start, set(board.territory_ids) - seen)
    for lane in (b for b in board.borders if b.kind == "sea"):
        a, b = lane.first, lane.second
        # One key across, or two by a neighbour on the way (four lanes lie between others).
        near = moves[a] | {t for m in moves[a] for t in moves[m]}
        assert b in near or a in (moves[b] | {t for m in moves[b] for t in moves[m]}), lane
    assert "kamchatka" in moves["alaska"] and "alaska" in moves["kamchatka"]


class MapApp(App[None]):
    def compose(self):
        yield WorldMap(classic_board())


@pytest.mark.asyncio
@pytest.mark.parametrize("size", [(100, 30), (160, 50)])
async def test_the_cursor_is_drawn_between_pointers(size: tuple[int, int]) -> None:
    app = MapApp()
    async with app.run_test(size=size) as pilot:
        world = app.query_one(WorldMap)
        for territory in ("alberta", "brazil", "kamchatka"):
            world.select(territory)
            await pilot.pause()
            grid = draw(world.board, world.size.width, world.size.height)
            x, y = grid.labels[territory]
            cells = [(seg.text, seg.style) for seg in world.render_line(y) for _ in seg.text]
            text = "".join(seg.text for seg in world.render_line(y))
            assert text[x - 1] == "▶" or text[x + grid.label_width] == "◀", (territory, text)
            style = world._look(territory, grid.compact)[2]
            assert style.bgcolor is not None and style.bgcolor.name == "#ffffff"
            assert len(cells) == world.size.width
