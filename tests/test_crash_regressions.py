"""Crashes and unchecked input found by fuzzing the step cores and the move records.

Each snippet that used to crash the interpreter runs in a child process (a crash there is a
failed assertion here, not a dead test run); it must exit cleanly and print what the library
answers: the record or state asked for, or the library's error naming the input. Where a
kernel has a plain-Python twin the snippet runs on both backends (``CARDCORE_BACKEND``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

import cardcore
from cardcore import CardcoreError, IllegalAction
from cardcore._backend import kernel
from cardcore.cards import Card
from cardcore.game import Action

BACKENDS = ["fast", "ref"]
STEP_KERNELS = ["shedding_step", "guandan_step", "bridge_step", "holdem_step", "tractor_step"]
STEP_KERNELS.append("preference_step")


def _run(code: str, backend: str) -> str:
    """Run ``code`` in a new interpreter on ``backend``; its output (it must exit with 0)."""
    env = dict(os.environ, CARDCORE_BACKEND=backend)
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stdout[-2000:], r.stderr[-2000:])
    return r.stdout


# ----------------------------------------------------------------------------- move records

@pytest.mark.parametrize("backend", BACKENDS)
def test_bare_records_and_game_moves_allocated_in_turn_keep_the_heap_sound(backend):
    # (the record base used to share one free list with its GC-tracked subtypes: a bare
    # record freed onto it was handed out as a Dou Dizhu move, and the heap broke)
    out = _run("""
        from cardcore._backend import kernel
        from cardcore.doudizhu.moves import moves
        ShedRecord = kernel("shedding").ShedRecord
        for k in range(200):
            rs = [ShedRecord() for _ in range(50)]; del rs
            rs = [ShedRecord._from_fields("single", 0, 1, (), 0) for _ in range(50)]; del rs
            ms = moves(list(range(20))); del ms
        ms = moves(list(range(20)))
        print(len(ms), ms[0].kind, str(ms[0]), ShedRecord().kind)
    """, backend)
    n, kind, text, blank = out.split()
    assert int(n) > 100 and (kind, text, blank) == ("single", "3", "None")


def test_the_compiled_record_base_is_a_plain_extension_type():
    import gc

    from cardcore.doudizhu.moves import moves

    rec = kernel("shedding", "fast").ShedRecord
    # no attribute hook of its own: the fields are read through the type's descriptors
    assert "__getattribute__" not in vars(rec)
    assert type(rec).__getattribute__ is type.__getattribute__
    for name in ("kind", "rank", "length", "cards", "_code"):
        assert type(vars(rec)[name]).__name__ == "getset_descriptor", name
    # the base and its subtypes are tracked alike by the cyclic collector
    assert gc.is_tracked(rec()) and gc.is_tracked(moves([4, 5])[0])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_record_type_whose_new_returns_junk_never_gets_its_fields_written(backend):
    # (the kernels build a record through the storage's own allocation, never through a
    # ``__new__`` of the type they are handed, and refuse a type that is no record type)
    out = _run("""
        from cardcore._backend import kernel
        from cardcore.errors import CardcoreError
        from cardcore.doudizhu.moves import Rules
        k = kernel("shedding")

        class S(Rules, k.ShedRecord):
            __slots__ = ()
            __new__ = lambda cls, *a: 0

        class T(Rules, k.ShedRecord):           # hands out one record again and again
            __slots__ = ()
            one = None

            def __new__(cls, *a):
                if T.one is None:
                    T.one = k.ShedRecord.__new__(cls)
                return T.one

        for cls in (S, T):
            a = cls._from_fields("single", 0, 1, (), 0)
            b = cls._from_fields("pair", 1, 1, (), 1)
            print("built", type(a).__name__, a.kind, b.kind, a is b)
            print("moves", [m.kind for m in k.ddz_hand_moves(cls, [4, 5])])
        for junk in (int, object, k.ShedRecord, None):
            try:
                k.ddz_hand_moves(junk, [4, 5])
                print("built from", junk)
            except CardcoreError as e:
                print("refused", e)
    """, backend)
    lines = out.splitlines()
    assert lines[:4] == ["built S single pair False", "moves ['single', 'pair']",
                         "built T single pair False", "moves ['single', 'pair']"]
    assert len(lines) == 8 and all(x.startswith("refused") and "record type" in x
                                   for x in lines[4:])


def _records():
    """Each game's ``Move`` on each backend's storage: (backend, Dou Dizhu's, Zheng
    Shangyou's)."""
    from cardcore.doudizhu.moves import Rules as DdzRules
    from cardcore.zhengshangyou.moves import Rules as ZsyRules

    return [(back,
             type("Move", (DdzRules, kernel("shedding", back).ShedRecord), {"__slots__": ()}),
             type("Move", (ZsyRules, kernel("shedding", back).ShedRecord), {"__slots__": ()}))
            for back in BACKENDS]


@pytest.mark.parametrize("rec", _records(), ids=BACKENDS)
def test_from_action_refuses_what_is_no_listed_play(rec):
    for cls in rec[1:]:
        for bad in (None, 5, "3", ("single", "3", (Card(4),)), Action("single", None, ()),
                    Action(None, "3", (Card(4),))):
            with pytest.raises(CardcoreError, match="from_action.*expected an Action"):
                cls.from_action(bad)
        m = cls.from_action(Action("single", "3", (Card(4),)))
        assert (m.kind, m.rank, [int(c) for c in m.cards]) == ("single", 0, [4])


def test_guandan_text_and_beats_refuse_junk():
    import importlib

    gd = importlib.import_module("cardcore.guandan.moves")
    text_id, beats = gd.text_id, gd.beats
    for bad in (None, [None], 3, b"3"):
        with pytest.raises(CardcoreError, match="text_id"):
            text_id(bad)
    ms = gd.moves([0, 4, 5], "2")
    pair = next(m for m in ms if m.kind == "pair")
    assert beats(pair, pair.key) is False and text_id(str(pair)) is not None
    for a, b in ((None, pair), (pair, None), ("pair", pair), (pair, 5)):
        with pytest.raises(CardcoreError, match="beats"):
            beats(a, b)


def test_guandan_reading_helpers_refuse_what_is_no_text_or_action():
    from cardcore.guandan import state as gs

    play = cardcore.new_game("guandan", seed=1).legal_actions()[0]
    assert gs.stands_for(play) and gs.reading_fits(play, play.kind)
    assert gs.split_reading("3s 4s = pair") == ("3s 4s", "pair") and gs.rank_letters("k9") == "9K"
    for call in (lambda: gs.split_reading(None), lambda: gs.rank_letters(None),
                 lambda: gs.rank_letters(["k"]), lambda: gs.stands_for(None),
                 lambda: gs.stands_for("kk"), lambda: gs.reading_fits(None, "pair"),
                 lambda: gs.reading_fits(play, None)):
        with pytest.raises(CardcoreError, match="expected"):
            call()


@pytest.mark.parametrize("rec", _records(), ids=BACKENDS)
def test_records_cannot_be_changed_even_through_object_setattr(rec):
    k = kernel("shedding", rec[0])
    fields = ("kind", "rank", "length", "cards", "_code")
    for r in (rec[1]._from_fields("single", 0, 1, (Card(4),), 0),
              rec[2]._from_fields("pair", 1, 1, (Card(8), Card(9)), 1),
              k.ShedRecord._from_fields("single", 0, 1, (Card(4),), 0)):
        before = tuple(getattr(r, f) for f in fields)
        for name in (*fields, "other", "__dict__"):
            with pytest.raises((AttributeError, TypeError)):
                object.__setattr__(r, name, ())
            with pytest.raises((AttributeError, TypeError)):
                object.__delattr__(r, name)
        assert tuple(getattr(r, f) for f in fields) == before
        assert not hasattr(r, "__dict__")
    # a bare record is no sequence, on both backends
    bare = k.ShedRecord()
    assert bare.kind is None and bare == bare and bare != k.ShedRecord()
    for op in (len, list, lambda x: x[0], lambda x: 1 in x, lambda x: x < x, lambda x: x + x):
        with pytest.raises(TypeError):
            op(bare)


# ----------------------------------------------------------------------------- step cores

@pytest.mark.parametrize("backend", BACKENDS)
def test_a_guandan_seat_out_holds_no_cards_and_goes_out_once(backend):
    out = _run("""
        import random
        from cardcore._backend import kernel
        from cardcore.errors import CardcoreError, IllegalAction
        gs = kernel("guandan_step")
        deck = [c for c in range(54) for _ in range(2)]
        random.Random(1).shuffle(deck)
        hands = [deck[27 * s:27 * (s + 1)] for s in range(4)]
        for places in ([0], [1, 2], [3, 0, 1]):
            try:
                gs.Core(hands, 0, 0, places)
                print("accepted", places)
            except CardcoreError as e:
                print("refused", e)
        # a whole deal; then its end with the table cleared and the lead given to the last
        # seat, which still holds cards: the deal is over all the same, no play is legal
        core, rng = gs.Core(hands, 0, 0), random.Random(2)
        while not core.is_over:
            core.apply(rng.choice(core.legal_ids()))
        places = core.places()
        f = {n: i for i, n in enumerate(gs.EXPORT_FIELDS)}
        v = core.export()
        tn = v[f["tn"]]
        v[f["turn"]], v[f["tid"]], v[f["tseat"]], v[f["tn"]] = places[3], 0, 0, 0
        del v[gs.EXPORT_HEAD:gs.EXPORT_HEAD + tn]
        end = gs.from_export(v)
        n = 0
        while True:
            ids = [i for i in end.legal_ids() if i]
            if not ids or n > 30:
                break
            end.apply(ids[0])
            n += 1
        print("plays after the end", n, end.places() == places, end.hand_sizes()[places[3]] > 0)
        try:
            end.apply(gs.FIRST_PLAY)
            print("applied")
        except IllegalAction:
            print("refused")
        print("over", end.is_over, end.current_player, end.legal_ids())
    """, backend)
    lines = out.splitlines()
    assert "seat 0 is out but holds cards" in lines[0]
    assert "seat 1 is out but holds cards" in lines[1]
    assert "seat 3 is out but holds cards" in lines[2]
    assert lines[3:5] == ["plays after the end 0 True True", "refused"]
    assert lines[5] == "over True None []"


@pytest.mark.parametrize("backend", BACKENDS)
def test_guandan_apply_cards_takes_only_the_cards_of_that_play(backend):
    gs = kernel("guandan_step", backend)
    hands = [[4, 8, 13], [12, 16], [20, 24], [28, 32]]     # seat 0: 3c 4c 5d
    core = gs.Core(hands, 5, 0)
    took = {}
    for i in core.legal_ids():
        c = core.copy()
        c.apply(i)
        took[tuple(c.table()[3])] = i
    single3 = took[(4,)]
    before = core.export()
    for i, cards in ((single3, [8]), (single3, [13]), (single3, [4, 8]), (single3, []),
                     (0, []), (0, [4])):
        with pytest.raises(IllegalAction, match="not legal now"):
            core.apply_cards(i, cards)
        assert core.export() == before
    assert core.apply_cards(single3, [4]) is None
    assert core.table()[3] == [4] and gs.from_export(core.export()) == core
    assert kernel("guandan_step", "ref" if backend == "fast" else "fast").from_export(
        core.export()).export() == core.export()


def _core_calls(name: str) -> str:
    """Code that makes an uninitialised ``Core`` of step kernel ``name`` (by ``__new__`` and by
    a constructor that raised) and calls every public method and property of it, printing
    what did not raise the library's error."""
    return f"""
        from cardcore._backend import kernel
        from cardcore.errors import CardcoreError
        C = kernel({name!r}).Core
        # the API: the compiled core's public names (the twin's slots are its storage)
        API = sorted(a for a in dir(kernel({name!r}, "fast").Core) if not a.startswith("_"))
        def calls(c):
            out = []
            for attr in API:
                if attr in ("from_export", "num_players", "num_distinct_actions",
                            "observation_shape"):
                    continue        # a static method; the core contract's sizes (base fields)
                raw = getattr(C, attr, None)
                if raw is None or type(raw).__name__ == "member_descriptor" or not callable(raw):
                    # (a field: a plain one of the twin, or a property: the library's error
                    # until constructed)
                    try:
                        getattr(c, attr)
                        out.append(attr)
                    except CardcoreError as e:
                        assert "not initialised" in str(e), (attr, e)
                    continue
                for n in range(7):
                    try:
                        getattr(c, attr)(*[0] * n)
                        out.append(attr)
                        break
                    except TypeError:
                        continue
                    except CardcoreError as e:
                        assert "not initialised" in str(e), (attr, e)
                        break
                else:
                    out.append(attr + "?")
            if C.__eq__ is not object.__eq__:       # (a core compared by its state)
                try:
                    c == c
                    out.append("==")
                except CardcoreError:
                    pass
            return out
        blank = C.__new__(C)
        print("new", calls(blank))
        # a core whose constructor raised
        junk = C.__new__(C)
        try:
            junk.__init__(*[None] * {{"holdem_step": 4, "bridge_step": 3, "tractor_step": 4,
                                     "guandan_step": 3, "shedding_step": 3,
                                     "preference_step": 6}}[{name!r}])
        except CardcoreError:
            pass
        print("raised", calls(junk))
    """


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", STEP_KERNELS)
def test_every_method_of_an_uninitialised_step_core_raises_the_library_error(name, backend):
    out = _run(_core_calls(name), backend).splitlines()
    assert out == ["new []", "raised []"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_step_core_whose_constructor_raised_again_is_not_initialised(backend):
    sh = kernel("shedding_step", backend)
    core = sh.Core(0, list(range(54)), 0)
    assert core.table() is None
    with pytest.raises(CardcoreError):
        core.__init__(0, list(range(53)), 0)
    for call in (core.table, core.legal_ids, core.export, core.copy, lambda: core.hand(0)):
        with pytest.raises(CardcoreError, match="not initialised"):
            call()
    core.__init__(0, list(range(54)), 1)        # constructed again: a core again
    assert core.first == 1 and core.legal_ids() == [0, 1, 2, 3]


# ----------------------------------------------------------------------------- compiled types

_WRONG_SELF = """
    import glob, importlib, os
    import cardcore._fast as fast
    from cardcore._backend import kernel

    other = kernel("schnapsen_step", "fast").from_seed(1)   # a core, but of another type
    kinds = ("method_descriptor", "classmethod_descriptor", "getset_descriptor",
             "member_descriptor", "cython_function_or_method")
    checked, wrong = 0, []
    for path in sorted(glob.glob(os.path.join(os.path.dirname(fast.__file__), "*.pyx"))):
        mod = importlib.import_module("cardcore._fast." + os.path.basename(path)[:-4])
        for cls in [v for v in vars(mod).values()
                    if isinstance(v, type) and v.__module__ == mod.__name__]:
            for name, attr in vars(cls).items():
                if type(attr).__name__ not in kinds:
                    continue
                for junk in (5, object(), other, None):
                    if isinstance(junk, cls):
                        continue
                    try:
                        if type(attr).__name__ == "classmethod_descriptor":
                            attr(type(junk))
                        elif type(attr).__name__ == "method_descriptor":
                            attr(junk)
                        elif type(attr).__name__ == "cython_function_or_method":
                            attr(junk)          # (a binding function: nothing checks it)
                        else:
                            attr.__get__(junk)
                    except TypeError:
                        checked += 1
                    else:
                        wrong.append(f"{cls.__name__}.{name}({junk!r})")
    print(checked > 500, wrong)
"""


def test_a_compiled_method_called_on_another_object_raises_type_error():
    # every method, class method and field of every compiled type checks the object it is
    # called on (the build's binding=False), instead of reading that object as its own type
    assert _run(_WRONG_SELF, "fast").split("\n")[0] == "True []"


def test_every_compiled_function_and_method_has_its_signature():
    import importlib
    import inspect
    from pathlib import Path

    import cardcore._fast as fast

    missing, n = [], 0
    for path in sorted(Path(fast.__file__).parent.glob("*.pyx")):
        mod = importlib.import_module(f"cardcore._fast.{path.stem}")
        for name, obj in vars(mod).items():
            found = []
            if callable(obj) and getattr(obj, "__module__", None) == mod.__name__:
                found = [(name, obj)]
                if isinstance(obj, type):
                    found = [(f"{name}.{m}", getattr(obj, m)) for m, v in vars(obj).items()
                             if type(v).__name__ in ("method_descriptor",
                                                     "classmethod_descriptor")]
            for label, fn in found:
                n += 1
                try:
                    inspect.signature(fn)
                except ValueError:
                    missing.append(f"{path.stem}.{label}")
    assert n > 200 and missing == []
