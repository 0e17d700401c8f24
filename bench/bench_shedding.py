"""Shedding move generation: cardcore against DouZero's MovesGener and RLCard's judger.

    python bench/bench_shedding.py [--hands 2000] [--seed 1] [--distinct-only]

Anchors (optional, only for this script):
    pip install douzero --no-deps   # imports only douzero.env.move_generator/_detector/_selector
    pip install rlcard              # imports only rlcard.games.doudizhu.judger / .utils

The same random 20-card and 17-card hands go to every library in one run. For each hand we time
(a) the lead: every play from the hand, and (b) the answers to one random table play (a play of
another random 17-card hand from the remaining cards). Each hand is timed over a few repeated
calls after one untimed call on the same input (every library alike: the time of a library
called in a loop, not of its first call after the others ran, which pays for cold caches and
was the method until this version); the table shows medians over hands in microseconds and
the ratios to cardcore.

cardcore is measured four ways: the kernel (``cardcore._fast.shedding.ddz_moves`` on a count
vector, returning an (n, 18) uint8 array of rows); the public API
``cardcore.doudizhu.move_ids(hand)`` (the plays' action ids as an int32 array, from the same
card list DouZero gets its values from); ``cardcore.doudizhu.moves(hand)`` returning ``Move``
objects; and ``moves()`` with each move's ``kind`` and ``cards`` read (the full cost of using
the list). The table ends with the
ratios to DouZero of ``move_ids()`` and of ``moves()`` with kind and cards read.

The last table counts the other way: ``--hands`` distinct 20-card hands, each library called
once per hand (no repeated call on the same hand, so nothing is warm from the call before), the
total wall and CPU time over all hands per hand, for ``move_ids()``, ``moves()``, ``moves()``
with every move's kind and cards read, and with its text (``str(move)``) read as well, next to
DouZero's lead on the same hands (``--distinct-only`` prints only this table).
DouZero's lead is ``MovesGener(hand).gen_moves()`` (lists of card values, duplicates
included; we count them); its answers follow DouZero's own environment: detect the table
play's type, generate that type, filter by rank, add bombs and the rocket. RLCard's lead is
``DoudizhuJudger.playable_cards_from_hand(hand)`` (a set of rank strings) and its answers are
``utils.get_gt_cards`` (minus its 'pass'). The libraries' rule sets differ slightly (DouZero lets
both jokers, or a trio, be single wings; RLCard lets a trio be single wings; our rules forbid
both); the script compares the distinct plays hand by hand and prints how many
differ (every difference so far is one of those two rules; no play we list is missing there).

What was tried for speed (kernel, ``src/cardcore/_fast/shedding.pyx``)
-----------------------------------------------------------------------
- Count vectors (15 uint8 ranks) instead of card lists: a play is decided by its rank counts, so
  suit-duplicates never arise (DouZero returns ~11% duplicates and pays for them) and the
  generator loops over at most 15 ranks per level.
- Plays are written as 18-byte rows (kind, rank, length, counts) by ``noexcept nogil`` C
  functions into a caller buffer; a sink counts rows beyond its capacity, so the wrapper first
  fills a 512-row stack buffer and regenerates into an exact-size heap array only for
  the rare huge hands (no Python objects in the loops, no growth logic in the hot path).
- Answers generate only the table play's kind (same length, higher rank) plus bombs/rocket
  instead of generating everything and filtering.
- Attachments (airplane wings) are enumerated as nondecreasing rank sequences under per-rank
  caps, so each multiset of wings appears exactly once without a dedup pass.
- The Python wrapper's fixed cost dominated small hands: reading the input through a typed
  memoryview cost ~1 us on this machine, so the wrapper reads a uint8 ndarray through
  ``PyArray_DATA`` (or a bytes object) directly; ``np.empty`` + slicing was replaced by one
  ``PyArray_SimpleNew`` and a memcpy; releasing the GIL was dropped (the call is sub-microsecond).
- The public ``moves()`` cost was dominated by building Python ``Move`` objects (a tuple per
  play with its cards, counts and text). A ``Move`` is now a small C object from a free list
  (card mask, action id, kind, rank, length) built straight from the generator's rows; its
  ``counts`` and text are computed when read.
- Reading ``kind`` and ``cards`` through properties cost a getter call each (about 40 ns a
  move for both, half the list's cost): the interpreter's attribute cache specializes member
  slots, not properties. The kernel's record held its kind name and card tuple in fields
  registered as member slots (Guandan's ``Play`` did the same for its ``kind`` and
  ``cards`` until it too became a plain extension type, read through Cython's descriptors).
- The two games' ``Move`` are now plain classes of their game packages with ``__slots__``
  (``cardcore.engines.shedding_moves.ShedMove``); the kernel builds their records with every
  field set (kind, rank, length, cards, mask, kind code) and computes the text and the counts
  from those ints when read. Measured per record (create, fill, free; 80 records): the
  kernel's own class with a free list 16-17 ns; a slots class filled through its descriptors'
  setters 79-81 ns (six fields), written at the slots' offsets about 45 ns; a tuple subclass
  filled in place 54 ns. Reading kind and cards costs 13 ns a record from slots, 31 ns from a
  tuple subclass's item getters. The slots class written at its slots' offsets is the
  fastest of the three; the free list is what the plain class gives up.
- The two games' ``Move`` are now the compiled record types ``DdzMove`` / ``ZsyMove`` of
  ``cardcore._fast.shedding_moves``, on the kernel's ``ShedRecord`` (fields, a shared free
  list, outside the cyclic collector), calling rules written once in Python. Cython's
  fields read through getter descriptors (33 ns a record for kind and cards against 9 ns from
  slots); answered first in ``ShedRecord.__getattribute__`` they cost 15-17 ns. ``moves()``
  with kind and cards read 8.20-8.42 -> 7.52-7.81 us a hand over 2,000 distinct hands.
- ``ShedRecord`` is a plain extension type again: its free list, shared with the GC-tracked
  ``DdzMove``/``ZsyMove``, corrupted the heap when bare records and moves were made in turn, and
  a speed ``__getattribute__`` is no plain design. ``moves()`` with kind and cards read
  7.6-7.9 -> 10.3-10.9 us a hand (baseline path, 1,000 distinct hands, loaded machine);
  ``move_ids()`` unchanged (1.65-1.90 us).
- The compiled ``DdzMove``/``ZsyMove`` forwarded every method to a rules class two global
  registries held (``set_rules``, ``set_move_type``). Each game's ``Move`` is now a plain
  Python class, the game's rules on the kernel's ``ShedRecord``, and the kernel builds the type
  it is handed. ``moves()`` 7.4-7.7 -> 11.4-11.8 us a hand, with kind and cards read
  10.4-10.7 -> 14.7-14.8 (a heap type's records cost more to make and free); ``move_ids()``
  unchanged (1.53-1.69 us). Baseline path, 1,000 distinct hands, a loaded machine.
- Guandan's ``move_ids()`` built every play's 23-byte row only to look its index up; full
  houses alone (24 a 20-card hand) took 40% of the instructions (callgrind: 18.2k a call).
  Plays without wild cards (singles, pairs, trios, full houses, sequences) now go straight to
  the direct index tables with no row, and full houses walk bit masks of the pair ranks that
  can fill them instead of all 16 values: 0.94 -> 0.69 us in the kernel.
- ``move_ids()`` runs the same generator with a sink that writes action ids (a table lookup
  per kind/rank/length block, the attachments ranked in place) into an int32 array: no Python
  object per play.

Zheng Shangyou and Guandan against DouZero
------------------------------------------
The last table puts the two other shedding games next to the same DouZero generator, each on
its own random 20-card hands (drawn in the same loop, timed interleaved), DouZero getting
the ranks of exactly those hands (a Zheng Shangyou 2 or a Guandan 2 is DouZero's 2, jokers are
jokers):

- Zheng Shangyou: 20 cards from its 48-card deck (``cardcore.zhengshangyou.state.deck48``);
  ``cardcore.zhengshangyou.moves(hand)`` with every move's ``kind`` and ``cards`` read.
  ``move_ids`` covers the plays of the game's 16-card hands only, so its row times the first
  16 cards of each hand, against DouZero on those same 16 cards.
- Guandan: 20 cards from one 54-card deck at level ``"2"`` (the 2 of hearts is the wild
  card); ``cardcore.guandan.moves(hand, "2")`` with every move's ``kind`` and ``cards`` read,
  ``moves()`` alone, and ``cardcore.guandan.move_ids(hand, "2")``.

The rules differ, so the lists differ: each library returns its own game's legal plays.
DouZero lists Dou Dizhu's (trios with wings, airplanes, four-with-two, bombs, the rocket);
Zheng Shangyou has no attachments or jokers (singles, pairs, trios, straights, pair runs and
three kinds of bomb); Guandan has full houses, 5-card straights, tubes, plates, bombs of 4 to
8 cards, straight flushes and the joker bomb, with wild cards standing in for other cards. The
ratio is the cost of the whole legal list of each game against DouZero's, hand for hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from types import SimpleNamespace

import numpy as np

from cardcore._fast import shedding as K
from cardcore.cards import Card
from cardcore.doudizhu import move_ids as ddz_move_ids
from cardcore.doudizhu import moves as ddz_moves
from cardcore.doudizhu.moves import Move, rank_index
from cardcore.guandan import move_ids as gd_move_ids
from cardcore.guandan import moves as gd_moves
from cardcore.zhengshangyou import move_ids as zsy_move_ids
from cardcore.zhengshangyou import moves as zsy_moves
from cardcore.zhengshangyou.state import deck48

#: the Guandan level of the comparison (the 2 of hearts is wild)
GD_LEVEL = "2"

# our 15-rank order -> DouZero card values and RLCard rank characters
DZ_VALUE = list(range(3, 15)) + [17, 20, 30]
RL_CHAR = "3456789TJQKA2BR"


def _counts(hand) -> np.ndarray:
    c = np.zeros(15, dtype=np.uint8)
    for card in hand:
        c[rank_index(card)] += 1
    return c


def _dz_list(counts) -> list[int]:
    return [DZ_VALUE[r] for r in range(15) for _ in range(int(counts[r]))]


def _rl_str(counts) -> str:
    return "".join(RL_CHAR[r] * int(counts[r]) for r in range(15))


def _canon_counts(counts) -> str:
    return "".join(RL_CHAR[r] * int(counts[r]) for r in range(15))


def _canon_dz(play) -> str:
    return "".join(sorted((RL_CHAR[DZ_VALUE.index(v)] for v in play), key=RL_CHAR.index))


def _canon_rl(play) -> str:
    return "".join(sorted(play, key=RL_CHAR.index))


def _trio_wings(play: str) -> bool:
    """An airplane with single wings (4k cards) holding more than k ranks of 3+ cards."""
    trios = sum(play.count(ch) >= 3 for ch in set(play))
    return len(play) % 4 == 0 and trios > len(play) // 4


def _moves_read(hand, beat=None) -> None:
    """``moves()`` with every move's kind and cards read."""
    for m in (ddz_moves(hand) if beat is None else ddz_moves(hand, beat)):
        m.kind  # noqa: B018
        m.cards  # noqa: B018


def _zsy_read(hand) -> None:
    for m in zsy_moves(hand):
        m.kind  # noqa: B018
        m.cards  # noqa: B018


def _gd_read(hand) -> None:
    for m in gd_moves(hand, GD_LEVEL):
        m.kind  # noqa: B018
        m.cards  # noqa: B018


def _read_all(hand) -> None:
    """``moves()`` with every move's kind, cards and text read."""
    for m in ddz_moves(hand):
        m.kind  # noqa: B018
        m.cards  # noqa: B018
        str(m)


def distinct_totals(dz, n_hands: int, seed: int) -> dict[str, tuple[float, float]]:
    """Each call once on each of ``n_hands`` distinct 20-card hands (no call repeated, so no
    warm answer from the previous call on the same hand): the totals over all hands in
    microseconds per hand, ``(wall, CPU)``, by library."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n_hands):
        deck = list(range(54))
        rng.shuffle(deck)
        hands.append([Card(c) for c in sorted(deck[:20])])
    calls = [("ids", ddz_move_ids), ("moves", ddz_moves), ("read", _moves_read),
             ("read_text", _read_all)]
    if dz:
        dzh = [_dz_list(_counts(h)) for h in hands]
        calls.append(("dz", None))
    out: dict[str, tuple[float, float]] = {}
    for key, fn in calls:
        args = dzh if fn is None else hands
        f = dz.lead if fn is None else fn
        w0, c0 = time.perf_counter_ns(), time.process_time_ns()
        for h in args:
            f(h)
        w1, c1 = time.perf_counter_ns(), time.process_time_ns()
        out[key] = ((w1 - w0) / n_hands / 1000.0, (c1 - c0) / n_hands / 1000.0)
    return out


def _print_distinct(dz, n_hands: int, seed: int) -> None:
    tot = distinct_totals(dz, n_hands, seed)
    print(f"\n## Dou Dizhu leads, {n_hands} distinct 20-card hands, each called once: totals "
          "in us per hand (wall, CPU)")
    labels = (("ids", "cardcore move_ids() (ids)"), ("moves", "cardcore moves() (Move)"),
              ("read", "cardcore moves(), kind+cards read"),
              ("read_text", "cardcore moves(), kind+cards+text"), ("dz", "DouZero MovesGener"))
    for key, label in labels:
        if key in tot:
            w, c = tot[key]
            ratio = f"{tot['dz'][1] / c:>9.1f}x" if "dz" in tot else ""
            print(f"{label:<38} {w:>9.2f} {c:>9.2f} {ratio}")
    if "dz" in tot:
        print(f"# totals, CPU: DouZero / move_ids() = {tot['dz'][1] / tot['ids'][1]:.1f}x, "
              f"DouZero / moves() with kind and cards read = "
              f"{tot['dz'][1] / tot['read'][1]:.1f}x, with kind, cards and text read = "
              f"{tot['dz'][1] / tot['read_text'][1]:.1f}x")


def _time(fn, *args, reps: int) -> float:
    fn(*args)                   # (untimed: the same warm start for every library)
    t0 = time.perf_counter_ns()
    for _ in range(reps):
        fn(*args)
    return (time.perf_counter_ns() - t0) / reps / 1000.0  # microseconds


def _load_douzero():
    try:
        from douzero.env import move_detector as md
        from douzero.env import move_selector as ms
        from douzero.env.move_generator import MovesGener
    except ImportError:
        return None
    filters = {
        md.TYPE_1_SINGLE: ("gen_type_1_single", ms.filter_type_1_single, False),
        md.TYPE_2_PAIR: ("gen_type_2_pair", ms.filter_type_2_pair, False),
        md.TYPE_3_TRIPLE: ("gen_type_3_triple", ms.filter_type_3_triple, False),
        md.TYPE_6_3_1: ("gen_type_6_3_1", ms.filter_type_6_3_1, False),
        md.TYPE_7_3_2: ("gen_type_7_3_2", ms.filter_type_7_3_2, False),
        md.TYPE_8_SERIAL_SINGLE: ("gen_type_8_serial_single", ms.filter_type_8_serial_single, True),
        md.TYPE_9_SERIAL_PAIR: ("gen_type_9_serial_pair", ms.filter_type_9_serial_pair, True),
        md.TYPE_10_SERIAL_TRIPLE: ("gen_type_10_serial_triple", ms.filter_type_10_serial_triple,
                                   True),
        md.TYPE_11_SERIAL_3_1: ("gen_type_11_serial_3_1", ms.filter_type_11_serial_3_1, True),
        md.TYPE_12_SERIAL_3_2: ("gen_type_12_serial_3_2", ms.filter_type_12_serial_3_2, True),
        md.TYPE_13_4_2: ("gen_type_13_4_2", ms.filter_type_13_4_2, False),
        md.TYPE_14_4_22: ("gen_type_14_4_22", ms.filter_type_14_4_22, False),
    }

    def lead(hand):
        return MovesGener(hand).gen_moves()

    def answer(hand, table):
        # DouZero's environment: the table play's type, that type generated and filtered,
        # then bombs and the rocket (it also appends a pass, left out here).
        mg = MovesGener(hand)
        info = md.get_move_type(table)
        t = info["type"]
        if t == md.TYPE_5_KING_BOMB:
            return []
        if t == md.TYPE_4_BOMB:
            return ms.filter_type_4_bomb(mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb(), table)
        if t not in filters:
            return None  # a play DouZero does not know
        gen, filt, serial = filters[t]
        cands = getattr(mg, gen)(repeat_num=info.get("len", 1)) if serial else getattr(mg, gen)()
        return filt(cands, table) + mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()

    return SimpleNamespace(lead=lead, answer=answer)


def _load_rlcard():
    try:
        from rlcard.games.doudizhu import utils as rlu
        from rlcard.games.doudizhu.judger import DoudizhuJudger
    except ImportError:
        return None

    def lead(hand_str):
        return DoudizhuJudger.playable_cards_from_hand(hand_str)

    def answer(player, table_holder):
        return rlu.get_gt_cards(player, table_holder)[1:]  # without its 'pass'

    def player(hand_str):
        return SimpleNamespace(current_hand=[SimpleNamespace(rank=ch if ch not in "BR" else "",
                                                             suit="BJ" if ch == "B" else "RJ")
                                             for ch in hand_str])

    return SimpleNamespace(lead=lead, answer=answer, player=player, known=rlu.CARD_TYPE[2])


def _key(row) -> tuple[int, int, int]:
    return (int(row[0]), int(row[1]), int(row[2]))


def run(n_hands: int, seed: int) -> int:
    dz = _load_douzero()
    rl = _load_rlcard()
    rng = random.Random(seed)
    print(f"# {n_hands} random hands of 20 and of 17 cards, seed {seed}; "
          f"python {sys.version.split()[0]}")
    print(f"# anchors: DouZero {'yes' if dz else 'missing (pip install douzero --no-deps)'}, "
          f"RLCard {'yes' if rl else 'missing (pip install rlcard)'}")
    rows_out = []
    for size in (20, 17):
        t = {k: [] for k in ("k_lead", "ids_lead", "api_lead", "read_lead", "dz_lead",
                             "rl_lead", "k_ans", "ids_ans", "api_ans", "read_ans", "dz_ans",
                             "rl_ans")}
        n = dict.fromkeys(("ours", "dz", "dz_dup", "rl", "ours_ans", "dz_skip", "rl_skip",
                           "dz_diff", "rl_diff", "dz_ours", "dz_theirs", "rl_ours",
                           "rl_theirs", "dz_odd", "rl_odd"), 0)
        for _ in range(n_hands):
            deck = list(range(54))
            rng.shuffle(deck)
            hand = [Card(c) for c in sorted(deck[:size])]
            other = [Card(c) for c in deck[size:size + 17]]
            cnt = _counts(hand)
            # the table play: a random play of the other hand (our reading)
            table = rng.choice(ddz_moves(other))
            tkey = (Move.KINDS.index(table.kind), table.rank, table.length)
            tcnt = np.array(table.counts, dtype=np.uint8)

            t["k_lead"].append(_time(K.ddz_moves, cnt, reps=20))
            t["ids_lead"].append(_time(ddz_move_ids, hand, reps=20))
            t["api_lead"].append(_time(ddz_moves, hand, reps=2))
            t["read_lead"].append(_time(_moves_read, hand, reps=2))
            t["k_ans"].append(_time(K.ddz_moves, cnt, tkey, reps=20))
            t["ids_ans"].append(_time(ddz_move_ids, hand, table, reps=20))
            t["api_ans"].append(_time(ddz_moves, hand, table, reps=2))
            t["read_ans"].append(_time(_moves_read, hand, table, reps=2))
            ours = K.ddz_moves(cnt)
            n["ours"] += len(ours)
            ours_set = {_canon_counts(r[3:]) for r in ours}
            n["ours_ans"] += len(K.ddz_moves(cnt, tkey))
            if dz:
                dzh = _dz_list(cnt)
                dzt = _dz_list(tcnt)
                t["dz_lead"].append(_time(dz.lead, dzh, reps=2))
                ms = dz.lead(dzh)
                n["dz"] += len(ms)
                n["dz_dup"] += len(ms) - len({tuple(sorted(m)) for m in ms})
                theirs = {_canon_dz(m) for m in ms}
                n["dz_diff"] += theirs != ours_set
                n["dz_ours"] += len(ours_set - theirs)
                n["dz_theirs"] += len(theirs - ours_set)
                n["dz_odd"] += sum(not ("B" in p and "R" in p or _trio_wings(p))
                                  for p in theirs - ours_set)
                if dz.answer(dzh, dzt) is None:
                    n["dz_skip"] += 1
                else:
                    t["dz_ans"].append(_time(dz.answer, dzh, dzt, reps=2))
            if rl:
                rlh = _rl_str(cnt)
                t["rl_lead"].append(_time(rl.lead, rlh, reps=1))
                rms = rl.lead(rlh)
                n["rl"] += len(rms)
                theirs = {_canon_rl(m) for m in rms}
                n["rl_diff"] += theirs != ours_set
                n["rl_ours"] += len(ours_set - theirs)
                n["rl_theirs"] += len(theirs - ours_set)
                n["rl_odd"] += sum(not _trio_wings(p) for p in theirs - ours_set)
                rtab = _rl_str(tcnt)
                if rtab in rl.known:
                    holder = SimpleNamespace(played_cards=rtab)
                    t["rl_ans"].append(_time(rl.answer, rl.player(rlh), holder, reps=1))
                else:
                    n["rl_skip"] += 1

        def med(k, t=t):
            return statistics.median(t[k]) if t[k] else float("nan")

        print(f"\n## {size}-card hands: mean plays per hand: cardcore {n['ours'] / n_hands:.1f}"
              + (f", DouZero {n['dz'] / n_hands:.1f} ({100 * n['dz_dup'] / max(1, n['dz']):.1f}% "
                 f"duplicates)" if dz else "")
              + (f", RLCard {n['rl'] / n_hands:.1f}" if rl else "")
              + f"; answers per table play: cardcore {n['ours_ans'] / n_hands:.1f}")
        if dz:
            print(f"#   hands where DouZero's distinct plays differ from ours: {n['dz_diff']} "
                  f"(plays only we list: {n['dz_ours']}, only DouZero lists: {n['dz_theirs']}; "
                  "it allows both jokers or a trio as single wings; "
                  f"other differences: {n['dz_odd']})")
        if rl:
            print(f"#   hands where RLCard's plays differ from ours: {n['rl_diff']} "
                  f"(plays only we list: {n['rl_ours']}, only RLCard lists: {n['rl_theirs']}; "
                  f"it allows a trio among single wings; other differences: {n['rl_odd']})")
        if dz and n["dz_skip"]:
            print(f"#   DouZero has no type for {n['dz_skip']} of the table plays (skipped)")
        if rl and n["rl_skip"]:
            print(f"#   RLCard has no entry for {n['rl_skip']} of the table plays (skipped)")
        print(f"{'task':<10} {'library':<28} {'median us/hand':>15} {'vs kernel':>10} "
              f"{'vs API':>8}")
        for task in ("lead", "ans"):
            base_k, base_a = med(f"k_{task}"), med(f"api_{task}")
            for label, key in (("cardcore kernel (rows)", f"k_{task}"),
                               ("cardcore move_ids() (ids)", f"ids_{task}"),
                               ("cardcore moves() (Move)", f"api_{task}"),
                               ("cardcore moves(), read", f"read_{task}"),
                               ("DouZero MovesGener", f"dz_{task}"),
                               ("RLCard judger", f"rl_{task}")):
                if not t[key]:
                    continue
                m = med(key)
                name = "lead" if task == "lead" else "answer"
                print(f"{name:<10} {label:<28} {m:>15.2f} {m / base_k:>9.1f}x {m / base_a:>7.2f}x")
                rows_out.append((size, task, label, m))
        if dz:
            for task, name in (("lead", "lead"), ("ans", "answer")):
                d = med(f"dz_{task}")
                print(f"# {name}: DouZero / move_ids() = {d / med(f'ids_{task}'):.1f}x, "
                      f"DouZero / moves() with kind and cards read = "
                      f"{d / med(f'read_{task}'):.1f}x, DouZero / moves() = "
                      f"{d / med(f'api_{task}'):.1f}x")
    if dz:
        _other_games(dz, rng, n_hands)
    _print_distinct(dz, n_hands, seed + 1)
    return 0


def _other_games(dz, rng: random.Random, n_hands: int) -> None:
    """Zheng Shangyou and Guandan leads against DouZero on the same 20-card hands."""
    keys = ("zsy_read", "zsy_api", "zsy_dz", "zsy_ids16", "zsy_dz16", "gd_read", "gd_api",
            "gd_ids", "gd_dz")
    t: dict[str, list[float]] = {k: [] for k in keys}
    n = dict.fromkeys(("zsy", "zsy_dz", "gd", "gd_dz"), 0)
    d48 = deck48()
    for _ in range(n_hands):
        deck = list(d48)
        rng.shuffle(deck)
        zh = sorted(deck[:20])
        zh16 = sorted(deck[:16])
        deck = list(range(54))
        rng.shuffle(deck)
        gh = [Card(c) for c in sorted(deck[:20])]
        zdz, zdz16, gdz = _dz_list(_counts(zh)), _dz_list(_counts(zh16)), _dz_list(_counts(gh))
        t["zsy_read"].append(_time(_zsy_read, zh, reps=2))
        t["zsy_api"].append(_time(zsy_moves, zh, reps=2))
        t["zsy_dz"].append(_time(dz.lead, zdz, reps=2))
        t["zsy_ids16"].append(_time(zsy_move_ids, zh16, reps=20))
        t["zsy_dz16"].append(_time(dz.lead, zdz16, reps=2))
        t["gd_read"].append(_time(_gd_read, gh, reps=2))
        t["gd_api"].append(_time(gd_moves, gh, GD_LEVEL, reps=2))
        t["gd_ids"].append(_time(gd_move_ids, gh, GD_LEVEL, reps=20))
        t["gd_dz"].append(_time(dz.lead, gdz, reps=2))
        n["zsy"] += len(zsy_moves(zh))
        n["zsy_dz"] += len(dz.lead(zdz))
        n["gd"] += len(gd_moves(gh, GD_LEVEL))
        n["gd_dz"] += len(dz.lead(gdz))
    m = {k: statistics.median(v) for k, v in t.items()}
    print(f"\n## Zheng Shangyou and Guandan (level {GD_LEVEL}) leads, 20-card hands, against "
          "DouZero on the same hands' ranks (each library lists its own game's plays)")
    print(f"#   mean plays per hand: Zheng Shangyou {n['zsy'] / n_hands:.1f} (DouZero on those "
          f"hands {n['zsy_dz'] / n_hands:.1f}), Guandan {n['gd'] / n_hands:.1f} (DouZero "
          f"{n['gd_dz'] / n_hands:.1f})")
    print(f"{'game':<15} {'library':<34} {'median us/hand':>15} {'DouZero / this':>15}")
    for game, label, key, base in (
            ("zhengshangyou", "cardcore moves() (Move)", "zsy_api", "zsy_dz"),
            ("zhengshangyou", "cardcore moves(), read", "zsy_read", "zsy_dz"),
            ("zhengshangyou", "DouZero MovesGener", "zsy_dz", "zsy_dz"),
            ("zhengshangyou", "cardcore move_ids(), 16 cards", "zsy_ids16", "zsy_dz16"),
            ("zhengshangyou", "DouZero MovesGener, 16 cards", "zsy_dz16", "zsy_dz16"),
            ("guandan", "cardcore move_ids() (ids)", "gd_ids", "gd_dz"),
            ("guandan", "cardcore moves() (Move)", "gd_api", "gd_dz"),
            ("guandan", "cardcore moves(), read", "gd_read", "gd_dz"),
            ("guandan", "DouZero MovesGener", "gd_dz", "gd_dz")):
        print(f"{game:<15} {label:<34} {m[key]:>15.2f} {m[base] / m[key]:>14.1f}x")
    print(f"# zhengshangyou: DouZero / moves() with kind and cards read = "
          f"{m['zsy_dz'] / m['zsy_read']:.1f}x, DouZero / move_ids() (16 cards) = "
          f"{m['zsy_dz16'] / m['zsy_ids16']:.1f}x")
    print(f"# guandan: DouZero / moves() with kind and cards read = "
          f"{m['gd_dz'] / m['gd_read']:.1f}x, DouZero / move_ids() = "
          f"{m['gd_dz'] / m['gd_ids']:.1f}x")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--distinct-only", action="store_true",
                    help="only the totals over distinct hands, each called once")
    a = ap.parse_args(argv)
    if a.distinct_only:
        _print_distinct(_load_douzero(), a.hands, a.seed + 1)
        return 0
    return run(a.hands, a.seed)


if __name__ == "__main__":
    sys.exit(main())
