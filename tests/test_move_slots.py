"""The shedding games' ``Move`` records.

Dou Dizhu's and Zheng Shangyou's ``Move`` are plain Python classes, ``class Move(Rules,
ShedRecord)``: the game's rules (written once in Python) on the shedding kernel's record
storage ``ShedRecord`` (the fields). The shedding kernels (both twins) build records of the type
they are handed with every field set, keep no registry of types, and import no game package.
Guandan's ``Play`` is the compiled kernel's record, a plain extension type: its ``kind`` and
``cards`` fields are read through Cython's own descriptors."""

from __future__ import annotations

import importlib
import pickle
import random
import subprocess
import sys

import pytest

from cardcore import CardcoreError, doudizhu, guandan, zhengshangyou
from cardcore._backend import kernel
from cardcore.cards import Card
from cardcore.engines.shedding_moves import ShedMove
from cardcore.guandan.moves import KINDS
from cardcore.zhengshangyou.state import deck48

F_GD = pytest.importorskip("cardcore._fast.guandan", reason="compiled kernel not built")
TWINS = [kernel("shedding", "ref")]
try:
    TWINS.append(kernel("shedding", "fast"))
except ImportError:  # pragma: no cover - no compiled kernels
    pass


def _hands(deck, n, size, seed):
    rng = random.Random(seed)
    deck = list(deck)
    for _ in range(n):
        rng.shuffle(deck)
        yield sorted(deck[:size])


def test_move_classes_are_the_games_rules_on_the_kernels_record_storage():
    for game, code in ((doudizhu, 0), (zhengshangyou, 1)):
        cls = game.Move
        rules = importlib.import_module(game.__name__ + ".moves").Rules
        assert cls.__bases__ == (rules, kernel("shedding").ShedRecord)
        assert code == cls._GAME_CODE and cls.__module__ == game.__name__ + ".moves"
        assert issubclass(rules, ShedMove) and rules.__slots__ == () == cls.__slots__
        for mod in TWINS:
            assert type(mod.make_move(cls, code, 0, 2, 1, 1 << 12)) is cls
        # fields only: nothing else is stored
        assert not hasattr(game.moves("3c 4c 5c")[0], "__dict__")


def test_the_kernels_keep_no_record_type_registry():
    for mod in TWINS:
        assert not hasattr(mod, "set_move_type")
    for back in ("fast", "ref"):
        with pytest.raises(ImportError):
            importlib.import_module(f"cardcore.{'_fast' if back == 'fast' else '_ref'}"
                                    ".shedding_moves")


def test_the_kernels_import_no_game_package():
    code = ("import sys, cardcore._ref.shedding\n"
            "try:\n    import cardcore._fast.shedding\nexcept ImportError:\n    pass\n"
            "bad = [m for m in sys.modules if m.startswith(('cardcore.doudizhu', "
            "'cardcore.zhengshangyou', 'cardcore.engines'))]\n"
            "assert not bad, bad\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_fields_hold_the_records_own_reading_and_never_change():
    for game, deck in ((doudizhu, range(54)), (zhengshangyou, deck48())):
        for hand in _hands(deck, 30, 17, 3):
            for m in game.moves(hand):
                assert (m.kind, m.rank, m.length, m.cards) == tuple(m)[:4]
                assert m.kind == game.Move.KINDS[m.kernel_key[0]]
                assert m.mask == sum(1 << int(c) for c in m.cards)
                assert m.counts == tuple(game.Move.from_cards(m.cards, m.kind).counts)
                # the cards are the hand's, and they make this very play
                assert set(m.cards) <= set(hand)
                assert type(m)(m.kind, m.rank, m.length, m.cards) == m
                back = pickle.loads(pickle.dumps(m))
                assert back == m and hash(back) == hash(m) and str(back) == str(m)
                assert (back.kind, back.cards) == (m.kind, m.cards)
                for name in ("cards", "kind", "rank", "mask", "other"):
                    with pytest.raises(AttributeError):
                        setattr(m, name, ())
                with pytest.raises(AttributeError):
                    del m.kind


@pytest.mark.parametrize("mod", TWINS, ids=lambda m: m.__name__.split(".")[1])
def test_plays_of_one_rank_list_their_cards_in_the_games_order(mod):
    # (the compiled kernel shares one card tuple among the records of a play of one rank: a
    # single, pair, trio, bomb or both jokers; the order is the game's all the same: ids
    # ascending, in Zheng Shangyou the 3 of hearts, id 6, first among the 3s)
    seen = set()
    for game, deck, gen, cls in ((0, range(54), mod.ddz_hand_moves, doudizhu.Move),
                                 (1, deck48(), mod.zsy_hand_moves, zhengshangyou.Move)):
        for hand in _hands(deck, 60, 17, 9):
            for m in gen(cls, hand):
                ids = [int(c) for c in m.cards]
                if len({c >> 2 for c in ids}) != 1:
                    continue
                want = sorted(ids)
                if game == 1 and 6 in ids:
                    want = [6] + [c for c in want if c != 6]
                assert ids == want, (game, m.kind, ids)
                assert m.mask == sum(1 << c for c in ids)
                seen.add((game, len(ids), game == 1 and 6 in ids and len(ids) > 1))
    assert {(0, 1, False), (0, 2, False), (0, 3, False), (0, 4, False), (1, 2, True),
            (1, 3, False)} <= seen


def test_a_pickled_move_loads_where_no_game_was_imported():
    m = doudizhu.Move.from_cards("3c 3d 3h 4c")
    z = zhengshangyou.Move.from_cards("3h 3c 3d 3s", first_play=True)
    code = ("import pickle, sys\n"
            f"m, z = pickle.loads({pickle.dumps((m, z))!r})\n"
            "d = sys.modules['cardcore.doudizhu.moves']\n"
            "z2 = sys.modules['cardcore.zhengshangyou.moves']\n"
            "print(type(m) is d.Move, m.kind, str(m), type(z) is z2.Move, z.kind)\n")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True).stdout.split()
    assert out == ["True", "trio_single", "3334", "True", "heavenly_bomb"]


@pytest.mark.parametrize("mod", TWINS, ids=lambda m: m.__name__.split(".")[1])
def test_the_record_builders_take_only_the_games_record_type(mod):
    class NoFields:
        pass

    other = mod.ShedRecord
    for bad in (NoFields, ShedMove, 5, tuple, None, zhengshangyou.Move, other):
        with pytest.raises(CardcoreError, match="record type"):
            mod.ddz_hand_moves(bad, [4, 5])
        with pytest.raises(CardcoreError, match="record type"):
            mod.make_move(bad, 0, 0, 0, 1, 16)
    for bad in (doudizhu.Move, 5):
        with pytest.raises(CardcoreError, match="record type"):
            mod.zsy_hand_classify(bad, [4, 5])
    assert type(mod.ddz_hand_moves(doudizhu.Move, [4, 5])[0]) is doudizhu.Move


def test_guandan_plays_are_a_plain_final_type_read_through_cythons_descriptors():
    for name in ("level", "kind", "cards"):
        assert type(F_GD.Play.__dict__[name]).__name__ == "getset_descriptor", name
    assert "__getattribute__" not in vars(F_GD.Play)
    assert type(F_GD.Play).__getattribute__ is type.__getattribute__
    with pytest.raises(TypeError):       # final: no subtype can share its free list
        type("Sub", (F_GD.Play,), {})
    row = guandan.moves([Card(c) for c in (0, 4, 8, 12, 16)], "2")[0].row
    bare = F_GD.Play(row, 0)
    assert bare.kind == KINDS[row[0]] and bare.cards is None
    again = pickle.loads(pickle.dumps(bare))
    assert again == bare and again.kind == bare.kind and again.cards is None
    for hand in _hands(range(54), 30, 27, 4):
        cards = [Card(c) for c in hand]
        for m in guandan.moves(cards, "5"):
            assert m.kind == KINDS[m.row[0]]
            assert sorted(map(int, m.cards)) == [int(c) for c in m.cards]
            assert set(m.cards) <= set(cards)
            assert m in guandan.classify(m.cards, "5")
            with pytest.raises(AttributeError):
                m.cards = ()
            with pytest.raises(AttributeError):
                m.kind = "pair"


# ---------------------------------------------------------------- each backend's storage

def _moves_on(back: str):
    """Each game's rules on the record storage of backend ``back`` (the game's ``Move`` when
    ``back`` is the backend in use)."""
    storage = kernel("shedding", back).ShedRecord
    games = [importlib.import_module(f"cardcore.{g}.moves") for g in ("doudizhu", "zhengshangyou")]
    return tuple(game.Move if storage is kernel("shedding").ShedRecord
                 else type("Move", (game.Rules, storage), {"__slots__": ()}) for game in games)


RECORDS = ["ref"]
try:
    kernel("shedding", "fast")
    RECORDS.append("fast")
except ImportError:  # pragma: no cover - no compiled kernels
    pass


@pytest.mark.parametrize("back", RECORDS)
def test_records_from_fields_check_the_fields_and_behave_as_the_games_moves(back):
    ddz, zsy = _moves_on(back)
    for game, cls, deck in ((doudizhu, ddz, range(54)), (zhengshangyou, zsy, deck48())):
        for hand in _hands(deck, 10, 15, 5):
            for m in game.moves(hand):
                r = cls._from_fields(m.kind, m.rank, m.length, m.cards, m._code)
                assert (type(r) is type(m)) == (cls is game.Move)
                assert (r == m) == (cls is game.Move)
                assert hash(r) == hash(m) and str(r) == str(m) and repr(r) == repr(m)
                assert tuple(r) == tuple(m) and len(r) == 6 and r[1] == m.rank
                assert (r.key, r.kernel_key, r.id, r.mask, r.counts, r.core_ranks, r.size,
                        r.rank_name) == (m.key, m.kernel_key, m.id, m.mask, m.counts,
                                         m.core_ranks, m.size, m.rank_name)
                if game is doudizhu:
                    assert (r.wing, r.wing_counts) == (m.wing, m.wing_counts)
                with pytest.raises(AttributeError):
                    r.kind = "pair"
                r.__init__("pair", 0, 1, m.cards)                   # (filled once: no change)
                assert (r.kind, r.rank, r.cards) == (m.kind, m.rank, m.cards)
        good = ("single", 0, 1, (Card(4),), 0)
        assert str(cls._from_fields(*good)) == "3"
        for i, junk in ((0, 0), (1, "0"), (2, 1.0), (3, [Card(4)]), (4, None)):
            bad = list(good)
            bad[i] = junk
            with pytest.raises(CardcoreError):
                cls._from_fields(*bad)


def test_records_made_and_freed_in_turn_stay_equal_and_independent():
    ref = kernel("shedding", "ref")
    for game, gen, rgen, deck in ((doudizhu, "ddz_hand_moves", ref.ddz_hand_moves, range(54)),
                                  (zhengshangyou, "zsy_hand_moves", ref.zsy_hand_moves,
                                   deck48())):
        for mod in TWINS:
            hands = list(_hands(deck, 40, 16, 7))
            kept = []
            for i, hand in enumerate(hands):
                ms = getattr(mod, gen)(game.Move, hand)
                want = [(m.kind, m.rank, m.length, m.cards, m._code)
                        for m in rgen(game.Move, hand)]
                assert [(m.kind, m.rank, m.length, m.cards, m._code) for m in ms] == want
                if i % 4 == 0:
                    kept.append((ms, want))     # (the others are freed)
                del ms
            for ms, want in kept:               # (records kept are untouched by later ones)
                assert [(m.kind, m.rank, m.length, m.cards, m._code) for m in ms] == want
                assert all(type(m) is game.Move for m in ms)
