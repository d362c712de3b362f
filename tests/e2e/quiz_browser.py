"""Helpers shared by the browser tests (from test_quiz.py, so that no test file imports another)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from thousand.deck import default_deck

from .conftest import REPO, settled

DECK = default_deck()
ANSWERS = {q.id: q.answer for q in DECK.questions}
TEXTS = {q.id: q.text for q in DECK.questions}
SHOTS = REPO / "test-artifacts" / "quiz"
VIEWPORTS = {"1024x768": (1024, 768), "768x1024": (768, 1024), "390x844": (390, 844)}
STEP_MS = 60_000


# Something a person does next on the quiz page.
NEXT = ("[data-action=ready], .team.mine button[data-question], [data-action=reveal-next], "
        "[data-action=reveal-done], [data-action=target], [data-field=guess], [data-action=see-winner], "
        "[data-action=play-again]")


# Every question card and turned-over answer on the page, and where it sits (read in the page).
READ_PAGE = """() => ({
  html: document.documentElement.outerHTML,
  live: document.getElementById('live') ? document.getElementById('live').textContent : '',
  cards: [...document.querySelectorAll('[data-question]')].map(n => ({
    id: n.dataset.question, text: n.textContent, up: !!n.closest('.play.up'), down: !!n.closest('.play.down'),
    team: n.closest('[data-team]') ? n.closest('[data-team]').dataset.team : null,
    selected: n.classList.contains('selected') || n.getAttribute('aria-pressed') === 'true',
  })),
  answers: [...document.querySelectorAll('[data-answer]')].map(n => ({
    id: n.dataset.answer, up: !!n.closest('.play.up') })),
  mine: document.querySelector('.team.mine') ? document.querySelector('.team.mine').dataset.team : null,
})"""


def check_privacy(page: Page) -> None:
    """No answer is in the page before its card is turned over; no team's pick shows but the chooser's own."""
    assert_private(page.evaluate(READ_PAGE))


def assert_private(seen: dict[str, Any]) -> None:
    """``check_privacy`` on what ``READ_PAGE`` read (in any engine)."""
    up = {c["id"] for c in seen["cards"] if c["up"]}
    for a in seen["answers"]:
        assert a["up"], f"an answer outside a turned-over play: {a['id']}"
    for card in seen["cards"]:
        assert not card.get("down"), f"a face-down play shows which card it is: {card['id']}"
        if card["up"]:
            continue
        answer = str(ANSWERS[card["id"]])
        own_text = " ".join(TEXTS[card["id"]][lang] for lang in ("en", "fr", "de"))
        if not re.search(rf"(?<!\d){answer}(?!\d)", own_text):
            assert not re.search(rf"(?<!\d){answer}(?!\d)", card["text"]), f"answer on the card {card['id']}"
        assert not card["selected"] or card["team"] == seen["mine"], f"another team's pick shows: {card['id']}"
        assert f'data-answer="{card["id"]}"' not in seen["html"]
    for qid in ANSWERS:
        if qid not in up:
            assert f'data-answer="{qid}"' not in seen["html"]


def set_up(page: Page, kinds: tuple[str, ...], names: tuple[str, ...] = (), seed: int = 3) -> None:
    """Fill in the quiz's set-up: one team per kind (people get a team name from ``names``)."""
    expect(page.locator("[data-action=start]")).to_be_visible()
    while page.locator(".team-row").count() > len(kinds):
        page.locator("[data-action=remove-team]").last.click()
    while page.locator(".team-row").count() < len(kinds):
        page.locator("[data-action=add-team]").click()
    for i, kind in enumerate(kinds):
        page.locator(f"[data-field='team-kind:{i}']").select_option(kind)
    people = iter(names)
    for i, kind in enumerate(kinds):
        if kind == "people":
            page.locator(f"[data-field='team-name:{i}']").fill(next(people, f"Team {i + 1}"))
    page.locator("[data-field=speed]").select_option("fast")
    if not page.locator("[data-field=seed]").count():  # the deal number is behind More options
        page.locator("[data-action=more-options]").click()
    page.locator("[data-field=seed]").fill(str(seed))


def screenshot_all(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    for label, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    if size:
        page.set_viewport_size(size)
