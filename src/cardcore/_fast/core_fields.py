"""The reads of the compiled step cores that show a member of their C record, declared once.

A compiled core keeps its deal in one C record (``s``), so that the kernel steps it without the
interpreter and a copy is one assignment. Most of what a core shows is a member of that record
read as it is. Those reads are declared here, a line each, and not written by hand in every
kernel: the build (``setup.py``) writes ``<kernel>_fields.pxi`` from this table, which the kernel
includes. It defines ``_Fields``, the base of the kernel's ``Core``: the record (declared in
``<kernel>.pxd``) and, for each entry below, a read-only property (a method of no argument with
``call=True``) that checks that the core holds a deal (``live()``) and returns the member:

- ``INT``: as it is;
- ``SEAT``: a seat or an index, ``None`` for -1 (``or_none``);
- ``FLAG``: ``True`` or ``False``;
- ``LIST``: an array member as a list of ints: all its items, or with ``length`` the first
  ``s.<length>`` of them;
- ``CARDS``: a card set held as a bitmask, as its list of card ids in the game's order (the
  kernel's reader, ``CARD_READER``); with ``each``, an array of such masks (one a seat) as a list
  of card lists.

A read that computes its value (a test, a score, a value from several members) is written in
the kernel's ``Core``. The plain-Python twins declare the same reads with ``cardcore._ref.core``'s
``field`` and ``reader``; ``tests/test_core_field_table.py`` reads both on the same deals. This
module imports nothing of the package: the build reads it before there is one to import.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

INT = "int"
SEAT = "seat"
FLAG = "flag"
LIST = "list"
CARDS = "cards"

#: how a kind reads the member ``m`` (``n``: the member that holds a list's length), in Cython
READ = {INT: "{m}", SEAT: "or_none({m})", FLAG: "bool({m})", LIST: "[v for v in {m}]",
        CARDS: "{r}({m})"}
COUNTED = "[{m}[k] for k in range({n})]"
EACH = "[{r}(v) for v in {m}]"
#: the type a kind's read has, in the kernels' stubs (a ``CARDS`` read with ``each``: a list of
#: them)
TYPE = {INT: "int", SEAT: "int | None", FLAG: "bool", LIST: "list[int]", CARDS: "list[int]"}

#: kernel module -> the function (defined or cimported before the kernel includes its reads)
#: that reads a card set held as a bitmask as its card ids: ascending ids, or the shedding
#: games' order (``sort_cards``)
CARD_READER = {"preference_step": "mask_cards", "schnapsen_step": "mask_cards",
               "shedding_step": "_sorted_list"}


class Field(NamedTuple):
    """One read: its ``name``, its ``kind``, its docstring, the record member it reads
    (``member``, when it is not ``name``; ``b.stacks`` for a member of a member), for a ``LIST``
    the member that holds its length (``length``), for ``CARDS`` whether the member is an
    array of masks (``each``), and whether it is a method (``call``)."""

    name: str
    kind: str = INT
    doc: str = ""
    member: str = ""
    length: str = ""
    call: bool = False
    each: bool = False


def plain(names: str) -> tuple[Field, ...]:
    """``INT`` reads of the members named (separated by spaces), with no docstring."""
    return tuple(Field(name) for name in names.split())


#: kernel module -> its reads, in the order ``help(Core)`` lists them
FIELDS: dict[str, tuple[Field, ...]] = {
    "bridge_step": (
        *plain("dealer vul phase"),
        Field("playing", SEAT, "The seat whose card is played next, ``None`` outside the play."),
        *plain("ncalls nplayed leader declarer"),
        Field("last_bid", INT,
              "The highest bid so far as its index 0 (1C) .. 34 (7NT); -1 before the first bid."),
        Field("last_bidder", INT, "The seat that made ``last_bid``; -1 before the first bid."),
        Field("doubled_now", INT, "The status of ``last_bid``: 0, 1 doubled, 2 redoubled."),
        Field("passes", INT, "The passes in a row at the end of the auction so far."),
        Field("call_ids", LIST, member="calls", length="ncalls", call=True),
        Field("played_cards", LIST, member="played", length="nplayed", call=True),
        Field("hands", LIST, member="hand", call=True),
        Field("dealt_hands", LIST, member="dealt", call=True),
        Field("tricks_won", LIST, member="won", call=True),
    ),
    "guandan_step": (
        Field("tribute_cancelled", FLAG,
              "Whether the payers held both Red Jokers (no tribute this deal).",
              member="cancelled"),
        Field("rng_state", INT, "The generator state after the deal's draws.", member="rng"),
    ),
    "holdem_step": (
        Field("hand_over", FLAG),
        Field("showdown", FLAG),
        *plain("street button sb bb hands last_bb last_players"),
        Field("seated", INT,
              "The seats with chips when the match began (the observation's chip unit is the "
              "chips at the table over this number)."),
        *plain("small big nact pos"),
        Field("hand_stacks", LIST),
        Field("street_at", LIST),
        Field("values", LIST),
        Field("won", LIST),
        Field("pot_contrib", LIST),
        Field("board", LIST, length="nboard"),
        Field("burns", LIST, length="nburns"),
        Field("stacks", LIST, member="b.stacks", call=True),
    ),
    "onepoker_step": (
        Field("first", INT, "The seat that locks and bets first this deal."),
        Field("final_pot", INT,
              "The pot that was shared out (settled deal: the uncalled chips returned; 0 "
              "before).",
              member="pot"),
        Field("reshuffled", FLAG,
              "Whether the pile was reshuffled with the discards before this deal's draws."),
        Field("rng", INT, "The generator state the core carries (for the next deal's reshuffle)."),
        Field("deal_chips", LIST,
              "Each seat's chips before this deal (before the antes).",
              member="start"),
        Field("won", LIST, "The chips each seat took from the pot (settled deal; zeros before)."),
        Field("pile", LIST, "The draw pile, top first.", length="npile"),
        Field("discards", LIST,
              "The played cards since the last reshuffle, oldest first.",
              length="ndiscards"),
    ),
    "preference_step": (
        *plain("dealer deal_no deals"),
        Field("phase", INT, "The phase, an index of ``PHASES``."),
        Field("number", INT, "The highest number bid (0: none)."),
        Field("number_holder", SEAT),
        Field("game_level", INT,
              "The level of the Game bid so far (clubs 1, spades 2, diamonds 3; 0: none)."),
        Field("game_holder", SEAT),
        Field("kind", SEAT,
              "The contract's kind (an index of ``KINDS``), ``None`` before it is fixed."),
        Field("declarer", SEAT),
        Field("level"),
        Field("trump", SEAT, "The trump suit, ``None`` until it is named."),
        Field("invited", SEAT, "The invited guest's seat."),
        Field("host", SEAT),
        Field("leader", SEAT),
        Field("no_aces", FLAG),
        Field("decl_aces", INT, "The aces among the declarer's ten playing cards."),
        *plain("n_tricks pot"),
        Field("defence", LIST, "Each seat's defence as an index of ``DEFENCES``."),
        Field("won", LIST),
        Field("balances", LIST),
        Field("hands", CARDS, "Each seat's cards, ascending.", member="hand", call=True,
              each=True),
        Field("talon", CARDS, call=True),
        Field("discards", CARDS, call=True),
    ),
    "schnapsen_step": (
        *plain("dealer leader"),
        Field("phase", INT, "``LEAD`` (0), ``FOLLOW`` (1) or ``OVER`` (2)."),
        Field("trump"),
        Field("closed", FLAG),
        Field("closer", SEAT),
        *plain("close_points close_tricks"),
        Field("lead_card", SEAT,
              "The card led to the current trick (``None`` when no card is on the table).",
              member="lead"),
        Field("winner", SEAT, "The deal's winner once it is over."),
        Field("game_points"),
        Field("reason", INT, "Why the deal ended: an index into ``REASONS`` (-1 until over)."),
        Field("rng", INT,
              "The generator state after the deal (the match's next deal draws from it)."),
        Field("points", LIST),
        Field("pending", LIST),
        Field("tricks_won", LIST, member="won"),
        Field("counts", LIST,
              "The match counts: as at the start of the deal, the winner's lowered by the deal's"
              " game points once it is over (not below 0)."),
        Field("deck", LIST, "The deal's 20 cards in dealing order.", member="deal"),
        Field("actions", LIST, "The action ids applied, in order.", member="ids", length="nids"),
        Field("hands", CARDS, "Each seat's hand, ascending card ids.", member="hand", each=True),
        Field("known", CARDS,
              "The cards of each hand that are publicly known (the card taken by an exchange, "
              "the partner of an announced marriage, the trump card taken at the last draw).",
              each=True),
    ),
    "shedding_step": (
        Field("game"),
        Field("phase", INT, "``BIDDING``, ``PLAYING`` or ``OVER``."),
        Field("turn"),
        Field("first", INT,
              "Dou Dizhu: the seat that bids first; Zheng Shangyou: the holder of the 3 of "
              "hearts."),
        Field("redeals", INT,
              "Dou Dizhu: the auctions that ended in three passes, each redealt from the core's "
              "generator."),
        Field("rng_state", INT,
              "The state of the core's SplitMix64 generator (the next redeal draws from it).",
              member="rng"),
        Field("bid"),
        Field("bidder", SEAT),
        Field("bid_passes"),
        Field("landlord", SEAT),
        Field("bombs"),
        Field("spring", INT,
              "Dou Dizhu: ``DDZ_NO_SPRING`` (0), ``DDZ_SPRING`` (1) or ``DDZ_REVERSE_SPRING`` "
              "(2)."),
        Field("passes"),
        Field("winner", SEAT),
        Field("opening", FLAG, "Zheng Shangyou: no card played yet."),
        Field("pending_bomb", SEAT, member="pending"),
        Field("nplays"),
        Field("num_plays", LIST, call=True),
        Field("bonus", LIST,
              "Zheng Shangyou: the settled bomb bonuses of seats 0, 1, 2.",
              call=True),
        Field("history", LIST,
              "The action ids applied in this deal (since the last redeal), in order.",
              member="ev_id", length="nev", call=True),
        Field("hands", CARDS, member="hand", call=True, each=True),
        Field("bottom", CARDS, "Dou Dizhu's three bottom cards, sorted (empty in Zheng Shangyou).",
              call=True),
    ),
    "tractor_step": (
        Field("kitty_bonus", INT,
              "The points the attackers add for the kitty: the buried cards' points times twice "
              "the cards of each play of the last trick, when they win it (0 until the deal is "
              "over).",
              member="bonus"),
        Field("rng", INT,
              "The generator state after the deal's draws (the next deal is shuffled from it)."),
        Field("phase", INT, "0 declaring, 1 burying, 2 playing, 3 over."),
        Field("turn", INT, "The seat to act (the last trick's winner once over)."),
        Field("speaker"),
        Field("dealer", SEAT,
              "The deal's dealer, ``None`` while the first deal's declaration has not fixed it."),
        Field("level", INT, "The deal's level rank (0..12): the dealer's team's level."),
        Field("trump", SEAT, "0..3 (c d h s), 4 no-trump, ``None`` while not settled."),
        Field("passes"),
        Field("first_declarer", SEAT),
        Field("leader"),
        Field("points", INT,
              "The card points won by the attackers in tricks (the kitty bonus apart)."),
        Field("size", INT,
              "Cards per play of the trick in progress (of the last trick between tricks)."),
        Field("ntricks"),
        Field("nplays", INT, "Complete plays in the trick in progress."),
        Field("npicked"),
        Field("levels", LIST, "The two teams' levels at the deal's start."),
        Field("buried", LIST, length="nburied", call=True),
        Field("picked", LIST, length="npicked", call=True),
        Field("played", LIST,
              "The cards of the finished tricks, in play order.",
              member="cards", length="nplayed", call=True),
        Field("trick_winners", LIST, member="t_winner", length="ntricks", call=True),
        Field("history", LIST,
              "The action ids applied in this deal, in order.",
              member="hist", length="nhist", call=True),
    ),
}


def _check(kernel: str) -> None:
    """Raise ``ValueError`` unless the build can write ``kernel``'s entries."""
    names = [f.name for f in FIELDS[kernel]]
    if len(set(names)) != len(names):
        raise ValueError(f"{kernel}: a read is declared twice")
    for f in FIELDS[kernel]:
        members = [f.member or f.name] + ([f.length] if f.length else [])
        if (f.kind not in READ or not f.name.isidentifier() or '"""' in f.doc
                or (f.length and f.kind != LIST) or (f.each and f.kind != CARDS)
                or (f.kind == CARDS and kernel not in CARD_READER)
                or not all(part.isidentifier() for m in members for part in m.split("."))):
            raise ValueError(f"{kernel}: {f!r} is not a read the build can write")


def pxi(kernel: str) -> str:
    """The Cython source of ``kernel``'s ``_Fields`` class (what the build writes to
    ``<kernel>_fields.pxi``)."""
    _check(kernel)
    out = [f"# {kernel}: the reads of cardcore/_fast/core_fields.py (written by setup.py;",
           "# edit the table, not this file)", "",
           "cdef class _Fields(CoreBase):",
           '    """The core\'s C record (``s``) and the reads that show its members as they are',
           '    stored (``cardcore._fast.core_fields``); ``Core`` adds the rules."""', ""]
    for f in FIELDS[kernel]:
        member = "self.s." + (f.member or f.name)
        if f.length:
            value = COUNTED.format(m=member, n="self.s." + f.length)
        else:
            value = (EACH if f.each else READ[f.kind]).format(m=member,
                                                              r=CARD_READER.get(kernel))
        if not f.call:
            out.append("    @property")
        out.append(f"    def {f.name}(self):")
        if f.doc:
            out.append(f'        """{f.doc}"""')
        out += ["        self.live()", f"        return {value}", ""]
    return "\n".join(out)


def pyi(kernel: str) -> str:
    """The type stub of ``kernel``'s ``_Fields`` class (what the build writes to
    ``<kernel>_fields.pyi`` beside the kernel's own stub, which imports the class from it)."""
    _check(kernel)
    out = [f'"""The types of the reads of ``{kernel}``\'s ``_Fields`` class, written by the build',
           'from ``cardcore._fast.core_fields`` (edit the table, not this file)."""', "",
           "from typing import Final", "", "from typing_extensions import disjoint_base", "",
           "from cardcore._fast.core import Core as CoreBase", "", "@disjoint_base",
           "class _Fields(CoreBase):",
           '    """The C record and the reads that show its members as stored."""']
    for f in FIELDS[kernel]:
        kind = f"list[{TYPE[f.kind]}]" if f.each else TYPE[f.kind]
        out.append(f"    def {f.name}(self) -> {kind}: ..." if f.call
                   else f"    {f.name}: Final[{kind}]")
    return "\n".join(out) + "\n"


def write_stubs(folder: Path = Path(__file__).parent) -> list[Path]:
    """Write every kernel's ``<kernel>_fields.pyi`` into ``folder`` (this module's own, the
    package's ``_fast``), each only where its text changed; return the paths. The build calls
    it; run this module as a script to write them without a build (for ``mypy``)."""
    paths = []
    for kernel in FIELDS:
        path, text = folder / f"{kernel}_fields.pyi", pyi(kernel)
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write_stubs():
        print(written)
