"""Tractor (Shengji) agents: ``TractorAI`` (the built-in ``"ai"``) and ``GreedyTractor``
(``"greedy"``, a simple rule-based baseline).

Both read only the public API: ``state.observation(state.current_player)``,
``state.legal_actions()``, ``state.current_player``, ``state.num_players``, ``state.game``,
``state.is_over``, and the rule functions (``cardcore.tractor.rules`` and the tractor kernel it
is built on: the one definition of card order, shapes, following and the trick winner).

``TractorAI``:

* **Declaring**: each declaration it may make is scored by the trumps it would give the hand
  (jokers and level cards count most, then the length of the suit, its high cards and pairs);
  it declares the best one when the score clears a threshold, never overcalls its partner
  unless far stronger, and avoids a four-pass reveal when it holds any declaration.
* **Burying** (as dealer), one card at a time: the cheapest card by a cost that keeps trumps,
  high cards and pairs, and keeps counters (a buried counter is worth double or more to the
  attackers if they take the last trick) unless the hand is strong in trumps; it prefers to
  empty short plain suits (a void lets it trump).
* **Card counting**: the unseen cards (108 minus its hand, the cards played, its kitty), the
  suits each seat has shown out of, the suits in which a seat has no pair left (it played
  singles to a pair lead), and the cards seats showed when declaring.
* **Leading**: a lead that no opponent can beat (no stronger unseen card or pair in the suit,
  no opponent known void there while trumps are out) scores by its size and points; tractors
  and pairs first. With a trump majority it leads trump pairs and tractors (then high trumps)
  to draw trumps. Otherwise it leads low from short plain suits, never counters.
* **Following**, partner-aware: with the partner winning safely it feeds counters; against an
  opponent it wins with the cheapest play that cannot be beaten by the players still to come
  (or, last to play, the cheapest winning play) when the trick is worth it, and otherwise
  throws the cheapest cards, keeping counters, pairs and trumps. Multi-card answers are planned
  whole and played card by card (``legal_actions`` offers them so).
* **Endgame search**: with ``endgame`` cards or fewer in hand it samples the hidden hands (and
  the kitty, for the attackers) consistently with what it knows, through
  ``agents.sampling.deal_unseen``, solves each sample by alpha-beta over whole plays to the end
  of the deal (the kitty bonus included; the value is the deal's outcome for its side, with the
  points as a tie-break) and plays the best mean. The work is counted in ``samples`` and search
  ``nodes`` -- never in seconds -- so the same seed always plays the same game.

``GreedyTractor`` declares whatever it can, buries its lowest non-trump cards, leads its
strongest plain single card (a trump when it has nothing else) and follows a single lead by
winning with its cheapest winning card when an opponent is winning, else (and to every pair or
tractor lead) with its lowest cards.
"""

from __future__ import annotations

from typing import Any

from .._backend import kernel
from ..game import Action, State
from ..rng import Rng, fresh_seed
from ..tractor.rules import LEVELS, mask_items
from . import RuleAgent, SearchAgent, alpha_beta_step, register_agent
from .sampling import deal_unseen
from .strength import MAX_COUNT, MAX_SAMPLES, Option, strength_options

_k = kernel("tractor")  # untyped: the observed trump is None until declared (its stub says int)

_TRUMPS = {"c": 0, "d": 1, "h": 2, "s": 3, "nt": 4}
#: card points by card id: the rule kernel's table
_PTS = _k.CARD_POINTS
TRUMP = 4
_TABLES: dict = {}


def _table(trump: int, level: int):
    tab = _TABLES.get((trump, level))
    if tab is None:
        tab = _TABLES[(trump, level)] = _k.table(trump, level)
    return tab


def _mask_cards(m: int) -> list[int]:
    return mask_items(m)


def _counts(cards) -> list[int]:
    cnt = [0] * 54
    for c in cards:
        cnt[c] += 1
    return cnt


# -------------------------------------------------------------------- what a seat knows

class Knowledge:
    """What the seat to act knows, read from its observation."""

    def __init__(self, obs: dict) -> None:
        self.obs = obs
        self.me = me = obs["player"]
        self.team = me & 1
        self.level = LEVELS.index(obs["level"])
        t = obs["trump"]
        self.trump = None if t is None else _TRUMPS[t]
        self.hand = list(obs["hand"])
        pick = obs["picking"]
        self.picked = list(pick[1]) if pick and pick[0] == me else []
        self.whole = self.hand + self.picked
        self.dealer = obs["dealer"]
        self.sizes = list(obs["hand_sizes"])
        if pick:
            self.sizes[pick[0]] += len(pick[1])    # a follower part-way: count the picked
        self.trick = [(s, list(c)) for s, c in obs["trick"]]
        if self.trump is None:
            return
        self.suits, self.st = _table(self.trump, self.level)
        self.attacking = self.dealer is not None and (self.dealer & 1) != self.team
        self.points = obs["attacker_points"]
        # unseen cards: 2 of each minus what this seat has seen
        cnt = [2] * 54
        for c in self.whole:
            cnt[c] -= 1
        for c in obs["played"]:
            cnt[c] -= 1
        for _, cs in self.trick:
            for c in cs:
                cnt[c] -= 1
        if pick and pick[0] != me:
            for c in pick[1]:
                cnt[c] -= 1
        self.buried = list(obs["buried"]) if obs["buried"] else []
        for c in self.buried:
            cnt[c] -= 1
        self.unseen = cnt
        # per effective suit: the strongest unseen card, the strongest unseen pair, the count
        suits, st = self.suits, self.st
        top1, top2, out = [-1] * 5, [-1] * 5, [0] * 5
        by_suit: list[list[tuple[int, int]]] = [[] for _ in range(5)]
        for c in range(54):
            n = cnt[c]
            if n > 0:
                s, v = suits[c], st[c]
                out[s] += n
                by_suit[s].append((v, n))
                if v > top1[s]:
                    top1[s] = v
                if n >= 2 and v > top2[s]:
                    top2[s] = v
        self.top1, self.top2, self.out, self.by_suit = top1, top2, out, by_suit
        # suits shown out of, suits without pairs, from the tricks
        self.void = [[False] * 5 for _ in range(4)]
        self.nopair = [[False] * 5 for _ in range(4)]
        played_by: list[list[int]] = [[] for _ in range(4)]
        tricks = [t["plays"] for t in obs["tricks"]]
        if self.trick:
            tricks.append(self.trick)
        for plays in tricks:
            lead = plays[0][1]
            s = self.suits[lead[0]]
            n = len(lead)
            played_by[plays[0][0]].extend(lead)
            for seat, cs in plays[1:]:
                played_by[seat].extend(cs)
                ins = [c for c in cs if self.suits[c] == s]
                if len(ins) < n:
                    self.void[seat][s] = True
                elif n >= 2:
                    cc = _counts(ins)
                    if sum(1 for c in set(ins) if cc[c] == 2) < n // 2:
                        self.nopair[seat][s] = True
        if pick and pick[0] != me:
            played_by[pick[0]].extend(pick[1])
        # cards shown when declaring and not played since: still in that seat's hand
        self.known: list[list[int]] = [[] for _ in range(4)]
        for seat, text in obs["declarations"]:
            if seat == me or not text.startswith("declare"):
                continue
            words = text.split()[1:]
            from ..cards import parse

            shown = [int(c) for c in parse(" ".join(words))]
            left = list(played_by[seat])
            have = list(self.known[seat])
            for c in shown:
                if c in left:
                    left.remove(c)
                elif have.count(c) < shown.count(c):
                    have.append(c)
            self.known[seat] = have

    # ---------------------------------------------------------------- card order helpers
    def higher_unseen(self, suit: int, strength: int, pair: bool = False) -> bool:
        """Whether an unseen card (an unseen pair with ``pair``) of ``suit`` is stronger."""
        return (self.top2 if pair else self.top1)[suit] > strength

    def trumps_out(self) -> int:
        return self.out[TRUMP]

    def may_ruff(self, seat: int, suit: int, pair: bool = False) -> bool:
        """Whether ``seat`` might trump a lead of plain ``suit`` (it is void there)."""
        if suit == TRUMP or not self.void[seat][suit] or self.void[seat][TRUMP]:
            return False
        if pair:
            if self.nopair[seat][TRUMP]:
                return False
            return self.top2[TRUMP] >= 0
        return self.out[TRUMP] > 0

    def win_chance(self, cards: list[int], after: list[int]) -> float:
        """A rough chance that a play of ``cards`` now winning the trick stays unbeaten by the
        opponents in ``after``: each stronger unseen card (pair) is with one of them in
        proportion to their hidden cards; a known void with trumps out usually ruffs."""
        kind, s, n, top = _k.shape(cards, self.trump, self.level)
        opps = [p for p in after if (p & 1) != self.team]
        if not opps or kind == 0:
            return 1.0
        total = sum(self.out)
        if total <= 0:
            return 1.0
        pair = kind >= 2
        holders = [p for p in opps if not self.void[p][s] and not (pair and self.nopair[p][s])]
        chance = 1.0
        if holders:
            if kind == 1:
                h = sum(n for v, n in self.by_suit[s] if v > top)
                q = min(1.0, sum(self.sizes[p] for p in holders) / total)
                chance *= (1.0 - q) ** h
            else:
                q2 = min(1.0, sum(self.sizes[p] * (self.sizes[p] - 1) for p in holders)
                         / max(1, total * (total - 1)))
                higher = [v for v, n in self.by_suit[s] if v > top and n == 2]
                if kind == 2:
                    chance *= (1.0 - q2) ** len(higher)
                else:
                    k = n // 2
                    have = set(higher)
                    runs = sum(1 for lo in have if all(lo + i in have for i in range(k)))
                    chance *= max(0.0, 1.0 - runs * q2 ** k)
        if s != TRUMP:
            for p in opps:
                if self.may_ruff(p, s, pair):
                    chance *= 0.3
        return chance

    def safe(self, cards: list[int], after: list[int]) -> bool:
        """Whether a play of ``cards`` (a single, pair or tractor) now winning the trick cannot
        be beaten by the opponents in ``after`` (the seats still to play), by what is known."""
        kind, s, n, top = _k.shape(cards, self.trump, self.level)
        opps = [p for p in after if (p & 1) != self.team]
        if not opps:
            return True
        if kind == 0:
            return True     # a follow that is not a shape cannot be beaten by a shape
        pair = kind >= 2
        if any(not self.void[p][s] and not (pair and self.nopair[p][s]) for p in opps):
            if self.higher_unseen(s, top, pair):
                return False
        return s == TRUMP or not any(self.may_ruff(p, s, pair) for p in opps)


# -------------------------------------------------------------------- card values

def _value(k: Knowledge, c: int, hand_cnt: list[int]) -> float:
    """How much keeping card ``c`` is worth (cheap cards are thrown first)."""
    st = k.st[c]
    if k.suits[c] == TRUMP:
        v = 14.0 + st * 1.5
    else:
        v = float(st)
        if st == 11:
            v += 4.0
    v += _PTS[c] * 0.9
    if hand_cnt[c] == 2:
        v += 3.0 + st * 0.3
    return v


def _suit_len(hand: list[int], suits) -> list[int]:
    out = [0] * 5
    for c in hand:
        out[suits[c]] += 1
    return out


# -------------------------------------------------------------------- the endgame search

class _World:
    """One determinised deal for the endgame search: the four hands, the trick in progress,
    the trump and level, the attacking team, its points so far and the kitty's points."""

    __slots__ = ("h", "trick", "pts", "kitty", "t", "lv", "att", "nodes", "limit")
    h: list[list[int]]
    trick: list[tuple[int, list[int]]]
    pts: int
    kitty: int
    t: int
    lv: int
    att: int
    nodes: int
    limit: int


class _OutOfBudget(Exception):
    pass


def _follows(hand: list[int], lead: list[int], t: int, lv: int, must: list[int] | None = None
             ) -> list[tuple[int, ...]]:
    """Every legal answer to ``lead`` from ``hand`` (each once), containing ``must``."""
    n = len(lead)
    out: list[tuple[int, ...]] = []
    chosen = list(must or [])

    def rec(start: int) -> None:
        if len(chosen) == n:
            out.append(tuple(sorted(chosen)))
            return
        m = _k.next_mask(hand, lead, chosen, t, lv)
        for c in _mask_cards(m):
            if c < start:
                continue
            chosen.append(c)
            rec(c)
            chosen.pop()

    rec(0)
    if must:
        out = sorted(set(out))     # the picks after ``must`` come in any order
    return out


def _utility(att_points: int, attacking: bool) -> float:
    """The deal's outcome for a side: the 80-point line first, then the levels and points."""
    if att_points >= 80:
        u = 1.0 + 0.25 * min(3, (att_points - 80) // 40) + 0.002 * att_points
    else:
        u = -1.0 - 0.25 * (3 if att_points == 0 else 2 if att_points < 40 else 1
                           if att_points < 80 else 0) + 0.002 * att_points
    return u if attacking else -u


def _moves(w: _World, seat: int) -> list[tuple[int, ...]]:
    hand = w.h[seat]
    if not w.trick:
        return [tuple(p) for p in _k.lead_plays(hand, w.t, w.lv)]
    return _follows(hand, w.trick[0][1], w.t, w.lv)


def _search(w: _World, seat: int, alpha: float, beta: float, my_team: int) -> float:
    w.nodes += 1
    if w.nodes > w.limit:
        raise _OutOfBudget
    moves = _moves(w, seat)
    best = -9.0 if (seat & 1) == my_team else 9.0
    for mv in moves:
        v = _play(w, seat, list(mv), alpha, beta, my_team)
        best, alpha, beta = alpha_beta_step((seat & 1) == my_team, v, best, alpha, beta)
        if alpha >= beta:
            break
    return best


def _play(w: _World, seat: int, cards: list[int], alpha: float, beta: float,
          my_team: int) -> float:
    """Value after ``seat`` plays ``cards`` (undoing the move afterwards)."""
    hand = w.h[seat]
    for c in cards:
        hand.remove(c)
    w.trick.append((seat, cards))
    try:
        if len(w.trick) < 4:
            return _search(w, (seat + 1) & 3, alpha, beta, my_team)
        trick = w.trick
        win = trick[_k.trick_winner([p[1] for p in trick], w.t, w.lv)][0]
        pts = sum(_PTS[c] for _, cs in trick for c in cs)
        old_pts, old_trick = w.pts, trick
        if (win & 1) == w.att:
            w.pts += pts
        w.trick = []
        try:
            if not w.h[win]:
                total = w.pts
                if (win & 1) == w.att:
                    total += w.kitty * 2 * len(cards)
                return _utility(total, my_team == w.att)
            return _search(w, win, alpha, beta, my_team)
        finally:
            w.pts = old_pts
            w.trick = old_trick
    finally:
        w.trick.pop()
        hand.extend(cards)


# -------------------------------------------------------------------- the AI

class TractorAI(SearchAgent):
    """Card-counting heuristic player with a sampled endgame search (module docstring).

    Options: ``strength`` (``"easy"``: the heuristic alone, with slips; ``"normal"``, the default;
    ``"strong"``: four times the worlds, more nodes, and the search from 4 cards: against normal
    +0.016 levels a play, 95% interval [+0.007, +0.025], over 3,000 duplicate plays, and
    +0.011 [-0.004, +0.026] over 1,000 others; from 3 cards it was no stronger, -0.004
    [-0.011, +0.003], and searching from 5 cards with 24 worlds played measurably worse than
    normal), ``samples``
    (worlds sampled per endgame decision, 12 at normal), ``nodes`` (search nodes per decision,
    all worlds together, 6000 at normal), ``endgame`` (hand size from which the search takes
    over, 3 at normal), ``declare_at`` (the declaration score threshold), ``mistakes`` (the
    chance of a slip in the play, any legal card instead of the chosen one: 0.2 at easy, 0
    otherwise). Options given explicitly override the strength's.
    """

    GAME = "tractor"

    name = "ai"
    STRENGTHS = {
        "easy": {"samples": 0, "nodes": 0, "endgame": 0, "declare_at": 11.0, "mistakes": 0.2},
        "normal": {"samples": 12, "nodes": 6000, "endgame": 3, "declare_at": 11.0,
                   "mistakes": 0.0},
        "strong": {"samples": 48, "nodes": 40000, "endgame": 4, "declare_at": 11.0,
                   "mistakes": 0.0},
    }

    #: every option, checked when the AI is built (``cardcore.options.Option``)
    OPTIONS = {
        "samples": Option("int", 12, "worlds sampled an endgame decision", low=0,
                          high=MAX_SAMPLES),
        "nodes": Option("int", 6000, "search nodes a decision, all worlds together", low=0,
                        high=MAX_COUNT),
        "endgame": Option("int", 3, "the hand size from which the search takes over", low=0,
                          high=25),
        "declare_at": Option("number", 11.0, "the score of trumps it declares on", low=0,
                             high=100),
        "mistakes": Option("number", 0.0, "the chance of a slip (any legal card)", low=0,
                           high=1),
    }

    def __init__(self, game: str | None = None, seed: int | None = None, *,
                 strength: str = "normal", samples: int | None = None,
                 nodes: int | None = None, endgame: int | None = None,
                 declare_at: float | None = None, mistakes: float | None = None,
                 **unknown: Any) -> None:
        opts = strength_options(self, strength, unknown, samples=samples, nodes=nodes,
                                endgame=endgame, declare_at=declare_at, mistakes=mistakes)
        self.mistakes = opts["mistakes"]
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.samples = opts["samples"]
        self.nodes = opts["nodes"]
        self.endgame = opts["endgame"]
        self.declare_at = opts["declare_at"]

    # ---------------------------------------------------------------- entry
    def choose(self, state: State, legal: list[Action], me: int, obs: dict) -> Action:
        k = Knowledge(obs)
        phase = obs["phase"]
        if phase == "declare":
            return self._declare(k, legal)
        if phase == "bury":
            return self._bury(k, legal)
        if self.mistakes and self.rng.below(1 << 20) < self.mistakes * (1 << 20):
            return legal[self.rng.below(len(legal))]     # a slip: any legal card
        if len(k.whole) <= self.endgame:
            a = self._endgame(k, legal)
            if a is not None:
                return a
        if not k.trick:
            return self._lead(k, legal)
        return self._follow(k, legal)

    # ---------------------------------------------------------------- declaring
    def _trump_score(self, hand: list[int], trump: int, level: int) -> float:
        suits, st = _table(trump, level)
        cnt = _counts(hand)
        score = 0.0
        for c in set(hand):
            if suits[c] != TRUMP:
                continue
            n = cnt[c]
            if c >= 52:
                w = 2.5
            elif (c >> 2) == level:
                w = 2.0
            else:
                w = 1.0 + (0.5 if st[c] >= 10 else 0.0)
            score += w * n + (1.0 if n == 2 else 0.0)
        return score

    def _declare(self, k: Knowledge, legal: list[Action]) -> Action:
        obs = k.obs
        decl = obs["declaration"]
        options = [a for a in legal if a.kind == "declare"]
        pass_ = next(a for a in legal if a.kind == "pass")
        if not options:
            return pass_
        base = None
        if decl is not None:
            t = decl["trump"]
            base = self._trump_score(k.hand, _TRUMPS[t], k.level)
        best, best_score = None, -1.0
        for a in options:
            c = int(a.cards[0])
            trump = TRUMP if c >= 52 else c & 3
            s = self._trump_score(k.hand, trump, k.level)
            if trump == TRUMP:
                s += 1.5          # no-trump: strong jokers, no weak trump suit to defend
            assert a.amount is not None     # a declaration's number of cards
            s += 0.5 * a.amount   # a pair is harder to overcall than a single
            if s > best_score:
                best, best_score = a, s
        assert best is not None             # (every score is at least 0)
        if decl is not None and (decl["seat"] & 1) == k.team:
            assert base is not None
            # the partner's declaration stands: overcall only with a far better trump
            return best if best_score >= base + 6.0 else pass_
        nothing_yet = decl is None
        passes = 0
        for _, text in reversed(obs["declarations"]):
            if text != "pass":
                break
            passes += 1
        if nothing_yet and passes >= 3:
            return best                     # rather than a random kitty suit
        if nothing_yet and best.amount == 1:
            # the first declarer deals: a single is overcalled by any pair, and a dealer
            # defending the opponents' trump loses often (against greedy seats: 25% of such
            # deals, against 9% when defending its own); let an opponent open the bidding and
            # overcall it instead
            return pass_
        if best_score >= self.declare_at:
            return best
        if decl is not None and base is not None and best_score >= base + 3.0:
            return best                     # the opponents' trump would suit them: overcall
        return pass_

    # ---------------------------------------------------------------- burying
    def _bury(self, k: Knowledge, legal: list[Action]) -> Action:
        hand = k.hand
        cnt = _counts(hand)
        suits = k.suits
        length = _suit_len(hand, suits)
        n_trumps = length[TRUMP]
        strong = n_trumps >= 12
        best, best_cost = None, 1e9
        for a in legal:
            c = int(a.cards[0])
            s = suits[c]
            if s == TRUMP:
                cost = 100.0 + k.st[c]
            else:
                cost = float(k.st[c])
                if k.st[c] == 11:
                    cost += 12.0          # an ace
                if cnt[c] == 2:
                    cost += 8.0
                p = _PTS[c]
                if p:
                    cost += (2.0 if strong else 6.0) + p * (0.4 if strong else 1.0)
                # short suits: burying empties them (a void lets the dealer trump)
                cost += 1.2 * length[s]
            if cost < best_cost:
                best, best_cost = a, cost
        assert best is not None
        return best

    # ---------------------------------------------------------------- leading
    def _lead(self, k: Knowledge, legal: list[Action]) -> Action:
        hand = k.hand
        cnt = _counts(hand)
        suits, st = k.suits, k.st
        length = _suit_len(hand, suits)
        others = [(k.me + i) & 3 for i in (1, 2, 3)]
        trumps_out = k.trumps_out()
        opp = [p for p in others if (p & 1) != k.team]
        opp_trumps = [p for p in opp if not k.void[p][TRUMP]]
        draw = (trumps_out > 0 and opp_trumps and length[TRUMP] * 2 >= trumps_out + 2)
        best, best_score = None, -1e9
        for a in legal:
            cards = [int(c) for c in a.cards]
            n = len(cards)
            c0 = cards[0]
            s = suits[c0]
            pts = sum(_PTS[c] for c in cards)
            top = max(st[c] for c in cards)
            sure = k.safe(cards, others)
            if n >= 2:
                score = (40.0 + 12.0 * n + pts) if sure else (4.0 * n - pts * 0.8 - top * 0.3)
                if s == TRUMP:
                    score += 8.0 if draw else -10.0
                    if not sure:
                        score -= 6.0
            else:
                if sure:
                    score = 20.0 + pts * 0.5
                    if s == TRUMP:
                        score += 6.0 if draw else -14.0
                    elif cnt[c0] == 2:
                        score -= 6.0          # do not break a pair to cash a single
                else:
                    v = _value(k, c0, cnt)
                    score = -v - pts * 1.5 + 10.0 * k.win_chance(cards, others)
                    if s != TRUMP:
                        score += 6.0 - 1.5 * length[s]       # lead from short suits
                        if any(k.may_ruff(p, s) for p in opp):
                            score -= 8.0 + 2.0 * pts         # an opponent would ruff it
                        # the partner may win it: they are void (and hold trumps) there
                        partner = (k.me + 2) & 3
                        if k.void[partner][s] and not k.void[partner][TRUMP]:
                            score += 8.0 + pts
                    else:
                        score -= 6.0
            if score > best_score:
                best, best_score = a, score
        assert best is not None
        return best

    # ---------------------------------------------------------------- following
    def _follow(self, k: Knowledge, legal: list[Action]) -> Action:
        plan = self._plan(k)
        want = _counts(plan)
        for c in k.picked:
            want[c] -= 1
        for a in legal:
            if want[int(a.cards[0])] > 0:
                return a
        return legal[0]  # pragma: no cover - the plan is always a legal answer

    def _plan(self, k: Knowledge) -> list[int]:
        """The whole answer to the trick's lead (containing the cards already picked)."""
        t, lv = k.trump, k.level
        lead = k.trick[0][1]
        n = len(lead)
        whole = k.whole
        cnt = _counts(whole)
        plays = [cs for _, cs in k.trick]
        pos = len(plays)
        win_idx = _k.trick_winner(plays, t, lv)
        winner = k.trick[win_idx][0]
        after = [(k.me + i) & 3 for i in range(1, 4 - pos)]
        table_pts = sum(_PTS[c] for cs in plays for c in cs)
        partner_wins = (winner & 1) == k.team
        last = not after
        partner_safe = partner_wins and (last or k.safe(plays[win_idx], after))
        # the answers that would win the trick now: same shape, from the hand
        winning: list[list[int]] = []
        kind = _k.shape(lead, t, lv)[0]
        cands: list[tuple[int, ...]]
        if n == 1:
            cands = [(c,) for c in _mask_cards(_k.next_mask(whole, lead, k.picked, t, lv))]
            if k.picked:
                cands = []
        else:
            cands = [p for p in _k.lead_plays(whole, t, lv) if len(p) == n
                     and _k.shape(list(p), t, lv)[0] == kind]
        for cand in cands:
            p = list(cand)
            if any(_counts(p)[c] < _counts(k.picked)[c] for c in k.picked):
                continue
            if not _k.is_legal_follow(whole, lead, p, t, lv):
                continue
            if _k.trick_winner(plays + [p], t, lv) == pos:
                winning.append(p)
        if partner_safe:
            return self._complete(k, lead, give=True)
        if winning:
            def cost(p):
                return sum(_value(k, c, cnt) for c in p)
            safe = [p for p in winning if last or k.safe(p, after)]
            my_pts = lambda p: sum(_PTS[c] for c in p)  # noqa: E731
            if safe:
                p = min(safe, key=cost)
                worth = table_pts + my_pts(p) >= 5 or last or cost(p) < 20 or n >= 2
                if worth and not partner_wins:
                    return p
                if partner_wins and (table_pts >= 10 and k.safe(p, after)):
                    return p
            elif not partner_wins and table_pts >= 10:
                # no sure winner: try the strongest winner when the trick is rich
                p = max(winning, key=lambda p: max(k.st[c] for c in p))
                if sum(_value(k, c, cnt) for c in p) < 45:
                    return p
        return self._complete(k, lead, give=False)

    def _complete(self, k: Knowledge, lead: list[int], give: bool) -> list[int]:
        """Fill the answer card by card with the cheapest offered card (with ``give``: feed
        counters first)."""
        t, lv = k.trump, k.level
        whole = k.whole
        cnt = _counts(whole)
        chosen = list(k.picked)
        n = len(lead)
        while len(chosen) < n:
            offered = _mask_cards(_k.next_mask(whole, lead, chosen, t, lv))
            if give:
                chosen.append(min(offered, key=lambda c: (-_PTS[c] if _PTS[c] else 0,
                                                          _value(k, c, cnt))))
            else:
                chosen.append(min(offered, key=lambda c: _value(k, c, cnt)))
        return chosen

    # ---------------------------------------------------------------- endgame
    def _endgame(self, k: Knowledge, legal: list[Action]) -> Action | None:
        me = k.me
        t, lv = k.trump, k.level
        assert t is not None                # (a trump is set once the play begins)
        if k.trick:
            roots = _follows(k.whole, k.trick[0][1], t, lv, must=k.picked or None)
        else:
            roots = [tuple(int(c) for c in a.cards) for a in legal]
        if len(roots) <= 1:
            return None if not roots else self._first_card(roots[0], k, legal)
        totals = [0.0] * len(roots)
        done = 0
        budget = self.nodes
        for _ in range(self.samples):
            if budget <= 0:
                break
            w = self._world(k)
            if w is None:
                continue
            w.limit = budget
            vals = []
            try:
                for r in roots:
                    vals.append(_play_root(w, me, list(r), k))
            except _OutOfBudget:
                break
            finally:
                budget -= w.nodes
            for j, v in enumerate(vals):
                totals[j] += v
            done += 1
        if not done:
            return None
        best = max(range(len(roots)), key=lambda j: (totals[j], -j))
        return self._first_card(roots[best], k, legal)

    def _first_card(self, play, k: Knowledge, legal: list[Action]) -> Action:
        cards = sorted(play)
        for a in legal:
            if sorted(int(c) for c in a.cards) == cards:
                return a
        want = _counts(cards)
        for c in k.picked:
            want[c] -= 1
        for a in legal:
            if len(a.cards) == 1 and want[int(a.cards[0])] > 0:
                return a
        return legal[0]  # pragma: no cover

    def _world(self, k: Knowledge) -> _World | None:
        """One determinisation of the hidden cards (and, for a non-dealer, the kitty)."""
        me = k.me
        sizes = {}
        pre: list[list[int]] = [[] for _ in range(5)]
        unseen = []
        cnt = list(k.unseen)
        for seat in range(4):
            if seat == me:
                continue
            for c in k.known[seat]:
                if cnt[c] > 0 and len(pre[seat]) < k.sizes[seat]:
                    cnt[c] -= 1
                    pre[seat].append(c)
        for c in range(54):
            unseen.extend([c] * cnt[c])
        for seat in range(4):
            if seat != me:
                sizes[seat] = k.sizes[seat] - len(pre[seat])
        kitty_hidden = k.dealer != me
        if kitty_hidden:
            sizes[4] = 8
        if sum(sizes.values()) != len(unseen):
            return None
        void = k.void
        suits = k.suits

        def allowed(h: int, c: int) -> bool:
            return h == 4 or not void[h][suits[c]]

        dealt = deal_unseen(unseen, sizes, self.rng, allowed=allowed, tries=4)
        if dealt is None:
            dealt = deal_unseen(unseen, sizes, self.rng)
        assert dealt is not None            # (unconstrained: always a deal)
        w = _World()
        w.h = [[] for _ in range(4)]
        for seat in range(4):
            if seat == me:
                w.h[seat] = list(k.hand)
            else:
                w.h[seat] = pre[seat] + dealt[seat]
        kitty = dealt[4] if kitty_hidden else k.buried
        w.kitty = sum(_PTS[c] for c in kitty)
        w.trick = [(s, list(cs)) for s, cs in k.trick]
        assert k.trump is not None
        w.t, w.lv = k.trump, k.level
        w.att = 1 - (k.dealer & 1)
        w.pts = k.points
        w.nodes = 0
        return w


def _play_root(w: _World, me: int, play: list[int], k: Knowledge) -> float:
    """Value of ``me`` playing ``play`` (the whole answer; picked cards included) in ``w``."""
    hand = w.h[me]
    picked = list(k.picked)
    # the world holds the hand without the picked cards: put them back for the whole play
    hand.extend(picked)
    try:
        return _play(w, me, list(play), -9.0, 9.0, me & 1)
    finally:
        for c in picked:
            hand.remove(c)


# -------------------------------------------------------------------- the baseline

class GreedyTractor(RuleAgent):
    """A simple baseline (module docstring)."""

    GAME = "tractor"

    name = "greedy"

    def act(self, state: State) -> Action:
        legal, me, obs = self.view(state)
        phase = obs["phase"]
        if phase == "declare":
            decl = [a for a in legal if a.kind == "declare"]
            return decl[0] if decl else legal[0]
        lv = LEVELS.index(obs["level"])
        suits, st = _table(_TRUMPS[obs["trump"]], lv)

        def low(a: Action) -> tuple:
            c = int(a.cards[0])
            return (suits[c] == TRUMP, _PTS[c] > 0, st[c], c)

        if phase == "bury":
            return min(legal, key=low)
        if not obs["trick"]:
            singles = [a for a in legal if len(a.cards) == 1]
            plain = [a for a in singles if suits[int(a.cards[0])] != TRUMP]
            return max(plain or singles, key=lambda a: (st[int(a.cards[0])], -int(a.cards[0])))
        plays = [cs for _, cs in obs["trick"]]
        if len(plays[0]) == 1:
            t = _TRUMPS[obs["trump"]]
            me = obs["player"]
            best = obs["trick"][_k.trick_winner(plays, t, lv)][0]
            if (best & 1) != (me & 1):
                wins = [a for a in legal
                        if _k.trick_winner(plays + [[int(a.cards[0])]], t, lv) == len(plays)]
                if wins:
                    return min(wins, key=low)
        return min(legal, key=low)


register_agent("greedy", "tractor", "cardcore.agents.tractor:GreedyTractor")

__all__ = ["TractorAI", "GreedyTractor", "Knowledge"]
