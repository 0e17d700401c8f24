"""The Zheng Shangyou AI: determinised rollouts with a must-beat, bomb-bonus aware policy.

See :class:`cardcore.agents.shedding.SheddingAI` for the search. Zheng Shangyou specifics: the
unseen cards (the 48-card deck minus the own hand and everything played) are dealt at random to
the two opponents with their exact card counts; the rollouts follow the must-beat rule (a player
with an answer always plays the cheapest one, bombs last), and are scored with the real
settlement (card penalties doubled for players who never played, the 2 of spades and bombs left
in hand, and the 20-point bonus of an answering bomb that stands), so the search values keeping
or spending a bomb by its points. Options as for the Dou Dizhu AI (``time_budget``,
``rollouts``, ``top_k``).
"""

from __future__ import annotations

from ..zhengshangyou.game import DECK48_IDS, zsy_rank
from .shedding import ZSY, SheddingAI, Sim, describe


class ZhengShangyouAI(SheddingAI):
    name = "ai"
    rules = ZSY

    def __init__(self, game: str | None = "zhengshangyou", seed: int | None = None,
                 **options) -> None:
        super().__init__(game, seed, **options)

    def rank_of(self, c: int) -> int:
        return zsy_rank(c)

    def act(self, state):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.choose(state, legal)

    def _world(self, obs: dict) -> list[list[int]]:
        me = obs["player"]
        seen = set(obs["hand"])
        for p in obs["played"]:
            seen.update(p)
        unseen = [c for c in DECK48_IDS if c not in seen]
        need = {s: obs["card_counts"][s] for s in range(3) if s != me}
        dealt = self._deal_unseen(unseen, need)
        return [self.counts(obs["hand"] if s == me else dealt[s]) for s in range(3)]

    def _sim(self, obs: dict, cnts) -> Sim:
        nplays = [0, 0, 0]
        for p in obs["plays"]:
            nplays[p["seat"]] += 1
        t = obs["table"]
        table = owner = None
        if t is not None:
            table = describe(t["kind"], tuple(sorted(zsy_rank(c) for c in t["cards"])))
            owner = t["seat"]
        return Sim(ZSY, self.dec, cnts, turn=obs["player"], table=table, owner=owner,
                   passes=obs["passes"], landlord=None, nplays=nplays,
                   pending=obs["pending_bomb"], bonus=obs["bonus"])

    def _value(self, scores, obs) -> float:
        return scores[obs["player"]] / 30.0
