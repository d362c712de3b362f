"""Bots: they see only a view, play only legal actions, end every round, and the levels differ in strength."""

from __future__ import annotations

import random

import pytest

from zero_game import KNOCK, Round, Swap, score_hand
from zero_game.bots import LEVELS, Bot, HardBot, Standing, make_bot, sim
from zero_game.cards import DECK, Card

SAFETY_CAP = 2000


def quick_bot(level: str) -> Bot:
    """A bot of ``level``; the searching levels with a tiny deterministic search so the tests stay fast."""
    if level in ("hard", "expert"):
        return make_bot(level, iterations=4, time_budget=None, candidates=3)
    return make_bot(level)


def play_round(bots: list[Bot], seed: int) -> Round:
    state = Round.deal(len(bots), seed=seed, dealer=seed % len(bots))
    rng = random.Random(seed)
    while not state.is_over:
        assert state.turns_taken < SAFETY_CAP, f"round {seed} hit the safety cap: a bot never ends rounds"
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.view(seat), rng))
    return state


# ---- no cheating ------------------------------------------------------------------------


def twin_rounds(seed: int, seat: int, players: int, turns: int) -> tuple[Round, Round]:
    """Two rounds after the same public play that differ only in cards hidden from ``seat``."""
    rng = random.Random(seed)
    first = Round.deal(players, seed=seed)
    actions = []
    state = first
    medium = make_bot("medium")
    while len(actions) < turns and not state.is_over:
        assert state.current_player is not None
        action = medium.choose(state.view(state.current_player), rng)
        actions.append(action)
        state = state.apply(action)
    touched = {c for a in actions if isinstance(a, Swap) for c in (a.give, a.take)}
    hands = [list(first.hand(s)) for s in range(players)]
    dealt = {c for h in hands for c in h} | set(first.pool)
    set_aside = [c for c in DECK if c not in dealt]
    # Cards never moved and never seen by ``seat``: other hands' untouched cards and the set-aside ones.
    slots = [(s, i) for s in range(players) if s != seat for i, c in enumerate(hands[s]) if c not in touched]
    hidden = [hands[s][i] for s, i in slots] + set_aside
    rng.shuffle(hidden)
    for (s, i), card in zip(slots, hidden, strict=False):
        hands[s][i] = card
    twin = Round.from_deal(hands, first.pool, first_player=first.current_player or 0)
    for action in actions:
        twin = twin.apply(action)
    return state, twin


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_cannot_cheat(players: int) -> None:
    """States that differ only in cards a seat can't see give that seat's bot the same view and action."""
    compared = 0
    for seed in range(12):
        turns = 3 + seed % 7
        one, two = twin_rounds(seed, seat=(seed + turns) % players, players=players, turns=turns)
        if one.is_over:
            continue
        seat = one.current_player
        assert seat is not None and seat == two.current_player
        one, two = twin_rounds(seed, seat=seat, players=players, turns=turns)
        assert any(one.hand(s) != two.hand(s) for s in range(players) if s != seat), "the twins must differ"
        assert one.hand(seat) == two.hand(seat)
        assert one.view(seat) == two.view(seat)
        for level in LEVELS:
            for bot_seed in range(3):
                a = quick_bot(level).choose(one.view(seat), random.Random(bot_seed))
                b = quick_bot(level).choose(two.view(seat), random.Random(bot_seed))
                assert a == b, f"{level} acted on hidden cards"
        compared += 1
    assert compared >= 8


def test_bots_refuse_to_act_out_of_turn() -> None:
    state = Round.deal(3, seed=4)
    idle = (state.current_player or 0) + 1
    for level in LEVELS:
        with pytest.raises(ValueError, match="not seat"):
            quick_bot(level).choose(state.view(idle), random.Random(0))
        with pytest.raises(TypeError):
            quick_bot(level).choose(state, random.Random(0))  # type: ignore[arg-type]


# ---- legality and termination ---------------------------------------------------------------


def test_every_level_only_plays_legal_actions() -> None:
    """Thousands of seeded decisions, every level at every table size, all legal."""
    decisions = dict.fromkeys(LEVELS, 0)
    for players in (2, 3, 4, 5):
        for seed in range(40):
            levels = [LEVELS[(seed + s) % len(LEVELS)] for s in range(players)]
            bots = [quick_bot(level) for level in levels]
            state = Round.deal(players, seed=seed, dealer=seed % players)
            rng = random.Random(seed)
            while not state.is_over:
                assert state.turns_taken < SAFETY_CAP
                seat = state.current_player
                assert seat is not None
                view = state.view(seat)
                action = bots[seat].choose(view, rng)
                assert action in view.legal_actions(), f"{levels[seat]} chose an illegal {action}"
                decisions[levels[seat]] += 1
                state = state.apply(action)
    assert all(count >= 400 for count in decisions.values()), decisions


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_only_rounds_always_end(level: str, players: int) -> None:
    """Hundreds of rounds per table size end without the safety cap, with the rules' scores."""
    searching = level in ("hard", "expert")
    rounds = 40 if searching else 200
    bots = [quick_bot(level) for _ in range(players)]
    if searching:
        bots = [make_bot(level, iterations=1, time_budget=None, candidates=2) for _ in range(players)]
    for seed in range(rounds):
        state = play_round(bots, seed)
        assert state.is_over and len(state.scores()) == players


# ---- the search and its slices --------------------------------------------------------------


def test_hard_thinks_in_slices_and_matches_the_blocking_call() -> None:
    state = Round.deal(3, seed=9)
    view = state.view(state.current_player or 0)
    bot = make_bot("hard", iterations=24, time_budget=None)
    thinking = bot.start(view, random.Random(5))
    steps = 1
    while (action := thinking.step(0.0)) is None:
        steps += 1
    # A zero-second slice still plays one candidate out, then yields. There are 11: the knock and 5 swaps,
    # and 5 plans (knock twice, or one of the best 4 swaps, then knock next turn); the search stops between
    # deals, so after the third deal's 33 playouts, the first count at or past 24.
    assert steps == bot.last_iterations == 33
    assert action == make_bot("hard", iterations=24, time_budget=None).choose(view, random.Random(5))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hard_only_imagines_deals_its_view_allows(players: int) -> None:
    """Every deal the search plays on keeps what the seat knows: its hand, the pool, cards seen taken."""
    from zero_game.bots.hard import Search
    from zero_game.cards import to_mask

    medium = make_bot("medium")
    checked = 0
    for seed in range(6):
        state = Round.deal(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(4 * players + seed):
            if state.is_over:
                break
            state = state.apply(medium.choose(state.view(state.current_player or 0), rng))
        if state.is_over:
            continue
        view = state.view(state.current_player or 0)
        search = Search(HardBot(iterations=1, time_budget=None), view, random.Random(seed))
        unseen = to_mask(view.unseen())
        for _ in range(20):
            hands = search._deal()
            assert hands[view.seat] == to_mask(view.hand)
            taken = 0
            for seat, hand in enumerate(hands):
                assert hand.bit_count() == 9
                assert hand & taken == 0, "a card in two hands"
                taken |= hand
                if seat != view.seat:
                    known = to_mask(view.known[seat])
                    assert hand & known == known, "a card seen taken left its hand"
                    assert hand & ~known & ~unseen == 0, "a card the seat can place was dealt to another"
        checked += 1
    assert checked >= 4


def test_hard_with_only_a_time_budget_decides() -> None:
    state = Round.deal(4, seed=2)
    view = state.view(state.current_player or 0)
    bot = make_bot("hard", iterations=None, time_budget=0.05)
    assert isinstance(bot, HardBot)
    action = bot.choose(view, random.Random(1))
    assert action in view.legal_actions()
    assert bot.last_iterations >= 1 and bot.last_seconds >= 0.05


def test_hard_takes_a_zero_when_one_is_offered() -> None:
    hands = [
        ["red 1", "red 2", "red 3", "red 4", "blue 8", "green 8", "yellow 8", "grey 8", "black 2"],
        ["blue 1", "blue 2", "blue 3", "green 4", "green 5", "yellow 6", "grey 7", "black 5", "black 6"],
    ]
    pool = ["red 8", "violet 1", "violet 2", "violet 3", "violet 4", "violet 5", "violet 6", "violet 7", "violet 8"]
    view = Round.from_deal(hands, pool).view(0)
    for level in ("medium", "hard", "expert"):
        action = quick_bot(level).choose(view, random.Random(0))
        assert action == Swap(DECK[6 * 8 + 1], DECK[7]), f"{level} missed the ZERO: {action}"


def test_medium_never_ends_the_round_with_a_poor_hand() -> None:
    """With one knock made, medium's knock would end the round: it does not, holding a high score."""
    hands = [
        ["red 8", "blue 7", "green 6", "yellow 5", "grey 4", "black 3", "violet 2", "red 1", "blue 6"],
        ["blue 1", "blue 2", "blue 3", "green 4", "green 5", "yellow 6", "grey 7", "black 5", "black 6"],
    ]
    pool = ["red 3", "violet 1", "violet 3", "violet 4", "violet 5", "violet 6", "violet 7", "violet 8", "green 8"]
    state = Round.from_deal(hands, pool, first_player=1).apply(KNOCK)
    view = state.view(0)
    assert view.knocks == 1 and view.my_turn
    assert make_bot("medium").choose(view, random.Random(0)) != KNOCK


def test_fast_best_swap_equals_trying_every_swap() -> None:
    """The shortcut pricing of swaps finds the same best value as valuing every swap in full (a builder's too)."""
    rng = random.Random(3)
    for i in range(1500):
        deck = list(range(56))
        rng.shuffle(deck)
        if i % 2:  # hands near groups of five, where the shortcut must fall back
            deck.sort(key=lambda c: (c >> 3 if i % 4 == 1 else c & 7, rng.random()))
            cut = rng.randrange(40)
            deck = deck[cut:] + deck[:cut]
        hand = sum(1 << c for c in deck[:9])
        pool = sum(1 << c for c in deck[9 : 9 + rng.choice((5, 7, 9))])
        if sim.is_zero_mask(hand):
            continue
        penalty = [rng.random() for _ in range(56)] if i % 3 == 0 else None
        extra = penalty or [0.0] * 56
        builder = i % 5 == 0
        value = sim.builder_value if builder else sim.value
        v, give, take = sim.best_swap(hand, pool, penalty, builder=builder)
        full = min(value(hand ^ (1 << g) ^ (1 << t)) + extra[g] for g in sim.bits(hand) for t in sim.bits(pool))
        assert v == pytest.approx(full)
        assert value(hand ^ (1 << give) ^ (1 << take)) + extra[give] == pytest.approx(v)


def test_unknown_level_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="levels are random, easy, medium, hard, expert"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="time budget"):
        make_bot("hard", time_budget=-1)
    with pytest.raises(ValueError, match="no settings"):
        make_bot("medium", iterations=3)


# ---- strength (cheap enough for CI) ---------------------------------------------------------


def test_medium_beats_random_clearly() -> None:
    from zero_game.tournament import run_tournament

    report = run_tournament(["medium", "random", "random"], matches=30, seed=3)
    medium = report["levels"]["medium"]
    assert report["capped_rounds"] == 0
    assert medium["win_share_ci"][0] > 0.8
    assert medium["mean_round_score"] < report["levels"]["random"]["mean_round_score"] - 8


# ---- what the search weighs -------------------------------------------------------------------


def knocked_round() -> Round:
    """Seat 1 has knocked first; seat 0, to act, holds a poor hand (a knock now would end the round)."""
    hands = [
        ["red 8", "blue 7", "green 6", "yellow 5", "grey 4", "black 3", "violet 8", "red 1", "blue 6"],
        ["blue 1", "blue 2", "blue 3", "green 4", "green 5", "yellow 6", "grey 7", "black 5", "black 6"],
        ["red 2", "red 3", "red 4", "yellow 1", "yellow 2", "grey 1", "grey 2", "black 1", "black 2"],
    ]
    pool = ["red 5", "violet 1", "violet 3", "violet 4", "green 1"]
    state = Round.from_deal(hands, pool, first_player=1).apply(KNOCK)
    return state.apply(Swap(Card.parse("black 2"), Card.parse("green 1")))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_ends_a_round_it_has_won_and_plays_on_in_an_even_match(level: str) -> None:
    """The lowest total wins the match: a knock that ends the round is judged with the match totals."""
    view = knocked_round().view(0)
    assert view.my_turn and view.knocks == 1 and score_hand(view.hand) >= 20
    bot = make_bot(level, iterations=120, time_budget=None)
    won = Standing(totals=(10, 60, 55), rounds_left=0)  # no round score can cost seat 0 the match
    assert bot.choose(view, random.Random(1), won) == KNOCK
    even = Standing(totals=(30, 30, 30), rounds_left=0)
    assert bot.choose(view, random.Random(1), even) != KNOCK
    assert bot.choose(view, random.Random(1)) != KNOCK  # no standing: the first round of a fresh match


def test_an_opponent_who_knocked_is_imagined_with_a_better_hand() -> None:
    """The deals the search plays on give a seat that knocked a lower score than one that did not."""
    from zero_game.bots.hard import SOUND, Search

    view = knocked_round().view(0)
    search = Search(HardBot(iterations=1, time_budget=None, model=SOUND), view, random.Random(4))
    assert search.knocked == {1}
    knocker = sum(sim.score_mask(search._deal()[1]) for _ in range(300)) / 300
    search.knocked = set()
    plain = sum(sim.score_mask(search._deal()[1]) for _ in range(300)) / 300
    assert knocker < plain - 1.0, (knocker, plain)


# ---- expert pictures its opponents as strong players ----------------------------------------------


def test_a_bold_player_makes_the_first_knock_early_but_not_the_second() -> None:
    """A strong player makes the first knock with a fair hand early, passing up a good swap; the second
    knock, which ends the round, is as careful as ever."""
    estimate = sim.expected_score(3)
    assert not sim.knock_now(12, 2.0, 0, 2, estimate, 1.0), "a sound player swaps on"
    assert sim.knock_now(12, 2.0, 0, 2, estimate, 1.0, bold=True)
    assert not sim.knock_now(12, 2.0, 1, 2, estimate, 1.0, bold=True), "the round-ending knock is unchanged"
    assert not sim.knock_now(20, 0.0, 0, 2, estimate, 1.0, bold=True), "not with a poor hand"


def test_expert_pictures_its_opponents_as_strong_players() -> None:
    """hard pictures opponents who play like medium; expert, opponents who play like hard: they keep hands
    worth more points and make the first knock early, so in expert's playouts the opponents knock first
    sooner. The searching seat itself plays the same in both."""
    from zero_game.bots.hard import ExpertBot, Search

    state = Round.deal(3, seed=12)
    rng = random.Random(12)
    medium = make_bot("medium")
    for _ in range(3):
        state = state.apply(medium.choose(state.view(state.current_player or 0), rng))
    view = state.view(state.current_player or 0)
    seat = view.seat
    searches = {
        "hard": Search(HardBot(iterations=1, time_budget=None), view, random.Random(3)),
        "expert": Search(ExpertBot(iterations=1, time_budget=None), view, random.Random(3)),
    }
    points = {}
    first_knock = {}
    for name, search in searches.items():
        deals = [search._deal() for _ in range(300)]
        assert all(d[seat] == search.hand for d in deals)
        points[name] = sum(sim.score_mask(d[o]) for d in deals for o in range(3) if o != seat) / 600
        turns = []
        for hands in deals:
            table = sim.Table(hands, search.pool, seat, 0, -1, search.turns, search.bold)
            while table.knocks == 0 and table.turns < 60:
                table.policy_step(search.rng)
            turns.append(table.turns)
        first_knock[name] = sum(turns) / len(turns)
    assert searches["hard"].bold == 0 and searches["expert"].bold == 0b111 & ~(1 << seat)
    assert points["expert"] > points["hard"] + 1.0, points
    assert first_knock["expert"] < first_knock["hard"] - 2.0, first_knock


# ---- plans: the seat's own next knock is searched ------------------------------------------------


def test_the_search_also_weighs_knocking_at_its_next_turn() -> None:
    """In normal play the best swaps are also judged as "swap, then knock at my next turn" (and, before any
    knock, knocking now and again next turn); after a knock there is no first knock to plan, and in the final
    turns (no knock to plan) there are no plans."""
    from zero_game.bots.hard import PLANNED, Search

    bot = HardBot(iterations=1, time_budget=None)
    state = Round.deal(3, seed=9)
    search = Search(bot, state.view(state.current_player or 0), random.Random(0))
    plain = [c for c, planned in zip(search.candidates, search.plans, strict=True) if not planned]
    planned = [c for c, planned in zip(search.candidates, search.plans, strict=True) if planned]
    assert plain[0] == (-1, -1) and len(plain) == 6, "the knock and the best 5 swaps, played on by the policy"
    assert planned == [(-1, -1), *plain[1 : 1 + PLANNED]]

    view = knocked_round().view(0)  # one knock made: a knock now would be the second
    search = Search(bot, view, random.Random(0))
    planned = [c for c, planned in zip(search.candidates, search.plans, strict=True) if planned]
    assert planned == [c for c in search.candidates if c[0] >= 0][:PLANNED]

    # Seat 0 swaps, seat 1 knocks again (the second knock), seat 2 passes its final turn: seat 0's is last.
    final = knocked_round().apply(Swap(Card.parse("red 8"), Card.parse("red 5"))).apply(KNOCK).apply(KNOCK)
    view = final.view(0)
    assert view.my_turn and view.final_turns_left
    search = Search(bot, view, random.Random(0))
    assert len(search.candidates) > 1 and not any(search.plans)


def test_a_planned_playout_knocks_at_the_seats_next_turn() -> None:
    """Seat 0 plans to knock at its next turn after seat 1's knock: that second knock ends the round after one
    final turn, where the playout policy, holding the same poor hand, plays on."""
    from zero_game.bots.hard import _planned_playout
    from zero_game.cards import to_mask

    def cards(*names: str) -> int:
        return to_mask([Card.parse(n) for n in names])

    poor = cards("red 8", "blue 7", "green 6", "yellow 5", "grey 4", "black 3", "violet 8", "red 1", "blue 6")
    other = cards("blue 1", "blue 2", "blue 3", "green 4", "green 5", "yellow 6", "grey 7", "black 5", "black 8")
    pool = cards("red 5", "violet 1", "violet 3", "violet 4", "green 1")

    def table() -> sim.Table:
        # Seat 1 has knocked; seat 0 has just swapped and passed play on (seat 1 to act).
        return sim.Table([poor, other], pool, seat=1, knocks=1, final_left=-1, own_turns=[1, 1])

    planned = table()
    _planned_playout(planned, 0, random.Random(0), 80)
    assert planned.turns == 3 and planned.final_left == 0, "seat 1 plays, seat 0 knocks, seat 1's final turn"
    played_on = table()
    played_on.playout(random.Random(0), 80)
    assert played_on.turns > planned.turns


def test_hard_pictures_a_first_knock_as_a_tempo_move() -> None:
    """A strong player makes the first knock with a poor hand (it changes nothing, R8), so hard pictures a first
    knocker without the knock's fills, and a second knocker, whose knock ends the round, with them: the first
    knocker's imagined hand is worse than medium's picture (``SOUND``) of it. expert's picture is unchanged."""
    from zero_game.bots.hard import SOUND, STRONG, TEMPO, Search

    expert = make_bot("expert")
    assert HardBot().model is TEMPO and isinstance(expert, HardBot) and expert.model is STRONG

    # Seat 1 knocked first; seat 0 and seat 1 swap; seat 2 makes the second knock: seat 0's final turn.
    state = knocked_round().apply(Swap(Card.parse("red 8"), Card.parse("red 5")))
    state = state.apply(Swap(Card.parse("grey 7"), Card.parse("violet 1"))).apply(KNOCK)
    view = state.view(0)
    assert view.my_turn and (view.first_knocker, view.second_knocker) == (1, 2)
    for model in (SOUND, STRONG):
        search = Search(HardBot(iterations=1, time_budget=None, model=model), view, random.Random(4))
        assert search.knock_fills == {1: model.knocked, 2: model.knocked}
    tempo = TEMPO
    search = Search(HardBot(iterations=1, time_budget=None, model=tempo), view, random.Random(4))
    assert search.knock_fills == {1: 0, 2: SOUND.knocked}, "the round-ending knock keeps its fills"

    view = knocked_round().view(0)
    pictured = {}
    for name, model in (("sound", SOUND), ("tempo", tempo)):
        search = Search(HardBot(iterations=1, time_budget=None, model=model), view, random.Random(4))
        pictured[name] = sum(sim.score_mask(search._deal()[1]) for _ in range(300)) / 300
    assert pictured["tempo"] > pictured["sound"] + 1.0, pictured
