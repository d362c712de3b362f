"""Take the README's screenshots from the running page: Zero's table and the quiz's table.

    python tools/screenshots.py [--out docs/images] [--width 1024 --height 768]

Starts ``serve.py`` on a free port, opens each game in headless Chromium (Playwright, with the
Chromium ``tools/browser.py`` finds), plays to a typical moment of a turn and writes one PNG per game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.browser import launch_chromium, start_serve, stop_serve  # noqa: E402

READY = "() => document.documentElement.dataset.app !== 'loading'"
STEP_MS = 30_000


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(READY, timeout=60_000)


def zero_table(page: Page, base: str, out: Path) -> None:
    """You against two medium bots, your turn, a hand card chosen (the pool shows the score preview)."""
    open_page(page, base + "?game=zero&seed=12&speed=fast")
    page.locator("[data-action=start]").click()
    hand = page.locator("[data-zone=hand] [data-card]")
    expect(hand).to_have_count(9, timeout=STEP_MS)
    page.locator("[data-action=knock]").wait_for(timeout=STEP_MS)
    hand.nth(4).click()
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "zero-table.png"))


def quiz_table(page: Page, base: str, out: Path) -> None:
    """A team of people against two bot teams, the team's pick chosen before Play."""
    open_page(page, base + "?game=quiz")
    expect(page.locator("[data-action=start]")).to_be_visible()
    if not page.locator("[data-field=seed]").count():  # the deal number is behind More options
        page.locator("[data-action=more-options]").click()
    page.locator("[data-field=seed]").fill("5")
    page.locator("[data-action=start]").click()
    ready = page.locator("[data-action=ready]")
    if ready.count() or ready.is_visible():
        ready.click()
    card = page.locator(".team.mine button[data-question]").nth(2)
    card.wait_for(timeout=STEP_MS)
    card.click()
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / "quiz-table.png"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument("--lang", default="en-GB")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    server, base = start_serve()
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for shoot in (zero_table, quiz_table):
                context = browser.new_context(
                    viewport={"width": args.width, "height": args.height}, locale=args.lang
                )
                shoot(context.new_page(), base, args.out)
                context.close()
            browser.close()
    finally:
        stop_serve(server)
    print(f"screenshots in {args.out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
