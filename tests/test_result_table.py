"""rl.result_table: ad-hoc labelled tables for lessons, shown as HTML, values kept."""

from __future__ import annotations

import pytest

import rummy_lab as rl


def test_rows_columns_and_html() -> None:
    t = rl.result_table(["rule set", "winner", "points"],
                        [["standard", "defender", 25], ["tie", None, 0]],
                        caption="A tie at 8", note="points to the winner")
    assert isinstance(t, rl.ResultTable)
    assert t.row("tie") == ("tie", None, 0)
    assert t.column("points") == (25, 0)
    html = t._repr_html_()
    assert "<caption" in html and "A tie at 8" in html and "points to the winner" in html
    assert html.count("<tr>") == 3


def test_text_form_lines_up() -> None:
    text = str(rl.result_table(["players", "cards"], [[2, 10], [3, 7]]))
    assert text.splitlines() == ["players  cards", "2           10", "3            7"]


def test_bad_lookups_and_rows() -> None:
    t = rl.result_table(["a", "b"], [["x", 1]])
    with pytest.raises(KeyError, match="no row labelled 'y'"):
        t.row("y")
    with pytest.raises(KeyError, match="no column 'c'"):
        t.column("c")
    with pytest.raises(ValueError, match="3 cells for 2 columns"):
        rl.result_table(["a", "b"], [["x", 1, 2]])
