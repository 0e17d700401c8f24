"""The command line: play (human and --auto), bench, games, --version, bad input."""

import io
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
    lines = ["", "nonsense", "#999", "?", "raise -4", "q"]
    state, text = run_play(lines, options={"single_deal": True})
    assert not state.is_over
    assert text.count("not accepted") == 3
    assert "'#999' is not one of #0..#" in text
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


def test_console_script_runs():
    proc = subprocess.run([sys.executable, "-m", "cardcore.cli", "play", "onepoker", "--auto",
                           "--seed", "2"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "final scores" in proc.stdout


def test_auto_bridge_names_dummy_plays():
    state, text = run_play([], game="bridge", auto=True, seed=1)
    assert state.is_over and "final scores" in text
    if state.declarer is not None:  # not passed out: dummy's cards were played by declarer
        dummy = (state.declarer + 2) % 4
        assert f"(from seat {dummy}'s hand)" in text


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
    # Dou Dizhu: "3" is the single 3 (or refused), never the fourth listed action
    state = cardcore.new_game("doudizhu", seed=2, first=0)
    legal = state.legal_actions()
    inp = io.StringIO("3\n#1\n")
    out = io.StringIO()
    picked = cli.read_human_action(state, legal, inp, out)
    assert picked == legal[1]
    assert "not accepted" in out.getvalue()  # "3" is not a bid: refused, not legal[3]
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
