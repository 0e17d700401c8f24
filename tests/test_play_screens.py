"""What a new player meets in ``cardcore play``: leaving a game, bare numbers, the rules
pages, end screens that say why, the help texts, and the labels of the screens."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import cardcore
from cardcore import cli, rules

ROOT = Path(__file__).resolve().parents[1]


def ask(state, lines: str, legal=None):
    out = io.StringIO()
    legal = state.legal_actions() if legal is None else legal
    picked = cli.read_human_action(state, legal, io.StringIO(lines), out)
    return picked, out.getvalue()


def auto_text(game, seed, **options):
    out = io.StringIO()
    state = cli.play(game, seed=seed, auto=True, options=options, out=out, strength="easy")
    return state, out.getvalue()


def human_text(game, seed, lines, **options):
    out = io.StringIO()
    state = cli.play(game, seed=seed, auto=False, options=options, out=out,
                     inp=io.StringIO("".join(x + "\n" for x in lines)), strength="easy")
    return state, out.getvalue()


# ---------------------------------------------------------------- item 2: Q is a queen

def _ddz_queen_lead():
    s = cardcore.new_game("doudizhu", seed=0, first=0)
    while s.phase == "bid":
        s.apply("bid 3" if any(a.text == "bid 3" for a in s.legal_actions()) else "pass")
    assert s.current_player == 0 and "Q" in [a.text for a in s.legal_actions()]
    return s


def test_q_and_QUIT_are_game_input_and_quit_asks_first():
    s = _ddz_queen_lead()
    picked, text = ask(s, "Q\n")
    assert picked is not None and picked.text == "Q" and picked.kind == "single"
    picked, text = ask(s, "QUIT\n#0\n")  # game input: refused by the game, the game goes on
    assert picked == s.legal_actions()[0] and "not accepted" in text
    g = cardcore.new_game("guandan", seed=0)
    picked, _ = ask(g, "Q\n")
    assert picked is not None and picked.text == "Q"
    z = cardcore.new_game("zhengshangyou", seed=0)
    picked, text = ask(z, "Q\nquit\ny\n")
    assert picked is None and "not accepted" in text and "leave this game unfinished?" in text
    # quit / :q ask; y (or quit again) leaves, anything else plays on, end of input leaves
    for lines, left in (("quit\ny\n", True), (":q\nquit\n", True), ("quit\nn\n#1\n", False),
                        (":q\n", True), ("quit\nno\n:q\nyes\n", True)):
        picked, text = ask(s, lines)
        assert (picked is None) == left, lines
        assert "leave this game unfinished?" in text
        if not left:
            assert picked == s.legal_actions()[1] and "playing on" in text


def test_quitting_a_game_in_play():
    state, text = human_text("doudizhu", 3, ["quit", "n", "#0", "quit", "y"], first=0)
    assert not state.is_over and len(state.history) >= 1
    assert text.count("leave this game unfinished?") == 2 and "game left unfinished." in text
    state, text = human_text("onepoker", 3, ["q", "Q", "exit", "quit", "y"])
    assert text.count("not accepted") == 3 and "quit leaves the game" in text


# ---------------------------------------------------------------- item 3: bare numbers

def test_a_bare_number_is_the_bid_or_bet_it_fits():
    s = cardcore.new_game("doudizhu", seed=2, first=0)
    picked, text = ask(s, "2\n")
    assert picked.text == "bid 2" and "not accepted" not in text
    h = cardcore.new_game("holdem", seed=1, single_deal=True)
    while h.street == 0:
        h.apply("call" if any(a.text == "call" for a in h.legal_actions()) else "check")
    assert "raise 30" not in [a.text for a in h.legal_actions()]  # not listed, but legal
    picked, text = ask(h, "30\n")
    assert picked.kind == "raise" and picked.amount == 30 and "not accepted" not in text
    picked, text = ask(h, "5\n#0\n")  # under the minimum: refused with the game's reason
    assert picked == h.legal_actions()[0] and "not accepted" in text
    # a number as written stays game notation: Dou Dizhu's single 3, Preference's bid 1
    d = _ddz_queen_lead()
    assert ask(d, "3\n")[0].text == "3"
    p = cardcore.new_game("preference", seed=1, dealer=2)
    assert ask(p, "1\n")[0].text == "1"


def test_a_bare_number_that_fits_no_move_says_the_range_or_the_moves_it_starts():
    h = cardcore.new_game("holdem", seed=1)
    assert h.min_raise_to == 40 and h.max_raise_to == 1000
    picked, text = ask(h, "25\n#1\n")
    assert picked == h.legal_actions()[1] and "not a betting action" not in text
    assert ("not accepted: '25' as raise 25: below the minimum raise to 40; a raise is to "
            "40..1000 (raise N, or just N); or fold, call, all-in") in " ".join(text.split())
    b = cardcore.new_game("bridge", seed=1)
    picked, text = ask(b, "2\n2H\n")
    assert picked.text == "2H"
    assert ("not accepted: '2' is not a legal move by itself; the legal moves it starts: 2C, "
            "2D, 2H, 2S, 2NT; type the one you mean") in " ".join(text.split())
    b.apply("3C")  # no 2-level bid is left: the game's own answer, with what is legal
    picked, text = ask(b, "2\n#0\n")
    assert "not legal" in text and "3D" in text and "moves it starts" not in text


class _TwoReadings:
    """A game where ``7`` is a play of its own and ``bid 7`` is legal too."""

    def __init__(self):
        self.history = []
        self.legal = [cardcore.Action("play", "7"), cardcore.Action("bid", "bid 7", amount=7)]

    def clone(self):
        return self

    def apply(self, text):
        for a in self.legal:
            if a.text == text:
                self.history = [type("Step", (), {"action": a})()]
                return
        raise cardcore.IllegalAction(f"action {text!r}: not legal")


def test_a_number_that_fits_two_moves_lists_both_and_asks_again():
    g = _TwoReadings()
    out = io.StringIO()
    assert cli.read_text(g, g.legal, "7", out) is None
    assert "'7' fits more than one move: '7' or 'bid 7'" in out.getvalue()
    assert cli.read_text(g, g.legal, "bid 7", io.StringIO()).text == "bid 7"


# ---------------------------------------------------------------- item 5: rules for people

@pytest.mark.parametrize("game", cardcore.available_games())
def test_rules_are_the_shipped_page_as_plain_text(game, capsys):
    assert cli.main(["rules", game]) == 0
    text = capsys.readouterr().out
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text()
    assert rules.page(game) == page  # one copy of the text: the docs page
    title = page.splitlines()[0].lstrip("# ")
    assert text.startswith(title.upper() + "\n" + "=" * len(title) + "\n")
    for heading in re.findall(r"^## (.+)$", page, re.M):
        assert f"\n{heading}\n{'-' * len(heading)}\n" in text, heading
    assert text.count("DECISION:") == page.count("**Decision:**")
    for internal in ("``", ":class:", "_fast", "source repository", "docs/rules", "**", "`"):
        assert internal not in text, internal
    assert max(map(len, text.splitlines())) <= 80


def test_rules_pages_are_shipped_with_the_package(tmp_path, monkeypatch):
    """An installed package reads its own copy (``cardcore/rules/<game>.md``, copied in by the
    build: setup.py's build_py; test_packaging checks that the sdist holds docs/)."""
    (tmp_path / "onepoker.md").write_text("# One Poker\n\nShipped **Decision:** text.\n")
    monkeypatch.setattr(rules, "_folders", lambda: [tmp_path])
    assert rules.text("onepoker", 80) == "ONE POKER\n=========\n\nShipped DECISION: text."
    with pytest.raises(cardcore.CardcoreError, match="no rules page"):
        rules.page("bridge")


def test_rules_text_wraps_lists_and_tables():
    md = ("# T\n\nintro line one\nline two\n\n## Part\n\n- a long item " + "word " * 30
          + "\n  continued\n  - nested\n\n| a | b |\n|---|---|\n| 1 | `x` |\n")
    text = rules.to_text(md, 40)
    assert max(map(len, text.splitlines())) <= 40
    assert "intro line one line two" in text and "  - nested" in text
    assert "continued" in text and "  a  b\n  -  -\n  1  x" in text


# ---------------------------------------------------------------- item 6: why it ended

WHY = {
    "doudizhu": ("went out first", "stake: bid"),
    "zhengshangyou": ("went out first", " pays "),
    "guandan": ("took place", "wins the deal"),
    "tractor": ("attackers", "win the deal"),
    "holdem": ("final stacks", "result: "),
    "onepoker": ("final chips", "over: one deal played"),
    "bridge": ("Score: NS",),
    "schnapsen": ("card points seat 0", "wins the deal"),
    "preference": ("of the 6 needed", "over: all 1 deal played"),
}


@pytest.mark.parametrize("game", cardcore.available_games())
def test_every_end_screen_says_why_the_deal_ended(game):
    for seed in (1, 2):
        opts = {"deals": 1} if game == "preference" else (
            {"single_deal": True} if "single_deal" in cardcore.get_game(game).options else {})
        state, text = auto_text(game, seed, **opts)
        assert state.is_over
        end = text.rsplit("\n\n", 1)[1]
        for words in WHY[game]:
            if game == "preference" and state.past[-1]["void"] and words.startswith("of the"):
                words = "all passed"
            if game == "bridge" and state.passed_out:
                words = "Passed out"
            assert words in end, f"{game} seed {seed}: {words!r} not in\n{end}"


def test_holdem_says_how_a_hand_was_decided():
    from cardcore.holdem.render import why

    base = {"won": [0, 300, 0, 0], "showdown": False}
    assert why(base) == "seat 1 takes the pot: the others folded"
    shown = dict(base, showdown=True, values={"1": 4994, "2": 1937})
    assert why(shown) == "showdown: seat 1 wins 300 with two pair"


def _failed_close():
    """A real deal where seat 0 closes at once and then fails."""
    for seed in range(200):
        s = cardcore.new_game("schnapsen", seed=seed, single_deal=True)
        while not s.is_over:
            texts = [a.text for a in s.legal_actions()]
            s.apply("close" if "close" in texts and s.current_player == 0 else texts[-1])
        d = s.past[-1]
        if d["closer"] == 0 and d["winner"] == 1:
            return s
    raise AssertionError("no failed close found")


def test_schnapsen_names_a_failed_close_and_the_card_points():
    s = _failed_close()
    d = s.past[-1]
    text = s.render(0)
    assert "seat 0 closed the stock and failed" in text and "(last trick)" not in text
    assert f"card points seat 0 {d['points'][0]}, seat 1 {d['points'][1]}" in text
    from cardcore.schnapsen.render import why

    rec = {"winner": 1, "game_points": 3, "reason": "last trick", "points": [51, 30],
           "closer": 0}
    assert why(rec) == ("seat 0 closed the stock and failed, reached 51 of 66; card points "
                        "seat 0 51, seat 1 30 (3: seat 1 had no trick when the stock was "
                        "closed)")
    rec = {"winner": 1, "game_points": 1, "reason": "last trick", "points": [40, 50],
           "closer": None}
    assert why(rec).startswith("nobody reached 66, seat 1 took the last trick: 1 point")
    rec = {"winner": 0, "game_points": 2, "reason": "66", "points": [70, 20], "closer": 0}
    assert why(rec).startswith("seat 0 closed the stock and reached 66, at the close the loser")


def test_one_poker_end_screen_shows_final_chips_not_stale_counts():
    state, text = auto_text("onepoker", 4)  # a whole match
    end = text.rsplit("\n\n", 1)[1]
    assert "UP" not in end.split("final scores")[0] and "final chips" in end
    loser = min((0, 1), key=lambda s: state.chips[s])
    assert f"over: seat {loser} has no chips left; seat {1 - loser} wins the match" in end


# ---------------------------------------------------------------- item 9: help texts

def test_help_texts_and_readme(capsys):
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    text = capsys.readouterr().out
    assert "95% confidence" in text and "%%" not in text
    with pytest.raises(SystemExit):
        cli.main(["bench", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name in cli.bench_modules():
        assert name in text, name
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Command line")[1].split("\n## ")[0]
    for command in ("cardcore play", "cardcore rules", "cardcore simulate", "cardcore dd",
                    "cardcore games", "cardcore bench", "quit", "C compiler", "bid 2"):
        assert command in section, command
    assert readme.splitlines()[2] == "Play: `pip install . && cardcore play onepoker`"
    assert readme.splitlines()[3] == 'Test: `pip install ".[test]" && pytest -n auto`'


def test_readme_install_text_says_what_works_today_document():
    """A document check: the README promises no wheel on a package index (cardcore is on
    none), says how to install from source or a wheel built locally, and how long the two
    commands at its top take."""
    readme = (ROOT / "README.md").read_text()
    top = readme.split("\n## ")[0]
    assert "minutes" in top and "2-core machine" in top and "-m slow" in top
    install = readme.split("## Installing and building")[1].split("\n## ")[0]
    assert "not on a package index" in install and "pip wheel --no-deps -w dist ." in install
    assert "takes a prebuilt wheel" not in readme


# ---------------------------------------------------------------- item 12: small things

def test_one_card_and_the_landlord_wins():
    s = cardcore.new_game("tractor", seed=1, single_deal=True)
    while len(s.hands[0]) != 1:         # (the state is a view of its deal: play down to it)
        s.apply_id(s.legal_ids()[0])
    assert "(seat 0, 1 card):" in s.render(0)
    state, text = auto_text("doudizhu", 1)
    assert "the landlord win\n" not in text and "the landlord win:" not in text
    assert ("the landlord wins" in text) or ("the farmers win" in text)


@pytest.mark.parametrize("game", ["holdem", "onepoker", "preference", "schnapsen", "bridge",
                                  "guandan", "tractor"])
def test_auto_never_calls_seat_0_you(game):
    opts = {"deals": 1} if game == "preference" else {"single_deal": True}
    if game == "bridge":
        opts = {}
    _, text = auto_text(game, 2, **opts)
    assert "(you)" not in text and "you " not in text.replace("you are", "")
    assert not re.search(r"\byour?\b", text), re.search(r".*\byour?\b.*", text).group(0)
    _, text = human_text(game, 2, [], **opts)
    assert re.search(r"\byou\b|\bYour\b", text)


def test_guandan_lists_jokers_as_the_hand_writes_them():
    for seed in range(40):
        s = cardcore.new_game("guandan", seed=seed)
        seat = s.current_player
        texts = [a.text for a in s.legal_actions()]
        if "B" in texts and "BB" in texts:
            break
    else:
        raise AssertionError("no hand with two black jokers")
    labels = [cli.action_label(s, t) for t in texts]
    assert "BJ" in labels and "BJ BJ" in labels and "B" not in labels
    shown = cli.format_actions(s.legal_actions(), labels=labels)
    assert re.search(r"#\d+ BJ BJ\b", shown) and not re.search(r"#\d+ B\b", shown)
    assert "BJ" in s.render(seat)
    out = io.StringIO()
    assert cli.read_text(s, s.legal_actions(), "BJ BJ", out).text == "BB"  # typed as shown
    assert cli.read_text(s, s.legal_actions(), "BJ", out).text == "B"


def test_preference_lists_cards_in_the_order_of_the_hand():
    from cardcore.preference.render import hand_text
    from cardcore.preference.state import sort_hand

    s = cardcore.new_game("preference", seed=1, deals=1)
    while s.phase != "play":
        s.apply(s.legal_actions()[0])
    while len(s.legal_actions()) < 4:
        s.apply(s.legal_actions()[0])
    shown = cli.shown_order(s, s.legal_actions())
    cards = [int(a.cards[0]) for a in shown]
    assert cards == [c for c in sort_hand(s.hands[s.current_player]) if c in cards]
    assert sorted(map(str, shown)) == sorted(map(str, s.legal_actions()))
    assert " ".join(a.text for a in shown) in " ".join(hand_text(
        [int(a.cards[0]) for a in shown]).split())
    # #N picks the N-th card shown
    assert ask(s, "#0\n", shown)[0] == shown[0]


def test_bridge_dealer_option_names_both_forms():
    with pytest.raises(cardcore.OptionError, match=r"N, E, S, W .*seat 0\.\.3"):
        cardcore.new_game("bridge", dealer="X")
    assert cardcore.new_game("bridge", dealer=2).dealer == 2
    assert cardcore.new_game("bridge", dealer="N").dealer == 2
    readme = (ROOT / "docs" / "rules" / "README.md").read_text()
    assert "always has South as dealer" not in readme and "`dealer=`" in readme


def test_the_tractor_kitty_is_buried_with_one_input():
    opts = {"first": 0, "single_deal": True}
    state, _ = human_text("tractor", 0, ["pass", "quit", "y"], **opts)
    assert state.phase == "bury" and state.current_player == 0  # four passes: seat 0 deals
    eight = " ".join(str(cardcore.Card(c)) for c in state.hands[0][:8])
    state, text = human_text("tractor", 0, ["pass", f"bury {eight}", "quit", "y"], **opts)
    assert state.phase == "play"
    assert sorted(state.buried) == sorted(int(c) for c in cardcore.cards.parse(eight))
    assert text.count("your move (") == 3  # pass, bury, then quit
    assert state.history[-1].action.kind == "bury" and len(state.history[-1].action.cards) == 8
    assert "to bury 8 more cards (one at a time, or several at once" in " ".join(text.split())
    assert "not accepted" not in text


def test_a_long_list_leaves_the_hand_and_the_prompt_on_a_24_line_screen(monkeypatch):
    """Dou Dizhu's landlord may lead 240 plays: on a 24x80 terminal the list is grouped by
    kind and cut short so that the board (the hand) and the prompt stay on screen; '?' lists
    every play, and #N is the same number in both."""
    monkeypatch.setenv("LINES", "24")
    monkeypatch.setenv("COLUMNS", "80")
    state, text = human_text("doudizhu", 52, ["bid 3", "?", "#239"], first=0)
    first = text.split("you: bid 3\n", 1)[1]
    screen_lines = first[:first.index("your move (")].strip("\n").split("\n")
    assert len(screen_lines) + 1 <= 24, "\n".join(screen_lines)  # + the prompt's line
    assert screen_lines[0].startswith("Dou Dizhu") and "(landlord) [20]: 4d 5c" in first
    assert "legal: 240 moves by kind ('?' lists them all, #N picks any)" in screen_lines
    assert "  pair: #11 55  #12 TT  #13 QQ  #14 KK  #15 AA" in screen_lines
    assert any(line.startswith("  airplane singles (148): #86 QQQKKK45")
               for line in screen_lines)
    assert "... 141 more, #93-#233" in first
    assert "#239 KKKAAATTQQ" in first and "#150 QQQKKKAAA558" not in first[:first.index("?")]
    after_help = first[first.index("your move ("):]
    assert "#150 QQQKKKAAA558" in after_help  # '?' lists all of them
    assert state.history[1].action.text == "KKKAAATTQQ"
    # a list that fits is printed whole, as before
    short = cli.list_text(state.legal_actions()[:3], ["a", "b", "c"], room=5, width=80)
    assert short == "legal: #0 a  #1 b  #2 c"
