"""IPython startup file of the rendered book's kernels (copied by docs/conf.py).

Plotly figures become HTML that draws with the page's own plotly.js (no CDN), and widgets
get a static picture of their state beside their live view.
"""

import plotly.io as pio
from plotly.io.base_renderers import MimetypeRenderer

from rummy_lab.widgets.static import enable_static_widgets


class _BookRenderer(MimetypeRenderer):
    """A figure as a div and a script calling the page's ``Plotly.newPlot``."""

    def to_mimebundle(self, fig_dict):
        html = pio.to_html(fig_dict, full_html=False, include_plotlyjs=False,
                           config={"displaylogo": False})
        return {"text/html": html}


pio.renderers["rummy_book"] = _BookRenderer()
pio.renderers.default = "rummy_book"
enable_static_widgets(get_ipython())  # noqa: F821 (IPython defines it in startup files)
