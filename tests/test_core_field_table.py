"""The step cores' fields declared once in ``cardcore._fast.core_fields``.

Each compiled step kernel's ``Core`` is built on ``_Fields``, the class the build writes from
that table: the C record and one read-only property (or method of no argument) a read. Here: the
class holds exactly the table's reads with their docstrings, ``Core`` does not write any of them
again, each read gives what the plain-Python twin gives on the same deals, step by step, a core
made without its constructor refuses each of them, and the build refuses a table it cannot
write. The class's types are written from the same table (``<kernel>_fields.pyi``, which the
kernel's own stub imports): the ones installed beside the kernels are the table's, each kind
typed as its reads are checked here.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import cardcore
from cardcore import CardcoreError
from cardcore._backend import kernel
from cardcore._fast import core_fields
from cardcore.game import game_class
from cardcore.rng import Rng

KERNELS = sorted(core_fields.FIELDS)
#: every game, by the step kernel its core is (Dou Dizhu and Zheng Shangyou share one)
GAMES_OF = {name: [g for g in cardcore.GAMES if name == game_class(g).CORE] for name in KERNELS}


def fast(kernel_name: str):
    return kernel(kernel_name, "fast")


def read(core, f: core_fields.Field):
    """What ``core`` shows for the table's read ``f``."""
    value = getattr(core, f.name)
    return value() if f.call else value


def test_every_step_kernel_has_a_table_and_every_game_one_kernel():
    assert all(GAMES_OF[k] for k in KERNELS)
    assert sorted(g for k in KERNELS for g in GAMES_OF[k]) == sorted(cardcore.GAMES)


@pytest.mark.parametrize("name", KERNELS)
def test_the_fields_class_holds_the_table_and_core_writes_none_again(name):
    mod = fast(name)
    fields = core_fields.FIELDS[name]
    assert mod.Core.__mro__[1] is mod._Fields
    own = {n: v for n, v in vars(mod._Fields).items() if not n.startswith("__")}
    assert set(own) == {f.name for f in fields}
    for f in fields:
        assert f.name not in vars(mod.Core), f.name
        # a Cython property is a getset descriptor; a method of no argument is callable
        assert (type(own[f.name]).__name__ == "getset_descriptor") != f.call, f.name
        if f.doc:
            assert own[f.name].__doc__.endswith(f.doc), f.name


KINDS = {core_fields.INT: int, core_fields.FLAG: bool, core_fields.SEAT: (int, type(None)),
         core_fields.LIST: list, core_fields.CARDS: list}


@pytest.mark.parametrize("name", KERNELS)
def test_each_read_gives_what_the_twin_gives_at_every_step(name):
    """Random deals of every game on the kernel: at each position, every read of the compiled
    core equals the plain-Python twin's on the same position (loaded from the export), and has
    its kind's type."""
    fields = core_fields.FIELDS[name]
    for game in GAMES_OF[name]:
        for seed in (1, 2):
            core = fast(name).from_seed(seed, **game_class(game).CORE_OPTIONS)
            rng = Rng(seed)
            steps = 0
            while True:
                twin = kernel(name, "ref").from_export(core.export())
                for f in fields:
                    got = read(core, f)
                    assert got == read(twin, f), (game, seed, steps, f.name)
                    assert isinstance(got, KINDS[f.kind]), (f.name, got)
                    assert f.kind == core_fields.FLAG or type(got) is not bool
                    assert f.kind != core_fields.LIST or all(type(v) is int for v in got)
                    if f.kind == core_fields.CARDS:
                        for cards in (got if f.each else [got]):
                            assert type(cards) is list, f.name
                            assert all(type(c) is int for c in cards), f.name
                if core.is_over:
                    break
                ids = core.legal_ids()
                core.apply(ids[rng.below(len(ids))])
                steps += 1
            assert steps > 0


@pytest.mark.parametrize("name", KERNELS)
def test_a_core_made_without_its_constructor_refuses_every_field(name):
    cls = fast(name).Core
    blank = cls.__new__(cls)
    for f in core_fields.FIELDS[name]:
        with pytest.raises(CardcoreError, match="not initialised"):
            read(blank, f)


@pytest.mark.parametrize("bad", [
    core_fields.Field("dealer"),                                 # declared twice
    core_fields.Field("x", "seat or none"),                      # no such kind
    core_fields.Field("not a name"),
    core_fields.Field("y", core_fields.INT, 'a """ quote'),
    core_fields.Field("z", core_fields.INT, length="ncalls"),    # a length for no list
    core_fields.Field("w", core_fields.LIST, member="calls[0]"),
    core_fields.Field("v", core_fields.CARDS),                   # no card reader for Bridge
    core_fields.Field("u", core_fields.INT, each=True),          # each for no card set
])
def test_the_build_refuses_a_table_it_cannot_write(monkeypatch, bad):
    monkeypatch.setitem(core_fields.FIELDS, "bridge_step",
                        (*core_fields.FIELDS["bridge_step"], bad))
    with pytest.raises(ValueError, match="bridge_step"):
        core_fields.pxi("bridge_step")
    with pytest.raises(ValueError, match="bridge_step"):
        core_fields.pyi("bridge_step")


@pytest.mark.parametrize("name", KERNELS)
def test_the_installed_field_stubs_are_the_tables(name):
    """In the installed ``_fast`` package: each kernel's ``_Fields`` stub, as the table writes
    it now, and the kernel's own stub taking ``_Fields`` from it (so the wheel ships them,
    current)."""
    folder = Path(core_fields.__file__).parent
    assert (folder / f"{name}_fields.pyi").read_text() == core_fields.pyi(name)
    own = (folder / f"{name}.pyi").read_text()
    assert f"from cardcore._fast.{name}_fields import _Fields as _Fields\n" in own
    assert "class _Fields" not in own


def test_the_written_stub_types_each_kind_as_its_reads_are():
    text = core_fields.pyi("shedding_step")
    assert "@disjoint_base\nclass _Fields(CoreBase):\n" in text
    assert "    game: Final[int]\n" in text                      # INT
    assert "    bidder: Final[int | None]\n" in text             # SEAT
    assert "    opening: Final[bool]\n" in text                  # FLAG
    assert "    def history(self) -> list[int]: ...\n" in text   # LIST, a method
    assert "    def bottom(self) -> list[int]: ...\n" in text    # CARDS
    assert "    def hands(self) -> list[list[int]]: ...\n" in text   # CARDS, each
    assert "    hand_stacks: Final[list[int]]\n" in core_fields.pyi("holdem_step")
    for name in KERNELS:                                          # one line a read
        lines = core_fields.pyi(name).split("class _Fields(CoreBase):\n")[1].splitlines()
        assert len(lines) == 1 + len(core_fields.FIELDS[name])


def test_the_stubs_are_written_only_where_they_changed(tmp_path):
    paths = core_fields.write_stubs(tmp_path)
    assert sorted(p.name for p in paths) == sorted(f"{k}_fields.pyi" for k in KERNELS)
    assert all(p.read_text() == core_fields.pyi(p.name[:-11]) for p in paths)
    stale = tmp_path / "bridge_step_fields.pyi"
    stale.write_text("stale")
    os.utime(paths[1], ns=(0, 0))
    core_fields.write_stubs(tmp_path)
    assert stale.read_text() == core_fields.pyi("bridge_step")
    assert paths[1].stat().st_mtime_ns == 0                      # unchanged: not written


def test_the_written_class_reads_each_kind_through_its_conversion():
    text = core_fields.pxi("guandan_step")
    assert text.count("@property") == len(core_fields.FIELDS["guandan_step"])
    assert "cdef class _Fields(CoreBase):" in text
    assert "return bool(self.s.cancelled)" in text               # FLAG, another member
    seat = core_fields.pxi("bridge_step")
    assert "return or_none(self.s.playing)" in seat              # SEAT
    assert "return self.s.dealer" in seat                        # INT
    assert ("    def call_ids(self):\n        self.live()\n"
            "        return [self.s.calls[k] for k in range(self.s.ncalls)]") in seat
    assert "return [v for v in self.s.hand]" in seat             # LIST, all items
    cards = core_fields.pxi("shedding_step")                     # CARDS, the kernel's reader
    assert "return _sorted_list(self.s.bottom)" in cards
    assert "return [_sorted_list(v) for v in self.s.hand]" in cards
    assert "return [mask_cards(v) for v in self.s.known]" in core_fields.pxi("schnapsen_step")
