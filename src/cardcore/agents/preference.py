"""Preference agents: ``PreferenceAI`` (hand evaluation + determinised alpha-beta card play) and
``SimplePreferenceAgent`` (a rule-of-thumb baseline, agent name ``"simple"``).

``PreferenceAI`` reads only ``state.observation(seat)`` and the legal actions:

1. **Hand evaluation.** ``estimate_tricks(hand, trump)`` counts, suit by suit, the cards that
   win once the higher outstanding cards are gone (a card with ``k`` higher own cards above it
   and ``m`` missing higher cards is a winner when ``m <= k``, half a winner when ``m == k + 1``
   and the suit is long enough, a fifth when ``m == k + 2``); side suits are capped by the
   rounds the opponents can follow before ruffing, trumps are not; short side suits with
   spare trumps add ruffs. As a defender the trump suit is counted like a side suit.
2. **Auction.** Hearts at the first turn with ``hearts`` estimated tricks, a Game (the best
   legal suit) with ``game`` tricks, otherwise number bids and holds up to the highest level
   whose suit reaches ``bid`` tricks (plus ``talon`` for the exchange).
3. **Exchange.** Every discard pair and every legal trump is evaluated; the pair and trump with
   the most estimated tricks are chosen. No Aces is announced with ``no_aces`` tricks.
4. **Defence.** Stay when the estimated defensive tricks reach ``stay`` (two tricks avoid the
   penalty), lowered by ``adapt`` times the excess of the declarer's failure rate in the
   match so far over 15 % (a declarer who often fails is defended more); the single staying
   defender invites with ``invite`` tricks (the host answers for four tricks with the guest's
   help).
5. **Card play.** ``samples`` deals of the unseen cards consistent with the play so far (voids,
   and the must-beat duty: a player who followed without beating holds no higher card of that
   suit; as a defender, deals where the declarer's whole hand is worth ``infer`` tricks in its
   trump suit, more for a Game or Hearts, are preferred) are searched by alpha-beta (declarer
   maximises its tricks, the defenders minimise) with a transposition table at trick starts,
   cards that are adjacent in rank merged. The
   search deepens one trick at a time (a quick-tricks estimate at the horizon) until it is exact
   or the work budget ``nodes`` (search nodes per move, default 6,000: about as long as the
   old 100 ms clock budget took on the reference machine; ``max_depth`` tricks at most) is
   spent; the deepest finished horizon decides, by the mean payoff over the samples. With no
   finished horizon a cheap rule plays (win as cheaply as possible, else the lowest card).
   ``budget_ms=`` is the explicit opt-in to stop by the clock instead (then the same seed may
   play differently on another machine).

The search keeps a compact world (bit masks) but applies the game's own rules
(``cardcore.preference.state``: ``legal_cards``, ``beats``, ``trick_winner``); the unseen cards
are dealt by the one sampler, ``cardcore.agents.sampling.deal_unseen``.
"""

from __future__ import annotations

import time
from typing import Any

from ..cards import deck_vienna32
from ..game import Action, State
from .._ref.preference_step import ACE, BONUS, FAIL, NEED, TAKE  # (the rule's numbers)
from ..preference.state import (
    DISPLAY_SUITS, HEARTS, LEVEL_SUIT, SUIT_BY_NAME, SUIT_LEVEL, SUIT_NAMES, beats, legal_cards,
    trick_winner,
)
from ..rng import Rng, fresh_seed
from . import RuleAgent, SearchAgent, alpha_beta_step, register_agent
from .sampling import deal_unseen
from .strength import MAX_COUNT, MAX_SAMPLES, MAX_SECONDS, Option, strength_options

ALL32 = sorted(int(c) for c in deck_vienna32())
LOW = ALL32[0] >> 2  # the 7
SUIT_MASK = [sum(1 << c for c in ALL32 if c & 3 == s) for s in range(4)]
ABOVE = [0] * 52
for _c in ALL32:
    ABOVE[_c] = sum(1 << c for c in ALL32 if c & 3 == _c & 3 and c > _c)
#: ``_BEATS[trump][best * 52 + card]``: the game's ``beats`` for every pair of cards, asked
#: once (the search asks it at every node)
_BEATS = [[False] * (52 * 52) for _ in range(4)]
for _t in range(4):
    for _b in ALL32:
        for _c in ALL32:
            _BEATS[_t][_b * 52 + _c] = beats(_c, _b, _t)
del _c, _b, _t
DEFAULT_NODES = 8_000


def _bits(m: int):
    while m:
        lb = m & -m
        yield lb.bit_length() - 1
        m ^= lb


def _popcount(m: int) -> int:
    return bin(m).count("1")


# ------------------------------------------------------------------ hand evaluation

def suit_winners(ranks: list[int], known_out: int | None = None) -> float:
    """Winners in one suit from its ranks (5..12), counted as explained in the module doc."""
    rs = sorted(ranks, reverse=True)
    n = len(rs)
    w = 0.0
    for k, r in enumerate(rs):
        missing_higher = (ACE - r) - k
        if missing_higher <= k:
            w += 1.0
        elif missing_higher == k + 1 and n >= k + 2:
            w += 0.5
        elif missing_higher == k + 2 and n >= k + 3:
            w += 0.2
    return w


def estimate_tricks(hand: list[int], trump: int, declarer: bool = True) -> float:
    """Estimated tricks of ``hand`` with ``trump`` as trumps (as declarer or as a defender)."""
    by = {s: [c >> 2 for c in hand if c & 3 == s] for s in range(4)}
    total = 0.0
    nt = len(by[trump])
    for s in range(4):
        rs = by[s]
        if not rs:
            continue
        w = suit_winners(rs)
        if s != trump or not declarer:
            out = 8 - len(rs)
            cap = max(1, out // 2 + 1)
            w = min(w, cap)
            if s == trump:   # a defender's trumps: mostly the honours count
                w = min(w, 0.6 * w + 0.4 * sum(1 for r in rs if r >= 10))
        total += w
    if declarer and nt >= 4:
        spare = nt - 4
        short = sum(max(0, 2 - len(by[s])) for s in range(4) if s != trump)
        total += 0.5 * min(spare + 1, short)
    return total


def best_trump(hand: list[int], min_level: int = 1) -> tuple[float, int]:
    """(estimated tricks, suit) of the best trump suit at least ``min_level`` high."""
    return max((estimate_tricks(hand, s), s) for s in DISPLAY_SUITS if SUIT_LEVEL[s] >= min_level)


# ------------------------------------------------------------------ trick-taking search

class _Abort(Exception):
    pass


_LEGAL: dict[tuple, int] = {}


def _legal_mask(hand: int, lead: int, best: int, lowest: bool, trump: int) -> int:
    """The game's ``legal_cards`` of a hand mask on a trick led by ``lead`` and won so far by
    ``best``, as a mask (remembered in ``_LEGAL``)."""
    if len(_LEGAL) > 200_000:
        _LEGAL.clear()
    trick = [lead] if best == lead else [lead, best]
    pool = 0
    for c in legal_cards(list(_bits(hand)), trick, trump, lowest_beat=lowest):
        pool |= 1 << c
    return pool


class Solver:
    """Alpha-beta over one fully known position: the declarer's tricks from here.

    ``max_nodes`` (> 0) and ``deadline`` (a ``time.perf_counter()`` value) end the search with
    ``_Abort`` once passed; 0 / ``None``: no limit."""

    def __init__(self, trump: int, declarer: int, active: list[int], max_nodes: int = 0,
                 deadline: float | None = None) -> None:
        self.trump = trump
        self.declarer = declarer
        self.active = list(active)
        self.n = len(active)
        self.nxt = {s: active[(i + 1) % self.n] for i, s in enumerate(active)}
        self.three = self.n == 3
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.tmask = SUIT_MASK[trump]
        self.wins = _BEATS[trump]

    def moves(self, hand: int, lead: int, best: int, nplayed: int, decl_led: bool,
              others: int) -> list[int]:
        """Legal cards (the game's ``legal_cards``), adjacent cards merged, a cheap move
        order. ``lead``: the card led to this trick, ``best`` the card winning it so far."""
        if nplayed == 0:
            pool = hand
        else:
            lowest = nplayed == 1 and decl_led and self.three
            key = (hand, lead, best, lowest, self.trump)
            cached = _LEGAL.get(key)
            if cached is None:
                cached = _legal_mask(hand, lead, best, lowest, self.trump)
                _LEGAL[key] = cached
            pool = cached
            if lowest and pool & (pool - 1) == 0:
                return [pool.bit_length() - 1]
        out: list[int] = []
        for s in range(4):
            last = -1
            for c in _bits(pool & SUIT_MASK[s]):   # low to high within the suit
                # no other player's card between two of mine: the same card for the play
                if last >= 0 and not (ABOVE[last] & ~ABOVE[c - 4] & others):
                    out[-1] = c    # keep the higher card of the block
                else:
                    out.append(c)
                last = c
        return out

    def leaf(self, hands: list[int]) -> float:
        d = self.declarer
        dh = hands[d]
        r = _popcount(dh)
        if r == 0:
            return 0.0
        opp = 0
        tmax = 0
        for s in self.active:
            if s != d:
                opp |= hands[s]
                tmax = max(tmax, _popcount(hands[s] & self.tmask))
        wd = wf = 0
        for s in range(4):
            m = (dh | opp) & SUIT_MASK[s]
            cards = sorted(_bits(m), reverse=True)
            if not cards:
                continue
            first_is_d = bool(dh >> cards[0] & 1)
            k = 0
            for c in cards:
                if bool(dh >> c & 1) != first_is_d:
                    break
                k += 1
            if first_is_d:
                wd += min(k, _popcount(dh & SUIT_MASK[s]))
            else:
                wf += min(k, 2)
        td = _popcount(dh & self.tmask)
        rest = max(0, r - wd - wf)
        ratio = (td + 1) / (td + tmax + 2)
        return max(0.0, min(float(r), wd + rest * ratio))

    def trick_start(self, hands: list[int], leader: int, depth: int, alpha: float,
                    beta: float, tt: dict) -> float:
        if depth == 0 or hands[leader] == 0:
            return self.leaf(hands) if hands[leader] else 0.0
        key = (tuple(hands[s] for s in self.active), leader, depth)
        lo, hi = tt.get(key, (-1.0, 99.0))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        a0, b0 = alpha, beta
        alpha, beta = max(alpha, lo), min(beta, hi)
        v = self.play(hands, leader, leader, 0, -1, -1, -1, depth, alpha, beta, tt, 0)
        if v <= a0:
            tt[key] = (lo, v)
        elif v >= b0:
            tt[key] = (v, hi)
        else:
            tt[key] = (v, v)
        return v

    def play(self, hands, seat, leader, nplayed, lead, best, best_seat, depth, alpha, beta, tt,
             table):
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise _Abort
        if (self.deadline is not None and (self.nodes & 31) == 0
                and time.perf_counter() > self.deadline):
            raise _Abort
        others = table
        for s in self.active:
            if s != seat:
                others |= hands[s]
        mv = self.moves(hands[seat], lead, best, nplayed, leader == self.declarer, others)
        maximizing = seat == self.declarer
        wins = self.wins
        # cheap ordering: winning cards first for the side not yet winning, else low cards
        if nplayed:
            side_winning = (best_seat == self.declarer) == maximizing
            if not side_winning:
                mv.sort(key=lambda c: (not wins[best * 52 + c], c >> 2))
            else:
                mv.sort(key=lambda c: c >> 2)
        else:
            mv.sort(key=lambda c: -(c >> 2))
        value = -1.0 if maximizing else 99.0
        for c in mv:
            v = self.after(hands, seat, leader, nplayed, lead, best, best_seat, c, depth,
                           alpha, beta, tt, table)
            value, alpha, beta = alpha_beta_step(maximizing, v, value, alpha, beta)
            if alpha >= beta:
                break
        return value

    def after(self, hands, seat, leader, nplayed, lead, best, best_seat, c, depth, alpha, beta,
              tt, table) -> float:
        """The value once ``seat`` plays card ``c``, searched in the window (alpha, beta); the
        card goes back to the hand afterwards."""
        bit = 1 << c
        hands[seat] ^= bit
        if nplayed == 0:
            nl, nb, nbs = c, c, seat
        else:
            nl = lead
            nb, nbs = (c, seat) if self.wins[best * 52 + c] else (best, best_seat)
        if nplayed + 1 == self.n:
            add = 1.0 if nbs == self.declarer else 0.0
            v = add + self.trick_start(hands, nbs, depth - 1, alpha - add, beta - add, tt)
        else:
            v = self.play(hands, self.nxt[seat], leader, nplayed + 1, nl, nb, nbs, depth,
                          alpha, beta, tt, table | bit)
        hands[seat] ^= bit
        return v

    def root_values(self, hands, seat, leader, nplayed, lead, best, best_seat, depth, tt,
                    table, cands) -> dict[int, float]:
        """The value of each candidate card (exact within the horizon: the window is wider
        than any number of tricks)."""
        return {c: self.after(hands, seat, leader, nplayed, lead, best, best_seat, c, depth,
                              -1.0, 99.0, tt, table) for c in cands}


# ------------------------------------------------------------------ inference and sampling

def play_constraints(obs: dict) -> list[list[int]]:
    """``cap[p][s]``: every card of suit ``s`` seat ``p`` may still hold ranks below it (13: no
    limit, 0: void), read from the public tricks and the trick on the table."""
    trump = obs["contract"]["trump"]
    cap = [[13] * 4 for _ in range(3)]
    tricks = [t["cards"] for t in obs["tricks"]] + ([obs["trick"]] if obs["trick"] else [])
    for cards in tricks:
        led = cards[0][1] & 3
        best = cards[0][1]
        for seat, c in cards[1:]:
            s = c & 3
            beat = beats(c, best, trump)
            if s != led:
                cap[seat][led] = 0
                if s != trump:
                    cap[seat][trump] = 0
                elif not beat:
                    cap[seat][trump] = min(cap[seat][trump], best >> 2)
            elif not beat and (best & 3) == led:
                cap[seat][led] = min(cap[seat][led], best >> 2)
            if beat:
                best = c
    return cap


def deal_within_caps(rng: Rng, unseen: list[int], sizes: dict[int, int],
                     cap: list[list[int]], tries: int = 18) -> dict[int, list[int]] | None:
    """Deal ``unseen`` to the seats in ``sizes`` (the rest goes unused) with the one sampler,
    ``deal_unseen``, within the caps (``play_constraints``); when ``tries`` attempts all meet
    a dead end, once more ignoring the caps. ``None`` only when the sizes cannot be met."""
    if all(cap[p][s] >= 13 for p in sizes for s in range(4)):
        return deal_unseen(unseen, sizes, rng)

    def allowed(seat: int, card: int) -> bool:
        return (card >> 2) < cap[seat][card & 3]

    deal = deal_unseen(unseen, sizes, rng, allowed=allowed, tries=tries)
    if deal is None:  # the inference is wrong somewhere: relax it
        deal = deal_unseen(unseen, sizes, rng)
    return deal


def _amount(action: Action) -> int:
    """The level an action carries (a trump choice names its suit by its level)."""
    assert action.amount is not None
    return action.amount


# ------------------------------------------------------------------ the AI

class PreferenceAI(SearchAgent):
    """The built-in Preference AI (see the module docstring).

    Card play thinks for ``nodes`` search nodes per move over ``samples`` deals (by
    ``strength``: ``easy`` one node over one deal, so that at most the current trick is
    searched and mostly the quick rule ``fallback_card`` plays; ``normal`` ``DEFAULT_NODES``
    over 10 deals, ``strong`` 60,000 over 20; 0 nodes: no limit), or, with the opt-in
    ``budget_ms``, by the clock (then ``nodes`` defaults to no limit). The auction, exchange
    and defence are the same at every strength."""

    GAME = "preference"

    name = "ai"
    #: the options of each strength (``normal``: the long-standing defaults)
    STRENGTHS: dict[str, dict[str, Any]] = {
        "easy": {"samples": 1, "nodes": 1},     # one node: mostly the quick rule plays
        "normal": {"samples": 10, "nodes": DEFAULT_NODES},
        "strong": {"samples": 20, "nodes": 60_000},
    }

    #: every option, checked when the AI is built; the thresholds are tricks a hand is
    #: estimated to take, of ten (11: never)
    OPTIONS = {
        "nodes": Option("int", DEFAULT_NODES, "search nodes a card (0: no limit; None: the "
                        "strength's, or no limit with budget_ms)", low=0, high=MAX_COUNT,
                        none=True),
        "budget_ms": Option("number", None, "milliseconds a card, opt-in (None: count the "
                            "work)", low=0.001, high=MAX_SECONDS * 1000, none=True),
        "samples": Option("int", 10, "deals sampled a searched card", low=1,
                          high=MAX_SAMPLES),
        "bid": Option("number", 5.3, "tricks it bids on", low=0, high=11),
        "talon": Option("number", 0.4, "tricks it expects from the talon", low=-11, high=11),
        "game_tricks": Option("number", 6.3, "tricks it bids a game on", low=0, high=11),
        "hearts": Option("number", 6.6, "tricks it bids hearts on", low=0, high=11),
        "no_aces": Option("number", 6.8, "tricks it announces No Aces on", low=0, high=11),
        "stay": Option("number", 2.8, "tricks a defender stays in on", low=0, high=11),
        "invite": Option("number", 3.4, "tricks a defender invites on", low=0, high=11),
        "max_depth": Option("int", 10, "the deepest search, in tricks", low=1, high=10),
        "infer": Option("number", 4.5, "the declarer's tricks a defender reads from the "
                        "contract (0: off)", low=0, high=11),
        "adapt": Option("number", 3.0, "how far a defender stays in less after seen failures",
                        low=0, high=10),
    }

    def __init__(self, game: str | None = "preference", seed: int | None = None, *,
                 strength: str = "normal", nodes: int | None = None,
                 budget_ms: float | None = None, samples: int | None = None,
                 bid: float | None = None, talon: float | None = None,
                 game_tricks: float | None = None, hearts: float | None = None,
                 no_aces: float | None = None, stay: float | None = None,
                 invite: float | None = None, max_depth: int | None = None,
                 infer: float | None = None, adapt: float | None = None,
                 **unknown: Any) -> None:
        if nodes is None and budget_ms is not None:
            nodes = 0                   # the clock decides, unless nodes are given too
        o = strength_options(self, strength, unknown, nodes=nodes, budget_ms=budget_ms,
                             samples=samples, bid=bid, talon=talon, game_tricks=game_tricks,
                             hearts=hearts, no_aces=no_aces, stay=stay, invite=invite,
                             max_depth=max_depth, infer=infer, adapt=adapt)
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.nodes = o["nodes"]
        self.budget = None if o["budget_ms"] is None else o["budget_ms"] / 1000.0
        self.samples = o["samples"]
        self.t_bid, self.t_talon, self.t_game = o["bid"], o["talon"], o["game_tricks"]
        self.t_hearts, self.t_no_aces = o["hearts"], o["no_aces"]
        self.t_stay, self.t_invite = o["stay"], o["invite"]
        self.max_depth = o["max_depth"]
        self.infer = o["infer"]
        self.adapt = o["adapt"]

    def choose(self, state: State, legal: list[Action], seat: int, obs: dict) -> Action:
        ph = obs["phase"]
        by_text = {a.text: a for a in legal}
        if ph == "auction":
            return by_text[self._bid(obs, by_text)]
        if ph == "discard":
            return self._discard(obs, legal)
        if ph == "trump":
            hand = obs["hand"]
            return max(legal, key=lambda a: estimate_tricks(hand, LEVEL_SUIT[_amount(a)]))
        if ph == "announce":            # (every declarer is asked; only one may announce)
            est = estimate_tricks(obs["hand"], obs["contract"]["trump"])
            may = "no aces" in by_text
            return by_text["no aces" if may and est >= self.t_no_aces else "no announcement"]
        if ph == "defence":
            est = estimate_tricks(obs["hand"], obs["contract"]["trump"], declarer=False)
            thr = self.t_stay - self.adapt * max(0.0, failure_rate(obs) - PRIOR_FAIL)
            return by_text["stay" if est >= thr else "drop"]
        if ph == "invite":
            est = estimate_tricks(obs["hand"], obs["contract"]["trump"], declarer=False)
            return by_text["invite" if est >= self.t_invite else "alone"]
        return self._play(obs, legal)

    # -------------------------------------------------------------- auction
    def _bid(self, obs: dict, legal: dict) -> str:
        hand = obs["hand"]
        est = {s: estimate_tricks(hand, s) for s in range(4)}
        if "hearts" in legal and est[HEARTS] >= self.t_hearts:
            return "hearts"
        games = [SUIT_BY_NAME[t.split()[1]] for t in legal if t.startswith("game ")]
        if games:
            g = max(games, key=lambda s: est[s])
            if est[g] >= self.t_game:
                return f"game {SUIT_NAMES[g]}"
        top = max((SUIT_LEVEL[s] for s in range(4) if est[s] + self.t_talon >= self.t_bid),
                  default=0)
        for t in legal:
            if t == "hold" and obs_level(obs) <= top:
                return "hold"
            if t.isdigit() and int(t) <= top:
                return t
        return "pass"

    # -------------------------------------------------------------- exchange
    def _discard(self, obs: dict, legal: list[Action]) -> Action:
        hand = obs["hand"]
        level = obs["contract"]["level"]
        best, best_v = legal[0], -1.0
        for a in legal:
            out = {int(c) for c in a.cards}
            rest = [c for c in hand if c not in out]
            v = best_trump(rest, level)[0]
            v -= 0.01 * sum(c >> 2 == ACE for c in out)   # keep aces when it is equal
            if v > best_v:
                best, best_v = a, v
        return best

    # -------------------------------------------------------------- card play
    def _play(self, obs: dict, legal: list[Action]) -> Action:
        deadline = None
        if self.budget is not None:
            deadline = time.perf_counter() + 0.8 * self.budget   # headroom for the last nodes
        seat = obs["player"]
        con = obs["contract"]
        trump, decl = con["trump"], con["declarer"]
        active = obs["active"]
        hand = obs["hand"]
        played = {c for t in obs["tricks"] for _, c in t["cards"]} | {c for _, c in obs["trick"]}
        seen = set(hand) | played | set(obs["discards"] or [])
        unseen = [c for c in ALL32 if c not in seen]
        sizes = {p: obs["hand_sizes"][p] for p in active if p != seat}
        cap = play_constraints(obs)
        table = 0
        for _, c in obs["trick"]:
            table |= 1 << c
        trick = obs["trick"]
        nplayed = len(trick)
        leader = trick[0][0] if trick else seat
        lead = trick[0][1] if trick else -1
        best, best_seat = -1, -1
        if trick:
            best_seat, best = trick[trick_winner([c for _, c in trick], trump)]
        legal_ids = [int(a.cards[0]) for a in legal]
        worlds: list[list[int]] = []        # the hands of the three seats as card masks
        spare: list[list[int]] = []
        # as a defender, prefer deals where the declarer's hand fits its contract
        want = None
        if seat != decl and self.infer > 0:
            want = self.infer + (0.8 if con["kind"] != "number" else 0.0)
            decl_played = [c for t in obs["tricks"] for s_, c in t["cards"] if s_ == decl]
            decl_played += [c for s_, c in obs["trick"] if s_ == decl]
        for _ in range(self.samples * (3 if want is not None else 1)):
            if len(worlds) >= self.samples:
                break
            deal = deal_within_caps(self.rng, unseen, sizes, cap)
            if deal is None:
                break
            hands = [0, 0, 0]
            for c in hand:
                hands[seat] |= 1 << c
            for p, cs in deal.items():
                for c in cs:
                    hands[p] |= 1 << c
            if want is not None and estimate_tricks(deal[decl] + decl_played, trump) < want:
                spare.append(hands)
                continue
            worlds.append(hands)
        worlds += spare[:self.samples - len(worlds)]
        remaining = len(hand)
        chosen = None
        self.last_depth = 0
        if worlds:
            solver = Solver(trump, decl, active, self.nodes, deadline)
            others_all = 0
            for c in unseen:
                others_all |= 1 << c
            cands = solver.moves(sum(1 << c for c in hand), lead, best, nplayed,
                                 leader == decl, others_all | table)
            cands = [c for c in cands if c in legal_ids] or legal_ids
            if len(cands) == 1:
                chosen = cands[0]
            else:
                won_decl = obs["won"][decl]
                for depth in range(1, min(remaining, self.max_depth) + 1):
                    try:
                        totals = dict.fromkeys(cands, 0.0)
                        for hands in worlds:
                            tt: dict = {}
                            vals = solver.root_values(list(hands), seat, leader, nplayed, lead,
                                                      best, best_seat, depth, tt, table, cands)
                            for c, v in vals.items():
                                totals[c] += self._utility(won_decl + v, seat, obs)
                    except _Abort:
                        break
                    chosen = max(cands, key=lambda c: (totals[c], -(c >> 2)))
                    self.last_depth = depth
                    if self.nodes and solver.nodes >= self.nodes:
                        break
                    if deadline is not None and time.perf_counter() > deadline:
                        break
        if chosen is None:
            side_winning = bool(trick) and (best_seat == decl) == (seat == decl)
            chosen = fallback_card(hand, [c for _, c in trick], trump, side_winning, legal_ids)
        for a in legal:
            if int(a.cards[0]) == chosen:
                return a
        return legal[0]  # pragma: no cover

    @staticmethod
    def _utility(t: float, seat: int, obs: dict) -> float:
        """The payoff of ``seat`` when the declarer ends with ``t`` tricks (a smooth step)."""
        con = obs["contract"]
        p_made = min(1.0, max(0.0, t - (NEED - 1)))
        bonus = float(BONUS) * (con["kind"] == "hearts") + float(BONUS) * bool(obs["no_aces"])
        if seat == con["declarer"]:   # the pot move, the bonuses, 1 per defenders' trick
            return p_made * (TAKE + 2 * bonus) - (1 - p_made) * (FAIL + 2 * bonus) - (10 - t)
        return (10 - t) + (1 - p_made) * bonus - p_made * bonus


PRIOR_FAIL = 0.15


def failure_rate(obs: dict) -> float:
    """How often this deal's declarer failed its earlier contracts in the match (shrunk
    towards ``PRIOR_FAIL`` by three imaginary contracts)."""
    d = obs["contract"]["declarer"]
    own = [r for r in obs["past"] if not r["void"] and r["contract"]["declarer"] == d]
    fails = sum(1 for r in own if not r["made"])
    return (fails + 3 * PRIOR_FAIL) / (len(own) + 3)


def obs_level(obs: dict) -> int:
    """The number a ``hold`` would keep (the highest number bid so far)."""
    n = 0
    for _, t in obs["auction"]:
        if t.isdigit():
            n = int(t)
    return n


def fallback_card(hand: list[int], trick: list[int], trump: int, side_winning: bool,
                  legal: list[int]) -> int:
    """Cheap play: lead the highest card; win as cheaply as possible unless the own side is
    already winning; otherwise the lowest card."""
    if not trick:
        return max(legal, key=lambda c: (c & 3 == trump, c >> 2))
    best = trick[trick_winner(trick, trump)]
    winners = [c for c in legal if beats(c, best, trump)]
    if winners and not side_winning:
        return min(winners, key=lambda c: c >> 2)
    return min(legal, key=lambda c: (c & 3 == trump, c >> 2))


# ------------------------------------------------------------------ baseline

class SimplePreferenceAgent(RuleAgent):
    """A rule-of-thumb player: bids numbers with three aces or two aces and a five-card suit
    (up to its longest suit's level), never Game or Hearts; discards its two lowest side
    cards and names its longest suit; stays with two aces, never invites; plays the cheapest
    winning card, else its lowest card, and leads its highest."""

    GAME = "preference"

    name = "simple"

    def act(self, state: State) -> Action:
        legal, seat, obs = self.view(state)
        hand = obs["hand"]
        by_text = {a.text: a for a in legal}
        ph = obs["phase"]
        aces = sum(1 for c in hand if c >> 2 == ACE)
        lengths = {s: sum(1 for c in hand if c & 3 == s) for s in range(4)}
        longest = max(DISPLAY_SUITS, key=lambda s: (lengths[s], SUIT_LEVEL[s]))
        if ph == "auction":
            strong = aces >= 3 or (aces >= 2 and lengths[longest] >= 5)
            top = SUIT_LEVEL[longest] if strong else 0
            for t in ("hold",) + tuple(str(i) for i in range(1, 5)):
                if t in by_text and (by_text[t].amount or 0) <= top:
                    return by_text[t]
            return by_text["pass"]
        if ph == "discard":
            trump = max((s for s in DISPLAY_SUITS if SUIT_LEVEL[s] >= obs["contract"]["level"]),
                        key=lambda s: lengths[s])
            side = sorted((c for c in hand if c & 3 != trump), key=lambda c: c >> 2)
            pick = side[:2] if len(side) >= 2 else sorted(hand, key=lambda c: c >> 2)[:2]
            for a in legal:
                if sorted(int(c) for c in a.cards) == sorted(pick):
                    return a
            return legal[0]
        if ph == "trump":
            return max(legal, key=lambda a: lengths[LEVEL_SUIT[_amount(a)]])
        if ph == "announce":
            return by_text["no announcement"]
        if ph == "defence":
            return by_text["stay" if aces >= 2 else "drop"]
        if ph == "invite":
            return by_text["alone"]
        con = obs["contract"]
        trick = [c for _, c in obs["trick"]]
        ids = [int(a.cards[0]) for a in legal]
        if not trick:
            c = max(ids, key=lambda c: c >> 2)
        else:
            c = fallback_card(hand, trick, con["trump"], False, ids)
        return next(a for a in legal if int(a.cards[0]) == c)


register_agent("simple", "preference", "cardcore.agents.preference:SimplePreferenceAgent")

__all__ = ["PreferenceAI", "SimplePreferenceAgent", "estimate_tricks", "suit_winners",
           "best_trump", "Solver", "play_constraints", "deal_within_caps", "fallback_card",
           "DEFAULT_NODES"]
