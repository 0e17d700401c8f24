"""Strengths: every game's AI takes ``strength="easy" | "normal" | "strong"`` through the API,
the agent strings and the CLI; bad strengths are refused; the same seed gives the same game at
every strength."""

from __future__ import annotations

import pytest

import cardcore
from cardcore._backend import BACKEND
from cardcore import CardcoreError, agents
from cardcore.agents.strength import STRENGTHS, check_strength
from cardcore.game import available_games, game_class
from cardcore.simulate import make_agent

GAMES = [g for g in available_games() if game_class(g).AI_AGENT]


@pytest.mark.parametrize("game", GAMES)
def test_every_ai_declares_three_strengths(game: str) -> None:
    cls = agents._load(game_class(game).AI_AGENT)
    assert set(cls.STRENGTHS) == set(STRENGTHS)
    built = {s: agents.get("ai", game, seed=1, strength=s) for s in STRENGTHS}
    for s, ai in built.items():
        assert ai.strength == s
    assert agents.get("ai", game, seed=1).strength == "normal"
    # The levels differ in what they do (budget or policy), not only in name.
    assert cls.STRENGTHS["easy"] != cls.STRENGTHS["normal"] != cls.STRENGTHS["strong"]


@pytest.mark.parametrize("game", GAMES)
def test_agent_string_takes_strength(game: str) -> None:
    ai = make_agent("ai:strength=strong", game, seed=3)
    assert ai.strength == "strong"


@pytest.mark.parametrize("bad", ["hard", "", "Normal", 2, None.__class__])
def test_bad_strength_refused(bad) -> None:
    with pytest.raises(CardcoreError, match="strength"):
        agents.get("ai", "onepoker", seed=1, strength=bad)
    with pytest.raises(CardcoreError, match="strength"):
        check_strength(bad)


def test_strength_refused_by_agents_without_it() -> None:
    with pytest.raises(CardcoreError, match="no strengths"):
        agents.get("random", "onepoker", seed=1, strength="easy")


@pytest.mark.parametrize("game", GAMES)
def test_only_the_ai_takes_a_strength(game: str) -> None:
    # every other agent of the game (the baselines included: the shedding games' greedy plan
    # is the AI's class without its search, whose strengths would change nothing) refuses a
    # strength other than the default, through get, its class and an agent string
    from cardcore.simulate import simulate

    others = [n for n in agents.names(game) if n != "ai"]
    seats = cardcore.new_game(game, seed=1).num_players
    assert others
    for name in others:
        for strength in ("easy", "strong"):
            with pytest.raises(CardcoreError, match="no strengths"):
                agents.get(name, game, seed=1, strength=strength)
        cls = agents.agent_class(name, game)
        if name not in ("random", "first"):
            with pytest.raises(CardcoreError, match="strength"):
                cls(game, seed=1, strength="strong")
        with pytest.raises(CardcoreError, match="strength"):
            simulate(game, [f"{name}:strength=strong"] * seats, games=1)
    assert agents.get("ai", game, seed=1, strength="easy").strength == "easy"


def test_cli_ai_flag(capsys) -> None:
    from cardcore.cli import main

    assert main(["play", "onepoker", "--auto", "--seed", "2", "--ai", "easy"]) == 0
    assert "final scores" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "onepoker", "--auto", "--ai", "hard"])


QUICK = ["onepoker", "holdem", "zhengshangyou", "doudizhu"]
#: on the plain-Python kernels the searching AIs play their rollouts on plain-Python cores (the
#: strong shedding AIs about 1.5 minutes a game, Dou Dizhu's normal 28 s, Zheng Shangyou's
#: normal 11 s, Hold'em's strong 18 s): there they are a slow sweep; on the compiled kernels,
#: whose twins the differential tests hold equal to these, they run every time
SLOW_ON_REF = {("doudizhu", "strong"), ("zhengshangyou", "strong"), ("holdem", "strong")}
#: a strong shedding AI plays a whole deal twice in about 12 s here: a slow sweep everywhere
SLOW = {("doudizhu", "strong"), ("zhengshangyou", "strong")}


def _strength_cases():
    # (normal, the default, is every game's test_transcripts.test_the_same_seed_gives_the_same_
    # transcript: the same game here, under a clock a thousand times too fast, and in a new
    # process)
    for game in (g for g in QUICK if g in GAMES):
        for strength in ("easy", "strong"):
            slow = (game, strength) in SLOW or (BACKEND == "ref"
                                                and (game, strength) in SLOW_ON_REF)
            yield pytest.param(game, strength, marks=[pytest.mark.slow] if slow else [],
                               id=f"{game}-{strength}")


@pytest.mark.parametrize("game, strength", list(_strength_cases()))
def test_same_seed_same_game_at_every_strength(game: str, strength: str) -> None:
    def run() -> list[str]:
        seats = [agents.get("ai", game, seed=10 + p, strength=strength)
                 for p in range(cardcore.new_game(game, seed=5).num_players)]
        state = cardcore.new_game(game, seed=1, single_deal=True) if game in (
            "holdem", "onepoker") else cardcore.new_game(game, seed=1)
        while not state.is_over:
            state.apply(seats[state.current_player].act(state))
        return [str(a) for _, a in state.history]

    assert run() == run()
