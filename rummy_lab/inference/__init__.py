"""Reading the opponent: exact card tracking and Bayesian hand estimation.

Why: "what does my opponent hold?" is the first real question at the table, and answering
it is conditional probability and Bayes' rule with cards. :func:`belief` answers it from a
player's view alone, under three models:

* ``"uniform"``: hard facts only (which cards you hold, which you have seen, which the
  opponent picked up), every unseen card equally likely to be in any unknown place:
  exact hypergeometric probabilities.
* ``"behaviour"``: the same facts plus what the opponent's choices say, Bayes' rule with
  a stated model of how players choose (:mod:`rummy_lab.inference.model`), for each kind
  of player it knows, mixed by how likely each kind is.
* ``"greedy"``: the behaviour model with one kind of player, the greedy bots (the model
  before the mixture; the coach's, :mod:`rummy_lab.coach.beliefs`).

>>> import rummy_lab as rl
>>> g = rl.new_game("gin", seed=3)
>>> b = rl.inference.belief(g.view_for(1), model="uniform")
>>> unseen = [c for c in rl.make_deck() if c not in g.hand(1) and c != g.upcard]
>>> len(unseen), {round(b.p(c), 6) for c in unseen}
(41, {0.243902})
>>> round(sum(b.expected(c) for c in rl.make_deck()), 9)
10.0

Calibration tools (:func:`calibration`) measure how honest the probabilities are.

What the behaviour model assumes, and where it is wrong: it knows a few kinds of player
(the bundled expert, greedy and simple bots, fitted to their self-play, and a random
player: :func:`~rummy_lab.inference.model.kind_params`), reads which one it faces by Bayes
(:meth:`Belief.kinds`) and mixes their beliefs; :mod:`rummy_lab.inference.fit` refits the
weights to other games. It combines the evidence of separate choices as if independent
(:mod:`rummy_lab.inference.sampling`). A player unlike every kind it knows (one who
bluffs, say) misleads it; ``docs/inference.md`` gives the measurements.
"""

from __future__ import annotations

from .belief import MODELS, Belief, Determinization, belief
from .calibration import Calibration, calibration, game_predictions
from .model import BehaviourParams, params_for

__all__ = [
    "MODELS",
    "BehaviourParams",
    "Belief",
    "Calibration",
    "Determinization",
    "belief",
    "calibration",
    "game_predictions",
    "params_for",
]
