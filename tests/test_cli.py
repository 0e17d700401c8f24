"""The command line: play (human and --auto), bench, games, --version, bad input."""

import io
import random
import re
import subprocess
import sys

import pytest

import cardcore
from cardcore import cli


def run_play(lines, game="onepoker", seed=5, auto=False, options=None):
    inp = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    state = cli.play(game, seed=seed, auto=auto, options=options or {}, inp=inp, out=out)
    return state, out.getvalue()


def test_auto_plays_to_the_end_by_itself():
    state, text = run_play([], auto=True, seed=3)
    assert state.is_over
    assert "final scores" in text
    assert "seat 0 (" in text and "seat 1 (" in text


def test_human_bad_input_reprompts_then_quits():
    # "q" is game input (refused here, with a word on how to leave); "quit" asks first
    lines = ["", "nonsense", "#999", "?", "raise -4", "q", "quit", "y"]
    state, text = run_play(lines, options={"single_deal": True})
    assert not state.is_over
    assert text.count("not accepted") == 4
    assert "'#999' is not one of #0..#" in text
    assert "quit leaves the game" in text
    assert "leave this game unfinished?" in text
    assert "game left unfinished" in text


def test_human_plays_by_number_to_the_end():
    # always choose the first listed action: the game must end by itself
    state, text = run_play(["#0"] * 500, options={"single_deal": True}, seed=11)
    assert state.is_over, text[-500:]
    assert "you: " in text and "final scores" in text


def test_eof_leaves_cleanly():
    state, text = run_play([], options={"single_deal": True})
    assert "game left unfinished" in text and not state.is_over


def test_option_parsing_reads_the_declarations():
    assert cli.parse_options(["single_deal=true", "stacks=5,7"], "onepoker") == {
        "single_deal": True, "stacks": [5, 7]}
    assert cli.parse_options(["first=2"], "doudizhu") == {"first": 2}
    assert cli.parse_options(["first=none"], "doudizhu") == {"first": None}
    assert cli.parse_options(["dealer=N", "vulnerability=both"], "bridge") == {
        "dealer": "N", "vulnerability": "both"}
    assert cli.parse_options(["dealer=2"], "bridge") == {"dealer": 2}
    assert cli.parse_options(["deals=3"], "preference") == {"deals": 3}
    with pytest.raises(cardcore.OptionError, match="KEY=VALUE"):
        cli.parse_options(["oops"], "onepoker")
    with pytest.raises(cardcore.OptionError, match="its options: stacks, single_deal"):
        cli.parse_options(["name=x"], "onepoker")
    with pytest.raises(cardcore.OptionError, match="true or false"):
        cli.parse_options(["single_deal=maybe"], "schnapsen")
    with pytest.raises(cardcore.OptionError, match="whole number"):
        cli.parse_options(["deals=nine"], "preference")


def test_games_lists_one_game_s_options(capsys):
    assert cli.main(["games", "holdem"]) == 0
    text = capsys.readouterr().out
    for name in ("stacks", "single_deal", "button"):
        assert name in text
    assert "default" in text and "a list of 4 whole numbers >= 0" in text
    assert cli.main(["play", "holdem", "-o", "stacks=50,50", "--auto"]) == 2
    assert "stacks=[50, 50]" in capsys.readouterr().err


def test_main_exit_codes(capsys):
    assert cli.main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "onepoker" in listed and "available" in listed
    assert cli.main(["play", "onepoker", "-o", "bogus"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    assert cli.main(["bench", "no-such-bench"]) == 2
    assert "unknown" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert cardcore.__version__ in capsys.readouterr().out


def test_bench_prints_a_table(capsys):
    assert cli.main(["bench", "cardset"]) == 0
    out = capsys.readouterr().out
    assert "rank_counts" in out and "ns/call" in out


@pytest.mark.slow  # (the whole of ``cardcore bench``: .ci/run runs it with the slow sweeps)
def test_bench_runs_every_listed_benchmark(capsys):
    """``cardcore bench`` with no name runs every module it lists; a helper module of
    ``cardcore.bench`` with no ``run`` (the AI move timer) is not listed and not run."""
    import pkgutil

    from cardcore import bench as pkg

    names = cli.bench_modules()
    assert "ai" not in names and {"cardset", "dds", "selfplay", "shedding"} <= set(names)
    every = {m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_")}
    assert "ai" in every  # the helper is there, just not a benchmark
    assert cli.main(["bench"]) == 0
    out = capsys.readouterr().out
    for name in names:
        assert f"\n{name} " in out, name


def test_bench_win_rates_carry_their_count_and_interval(monkeypatch, capsys):
    """A win rate over a few deals ("0 % won" of 5) is printed with the count and its 95%
    Wilson interval, so that it reads as the little it says."""
    from cardcore.bench import shedding_games, wilson

    lo, hi = wilson(0, 5)
    assert lo == 0.0 and 0.434 < hi < 0.435
    lo, hi = wilson(50, 100)
    assert 0.403 < lo < 0.404 and 0.596 < hi < 0.597
    monkeypatch.setattr(shedding_games, "_selfplay", lambda game, games: 1000.0)
    monkeypatch.setattr(shedding_games, "_ai_vs",
                        lambda opponent, deals, rollouts: (deals // 2 if opponent == "random"
                                                           else 0, 0.01))
    assert cli.run_bench("shedding_games", quick=True) == 0
    out = capsys.readouterr().out
    greedy = next(line for line in out.splitlines() if "vs greedy, 5 deals" in line)
    assert greedy.endswith("0  % won (0 of 5; 95% interval 0-43%)"), greedy
    assert "% won (5 of 10; 95% interval 24-76%)" in out


def test_console_script_runs():
    proc = subprocess.run([sys.executable, "-m", "cardcore.cli", "play", "onepoker", "--auto",
                           "--seed", "2"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "final scores" in proc.stdout


def test_auto_bridge_names_dummy_plays():
    from cardcore.bridge.seats import SEAT_LONG

    state, text = run_play([], game="bridge", auto=True, seed=1)
    assert state.is_over and "final scores" in text
    if state.declarer is not None:  # not passed out: dummy's cards were played by declarer
        dummy = (state.declarer + 2) % 4
        assert f"(from {SEAT_LONG[dummy]}'s hand)" in text


def test_submodules_load_on_first_access_and_python_m_works():
    import subprocess
    import sys

    code = ("import cardcore; cardcore.poker.evaluate('As Ks Qs Js Ts'); "
            "cardcore.bridge.Deal; cardcore.agents.get; cardcore.doudizhu.moves; "
            "print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
    out = subprocess.run([sys.executable, "-m", "cardcore", "--version"], capture_output=True,
                         text=True)
    assert out.returncode == 0 and "cardcore" in out.stdout
    with pytest.raises(AttributeError):
        cardcore.no_such_thing  # noqa: B018


def test_a_bare_number_is_game_notation_and_hash_n_picks_from_the_list():
    # Dou Dizhu: "3" in the auction is "bid 3", never the fourth listed action
    state = cardcore.new_game("doudizhu", seed=2, first=0)
    legal = state.legal_actions()
    out = io.StringIO()
    picked = cli.read_human_action(state, legal, io.StringIO("3\n"), out)
    assert picked.text == "bid 3" and "not accepted" not in out.getvalue()
    assert cli.read_human_action(state, legal, io.StringIO("#1\n"), out) == legal[1]
    # Preference: "2" is refused as a bid text the game does not have, not the third action
    s = cardcore.new_game("preference", seed=1)
    legal = s.legal_actions()
    out = io.StringIO()
    assert cli.read_human_action(s, legal, io.StringIO("#9999\n#0\n"), out) == legal[0]
    assert "#0..#" in out.getvalue()


def test_action_list_never_splits_an_item_and_fits_the_width():
    legal = cardcore.new_game("doudizhu", seed=4, first=0).legal_actions()
    text = cli.format_actions([cardcore.Action("play", "KK")] * 40 + legal, width=40)
    for line in text.splitlines():
        assert len(line) <= 40
        for item in line.split("  "):
            assert item.startswith("#") and " " in item


def test_pipes_bad_delay_and_bad_backend_end_without_a_traceback():
    import subprocess
    import sys

    run = [sys.executable, "-m", "cardcore"]
    p = subprocess.run(" ".join(run + ["play", "holdem", "--auto", "--seed", "1"]) + " | head -3",
                       shell=True, capture_output=True, text=True)
    assert "Traceback" not in p.stderr and len(p.stdout.splitlines()) == 3
    p = subprocess.run(run + ["play", "onepoker", "--delay", "-1"], capture_output=True,
                       text=True)
    assert p.returncode == 2 and "Traceback" not in p.stderr and "seconds >= 0" in p.stderr
    env = dict(__import__("os").environ, CARDCORE_BACKEND="bogus")
    p = subprocess.run(run + ["games"], capture_output=True, text=True, env=env)
    assert p.returncode == 2 and "Traceback" not in p.stderr and "CARDCORE_BACKEND" in p.stderr


@pytest.mark.parametrize("setting, value", [("BACKEND", "bogus"), ("CPU", "bogus")])
def test_version_refuses_a_bad_kernel_setting_as_every_command(monkeypatch, capsys, setting,
                                                                value):
    from cardcore import _backend

    monkeypatch.setattr(_backend, setting, value)
    monkeypatch.setattr(_backend, "_chosen", {})  # the CPU path is chosen again
    # (a fresh process refuses every other command the same way: see the test above)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cardcore: error: CARDCORE_{setting}='bogus': expected"), err
    monkeypatch.setattr(_backend, setting, {"BACKEND": "fast", "CPU": "auto"}[setting])
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0 and "kernels:" in capsys.readouterr().out


# ---------------------------------------------------------------- what is shown

def auto_text(game, seed, **options):
    """``cardcore play GAME --auto --strength easy``: the screens and lines of a whole game,
    which are the same at every strength (the easy AI only thinks less)."""
    out = io.StringIO()
    state = cli.play(game, seed=seed, auto=True, options=options, out=out, strength="easy")
    return state, out.getvalue()


def test_a_lock_and_discards_show_no_card_to_another_seat():
    # One Poker: the AI's lock reads "lock a card" (seat 0's own lock shows its card), in every
    # deal, also when the AI locks first
    state, text = auto_text("onepoker", 4)
    locks = [line for line in text.splitlines() if ": lock" in line]
    assert any(line.startswith("seat 1 (ai)") for line in locks)
    for line in locks:
        if line.startswith("seat 1"):
            assert line == "seat 1 (ai): lock a card", line
        else:
            assert cardcore.cards.parse(line.rsplit(" ", 1)[1])
    assert state.deal_no > 1  # later deals too (seat 1 locks first after winning a deal)
    # Preference: another seat's discards are face down
    _, text = auto_text("preference", 3, deals=1)
    assert "seat 1 (ai): discard two cards" in text
    s = cardcore.new_game("preference", seed=3, deals=1)
    a = next(a for a in s.legal_actions() if a.kind == "bid")
    assert s.action_view(0, a, 1) == a.text  # what is said aloud is public
    # the human's own actions are shown in full, its discards too
    s = cardcore.new_game("onepoker", seed=1, single_deal=True)
    a = s.legal_actions()[0]
    s.apply(a)
    assert s.action_view(0, a, 0) == a.text and s.action_view(0, a, 1) == "lock a card"
    assert s.action_view(0, a, None) == "lock a card"


def test_bridge_public_view_shows_no_closed_hand():
    s = cardcore.new_game("bridge", seed=8)
    pub = s.render(None)
    assert "Your hand" not in pub and "public view" in pub
    assert not any(line.strip()[:2] in ("S:", "H:", "D:", "C:") for line in pub.splitlines())
    while s.phase == "auction":
        s.apply(s.legal_actions()[0] if s.calls else "1NT")
    s.apply(s.legal_actions()[0])  # the opening lead: dummy goes down
    pub = s.render(None)
    assert f"Dummy ({cli.seat_label(s, s.dummy)})" in pub and "Your hand" not in pub
    assert sum(line.strip()[:2] in ("S:", "H:", "D:", "C:") for line in pub.splitlines()) == 4


def test_the_board_is_printed_once_at_the_start_and_the_scores_once_at_the_end():
    # seat 0 acts first in One Poker: one board before the first prompt
    state, text = run_play(["q"], game="onepoker", seed=3)
    head = text.split("your move (")[0]
    assert head.count("One Poker - deal 1") == 1
    # the last board says how the game ended; the scores follow once, on the CLI's line
    for game in cardcore.available_games():
        opts = {"deals": 1} if game == "preference" else (
            {"single_deal": True} if "single_deal" in cardcore.get_game(game).options else {})
        _, text = auto_text(game, 2, **opts)
        last_board, final = text.rsplit("\n\n", 1)[1].split("final scores")
        assert text.count("final scores") == 1, game
        # no scores line on the board itself (a sentence may use the word: Tractor's single
        # deal explains that it "scores the levels the winners rise")
        assert not re.search(r"^\s*(final )?scores\b", last_board, re.M), game
        assert "final balances" not in last_board, game


def test_a_refused_pass_says_must_beat_and_the_board_says_it_too():
    s = cardcore.new_game("zhengshangyou", seed=2)
    s.apply(s.legal_actions()[0])
    out = io.StringIO()
    picked = cli.read_human_action(s, s.legal_actions(), io.StringIO("pass\n#0\n"), out)
    assert picked == s.legal_actions()[0]
    assert "must beat" in out.getvalue() and "only with no answer" in out.getvalue()
    assert "must beat" in s.render(s.current_player)
    assert "3 of hearts" in cardcore.new_game("zhengshangyou", seed=2).render(0)


def test_up_down_and_preference_calls_are_explained():
    assert "UP = 8..A, DOWN = 2..7" in cardcore.new_game("onepoker", seed=1).render(0)
    s = cardcore.new_game("preference", seed=1, dealer=2)  # seat 0 speaks first
    assert "hold" in s.render(0) and "game/hearts" in s.render(0)
    out = io.StringIO()
    cli.read_human_action(s, s.legal_actions(), io.StringIO("?\nq\n"), out)
    helptext = out.getvalue()
    for word in ("hold", "game <suit>", "hearts", "talon", "pass"):
        assert word in helptext, word
    from cardcore.preference.render import HELP

    assert "invite" in HELP["invite"] and "alone" in HELP["invite"]
    assert "guest" in HELP["invite"] and "stay" in HELP["defence"] and "drop" in HELP["defence"]


def test_holdem_prints_hand_and_street_separators_and_sorted_hole_cards():
    _, text = auto_text("holdem", 2)
    assert "-- flop: " in text and "-- turn: " in text and "-- river: " in text
    assert "-- hand 1 over" in text and "== hand 2: button seat" in text
    s = cardcore.new_game("holdem", seed=2)
    hole = s.holes[0]
    shown = f"{cardcore.Card(max(hole))} {cardcore.Card(min(hole))}"
    assert f"seat 0 (you): {shown}" in s.render(0)


def test_one_poker_hand_is_sorted():
    for seed in range(20):
        s = cardcore.new_game("onepoker", seed=seed)
        if s.hands[0][0] > s.hands[0][1]:
            break
    a, b = sorted(s.hands[0])
    assert f"(you): {cardcore.Card(a)} {cardcore.Card(b)}" in s.render(0)


def test_bridge_lines_name_seats_by_compass():
    state, text = run_play([], game="bridge", auto=True, seed=3)
    moves = [line for line in text.splitlines() if ": " in line and "(ai)" in line
             and not line.startswith("final scores")]
    assert moves and all(line.split(" ")[0] in ("South", "West", "North", "East")
                         for line in moves)
    assert "seat " not in "\n".join(moves)
    assert "-- trick 1: " in text and "won by" in text


def _with_a_one_card_hand(game: str):
    """A position of ``game`` reached by random legal play where a seat other than seat 0
    holds one card."""
    import random

    options = {"single_deal": True} if game == "guandan" else {}
    for seed in range(1, 200):
        s = cardcore.new_game(game, seed=seed, **options)
        rng = random.Random(seed)
        while not s.is_over:
            if any(len(h) == 1 for h in s.hands[1:]):
                return s
            s.apply_id(rng.choice(s.legal_ids()))
    raise AssertionError(f"{game}: no one-card hand in 200 random games")


def test_one_card_is_singular():
    for game in ("doudizhu", "zhengshangyou", "guandan"):
        s = _with_a_one_card_hand(game)
        text = s.render(0)
        assert "1 card]" in text and "1 cards" not in text, game
    # a Preference deal played on to its last trick: a seat with one card left
    rng = random.Random(3)
    for seed in range(20):
        s = cardcore.new_game("preference", seed=seed, single_deal=True)
        while not s.is_over and not any(len(h) == 1 for h in s.hands[1:]):
            s.apply_id(rng.choice(s.legal_ids()))
        ones = [seat for seat in (1, 2) if len(s.hands[seat]) == 1]
        if ones:
            break
    assert ones, "no deal reached a last trick"
    text = s.render(0)
    assert f"seat {ones[0]}: 1 card\n" in text and "1 cards" not in text


class _Tty(io.StringIO):
    encoding = "utf-8"

    def isatty(self):
        return True


def test_every_game_shows_cards_in_colour_on_a_terminal_only(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", _Tty())
    for game in cardcore.available_games():
        text = cardcore.new_game(game, seed=1).render(0)
        assert "\x1b[31m" in text or any(sym in text for sym in "\u2660\u2663"), game
    monkeypatch.setenv("NO_COLOR", "1")
    for game in cardcore.available_games():
        assert "\x1b[" not in cardcore.new_game(game, seed=1).render(0), game
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    for game in cardcore.available_games():
        assert "\x1b[" not in cardcore.new_game(game, seed=1).render(0), game


def test_schnapsen_shows_the_last_trick_of_a_deal():
    for seed in range(40):
        state, text = auto_text("schnapsen", seed, single_deal=True)
        if state.past[-1]["reason"] != "66 by a marriage":
            break
    last = state.past[-1]["last_trick"]
    line = (f"{cardcore.cards.format(last['cards'])} won by seat {last['winner']}")
    assert line in text.rsplit("\n\n", 1)[0]  # printed as it happened
    assert state.observation(0)["past"][-1]["last_trick"] == last
    s = cardcore.new_game("schnapsen", seed=seed)
    while s.deal_no == 1:
        s.apply(s.legal_actions()[0])
    if s.past[-1]["last_trick"]:
        t = s.past[-1]["last_trick"]
        assert f"its last trick: {cardcore.cards.format(t['cards'])}" in s.render(0)


def test_rules_in_the_game_and_as_a_command(capsys):
    out = io.StringIO()
    s = cardcore.new_game("onepoker", seed=1)
    cli.read_human_action(s, s.legal_actions(), io.StringIO("?rules\n"), out)
    assert "ONE POKER\n=========" in out.getvalue() and "Decisions\n---------" in out.getvalue()
    for game in cardcore.available_games():
        assert cli.main(["rules", game]) == 0
        text = capsys.readouterr().out
        assert text.startswith(cardcore.rules.page(game).splitlines()[0][2:].upper())


def test_bench_selfplay_plays_every_game_by_ids():
    from cardcore.bench import selfplay

    for name in cardcore.GAMES:
        rate, per_action = selfplay.play(name, 2, seed=3)
        assert rate > 0 and per_action > 0, name


@pytest.mark.parametrize("name", ["guandan", "tractor", "onepoker"])
def test_bench_selfplay_batches_play_whole_games_both_ways(name, monkeypatch):
    """``batch`` plays whole games through ids or through actions; ``compare_ways`` prints
    both ways' rates (what bench_guandan.py and bench_tractor_selfplay.py show)."""
    from cardcore.bench import selfplay

    finished = []
    real_scores = cardcore.game.State.scores

    def scores(state):
        finished.append((state.is_over, state.current_player))
        return real_scores(state)

    monkeypatch.setattr(cardcore.game.State, "scores", scores)
    for ids in (True, False):
        finished.clear()
        dt, steps = selfplay.batch(name, 2, 5, ids=ids)
        assert dt > 0 and steps >= 2 * 5
        assert finished == [(True, None)] * 2
    lines = selfplay.compare_ways(name, 2, 1, "Title")
    assert lines[0].startswith("Title random self-play, 2 single deals per batch")
    assert "legal_ids/apply_id" in lines[1] and "legal_actions/apply" in lines[2]
    assert lines[3].startswith("  ids over actions: ")


# ---------------------------------------------------------------- odd input, broken streams

def _cardcore(args, stdin=None, stdout=subprocess.PIPE, shell_tail="", **env):
    """``python -m cardcore ARGS`` in a new process that imports the cardcore these tests
    import; ``env`` entries are set, those given as None removed."""
    import os
    import shlex
    from pathlib import Path

    src = str(Path(cardcore.__file__).resolve().parents[1])
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [src, *filter(None, [os.environ.get("PYTHONPATH")])])}
    for key, value in env.items():
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    cmd = [sys.executable, "-m", "cardcore", *args]
    if shell_tail:
        cmd = shlex.join(cmd) + " " + shell_tail
    return subprocess.run(cmd, shell=bool(shell_tail), stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env=environ, timeout=60)


def test_hash_n_takes_ascii_digits_only():
    # '²'.isdigit() is True but int('²') fails: superscripts, Arabic-Indic and fullwidth
    # digits are refused like any other bad #N, and the player is asked again
    s = cardcore.new_game("onepoker", seed=1)
    legal = s.legal_actions()
    out = io.StringIO()
    inp = io.StringIO("#\u00b2\n#\u00b3\n#\u00b9\n#\u0661\n#\uff11\n#1\n")
    assert cli.read_human_action(s, legal, inp, out) == legal[1]
    assert out.getvalue().count(f"is not one of #0..#{len(legal) - 1}") == 5
    assert "'#\u00b2' is not one of" in out.getvalue()


class _Endless(io.TextIOBase):
    """Standard input of ``total`` characters without a newline, then its end; refuses to be
    read whole (``readline()`` with no limit), as /dev/zero cannot be."""

    def __init__(self, total):
        self.left = total

    def readable(self):
        return True

    def readline(self, size=-1):
        assert 0 < size <= 2 * cli.MAX_LINE, f"a read of {size} characters"
        n = min(size, self.left)
        self.left -= n
        return "a" * n


def test_a_line_too_long_is_dropped_and_endless_input_ends_cleanly():
    long = "#0" + "0" * (cli.MAX_LINE + 10)  # (as an index it would pick #0)
    state, text = run_play([long, "quit", "y"], seed=1)
    assert not state.history and text.count(f"longer than {cli.MAX_LINE} characters") == 1
    assert text.count(cli.PROMPT) == 2 and "game left unfinished" in text
    state, text = run_play(["x" * (3 * cli.MAX_LINE), "#0"], seed=1)  # the next line is read
    assert state.history[0].seat == 0 and "you: lock" in text
    state, text = run_play(["a" * cli.MAX_LINE, "#0"], seed=1)  # at most MAX_LINE is a line
    assert "longer than" not in text and "not accepted: action" in text and "'aaaa" in text
    # 10 MB without a newline, then the end of input: read a piece at a time, dropped, and
    # the game is left as at any end of input
    s = cardcore.new_game("onepoker", seed=1)
    out = io.StringIO()
    assert cli.read_human_action(s, s.legal_actions(), _Endless(10_000_000), out) is None
    assert out.getvalue().endswith(f"longer than {cli.MAX_LINE} characters\n{cli.PROMPT}\n")
    out = io.StringIO()
    assert not cli.confirm_quit(_Endless(10_000), out)  # no answer: plays on, then ends
    assert out.getvalue().endswith("characters\n  playing on\n")


def test_a_deal_option_that_is_no_pbn_deal_says_why(capsys):
    assert cli.main(["play", "bridge", "-o", "deal=garbage"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardcore: error: option deal='garbage': could not be read (PBN "
                          "deal 'garbage': expected '<first direction>:'"), err
    assert "a string" not in err
    with pytest.raises(cardcore.OptionError, match="hand E is unknown"):
        cli.parse_options(["deal=N:AKQ.T98.76.5432 - - -"], "bridge")
    deal = cardcore.bridge.Deal.random(3).to_pbn()
    assert cli.parse_options([f"deal={deal}"], "bridge") == {"deal": deal}
    assert cli.parse_options(["deal=none"], "bridge") == {"deal": None}


def _pbn(path):
    from cardcore.bridge import Deal

    path.write_text(f'[Event "e"]\n[Board "1"]\n[Deal "{Deal.random(1004).to_pbn()}"]\n')
    return path


def test_dd_refuses_an_out_path_it_cannot_write_and_leaves_no_file(tmp_path, capsys,
                                                                  monkeypatch):
    import os

    src = _pbn(tmp_path / "d.pbn")
    (tmp_path / "file").write_text("x")
    monkeypatch.chdir(tmp_path)  # (where '' would have put its temporary file)
    before = sorted(os.listdir(tmp_path))
    cases = {str(tmp_path): "Is a directory", "": "the path is empty",
             str(tmp_path / "missing" / "x.pbn"): "No such file or directory",
             str(tmp_path / "file" / "x.pbn"): "Not a directory"}
    if os.path.isdir("/proc"):  # (not root: no permission)
        cases["/proc/x.pbn"] = "No such file or directory|Permission denied"
    for out, reason in cases.items():
        assert cli.main(["dd", str(src), "-q", "--out", out]) == 2, out
        err = capsys.readouterr().err
        assert re.fullmatch(f"cardcore: error: {re.escape(repr(out))}: cannot write "
                            f"\\(({reason})\\)\n", err), err
    assert sorted(os.listdir(tmp_path)) == before
    assert cli.main(["dd", "", "-q"]) == 2
    assert capsys.readouterr().err == "cardcore: error: '': cannot read (the path is empty)\n"


def test_rules_are_printed_on_an_ascii_or_latin_1_output(monkeypatch, capsys):
    # the rule pages have em and en dashes: written as '?' where the encoding has none
    for encoding in ("ascii", "latin-1"):
        raw = io.BytesIO()
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding=encoding))
        assert cli.main(["rules", "onepoker"]) == 0
        sys.stdout.flush()
        text = raw.getvalue().decode(encoding)
        assert text.startswith("ONE POKER") and "?" in text and sys.stdout.encoding == encoding
        # ?rules in a game, through the same output
        raw.seek(0)
        raw.truncate()
        monkeypatch.setattr(sys, "stdin", io.StringIO("?rules\nquit\ny\n"))
        assert cli.main(["play", "onepoker", "--seed", "1"]) == 0
        sys.stdout.flush()
        text = raw.getvalue().decode(encoding)
        assert "ONE POKER\n=========" in text and "game left unfinished" in text
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("unbuffered", ["1", None])
def test_output_errors_are_one_line_and_no_traceback(unbuffered, tmp_path):
    import os

    # a reader gone before --version writes: quiet, as every other command
    read, write = os.pipe()
    os.close(read)
    try:
        for args in (["--version"], ["games"]):
            p = _cardcore(args, stdout=write, PYTHONUNBUFFERED=unbuffered)
            assert p.returncode == 0 and p.stderr == "", (args, p.stderr)
    finally:
        os.close(write)
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            for args in (["games"], ["--version"], ["rules", "onepoker"]):
                p = _cardcore(args, stdout=full, PYTHONUNBUFFERED=unbuffered)
                assert (p.returncode, p.stderr) == (1, "cardcore: error: cannot write the output "
                                                       "(No space left on device)\n"), args


def test_closed_standard_streams_are_refused_with_a_message():
    for args in (["--version"], ["play", "onepoker", "--auto"], ["games"]):
        p = _cardcore(args, shell_tail=">&-")
        assert p.returncode == 2, (args, p.stderr)
        assert p.stderr == ("cardcore: error: standard output is closed: cardcore writes what "
                            "it shows there\n"), p.stderr
    p = _cardcore(["play", "onepoker"], shell_tail="<&-")
    assert p.returncode == 2 and p.stdout == "", p.stderr
    assert p.stderr.startswith("cardcore: error: standard input is closed"), p.stderr
    p = _cardcore(["play", "onepoker", "--auto", "--seed", "2"], shell_tail="<&-")
    assert p.returncode == 0 and "final scores" in p.stdout, p.stderr
