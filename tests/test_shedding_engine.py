"""The shedding engine (``cardcore.engines.shedding``): one Move base, one ``beats`` per game,
the shared rank maps and notation, and the rule facts the games publish for agents."""

from __future__ import annotations

import ast
import importlib
import inspect
import pickle

import pytest

import cardcore
from cardcore._backend import kernel
from cardcore.cards import Card, parse
from cardcore.engines import shedding as eng
from cardcore.errors import CardcoreError, CardError
from cardcore.game import Action
from cardcore.rng import Rng

# (importlib: the game packages re-export their moves() function under the module's name)
dm = importlib.import_module("cardcore.doudizhu.moves")
zm = importlib.import_module("cardcore.zhengshangyou.moves")
ds = importlib.import_module("cardcore.doudizhu.state")
zs = importlib.import_module("cardcore.zhengshangyou.state")
K = kernel("shedding")
ZSY_DECK = [c for c in range(52) if c != 50 and (c >= 4 or c == 3)]


def hands(deck, size, n, seed):
    rng = Rng(seed)
    out = []
    for _ in range(n):
        d = list(deck)
        rng.shuffle(d)
        out.append([Card(c) for c in sorted(d[:size])])
    return out


# ------------------------------------------------------------------ ranks and notation

def test_rank_maps_agree_with_the_games():
    assert eng.RANK_NAMES[0] == "3" and eng.RANK_NAMES[12] == "2" and eng.RANK_NAMES[14] == "RJ"
    for c in range(54):
        assert eng.rank_index(c) == eng.RANK_OF[c] == ds.ddz_rank(c) == dm.rank_index(c)
    for c in ZSY_DECK:
        assert eng.rank_index(c) == zs.zsy_rank(c)
    # the games read the engine's, which is the kernel's constant (the twins' are equal)
    assert dm.RANK_NAMES is zm.RANK_NAMES is eng.RANK_NAMES == K.RANK_NAMES


def test_notation_is_the_kernels_move_text():
    assert eng.notation([0, 0, 0, 1]) == "3334"
    assert eng.notation([0, 0, 0, 13]) == "333 BJ" and eng.notation([13, 14]) == "BJ RJ"
    assert eng.notation([7, 8, 9, 10, 11]) == "TJQKA"
    seen = 0
    for mod, deck in ((dm, range(54)), (zm, ZSY_DECK)):
        for hand in hands(deck, 17, 6, 3):
            for m in mod.moves(hand):
                core = m.core_ranks
                order = [r for r in core for _ in range(m.counts[r])]
                order += [r for r in range(15) if r not in core for _ in range(m.counts[r])]
                assert eng.notation(order) == str(m), m
                seen += 1
    assert seen > 300


def test_hand_helpers():
    cs = [Card(5), Card(4)]
    assert eng.as_cards(cs) is cs                       # a list of Card passes as it is
    assert eng.as_cards("3c 3d") == [Card(4), Card(5)]
    by, cnt = eng.by_rank([Card(53), Card(4), Card(0)])
    assert cnt[0] == cnt[12] == cnt[14] == 1 and by[12] == [Card(0)]
    with pytest.raises(CardError, match="appears twice"):
        eng.check_unique([Card(4), Card(4)], "hand")
    assert eng.format_cards("no cards") == "no cards"


# ------------------------------------------------------------------ one Move base, one beats

def _toy_beats(a, b):
    return a[0] == b[0] and a[2] == b[2] and a[1] > b[1]


class ToyMove(eng.MoveBase):
    """A third shedding game's moves built on the base (rank order 2..A, no kernel)."""

    __slots__ = ()
    KINDS = ("single", "pair", "straight")
    SEQUENCE_KINDS = frozenset({"straight"})
    RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
    GAME = "Toy"
    KEY_BEATS = staticmethod(_toy_beats)

    @classmethod
    def _readings(cls, cards):
        cs = eng.as_cards(cards)
        ranks = sorted((c >> 2) for c in cs)
        counts = [ranks.count(r) for r in range(13)]
        text = eng.notation(ranks, cls.RANK_NAMES)
        if len(cs) == 1:
            return [cls.make("single", ranks[0], 1, cs, counts, text)]
        if len(cs) == 2 and ranks[0] == ranks[1]:
            return [cls.make("pair", ranks[0], 1, cs, counts, text)]
        if len(cs) >= 3 and ranks == list(range(ranks[0], ranks[0] + len(cs))):
            return [cls.make("straight", ranks[-1], len(cs), cs, counts, text)]
        return []


def test_both_games_build_on_the_engine_not_on_each_other():
    assert issubclass(dm.Move, eng.MoveBase) and issubclass(zm.Move, eng.MoveBase)
    for mod in (dm, zm):
        tree = ast.parse(inspect.getsource(mod))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                other_game = node.module and ("doudizhu" in node.module
                                              or "zhengshangyou" in node.module)
                assert not other_game, f"{mod.__name__} imports from {node.module}"
                assert not [a.name for a in node.names if a.name.startswith("_")], node.module


def test_one_beats_per_game_the_kernels():
    # the Python copies of the rule are gone; Move.beats and moves.beats call the kernel
    assert not hasattr(dm, "_beats") and not hasattr(zm, "_beats")
    assert dm.Move.KEY_BEATS is K.ddz_beats and zm.Move.KEY_BEATS is K.zsy_beats
    shed_ai = importlib.import_module("cardcore.agents.shedding")
    assert not hasattr(shed_ai, "beats") and not hasattr(shed_ai, "BOMB_ORDER")
    for mod, deck, beat in ((dm, range(54), K.ddz_beats), (zm, ZSY_DECK, K.zsy_beats)):
        code = {k: i for i, k in enumerate(mod.KINDS)}
        for hand in hands(deck, 16, 3, 8):
            ms = mod.moves(hand)
            for a in ms[::3]:
                for b in ms[::4]:
                    want = beat((code[a.kind], a.rank, a.length), (code[b.kind], b.rank, b.length))
                    assert a.beats(b) == mod.beats(a, b) == mod.beats(a.key, b.key) == want
    with pytest.raises(CardcoreError, match="Zheng Shangyou Move"):
        zm.Move.from_cards("3c").beats(dm.Move.from_cards("3c"))
    with pytest.raises(CardcoreError, match="no Dou Dizhu kind"):
        dm.beats(("ace_bomb", 11, 1), ("single", 0, 1))


def test_rule_facts_agree_with_the_kernel():
    assert tuple(K.DDZ_CAPS) == dm.CAPS and tuple(K.ZSY_CAPS) == zm.CAPS
    for mod, deck, top_single in ((dm, range(54), ("single", 14, 1)),
                                  (zm, ZSY_DECK, ("single", 12, 1))):
        kinds = set()
        for hand in hands(deck, 20 if mod is dm else 16, 40, 2):
            for m in mod.moves(hand):
                kinds.add(m.kind)
                # a bomb kind beats the highest ordinary play; no other kind does
                assert mod.beats(m, top_single) == (m.kind in mod.BOMB_KINDS), m
        assert set(mod.BOMB_KINDS) <= kinds | {"heavenly_bomb"}

    def run(mod, width, lo, n):
        ids = list(range(54) if mod is dm else ZSY_DECK)
        cs = []
        for r in range(lo, lo + n):
            cs += [c for c in ids if eng.rank_index(c) == r][:width]
        return {m.kind for m in mod.classify(cs)}

    for mod in (dm, zm):
        for kind, width in (("straight", 1), ("pair_run", 2), ("airplane", 3)):
            if kind not in mod.MIN_LENGTH:
                assert kind not in mod.KINDS
                continue
            n = mod.MIN_LENGTH[kind]
            assert kind in run(mod, width, 0, n) and kind not in run(mod, width, 0, n - 1)
            # runs end at TOP_RUN (the ace): never through the 2
            assert kind in run(mod, width, mod.TOP_RUN - n + 1, n)
            assert kind not in run(mod, width, mod.TOP_RUN - n + 2, n)
    assert dm.MIN_LENGTH["airplane_singles"] == 2
    assert "airplane_singles" in {m.kind for m in dm.classify("3c 3d 3h 4c 4d 4h 6c 7c")}


def test_reading_of_a_listed_action_is_its_move():
    # every listed play (two readings of one card set included) maps back to its move
    for mod, deck in ((dm, range(54)), (zm, ZSY_DECK)):
        for hand in hands(deck, 20 if mod is dm else 16, 20, 5):
            ms = mod.moves(hand)
            acts = eng.disambiguate([eng.move_action(m) for m in ms])
            for a, m in zip(acts, ms):
                assert mod.Move.from_action(a) == m
                assert mod.Move.reading(a.kind, [int(c) for c in a.cards], a.text) == m
    with pytest.raises(CardError, match="no Dou Dizhu play of kind"):
        dm.Move.reading("pair", "3c 4c")


def test_a_third_game_can_build_on_the_base():
    # what a Guandan package needs: its own kinds, rank names and comparison, moves built in
    # Python, the shared notation, beats, readings and pickling (ToyMove above)
    low = ToyMove("straight", "4", 3, "2c 3d 4h")
    high = ToyMove.from_action(Action("straight", "345", tuple(parse("3c 4d 5h"))))
    assert str(low) == "234" and low.key == ("straight", 2, 3) and low.rank_name == "4"
    assert low.core_ranks == (0, 1, 2) and low.size == 3
    assert high.beats(low) and not low.beats(high) and ToyMove.key_beats(high, low)
    assert not ToyMove("pair", "A", 1, "Ac Ad").beats(low)
    assert pickle.loads(pickle.dumps(high)) == high and high != tuple(high)
    with pytest.raises(CardError, match="no Toy pair"):
        ToyMove("pair", "3", 1, "3c 4c")
    with pytest.raises(CardcoreError, match="Toy Move"):
        high.beats(dm.Move.from_cards("3c"))


# ------------------------------------------------------------------ state side and scoring

def test_states_use_the_engine_helpers():
    assert ds.base_text is eng.base_text
    assert ds.base_text("33344455 airplane_singles", "airplane_singles") == "33344455"


def test_dou_dizhu_settlement_functions():
    assert ds.multiplier(0) == 1 and ds.multiplier(2) == 4 and ds.multiplier(2, True) == 8
    assert ds.spring(0, 0, [3, 0, 0]) == "spring" and ds.spring(0, 0, [3, 1, 0]) is None
    assert ds.spring(0, 1, [1, 2, 0]) == "reverse" and ds.spring(0, 1, [2, 2, 0]) is None
    assert ds.deal_scores(1, 1, 6) == (-6.0, 12.0, -6.0)
    assert ds.deal_scores(1, 2, 6) == (6.0, -12.0, 6.0)
    for seed in range(6):
        st = cardcore.play_match("doudizhu", ["random"] * 3, seed=seed)
        how = ds.spring(st.landlord, st.winner_seat, st.num_plays)
        stake = st.bid * ds.multiplier(st.bombs, how is not None)
        assert tuple(float(x) for x in st.scores()) == ds.deal_scores(st.landlord,
                                                                      st.winner_seat, stake)


def test_zheng_shangyou_settlement_functions():
    cnt = zm.hand_counts("3c 3d 3h 3s Ac Ad As 2s 9h")
    assert zs.count_bombs(cnt) == 2
    assert zs.penalty(cnt, played=True) == 9 + 10 + 20
    assert zs.penalty(cnt, played=False) == 18 + 10 + 20
    assert zs.bomb_bonus(1) == (-10, 20, -10) and set(zs.BONUS_KINDS) < set(zm.BOMB_KINDS)
    assert zs.deal_scores(0, [0, 5, 7], [20, -10, -10]) == (32.0, -15.0, -17.0)
