"""Sphinx settings of the rendered book (``make docs``): the tutorials and notebooks run
with their outputs, the README and the docs pages, a table of contents and search.

The source folder is the repository (``sphinx-build -c docs . docs/_build/html``);
``include_patterns`` picks the pages. Notebooks are executed at build time by myst-nb
(cached in ``docs/_build/.jupyter_cache``, so a rebuild runs only changed notebooks),
with ``RUMMY_LAB_SOLUTIONS=1`` so the guided cells show their answers. Nothing is fetched:
plotly figures use the ``plotly.min.js`` shipped with the plotly package, copied into the
site once, and a widget is shown as static HTML of its state with a line saying it is
live in JupyterLab (``rummy_lab.widgets.static``, enabled by an IPython startup file).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BUILD = HERE / "_build"

project = "rummy_lab"
author = "rummy_lab developers"
copyright = "rummy_lab developers, MIT licence"

sys.path.insert(0, str(HERE / "_ext"))
extensions = ["myst_nb", "mathml"]
root_doc = "docs/index"
include_patterns = [
    "README.md",
    "docs/*.md",
    "tutorials/*.ipynb",
    "notebooks/*.ipynb",
]
exclude_patterns = ["docs/_build/**", "**/.ipynb_checkpoints/**"]
suppress_warnings = ["myst.xref_missing", "myst.header", "misc.highlighting_failure"]

html_theme = "furo"
html_title = "rummy_lab"
html_static_path: list[str] = []
html_extra_path = [str(HERE / "_extra")]
html_css_files = ["rummy-book.css"]
html_show_sourcelink = False

myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3

# --- notebooks: executed at build, cached, failing loudly
nb_execution_mode = os.environ.get("RUMMY_BOOK_EXECUTE", "cache")
nb_execution_cache_path = str(BUILD / ".jupyter_cache")
nb_execution_timeout = int(os.environ.get("RUMMY_BOOK_TIMEOUT", "300"))
nb_execution_raises_on_error = True
nb_execution_show_tb = True
nb_ipywidgets_js: dict[str, Any] = {}  # nothing from a CDN: widgets are static HTML
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.plotly.v1+json", None),
]
nb_merge_streams = True

os.environ["RUMMY_LAB_SOLUTIONS"] = "1"


def _ipython_dir() -> Path:
    """An IPython folder whose startup file enables the book's static widgets and the
    offline plotly renderer in every kernel the build starts."""
    ipy = BUILD / "ipython"
    startup = ipy / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(HERE / "book_startup.py", startup / "00-rummy-book.py")
    return ipy


os.environ["IPYTHONDIR"] = str(_ipython_dir())


def _static_dir() -> Path:
    """The site's own static files: the style sheet and plotly.js from the plotly package."""
    import plotly

    static = BUILD / "static"
    static.mkdir(parents=True, exist_ok=True)
    bundle = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    target = static / "plotly.min.js"
    if not target.is_file() or target.stat().st_size != bundle.stat().st_size:
        shutil.copyfile(bundle, target)
    shutil.copyfile(HERE / "rummy-book.css", static / "rummy-book.css")
    return static


html_static_path.append(str(_static_dir()))
templates_path = ["_templates"]  # base.html loads plotly.min.js in the head
# formulas as MathML converted at build time (docs/_ext/mathml.py): no MathJax, no CDN
html_math_renderer = "mathml"

# nbgrader's answer cells are folded with their output ("Show code cell content"), the
# graded test cells' hidden tests with their output ("correct") left in view


def _fold_answers(app: Any, docname: str, source: list[str]) -> None:
    """Fold the exercise answers and hidden tests of a notebook page."""
    if not docname.startswith(("tutorials/", "notebooks/")):
        return
    try:
        nb = json.loads(source[0])
    except ValueError:
        return
    for cell in nb.get("cells", []):
        meta = cell.get("metadata", {})
        grader = meta.get("nbgrader") or {}
        fold = "hide-cell" if grader.get("solution") else "hide-input" if grader.get(
            "grade") else None
        if fold:
            tags = meta.setdefault("tags", [])
            if fold not in tags:
                tags.append(fold)
    source[0] = json.dumps(nb)


def _drop_widget_state(app: Any, pagename: str, *_: Any) -> None:
    """Leave out the widget models the executed notebook saved (megabytes of state, the
    plotly bundle of a FigureWidget among them): the page shows static HTML instead."""
    files = getattr(app.env, "nb_metadata", {}).get(pagename, {}).get("js_files", {})
    files.pop("ipywidgets_state", None)


def setup(app: Any) -> dict[str, Any]:
    app.connect("source-read", _fold_answers)
    app.connect("html-page-context", _drop_widget_state, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
