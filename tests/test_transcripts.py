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

import pytest

import cardcore
from cardcore import cli
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
    out = Watched(cli.HUMAN)
    real_new_game = cli.new_game

    def new_game(*args, **kwargs):
        out.state = real_new_game(*args, **kwargs)
        return out.state

    monkeypatch.setattr(cli, "new_game", new_game)
    cli.play(game, seed=seed, auto=True, options=options, out=out, max_actions=max_actions)
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
    """``cardcore play GAME --auto --seed N`` twice: the same game, line for line (the AIs
    count their budgets in work, not time); a new process gives it too."""
    monkeypatch.setenv("NO_COLOR", "1")  # plain text also when pytest writes to a terminal
    a = _transcript(game, 5)
    b = _transcript(game, 5)
    assert a == b
    assert "final scores" in a
    argv = [sys.executable, "-m", "cardcore", "play", game, "--auto", "--seed", "5"]
    for key, value in short_options(game).items():
        argv += ["-o", f"{key}={str(value).lower()}"]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "NO_COLOR": "1"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == a
