"""Small labelled result tables: :func:`html_table` (HTML) and :class:`ResultTable` (the data)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from .style import _FONT

__all__ = ["ResultTable", "html_table", "result_table"]


# --------------------------------------------------------------------------- tables


_NUMBER = re.compile(r"[+\-−]?[\d,]*\.?\d+\s*%?")


def html_table(
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    css_class: str = "rl-result-table",
    note: str | None = None,
) -> str:
    """A small labelled table for results (score sheets, standings, odds), theme-aware.

    Cells are escaped text; the first cell of each row is its label. Numbers get thousands
    separators; a column whose cells are all numbers aligns right, any other column left.
    Colours come from JupyterLab's CSS variables, so light and dark themes
    both read well.

    >>> html = html_table(["", "You", "Bot"], [["hand points", 1234, 0]], caption="Gin")
    >>> "<caption" in html and "1,234" in html and html.count("<tr>") == 2
    True

    :param header: the column titles (the first is the label column's).
    :param rows: one sequence per row, label first.
    :param caption: a title above the table. :param note: a line under it.
    :param css_class: extra CSS class for selecting the table.
    """
    cell = "padding:3px 10px;border-bottom:1px solid var(--jp-border-color2,#c8c8c8);"

    def text(v: object) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, int):
            return f"{v:,}"
        if isinstance(v, float):
            return f"{v:,.3f}" if abs(v) < 1000 else f"{v:,.0f}"
        return str(v)

    def numeric(v: object) -> bool:
        return isinstance(v, int | float) or (
            isinstance(v, str) and (v.strip() == "" or _NUMBER.fullmatch(v.strip()) is not None))

    rows = [list(row) for row in rows]
    width = max([len(header), *(len(row) for row in rows)])
    # a column is right-aligned when every cell in it is a number (blanks allowed)
    side = ["left"] + ["right" if rows and all(numeric(row[i]) for row in rows if i < len(row))
                       else "left" for i in range(1, width)]
    head = "".join(
        f'<th style="{cell}text-align:{side[i]}">{escape(text(h))}</th>'
        for i, h in enumerate(header)
    )
    body = "".join(
        "<tr>" + "".join(
            (f'<th style="{cell}text-align:left;font-weight:600">{escape(text(v))}</th>'
             if i == 0 else
             f'<td style="{cell}text-align:{side[i]}">{escape(text(v))}</td>')
            for i, v in enumerate(row)
        ) + "</tr>"
        for row in rows
    )
    cap = (f'<caption style="text-align:left;font-weight:600;padding:2px 0 4px">'
           f"{escape(caption)}</caption>") if caption else ""
    foot = (f'<div class="rl-result-note" style="margin-top:4px">{escape(note)}</div>'
            if note else "")
    return (
        f'<div class="{escape(css_class)}" style="color:var(--jp-ui-font-color1,#1a1a1a);'
        f'font:13px {escape(_FONT)}"><table style="border-collapse:collapse">{cap}'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{foot}</div>"
    )


@dataclass(frozen=True)
class ResultTable:
    """A small labelled table of results: Jupyter shows it as :func:`html_table`.

    Why: a lesson that compares a few numbers (rule sets, table sizes, odds) ends its cell
    with a table whose rows and columns are named, not with a bare tuple or dict; the
    values stay plain Python, so the next line can assert them.

    >>> t = result_table(["rule", "points"], [["standard", 25], ["no bonus", 0]])
    >>> t.row("no bonus"), t.column("points")
    (('no bonus', 0), (25, 0))
    >>> print(t)
    rule      points
    standard      25
    no bonus       0

    :ivar header: the column titles (the first is the label column's).
    :ivar rows: one tuple per row, label first.
    :ivar caption: a title above the table. :ivar note: a line under it.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    caption: str | None = None
    note: str | None = None

    def row(self, label: object) -> tuple[object, ...]:
        """The first row whose label (first cell) is ``label``.

        :raises KeyError: when no row has that label.
        """
        for r in self.rows:
            if r and r[0] == label:
                return r
        raise KeyError(f"no row labelled {label!r}; labels: {[r[0] for r in self.rows if r]}")

    def column(self, title: str) -> tuple[object, ...]:
        """The values under the column ``title``, one per row.

        :raises KeyError: when no column has that title.
        """
        if title not in self.header:
            raise KeyError(f"no column {title!r}; columns: {list(self.header)}")
        i = self.header.index(title)
        return tuple(r[i] if i < len(r) else None for r in self.rows)

    def __str__(self) -> str:
        lines = [[str(h) for h in self.header], *([str(v) for v in r] for r in self.rows)]
        widths = [max(len(line[i]) for line in lines if i < len(line))
                  for i in range(max(len(line) for line in lines))]
        out = []
        for line in lines:
            cells = [v.ljust(widths[0]) if i == 0 else v.rjust(widths[i])
                     for i, v in enumerate(line)]
            out.append("  ".join(cells).rstrip())
        text = "\n".join(out)
        if self.caption:
            text = self.caption + "\n" + text
        return text + ("\n" + self.note if self.note else "")

    def _repr_html_(self) -> str:
        return html_table(self.header, self.rows, caption=self.caption, note=self.note)


def result_table(
    header: Sequence[object],
    rows: Iterable[Sequence[object]],
    *,
    caption: str | None = None,
    note: str | None = None,
) -> ResultTable:
    """A :class:`ResultTable` from column titles and rows (label first), shown as HTML.

    >>> result_table(["players", "cards each"], [[2, 10], [3, 7]]).column("cards each")
    (10, 7)

    :param header: the column titles (the first is the label column's).
    :param rows: one sequence per row, label first.
    :param caption: a title above the table. :param note: a line under it.
    :raises ValueError: when a row has more cells than there are columns.
    """
    head = tuple(str(h) for h in header)
    body = tuple(tuple(r) for r in rows)
    for r in body:
        if len(r) > len(head):
            raise ValueError(f"a row has {len(r)} cells for {len(head)} columns: {r!r}")
    return ResultTable(head, body, caption, note)
