"""``passes_on`` has one meaning in the three shedding games: ``[seat, index into plays]`` of
every pass, the seat that passed and the play on the table it passed on (``plays[index]``)."""

from __future__ import annotations

import random

import pytest

import cardcore

GAMES = ["doudizhu", "zhengshangyou", "guandan"]


def _check_pass(state, before_table, seat: int, count: int) -> None:
    assert len(state.passes_on) == count + 1
    entry = state.passes_on[-1]
    assert entry == [seat, len(state.plays) - 1]
    passed_on = state.plays[entry[1]]
    assert passed_on[:4] == before_table[:4]          # seat, kind, text and cards of the play
    assert passed_on[0] != seat
    # the observation shows the same entries
    assert state.observation(seat)["passes_on"] == state.passes_on


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("by_id", [False, True], ids=["apply", "apply_id"])
def test_every_pass_names_the_seat_and_the_play_it_passed_on(game, by_id):
    checked = 0
    for seed in range(4):
        state = cardcore.new_game(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.current_player
            table = getattr(state, "table", None)
            count = len(state.passes_on)
            if by_id:
                i = rng.choice(state.legal_ids())
                kind = state.action_from_id(i).kind
                state.apply_id(i)
            else:
                action = rng.choice(state.legal_actions())
                kind = action.kind
                state.apply(action)
            if kind == "pass" and table is not None and getattr(state, "phase", "play") == "play":
                _check_pass(state, table, seat, count)
                checked += 1
            elif getattr(state, "phase", "play") == "play" and len(state.passes_on) > count:
                pytest.fail(f"{game}: a {kind} added a passes_on entry")
    assert checked >= 10
