"""Guandan step kernel, plain-Python reference twin of ``cardcore._fast.guandan_step``: the play
of one deal.

``Core(hands, level, turn, places=(), table=None, passes=0)`` holds:

* the hands: per seat, the count (0..2) of each card id 0..53 (two decks);
* ``level``: the deal's level rank index 0..12 (the hearts of that rank are wild);
* ``turn``: the seat to act;
* the table: ``None`` when the seat to act leads, else the seat, the action id and the cards
  (in the order played) of the play to beat; ``passes``: the passes since it;
* the plays of the deal: per play its seat, action id and cards; the passes: per pass its
  seat and the index of the play it passed on (-1 when the table was set up by a position);
* ``places``: the seats out, in order (all four once the deal is over).

Action ids (``docs/actions/guandan.md``): 0 pass, plays from ``FIRST_PLAY`` = 55 (the guandan
kernel's table of plays; the returns of the tribute, 1..54, are the game's).

``legal_ids()``: the kernel's ``hand_ids`` of the seat to act (pass first when a play is on
the table). ``apply(i)``: a pass counts, and when every other seat still in has passed the
table clears and the last player leads again, its partner when it is out, else the next seat
in; a play takes its cards from the hand (the kernel's ``take``, or the cards given to
``apply_cards``), goes on the table, joins the plays and resets the passes; a seat whose hand
is empty goes out, and when the third seat goes out the fourth joins ``places`` and ``apply``
returns 1 (the deal is over); else the turn passes to the next seat still in and it returns 0.
``give(source, target, card)`` moves a card between hands (the tribute and its returns) and
``set_turn`` names the seat to act after them.

``export()``: the fields of ``EXPORT_FIELDS`` (turn, level, passes, nplaces, the four places
padded with -1, the table's seat, id and number of cards, the numbers of plays, of their
cards and of passes, then the 4 x 54 hand counts), then the table's cards, ``seat, id, n`` per
play, the plays' cards and ``seat, play index`` per pass. ``from_export`` checks every field.
"""

from __future__ import annotations

import operator

from cardcore.errors import CardcoreError, IllegalAction, quote

from .core import CoreBase
from .core import live as _live
from . import guandan as K

FIRST_PLAY = K.FIRST_PLAY
NUM_ACTIONS = K.NUM_ACTIONS
KINDS = tuple(K.KINDS)
NCARDS = 54
CARDS = 108
MAX_PASSES = 336
PLAY_CAP = 16
EXPORT_FIELDS = ("turn", "level", "passes", "nplaces", "place_0", "place_1", "place_2",
                 "place_3", "tseat", "tid", "tn", "nplays", "ncards", "npasses",
                 *(f"count_{s}_{c}" for s in range(4) for c in range(NCARDS)))
EXPORT_HEAD = len(EXPORT_FIELDS)
_TEXTS: list[str] = []


def _texts() -> list[str]:
    """The text of every action id (the guandan kernel's ``id_texts``, read on first use)."""
    if not _TEXTS:
        _TEXTS.extend(K.id_texts())
    return _TEXTS


def _int(x, what: str, lo: int, hi: int) -> int:
    """``x`` as an int in ``lo..hi`` (an int or numpy integer, not a bool)."""
    if type(x) is int and lo <= x <= hi:
        return x
    if isinstance(x, bool):
        raise CardcoreError(f"{what} {quote(x)}: expected an int, not a bool")
    try:
        v = operator.index(x)
    except TypeError:
        raise CardcoreError(f"{what} {quote(x)}: expected an int") from None
    if not lo <= v <= hi:
        raise CardcoreError(f"{what} {quote(x)}: expected {lo}..{hi}")
    return v


def _action_id(i) -> int:
    """An action id (-1 for an int outside every id range); anything else raises."""
    if type(i) is not int and (isinstance(i, bool) or not isinstance(i, int)):
        raise IllegalAction(f"action id {quote(i)}: expected an int")
    v = int(i)
    return v if -(2**63) <= v < 2**63 else -1


def _cards(cards, what: str, cap: int) -> list[int]:
    if isinstance(cards, (str, bytes)):
        raise CardcoreError(f"{what} {quote(cards)}: expected a list of card ids")
    try:
        items = list(cards)
    except TypeError:
        raise CardcoreError(f"{what} {quote(cards)}: expected a list of card ids") from None
    if len(items) > cap:
        raise CardcoreError(f"{what}: {len(items)} cards, at most {cap}")
    return [_int(x, f"{what}: card id", 0, 53) for x in items]


def _hand(counts: list[int]) -> list[int]:
    return [c for c in range(NCARDS) for _ in range(counts[c])]


class Core(CoreBase):
    """The play of one deal (see the module docstring)."""

    __slots__ = ("cnt", "level_", "turn_", "passes_", "places_", "tseat", "tid", "tcards",
                 "pseat", "pid", "pcards", "qseat", "qon", "_ready")

    def __init__(self, hands, level, turn, places=(), table=None, passes=0) -> None:
        self._ready = False
        self.cnt = [[0] * NCARDS for _ in range(4)]
        tot = [0] * NCARDS
        if isinstance(hands, (str, bytes)):
            raise CardcoreError(f"hands {quote(hands)}: expected four lists of card ids")
        try:
            hs = list(hands)
        except TypeError:
            raise CardcoreError(f"hands {quote(hands)}: expected four lists of card ids") from None
        if len(hs) != 4:
            raise CardcoreError(f"hands: expected four lists of card ids, got {len(hs)}")
        for seat in range(4):
            for c in _cards(hs[seat], "hands", CARDS):
                tot[c] += 1
                if tot[c] > 2:
                    raise CardcoreError(f"hands: card id {c} more than twice")
                self.cnt[seat][c] += 1
        self.level_ = _int(level, "level", 0, 12)
        self.turn_ = _int(turn, "turn", 0, 3)
        self.places_: list[int] = []
        self.pseat: list[int] = []
        self.pid: list[int] = []
        self.pcards: list[list[int]] = []
        self.qseat: list[int] = []
        self.qon: list[int] = []
        self.tseat = 0
        self.tid = 0
        self.tcards: list[int] = []
        if isinstance(places, (str, bytes)):
            raise CardcoreError(f"places {quote(places)}: expected a list of seats")
        try:
            ps = list(places)
        except TypeError:
            raise CardcoreError(f"places {quote(places)}: expected a list of seats") from None
        if len(ps) > 3:
            raise CardcoreError(f"places {quote(places)}: at most three seats are out")
        for x in ps:
            seat = _int(x, "places: seat", 0, 3)
            if seat in self.places_:
                raise CardcoreError(f"places {quote(places)}: seat {seat} twice")
            if any(self.cnt[seat]):
                raise CardcoreError(f"places {quote(places)}: seat {seat} is out but holds "
                                    "cards")
            self.places_.append(seat)
        self.passes_ = _int(passes, "passes", 0, 2)
        if table is None:
            if self.passes_:
                raise CardcoreError(f"passes {quote(passes)}: no play is on the table")
            self._ready = True
            return
        try:
            seat_x, id_x, cards_x = table
        except (TypeError, ValueError):
            raise CardcoreError(f"table {quote(table)}: expected (seat, action id, cards)") \
                from None
        self.tseat = _int(seat_x, "table: seat", 0, 3)
        self.tid = _int(id_x, "table: action id", FIRST_PLAY, NUM_ACTIONS - 1)
        self.tcards = _cards(cards_x, "table: cards", PLAY_CAP)
        if not self._exact(self.tid, self.tcards):
            raise CardcoreError(f"table {quote(table)}: the cards are not that play at level "
                                f"index {self.level_}")
        self._ready = True

    # ------------------------------------------------------------------ rules
    def _exact(self, i: int, cards: list[int]) -> bool:
        if any(cards.count(c) > 2 for c in cards):
            return False
        if not K.id_ok(cards, self.level_, None, i):
            return False
        return sorted(K.take(cards, self.level_, i)[0]) == sorted(cards)

    def _beat(self) -> list[int] | None:
        if self.tid == 0:
            return None
        return self._key(self.tid)

    def _next_active(self, seat: int) -> int:
        t = (seat + 1) % 4
        for _ in range(4):
            if t not in self.places_:
                return t
            t = (t + 1) % 4
        return seat

    def _is_legal(self, i: int) -> bool:
        if i == 0:
            return self.tid != 0
        if not FIRST_PLAY <= i < NUM_ACTIONS or len(self.places_) >= 4:
            return False                    # (no play once the deal is over)
        return K.id_ok(_hand(self.cnt[self.turn_]), self.level_, self._beat(), i)

    def _pass(self) -> None:
        seat, last, places = self.turn_, self.tseat, self.places_
        self.passes_ += 1
        if len(self.qseat) < MAX_PASSES:
            self.qseat.append(seat)
            self.qon.append(len(self.pid) - 1)
        others = 4 - len(places) - (0 if last in places else 1)  # seats in but ``last``
        if self.passes_ >= others:          # everyone else passed: a new lead
            self.tid = 0
            self.tcards = []
            self.tseat = 0
            self.passes_ = 0
            if last not in places:
                self.turn_ = last
            elif (last + 2) % 4 not in places:
                self.turn_ = (last + 2) % 4     # the partner of a player who went out leads
            else:
                self.turn_ = self._next_active(last)
        else:
            self.turn_ = self._next_active(seat)

    def _apply(self, i: int, cards: list[int] | None) -> int:
        if not self._is_legal(i):
            return -1
        if i == 0:
            self._pass()
            return 0
        seat = self.turn_
        hand = self.cnt[seat]
        taken = K.take(_hand(hand), self.level_, i)[0]
        if (len(taken) > PLAY_CAP or sum(len(p) for p in self.pcards) + len(taken) > CARDS
                or len(self.pid) >= CARDS):
            return -1
        if cards is None:
            cards = taken
        else:
            if len(cards) != len(taken):
                return -1
            if any(cards.count(c) > hand[c] for c in cards):
                return -1
            cards = list(cards)
        for c in cards:
            hand[c] -= 1
        self.pseat.append(seat)
        self.pid.append(i)
        self.pcards.append(list(cards))
        self.tid = i
        self.tseat = seat
        self.tcards = list(cards)
        self.passes_ = 0
        if not any(hand):
            self.places_.append(seat)
            if len(self.places_) == 3:
                self.places_.append(next(s for s in range(4) if s not in self.places_))
                return 1
        self.turn_ = self._next_active(seat)
        return 0

    # ------------------------------------------------------------------ legality
    def legal_ids(self) -> list[int]:
        _live(self)
        if len(self.places_) >= 4:          # the deal is over: no play (a pass on the last play)
            return [0] if self.tid else []
        return K.hand_ids(_hand(self.cnt[self.turn_]), self.level_, self._beat())

    def is_legal(self, i) -> bool:
        _live(self)
        return self._is_legal(_action_id(i))

    def apply(self, i) -> int:
        _live(self)
        r = self._apply(_action_id(i), None)
        if r < 0:
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        return r

    def apply_cards(self, i, cards) -> int:
        _live(self)
        v = _action_id(i)
        cs = _cards(cards, "cards", PLAY_CAP)
        r = -1
        if (not cs) if v == 0 else (self._is_legal(v) and self._exact(v, cs)):
            r = self._apply(v, cs if v else None)
        if r < 0:
            raise IllegalAction(f"action id {quote(i)} with cards {quote(cards)}: not legal now "
                                "(a pass takes no cards, a play exactly the cards of that play, "
                                "all held)")
        return r

    # ------------------------------------------------------------------ tribute
    def give(self, source, target, card) -> None:
        _live(self)
        a = _int(source, "source", 0, 3)
        b = _int(target, "target", 0, 3)
        c = _int(card, "card", 0, 53)
        if self.cnt[a][c] == 0:
            raise CardcoreError(f"card {c}: seat {a} does not hold it")
        if b in self.places_:
            raise CardcoreError(f"target {b}: the seat is out")
        self.cnt[a][c] -= 1
        self.cnt[b][c] += 1

    def set_turn(self, seat) -> None:
        _live(self)
        self.turn_ = _int(seat, "seat", 0, 3)

    # ------------------------------------------------------------------ reading
    @property
    def turn(self) -> int:
        _live(self)
        return self.turn_

    @property
    def level(self) -> int:
        _live(self)
        return self.level_

    @property
    def passes(self) -> int:
        _live(self)
        return self.passes_

    def hand(self, seat) -> list[int]:
        _live(self)
        return _hand(self.cnt[_int(seat, "seat", 0, 3)])

    def hands(self) -> list[list[int]]:
        _live(self)
        return [_hand(h) for h in self.cnt]

    def hand_sizes(self) -> list[int]:
        _live(self)
        return [sum(h) for h in self.cnt]

    def _key(self, i: int) -> list[int]:
        return K._level_row(K._ROWS[i - FIRST_PLAY], self.level_)[:3]

    def table(self) -> list | None:
        _live(self)
        if self.tid == 0:
            return None
        key = self._key(self.tid)
        return [self.tseat, KINDS[key[0]], _texts()[self.tid], list(self.tcards), key]

    def plays(self) -> list[list]:
        _live(self)
        texts = _texts()
        return [[s, KINDS[self._key(i)[0]], texts[i], list(cs)]
                for s, i, cs in zip(self.pseat, self.pid, self.pcards)]

    def played(self) -> list[list[int]]:
        _live(self)
        out: list[list[int]] = [[], [], [], []]
        for s, cs in zip(self.pseat, self.pcards):
            out[s].extend(cs)
        return out

    def passes_on(self) -> list[list[int]]:
        _live(self)
        return [[s, k] for s, k in zip(self.qseat, self.qon)]

    def places(self) -> list[int]:
        _live(self)
        return list(self.places_)

    def copy(self) -> Core:
        _live(self)
        new = object.__new__(Core)
        new.cnt = [list(h) for h in self.cnt]
        new.level_, new.turn_, new.passes_ = self.level_, self.turn_, self.passes_
        new.places_ = list(self.places_)
        new.tseat, new.tid, new.tcards = self.tseat, self.tid, list(self.tcards)
        new.pseat, new.pid = list(self.pseat), list(self.pid)
        new.pcards = [list(p) for p in self.pcards]
        new.qseat, new.qon = list(self.qseat), list(self.qon)
        new._ready = True
        return new

    def __copy__(self) -> Core:
        return self.copy()

    def __deepcopy__(self, memo) -> Core:
        return self.copy()

    def export(self) -> list[int]:
        _live(self)
        n = len(self.places_)
        ncards = sum(len(p) for p in self.pcards)
        out = [self.turn_, self.level_, self.passes_, n]
        out += [self.places_[k] if k < n else -1 for k in range(4)]
        out += [self.tseat, self.tid, len(self.tcards), len(self.pid), ncards, len(self.qseat)]
        for h in self.cnt:
            out += h
        out += self.tcards
        for s, i, cs in zip(self.pseat, self.pid, self.pcards):
            out += [s, i, len(cs)]
        for cs in self.pcards:
            out += cs
        for s, k in zip(self.qseat, self.qon):
            out += [s, k]
        return out

    def __reduce__(self):
        return (from_export, (self.export(),))

    def __eq__(self, other) -> bool:
        if not isinstance(other, Core):
            return NotImplemented
        return self.export() == other.export()

    __hash__ = None  # type: ignore[assignment]


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (every field checked)."""
    if isinstance(values, (str, bytes)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    try:
        v = list(values)
    except TypeError:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints") from None
    if len(v) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(v)}")
    f = dict(zip(EXPORT_FIELDS, v))

    def get(name, lo, hi):
        return _int(f[name], f"values: {name}", lo, hi)

    nplaces = get("nplaces", 0, 4)
    places = [get(f"place_{k}", 0, 3) for k in range(nplaces)]
    for k in range(nplaces, 4):
        get(f"place_{k}", -1, -1)
    tid = get("tid", 0, NUM_ACTIONS - 1)
    tn, npl, ncards, nq = (get("tn", 0, PLAY_CAP), get("nplays", 0, CARDS),
                           get("ncards", 0, CARDS), get("npasses", 0, MAX_PASSES))
    want = EXPORT_HEAD + tn + 3 * npl + ncards + 2 * nq
    if len(v) != want:
        raise CardcoreError(f"values: expected {want} ints, got {len(v)}")
    hands = [[c for c in range(NCARDS) for _ in range(get(f"count_{t}_{c}", 0, 2))]
             for t in range(4)]
    at = EXPORT_HEAD
    tcards = [_int(x, "values: card", 0, 53) for x in v[at:at + tn]]
    at += tn
    if tid == 0:
        if tn:
            raise CardcoreError("values: table cards without a play on the table")
        get("tseat", 0, 0)
        get("passes", 0, 0)
        table = None
    else:
        if tid < FIRST_PLAY:
            raise CardcoreError(f"values: tid {tid} is no play id")
        table = (get("tseat", 0, 3), tid, tcards)
    core = Core(hands, get("level", 0, 12), get("turn", 0, 3), places[:3], table, 0)
    core.passes_ = get("passes", 0, 2)
    if nplaces == 4:
        if sorted(places) != [0, 1, 2, 3]:
            raise CardcoreError(f"values: places {places} are not the four seats")
        core.places_ = list(places)
    tot = [sum(core.cnt[t][c] for t in range(4)) for c in range(NCARDS)]
    sizes = []
    for _ in range(npl):
        core.pseat.append(_int(v[at], "values: play seat", 0, 3))
        core.pid.append(_int(v[at + 1], "values: play id", FIRST_PLAY, NUM_ACTIONS - 1))
        sizes.append(_int(v[at + 2], "values: play size", 1, PLAY_CAP))
        at += 3
    if sum(sizes) != ncards:
        raise CardcoreError(f"values: the plays have {sum(sizes)} cards, not {ncards}")
    for n in sizes:
        cs = []
        for x in v[at:at + n]:
            c = _int(x, "values: card", 0, 53)
            tot[c] += 1
            if tot[c] > 2:
                raise CardcoreError(f"values: card id {c} more than twice")
            cs.append(c)
        if not core._exact(core.pid[len(core.pcards)], cs):
            raise CardcoreError(f"values: the cards {cs} are not that play")
        core.pcards.append(cs)
        at += n
    for _ in range(nq):
        core.qseat.append(_int(v[at], "values: pass seat", 0, 3))
        core.qon.append(_int(v[at + 1], "values: pass on", -1, npl - 1))
        at += 2
    if core.export() != v:
        raise CardcoreError("values: the fields do not agree with each other")
    return core


__all__ = ["Core", "from_export", "NUM_ACTIONS", "FIRST_PLAY", "KINDS", "EXPORT_FIELDS",
           "EXPORT_HEAD"]
