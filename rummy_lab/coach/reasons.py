"""Reasons: plain sentences about a move, every number computed from the engine.

:func:`facts` works out what a move does to the player's cards (melds kept or broken,
deadwood after, outs and the exact odds of drawing one, the danger of the discard, a
pure sequence in Indian Rummy, a deep pick in Rummy 500). :func:`reasons` turns those
facts and the move's value into sentences; :func:`one_line` is the short form used for
bot captions (no playouts, cheap enough for every move).

>>> import rummy_lab as rl
>>> g = rl.new_game("gin", hands=["AS 2H 3C 9S 10D QC KH 4D 6S JC",
...                              "7S 7H 4C 5C KD QH 2S 9H 3D 8D"], discard="7D", seed=1)
>>> one_line(g.view_for(1), rl.moves.TakeUpcard())
'take the upcard: 7♦ joins 7♠ 7♥ for the meld 7♠ 7♥ 7♦'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.cards import Card
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    EndRound,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
)
from ..engine.rules import Rules, Variant
from ..engine.solver import Partition, best_partition, deadwood
from ..engine.state import PlayerView
from ..engine.variants.indian import has_pure_sequence
from .beliefs import danger, seen_cards
from .gin.values import GIN_SPLIT
from .leaf import R500_NEAR
from .oneturn import (
    BASIC_RACE_SPLIT,
    BASIC_SPLIT,
    BASIC_THROW_CELLS,
    INDIAN_SPLIT,
    R500_SPLIT,
    drop_price,
)
from .value_types import MoveValue

__all__ = [
    "Facts", "compared_with", "contrast", "facts", "facts_line", "level", "one_line",
    "preference_words", "reasons", "split_parts", "split_words", "value_words",
]


def glyphs(cards: Sequence[Card]) -> str:
    """Cards as glyphs: ``7♠ 7♥``."""
    return " ".join(c.glyph for c in cards)


def _wild(view: PlayerView) -> int | None:
    if view.wild_card is None:
        return None
    return 1 if view.wild_card.is_joker else view.wild_card.rank


def _free_rules(r: Rules) -> Rules:
    if r.min_sequences or r.min_pure_sequences:
        return r.replace(min_sequences=0, min_pure_sequences=0)
    return r


@dataclass
class Facts:
    """What a move does to the player's hand (fields are None when they do not apply)."""

    kept: tuple[tuple[Card, ...], ...] = ()
    broken: tuple[tuple[Card, ...], ...] = ()
    joins: tuple[Card, ...] | None = None
    card: Card | None = None
    deadwood: int | None = None
    deadwood_cards: tuple[Card, ...] = ()
    outs: dict[Card, int] = field(default_factory=dict)
    unseen: int = 0
    draws: int = 2
    p_out: float | None = None
    danger: float | None = None
    table_fit: bool = False
    pure: bool | None = None
    pure_need: tuple[Card, ...] = ()
    taken: tuple[Card, ...] = ()
    meld_points: int = 0


def _held_after(view: PlayerView, move: Move) -> tuple[list[Card], Card | None]:
    """The cards the player keeps after ``move`` (and the card thrown, if any)."""
    hand = list(view.hand)
    if isinstance(move, Discard | Knock | Declare) or (isinstance(move, Gin) and move.card):
        card = move.card
        assert card is not None
        hand.remove(card)
        return hand, card
    if isinstance(move, Meld | LayOff):
        for c in move.cards:
            hand.remove(c)
        return hand, None
    return hand, None


def _melded_groups(part: Partition) -> list[tuple[Card, ...]]:
    return [tuple(m.cards) for m in part.melds]


def _joined(hand: Sequence[Card], card: Card, part: Partition, free: Rules,
            wild: int | None) -> tuple[Card, ...] | None:
    """The meld of ``part`` (the best partition of ``hand`` with ``card`` added) that
    ``card`` joins, or None. With two decks the hand can hold the other copy of ``card``:
    the new copy joins a meld only when the partition melds more copies of it than the
    hand's own best partition does (a copy already melded is not a new meld)."""
    melds = _melded_groups(part)
    with_card = sum(m.count(card) for m in melds)
    if card in hand:
        alone = best_partition(list(hand), free, wild_rank=wild)
        if with_card <= sum(m.count(card) for m in _melded_groups(alone)):
            return None
    return next((m for m in melds if card in m), None)


def facts(view: PlayerView, move: Move, *, with_outs: bool = True) -> Facts:
    """The numbers the sentences about ``move`` quote."""
    r = view.rules
    wild = _wild(view)
    free = _free_rules(r)
    f = Facts()
    decks = r.decks_for(view.players)
    if isinstance(move, TakeUpcard | DrawDiscard | PassUpcard | DrawStock):
        top = view.discard_top
        f.card = top
        if top is not None and isinstance(move, TakeUpcard | DrawDiscard):
            depth = move.depth if isinstance(move, DrawDiscard) else 1
            f.taken = tuple(view.discard_pile[len(view.discard_pile) - depth:])
            with_taken = [*view.hand, *f.taken]
            part = best_partition(with_taken, free, wild_rank=wild)
            f.joins = _joined(view.hand, f.taken[0], part, free, wild)
            f.meld_points = sum(r.card_value(c, wild) for m in part.melds for c in m.cards)
        elif top is not None:
            part = best_partition([*view.hand, top], free, wild_rank=wild)
            f.joins = _joined(view.hand, top, part, free, wild)
        return f
    if isinstance(move, Drop | EndRound):
        return f
    kept, thrown = _held_after(view, move)
    f.card = thrown
    before = best_partition(list(view.hand), free, wild_rank=wild)
    after = best_partition(kept, free, wild_rank=wild) if kept else None
    if after is not None:
        f.deadwood = (deadwood(kept, r, wild_rank=wild) if r.variant is Variant.INDIAN
                      else after.deadwood_points)
        f.deadwood_cards = tuple(after.deadwood)
        after_cards = {c for m in after.melds for c in m.cards}
        for m in before.melds:
            if thrown is not None and thrown in m.cards and len(m.cards) - 1 < r.min_meld:
                f.broken += (tuple(m.cards),)
            elif all(c in after_cards for c in m.cards if c != thrown):
                # a card thrown off a longer meld leaves the rest of it kept
                f.kept += (tuple(c for c in m.cards if c != thrown),)
            elif isinstance(move, Discard | Knock | Gin | Declare):
                f.broken += (tuple(m.cards),)
        if r.variant is Variant.INDIAN:
            f.pure = has_pure_sequence(kept)
            if not f.pure:
                f.pure_need = _pure_needs(kept, seen_cards(view, [thrown] if thrown else []), r)
    if thrown is not None and not isinstance(move, Knock | Gin | Declare):
        try:
            f.danger = danger(view, thrown)
        except ValueError:
            f.danger = None
        if view.table and r.variant in (Variant.BASIC, Variant.RUMMY500):
            from ..engine.variants.tabled import can_place

            f.table_fit = can_place(thrown, (), view.table, r)
    if with_outs and kept and after is not None and after.deadwood:
        # rl.probability (and sympy) load with the first outs counted
        from ..probability.exact import outs as count_outs
        from ..probability.exact import p_draw_out

        seen = seen_cards(view, [thrown] if thrown else [])
        try:
            found = count_outs(kept, free, seen=seen, wild_rank=wild, decks=decks)
        except ValueError:
            found = {}
        f.outs = found
        f.unseen = (52 * decks + r.printed_jokers) - len(kept) - len(seen)
        f.draws = max(1, min(2, view.stock_count))
        n = sum(found.values())
        if f.unseen > 0 and n <= f.unseen and f.draws <= f.unseen:
            f.p_out = float(p_draw_out(n, f.unseen, f.draws))
    return f


def _pure_needs(kept: Sequence[Card], seen: Sequence[Card], r: Rules) -> tuple[Card, ...]:
    """Natural cards that would complete a pure sequence with two cards of the hand."""
    from ..engine.cards import Suit

    held = {(c.suit, c.rank) for c in kept if c.suit is not None}
    need: list[Card] = []
    for suit in Suit:
        places = {rank for (s, rank) in held if s is suit}
        if 1 in places and r.ace_high:
            places.add(14)
        for p in range(1, 15):
            if p in places or (p == 14 and not r.ace_high):
                continue
            rank = 1 if p == 14 else p
            for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
                if a in places and b in places and a >= 1 and b <= 14:
                    c = Card(rank, suit)
                    if c not in need:
                        need.append(c)
    return tuple(need)


# --------------------------------------------------------------------------- sentences


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _meld_words(groups: Sequence[tuple[Card, ...]]) -> str:
    return " and ".join(glyphs(g) for g in groups)


def _outs_sentence(f: Facts) -> str | None:
    if f.p_out is None:
        return None
    n = sum(f.outs.values())
    if n == 0:
        return "no card left in play would improve the cards kept"
    names = glyphs(list(f.outs)[:6]) + (" ..." if len(f.outs) > 6 else "")
    draw_word = "draw" if f.draws == 1 else f"{f.draws} draws"
    return (f"{n} out{'s' if n != 1 else ''} ({names}), {_pct(f.p_out)} to draw one in "
            f"{draw_word}")


def _danger_sentence(f: Facts, view: PlayerView) -> str | None:
    if f.card is None:
        return None
    if f.table_fit:
        return f"{f.card.glyph} fits a meld on the table: any player can lay it off"
    if f.danger is None:
        return None
    who = "the opponent" if view.players == 2 else "the next player"
    return f"{_pct(f.danger)} that {who} can meld {f.card.glyph}"


def _hand_sentences(f: Facts, view: PlayerView) -> list[str]:
    out: list[str] = []
    if f.broken:
        out.append(f"breaks {_meld_words(f.broken)}")
    elif f.kept:
        out.append(f"keeps {_meld_words(f.kept)}")
    if f.deadwood is not None:
        word = "count" if view.rules.variant is Variant.INDIAN else "deadwood"
        dw = glyphs(f.deadwood_cards) if f.deadwood_cards else "none"
        out.append(f"leaves {f.deadwood} {word} ({dw})")
    if f.pure is False:
        need = glyphs(f.pure_need[:4]) if f.pure_need else "three cards in a row of a suit"
        out.append(f"no pure sequence yet (needs {need})")
    elif f.pure:
        out.append("keeps a pure sequence")
    return out


def level(difference: float) -> bool:
    """True when a difference of values shows as 0.0 at the tenth of a point the reasons
    print: the two moves are then called level rather than "0.0 less"."""
    return round(abs(difference), 1) == 0


def _points(x: float) -> str:
    n = round(abs(x))
    return f"{n} point" + ("" if n == 1 else "s")


def split_words(mv: MoveValue, other: MoveValue, *, explain: bool = True,
                view: PlayerView | None = None) -> str | None:
    """Where the difference between two moves' values comes from, from ``mv``'s side:
    the parts that differ by 0.05 or more, largest first, adding up to ``mv.value -
    other.value``. ``None`` when the two values have no common split or are level.

    * Rummy 500: the one-turn estimate's parts (:data:`~.oneturn.R500_SPLIT`): points on
      the table, melds and lay-offs in hand, deadwood kept, the danger of the throw. No
      split when a move ends the hand or playouts (a budget) changed a value. The deadwood
      part carries its reason (``explain``; a list of moves says it once): the weight of
      a deadwood point kept is fitted to playouts and positive while many cards are left
      in the stock, where a card kept is more often melded later than paid for.
    * Indian Rummy: the one-turn estimate's race (:data:`~.oneturn.INDIAN_SPLIT`): what
      the viewer may collect (its chance to declare first, said as a share), what it may
      pay (its expected count, said in points: without a pure sequence the estimate
      weighs in the chance to make one), the wild cards and partnered deadwood kept, the
      danger of the throw.
    * Basic Rummy, two throws: the throw score's terms (:data:`~.oneturn.BASIC_SPLIT`):
      the points thrown, the partners the card leaves in hand (named when ``view`` is
      given), its danger, each times the points of the outcome a score point is worth in
      the situation (said when ``explain``). Other moves (draws, melds, lay-offs and the
      principle's throw): the estimate's race (:data:`~.oneturn.BASIC_RACE_SPLIT`): the
      race to go out, your deadwood if another goes out, melds held in hand, danger.
    * Gin: the playouts' points by how the hand ends (:data:`~.gin.values.GIN_SPLIT`):
      your gins, your knocks, your knocks undercut, the opponent's gins and knocks, your
      undercuts of its knocks, each with the share of the deals that end that way.
    """
    if level(mv.value - other.value):
        return None
    parts = _parts(mv, other, explain, view)
    if not parts:
        return None
    shown = sorted((p for p in parts[0] if abs(p[1]) >= 0.05), key=lambda p: -abs(p[1]))
    if not shown:
        return None
    return (f"where the difference from {other.move} comes from: "
            + ", ".join(words for _, _, words in shown) + parts[1])


def split_parts(mv: MoveValue, other: MoveValue) -> dict[str, float] | None:
    """The numbers of :func:`split_words`, every part (none left out): part name to its
    share of ``mv.value - other.value`` (they add up to it), or ``None`` without a split.
    The names are the words' ("points on the table", "partners kept", "the race to
    declare", "the throw's danger", ...)."""
    parts = _parts(mv, other, False, None)
    return None if parts is None else {name: d for name, d, _ in parts[0]}


# a part: its name, its share of the difference, its words
_Parts = tuple[list[tuple[str, float, str]], str]


def _parts(mv: MoveValue, other: MoveValue, explain: bool,
           view: PlayerView | None) -> _Parts | None:
    return (_r500_parts(mv, other, explain) or _indian_parts(mv, other)
            or _basic_parts(mv, other, explain, view) or _basic_race_parts(mv, other)
            or _gin_parts(mv, other))


def _gin_parts(mv: MoveValue, other: MoveValue) -> _Parts | None:
    """Gin: the points by how the hand ends (:data:`~.gin.values.GIN_SPLIT`), each with
    how often it ends that way."""
    keys = [f"gin_split_{i}" for i in range(len(GIN_SPLIT))]
    if any(k not in mv.detail or k not in other.detail for k in keys):
        return None
    a, b = mv.detail, other.detail
    parts: list[tuple[str, float, str]] = []
    for i, name in enumerate(GIN_SPLIT):
        d = a[f"gin_split_{i}"] - b[f"gin_split_{i}"]
        sa, sb = a[f"gin_share_{i}"], b[f"gin_share_{i}"]
        extra = f" (in {_pct(sa)} of the deals against {_pct(sb)})" if _pct(sa) != _pct(sb) else ""
        parts.append((name, d, f"{name} {d:+.1f}{extra}"))
    return parts, ""


DANGER = "the throw's danger"
"""The name of the danger part in :func:`split_parts`."""


def _danger_part(mv: MoveValue, d: float) -> tuple[str, float, str]:
    """The danger part (minus what the throw may give the opponent); after a draw, of the
    throw that ends the turn (by the coach's quick policy)."""
    after = " after it" if isinstance(mv.move, DrawStock | DrawDiscard) else ""
    return DANGER, d, f"{'a safer' if d > 0 else 'a riskier'} throw{after} {d:+.1f}"


def _r500_parts(mv: MoveValue, other: MoveValue, explain: bool) -> _Parts | None:
    if any(k not in mv.detail or k not in other.detail for k in R500_SPLIT):
        return None
    a, b = mv.detail, other.detail
    parts: list[tuple[str, float, str]] = []
    d = a["r500_table"] - b["r500_table"]
    laid = a["r500_table_points"] - b["r500_table_points"]
    extra = (f" ({_points(laid)} {'more' if laid > 0 else 'fewer'} laid down)"
             if round(laid) else "")
    parts.append(("points on the table", d, f"points on the table {d:+.1f}{extra}"))
    near = a["r500_near"] > 0 and b["r500_near"] > 0
    d = a["r500_held"] - b["r500_held"]
    held = a["r500_held_points"] - b["r500_held_points"]
    extra = ""
    if near and round(held):
        extra = (f" ({_points(held)} {'more' if held > 0 else 'fewer'} held,"
                 f" {a['r500_held_weight']:+.2f} a point with an opponent holding"
                 f" {R500_NEAR} cards or fewer")
        if explain:
            extra += ": melds still in hand count against you if an opponent goes out first"
        extra += ")"
    parts.append(("melds in hand", d, f"melds and lay-offs in hand {d:+.1f}{extra}"))
    d = a["r500_deadwood"] - b["r500_deadwood"]
    kept = a["r500_deadwood_points"] - b["r500_deadwood_points"]
    w, stock = a["r500_deadwood_weight"], a["r500_stock"]
    extra = ""
    if round(kept):
        extra = f" ({_points(kept)} {'more' if kept > 0 else 'fewer'} kept"
        if abs(w - b["r500_deadwood_weight"]) < 1e-9:
            extra += f", {w:+.2f} a point with {stock:.0f} cards left in the stock"
            if near:
                extra += f" and an opponent holding {R500_NEAR} cards or fewer"
            if w > 0 and explain:
                extra += ": a card kept then is more often melded later than paid for"
        extra += ")"
    parts.append(("deadwood kept", d, f"deadwood kept {d:+.1f}{extra}"))
    parts.append(_danger_part(mv, a["r500_danger"] - b["r500_danger"]))
    return parts, ""


def _race_parts(mv: MoveValue, other: MoveValue, keys: Sequence[str], finish: str,
                paid: str, count: str,
                held: tuple[str, str] = ("melds held", "melds held in hand")
                ) -> _Parts | None:
    """The race split of Indian and Basic values: ``keys`` are the collect, pay, held,
    danger, first and count entries of the detail; ``finish`` words the race ("declare",
    "go out"), ``paid`` and ``count`` the part paid and its count, ``held`` the held
    part's name and words."""
    if any(k not in mv.detail or k not in other.detail for k in keys):
        return None
    a, b = mv.detail, other.detail
    collect, pay, *rest = keys
    *held_key, danger_key, first, points = rest
    parts: list[tuple[str, float, str]] = []
    d = a[collect] - b[collect]
    pa, pb = a[first], b[first]
    extra = (f" (your chance to {finish} first {_pct(pa)} against {_pct(pb)})"
             if _pct(pa) != _pct(pb) else "")
    parts.append((f"the race to {finish}", d, f"the race to {finish} {d:+.1f}{extra}"))
    d = a[pay] - b[pay]
    ca, cb = a[points], b[points]
    extra = (f" ({count.format(ca)} against {cb:.0f})" if round(ca) != round(cb) else "")
    parts.append((paid.split(" if ")[0], d, f"{paid} {d:+.1f}{extra}"))
    if held_key:
        d = a[held_key[0]] - b[held_key[0]]
        parts.append((held[0], d, f"{held[1]} {d:+.1f}"))
    parts.append(_danger_part(mv, a[danger_key] - b[danger_key]))
    return parts, ""


def _indian_parts(mv: MoveValue, other: MoveValue) -> _Parts | None:
    # the estimate's count: without a pure sequence it weighs in the chance to make one
    return _race_parts(mv, other, INDIAN_SPLIT, "declare",
                       "your count if another declares first", "expected {:.0f} points",
                       ("wild cards and partners", "wild cards and partners kept"))


def _basic_race_parts(mv: MoveValue, other: MoveValue) -> _Parts | None:
    return _race_parts(mv, other, BASIC_RACE_SPLIT, "go out",
                       "your deadwood if another goes out", "{:.0f} deadwood points")


def _partners(view: PlayerView, card: Card) -> tuple[Card, ...]:
    """The cards of the hand that make ``card`` a partner (Basic's throw score)."""
    return tuple(c for c in view.hand if c is not card and (
        c.rank == card.rank or (c.suit is card.suit and 0 < abs(c.rank - card.rank) <= 2)))


def _basic_parts(mv: MoveValue, other: MoveValue, explain: bool,
                 view: PlayerView | None) -> _Parts | None:
    if any(k not in mv.detail or k not in other.detail for k in BASIC_SPLIT):
        return None
    if "basic_capped" in mv.detail or "basic_capped" in other.detail:
        return None
    if not (isinstance(mv.move, Discard) and isinstance(other.move, Discard)):
        return None
    a, b = mv.detail, other.detail
    slope = a["basic_slope"]
    mine, theirs = mv.move.card, other.move.card
    parts: list[tuple[str, float, str]] = []
    d = a["basic_points"] - b["basic_points"]
    more = round((a["basic_points"] - b["basic_points"]) / slope) if slope else 0
    extra = (f" ({mine.glyph} counts {_points(more)} {'more' if more > 0 else 'less'} than "
             f"{theirs.glyph})" if more else "")
    parts.append(("points thrown", d, f"points thrown {d:+.1f}{extra}"))
    d = a["basic_partners"] - b["basic_partners"]
    extra = ""
    if view is not None:
        def named(card: Card) -> str:
            got = _partners(view, card)
            return f"{card.glyph} leaves {glyphs(got)}" if got else f"{card.glyph} none"

        extra = f" (partners given up: {named(mine)}; {named(theirs)})"
    parts.append(("partners kept", d, f"partners kept {d:+.1f}{extra}"))
    parts.append(_danger_part(mv, a["basic_danger"] - b["basic_danger"]))
    tail = ""
    if explain:
        cell = BASIC_THROW_CELLS[int(a["basic_cell"])]
        tail = f"; a card point thrown counts {slope:.3f} now ({cell})"
    return parts, tail


def compared_with(mv: MoveValue, best: MoveValue, values: Sequence[MoveValue]
                  ) -> MoveValue | None:
    """The value a move's reasons measure it against: the first move ``best``; for
    the first move itself, the next move of ``values`` (None when there is none)."""
    if mv.move != best.move:
        return best
    return next((v for v in values if v.move != best.move), None)


def value_words(mv: MoveValue, *, objective: str = "points") -> str:
    """The value with its 95% interval, in words: "+5.9 ± 0.4 points over the rest of
    the hand (average of 64 deals)", or for ``objective="match"`` the chance of winning
    the match."""
    from .ranking import format_value, standard_error

    se = standard_error(mv)
    how = "exact" if mv.exact else f"average of {mv.samples} deals"
    if objective == "match":
        return f"a {format_value(mv.value, se, percent=True)} chance to win the match ({how})"
    return f"worth {format_value(mv.value, se)} points over the rest of the hand ({how})"


def reasons(view: PlayerView, mv: MoveValue, best: MoveValue, *, with_outs: bool = True,
            values: Sequence[MoveValue] = (), rank: int = 1, choice: MoveValue | None = None,
            objective: str = "points") -> tuple[str, ...]:
    """The sentences about one evaluated move (its value first); ``best`` is the first
    move (the highest value), ``rank`` this move's rank, ``choice`` the coach's choice
    among the rank-1 moves; ``values`` (all the moves' values) lets a drop be compared
    with playing on."""
    move = mv.move
    head = value_words(mv, objective=objective)
    from .ranking import format_gap

    gap = best.value - mv.value
    match = objective == "match"
    shown = format_gap(gap, best.noise_against(mv), percent=match)
    nil = round(100 * gap, 1) == 0 if match else level(gap)
    if mv.move != best.move:
        if rank == 1:
            head += f", as good as {best.move} at this precision"
            if not nil:
                head += f" ({shown} less, within the noise)"
        else:
            head += f", {shown} less than {best.move}"
    out = [head]
    if choice is not None and choice.move == move and move != best.move:
        out.append(f"the coach prefers {move} to {best.move}, which it cannot tell apart, "
                   f"because {preference_words(view, move)}")
    out.extend(_move_sentences(view, move, mv, with_outs=with_outs))
    # where the points between this move and the first (for the first: the next move)
    # come from
    rival = compared_with(mv, best, values)
    # the hint lists the first move first: its split says why a kept point counts
    split = (split_words(mv, rival, explain=mv.move == best.move, view=view)
             if rival is not None and objective == "points" else None)
    if split:
        out.append(split)
    if isinstance(move, Drop):
        on = [v for v in values if not isinstance(v.move, Drop)]
        if on:
            play = max(on, key=lambda v: v.value)
            if play.value < mv.value:
                out.append(f"playing on is worth {play.value:+.1f} at best ({play.move}): "
                           f"dropping saves {mv.value - play.value:.1f}")
            else:
                out.append(f"playing on ({play.move}) is worth {play.value:+.1f}, more than "
                           "the drop's price")
    return tuple(out)


def preference_words(view: PlayerView, move: Move) -> str:
    """Why the rule of thumb (:func:`rummy_lab.coach.principle.principle_move`) picks
    ``move``, from the engine's numbers: the meld the card joins, the deadwood and danger
    left, the points put on the table."""
    f = facts(view, move, with_outs=False)
    if isinstance(move, TakeUpcard | DrawDiscard):
        card = f.taken[0] if f.taken else f.card
        if card is not None and f.joins:
            return f"{card.glyph} goes straight into the meld {glyphs(f.joins)}"
        return "the card on the pile is taken to be melded"
    if isinstance(move, PassUpcard | DrawStock):
        if f.card is not None and f.joins is None:
            return (f"{f.card.glyph} fits no meld of yours, and a stock card is unknown to "
                    "the others")
        return "a stock card is unknown to the others"
    if isinstance(move, Gin | Declare):
        return "it ends the hand at once"
    if isinstance(move, Meld):
        return f"it puts {sum(view.rules.card_value(c) for c in move.cards)} points on the table"
    if isinstance(move, LayOff):
        return f"it gets {glyphs(move.cards)} out of your hand"
    if isinstance(move, Discard) and f.deadwood is not None:
        word = "count" if view.rules.variant is Variant.INDIAN else "deadwood"
        why = f"it leaves {f.deadwood} {word}"
        if f.danger is not None:
            who = "the opponent" if view.players == 2 else "the next player"
            why += f" with a {_pct(f.danger)} chance that {who} can meld {f.card.glyph}" \
                if f.card is not None else ""
        return why
    return "it is the rule of thumb's move"


def contrast(view: PlayerView, played: Move, best: Move) -> str | None:
    """One clause setting the played move's numbers beside the best move's, where they
    differ: the deadwood each leaves, the chance that the opponent can meld the card
    thrown, the outs kept, whether the card taken joins a meld. ``None`` when no number
    differs."""
    a = facts(view, played, with_outs=True)
    b = facts(view, best, with_outs=True)
    who = "the opponent" if view.players == 2 else "the next player"
    out: list[str] = []
    if (a.card is not None and b.card is not None and isinstance(played, Discard)
            and isinstance(best, Discard) and a.danger is not None and b.danger is not None
            and _pct(a.danger) != _pct(b.danger)):
            out.append(f"throwing {a.card.glyph} gave {who} a {_pct(a.danger)} chance of a "
                       f"meld; {b.card.glyph} gave {_pct(b.danger)}")
    if a.deadwood is not None and b.deadwood is not None and a.deadwood != b.deadwood:
        word = "count" if view.rules.variant is Variant.INDIAN else "deadwood"
        out.append(f"{played} leaves {a.deadwood} {word}, {best} {b.deadwood}")
    na, nb = sum(a.outs.values()), sum(b.outs.values())
    if a.p_out is not None and b.p_out is not None and na != nb:
        out.append(f"{na} out{'s' if na != 1 else ''} kept against {nb} "
                   f"({_pct(a.p_out)} against {_pct(b.p_out)} to draw one)")
    if isinstance(played, TakeUpcard | DrawDiscard | PassUpcard | DrawStock) \
            and isinstance(best, TakeUpcard | DrawDiscard | PassUpcard | DrawStock):
        card = view.discard_top
        joins = a.joins or b.joins
        if card is not None and joins:
            out.append(f"{card.glyph} would join {glyphs([c for c in joins if c != card])}")
        elif card is not None:
            out.append(f"{card.glyph} fits no meld of yours")
    return "; ".join(out) if out else None


def _move_sentences(view: PlayerView, move: Move, mv: MoveValue | None,
                    *, with_outs: bool = True) -> list[str]:
    r = view.rules
    f = facts(view, move, with_outs=with_outs)
    out: list[str] = []
    if isinstance(move, TakeUpcard | DrawDiscard):
        card = f.taken[0] if f.taken else f.card
        if card is not None:
            if f.joins:
                out.append(f"{card.glyph} joins {glyphs([c for c in f.joins if c != card])} "
                           f"for the meld {glyphs(f.joins)}")
            else:
                out.append(f"{card.glyph} fits no meld of yours yet")
        if isinstance(move, DrawDiscard) and move.depth > 1:
            out.append(f"takes {move.depth} cards ({glyphs(f.taken)}); "
                       f"{f.taken[0].glyph} must be melded this turn")
        if r.variant is not Variant.GIN:
            out.append("shows the others what you collect")
    elif isinstance(move, PassUpcard | DrawStock):
        if f.card is not None and f.joins is None:
            out.append(f"{f.card.glyph} fits no meld of yours")
        elif f.card is not None:
            out.append(f"leaves {f.card.glyph} although it would join "
                       f"{glyphs([c for c in f.joins or () if c != f.card])}")
        if isinstance(move, DrawStock):
            out.append("a stock card is unknown to the others")
    elif isinstance(move, Knock | Gin):
        dw = f.deadwood or 0
        if isinstance(move, Gin) or dw == 0:
            out.append("gin: no deadwood, the bonus, and no lay-offs for the opponent")
        else:
            out.append(f"knock with {dw} deadwood ({glyphs(f.deadwood_cards)})")
        if mv is not None and "undercut" in mv.detail and dw:
            out.append(_undercut_words(mv, view.rules.tie_is_undercut))
        if f.kept:
            out.append(f"shows {_meld_words(f.kept)}")
    elif isinstance(move, Drop):
        pen = mv.detail.get("penalty") if mv is not None else drop_price(view)
        if pen is not None:
            out.append(f"dropping costs {pen:.0f} points for sure")
    elif isinstance(move, Declare):
        out.append("declares a valid hand: the others pay their counts")
    elif isinstance(move, EndRound):
        out.append("ends the round with the cards in hand counting against you")
    elif isinstance(move, Meld):
        pts = sum(r.card_value(c) for c in move.cards)
        gone = len(move.cards) == len(view.hand)
        what = f"melds {glyphs(move.cards)} ({pts} points on the table)"
        out.append(what + (" and goes out" if gone else ""))
    elif isinstance(move, LayOff):
        target = view.table[move.meld_index] if move.meld_index < len(view.table) else None
        on = f" on {glyphs(target.cards)}" if target is not None else ""
        out.append(f"lays off {glyphs(move.cards)}{on}")
    if isinstance(move, Discard | Knock | Gin | Declare | Meld | LayOff):
        out.extend(_hand_sentences(f, view))
        if not isinstance(move, Knock | Gin | Declare):
            s = _outs_sentence(f)
            if s:
                out.append(s)
        s = _danger_sentence(f, view) if isinstance(move, Discard) else None
        if s:
            out.append(s)
    return out


_THIRD_PERSON = (("meld of yours", "meld of theirs"), ("what you collect", "what they collect"),
                 ("against you", "against them"))


def reason_parts(view: PlayerView, move: Move, *, voice: str = "you") -> list[str]:
    """What ``move`` does, as short sentences (at most four), without playouts.

    ``voice="they"`` words them about the player who moved, for captions of a bot's move
    read by the other player ("fits no meld of theirs"; with two players the opponent is
    the reader: "6% that you can meld J♦").
    """
    if voice not in ("you", "they"):
        raise ValueError(f"voice must be 'you' or 'they', got {voice!r}")
    parts = _move_sentences(view, move, None, with_outs=view.rules.variant is not Variant.INDIAN)
    if voice == "they":
        swaps = list(_THIRD_PERSON)
        if view.players == 2:  # told to the other player: the opponent is the reader
            swaps.append(("the opponent", "you"))
        for mine, theirs in swaps:
            parts = [p.replace(mine, theirs) for p in parts]
    return parts[:4]


def _undercut_words(mv: MoveValue, tie_is_undercut: bool) -> str:
    """A knock's undercut risk, with what it rests on: every hand the opponent may hold
    (exact), the sampled hands, or the value's deals."""
    level = "level or lower" if tie_is_undercut else "lower"
    n = int(mv.detail.get("undercut_hands", 0))
    if not n:
        over = f"in {mv.samples} deals" if mv.samples else ""
    elif mv.exact:
        over = f"over all {n:,} hands the opponent may hold"
    else:
        over = f"over {n:,} sampled hands the opponent may hold"
    return (f"{_pct(mv.detail['undercut'])} risk of an undercut (the opponent ending "
            f"{level} after lay-offs{', ' + over if over else ''})")


def one_line(view: PlayerView, move: Move, *, voice: str = "you") -> str:
    """``"<move>: <what it does>"`` in one line, without playouts."""
    parts = reason_parts(view, move, voice=voice)
    return str(move) + (": " + "; ".join(parts) if parts else "")


def facts_line(view: PlayerView, move: Move) -> str:
    """The first two facts about ``move``, joined (for review rows)."""
    return "; ".join(_move_sentences(view, move, None, with_outs=False)[:2])
