"""A play is recorded the same way however it was given: by id, as its listed text, as its
cards written in any order (Guandan: with ``= reading`` where the cards have several), or as an
``Action`` carrying its cards in any order. ``to_json()``,
``history`` and every seat's ``observation()["plays"]`` are equal (Dou Dizhu, Zheng Shangyou,
Guandan)."""

from __future__ import annotations

import copy
import random

import pytest

import cardcore
from cardcore import Action, Card, IllegalAction
from cardcore.agents import RandomAgent

GAMES = ("doudizhu", "zhengshangyou", "guandan")


def record(state):
    return (state.to_json(), state.history,
            [state.observation(p)["plays"] for p in range(state.num_players)])


def positions(game, seeds=range(6), every=3, limit=60):
    """Positions of random games where a play with cards is legal."""
    for seed in seeds:
        state = cardcore.new_game(game, seed=seed)
        agent = RandomAgent(seed=seed)
        for n in range(limit):
            if state.is_over:
                break
            if n % every == 0 and any(a.cards for a in state.legal_actions()):
                yield seed, state
            state.apply(agent.act(state))


def writings(action, rnd):
    """The play's cards written as text in three orders, and as Actions with reordered cards."""
    cards = list(action.cards)
    orders = [cards, cards[::-1], rnd.sample(cards, len(cards)),
              sorted(cards, key=int), sorted(cards, key=int, reverse=True)]
    texts = [" ".join(str(c) for c in o) for o in orders]
    acts = [Action(action.kind, action.text, tuple(o), action.amount, action.data)
            for o in orders]
    return texts, acts


def _resolve_readings(state, text):
    """The text of a play naming its reading when its cards alone are ambiguous (Guandan)."""
    try:
        return [state.action_to_id(text)]
    except IllegalAction as e:
        if "ambiguous" not in str(e):
            raise
        return None


@pytest.mark.parametrize("game", GAMES)
def test_text_and_id_record_a_play_the_same_way(game):
    rnd = random.Random(7)
    checked = ambiguous = 0
    for _seed, state in positions(game):
        plays = [a for a in state.legal_actions() if a.cards]
        for action in rnd.sample(plays, min(len(plays), 6)):
            by_id = copy.deepcopy(state)
            by_id.apply_id(state.action_to_id(action))
            want = record(by_id)
            assert by_id.history[-1].action.cards == action.cards
            by_text = copy.deepcopy(state)
            by_text.apply(action.text)
            assert record(by_text) == want, action
            texts, acts = writings(action, rnd)
            for text in texts:
                if _resolve_readings(state, text) is None:      # several readings: named
                    ambiguous += 1
                    text = f"{text} = {action.text}"
                t = copy.deepcopy(state)
                t.apply(text)
                assert record(t) == want, (action, text)
            for act in acts:
                t = copy.deepcopy(state)
                t.apply(act)
                assert record(t) == want, (action, act.cards)
            checked += 1
    assert checked > 100
    if game == "guandan":
        assert ambiguous > 0           # written with their reading named (``= notation``)
    else:
        assert ambiguous == 0


def test_the_reported_dou_dizhu_case():
    s = cardcore.new_game("doudizhu", seed=1, first=0)
    s.apply("bid 3")
    trio = next(a for a in s.legal_actions() if a.kind == "trio_single"
                and [str(c) for c in a.cards] == ["Tc", "Td", "Ts", "3d"])
    by_id, by_text = copy.deepcopy(s), copy.deepcopy(s)
    by_id.apply_id(s.action_to_id(trio))
    by_text.apply("Tc Td Ts 3d")
    assert [str(c) for c in by_text.history[-1].action.cards] == ["Tc", "Td", "Ts", "3d"]
    assert record(by_text) == record(by_id)
    other = copy.deepcopy(s)
    other.apply("3d Ts Td Tc")
    assert record(other) == record(by_id)


def test_the_reported_zheng_shangyou_case():
    s = cardcore.new_game("zhengshangyou", seed=3)
    pair = next(a for a in s.legal_actions() if a.kind == "pair")
    assert [str(c) for c in pair.cards] == ["3h", "3c"]
    by_id = copy.deepcopy(s)
    by_id.apply_id(s.action_to_id(pair))
    for text in ("3h 3c", "3c 3h", "33"):
        t = copy.deepcopy(s)
        t.apply(text)
        assert record(t) == record(by_id), text
    # other suits of the same ranks are another play, recorded in the listed play's order
    t = copy.deepcopy(s)
    t.apply("3d 3h")
    assert [str(c) for c in t.history[-1].action.cards] == ["3h", "3d"]


def test_cards_other_than_the_listed_ones_keep_the_listed_order():
    s = cardcore.new_game("doudizhu", seed=1, first=0)
    s.apply("bid 3")
    hand = [str(Card(c)) for c in s.hands[0]]
    assert {"9c", "9s", "Tc", "Td", "Ts"} <= set(hand)
    t = copy.deepcopy(s)
    t.apply("9s Tc Td Ts")            # trio with a single: the listed form puts the trio first
    assert [str(c) for c in t.history[-1].action.cards] == ["Tc", "Td", "Ts", "9s"]
    u = copy.deepcopy(s)
    u.apply("Ts 9s Td Tc")
    assert record(u) == record(t)


def test_a_logged_play_of_a_plain_level_card_applies_again():
    # level 2: the heart 2s are wild, the other 2s are not. A play of 2s (other cards than the
    # listed single 2, which holds 2d) is logged with its cards; applying the log entry, or an
    # Action with those cards, gives the same game (it was refused as "ambiguous": read by
    # ranks alone, 2s was both the single 2 and the wild [2])
    from cardcore.cards import card

    s = cardcore.new_game("guandan", seed=1)
    assert s.current_player == 2 and s.level == 0          # (level 0: the 2s)
    assert {card("2d"), card("2s"), card("2h")} <= set(s.hands[2])
    t = copy.deepcopy(s)
    t.apply("2S")
    entry = t.log[-1]
    assert entry[:4] == [2, "single", "2", [card("2s")]]
    for again in (Action.from_list(entry[1:]), Action("single", "[2]", (Card(card("2s")),))):
        u = copy.deepcopy(s)
        u.apply(again)
        assert record(u) == record(t)
    # the wild one alone is the single [2], whatever the Action's text says
    w = copy.deepcopy(s)
    w.apply(Action("single", "2", (Card(card("2h")),)))
    assert w.log[-1][:4] == [2, "single", "[2]", [card("2h")]]
    with pytest.raises(IllegalAction, match="not legal"):
        copy.deepcopy(s).apply(Action("pair", "22", (Card(card("2s")),)))
