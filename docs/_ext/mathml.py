"""Sphinx math as MathML, converted at build time (``html_math_renderer = "mathml"``).

Why: the book must work offline and without a script per page; browsers draw MathML
themselves (MathML Core), so formulas need neither MathJax nor a CDN. A formula that
latex2mathml cannot convert is shown as its LaTeX source, and the build warns.
"""

from __future__ import annotations

import html
from typing import Any

from docutils import nodes
from latex2mathml.converter import convert
from sphinx.util import logging

LOGGER = logging.getLogger(__name__)


def _mathml(latex: str, display: str, node: nodes.Node) -> str:
    try:
        return str(convert(latex.strip(), display=display))
    except Exception as exc:  # latex2mathml raises its own types for unknown commands
        LOGGER.warning("formula not converted to MathML (%s): %s", exc, latex[:80],
                       location=node)
        return f'<code class="math-error">{html.escape(latex)}</code>'


def _classes(node: nodes.Element) -> str:
    return " ".join(["math", "notranslate", "nohighlight", *node.get("classes", [])])


def visit_math(self: Any, node: nodes.Element) -> None:
    self.body.append(f'<span class="{_classes(node)}">'
                     f'{_mathml(node.astext(), "inline", node)}</span>')
    raise nodes.SkipNode


def visit_displaymath(self: Any, node: nodes.Element) -> None:
    self.body.append(f'<div class="{_classes(node)}">'
                     f'{_mathml(node.astext(), "block", node)}</div>')
    raise nodes.SkipNode


def setup(app: Any) -> dict[str, Any]:
    app.add_html_math_renderer("mathml", (visit_math, None), (visit_displaymath, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
