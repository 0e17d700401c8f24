"""The Dou Dizhu AI: bidding by simulated landlord win rate, play by determinised rollouts.

See :class:`cardcore.agents.shedding.SheddingAI` for the search. Dou Dizhu specifics:

- the cards a player cannot see are dealt at random to the other two hands with their exact
  card counts (``agents.sampling.deal_unseen``); the bottom cards the landlord has not played
  yet stay in the landlord's hand (they are public once the landlord took them);
- the rollout policy is role aware: a farmer does not overtake the other farmer's winning play,
  feeds the other farmer a low single (or pair) when that farmer is next and about to go out,
  and everyone spends bombs only when an opponent is close to going out;
- bidding: the hand plus three sampled bottom cards is played out as landlord ``bid_samples``
  times; the win rate picks the bid (>= 0.72: 3, >= 0.62: 2, >= 0.52: 1, else pass).

It reads only the public API: ``state.observation(state.current_player)`` (hand, phase, card
counts, every play and pass, the bottom once shown) and ``state.legal_actions()``; plays are
compared and scored with the game's own ``doudizhu.moves`` / ``doudizhu.state`` functions.

Options: ``rollouts`` (sampled worlds per play, default ``DEFAULT_ROLLOUTS`` = 340, about
0.1 s a play; deterministic per seed; ``0`` plays the heuristic choice at once),
``time_budget`` (opt-in: seconds per play instead), ``top_k`` (candidates searched),
``bid_samples`` (default 32; ``max(12, 3 * rollouts)`` when ``rollouts`` is given).

Strengths (``DouDizhuAI.STRENGTHS``, ``strength=``): ``easy`` plays the plan policy alone and
bids by counting its top cards (``top_points``), a few ms a move; ``normal`` (the default) is
the budget above (its candidates halved after 4 and 8 worlds, ``first_cut=4``); ``strong``
searches more sampled worlds and candidates, halves them only after an eighth of its worlds
(``first_cut``, so no candidate is dropped on the noise of a few worlds), searches late
positions exactly in each sampled world (``endgame``) and bids from more playouts. Options
given explicitly override the strength's.

``"greedy"`` (registered) is the same agent with ``rollouts=0``: the plan policy alone.
"""

from __future__ import annotations

from .._backend import kernel
from ..doudizhu.moves import Move
from . import check_state, register_agent
from .sampling import deal_unseen
from .shedding import DDZ, GreedyPlan, SheddingAI, Sim, greedy_options
from .strength import MAX_SAMPLES, Option, check_options

_step = kernel("shedding_step")

BID_THRESHOLDS = ((3, 0.72), (2, 0.62), (1, 0.52))
#: the bid of ``bid_samples=0`` (easy): by the hand's top-card points (``top_points``)
POINT_THRESHOLDS = ((3, 11), (2, 9), (1, 7))


class DouDizhuAI(SheddingAI):
    name = "ai"
    GAME = "doudizhu"
    rules = DDZ
    move_class = Move
    DEFAULT_ROLLOUTS = 340
    #: easy: the plan policy alone (no search), bids by counting top cards; normal: 340 sampled
    #: worlds a play, 32 bidding playouts; strong: more worlds, more candidates, the first
    #: halving of the candidates after 100 of its 800 worlds, more bidding playouts, and once
    #: at most 26 cards are left in all hands, an exact search of each sampled world (48
    #: worlds, 160,000 search nodes a play at most, 20,000 a world; rollouts past that).
    #: Measured against normal: 51.2% of plays [47.5, 55.0] over 160 duplicate deals (not
    #: shown stronger); at most 1.7 s CPU a move
    STRENGTHS = {
        "easy": {"rollouts": 0, "top_k": 6, "prior_weight": 0.03, "bid_samples": 0},
        "normal": {"rollouts": DEFAULT_ROLLOUTS, "top_k": 6, "prior_weight": 0.03,
                   "bid_samples": 32},
        "strong": {"rollouts": 800, "top_k": 8, "prior_weight": 0.03, "bid_samples": 96,
                   "first_cut": 100, "endgame": 26, "endgame_worlds": 48,
                   "endgame_nodes": 160000},
    }

    OPTIONS = dict(SheddingAI.OPTIONS, bid_samples=Option(
        "int", None, "bidding playouts (0: bid by counting top cards; None: the strength's, "
        "32 at normal, or three times the rollouts given, at least 12)", low=0,
        high=MAX_SAMPLES, none=True))

    def __init__(self, game: str | None = "doudizhu", seed: int | None = None, *,
                 strength: str = "normal", bid_samples: int | None = None,
                 **options) -> None:
        super().__init__(game, seed, strength=strength, **options)
        if bid_samples is None:
            given = self.rollouts if options.get("rollouts") is not None else None
            bid_samples = (self.STRENGTHS[self.strength]["bid_samples"] if given is None
                           else min(MAX_SAMPLES, max(12, 3 * given)))
        self.bid_samples = check_options(self, {"bid_samples": bid_samples})["bid_samples"]

    # ------------------------------------------------------------ agent protocol
    def act(self, state):
        seat = check_state(state, self.GAME)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(seat)
        if obs["phase"] == "bid":
            return self.bid(obs, legal)
        return self.choose(state, legal)

    # ------------------------------------------------------------ bidding
    def landlord_win_rate(self, hand: list[int], samples: int) -> float:
        """Share of sampled deals (bottom and other hands at random) this hand wins as landlord:
        each a core dealt the hand to seat 0, which bids 3 and plays it out."""
        hand = [int(c) for c in hand]
        mine = set(hand)
        rest = [c for c in range(54) if c not in mine]
        wins = 0
        for _ in range(samples):
            d = deal_unseen(rest, {0: 3, 1: 17, 2: 17}, self.rng)
            assert d is not None            # (unconstrained: always a deal)
            # the next sample shuffles this order again (the draws of one shuffled deck)
            rest = d[0] + d[1] + d[2]
            cnts = [self.counts(hand + d[0]), self.counts(d[1]), self.counts(d[2])]
            core = _step.Core(_step.DOUDIZHU, hand + d[1] + d[2] + d[0], 0)
            core.apply(3)                   # seat 0 bids 3: the landlord, to lead
            sim = Sim(DDZ, self.dec, core, cnts)
            sim.run()
            wins += sim.winner == 0
        return wins / max(1, samples)

    @staticmethod
    def top_points(cnt: list[int]) -> int:
        """A quick count of a hand's control cards: the red joker 4, the black joker 3, each
        2 two points, each bomb 6, each ace 1."""
        bombs = sum(1 for r in range(13) if cnt[r] == 4)
        return 4 * cnt[14] + 3 * cnt[13] + 2 * cnt[12] + 6 * bombs + cnt[11]

    def bid(self, obs, legal):
        if self.bid_samples == 0:
            pts = self.top_points(self.counts(obs["hand"]))
            self.last_stats = {"top_points": pts}
            want = next((lvl for lvl, th in POINT_THRESHOLDS if pts >= th), 0)
        else:
            p = self.landlord_win_rate(list(obs["hand"]), self.bid_samples)
            self.last_stats = {"landlord_win_rate": p}
            want = next((lvl for lvl, th in BID_THRESHOLDS if p >= th), 0)
        for a in legal:
            if a.kind == "bid" and a.amount == want:
                return a
        return next(a for a in legal if a.kind == "pass")

    # ------------------------------------------------------------ search hooks
    #: sampled worlds tried per world for consistency with the opponents' passes (1 = off:
    #: against RLCard's rule agent the check measured no gain, 200 deals per role)
    pass_tries = 1
    #: the most recent passes checked
    pass_window = 6

    def pass_events(self, obs: dict) -> list:
        """Passes of my opponents on my side's plays: ``(seat, group passed on, rank counts the
        seat played after that)``. Passing although a natural group of the hand could answer is
        unlikely, so sampled hands are checked against these (bombs and the rocket aside)."""
        me, ll = obs["player"], obs["landlord"]
        plays = obs["plays"]
        out = []
        for seat, idx in obs.get("passes_on", ())[-self.pass_window:]:
            if seat == me or idx < 0:
                continue
            p = plays[idx]
            if (p["seat"] == ll) == (seat == ll) or p["kind"] in self.rules.bombs:
                continue
            target = self.play_group(p["kind"], p["text"], p["cards"])
            later = [c for q in plays[idx + 1:] if q["seat"] == seat for c in q["cards"]]
            out.append((seat, target, self.counts(later)))
        return out

    def _violations(self, hands, events) -> int:
        bad = 0
        beats = self.rules.beats
        for seat, target, later in events:
            hand = [a + b for a, b in zip(self.counts(hands[seat]), later)]
            if any(g[0] == target[0] and beats(g, target) for g in self.dec.plan(hand)):
                bad += 1
        return bad

    def _world(self, obs: dict) -> list[list[int]]:
        events = self.pass_events(obs) if self.pass_tries > 1 else []
        best: list[list[int]] = []
        best_bad = None
        for _ in range(max(1, self.pass_tries)):
            w = self._world_uniform(obs)
            if not events:
                return w
            bad = self._violations(w, events)
            if bad == 0:
                return w
            if best_bad is None or bad < best_bad:
                best, best_bad = w, bad
        return best

    def _world_uniform(self, obs: dict) -> list[list[int]]:
        """The three hands' cards: the own hand, the landlord's bottom cards not played yet
        (public), the other unseen cards dealt at random with the hands' card counts."""
        me, ll = obs["player"], obs["landlord"]
        seen = set(obs["hand"])
        for p in obs["played"]:
            seen.update(p)
        known: dict[int, list[int]] = {0: [], 1: [], 2: []}
        if me != ll and obs["bottom"] is not None:
            gone = set(obs["played"][ll])
            known[ll] = [int(c) for c in obs["bottom"] if c not in gone]
            seen.update(known[ll])
        unseen = [c for c in range(54) if c not in seen]
        need = {s: obs["card_counts"][s] - len(known[s]) for s in range(3) if s != me}
        dealt = deal_unseen(unseen, need, self.rng)
        assert dealt is not None
        return [list(obs["hand"]) if s == me else dealt[s] + known[s] for s in range(3)]

    def _value(self, scores, obs) -> float:
        mine = scores[obs["player"]]
        return (1.0 if mine > 0 else 0.0) + 0.01 * mine / max(1, obs["bid"])


class DouDizhuGreedy(GreedyPlan, DouDizhuAI):
    """The plan policy alone (``rollouts=0``): the cheapest Dou Dizhu baseline."""

    OPTIONS = greedy_options(DouDizhuAI.OPTIONS)


register_agent("greedy", "doudizhu", "cardcore.agents.doudizhu:DouDizhuGreedy")
