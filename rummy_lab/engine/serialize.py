"""Saving and loading games as JSON, with full validation on load.

A saved game holds the rules, the deal, the moves in notation and a summary of the state
they lead to. Loading checks every field's type, every card token, that the deal and the
saved state are each exactly the variant's deck, that the phase is a real phase, then
plays the moves again through the rules engine and compares the result with the saved
state. Corrupt or tampered text raises :class:`ValueError`; nothing half-built escapes.

The functions here work on a :class:`~rummy_lab.engine.state.GameState`;
:meth:`Game.to_json <rummy_lab.engine.game.Game.to_json>` and
:meth:`Game.from_json <rummy_lab.engine.game.Game.from_json>` wrap them, so the
serializer sits below the game and never imports it.

>>> from rummy_lab.engine.game import new_game
>>> g = new_game("gin", seed=5)
>>> _ = g.play("pass_upcard")
>>> state_from_json(state_to_json(g.state)) == g.state
True
>>> state_from_json(state_to_json(g.state).replace('"upcard"', '"upcrad"'))
Traceback (most recent call last):
...
ValueError: saved game: state.phase 'upcrad' is not a phase (upcard, draw, discard, ...)
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

from .cards import Card, Hand, format_cards, parse_cards
from .dealing import stacked_deal, start_state
from .errors import CardError, quote, quote_each
from .moves import parse_move
from .rules import PRESETS, Rules
from .state import GameState, Phase, TableMeld
from .variants import check_multiset, engine_for

__all__ = [
    "FORMAT", "VERSION", "rules_from_dict", "rules_to_dict", "state_from_json", "state_to_json",
]

FORMAT = "rummy_lab.game"
VERSION = 1
_RULE_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
_LATER_FIELDS: dict[str, Any] = {"alternate_deal": False}
"""Rules fields added after saves began, with the value a save made before them meant."""


class _Bad(ValueError):
    pass


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every field of the rules as JSON-able values."""
    out: dict[str, Any] = {}
    for name in _RULE_FIELDS:
        v = getattr(rules, name)
        if name == "variant":
            v = v.value
        elif name == "hand_size_by_players":
            v = [list(pair) for pair in v]
        elif name == "extra":
            v = dict(v)
        out[name] = v
    return out


def rules_from_dict(data: object) -> Rules:
    """Rules from :func:`rules_to_dict` output, validated like any Rules.

    ``name`` is required. Rules named after a preset take the preset's value for any
    field left out; other rules must give every field, except those added to
    :class:`Rules` after saves began (``alternate_deal``), which a save from before them
    leaves out: they take the value those saves meant (the old behaviour).

    >>> rules_from_dict({"name": "500", "variant": "500", "knock_limit": 5}).target
    500
    >>> rules_from_dict({"name": "house rules", "variant": "gin"})
    Traceback (most recent call last):
    ...
    ValueError: rules.min_players is missing (the rules 'house rules' are not a preset, ...

    :raises ValueError: for unknown or missing fields or invalid values.
    """
    if not isinstance(data, dict):
        raise ValueError(f"rules must be an object, got {type(data).__name__}")
    unknown = sorted(set(data) - set(_RULE_FIELDS), key=str)
    if unknown:
        raise ValueError(f"unknown rules field(s): {quote_each(unknown)}")
    name = data.get("name")
    if not isinstance(name, str):
        what = "missing" if name is None else f"not a string: {json.dumps(name)[:60]}"
        raise ValueError(f"rules.name is {what} (it names the preset the rules start from)")
    kw = dict(data)
    preset = PRESETS.get(name)
    for key in _RULE_FIELDS:
        if key in kw:
            continue
        if preset is None and key in _LATER_FIELDS:
            kw[key] = _LATER_FIELDS[key]
            continue
        if preset is None:
            raise ValueError(
                f"rules.{key} is missing (the rules {quote(name)} are not a preset, so every "
                "field must be saved)"
            )
        kw[key] = getattr(preset, key)
    pairs = kw["hand_size_by_players"]
    if isinstance(pairs, list):  # JSON lists of [players, size]; Rules checks the rest
        kw["hand_size_by_players"] = tuple(
            tuple(p) if isinstance(p, list) else p for p in pairs
        )
    if not isinstance(kw["extra"], dict):
        raise ValueError("rules.extra must be an object")
    return Rules(**kw)


def _cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return format_cards(cards)


def _state_summary(st: GameState) -> dict[str, Any]:
    res = st.result
    return {
        "phase": st.phase.value,
        "current_player": st.current,
        "turn_count": st.turn_count,
        "hands": [_cards_text(h) for h in st.hands],
        "stock": _cards_text(st.stock[::-1]),
        "discard": _cards_text(st.discard),
        "table": [
            {"owner": m.owner, "cards": _cards_text(m.cards), "kind": m.kind,
             "laid_by": list(m.laid_by)}
            for m in st.table
        ],
        "set_aside": _cards_text(st.set_aside),
        "known": [_cards_text(k) for k in st.known],
        "pickup": _cards_text(st.pickup),
        "data": st.data,
        "result": None if res is None else {
            "kind": res.kind, "winner": res.winner, "scores": list(res.scores),
            "points": res.points,
        },
    }


def state_to_json(st: GameState) -> str:
    """A hand as JSON text (see the module docstring for what is stored)."""
    deal = st.deal
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules_to_dict(st.rules),
        "players": st.players,
        "seed": st.seed,
        "deal": {
            "dealer": deal.dealer,
            "hands": [_cards_text(h) for h in deal.hands],
            "stock": _cards_text(deal.stock),
            "discard": _cards_text(deal.discard),
            "wild_card": None if deal.wild_card is None else deal.wild_card.code,
        },
        "moves": [e.move.code for e in st.history],
        "state": _state_summary(st),
    }
    return json.dumps(doc, ensure_ascii=False)


# --------------------------------------------------------------------------- loading


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _get(obj: dict[str, Any], key: str, where: str, check: Callable[[object], bool],
         what: str) -> Any:
    if key not in obj:
        raise _Bad(f"{where}{key} is missing")
    v = obj[key]
    if not check(v):
        raise _Bad(f"{where}{key} must be {what}, got {json.dumps(v)[:60]}")
    return v


def _cards(text: object, where: str) -> Hand:
    if not isinstance(text, str):
        raise _Bad(f"{where} must be a string of cards, got {json.dumps(text)[:60]}")
    try:
        return parse_cards(text)
    except CardError as exc:
        raise _Bad(f"{where}: {exc}") from None


def _card_list(v: object, where: str, n: int | None = None) -> list[Hand]:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        size = f" of {n}" if n is not None else ""
        raise _Bad(f"{where} must be a list{size} of card strings")
    return [_cards(x, f"{where}[{i}]") for i, x in enumerate(v)]


def state_from_json(text: str) -> GameState:
    """Rebuild and validate a hand saved by :func:`state_to_json`.

    :raises ValueError: naming the first problem found.
    """
    try:
        return _load(text)
    except _Bad as exc:
        raise ValueError(f"saved game: {exc}") from None
    except RecursionError:
        raise ValueError("saved game: nesting too deep") from None
    except ValueError as exc:  # from below the checks here: still a bad save
        raise ValueError(f"saved game: {exc}") from None


def _no_constant(name: str) -> object:
    raise _Bad(f"not valid JSON: {name} is not a number JSON allows")


def _load(text: str | bytes | bytearray) -> GameState:
    if not isinstance(text, (str, bytes, bytearray)):
        raise _Bad(f"expected JSON text, got {type(text).__name__}")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _Bad(f"not UTF-8 text (corrupt?): {exc}") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise _Bad(f"not valid JSON (truncated or corrupt?): {exc}") from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        if isinstance(exc, _Bad):
            raise
        raise _Bad(f"not valid JSON (corrupt?): {exc}") from None
    if not isinstance(doc, dict):
        raise _Bad("the top level must be an object")
    if doc.get("format") != FORMAT:
        raise _Bad(f"format must be {quote(FORMAT)}, got {json.dumps(doc.get('format'))[:60]}")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise _Bad(
            f"version {json.dumps(version)[:60]} is not supported (expected the whole "
            f"number {VERSION})"
        )
    try:
        rules = rules_from_dict(doc.get("rules"))
    except ValueError as exc:
        raise _Bad(str(exc)) from None
    players = _get(doc, "players", "", _is_int, "a whole number")
    try:
        rules.check_players(players)
    except ValueError as exc:
        raise _Bad(str(exc)) from None
    seed = _get(doc, "seed", "", lambda v: v is None or _is_int(v), "a whole number or null")
    try:
        engine = engine_for(rules)
    except NotImplementedError as exc:
        raise _Bad(str(exc)) from None
    # the deal
    deal_doc = _get(doc, "deal", "", lambda v: isinstance(v, dict), "an object")
    dealer = _get(deal_doc, "dealer", "deal.", _is_int, "a whole number")
    if not 0 <= dealer < players:
        raise _Bad(f"deal.dealer must be a seat 0..{players - 1}, got {dealer}")
    hands = _card_list(deal_doc.get("hands"), "deal.hands", players)
    stock = _cards(deal_doc.get("stock"), "deal.stock")
    discard = _cards(deal_doc.get("discard"), "deal.discard")
    wild_doc = deal_doc.get("wild_card")
    wild: Card | None = None
    if wild_doc is not None:
        wc = _cards(wild_doc, "deal.wild_card")
        if len(wc) != 1:
            raise _Bad("deal.wild_card must be one card")
        wild = wc[0]
    try:
        deal = stacked_deal(rules, engine, players, dealer, random.Random(0), hands,
                            stock=stock, discard=discard, wild_card=wild)
    except ValueError as exc:
        raise _Bad(f"deal: {exc}") from None
    # the saved state, checked on its own before the replay
    sd = _get(doc, "state", "", lambda v: isinstance(v, dict), "an object")
    phase_name = _get(sd, "phase", "state.", lambda v: isinstance(v, str), "a string")
    try:
        phase = Phase(phase_name)
    except ValueError:
        raise _Bad(
            f"state.phase {quote(phase_name)} is not a phase ({', '.join(p.value for p in Phase)})"
        ) from None
    current = _get(sd, "current_player", "state.", _is_int, "a whole number")
    turn_count = _get(sd, "turn_count", "state.", _is_int, "a whole number")
    s_hands = _card_list(sd.get("hands"), "state.hands", players)
    s_stock = _cards(sd.get("stock"), "state.stock")
    s_discard = _cards(sd.get("discard"), "state.discard")
    s_aside = _cards(sd.get("set_aside", ""), "state.set_aside")
    s_known = _card_list(sd.get("known"), "state.known", players)
    s_pickup = _cards(sd.get("pickup", ""), "state.pickup")
    table_doc = _get(sd, "table", "state.", lambda v: isinstance(v, list), "a list")
    s_table: list[TableMeld] = []
    for i, m in enumerate(table_doc):
        where = f"state.table[{i}]."
        if not isinstance(m, dict):
            raise _Bad(f"state.table[{i}] must be an object")
        owner = _get(m, "owner", where, _is_int, "a whole number")
        kind = _get(m, "kind", where, lambda v: v in ("set", "run"), '"set" or "run"')
        laid = _get(m, "laid_by", where, lambda v: isinstance(v, list) and all(
            _is_int(x) for x in v), "a list of seats")
        s_table.append(TableMeld(owner, _cards(m.get("cards"), where + "cards"), kind,
                                 tuple(laid)))
    data = _get(sd, "data", "state.", lambda v: isinstance(v, dict), "an object")
    result_doc = sd.get("result")
    if result_doc is not None and not isinstance(result_doc, dict):
        raise _Bad("state.result must be an object or null")
    everything = [c for h in s_hands for c in h]
    everything += [*s_stock, *s_discard, *s_aside]
    for m in s_table:
        everything += m.cards
    if wild is not None:
        everything.append(wild)
    try:
        check_multiset(everything, engine.deck(rules, players), "state")
    except ValueError as exc:
        raise _Bad(str(exc)) from None
    # replay
    moves_doc = _get(doc, "moves", "", lambda v: isinstance(v, list), "a list")
    st = start_state(rules, engine, players, deal, seed)
    for i, code in enumerate(moves_doc):
        if not isinstance(code, str):
            raise _Bad(f"moves[{i}] must be a string, got {json.dumps(code)[:60]}")
        try:
            engine.play(st, parse_move(code))
        except ValueError as exc:
            raise _Bad(f"moves[{i}] {quote(code)}: {exc}") from None
    checks: list[tuple[str, object, object]] = [
        ("phase", phase, st.phase),
        ("current_player", current, st.current),
        ("turn_count", turn_count, st.turn_count),
        ("hands", [list(h) for h in s_hands], st.hands),
        ("stock", list(s_stock), st.stock[::-1]),
        ("discard", list(s_discard), st.discard),
        ("set_aside", list(s_aside), st.set_aside),
        ("table", s_table, st.table),
        ("known", [list(k) for k in s_known], st.known),
        ("pickup", tuple(s_pickup), st.pickup),
        ("data", data, st.data),
    ]
    res = st.result
    want_result = None if res is None else {
        "kind": res.kind, "winner": res.winner, "scores": list(res.scores), "points": res.points,
    }
    checks.append(("result", result_doc, want_result))
    for name, saved, replayed in checks:
        if saved != replayed:
            raise _Bad(f"state.{name} does not match what the moves produce")
    return st
