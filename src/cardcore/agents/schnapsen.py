"""Schnapsen agents: ``SchnapsenAI`` (the built-in ``"ai"``) and ``GreedySchnapsen``
(``"greedy"``, a simple rule-based baseline).

The AI reads only ``state.observation(seat)``: its hand, the public tricks, the trump card,
the stock size, marriages and the cards publicly known in the opponent's hand.

* Stock exhausted: the opponent holds exactly the unseen cards, the game is one of perfect
  information and the AI solves it exactly with alpha-beta (at most five cards each).
* Stock closed: the unseen cards split between the opponent's hand and the dead stock; the AI
  samples the opponent's hand and solves each sample exactly, averaging per move.
* Stock open: perfect-information Monte Carlo. Each sample fixes the opponent's hand and the
  stock order consistently with what is known; every candidate move is searched in that world
  by alpha-beta ``depth`` tricks ahead (to the end once the stock is closed or exhausted in the
  search) with a heuristic value at the horizon; the move with the best mean wins. Closing is
  judged by the exact end-game value on the samples and taken only with a margin (sampled
  worlds flatter the closer, who seems to see the opponent's cards). The trump Jack is always
  exchanged; a K or Q with its partner is always led as a marriage.

Values are game points of the deal from the AI's side (-3..3).

The search keeps its own compact world (``World``, built from what the seat sees) but plays
it by the game's own rules, the functions of ``cardcore.schnapsen.rules`` that the game calls
too: who wins a trick, what may follow, marriages, closing, scoring a trick, the end of the
deal and its game points. The opponent's hand and the stock order are dealt by the one
sampler, ``cardcore.agents.sampling.deal_unseen``.

The work per decision is counted, so a seeded AI makes the same moves on any machine:
``samples`` worlds, and no further world once ``max_nodes`` search nodes are spent (after at
least two worlds; default 24,000, about the 60 ms the old clock limit allowed on the reference
machine). ``time_limit=`` seconds is the explicit opt-in to stop sampling by the clock.
``node_cap`` is a hard limit per decision: the search stops at that many nodes, the world it
was searching is left out, and with no world searched the quick playing rule of the first
world plays (0: no cap).

Strengths (``SchnapsenAI.STRENGTHS``): ``easy`` searches 2 worlds within a hard cap of 800
nodes (a few ms a move); ``normal`` is the long-standing default (16 worlds, 24,000 nodes, no
cap); ``strong`` searches 48 worlds, up to 100,000 nodes and never more than 150,000, values
an open-stock horizon by the heuristic and a quick playout of the rest of the deal together
(``rollouts``), and after a close deals the opponent only hands consistent with how it followed
(``infer``: a suit not followed is void, a trump too when it did not trump, a card of the led
suit that did not head the trick says it held no higher one). Against ``normal`` on duplicate
seven-point matches it won 53.3% of 1,000 matches (95% interval [50.2, 56.4]) and +0.08 game
points a deal (two disjoint sets: +0.099 [+0.036, +0.162] over 400 matches, +0.068 [+0.018,
+0.118] over 600); without the playouts (48 worlds and ``infer`` alone) it was not stronger
(51.5% of 200). Searching two tricks ahead while the stock is open
(24 worlds) measured weaker than ``normal`` (42.5% of 80 matches, -0.11 game points a deal,
95% interval [-0.27, +0.03]) and is not used.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..cards import SUITS, deck_vienna20
from ..game import Action, State
from ..rng import Rng, fresh_seed
from ..schnapsen.rules import (
    CARD_POINTS, FOLLOW_WINS, KING, TARGET, announce, deal_game_points,
    last_trick_winner, marriage_points, may_close, may_marry, strict, strict_follows,
    take_trick, trick_winner,
)
from . import RuleAgent, SearchAgent, register_agent
from .sampling import deal_unseen
from .strength import MAX_COUNT, MAX_SAMPLES, MAX_SECONDS, Option, strength_options

_ALL = [int(c) for c in deck_vienna20()]
#: card points by card id (the game's)
_PT = CARD_POINTS
#: ``_BEATS[trump][lead * 52 + follow]``: the game's ``beats`` for every pair of cards
_BEATS = FOLLOW_WINS
_FOLLOWS: dict[tuple, list[int]] = {}


def _strict_follows(hand: list[int], lead: int, trump: int) -> list[int]:
    """The game's ``strict_follows``, remembered per (hand, lead, trump)."""
    key = (tuple(hand), lead, trump)
    out = _FOLLOWS.get(key)
    if out is None:
        if len(_FOLLOWS) > 100_000:
            _FOLLOWS.clear()
        out = _FOLLOWS[key] = strict_follows(hand, lead, trump)
    return out


class World:
    """A perfect-information deal (one determinisation), cheap to copy."""

    # heuristic weights (see ``heuristic``)
    W_TRUMP = 8.0
    W_TRUMP_PT = 0.5
    W_HIGH = 0.6
    W_PEND = 0.6
    SCALE = 30.0

    __slots__ = ("h", "stock", "trump", "closed", "closer", "rp", "rt", "pts", "pend", "tw",
                 "mar", "leader", "lead", "val")
    h: list[list[int]]          # the two hands
    stock: list[int]            # in drawing order, the trump card last
    trump: int                  # the trump suit
    closed: bool
    closer: int | None          # the seat that closed (``None`` while not closed)
    rp: int                     # the closer's opponent's points when the stock was closed
    rt: int                     # ... and tricks
    pts: list[int]              # points per seat
    pend: list[int]             # marriage points waiting for the seat's first trick
    tw: list[int]               # tricks won per seat
    mar: list[int]              # bit mask of the suits each seat has announced
    leader: int
    lead: int                   # the card led to the current trick, -1 when none
    val: float | None           # the deal's value for seat 0 once it is over

    def copy(self) -> World:
        w = World.__new__(World)
        w.h = [self.h[0][:], self.h[1][:]]
        w.stock = self.stock[:]
        w.trump = self.trump
        w.closed = self.closed
        w.closer = self.closer
        w.rp = self.rp
        w.rt = self.rt
        w.pts = self.pts[:]
        w.pend = self.pend[:]
        w.tw = self.tw[:]
        w.mar = self.mar[:]
        w.leader = self.leader
        w.lead = self.lead
        w.val = self.val
        return w

    # ---------------------------------------------------------------- rules
    def strict(self) -> bool:
        return strict(self.closed, len(self.stock))

    def player(self) -> int:
        return self.leader if self.lead < 0 else 1 - self.leader

    def moves(self, allow_close: bool = True) -> list[tuple[str, int]]:
        if self.lead < 0:
            p = self.leader
            hand = self.h[p]
            out: list[tuple[str, int]] = []
            if allow_close and may_close(self.closed, len(self.stock)):
                out.append(("c", -1))
            announced = self.mar[p]
            for c in sorted(hand, key=lambda x: -_PT[x]):
                if may_marry(c, hand, announced):
                    out.insert(0, ("m", c))
                else:
                    out.append(("p", c))
            return out
        hand = self.h[1 - self.leader]
        lead = self.lead
        tr = self.trump
        cards = _strict_follows(hand, lead, tr) if self.strict() else hand
        # winning cards first, cheapest first; then the cheapest losers
        wins = _BEATS[tr]
        base = lead * 52

        def key(c: int) -> tuple:
            win = wins[base + c]
            return (0 if win else 1, _PT[c] if not win else -_PT[lead] + _PT[c])
        return [("p", c) for c in sorted(cards, key=key)]

    def step(self, kind: str, c: int) -> None:
        p = self.player()
        if kind == "c":
            self.closed = True
            self.closer = p
            self.rp = self.pts[1 - p]
            self.rt = self.tw[1 - p]
            return
        if kind == "m":
            s = c & 3
            self.mar[p] |= 1 << s
            self.pts[p], self.pend[p] = announce(self.pts[p], self.pend[p], self.tw[p],
                                                 marriage_points(s, self.trump))
            if self.pts[p] >= TARGET:
                self._end(p, False)
                return
        self.h[p].remove(c)
        if self.lead < 0:
            self.lead = c
            return
        lc = self.lead
        w = trick_winner(self.leader, lc, c, self.trump)
        self.lead = -1
        self.pts[w], self.pend[w], self.tw[w] = take_trick(self.pts[w], self.pend[w],
                                                           self.tw[w], lc, c)
        self.leader = w
        if self.pts[w] >= TARGET:
            self._end(w, False)
            return
        if not strict(self.closed, len(self.stock)):
            self.h[w].append(self.stock.pop(0))
            self.h[1 - w].append(self.stock.pop(0))
        if not self.h[w]:
            self._end(last_trick_winner(w, self.closer), True)

    def _end(self, winner: int, last: bool) -> None:
        loser = 1 - winner
        gp = deal_game_points(winner, self.closer, self.rp, self.rt, last, self.pts[loser],
                              self.tw[loser])
        self.val = float(gp if winner == 0 else -gp)

    # ---------------------------------------------------------------- evaluation
    def policy(self) -> tuple[str, int]:
        """A quick playing rule for rollouts: announce marriages, lead the cheapest
        non-trump card, win a trick worth winning as cheaply as possible, else throw the
        cheapest card."""
        tr = self.trump
        if self.lead < 0:
            p = self.leader
            hand = self.h[p]
            for c in hand:
                if c >> 2 == KING and may_marry(c, hand, self.mar[p]):
                    return ("m", c)
            return ("p", min(hand, key=lambda c: ((c & 3) == tr, _PT[c])))
        ms = self.moves(False)              # winners first, cheapest first
        lead = self.lead
        c = ms[0][1]
        win = _BEATS[tr][lead * 52 + c]
        if win and (_PT[lead] >= 10 or self.strict() or _PT[c] + _PT[lead] >= 14):
            return ms[0]
        return ("p", min((m[1] for m in ms), key=lambda x: ((x & 3) == tr, _PT[x])))

    def rollout(self, me: int) -> float:
        w = self.copy()
        while w.val is None:
            kind, c = w.policy()
            w.step(kind, c)
        return w.val if me == 0 else -w.val

    def heuristic(self, me: int) -> float:
        """A rough expected deal value for ``me`` at an open-stock horizon."""
        s = [0.0, 0.0]
        for p in (0, 1):
            v = self.pts[p] + (self.W_PEND * self.pend[p] if not self.tw[p] else 0.0)
            for c in self.h[p]:
                if (c & 3) == self.trump:
                    v += self.W_TRUMP + self.W_TRUMP_PT * _PT[c]
                elif _PT[c] >= 10:
                    v += self.W_HIGH * _PT[c]
            s[p] = v
        d = s[me] - s[1 - me]
        return 2.0 * math.tanh(d / self.SCALE)


#: search nodes visited so far (all searches): ``SchnapsenAI`` reads the difference
NODES = [0]
#: the node count at which ``search`` gives up (raises ``_Abort``); 0: never
_CAP = [0]


class _Abort(Exception):
    """The hard node cap of a decision was reached inside a search."""


def search(w: World, depth: int, alpha: float, beta: float, me: int,
           rollouts: bool = False) -> float:
    """Alpha-beta value of ``w`` for ``me``; ``depth`` tricks ahead while the stock is open,
    to the end once it is closed or exhausted."""
    NODES[0] += 1
    if _CAP[0] and NODES[0] > _CAP[0]:
        raise _Abort
    if w.val is not None:
        return w.val if me == 0 else -w.val
    if w.lead < 0 and depth <= 0 and not w.strict():
        if rollouts:
            return 0.5 * (w.rollout(me) + w.heuristic(me))
        return w.heuristic(me)
    p = w.player()
    nd = depth - 1 if w.lead >= 0 else depth
    ms = w.moves(allow_close=depth > 0)
    if p == me:
        best = -9.0
        for kind, c in ms:
            child = w.copy()
            child.step(kind, c)
            v = search(child, nd, alpha, beta, me, rollouts)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best
    best = 9.0
    for kind, c in ms:
        child = w.copy()
        child.step(kind, c)
        v = search(child, nd, alpha, beta, me, rollouts)
        if v < best:
            best = v
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
    return best


# -------------------------------------------------------------------- observation -> worlds

class Knowledge:
    """What a seat knows, read from its observation (``infer``: also what the opponent's
    follows after a close say it lacks, ``barred``; the worlds then respect it)."""

    def __init__(self, obs: dict, infer: bool = False) -> None:
        me = obs["player"]
        self.me = me
        self.hand = list(obs["hand"])
        self.trump = SUITS.index(obs["trump"])
        self.trump_card = obs["trump_card"]
        self.stock_size = obs["stock_size"]
        self.closed = obs["closed"]
        self.closer = obs["closer"]
        rec = obs["close_record"]
        self.rp = rec["points"] if rec else 0
        self.rt = rec["tricks"] if rec else 0
        self.leader = obs["leader"]
        self.trick = [t[1] for t in obs["trick"]]
        self.opp_size = obs["opponent_hand_size"]
        self.opp_known = list(obs["opponent_known"])
        self.tw = list(obs["tricks_won"])
        seen = set(self.hand) | set(self.trick)
        pts = [0, 0]
        for t in obs["tricks"]:
            seen.update(t["cards"])
            pts[t["winner"]] += _PT[t["cards"][0]] + _PT[t["cards"][1]]
        # each seat's points and pending marriage points, counted by the game's rules from the
        # public tricks and marriages
        self.pts, self.pend, self.mar = pts, [0, 0], [0, 0]
        for p in (0, 1):
            for s in obs["marriages"][p]:
                su = SUITS.index(s)
                self.mar[p] |= 1 << su
                self.pts[p], self.pend[p] = announce(self.pts[p], self.pend[p], self.tw[p],
                                                     marriage_points(su, self.trump))
        if self.stock_size:
            seen.add(self.trump_card)
        seen.update(self.opp_known)
        self.unseen = [c for c in _ALL if c not in seen]
        #: unseen cards the opponent cannot hold (``infer``: read from its follows under the
        #: strict rules after a close)
        self.barred: set[int] = set()
        if infer and self.closed and self.stock_size:
            self.barred = _barred(obs, self.unseen, self.trump, me)

    def world(self, rng: Rng | None) -> World:
        """One determinisation (``rng`` None: the unseen cards in order, exact when the stock
        is exhausted): the opponent's unknown cards and the stock order from ``deal_unseen``
        (holder 0: the opponent's unknown cards, holder 1: the rest, in stock order)."""
        need = self.opp_size - len(self.opp_known)
        sizes = {0: need, 1: len(self.unseen) - need}
        dealt: dict[int, list[int]] | None = None
        if rng is None:
            dealt = {0: self.unseen[:need], 1: self.unseen[need:]}
        elif self.barred:
            barred = self.barred
            dealt = deal_unseen(self.unseen, sizes, rng, tries=8,
                                allowed=lambda h, c: h == 1 or c not in barred)
        if dealt is None:           # (unconstrained: always a deal)
            assert rng is not None
            dealt = deal_unseen(self.unseen, sizes, rng)
        assert dealt is not None
        opp = self.opp_known + dealt[0]
        rest = dealt[1]
        w = World.__new__(World)
        w.h = [[], []]
        w.h[self.me] = self.hand[:]
        w.h[1 - self.me] = opp
        w.stock = rest + [self.trump_card] if self.stock_size else []
        w.trump = self.trump
        w.closed = self.closed
        w.closer = self.closer
        w.rp, w.rt = self.rp, self.rt
        w.pts = self.pts[:]
        w.pend = self.pend[:]
        w.tw = self.tw[:]
        w.mar = self.mar[:]
        w.leader = self.leader
        w.lead = self.trick[0] if self.trick else -1
        w.val = None
        return w


def _barred(obs: dict, unseen: list[int], trump: int, me: int) -> set[int]:
    """The unseen cards the opponent of ``me`` cannot hold, read from the tricks it followed
    under the strict rules (the tricks after the close): a suit it did not follow is void, and
    a trump too when it did not trump; a card of the led suit that did not head the trick says
    it held no higher card of that suit. (No card is drawn after a close, so what it lacked
    then it lacks now.)"""
    first = (10 - obs["stock_size"]) // 2       # the first trick played after the close
    out: set[int] = set()
    for t in obs["tricks"][first:]:
        if t["leader"] != me:
            continue
        lead, follow = t["cards"]
        ls = lead & 3
        if follow & 3 != ls:
            out.update(c for c in unseen if c & 3 == ls
                       or (follow & 3 != trump and c & 3 == trump))
        elif _PT[follow] < _PT[lead]:
            out.update(c for c in unseen if c & 3 == ls and _PT[c] > _PT[lead])
    return out


# -------------------------------------------------------------------- agents

def _find(legal: list[Action], kind: str, card: int | None = None) -> Action | None:
    for a in legal:
        if a.kind == kind and (card is None or int(a.cards[0]) == card):
            return a
    return None


class SchnapsenAI(SearchAgent):
    """Sampling + alpha-beta Schnapsen player (see the module docstring).

    Options (the defaults named are ``normal``'s): ``samples`` (worlds per decision while the
    stock is open, default 16),
    ``depth`` (tricks searched ahead while the stock is open, default 1),
    ``deep_stock`` (search to the end of the deal once the stock holds at most this many
    cards; default 0: off, it measured no stronger and is slower),
    ``rollouts`` (mix a quick playout into the horizon value; default off),
    ``close_margin`` (how much closing must beat playing on, in game points, default 0.35),
    ``max_nodes`` (search nodes per decision, default 24,000: no further world is searched
    once they are spent, after at least two worlds; 0: no limit),
    ``node_cap`` (a hard limit of search nodes per decision, default 0: none),
    ``infer`` (after a close, deal the opponent only hands consistent with its follows under
    the strict rules; default off),
    ``strength`` (``easy``, ``normal``, ``strong``: the defaults of the options above, from
    ``STRENGTHS``; options given explicitly take precedence),
    ``time_limit`` (opt-in seconds per decision, default ``None``; with a limit, sampling also
    stops when 60% of it is spent, after at least two worlds, and the same seed may then play
    differently on another machine).
    """

    GAME = "schnapsen"

    name = "ai"
    #: the options of each strength (``normal``: the long-standing defaults)
    STRENGTHS: dict[str, dict[str, Any]] = {
        "easy": {"samples": 2, "depth": 1, "close_margin": 0.35, "max_nodes": 300,
                 "rollouts": False, "deep_stock": 0, "node_cap": 800, "infer": False},
        "normal": {"samples": 16, "depth": 1, "close_margin": 0.35, "max_nodes": 24_000,
                   "rollouts": False, "deep_stock": 0, "node_cap": 0, "infer": False},
        "strong": {"samples": 48, "depth": 1, "close_margin": 0.35, "max_nodes": 100_000,
                   "rollouts": True, "deep_stock": 0, "node_cap": 150_000, "infer": True},
    }

    #: every option, checked when the AI is built (``cardcore.options.Option``)
    OPTIONS = {
        "samples": Option("int", 16, "worlds sampled a decision", low=1, high=MAX_SAMPLES),
        "depth": Option("int", 1, "tricks searched while the stock is open", low=1,
                        high=20),
        "close_margin": Option("number", 0.35, "game points closing must beat playing on "
                               "by", low=-10, high=10),
        "max_nodes": Option("int", 24_000, "search nodes a decision, after two worlds "
                            "(0: no limit)", low=0, high=MAX_COUNT),
        "time_limit": Option("number", None, "seconds a decision, opt-in (None: count the "
                             "work)", low=1e-6, high=MAX_SECONDS, none=True),
        "rollouts": Option("bool", False, "mix a quick playout into the horizon value"),
        "deep_stock": Option("int", 0, "search to the end once the stock holds at most "
                             "this many cards (0: off)", low=0, high=20),
        "node_cap": Option("int", 0, "a hard limit of search nodes a decision (0: none)",
                           low=0, high=MAX_COUNT),
        "infer": Option("bool", False, "after a close, deal the opponent only hands its "
                        "follows allow"),
    }

    def __init__(self, game: str | None = None, seed: int | None = None, *,
                 strength: str = "normal", samples: int | None = None,
                 depth: int | None = None, close_margin: float | None = None,
                 max_nodes: int | None = None, time_limit: float | None = None,
                 rollouts: bool | None = None, deep_stock: int | None = None,
                 node_cap: int | None = None, infer: bool | None = None,
                 **unknown: Any) -> None:
        opts = strength_options(self, strength, unknown, samples=samples, depth=depth,
                                close_margin=close_margin, max_nodes=max_nodes,
                                time_limit=time_limit, rollouts=rollouts,
                                deep_stock=deep_stock, node_cap=node_cap, infer=infer)
        self.infer = opts["infer"]
        self.rollouts = opts["rollouts"]
        self.deep_stock = opts["deep_stock"]
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.samples = opts["samples"]
        self.depth = opts["depth"]
        self.close_margin = opts["close_margin"]
        self.max_nodes = opts["max_nodes"]
        self.node_cap = opts["node_cap"]
        self.time_limit = opts["time_limit"]

    def choose(self, state: State, legal: list[Action], me: int, obs: dict) -> Action:
        a = _find(legal, "exchange")
        if a is not None:
            return a
        k = Knowledge(obs, self.infer)
        moves = self._root_moves(k, legal)
        if len(moves) == 1:
            return moves[0][1]
        if k.stock_size == 0:
            worlds = [k.world(None)]
        else:
            n = self.samples if not k.closed else max(4, self.samples // 2)
            worlds = [k.world(self.rng) for _ in range(n)]
        t0 = time.perf_counter()
        nodes0 = NODES[0]
        totals = [0.0] * len(moves)
        close_total, close_n = 0.0, 0
        close_idx = next((i for i, (m, _) in enumerate(moves) if m[0] == "c"), None)
        used = 0
        _CAP[0] = nodes0 + self.node_cap if self.node_cap else 0
        try:
            for i, w in enumerate(worlds):
                vals = [0.0] * len(moves)
                for j, ((kind, c), _) in enumerate(moves):
                    if j == close_idx:
                        continue
                    child = w.copy()
                    child.step(kind, c)
                    nd = self.depth if k.stock_size > self.deep_stock else 9
                    nd = nd - 1 if w.lead >= 0 else nd
                    vals[j] = search(child, nd, -9.0, 9.0, me, self.rollouts)
                if close_idx is not None and i < max(4, self.samples // 2):
                    child = w.copy()
                    child.step("c", -1)
                    close_total += search(child, 0, -9.0, 9.0, me)
                    close_n += 1
                for j, v in enumerate(vals):
                    totals[j] += v
                used += 1
                if used >= 2 and self.max_nodes and NODES[0] - nodes0 > self.max_nodes:
                    break
                if (self.time_limit is not None and used >= 2
                        and time.perf_counter() - t0 > self.time_limit * 0.6):
                    break
        except _Abort:          # the hard cap: the world being searched is left out
            pass
        finally:
            _CAP[0] = 0
        if not used:            # not even one world within the cap: the quick playing rule
            kind, c = worlds[0].policy()
            return next((a for m, a in moves if m == (kind, c)), moves[0][1])
        best_j, best_v = None, -99.0
        for j in range(len(moves)):
            if j == close_idx:
                continue
            v = totals[j] / used
            if v > best_v:
                best_j, best_v = j, v
        if close_n and close_total / close_n > best_v + self.close_margin:
            assert close_idx is not None
            return moves[close_idx][1]
        assert best_j is not None               # (there are two moves, at most one closes)
        return moves[best_j][1]

    def _root_moves(self, k: Knowledge,
                    legal: list[Action]) -> list[tuple[tuple[str, int], Action]]:
        out = []
        marry = {int(a.cards[0]) for a in legal if a.kind == "marry"}
        for a in legal:
            if a.kind == "close":
                out.append((("c", -1), a))
            elif a.kind == "marry":
                out.append((("m", int(a.cards[0])), a))
            elif a.kind == "play" and int(a.cards[0]) not in marry:
                out.append((("p", int(a.cards[0])), a))
        return out


class GreedySchnapsen(RuleAgent):
    """A simple baseline: exchange and announce marriages when possible; lead the cheapest
    non-trump card; win a trick holding a 10 or an Ace as cheaply as possible, otherwise throw
    the cheapest card; never close."""

    GAME = "schnapsen"

    name = "greedy"

    def act(self, state: State) -> Action:
        legal, me, obs = self.view(state)
        trump = SUITS.index(obs["trump"])
        a = _find(legal, "exchange")
        if a is not None:
            return a
        plays = [x for x in legal if x.kind in ("play", "marry")]
        marries = [x for x in plays if x.kind == "marry"]
        if marries:
            return max(marries, key=lambda x: (x.amount, -_PT[int(x.cards[0])]))
        if not obs["trick"]:
            return min(plays, key=lambda x: ((int(x.cards[0]) & 3) == trump,
                                             _PT[int(x.cards[0])]))
        lead = obs["trick"][0][1]

        winners = [x for x in plays if _BEATS[trump][lead * 52 + int(x.cards[0])]]
        if winners and (_PT[lead] >= 10 or strict(obs["closed"], obs["stock_size"])):
            return min(winners, key=lambda x: ((int(x.cards[0]) & 3) == trump,
                                               _PT[int(x.cards[0])]))
        return min(plays, key=lambda x: ((int(x.cards[0]) & 3) == trump,
                                         _PT[int(x.cards[0])]))


register_agent("greedy", "schnapsen", "cardcore.agents.schnapsen:GreedySchnapsen")
register_agent("rdeep", "schnapsen", "cardcore.agents.rdeep:RdeepSchnapsen")

__all__ = ["SchnapsenAI", "GreedySchnapsen", "World", "Knowledge", "search"]
