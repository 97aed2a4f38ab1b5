"""Display: well-formed SVG/HTML, palettes, selectors, and partitions outlined meld by meld."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from rummy_lab.display import (
    MELD_COLORS,
    PALETTES,
    THEME,
    DisplayOptions,
    card_back_svg,
    card_svg,
    cards_html,
    count_words,
    deadwood_sort_key,
    display_order,
    get_display,
    glyph_text,
    grouped_hand_html,
    hand_html,
    meld_html,
    meld_positions,
    partition_html,
    reset_display,
    set_display,
)
from rummy_lab.engine.cards import Card, Hand, make_deck, parse_cards
from rummy_lab.engine.melds import classify_meld
from rummy_lab.engine.solver import best_partition

SVG = "{http://www.w3.org/2000/svg}"

pytestmark = pytest.mark.usefixtures("clean_display")


def _xml(text: str) -> ET.Element:
    """Parse output as XML (it must be well-formed, HTML included)."""
    return ET.fromstring(text)


def _cards_in(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}svg") if "rl-card" in e.get("class", "").split()]


def _classes(el: ET.Element) -> list[str]:
    return el.get("class", "").split()


# ----------------------------------------------------------------------------- one card


@pytest.mark.parametrize("card", make_deck(1, 1)[::1], ids=lambda c: c.code)
def test_every_card_is_well_formed_svg(card: Card) -> None:
    root = _xml(card_svg(card))
    assert root.tag == f"{SVG}svg"
    assert "rl-card" in _classes(root)
    assert root.get("data-card") == card.code
    assert root.get("viewBox") == "0 0 100 140"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == card.glyph
    assert root.find(f"{SVG}rect") is not None


def test_suit_glyphs_and_ranks_present() -> None:
    for token, glyph, rank in [("7S", "♠", "7"), ("10H", "♥", "10"), ("QD", "♦", "Q"),
                               ("AC", "♣", "A")]:
        svg = card_svg(Card.parse(token))
        root = _xml(svg)
        title = root.find(f"{SVG}title")
        assert title is not None and glyph in (title.text or "")
        texts = [t.text for t in root.iter(f"{SVG}text")]
        assert texts.count(rank) == 2  # both corners
        pips = [g for g in root.iter(f"{SVG}g") if "rl-pip" in _classes(g)]
        assert len(pips) == 3  # two corner pips and the centre pip
        assert root.get("data-suit") == token[-1]


def test_joker_is_distinct() -> None:
    root = _xml(card_svg(Card.parse("JK")))
    assert "rl-joker" in _classes(root)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("JK") == 2
    assert any("rl-star" in _classes(g) for g in root.iter(f"{SVG}g"))
    assert root.get("data-suit") is None


def test_card_back() -> None:
    root = _xml(card_back_svg())
    assert _classes(root) == ["rl-card", "rl-back"]
    assert "7S" not in card_back_svg()


def test_size_sets_pixels() -> None:
    root = _xml(card_svg(Card.parse("7S"), size=50))
    assert (root.get("width"), root.get("height")) == ("50", "70")
    assert _xml(card_svg(Card.parse("7S"), size="large")).get("width") == "84"


def test_reprs_use_the_renderer() -> None:
    card = Card.parse("9H")
    assert card._repr_svg_() == card_svg(card)
    html = parse_cards("9H 9S")._repr_html_()
    assert len(_cards_in(_xml(html))) == 2
    assert _cards_in(_xml(card._repr_html_()))[0].get("data-card") == "9H"
    meld = classify_meld("9H 9S 9D")
    assert meld is not None
    assert len(_cards_in(_xml(meld._repr_html_()))) == 3


# ----------------------------------------------------------------------------- palettes


def _fills(svg: str) -> set[str]:
    return set(re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg))


def test_palettes_change_colours() -> None:
    diamond = Card.parse("5D")
    club = Card.parse("5C")
    classic = {c.code: _fills(card_svg(c, palette="classic")) for c in (diamond, club)}
    four = {c.code: _fills(card_svg(c, palette="four-color")) for c in (diamond, club)}
    blind = {c.code: _fills(card_svg(c, palette="colorblind")) for c in (diamond, club)}
    assert PALETTES["classic"].diamonds in classic["5D"]
    assert PALETTES["four-color"].diamonds in four["5D"]
    assert PALETTES["four-color"].clubs in four["5C"]
    assert PALETTES["colorblind"].diamonds in blind["5D"]
    assert classic["5D"] != four["5D"] != blind["5D"]
    assert classic["5C"] != four["5C"]


def test_four_colour_suits_all_differ() -> None:
    for name in ("four-color", "colorblind"):
        pal = PALETTES[name]
        assert len({pal.spades, pal.hearts, pal.diamonds, pal.clubs, pal.joker}) == 5


def test_classic_is_red_and_black() -> None:
    pal = PALETTES["classic"]
    assert pal.hearts == pal.diamonds and pal.spades == pal.clubs != pal.hearts


def test_colorblind_uses_okabe_ito() -> None:
    okabe_ito = {"#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00",
                 "#CC79A7"}
    pal = PALETTES["colorblind"]
    assert {pal.spades, pal.hearts, pal.diamonds, pal.clubs, pal.joker} <= okabe_ito
    assert set(MELD_COLORS) <= okabe_ito and len(set(MELD_COLORS)) == len(MELD_COLORS)


def test_set_and_get_display() -> None:
    assert get_display() == DisplayOptions()
    set_display(palette="four-color", size="small")
    assert get_display() == DisplayOptions(palette="four-color", size=40)
    svg = card_svg(Card.parse("3C"))
    assert PALETTES["four-color"].clubs in svg and 'width="40"' in svg
    # keyword overrides win over the module setting, and do not change it
    assert PALETTES["classic"].clubs in card_svg(Card.parse("3C"), palette="classic")
    assert get_display().palette == "four-color"
    set_display(size=72)
    assert get_display() == DisplayOptions(palette="four-color", size=72)
    assert reset_display() == DisplayOptions()


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"palette": "sepia"}, "sepia"), ({"size": 3}, "size"), ({"size": "huge"}, "huge"),
    ({"size": True}, "size"),
])
def test_bad_display_options(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        set_display(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=word):
        card_svg(Card.parse("7S"), **kwargs)  # type: ignore[arg-type]
    assert get_display() == DisplayOptions()


# ----------------------------------------------------------------------------- hands


def test_cards_html_is_well_formed_with_classes() -> None:
    root = _xml(cards_html("7S 8S 9S JK"))
    assert "rl-hand" in _classes(root)
    cards = _cards_in(root)
    assert [c.get("data-card") for c in cards] == ["7S", "8S", "9S", "JK"]
    assert [c.get("data-index") for c in cards] == ["0", "1", "2", "3"]


def test_highlight_deadwood_selected_labels() -> None:
    html = cards_html(
        "7S 8S 9S KD KD",
        highlight={0: "#E69F00", "8S": "#0072B2"},
        deadwood=[4],
        selected="9S",
        labels=["a", None, "c"],
    )
    cards = _cards_in(_xml(html))
    assert cards[0].get("data-color") == "#E69F00" and "rl-highlight" in _classes(cards[0])
    assert cards[1].get("data-color") == "#0072B2"
    assert "rl-selected" in _classes(cards[2])
    assert "rl-deadwood-card" in _classes(cards[4]) and "rl-deadwood-card" not in _classes(cards[3])
    labels = [e.text for e in _xml(html).iter("div") if "rl-label" in _classes(e)]
    assert labels == ["a", "c"]


def test_deadwood_keeps_full_contrast_with_a_quiet_mark() -> None:
    """Deadwood is never faded: same ink as a melded card, plus a grey bar at its foot."""
    plain, dead = card_svg(Card.parse("KD")), card_svg(Card.parse("KD"), deadwood=True)
    root = _xml(dead)
    assert "opacity" not in root.get("style", "") and "opacity:" not in dead
    marks = [e for e in root.iter(f"{SVG}rect") if "rl-deadwood-mark" in _classes(e)]
    assert len(marks) == 1 and float(marks[0].get("y", 0)) > 120  # at the foot
    assert "deadwood" in (root.get("aria-label") or "")
    assert dead.replace(" rl-deadwood-card", "").count("#c8102e") == plain.count("#c8102e")


def test_corner_labels_stay_clear_of_the_meld_outline() -> None:
    """Two-character ranks (10, JK) start right of the outline's stroke: never clipped."""
    for token in ("JK", "10H"):
        root = _xml(card_svg(Card.parse(token), highlight=MELD_COLORS[0]))
        outline = next(e for e in root.iter(f"{SVG}rect") if "rl-outline" in _classes(e))
        edge = float(outline.get("x", 0)) + float(outline.get("stroke-width", 0)) / 2
        text = next(root.iter(f"{SVG}text"))
        left = float(text.get("x", 0)) - float(text.get("textLength", 0)) / 2
        assert left >= edge + 1, token


def test_selectors_by_card_match_every_copy() -> None:
    cards = _cards_in(_xml(cards_html("KD 7S KD", deadwood=Card.parse("KD"))))
    assert ["rl-deadwood-card" in _classes(c) for c in cards] == [True, False, True]
    cards = _cards_in(_xml(cards_html("KD 7S KD", highlight=["KD"])))
    assert [c.get("data-color") for c in cards] == [MELD_COLORS[0], None, MELD_COLORS[0]]


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"deadwood": "KD"}, "KD"), ({"selected": [5]}, "position 5"),
    ({"labels": "abc"}, "labels"), ({"highlight": {0: 3}}, "highlight"),
    ({"labels": ["a", "b", "c", "d"]}, "labels"), ({"deadwood": [True]}, "deadwood"),
])
def test_bad_selectors(kwargs: dict[str, object], word: str) -> None:
    with pytest.raises(ValueError, match=word):
        cards_html("7S 8S 9S", **kwargs)  # type: ignore[arg-type]


def test_empty_hand_and_hand_html() -> None:
    assert "rl-empty" in cards_html(())
    root = _xml(hand_html("AS 2S", title="Yours & mine"))
    assert len(_cards_in(root)) == 2
    assert "Yours &amp; mine" in hand_html("AS", title="Yours & mine")


def test_wild_rank_badge() -> None:
    cards = _cards_in(_xml(cards_html("7S 7H 8S", wild_rank=7)))
    assert ["rl-wild" in _classes(c) for c in cards] == [True, True, False]


# ----------------------------------------------------------------------------- partitions


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter("div") if cls in _classes(e)]


def test_partition_outlines_each_meld_and_marks_deadwood(gin_hand: Hand) -> None:
    partition = best_partition(gin_hand, "gin")
    root = _xml(partition_html(partition, rules="gin"))
    assert "rl-partition" in _classes(root)
    assert root.get("data-deadwood-points") == "22"
    melds = _groups(root, "rl-meld")
    assert len(melds) == len(partition.melds) == 2
    colors = [m.get("data-color") for m in melds]
    assert colors == list(MELD_COLORS[:2]) and len(set(colors)) == 2
    for meld, group in zip(partition.melds, melds, strict=True):
        assert group.get("data-kind") == meld.kind
        assert f"border:3px solid {group.get('data-color')}" in group.get("style", "")
        shown = _cards_in(group)
        assert [c.get("data-card") for c in shown] == [c.code for c in meld.cards]
        assert all(c.get("data-color") == group.get("data-color") for c in shown)
        assert not any("rl-deadwood-card" in _classes(c) for c in shown)
    (dead,) = _groups(root, "rl-deadwood")
    assert dead.get("data-points") == "22"
    shown = _cards_in(dead)
    assert [c.get("data-card") for c in shown] == ["2S", "QH", "KD"]  # by suit, then rank
    assert all("rl-deadwood-card" in _classes(c) for c in shown)
    labels = [e.text or "" for e in dead.iter("div") if "rl-label" in _classes(e)]
    assert sorted(labels, key=int) == ["2", "10", "10"]
    (points,) = _groups(root, "rl-points")
    assert "22" in "".join(points.itertext())


def test_partition_without_deadwood() -> None:
    root = _xml(partition_html(best_partition("AS 2S 3S 7H 7D 7C")))
    assert root.get("data-deadwood-points") == "0"
    assert _groups(root, "rl-deadwood") == []
    assert "No deadwood" in "".join(_groups(root, "rl-points")[0].itertext())


def test_partition_many_melds_cycle_colours() -> None:
    partition = best_partition("AS 2S 3S 4H 5H 6H 7D 8D 9D 10C JC QC", "gin")
    root = _xml(partition_html(partition))
    colors = [m.get("data-color") for m in _groups(root, "rl-meld")]
    assert colors == list(MELD_COLORS[:4])


def test_partition_indian_words_and_explanation() -> None:
    hand = "5H 6H JK 9S 9D 9C 2C 3C 4C KD KH KS QS"
    partition = best_partition(hand, "indian", wild_rank=7)
    html = partition_html(partition, rules="indian", wild_rank=7, explain=True)
    root = _xml(html)
    melds = _groups(root, "rl-meld")
    impure = [m for m in melds if m.get("data-pure") == "false"]
    assert len(impure) == 1 and "dashed" in impure[0].get("style", "")
    assert "impure sequence" in html and "pure sequence" in html
    items = [li.text for li in root.iter("li")]
    assert items == [glyph_text(line) for line in partition.explain("indian", wild_rank=7)]
    assert "7♥" in html and "(joker for 7H)" not in html  # cards named with glyphs


def test_meld_html_alone() -> None:
    meld = classify_meld("4C 5C 6C")
    assert meld is not None
    root = _xml(meld_html(meld, color="#CC79A7", index=3))
    assert root.get("data-meld-index") == "3" and root.get("data-cards") == "4C 5C 6C"
    assert "run" in "".join(root.itertext())


def test_partition_repr_html(gin_hand: Hand) -> None:
    partition = best_partition(gin_hand)
    assert partition._repr_html_() == partition_html(partition)


# ----------------------------------------------------------------------------- readable hands


def test_display_order_groups_melds_then_sorted_deadwood() -> None:
    hand = parse_cards("KD 9S 7S 8S 2H 7H 7D 7C AS 3C")
    part = best_partition(hand)
    order = display_order(hand, part)
    assert sorted(order) == list(range(len(hand)))
    shown = [hand[i] for i in order]
    melded = [c for m in part.melds for c in m.cards]
    assert shown[: len(melded)] == melded  # each meld together, in meld order
    assert shown[len(melded):] == sorted(part.deadwood, key=deadwood_sort_key)
    assert [c.code for c in shown[len(melded):]] == ["AS", "2H", "3C", "KD"]
    assert display_order(hand, part, "dealt") == list(range(len(hand)))


def test_display_order_with_duplicates_and_an_extra_card() -> None:
    hand = parse_cards("7S 7S 7H 7D 8S 9S KD")  # two decks; KD is the card to throw
    part = best_partition(parse_cards("7S 7S 7H 7D 8S 9S"), "500")
    order = display_order(hand, part)
    assert sorted(order) == list(range(7)) and order[-1] == 6
    assert set(meld_positions(hand, part)) == set(range(6))


def test_grouped_hand_html_melds_first_and_dealt_order() -> None:
    hand = "KD 9S 7S 8S 2H 7H 7D 7C"
    part = best_partition(hand)
    root = _xml(grouped_hand_html(hand, part, rules="gin"))
    assert root.get("data-order") == "melds"
    melds = _groups(root, "rl-meld")
    assert [m.get("data-cards") for m in melds] == [" ".join(c.code for c in m.cards)
                                                   for m in part.melds]
    (dead,) = _groups(root, "rl-deadwood")
    assert [c.get("data-card") for c in _cards_in(dead)] == ["2H", "KD"]
    assert [c.get("data-index") for c in _cards_in(dead)] == ["4", "0"]  # hand positions
    assert f"border:2px dashed {THEME['border']}" in (dead.get("style") or "")
    flat = _xml(grouped_hand_html(hand, part, order="dealt"))
    assert [c.get("data-card") for c in _cards_in(flat)] == hand.split()
    assert _groups(flat, "rl-meld") == []
    with pytest.raises(ValueError, match="order"):
        grouped_hand_html(hand, part, order="random")


def test_grouped_hand_html_draws_lay_offs_on_their_meld() -> None:
    hand = "7S 8S 9S 4H 4D 4C 2C"
    part = best_partition(hand)
    run = next(i for i, m in enumerate(part.melds) if m.kind == "run")
    root = _xml(grouped_hand_html(hand, part, extra={run: parse_cards("10S")},
                                  extra_label="laid off by Bot"))
    meld = _groups(root, "rl-meld")[run]
    (laid,) = _groups(meld, "rl-laid-off")
    assert laid.get("data-cards") == "10S" and "laid off by Bot" in "".join(laid.itertext())


def test_surroundings_use_theme_variables_not_fixed_greys() -> None:
    """Captions, labels and frames take JupyterLab's colours (cards keep white faces)."""
    html = partition_html(best_partition("7S 7H 7D 4C 5C 6C 7C KD QH 2S"), rules="gin",
                          explain=True) + hand_html("AS", title="t") + cards_html(())
    for grey in ("#333", "#666", "#777", "#9a9a9a", "#f3f8fc"):
        assert grey not in html
    assert "var(--jp-content-font-color1" in html and "var(--jp-border-color1" in html
    assert all(v.startswith("var(--jp-") for v in THEME.values())


def test_words_and_glyphs() -> None:
    assert [count_words(n, "card") for n in (0, 1, 2, 10_000)] == [
        "0 cards", "1 card", "2 cards", "10,000 cards"]
    assert glyph_text("discard 10H, keep AS KS; JK and 7X stay") == (
        "discard 10♥, keep A♠ K♠; JK and 7X stay")
    assert glyph_text("as is") == "as is"


# --------------------------------------------------------------------------- the registry


def _engine_classes_with_html() -> dict[str, type]:
    """Every class defined in ``rummy_lab.engine`` that has a ``_repr_html_``, by path."""
    import importlib
    import inspect
    import pkgutil

    import rummy_lab.engine as engine

    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(engine.__path__, "rummy_lab.engine."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == info.name and "_repr_html_" in vars(cls):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found


def test_every_engine_type_with_rich_display_has_a_renderer() -> None:
    from rummy_lab.display import RENDERERS

    classes = _engine_classes_with_html()
    assert len(classes) >= 16
    html_paths = {path for mime, path in RENDERERS if mime == "text/html"}
    assert set(classes) == html_paths  # no type without HTML, no renderer for a lost type
    assert {path for mime, path in RENDERERS if mime != "text/html"} == {
        "rummy_lab.engine.cards.Card"}


def test_repr_html_is_the_display_package_renderer() -> None:
    from rummy_lab import gin, indian
    from rummy_lab.display import (
        count_explanation_html,
        rules_card_html,
        showdown_html,
        turn_picture_html,
        variant_table_html,
    )
    from rummy_lab.engine.rulebook import compare_variants, rules_card, turn_picture

    sd = gin.showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S", "3H 7H KD KC QS JS 10D 8C 8D 2S")
    assert sd._repr_html_() == showdown_html(sd)
    assert 'class="rl-showdown-result"' in showdown_html(sd)
    card = rules_card("500")
    assert card._repr_html_() == rules_card_html(card)
    assert rules_card_html(card).startswith('<div class="rl-rules-card"')
    table = compare_variants(["gin", "indian"])
    assert table._repr_html_() == variant_table_html(table)
    pic = turn_picture()
    assert pic._repr_html_() == turn_picture_html(pic)
    count = indian.explain_count("2C 3C 4C 9S 9D 9C KD KH KS QS QD 5S 8H", wild_rank=7)
    assert count._repr_html_() == count_explanation_html(count)
    c = Card.parse("7S")
    assert c._repr_svg_() == card_svg(c) and c._repr_html_() == cards_html((c,))
    assert classify_meld("7S 7H 7D")._repr_html_() == cards_html("7S 7H 7D")


def test_a_type_without_a_renderer_shows_as_text_only() -> None:
    from rummy_lab.engine.cards import RICH_RENDERERS, rich_display

    key = ("text/html", "rummy_lab.engine.cards.Hand")
    saved = RICH_RENDERERS.pop(key)
    try:
        assert rich_display(Hand(parse_cards("7S"))) is None
        assert str(Hand(parse_cards("7S"))) == "7♠"  # the plain text stays
    finally:
        RICH_RENDERERS[key] = saved
    assert rich_display(Hand(parse_cards("7S"))) == cards_html("7S")


_IPYTHON_CHECK = """
import json
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
import rummy_lab as rl                     # after the shell: formatters are registered
from rummy_lab import gin
hand = rl.parse_cards("7S 7H 7D 4C 5C 6C 7C KD QH 2S")
objs = {"card": rl.Card.parse("QS"), "hand": hand, "partition": rl.best_partition(hand),
        "meld": rl.classify_meld("7S 7H 7D"), "rules": rl.rules_card("gin"),
        "showdown": gin.showdown("4H 5H 6H 9C 9D 9S 2C 3C 4C 5S",
                                 "3H 7H KD KC QS JS 10D 8C 8D 2S")}
html = shell.display_formatter.formatters["text/html"]
out = {}
for name, obj in objs.items():
    data, _ = shell.display_formatter.format(obj)
    out[name] = [data.get("text/html") == obj._repr_html_(), html.lookup(obj) is not None]
data, _ = shell.display_formatter.format(objs["card"])
out["svg"] = data.get("image/svg+xml") == objs["card"]._repr_svg_()
print(json.dumps(out))
"""


def test_ipython_formatters_are_registered_when_a_shell_runs() -> None:
    """Imported inside a running IPython shell, ``rummy_lab`` registers its renderers as the
    shell's formatters, and they give the same HTML as ``_repr_html_``."""
    import json
    import subprocess
    import sys

    pytest.importorskip("IPython")
    done = subprocess.run([sys.executable, "-c", _IPYTHON_CHECK], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out.pop("svg") is True
    assert out == {name: [True, True] for name in
                   ("card", "hand", "partition", "meld", "rules", "showdown")}


def test_no_shell_no_formatters() -> None:
    from rummy_lab.display import register_ipython_formatters

    with pytest.raises(TypeError, match="display_formatter"):
        register_ipython_formatters(object())
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", "import sys, rummy_lab.display as d; "
         "print(d.register_ipython_formatters(), 'IPython' in sys.modules)"],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.stdout.split() == ["False", "False"], done.stderr
