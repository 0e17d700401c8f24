"""The Bridge AI: rule-based natural bidding and Monte Carlo double-dummy card play (PIMC).

The AI reads only what its seat may see: ``state.observation(seat)`` (its hand, dummy's hand
once the opening lead is made, the calls, the tricks) and ``state.legal_actions()``.

Bidding follows :mod:`cardcore.agents.bridge_bidding` (a natural system written as rules that
both choose and read calls).

Card play, for each decision: deal the cards the chooser cannot see at random among the hidden
hands (the one sampler, :func:`cardcore.agents.sampling.deal_unseen`), consistent with what is
known -- hand sizes, the suits each player has shown out of, and (loosely) the high-card points
and suit lengths the auction showed -- then solve every sampled deal double dummy with the
kernel's position solver (``solve_cards``: the tricks each legal card leads to) and play the
card with the best average. The average counts tricks plus a bonus for the chance of making
(declarer) or defeating (defenders) the contract.

The work per card is counted, not timed, so a seeded AI plays the same cards on any machine:
``samples`` sampled deals (default 48), each searched with at most ``max_nodes`` nodes
(default 500,000; a deal whose search needs more is skipped, so one hard layout cannot blow
the budget; after three skipped deals the card is chosen from what was solved). On the
reference machine (about 10 million nodes a second) a searched card then takes about 0.08 s
on average, about 0.5 s in the first searched trick and rarely more than 0.8 s, as the old
0.8 s clock budget did. ``time_budget=`` seconds per card is the
explicit opt-in to think by the clock instead (sampling stops when the time is spent, each
solve gets a node budget sized to the time left, ``NODES_PER_SECOND``); the same seed may
then play differently on another machine.

The opening lead and the rest of the first trick follow classic rules (``opening_lead``,
``trick_rule_card``): with 49-52 cards out one double-dummy search can take seconds; from the
second trick on a search usually takes milliseconds. ``rule_tricks=N`` plays the first N
tricks by rule (leads by the opening-lead rules); ``rule_tricks=0`` searches every card but
the opening lead.

Options: ``samples=48``, ``max_nodes=500_000``, ``time_budget=None`` (opt-in seconds per
card), ``cheap=True`` (a fast mode for tests: 6 samples of at most 100,000 nodes),
``rule_tricks=1``, ``early_samples=0`` (when > 0: at most that many samples while more than
``EARLY_CARDS`` = 40 cards are out, where each search is dearest), ``objective="tricks"``.

Strengths (``strength=``; explicit options override them). Every strength bids the same
system (``docs/bridge-bidding.md``) and sees the same; they differ in the card play:

* ``"easy"``: every card by the classic rules (``rule_tricks=13``): no search, instant.
* ``"normal"`` (the default): the options above.
* ``"strong"``: the budget of ``normal``, each card valued by the deal's score
  (``objective="score"``). Against ``normal``, duplicate deals scored in IMPs
  (``bench/bench_bridge_ai.py --versus``): +0.20 +- 0.19 IMPs a deal over 600 deals (seeds
  3001-3600) and +0.09 +- 0.33 over 200 others (seeds 7001-7200). Twice the samples a card had
  gained nothing measurable (-0.03 +- 0.22 over 400 deals).

``objective``: what a sampled deal's double-dummy answer is worth for a card. ``"tricks"``
(``easy`` and ``normal``): the tricks the mover's side takes from here, plus ``MAKE_BONUS``
when they make (or beat) the contract. ``"score"`` (``strong``): the deal's duplicate score for
the mover's side with those tricks, so making a game or a slam, or beating one, outweighs an
overtrick as it does at the table, and a doubled contract's undertricks count in full.

``bid_samples=N`` (opt-in, 0 at every strength) checks each call where our side places the
contract by simulation (:class:`cardcore.agents.bridge_bidding.Simulation`: ``N`` deals
consistent with the auction, solved double dummy, the candidate contracts scored in IMPs).
With ``N = 8`` it did not bid measurably better than the rules (duplicate auctions scored
double dummy, ``bench/bench_bridge_ai.py --versus-auction``: +0.30 +- 1.12 IMPs a deal over
deals 1-60, -0.43 +- 0.99 over deals 251-310) and a call took up to 12.8 s of CPU, so no
strength uses it yet.
"""

from __future__ import annotations

import time
from typing import Any

from ..bridge.auction import Auction, bid_level, bid_strain, is_bid
from ..bridge.scoring import score
from ..bridge.seats import SEATS, suit_index, trump_suit
from ..bridge.state import legal_cards
from ..engines import tricks
from ..game import Action, State
from ..rng import Rng, fresh_seed
from . import view
from .bridge_bidding import Simulation, choose_call, read_auction, shows
from .sampling import deal_unseen
from .strength import MAX_COUNT, MAX_SAMPLES, MAX_SECONDS, Option, strength_options

SAMPLES = 48                   # sampled deals per searched card
EARLY_CARDS = 40               # ``early_samples`` while more cards than this are out
BID_SAMPLES = 8                # bid_samples=: sampled deals checking a placing call (opt-in)
MAX_NODES = 500_000            # search nodes per sampled deal (about 0.05 s here)
MAX_SKIPPED = 3                # sampled deals given up before the card is chosen anyway
NODES_PER_SECOND = 4_000_000   # time_budget mode: a conservative search rate of the kernel
MIN_NODES = 50_000             # time_budget mode: the least budget any single solve gets
OBJECTIVES = ("tricks", "score")  # a card's value: tricks (+ MAKE_BONUS), or the deal's score
MAKE_BONUS = 0.5  # weight of the chance to make (or beat) the contract, in tricks


# ---------------------------------------------------------------- reading the observation

def _auction(obs: dict) -> Auction:
    """The auction so far, from the calls the seat has seen."""
    a = Auction(obs["dealer"])
    a.calls = list(obs["calls"])
    return a


def _strain(obs: dict) -> str:
    """The contract's strain letter, ``C D H S`` or ``N``."""
    return bid_strain(obs["contract"])


def _mover_hand(obs: dict) -> list[int]:
    """The cards of the hand to play now (the seat's own, or dummy's when it plays them)."""
    if obs["playing_hand"] == obs["seat"]:
        return list(obs["hand"])
    return list(obs["dummy_hand"])


def _all_tricks(obs: dict) -> list[dict]:
    """The finished tricks and the one in progress (``leader``, ``cards``)."""
    out = list(obs["tricks"])
    if obs["current_trick"] is not None:
        out.append(obs["current_trick"])
    return out


def _legal_cards(obs: dict) -> list[int]:
    """The legal cards of the hand to play (the game's rule, ``bridge.legal_cards``)."""
    t = obs["current_trick"]
    return legal_cards(_mover_hand(obs), t["cards"] if t else [])


class BridgeAI:
    """Rule-based bidding and PIMC card play. ``BridgeAI("bridge", seed=1, samples=24)``."""

    GAME = "bridge"

    name = "ai"
    #: the options of each strength (see the module docstring); explicit options override
    STRENGTHS = {
        "easy": {"samples": 6, "max_nodes": 100_000, "rule_tricks": 13, "early_samples": 0,
                 "bid_samples": 0, "objective": "tricks"},
        "normal": {"samples": SAMPLES, "max_nodes": MAX_NODES, "rule_tricks": 1,
                   "early_samples": 0, "bid_samples": 0, "objective": "tricks"},
        "strong": {"samples": SAMPLES, "max_nodes": MAX_NODES, "rule_tricks": 1,
                   "early_samples": 0, "bid_samples": 0, "objective": "score"},
    }

    #: every option, checked when the AI is built (``cardcore.options.Option``)
    OPTIONS = {
        "samples": Option("int", SAMPLES, "sampled deals a searched card", low=1,
                          high=MAX_SAMPLES),
        "max_nodes": Option("int", MAX_NODES, "search nodes a sampled deal", low=1,
                            high=MAX_COUNT),
        "time_budget": Option("number", None, "seconds a card, opt-in (None: count the work)",
                              low=1e-6, high=MAX_SECONDS, none=True),
        "cheap": Option("bool", False, "at most 6 deals, 100,000 nodes and 0.05 s a card"),
        "rule_tricks": Option("int", 1, "the last tricks played by the rules, unsearched",
                              low=0, high=13),
        "early_samples": Option("int", 0, "sampled deals while more than 40 cards are out "
                                "(0: as many as samples)", low=0, high=MAX_SAMPLES),
        "bid_samples": Option("int", 0, "sampled deals checking a placing call (0: bid by "
                              "the rules alone)", low=0, high=MAX_SAMPLES),
        "objective": Option("str", "tricks", "what a card is worth: tricks or the deal's "
                            "score", choices=OBJECTIVES),
    }

    def __init__(self, game: str | None = "bridge", seed: int | None = None, *,
                 strength: str = "normal", samples: int | None = None,
                 max_nodes: int | None = None, time_budget: float | None = None,
                 cheap: bool | None = None, rule_tricks: int | None = None,
                 early_samples: int | None = None, bid_samples: int | None = None,
                 objective: str | None = None, **unknown: Any) -> None:
        opts = strength_options(self, strength, unknown, samples=samples, max_nodes=max_nodes,
                                time_budget=time_budget, cheap=cheap, rule_tricks=rule_tricks,
                                early_samples=early_samples, bid_samples=bid_samples,
                                objective=objective)
        samples, max_nodes, time_budget = opts["samples"], opts["max_nodes"], opts["time_budget"]
        if opts["cheap"]:
            samples, max_nodes = min(samples, 6), min(max_nodes, 100_000)
            if time_budget is not None:
                time_budget = min(time_budget, 0.05)
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.samples = samples
        self.early_samples = opts["early_samples"]
        self.bid_samples = opts["bid_samples"]
        self.max_nodes = max_nodes
        self.time_budget = time_budget
        self.rule_tricks = opts["rule_tricks"]
        self.objective = opts["objective"]
        self.last_info: dict = {}

    # ------------------------------------------------------------------ entry
    def act(self, state: State) -> Action:
        legal, seat, obs = view(state, self.GAME)
        if obs["phase"] == "auction":
            sim = None
            if self.bid_samples:
                sim = Simulation(self.bid_samples, self.rng, obs["vulnerable"])
            call, why = choose_call(obs["hand"], _auction(obs), sim)
            self.last_info = {"call": call, "rule": why}
            if sim is not None and sim.last:
                self.last_info["simulation"] = sim.last
            for a in legal:
                if a.text == call:
                    return a
            return legal[0]  # pass is always first and always legal
        if len(legal) == 1:
            return legal[0]
        done = len(obs["tricks"])
        leading = obs["current_trick"] is None
        ids = [int(a.cards[0]) for a in legal]
        if (done == 0 and leading) or (done < self.rule_tricks and leading):
            card = opening_lead(obs)
            self.last_info = {"rule": "lead"}
        elif done < self.rule_tricks:
            card = trick_rule_card(obs, ids)
            self.last_info = {"rule": "follow"}
        else:
            card = self.choose_card(obs, ids)
        for a in legal:
            if int(a.cards[0]) == card:
                return a
        raise AssertionError("the AI chose a card that is not legal")  # pragma: no cover

    # ------------------------------------------------------------------ PIMC
    def choose_card(self, obs: dict, legal: list[int]) -> int:
        """The card (of ``legal``) with the best average over the sampled deals."""
        me = obs["seat"]
        mover = obs["playing_hand"]
        trump = _strain(obs)
        trick = obs["current_trick"]
        leader = trick["leader"] if trick else mover
        played_now = list(trick["cards"]) if trick else []
        known = {me}
        if obs["dummy_hand"] is not None:
            known.add(obs["dummy"])
        hidden = [s for s in range(4) if s not in known]
        from ..bridge.solver import solve_cards

        totals = dict.fromkeys(legal, 0.0)
        decl_side = obs["declarer"] % 2
        won = obs["tricks_won"]
        side_has = won["NS"] if mover % 2 == 0 else won["EW"]
        level = bid_level(obs["contract"])
        need = 6 + level if mover % 2 == decl_side else 8 - level
        value = None
        if self.objective == "score":
            # the deal's score for the mover's side, by the tricks its side takes from here on
            decl = obs["declarer"]
            vul = obs["vulnerable"][decl]
            left = 13 - len(obs["tricks"])
            decl_has = won["NS"] if decl_side == 0 else won["EW"]
            sign = 1 if mover % 2 == decl_side else -1
            value = [sign * score(obs["contract"], SEATS[decl],
                                  decl_has + (g if sign > 0 else left - g), vul)
                     for g in range(left + 1)]
        clock = self.time_budget is not None
        start = time.perf_counter()
        deadline = start + (self.time_budget or 0.0)
        n = skipped = 0
        for hands in self._sample(obs, known, hidden):
            if clock:
                now = time.perf_counter()
                # stop when one more solve (at the average cost so far) would pass the deadline
                if n and now + (now - start) / n > deadline:
                    break
                if skipped and now > deadline and (n or skipped >= MAX_SKIPPED):
                    break
                budget = max(MIN_NODES, int((deadline - now) * NODES_PER_SECOND))
            else:
                if skipped >= MAX_SKIPPED:
                    break
                budget = self.max_nodes
            res = solve_cards(hands, trump, leader, played_now, max_nodes=budget)
            if res is None:
                skipped += 1
                continue
            for card, got in res.items():
                c = int(card)
                if c in totals:
                    if value is not None:
                        totals[c] += value[got]
                    else:
                        totals[c] += got + (MAKE_BONUS if side_has + got >= need else 0.0)
            n += 1
        # best average; ties to the lowest card (keeps high cards, a safe default)
        best = max(legal, key=lambda c: (round(totals[c], 6), -(c >> 2), -c))
        self.last_info = {"samples": n, "skipped": skipped,
                          "values": {c: totals[c] / max(n, 1) for c in legal}}
        return best

    def _sample(self, obs: dict, known: set[int], hidden: list[int]):
        """Yield full positions (4 hand masks, seats 0..3) consistent with what the ``known``
        seats show; at most ``self.samples`` of them (``self.early_samples``, when set, while
        more than ``EARLY_CARDS`` cards are out)."""
        fixed = {obs["seat"]: list(obs["hand"])}
        if obs["dummy_hand"] is not None:
            fixed[obs["dummy"]] = list(obs["dummy_hand"])
        seen = set()
        for s in known:
            seen.update(fixed[s])
        played_by: list[list[int]] = [[] for _ in range(4)]
        voids: list[set[int]] = [set() for _ in range(4)]
        for t in _all_tricks(obs):
            led = t["cards"][0] & 3 if t["cards"] else None
            for k, c in enumerate(t["cards"]):
                seat = (t["leader"] + k) % 4
                played_by[seat].append(c)
                seen.add(c)
                if k and c & 3 != led:
                    voids[seat].add(led)
        unknown = [c for c in range(52) if c not in seen]
        sizes = {s: obs["hand_sizes"][s] for s in hidden}
        allowed = None
        if any(voids[s] for s in hidden):
            def allowed(seat: int, card: int) -> bool:
                return (card & 3) not in voids[seat]
        pics = read_auction(_auction(obs))
        rng = self.rng
        tries = 0
        made = 0
        want = self.samples
        if self.early_samples and 52 - sum(map(len, played_by)) > EARLY_CARDS:
            want = min(want, self.early_samples)
        max_tries = 40 * want
        while made < want:
            tries += 1
            strict = tries <= max_tries
            deal = deal_unseen(unknown, sizes, rng, allowed=allowed)
            if deal is None:  # the voids cannot be met: ignore them
                deal = deal_unseen(unknown, sizes, rng)
            assert deal is not None         # (unconstrained: always a deal)
            if strict and not all(shows(pics[s], deal[s], played_by[s], shape=False)
                                  for s in hidden):
                continue
            full = dict(fixed)
            full.update(deal)
            masks = []
            for s in range(4):
                m = 0
                for c in full[s]:
                    m |= 1 << c
                masks.append(m)
            made += 1
            yield masks


def opening_lead(obs: dict) -> int:
    """The opening lead by rule, from the leader's observation (a double-dummy search of the
    full deal is slow and, with every hand hidden, no better than these classic guides):

    1. partner's suit (top of a doubleton or of touching honours, else low);
    2. the top of a sequence (A-K, K-Q, Q-J, J-10) in a suit the opponents did not bid;
    3. in a suit contract, a singleton in a side suit (holding a trump);
    4. against no trump, the fourth-best card of the longest suit;
    5. otherwise the top of a worthless suit, else a low card of the longest side suit.
    """
    me = obs["playing_hand"]  # the declarer may be leading from dummy
    hand = _mover_hand(obs)
    t = trump_suit(_strain(obs))
    partner = (me + 2) % 4
    auction = _auction(obs)
    partner_suits, their_suits = [], set()
    for i, c in enumerate(auction.calls):
        s = suit_index(bid_strain(c)) if is_bid(c) else None
        if s is not None:
            seat = auction.seat_of(i)
            if seat == partner and s not in partner_suits:
                partner_suits.append(s)
            elif seat % 2 != me % 2:
                their_suits.add(s)
    by_suit = {s: sorted((c for c in hand if c & 3 == s), reverse=True) for s in range(4)}

    def top_of_sequence(cards):
        """A-K, K-Q, Q-J or J-10 at the top of the suit: lead the top card."""
        if len(cards) >= 2 and cards[0] >> 2 >= 9 and (cards[0] >> 2) - (cards[1] >> 2) == 1:
            return cards[0]
        return None

    for s in partner_suits:
        cards = by_suit[s]
        if cards and s != t:
            if len(cards) <= 2:
                return cards[0]
            seq = top_of_sequence(cards)
            return seq if seq is not None else cards[-1]
    side = [s for s in range(4) if by_suit[s] and s != t]
    for s in sorted(side, key=lambda x: -len(by_suit[x])):
        if s in their_suits:
            continue
        seq = top_of_sequence(by_suit[s])
        if seq is not None:
            return seq
    if t is not None and by_suit[t]:
        singles = [s for s in side if len(by_suit[s]) == 1 and by_suit[s][0] >> 2 < 12]
        if singles and len(by_suit[t]) <= 3:
            return by_suit[singles[0]][0]
    if t is None:
        longest = max(side or range(4), key=lambda x: (len(by_suit[x]), x not in their_suits,
                                                       sum(c >> 2 for c in by_suit[x])))
        cards = by_suit[longest]
        return cards[3] if len(cards) >= 4 else cards[-1] if cards else hand[0]
    worthless = [s for s in side if by_suit[s] and by_suit[s][0] >> 2 < 9 and s not in their_suits]
    if worthless:
        return by_suit[max(worthless, key=lambda x: len(by_suit[x]))][0]
    pool = side or [s for s in range(4) if by_suit[s]]
    longest = max(pool, key=lambda x: (x not in their_suits, len(by_suit[x])))
    return by_suit[longest][-1]


def trick_rule_card(obs: dict, legal: list[int] | None = None) -> int:
    """A card for the rest of the first trick by the classic guides, from the chooser's
    observation (``legal``: the legal card ids, by default computed with the game's rule):
    second hand low, third hand high (as cheaply as wins), fourth hand wins as cheaply as
    possible; when void, ruff low if the opponents are winning, else discard from the longest
    side suit.

    Used for the first trick only: with 49-51 cards out a double-dummy search of each sampled
    deal can take seconds, while from the second trick on it takes milliseconds.
    """
    seat = obs["playing_hand"]
    if legal is None:
        legal = _legal_cards(obs)
    trick = obs["current_trick"]
    cards = trick["cards"]
    leader = trick["leader"]
    t = trump_suit(_strain(obs))
    led = cards[0] & 3
    win_i = tricks.trick_winner(cards, t)
    winner_seat = (leader + win_i) % 4
    partner_winning = winner_seat % 2 == seat % 2
    position = len(cards) + 1  # 2nd, 3rd or 4th hand
    lowest = min(legal, key=lambda c: (c >> 2, c))
    winners = sorted((c for c in legal if tricks.beats(c, cards[win_i], t)),
                     key=lambda c: (c & 3 == t, c >> 2))
    following = legal[0] & 3 == led
    if following:
        if position == 2 or partner_winning or not winners:
            return lowest
        return winners[0]
    # void in the led suit
    if not partner_winning and winners and position >= 2:
        return winners[0]
    side = [c for c in legal if c & 3 != t] or legal
    by_len: dict[int, list[int]] = {}
    for c in side:
        by_len.setdefault(c & 3, []).append(c)
    longest = max(by_len, key=lambda s: (len(by_len[s]), -(max(by_len[s]) >> 2)))
    return min(by_len[longest])


__all__ = ["BridgeAI", "opening_lead", "trick_rule_card", "SAMPLES", "MAX_NODES", "OBJECTIVES"]
