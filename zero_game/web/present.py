"""Presenters: the screen models built from the table's state, with every text translated.

Pure functions of the state.  A hand reaches a model only through ``visible_hand``.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.present import Nav, chrome, more_options, notices, placings, ranks, switches
from tabletop.present import top_bar as shell_top_bar
from tabletop.turns import BotActs, HandOff
from tabletop.widgets import Button, Choice, Confirm, HandoffView, Key, RulesView, Screen, TopBar
from zero_game import KNOCK, Action, Card, Colour, Effect, Phase, Round, Swap, breakdown, score_hand
from zero_game.match import MAX_ROUNDS
from zero_game.round import default_pool_size
from zero_game.seats import PERSON

from .actions import Command
from .hint import can_hint, hint_text, hinted, thinking
from .i18n import LANGUAGES, rules_sections
from .movelog import last_move_text, log_page, log_panel, log_round, round_log
from .replay import replay_page
from .screens import (
    Body,
    CardView,
    ControlsView,
    HandView,
    LogRound,
    MatchEndView,
    PoolView,
    RevealedHand,
    RoundEndView,
    SeatInfo,
    SeatSetup,
    SetupView,
    StatusView,
    TableView,
    ZeroMoment,
)
from .settings import KINDS, MAX_SEATS, MIN_SEATS, POOL_SIZES, SPEEDS
from .sheet_page import match_sheet, sheet_page
from .table import (
    HINT_SAID,
    CardWord,
    Page,
    Table,
    knock_question,
    my_turn,
    next_step,
    page,
    table_round,
    visible_hand,
)
from .texts import Texts
from .tutorial import asked_for, cue, lesson_text
from .undo import can_undo


def present(s: Table) -> Screen:
    """What to draw now, and how the page behaves around it (where focus starts, which keys do what)."""
    t = s.texts
    name = page(s)
    body = BODIES[name](s)
    return Screen(
        name=str(name), game="zero", lang=s.lang, title=t.t("title." + name.replace("-", "_")), brand=t.t("brand"),
        tagline=t.t("tagline"), table_label=t.t("table_label"), top=top_bar(s),
        notices=notices(s.notes, t.t, leave_question(t) if s.confirm_new else None, compact=name in PLAY),
        live=live(s, body), body=body,
        focus=FOCUS.get(name, (".view .btn.primary", "h1")), keys=keys(s, name), moment=str(name),
        chrome=chrome(t.t), guard=Command.READY if name is Page.HANDOFF else None,
        flags=(("motion", "on" if s.motion else "off"),), ready=("sheet",) if s.persist.sheet_ready else (),
        motion=s.motion, sound=s.sound,
    )


def rules(s: Table) -> RulesView:
    """The rules page, with the tutorial's button."""
    t = s.texts
    return RulesView(t.t("rules.heading"), rules_sections(s.lang), Button(Nav.BACK, t.t("back")),
                     Button(Command.TUTORIAL, t.t("tutorial.start")))


#: The screens of play: a notice there is one line above the game, never over it.
PLAY = frozenset({Page.HANDOFF, Page.TABLE, Page.LAST_MOVE, Page.ROUND_END, Page.MATCH_END})

FOCUS: dict[Page, tuple[str, ...]] = {
    Page.HANDOFF: (".handoff h1",),  # never its button: the next person taps it deliberately
    Page.TABLE: ("[data-zone='hand'] [data-card]", ".status-text"),
    Page.SETUP: (".setup h1",),
    Page.ROUND_END: (".round-end h1",),  # the results' heading, not Next round above them (the live region says them)
    Page.LOG: (".log [data-newest] h2", ".view .btn.primary"),  # the round just ended, where the page opens
}


def keys(s: Table, name: Page) -> tuple[Key, ...]:
    """The screen's shortcuts: Escape cancels everywhere; K knocks on one's turn; arrows step a replay."""
    found = [Key("Escape", Nav.CANCEL)]
    if my_turn(s):
        found += [Key("k", Command.KNOCK), Key("K", Command.KNOCK)]
    if name is Page.REPLAY:
        found += [Key("ArrowRight", Command.REPLAY_STEP, "next"), Key("ArrowLeft", Command.REPLAY_STEP, "back")]
    return tuple(found)


def top_bar(s: Table) -> TopBar:
    """The bar: the games (between games), score sheet, rules, new game, language."""
    t = s.texts
    return shell_top_bar(t.t, s.lang, LANGUAGES, brand=t.t("brand"), label=t.t("nav.label"), overlay=s.overlay,
                         game=s.match, setting_up=s.setting_up, confirm_new=s.confirm_new)


def leave_question(t: Texts) -> tuple[str, str, str]:
    """The question before leaving a game in progress: its words, its detail, its yes."""
    return t.t("leave.question"), t.t("leave.detail"), t.t("leave.yes")


def live(s: Table, body: Body) -> str:
    """The live region's words: the podium in full at the match's end; a ZERO's moment after the move that made
    it; else the state's event (``live_text``)."""
    if isinstance(body, MatchEndView) and body.podium:
        return body.podium.said
    if isinstance(body, TableView) and body.moment is not None and not lesson_text(s):  # (a lesson says it its way)
        return f"{live_text(s)} {body.moment.said}".strip()
    return live_text(s)

#: The events after which it may be the lone person's turn: a screen reader hears "Your turn." after them.
TURN_EVENTS = frozenset({"live.round_start", "live.swap", "live.knock", "live.second_knock", "live.pass"})


def live_text(s: Table) -> str:
    """The live region's sentence: the state's event, then the tutorial's lesson words (what to do now, why a
    move was refused), all worded in the language on screen: a screen reader hears the lesson as it changes.

    At a round's end it says the round in full (``round_end_said``); in a game with one person at the tablet (no
    hand-off says whose turn it is), a move after which that person plays ends with "Your turn."."""
    if page(s) is Page.ROUND_END and s.lesson is None:
        return round_end_said(s)
    said = _said(s)
    if said and s.live.key in TURN_EVENTS and len(s.settings.at_tablet) == 1 and my_turn(s):
        said = f"{said} {s.texts.t('status.your_turn_solo')}"
    lesson = lesson_text(s)
    return f"{said} {lesson}".strip() if lesson and lesson not in said else said


def round_end_said(s: Table) -> str:
    """A round's end in full, as the screen shows it: the round, the best hand (or the ZERO), then the points and
    the total of each person at the table (of every seat when only bots play)."""
    m = s.match
    assert m is not None
    t = s.texts
    view = round_end(s)
    r = m.finished_rounds[s.reviewed]
    scores = r.scores()
    totals = [sum(col) for col in zip(*m.round_scores[:s.reviewed + 1], strict=True)]
    seats = s.settings.persons or tuple(range(len(scores)))
    points = (t.t("heard.points", name=t.name(i), points=t.t("score.round", score=scores[i]), total=totals[i])
              for i in seats)
    return " ".join((t.t("heard.round_end", heading=view.heading), view.banner, *points))


def _said(s: Table) -> str:
    live, t = s.live, s.texts
    if not live.key or (live.seat is not None and live.seat >= len(s.settings.seats)):
        return ""  # nothing said yet, or about a table set up again since
    if live.key == HINT_SAID:
        return hint_text(s) or ""
    params = {name: _word(t, value) for name, value in live.params}
    text = t.say(live.key, live.seat, **params) if live.seat is not None else t.t(live.key, **params)
    return " ".join((text, *(t.t(key) for key in live.more)))


def _word(t: Texts, value: object) -> object:
    if isinstance(value, CardWord):
        return t.card(value.card) if value.bare else t.card_in(value.card)
    return value


def card(t: Texts, c: Card, *, selected: bool = False, cleared: bool = False, preview: tuple[str, str] = ("", ""),
         motion: str = "", cued: bool = False) -> CardView:
    """A card's model (``cued``: the card the tutorial asks for)."""
    notes = [t.t("card.cleared")] if cleared else []
    if preview[1]:
        notes.append(preview[1])
    return CardView(c.slug, c.colour.label, c.number, t.card(c), selected, cleared, preview[0], motion,
                    ", ".join(notes), cued)


# ---- set-up and hand-off --------------------------------------------------------------------------


def setup(s: Table) -> SetupView:
    """The set-up screen (with a way back to a match that waits behind it)."""
    t, st = s.texts, s.settings
    kinds = tuple((k, t.t("kind." + k)) for k in KINDS)
    seats = tuple(
        SeatSetup(
            index=i, heading=t.t("setup.seat", n=i + 1),
            kind=Choice(f"seat-kind:{i}", t.t("setup.kind", n=i + 1), st.kind(i), kinds),
            name_label=t.t("setup.name", n=i + 1), placeholder=t.default_name(i), editable=seat.is_person,
            bot_name=t.default_name(i),
            remove=Button(Command.REMOVE_SEAT, t.t("setup.remove"), arg=str(i)) if len(st.seats) > MIN_SEATS else None,
            name=seat.name, about="" if seat.is_person else t.t("level." + seat.choice),
        )
        for i, seat in enumerate(st.seats)
    )
    players = len(st.seats)
    options = (
        Choice("rounds", t.t("setup.rounds"), str(st.rounds or ""),
               (("", t.t("setup.default", value=players)), *((str(n), str(n)) for n in range(1, MAX_ROUNDS + 1)))),
        Choice("speed", t.t("setup.speed"), st.speed, tuple((k, t.t("speed." + k)) for k in SPEEDS)),
    )
    extra = (
        Choice("pool", t.t("setup.pool"), str(st.pool_size or ""),
               (("", t.t("setup.default", value=default_pool_size(players))), *((str(n), str(n)) for n in POOL_SIZES))),
        Choice("dealer", t.t("setup.dealer"), str(st.dealer), tuple((str(i), t.name(i)) for i in range(players))),
    )
    add = Button(Command.ADD_SEAT, t.t("setup.add")) if players < MAX_SEATS else None
    back = None
    if s.match is not None and not s.match.is_over:
        back = Button(Command.BACK_TO_MATCH, t.t("setup.back"))
    return SetupView(t.t("setup.heading"), t.t("setup.intro"), add, options,
                     Button(Command.START, t.t("setup.play"), primary=True), seats, extra, back=back,
                     more=more_options(t.t, Command.MORE_OPTIONS, s.more_options),
                     switches=switches(t.t, motion=s.motion, sound=s.sound))


def handoff(s: Table) -> HandoffView:
    """The hand-off: whose turn it is, nothing private."""
    step = next_step(s)
    assert isinstance(step, HandOff)
    who = s.texts.name(step.who)
    t = s.texts
    return HandoffView(t.t("handoff.heading", name=who), t.t("handoff.detail", name=who),
                       Button(Command.READY, t.t("handoff.ready", name=who), primary=True))


# ---- the table ------------------------------------------------------------------------------------


def table(s: Table) -> TableView:
    """The table as the person at the screen may see it."""
    r = table_round(s)
    assert r is not None
    t = s.texts
    shown = visible_hand(s)
    viewer = next(iter(shown), None)
    hand: tuple[Card, ...] = shown[viewer] if viewer is not None else ()
    mine = my_turn(s) and viewer == s.at_screen and viewer is not None
    public = r.view(viewer if viewer is not None else 0)
    pool = s.pool_order if sorted(s.pool_order) == sorted(r.pool) else r.pool
    return TableView(
        status=status(s, r, viewer),
        seats=seats(s, r, viewer, public.hand_sizes),
        seats_label=t.t("zone.seats"),
        pool=PoolView(t.t("zone.pool"), tuple(pool_card(s, c, hand, mine) for c in pool), mine),
        controls=controls(s, r, hand, mine, viewer),
        hand=hand_view(s, hand, mine, viewer) if hand else None,
        my_turn=mine,
        log=log_panel(s) if s.log_open and s.phone is None else None,  # the move log and its toggle are the tablet's
        moment=zero_moment(s, r) if r.is_over else None,
    )


def zero_moment(s: Table, r: Round) -> ZeroMoment | None:
    """A ZERO's moment, if one ended the round ``r``: the stamp over the pool, and the whole of it in words."""
    seats = r.zero_seats
    if not seats:
        return None
    t = s.texts
    if len(seats) == 1:
        who, said = t.say("moment.who", seats[0]), t.say("moment.zero", seats[0])
    else:  # dealt to more than one
        who, said = t.t("moment.whos", names=t.names(seats)), t.t("moment.zeros", names=t.names(seats))
    return ZeroMoment(t.t("moment.title"), who, said)


def status(s: Table, r: Round, viewer: int | None) -> StatusView:
    """Which round, whose turn, the knocks so far."""
    t = s.texts
    m = s.match
    assert m is not None
    number = m.round_number
    if r.is_over:  # the round's last move, before its end
        return StatusView(t.t("round_of", n=s.reviewed + 1, total=m.rounds), last_move_text(t, r), False,
                          tools(s))
    assert r.current_player is not None
    current = r.current_player
    if current != viewer:
        turn = t.t("status.turn", name=t.name(current))
    elif t.is_you(current):
        turn = t.t("status.your_turn_solo")
    else:
        turn = t.t("status.your_turn", name=t.name(current))
    text, final = turn, False
    if r.phase is Phase.FINAL:
        assert r.second_knocker is not None
        if r.second_knocker == viewer:  # the hand on screen is the knocker's: "Your 2nd knock", as "You have knocked"
            text = t.t("status.final.you", left=len(r.final_turns_left)) + " " + turn
        else:
            text = t.say("status.final", r.second_knocker, left=len(r.final_turns_left)) + " " + turn
        final = True
    elif r.knocks == 1:
        assert r.first_knocker is not None
        if r.first_knocker == viewer:
            text = t.t("status.you_knocked") + " " + turn
        else:
            text = t.t("status.one_knock", name=t.name(r.first_knocker)) + " " + turn
    if s.live.key == "live.undone":  # a take-back is confirmed where the eyes are, until the next tap
        text = t.t("status.undone") + " " + text
    return StatusView(t.t("round_of", n=number, total=m.rounds), text, final, tools(s))


def tools(s: Table) -> tuple[Button, ...]:
    """Beside the status line: the move log and the sound toggle."""
    t = s.texts
    if s.phone is not None:
        return ()  # the move log and the sound are the tablet's
    return (Button(Command.LOG, t.t("log.open"), pressed=s.log_open),
            Button(Command.SOUND, t.t("sound.on" if s.sound else "sound.off"), pressed=s.sound))


def seats(s: Table, r: Round, viewer: int | None, sizes: tuple[int, ...]) -> tuple[SeatInfo, ...]:
    """Every seat but the viewer's: name, cards held, knocks, dealer, last move, whose turn."""
    t = s.texts
    step = next_step(s)  # a bot thinks while it is the one to act (not for a phone back since its stand-in began)
    busy = s.thinking if isinstance(step, BotActs) and step.who == s.thinking else None
    last: dict[int, tuple[Action, Effect]] = {}
    for turn in r.history:
        last[turn.seat] = (turn.action, turn.effect)
    out = []
    for seat in range(r.players):
        if seat == viewer:
            continue
        knocked = ""
        if seat == r.second_knocker:
            knocked = t.t("seat.knocked_second")
        elif seat == r.first_knocker:
            knocked = t.t("seat.knocked")
        last_text = ""
        last_cards: tuple[CardView, ...] = ()
        if seat in last:
            action, effect = last[seat]
            if isinstance(action, Swap):
                last_text = t.t("seat.last_swap")
                last_cards = (card(t, action.give), card(t, action.take))
            elif effect is Effect.PASS or not knocked:
                last_text = t.t("seat.last_" + ("pass" if effect is Effect.PASS else "knock"))
        out.append(SeatInfo(
            seat=seat, name=t.name(seat), badge=badge(s, seat),
            cards=t.t("seat.cards", n=sizes[seat]), knocked=knocked,
            dealer=t.t("seat.dealer") if seat == r.dealer else "", last=last_text, last_cards=last_cards,
            turn=seat == r.current_player, thinking=t.t("seat.thinking") if busy == seat else "",
            room=(t.t("seat.dealer"), t.t("seat.thinking")),
        ))
    return tuple(out)


def badge(s: Table, seat: int) -> str:
    """What a seat is, beside its name: nothing for a person at the tablet, else a bot's level or "on a phone"."""
    kind = s.settings.kind(seat)
    return "" if kind == PERSON else s.texts.t("kind." + kind)


def preview(t: Texts, hand: tuple[Card, ...], give: Card, take: Card) -> tuple[str, str]:
    """The badge and the spoken note for the hand a swap would make."""
    new = [c for c in hand if c != give] + [take]
    if breakdown(new).zero:
        return t.t("hint.zero"), t.t("card.would_zero")
    score = score_hand(new)
    return t.t("hint.score", score=score), t.t("card.would_score", score=score)


def pool_card(s: Table, c: Card, hand: tuple[Card, ...], mine: bool) -> CardView:
    """A pool card: chosen or not, what taking it would score, leaving or arriving."""
    hint = preview(s.texts, hand, s.give, c) if mine and s.give is not None else ("", "")
    motion = "leaving" if s.moving is not None and s.moving.take == c else ""
    if s.arrived == c:
        motion = "arriving"
    lit = cue(s)[1] == c.slug or hinted(s)[1] == c.slug  # the lesson's card, or the hint's
    return card(s.texts, c, selected=c == s.take, preview=hint, motion=motion, cued=mine and lit)


def controls(s: Table, r: Round, hand: tuple[Card, ...], mine: bool, viewer: int | None) -> ControlsView:
    """The prompt, the confirm box, knock and sort."""
    t = s.texts
    confirm = None
    actions: list[Button] = []
    if r.is_over:  # the round's last move, before its end (the tablet opens it)
        prompt = t.t("last.heading")
        if s.phone is None:
            actions.append(Button(Command.SEE_END, t.t("last.continue"), primary=True, key="Enter"))
    elif mine:
        final = r.phase is Phase.FINAL  # a knock in the last turns is a pass, and its box says so
        lesson = lesson_text(s)  # in a lesson a confirm box rings its button (a swap's says "Now tap Swap")
        if s.knocking:
            confirm = Confirm(t.t(knock_question(s)), t.t("confirm.pass_detail" if final else "confirm.knock_detail"),
                              Button(Command.CONFIRM, t.t("confirm.yes_pass" if final else "confirm.yes_knock"),
                                     primary=True, key="Enter", cued=asked_for(s, KNOCK)),
                              Button(Nav.CANCEL, t.t("cancel"), key="Escape"), restart=True)
        elif s.give is not None and s.take is not None:
            new = tuple(c for c in hand if c != s.give) + (s.take,)
            b = breakdown(new)
            confirm = Confirm(
                t.t("confirm.swap", give=t.card_in(s.give), take=t.card_in(s.take)),
                lesson or (t.t("confirm.makes_zero") if b.zero else t.t("confirm.makes", score=b.score)),
                Button(Command.CONFIRM, t.t("confirm.yes_swap"), primary=True, key="Enter",
                       cued=asked_for(s, Swap(s.give, s.take))),
                Button(Nav.CANCEL, t.t("cancel"), key="Escape"), restart=True,
            )
        if lesson:
            prompt = ""  # the lesson says which card to tap: one instruction at a time
        elif s.give is None and s.take is None:
            prompt = t.t("prompt.choose")
        elif s.give is not None and s.take is None:
            prompt = t.t("prompt.choose_pool", card=t.card_in(s.give))
        elif s.take is not None and s.give is None:
            prompt = t.t("prompt.choose_hand", card=t.card_in(s.take))
        else:
            prompt = ""
        if not s.knocking:  # while its confirm box is up, that box's button is the one Knock (or Pass)
            actions.append(Button(Command.KNOCK, t.t("action.pass" if final else "action.knock"), key="K",
                                  pressed=False))
    elif s.phone is None and r.current_player in s.settings.phones:
        prompt = t.t("prompt.phone", name=t.name(r.current_player or 0))
    elif viewer is None and not s.settings.persons:
        prompt = t.t("prompt.watch")
    elif viewer is None:
        prompt = t.t("prompt.hidden", name=t.name(r.current_player or 0))
    else:
        prompt = t.t("prompt.wait", name=t.name(r.current_player or 0))
    if hand:
        actions.append(Button(Command.SORT, t.t("action.sort_colour" if s.sort_by_number else "action.sort_number")))
    advice = hint_text(s) or lesson_text(s)
    if confirm is not None:
        advice = ""  # the confirm box has the room (in a lesson, with the lesson's words): nothing squeezes it
    if can_hint(s) and not advice:
        busy = thinking(s)
        actions.append(Button(Command.HINT, t.t("hint.thinking" if busy else "hint.button"), disabled=busy,
                              description=t.t("hint.question")))
    if can_undo(s):
        actions.append(Button(Command.UNDO, t.t("undo.button"), description=t.t("undo.detail")))
    if s.lesson is not None:
        actions.append(Button(Command.TUTORIAL_SKIP, t.t("tutorial.skip")))
    return ControlsView(prompt, confirm, tuple(actions), reserve=bool(hand), hint=advice,
                        cue=Command.KNOCK if mine and cue(s)[2] else "")


def hand_view(s: Table, hand: tuple[Card, ...], mine: bool, viewer: int | None) -> HandView:
    """The visible hand, grouped, with its score."""
    t = s.texts
    cleared = set(breakdown(hand).cleared)
    cards = []
    for c in hand:
        hint = preview(t, hand, c, s.take) if mine and s.take is not None and s.give is None else ("", "")
        cards.append(card(t, c, selected=c == s.give, cleared=c in cleared, preview=hint,
                          motion="arriving" if c == s.received else "",
                          cued=mine and c.slug in (cue(s)[0], hinted(s)[0])))
    score, detail = breakdown_text(t, hand)
    label = t.t("zone.your_hand") if viewer is not None and t.is_you(viewer) or len(s.settings.persons) == 1 \
        else t.t("zone.hand", name=t.name(viewer or 0))
    return HandView(label, group(cards, s.sort_by_number), score, detail)


def group(cards: list[CardView], by_number: bool) -> tuple[tuple[CardView, ...], ...]:
    """The hand sorted and split into groups (by colour, or by number), bigger groups first."""
    order = {c.label: i for i, c in enumerate(Colour)}
    keyed: dict[int, list[CardView]] = {}
    for c in cards:
        keyed.setdefault(c.number if by_number else order[c.colour], []).append(c)
    for g in keyed.values():
        g.sort(key=lambda c: (order[c.colour], c.number) if by_number else (c.number, 0))
    ordered = sorted(keyed.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    return tuple(tuple(g) for _, g in ordered)


def breakdown_text(t: Texts, cards: tuple[Card, ...]) -> tuple[str, tuple[str, ...]]:
    """A hand's score and how it comes about."""
    b = breakdown(cards)
    if b.zero:
        return t.t("score.zero"), (t.t("score.zero_detail"),)
    detail = [t.t("score.colour_group", colour=t.t("colour_group." + c.label)) for c in b.colour_groups]
    detail += [t.t("score.number_group", number=n) for n in b.number_groups]
    if len(b.scoring_numbers) == 1:  # "Counting: 5 = 5" says nothing
        detail.append(t.t("score.counting_one", number=b.scoring_numbers[0]))
    elif b.scoring_numbers:
        detail.append(t.t("score.counting", sum=" + ".join(str(n) for n in b.scoring_numbers), score=b.score))
    else:
        detail.append(t.t("score.nothing"))
    return t.t("score.total", score=b.score), tuple(detail)


# ---- ends of rounds and matches --------------------------------------------------------------------


def round_end(s: Table) -> RoundEndView:
    """Every hand of the round just seen (from ``visible_hand``), the scores, the sheet so far."""
    m = s.match
    assert m is not None
    t = s.texts
    r = m.finished_rounds[s.reviewed]
    zero = set(r.zero_seats)
    scores = r.scores()
    totals = [sum(col) for col in zip(*m.round_scores[:s.reviewed + 1], strict=True)]
    hands = []
    for seat, cards in sorted(visible_hand(s).items()):
        cleared = set(breakdown(cards).cleared)
        hands.append(RevealedHand(
            name=t.name(seat), cards=tuple(card(t, c, cleared=c in cleared) for c in sorted(cards)),
            score=t.t("score.round", score=scores[seat]), detail=breakdown_text(t, cards)[1], zero=seat in zero,
            total=t.t("score.running", total=totals[seat]), stamp=t.t("moment.title") if seat in zero else "",
        ))
    best = min(scores)
    leaders = r.zero_seats or tuple(i for i, v in enumerate(scores) if v == best)
    key = "end.zero" if r.zero_seats else "end.best"
    if len(leaders) == 1:
        banner = t.say(key, leaders[0], score=best)
    else:
        banner = t.t(key, name=t.names(leaders), score=best)
    last = s.reviewed + 1 == m.rounds
    nxt = Button(Command.NEXT_ROUND, t.t("end.final" if last else "end.next"), primary=True)
    if s.phone is not None:  # the table goes on from the tablet
        nxt = Button(Command.NEXT_ROUND, t.t("end.on_tablet"), disabled=True)
    if s.lesson is not None:
        banner = lesson_text(s)
        nxt = Button(Command.NEXT_ROUND, t.t("tutorial.next" if s.lesson == 0 else "tutorial.finish"), primary=True)
    log = log_round(t, round_log(r, s.reviewed + 1))
    return RoundEndView(t.t("end.heading", n=s.reviewed + 1, total=m.rounds), banner, tuple(hands),
                        match_sheet(s, upto=s.reviewed + 1), nxt, last_move_text(t, r),
                        LogRound(t.t("end.log"), log.lines),
                        Button(Command.LOG, t.t("end.log")) if s.phone is None else None)  # the tablet's page


def match_end(s: Table) -> MatchEndView:
    """The winner(s), the final sheet, and play-again."""
    m = s.match
    assert m is not None
    t = s.texts
    total = m.totals[m.winners[0]]
    if len(m.winners) == 1:
        banner = t.say("match.winner", m.winners[0], total=total)
    elif any(t.is_you(w) for w in m.winners):
        others = [t.name(w) for w in m.winners if not t.is_you(w)]
        banner = t.t("match.shared.you", names=t.join([t.t("you"), *others]), total=total)
    else:
        banner = t.t("match.shared", names=t.names(m.winners), total=total)
    entries = [(t.name(i), t.t("match.points", total=v), "") for i, v in enumerate(m.totals)]
    actions = (Button(Command.PLAY_AGAIN, t.t("match.again"), primary=True), Button(Nav.NEW_SETUP, t.t("match.setup")))
    heading = t.t("match.heading")
    here = s.settings.at_tablet if s.phone is None else (s.phone,)  # "you": the people at this screen
    return MatchEndView(heading, banner, actions if s.phone is None else (),
                        match_sheet(s, upto=len(m.finished_rounds)),
                        podium=placings(t.t, entries, ranks(m.totals, lowest_wins=True), here=here,
                                        opening=(heading + ".", banner)), more=t.t("sheet.heading"),
                        celebrate=s.celebrates)


#: Each screen's presenter (its painter is ``render.CardPainter.PAINTERS``'s for the model's type).
BODIES: dict[Page, Callable[[Table], Body]] = {
    Page.SETUP: setup,
    Page.HANDOFF: handoff,
    Page.TABLE: table,
    Page.LAST_MOVE: table,
    Page.ROUND_END: round_end,
    Page.MATCH_END: match_end,
    Page.SHEET: sheet_page,
    Page.RULES: rules,
    Page.LOG: log_page,
    Page.REPLAY: replay_page,
}
assert set(BODIES) == set(Page), "every screen has its presenter"
