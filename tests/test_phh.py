"""PHH export and import of Hold'em hands, checked against pokerkit's own reader."""

import pokerkit  # the test extra installs it
import pytest

import cardcore
from cardcore import FormatError
from cardcore.agents import RandomAgent
from cardcore.holdem.phh import dumps, loads


def finished_hands(seed, count):
    """Play a random match and yield the state right after each finished hand."""
    s = cardcore.new_game("holdem", seed=seed)
    agent = RandomAgent(seed=seed)
    done = 0
    while not s.is_over and done < count:
        n = s.hand_no
        s.apply(agent.act(s))
        if s.hand_no != n or s.is_over:
            done += 1
            yield s


def pk_final(text):
    hh = pokerkit.HandHistory.loads(text)
    last = None
    for state in hh:
        last = state
    return last


def test_pokerkit_reads_our_hands_and_agrees_on_the_result():
    checked = showdowns = 0
    for seed in range(16):
        for s in finished_hands(seed, 12):
            text = dumps(s, "last")
            st = pk_final(text)
            assert not st.status
            order = [int(p.split()[1]) for p in eval(text.split("players = ")[1].split("\n")[0])]
            assert list(st.stacks) == [s.last_hand["final"][i] for i in order], text
            checked += 1
            showdowns += len(s.last_hand["shown"]) > 1
    assert checked > 100 and showdowns > 20


def test_round_trip_replays_the_same_hand():
    for seed in (1, 2, 3):
        for s in finished_hands(seed, 6):
            text = dumps(s, "last")
            r = loads(text)
            assert r.is_over
            assert r.stacks == s.last_hand["final"]
            assert r.last_hand["actions"] == s.last_hand["actions"]
            assert dumps(r, "last") == text
            assert cardcore.holdem.loads(text).stacks == r.stacks


def test_current_hand_mid_play_round_trips():
    s = cardcore.new_game("holdem", seed=9)
    for a in ("call", "call", "call", "check", "raise 40", "call"):
        s.apply(a)
    text = dumps(s)
    assert "finishing_stacks" not in text and "'d db " in text
    r = loads(text)
    assert r.current_player == s.current_player and r.board == s.board
    assert [a.text for a in r.legal_actions()] == [a.text for a in s.legal_actions()]
    assert r.observation(r.current_player)["bets"] == s.observation(s.current_player)["bets"]


def test_reads_a_hand_written_by_hand():
    text = """
# a 3-handed hand
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [500, 700, 300]
actions = [
  'd dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c',
  'p3 cbr 60', 'p1 cc', 'p2 f',
  'd db Qh8c4d',
  'p1 cbr 100', 'p3 cbr 240', 'p1 cc',
  'd db 3s', 'd db Jc',
  'p3 sm 7h2c', 'p1 sm AcAd',
]
"""
    s = loads(text)
    # default seats: the button (p3) is seat 0, p1 seat 1, p2 seat 2
    assert s.is_over and s.button == 0
    assert s.last_hand["holes"][1] == [int(c) for c in cardcore.cards.parse("Ac Ad")]
    # p1 (seat 1) wins 300 + 300 + 20 from p2
    assert s.stacks == [0, 820, 680, 0]
    st = pk_final(text)
    assert list(st.stacks) == [820, 680, 0]


@pytest.mark.parametrize("bad, why", [
    ("variant = 'FT'", "only 'NT'"),
    ("blinds_or_straddles = [5, 10, 0]", "blinds 10/20"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p1 cc']", "not p1's turn"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p3 cbr 30']",
     "below the minimum raise to 40"),
    ("actions = ['d dh p1 ????', 'd dh p2 KcKd', 'd dh p3 7h2c']", "unknown cards"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 AcKd', 'd dh p3 7h2c']", "dealt twice"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd']", "hole cards"),
    ("antes = [1, 1, 1]", "no ante"),
    ("actions = [", "not finished"),
    # found by fuzzing: each was read without an error (or with a bare Python error)
    ("variant = 1" + "0" * 5000, "more than 30 digits"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p" + "1" * 5000 + " f']",
     "is not a player"),
    ("blinds_or_straddles = 1", "blinds 10/20"),
    ("variant = " + "[" * 100_000 + "]" * 100_000, "only 'NT'"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'd dh p3 7d2d']",
     "dealt twice"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p3 cc', 'p1 cc', 'p2 cc', "
     "'p2 cc']", "not dealt before it"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p3 cc', 'p1 cc', 'p2 cc', "
     "'d db Qh8c']", "3 cards"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p3 f', 'p1 f', "
     "'p2 sm QhQd']", "not the cards dealt"),
    ("actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c', 'p3 f', 'p1 f', "
     "'p2 sm garbage']", "garbage"),
    ("antes = [0,, 0, 0]", "no array item before it"),
    ("antes = [,]", "no array item before it"),
    ("antes = [0 0 0]", "separated by commas"),
    ("min_bet = 20\nmin_bet = 20", "twice"),
    ("min_bet = 20\nhand = 'x'", "hand number"),
    ("min_bet = 20\nhand = -5", "hand number"),
    ("min_bet = 20\nseats = [true, 2, 3]", "distinct seats"),
    ("min_bet = 20\nseat_count = 1", "seat_count"),
])
def test_bad_histories_are_format_errors(bad, why):
    base = {
        "variant": "variant = 'NT'",
        "antes": "antes = [0, 0, 0]",
        "blinds_or_straddles": "blinds_or_straddles = [10, 20, 0]",
        "min_bet": "min_bet = 20",
        "starting_stacks": "starting_stacks = [500, 700, 300]",
        "actions": "actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2c']",
    }
    key = bad.split(" =")[0]
    base[key] = bad
    with pytest.raises(FormatError, match=why):
        loads("\n".join(base.values()))


def test_dumps_needs_a_hand():
    s = cardcore.new_game("holdem", seed=1)
    with pytest.raises(cardcore.IllegalAction):
        dumps(s, "last")
    assert "d dh p4" in dumps(s)


def test_loads_builds_the_state_by_options_and_apply_only():
    """The hand number travels as the declared option ``hand_no``, so the loaded state is
    exactly what its JSON (options + actions) replays to."""
    s = cardcore.new_game("holdem", seed=4)
    agent = RandomAgent(seed=4)
    while s.hand_no < 3 and not s.is_over:
        s.apply(agent.act(s))
    assert s.last_hand["hand"] == 2
    text = dumps(s, "last")
    assert "hand = 2" in text
    r = loads(text)
    assert r.hand_no == 2 and r.last_hand["hand"] == 2
    assert r.start["options"]["hand_no"] == 2
    again = cardcore.from_json(r.to_json())
    assert dumps(again, "last") == text and again.log == r.log
    # a new game numbers its first hand 1 unless told otherwise
    assert cardcore.new_game("holdem", seed=1).hand_no == 1
    assert cardcore.new_game("holdem", seed=1, hand_no=7).observation(0)["hand"] == 7
    with pytest.raises(cardcore.OptionError, match="hand_no"):
        cardcore.new_game("holdem", hand_no=0)


def test_the_state_module_does_not_import_the_notation():
    import ast

    import cardcore.holdem.state as st

    with open(st.__file__) as f:
        tree = ast.parse(f.read())
    imported = [getattr(n, "module", None) or "" for n in ast.walk(tree)
                if isinstance(n, (ast.Import, ast.ImportFrom))]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                 for a in n.names]
    assert not any("phh" in name for name in imported)
