"""Shared AI machinery for the shedding games (Dou Dizhu, Zheng Shangyou).

Everything here works in *rank space*: a hand is a list of counts per rank (Dou Dizhu: 3..A = 0..11,
2 = 12, BJ = 13, RJ = 14; Zheng Shangyou: 3..A = 0..11, 2 = 12). Suits never matter for strength,
so the AI reasons on count vectors and maps its choice back to one of the game's legal actions.

A *group* (one play in rank space) is a tuple ``(kind, main, length, ranks)``: the kernel's kind
name, the main rank (the highest core rank for runs and airplanes), the number of core units
(1 for non-runs) and the sorted ranks of all its cards.

- :func:`Rules` describes a game's combinations.
- :class:`Decomposer` splits a count vector into a minimal-cost set of groups (memoised search over
  the runs the hand can form; the rest is singles/pairs/trios/bombs, trios taking kickers).
- :func:`beats` compares groups; :func:`answers` lists the groups a hand can answer a group with.
"""

from __future__ import annotations

from dataclasses import dataclass

Group = tuple  # (kind, main, length, ranks)


@dataclass(frozen=True)
class Rules:
    name: str
    n_ranks: int
    min_run: tuple          # minimum length of a run of width 1, 2, 3 (0 = no such run)
    kickers: bool           # trios and airplanes may carry singles/pairs (Dou Dizhu)
    jokers: bool            # ranks 13, 14 are BJ, RJ
    ace_bomb: bool          # three aces form a bomb (Zheng Shangyou)
    top_run: int = 11       # runs end at A at most


DDZ = Rules("doudizhu", 15, (5, 3, 2), True, True, False)
ZSY = Rules("zhengshangyou", 13, (5, 2, 0), False, False, True)

RUN_KIND = {1: "straight", 2: "pair_run", 3: "airplane"}
PLAIN_KIND = {1: "single", 2: "pair", 3: "trio", 4: "bomb"}
BOMBS = frozenset(("bomb", "rocket", "ace_bomb", "heavenly_bomb"))
BOMB_ORDER = {"bomb": 0, "ace_bomb": 1, "rocket": 2, "heavenly_bomb": 3}


def is_bomb(g: Group) -> bool:
    return g[0] in BOMBS


def beats(a: Group, b: Group) -> bool:
    """True when group ``a`` may be played on group ``b``."""
    ka, kb = a[0], b[0]
    if ka in BOMBS:
        if kb not in BOMBS:
            return True
        oa, ob = BOMB_ORDER[ka], BOMB_ORDER[kb]
        return oa > ob or (oa == ob and a[1] > b[1])
    if kb in BOMBS:
        return False
    return ka == kb and a[2] == b[2] and a[1] > b[1] and len(a[3]) == len(b[3])


def to_counts(ranks, n: int) -> list[int]:
    cnt = [0] * n
    for r in ranks:
        cnt[r] += 1
    return cnt


def describe(kind: str, ranks: tuple) -> Group:
    """The group of a play of ``kind`` whose cards have ``ranks`` (sorted)."""
    cnt: dict[int, int] = {}
    for r in ranks:
        cnt[r] = cnt.get(r, 0) + 1
    n = len(ranks)
    if kind in ("straight", "pair_run", "airplane", "airplane_singles", "airplane_pairs"):
        if kind == "straight":
            core, length = list(cnt), n
        elif kind == "pair_run":
            core, length = list(cnt), n // 2
        elif kind == "airplane":
            core, length = list(cnt), n // 3
        else:
            length = n // (4 if kind == "airplane_singles" else 5)
            trios = sorted(r for r, c in cnt.items() if c >= 3)
            # the core is the highest run of `length` consecutive trio ranks
            core = trios[-length:]
            for i in range(len(trios) - length, -1, -1):
                seg = trios[i:i + length]
                if seg[-1] - seg[0] == length - 1:
                    core = seg
                    break
        return (kind, max(core), length, ranks)
    if kind in ("trio_single", "trio_pair"):
        main = max(r for r, c in cnt.items() if c >= 3)
    elif kind in ("four_two_singles", "four_two_pairs"):
        main = max(r for r, c in cnt.items() if c == 4)
    elif kind == "rocket":
        main = 14
    else:
        main = max(cnt, key=lambda r: (cnt[r], r))
    return (kind, main, 1, ranks)


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

    # ---------------------------------------------------------------- cost
    def cost(self, cnt) -> float:
        return self._best(tuple(cnt), 0, 0)[0]

    def _rest_cost(self, cnt: tuple, cap: int) -> float:
        R = self.rules
        singles = pairs = trios = 0
        top = 0.0
        for r in range(R.n_ranks):
            c = cnt[r]
            if not c:
                continue
            if R.jokers and r >= 13:
                continue
            if c == 4 or (R.ace_bomb and r == 11 and c == 3):
                continue
            if c == 1:
                if r >= 12:
                    top += 0.5
                else:
                    singles += 1
            elif c == 2:
                pairs += 1
            else:
                trios += 1
        if R.jokers:
            if cnt[13] + cnt[14] == 1:
                top += 0.5
        if R.kickers:
            cap += trios
            loose = singles + pairs
            return trios + max(0, loose - cap) + top
        return trios + singles + pairs + top

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
        singles, pairs, trios = [], [], []
        for r in range(R.n_ranks):
            c = cnt[r]
            if not c:
                continue
            if R.jokers and r >= 13:
                continue
            if c == 4:
                groups.append(("bomb", r, 1, (r,) * 4))
            elif R.ace_bomb and r == 11 and c == 3:
                groups.append(("ace_bomb", r, 1, (r,) * 3))
            elif c == 3:
                trios.append(r)
            elif c == 2:
                pairs.append(r)
            else:
                singles.append(r)
        if R.jokers:
            if cnt[13] and cnt[14]:
                groups.append(("rocket", 14, 1, (13, 14)))
            elif cnt[13] or cnt[14]:
                singles.append(13 if cnt[13] else 14)
        if R.kickers:
            # kickers: low loose cards only (a 2 or a joker is worth more alone)
            for r, L in planes:
                core = tuple(k for k in range(r, r + L) for _ in range(3))
                low_s = [s for s in singles if s < 12]
                low_p = [p for p in pairs if p < 12]
                if len(low_s) >= L and (len(low_p) < L or low_s[L - 1] <= low_p[L - 1]):
                    wing = low_s[:L]
                    for s in wing:
                        singles.remove(s)
                    groups.append(("airplane_singles", r + L - 1, L, tuple(sorted(core + tuple(wing)))))
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
        hi = n if kind == "single" else (13 if rules.jokers else n)
        for r in range(main + 1, hi):
            if cnt[r] >= w and not (rules.ace_bomb and r == 11 and w == 3):
                out.append((kind, r, 1, (r,) * w))
        return out
    if kind in ("straight", "pair_run", "airplane"):
        w = {"straight": 1, "pair_run": 2, "airplane": 3}[kind]
        for top in range(main + 1, rules.top_run + 1):
            lo = top - length + 1
            if all(cnt[k] >= w for k in range(lo, top + 1)):
                out.append((kind, top, length, tuple(k for k in range(lo, top + 1) for _ in range(w))))
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
            wing = []
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
    """The lowest rank usable as a kicker of width ``w`` (prefers ranks held exactly ``w`` times)."""
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
            g = ("bomb", r, 1, (r,) * 4)
            if beats(g, target):
                out.append(g)
    if rules.ace_bomb and cnt[11] == 3:
        g = ("ace_bomb", 11, 1, (11, 11, 11))
        if beats(g, target):
            out.append(g)
    if rules.jokers and cnt[13] and cnt[14]:
        g = ("rocket", 14, 1, (13, 14))
        if beats(g, target):
            out.append(g)
    return out


def remove(cnt: list[int], ranks) -> None:
    for r in ranks:
        cnt[r] -= 1


# -------------------------------------------------------------------- rollout simulator

class Sim:
    """A fast rank-space playout of a shedding deal with the plan-based policy.

    ``cnt``: three count vectors; ``table``: the group to beat (or ``None``) and ``owner``;
    ``landlord``: the Dou Dizhu landlord (``None`` for Zheng Shangyou, where all play alone and
    must beat when they can). Scores follow the game's rules (Dou Dizhu: multiplier, spring;
    Zheng Shangyou: card penalties, 2 of spades, bombs in hand, answering-bomb bonus).
    """

    __slots__ = ("rules", "dec", "cnt", "plans", "table", "owner", "passes", "turn",
                 "landlord", "nplays", "bombs", "pending", "bonus", "winner", "bid", "ncards")

    def __init__(self, rules: Rules, dec: Decomposer, cnt, turn: int, table=None, owner=None,
                 passes: int = 0, landlord=None, nplays=(0, 0, 0), bombs: int = 0,
                 pending=None, bonus=(0, 0, 0), bid: int = 1) -> None:
        self.rules = rules
        self.dec = dec
        self.cnt = [list(c) for c in cnt]
        self.ncards = [sum(c) for c in self.cnt]
        self.plans = [None, None, None]
        self.table = table
        self.owner = owner
        self.passes = passes
        self.turn = turn
        self.landlord = landlord
        self.nplays = list(nplays)
        self.bombs = bombs
        self.pending = pending
        self.bonus = list(bonus)
        self.winner = None
        self.bid = bid

    #: a follower splits its groups to answer a play below this rank ...
    split_below = 13
    #: ... when that costs at most this many extra plays
    split_slack = 1.0
    #: a leader prefers long groups by this much rank per card
    lead_length_weight = 0.5
    #: an opponent holding this many cards or fewer is answered at any cost (bombs too)
    danger_cards = 3

    def fork(self, cnt) -> "Sim":
        """A fresh copy of this position with other hands ``cnt`` (plans recomputed)."""
        new = Sim.__new__(Sim)
        new.rules, new.dec = self.rules, self.dec
        new.cnt = [list(c) for c in cnt]
        new.ncards = [sum(c) for c in new.cnt]
        new.plans = [None, None, None]
        new.table, new.owner, new.passes, new.turn = self.table, self.owner, self.passes, self.turn
        new.landlord, new.nplays, new.bombs = self.landlord, list(self.nplays), self.bombs
        new.pending, new.bonus, new.winner, new.bid = self.pending, list(self.bonus), None, self.bid
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
        ordinary = [g for g in plan if g[0] not in BOMBS]
        bombs = [g for g in plan if g[0] in BOMBS]
        if bombs and len(ordinary) <= 1:
            return min(bombs, key=lambda g: (BOMB_ORDER[g[0]], g[1]))
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
        cnt = self.cnt[seat]
        plan = self.plan(seat)
        must = self.landlord is None          # Zheng Shangyou: must beat
        if not must and not self.enemy(seat, owner):
            if len(plan) == 1 and beats(plan[0], target):
                return plan[0]
            return None
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
    def play(self, seat: int, g) -> None:
        if g is None:
            self.passes += 1
            self.turn = (seat + 1) % 3
            if self.passes == 2:
                if self.pending is not None:
                    self._settle()
                self.table = None
                self.passes = 0
            return
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
        answering = self.table is not None
        self.table = g
        self.owner = seat
        self.passes = 0
        self.nplays[seat] += 1
        if g[0] in BOMBS:
            self.bombs += 1
            if self.landlord is None and answering and g[0] != "heavenly_bomb":
                self.pending = seat
        if not self.ncards[seat]:
            self.winner = seat
            if self.pending == seat:
                self._settle()
            self.turn = None
            return
        self.turn = (seat + 1) % 3

    def _settle(self) -> None:
        b = self.pending
        for s in range(3):
            self.bonus[s] += 20 if s == b else -10
        self.pending = None

    def run(self, limit: int = 400) -> None:
        for _ in range(limit):
            t = self.turn
            if t is None:
                return
            self.play(t, self.policy(t))

    # ------------------------------------------------------------ results
    def scores(self) -> list[float]:
        w = self.winner
        if w is None:
            return [0.0, 0.0, 0.0]
        if self.landlord is not None:
            ll = self.landlord
            mult = 1 << self.bombs
            if w == ll and all(self.nplays[s] == 0 for s in range(3) if s != ll):
                mult *= 2
            elif w != ll and self.nplays[ll] == 1:
                mult *= 2
            unit = self.bid * mult
            sign = 1 if w == ll else -1
            return [float(2 * sign * unit if s == ll else -sign * unit) for s in range(3)]
        pen = [0, 0, 0]
        for s in range(3):
            if s == w:
                continue
            c = self.cnt[s]
            p = sum(c) * (2 if self.nplays[s] == 0 else 1)
            if c[12]:          # Zheng Shangyou's only 2 is the 2 of spades
                p += 10
            p += 10 * sum(1 for r in range(13) if c[r] == 4) + (10 if c[11] == 3 else 0)
            pen[s] = p
        tot = sum(pen)
        return [float(self.bonus[s] - pen[s] + (tot if s == w else 0)) for s in range(3)]


# -------------------------------------------------------------------- the search agent

class SheddingAI:
    """Determinised rollout search over a game's legal plays.

    For each decision: map the legal actions to groups, rank them by the cost of the hand they
    leave (the decomposition heuristic), keep the ``top_k`` best (plus the plan policy's own
    choice and ``pass`` when legal), then repeatedly sample the unseen cards into the other
    hands (consistent with the card counts and the known cards) and play every candidate out
    with the plan policy in that same world, until ``time_budget`` seconds pass or ``rollouts``
    worlds (a fixed count, deterministic per seed) are done. The candidate with the best mean
    result wins; ``rollouts=0`` plays the heuristic choice directly (the cheapest mode).

    Subclasses provide ``rules``, ``rank_of(card)``, ``_world(obs)`` (sampled count vectors),
    ``_sim(obs, cnts)`` (a :class:`Sim` at the decision point) and ``_value(scores, obs)``.
    """

    rules: Rules = DDZ
    #: a farmer sitting before the landlord may overtake the partner's play below this rank
    #: (to press the landlord); otherwise a farmer never overtakes the partner
    press_below = 0

    def __init__(self, game: str | None = None, seed: int | None = None, *,
                 time_budget: float = 0.1, rollouts: int | None = None, top_k: int = 6,
                 prior_weight: float = 0.03, **unknown: object) -> None:
        from ..errors import CardcoreError
        from ..rng import Rng, fresh_seed

        if unknown:
            raise CardcoreError(
                f"{type(self).__name__}: unknown option(s) {', '.join(sorted(unknown))}; "
                "known: time_budget, rollouts, top_k, prior_weight"
                + (", bid_samples" if self.rules is DDZ else ""))

        if (isinstance(time_budget, bool) or not isinstance(time_budget, (int, float))
                or not time_budget >= 0):
            raise CardcoreError(f"time_budget {time_budget!r}: expected seconds >= 0")
        if rollouts is not None and (isinstance(rollouts, bool) or not isinstance(rollouts, int)
                                     or rollouts < 0):
            raise CardcoreError(f"rollouts {rollouts!r}: expected an int >= 0 or None")
        if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k < 1:
            raise CardcoreError(f"top_k {top_k!r}: expected an int >= 1")
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.time_budget = float(time_budget)
        self.rollouts = rollouts
        self.top_k = top_k
        self.prior_weight = float(prior_weight)
        self.dec = Decomposer(self.rules)
        self.last_stats: dict = {}

    # hooks ----------------------------------------------------------------
    def rank_of(self, c: int) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def group_of(self, action) -> Group | None:
        if not action.cards:
            return None
        return describe(action.kind, tuple(sorted(self.rank_of(int(c)) for c in action.cards)))

    def counts(self, cards) -> list[int]:
        cnt = [0] * self.rules.n_ranks
        for c in cards:
            cnt[self.rank_of(int(c))] += 1
        return cnt

    # search ---------------------------------------------------------------
    def prior(self, obs: dict, cands: list, sim: Sim) -> list:
        """Candidates best first by the heuristic: cost of the hand left, then low rank."""
        me = obs["player"]
        cnt = sim.cnt[me]
        base = self.dec.cost(cnt)
        partner_lead = (sim.table is not None and sim.landlord is not None
                        and not sim.enemy(me, sim.owner))
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
                    key = self.dec.cost(c2) + (0.8 if g[0] in BOMBS else 0.0) + 0.01 * g[1]
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
        world0 = self._sim(obs, self._world(obs))
        # the plan policy's own choice is always a candidate
        own = world0.policy(me)
        ordered = self.prior(obs, uniq, world0)
        # diversity: at most two candidates of one shape (kind and length)
        cands, per_shape = [], {}
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
        win = [g for g in uniq if g is not None and not any(self._left(world0.cnt[me], g))]
        if win:
            return self._action_for(win[0], legal, groups)
        if (world0.table is not None and world0.landlord is not None
                and not world0.enemy(me, world0.owner) and None in uniq
                and not ((me + 1) % 3 == world0.landlord
                         and world0.table[1] < self.press_below)):
            # a farmer does not overtake the other farmer's winning play
            return self._action_for(None, legal, groups)
        n_worlds = self.rollouts
        if len(cands) == 1 or n_worlds == 0 or (n_worlds is None and self.time_budget <= 0):
            pick = own if own in uniq else ordered[0]
            return self._action_for(pick, legal, groups)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        # a small head start for the heuristic's order: rollouts must beat it clearly
        bonus = [self.prior_weight * (1.0 - k / len(cands)) for k in range(len(cands))]
        done = 0
        next_cut = 4
        t0 = time.perf_counter()
        deadline = t0 + self.time_budget
        while True:
            cnts = self._world(obs)
            for i in alive:
                sim = world0.fork(cnts)
                sim.play(me, cands[i])
                sim.run()
                totals[i] += self._value(sim.scores(), obs)
                counts[i] += 1
            done += 1
            if n_worlds is not None:
                if done >= n_worlds:
                    break
            elif time.perf_counter() >= deadline:
                break
            if done == next_cut and len(alive) > 2:
                # successive halving: keep the better half (common worlds, so a fair cut)
                alive.sort(key=lambda i: -(totals[i] / counts[i] + bonus[i]))
                alive = sorted(alive[:max(2, (len(alive) + 1) // 2)])
                next_cut *= 2
        best = max(alive, key=lambda i: (totals[i] / counts[i] + bonus[i], -i))
        self.last_stats = {"worlds": done, "candidates": len(cands),
                           "means": [t / max(1, c) for t, c in zip(totals, counts)],
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

    def _deal_unseen(self, unseen: list[int], need: dict[int, int]) -> dict[int, list[int]]:
        """Shuffle ``unseen`` card ids and cut them into hands of the ``need``-ed sizes."""
        self.rng.shuffle(unseen)
        out, i = {}, 0
        for seat in sorted(need):
            out[seat] = unseen[i:i + need[seat]]
            i += need[seat]
        return out
