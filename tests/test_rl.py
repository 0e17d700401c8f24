"""The PettingZoo environments (``cardcore.env``): PettingZoo's own API, seed and state tests
over every game, and what the environment promises on top (observations are the game's tensors
and masks, rewards the scores at the end, seeding, illegal actions, rendering), plus the example
of ``docs/rl.md`` run as written."""

from __future__ import annotations

import functools
import io
import json
import os
import random
import re
import subprocess
import sys
import warnings
from contextlib import redirect_stdout
from pathlib import Path

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, GameNotAvailable, IllegalAction, OptionError

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from pettingzoo.test.state_test import test_state as pz_state_test  # noqa: E402
from pettingzoo.test.state_test import test_state_space as pz_state_space_test  # noqa: E402

GAMES = list(cardcore.GAMES)
ROOT = Path(__file__).resolve().parents[1]
MATCH_GAMES = [g for g in GAMES if "single_deal" in cardcore.get_game(g).options]


def options_for(name: str) -> dict:
    return {"single_deal": True} if name in MATCH_GAMES else {}


def make(name: str, **kw):
    return cardcore.env(name, **options_for(name), **kw)


def play(env, rng: random.Random, *, check: bool = True, max_steps: int = 100_000) -> dict:
    """Play one episode with uniform legal actions through the AEC loop, checking every
    observation against the game; returns the rewards each agent saw at its end."""
    raw = env.unwrapped
    final: dict[str, float] = {}
    for steps, agent in enumerate(env.agent_iter()):
        assert steps < max_steps
        obs, reward, terminated, truncated, info = env.last()
        game = raw.game_state
        seat = int(agent.rsplit("_", 1)[1])
        assert truncated is False and info == {}
        if check:
            space = env.observation_space(agent)
            assert space.contains(obs)
            assert obs["observation"].dtype == np.float32
            assert obs["observation"].shape == game.observation_shape
            assert np.array_equal(obs["observation"], game.observation_tensor(seat))
            assert obs["action_mask"].dtype == np.int8
        if terminated:
            assert game.is_over or raw.illegal_reward is not None
            assert not obs["action_mask"].any()
            final[agent] = reward
            env.step(None)
            continue
        assert game.current_player == seat
        assert reward == 0
        mask = obs["action_mask"]
        if check:
            assert np.array_equal(mask, game.legal_mask().astype(np.int8))
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
        ids = np.flatnonzero(mask)
        assert list(ids) == game.legal_ids()
        env.step(int(ids[rng.randrange(len(ids))]))
    assert env.agents == []
    return final


# ---------------------------------------------------------------- PettingZoo's own tests
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name):
    env = make(name)
    with warnings.catch_warnings():
        # a Dict observation (the classic environments' form) draws PettingZoo's generic
        # "not a NumPy array" / "should be Box" advice; any other warning fails the test
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(env, num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name):
    seed_test(functools.partial(make, name), num_cycles=100)


@pytest.mark.parametrize("name", ["onepoker", "bridge", "schnapsen", "doudizhu"])
def test_pettingzoo_state_test(name):
    env = make(name, illegal_reward=-1.0)  # test_state steps unmasked samples
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # the tensors' range is per game, so the Box is left open (documented)
        warnings.filterwarnings("ignore", message="Environment's m.* state space value is .*inf")
        pz_state_space_test(env)
        pz_state_test(env, 20)
    env.reset(seed=3)
    game = env.unwrapped.game_state
    state = env.state()
    assert state.shape == env.state_space.shape == (game.num_players, *game.observation_shape)
    for seat in range(game.num_players):
        assert np.array_equal(state[seat], game.observation_tensor(seat))


@pytest.mark.parametrize("name", ["onepoker", "holdem", "bridge"])
def test_pettingzoo_render_test(name, capsys):
    render_test(functools.partial(make, name),
                custom_tests={"ansi": lambda text: isinstance(text, str) and text.strip() != ""})
    assert capsys.readouterr().out.strip()  # human mode printed the views


# ---------------------------------------------------------------- what the env promises
@pytest.mark.parametrize("name", GAMES)
def test_episodes_observations_masks_and_rewards(name):
    rng = random.Random(11)
    env = make(name)
    for seed in (1, 2):
        env.reset(seed=seed)
        n = env.unwrapped.game_state.num_players
        assert env.agents == [f"player_{i}" for i in range(n)]
        assert env.possible_agents == env.agents
        final = play(env, rng)
        game = env.unwrapped.game_state
        assert game.is_over
        scores = game.scores()
        assert final == {f"player_{i}": float(scores[i]) for i in range(n)}
        assert env.terminations == {} and env.rewards == {}


@pytest.mark.parametrize("name", GAMES)
def test_spaces(name):
    env = make(name)
    probe = cardcore.new_game(name, seed=5, **options_for(name))
    n, shape = probe.num_distinct_actions, probe.observation_shape
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space is env.observation_space(agent)
        assert space["observation"].shape == shape
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (n,)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == n
        assert env.action_space(agent) is env.action_space(agent)
    assert env.metadata["name"] == f"cardcore_{name}_v0"
    assert env.metadata["is_parallelizable"] is False
    assert len(env.possible_agents) == probe.num_players


def test_masks_and_terminations_step_by_step():
    env = cardcore.env("onepoker", single_deal=True)
    env.reset(seed=4)
    game = env.unwrapped.game_state
    assert game is env.game_state  # the wrapper forwards the attribute
    first = env.agent_selection
    assert first == f"player_{game.current_player}"
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    mask = env.observe(first)["action_mask"]
    assert np.array_equal(mask.astype(bool), game.legal_mask())
    assert mask.sum() == len(game.legal_ids()) > 0
    other = "player_1" if first == "player_0" else "player_0"
    assert not env.observe(other)["action_mask"].any()
    # play to the end: the flags flip together on the last action
    rng = random.Random(3)
    while not game.is_over:
        assert not any(env.terminations.values())
        ids = game.legal_ids()
        env.step(ids[rng.randrange(len(ids))])
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.truncations == {"player_0": False, "player_1": False}
    scores = game.scores()
    assert env.rewards == {"player_0": float(scores[0]), "player_1": float(scores[1])}
    assert sum(env.rewards.values()) == 0 and any(env.rewards.values())
    for agent in ("player_0", "player_1"):
        assert not env.observe(agent)["action_mask"].any()
        assert np.array_equal(env.observe(agent)["observation"],
                              game.observation_tensor(int(agent[-1])))
    with pytest.raises(IllegalAction, match="only action .* is None"):
        env.step(0)
    env.step(None)
    env.step(None)
    assert env.agents == []


def test_match_runs_to_the_end_of_the_match():
    env = cardcore.env("onepoker")  # no single_deal: the whole match is one episode
    env.reset(seed=2)
    rng = random.Random(0)
    final = play(env, rng, check=False)
    game = env.unwrapped.game_state
    deals = [e for e in game.log if e[1] == "lock"]
    assert len(deals) > 2  # both players lock once per deal: several deals were played
    assert final == {"player_0": float(game.scores()[0]), "player_1": float(game.scores()[1])}
    one = cardcore.env("onepoker", single_deal=True)
    one.reset(seed=2)
    play(one, rng, check=False)
    assert len([e for e in one.unwrapped.game_state.log if e[1] == "lock"]) == 2


def test_reset_seed_is_the_library_game():
    env = cardcore.env("bridge")
    for seed in (0, 1, 2**64 - 1):
        env.reset(seed=seed)
        assert env.unwrapped.game_state.to_json() == cardcore.new_game("bridge",
                                                                       seed=seed).to_json()
    env = cardcore.env("holdem", single_deal=True, stacks=[200, 200, 0, 0])
    env.reset(seed=9)
    assert (env.unwrapped.game_state.to_json()
            == cardcore.new_game("holdem", seed=9, single_deal=True,
                                 stacks=[200, 200, 0, 0]).to_json())


def test_seeding_gives_the_same_games():
    def run(env, seed):
        env.reset(seed=seed)
        out = []
        for _ in range(4):  # the unseeded resets after a seeded one are reproducible too
            play(env, random.Random(5), check=False)
            out.append(env.unwrapped.game_state.to_json())
            env.reset()
        return out

    a, b = cardcore.env("schnapsen", single_deal=True), cardcore.env("schnapsen", single_deal=True)
    first, second = run(a, 17), run(b, 17)
    assert first == second
    assert len(set(first)) == 4  # different deals follow one another
    assert run(a, 18) != first
    # without any seed, every reset deals a fresh game
    fresh = cardcore.env("schnapsen", single_deal=True)
    seeds = set()
    for _ in range(3):
        fresh.reset()
        seeds.add(fresh.unwrapped.game_state.seed)
    assert len(seeds) == 3


def _snapshot(env) -> str:
    raw = env.unwrapped
    return json.dumps([raw.game_state.to_json(), raw.agent_selection, raw.agents,
                       raw.rewards, raw._cumulative_rewards, raw.terminations,
                       raw.truncations], sort_keys=True)


@pytest.mark.parametrize("name", ["onepoker", "bridge", "doudizhu"])
def test_illegal_action_raises_and_changes_nothing(name):
    env = make(name)
    env.reset(seed=6)
    game = env.unwrapped.game_state
    n = game.num_distinct_actions
    illegal = [i for i in range(n) if i not in set(game.legal_ids())]
    before = _snapshot(env)
    for bad in [illegal[0], illegal[-1], n, -1, None, "1", 1.0, True, [0]]:
        with pytest.raises(IllegalAction):
            env.step(bad)
        assert _snapshot(env) == before
    env.step(np.int64(game.legal_ids()[0]))  # numpy ints (a space's sample) are fine
    assert _snapshot(env) != before


def test_illegal_reward_follows_the_classic_convention():
    env = cardcore.env("onepoker", single_deal=True, illegal_reward=-1)
    env.reset(seed=6)
    game = env.unwrapped.game_state
    offender = env.agent_selection
    log = list(game.log)
    illegal = next(i for i in range(game.num_distinct_actions) if i not in game.legal_ids())
    env.step(illegal)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    assert game.log == log and not game.is_over  # the game itself is untouched
    seen = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        assert terminated and not obs["action_mask"].any()
        seen[agent] = reward
        env.step(None)
    assert seen == {a: (-1.0 if a == offender else 0.0) for a in env.possible_agents}
    env.reset(seed=6)
    assert not any(env.terminations.values()) and env.agents == env.possible_agents


def test_bad_arguments():
    with pytest.raises(GameNotAvailable):
        cardcore.env("chess")
    with pytest.raises(OptionError, match="colour"):
        cardcore.env("bridge", colour="red")
    with pytest.raises(OptionError, match="single_deal"):
        cardcore.env("bridge", single_deal=True)  # bridge has no match to shorten
    with pytest.raises(OptionError, match="render_mode"):
        cardcore.env("bridge", render_mode="rgb_array")
    with pytest.raises(OptionError, match="render_seat"):
        cardcore.env("bridge", render_seat=4)
    for bad in ("high", True, float("nan"), float("inf")):
        with pytest.raises(OptionError, match="illegal_reward"):
            cardcore.env("bridge", illegal_reward=bad)
    env = cardcore.env("bridge")
    with pytest.raises(OptionError, match="seed"):
        env.reset(seed=-1)
    with pytest.raises(IllegalAction, match="agent 'player_4'"):
        env.observation_space("player_4")
    from cardcore.rl import raw_env

    raw = raw_env("bridge")
    with pytest.raises(IllegalAction, match="reset"):
        raw.observe("player_0")
    raw.reset(seed=1)
    with pytest.raises(IllegalAction, match="agent 'north'"):
        raw.observe("north")


@pytest.mark.parametrize("name", GAMES)
def test_pickle_and_deepcopy_continue_the_same_game(name):
    import copy
    import pickle

    env = make(name)
    env.reset(seed=8)
    rng = random.Random(8)
    for _ in range(6):
        ids = env.unwrapped.game_state.legal_ids()
        if not ids:
            break
        env.step(ids[rng.randrange(len(ids))])
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    for c in copies:
        assert _snapshot(c) == _snapshot(env)
        assert c.unwrapped.game_state is not env.unwrapped.game_state
    final = play(env, random.Random(9), check=False)
    for c in copies:
        assert play(c, random.Random(9), check=False) == final
        assert c.unwrapped.game_state.to_json() == env.unwrapped.game_state.to_json()


def test_reset_options_are_accepted_and_unused():
    env = cardcore.env("bridge")
    env.reset(seed=3, options={"anything": 1})
    assert env.unwrapped.game_state.to_json() == cardcore.new_game("bridge", seed=3).to_json()


@pytest.mark.parametrize("name", ["onepoker", "bridge", "preference"])
def test_render(name, capsys):
    env = make(name, render_mode="ansi")
    env.reset(seed=1)
    game = env.unwrapped.game_state
    assert env.render() == game.render(game.current_player)
    env = make(name, render_mode="ansi", render_seat="public")
    env.reset(seed=1)
    assert env.render() == env.unwrapped.game_state.render(None)
    env = make(name, render_mode="ansi", render_seat=1)
    env.reset(seed=1)
    assert env.render() == env.unwrapped.game_state.render(1)
    play(env, random.Random(1), check=False)
    assert env.render() == env.unwrapped.game_state.render(1)
    env = make(name, render_mode="human")
    env.reset(seed=1)
    shown = capsys.readouterr().out
    assert shown.strip() == env.unwrapped.game_state.render(
        env.unwrapped.game_state.current_player).strip()
    assert env.render() is None
    assert capsys.readouterr().out == shown
    quiet = make(name)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None  # no render_mode: nothing but a warning
    quiet.close()


# ---------------------------------------------------------------- the optional dependency
def _run(code: str) -> subprocess.CompletedProcess:
    # the child imports the cardcore this process runs (an installed wheel or a built tree)
    here = str(Path(cardcore.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=here + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)


def test_import_cardcore_does_not_import_pettingzoo():
    out = _run("import sys, cardcore\n"
               "s = cardcore.new_game('onepoker', seed=1)\n"
               "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'cardcore.rl')"
               " if m in sys.modules))")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_missing_pettingzoo_is_a_clear_error():
    out = _run("import sys\n"
               "sys.modules['pettingzoo'] = None\n"
               "import cardcore\n"
               "try:\n"
               "    cardcore.env('onepoker')\n"
               "except cardcore.CardcoreError as exc:\n"
               "    print('error:', exc)\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("error: cardcore.env needs PettingZoo")
    assert "pip install pettingzoo gymnasium" in out.stdout
    assert issubclass(CardcoreError, ValueError)


# ---------------------------------------------------------------- docs/rl.md
def _doc_blocks() -> list[str]:
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_docs_sizes_table():
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \| \(([\d, ]+)\) \| ([^|]+) \|$", text,
                      flags=re.M)
    assert sorted(r[0] for r in rows) == sorted(GAMES)
    for name, agents, actions, shape, episode in rows:
        for opts in ({}, options_for(name)):
            env = cardcore.env(name, **opts)
            assert len(env.possible_agents) == int(agents)
            assert env.action_space("player_0").n == int(actions)
            assert env.observation_space("player_0")["observation"].shape == tuple(
                int(x) for x in shape.replace(" ", "").split(",") if x)
        assert ("match" in episode) == (name in MATCH_GAMES)


def test_docs_example_runs():
    blocks = _doc_blocks()
    assert len(blocks) >= 2
    namespace: dict = {"__name__": "docs_rl"}
    out = io.StringIO()
    with redirect_stdout(out):
        for block in blocks:
            exec(compile(block, "docs/rl.md", "exec"), namespace)  # noqa: S102
    printed = out.getvalue()
    random_line = re.search(r"random vs AI: ([-+]\d+\.\d+) chips per deal", printed)
    learned_line = re.search(r"after training: ([-+]\d+\.\d+) chips per deal", printed)
    assert random_line and learned_line, printed
    # the learner ends up better than the uniform player it started as
    assert float(learned_line.group(1)) > float(random_line.group(1))
