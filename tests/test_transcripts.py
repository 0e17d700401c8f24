"""What the terminal shows: only what the viewer may see, and the same transcript for a seed.

The hidden-card tests need no per-game knowledge. A seat may see a card when it appears in
that seat's observation at any time so far (its hand, the table, the tricks, a shown dummy, a
showdown, a revealed kitty, a past deal's record...): ``seen_cards`` collects the card ids of an
observation from the keys that hold cards, and the card names in its strings. Every card
printed to a seat (``printed_cards``: card tokens such as ``Kh``/``10h``/``K♥`` and a Bridge
hand's suit lines such as ``S: A K 4``) must be one of those. A card only in another seat's
hidden hand, the stock, the talon, the kitty, or a locked card not yet shown never appears in an
observation, so printing it fails the test. (In two-deck games a card id the seat has seen once
counts as seen: the check cannot tell the two copies apart.)
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time

import pytest

import cardcore
from cardcore import cli, rules  # noqa: F401  (cardcore.rules: the rules pages)
from cardcore.cards import RANKS

GAMES = cardcore.available_games()

#: observation keys whose ints are card ids (lists and nested lists under them included;
#: a dict keyed by seat numbers, e.g. a showdown's ``{"0": [...]}``, inherits its key)
CARD_KEYS = frozenset({
    "hand", "hole", "board", "cards", "card", "returned", "bottom", "kitty", "buried",
    "revealed_kitty", "played", "discards", "locked", "dummy_hand", "trump_card", "known",
    "opponent_known", "shown", "trick", "plays", "wild", "last_trick", "picking",
})

_TOKEN = re.compile(r"(10|[2-9TJQKA])([cdhs\u2663\u2666\u2665\u2660])(?![a-z])|(BJ|RJ)(?![A-Za-z])")
_SUIT_OF = {"c": 0, "d": 1, "h": 2, "s": 3, "\u2663": 0, "\u2666": 1, "\u2665": 2, "\u2660": 3,
            "C": 0, "D": 1, "H": 2, "S": 3}
_SUIT_LINE = re.compile(r"^\s*([SHDC\u2660\u2665\u2666\u2663])\s*:\s*((?:(?:10|[2-9TJQKA])\s*)+)$")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _card_id(rank: str, suit: str) -> int:
    return RANKS.index("T" if rank == "10" else rank) * 4 + _SUIT_OF[suit]


def printed_cards(text: str) -> set[int]:
    """The card ids named in ``text``: card tokens, and ranks listed under a suit letter."""
    text = _ANSI.sub("", text)
    out: set[int] = set()
    for line in text.splitlines():
        m = _SUIT_LINE.match(line)
        if m:
            suit = _SUIT_OF[m.group(1)]
            for r in re.findall(r"10|[2-9TJQKA]", m.group(2)):
                out.add(_card_id(r, "cdhs"[suit]))
            continue
        for t in _TOKEN.finditer(line):
            i = t.start()
            before = line[i - 1] if i else " "
            # a token glued to a word is not a card (``Th`` in ``The``), unless it follows
            # another card token (``3h4h5h``) or a bracket (``[2h]``)
            if before.isalnum() and not (i >= 2 and line[i - 1] in "cdhs"
                                         and line[i - 2] in RANKS + "0"):
                continue
            if t.group(2) == "s" and line[:i].endswith("the "):
                continue  # a rank in the plural ("the jokers and the 2s"), not a card
            out.add(52 if t.group(3) == "BJ" else 53 if t.group(3) else
                    _card_id(t.group(1), t.group(2)))
    return out


def seen_cards(obs, key: str | None = None, out: set[int] | None = None) -> set[int]:
    """The card ids an observation shows (see the module docstring)."""
    out = set() if out is None else out
    if isinstance(obs, dict):
        for k, v in obs.items():
            seen_cards(v, key if str(k).isdigit() else k, out)
    elif isinstance(obs, (list, tuple)):
        for v in obs:
            seen_cards(v, key, out)
    elif isinstance(obs, str):
        out |= printed_cards(obs)
    elif isinstance(obs, int) and not isinstance(obs, bool) and key in CARD_KEYS:
        if 0 <= obs <= 53:
            out.add(obs)
    return out


def short_options(game: str) -> dict:
    """One deal where the game has that option (Preference: ``deals=1``)."""
    declared = cardcore.get_game(game).options
    if game == "preference":
        return {"deals": 1}
    return {"single_deal": True} if "single_deal" in declared else {}


class Watched(io.StringIO):
    """The terminal of seat ``viewer``: every write is checked against the cards that seat
    has seen so far (its observation is read at each write, i.e. after every action)."""

    def __init__(self, viewer: int = 0) -> None:
        super().__init__()
        self.viewer = viewer
        self.state = None
        self.seen: set[int] = set()
        self.leaks: list[tuple[str, list[str]]] = []

    def write(self, text: str) -> int:
        if self.state is not None:
            self.seen |= seen_cards(self.state.observation(self.viewer))
        bad = printed_cards(text) - self.seen
        if bad:
            self.leaks.append((text.strip()[:300], sorted(str(cardcore.Card(c)) for c in bad)))
        return super().write(text)


def watched_play(monkeypatch, game: str, seed: int, options: dict,
                 max_actions: int = 400) -> Watched:
    """``cardcore play GAME --auto`` written to seat 0's watched terminal. The AI seats play at
    ``easy``: the screens are the same at every strength, and the easy AI makes a whole match
    cost a fraction of the normal one's thinking."""
    out = Watched(cli.HUMAN)
    real_new_game = cli.new_game

    def new_game(*args, **kwargs):
        out.state = real_new_game(*args, **kwargs)
        return out.state

    monkeypatch.setattr(cli, "new_game", new_game)
    cli.play(game, seed=seed, auto=True, options=options, out=out, max_actions=max_actions,
             strength="easy")
    return out


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game", GAMES)
def test_the_transcript_seat_0_sees_shows_only_what_seat_0_may_see(monkeypatch, game, seed):
    """The whole ``cardcore play GAME --auto`` transcript printed for seat 0: the first board,
    every action line, every separator, the last board and the scores (whole matches, cut
    after 400 actions)."""
    out = watched_play(monkeypatch, game, seed, {})
    assert out.state is not None and len(out.state.log) > 0
    assert not out.leaks, f"{game}: seat 0 was shown hidden cards: {out.leaks[:3]}"


def _views_ok(state, seen: list[set[int]], what: str) -> None:
    n = state.num_players
    public = set.intersection(*seen)
    for viewer in [None, *range(n)]:
        allowed = public if viewer is None else seen[viewer]
        text = state.render(viewer)
        bad = printed_cards(text) - allowed
        assert not bad, (f"{state.game} {what}: render({viewer}) shows hidden "
                         f"{sorted(str(cardcore.Card(c)) for c in bad)}:\n{text}")


@pytest.mark.parametrize("game", GAMES)
def test_every_render_and_action_line_shows_its_viewer_only_what_it_may_see(game):
    """``render(state, p)`` for every seat, ``render(state, None)`` (only what every seat
    sees), and ``state.action_view(seat, action, viewer)`` for every viewer, at every step of
    random games."""
    from cardcore import agents

    for seed in (3, 4):
        state = cardcore.new_game(game, seed=seed)
        n = state.num_players
        bots = [agents.get("random", game, seed=seed * 10 + p) for p in range(n)]
        seen = [seen_cards(state.observation(p)) for p in range(n)]
        _views_ok(state, seen, "at the start")
        for step in range(600):
            seat = state.current_player
            if seat is None:
                break
            action = bots[seat].act(state)
            state.apply(action)
            for p in range(n):
                seen[p] |= seen_cards(state.observation(p))
            view = getattr(state, "action_view", lambda s, a, v: a.text)
            for viewer in [None, *range(n)]:
                allowed = set.intersection(*seen) if viewer is None else seen[viewer]
                text = view(seat, action, viewer)
                bad = printed_cards(text) - allowed
                assert not bad, (f"{game}: seat {seat}'s {action.text!r} is shown to "
                                 f"{viewer} as {text!r}")
            _views_ok(state, seen, f"after {action.text!r} (step {step})")


def test_the_leak_checks_see_the_leaks_they_guard_against():
    # the lock as One Poker used to print it, and Bridge's public view showing South's hand
    assert printed_cards("seat 1 (ai): lock 9c") == {cardcore.cards.card("9c")}
    assert printed_cards("Your hand (South):\n  S: A T\n  H: -\n  D: K 10\n  C: 2") == {
        cardcore.cards.card(x) for x in ("As", "Ts", "Kd", "Td", "2c")}
    assert printed_cards("\x1b[31mK\u2665\x1b[0m Ah[2h]3h4h5h BJ") == {
        cardcore.cards.card(x) for x in ("Kh", "Ah", "2h", "3h", "4h", "5h", "BJ")}
    assert printed_cards("Then Kdx The 12s, trumps with the 2s") == set()
    s = cardcore.new_game("onepoker", seed=1, single_deal=True)
    s.apply(s.legal_actions()[0])
    locked = s.log[-1][3][0]
    assert locked in seen_cards(s.observation(0)) and locked not in seen_cards(s.observation(1))


# ---------------------------------------------------------------- item 3: reproducible

def _transcript(game: str, seed: int) -> str:
    out = io.StringIO()
    cli.play(game, seed=seed, auto=True, options=short_options(game), out=out)
    return out.getvalue()


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_transcript(game, monkeypatch):
    """``cardcore play GAME --auto --seed N`` here, under a clock a thousand times too fast, and
    in a new process on the real clock: the same game, line for line. The default AIs count
    their budgets in work, not time (one that looked at the clock would cut its thinking short
    here and play differently), and nothing depends on the process's hash seed. The same game
    twice in one process, at every strength, is ``test_ai_strength``'s."""
    monkeypatch.setenv("NO_COLOR", "1")  # plain text also when pytest writes to a terminal
    monkeypatch.setenv("COLUMNS", "80")  # the same width here and in the new process
    real = time.perf_counter
    start = real()
    with monkeypatch.context() as fast:
        fast.setattr(time, "perf_counter", lambda: start + 1000.0 * (real() - start))
        a = _transcript(game, 5)
    assert "final scores" in a
    argv = [sys.executable, "-m", "cardcore", "play", game, "--auto", "--seed", "5"]
    for key, value in short_options(game).items():
        argv += ["-o", f"{key}={str(value).lower()}"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "NO_COLOR": "1"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == a


# ---------------------------------------------------------------- 80 columns on every screen

WIDTH = 80


class Typed:
    """What a player types, echoed to the screen as a terminal does (the echo ends the prompt's
    line). ``script(state, legal)`` gives each line, seeing only the list the player sees."""

    def __init__(self, out: io.StringIO, script) -> None:
        self.out, self.script, self.state = out, script, None

    def readline(self, size: int = -1) -> str:
        line = self.script(self.state)
        if line is None:
            return ""
        self.out.write(line + "\n")
        return line + "\n"


def too_wide(text: str, width: int = WIDTH) -> list[str]:
    return [f"{len(x)}: {x}" for x in _ANSI.sub("", text).splitlines() if len(x) > width]


def scripted_player(seed: int, extra: list[str]):
    """A human seat: first ``?``, ``?rules``, a ``quit`` taken back, then ``extra``; then
    each move picked at random from the list the screen shows, typed as ``#N``, as the list
    writes it, or (for a number) bare."""
    import random

    rng = random.Random(seed)
    queue = ["?", "?rules", "quit", "n", *extra]

    def script(state):
        if queue:
            return queue.pop(0)
        legal = cli.shown_order(state, state.legal_actions())
        k = rng.randrange(len(legal))
        label = cli.action_label(state, legal[k].text)
        way = rng.randrange(3)
        if way == 0:
            return f"#{k}"
        if way == 1 and label.split()[-1].isdigit() and label.split()[0] in ("bid", "raise"):
            return label.split()[-1]  # a bare number where it fits one move
        return label

    return script


def play_screen(monkeypatch, game: str, seed: int, auto: bool, options: dict,
                script=None, max_actions: int = 400) -> tuple[str, object]:
    out = io.StringIO()
    typed = Typed(out, script) if script is not None else None
    real_new_game = cli.new_game

    def new_game(*args, **kwargs):
        state = real_new_game(*args, **kwargs)
        if typed is not None:
            typed.state = state
        return state

    monkeypatch.setattr(cli, "new_game", new_game)
    state = cli.play(game, seed=seed, auto=auto, options=options, inp=typed, out=out,
                     max_actions=max_actions, strength="easy")  # the screens, not the play
    return out.getvalue(), state


@pytest.fixture
def eighty(monkeypatch):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.mark.parametrize("game", GAMES)
def test_every_auto_screen_fits_80_columns(eighty, monkeypatch, game):
    """``cardcore play GAME --auto``: single deals for two seeds and a whole match (cut after
    400 actions): the banner, every board, action and separator line, the end screen and the
    final scores."""
    for seed, options in ((1, short_options(game)), (2, short_options(game)), (3, {})):
        text, state = play_screen(monkeypatch, game, seed, True, options)
        assert "final scores" in text or "stopped after" in text
        assert not too_wide(text), f"{game} seed {seed}:\n" + "\n".join(too_wide(text)[:5])


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_a_human_seat_fits_80_columns(eighty, monkeypatch, game):
    """``cardcore play GAME`` with seat 0 typed by a script: ``?`` help, ``?rules``, a quit
    taken back, moves typed three ways, to the end screen; every line as the terminal shows
    it (the typed text echoed after the prompt) fits."""
    for seed in (1, 2):
        script = scripted_player(seed, [])
        text, state = play_screen(monkeypatch, game, seed, False, short_options(game), script)
        assert state.is_over, text[-800:]
        assert "legal: #0 " in text and "RULES" in text.upper() and "final scores" in text
        assert "leave this game unfinished?" in text and "playing on" in text
        assert "not accepted" not in text, text[text.find("not accepted") - 400:][:800]
        assert not too_wide(text), f"{game} seed {seed}:\n" + "\n".join(too_wide(text)[:5])


@pytest.mark.parametrize("game", GAMES)
def test_games_and_rules_commands_fit_80_columns(eighty, capsys, game):
    assert cli.main(["games", game]) == 0
    text = capsys.readouterr().out
    assert ("default" in text or "no options" in text) and not too_wide(text), \
        "\n".join(too_wide(text))
    assert cli.main(["rules", game]) == 0
    text = capsys.readouterr().out
    assert not too_wide(text), "\n".join(too_wide(text))
    assert "`" not in text and "**" not in text and "](" not in text
    assert ("DECISION:" in text) == ("**Decision:**" in cardcore.rules.page(game))


def test_simulate_and_dd_output_fit_80_columns(eighty, capsys, tmp_path):
    assert cli.main(["simulate", "onepoker", "--agents", "ai:strength=easy,random", "--games",
                     "4", "--workers", "1", "--duplicate", "-o", "single_deal=true"]) == 0
    got = capsys.readouterr()
    assert "95% CI" in got.out and "win rate" in got.out
    assert not too_wide(got.out + got.err), "\n".join(too_wide(got.out + got.err))
    assert cli.main(["simulate", "guandan", "--agents", "a.very.long.module.path:AgentName,random",
                     "--games", "1", "--workers", "1"]) == 2
    capsys.readouterr()
    from cardcore.bridge import Deal

    src = tmp_path / "one.pbn"
    src.write_text('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n'
                   f'[Deal "{Deal.random(1004).to_pbn("N")}"]\n')
    assert cli.main(["dd", str(src), "--workers", "1"]) == 0
    got = capsys.readouterr()
    assert "[OptimumResultTable" in got.out and "solved" in got.err
    assert not too_wide(got.out + got.err), "\n".join(too_wide(got.out + got.err))


@pytest.mark.parametrize("command", ["play", "bench", "games", "rules", "simulate", "dd", None])
def test_help_screens_fit_80_columns(eighty, capsys, command):
    with pytest.raises(SystemExit):
        cli.main([command, "--help"] if command else ["--help"])
    text = capsys.readouterr().out
    assert "%%" not in text and not too_wide(text), "\n".join(too_wide(text))


def test_the_width_checks_see_a_wide_line_and_the_screen_width_is_used(monkeypatch):
    assert too_wide("x" * 81) and not too_wide("\x1b[31m" + "x" * 80 + "\x1b[0m")
    monkeypatch.setenv("COLUMNS", "100")
    assert cli._width() == 100
    monkeypatch.setenv("COLUMNS", "60")
    text = cli.format_actions(cardcore.new_game("bridge", seed=1).legal_actions(),
                              first="legal: ")
    assert max(map(len, text.splitlines())) <= 60 and len(text.splitlines()) > 2
    assert all(line.startswith("       #") for line in text.splitlines()[1:])
    monkeypatch.delenv("COLUMNS")
    monkeypatch.setattr(cli.screen.shutil, "get_terminal_size",
                        lambda fallback: __import__("os").terminal_size(fallback))
    assert cli._width() == 80  # not known: 80
