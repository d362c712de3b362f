"""The game's page as the engine tests see it: its ``data-*`` hooks (the only selectors used) and the
scenarios built on them (set up, swap, knock, play to the end), over any :class:`tools.engines.Driver`.

A renamed hook is a one-line change here.
"""

from __future__ import annotations

from tools.engines import LOAD_TIMEOUT_S, Driver

# --- the hooks ----------------------------------------------------------------------------------

HAND = "[data-zone=hand] [data-card]"
POOL = "[data-zone=pool] [data-card]"
ANY_CARD = "[data-card]"
SEEN = "[data-seen]"
SEAT_KINDS = "[data-field^='seat-kind:']"


def action(name: str) -> str:
    return f"[data-action='{name}']"


def field(name: str) -> str:
    return f"[data-field='{name}']"


def notice(code: str) -> str:
    return f"[data-notice='{code}']"


def remove_seat(seat: int) -> str:
    return f"{action('remove-seat')}[data-arg='{seat}']"


# Something a person can do: my turn (knock), a round's end, the match's end, or a hand-off.
NEXT_STEPS = ("knock", "next-round", "play-again", "ready")
BOT_TIMEOUT_S = 60.0

# --- reading the page ---------------------------------------------------------------------------

_VISIBLE = "(s) => { const e = document.querySelector(s); return !!e && e.getClientRects().length > 0; }"


def app_state(driver: Driver) -> str:
    return str(driver.call("() => document.documentElement.dataset.app"))


def wait_ready(driver: Driver) -> None:
    """Wait (bounded) until the page leaves ``data-app="loading"``; fail unless it became ready."""
    driver.wait("() => document.documentElement.dataset.app !== 'loading'", timeout=LOAD_TIMEOUT_S,
                what="the page to finish loading")
    state = app_state(driver)
    if state != "ready":
        text = driver.call("() => document.body.innerText")
        why = driver.call("() => document.documentElement.dataset.failure || ''")
        raise AssertionError(
            f"{driver.engine}: page did not become ready (data-app={state!r}, failure={why!r}): {text}"
        )


def count(driver: Driver, selector: str) -> int:
    return int(driver.call("(s) => document.querySelectorAll(s).length", selector))


def visible(driver: Driver, selector: str) -> bool:
    return bool(driver.call(_VISIBLE, selector))


def wait_visible(driver: Driver, selector: str, timeout: float = BOT_TIMEOUT_S) -> None:
    driver.wait(_VISIBLE, selector, timeout=timeout, what=selector)


def values(driver: Driver, selector: str, attribute: str) -> list[str]:
    """The ``attribute`` of every element matching ``selector``, in page order."""
    return list(driver.call("(s, a) => [...document.querySelectorAll(s)].map(e => e.getAttribute(a))",
                            selector, attribute))


def hand(driver: Driver) -> list[str]:
    return sorted(values(driver, HAND, "data-card"))


def pool(driver: Driver) -> list[str]:
    return sorted(values(driver, POOL, "data-card"))


def html(driver: Driver) -> str:
    return str(driver.call("() => document.documentElement.outerHTML"))


def stored(driver: Driver, key: str) -> str | None:
    value = driver.call("(k) => localStorage.getItem(k)", key)
    return None if value is None else str(value)


def text_of(driver: Driver, selector: str) -> str:
    return str(driver.call("(s) => document.querySelector(s)?.textContent ?? ''", selector))


# --- acting -------------------------------------------------------------------------------------


def tap(driver: Driver, selector: str, timeout: float = BOT_TIMEOUT_S) -> None:
    """Wait until ``selector`` is shown, then tap it."""
    wait_visible(driver, selector, timeout)
    driver.click(selector)


def next_step(driver: Driver) -> str:
    """Wait until a person has something to do; return that control's action."""
    steps = ", ".join(action(name) for name in NEXT_STEPS)
    found = driver.wait("(s) => document.querySelector(s)?.dataset.action", steps, timeout=BOT_TIMEOUT_S,
                        what="a person's turn, a round's end or a hand-off")
    return str(found)


def back_to_set_up(driver: Driver) -> None:
    """The set-up screen with its defaults: English, one person and two medium bots."""
    if count(driver, action("new-setup")):
        tap(driver, action("new-setup"))
        if count(driver, action("new-setup-yes")):  # a match is under way: the page asks first
            tap(driver, action("new-setup-yes"))
    wait_visible(driver, action("start"))
    driver.select(field("lang"), "en")
    while (seats := count(driver, SEAT_KINDS)) > 3:
        tap(driver, remove_seat(seats - 1))
    while count(driver, SEAT_KINDS) < 3:
        tap(driver, action("add-seat"))
    for seat, kind in enumerate(("person", "medium", "medium")):
        driver.select(field(f"seat-kind:{seat}"), kind)


def hot_seat(driver: Driver, names: tuple[str, str]) -> None:
    """On the set-up screen: the third seat goes and the second becomes a person; both are named."""
    tap(driver, remove_seat(2))
    driver.select(field("seat-kind:1"), "person")
    driver.fill(field("seat-name:0"), names[0])
    driver.fill(field("seat-name:1"), names[1])


def swap_first_cards(driver: Driver) -> tuple[str, str]:
    """Give the hand's first card for the pool's first card; return (given, taken)."""
    given, taken = values(driver, HAND, "data-card")[0], values(driver, POOL, "data-card")[0]
    tap(driver, f"[data-zone=hand] [data-card='{given}']")
    tap(driver, f"[data-zone=pool] [data-card='{taken}']")
    tap(driver, action("confirm"))
    return given, taken


def knock(driver: Driver) -> None:
    tap(driver, action("knock"))
    tap(driver, action("confirm"))


def play_to_the_end(driver: Driver) -> tuple[int, int]:
    """One swap per round, then knock, until the match is over; return (rounds, swaps)."""
    rounds = swaps = 0
    while (step := next_step(driver)) != "play-again":
        if step == "knock":
            assert count(driver, HAND) == 9, f"{driver.engine}: a hand of {count(driver, HAND)} cards"
            if swaps == rounds:
                swap_first_cards(driver)
                swaps += 1
            else:
                knock(driver)
        elif step == "next-round":
            assert count(driver, ANY_CARD) >= 27, f"{driver.engine}: the hands are not all shown at the round's end"
            rounds += 1
            tap(driver, action("next-round"))
        else:
            raise AssertionError(f"{driver.engine}: unexpected hand-off with one person at the table")
    return rounds, swaps
