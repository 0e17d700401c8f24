"""One Poker agents: ``OnePokerAI`` (card counting + opponent model) and a rule-of-thumb baseline.

``OnePokerAI`` works only from ``state.observation(seat)`` (which holds the public actions of
every deal, ``actions`` and ``past[i]["actions"]``, locks without their cards) and
``state.legal_actions()``:

1. **Card counting.** The unseen cards are the double deck minus its own hand and the public
   discard pile (every locked card is revealed after its deal and stays in the discards until a
   reshuffle). The opponent's two cards come from that pool, restricted by their public
   UP/DOWN signal.
2. **The opponent's locked card.** Every pair of ranks the opponent may hold is weighed by the
   pool counts; the opponent is assumed to lock its stronger card with probability
   ``lock_bias`` (0.5 would be a coin flip; default 0.75). Betting then reweighs the ranks: a
   bet or raise of size ``x`` pots multiplies a rank's weight by ``strength ** (k * x)``, where
   ``k`` is how far this opponent's bets have tracked its cards in the deals shown so far in
   the match (a random bettor gets ``k`` near 0, an honest one up to 2).
3. **Choice of card.** Lock the card with the higher equity (win + half tie) against that
   distribution; the 2 is strong only when the opponent likely holds an ace.
4. **Betting.** Value bets and raises sized by equity (half pot to pot, all-in when the pot is
   already large against the stack), calls when equity beats the pot odds plus a margin that
   grows with the share of the stack at risk (a match is lost with the last chip, so big calls
   need a clear edge), rare small bluffs.

Strengths (``OnePokerAI.STRENGTHS``): ``normal`` is the play above; ``easy`` counts no cards
(it assumes a full deck), reads nothing from the opponent's bets, takes either card as
equally likely to be locked and never bluffs; ``strong`` trusts the opponent's bet sizes more
before the match has shown how honest they are (``honesty_prior`` 1.8, not 0.6), expects the
opponent to lock its stronger card more often (``lock_bias`` 0.9) and calls only with a wider
edge over the pot odds (``margin`` 0.12). None of them sees more than the observation.

The thresholds are constructor options (``value``, ``strong``, ``reraise``, ``margin``,
``risk_margin``, ``lock_bias``, ``bluff``; also ``counting`` and ``reads``); the ``normal``
ones were chosen on seeded matches against ``random`` and the rule-of-thumb baseline, then
measured on other seeds with ``bench/bench_onepoker_ai.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game import Action, State
from ..onepoker.state import compare_ranks
from ..rng import Rng, fresh_seed
from . import RuleAgent, view
from .strength import Option, strength_options

RANKS = 13
UP_MIN = 6


def equity(rank: int, dist: Sequence[float]) -> float:
    """P(win) + P(tie)/2 of ``rank`` against the rank distribution ``dist``."""
    tot = sum(dist)
    if tot <= 0:
        return 0.5
    e = 0.0
    for r, w in enumerate(dist):
        if w:
            c = compare_ranks(rank, r)
            e += w * (1.0 if c > 0 else 0.5 if c == 0 else 0.0)
    return e / tot


_STRENGTH = [equity(r, [8] * RANKS) for r in range(RANKS)]  # each rank vs a full deck


def unseen_counts(obs: dict) -> list[int]:
    """Rank counts of the cards this seat has not seen (double deck: 8 per rank)."""
    cnt = [8] * RANKS
    for c in list(obs["hand"]) + list(obs["discards"]):
        cnt[c >> 2] -= 1
    if obs.get("locked") is not None and obs["locked"] not in obs["hand"]:
        cnt[obs["locked"] >> 2] -= 1
    return [max(0, x) for x in cnt]


def opponent_lock_dist(cnt: list[int], up: int, lock_bias: float) -> list[float]:
    """Distribution of the rank the opponent locks, given the unseen rank counts and its UP
    count (0, 1 or 2) among two cards."""
    base = [equity(r, cnt) for r in range(RANKS)]
    out = [0.0] * RANKS
    for a in range(RANKS):
        if not cnt[a]:
            continue
        for b in range(a, RANKS):
            n_b = cnt[b] - (1 if a == b else 0)
            if n_b <= 0:
                continue
            if (a >= UP_MIN) + (b >= UP_MIN) != up:
                continue
            w = cnt[a] * n_b * (1 if a == b else 2)
            if a == b:
                out[a] += w
                continue
            hi, lo = (a, b) if base[a] >= base[b] else (b, a)
            out[hi] += w * lock_bias
            out[lo] += w * (1 - lock_bias)
    return out


def deal_aggression(actions: list[list], opp: int) -> float:
    """The opponent's largest bet or raise increase in one deal as a fraction of the pot it
    faced (the pot counted from the two antes), from the deal's public actions."""
    aggr = 0.0
    bets = [0, 0]
    pot = 2.0
    for seat, kind, amount in actions:
        if kind in ("raise", "all-in") and amount is not None:
            inc = amount - max(bets)
            if seat == opp and pot > 0:
                aggr = max(aggr, inc / pot)
            pot += amount - bets[seat]
            bets[seat] = amount
        elif kind == "call":
            pot += max(bets) - bets[seat]
            bets[seat] = max(bets)
    return aggr


def deal_records(obs: dict) -> list[tuple[float, float]]:
    """For each finished deal of the match: (the opponent's largest bet as a fraction of the
    pot it faced, the strength of the card the opponent locked), from the observation."""
    opp = 1 - obs["player"]
    return [(deal_aggression(d["actions"], opp), _STRENGTH[d["locked"][opp] >> 2])
            for d in obs["past"]]


def honesty(records: list[tuple[float, float]], prior_k: float = 0.6) -> float:
    """How much the opponent's bet sizes tell about its card (0 = nothing .. 2), starting from
    ``prior_k`` (worth four deals) before the match shows it."""
    prior_n = 4.0
    agg = [s for a, s in records if a > 0]
    pas = [s for a, s in records if a == 0]
    if len(agg) < 2 or len(pas) < 2:
        return prior_k
    gap = sum(agg) / len(agg) - sum(pas) / len(pas)
    n = len(records)
    k = max(0.0, min(2.0, gap * 6.0))
    return (prior_k * prior_n + k * n) / (prior_n + n)


class OnePokerAI:
    """Counts cards, models the opponent's locked card from its signal and its betting, and
    bets by equity. Deterministic for a given seed."""

    GAME = "onepoker"

    name = "ai"
    _NORMAL = {"lock_bias": 0.75, "bluff": 0.06, "value": 0.64, "strong": 0.8,
               "reraise": 0.85, "margin": 0.06, "risk_margin": 0.35, "counting": True,
               "reads": True, "honesty_prior": 0.6}
    STRENGTHS = {
        "easy": dict(_NORMAL, lock_bias=0.5, bluff=0.0, counting=False, reads=False),
        "normal": dict(_NORMAL),
        "strong": dict(_NORMAL, honesty_prior=1.8, lock_bias=0.9, margin=0.12),
    }

    #: every option, checked when the AI is built (``cardcore.options.Option``): equities and the
    #: thresholds on them are shares of the pot (0 .. 1)
    OPTIONS = {
        "lock_bias": Option("number", 0.75, "how far the opponent is read to lock its higher "
                            "card", low=0, high=1),
        "bluff": Option("number", 0.06, "how often it bets a weak card", low=0, high=1),
        "value": Option("number", 0.64, "the equity from which it bets", low=0, high=1),
        "strong": Option("number", 0.8, "the equity from which it bets big", low=0, high=1),
        "reraise": Option("number", 0.85, "the equity from which it raises a bet", low=0,
                          high=1),
        "margin": Option("number", 0.06, "equity a call needs above the pot odds", low=-1,
                         high=1),
        "risk_margin": Option("number", 0.35, "the margin added a unit of chips at risk",
                              low=0, high=2),
        "counting": Option("bool", True, "count the cards seen (False: a full pile)"),
        "reads": Option("bool", True, "read the opponent's card from its bet sizes"),
        "honesty_prior": Option("number", 0.6, "how much bet sizes tell before the match "
                                "shows it (0 .. 2)", low=0, high=2),
    }

    def __init__(self, game: str | None = "onepoker", seed: int | None = None,
                 lock_bias: float | None = None, bluff: float | None = None,
                 value: float | None = None, strong: float | None = None,
                 reraise: float | None = None, margin: float | None = None,
                 risk_margin: float | None = None, *, strength: str = "normal",
                 counting: bool | None = None, reads: bool | None = None,
                 honesty_prior: float | None = None, **unknown: Any) -> None:
        o = strength_options(self, strength, unknown, lock_bias=lock_bias, bluff=bluff,
                             value=value, strong=strong, reraise=reraise, margin=margin,
                             risk_margin=risk_margin, counting=counting, reads=reads,
                             honesty_prior=honesty_prior)
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.lock_bias = o["lock_bias"]
        self.bluff = o["bluff"]
        self.value, self.strong, self.reraise = o["value"], o["strong"], o["reraise"]
        self.margin, self.risk_margin = o["margin"], o["risk_margin"]
        self.counting, self.reads = o["counting"], o["reads"]
        self.honesty_prior = o["honesty_prior"]

    # ------------------------------------------------------------ beliefs
    def opponent_dist(self, obs: dict) -> list[float]:
        """The distribution of the rank the opponent locked, from ``obs``."""
        seat = obs["player"]
        cnt = unseen_counts(obs) if self.counting else [8] * RANKS
        opp = 1 - seat
        dist = opponent_lock_dist(cnt, obs["signals"][opp]["up"], self.lock_bias)
        if obs["phase"] == "bet" and self.reads:
            opp_bet, my_bet = obs["bets"][opp], obs["bets"][seat]
            if opp_bet > my_bet:
                pot_before = max(2.0, obs["pot"] - (opp_bet - my_bet))
                x = min(2.0, (opp_bet - my_bet) / pot_before)
                k = honesty(deal_records(obs), self.honesty_prior)
                dist = [w * (max(0.02, _STRENGTH[r]) ** (k * x)) for r, w in enumerate(dist)]
        return dist

    # ------------------------------------------------------------ acting
    def act(self, state: State) -> Action:
        legal, seat, obs = view(state, self.GAME)
        dist = self.opponent_dist(obs)
        if obs["phase"] == "lock":
            best = max(legal, key=lambda a: (equity(int(a.cards[0]) >> 2, dist), -int(a.cards[0])))
            return best
        e = equity(obs["locked"] >> 2, dist)
        return self._bet(seat, obs, legal, e)

    def _bet(self, seat: int, obs: dict, legal: list[Action], e: float) -> Action:
        kinds = {a.kind: a for a in legal}
        bets, pot = obs["bets"], obs["pot"]
        owed = max(bets) - bets[seat]
        stack = obs["chips"][seat]
        lo, hi = obs["min_raise_to"], obs["max_raise_to"]

        def raise_to(frac: float) -> Action | None:
            if lo is None or hi is None:
                return None
            call_amt = min(owed, stack)
            target = max(bets) + int(round(frac * (pot + call_amt)))
            if pot + call_amt >= 0.45 * (stack + bets[seat]) and frac >= 1.0:
                target = hi  # the pot is big against the stack: commit
            target = max(lo, min(hi, target))
            if target == hi and "all-in" in kinds:
                return kinds["all-in"]
            return Action("raise", f"raise {target}", amount=target)

        if owed <= 0:
            if e >= self.strong:
                return raise_to(1.0) or kinds["check"]
            if e >= self.value:
                return raise_to(0.5) or kinds["check"]
            if e < 0.25 and self.rng.random() < self.bluff:
                return raise_to(0.5) or kinds["check"]
            return kinds["check"]
        call_amt = min(owed, stack)
        need = call_amt / (pot + call_amt)
        risk = call_amt / max(1, stack + bets[seat])
        if e >= self.reraise and lo is not None:
            return raise_to(1.0) or kinds["call"]
        if e >= need + self.margin + self.risk_margin * risk:
            return kinds["call"]
        return kinds["fold"]


class RuleOfThumbAgent(RuleAgent):
    """A simple baseline: lock the higher card (2 counts lowest), bet the pot with Q or better,
    call with 9 or better, otherwise check or fold."""

    GAME = "onepoker"

    name = "rule"

    def act(self, state: State) -> Action:
        legal, seat, obs = self.view(state)
        if obs["phase"] == "lock":
            return max(legal, key=lambda a: int(a.cards[0]) >> 2)
        r = obs["locked"] >> 2
        kinds = {a.kind: a for a in legal}
        raises = [a for a in legal if a.kind in ("raise", "all-in")]
        if r >= 10 and raises:  # Q, K, A
            return raises[min(2, len(raises) - 1)]
        if "check" in kinds:
            return kinds["check"]
        return kinds["call"] if r >= 7 else kinds["fold"]


def _register() -> None:
    from . import register_agent

    register_agent("rule", "onepoker", "cardcore.agents.onepoker:RuleOfThumbAgent")


_register()

__all__ = ["OnePokerAI", "RuleOfThumbAgent", "equity", "unseen_counts", "opponent_lock_dist",
           "deal_aggression", "deal_records", "honesty"]
