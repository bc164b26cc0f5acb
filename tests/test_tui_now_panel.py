"""The Now panel never cuts a sentence: driven with Pilot against a real host on 127.0.0.1, it
shows every sentence that says why a key or a pick did nothing, and the catalogue's longest
sentences, whole on the screen, at the smallest size the app plays in and at a large one, in
English and in French."""

from __future__ import annotations

import string

import pytest
from tui_helpers import scenario_app, scenario_host, screen_text, set_position, started, until

from risk_lan.tui.texts.catalogue import TEXTS, say
from risk_lan.tui.texts.hint_texts import HINT_TEXTS
from risk_lan.tui.widgets.panels import HandPanel
from risk_lan.wording import place

pytestmark = pytest.mark.asyncio

NAMES = {"player", "by", "name", "target", "neutral", "attacker", "independent", "ally"}
LONGEST = 12  # the catalogue's longest sentences, each shown as if it said why


def fields_of(template: str, board, lang: str) -> tuple[dict[str, object], dict[str, object]]:
    """Values for every field of ``template``, as the panel is handed them (a territory's id
    for ``territory`` and ``source``) and as it says them: a long territory's name where a
    territory is named, a long name for a person, 12 for a count."""
    given: dict[str, object] = {}
    for _, field, spec, _ in string.Formatter().parse(template):
        if not field:
            continue
        if field in ("territory", "source"):
            given[field] = "northwest_territory" if field == "territory" else "kamchatka"
        elif field == "target" or (spec and spec.isalpha()):
            given[field] = place(board, "northwest_territory", lang)  # an article's spec
        elif field in NAMES and not spec:
            given[field] = "Maximilienne"
        else:
            given[field] = 12
    said = {k: place(board, str(v), lang) if k in ("territory", "source") else v
            for k, v in given.items()}  # fmt: skip
    return given, said


def sentences(lang: str) -> list[str]:
    """Every hint's key, and the keys of the catalogue's longest texts."""
    texts = TEXTS[lang]
    longest = sorted(texts, key=lambda key: len(texts[key]), reverse=True)[:LONGEST]
    return list(dict.fromkeys([*HINT_TEXTS[lang], *longest]))


def flat(text: str) -> str:
    return " ".join(text.split())


def visible(app, widget) -> str:
    """What the screen shows inside ``widget``'s box (its border and scroll bar aside)."""
    region = widget.scrollable_content_region
    strips = app.screen._compositor.render_strips()
    return "\n".join(s.crop(region.x, region.right).text for s in strips[region.y : region.bottom])


def starts(app, box, said: str) -> str:
    """What the box shows, when that is ``said`` whole, or its start, the box being too low
    for it; else ""."""
    if said not in flat(screen_text(app, "now")):
        return ""  # not yet in the panel, nor scrolled to
    seen = flat(visible(app, box))
    whole = said in seen
    return seen if whole or (box.max_scroll_y and said.startswith(seen)) else ""


def all_of_it(app, box) -> str:
    """What the Now panel says, once the box shows all of it."""
    said = flat(screen_text(app, "now"))
    return said if flat(visible(app, box)) == said else ""


async def shown_whole(pilot, box, said: str, grows: bool) -> None:
    """``said`` shows whole in the box (which ``grows`` to it); or, where the box may not grow
    enough, its start shows, and scrolling down shows the rest (followed by the lines that
    come after it, the map cursor's)."""
    app = pilot.app
    seen = await until(pilot, lambda: starts(app, box, said), timeout=10)
    assert said in seen or not grows
    if said not in seen:
        await pilot.pause()  # the panel's own scroll, after its refresh, first
        box.scroll_end(animate=False, immediate=True)
        rest = said[len(seen) :].strip()
        await until(pilot, lambda: rest in flat(visible(app, box)), timeout=10)


def attacking(s) -> None:
    set_position(s, {"alaska": "p1", "kamchatka": "p1"}, {"alaska": 5, "kamchatka": 4},
                 rest=("p2", "p3"))  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("size", "mode"),
    # The smallest table, and the smallest with a secret's panel, where the Now panel may not
    # grow and scrolls to what was said last.
    [((100, 30), "classic"), ((160, 50), "classic"), ((100, 30), "secret-mission")],
)
async def test_every_hint_and_the_longest_sentences_show_whole(lang: str, size, mode) -> None:
    app = scenario_app(scenario_host(attacking, mode=mode), lang=lang)
    async with app.run_test(size=size) as pilot:
        screen = await started(app, pilot)
        box = next(iter(screen.query("#now-box")), None) or screen.query_one("#now")
        await until(pilot, lambda: screen.turn.my_turn and screen.turn.step().name == "attack")
        step_line = await until(pilot, lambda: all_of_it(app, box))
        cut = []
        for key in sentences(lang):
            given, named = fields_of(TEXTS[lang][key], screen.turn.game.board, lang)
            screen.turn.hint = (key, given)
            screen.redraw()
            said = flat(say(lang, key, **named))
            try:
                await shown_whole(pilot, box, said, grows=mode == "classic")
            except AssertionError:
                cut.append((key, said, visible(app, box)))
        assert not cut, "\n".join(f"{k}: {s!r} {v!r}" for k, s, v in cut[:3])
        # The cards keep a title and two lines, and the Now panel its step once the hint goes.
        assert screen.query_one(HandPanel).outer_size.height >= 3
        screen.turn.hint = None
        screen.redraw()
        await until(pilot, lambda: all_of_it(app, box) == step_line, timeout=10)


def fortifying(s) -> None:
    set_position(s, {"alaska": "p1", "kamchatka": "p1"}, {"alaska": 5, "kamchatka": 4},
                 rest=("p2", "p3"), phase="fortify")  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_a_sentence_that_brings_the_scroll_bar_shows_from_its_start(lang: str) -> None:
    # The box, too low for the sentence, gains a scroll bar that narrows the lines before it:
    # the manoeuvre step's line then takes one more (in English), and the box still scrolls
    # to the sentence's first line.
    app = scenario_app(scenario_host(fortifying, mode="secret-mission"), lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await started(app, pilot)
        box = screen.query_one("#now-box")
        await until(pilot, lambda: screen.turn.my_turn and screen.turn.step().name == "fortify")
        step_line = await until(pilot, lambda: not box.max_scroll_y and all_of_it(app, box))
        cut = []
        for key in ["retreat_ready_no_card", "taken_up_trusted", "leave_solo"]:
            given, named = fields_of(TEXTS[lang][key], screen.turn.game.board, lang)
            screen.turn.hint = (key, given)
            screen.redraw()
            said = flat(say(lang, key, **named))
            try:
                await until(pilot, lambda said=said: box.max_scroll_y and starts(app, box, said),
                            timeout=5)  # fmt: skip
            except AssertionError:
                cut.append((key, said, visible(app, box)))
            screen.turn.hint = None
            screen.redraw()
            await until(pilot, lambda: all_of_it(app, box) == step_line, timeout=10)
        assert not cut, "\n".join(f"{k}: {s!r} {v!r}" for k, s, v in cut)


async def test_a_click_on_the_now_panel_leaves_the_keys_to_the_map() -> None:
    app = scenario_app(scenario_host(attacking))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await started(app, pilot)
        await pilot.click("#now-box")  # (which waits for the click to be handled)
        assert app.focused is screen.query_one("#map")
