"""``RdeepSchnapsen`` (agent ``"rdeep"``): a Schnapsen baseline in the manner of the "rdeep"
bot of the VU Amsterdam Schnapsen course platform, written here from its published
description: perfect-information Monte Carlo with random rollouts.

For every candidate move, ``samples`` times (16 by default): deal the unseen cards at random
consistently with what the seat knows (one fresh world per evaluation), play the move, let
both sides play uniformly random legal moves for at most ``depth`` further tricks (4 by
default), and score the position reached by the heuristic ``own points / (own + opponent's
points)`` (1 or 0 when the deal was decided on the way). The move with the best mean score is
played; ties go to a random one of them (the candidates are shuffled first).

Like that bot it never closes the stock (the course platform has no closing); it may exchange
the trump Jack and announce marriages, at the root and in the rollouts. It reads only
``state.observation(seat)`` and deals the unseen cards with the one sampler
(:class:`cardcore.agents.schnapsen.Knowledge`). Its work is counted (samples, tricks), so a
seeded bot plays the same moves on any machine.
"""

from __future__ import annotations

from typing import Any

from ..game import Action, State
from ..rng import Rng, fresh_seed
from ..schnapsen.rules import may_exchange, trump_jack
from . import check_state, seat_to_act
from .schnapsen import Knowledge, World
from .strength import MAX_SAMPLES, Option, declared_options

def _moves(w: World) -> list[tuple[str, int]]:
    """Every move of the seat to act in ``w`` except closing: plays, marriages and (on lead
    while the stock holds at least three cards) the trump exchange ``("x", jack)``."""
    ms = w.moves(allow_close=False)
    if w.lead < 0:
        p = w.leader
        hand = w.h[p]
        # plain plays of a K or Q whose marriage is open (``World.moves`` lists only the
        # announcement)
        for kind, c in list(ms):
            if kind == "m":
                ms.append(("p", c))
        if may_exchange(w.closed, len(w.stock), hand, w.trump):
            ms.append(("x", trump_jack(w.trump)))
    return ms


def _step(w: World, kind: str, c: int) -> None:
    if kind == "x":                      # the trump exchange: the Jack for the trump card
        p = w.leader
        w.h[p].remove(c)
        w.h[p].append(w.stock[-1])
        w.stock[-1] = c
        return
    w.step(kind, c)


class RdeepSchnapsen:
    """Perfect-information Monte Carlo with random rollouts (see the module docstring).

    Options: ``samples`` (random worlds per candidate move, default 16), ``depth`` (tricks
    played at random after the move, default 4)."""

    GAME = "schnapsen"

    name = "rdeep"

    #: every option, checked when the agent is built (``cardcore.options.Option``)
    OPTIONS = {
        "samples": Option("int", 16, "random worlds a candidate move", low=1,
                          high=MAX_SAMPLES),
        "depth": Option("int", 4, "tricks played at random after the move", low=1, high=10),
    }

    def __init__(self, game: str | None = None, seed: int | None = None, *,
                 samples: int | None = None, depth: int | None = None,
                 **unknown: Any) -> None:
        opts = declared_options(self, unknown, samples=samples, depth=depth)
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.samples = opts["samples"]
        self.depth = opts["depth"]

    def act(self, state: State) -> Action:
        check_state(state, self.GAME)
        legal = state.legal_actions()
        cands = [a for a in legal if a.kind != "close"]
        if len(cands) == 1:
            return cands[0]
        me = seat_to_act(state)
        k = Knowledge(state.observation(me))
        # shuffle, so that among equal scores a random move wins
        order = cands[:]
        for i in range(len(order) - 1, 0, -1):
            j = self.rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        best, best_v = order[0], -1.0
        for a in order:
            kind = {"play": "p", "marry": "m", "exchange": "x"}[a.kind]
            c = int(a.cards[0]) if a.cards else -1
            total = 0.0
            for _ in range(self.samples):
                w = k.world(self.rng)
                if kind == "x":
                    c = trump_jack(w.trump)
                _step(w, kind, c)
                total += self._rollout(w, me)
            if total > best_v:
                best, best_v = a, total
        return best

    def _rollout(self, w: World, me: int) -> float:
        tricks = 0
        while w.val is None and tricks < self.depth:
            ms = _moves(w)
            kind, c = ms[self.rng.below(len(ms))]
            leading = w.lead < 0
            _step(w, kind, c)
            if not leading and kind != "x":
                tricks += 1
        if w.val is not None:
            return 1.0 if (w.val > 0) == (me == 0) else 0.0
        mine, theirs = w.pts[me], w.pts[1 - me]
        return mine / (mine + theirs) if mine + theirs else 0.5


__all__ = ["RdeepSchnapsen"]
