"""HTML of the engine's result objects: showdowns, score sheets, standings, rules cards.

The engine builds these objects as plain data (numbers, sentences, partitions); their
``_repr_html_`` asks :data:`rummy_lab.engine.cards.RICH_RENDERERS`, which
:mod:`rummy_lab.display` fills with the functions below, so Jupyter shows each as a table
or a card picture. Each function takes the object and returns one HTML string.

>>> from rummy_lab.engine.scoring.gin import game_totals
>>> html = game_totals_html(game_totals([(0, 30), (0, 40), (0, 35)]))
>>> "rl-game-totals" in html and "Gin game: player 0 wins" in html
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .cards import card_back_svg, card_svg
from .hands import hand_html
from .partitions import partition_html
from .tables import html_table

if TYPE_CHECKING:
    from ..engine.rulebook import RulesCard, TurnPicture, VariantTable
    from ..engine.scoring.gin import GameTotals, HollywoodTotals, Showdown
    from ..engine.scoring.indian import (
        CountExplanation,
        DealsStanding,
        PointsStanding,
        PoolStanding,
    )
    from ..engine.variants.tabled import TableScore, TableStanding

__all__ = [
    "count_explanation_html",
    "deals_standing_html",
    "game_totals_html",
    "hollywood_totals_html",
    "points_standing_html",
    "pool_standing_html",
    "rules_card_html",
    "showdown_html",
    "table_score_html",
    "table_standing_html",
    "turn_picture_html",
    "variant_table_html",
]


# --------------------------------------------------------------------------- Gin


def showdown_html(sd: Showdown) -> str:
    """A showdown: the result in a sentence, the deadwood and points, both hands' melds."""
    won = {"knocker": (sd.points, 0), "defender": (0, sd.points)}.get(sd.winner or "", (0, 0))
    table = html_table(
        ["", "knocker", "defender"],
        [["deadwood", sd.knocker_deadwood, sd.defender_deadwood],
         ["laid off", "", " ".join(c.glyph for c in sd.layoffs) or "none"],
         ["points", *won]],
        css_class="rl-showdown",
    )
    head = (f'<div class="rl-showdown-result" style="font-weight:600;margin:2px 0 4px;'
            f'color:var(--jp-ui-font-color1,#1a1a1a)">{escape(sd.explain())}</div>')
    return (head + table + '<div style="display:flex;gap:24px;flex-wrap:wrap">'
            + partition_html(sd.knocker_partition, size="small")
            + partition_html(sd.defender_partition, size="small") + "</div>")


def game_totals_html(totals: GameTotals) -> str:
    """A Gin game's score sheet: one column per player."""
    state = (f"player {totals.winner} wins" if totals.winner is not None else "finished"
             ) if totals.finished else f"in progress after {totals.hands_played} hands"
    return html_table(["", *(f"player {p}" for p in range(len(totals.totals)))],
                      totals.table_rows(), caption=f"Gin game: {state}",
                      css_class="rl-game-totals",
                      note="shutout: the game bonus is doubled" if totals.shutout else None)


def hollywood_totals_html(totals: HollywoodTotals) -> str:
    """The Hollywood sheet: one column per game, a row per player."""
    players = len(totals.totals)
    rows = [[f"player {p}", *(g.totals[p] for g in totals.games), totals.totals[p]]
            for p in range(players)]
    rows.append(["closed", *(g.finished for g in totals.games), totals.finished])
    header = ["", *(f"game {i + 1}" for i in range(len(totals.games))), "total"]
    return html_table(header, rows, caption="Hollywood: three games at once",
                      css_class="rl-hollywood")


# --------------------------------------------------------------------------- Indian


def count_explanation_html(count: CountExplanation) -> str:
    """The three tiers of an Indian count (the one that applies in bold), the hand, the count."""
    tiers = "".join(
        f'<li style="{"font-weight:700" if i == count.tier else "font-weight:400"}">'
        f"{'&#9654; ' if i == count.tier else ''}{text}</li>"
        for i, text in ((1, "no pure sequence: every card counts"),
                        (2, "a pure sequence, no second sequence: only it is spared"),
                        (3, "a pure sequence and another sequence: every meld is spared"))
    )
    return (
        '<div class="rl-count-explanation" style="color:var(--jp-ui-font-color1,#1a1a1a)">'
        f'<ol style="margin:2px 0 6px 1.2em;padding:0">{tiers}</ol>'
        + partition_html(count.partition, rules="indian", wild_rank=count.wild_rank)
        + f'<div style="margin-top:4px"><b>Count: {count.points}</b> ({count.sentence})</div>'
        "</div>"
    )


def points_standing_html(standing: PointsStanding) -> str:
    """Points Rummy: each player's points and winnings."""
    rows = [[f"player {p}", t, w] for p, (t, w) in enumerate(zip(standing.totals,
                                                                 standing.winnings,
                                                                 strict=True))]
    who = f"player {standing.winner} wins" if standing.winner is not None else "not decided"
    return html_table(["", "points", "winnings"], rows, caption=f"Points Rummy: {who}",
                      css_class="rl-points-standing")


def pool_standing_html(standing: PoolStanding) -> str:
    """Pool Rummy: each player's points and whether they are still in."""
    rows = [[f"player {p}", t, "in" if p in standing.remaining else "out"]
            for p, t in enumerate(standing.totals)]
    who = (f"player {standing.winner} wins" if standing.winner is not None else "finished"
           ) if standing.finished else f"after {standing.deals_played} deals"
    return html_table(["", "points", "pool"], rows,
                      caption=f"{standing.pool_limit} Pool: {who}", css_class="rl-pool-standing",
                      note=f"{standing.pool_limit} points puts a player out")


def deals_standing_html(standing: DealsStanding) -> str:
    """Deals Rummy: each player's chips, at the start and now."""
    rows = [[f"player {p}", standing.start_chips, c, c - standing.start_chips]
            for p, c in enumerate(standing.totals)]
    who = f"player {standing.winner} wins" if standing.winner is not None else \
        f"{standing.deals_played} of {standing.deals} deals played"
    return html_table(["", "start", "chips", "change"], rows,
                      caption=f"Deals Rummy: {who}", css_class="rl-deals-standing")


# --------------------------------------------------------------------------- Basic, 500


def table_score_html(score: TableScore) -> str:
    """A Basic Rummy or Rummy 500 hand's score: on the table, in hand, the hand's points."""
    rows = [[f"player {p}", t, h, s] for p, (t, h, s) in
            enumerate(zip(score.on_table, score.in_hand, score.scores, strict=True))]
    how = "went out" + (" all at once (rummy)" if score.rummy else "")
    cap = f"player {score.went_out} {how}" if score.went_out is not None else "hand scored"
    return html_table(["", "on the table", "in hand", "score"], rows, caption=cap,
                      css_class="rl-table-score")


def table_standing_html(standing: TableStanding) -> str:
    """Match totals to a target: one row per hand, then the totals."""
    players = len(standing.totals)
    rows = [[f"hand {i + 1}", *h] for i, h in enumerate(standing.hands)]
    rows.append(["total", *standing.totals])
    who = (f"player {standing.winner} wins" if standing.winner is not None else "finished"
           ) if standing.finished else ("tied for the lead: one more hand" if standing.tied else
                                        "in progress")
    return html_table(["", *(f"player {p}" for p in range(players))], rows,
                      caption=f"Game to {standing.target}: {who}", css_class="rl-table-standing")


# --------------------------------------------------------------------------- rulebook


def rules_card_html(card: RulesCard) -> str:
    """A rules card: the title, each section as a list, the worked examples with their cards."""
    parts = [
        '<div class="rl-rules-card" style="color:var(--jp-ui-font-color1,#1a1a1a);'
        "background:var(--jp-layout-color1,transparent);"
        'font-family:var(--jp-ui-font-family,system-ui,sans-serif);max-width:60em">',
        f'<h3 style="margin:.2em 0">{escape(card.title)}</h3>',
    ]
    for heading, lines in card.sections:
        parts.append(f'<h4 style="margin:.6em 0 .2em">{escape(heading)}</h4><ul '
                     'style="margin:0 0 0 1.2em;padding:0">')
        parts += [f"<li>{escape(line)}</li>" for line in lines]
        parts.append("</ul>")
    if card.examples:
        parts.append('<h4 style="margin:.8em 0 .2em">Worked examples</h4>')
        for ex in card.examples:
            parts.append(
                '<div class="rl-worked" style="margin:.4em 0;padding:.4em .6em;border-left:'
                '3px solid var(--jp-brand-color1,#1976d2)">'
                f"<div>{escape(ex.caption)}</div>"
                '<div style="display:flex;gap:12px;flex-wrap:wrap;margin:.3em 0">'
                + "".join(hand_html(h, size="small") for h in ex.cards)
                + f'</div><div><b>{escape(ex.result)}</b></div></div>'
            )
    parts.append("</div>")
    return "".join(parts)


def variant_table_html(table: VariantTable) -> str:
    """Variants side by side: a column per preset, a row per question."""
    return html_table(["", *table.titles], [[q, *answers] for q, answers in table.rows],
                      css_class="rl-variant-table")


def turn_picture_html(pic: TurnPicture) -> str:
    """Rummy in one picture: the goal, the hand before, draw-meld-discard, the hand after."""
    fg = "var(--jp-ui-font-color1,#1a1a1a)"
    step = ('<div style="flex:1 1 14em;min-width:14em;padding:6px 8px;border:1px solid '
            'var(--jp-border-color1,#999);border-radius:8px">')
    draw, meld, throw = pic.steps
    return (
        f'<div class="rl-turn-picture" style="color:{fg}">'
        "<div><b>The goal:</b> arrange your cards into melds (sets of one rank, runs in one "
        "suit); cards left over are deadwood and count against you.</div>"
        f'<div style="margin:6px 0"><b>Before the turn</b> ({pic.before.deadwood_points} '
        f"deadwood):{partition_html(pic.before, rules=pic.rules, size='small')}</div>"
        '<div style="display:flex;gap:10px;flex-wrap:wrap">'
        f'{step}<b>1.</b> {escape(draw)}<div style="display:flex;gap:6px;margin-top:4px">'
        f"{card_back_svg(size='small')}&#8594;{card_svg(pic.drawn, size='small')}</div></div>"
        f"{step}<b>2.</b> {escape(meld)}</div>"
        f'{step}<b>3.</b> {escape(throw)}<div style="margin-top:4px">'
        f"{card_svg(pic.discard, size='small')}</div></div></div>"
        f'<div style="margin:6px 0"><b>After the turn</b> ({pic.after.deadwood_points} '
        f"deadwood):{partition_html(pic.after, rules=pic.rules, size='small')}</div></div>"
    )
