"""Every AI's options are declared once (``OPTIONS``) and checked when it is built.

A value of the wrong kind or out of range, and a name the AI does not take, are
``CardcoreError`` naming the AI, the option and what it expects, at construction: through the
class, ``agents.get`` and ``simulate``'s agent strings alike, never an error in the middle of a
game.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

import cardcore
from cardcore import CardcoreError, OptionError, agents, simulate
from cardcore.agents.strength import (Option, check_options, declared_options,
                                      strength_options)


def _ai_classes() -> list[tuple[str, str, type]]:
    out = []
    for game in cardcore.available_games():
        for name in agents.names(game):
            cls = type(agents.get(name, game, seed=1))
            out.append((game, name, cls))
    return out


CLASSES = _ai_classes()
DECLARING = [(g, n, c) for g, n, c in CLASSES if c.OPTIONS]


def _keywords(cls: type) -> set[str]:
    """The keyword options the constructors along ``cls``'s bases name."""
    names: set[str] = set()
    for klass in cls.__mro__:
        init = vars(klass).get("__init__")
        if init is None or klass is object:
            continue
        for p in inspect.signature(init).parameters.values():
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
                names.add(p.name)
        if not any(p.kind == p.VAR_KEYWORD and p.name != "unknown"
                   for p in inspect.signature(init).parameters.values()):
            break           # (this constructor passes nothing further up)
    return names - {"self", "game", "seed", "strength"}


def test_every_game_has_an_ai_that_declares_its_options():
    assert {g for g, n, _ in DECLARING if n == "ai"} == set(cardcore.available_games())


@pytest.mark.parametrize("game,name,cls", CLASSES, ids=[f"{g}-{n}" for g, n, _ in CLASSES])
def test_the_table_names_exactly_what_the_constructor_takes(game, name, cls):
    assert set(cls.OPTIONS) == _keywords(cls), cls.__name__
    defaults = {}
    for klass in reversed(cls.__mro__):
        init = vars(klass).get("__init__")
        if init is not None and klass is not object:
            defaults.update({p.name: p.default for p in inspect.signature(init).parameters.values()
                             if p.default is not inspect.Parameter.empty})
    for key, option in cls.OPTIONS.items():
        assert isinstance(option, Option) and option.kind in ("int", "number", "bool", "str")
        assert option.help and (option.kind != "str" or option.choices)
        assert defaults.get(key) is None, f"{key}: its default is declared in OPTIONS alone"
        assert option.check(key, option.default) == option.default   # (a default it takes)


@pytest.mark.parametrize("game,name,cls", DECLARING, ids=[f"{g}-{n}" for g, n, _ in DECLARING])
def test_every_strength_holds_values_its_options_take(game, name, cls):
    strengths = getattr(cls, "STRENGTHS", {})
    for strength, table in strengths.items():
        assert set(table) <= set(cls.OPTIONS), (cls.__name__, strength)
        opts = strength_options(cls, strength)
        assert set(opts) == set(cls.OPTIONS)
        for key, value in table.items():
            assert opts[key] == value
    # the declared default is the value an AI built at normal strength holds (None: an
    # option whose value is derived, or that is off)
    normal = strength_options(cls, "normal") if strengths else declared_options(cls)
    ai = cls(game, seed=1)
    for key, option in cls.OPTIONS.items():
        if option.default is not None:
            assert getattr(ai, key, normal[key]) == option.default, (cls.__name__, key)


def _junk(option: Option) -> list[object]:
    """Values ``option`` must refuse."""
    out: list[object] = [[1], {"x": 1}, object()]
    if option.kind == "bool":
        return out + [1, 0, 1.0, "true", np.int8(1)]
    if option.kind == "str":
        return out + ["no such choice", 1, True]
    out += ["1", True, False, np.bool_(True), math.nan, math.inf, -math.inf, 10**400,
            option.low - 1, option.high + 1]
    if option.kind == "int":
        out += [1.0, 2.5, np.float64(3.0)]
    return out


@pytest.mark.parametrize("game,name,cls", DECLARING, ids=[f"{g}-{n}" for g, n, _ in DECLARING])
def test_a_value_the_option_does_not_take_is_refused_when_the_ai_is_built(game, name, cls):
    for key, option in cls.OPTIONS.items():
        for bad in _junk(option):
            with pytest.raises(CardcoreError) as info:
                cls(game, seed=1, **{key: bad})
            text = str(info.value)
            assert text.startswith(f"{cls.__name__}: option {key}=") and "expected" in text, text


@pytest.mark.parametrize("game,name,cls", DECLARING, ids=[f"{g}-{n}" for g, n, _ in DECLARING])
def test_the_ends_of_each_range_are_taken(game, name, cls):
    for key, option in cls.OPTIONS.items():
        if option.kind == "int":
            values: list[object] = [int(option.low), int(option.high), np.int64(option.low)]
        elif option.kind == "number":
            values = [float(option.low), option.high, np.float32(option.high)]
            if float(option.low).is_integer():
                values.append(int(option.low))
        elif option.kind == "bool":
            values = [True, False]
        else:
            values = list(option.choices) + [option.choices[0].upper()]
        for value in values:
            ai = cls(game, seed=1, **{key: value})
            assert ai is not None


@pytest.mark.parametrize("game,name,cls", CLASSES, ids=[f"{g}-{n}" for g, n, _ in CLASSES])
def test_a_name_the_ai_does_not_take_is_refused(game, name, cls):
    with pytest.raises(CardcoreError, match=r"unknown option\(s\) 'sampels'; it takes ") as info:
        cls(game, seed=1, sampels=3)
    assert str(info.value).startswith(cls.__name__)
    with pytest.raises(CardcoreError, match="sampels"):
        agents.get(name, game, seed=1, sampels=3) if name not in ("random", "first") \
            else cls(game, seed=1, sampels=3)


def test_agents_get_and_simulate_refuse_the_value_before_any_game():
    with pytest.raises(OptionError, match="SchnapsenAI: option samples=0: expected a whole "
                       "number 1..100000"):
        agents.get("ai", "schnapsen", seed=1, samples=0)
    with pytest.raises(OptionError, match="TractorAI: option nodes='lots': expected a whole"):
        agents.get("ai", "tractor", seed=1, nodes="lots")
    with pytest.raises(OptionError, match=r"time_budget=inf: expected a number .* or None"):
        agents.get("ai", "holdem", seed=1, time_budget=math.inf)
    # an agent string is checked before the run starts (no game is played, no file written)
    for spec, why in [("ai:samples=0", "samples=0"), ("ai:strength=huge", "strength 'huge'"),
                      ("ai:time_limit=inf", "time_limit=inf"), ("ai:dept=2", "'dept'")]:
        with pytest.raises(CardcoreError, match=why):
            simulate(game="schnapsen", agents=[spec, "random"], games=1, workers=1)


def test_a_number_option_takes_finite_reals_in_range():
    share = Option("number", 0.5, "a share", low=0, high=1, none=True)
    assert share.check("share", 1) == 1.0 and type(share.check("share", 1)) is float
    assert share.check("share", np.float16(0.5)) == 0.5 and share.check("share", None) is None
    assert share.check("share", np.int8(0)) == 0.0
    assert share.describe() == "a number 0..1 or None (default 0.5): a share"
    for bad in (math.nan, math.inf, 1.5, -0.1, True, np.bool_(False), "0.5", 10**400):
        with pytest.raises(OptionError, match=r"option share=.*: expected a number 0..1 or "):
            share.check("share", bad)


def test_check_options_names_every_unknown_and_undeclared_name():
    class Probe:
        OPTIONS = {"a": Option("int", 1, "a count", low=0)}

    with pytest.raises(OptionError, match=r"Probe: unknown option\(s\) 'x', 'z'; it takes a"):
        check_options(Probe, {"z": 1}, {"x": 1})
    assert check_options(Probe, {"a": np.int16(2)}) == {"a": 2}
    assert declared_options(Probe) == {"a": 1} and declared_options(Probe, a=None) == {"a": 1}


def test_describe_lists_every_agent_and_each_option_it_takes():
    for game in cardcore.available_games():
        text = agents.describe(game)
        for name in agents.names(game):
            cls = agents.agent_class(name, game)
            assert f"\n  {name} ({cls.__name__})" in text
            for key, option in cls.OPTIONS.items():
                assert f"\n    {key}: {option.describe()}" in text
    assert "  ai (HoldemAI): strength easy, normal, strong" in agents.describe("holdem")
    assert "  random (RandomAgent): no options" in agents.describe("holdem")
    for bad in ("nobody", None, ["ai"]):
        with pytest.raises(CardcoreError, match="agent"):
            agents.agent_class(bad, "holdem")


def test_cli_games_lists_the_agents_and_their_options(capsys):
    from cardcore.cli import main

    assert main(["games", "schnapsen"]) == 0
    out = capsys.readouterr().out
    assert out.index("single_deal") < out.index("agents of schnapsen") < out.index("rdeep")
    assert "samples: a whole number 1..100000 (default 16): worlds sampled a decision" in \
        " ".join(out.split())
