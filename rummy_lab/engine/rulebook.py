"""Rules cards and the variant comparison, written from :class:`Rules` and worked by the engine.

Why: a learner needs the rules of one variant on one card, and a teacher the differences
between variants in one table. Both are generated, never typed: every sentence reads a
field of the rules (so a changed knob changes the card), and every worked example is
computed by the same scoring code the games use.

>>> card = rules_card("gin")
>>> card.title
'Gin Rummy'
>>> card.lines("Going out")[0]
'Knock: discard, then show melds with at most 10 points of deadwood.'
>>> rules_card(get_rules("gin", knock_limit=5)).lines("Going out")[0]
'Knock: discard, then show melds with at most 5 points of deadwood.'
>>> table = compare_variants(["gin", "500", "indian"])
>>> table.row("cards dealt")
('10', '7', '13')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, Hand, parse_cards, rich_display
from .game import new_game
from .rules import Rules, RulesLike, Variant, get_rules
from .scoring.gin import game_totals, hollywood_totals, knock_limit, showdown
from .scoring.indian import check_declaration, count_points
from .solver import Partition, best_discard, best_partition

__all__ = ["RulesCard", "TurnPicture", "VariantTable", "Worked", "compare_variants", "rules_card",
           "turn_picture"]

_TITLES = {
    "basic": "Basic (Straight) Rummy",
    "gin": "Gin Rummy",
    "oklahoma": "Oklahoma Gin",
    "hollywood": "Hollywood Gin",
    "500": "Rummy 500",
    "500-pagat": "Rummy 500 (pagat school)",
    "indian": "Indian Rummy (Points)",
    "indian-points": "Indian Rummy (Points)",
    "indian-pool-101": "Indian Rummy (101 Pool)",
    "indian-pool-201": "Indian Rummy (201 Pool)",
    "indian-deals": "Indian Rummy (Deals)",
}

# A defender of the Almanac's scoring examples: no meld, 82 points of deadwood.
_DEFENDER = "8H 9D KD KC QS JS 10D 8C 5D 2C"


@dataclass(frozen=True)
class Worked:
    """A worked example: what is shown, and what the engine computed for it."""

    caption: str
    cards: tuple[Hand, ...]
    result: str


@dataclass(frozen=True)
class RulesCard:
    """One variant's rules in short sections, with worked examples.

    :ivar title: the variant's name.
    :ivar rules: the rules the card was written from.
    :ivar sections: ``(heading, sentences)`` in reading order.
    :ivar examples: worked examples computed by the engine.
    """

    title: str
    rules: Rules
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    examples: tuple[Worked, ...]

    def lines(self, heading: str) -> tuple[str, ...]:
        """The sentences of one section.

        :raises KeyError: naming the headings there are.
        """
        for h, lines in self.sections:
            if h == heading:
                return lines
        known = ", ".join(h for h, _ in self.sections)
        raise KeyError(f"no section {heading!r}; sections: {known}")

    def __str__(self) -> str:
        out = [self.title, "=" * len(self.title)]
        for heading, lines in self.sections:
            out += ["", heading] + [f"- {line}" for line in lines]
        if self.examples:
            out += ["", "Worked examples"]
            for ex in self.examples:
                shown = " / ".join(h.codes for h in ex.cards)
                out.append(f"- {ex.caption}: {shown} -> {ex.result}")
        return "\n".join(out)

    def _repr_html_(self) -> str | None:
        return rich_display(self)


@dataclass(frozen=True)
class VariantTable:
    """Variants side by side: one column per preset, one row per question."""

    names: tuple[str, ...]
    titles: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]

    def row(self, question: str) -> tuple[str, ...]:
        """The answers for one row, in column order.

        :raises KeyError: naming the rows there are.
        """
        for q, answers in self.rows:
            if q == question:
                return answers
        raise KeyError(f"no row {question!r}; rows: {', '.join(q for q, _ in self.rows)}")

    def __str__(self) -> str:
        width = max(len(q) for q, _ in self.rows)
        out = [" " * width + " | " + " | ".join(self.titles)]
        out += [q.ljust(width) + " | " + " | ".join(a) for q, a in self.rows]
        return "\n".join(out)

    def _repr_html_(self) -> str | None:
        return rich_display(self)


# --------------------------------------------------------------------------- words


def _title(rules: Rules) -> str:
    return _TITLES.get(rules.name, rules.name)


def _players(rules: Rules) -> str:
    return f"{rules.min_players}-{rules.max_players}" if rules.min_players < rules.max_players \
        else str(rules.min_players)


def _decks(rules: Rules) -> str:
    counts = {n: rules.decks_for(n) for n in range(rules.min_players, rules.max_players + 1)}
    distinct = sorted(set(counts.values()))
    if len(distinct) == 1:
        text = f"{distinct[0]}"
    else:
        first_two = min(n for n, d in counts.items() if d == distinct[-1])
        text = f"{distinct[0]}; {distinct[-1]} from {first_two} players"
    if rules.printed_jokers:
        text += f" + {rules.printed_jokers} jokers"
    return text


def _dealt(rules: Rules) -> str:
    sizes: dict[int, list[int]] = {}
    for n in range(rules.min_players, rules.max_players + 1):
        sizes.setdefault(rules.hand_size_for(n), []).append(n)
    if len(sizes) == 1:
        return str(next(iter(sizes)))
    return ", ".join(
        f"{size} ({_span(ns)} players)" for size, ns in sorted(sizes.items(), reverse=True)
    )


def _span(ns: Sequence[int]) -> str:
    return str(ns[0]) if len(ns) == 1 else f"{ns[0]}-{ns[-1]}"


def _ace(rules: Rules) -> str:
    where = "low only (A-2-3)" if rules.ace == "low" else "high or low (A-2-3 or Q-K-A)"
    return f"{where}, worth {rules.ace_value}"


def _sets(rules: Rules) -> str:
    size = f"{rules.min_meld}+" if rules.max_set_size is None else \
        f"{rules.min_meld}-{rules.max_set_size}"
    if rules.set_distinct_suits:
        return f"{size} of a rank, all suits different"
    return f"{size} of a rank; a suit may repeat with two decks"


def _wilds(rules: Rules) -> str:
    parts = []
    if rules.printed_jokers:
        parts.append(f"{rules.printed_jokers} printed jokers")
    if rules.wild_joker:
        parts.append("a wild rank turned each deal")
    return " and ".join(parts) + " (wild)" if parts else "none"


def _going_out(rules: Rules) -> list[str]:
    v = rules.variant
    if v is Variant.GIN:
        lines = [f"Knock: discard, then show melds with at most {rules.knock_limit} points "
                 "of deadwood."]
        if rules.oklahoma:
            lines = ["Knock: discard, then show melds with deadwood at most the value of the "
                     "first upcard (" + ("ace 1" if rules.oklahoma_ace == "one" else
                                         "an ace means gin only") + ", faces 10)."]
        lines.append("Gin: every card melded after the discard.")
        if rules.big_gin_bonus is not None:
            lines.append("Big gin: all eleven cards melded, with no discard.")
        lines.append(f"When the stock is down to {rules.stock_end} cards without a knock, "
                     "the hand is a draw.")
        return lines
    if v is Variant.INDIAN:
        need = f"at least {rules.min_sequences} sequences" if rules.min_sequences else "melds"
        pure = f", {rules.min_pure_sequences} of them pure" if rules.min_pure_sequences else ""
        return [
            f"Declare: draw to {rules.hand_size_for(2) + 1}, put one card in the finish slot and "
            f"show the rest all in melds, with {need}{pure}.",
            f"A wrong declaration costs {rules.wrong_declaration} points.",
            f"Drop out before your first draw for {rules.first_drop} points, later for "
            f"{rules.middle_drop}.",
        ]
    lines = ["Go out by melding, laying off or discarding your last card."]
    if v is Variant.BASIC and rules.rummy_multiplier > 1:
        lines.append("Going rummy (the whole hand melded in one turn, nothing melded before) "
                     f"multiplies the score by {rules.rummy_multiplier}.")
    if v is Variant.BASIC and not rules.layoff_before_first_meld:
        lines.append("You may lay off only after your own first meld.")
    if v is Variant.RUMMY500:
        lines.append("Any discard-pile card may be taken with every card above it, "
                     + ("if that card is melded or laid off at once."
                        if rules.discard_pick_must_meld == "any" else
                        "if that card is melded or laid off at once (the top card is free)."))
    return lines


def _scoring(rules: Rules) -> list[str]:
    v = rules.variant
    if v is Variant.GIN:
        lines = [
            "Knocker lower: the knocker scores the difference in deadwood.",
            ("Tie or defender lower (undercut)" if rules.tie_is_undercut else
             "Defender lower (undercut); a tie scores nothing")
            + f": the defender scores the difference plus {rules.undercut_bonus}.",
            f"Gin: the opponent's deadwood plus {rules.gin_bonus}; the defender lays off nothing.",
        ]
        if rules.big_gin_bonus is not None:
            lines.append(f"Big gin: the opponent's deadwood plus {rules.big_gin_bonus}.")
        if rules.oklahoma and rules.spade_doubles:
            lines.append("A spade upcard doubles the hand's points"
                         + ("." if rules.spade_doubles_bonuses else ", bonuses stay single."))
        game = f"Game to {rules.target}: {rules.game_bonus} to the winner, {rules.box_bonus} " \
               "a box for every hand won"
        lines.append(game + (", game bonus doubled in a shutout." if rules.shutout ==
                             "double_game_bonus" else ", the whole total doubled in a shutout."))
        if rules.alternate_deal:
            lines.append("The deal passes to the other player after every scored hand "
                         "(a drawn hand is dealt again by the same dealer).")
        if rules.hollywood:
            lines.append(f"Hollywood: {rules.hollywood_games} games scored at once; a player's "
                         "first win counts in game 1, the second in games 1-2, and so on.")
        return lines
    if v is Variant.BASIC:
        return ["The player who goes out scores the cards left in every other hand "
                f"(ace {rules.ace_value}, faces {rules.face_value}).",
                f"Game to {rules.target}."]
    if v is Variant.RUMMY500:
        return ["Everyone scores the cards they laid on the table and loses the cards left in "
                f"hand (ace {rules.ace_value}, faces {rules.face_value}).",
                f"Game to {rules.target}; the highest total past it wins."]
    lines = [f"Losers pay their count: every card with no pure sequence; with a pure "
             f"sequence but no second sequence, all but it; otherwise only unmelded cards. "
             f"Capped at {rules.max_points}."]
    if rules.indian_format == "points":
        lines.append(f"Points: one deal; the winner collects the losers' points x "
                     f"{rules.point_value}.")
    elif rules.indian_format == "pool":
        lines.append(f"Pool: points add up; reaching {rules.pool_limit} puts you out; the last "
                     "player left wins" + (" (rejoining is allowed)." if rules.rejoin else "."))
    else:
        lines.append(f"Deals: {rules.deals} deals for chips, {80 * rules.deals} chips each; "
                     "most chips wins.")
    return lines


def _examples(rules: Rules) -> list[Worked]:
    makers: dict[Variant, Callable[[Rules], list[Worked]]] = {
        Variant.GIN: _gin_examples,
        Variant.BASIC: _basic_examples,
        Variant.RUMMY500: _rummy500_examples,
        Variant.INDIAN: _indian_examples,
    }
    return makers[rules.variant](rules)


def _hands(*texts: str) -> tuple[Hand, ...]:
    return tuple(Hand(parse_cards(t)) for t in texts)


def _gin_examples(rules: Rules) -> list[Worked]:
    out: list[Worked] = []
    upcard = "4D" if rules.oklahoma else None
    if rules.oklahoma:
        out.append(Worked(
            "Oklahoma: the first upcard is the 4♦", _hands("4D"),
            f"knock with at most {knock_limit(rules, '4D')} points of deadwood"))
    knocker = "AS 2S 3S 4H 5H 6H 7D 7C 7H 3C"
    limit = knock_limit(rules, upcard)
    if limit >= 3:
        sd = showdown(knocker, _DEFENDER, rules, upcard=upcard)
        out.append(Worked("Knock with 3 against 82 points of deadwood", _hands(knocker, _DEFENDER),
                          f"{sd.kind}: the {sd.winner} scores {sd.points}"))
    lay = showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S", rules,
                   upcard=upcard) if limit >= 5 else None
    if lay is not None:
        out.append(Worked("The defender lays off 3♥ and 7♥ on the knocker's 4-5-6♥",
                          _hands("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S"),
                          f"lays off {' '.join(c.glyph for c in lay.layoffs)}; {lay.kind}: the "
                          f"{lay.winner} scores {lay.points}"))
    if limit >= 8:
        under = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C", rules,
                         upcard=upcard)
        out.append(Worked("Knock with 8 against 5: undercut",
                          _hands("AS 2S 3S 4H 5H 6H 7D 7C 7H 8C", "AH AD AC 2H 2D 2C 9S 9H 9D 5C"),
                          f"{under.kind}: the {under.winner} scores {under.points}"))
    gin = showdown("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S", _DEFENDER, rules, upcard=upcard)
    out.append(Worked("Gin against 82 points of deadwood", _hands("AS 2S 3S 4H 5H 6H 7D 7C 7H 7S",
                                                                   _DEFENDER),
                      f"{gin.kind}: the {gin.winner} scores {gin.points}"))
    if rules.hollywood:
        sheet = hollywood_totals([(0, 10), (0, 20), (0, 30)], rules)
        out.append(Worked("Hollywood: one player wins hands of 10, 20 and 30", (),
                          "games 1-3 show "
                          + ", ".join(str(g.hand_points[0]) for g in sheet.games)))
    else:
        t = game_totals([(0, 30), (0, 40), (0, 35)], rules)
        out.append(Worked("A game won 30, 40, 35 while the other player scored nothing", (),
                          f"hands {t.hand_points[0]} + boxes {t.box_bonus[0]} + game bonus "
                          f"{t.game_bonus[0]} = {t.totals[0]}"))
    return out


def _play(rules: Rules, hands: Sequence[str], discard: str, stock_top: str,
          moves: Iterable[str], dealer: int = 0) -> tuple[int, ...]:
    g = new_game(rules, hands=list(hands), discard=discard, stock_top=stock_top, seed=0,
                 dealer=dealer)
    for m in moves:
        g.play(m)
    if g.result is None:  # pragma: no cover - the examples end the hand
        raise AssertionError("a worked example did not end its hand")
    return g.result.scores


def _basic_examples(rules: Rules) -> list[Worked]:
    hands = ["5D 6S 7H AS 3D 4H 10S JH QC KS", "5C 6C 7C 9H 9D 9S 2S 3S 4S KD"]
    caption = "Player 1 draws the 8♣ and melds the whole hand at once"
    if rules.hand_size_for(2) != 10:  # a knob changed the deal: count the hand instead
        left = parse_cards(hands[0])
        return [Worked("Going out while the other player holds these cards", _hands(hands[0]),
                       f"scores {sum(rules.card_value(c) for c in left)}")]
    scores = _play(rules, hands, "10H", "8C",
                   ["draw_stock", "meld 5C 6C 7C 8C", "meld 9H 9D 9S", "meld 2S 3S 4S",
                    "discard KD"])
    return [Worked(caption, _hands(*hands), f"player 1 scores {max(scores)}"
                   + (" (going rummy)" if rules.rummy_multiplier > 1 else ""))]


def _rummy500_examples(rules: Rules) -> list[Worked]:
    hands = ["7S 8S 9S KD KH KC 4D", "2H 3C 5D 6H 8C 10D JC"]
    melds, held = parse_cards("7S 8S 9S KD KH KC KS"), parse_cards(hands[1])
    if rules.hand_size_for(2) != 7:  # the pagat school deals 13 to two: count instead
        laid = sum(rules.card_value(c) for c in melds)
        left = sum(rules.card_value(c) for c in held)
        return [Worked("7-8-9♠ and four kings laid; the other player still holds seven cards",
                       _hands("7S 8S 9S", "KD KH KC KS", hands[1]),
                       f"the first scores {laid} (cards laid); the other -{left} (cards in hand)")]
    scores = _play(rules, hands, "2D", "KS",
                   ["draw_stock", "meld 7S 8S 9S", "meld KD KH KC KS", "discard 4D"], dealer=1)
    return [Worked("Player 0 melds 7-8-9♠ and four kings and goes out", _hands(*hands),
                   f"scores {scores[0]} (cards laid); player 1 scores {scores[1]} (cards in hand)")]


def _indian_examples(rules: Rules) -> list[Worked]:
    good = "2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS 8S"
    bad = "5H 6H JK 9S 9D 9C 2C 3S 4C KD KH KS QS"
    ok = check_declaration(good, wild_rank=8, rules=rules)
    no = check_declaration(bad, wild_rank=8, rules=rules)
    return [
        Worked("Wild rank 8: a valid declaration", _hands(good),
               "valid" if ok.valid else f"refused: {ok.reason}"),
        Worked("Wild rank 8: no pure sequence", _hands(bad),
               ("valid" if no.valid else f"refused: {no.reason}") +
               f"; as a loser this hand pays {count_points(bad, wild_rank=8, rules=rules)}"),
    ]


def rules_card(rules: RulesLike = "gin") -> RulesCard:
    """The rules of one variant on one card, written from ``rules`` and worked by the engine.

    :param rules: a preset name or a :class:`Rules` (with any knobs changed).
    :raises ValueError: for an unknown preset.
    """
    r = get_rules(rules)
    cards = [
        f"Players: {_players(r)}; decks: {_decks(r)}; cards dealt: {_dealt(r)}.",
        f"Aces: {_ace(r)}; J, Q, K worth {r.face_value}; other cards their face value.",
        f"Sets: {_sets(r)}. Runs: {r.min_meld}+ in a row of one suit, never around the corner "
        "(K-A-2).",
        f"Wild cards: {_wilds(r)}.",
    ]
    turn = ["Draw the top card of the stock or of the discard pile, then discard one card."]
    if r.variant is Variant.GIN:
        turn.insert(0, "First turn: the non-dealer, then the dealer, may take the upcard; if "
                       "both pass, the non-dealer draws from the stock.")
    if r.variant in (Variant.BASIC, Variant.RUMMY500):
        turn.insert(1, "Between drawing and discarding, lay melds on the table and lay off "
                       "cards on any meld.")
    if r.no_discard_of_pickup:
        turn.append("A card taken from the discard pile cannot be thrown back the same turn.")
    sections = (
        ("Cards and melds", tuple(cards)),
        ("A turn", tuple(turn)),
        ("Going out", tuple(_going_out(r))),
        ("Scoring", tuple(_scoring(r))),
    )
    return RulesCard(_title(r), r, sections, tuple(_examples(r)))


def compare_variants(names: Iterable[RulesLike] | None = None) -> VariantTable:
    """The variants side by side, each answer read from the preset's rules.

    :param names: presets or Rules (default: basic, gin, oklahoma, hollywood, 500, indian).
    """
    chosen = [get_rules(n) for n in (names if names is not None else
                                     ("basic", "gin", "oklahoma", "hollywood", "500", "indian"))]
    if not chosen:
        raise ValueError("compare_variants needs at least one preset")
    rows: list[tuple[str, Callable[[Rules], str]]] = [
        ("players", _players),
        ("decks", _decks),
        ("cards dealt", _dealt),
        ("aces", lambda r: "low" if r.ace == "low" else "high or low"),
        ("ace worth", lambda r: str(r.ace_value)),
        ("sets", lambda r: "different suits" if r.set_distinct_suits else "suits may repeat"),
        ("wild cards", _wilds),
        ("melds go", lambda r: "on the table as made" if r.variant in (Variant.BASIC,
                                                                      Variant.RUMMY500)
         else "in hand until the end"),
        ("how you go out", lambda r: {
            Variant.GIN: f"knock (deadwood <= {'upcard' if r.oklahoma else r.knock_limit}) or gin",
            Variant.BASIC: "meld, lay off or discard the last card",
            Variant.RUMMY500: "meld, lay off or discard the last card",
            Variant.INDIAN: f"declare {r.min_sequences} sequences, {r.min_pure_sequences} pure",
        }[r.variant]),
        ("who scores", lambda r: {
            Variant.GIN: "the lower deadwood scores the difference",
            Variant.BASIC: "who goes out scores the other hands",
            Variant.RUMMY500: "everyone: melds laid minus cards held",
            Variant.INDIAN: "losers pay their count to the winner",
        }[r.variant]),
        ("match", lambda r: (f"pool to {r.pool_limit}" if r.indian_format == "pool" else
                             f"{r.deals} deals for chips" if r.indian_format == "deals" else
                             "one deal for points") if r.variant is Variant.INDIAN
         else f"{r.hollywood_games} games to {r.target}" if r.hollywood else f"to {r.target}"),
    ]
    return VariantTable(
        tuple(r.name for r in chosen),
        tuple(_title(r) for r in chosen),
        tuple((q, tuple(f(r) for r in chosen)) for q, f in rows),
    )


# --------------------------------------------------------------------------- one picture


@dataclass(frozen=True)
class TurnPicture:
    """Rummy in one picture: the goal, one turn (draw, meld, discard) and what it gained.

    :ivar before: the hand's best partition before the turn.
    :ivar drawn: the card drawn. :ivar discard: the card thrown (the solver's choice).
    :ivar after: the best partition after the discard.
    """

    rules: Rules
    before: Partition
    drawn: Card
    discard: Card
    after: Partition

    @property
    def steps(self) -> tuple[str, str, str]:
        """The turn in three sentences, with the numbers."""
        b, a = self.before, self.after
        new = len(a.melds) - len(b.melds)
        made = (f"the {self.drawn.glyph} makes {new} new meld{'s' if new != 1 else ''}"
                if new > 0 else "the melds stay as they were")
        return (
            f"Draw: take the {self.drawn.glyph} from the stock (or the top of the discard pile).",
            f"Meld: {made}; {a.melded_count} of {len(a.cards)} cards are in melds.",
            f"Discard: throw the {self.discard.glyph}; deadwood goes from {b.deadwood_points} "
            f"to {a.deadwood_points} points.",
        )

    def _repr_html_(self) -> str | None:
        return rich_display(self)


def turn_picture(hand: str = "7S 7H 4C 5C 6C KD QH 2S 9D 3H", drawn: str = "7D",
                 rules: RulesLike = "gin") -> TurnPicture:
    """One turn of rummy worked by the solver: draw a card, see the melds, throw the worst.

    >>> pic = turn_picture()
    >>> pic.discard.code, pic.before.deadwood_points, pic.after.deadwood_points
    ('KD', 48, 24)
    >>> pic.steps[1:]
    ('Meld: the 7♦ makes 1 new meld; 6 of 10 cards are in melds.', \
'Discard: throw the K♦; deadwood goes from 48 to 24 points.')

    :param hand: the hand before the turn. :param drawn: the card drawn.
    :raises ValueError: for bad cards, or a drawn card already in the hand.
    """
    r = get_rules(rules)
    cards = parse_cards(hand)
    extra = parse_cards(drawn)
    if len(extra) != 1:
        raise ValueError(f"drawn must be one card, got {drawn!r}")
    if extra[0] in cards and r.decks_for(r.min_players) == 1:
        raise ValueError(f"{extra[0].code} is already in the hand")
    before = best_partition(cards, r)
    discard, after = best_discard((*cards, extra[0]), r)
    return TurnPicture(r, before, extra[0], discard, after)
