"""Play Gin in OpenSpiel's engine with a rummy_lab bot on one seat: the adapter.

OpenSpiel's ``gin_rummy`` game runs the hand; a mirror :class:`rummy_lab.Game` follows it
move by move, so the rummy_lab bot chooses from an ordinary
:class:`~rummy_lab.engine.state.PlayerView`. One shuffled deck feeds OpenSpiel's chance
nodes (ten cards to player 0, ten to player 1, the upcard, then every stock draw in
order) and stacks the mirror's deal, so both engines hold the same cards throughout
(checked after every move).

Seats: OpenSpiel's player 0 always has the first option on the upcard, which is our
non-dealer; the mirror deals with ``dealer=1`` so seat numbers agree.

Rules. OpenSpiel's defaults (knock card 10, gin bonus 25, undercut bonus 25, no
Oklahoma) are mirrored with ``get_rules("gin", big_gin_bonus=None,
tie_is_undercut=False, no_discard_of_pickup=False)``: no big gin bonus (eleven melded
cards knock with a discard and score as gin), a tie scores 0, and a player may throw back
the card just taken. Differences that could not be aligned, handled here:

* The wall: when a discard leaves two cards in the stock, OpenSpiel lets the next player
  take that discard only to knock with it (or pass, a draw). Our rules end the hand at
  the discard. The adapter asks the bot through :func:`wall_choice` (the rummy_lab bot
  sees the position after taking the card, with ``stock_end=1``, and knocks when its
  best knock is worth more than the draw's 0).
* Lay-offs and melds after a knock are separate actions in OpenSpiel; for the rummy_lab
  side the adapter plays the arrangement our showdown computes (the knocker's melds; the
  defender's best lay-offs, then melds). OpenSpiel's simple bot never lays off.
* So each hand is scored twice (:class:`HandRecord`): ``points``, OpenSpiel's returns
  after those post-knock actions (the OpenSpiel bot defends without laying off), and
  ``fair_points``, the showdown our engine computes from the two hands at the knock
  (:func:`rummy_lab.gin.showdown` under ``RULES``: the knocker's arrangement that gives
  the fewest lay-offs, the defender's best lay-offs, whichever side defends). Play up to
  the knock is the same for both, so one played hand gives both scores.
* OpenSpiel ends a hand as a draw after 50 upcard draws or when both players in turn
  take the upcard and throw it straight back; our engine has neither rule (never reached
  by these bots in practice; counted if it happens).
* ``points`` are OpenSpiel's returns; ``fair_points`` our engine's showdown.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

import rummy_lab as rl
from rummy_lab.coach.gin.kit import kit_for, mask_of
from rummy_lab.engine.cards import Card
from rummy_lab.engine.game import Game
from rummy_lab.engine.moves import (
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
    PassUpcard,
    TakeUpcard,
)
from rummy_lab.gin import showdown

RULES = rl.get_rules("gin", big_gin_bonus=None, tie_is_undercut=False, no_discard_of_pickup=False)

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
_OS_SUITS = "SCDH"  # OpenSpiel's suit order s c d h

_GAME: Any = None
_PHASES = {"DEAL": "Deal", "FIRST_UPCARD": "FirstUpcard", "DRAW": "Draw", "DISCARD": "Discard",
           "KNOCK": "Knock", "LAYOFF": "Layoff", "WALL": "Wall", "GAME_OVER": "GameOver"}


def os_game() -> Any:
    """OpenSpiel's gin_rummy game with its default parameters (loaded once)."""
    global _GAME
    if _GAME is None:
        _GAME = pyspiel.load_game("gin_rummy")
    return _GAME


def to_os(card: Card) -> int:
    """OpenSpiel's action number of a card."""
    assert card.suit is not None
    return _OS_SUITS.index(card.suit.value) * 13 + card.rank - 1


def from_os(action: int) -> Card:
    """The card of an OpenSpiel card action (0..51)."""
    return Card(action % 13 + 1, _OS_SUITS[action // 13])


_MELDS: dict[int, frozenset[Card]] = {}


def meld_cards(action: int) -> frozenset[Card]:
    """The cards of an OpenSpiel meld action."""
    if not _MELDS:
        st = os_game().new_initial_state()
        for a in range(MELD_BASE, MELD_BASE + 185):
            text = st.action_to_string(0, a).split("Action: ")[1]
            cards = [Card.parse(text[i:i + 2]) for i in range(0, len(text), 2)]
            _MELDS[a] = frozenset(cards)
    return _MELDS[action]


def split_run(cards: list[Card]) -> list[list[Card]]:
    """A meld as OpenSpiel lays it: sets as they are, runs cut into pieces of 3 to 5."""
    if len({c.rank for c in cards}) == 1 or len(cards) <= 5:
        return [cards]
    cards = sorted(cards, key=lambda c: c.rank)
    out = []
    while len(cards) > 5:
        take = 3 if len(cards) - 3 >= 3 else len(cards) - 3
        out.append(cards[:take])
        cards = cards[take:]
    out.append(cards)
    return out


class Bot:
    """What the adapter needs from the rummy_lab side: ``choose`` and the wall decision."""

    def choose(self, view: rl.PlayerView, rng: random.Random) -> Move:
        raise NotImplementedError


def wall_choice(bot: Any, view: rl.PlayerView, rng: random.Random) -> Knock | Gin | None:
    """At OpenSpiel's wall: the knock (or gin) to make after taking the discard, or None
    to pass. Bots with a ``wall_knock(view, rng)`` method decide; others knock whenever
    they can, with the least deadwood (as OpenSpiel's simple bot does)."""
    hook = getattr(bot, "wall_knock", None)
    if hook is not None:
        move: Knock | Gin | None = hook(view, rng)
        return move
    finishes: list[Knock | Gin] = [m for m in view.legal_moves if isinstance(m, Knock | Gin)]
    if not finishes:
        return None
    kit = kit_for(view.rules)
    hand = mask_of(view.hand)
    return min(finishes, key=lambda m: kit.deadwood(
        hand if m.card is None else hand ^ (1 << m.card._index)))


@dataclass
class HandRecord:
    """One hand played in OpenSpiel: the rummy_lab bot's points and how it ended, by
    OpenSpiel's returns (``points``, ``kind``) and by our engine's showdown of the hands
    at the knock, both defenders laying off as the rules allow (``fair_points``,
    ``fair_kind``; the same as OpenSpiel's for a hand nobody knocked)."""

    points: float
    kind: str
    decisions: int
    fair_points: float = 0.0
    fair_kind: str = "draw"


def play_openspiel_hand(
    deck: list[Card],
    bot: Any,
    seat: int,
    rng: random.Random,
    *,
    check: bool = True,
    watch: Callable[[Game], None] | None = None,
) -> HandRecord:
    """Play one hand: ``bot`` (rummy_lab) on OpenSpiel seat ``seat``, OpenSpiel's simple bot
    on the other; ``deck`` is the shuffled deck (dealt as the module docstring says).

    :param check: compare both engines' hands before every move.
    :param watch: called with the mirror game before each of the bot's choices (for
        diagnostics that need the whole truth; the bot never sees it).
    :return: the rummy_lab bot's points (OpenSpiel's return for its seat).
    """
    game = os_game()
    state = game.new_initial_state()
    opponent = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat)
    mirror = rl.new_game(RULES, hands=[deck[0:10], deck[10:20]], discard=[deck[20]],
                         stock=deck[21:], dealer=1)
    feed = iter(deck)
    pending: list[int] = []  # the rummy_lab side's queued OpenSpiel actions
    before_discard: Game | None = None
    decisions = 0
    at_knock: tuple[int, list[Card], list[Card]] | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(to_os(next(feed)))
            continue
        p = state.current_player()
        legal = state.legal_actions()
        phase = _PHASES[state.current_phase().name]
        if phase == "Layoff" and at_knock is None:
            at_knock = _hands_at_knock(state)
        if check and not mirror.is_over and phase in ("FirstUpcard", "Draw", "Discard"):
            _check_same(state, mirror)
        if p != seat:
            action = opponent.step(state)
            if not mirror.is_over and phase not in ("Knock", "Layoff", "Wall"):
                move = _os_to_move(action, phase, mirror)
                if move is not None:
                    if isinstance(move, Discard) and len(mirror.state.stock) <= RULES.stock_end:
                        before_discard = mirror.copy()
                        before_discard.state.rules = RULES.replace(stock_end=1)
                        before_discard.play(move, player=p)
                        before_discard.play(DrawDiscard(), player=seat)
                    mirror.play(move, player=p)
            state.apply_action(action)
            continue
        # the rummy_lab side
        if pending:
            action = pending.pop(0)
        elif phase in ("FirstUpcard", "Draw", "Discard"):
            view = mirror.view_for(seat)
            decisions += len(view.legal_moves) > 1
            if watch is not None:
                watch(mirror)
            move = bot.choose(view, rng)
            actions = _move_to_os(move, mirror.hand(seat))
            mirror.play(move, player=seat)
            action = actions[0]
            pending = actions[1:]
        elif phase == "Wall":
            assert before_discard is not None
            view = before_discard.view_for(seat)
            finish = wall_choice(bot, view, rng)
            if finish is None:
                action = PASS
            else:
                action = KNOCK
                pending = _finish_actions(finish, view.hand)[1:]
        elif phase == "Layoff":
            action = _defend(state, seat, legal)
        else:  # pragma: no cover
            raise RuntimeError(f"unexpected OpenSpiel phase {phase} for the rummy_lab seat")
        if action not in legal:
            raise RuntimeError(
                f"adapter chose illegal OpenSpiel action {action} in phase {phase}; "
                f"legal {legal}\n{state}"
            )
        state.apply_action(action)
    returns = state.returns()
    kind = _ending(state, seat)
    fair_points, fair_kind = float(returns[seat]), kind
    if at_knock is not None:
        fair_points, fair_kind = _fair_score(*at_knock, seat)
    return HandRecord(returns[seat], kind, decisions, fair_points, fair_kind)


def _hands_at_knock(state: Any) -> tuple[int, list[Card], list[Card]]:
    """At the start of OpenSpiel's lay-off phase: the knocker, its ten cards after the
    knock discard (the melds it laid and the rest) and the defender's ten cards."""
    k = list(state.knocked()).index(True)
    knocker = [from_os(a) for a in state.hands()[k]]
    for m in state.layed_melds()[k]:
        knocker.extend(meld_cards(MELD_BASE + m))
    defender = [from_os(a) for a in state.hands()[1 - k]]
    if len(knocker) != 10 or len(defender) != 10:  # pragma: no cover - adapter bug
        raise RuntimeError(f"hands at the knock: {knocker} and {defender}\n{state}")
    return k, knocker, defender


def _fair_score(knocker: int, knocker_cards: list[Card], defender_cards: list[Card],
                seat: int) -> tuple[float, str]:
    """The rummy_lab side's points and the ending by our engine's showdown."""
    sd = showdown(knocker_cards, defender_cards, RULES)
    winner = None if sd.winner is None else knocker if sd.winner == "knocker" else 1 - knocker
    points = 0.0 if winner is None else float(sd.points if winner == seat else -sd.points)
    how = "gin" if sd.kind in ("gin", "big_gin") else sd.kind
    return points, ("rummy_lab " if knocker == seat else "OpenSpiel ") + how


def _ending(state: Any, seat: int) -> str:
    """How the hand ended, from the rummy_lab side: ``draw``, or who knocked and how it
    went (``knock``, ``gin``, ``undercut``, ``tie``)."""
    knocked = list(state.knocked())
    if not any(knocked):
        return "draw"
    k = knocked.index(True)
    ret = state.returns()[k]
    if state.deadwood()[k] == 0:
        how = "gin"
    elif ret < 0:
        how = "undercut"
    elif ret == 0:
        how = "tie"
    else:
        how = "knock"
    return ("rummy_lab " if k == seat else "OpenSpiel ") + how


def _os_to_move(action: int, phase: str, mirror: Game) -> Move | None:
    if phase == "FirstUpcard":
        return {DRAW_UPCARD: TakeUpcard(), PASS: PassUpcard(), DRAW_STOCK: DrawStock()}[action]
    if phase == "Draw":
        return DrawDiscard() if action == DRAW_UPCARD else DrawStock()
    if phase == "Discard":
        if action == KNOCK:
            return None  # the knock's discard comes next; the mirror's hand ends here
        return Discard(from_os(action))
    return None


def _move_to_os(move: Move, hand: tuple[Card, ...]) -> list[int]:
    if isinstance(move, TakeUpcard):
        return [DRAW_UPCARD]
    if isinstance(move, PassUpcard):
        return [PASS]
    if isinstance(move, DrawStock):
        return [DRAW_STOCK]
    if isinstance(move, DrawDiscard):
        return [DRAW_UPCARD]
    if isinstance(move, Discard):
        return [to_os(move.card)]
    if isinstance(move, Knock | Gin):
        return _finish_actions(move, hand)
    raise RuntimeError(f"no OpenSpiel action for {move}")


def _finish_actions(move: Knock | Gin, hand: tuple[Card, ...]) -> list[int]:
    """Knock, the knock discard, the melds one by one, then pass."""
    assert move.card is not None, "OpenSpiel has no big gin"
    rest = [c for c in hand if c != move.card]
    kit = kit_for(RULES)
    arrangement = kit.arrangements(mask_of(rest))[0]
    out = [KNOCK, to_os(move.card)]
    for meld in arrangement:
        cards = [c for c in rest if mask_of([c]) & meld]
        for piece in split_run(cards):
            out.append(_meld_action(piece))
    out.append(PASS)
    return out


def _meld_action(cards: list[Card]) -> int:
    want = frozenset(cards)
    meld_cards(MELD_BASE)
    for a, cs in _MELDS.items():
        if cs == want:
            return a
    raise RuntimeError(f"no OpenSpiel meld for {cards}")


def _defend(state: Any, seat: int, legal: list[int]) -> int:
    """The defender's lay-offs (best arrangement, chained in order), then its melds."""
    hand = [from_os(a) for a in state.hands()[seat]]
    kit = kit_for(RULES)
    if not state.finished_layoffs():
        knocker_melds = tuple(
            mask_of(meld_cards(MELD_BASE + m)) for m in state.layed_melds()[1 - seat]
        )
        _, laid = kit.defender_deadwood(knocker_melds, mask_of(hand))
        for a in legal:
            if a < 52 and mask_of([from_os(a)]) & laid:
                return a
        return PASS
    melds = [a for a in legal if a >= MELD_BASE]
    if not melds:
        return PASS
    arrangement = kit.arrangements(mask_of(hand))[0]
    for meld in arrangement:
        cards = [c for c in hand if mask_of([c]) & meld]
        for piece in split_run(cards):
            a = _meld_action(piece)
            if a in legal:
                return a
    return PASS


def _check_same(state: Any, mirror: Game) -> None:
    for p in (0, 1):
        os_hand = sorted(from_os(a) for a in state.hands()[p])
        if os_hand != sorted(mirror.hand(p)):
            raise RuntimeError(f"mirror out of step for player {p}:\n{state}\n{mirror.hand(p)}")


def deal_deck(seed: int) -> list[Card]:
    """The shuffled deck of duplicate deal ``seed``."""
    deck = rl.make_deck()
    random.Random(f"rummy_lab openspiel deal {seed}").shuffle(deck)
    return deck


BotFactory = Callable[[], Any]
