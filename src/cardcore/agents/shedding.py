"""Shared AI machinery for the shedding games (Dou Dizhu, Zheng Shangyou).

Everything here works in *rank space*: a hand is a list of counts per rank (Dou Dizhu: 3..A = 0..11,
2 = 12, BJ = 13, RJ = 14; Zheng Shangyou: 3..A = 0..11, 2 = 12). Suits never matter for strength,
so the AI reasons on count vectors and maps its choice back to one of the game's legal actions.

A *group* (one play in rank space) is a tuple ``(kind, main, length, ranks)``: the game's kind
name, the main rank (the highest core rank for runs and airplanes), the number of core units
(1 for non-runs) and the sorted ranks of all its cards. It starts like the game's ``Move``
(``kind, rank, length``), so the game's own ``beats`` compares groups.

- :class:`Rules` is what the AI's policy knows of a game's combinations, read from the game's
  modules (``rules_of``): no rule is restated here. ``Rules.beats`` is the game's
  ``moves.beats`` (the kernel's comparison, memoised on the keys), ``bombs`` its ``BOMB_KINDS``,
  the run lengths its ``MIN_LENGTH``.
- :class:`Decomposer` splits a count vector into a minimal-cost set of groups (memoised search over
  the runs the hand can form; the rest is singles/pairs/trios/bombs, trios taking kickers).
- :func:`simple_answers` / :func:`bomb_answers` list the groups a hand can answer a group with.
- :class:`Sim` plays a deal out on a copy of the game's core (``state.world(hands)``, a
  ``shedding_step`` core: the turn flow, the rounds, bombs and bonuses, the winner and the
  scores are the core's) with the plan-based policy, each chosen group played as its action id
  (``play_ids``); :class:`SheddingAI` is the determinised rollout search over the legal
  actions: each sampled world is the core with the unseen cards dealt anew
  (``state.world``, ``core.with_hands`` underneath).
- :class:`EndgameSolver` (Dou Dizhu, the strong AI's exact search of late positions): an and/or
  search over the groups of each hand, each move made on a copy of the world's core.

An agent reads only the public state API: ``state.observation(state.current_player)`` (the
sampled worlds are built from it alone), ``state.legal_actions()``, ``state.current_player``
and ``state.world(hands)``: the core copy it returns holds the caller's cards in every other
hand (it refuses to keep one), so nothing of the hidden hands reaches the AI. (A core cannot
be rebuilt from the observation by replaying the plays with sampled hands: in Zheng Shangyou a
pass is legal only without an answer, and a sampled hand may have held one.)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engines.shedding import rank_index
from .strength import MAX_COUNT, MAX_SAMPLES, MAX_SECONDS, Option, strength_options

Group = tuple  # (kind, main, length, ranks)

#: the game's kind of a run of width 1, 2, 3 (the AI's names for the game's sequence kinds)
RUN_KIND = {1: "straight", 2: "pair_run", 3: "airplane"}
PLAIN_KIND = {1: "single", 2: "pair", 3: "trio", 4: "bomb"}


@dataclass(frozen=True)
class Rules:
    """What the AI knows of a game (see ``rules_of``: every field comes from the game)."""

    name: str
    n_ranks: int
    min_run: tuple          # minimum length of a run of width 1, 2, 3 (0 = no such run)
    kickers: bool           # trios and airplanes may carry singles/pairs (Dou Dizhu)
    jokers: bool            # ranks 13, 14 are BJ, RJ
    ace_bomb: bool          # three aces form a bomb (Zheng Shangyou)
    top_run: int            # runs end at this rank at most (the ace)
    #: the game's comparison of two plays (groups or moves), memoised on their keys
    beats: Callable[[Group, Group], bool] = field(compare=False, repr=False)
    #: the kinds that beat every ordinary play
    bombs: frozenset


def _memo_beats(beats: Callable[[Group, Group], bool]) -> Callable[[Group, Group], bool]:
    """The game's ``beats`` with its answers kept per pair of keys (the rollouts compare the
    same few keys many thousand times a move)."""
    memo: dict = {}

    def memo_beats(a, b) -> bool:
        try:
            return memo[a[0], a[1], a[2], b[0], b[1], b[2]]
        except KeyError:
            r = memo[a[0], a[1], a[2], b[0], b[1], b[2]] = bool(beats(a, b))
            return r

    return memo_beats


def _game_module(game: str, part: str):
    return importlib.import_module(f"cardcore.{game}.{part}")


def rules_of(game: str) -> Rules:
    """The :class:`Rules` of ``"doudizhu"`` or ``"zhengshangyou"``, read from the game's
    ``moves`` (kinds, deck caps, run lengths, bombs, ``beats``)."""
    mv = _game_module(game, "moves")
    caps = mv.CAPS
    return Rules(
        name=game, n_ranks=max(r for r, c in enumerate(caps) if c) + 1,
        min_run=tuple(mv.MIN_LENGTH.get(RUN_KIND[w], 0) for w in (1, 2, 3)),
        kickers="trio_single" in mv.KINDS, jokers=caps[13] > 0,
        ace_bomb="ace_bomb" in mv.KINDS, top_run=mv.TOP_RUN,
        beats=_memo_beats(mv.beats), bombs=frozenset(mv.BOMB_KINDS))


DDZ = rules_of("doudizhu")
ZSY = rules_of("zhengshangyou")


def weakest(groups: list, rules: Rules) -> Group:
    """The group every other one of ``groups`` beats (the weakest bomb of a hand)."""
    best = groups[0]
    for g in groups[1:]:
        if rules.beats(best, g):
            best = g
    return best


class Decomposer:
    """Minimal-cost split of a count vector into groups, memoised per count vector.

    Cost: one per run, trio and airplane, singles and pairs beyond what the trios and airplanes
    can carry as kickers; bombs and the rocket cost nothing (they take the lead back), and a
    lone top card (a joker or a 2) costs half.
    """

    def __init__(self, rules: Rules, limit: int = 200_000) -> None:
        self.rules = rules
        self.cache: dict = {}
        self.limit = limit
        #: the ranks that make singles, pairs, trios and bombs (the jokers apart)
        self.plain = 13 if rules.jokers else rules.n_ranks

    # ---------------------------------------------------------------- cost
    def cost(self, cnt) -> float:
        return self._best(tuple(cnt), 0, 0)[0]

    def _by_count(self, cnt) -> tuple[list[int], list[int], list[int], list[int]]:
        """The ranks of ``cnt`` (the jokers apart) by what they hold: bombs (four cards, or
        three aces where those are a bomb), trios, pairs and singles, each low to high."""
        ace = 11 if self.rules.ace_bomb else -1
        bombs: list[int] = []
        trios: list[int] = []
        pairs: list[int] = []
        singles: list[int] = []
        for r in range(self.plain):
            c = cnt[r]
            if c == 1:
                singles.append(r)
            elif c == 2:
                pairs.append(r)
            elif c == 3 and r != ace:
                trios.append(r)
            elif c:
                bombs.append(r)
        return bombs, trios, pairs, singles

    def _rest_cost(self, cnt: tuple, cap: int) -> float:
        """The cost of what is left once the runs are taken: the lengths of ``_by_count``'s
        lists, counted by ``tuple.count`` (this runs once for every split searched, and a
        count is many times cheaper than building the lists); bombs cost nothing."""
        R = self.rules
        plain = cnt[:self.plain]
        trios = plain.count(3) - (R.ace_bomb and cnt[11] == 3)
        tops = plain[12:].count(1)                          # a lone 2 costs half
        top = 0.5 * tops
        if R.jokers:
            if cnt[13] + cnt[14] == 1:
                top += 0.5
        loose = plain.count(1) - tops + plain.count(2)
        if R.kickers:
            return trios + max(0, loose - cap - trios) + top
        return trios + loose + top

    def _best(self, cnt: tuple, start: int, cap: int):
        key = (cnt, start, cap)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        R = self.rules
        best = (self._rest_cost(cnt, cap), ())
        for r in range(start, R.top_run + 1):
            if not cnt[r]:
                continue
            for w in (1, 2, 3):
                m = R.min_run[w - 1]
                if not m or cnt[r] < w:
                    continue
                end = r
                while end <= R.top_run and cnt[end] >= w:
                    end += 1
                for L in range(m, end - r + 1):
                    lst = list(cnt)
                    for k in range(r, r + L):
                        lst[k] -= w
                    sub = self._best(tuple(lst), r, cap + (L if w == 3 else 0))
                    c = 1 + sub[0]
                    if c < best[0]:
                        best = (c, ((w, r, L),) + sub[1])
        if len(self.cache) > self.limit:
            self.cache.clear()
        self.cache[key] = best
        return best

    # ---------------------------------------------------------------- plan
    def plan(self, cnt) -> list[Group]:
        """The groups of a best split, kickers attached (lowest loose singles/pairs first)."""
        R = self.rules
        cnt = list(cnt)
        _, runs = self._best(tuple(cnt), 0, 0)
        groups: list[Group] = []
        planes = []
        for w, r, L in runs:
            for k in range(r, r + L):
                cnt[k] -= w
            if w == 3:
                planes.append((r, L))
            else:
                ranks = tuple(k for k in range(r, r + L) for _ in range(w))
                groups.append((RUN_KIND[w], r + L - 1, L, ranks))
        bombs, trios, pairs, singles = self._by_count(cnt)
        for r in bombs:
            groups.append(("bomb", r, 1, (r,) * 4) if cnt[r] == 4 else ("ace_bomb", r, 1, (r,) * 3))
        if R.jokers:
            if cnt[13] and cnt[14]:
                groups.append(("rocket", 14, 1, (13, 14)))
            elif cnt[13] or cnt[14]:
                singles.append(13 if cnt[13] else 14)
        if R.kickers:
            # kickers: low loose cards only (a 2 or a joker is worth more alone), never of a
            # rank of the airplane (the game's rule: the fourth card of a rank stays loose)
            for r, L in planes:
                core = tuple(k for k in range(r, r + L) for _ in range(3))
                low_s = [s for s in singles if s < 12 and not r <= s < r + L]
                low_p = [p for p in pairs if p < 12]
                if len(low_s) >= L and (len(low_p) < L or low_s[L - 1] <= low_p[L - 1]):
                    wing = low_s[:L]
                    for s in wing:
                        singles.remove(s)
                    groups.append(("airplane_singles", r + L - 1, L,
                                   tuple(sorted(core + tuple(wing)))))
                elif len(low_p) >= L:
                    wing = low_p[:L]
                    for p in wing:
                        pairs.remove(p)
                    groups.append(("airplane_pairs", r + L - 1, L,
                                   tuple(sorted(core + tuple(p for p in wing for _ in range(2))))))
                else:
                    groups.append(("airplane", r + L - 1, L, core))
            for t in trios:
                low_s = [s for s in singles if s < 12]
                low_p = [p for p in pairs if p < 12]
                if low_s and (not low_p or low_s[0] <= low_p[0]):
                    s = low_s[0]
                    singles.remove(s)
                    groups.append(("trio_single", t, 1, tuple(sorted((t, t, t, s)))))
                elif low_p:
                    p = low_p[0]
                    pairs.remove(p)
                    groups.append(("trio_pair", t, 1, tuple(sorted((t, t, t, p, p)))))
                else:
                    groups.append(("trio", t, 1, (t, t, t)))
        else:
            for t in trios:
                groups.append(("trio", t, 1, (t, t, t)))
        for p in pairs:
            groups.append(("pair", p, 1, (p, p)))
        for s in singles:
            groups.append(("single", s, 1, (s,)))
        return groups


# -------------------------------------------------------------------- answers from counts

def simple_answers(cnt, target: Group, rules: Rules) -> list[Group]:
    """Non-bomb answers to ``target`` built from counts: same kind and size, higher main rank.
    Kickers are the lowest loose cards. Lowest answer first."""
    kind, main, length, ranks = target
    n = rules.n_ranks
    out: list[Group] = []
    if kind in ("single", "pair", "trio"):
        w = PLAIN_KIND_W[kind]
        for r in range(main + 1, n):      # (a joker is held once: never a pair or trio)
            # (three aces are the ace bomb where the game has one, not a trio)
            if cnt[r] >= w and not (rules.ace_bomb and r == 11 and w == 3):
                out.append((kind, r, 1, (r,) * w))
        return out
    if kind in ("straight", "pair_run", "airplane"):
        w = {"straight": 1, "pair_run": 2, "airplane": 3}[kind]
        for top in range(main + 1, rules.top_run + 1):
            lo = top - length + 1
            if all(cnt[k] >= w for k in range(lo, top + 1)):
                out.append((kind, top, length,
                            tuple(k for k in range(lo, top + 1) for _ in range(w))))
        return out
    if kind in ("trio_single", "trio_pair"):
        pair = kind == "trio_pair"
        for r in range(main + 1, 13):
            if cnt[r] >= 3:
                k = _kicker(cnt, {r}, 2 if pair else 1)
                if k is not None:
                    rk = (r, r, r) + ((k, k) if pair else (k,))
                    out.append((kind, r, 1, tuple(sorted(rk))))
        return out
    if kind in ("airplane_singles", "airplane_pairs"):
        pair = kind == "airplane_pairs"
        for top in range(main + 1, rules.top_run + 1):
            lo = top - length + 1
            if lo < 0 or not all(cnt[k] >= 3 for k in range(lo, top + 1)):
                continue
            core = set(range(lo, top + 1))
            c2 = list(cnt)
            wing: list[int] = []
            for _ in range(length):
                k = _kicker(c2, core | set(wing if pair else ()), 2 if pair else 1)
                if k is None:
                    break
                wing.append(k)
                c2[k] -= 2 if pair else 1
            if len(wing) < length:
                continue
            if not pair and 13 in wing and 14 in wing:
                continue
            rk = tuple(k for k in range(lo, top + 1) for _ in range(3))
            rk += tuple(k for k in wing for _ in range(2 if pair else 1))
            out.append((kind, top, length, tuple(sorted(rk))))
        return out
    if kind in ("four_two_singles", "four_two_pairs"):
        pair = kind == "four_two_pairs"
        for r in range(main + 1, 13):
            if cnt[r] == 4:
                c2 = list(cnt)
                c2[r] = 0
                wing = []
                for _ in range(2):
                    k = _kicker(c2, {r} | set(wing if pair else ()), 2 if pair else 1)
                    if k is None:
                        break
                    wing.append(k)
                    c2[k] -= 2 if pair else 1
                if len(wing) == 2 and not (13 in wing and 14 in wing):
                    rk = (r,) * 4 + tuple(k for k in wing for _ in range(2 if pair else 1))
                    out.append((kind, r, 1, tuple(sorted(rk))))
        return out
    return out


PLAIN_KIND_W = {"single": 1, "pair": 2, "trio": 3}


def _kicker(cnt, exclude, w: int):
    """The lowest rank usable as a kicker of width ``w`` (prefers ranks held exactly ``w``
    times)."""
    lim = 13 if w == 2 else len(cnt)
    best = None
    for r in range(lim):
        if r in exclude or cnt[r] < w or cnt[r] >= 4:
            continue
        if cnt[r] == w:
            return r
        if best is None:
            best = r
    return best


def bomb_answers(cnt, target: Group, rules: Rules) -> list[Group]:
    """Bombs (and the rocket / ace bomb) in ``cnt`` that beat ``target``, weakest first."""
    out = []
    for r in range(13):
        if cnt[r] == 4:
            g: Group = ("bomb", r, 1, (r,) * 4)
            if rules.beats(g, target):
                out.append(g)
    if rules.ace_bomb and cnt[11] == 3:
        g = ("ace_bomb", 11, 1, (11, 11, 11))
        if rules.beats(g, target):
            out.append(g)
    if rules.jokers and cnt[13] and cnt[14]:
        g = ("rocket", 14, 1, (13, 14))
        if rules.beats(g, target):
            out.append(g)
    return out


def remove(cnt: list[int], ranks) -> None:
    for r in ranks:
        cnt[r] -= 1


# -------------------------------------------------------------------- rollouts on the core

_PLAY_IDS: dict = {}


def play_ids(rules: Rules) -> tuple[dict, list]:
    """The game's action ids of the groups: ``(ids, groups)``, ``ids[group]`` the action id of a
    group and ``groups[i]`` the group of action id ``i`` (``None`` for the pass and the bids),
    read from the kernel's row table (``ddz_id_rows`` / ``zsy_id_rows``: each id's kind, main
    rank, length and counts per rank)."""
    got = _PLAY_IDS.get(rules.name)
    if got is None:
        mv = _game_module(rules.name, "moves")
        k = mv._k
        if rules.name == "doudizhu":
            rows, first = k.ddz_id_rows().tolist(), k.DDZ_FIRST
        else:
            rows, first = k.zsy_id_rows().tolist(), k.ZSY_FIRST
        kinds = mv.KINDS
        groups: list = [None] * first
        for row in rows:
            ranks = tuple(r for r, c in enumerate(row[3:]) for _ in range(c))
            groups.append((kinds[row[0]], row[1], row[2], ranks))
        ids = {g: i for i, g in enumerate(groups) if g is not None}
        got = _PLAY_IDS[rules.name] = (ids, groups)
    return got


class Sim:
    """A playout of a deal on a copy of the game's core with the plan-based policy.

    ``core``: the deal (a ``shedding_step`` core): the turn, the passes and the end of a round,
    who leads, bombs, Zheng Shangyou's bomb bonus, going out, the winner and the scores
    (``returns()``) are the core's. The ``Sim`` keeps only what the policy reads: ``cnt`` (the
    three hands as count vectors, the same cards as the core's hands), the plans, ``table``
    (the group to beat, or ``None``) and its ``owner``, ``ncards`` and the ``landlord`` (Dou
    Dizhu; ``None`` in Zheng Shangyou, where all play alone and must beat when they can). A
    group the policy chooses is played as its action id (``play_ids``).
    """

    __slots__ = ("rules", "dec", "core", "cnt", "plans", "table", "owner", "landlord",
                 "ncards", "ids")

    def __init__(self, rules: Rules, dec: Decomposer, core, cnt) -> None:
        self.rules = rules
        self.dec = dec
        self.core = core
        self.cnt = [list(c) for c in cnt]
        self.ncards = [sum(c) for c in self.cnt]
        self.plans: list[list | None] = [None, None, None]
        ids, groups = play_ids(rules)
        self.ids = ids
        t = core.table()
        self.table = None if t is None else groups[t[-1]]
        self.owner = None if t is None else t[0]
        self.landlord = core.landlord

    #: a follower splits its groups to answer a play below this rank ...
    split_below = 13
    #: ... when that costs at most this many extra plays
    split_slack = 1.0
    #: a leader prefers long groups by this much rank per card
    lead_length_weight = 0.5
    #: an opponent holding this many cards or fewer is answered at any cost (bombs too)
    danger_cards = 3

    def fork(self, core=None, cnt=None) -> Sim:
        """This position on ``core`` (a copy of this one's by default) with the hands ``cnt``
        (the core's hands as count vectors; this one's by default), plans recomputed."""
        new = Sim.__new__(Sim)
        new.rules, new.dec, new.ids = self.rules, self.dec, self.ids
        new.core = self.core.copy() if core is None else core
        new.cnt = [list(c) for c in (self.cnt if cnt is None else cnt)]
        new.ncards = [sum(c) for c in new.cnt]
        new.plans = [None, None, None]
        new.table, new.owner, new.landlord = self.table, self.owner, self.landlord
        return new

    # ------------------------------------------------------------ relations
    def enemy(self, a: int, b: int) -> bool:
        if self.landlord is None:
            return a != b
        return (a == self.landlord) != (b == self.landlord)

    def plan(self, seat: int) -> list:
        p = self.plans[seat]
        if p is None:
            p = self.dec.plan(self.cnt[seat])
            self.plans[seat] = p
        return p

    # ------------------------------------------------------------ policy
    def policy(self, seat: int):
        """The plan-based choice of ``seat``: a group, or ``None`` to pass."""
        if self.table is None:
            return self.lead(seat)
        return self.follow(seat)

    def lead(self, seat: int):
        plan = self.plan(seat)
        if len(plan) == 1:
            return plan[0]
        nxt = (seat + 1) % 3
        counts = self.ncards
        if self.landlord is not None and seat != self.landlord:
            partner = 3 - seat - self.landlord
            if partner == nxt and counts[partner] <= 2:
                # feed the partner: the lowest single (or pair) the partner may beat
                if counts[partner] == 2:
                    prs = [g for g in plan if g[0] == "pair"]
                    if prs:
                        return min(prs, key=lambda g: g[1])
                low = min(r for r in range(self.rules.n_ranks) if self.cnt[seat][r])
                return ("single", low, 1, (low,))
        bomb_kinds = self.rules.bombs
        ordinary = [g for g in plan if g[0] not in bomb_kinds]
        bombs = [g for g in plan if g[0] in bomb_kinds]
        if bombs and len(ordinary) <= 1:
            return weakest(bombs, self.rules)
        danger = min(counts[s] for s in range(3) if s != seat and self.enemy(seat, s))
        pool = ordinary
        if danger <= 2:
            avoid = "single" if danger == 1 else "pair"
            safe = [g for g in ordinary if g[0] != avoid]
            if safe:
                pool = safe
            else:
                return max(ordinary, key=lambda g: g[1])
        lw = self.lead_length_weight
        return min(pool, key=lambda g: (g[1] - 0.5 * (len(g[3]) > 2) - lw * len(g[3]),
                                        -len(g[3])))

    def follow(self, seat: int):
        target, owner = self.table, self.owner
        assert target is not None and owner is not None     # (a play on the table to answer)
        cnt = self.cnt[seat]
        plan = self.plan(seat)
        must = self.landlord is None          # Zheng Shangyou: must beat
        if not must and not self.enemy(seat, owner):
            if len(plan) == 1 and self.rules.beats(plan[0], target):
                return plan[0]
            return None
        beats = self.rules.beats
        same = [g for g in plan if g[0] == target[0] and beats(g, target)]
        if same:
            return min(same, key=lambda g: g[1])
        counts = self.ncards
        danger = counts[owner] <= self.danger_cards or len(plan) <= 2
        if must or danger or target[1] < self.split_below:
            alts = simple_answers(cnt, target, self.rules)
            if alts:
                if must or danger:
                    return alts[0]
                base = self.dec.cost(cnt) + self.split_slack
                best = None
                for g in alts[:3]:
                    c2 = list(cnt)
                    remove(c2, g[3])
                    if self.dec.cost(c2) <= base:
                        best = g
                        break
                if best is not None:
                    return best
        if must or danger:
            bm = bomb_answers(cnt, target, self.rules)
            if bm:
                return bm[0]
        return None

    # ------------------------------------------------------------ transitions
    def play(self, g) -> None:
        """The seat to act (the core's) plays the group ``g`` (``None``: passes)."""
        core = self.core
        if g is None:
            core.apply(0)
            if not core.passes:              # the core ended the round: a lead follows
                self.table = None
            return
        seat = core.current_player
        core.apply(self.ids[g])
        cnt = self.cnt[seat]
        for r in g[3]:
            cnt[r] -= 1
        self.ncards[seat] -= len(g[3])
        p = self.plans[seat]
        if p is not None:
            if g in p:
                p.remove(g)
            else:
                self.plans[seat] = None
        self.table = g
        self.owner = seat

    def run(self, limit: int = 400) -> None:
        """Play the deal out with the policy (at most ``limit`` actions)."""
        core = self.core
        for _ in range(limit):
            if core.is_over:
                return
            self.play(self.policy(core.current_player))

    # ------------------------------------------------------------ results
    @property
    def winner(self) -> int | None:
        return self.core.winner

    def scores(self) -> list[float]:
        """The core's scores of the playout (zeros if it did not finish)."""
        return list(self.core.returns())


# -------------------------------------------------------------------- endgame solver

class NodeLimit(Exception):
    """An endgame solve ran past its node budget."""


def all_groups(cnt, rules: Rules) -> list[Group]:
    """Every group a hand can lead, in rank space: every main rank and length of each kind;
    a trio takes each possible single or pair in turn, airplanes and fours their lowest
    wings. Longest first (a hand sheds most by its long groups)."""
    out: list[Group] = []
    for kind in ("single", "pair"):
        out += simple_answers(cnt, (kind, -1, 1, ()), rules)
    trios = simple_answers(cnt, ("trio", -1, 1, ()), rules)
    out += trios
    if rules.kickers:
        for t in trios:
            r = t[1]
            for k in range(rules.n_ranks):
                if k != r and cnt[k] >= 1:
                    out.append(("trio_single", r, 1, tuple(sorted((r, r, r, k)))))
                if k != r and k < 13 and cnt[k] >= 2:
                    out.append(("trio_pair", r, 1, tuple(sorted((r, r, r, k, k)))))
        for kind in ("four_two_singles", "four_two_pairs"):
            out += simple_answers(cnt, (kind, -1, 1, ()), rules)
    for w, kind in ((1, "straight"), (2, "pair_run"), (3, "airplane")):
        m = rules.min_run[w - 1]
        if not m:
            continue
        for L in range(m, rules.top_run + 2):
            got = simple_answers(cnt, (kind, -1, L, ()), rules)
            if not got:
                break
            out += got
            if w == 3 and rules.kickers:
                for wk in ("airplane_singles", "airplane_pairs"):
                    out += simple_answers(cnt, (wk, -1, L, ()), rules)
    out += [("bomb", r, 1, (r,) * 4) for r in range(13) if cnt[r] == 4]
    if rules.jokers and cnt[13] and cnt[14]:
        out.append(("rocket", 14, 1, (13, 14)))
    out.sort(key=lambda g: -len(g[3]))
    return out


def answers(cnt, target: Group, rules: Rules) -> list[Group]:
    """Every group of a hand that beats ``target`` (trio kickers each in turn; bombs last)."""
    kind = target[0]
    if kind in ("trio_single", "trio_pair"):
        out = []
        pair = kind == "trio_pair"
        for r in range(target[1] + 1, 13):
            if cnt[r] < 3:
                continue
            for k in range(13 if pair else rules.n_ranks):
                if k != r and cnt[k] >= (2 if pair else 1):
                    rk = (r, r, r) + ((k, k) if pair else (k,))
                    out.append((kind, r, 1, tuple(sorted(rk))))
    elif kind in rules.bombs:
        out = []
    else:
        out = simple_answers(cnt, target, rules)
    return out + bomb_answers(cnt, target, rules)


class EndgameSolver:
    """Exact play of a Dou Dizhu position with every hand known (one sampled world, a
    :class:`Sim` on its core): does the landlord's side win? An and/or search over the groups
    each hand can play (``all_groups``, ``answers``), each move made on a copy of the core (the
    round's end and going out are the core's), with a table of solved positions keyed on the
    hands' counts, the seat to act, the play to beat and the passes, shared by every question
    asked of the same world. ``max_nodes`` bounds the positions expanded per question
    (``NodeLimit`` past it)."""

    #: the groups of each hand (leads) and each hand's answers to each play, kept across
    #: solvers (the deciding hand is the same in every sampled world)
    _leads: dict = {}
    _answers: dict = {}
    CACHE_LIMIT = 200_000

    def __init__(self, rules: Rules, landlord: int, max_nodes: int) -> None:
        self.rules = rules
        self.landlord = landlord
        self.max_nodes = max_nodes
        self.table: dict = {}
        self.nodes = 0
        self.ids = play_ids(rules)[0]

    def leads(self, cnt: tuple) -> list:
        got = self._leads.get(cnt)
        if got is None:
            if len(self._leads) > self.CACHE_LIMIT:
                self._leads.clear()
            got = self._leads[cnt] = all_groups(cnt, self.rules)
        return got

    def answers(self, cnt: tuple, table) -> list:
        key = (cnt, table[:3])
        got = self._answers.get(key)
        if got is None:
            if len(self._answers) > self.CACHE_LIMIT:
                self._answers.clear()
            got = self._answers[key] = answers(cnt, table, self.rules)
        return got

    def landlord_wins(self, sim: Sim) -> bool:
        """The value of the position ``sim`` (its core, the hands' count vectors, the group on
        the table and its owner)."""
        self.nodes = 0
        return self._solve(sim.core, tuple(tuple(c) for c in sim.cnt), sim.table,
                           None if sim.table is None else sim.owner)

    def after(self, sim: Sim, g) -> bool:
        """The value after the seat to act in ``sim`` plays ``g`` (``None``: passes)."""
        self.nodes = 0
        return self._child(sim.core, tuple(tuple(c) for c in sim.cnt), g, sim.table,
                           None if sim.table is None else sim.owner)

    def _child(self, core, cnt, g, table, owner) -> bool:
        # the move on a copy of the core (the round's end, going out: the core's)
        new = core.copy()
        if g is None:
            new.apply(0)
            if not new.passes:                 # the round ended: a lead follows
                return self._solve(new, cnt, None, None)
            return self._solve(new, cnt, table, owner)
        seat = core.current_player
        new.apply(self.ids[g])
        if new.is_over:
            return new.winner == self.landlord
        hand = list(cnt[seat])
        for r in g[3]:
            hand[r] -= 1
        rest = list(cnt)
        rest[seat] = tuple(hand)
        return self._solve(new, tuple(rest), g, seat)

    def _solve(self, core, cnt, table, owner) -> bool:
        turn = core.current_player
        key = (cnt, turn, None if table is None else table[:3], owner, core.passes)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise NodeLimit
        ll = turn == self.landlord
        hand = cnt[turn]
        if table is None:
            moves = self.leads(hand)
        else:
            moves = self.answers(hand, table)
            if not (table is not None and owner is not None and ll == (owner == self.landlord)):
                moves = moves + [None]
            else:
                moves = [None] + moves     # the partner's play stands: passing first
        n = sum(hand)
        result = not ll
        for g in moves:
            if g is not None and len(g[3]) == n:
                result = ll
                break
        else:
            for g in moves:
                if self._child(core, cnt, g, table, owner) == ll:
                    result = ll
                    break
        self.table[key] = result
        return result


# -------------------------------------------------------------------- the search agent

class GreedyPlan:
    """Put before a game's ``SheddingAI`` subclass: the plan policy alone (``rollouts=0``
    unless given), the game's cheapest baseline, registered as ``"greedy"``; its ``OPTIONS``
    are the AI's with that default (``greedy_options``). Like the other games' ``greedy``
    baselines it has no strengths (``strength=`` other than the default is refused): the AI's
    tables change only how it searches, and the plan policy alone does not search."""

    name = "greedy"
    STRENGTHS: dict = {}

    def __init__(self, *args: Any, **options: Any) -> None:
        options.setdefault("rollouts", 0)
        super().__init__(*args, **options)  # type: ignore[call-arg]


def greedy_options(options: dict) -> dict:
    """A shedding AI's ``OPTIONS`` (``options``) as its ``GreedyPlan`` baseline takes them:
    ``rollouts`` 0 unless given."""
    return dict(options, rollouts=Option(
        "int", 0, "sampled worlds a searched play (0: the plan policy alone)", low=0,
        high=MAX_SAMPLES, none=True))


class SheddingAI:
    """Determinised rollout search over a game's legal plays.

    For each decision: map the legal actions to groups, rank them by the cost of the hand they
    leave (the decomposition heuristic), keep the ``top_k`` best (plus the plan policy's own
    choice and ``pass`` when legal), then repeatedly sample the unseen cards into the other
    hands (consistent with the card counts and the known cards) and play every candidate out
    with the plan policy in that same world. The candidate with the best mean result wins.

    Budget: a fixed amount of work by default -- ``rollouts`` sampled worlds per decision
    (``DEFAULT_ROLLOUTS`` unless given), so a seeded agent plays the same game on any machine;
    ``time_budget`` (seconds per decision) is the opt-in clock mode (with ``rollouts`` too, both
    limits hold). ``rollouts=0`` (or ``time_budget=0``) plays the heuristic choice directly.

    Successive halving: after ``first_cut`` worlds the better half of the candidates (by their
    mean over the same worlds) stays, and again at each doubling of the worlds, down to two.
    A small ``first_cut`` (4, normal) spends the worlds on two finalists chosen from a few
    worlds; ``first_cut`` near an eighth of ``rollouts`` (strong) gives each halving round an
    even share of the budget, so a good candidate is rarely cut by the noise of a few worlds.

    Each world is a core: the state's core with the other hands replaced by the sampled cards
    (``core.with_hands``); every candidate is played out on a copy of it (:class:`Sim`).

    Subclasses provide ``rules``, ``move_class`` (the game's ``Move``), ``_world(obs)`` (the
    three hands' cards, the unseen ones sampled) and ``_value(scores, obs)``.
    """

    rules: Rules = DDZ
    move_class: Any    # (the game's ``Move``: a record type with ``reading``)
    #: sampled worlds per decision by default: a searched move takes about 0.1 s (measured
    #: on the development machine; the clock mode it replaces gave 0.1 s a move)
    DEFAULT_ROLLOUTS = 340
    #: a farmer sitting before the landlord may overtake the partner's play below this rank
    #: (to press the landlord); otherwise a farmer never overtakes the partner
    press_below = 0

    #: the options of each strength (``strength_options``); a subclass declares its own
    strength: str  # set by strength_options
    STRENGTHS: dict = {
        "easy": {"rollouts": 0, "top_k": 6, "prior_weight": 0.03},
        "normal": {"rollouts": 340, "top_k": 6, "prior_weight": 0.03},
        "strong": {"rollouts": 1000, "top_k": 8, "prior_weight": 0.03},
    }

    #: every option, checked when the AI is built (``cardcore.options.Option``); a subclass
    #: adds its own
    OPTIONS: dict = {
        "rollouts": Option("int", 340, "sampled worlds a searched play (None: the "
                           "strength's, or the clock alone when time_budget is given)",
                           low=0, high=MAX_SAMPLES, none=True),
        "time_budget": Option("number", None, "seconds a play, opt-in (None: count the work)",
                              low=0, high=MAX_SECONDS, none=True),
        "top_k": Option("int", 6, "candidate plays searched", low=1, high=1_000),
        "prior_weight": Option("number", 0.03, "the bonus of the plan policy's order, in "
                               "points", low=0, high=10),
        "endgame": Option("int", 0, "cards left in all hands from which each world is "
                          "searched exactly (Dou Dizhu; 0: never)", low=0, high=54),
        "endgame_worlds": Option("int", 0, "worlds of the exact endgame search", low=0,
                                 high=MAX_SAMPLES),
        "endgame_nodes": Option("int", 0, "search nodes of the endgame a play", low=0,
                                high=MAX_COUNT),
        "first_cut": Option("int", 4, "sampled worlds before the first halving of the "
                            "candidates", low=1, high=MAX_SAMPLES),
    }

    def __init__(self, game: str | None = None, seed: int | None = None, *,
                 strength: str = "normal", rollouts: int | None = None,
                 time_budget: float | None = None, top_k: int | None = None,
                 prior_weight: float | None = None, endgame: int | None = None,
                 endgame_worlds: int | None = None, endgame_nodes: int | None = None,
                 first_cut: int | None = None, **unknown: object) -> None:
        from ..rng import Rng, fresh_seed

        opts = strength_options(self, strength, unknown, rollouts=rollouts,
                                time_budget=time_budget, top_k=top_k,
                                prior_weight=prior_weight, endgame=endgame,
                                endgame_worlds=endgame_worlds, endgame_nodes=endgame_nodes,
                                first_cut=first_cut)
        self.first_cut = opts["first_cut"]
        self.endgame = opts["endgame"]
        self.endgame_worlds = opts["endgame_worlds"]
        self.endgame_nodes = opts["endgame_nodes"]
        time_budget = opts["time_budget"]
        # (with a clock and no rollouts given, the clock alone decides)
        rollouts = None if rollouts is None and time_budget is not None else opts["rollouts"]
        top_k, prior_weight = opts["top_k"], opts["prior_weight"]
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.time_budget = time_budget
        self.rollouts = rollouts
        self.top_k = top_k
        self.prior_weight = prior_weight
        self.dec = Decomposer(self.rules)
        self.last_stats: dict = {}
        self._groups: dict = {}

    # hooks ----------------------------------------------------------------
    rank_of = staticmethod(rank_index)

    def play_group(self, kind: str, text: str, cards) -> Group:
        """The group of a play (an action or a play the observation shows): its reading by the
        game's ``Move`` (kind, main rank, length) and the ranks of its cards."""
        key = (kind, text)
        g = self._groups.get(key)
        if g is None:
            m = self.move_class.reading(kind, [int(c) for c in cards], text)
            g = (m.kind, m.rank, m.length, tuple(sorted(rank_index(c) for c in cards)))
            self._groups[key] = g
        return g

    def _world(self, obs: dict) -> list[list[int]]:  # pragma: no cover - per game
        """The cards of the three hands (the seat's own, the unseen cards sampled into the
        others), from what the seat sees (``obs``)."""
        raise NotImplementedError

    @staticmethod
    def _core(state, me: int, hands):
        """The deal's core with the hands of the others replaced by ``hands`` (the sampled
        world; seat ``me``, the seat to act, keeps its own): the state's public ``world``."""
        return state.world([None if s == me else hands[s] for s in range(3)])

    def _value(self, scores, obs: dict) -> float:  # pragma: no cover - per game
        """The value to the deciding seat of a rollout's scores."""
        raise NotImplementedError

    def group_of(self, action) -> Group | None:
        if not action.cards:
            return None
        return self.play_group(action.kind, action.text, action.cards)

    def counts(self, cards) -> list[int]:
        cnt = [0] * self.rules.n_ranks
        for c in cards:
            cnt[rank_index(c)] += 1
        return cnt

    # search ---------------------------------------------------------------
    def prior(self, obs: dict, cands: list, sim: Sim) -> list:
        """Candidates best first by the heuristic: cost of the hand left, then low rank."""
        me = obs["player"]
        cnt = sim.cnt[me]
        base = self.dec.cost(cnt)
        partner_lead = (sim.table is not None and sim.landlord is not None
                        and sim.owner is not None and not sim.enemy(me, sim.owner))
        scored = []
        for i, g in enumerate(cands):
            if g is None:
                key = base + (0.0 if partner_lead else 0.6)
            else:
                c2 = list(cnt)
                remove(c2, g[3])
                if not any(c2):
                    key = -10.0
                else:
                    key = (self.dec.cost(c2) + (0.8 if g[0] in self.rules.bombs else 0.0)
                           + 0.01 * g[1])
                    if partner_lead:
                        key += 1.0
            scored.append((key, i))
        scored.sort()
        return [cands[i] for _, i in scored]

    def choose(self, state, legal: list) -> object:
        import time

        obs = state.observation(state.current_player)
        me = obs["player"]
        groups = [self.group_of(a) for a in legal]
        uniq: list = []
        for g in groups:
            if g not in uniq:
                uniq.append(g)
        # the deal's core through the state's public ``world``: every other hand replaced by
        # the sampled cards (nothing of the hidden hands can be read)
        base = state
        hands = self._world(obs)
        world0 = Sim(self.rules, self.dec, self._core(base, me, hands),
                     [self.counts(h) for h in hands])
        # the plan policy's own choice is always a candidate
        own = world0.policy(me)
        win = [g for g in uniq if g is not None and not any(self._left(world0.cnt[me], g))]
        if win:
            return self._action_for(win[0], legal, groups)
        if (world0.table is not None and world0.landlord is not None
                and world0.owner is not None and not world0.enemy(me, world0.owner)
                and None in uniq
                and not ((me + 1) % 3 == world0.landlord
                         and world0.table[1] < self.press_below)):
            # a farmer does not overtake the other farmer's winning play
            return self._action_for(None, legal, groups)
        n_worlds, budget = self.rollouts, self.time_budget
        if n_worlds == 0 or (budget is not None and budget <= 0):
            # no search: the plan policy's choice (no need to rank the others)
            pick = own if own in uniq else self.prior(obs, uniq, world0)[0]
            return self._action_for(pick, legal, groups)
        ordered = self.prior(obs, uniq, world0)
        # diversity: at most two candidates of one shape (kind and length)
        cands: list = []
        per_shape: dict = {}
        for g in ordered:
            shape = None if g is None else (g[0], g[2])
            if per_shape.get(shape, 0) < 2:
                per_shape[shape] = per_shape.get(shape, 0) + 1
                cands.append(g)
                if len(cands) == self.top_k:
                    break
        if own in uniq:                  # the rollout policy's own choice leads the order
            if own in cands:
                cands.remove(own)
            cands.insert(0, own)
        if None in uniq and None not in cands:
            cands.append(None)
        if len(cands) == 1:
            pick = own if own in uniq else ordered[0]
            return self._action_for(pick, legal, groups)
        solve = (self.endgame > 0 and world0.landlord is not None
                 and sum(world0.ncards) <= self.endgame)
        if solve and n_worlds is not None:
            n_worlds = min(n_worlds, self.endgame_worlds)
        mine = me == world0.landlord
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        solved = 0
        nodes_left = self.endgame_nodes
        # a small head start for the heuristic's order: rollouts must beat it clearly
        bonus = [self.prior_weight * (1.0 - k / len(cands)) for k in range(len(cands))]
        done = 0
        next_cut = self.first_cut
        t0 = time.perf_counter()
        deadline = None if budget is None else t0 + budget
        while True:
            hands = self._world(obs)
            cnts = [self.counts(h) for h in hands]
            world = world0.fork(self._core(base, me, hands), cnts)
            solver = None
            if solve and nodes_left > 0:
                solver = EndgameSolver(self.rules, world0.landlord,
                                       min(nodes_left, self.endgame_nodes // 8))
            for i in alive:
                if solver is not None:
                    solver.max_nodes = min(solver.max_nodes, nodes_left)
                    try:
                        won = solver.after(world, cands[i]) == mine
                        nodes_left -= solver.nodes
                        totals[i] += 1.0 if won else 0.0
                        counts[i] += 1
                        solved += 1
                        continue
                    except NodeLimit:
                        # too big a world (or the budget is spent): rollouts from here on
                        nodes_left = 0 if not solved else nodes_left - solver.nodes
                        solver = None
                sim = world.fork()
                sim.play(cands[i])
                sim.run()
                totals[i] += self._value(sim.scores(), obs)
                counts[i] += 1
            done += 1
            if n_worlds is not None and done >= n_worlds:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if done == next_cut and len(alive) > 2:
                # successive halving: keep the better half (common worlds, so a fair cut)
                alive.sort(key=lambda i: -(totals[i] / counts[i] + bonus[i]))
                alive = sorted(alive[:max(2, (len(alive) + 1) // 2)])
                next_cut *= 2
        best = max(alive, key=lambda i: (totals[i] / counts[i] + bonus[i], -i))
        self.last_stats = {"worlds": done, "candidates": len(cands), "solved": solved,
                           "means": [t / max(1, c) for t, c in zip(totals, counts)],
                           "counts": list(counts),
                           "seconds": time.perf_counter() - t0}
        return self._action_for(cands[best], legal, groups)

    @staticmethod
    def _left(cnt, g):
        c2 = list(cnt)
        remove(c2, g[3])
        return c2

    @staticmethod
    def _action_for(g, legal, groups):
        for a, h in zip(legal, groups):
            if h == g:
                return a
        return legal[0]
