"""The first screen before Python: in the page at once, in the visitor's language, and a tap on it kept."""

from __future__ import annotations

import json

from playwright.sync_api import BrowserContext, expect

from .conftest import open_game
from .page_steps import hold_runtime, wait_until_held


def test_a_tap_before_python_is_ready_opens_that_games_setup_when_it_is(
    fresh_context: BrowserContext, site_url: str
) -> None:
    held = hold_runtime(fresh_context)
    game = open_game(fresh_context, site_url, wait_ready=False, zero=False)
    page = game.page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    wait_until_held(page, held)
    # Python is still downloading: the choice of game is there, with its buttons, under the site's title.
    assert page.evaluate("document.documentElement.dataset.app") == "loading"
    assert "Zéro à 1000" in page.title() and "Zero" in page.title()
    expect(page.locator("#loading-step")).to_have_text("The games are getting ready…")
    play = page.get_by_role("button", name="Play Zero", exact=True)
    expect(play).to_be_visible()
    play.click()
    expect(page.locator("#loading-step")).to_have_text("Zero opens as soon as it is ready…")
    expect(play).to_have_attribute("aria-pressed", "true")

    for route in held:
        route.continue_()
    fresh_context.unroute("**/assets/vendor/pyodide/pyodide.asm.wasm")
    page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=90_000)
    # No second tap: Zero's set-up.
    expect(page.locator("body")).to_have_attribute("data-screen", "setup")
    expect(page.locator("body")).to_have_attribute("data-game", "zero")
    expect(page.locator("[data-action=start]")).to_be_visible()
    assert "game=zero" in page.url
    stored = page.evaluate("() => localStorage.getItem('zero-knizia:prefs')")
    assert json.loads(stored)["values"]["game"] == "zero"  # remembered like a tap on Python's own screen
    assert errors == [] and game.console_errors == []
    assert game.requests.failures() == []


def test_the_first_screen_speaks_the_stored_language_before_python_and_after(
    fresh_context: BrowserContext, site_url: str
) -> None:
    prefs = json.dumps({"type": "prefs", "schema": 1, "values": {"lang": "de"}})
    held = hold_runtime(fresh_context)
    game = open_game(fresh_context, site_url, wait_ready=False, zero=False, stored={"zero-knizia:prefs": prefs})
    page = game.page
    wait_until_held(page, held)
    expect(page.locator("#first h1")).to_have_text("Welches Spiel?")
    expect(page.get_by_role("button", name="Zero spielen")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.title() == "Zero und Zéro à 1000 — Spiel wählen"
    expect(page.locator("#loading-step")).to_have_text("Die Spiele werden vorbereitet…")
    # A change of language before Python: the screen follows at once, and Python keeps it.
    page.locator('#first select[data-field="lang"]').select_option("fr")
    expect(page.locator("#first h1")).to_have_text("À quel jeu jouer ?")

    for route in held:
        route.continue_()
    fresh_context.unroute("**/assets/vendor/pyodide/pyodide.asm.wasm")
    page.wait_for_function("() => document.documentElement.dataset.app === 'ready'", timeout=90_000)
    expect(page.locator("body")).to_have_attribute("data-screen", "home")
    expect(page.locator("h1").filter(has_text="À quel jeu jouer ?")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert game.console_errors == []


# The language box's chosen name against the room it has: its text's width in its own font, and the box's inner width
# less its padding and the arrow's 20 px.
LANGUAGE_FITS = """() => {
  const box = document.querySelector('select[data-field="lang"]');
  const style = getComputedStyle(box);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const text = pen.measureText(box.options[box.selectedIndex].text).width;
  const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  return [Math.ceil(text), Math.floor(room), parseFloat(style.fontSize)];
}"""


def test_the_first_screen_s_language_box_shows_each_language_s_whole_name_on_a_phone(
    fresh_context: BrowserContext, site_url: str
) -> None:
    page = open_game(fresh_context, site_url, zero=False).page
    page.set_viewport_size({"width": 390, "height": 844})
    for lang, heading in (("de", "Welches Spiel?"), ("fr", "À quel jeu jouer ?"), ("en", "Which game?")):
        page.locator('select[data-field="lang"]').select_option(lang)
        expect(page.locator(".home-head h1")).to_have_text(heading)
        text, room, size = page.evaluate(LANGUAGE_FITS)
        assert text <= room and size >= 16, f"{lang}: the name takes {text} px of {room} px, at {size} px"
        page.screenshot(path=f"test-artifacts/first-language-{lang}-390x844.png")
