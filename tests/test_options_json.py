"""Declared options (``get_game``, ``OptionError``) and JSON that loads only reachable states.

Every game: its options are listed with a default, the allowed values and a help line; a bad
option names itself and what is allowed; a saved game loads by replay, and any tampering with
the saved text (a card moved between hands, a seat out of turn, a changed type, an unknown
field) raises ``FormatError`` saying what is wrong.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import cardcore
from cardcore import FormatError, Option, OptionError
from cardcore.agents import RandomAgent
from cardcore.game import available_games

BUILT = available_games()


def played(game: str, seed: int, n: int = 40):
    state = cardcore.new_game(game, seed=seed)
    agent = RandomAgent(seed=seed)
    for _ in range(n):
        if state.is_over:
            break
        state.apply(agent.act(state))
    return state


# ---------------------------------------------------------------- declared options

@pytest.mark.parametrize("game", BUILT)
def test_get_game_declares_every_option(game):
    g = cardcore.get_game(game)
    assert g.name == game
    assert g.num_players == cardcore.new_game(game, seed=1).num_players
    for name, opt in g.options.items():
        assert isinstance(opt, Option)
        assert opt.help and opt.allowed()
        assert name in g.describe()
        # the declared default is accepted and plays the same game as leaving it out
        assert (g.new(seed=5, **{name: opt.default}).legal_actions()
                == g.new(seed=5).legal_actions())
    assert g.new(seed=3).to_json() == cardcore.new_game(game, seed=3).to_json()


@pytest.mark.parametrize("game", BUILT)
def test_unknown_option_names_itself_and_the_known_ones(game):
    with pytest.raises(OptionError) as exc:
        cardcore.new_game(game, seed=1, colour="blue")
    msg = str(exc.value)
    assert "colour" in msg and game in msg
    for name in cardcore.get_game(game).options:
        assert name in msg
    assert "_setup" not in msg and "keyword" not in msg


def test_bad_option_values_say_what_is_allowed():
    cases = [
        ("doudizhu", {"first": 3}, "first=3: expected a seat 0..2 or None"),
        ("doudizhu", {"first": "0"}, "first='0'"),
        ("bridge", {"vulnerability": "all"}, "expected one of none, ns, ew, both"),
        ("bridge", {"dealer": "Q"}, "dealer='Q'"),
        ("bridge", {"deal": "N:garbage"}, "option deal="),
        ("holdem", {"stacks": [50, 50]}, "list of 4 whole numbers >= 0"),
        ("holdem", {"single_deal": 1}, "true or false"),
        ("onepoker", {"stacks": [0, 20]}, "1..1000000000000000"),
        ("preference", {"deals": 0}, "deals=0"),
        ("schnapsen", {"single_deal": "yes"}, "single_deal='yes'"),
    ]
    for game, options, words in cases:
        with pytest.raises(OptionError) as exc:
            cardcore.new_game(game, seed=1, **options)
        assert words in str(exc.value), (game, str(exc.value))
    assert issubclass(OptionError, cardcore.CardcoreError)


def test_numpy_integers_are_ints_and_values_are_normalised():
    a = cardcore.new_game("doudizhu", seed=np.uint64(7), first=np.int64(1))
    b = cardcore.new_game("doudizhu", seed=7, first=1)
    assert a.to_json() == b.to_json()
    s = cardcore.new_game("bridge", seed=2, vulnerability="NS", dealer=2)
    assert json.loads(s.to_json())["options"] == {"vulnerability": "ns", "dealer": "N"}


@pytest.mark.parametrize("game", ["holdem", "onepoker"])
def test_a_list_option_refuses_what_does_not_iterate_or_never_ends(game):
    """``stacks`` (a list of ints): a 0-d array (which has ``__iter__`` but raised numpy's
    TypeError when iterated) and an endless iterator are ``OptionError``; an array of ints is
    the list it holds."""
    import itertools

    n = len(cardcore.get_game(game).options["stacks"].default)
    for bad in (np.array(0), np.array(500), itertools.repeat(500), np.array([[500] * n])):
        with pytest.raises(OptionError, match="stacks"):
            cardcore.new_game(game, seed=1, stacks=bad)
    a = cardcore.new_game(game, seed=1, stacks=np.array([500] * n))
    assert a.to_json() == cardcore.new_game(game, seed=1, stacks=[500] * n).to_json()


@pytest.mark.parametrize("seed", [-1, 2**64, 10**5000, 1.5, "3", True],
                         ids=["negative", "2**64", "10**5000", "float", "str", "bool"])
def test_seeds_outside_the_generator_are_refused_at_new_game(seed):
    with pytest.raises(OptionError, match="seed"):
        cardcore.new_game("onepoker", seed=seed)


def test_long_inputs_are_quoted_short():
    with pytest.raises(OptionError) as exc:
        cardcore.new_game("onepoker", seed=10**5000)
    assert len(str(exc.value)) < 200


# ---------------------------------------------------------------- JSON by replay

@pytest.mark.parametrize("game", BUILT)
def test_json_holds_the_start_and_the_actions(game):
    state = played(game, 4)
    data = json.loads(state.to_json())
    assert set(data) == {"game", "version", "seed", "options", "deck", "actions"}
    assert data["seed"] == 4 and len(data["actions"]) == len(state.history)
    back = cardcore.from_json(state.to_json())
    assert back.legal_actions() == state.legal_actions()
    assert back._state_dict() == state._state_dict()


def _tampered(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _first_play(data: dict) -> int:
    """Index of the first stored action that plays cards (or, in Hold'em, bets)."""
    return next(i for i, a in enumerate(data["actions"]) if a[3] or a[4])


def _other_card(data: dict, i: int) -> int:
    """A card id that the play at ``i`` does not hold (so some other hand or pile has it)."""
    held = set(data["actions"][i][3])
    return next(c for c in range(52) if c not in held)


@pytest.mark.parametrize("game", BUILT)
def test_tampered_states_raise_format_error(game):
    state = played(game, 9, 80)
    text = state.to_json()
    data = json.loads(text)
    plays = [a for a in data["actions"] if a[3]]
    amounts = [a for a in data["actions"] if a[4]]
    assert plays or amounts, f"{game}: the sample game played no card and bet nothing"

    def card_moved(d):  # or, where no card is played (Hold'em), chips changed
        if plays:
            i = next(i for i, a in enumerate(d["actions"]) if a[3])
            d["actions"][i][3][0] = _other_card(d, i)
        else:
            i = next(i for i, a in enumerate(d["actions"]) if a[4])
            d["actions"][i][4] += 1

    def seat_changed(d):
        d["actions"][0][0] = (d["actions"][0][0] + 1) % state.num_players

    def seat_out_of_range(d):
        d["actions"][0][0] = 99

    def text_changed(d):
        d["actions"][0][2] = "no such move"

    def later_action_dropped(d):  # a gap in the middle: the next action no longer fits
        i = _first_play(d)
        del d["actions"][i]
        if i >= len(d["actions"]):
            d["actions"].append(["x"])

    tampers = {
        "a card moved between hands": card_moved,
        "a seat changed": seat_changed,
        "a seat out of range": seat_out_of_range,
        "an action's text": text_changed,
        "an unknown field": lambda d: d.update(chips=[1, 2]),
        "a missing field": lambda d: d.pop("actions"),
        "seed as text": lambda d: d.update(seed="9"),
        "version true": lambda d: d.update(version=True),
        "version 1": lambda d: d.update(version=1),
        "options not an object": lambda d: d.update(options=[]),
        "an unknown option": lambda d: d["options"].update(turbo=True),
        "deck of the wrong size": lambda d: d.update(deck=[0, 1, 2]),
        "actions not a list": lambda d: d.update(actions={}),
        "an action of the wrong shape": lambda d: d["actions"].insert(0, [0, "pass"]),
        "an action with a float amount": lambda d: d["actions"][0].__setitem__(4, 1.5),
        "an action dropped from the middle": later_action_dropped,
        "the game name": lambda d: d.update(game="canasta"),
    }
    for why, change in tampers.items():
        bad = _tampered(text, change)
        if bad == text:
            continue
        with pytest.raises(FormatError):
            cardcore.from_json(bad)
            raise AssertionError(f"{game}: tampered JSON ({why}) loaded")


@pytest.mark.parametrize("game", BUILT)
def test_no_action_after_the_end(game):
    state = cardcore.new_game(game, seed=3, **({"single_deal": True} if "single_deal" in
                                               cardcore.get_game(game).options else {}))
    agent = RandomAgent(seed=3)
    while not state.is_over:
        state.apply(agent.act(state))
    data = json.loads(state.to_json())
    assert cardcore.from_json(json.dumps(data)).scores() == state.scores()
    data["actions"].append(data["actions"][-1])
    with pytest.raises(FormatError, match="after the game is over"):
        cardcore.from_json(json.dumps(data))


def test_chips_cannot_be_smuggled_in():
    state = cardcore.play_match("holdem", ["random"] * 4, seed=2, single_deal=True)
    data = json.loads(state.to_json())
    data["options"]["stacks"] = [1000, 1000, 1000, -5]
    with pytest.raises(FormatError, match="stacks"):
        cardcore.from_json(json.dumps(data))


@pytest.mark.parametrize("bad", [
    "[" * 100_000, "", "null", "[]", "{}", b"\xff\xfe", '{"game": "bridge"}', 42, None,
])
def test_garbage_json_is_a_format_error(bad):
    with pytest.raises(FormatError):
        cardcore.from_json(bad)  # type: ignore[arg-type]


def _full_deck(game: str) -> list[int]:
    from cardcore import cards
    from cardcore.zhengshangyou.state import deck48

    decks = {"doudizhu": cards.deck54, "zhengshangyou": deck48, "holdem": cards.deck52,
             "onepoker": cards.deck104, "bridge": cards.deck52,
             "schnapsen": cards.deck_vienna20, "preference": cards.deck_vienna32}
    return [int(c) for c in decks[game]()][::-1]


@pytest.mark.parametrize("game", [g for g in BUILT if g in (
    "doudizhu", "zhengshangyou", "holdem", "onepoker", "bridge", "schnapsen", "preference")])
def test_stacked_deck_round_trips(game):
    deck = _full_deck(game)
    state = played_from(cardcore.new_game(game, seed=1, deck=deck), 7)
    text = state.to_json()
    assert json.loads(text)["deck"] == deck
    back = cardcore.from_json(text)
    assert back._state_dict() == state._state_dict()
    tampered = json.loads(text)
    tampered["deck"][0], tampered["deck"][-1] = tampered["deck"][-1], tampered["deck"][-1]
    with pytest.raises(FormatError):
        cardcore.from_json(json.dumps(tampered))


def played_from(state, seed: int, n: int = 30):
    agent = RandomAgent(seed=seed)
    for _ in range(n):
        if state.is_over:
            break
        state.apply(agent.act(state))
    return state
