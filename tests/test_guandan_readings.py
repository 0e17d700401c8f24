"""Guandan: one set of cards played under a named reading. The exact cards of a play with
several legal readings (a straight flush or a straight; wild cards standing for different
ranks) are refused as ambiguous with the texts that name each reading, and ``CARDS = READING``
(a kind, or the reading's notation) or ``CARDS KIND`` plays that reading, recorded as the listed
play is; ``?`` lists the card sets that need it."""

from __future__ import annotations

import copy
import random

import pytest

import cardcore
from cardcore import Card, IllegalAction
from cardcore.agents import RandomAgent
from cardcore.cards import parse
from cardcore.cli import say
from cardcore.guandan import GuandanState
from cardcore.guandan.render import help_text
from cardcore.guandan.state import ambiguous_sets, reading_names, split_reading


def position(hands, level=0, turn=0):
    return GuandanState.position([[int(c) for c in parse(h)] for h in hands], level=level,
                                 turn=turn)


def record(state):
    """How a play is recorded (a state built by ``position`` has no JSON: its hands then)."""
    saved = state.hands if state.start.get("position") else state.to_json()
    return (saved, state.history, [state.observation(p)["plays"] for p in range(4)])


SF = ["3s 4s 5s 6s 7s 9c 2h 2c 2d 3c 3d", "2c", "2d", "Ac"]


def test_a_straight_flush_played_as_a_straight_or_as_a_straight_flush():
    s = position(["3s 4s 5s 6s 7s 9c Kd", "2c", "2d", "Ac"])
    with pytest.raises(IllegalAction, match=r"ambiguous.*name the reading: "
                       r"'3s 4s 5s 6s 7s = straight' or '3s 4s 5s 6s 7s = straight_flush'"):
        s.apply("3s 4s 5s 6s 7s")
    listed = {a.kind: a for a in s.legal_actions()
              if sorted(str(c) for c in a.cards) == ["3s", "4s", "5s", "6s", "7s"]}
    assert set(listed) == {"straight", "straight_flush"}
    for text, kind in (("3s 4s 5s 6s 7s = straight", "straight"),
                       ("7s 6s 5s 4s 3s straight", "straight"),
                       ("3s 4s 5s 6s 7s = straight_flush", "straight_flush"),
                       ("3s 4s 5s 6s 7s=Straight Flush", "straight_flush"),
                       ("5s 3s 4s 7s 6s straight-flush", "straight_flush"),
                       ("3s 4s 5s 6s 7s = 3s4s5s6s7s", "straight_flush"),
                       ("3s 4s 5s 6s 7s = 34567", "straight")):
        t = copy.deepcopy(s)
        t.apply(text)
        assert t.history[-1].action.kind == kind, text
        # the same play as the listed one: the same id, recorded the same way
        assert s.action_to_id(text) == s.action_to_id(listed[kind])
        by_id = copy.deepcopy(s)
        by_id.apply_id(s.action_to_id(listed[kind]))
        assert record(t) == record(by_id), text


def test_several_readings_of_one_kind_are_named_by_their_notation():
    s = position(SF)
    with pytest.raises(IllegalAction, match=r"full_house \(33\[3\]22\), full_house "
                       r"\(22\[2\]33\); name the reading: '2c 2d 2h 3c 3d = 33\[3\]22' or "
                       r"'2c 2d 2h 3c 3d = 22\[2\]33'"):
        s.apply("2c 2d 2h 3c 3d")
    with pytest.raises(IllegalAction, match="ambiguous"):
        s.apply("2c 2d 2h 3c 3d = full_house")
    for note in ("33[3]22", "22[2]33"):
        t = copy.deepcopy(s)
        t.apply(f"3d 2h 2c 3c 2d = {note}")
        assert t.history[-1].action.text == note
        assert [str(c) for c in t.history[-1].action.cards] == ["2c", "2d", "2h", "3c", "3d"]


def test_the_named_cards_are_played_where_the_list_shows_other_suits():
    s = position(SF)                   # the listed straight 34567 uses the 3c
    listed = next(a for a in s.legal_actions() if a.text == "34567")
    assert "3c" in [str(c) for c in listed.cards]
    t = copy.deepcopy(s)
    t.apply("3s 4s 5s 6s 7s = straight")
    assert t.history[-1].action.text == "34567"
    assert sorted(str(c) for c in t.history[-1].action.cards) == ["3s", "4s", "5s", "6s", "7s"]
    left = [str(Card(c)) for c in t.hands[0]]
    assert "3c" in left and "3s" not in left


def test_a_reading_that_does_not_fit_or_no_cards_are_clear_errors():
    s = position(SF)
    before = record(s)
    with pytest.raises(IllegalAction, match=r"cannot be played as 'bomb' now; they can be "
                       r"played as straight \(34567\), straight_flush"):
        s.apply("3s 4s 5s 6s 7s = bomb")
    with pytest.raises(IllegalAction, match="not a list of cards"):
        s.apply("xyz = straight")
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        s.apply("3s 4s 5s 6s 8s = straight")
    assert record(s) == before


def test_split_reading():
    assert split_reading("3s 4s 5s 6s 7s = straight") == ("3s 4s 5s 6s 7s", "straight")
    assert split_reading("3s 4s = Straight Flush") == ("3s 4s", "straight_flush")
    assert split_reading("3s 4s 5s 6s 7s straight flush") == ("3s 4s 5s 6s 7s",
                                                              "straight_flush")
    assert split_reading("2c 2d 2h 3c 3d = 33 [3] 22") == ("2c 2d 2h 3c 3d", "33[3]22")
    assert split_reading("3s 4s 5s 6s 7s") == ("3s 4s 5s 6s 7s", None)
    assert split_reading("straight") == ("straight", None)


def test_every_ambiguous_card_set_of_random_games_can_be_named():
    rnd = random.Random(3)
    named = 0
    for seed in range(8):
        s = cardcore.new_game("guandan", seed=seed)
        agent = RandomAgent(seed=seed)
        for _ in range(80):
            if s.is_over:
                break
            if s.phase == "play":
                for cards, readings in ambiguous_sets(s.legal_actions())[:3]:
                    written = " ".join(str(c) for c in rnd.sample(cards, len(cards)))
                    with pytest.raises(IllegalAction, match="name the reading"):
                        s.action_to_id(written)
                    for a, name in zip(readings, reading_names(readings)):
                        by_text, by_id = copy.deepcopy(s), copy.deepcopy(s)
                        by_text.apply(f"{written} = {name}")
                        by_id.apply_id(s.action_to_id(a))
                        assert record(by_text) == record(by_id), (written, name)
                        named += 1
            s.apply(agent.act(s))
    assert named > 50


def test_question_mark_lists_the_card_sets_with_several_readings():
    import io

    s = position(SF)
    text = help_text(s, 0)
    assert "name one after '='" in text
    assert "  2c 2d 2h 3c 3d = 33[3]22 | 22[2]33" in text.splitlines()
    out = io.StringIO()
    say(out, text)
    assert max(len(line) for line in out.getvalue().splitlines()) <= 80
    # every line it lists plays
    for line in text.splitlines()[2:]:
        cards, _, names = line.strip().partition(" = ")
        for name in names.split(" | "):
            t = copy.deepcopy(s)
            t.apply(f"{cards} = {name}")
    # not the player's turn: no list
    assert "need" not in help_text(s, 1)
