"""The ``level`` option of the games played by levels (Guandan, Tractor): one reader, where a
whole number names the rank it is (``2`` is the two, ``10`` the ten, never an index), the same
through ``new_game``, ``-o level=...`` and the rules helpers; anything else raises
``OptionError`` naming the value."""

from __future__ import annotations

import json

import numpy as np
import pytest

import cardcore
from cardcore import OptionError
from cardcore.cli import parse_options
from cardcore.guandan import parse_level as guandan_level
from cardcore.options import LEVEL_RANKS, level_rank, parse_level
from cardcore.tractor import rules

GAMES = ("guandan", "tractor")
NAMED = [(2, "2"), (3, "3"), (5, "5"), (9, "9"), (10, "T"), ("10", "T"), ("t", "T"),
         ("q", "Q"), (" K ", "K"), ("A", "A"), (np.int64(4), "4"), (np.uint8(10), "T")]
BAD = [0, 1, 11, 12, 14, -2, "1", "11", "0", "", "B", "QQ", True, False, np.True_, np.False_,
       2.0, None, ["2"]]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("given,stored", NAMED)
def test_a_number_names_its_rank(game, given, stored):
    s = cardcore.new_game(game, seed=3, level=given, first=0)
    assert json.loads(s.to_json())["options"]["level"] == stored
    assert s.level == LEVEL_RANKS.index(stored)
    assert s.observation(0)["level"] == stored


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text,stored", [("2", "2"), ("3", "3"), ("10", "T"), ("T", "T"),
                                         ("q", "Q"), ("A", "A")])
def test_the_command_line_reads_the_rank_it_names(game, text, stored):
    opts = parse_options([f"level={text}"], game)
    s = cardcore.new_game(game, seed=3, **opts)
    assert s.level == LEVEL_RANKS.index(stored)


@pytest.mark.parametrize("game", GAMES)
def test_guandan_level_2_is_the_two_and_its_wild_cards(game):
    # the reported case: level=2 started at 4, level=10 at Q, level=3 at 5
    for given, rank in ((2, 0), (10, 8), (3, 1)):
        assert cardcore.new_game(game, seed=1, level=given).level == rank
    g = cardcore.new_game("guandan", seed=1, level=7)
    assert g.wild == 5 * 4 + 2          # the seven of hearts


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_a_value_outside_the_set_raises_option_error(game, bad):
    with pytest.raises(OptionError, match=r"option level=.*expected one of 2, 3, .* A"):
        cardcore.new_game(game, seed=1, level=bad)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", ["1", "11", "0", "B", "true"])
def test_a_bad_command_line_level_raises_option_error(game, text):
    with pytest.raises(OptionError, match="level"):
        cardcore.new_game(game, seed=1, **parse_options([f"level={text}"], game))


def test_one_reader_for_both_games():
    for given, stored in NAMED:
        i = LEVEL_RANKS.index(stored)
        assert level_rank(given) == stored
        assert parse_level(given) == guandan_level(given) == rules.parse_level(given) == i
    for bad in BAD:
        for read in (level_rank, parse_level, guandan_level, rules.parse_level):
            with pytest.raises(OptionError, match="level"):
                read(bad)
    assert rules.LEVELS == LEVEL_RANKS


@pytest.mark.parametrize("game", GAMES)
def test_the_declared_level_option_says_a_number_names_its_rank(game):
    opt = cardcore.get_game(game).options["level"]
    assert "2..10 names its rank" in opt.allowed()
    assert opt.check("level", 2) == "2" and opt.check("level", "10") == "T"


def test_guandan_move_helpers_read_a_number_as_its_rank():
    from cardcore import guandan
    from cardcore.guandan.moves import level_index

    for n in range(2, 11):
        name = LEVEL_RANKS[n - 2]
        assert level_index(n) == level_index(name) == level_index(np.int16(n)) == n - 2
        hand = "7h 7h 7s 8c 9d Th"
        assert guandan.move_ids(hand, n).tolist() == guandan.move_ids(hand, name).tolist()
        assert ([str(m) for m in guandan.moves(hand, n)]
                == [str(m) for m in guandan.moves(hand, name)])
        assert ([str(m) for m in guandan.classify("7h 7s 7d", n)]
                == [str(m) for m in guandan.classify("7h 7s 7d", name)])
    assert [str(m) for m in guandan.classify("7h 7s 7d", 7)] == ["77[7]"]   # the 7h is wild
    for bad in (0, 1, 11, 12, True, np.True_, "1"):
        with pytest.raises(OptionError, match="level"):
            guandan.moves("7h", bad)
        with pytest.raises(OptionError, match="level"):
            guandan.classify("7h", bad)


def test_every_level_reader_is_the_one_function_with_one_error():
    from cardcore.guandan.moves import level_index
    from cardcore.options import LEVEL_INDEX

    assert rules.parse_level is parse_level and guandan_level is parse_level
    # the one-lookup table reads exactly as the full reader
    for key, index in LEVEL_INDEX.items():
        assert parse_level(key) == LEVEL_RANKS.index(level_rank(key)) == index
    assert set(LEVEL_INDEX) >= {"2", "10", "t", "T", "a", 2, 10}
    for bad in ("11", "x", 1, 14, 2.5, None, True):
        messages = set()
        for read in (parse_level, level_index, rules.parse_level, level_rank):
            with pytest.raises(OptionError) as info:
                read(bad)
            messages.add(str(info.value))
        assert len(messages) == 1, messages
        (message,) = messages
        assert message.startswith(f"level {bad!r}:" if bad is not None else "level None:")
