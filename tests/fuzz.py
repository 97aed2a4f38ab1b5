"""Robustness properties shared by ``tests/test_fuzz.py`` and long fuzz runs.

Three kinds of cases, each drawn by a hypothesis strategy and judged by a ``check_*``
function that raises :class:`Problem` when a property fails:

* rule overrides for every preset: refused with a ValueError naming the field, or the
  games they deal play to the end with random and greedy bots while every listed legal
  move plays, every unfinished position has a legal move, every card stays in the game
  and save/load round-trips;
* mutated saved games: refused with a ValueError beginning "saved game:", or loaded as
  the same game (or as exactly the game the edited text describes, for edits of the
  rules; an edited seed must not change how the game goes on);
* bad command-line arguments: exit code 2 and one line on stderr, never a traceback.

The test module runs a few hundred cases of each; ``python -m tests.fuzz --cases N``
runs more and counts the distinct problems instead of stopping at the first::

    python -m tests.fuzz --cases 2000 --kinds rules saves solver simulate cli
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import random
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hypothesis import strategies as st

from rummy_lab.bots import make_bot
from rummy_lab.engine.cards import Card, format_cards, make_deck, parse_cards
from rummy_lab.engine.game import Game, new_game
from rummy_lab.engine.moves import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    EndRound,
    Gin,
    Knock,
    LayOff,
    Meld,
    Move,
    parse_move,
)
from rummy_lab.engine.rules import PRESETS, Rules, get_rules


class Problem(AssertionError):
    """A broken property: ``kind`` groups problems for counting, ``detail`` says more."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def _where(exc: BaseException) -> str:
    """``ExcType at file:function`` of the innermost rummy_lab frame (for counting)."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "rummy_lab" in f.filename]
    if not frames:
        return type(exc).__name__
    f = frames[-1]
    return f"{type(exc).__name__} at {f.filename.rsplit('rummy_lab/', 1)[-1]}:{f.name}"


# --------------------------------------------------------------------------- rule overrides

PRESET_NAMES = tuple(PRESETS)
FIELDS = tuple(f.name for f in dataclasses.fields(Rules))
ALIASES = {"jokers": "printed_jokers", "joker_count": "printed_jokers", "target_score": "target"}

_JUNK: tuple[Any, ...] = (-1, 0, 10**16, 1.5, "x", "", None, True, [], {}, (2, 3))
_SMALL = tuple(range(0, 11))
_POINTS = (0, 1, 5, 10, 15, 25, 31, 50, 100, 250, 10_000)
_PLAUSIBLE: dict[str, tuple[Any, ...]] = {
    "name": ("x", "my rules", "gin", "500", "indian-pool-101", "basic"),
    "variant": ("gin", "basic", "500", "indian"),
    "min_players": (1, 2, 3, 4, 6, 8, 9),
    "max_players": (2, 3, 4, 5, 6, 8, 9),
    "decks": (None, 1, 2, 3, 4, 5),
    "two_decks_from": (None, 2, 3, 5, 8, 9),
    "printed_jokers": (0, 1, 2, 4, 8, 9),
    "hand_size": (None, 1, 2, 3, 5, 7, 10, 11, 13, 17, 20, 21, 26),
    "hand_size_by_players": (
        (), ((2, 10), (4, 7), (6, 6)), ((2, 5),), ((8, 7),), ((3, 7), (2, 10)),
        ((2, -5),), 5, [[2, 10], [8, 7]], (("a", 1),), ((2, 10, 1),),
    ),
    "ace": ("low", "high_or_low", "high"),
    "min_meld": (1, 2, 3, 4, 5, 6),
    "max_set_size": (None, 2, 3, 4, 5, 8, 16, 17),
    "max_run_length": (2, 3, 4, 5, 13, 14),
    "ace_value": (0, 1, 10, 11, 15, 100, 101),
    "face_value": (0, 1, 10, 11, 100, 101, 10**16),
    "joker_value": (0, 15, 50, 101),
    "wild_value": (0, 1, 10),
    "max_turns": (1, 2, 5, 20, 100, 100_000, 100_001),
    "knock_limit": (0, 1, 5, 10, 25, 100, 1001),
    "undercut_bonus": _POINTS,
    "gin_bonus": _POINTS,
    "big_gin_bonus": (None, *_POINTS),
    "stock_end": (0, 1, 2, 5, 10, 11, 30),
    "oklahoma_ace": ("one", "gin_only", "eleven"),
    "hollywood_games": (0, 1, 2, 3, 5, 6),
    "target": (1, 50, 100, 500, 100_000, 100_001),
    "game_bonus": _POINTS,
    "box_bonus": _POINTS,
    "shutout": ("double_game_bonus", "double_total", "triple"),
    "rummy_multiplier": (0, 1, 2, 10, 11),
    "discard_pick_must_meld": ("any", "deep_only", "never"),
    "min_sequences": (0, 1, 2, 3, 4, 5),
    "min_pure_sequences": (0, 1, 2, 3),
    "wrong_declaration": _POINTS,
    "max_points": (0, 1, 40, 80, 200),
    "first_drop": (0, 20, 25, 100),
    "middle_drop": (0, 40, 50, 100),
    "point_value": (0, 1, 5, 100),
    "indian_format": ("points", "pool", "deals", "tournament"),
    "pool_limit": (1, 101, 201, 1000),
    "deals": (1, 2, 6, 50, 51),
    "extra": ({}, {"note": "school rule"}, {"n": [1, 2]}, 5, {1: 2}, {"bad": object()}),
    "jokers": (0, 1, 2, 4),
    "joker_count": (0, 2),
    "target_score": (100, 500),
    "knock_limt": (5,),
}
_FLAGS = {
    f.name for f in dataclasses.fields(Rules) if f.type in ("bool", bool)
}
for _name in _FLAGS:
    _PLAUSIBLE[_name] = (True, False, 1, "yes")
for _name in FIELDS:
    _PLAUSIBLE.setdefault(_name, _SMALL)
OVERRIDE_KEYS = (*FIELDS, *ALIASES, "knock_limt")


def _value_for(key: str) -> st.SearchStrategy[Any]:
    plausible = st.sampled_from(_PLAUSIBLE[key])
    return st.one_of(*[plausible] * 7, st.sampled_from(_JUNK))


@st.composite
def rule_overrides(draw: st.DrawFn) -> dict[str, Any]:
    """One to three fields (or aliases, or a misspelt name) with plausible or junk values."""
    keys = draw(st.lists(st.sampled_from(OVERRIDE_KEYS), min_size=1, max_size=3, unique=True))
    return {k: draw(_value_for(k)) for k in keys}


@dataclass(frozen=True)
class RulesCase:
    """A preset, overrides, and how the dealt game is played."""

    preset: str
    overrides: dict[str, Any]
    max_turns: int
    seat_pick: int
    seed: int
    bots: tuple[str, ...]


rules_cases = st.builds(
    RulesCase,
    preset=st.sampled_from(PRESET_NAMES),
    overrides=rule_overrides(),
    max_turns=st.integers(20, 200),
    seat_pick=st.integers(0, 7),
    seed=st.integers(0, 2**32),
    bots=st.lists(st.sampled_from(("random", "random", "greedy")), min_size=8, max_size=8)
    .map(tuple),
)


def _names_a_key(message: str, keys: list[str]) -> bool:
    names = set(keys) | {ALIASES[k] for k in keys if k in ALIASES}
    return any(n in message for n in names)


_ENDINGS = (Knock, Gin, Declare, EndRound)


def check_rules_case(case: RulesCase, *, move_budget: int = 1500) -> str:
    """Refused with a ValueError naming the field, or played to the end correctly.

    :return: ``"refused"``, ``"refused at the deal"`` or ``"played"``.
    """
    keys = list(case.overrides)
    overrides = {"max_turns": case.max_turns, **case.overrides}
    try:
        rules = get_rules(case.preset, **overrides)
    except ValueError as exc:
        if not _names_a_key(str(exc), keys):
            raise Problem("refusal does not name the field",
                          f"{case.preset} {case.overrides}: {exc}") from None
        return "refused"
    except Exception as exc:
        raise Problem(f"get_rules raised {_where(exc)}",
                      f"{case.preset} {case.overrides}: {exc!r}") from None
    _check_accepted(case, rules)
    span = rules.max_players - rules.min_players + 1
    players = rules.min_players + case.seat_pick % span
    try:
        game = new_game(rules, players=players, seed=case.seed, dealer=case.seed % players)
    except ValueError as exc:
        if not _names_a_key(str(exc), [*keys, "players"]):
            raise Problem("deal refusal does not name the field",
                          f"{case.preset} {case.overrides} players={players}: {exc}") from None
        return "refused at the deal"
    except Exception as exc:
        raise Problem(f"new_game raised {_where(exc)}",
                      f"{case.preset} {case.overrides} players={players}: {exc!r}") from None
    what = f"{case.preset} {case.overrides} players={players} seed={case.seed}"
    _check_deal(game, what)
    try:
        bots = [make_bot(b, rules) for b in case.bots[:players]]
    except Exception as exc:
        raise Problem(f"make_bot raised {_where(exc)}", f"{what}: {exc!r}") from None
    rng = random.Random(case.seed)
    play_checked(game, bots, rng, what, move_budget=move_budget)
    if game.is_over:
        try:
            game.engine.match_standing(rules, players, [game.state.result])  # type: ignore[list-item]
        except NotImplementedError:
            pass
        except Exception as exc:
            raise Problem(f"match scoring raised {_where(exc)}", f"{what}: {exc!r}") from None
    return "played"


def _check_accepted(case: RulesCase, rules: Rules) -> None:
    """Accepted overrides took effect as given, agree with each other and the preset."""
    what = f"{case.preset} {case.overrides}"
    given: dict[str, list[Any]] = {}
    for k, v in case.overrides.items():
        given.setdefault(ALIASES.get(k, k), []).append(v)
    for name, values in given.items():
        if len({repr(v) for v in values}) > 1:
            raise Problem("aliases that disagree were accepted", what)
        have = getattr(rules, name)
        want = values[0]
        if name == "hand_size_by_players":
            want = tuple(tuple(p) for p in want)
        if name == "variant":
            have = have.value
        if name != "extra" and have != want:
            raise Problem(f"an accepted override of {name} did not take effect", what)
    base = PRESETS[case.preset]
    if rules.variant is not base.variant:
        raise Problem("a rule set with another variant than its preset was accepted", what)
    if rules.name in PRESETS and PRESETS[rules.name].variant is not rules.variant:
        raise Problem("a rule set named after a preset of another variant was accepted", what)


def _check_deal(game: Game, what: str) -> None:
    """The dealt cards follow the rules: hand sizes, the wild card only when switched on."""
    r, st_ = game.rules, game.state
    size = r.hand_size_for(game.players)
    if any(len(h) not in (0, size) for h in st_.deal.hands) or not any(st_.deal.hands):
        raise Problem("hands dealt with the wrong number of cards", what)
    if (st_.deal.wild_card is not None) != r.wild_joker:
        raise Problem("the wild card does not follow wild_joker", what)


def _deck_of(game: Game) -> Counter[Card]:
    r = game.rules
    return Counter(make_deck(r.decks_for(game.players), r.printed_jokers))


def _round_trip(game: Game, what: str) -> None:
    try:
        back = Game.from_json(game.to_json())
    except Exception as exc:
        raise Problem(f"save/load failed: {_where(exc)}", f"{what}: {exc!r}") from None
    if back != game or back.legal_moves() != game.legal_moves():
        raise Problem("save/load changed the game", what)


def play_checked(
    game: Game, bots: list[Any], rng: random.Random, what: str, *, move_budget: int = 1500
) -> None:
    """Let the bots play while checking the invariants after every move."""
    deck = _deck_of(game)
    if Counter(game.state.all_cards()) != deck:
        raise Problem("the deal is not the deck", what)
    steps = 0
    while not game.is_over and steps < move_budget:
        legal = game.legal_moves()
        if not legal:
            raise Problem(f"no legal move in an unfinished {game.rules.variant.value} position",
                          f"{what} after {[e.move.code for e in game.history]}")
        # every ending move, and a few others, are played on copies
        endings = [m for m in legal if isinstance(m, _ENDINGS)]
        others = [m for m in legal if not isinstance(m, _ENDINGS)]
        sample = endings[:6] + rng.sample(others, min(2, len(others)))
        for m in sample:
            _play_listed(game.copy(), m, what)
        p = game.current_player
        move = bots[p].choose(game.view_for(p), rng)
        if move not in legal:
            raise Problem("a bot chose a move that is not listed", f"{what}: {move}")
        _play_listed(game, move, what)
        if Counter(game.state.all_cards()) != deck:
            raise Problem("a card was lost or made up", f"{what} after {move.code}")
        steps += 1
        if steps == 7:
            _round_trip(game, what)
    _round_trip(game, what)


def _play_listed(game: Game, move: Move, what: str) -> None:
    before = game.copy()
    try:
        game.play(move)
    except Exception as exc:
        changed = "" if game == before else " and changed the game"
        raise Problem(
            f"a listed legal move failed{changed}: {_where(exc)}",
            f"{what}: {move.code} after {[e.move.code for e in before.history]}: {exc!r}",
        ) from None


# --------------------------------------------------------------------------- saved games


def _fast_playout(game: Game, rng: random.Random, steps: int,
                  prefer: Callable[[Move], bool] | None = None) -> Game:
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_moves()
        good = [m for m in legal if prefer(m)] if prefer is not None else []
        game.play(rng.choice(good or legal))
    return game


def _simple(m: Move) -> bool:
    return isinstance(m, DrawStock | Discard)


def _indian_near_reshuffle(seed: int) -> Game:
    """An Indian deal played with plain draws and discards until the stock is nearly out."""
    g = new_game("indian", seed=seed)
    st_ = g.state
    while len(st_.stock) > 2:
        g.play("draw_stock")
        hand = st_.hands[st_.current]
        g.play(Discard(hand[0]))
    return g


@lru_cache(maxsize=1)
def save_corpus() -> tuple[Game, ...]:
    """Games of every variant at several stages, to mutate."""
    rng = random.Random(13)
    games = [
        _fast_playout(new_game("gin", seed=1), rng, 12),
        _fast_playout(new_game("gin", seed=2), rng, 400),
        _fast_playout(new_game("oklahoma", seed=3), rng, 400),
        _fast_playout(new_game("hollywood", seed=4, dealer=1), rng, 5),
        _fast_playout(new_game("basic", players=3, seed=5), rng, 40),
        _fast_playout(new_game("basic", seed=6, rules={"jokers": 2}), rng, 3000),
        _fast_playout(new_game("500", seed=7, rules={"target": 300}), rng, 30,
                      prefer=lambda m: isinstance(m, Meld | LayOff | DrawDiscard)),
        _fast_playout(new_game("500-pagat", players=5, seed=8), rng, 3000),
        _indian_near_reshuffle(9),
        _fast_playout(new_game("indian-pool-201", players=3, seed=10), rng, 6, prefer=_simple),
        _fast_playout(new_game("indian-deals", seed=11), rng, 3000),
        _fast_playout(new_game(Rules(name="house gin", knock_limit=7, gin_bonus=20), seed=12),
                      rng, 30),
    ]
    return tuple(games)


_CARD_KEYS = {"hands", "stock", "discard", "wild_card", "cards", "set_aside", "known",
              "pickup"}


def canonical(doc: Any, key: str | None = None) -> Any:
    """A saved-game document with card strings and moves in canonical notation."""
    if isinstance(doc, dict):
        return {k: canonical(v, k) for k, v in doc.items()}
    if isinstance(doc, list):
        return [canonical(v, key) for v in doc]
    if isinstance(doc, str) and key in ("hands", "known"):  # hands are multisets
        try:
            return format_cards(sorted(parse_cards(doc)))
        except ValueError:
            return doc
    if isinstance(doc, str) and key in _CARD_KEYS:
        try:
            return format_cards(parse_cards(doc))
        except ValueError:
            return doc
    if isinstance(doc, str) and key == "moves":
        try:
            return parse_move(doc).code
        except ValueError:
            return doc
    return doc


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*prefix, i))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


_VALUES: tuple[Any, ...] = (
    -1, 0, 1, 2, 3, 7, 100, 2**63, 10**16, 1.0, 0.5, True, False, None, "", "x", "draw",
    "7S", "JK", "7S 7S", [], {}, ["7S"], {"a": 1}, [[2, 10]],
)
SAVE_OPS = (
    "delete", "replace", "shift", "card_replace", "card_drop", "card_dup", "card_swap",
    "card_case", "card_move", "list_swap", "list_dup", "truncate", "byte", "huge_int",
    "nan", "bytes",
)


@dataclass
class SaveCase:
    """Which corpus game, which mutation, and a seed for its details."""

    index: int
    op: str
    seed: int
    described: str = field(default="", compare=False)


save_cases = st.builds(
    SaveCase,
    index=st.integers(0, 11),
    op=st.sampled_from(SAVE_OPS),
    seed=st.integers(0, 2**32),
)

_ALL_CARDS = tuple(sorted(set(make_deck(1, 1))))


def _card_paths(doc: Any) -> list[tuple[Any, ...]]:
    out = []
    for p in _paths(doc):
        if p and isinstance(p[-1], str | int):
            v = _get(doc, p)
            keys = [k for k in p if isinstance(k, str)]
            if isinstance(v, str) and keys and keys[-1] in _CARD_KEYS and v.strip():
                out.append(p)
    return out


def mutate(game: Game, case: SaveCase) -> tuple[str | bytes, dict[str, Any] | None,
                                                tuple[Any, ...] | None]:
    """The mutated text, its document (None for text-level damage) and the edited path."""
    rng = random.Random(case.seed)
    text = game.to_json()
    doc = json.loads(text)
    op = case.op
    if op == "truncate":
        cut = rng.randrange(len(text))
        case.described = f"truncate at {cut}"
        return text[:cut], None, None
    if op == "byte":
        raw = bytearray(text.encode())
        i = rng.randrange(len(raw))
        raw[i] = rng.choice([0xFF, 0xC3, 0x00, ord("{"), ord('"'), ord("9"), ord(" ")])
        case.described = f"byte {i} -> {raw[i]:#x}"
        return bytes(raw), None, None
    if op == "huge_int":
        case.described = "a 5,000-digit number"
        key = rng.choice(['"players": ', '"dealer": ', '"turn_count": ', '"version": '])
        return text.replace(key, key + "9" * 5000 + ", \"_x\": ", 1), None, None
    if op == "nan":
        key = rng.choice(['"players": ', '"version": ', '"knock_limit": ', '"target": '])
        case.described = f"NaN at {key}"
        return text.replace(key, key + "NaN, \"_x\": ", 1), None, None
    if op == "bytes":
        case.described = "the same text as UTF-8 bytes"
        return text.encode(), None, None
    if op.startswith("card_"):
        paths = _card_paths(doc)
        path = rng.choice(paths)
        cards = _get(doc, path).split()
        i = rng.randrange(len(cards))
        if op == "card_replace":
            cards[i] = rng.choice(_ALL_CARDS).code
        elif op == "card_drop":
            del cards[i]
        elif op == "card_dup":
            cards.insert(i, cards[i])
        elif op == "card_swap":
            j = rng.randrange(len(cards))
            cards[i], cards[j] = cards[j], cards[i]
        elif op == "card_case":
            cards[i] = cards[i].lower()
        else:  # card_move: one card from this pile to another
            other = rng.choice(paths)
            moved = cards.pop(i)
            _set_path(doc, path, " ".join(cards))
            rest = _get(doc, other).split()
            rest.insert(rng.randrange(len(rest) + 1), moved)
            _set_path(doc, other, " ".join(rest))
            case.described = f"move {moved} from {path} to {other}"
            return json.dumps(doc), doc, path
        _set_path(doc, path, " ".join(cards))
        case.described = f"{op} at {path}"
        return json.dumps(doc), doc, path
    paths = [p for p in _paths(doc) if p]
    path = rng.choice(paths)
    parent = _get(doc, path[:-1])
    last = path[-1]
    value = _get(doc, path)
    if op == "delete":
        del parent[last]
    elif op == "replace":
        parent[last] = rng.choice(_VALUES)
    elif op == "shift" and isinstance(value, int) and not isinstance(value, bool):
        parent[last] = value + rng.choice((-1, 1))
    elif op in ("list_swap", "list_dup") and isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if op == "list_swap":
            j = rng.randrange(len(value))
            value[i], value[j] = value[j], value[i]
        else:
            value.insert(i, value[i])
    else:
        parent[last] = rng.choice(_VALUES)
    case.described = f"{op} at {path}: {json.dumps(_get_or(doc, path))[:60]}"
    return json.dumps(doc), doc, path


def _get_or(doc: Any, path: tuple[Any, ...]) -> Any:
    try:
        return _get(doc, path)
    except (KeyError, IndexError, TypeError):
        return "<deleted>"


def _set_path(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _preset_value(name: str, key: str) -> Any:
    from rummy_lab.engine.serialize import rules_to_dict

    return rules_to_dict(PRESETS[name])[key] if name in PRESETS else None


def check_save_case(case: SaveCase) -> str:
    """Refused with a "saved game:" ValueError, or the same game (see the module doc).

    :return: ``"refused"``, ``"same game"``, ``"edited rules"`` or ``"edited seed"``.
    """
    game = save_corpus()[case.index]
    original = json.loads(game.to_json())
    text, doc, _ = mutate(game, case)
    what = f"{game.rules.name} save, {case.op}: {case.described} ({case.index}, {case.seed})"
    try:
        loaded = Game.from_json(text)  # type: ignore[arg-type]
    except ValueError as exc:
        if not str(exc).startswith("saved game:"):
            raise Problem(f"save refusal without the 'saved game:' prefix: {_where(exc)}",
                          f"{what}: {_where(exc)}: {str(exc)[:120]}") from None
        return "refused"
    except Exception as exc:
        raise Problem(f"loading raised {_where(exc)}", f"{what}: {exc!r}"[:300]) from None
    again = canonical(json.loads(loaded.to_json()))
    if again == canonical(original):
        return "same game"
    if doc is None:  # damaged text that still loaded: see what it says
        raw = text.decode("utf-8") if isinstance(text, bytes) else text
        doc = json.loads(raw)
    edited = canonical(doc)
    changed = set(_diff(edited, canonical(original)))
    if changed and all(len(p) >= 2 and p[0] == "rules" for p in changed):
        expected = json.loads(json.dumps(edited))
        for p in changed:  # a deleted field takes the preset's value
            if p[1] not in expected["rules"]:
                expected["rules"][p[1]] = _preset_value(str(expected["rules"].get("name")), p[1])
        if again != expected:
            raise Problem("an edited rules field loaded as something else", what)
        return "edited rules"
    if changed == {("seed",)}:
        if again != edited:
            raise Problem("an edited seed loaded as something else", what)
        _same_future(game, loaded, what)
        return "edited seed"
    raise Problem("a changed save loaded as a different game", what)


def _diff(a: Any, b: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Paths where two documents differ (a key missing on one side counts)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in set(a) | set(b):
            if k not in a or k not in b:
                yield (*path, k)
            else:
                yield from _diff(a[k], b[k], (*path, k))
    elif a != b:
        yield path


def _same_future(a: Game, b: Game, what: str) -> None:
    """Play both games on with the same moves: they must stay the same game."""
    a, b = a.copy(), b.copy()
    rng = random.Random(0)
    for _ in range(60):
        if a.is_over:
            break
        legal = a.legal_moves()
        simple = [m for m in legal if _simple(m)]
        m = rng.choice(simple or legal)
        a.play(m)
        try:
            b.play(m)
        except ValueError:
            raise Problem("an edited seed changed how the game goes on", what) from None
        if (a.hands, a.stock, a.discard_pile) != (b.hands, b.stock, b.discard_pile):
            raise Problem("an edited seed changed how the game goes on", what)


# --------------------------------------------------------------------------- the solver


@dataclass(frozen=True)
class SolverCase:
    """Cards (duplicates and jokers likely) given to one solver entry point."""

    preset: str
    cards: tuple[str, ...]
    call: str


_SOLVER_CALLS = ("best_partition", "all_best_partitions", "best_discard", "deadwood",
                 "is_meld")
solver_cases = st.builds(
    SolverCase,
    preset=st.sampled_from(PRESET_NAMES),
    cards=st.lists(st.sampled_from([c.code for c in sorted(set(make_deck(1, 1)))]),
                   min_size=3, max_size=14).map(tuple),
    call=st.sampled_from(_SOLVER_CALLS),
)


def _copies(rules: Rules) -> int:
    if rules.decks is not None:
        return rules.decks
    return 2 if rules.two_decks_from is not None else 1


def check_solver_case(case: SolverCase) -> str:
    """Cards the variant's deck holds are analysed; others are refused, naming them.

    :return: ``"analysed"`` or ``"refused"``.
    """
    from rummy_lab.engine import solver
    from rummy_lab.engine.errors import CardError
    from rummy_lab.engine.melds import is_meld

    rules = get_rules(case.preset)
    counts = Counter(case.cards)
    bad = [c for c, n in counts.items()
           if n > (rules.printed_jokers if c == "JK" else _copies(rules))]
    wild = 7 if rules.wild_joker else None
    fn: Callable[..., Any] = is_meld if case.call == "is_meld" else getattr(solver, case.call)
    what = f"{case.call}({' '.join(case.cards)!r}, {case.preset!r})"
    try:
        fn(list(parse_cards(" ".join(case.cards))), rules, wild_rank=wild)
    except CardError as exc:
        if not bad:
            raise Problem(f"{case.call} refused cards of the deck", f"{what}: {exc}") from None
        if not any(c in str(exc) for c in bad):
            raise Problem(f"{case.call} refused without naming the card",
                          f"{what}: {exc}") from None
        return "refused"
    except Exception as exc:
        raise Problem(f"{case.call} raised {_where(exc)}", f"{what}: {exc!r}") from None
    if bad:
        raise Problem(f"{case.call} analysed cards outside the deck", what)
    return "analysed"


# --------------------------------------------------------------------------- simulate

# (good values, bad values, words a refusal of a bad value must contain) per parameter
_SIM_PARAMS: dict[str, tuple[tuple[Any, ...], tuple[Any, ...], tuple[str, ...]]] = {
    "variant": (("gin", "500", "basic"), ("poker", 5, None), ("preset", "rules")),
    "games": ((0, 1, 3), (-1, 1.5, "3", True, None), ("games",)),
    "players": ((2,), (1, 0, "2", 2.0, True, None), ("players",)),
    "bots": ((None, ("random", "random"), ("greedy", "random")),
             (("random",), "random", ("foo", "random"), (5, "random"), 7), ("bot",)),
    "seed": ((0, 7, 2**70), ("abc", 1.5, True, None), ("seed",)),
    "batch_size": ((None, 1, 2, 100), (0, -1, 1.5, "2", True), ("batch_size",)),
    "rules": ((None, {"target": 200}), ({"knock_limt": 5}, 5, ["x"]), ("rules",)),
}


@st.composite
def simulate_cases(draw: st.DrawFn) -> dict[str, tuple[Any, bool]]:
    """Arguments for ``rl.simulate``, each tagged good (False) or bad (True)."""
    out = {}
    for name, (good, bad, _) in _SIM_PARAMS.items():
        is_bad = draw(st.integers(0, 5)) == 0
        out[name] = (draw(st.sampled_from(bad if is_bad else good)), is_bad)
    return out


def check_simulate_case(case: dict[str, tuple[Any, bool]]) -> str:
    """A ValueError naming a bad parameter, or a report of exactly ``games`` hands.

    :return: ``"refused"`` or ``"ran"``.
    """
    from rummy_lab.simulation import simulate

    kw = {k: v for k, (v, _) in case.items()}
    bad = [k for k, (_, b) in case.items() if b]
    what = f"simulate({kw})"
    variant, games = kw.pop("variant"), kw.pop("games")
    try:
        report = simulate(variant, games, executor="inline", progress=False, **kw)
    except ValueError as exc:
        words = [w for k in bad for w in _SIM_PARAMS[k][2]]
        if not bad:
            raise Problem(f"simulate refused good arguments ({' '.join(str(exc).split()[:3])})",
                          f"{what}: {exc}") from None
        if not any(w in str(exc) for w in words):
            raise Problem(f"simulate refused a bad {bad[0]} without naming it",
                          f"{what}: {exc}") from None
        return "refused"
    except Exception as exc:
        raise Problem(f"simulate raised {_where(exc)}", f"{what}: {exc!r}") from None
    if bad:
        raise Problem(f"simulate accepted a bad {bad[0]}", what)
    if report.games != games or report.seed != kw["seed"]:
        raise Problem("simulate reported another run than asked", what)
    return "ran"


# --------------------------------------------------------------------------- command line

_CARDS = ("7S 7H 7D 4C 5C 6C 7C KD QH 2S", "AS 2S 3S 9D", "", "7S 7X", "JK JK JK 5H",
          "7S 7S 7S 8S", " ".join(c.code for c in make_deck()[:41]),
          "KS QH JD 2C 5C 9H 3D 4S 8C 7H", "2C 3C 4C 5H 6H JK 9S 9D 9C KD KH KS QS QH")
_RULES = ("gin", "oklahoma", "basic", "500", "indian", "canasta", "", "GIN")
_OPTIONS = (
    "extra=5", "name=x", "name=500", "hand_size_by_players=5", "face_value=10000000000000000",
    "knock_limit=-3", "knock_limit=abc", "ace=both", "decks=2", "jokers=2", "printed_jokers=3",
    "variant=indian", "knock_limt=3", "noequals", "=5", "min_sequences=9", "max_turns=0",
    "hand_size=none", "hand_size=30", "wild_joker=true", "big_gin_bonus=none", "target=1e3",
)
_WILD = ("7", "Q", "A", "14", "0", "x", "", "-1")
_NUMBERS = ("-1", "0", "1", "3", "abc", "1.5", "", "1e3", "٣", "99999999999999999999999")
_BOTS = ("greedy,random", "random", "foo", "greedy,foo", "", ",", "random,random,random",
         "GREEDY,Random", " greedy , random ")
_VARIANTS = ("gin", "500", "basic", "indian", "canasta", "", "oklahoma")


@st.composite
def cli_args(draw: st.DrawFn) -> list[str]:
    """An argument list for ``rummy-lab``: mostly bad, sometimes fine."""
    command = draw(st.sampled_from(("analyze", "analyze", "simulate", "simulate", "lab",
                                    "app", "frobnicate", "")))
    if command == "analyze":
        argv = ["analyze", draw(st.sampled_from(_CARDS))]
        for _ in range(draw(st.integers(0, 3))):
            flag = draw(st.sampled_from(("--rules", "-o", "--option", "--wild", "--limit",
                                         "--frob")))
            value = {
                "--rules": _RULES, "-o": _OPTIONS, "--option": _OPTIONS, "--wild": _WILD,
                "--limit": _NUMBERS, "--frob": ("1",),
            }[flag]
            argv += [flag, draw(st.sampled_from(value))]
        if draw(st.booleans()):
            argv.pop(-1)  # an option without its value, or no cards
        return argv
    if command == "simulate":
        argv = ["simulate", draw(st.sampled_from(_VARIANTS)), "--workers", "1",
                "--no-progress", "--games", draw(st.sampled_from(("-1", "0", "2", "x", "2.5")))]
        for _ in range(draw(st.integers(0, 3))):
            flag = draw(st.sampled_from(("--players", "--bots", "--seed", "--workers")))
            value = {"--players": ("1", "2", "3", "9", "x"), "--bots": _BOTS,
                     "--seed": _NUMBERS[:-1], "--workers": ("0", "-2", "x", "1")}[flag]
            argv += [flag, draw(st.sampled_from(value))]
        return argv
    if command == "app":  # --dry-run: print the server command, never serve
        argv = ["app", "--dry-run"]
        for _ in range(draw(st.integers(0, 2))):
            flag = draw(st.sampled_from(("--variant", "--port", "--theme")))
            value = {"--variant": _VARIANTS, "--port": ("0", "70000", "x", "8866"),
                     "--theme": ("light", "dark", "neon", "")}[flag]
            argv += [flag, draw(st.sampled_from(value))]
        return argv
    if command == "lab":
        return ["lab", "--dry-run", "--port", draw(st.sampled_from(("0", "70000", "x", "-1",
                                                                    "8888", "")))]
    return [command] if command else []


def check_cli_case(argv: list[str]) -> str:
    """Exit 0, or exit 2 with one line on stderr; never a traceback.

    :return: ``"ok"`` or ``"refused"``.
    """
    from rummy_lab.cli import main

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except BaseException as exc:
        raise Problem(f"rummy-lab raised {_where(exc)}", f"{argv}: {exc!r}"[:300]) from None
    lines = err.getvalue().splitlines()
    if code == 0:
        if lines:
            raise Problem("success with a message on stderr", f"{argv}: {lines[:2]}")
        return "ok"
    if code != 2:
        raise Problem(f"exit code {code}", f"{argv}: {lines[:3]}")
    if "Traceback" in err.getvalue():
        raise Problem("a traceback on stderr", f"{argv}: {lines[-1:]}")
    if lines and lines[0].startswith("usage:"):
        raise Problem("a usage error printed over several lines", f"{argv}: {lines[-1:]}")
    if len(lines) != 1 or out.getvalue():
        raise Problem("a refusal that is not one line on stderr", f"{argv}: {lines[:4]}")
    return "refused"


# --------------------------------------------------------------------------- long runs


def _run(kind: str, cases: int) -> tuple[Counter[str], Counter[str], dict[str, str]]:
    from hypothesis import HealthCheck, given, settings

    outcomes: Counter[str] = Counter()
    problems: Counter[str] = Counter()
    examples: dict[str, str] = {}
    strategy: st.SearchStrategy[Any]
    check: Callable[[Any], str]
    if kind == "rules":
        strategy, check = rules_cases, check_rules_case
    elif kind == "solver":
        strategy, check = solver_cases, check_solver_case
    elif kind == "simulate":
        strategy, check = simulate_cases(), check_simulate_case
    elif kind == "saves":
        strategy, check = save_cases, check_save_case
    else:
        strategy, check = cli_args(), check_cli_case

    @settings(max_examples=cases, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(case: Any) -> None:
        try:
            outcomes[check(case)] += 1
        except Problem as p:
            outcomes["problem"] += 1
            problems[p.kind] += 1
            examples.setdefault(p.kind, p.detail[:300])

    run()
    return outcomes, problems, examples


KINDS = ("rules", "saves", "solver", "simulate", "cli")


def main(argv: list[str] | None = None) -> int:
    """Run many cases of each kind and print the outcomes and the distinct problems."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--cases", type=int, default=500)
    ap.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    args = ap.parse_args(argv)
    found = 0
    for kind in args.kinds:
        outcomes, problems, examples = _run(kind, args.cases)
        print(f"{kind}: {sum(outcomes.values())} cases: {dict(outcomes)}")
        for k, n in problems.most_common():
            print(f"  {n:5d} x {k}\n          e.g. {examples[k]}")
        found += len(problems)
    print(f"distinct problems: {found}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
