"""DealWidget: deal a hand of any implemented variant and study every hand's best melds.

Why: before playing, a learner wants to see what a deal looks like: how much deadwood a
fresh hand carries, which melds are already there, what the upcard offers. A seed makes
every deal repeatable, so a class can look at the same cards. The hands sit side by side
in a grid, each laid out melds first, so four hands fit on one screen.

>>> dw = DealWidget("gin", seed=7, deal=True)
>>> dw.game.players, [len(h.cards) for h in dw.hand_views], dw.view.stock_count
(2, [10, 10], 31)
>>> dw.again_button.click(); dw.seed.value, dw.game.seed
(8, 8)
>>> dw.order.value = "dealt"; [h.order for h in dw.hand_views]
['dealt', 'dealt']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import ipywidgets as W

from ..display import THEME
from ..engine.game import Game, new_game
from ..engine.rules import PRESETS, get_rules
from ..engine.solver import Partition
from ..engine.state import PlayerView
from ..viz.game import held_partition, view_wild_rank
from ._common import style_sheet, styled
from ._seats_and_piles import piles_html
from .hand import HandView, order_control

__all__ = ["DealWidget", "playable_variants"]


@lru_cache(maxsize=1)
def playable_variants() -> tuple[str, ...]:
    """Rules presets whose variant has a game engine (the others cannot be dealt yet).

    >>> "gin" in playable_variants()
    True
    """
    out = []
    for name in PRESETS:
        try:
            new_game(name, seed=0)
        except NotImplementedError:
            continue
        out.append(name)
    return tuple(out)


class DealWidget(W.VBox):  # type: ignore[misc]
    """Pick a variant, players and seed; deal; see every hand with its optimal partition.

    Each hand is a :class:`HandView` (melds together and outlined, then the deadwood
    sorted by suit and rank, its points underneath), the hands side by side in a grid;
    one control switches every hand to the order dealt. The stock count, the discard pile
    (the upcard) and, in Indian Rummy, the wild card are shown above. **Deal** deals with
    the seed in the box, **Deal again** with the next seed.

    CSS hooks: ``rl-deal-widget``, ``rl-deal-button``, ``rl-deal-again``, ``rl-table-info``,
    ``rl-hands``, ``rl-seat-box``, ``rl-order`` (and the :class:`HandView` hooks).

    :ivar game: the dealt game (None before the first deal); also :attr:`state`.
    :ivar view: player 0's view of it (the piles come from there).
    :ivar hand_views: one :class:`HandView` per player.
    :ivar partitions: each player's optimal partition (the last result).
    :ivar order: the hand-order control (melds first or as dealt).
    """

    def __init__(
        self, variant: str = "gin", *, players: int | None = None, seed: int = 0,
        deal: bool = False, size: int = 46, **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        options = list(playable_variants())
        if variant not in options:
            raise ValueError(f"no game engine for {variant!r}; playable: {', '.join(options)}")
        r = get_rules(variant)
        self.size = size
        self.game: Game | None = None
        self.view: PlayerView | None = None
        self.partitions: list[Partition] = []
        self.hand_views: list[HandView] = []
        self._titles: list[W.HTML] = []
        self._seats: list[W.VBox] = []
        self.variant = styled(W.Dropdown(options=options, value=variant, description="Variant",
                                         layout=W.Layout(width="250px")), "rl-variant")
        self.players = styled(W.BoundedIntText(
            value=players or r.min_players, min=r.min_players, max=r.max_players,
            description="Players", layout=W.Layout(width="160px")), "rl-players")
        self.seed = styled(W.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                            description="Seed", layout=W.Layout(width="190px")),
                           "rl-seed")
        self.deal_button = styled(W.Button(description="Deal", button_style="primary",
                                           icon="play"), "rl-deal-button")
        self.again_button = styled(W.Button(description="Deal again (next seed)",
                                            icon="refresh", layout=W.Layout(width="auto")),
                                   "rl-deal-again")
        self.info = styled(W.HTML(
            f'<i style="color:{THEME["ink"]}">Press Deal to deal a hand.</i>'), "rl-table-info")
        self.order = order_control()
        self.order.layout.display = "none"
        self.hands = styled(W.GridBox(layout=W.Layout(
            grid_template_columns="repeat(auto-fill, minmax(470px, 1fr))",
            grid_gap="4px 16px", width="100%")), "rl-hands")
        self.variant.observe(self._on_variant_change, names="value")
        self.order.observe(self._on_order_change, names="value")
        self.deal_button.on_click(self._on_deal_click)
        self.again_button.on_click(self._on_again_click)
        self.children = [
            style_sheet(),
            W.HBox([self.variant, self.players, self.seed, self.deal_button,
                    self.again_button], layout=W.Layout(flex_flow="row wrap",
                                                         align_items="center")),
            self.info,
            self.order,
            self.hands,
        ]
        styled(self, "rl-deal-widget", "rl-root")
        if deal:
            self.deal()

    @property
    def state(self) -> Game | None:
        """The dealt game (what the widget shows)."""
        return self.game

    def deal(self) -> Game:
        """Deal with the chosen variant, players and seed, and redraw."""
        self.game = new_game(self.variant.value, players=int(self.players.value),
                             seed=int(self.seed.value))
        self._render()
        return self.game

    def _render(self) -> None:
        """Redraw the piles and every hand from the game's views."""
        game = self.game
        if game is None:
            return
        views = [game.view_for(p) for p in range(game.players)]
        self.view = views[0]
        wild = view_wild_rank(views[0])
        self.partitions = [held_partition(v, v.hand) for v in views]
        while len(self.hand_views) < game.players:
            self.hand_views.append(HandView(size=self.size, selectable=False, show_order=False,
                                            order=self.order.value))
            self._titles.append(styled(W.HTML(), "rl-seat-title"))
            self._seats.append(styled(W.VBox([self._titles[-1], self.hand_views[-1]]),
                                      "rl-seat-box"))
        for p, v in enumerate(views):
            self.hand_views[p].set_hand(v.hand, rules=game.rules, wild_rank=wild,
                                        partition=self.partitions[p])
            roles = []
            if p == game.dealer:
                roles.append("dealer")
            if v.current_player == p:
                roles.append("plays first")
            self._titles[p].value = (
                f'<div style="font-size:15px;color:{THEME["ink"]}"><b>player {p}</b>'
                + "".join(f" · {r}" for r in roles) + "</div>"
            )
        if len(self.hands.children) != game.players:
            self.hands.children = tuple(self._seats[: game.players])
        self.order.layout.display = None
        v0 = views[0]
        self.info.value = (
            f'<div data-seed="{game.seed}" style="font-size:14px;color:{THEME["ink"]}">'
            f"<b>{game.rules.name}</b>, {game.players} players, seed {game.seed}</div>"
            + piles_html(v0, size=self.size)
        )

    # ------------------------------------------------------------------ handlers
    def _on_variant_change(self, change: dict[str, Any]) -> None:
        r = get_rules(change["new"])
        self.players.min, self.players.max = 2, 8  # widen first, then narrow
        self.players.value = max(r.min_players, min(int(self.players.value), r.max_players))
        self.players.min, self.players.max = r.min_players, r.max_players

    def _on_order_change(self, change: dict[str, Any]) -> None:
        for hv in self.hand_views:
            hv.order = change["new"]

    def _on_deal_click(self, _: W.Button) -> None:
        self.deal()

    def _on_again_click(self, _: W.Button) -> None:
        self.seed.value = int(self.seed.value) + 1
        self.deal()
