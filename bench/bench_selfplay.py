"""Random self-play speed: cardcore against OpenSpiel, RLCard, pokerkit and the VU engine.

Run: ``python bench/bench_selfplay.py [--games N] [--rounds R] [--only GAME] [--json FILE]``.
Every contender plays whole games with a uniformly random choice among its own legal actions,
in one process, round-robin: each round runs ``N`` games of every contender of a game in turn,
and the reported rate is the median over ``R`` rounds (CPU time of this process, so that
other jobs on the machine disturb it less). The last column is cardcore's rate divided by the
contender's (above 1: cardcore is faster). A contender whose library is not installed is
listed as "not installed"; one that fails is listed with its error; neither stops the run.

Each game of each contender includes the deal (a fresh seed per game: the first game of a
round uses seed ``base``, the next ``base + 1``, ...; the random choices come from one
``random.Random(base)`` per batch) and reading the final returns or scores. Nothing else (no
observation, no rendering) is in the loops. The contenders, per game:

Dou Dizhu
  - cardcore: ``new_game("doudizhu", seed=k)``, then ``legal_ids()`` / ``apply_id(i)`` until
    ``current_player`` is None, then ``scores()``. The game includes the auction (bids 1-3,
    a redeal when all pass) and the play; the ids cover every distinct play.
  - OpenSpiel ``dou_dizhu``: ``new_initial_state()``; chance nodes (the deal and the card
    that decides who bids first) sampled in the loop with ``chance_outcomes()``; decisions
    from ``legal_actions()``; ``returns()`` at the end. Its game also has an auction.
  - RLCard: the game class ``DoudizhuGame`` itself (not its environment, which would add
    the observation encoding to every step): ``init_game()`` deals and picks the landlord
    at random (no auction), each step picks from the state's ``actions`` list, and
    ``judge_payoffs`` reads the result.

Bridge
  - cardcore: ``new_game("bridge", seed=k)``: the deal, the auction and, unless passed out,
    the play of the 52 cards; ``scores()``. Ids: 38 calls and 52 cards.
  - OpenSpiel ``bridge`` with ``use_double_dummy_result=false`` (the cards are played, not
    solved): the deal as chance nodes, auction and play, ``returns()``.

Hold'em (4 seats, 1000 chips each, blinds 10/20, one hand)
  - cardcore: ``new_game("holdem", seed=k, single_deal=True)``. The menu (ids, see
    ``docs/actions/holdem.md``) is fold (when something is owed), check or call, raise to
    the minimum, to half the pot, to the pot (each when legal, below all-in and distinct
    from the sizes before it) and all-in: up to 6 choices.
  - OpenSpiel ``universal_poker`` (numPlayers 4, betting nolimit, stack "1000 1000 1000
    1000", blind "10 20 0 0", firstPlayer "3 1 1 1", numRounds 4, numSuits 4, numRanks 13,
    numHoleCards 2, numBoardCards "0 3 1 1", bettingAbstraction fcpa): every hole and board
    card is a chance node sampled in the loop; the fcpa menu is fold, check/call, pot-sized
    raise and all-in only (no minimum or half-pot raise), so its random hands differ in
    length and in how often they reach showdown.
  - RLCard: the game class ``NolimitholdemGame`` (4 players, ``chips_for_each`` 1000, blinds
    set to 10/20) stepped with its Action enums: fold, check/call, raise half pot, raise pot,
    all-in (those legal at the moment), ``get_payoffs()`` at the end.
  - pokerkit ``NoLimitTexasHoldem`` (stacks 1000, blinds 10/20, min bet 20) with every dealing,
    collecting and pushing step automated: the deck is shuffled by its own ``random.shuffle``
    (the global generator is seeded with k before each hand). Its menu is built like
    cardcore's: fold (when it can), check/call, complete/raise to the minimum, half the pot,
    the pot (each when legal, below all-in and distinct) and all-in; ``payoffs`` at the end.

Schnapsen (one deal)
  - cardcore: ``new_game("schnapsen", seed=k, single_deal=True)``: one deal to 66 (game
    points 1-3), including closing the talon, trump exchanges and marriages in the menu.
  - VU ``schnapsen`` engine (``SchnapsenGamePlayEngine``): ``play_game`` with two of its
    ``RandBot`` players drawing from one generator and the deck shuffled with
    ``random.Random(k)``. The engine asks each bot for a move from ``valid_moves()`` (cards,
    trump exchange, marriages; it has no closing of the talon) and validates it; the game
    ends at 66 and returns the winner and its game points.

cardcore's counts of decisions per game are printed next to the rates: the menus and what a
step is differ between the libraries (OpenSpiel's chance nodes are not counted as decisions).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: ``play(n, base) -> (final returns of each game, decisions made)``: n games, seeds base..
Play = Callable[[int, int], tuple[list[tuple], int]]

GAMES = ("doudizhu", "bridge", "holdem", "schnapsen")
TITLES = {"doudizhu": "Dou Dizhu", "bridge": "Bridge",
          "holdem": "Hold'em (4 seats, 1000 chips, blinds 10/20, one hand)",
          "schnapsen": "Schnapsen (one deal)"}

HOLDEM_SEATS = 4
HOLDEM_STACK = 1000
HOLDEM_BLINDS = (10, 20)
UNIVERSAL_POKER = {"numPlayers": 4, "betting": "nolimit", "stack": "1000 1000 1000 1000",
                   "blind": "10 20 0 0", "firstPlayer": "3 1 1 1", "numRounds": 4,
                   "numSuits": 4, "numRanks": 13, "numHoleCards": 2,
                   "numBoardCards": "0 3 1 1", "bettingAbstraction": "fcpa"}


class NotInstalled(Exception):
    """The contender's library cannot be imported."""


def _need(module: str):
    """Import ``module`` or raise ``NotInstalled`` (any import failure counts)."""
    import importlib

    try:
        return importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - a broken install is "not installed" too
        raise NotInstalled(f"{module}: {exc}") from None


# ---------------------------------------------------------------- cardcore

def cardcore_play(game: str) -> Play:
    """Random self-play of a cardcore game through ``legal_ids`` / ``apply_id``."""
    from cardcore import get_game, new_game

    opts: dict[str, Any] = ({"single_deal": True} if "single_deal" in get_game(game).options
                            else {})

    def play(n: int, base: int) -> tuple[list[tuple], int]:
        randrange = random.Random(base).randrange
        out = []
        steps = 0
        for k in range(base, base + n):
            s = new_game(game, seed=k, **opts)
            while s.current_player is not None:
                ids = s.legal_ids()
                s.apply_id(ids[randrange(len(ids))])
                steps += 1
            out.append(tuple(s.scores()))
        return out, steps

    return play


# ---------------------------------------------------------------- OpenSpiel

def openspiel_play(name: str, params: dict | None = None) -> Callable[[], Play]:
    def make() -> Play:
        pyspiel = _need("pyspiel")
        game = pyspiel.load_game(name, params or {})

        def play(n: int, base: int) -> tuple[list[tuple], int]:
            randrange = random.Random(base).randrange
            out = []
            steps = 0
            for _ in range(n):
                s = game.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        outs = s.chance_outcomes()
                        s.apply_action(outs[randrange(len(outs))][0])
                    else:
                        la = s.legal_actions()
                        s.apply_action(la[randrange(len(la))])
                        steps += 1
                out.append(tuple(s.returns()))
            return out, steps

        return play

    return make


# ---------------------------------------------------------------- RLCard

def rlcard_doudizhu() -> Play:
    _need("rlcard")
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()

    def play(n: int, base: int) -> tuple[list[tuple], int]:
        randrange = random.Random(base).randrange
        out = []
        steps = 0
        for k in range(base, base + n):
            game.np_random.seed(k)
            state, _ = game.init_game()
            while not game.is_over():
                acts = state["actions"]
                state, _ = game.step(acts[randrange(len(acts))])
                steps += 1
            out.append(tuple(int(x) for x in
                             game.judger.judge_payoffs(game.round.landlord_id, game.winner_id)))
        return out, steps

    return play


def rlcard_holdem() -> Play:
    _need("rlcard")
    from rlcard.games.nolimitholdem.game import NolimitholdemGame

    game = NolimitholdemGame(num_players=HOLDEM_SEATS)
    game.configure({"game_num_players": HOLDEM_SEATS, "chips_for_each": HOLDEM_STACK,
                    "dealer_id": None})
    game.small_blind, game.big_blind = HOLDEM_BLINDS

    def play(n: int, base: int) -> tuple[list[tuple], int]:
        randrange = random.Random(base).randrange
        out = []
        steps = 0
        for k in range(base, base + n):
            game.np_random.seed(k)
            game.dealer_id = None  # drawn again from the seeded generator
            state, _ = game.init_game()
            while not game.is_over():
                acts = state["legal_actions"]
                state, _ = game.step(acts[randrange(len(acts))])
                steps += 1
            out.append(tuple(int(x) for x in game.get_payoffs()))
        return out, steps

    return play


# ---------------------------------------------------------------- pokerkit

def pokerkit_holdem() -> Play:
    pk = _need("pokerkit")
    A = pk.Automation
    automations = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING,
                   A.CARD_BURNING, A.HOLE_DEALING, A.BOARD_DEALING,
                   A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING,
                   A.CHIPS_PULLING)
    create = pk.NoLimitTexasHoldem.create_state
    stacks = (HOLDEM_STACK,) * HOLDEM_SEATS
    seed_global = random.seed

    def play(n: int, base: int) -> tuple[list[tuple], int]:
        randrange = random.Random(base).randrange
        out = []
        steps = 0
        for k in range(base, base + n):
            seed_global(k)  # pokerkit shuffles its deck with the global generator
            st = create(automations, True, 0, HOLDEM_BLINDS, HOLDEM_BLINDS[1], stacks,
                        HOLDEM_SEATS)
            while st.status:
                menu: list[int] = []  # -2 fold, -1 check/call, else a raise-to amount
                if st.can_fold():
                    menu.append(-2)
                if st.can_check_or_call():
                    menu.append(-1)
                if st.can_complete_bet_or_raise_to():
                    lo = st.min_completion_betting_or_raising_to_amount
                    hi = st.max_completion_betting_or_raising_to_amount
                    pot_to = st.pot_completion_betting_or_raising_to_amount
                    half_to = (pot_to + max(st.bets)) // 2
                    for amount in (lo, half_to, pot_to):
                        if lo <= amount < hi and amount not in menu:
                            menu.append(amount)
                    menu.append(hi)
                a = menu[randrange(len(menu))]
                if a == -2:
                    st.fold()
                elif a == -1:
                    st.check_or_call()
                else:
                    st.complete_bet_or_raise_to(a)
                steps += 1
            out.append(tuple(st.payoffs))
        return out, steps

    return play


# ---------------------------------------------------------------- VU schnapsen

def vu_schnapsen() -> Play:
    _need("schnapsen")
    from schnapsen.bots import RandBot
    from schnapsen.game import SchnapsenGamePlayEngine

    engine = SchnapsenGamePlayEngine()

    def play(n: int, base: int) -> tuple[list[tuple], int]:
        rng = random.Random(base)
        bots = [RandBot(rng, "bot0"), RandBot(rng, "bot1")]
        out = []
        steps = 0
        for k in range(base, base + n):
            winner, points, score = engine.play_game(bots[0], bots[1], random.Random(k))
            w = 0 if winner is bots[0] else 1
            res = [-points, -points]
            res[w] = points
            out.append(tuple(res))
        return out, steps  # the engine asks the bots itself: decisions are not counted

    return play


# ---------------------------------------------------------------- contenders and runs

@dataclass
class Contender:
    game: str
    name: str
    make: Callable[[], Play]
    play: Play | None = None
    status: str = "ok"
    rates: list[float] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)


def contenders(game: str) -> list[Contender]:
    """cardcore first, then the other libraries for ``game``."""
    ours = Contender(game, "cardcore (legal_ids/apply_id)", lambda: cardcore_play(game))
    others: dict[str, list[tuple[str, Callable[[], Play]]]] = {
        "doudizhu": [("OpenSpiel dou_dizhu", openspiel_play("dou_dizhu")),
                     ("RLCard DoudizhuGame", rlcard_doudizhu)],
        "bridge": [("OpenSpiel bridge", openspiel_play(
            "bridge", {"use_double_dummy_result": False}))],
        "holdem": [("OpenSpiel universal_poker fcpa",
                    openspiel_play("universal_poker", UNIVERSAL_POKER)),
                   ("RLCard NolimitholdemGame", rlcard_holdem),
                   ("pokerkit NoLimitTexasHoldem", pokerkit_holdem)],
        "schnapsen": [("VU schnapsen engine", vu_schnapsen)],
    }
    return [ours] + [Contender(game, name, make) for name, make in others[game]]


def _prepare(c: Contender, seed: int) -> None:
    """Build the contender and play two untimed games (imports, first-call costs)."""
    try:
        c.play = c.make()
        c.play(2, seed)
    except NotInstalled as exc:
        c.play, c.status = None, f"not installed ({exc})"
    except Exception as exc:  # noqa: BLE001 - a broken peer is reported, not fatal
        c.play, c.status = None, f"failed: {type(exc).__name__}: {exc}"


def _timed(c: Contender, games: int, base: int) -> None:
    assert c.play is not None
    try:
        t0 = time.process_time()
        results, steps = c.play(games, base)
        dt = time.process_time() - t0
    except Exception as exc:  # noqa: BLE001
        c.play, c.status = None, f"failed: {type(exc).__name__}: {exc}"
        return
    if len(results) != games:
        c.play, c.status = None, f"failed: {len(results)} results for {games} games"
        return
    c.rates.append(games / max(dt, 1e-9))
    c.decisions.append(steps / games)


def run(games: int = 200, rounds: int = 5, only: list[str] | None = None, seed: int = 1,
        out=sys.stdout) -> dict:
    """Run the comparison; print the tables to ``out`` and return them as a dict."""
    names = list(only) if only else list(GAMES)
    table = {g: contenders(g) for g in names}
    for cs in table.values():
        for c in cs:
            _prepare(c, seed)
    for r in range(rounds):
        base = seed + 1_000_003 * (r + 1)
        for g in names:
            for c in table[g]:
                if c.play is not None:
                    _timed(c, games, base)
    report: dict = {"games_per_round": games, "rounds": rounds, "timer": "process_time",
                    "results": {}}
    print(f"random self-play: games/s, median of {rounds} rounds of {games} games per "
          "contender (CPU time, interleaved); ratio = cardcore's rate / the contender's",
          file=out)
    for g in names:
        cs = table[g]
        ours = statistics.median(cs[0].rates) if cs[0].rates else None
        print(f"\n{TITLES[g]}", file=out)
        print(f"  {'contender':34s} {'games/s':>10s} {'decisions/game':>15s} {'ratio':>8s}",
              file=out)
        rows = []
        for c in cs:
            row: dict = {"contender": c.name, "status": c.status}
            if c.status == "ok" and c.rates:
                rate = statistics.median(c.rates)
                dec = statistics.median(c.decisions)
                ratio = ours / rate if ours else None
                row.update(games_per_s=rate, rates=c.rates,
                           decisions_per_game=dec if dec else None, cardcore_over_peer=ratio)
                dtxt = f"{dec:15.1f}" if dec else f"{'-':>15s}"
                rtxt = f"{ratio:7.2f}x" if ratio else f"{'-':>8s}"
                print(f"  {c.name:34s} {rate:10,.0f} {dtxt} {rtxt}", file=out)
            else:
                print(f"  {c.name:34s} {c.status}", file=out)
            rows.append(row)
        report["results"][g] = rows
    return report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per contender per round")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (the median is reported)")
    ap.add_argument("--only", choices=GAMES, action="append",
                    help="run only this game (repeatable)")
    ap.add_argument("--seed", type=int, default=1, help="base seed")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    report = run(args.games, args.rounds, args.only, args.seed)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
