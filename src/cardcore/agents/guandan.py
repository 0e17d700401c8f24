"""Guandan agents: ``GuandanAI`` (the built-in ``"ai"``) and ``GreedyGuandan`` (``"greedy"``).

The AI reads only what its seat sees (``observation``, ``legal_actions``) and calls the game's
own rules (``cardcore.guandan.moves`` for plays, ``GuandanState.position`` to imagine a deal).

* **Hand planning**: the hand is split into few strong plays (bombs kept whole, straights,
  tubes, plates and full houses where they save plays); a play is judged by how many plays the
  rest of the hand then needs and how weak the cards it sheds are.
* **Partner awareness**: never beat a partner who holds the table unless it goes out; lead a
  low single or pair to a partner about to go out.
* **Bombs** wait until an opponent is close to going out, the table is strong, or the bomb
  nearly empties the hand.
* **Tribute and return**: the tribute is forced by the rules; the return gives back the card
  the plan misses least.
* **Card counting and search**: the unseen cards are the two decks less the own hand and
  every card played; near the end of a deal the AI deals them to the other hands (``samples``
  worlds, by the one shared sampler) and plays each candidate out with the heuristic for all
  seats, choosing the best average result. The budget is counted in work (worlds times
  candidates), so the same seed gives the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..cards import deck108
from ..game import Action, State
from ..guandan.moves import counts_of, power, strength, wild_card
from ..rng import Rng, fresh_seed
from . import RuleAgent, register_agent, view
from .sampling import deal_unseen
from .strength import MAX_SAMPLES, Option, strength_options

_FULL = [int(c) for c in deck108()]


# ---------------------------------------------------------------- hand planning

def plan_cost(counts: Sequence[int], level: int) -> float:
    """How hard a hand is to play out: about the number of plays it needs, plus a little for
    every weak single or pair (a lower cost is a better hand). ``counts``: 54 card counts."""
    wild = wild_card(level)
    nat = [0] * 13
    for c in range(52):
        n = counts[c]
        if n and c != wild:
            nat[c >> 2] += n
    wilds = counts[wild]
    jokers = counts[52] + counts[53]
    best = _nat_cost(tuple(nat), level)
    cost = best
    if counts[52] == 2 and counts[53] == 2:
        cost += 0.2                      # the joker bomb: one play, a winner
    else:
        cost += 0.4 * (jokers > 0)       # jokers are strong singles/pairs
    return cost - 0.35 * wilds           # a wild card mends a hole somewhere


@lru_cache(maxsize=1 << 16)
def _nat_cost(nat: tuple[int, ...], level: int) -> float:
    """Plays needed for the natural cards: equal-rank groups, or a straight and then groups
    (every 5-window of ranks all held is tried)."""
    best = _groups_cost(nat, level)
    for lo in range(-1, 9):
        window = [12 if r < 0 else r for r in range(lo, lo + 5)]
        if all(nat[r] >= 1 for r in window):
            rest = list(nat)
            for r in window:
                rest[r] -= 1
            best = min(best, 1 + _groups_cost(rest, level))
    return best


def _groups_cost(nat: Sequence[int], level: int) -> float:
    """Plays needed for groups of equal ranks: bombs whole, trios with pairs, the rest as
    pairs and singles; weak singles and pairs cost a little more."""
    cost = 0.0
    trios = pairs = 0
    for r in range(13):
        n = nat[r]
        if n == 0:
            continue
        value = 13 if r == level else r
        if n >= 4:
            cost += 0.6                  # a bomb: a play that also wins a trick
            continue
        if n == 3:
            trios += 1
        elif n == 2:
            pairs += 1
            cost += 1 + (0.25 if value < 8 else 0.0)
        else:
            cost += 1 + (0.35 if value < 8 else 0.1 if value < 11 else 0.0)
    matched = min(trios, pairs)
    cost += trios - matched * 1.0        # a trio carries a pair: the pair's play is saved
    return cost


# ---------------------------------------------------------------- the heuristic

def _after(counts: list[int], m: Action) -> list[int]:
    rest = list(counts)
    for c in m.cards:
        rest[int(c)] -= 1
    return rest


def _rank(m: Action) -> int:
    return m.data[1]


def _weakness(m: Action) -> float:
    """How cheap a play is to give up (low ranks are cheap)."""
    return _rank(m) / 16.0


def _bomb(m: Action) -> bool:
    """Whether the play ``m`` is a bomb (its class in the game's bomb order is above 0)."""
    return power(m.data)[0] > 0


def _exposed(m: Action, opponent_min: int) -> float:
    """What leading ``m`` risks when an opponent holds ``opponent_min`` cards: a play of that
    many cards lets it go out with any stronger one (the weaker the play, the likelier)."""
    if 0 < opponent_min <= 3 and len(m.cards) == opponent_min:
        return 1.5 * (1.0 - _weakness(m))
    return 0.0


def choose(counts: list[int], level: int, legal_moves: list[Action], *, leading: bool,
           table_by_partner: bool, opponent_min: int, partner_left: int,
           table_value: int = 0) -> Action | None:
    """The heuristic's play among ``legal_moves`` (the legal plays, no pass; ``None``: pass).
    ``opponent_min``: fewest cards an opponent still holds (0 when both are out);
    ``partner_left``: the partner's cards (0 when out)."""
    total = sum(counts)
    for m in legal_moves:
        if len(m.cards) == total:
            return m                      # go out
    if not legal_moves:
        return None
    base = plan_cost(counts, level)
    scored = []
    for m in legal_moves:
        rest = _after(counts, m)
        delta = plan_cost(rest, level) - base
        scored.append((delta, m))
    if leading:
        if partner_left and partner_left <= 2 and opponent_min > 2:
            feed = [m for m in legal_moves if len(m.cards) == partner_left and not _bomb(m)]
            if feed:
                return min(feed, key=_rank)
        normal = [(d, m) for d, m in scored if not _bomb(m)]
        pool = normal or scored
        # shed the play that helps the plan most; among equals the weakest, the longest; a
        # weak lead of as many cards as an opponent holds may let it go out
        return min(pool, key=lambda dm: (round(dm[0], 2) + _weakness(dm[1]) * 0.8
                                         - 0.05 * len(dm[1].cards)
                                         + _exposed(dm[1], opponent_min)))[1]
    if table_by_partner:
        return None
    danger = opponent_min <= 6
    normal = [(d, m) for d, m in scored if not _bomb(m)]
    if normal:
        d, m = min(normal, key=lambda dm: (dm[0] + _weakness(dm[1]) * 0.5))
        limit = 1.2 if danger else (0.6 if _rank(m) < 12 else 0.3)
        if d <= limit:
            return m
    bombs = [(d, m) for d, m in scored if _bomb(m)]
    if bombs and (danger or table_value >= 13 or base <= 2.5):
        return min(bombs, key=lambda dm: (power(dm[1].data), dm[0]))[1]
    return None


# ---------------------------------------------------------------- agents

def _view(obs: dict) -> dict:
    me = obs["player"]
    mate = (me + 2) % 4
    counts = obs["card_counts"]
    places = obs["places"]
    opp = [s for s in (1, 3) if (s - me) % 2 == 1] if me % 2 == 0 else [0, 2]
    opp_left = [counts[s] for s in ((me + 1) % 4, (me + 3) % 4) if s not in places]
    table = obs["table"]
    return {
        "me": me,
        "mate": mate,
        "opp": opp,
        "opponent_min": min(opp_left) if opp_left else 0,
        "partner_left": counts[mate] if mate not in places else 0,
        "table_by_partner": table is not None and table["seat"] == mate,
        "table": table,
    }


class GuandanAI:
    """The built-in Guandan AI (see the module docstring). Options: ``strength`` (``"easy"``:
    the heuristic alone, with slips; ``"normal"``, the default; ``"strong"``: more worlds, more
    candidates and an earlier search), ``samples`` (worlds per searched move, 6 at normal; 0
    plays the heuristic alone), ``search_cards`` (search once an active player holds at most
    this many cards, 5 at normal), ``candidates`` (plays compared besides the heuristic's own, 3 at
    normal), ``mistakes`` (the chance of a slip, any legal play or pass instead of the chosen
    one: 0.2 at easy, 0 otherwise). Options given explicitly override the strength's."""

    GAME = "guandan"

    name = "ai"
    STRENGTHS = {
        "easy": {"samples": 0, "search_cards": 0, "candidates": 1, "mistakes": 0.2},
        "normal": {"samples": 6, "search_cards": 5, "candidates": 3, "mistakes": 0.0},
        "strong": {"samples": 16, "search_cards": 8, "candidates": 4, "mistakes": 0.0},
    }

    #: every option, checked when the AI is built (``cardcore.options.Option``)
    OPTIONS = {
        "samples": Option("int", 6, "worlds a searched move (0: the heuristic alone)", low=0,
                          high=MAX_SAMPLES),
        "search_cards": Option("int", 5, "search once an active player holds at most this "
                               "many cards", low=0, high=27),
        "candidates": Option("int", 3, "plays compared besides the heuristic's own", low=0,
                             high=1_000),
        "mistakes": Option("number", 0.0, "the chance of a slip (any legal play or pass)",
                           low=0, high=1),
    }

    def __init__(self, game: str | None = "guandan", seed: int | None = None, *,
                 strength: str = "normal", samples: int | None = None,
                 search_cards: int | None = None, candidates: int | None = None,
                 mistakes: float | None = None, **unknown: Any) -> None:
        opts = strength_options(self, strength, unknown, samples=samples,
                                search_cards=search_cards, candidates=candidates,
                                mistakes=mistakes)
        self.mistakes = opts["mistakes"]
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.samples = opts["samples"]
        self.search_cards = opts["search_cards"]
        self.candidates = max(1, opts["candidates"])
        self.margin = 0.75

    def act(self, state: State) -> Action:
        legal, seat, obs = view(state, self.GAME)
        if obs["phase"] == "return":
            return self._return(obs, legal)
        if self.mistakes and self.rng.below(1 << 20) < self.mistakes * (1 << 20):
            return legal[self.rng.below(len(legal))]     # a slip: any legal play or pass
        plays = [a for a in legal if a.kind != "pass"]
        pass_action = next((a for a in legal if a.kind == "pass"), None)
        pick = _heuristic(obs, plays)
        if self.samples and self._endgame(obs):
            pick = self._search(obs, plays, pick, pass_action is not None)
        if pick is None:
            return pass_action if pass_action is not None else plays[0]
        return pick

    # ------------------------------------------------------------ return
    def _return(self, obs: dict, legal: list[Action]) -> Action:
        level = _level_of(obs)
        counts = list(counts_of(obs["hand"]))

        def cost(a: Action) -> tuple:
            rest = list(counts)
            rest[int(a.cards[0])] -= 1
            return plan_cost(rest, level), strength(int(a.cards[0]), level)

        return min(legal, key=cost)

    # ------------------------------------------------------------ search
    def _endgame(self, obs: dict) -> bool:
        left = [n for s, n in enumerate(obs["card_counts"]) if s not in obs["places"]]
        return min(left) <= self.search_cards

    def _search(self, obs: dict, ms: list[Action], pick: Action | None,
                may_pass: bool) -> Action | None:
        from ..guandan.state import GuandanState

        level = _level_of(obs)
        counts = list(counts_of(obs["hand"]))
        options: list[Action | None] = []
        if pick is not None:
            options.append(pick)
        if may_pass:
            options.append(None)
        base = plan_cost(counts, level)
        ranked = sorted(ms, key=lambda m: plan_cost(_after(counts, m), level) - base
                        + (0.5 if _bomb(m) else 0.0) + _rank(m) / 40)
        for m in ranked:
            if len(options) >= self.candidates + (1 if may_pass else 0):
                break
            if m not in options:
                options.append(m)
        if len(options) == 1:
            return options[0]
        me = obs["player"]
        unseen = _unseen(obs)
        sizes = {s: obs["card_counts"][s] for s in range(4) if s != me}
        totals = [0.0] * len(options)
        for _ in range(self.samples):
            dealt = deal_unseen(unseen, sizes, self.rng)
            if dealt is None:
                continue
            hands = [list(obs["hand"]) if s == me else dealt[s] for s in range(4)]
            world = GuandanState.position(hands, level=level, turn=me, places=obs["places"],
                                          table=obs["table"], passes=obs["passes"])
            for i, option in enumerate(options):
                totals[i] += _rollout(world, option, me)
        # the heuristic's own play (option 0) keeps its place unless another play does
        # clearly better over the worlds (a few noisy rollouts must not overturn the plan)
        best = max(range(len(options)), key=lambda i: totals[i])
        if totals[best] - totals[0] < self.margin * self.samples:
            return options[0]
        return options[best]


def _heuristic(obs: dict, plays: list[Action]) -> Action | None:
    """The heuristic's choice for the seat of ``obs`` among its legal ``plays``."""
    level = _level_of(obs)
    v = _view(obs)
    table = obs["table"]
    return choose(list(counts_of(obs["hand"])), level, plays, leading=table is None,
                  table_by_partner=v["table_by_partner"], opponent_min=v["opponent_min"],
                  partner_left=v["partner_left"], table_value=table["key"][1] if table else 0)


def _rollout(world: State, first: Action | None, me: int) -> float:
    """Play ``first`` (``None``: pass) then the heuristic for every seat to the end of the
    deal; the deal's score for ``me`` plus a half for its team going out first."""
    from ..guandan.state import GuandanState, team_of

    s = world.clone()
    assert isinstance(s, GuandanState)
    s.apply("pass" if first is None else first)
    steps = 0
    while steps < 400:
        seat = s.current_player
        if seat is None:
            break
        obs = s.observation(seat)
        legal = s.legal_actions()
        plays = [a for a in legal if a.kind != "pass"]
        m = _heuristic(obs, plays)
        if m is None:
            m = legal[-1] if legal[-1].kind == "pass" else plays[0]
        s.apply(m)
        steps += 1
    if not s.is_over:
        return 0.0
    return float(s.scores()[me]) + (0.5 if team_of(s.places[0]) == team_of(me) else -0.5)


def _level_of(obs: dict) -> int:
    return "23456789TJQKA".index(obs["level"])


def _unseen(obs: dict) -> list[int]:
    """The cards this seat cannot see: both decks less its hand and every card played."""
    pool = list(_FULL)
    for c in obs["hand"]:
        pool.remove(c)
    for cards in obs["played"]:
        for c in cards:
            pool.remove(c)
    return pool


class GreedyGuandan(RuleAgent):
    """A greedy baseline: always plays when it can, the weakest legal play (leading the
    weakest single), and never passes by choice; bombs only when nothing else beats."""

    GAME = "guandan"

    name = "greedy"

    def act(self, state: State) -> Action:
        legal, seat, obs = self.view(state)
        if obs["phase"] == "return":
            level = _level_of(obs)
            return min(legal, key=lambda a: strength(int(a.cards[0]), level))
        plays = [a for a in legal if a.kind != "pass"]
        if not plays:
            return legal[0]
        normal = [a for a in plays if not _bomb(a)]
        pool = normal or plays
        return min(pool, key=lambda a: (a.data[1], -len(a.cards)) if a.kind != "single"
                   else (a.data[1], 0))


register_agent("greedy", "guandan", "cardcore.agents.guandan:GreedyGuandan")

__all__ = ["GuandanAI", "GreedyGuandan", "plan_cost", "choose"]
