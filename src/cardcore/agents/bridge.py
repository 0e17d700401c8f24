"""The Bridge AI: rule-based natural bidding and Monte Carlo double-dummy card play (PIMC).

Bidding follows :mod:`cardcore.agents.bridge_bidding` (a natural system written as rules that
both choose and read calls).

Card play, for each decision: deal the cards the chooser cannot see at random among the hidden
hands, consistent with what is known -- hand sizes, the suits each player has shown out of, and
(loosely) the high-card points and suit lengths the auction showed -- then solve every sampled
deal double dummy with the kernel's position solver (``solve_cards``: the tricks each legal
card leads to) and play the card with the best average. The average counts tricks plus a bonus
for the chance of making (declarer) or defeating (defenders) the contract. Sampling stops at
``samples`` deals or when the ``time_budget`` (seconds per card) is spent, whichever is first.
Each solve gets a node budget sized to the time left (``NODES_PER_SECOND``); a sample whose
search would run past it is skipped, so one hard layout cannot blow the time budget.

The opening lead and the rest of the first trick follow classic rules (``opening_lead``,
``trick_rule_card``): with 49-52 cards out one double-dummy search can take seconds; from the
second trick on a search usually takes milliseconds (rarely a second or more on a loaded
machine). ``rule_tricks=N`` plays the first N tricks by rule (leads by the opening-lead rules);
``rule_tricks=0`` searches every card but the opening lead.

Options: ``time_budget=0.8`` seconds per card (the first sample is always solved),
``samples=48`` at most per card, ``cheap=True`` (a fast mode for tests: 6 samples, 0.05 s),
``rule_tricks=1``.
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import CardcoreError
from ..game import Action, State
from ..rng import Rng, fresh_seed
from .bridge_bidding import Picture, choose_call, read_auction

_HCP = {12: 4, 11: 3, 10: 2, 9: 1}
NODES_PER_SECOND = 4_000_000   # a conservative search rate of the double-dummy kernel here
MIN_NODES = 50_000             # the least budget any single solve gets
MAKE_BONUS = 0.5  # weight of the chance to make (or beat) the contract, in tricks


class BridgeAI:
    """Rule-based bidding and PIMC card play. ``BridgeAI("bridge", seed=1, time_budget=0.5)``."""

    name = "ai"

    def __init__(self, game: str | None = "bridge", seed: int | None = None, *,
                 time_budget: float = 0.8, samples: int = 48, cheap: bool = False,
                 rule_tricks: int = 1, **_: Any) -> None:
        if cheap:
            time_budget, samples = min(time_budget, 0.05), min(samples, 6)
        if not time_budget > 0 or samples < 1:
            raise CardcoreError(f"BridgeAI: time_budget {time_budget!r} and samples {samples!r} "
                                "must be positive")
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.time_budget = float(time_budget)
        self.samples = int(samples)
        if isinstance(rule_tricks, bool) or not isinstance(rule_tricks, int) or rule_tricks < 0:
            raise CardcoreError(f"BridgeAI: rule_tricks {rule_tricks!r}: expected an int >= 0")
        self.rule_tricks = rule_tricks
        self.last_info: dict = {}

    # ------------------------------------------------------------------ entry
    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise CardcoreError("bridge: no legal action (the deal is over)")
        if state.phase == "auction":
            call, why = choose_call(state.hands[state.current_player], state.auction())
            self.last_info = {"call": call, "rule": why}
            for a in legal:
                if a.text == call:
                    return a
            return legal[0]  # pass is always first and always legal
        if len(legal) == 1:
            return legal[0]
        done = sum(1 for t in state.tricks if t["winner"] is not None)
        leading = not state.tricks or state.tricks[-1]["winner"] is not None
        if not state.tricks or (done < self.rule_tricks and leading):
            card = opening_lead(state)
            self.last_info = {"rule": "lead"}
        elif done < self.rule_tricks:
            card = trick_rule_card(state)
            self.last_info = {"rule": "follow"}
        else:
            card = self.choose_card(state)
        for a in legal:
            if int(a.cards[0]) == card:
                return a
        raise AssertionError("PIMC chose a card that is not legal")  # pragma: no cover

    # ------------------------------------------------------------------ PIMC
    def choose_card(self, state) -> int:
        me = state.current_player
        mover = state.playing_hand
        legal = [int(a.cards[0]) for a in state.legal_actions()]
        trump = state.trump
        trick = state._trick()
        leader = trick["leader"] if trick else mover
        played_now = list(trick["cards"]) if trick else []
        known = {me}
        if state.dummy_visible:
            known.add(state.dummy)
        hidden = [s for s in range(4) if s not in known]
        samples = self._sample(state, known, hidden)
        from ..bridge.solver import solve_cards

        totals = {c: 0.0 for c in legal}
        decl_side = state.declarer % 2
        side_has = state.won[mover % 2]
        need = (6 + int(state.contract[0])) if mover % 2 == decl_side else (8 - int(state.contract[0]))
        start = time.perf_counter()
        deadline = start + self.time_budget
        n = skipped = 0
        for hands in samples:
            now = time.perf_counter()
            # stop when one more solve (at the average cost so far) would pass the deadline
            if n and now + (now - start) / n > deadline:
                break
            if skipped and now > deadline and (n or skipped >= 3):
                break
            budget = max(MIN_NODES, int((deadline - now) * NODES_PER_SECOND))
            res = solve_cards(hands, trump, leader, played_now, max_nodes=budget)
            if res is None:
                skipped += 1
                continue
            for c, tricks in res.items():
                c = int(c)
                if c in totals:
                    totals[c] += tricks + (MAKE_BONUS if side_has + tricks >= need else 0.0)
            n += 1
        # best average; ties to the lowest card (keeps high cards, a safe default)
        best = max(legal, key=lambda c: (round(totals[c], 6), -(c >> 2), -c))
        self.last_info = {"samples": n, "skipped": skipped,
                          "values": {c: totals[c] / max(n, 1) for c in legal}}
        return best

    def _sample(self, state, known: set[int], hidden: list[int]):
        """Yield full positions (4 hand masks, seats 0..3) consistent with what ``known``
        seats can see; at most ``self.samples`` of them."""
        fixed = {s: list(state.hands[s]) for s in known}
        seen = set()
        for s in known:
            seen.update(state.hands[s])
        played_by = [[] for _ in range(4)]
        voids = [set() for _ in range(4)]
        for t in state.tricks:
            led = t["cards"][0] & 3 if t["cards"] else None
            for k, c in enumerate(t["cards"]):
                seat = (t["leader"] + k) % 4
                played_by[seat].append(c)
                seen.add(c)
                if k and c & 3 != led:
                    voids[seat].add(led)
        unknown = [c for c in range(52) if c not in seen]
        sizes = {s: len(state.hands[s]) for s in hidden}
        pics = read_auction(state.auction())
        rng = self.rng
        tries = 0
        made = 0
        max_tries = 40 * self.samples
        while made < self.samples:
            tries += 1
            strict = tries <= max_tries
            deal = _deal_hidden(unknown, hidden, sizes, voids, rng)
            if deal is None:
                deal = _deal_hidden(unknown, hidden, sizes, [set()] * 4, rng)
            if strict and not all(_fits(pics[s], deal[s], played_by[s]) for s in hidden):
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


def opening_lead(state) -> int:
    """The opening lead by rule (a double-dummy search of the full deal is slow and, with
    every hand hidden, no better than these classic guides):

    1. partner's suit (top of a doubleton or of touching honours, else low);
    2. the top of a sequence (A-K, K-Q, Q-J, J-10) in a suit the opponents did not bid;
    3. in a suit contract, a singleton in a side suit (holding a trump);
    4. against no trump, the fourth-best card of the longest suit;
    5. otherwise the top of a worthless suit, else a low card of the longest side suit.
    """
    me = state.playing_hand  # the declarer may be leading from dummy
    hand = state.hands[me]
    trump = state.trump
    t = "CDHS".index(trump) if trump in "CDHS" else None
    partner = (me + 2) % 4
    auction = state.auction()
    partner_suits, their_suits = [], set()
    for i, c in enumerate(auction.calls):
        if c[0].isdigit() and c[1] in "CDHS":
            seat = auction.seat_of(i)
            if seat == partner and "CDHS".index(c[1]) not in partner_suits:
                partner_suits.append("CDHS".index(c[1]))
            elif seat % 2 != me % 2:
                their_suits.add("CDHS".index(c[1]))
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


def trick_rule_card(state) -> int:
    """A card for the rest of the first trick by the classic guides: second hand low, third
    hand high (as cheaply as wins), fourth hand wins as cheaply as possible; when void, ruff
    low if the opponents are winning, else discard from the longest side suit.

    Used for the first trick only: with 49-51 cards out a double-dummy search of each sampled
    deal can take seconds, while from the second trick on it takes milliseconds.
    """
    seat = state.playing_hand
    legal = [int(a.cards[0]) for a in state.legal_actions()]
    trick = state._trick()
    cards = trick["cards"]
    leader = trick["leader"]
    t = "CDHS".index(state.trump) if state.trump in "CDHS" else None
    led = cards[0] & 3

    def beats(a: int, b: int) -> bool:
        if a & 3 == b & 3:
            return a > b
        return t is not None and a & 3 == t

    win_i = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[win_i]):
            win_i = i
    winner_seat = (leader + win_i) % 4
    partner_winning = winner_seat % 2 == seat % 2
    position = len(cards) + 1  # 2nd, 3rd or 4th hand
    lowest = min(legal, key=lambda c: (c >> 2, c))
    winners = sorted((c for c in legal if beats(c, cards[win_i])), key=lambda c: (c & 3 == t, c >> 2))
    following = legal[0] & 3 == led
    if following:
        if position == 2 or partner_winning or not winners:
            return lowest
        return winners[0]
    # void in the led suit
    if not partner_winning and winners and position >= 2:
        return winners[0]
    side = [c for c in legal if c & 3 != t] or legal
    by_len = {}
    for c in side:
        by_len.setdefault(c & 3, []).append(c)
    longest = max(by_len, key=lambda s: (len(by_len[s]), -(max(by_len[s]) >> 2)))
    return min(by_len[longest])


def _deal_hidden(unknown: list[int], hidden: list[int], sizes: dict, voids, rng: Rng):
    """Deal ``unknown`` among ``hidden`` seats with the given sizes, no card of a suit a seat
    has shown out of; ``None`` when the voids cannot be met."""
    cards = list(unknown)
    rng.shuffle(cards)
    room = dict(sizes)
    out = {s: [] for s in hidden}
    # cards that only one hidden seat may hold go first
    flexible = []
    for c in cards:
        ok = [s for s in hidden if (c & 3) not in voids[s]]
        if not ok:
            return None
        if len(ok) == 1:
            s = ok[0]
            if room[s] == 0:
                return None
            out[s].append(c)
            room[s] -= 1
        else:
            flexible.append((c, ok))
    for c, ok in flexible:
        ok = [s for s in ok if room[s] > 0]
        if not ok:
            return None
        total = sum(room[s] for s in ok)
        x = rng.below(total)
        for s in ok:
            if x < room[s]:
                break
            x -= room[s]
        out[s].append(c)
        room[s] -= 1
    if any(room[s] for s in hidden):
        return None
    return out


def _fits(p: Picture, cards: list[int], played: list[int], slack: int = 1) -> bool:
    """Does a sampled hand (with the cards that seat already played) match the auction?"""
    hcp = 0
    lengths = [0, 0, 0, 0]
    for c in cards:
        hcp += _HCP.get(c >> 2, 0)
        lengths[c & 3] += 1
    for c in played:
        hcp += _HCP.get(c >> 2, 0)
        lengths[c & 3] += 1
    if not p.hcp_lo - slack <= hcp <= p.hcp_hi + slack:
        return False
    for i in range(4):
        if lengths[i] < p.minlen[i] or lengths[i] > p.maxlen[i]:
            return False
    return True


__all__ = ["BridgeAI", "opening_lead", "trick_rule_card"]
