"""Is the AI the same after a change? Play the same AI games on two builds and compare.

Run once per build (each its own checkout on ``PYTHONPATH``), then compare:

    python bench/bench_ai_same.py play before.json [--games N] [--strength S] [--only GAME]
    python bench/bench_ai_same.py play after.json  ...
    python bench/bench_ai_same.py compare before.json after.json

``play`` plays ``N`` whole games of every game (one deal where the game has ``single_deal``),
the built-in AI (``ai`` at strength ``S``, ``normal`` by default) in every seat, seeds
``0 .. N - 1``, and writes each game's actions (``to_json``), its scores and the CPU time of
each AI move. ``compare`` says, game by game, whether the two builds played the same games move
for move (the AI is deterministic for a seed: the same moves in every position of ``N`` games
mean the same strength, which no sample of duplicate deals can show as sharply), where the
first one differs if not, and the AI's CPU time a move on each build (median and mean).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

GAMES = ("doudizhu", "zhengshangyou", "guandan", "tractor", "holdem", "onepoker", "bridge",
         "schnapsen", "preference")


def play(path: str, games: int, strength: str, only: list[str] | None) -> None:
    import cardcore
    from cardcore import agents

    out: dict = {"strength": strength, "games": games, "results": {}}
    for game in only or GAMES:
        opts = {"single_deal": True} if "single_deal" in cardcore.get_game(game).options else {}
        rows = []
        for seed in range(games):
            s = cardcore.new_game(game, seed=seed, **opts)
            seats = [agents.get("ai", game, seed=seed * 10 + k, strength=strength)
                     for k in range(s.num_players)]
            times = []
            while s.current_player is not None:
                t0 = time.process_time()
                a = seats[s.current_player].act(s)
                times.append(time.process_time() - t0)
                s.apply(a)
            rows.append({"seed": seed, "json": s.to_json(), "scores": list(s.scores()),
                         "move_seconds": times})
        out["results"][game] = rows
        print(f"{game}: {games} games, {sum(len(r['move_seconds']) for r in rows)} AI moves",
              file=sys.stderr)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f)


def compare(a_path: str, b_path: str) -> int:
    with open(a_path, encoding="utf-8") as f:
        a = json.load(f)
    with open(b_path, encoding="utf-8") as f:
        b = json.load(f)
    print(f"AI ({a['strength']}) self-play, {a['games']} games a game, seeds 0..; "
          f"{a_path} against {b_path}")
    print(f"{'game':14s} {'same games':>11s} {'moves':>7s} {'ms/move before':>15s} "
          f"{'ms/move after':>14s}  first difference")
    same_all = True
    for game, rows in a["results"].items():
        other = b["results"].get(game)
        if other is None:
            print(f"{game:14s} missing in {b_path}")
            same_all = False
            continue
        same = sum(x["json"] == y["json"] for x, y in zip(rows, other))
        first = next((x["seed"] for x, y in zip(rows, other) if x["json"] != y["json"]), None)
        ta = [t for r in rows for t in r["move_seconds"]]
        tb = [t for r in other for t in r["move_seconds"]]
        moves = len(ta)

        def fmt(ts: list[float]) -> str:
            return (f"{1e3 * statistics.median(ts):6.2f}/{1e3 * statistics.fmean(ts):6.2f}"
                    if ts else "-")

        note = "" if first is None else f"seed {first}"
        print(f"{game:14s} {same:5d} of {len(rows):<3d} {moves:7d} {fmt(ta):>15s} "
              f"{fmt(tb):>14s}  {note}")
        same_all &= same == len(rows)
    print("(ms/move: median/mean CPU time of one AI move)")
    return 0 if same_all else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play the AI games and write them to a file")
    p.add_argument("out")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--strength", default="normal", choices=("easy", "normal", "strong"))
    p.add_argument("--only", choices=GAMES, action="append")
    c = sub.add_parser("compare", help="compare two files written by play")
    c.add_argument("before")
    c.add_argument("after")
    args = ap.parse_args(argv)
    if args.cmd == "play":
        if args.games < 1:
            ap.error("--games must be at least 1")
        play(args.out, args.games, args.strength, args.only)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
