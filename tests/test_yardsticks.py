"""The outside yardsticks (``research/``): they see only a view, play legal moves, and take their seats by name."""

from __future__ import annotations

import random
import sys

import pytest

from research.deals import InfoSet, rng_shuffle
from research.pimc import PIMCBot, potential, swap_values
from zero_game import Round
from zero_game.bots import make_bot
from zero_game.cards import from_mask, to_mask
from zero_game.cli import main
from zero_game.round import RoundView
from zero_game.scoring import is_zero_mask, score_mask
from zero_game.tournament import run_tournament


def test_pimc_prices_every_swap_as_scoring_the_hand_after_it() -> None:
    """pimc's fast swap table equals scoring every hand after every swap (with groups forming and breaking)."""
    rng = random.Random(3)
    checked = 0
    for i in range(1500):
        if i % 3 == 0:  # four or five of a colour
            colour = rng.randrange(7)
            cards = [colour * 8 + k for k in rng.sample(range(8), rng.choice([4, 5, 6]))]
        elif i % 3 == 1:  # four or five of a number
            number = rng.randrange(8)
            cards = [c * 8 + number for c in rng.sample(range(7), rng.choice([4, 5]))]
        else:
            cards = []
        cards += rng.sample([c for c in range(56) if c not in cards], 14 - len(cards))
        hand, pool = sum(1 << c for c in cards[:9]), sum(1 << c for c in cards[9:])
        if is_zero_mask(hand):
            continue
        for score, worth, give, take, zero in swap_values(hand, pool):
            after = hand ^ (1 << give) ^ (1 << take)
            assert zero == is_zero_mask(after)
            assert score == (0 if zero else score_mask(after))
            if not zero:
                assert worth == pytest.approx(potential(after))
            checked += 1
    assert checked > 50_000


def views_of_play(players: int, seeds: range) -> list[tuple[Round, RoundView]]:
    medium = make_bot("medium")
    views = []
    for seed in seeds:
        rnd = Round.deal(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(seed % 11):
            if rnd.is_over:
                break
            rnd = rnd.apply(medium.choose(rnd.view(rnd.current_player), rng))
        if not rnd.is_over:
            views.append((rnd, rnd.view(rnd.current_player)))
    return views


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deals_pimc_pictures_are_deals_the_view_allows(players: int) -> None:
    """Every deal pimc plays keeps the seat's hand and the pool, gives each seat the cards it was seen taking,
    and would have gone as the round went (no ZERO dealt or made)."""
    for rnd, view in views_of_play(players, range(12)):
        info = InfoSet.of_view(view)
        assert info.dealt_pool == to_mask(rnd.dealt_pool)
        assert info.dealt_hand == to_mask(rnd.dealt_hands[view.seat])
        for dealt in PIMCBot()._deals(info, view, random.Random(1), 6, dealt=True):
            assert info.consistent(dealt)
            now = info.now(dealt)
            assert now[view.seat] == to_mask(view.hand)
            assert sum(h.bit_count() for h in now) == 9 * players
            assert not any(now[a] & now[b] for a in range(players) for b in range(a))
            assert not any(h & to_mask(view.pool) for h in now)
            for seat, cards in enumerate(view.known):
                assert to_mask(cards) & now[seat] == to_mask(cards)
        assert info.consistent([to_mask(h) for h in rnd.dealt_hands])


def test_pimc_plays_legal_moves_ends_rounds_and_does_not_cheat() -> None:
    """Whole rounds of pimc against medium end; every move is legal; a twin round that differs only in cards
    hidden from the seat gives it the same move."""
    bot = PIMCBot(24)
    medium = make_bot("medium")
    for seed in range(3):
        rnd = Round.deal(3, seed=seed)
        rng = random.Random(seed)
        while not rnd.is_over:
            seat = rnd.current_player
            view = rnd.view(seat)
            if seat == 0:
                action = bot.choose(view, random.Random(len(view.history)))
                assert action in view.legal_actions()
                twin = InfoSet.of_view(view).sample(rng_shuffle(random.Random(seed)))
                other = Round.from_deal([from_mask(h) for h in twin], rnd.dealt_pool, first_player=1)
                for turn in view.history:
                    other = other.apply(turn.action)
                assert other.view(0) == view
                assert bot.choose(other.view(0), random.Random(len(view.history))) == action
            else:
                action = medium.choose(view, rng)
            rnd = rnd.apply(action)
            assert rnd.turns_taken < 300


def test_yardsticks_take_their_seats_by_name_in_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    report = run_tournament(["pimc:8", "medium", "medium"], 3, seed=5)
    assert report["capped_rounds"] == 0 and report["levels"]["pimc:8"]["seat_matches"] == 3
    assert main(["tournament", "--seats", "pimc:zero,medium", "--matches", "2"]) == 2
    assert "budget is a whole number" in capsys.readouterr().err


def test_a_missing_openspiel_is_named_with_the_way_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    assert main(["tournament", "--seats", "ismcts,medium", "--matches", "2"]) == 2
    err = capsys.readouterr().err
    assert "needs OpenSpiel" in err and "pip install -e '.[research]'" in err
