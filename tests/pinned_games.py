"""Fixed-seed games of every game, hashed: the full history and the scores.

``python tests/pinned_games.py`` prints the table that ``test_pinned_games.py`` pins. A change
of any rule, shuffle, notation or deterministic AI shows up as a changed hash.
"""

from __future__ import annotations

import hashlib
import json

import cardcore
from cardcore import agents

#: (game, agent spec per seat, options, seeds). An agent spec is a name, or (name, options).
CASES = [
    ("doudizhu", ["random"] * 3, {}, range(3)),
    ("zhengshangyou", ["random"] * 3, {}, range(3)),
    ("holdem", ["random"] * 4, {}, range(2)),
    ("onepoker", ["random"] * 2, {}, range(2)),
    ("bridge", ["random"] * 4, {}, range(3)),
    ("schnapsen", ["random"] * 2, {}, range(2)),
    ("guandan", ["random"] * 4, {}, range(3)),
    ("tractor", ["random"] * 4, {}, range(3)),
    ("preference", ["random"] * 3, {"deals": 3}, range(2)),
    ("doudizhu", [("ai", {"rollouts": 4}), "random", ("ai", {"rollouts": 4})], {}, range(2)),
    ("zhengshangyou", [("ai", {"rollouts": 4}), "random", "random"], {}, range(2)),
    ("onepoker", ["ai", "random"], {}, range(2)),
    ("schnapsen", ["ai", "random"], {}, range(2)),
]


def game_hash(game: str, seats: list, options: dict, seed: int) -> str:
    state = cardcore.new_game(game, seed=seed, **options)
    players = []
    for i, spec in enumerate(seats):
        name, opts = (spec, {}) if isinstance(spec, str) else spec
        players.append(agents.get(name, game, seed=seed * 16 + i, **opts))
    while not state.is_over:
        state.apply(players[state.current_player].act(state))
    record = [[seat, str(action), [int(c) for c in action.cards]] for seat, action in state.history]
    scores = [float(x) for x in state.scores()]  # the hashes were taken with float scores
    blob = json.dumps({"history": record, "scores": scores}, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def table() -> dict[str, str]:
    out = {}
    for game, seats, options, seeds in CASES:
        label = ",".join(s if isinstance(s, str) else s[0] for s in seats)
        for seed in seeds:
            out[f"{game}/{label}/{seed}"] = game_hash(game, seats, options, seed)
    return out


if __name__ == "__main__":
    print(json.dumps(table(), indent=1))
