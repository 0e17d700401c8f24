"""No crash, anywhere: every game's AI, at every strength, in front of many reachable positions.

Positions are reached by random prefixes of random length, played by mixed seats (random and
the easy AI, chosen per action), from many seeds. At each position the AI of the seat to act
is asked for its action at each strength; the answer must be one of the legal actions, and
asking must leave the state unchanged.

The rarely reached branches (every opening bid in Bridge, every declaration in Tractor, every
tribute case in Guandan) have their own sweeps in the games' AI test files.

``CARDCORE_AI_POSITIONS`` scales the number of positions (default 1; ``10`` for a long run).
A third of them run by default and the rest, from other seeds, in the slow sweep
(``pytest -m slow``).
On the reference kernels (``CARDCORE_BACKEND=ref``) the counts are divided by four, and Bridge's
searching strengths meet only positions before the second trick (the auction and the rule-played
first trick): a double-dummy search on the plain-Python solver takes minutes a card. Its card
play from the second trick on is covered on the compiled kernels.
"""

from __future__ import annotations

import json
import os

import pytest

import cardcore
from cardcore import agents
from cardcore.agents.strength import STRENGTHS
from cardcore.game import available_games, game_class
from cardcore.rng import Rng

GAMES = [g for g in available_games() if game_class(g).AI_AGENT]
SCALE = float(os.environ.get("CARDCORE_AI_POSITIONS", "1"))
REF = os.environ.get("CARDCORE_BACKEND") == "ref"
if REF:
    SCALE /= 4
# Positions per game at each strength (before SCALE): easy is instant, strong is the budget
# of a player who waits up to 2 s a move.
PER_STRENGTH = {"easy": 300, "normal": 60, "strong": 6}
# Games whose normal/strong AI searches deeply get fewer positions at those strengths.
HEAVY = {"bridge": 0.25, "schnapsen": 0.5, "preference": 0.5, "guandan": 0.5, "tractor": 0.5,
         "doudizhu": 0.5}
# Games whose whole matches are long to reach (the prefixes, not the AI, are the cost) get
# fewer easy positions.
LONG = {"guandan": 0.25, "tractor": 0.25}


def count(game: str, strength: str) -> int:
    n = PER_STRENGTH[strength] * SCALE
    if strength != "easy":
        n *= HEAVY.get(game, 1.0)
    else:
        n *= LONG.get(game, 1.0)
    return max(2, int(n))


def game_length(game: str, seed: int) -> int:
    state = cardcore.new_game(game, seed=seed)
    rand = agents.RandomAgent(seed=seed)
    n = 0
    while not state.is_over and n < 20_000:
        state.apply(rand.act(state))
        n += 1
    return n


def searches_on_ref(game: str, strength: str, state) -> bool:
    """Whether asking the AI in ``state`` would run a search too slow for the plain-Python
    kernels (Bridge card play from the second trick on, at the searching strengths)."""
    if not REF or game != "bridge" or strength == "easy":
        return False
    obs = state.observation(state.current_player)
    return obs["phase"] != "auction" and len(state.history) - len(obs.get("calls", ())) >= 4


def positions(game: str, n: int, salt: int, strength: str = "easy"):
    """``n`` reachable positions of ``game``: random prefixes of random length, mixed seats."""
    rng = Rng(0xA1 ^ (salt * 1_000_003) ^ sum(map(ord, game)))
    lengths: dict[int, int] = {}
    made = 0
    tries = 0
    while made < n and tries < 8 * n:
        tries += 1
        seed = rng.below(1 << 30)
        deal_seed = seed % 16
        if deal_seed not in lengths:
            lengths[deal_seed] = game_length(game, deal_seed)
        state = cardcore.new_game(game, seed=seed)
        rand = agents.RandomAgent(seed=seed)
        easy = agents.get("ai", game, seed=seed + 1, strength="easy")
        p_ai = rng.below(3) / 2  # all random, mixed, or all easy AI
        target = rng.below(max(1, lengths[deal_seed]))
        for _ in range(target):
            if state.is_over:
                break
            who = easy if rng.below(1000) < 1000 * p_ai else rand
            state.apply(who.act(state))
        if state.is_over or searches_on_ref(game, strength, state):
            continue
        made += 1
        yield seed, state


def check_answer(game: str, strength: str, seed: int, state) -> None:
    before = json.dumps(state._state_dict(), sort_keys=True)
    ai = agents.get("ai", game, seed=seed * 31 + 7, strength=strength)
    action = ai.act(state)
    legal = state.legal_actions()
    assert action in legal, (f"{game} ({strength}), seed {seed}, after "
                             f"{len(state.history)} actions: {action!r} is not legal")
    assert json.dumps(state._state_dict(), sort_keys=True) == before, (
        f"{game} ({strength}), seed {seed}: asking the AI changed the state")
    state.clone().apply(action)


#: the positions of each game and strength come in two parts of their own seeds: a third in
#: the default run, the rest in the slow sweep (``pytest -m slow``)
HALVES = [0, pytest.param(1, marks=pytest.mark.slow)]


def part(game: str, strength: str, half: int) -> int:
    """The positions of ``half`` (0: the default run's third, 1: the slow sweep's rest)."""
    total = count(game, strength)
    return max(2, total // 3 if half == 0 else total - total // 3)


@pytest.mark.parametrize("half", HALVES)
@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("game", GAMES)
def test_ai_answers_legally_everywhere(game: str, strength: str, half: int) -> None:
    n = part(game, strength, half)
    seen = 0
    salt = STRENGTHS.index(strength) + len(STRENGTHS) * half
    for seed, state in positions(game, n, salt, strength):
        check_answer(game, strength, seed, state)
        seen += 1
    assert seen >= n // 2, f"{game}: only {seen} positions reached of {n}"
