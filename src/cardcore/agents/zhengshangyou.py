"""The Zheng Shangyou AI: determinised rollouts with a must-beat, bomb-bonus aware policy.

See :class:`cardcore.agents.shedding.SheddingAI` for the search. Zheng Shangyou specifics:

- the unseen cards (the 48-card deck minus the own hand and everything played) are dealt to the
  two opponents with their exact card counts and consistent with their passes (a pass means "no
  answer": after passing on a single 9 a hand holds nothing above 9 and no bomb);
- the rollouts follow the must-beat rule (a player with an answer always plays the cheapest one,
  bombs last) and are scored with the real settlement (card penalties doubled for players who
  never played, the 2 of spades and bombs left in hand, the 20-point bonus of an answering bomb
  that stands), so the search values keeping or spending a bomb by its points.

Options as for the Dou Dizhu AI (``time_budget``, ``rollouts``, ``top_k``).
"""

from __future__ import annotations

from ..zhengshangyou.state import DECK48_IDS, zsy_rank
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

    def caps(self, obs: dict) -> dict[int, list[int]]:
        """Per opponent, the most cards of each rank it can hold given its passes: a pass in
        Zheng Shangyou means no answer, so after passing on a single 9 a hand holds nothing above
        9 and no bomb; on a pair of 9s no two cards of a higher rank; and so on."""
        me = obs["player"]
        caps = {s: [4] * 11 + [3, 1] for s in range(3) if s != me}
        for seat, idx in obs.get("passes_on", ()):
            if seat == me or idx < 0:
                continue
            p = obs["plays"][idx]
            kind = p["kind"]
            cap = caps[seat]
            main = max(zsy_rank(c) for c in p["cards"])
            if kind in ("single", "pair", "trio"):
                w = {"single": 1, "pair": 2, "trio": 3}[kind]
                for r in range(main + 1, 13):
                    cap[r] = min(cap[r], w - 1)
            if kind not in ("heavenly_bomb", "ace_bomb"):
                bomb_from = main + 1 if kind == "bomb" else 0
                for r in range(bomb_from, 11):
                    cap[r] = min(cap[r], 3)
                cap[11] = min(cap[11], 2)
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
        mine = self.counts(obs["hand"])
        for _ in range(20):
            self.rng.shuffle(unseen)
            cnt = {s: [0] * 13 for s in opp}
            left = dict(need)
            ok = True
            for i, c in enumerate(unseen):
                r = zsy_rank(c)
                fits = [s for s in opp if left[s] and cnt[s][r] < caps[s][r]]
                if not fits:
                    ok = False
                    break
                if len(fits) == 2:
                    a, b = fits
                    s = a if self.rng.below(left[a] + left[b]) < left[a] else b
                else:
                    s = fits[0]
                cnt[s][r] += 1
                left[s] -= 1
            if ok:
                return [mine if s == me else cnt[s] for s in range(3)]
        dealt = self._deal_unseen(unseen, need)       # inconsistent passes: ignore them
        return [mine if s == me else self.counts(dealt[s]) for s in range(3)]

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
