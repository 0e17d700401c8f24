"""Bad input raises the library's errors, never a bare TypeError, OverflowError, KeyError or
RecursionError (each case here once failed)."""

from __future__ import annotations

import numpy as np
import pytest

import cardcore
from cardcore import Action, CardcoreError, CardError, IllegalAction
from cardcore import cards as C
from cardcore import poker


@pytest.mark.parametrize("bad", [5, None, 3.5, b"As"])
def test_card_of_a_non_string_is_a_card_error(bad):
    with pytest.raises(CardError, match="card"):
        C.card(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", cardcore.available_games())
@pytest.mark.parametrize("action", [
    Action("play", None),  # type: ignore[arg-type]
    Action("play", 5),  # type: ignore[arg-type]
    Action(None, "pass"),  # type: ignore[arg-type]
    Action("play", "x", cards=[1, 2]),  # type: ignore[arg-type]
])
def test_malformed_actions_are_illegal_actions(game, action):
    state = cardcore.new_game(game, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("call", [
    lambda: poker.evaluate([2**63, 1, 2, 3, 4]),
    lambda: poker.category(2**63),
    lambda: poker.equity(["AhKh", "QsQd"], samples=2**63),
    lambda: poker.range_equity(["AhKh", "QQ+"], weights=[None, [float("inf")] + [1.0] * 17]),
    lambda: poker.range_equity(["AhKh", "QQ+"], weights=[None, [float("nan")] * 18]),
    lambda: poker.range_equity(["AhKh", "QQ+"], weights=[None, ["x"] * 18]),
], ids=["evaluate-2**63", "category-2**63", "samples-2**63", "weight-inf", "weight-nan",
        "weight-text"])
def test_poker_bad_numbers_are_library_errors(call):
    with pytest.raises(CardcoreError):
        call()


def test_huge_equal_weights_sample_every_combo():
    exact = poker.range_equity(["AhKh", "QQ+"], samples=40_000, seed=3).equity
    huge = poker.range_equity(["AhKh", "QQ+"], weights=[None, [1e308] * 18], samples=40_000,
                              seed=3).equity
    assert abs(huge[0] - exact[0]) < 0.02


def test_numpy_integers_are_accepted_where_ints_are():
    s = cardcore.new_game("holdem", seed=np.int64(4), stacks=np.array([100, 100, 100, 100]),
                          button=np.int8(2))
    assert s.to_json() == cardcore.new_game("holdem", seed=4, stacks=[100] * 4,
                                            button=2).to_json()
    assert poker.category(np.int64(poker.evaluate("As Ks Qs Js Ts"))) == "straight flush"


@pytest.mark.parametrize("game", ["doudizhu", "zhengshangyou", "guandan"])
@pytest.mark.parametrize("cards", [("As",), (99,), (None,), (-1,), (True,)])
def test_actions_with_bad_cards_are_illegal_actions(game, cards):
    state = cardcore.new_game(game, seed=2)
    agent = cardcore.agents.get("random", game, seed=2)
    while not any(a.cards for a in state.legal_actions()):
        state.apply(agent.act(state))
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(Action("play", "x", cards=cards))
    assert state.to_json() == before


@pytest.mark.parametrize("game", cardcore.GAMES)
@pytest.mark.parametrize("amount", [np.array([]), np.array([1, 2]), True, 1.5, "3", [1]])
def test_actions_with_a_bad_amount_are_illegal_actions(game, amount):
    """An Action whose amount is not an int or None is refused with the library's error (an
    empty numpy array used to escape as 'truth value of an empty array is ambiguous')."""
    state = cardcore.new_game(game, seed=3)
    pick = state.legal_actions()[0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="an int or None amount"):
        state.apply(Action(pick.kind, pick.text, pick.cards, amount, pick.data))
    assert state.to_json() == before
    state.apply(Action(pick.kind, pick.text, pick.cards, pick.amount, pick.data))
    assert len(state.log) == 1


@pytest.mark.parametrize("game", cardcore.GAMES)
@pytest.mark.parametrize("amount", [10**5000, -(10**5000), 2**64, -1],
                         ids=["huge", "-huge", "2^64", "-1"])
def test_actions_with_an_int_amount_of_any_size_are_illegal_actions(game, amount):
    """Every kind of legal action with an amount too large to print in decimal (or out of any
    range) is refused with a message that names it, the state unchanged (a raise of 10**5000
    in Hold'em used to escape as Python's ValueError from formatting the message)."""
    state = cardcore.new_game(game, seed=3)
    before = state.to_json()
    kinds = {a.kind: a for a in state.legal_actions()} | {"raise": Action("raise", "raise 1")}
    for pick in kinds.values():
        if pick.amount == amount:
            continue
        with pytest.raises(IllegalAction) as err:
            state.apply(Action(pick.kind, pick.text, pick.cards, amount, pick.data))
        assert len(str(err.value)) < 400
        assert state.to_json() == before


@pytest.mark.parametrize("game", ["doudizhu", "zhengshangyou"])
def test_plays_typed_as_ranks_in_any_order(game):
    from cardcore.engines.shedding import RANK_CHARS
    from cardcore.rng import Rng

    rng = Rng(5)
    checked = 0
    for seed in range(6):
        state = cardcore.new_game(game, seed=seed)
        while not state.is_over and checked < 400:
            legal = state.legal_actions()
            for a in legal:
                if len(a.cards) < 2:
                    continue
                ranks = [("BJ", "RJ")[r - 13] if r >= 13 else RANK_CHARS[r]
                         for r in (type(state).RANK(int(c)) for c in a.cards)]
                rng.shuffle(ranks)
                probe = state.clone()
                try:
                    probe.apply(" ".join(ranks))
                except IllegalAction as exc:
                    assert "ambiguous" in str(exc)
                    continue
                got = probe.history[-1].action
                assert sorted(map(int, got.cards)) == sorted(map(int, a.cards)) or \
                    sorted(type(state).RANK(int(c)) for c in got.cards) == \
                    sorted(type(state).RANK(int(c)) for c in a.cards)
                checked += 1
            state.apply(legal[rng.below(len(legal))])
    assert checked > 50


def test_doudizhu_airplane_with_wings_in_any_order_and_classify_of_rank_text():
    from cardcore import doudizhu

    assert [m.kind for m in doudizhu.classify("33344455")] == ["airplane_singles"]
    assert [m.kind for m in doudizhu.classify("QKA4888999TTTJJJ")] == \
        [m.kind for m in doudizhu.classify("888999TTTJJJ4QKA")] == ["airplane_singles"]
    with pytest.raises(CardError):
        doudizhu.classify("33333")        # five 3s: not in one deck


@pytest.mark.parametrize("game", ["doudizhu", "zhengshangyou"])
def test_a_move_built_with_a_huge_int_kind_names_it_in_a_card_error(game):
    """``Move(kind, rank, length, cards)`` with a kind that is an int too large to print (str()
    of it raises ValueError) is refused with ``CardError`` naming it, not that ValueError."""
    move = getattr(cardcore, game).Move
    with pytest.raises(CardError, match="an int of 16610 bits"):
        move(10**5000, 3, 1, "3h")


# found by fuzzing the readers of texts and files

@pytest.mark.parametrize("game", cardcore.available_games())
def test_saved_games_with_repeated_keys_misplaced_fields_or_deep_data_are_format_errors(game):
    import json

    state = cardcore.new_game(game, seed=2)
    state.apply(state.legal_actions()[0])
    text = state.to_json()
    with pytest.raises(cardcore.FormatError, match="twice"):
        cardcore.from_json(text.replace('"seed":', '"seed":1,"seed":', 1))
    for key in ("seed", "deck"):
        data = json.loads(text)
        data["options"][key] = None
        with pytest.raises(cardcore.FormatError, match="fields of their own"):
            cardcore.from_json(json.dumps(data))
    data = json.loads(text)
    data["actions"][0][5] = "DEEP"     # (written as text: json.dumps would recurse as deep)
    deep = json.dumps(data).replace('"DEEP"', "[" * 950 + "]" * 950)
    with pytest.raises(cardcore.FormatError):
        cardcore.from_json(deep)
    with pytest.raises(cardcore.OptionError, match="self"):
        cardcore.new_game(game, self=1)
    with pytest.raises(cardcore.OptionError, match="self"):
        cardcore.get_game(game).new(self=1)


def test_deals_and_deal_files_of_no_such_thing_are_library_errors():
    from cardcore.bridge.deal import Deal
    from cardcore.bridge.tables import read_deal_file

    for bad in (None, 5):
        with pytest.raises(CardError, match="expected 4 hands"):
            Deal(bad)  # type: ignore[arg-type]
    for bad in (None, 5, Deal.random(1), "N:AKQ"):
        with pytest.raises(CardError, match="expected 4 masks"):
            Deal.from_masks(bad)  # type: ignore[arg-type]
    for bad in ("\x00", None, 5, b"a.pbn"):
        with pytest.raises(CardcoreError, match="deal file"):
            read_deal_file(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [b"As", bytearray(b"\x00"), memoryview(b"As")])
def test_bytes_are_no_cards(bad):
    with pytest.raises(CardError, match="not bytes"):
        C.parse(bad)  # type: ignore[arg-type]
