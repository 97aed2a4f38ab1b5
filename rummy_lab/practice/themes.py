"""Puzzle themes: what a decision is about, per variant, and how a position is sorted
into one.

A theme is decided by the two moves a puzzle sets against each other: the coach's answer
and the plausible wrong move (the greedy bot's). :func:`theme_of` looks at their kinds
(a draw, a knock, a meld, a drop...) and, for two discards, at the numbers that separate
them (the danger of the card thrown against the deadwood and outs kept).
"""

from __future__ import annotations

from ..coach.reasons import facts
from ..engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    PassUpcard,
    TakeUpcard,
)
from ..engine.rules import Variant
from ..engine.state import PlayerView
from ..engine.variants.indian import has_pure_sequence

__all__ = ["SAFE_DANGER_GAP", "THEMES", "VARIANTS", "check_theme", "possible_themes", "theme_of",
           "variant_key"]

VARIANTS: tuple[str, ...] = ("gin", "basic", "500", "indian")
"""The variants with puzzles, by preset name (``rl.get_rules`` accepts each)."""

THEMES: dict[str, dict[str, str]] = {
    "gin": {
        "upcard": "Take or pass the upcard: does the face-up card build a meld, or is a "
                  "stock card worth more?",
        "outs_or_deadwood": "Keep your outs or cut your deadwood: which card to throw when "
                            "pairs and high cards compete.",
        "safe_discard": "A safe discard: the card the opponent is least likely to use.",
        "knock_or_play_on": "Knock now or play on: the knock's points against the risk of "
                            "an undercut.",
        "gin_or_knock": "Gin or knock: knock with a little deadwood, or wait for gin's "
                        "bonus.",
    },
    "basic": {
        "draw": "Stock or discard: is the top of the pile worth taking?",
        "discard": "Which card to throw: keep the cards that can still meld.",
        "meld_or_hold": "Meld now or hold: show a meld, or keep it hidden to go out at "
                        "once.",
        "lay_off_or_hold": "Lay off or hold: add to a meld on the table, or keep the card.",
    },
    "500": {
        "draw": "Stock or discard: is the top of the pile worth taking?",
        "discard": "Which card to throw: points, melds to come, and what the next player "
                   "can use.",
        "meld_or_hold": "Meld now or hold: bank the points, or keep the cards for more.",
        "deep_pick": "A deep pick: is a card deep in the pile worth the cards above it?",
    },
    "indian": {
        "drop_or_play": "Drop or play: pay the drop now, or play the hand out.",
        "pure_first": "The pure sequence first: without one, every other meld counts for "
                      "nothing.",
        "declare": "When to declare: show the hand now, or throw and play on.",
        "draw": "Closed deck or open card: is the open card worth taking?",
        "discard": "Which card to throw: high cards, jokers and the sequences to come.",
    },
}
"""Per variant (a :data:`VARIANTS` name), theme tag -> one line saying what it trains."""

SAFE_DANGER_GAP = 0.10
"""Two discards are a "safe discard" puzzle when the answer's card is at least this much
less likely to be melded by the opponent than the wrong move's (and leaves no less
deadwood); otherwise the deadwood and outs decide, and the puzzle is "keep outs or cut
deadwood"."""

_DRAWS = (DrawStock, DrawDiscard, TakeUpcard, PassUpcard)


def variant_key(variant: object) -> str:
    """The :data:`VARIANTS` name of a variant given as a name, a Rules or a Variant.

    >>> variant_key("oklahoma"), variant_key("500")
    ('gin', '500')

    :raises ValueError: for an unknown variant, naming the known ones.
    """
    from ..engine.rules import Rules, get_rules

    if isinstance(variant, Variant):
        return variant.value
    if isinstance(variant, Rules):
        return variant.variant.value
    if isinstance(variant, str):
        try:
            return get_rules(variant).variant.value
        except ValueError:
            pass
    raise ValueError(f"unknown variant {variant!r}; use one of {', '.join(VARIANTS)}")


def check_theme(variant: str, theme: object) -> str | None:
    """``theme`` if it is a theme of ``variant`` (or None).

    :raises ValueError: for a theme the variant does not have, listing its themes.
    """
    if theme is None:
        return None
    known = THEMES[variant]
    if not isinstance(theme, str) or theme not in known:
        raise ValueError(f"unknown theme {theme!r} for {variant}; use one of "
                         f"{', '.join(known)}")
    return theme


def theme_of(view: PlayerView, best: Move, wrong: Move) -> str:
    """The theme of a decision between ``best`` (the answer) and ``wrong`` (the move it
    is set against)."""
    key = view.rules.variant.value
    pair = (best, wrong)
    kinds = {type(m) for m in pair}
    if key == "gin":
        if kinds & set(_DRAWS):
            return "upcard"
        if Gin in kinds:
            return "gin_or_knock"
        if Knock in kinds:
            knock = best if isinstance(best, Knock) else wrong
            f = facts(view, knock, with_outs=False)
            return "gin_or_knock" if (f.deadwood or 0) <= 3 else "knock_or_play_on"
        return _discard_theme(view, best, wrong, "safe_discard", "outs_or_deadwood")
    if key == "indian":
        if Drop in kinds:
            return "drop_or_play"
        if Declare in kinds:
            return "declare"
        if kinds & set(_DRAWS):
            top = view.discard_top
            if (DrawDiscard in kinds and top is not None and not has_pure_sequence(view.hand)
                    and has_pure_sequence([*view.hand, top])):
                return "pure_first"  # the open card completes the first pure sequence
            return "draw"
        if not has_pure_sequence(view.hand):
            fb, fw = facts(view, best, with_outs=False), facts(view, wrong, with_outs=False)
            if fb.pure != fw.pure or len(fb.pure_need) != len(fw.pure_need):
                return "pure_first"
        return "discard"
    if LayOff in kinds and key == "basic":
        return "lay_off_or_hold"
    if Meld in kinds or LayOff in kinds:
        return "meld_or_hold"
    if key == "500" and any(isinstance(m, DrawDiscard) and m.depth > 1 for m in pair):
        return "deep_pick"
    if kinds & set(_DRAWS):
        return "draw"
    return "discard"


def possible_themes(view: PlayerView) -> frozenset[str]:
    """The themes a decision of this position could be sorted into, from its legal
    moves alone (no values): a cheap test that lets a search skip positions that cannot
    give a theme it still needs."""
    key = view.rules.variant.value
    kinds = {type(m) for m in view.legal_moves}
    draw = bool(kinds & set(_DRAWS))
    out: set[str] = set()
    if key == "gin":
        if draw:
            out.add("upcard")
        if Knock in kinds or Gin in kinds:
            out |= {"knock_or_play_on", "gin_or_knock"}
        if Discard in kinds:
            out |= {"outs_or_deadwood", "safe_discard"}
    elif key == "indian":
        if Drop in kinds:
            out.add("drop_or_play")
        if Declare in kinds:
            out.add("declare")
        if draw:
            out.add("draw")
        if not has_pure_sequence(view.hand) and (
                Discard in kinds or (DrawDiscard in kinds and view.discard_top is not None
                                     and has_pure_sequence([*view.hand,
                                                            view.discard_top]))):
            out.add("pure_first")
        if Discard in kinds:
            out.add("discard")
    else:
        if draw:
            out.add("draw")
        if key == "500" and any(isinstance(m, DrawDiscard) and m.depth > 1
                                for m in view.legal_moves):
            out.add("deep_pick")
        if Discard in kinds:
            out.add("discard")
        if Meld in kinds or LayOff in kinds:
            out.add("meld_or_hold")
        if LayOff in kinds and key == "basic":
            out.add("lay_off_or_hold")
    return frozenset(out)


def _discard_theme(view: PlayerView, best: Move, wrong: Move, safe: str, other: str
                   ) -> str:
    if not (isinstance(best, Discard) and isinstance(wrong, Discard)):
        return other
    fb, fw = facts(view, best, with_outs=False), facts(view, wrong, with_outs=False)
    if (fb.danger is not None and fw.danger is not None
            and fw.danger - fb.danger >= SAFE_DANGER_GAP
            and (fb.deadwood or 0) >= (fw.deadwood or 0)):
        return safe
    return other
