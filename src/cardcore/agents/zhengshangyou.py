"""The Zheng Shangyou AI: determinised rollouts with a must-beat, bomb-bonus aware policy.

See :class:`cardcore.agents.shedding.SheddingAI` for the search. Zheng Shangyou specifics:

- the unseen cards (the 48-card deck minus the own hand and everything played) are dealt to the
  two opponents with their exact card counts and consistent with their passes (a pass means "no
  answer": after passing on a single 9 a hand holds nothing above 9 and no bomb). What a pass
  rules out is worked out with the game's own ``must_beat``, rank by rank (``pass_bound``);
- the rollouts play on copies of the game's core (each sampled world is ``state.core`` with
  the opponents' hands replaced, ``with_hands``): the policy answers when it can (the cheapest
  answer, bombs last), and the core applies the must-beat rule, the rounds, the bomb bonus
  (an answering bomb that stands) and the settlement (card penalties doubled for players who
  never played, the 2 of spades and bombs left in hand), so the search values keeping or
  spending a bomb by its points.

It reads only the public API: ``state.observation(state.current_player)`` and
``state.legal_actions()``.

Options as for the Dou Dizhu AI (``rollouts``, default ``DEFAULT_ROLLOUTS`` = 340, about
0.1 s a play; ``time_budget`` opt-in; ``top_k``). ``"greedy"`` (registered) is the plan policy alone
(``rollouts=0``).

Strengths (``ZhengShangyouAI.STRENGTHS``, ``strength=``): ``easy`` is the plan policy alone (a few
ms a move), ``normal`` (the default) the budget above (its candidates halved after 4 and 8
worlds), ``strong`` more sampled worlds and candidates, halved only after an eighth of its worlds
(``first_cut``). Options given explicitly override the strength's.
"""

from __future__ import annotations

from ..cards import Card
from ..engines.shedding import rank_index
from ..zhengshangyou.moves import CAPS, Move, must_beat
from ..zhengshangyou.state import DECK48_IDS
from . import check_state, register_agent
from .sampling import deal_unseen
from .shedding import ZSY, GreedyPlan, SheddingAI, greedy_options
from .strength import Option

#: the deck's cards of each rank index
_RANK_CARDS = [[Card(c) for c in DECK48_IDS if rank_index(c) == r] for r in range(13)]


class ZhengShangyouAI(SheddingAI):
    name = "ai"
    GAME = "zhengshangyou"
    rules = ZSY
    move_class = Move
    DEFAULT_ROLLOUTS = 340
    #: easy: the plan policy alone (no search); normal: 340 sampled worlds a play; strong:
    #: more worlds and more candidates, the first halving after 125 of its 1000 worlds.
    #: Measured against normal: -0.08 a play [-0.53, +0.36] over 60 duplicate deals (not
    #: shown stronger); at most 1.1 s CPU a move
    STRENGTHS = {
        "easy": {"rollouts": 0, "top_k": 6, "prior_weight": 0.03},
        "normal": {"rollouts": DEFAULT_ROLLOUTS, "top_k": 6, "prior_weight": 0.03},
        "strong": {"rollouts": 1000, "top_k": 8, "prior_weight": 0.03, "first_cut": 125},
    }
    OPTIONS = dict(SheddingAI.OPTIONS, endgame=Option(
        "int", 0, "the exact endgame search is Dou Dizhu's: 0 only here", low=0, high=0))

    def __init__(self, game: str | None = "zhengshangyou", seed: int | None = None, *,
                 strength: str = "normal", **options) -> None:
        super().__init__(game, seed, strength=strength, **options)
        self._bounds: dict = {}

    def act(self, state):
        check_state(state, self.GAME)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.choose(state, legal)

    def pass_bound(self, kind: str, text: str, cards) -> list[int]:
        """Per rank, the most cards of it a hand that passed on this play can hold: the game's
        must-beat rule (a pass means no answer) asked rank by rank -- if ``k`` cards of a rank
        would beat the play, the hand holds fewer."""
        key = (kind, text)
        bound = self._bounds.get(key)
        if bound is None:
            move = Move.reading(kind, [int(c) for c in cards], text)
            bound = []
            for r in range(13):
                k = CAPS[r]
                while k and must_beat(_RANK_CARDS[r][:k], move):
                    k -= 1
                bound.append(k)
            self._bounds[key] = bound
        return bound

    def caps(self, obs: dict) -> dict[int, list[int]]:
        """Per opponent, the most cards of each rank it can hold given its passes: a pass in
        Zheng Shangyou means no answer, so after passing on a single 9 a hand holds nothing above
        9 and no bomb; on a pair of 9s no two cards of a higher rank; and so on."""
        me = obs["player"]
        caps = {s: list(CAPS[:13]) for s in range(3) if s != me}
        for seat, idx in obs.get("passes_on", ()):
            if seat == me or idx < 0:
                continue
            p = obs["plays"][idx]
            cap = caps[seat]
            for r, k in enumerate(self.pass_bound(p["kind"], p["text"], p["cards"])):
                if k < cap[r]:
                    cap[r] = k
        return caps

    def _world(self, obs: dict) -> list[list[int]]:
        me = obs["player"]
        seen = set(obs["hand"])
        for p in obs["played"]:
            seen.update(p)
        unseen = [c for c in DECK48_IDS if c not in seen]
        opp = [s for s in range(3) if s != me]
        need = {s: obs["card_counts"][s] for s in opp}
        caps = self.caps(obs)
        # at most caps[s][rank] cards of each rank for opponent s (what its passes showed);
        # when the passes cannot all be met, they are ignored
        dealt = deal_unseen(unseen, need, self.rng, caps=caps, key=rank_index, tries=20,
                            fallback=True)
        assert dealt is not None
        return [list(obs["hand"]) if s == me else dealt[s] for s in range(3)]

    def _value(self, scores, obs) -> float:
        return scores[obs["player"]] / 30.0


class ZhengShangyouGreedy(GreedyPlan, ZhengShangyouAI):
    """The plan policy alone (``rollouts=0``): the cheapest Zheng Shangyou baseline."""

    OPTIONS = greedy_options(ZhengShangyouAI.OPTIONS)


register_agent("greedy", "zhengshangyou", "cardcore.agents.zhengshangyou:ZhengShangyouGreedy")
