"""Guandan step core, plain-Python reference twin of ``cardcore._fast.guandan_step``: one deal,
its tribute included.

``Core(hands, level, turn, places=(), table=None, passes=0, *, previous=None, levels=None,
rng_state=0)`` holds:

* the hands: per seat, the count (0..2) of each card id 0..53 (two decks);
* ``level``: the deal's level rank index 0..12 (the hearts of that rank are wild);
  ``levels``: the two teams' levels (team 0 is seats 0 and 2) as the deal starts (default both
  ``level``);
* ``turn``: the seat to act;
* the tribute: up to two records ``[payer, receiver, card, returned card or None]`` and whether
  it was cancelled; ``previous`` (the four seats of the last deal in the order they went out)
  starts the deal with the tribute paid by the rules (then ``turn`` is ``None``: the tribute
  says who acts): last place gives first place its strongest card that is not a wild card;
  when the winners took first and second both opponents pay, the stronger card going to first
  place (equal cards: the payer first in turn order after first place gives to first place);
  payers holding both Red Jokers cancel it and first place leads; else each receiver, first
  place's first, returns a card (a non-wild 2..10, else one of its weakest cards: ids 1..54,
  ``return <card>``), and the payer who gave to first place leads;
* the table: ``None`` when the seat to act leads, else the seat, the action id and the cards
  (in the order played) of the play to beat; ``passes``: the passes since it;
* the plays of the deal: per play its seat, action id and cards; the passes: per pass its
  seat and the index of the play it passed on (-1 when the table was set up by a position);
* ``places``: the seats out, in order (all four once the deal is over);
* ``rng_state``: the SplitMix64 state after the deal's draws (``deal`` and ``from_seed`` shuffle
  and draw the first leader from it; the match's next deal continues from it).

Action ids (``docs/actions/guandan.md``): 0 pass, 1..54 return card ``id - 1``, plays from
``FIRST_PLAY`` = 55 (the guandan kernel's table of plays).

Play: a pass counts, and when every other seat still in has passed the table clears and the
last player leads again, its partner when it is out, else the next seat in; a play takes its
cards from the hand (the kernel's ``take``, or the cards given to ``apply_cards``), goes on
the table, joins the plays and resets the passes; a seat whose hand is empty goes out, and when
the third seat goes out the fourth joins ``places``: the deal is over.

``returns()``: once over, the levels the deal's winners advance (3, 2 or 1: first place's
partner second, third or last), plus for the seats of first place's team and minus for the
others: ``state.scores()`` of a single-deal game (``single_deal=True``); zeros until over.

``observation_tensor(seat)``: the (512,) vector of ``docs/actions/guandan.md`` (the ``OBS_*``
offsets); the teams' levels it shows are ``new_levels`` (the winners advanced once over).

``export()``: the fields of ``EXPORT_FIELDS`` (turn, level, passes, nplaces, the four places
padded with -1, the table's seat, id and number of cards, the numbers of plays, of their
cards and of passes, the generator state, the teams' levels, the tribute (cancelled, its
number of records, each record's payer, receiver, card and returned card, -1 where none),
then the 4 x 54 hand counts), then the table's cards, ``seat, id, n`` per play, the plays'
cards and ``seat, play index`` per pass. ``from_export`` checks every field.
"""

from __future__ import annotations

from collections.abc import Callable

from cardcore.errors import CardcoreError, IllegalAction, flag_arg, quote
from cardcore.errors import int_arg as _int_arg
from cardcore.options import parse_level
from cardcore.rng import Rng

from . import guandan as K
from .args import action_id
from .args import seq_arg as _seq_arg
from .core import copy_fields, export_fields
from .core import Core as CoreBase
from .core import each, field, reader
from .core import live as _live

FIRST_PLAY = K.FIRST_PLAY
NUM_ACTIONS = K.NUM_ACTIONS
KINDS = tuple(K.KINDS)
PHASES = ("play", "return", "over")
NCARDS = 54
CARDS = 108
HAND = 27
RED_JOKER = 53
MAX_PASSES = 336
PLAY_CAP = 16
SEED_MAX = 2**64 - 1
#: the observation tensor (``docs/actions/guandan.md``): its length and where each part starts
OBS_SIZE = 512
OBS_HAND = 0            # my hand (54 counts)
OBS_PLAYED = 54         # cards played per relative seat (4 x 54 counts)
OBS_TABLE = 270         # the play on the table (54 counts)
OBS_TRIBUTE = 324       # cards paid as tribute (54 counts)
OBS_RETURNED = 378      # cards returned (54 counts)
OBS_TABLE_SEAT = 432    # who played the table play (relative seat one-hot)
OBS_TABLE_KIND = 436    # the table play's kind one-hot (10)
OBS_SIZES = 446         # cards left per relative seat / 27
OBS_PLACES = 450        # finishing place per relative seat (4 x 4 one-hot)
OBS_LEVEL = 466         # the deal's level one-hot (13)
OBS_MY_LEVEL = 479      # my team's level one-hot (13)
OBS_THEIR_LEVEL = 492   # the other team's level one-hot (13)
OBS_PHASE = 505         # play, return, over
OBS_MY_TURN = 508
OBS_PASSES = 509        # passes since the table play / 3
OBS_CANCELLED = 510     # the tribute was cancelled
OBS_LEAD = 511          # my turn and I lead
EXPORT_FIELDS = ("turn", "level", "passes", "nplaces", "place_0", "place_1", "place_2",
                 "place_3", "tseat", "tid", "tn", "nplays", "ncards", "npasses", "rng",
                 "level_0", "level_1", "cancelled", "ntribute",
                 *(f"tribute_{k}_{x}" for k in range(2)
                   for x in ("from", "to", "card", "returned")),
                 *(f"count_{s}_{c}" for s in range(4) for c in range(NCARDS)))
EXPORT_HEAD = len(EXPORT_FIELDS)
#: the deck a deal shuffles (``cardcore.cards.deck108``): card ids 0..53, twice
_DECK = [c for _ in range(2) for c in range(NCARDS)]
_TEXTS: list[str] = []


def _texts() -> list[str]:
    """The text of every action id (the guandan kernel's ``id_texts``, read on first use)."""
    if not _TEXTS:
        _TEXTS.extend(K.id_texts())
    return _TEXTS


def _seq(x, what: str, expected: str) -> list:
    return _seq_arg(x, what, expected, CardcoreError)


def _cards(cards, what: str, cap: int) -> list[int]:
    items = _seq(cards, what, "a list of card ids")
    if len(items) > cap:
        raise CardcoreError(f"{what}: {len(items)} cards, at most {cap}")
    return [_int_arg(x, f"{what}: card id", 0, 53) for x in items]


def _hand(counts: list[int]) -> list[int]:
    return [c for c in range(NCARDS) for _ in range(counts[c])]


def _strength(card: int, level: int) -> int:
    """Single-card strength at ``level``: 2..A = 0..12 except the level rank 13, BJ 14, RJ 15."""
    if card >= 52:
        return 14 if card == 52 else 15
    r = card >> 2
    return 13 if r == level else r


def _seats(x, what: str, n: int) -> list[int]:
    """``n`` distinct seats."""
    seats = [_int_arg(s, f"{what}: seat", 0, 3) for s in _seq(x, what, f"{n} seats")]
    if len(seats) != n or len(set(seats)) != n:
        raise CardcoreError(f"{what} {quote(x)}: expected {n} distinct seats")
    return seats


class Core(CoreBase):
    """One deal of Guandan, its tribute included (see the module docstring): the contract's
    names (``cardcore._ref.core.Core``), its own views (``hands()``, ``table()``, ``plays()``,
    ``tribute()``, ...) and ``apply_cards`` (a play made with given cards)."""

    __slots__ = ("cnt", "level_", "turn_", "passes_", "places_", "tseat", "tid", "tcards",
                 "pseat", "pid", "pcards", "qseat", "qon", "rng", "levels_", "cancelled",
                 "trib", "_ready")

    num_players = 4
    num_distinct_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)

    def __init__(self, hands, level, turn, places=(), table=None, passes=0, *, previous=None,
                 levels=None, rng_state=0) -> None:
        self._ready = False
        self.cnt = [[0] * NCARDS for _ in range(4)]
        tot = [0] * NCARDS
        hs = _seq(hands, "hands", "four lists of card ids")
        if len(hs) != 4:
            raise CardcoreError(f"hands: expected four lists of card ids, got {len(hs)}")
        for seat in range(4):
            for c in _cards(hs[seat], "hands", CARDS):
                tot[c] += 1
                if tot[c] > 2:
                    raise CardcoreError(f"hands: card id {c} more than twice")
                self.cnt[seat][c] += 1
        self.level_ = _int_arg(level, "level", 0, 12)
        if levels is None:
            self.levels_ = [self.level_, self.level_]
        else:
            lv = _seq(levels, "levels", "two levels 0..12")
            if len(lv) != 2:
                raise CardcoreError(f"levels {quote(levels)}: expected two levels 0..12")
            self.levels_ = [_int_arg(x, "levels: level", 0, 12) for x in lv]
        self.rng = _int_arg(rng_state, "rng_state", 0, SEED_MAX)
        self.cancelled = 0
        self.trib: list[list] = []          # [payer, receiver, card, returned or None]
        if previous is None:
            self.turn_ = _int_arg(turn, "turn", 0, 3)
        elif turn is not None:
            raise CardcoreError(f"turn {quote(turn)}: with previous places the tribute says "
                                "who acts (give None)")
        self.places_: list[int] = []
        self.pseat: list[int] = []
        self.pid: list[int] = []
        self.pcards: list[list[int]] = []
        self.qseat: list[int] = []
        self.qon: list[int] = []
        self.tseat = 0
        self.tid = 0
        self.tcards: list[int] = []
        ps = _seq(places, "places", "a list of seats")
        if len(ps) > 3:
            raise CardcoreError(f"places {quote(places)}: at most three seats are out")
        for x in ps:
            seat = _int_arg(x, "places: seat", 0, 3)
            if seat in self.places_:
                raise CardcoreError(f"places {quote(places)}: seat {seat} twice")
            if any(self.cnt[seat]):
                raise CardcoreError(f"places {quote(places)}: seat {seat} is out but holds "
                                    "cards")
            self.places_.append(seat)
        self.passes_ = _int_arg(passes, "passes", 0, 2)
        if previous is not None:
            if self.places_ or table is not None or self.passes_:
                raise CardcoreError("previous: the tribute starts a deal (no places, table or "
                                    "passes)")
            self._pay_tribute(_seats(previous, "previous", 4))
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
        self.tseat = _int_arg(seat_x, "table: seat", 0, 3)
        self.tid = _int_arg(id_x, "table: action id", FIRST_PLAY, NUM_ACTIONS - 1)
        self.tcards = _cards(cards_x, "table: cards", PLAY_CAP)
        if not self._exact(self.tid, self.tcards):
            raise CardcoreError(f"table {quote(table)}: the cards are not that play at level "
                                f"index {self.level_}")
        self._ready = True

    # ------------------------------------------------------------------ tribute
    def _tribute_card(self, seat: int) -> int:
        """The strongest card of ``seat`` that is not a wild card (of equal ones the lowest
        id); -1 when it holds none."""
        wild, best, card = self.level_ * 4 + 2, -1, -1
        for c in range(NCARDS):
            if self.cnt[seat][c] and c != wild and _strength(c, self.level_) > best:
                best, card = _strength(c, self.level_), c
        return card

    def _pay_tribute(self, previous: list[int]) -> None:
        first, second, third, last = previous
        payers = [third, last] if (first & 1) == (second & 1) else [last]
        if sum(self.cnt[p][RED_JOKER] for p in payers) == 2:
            self.cancelled = 1
            self.turn_ = first
            return
        cards = {}
        for p in payers:
            cards[p] = self._tribute_card(p)
            if cards[p] < 0:
                raise CardcoreError(f"previous: seat {p} pays tribute but holds no card to pay")
        if len(payers) == 1:
            pairs = [(payers[0], first)]
        else:
            a, b = payers
            sa, sb = _strength(cards[a], self.level_), _strength(cards[b], self.level_)
            if sa == sb:    # the payer first in turn order after first place gives to first
                a, b = sorted(payers, key=lambda p: (p - first) % 4)
            elif sb > sa:
                a, b = b, a
            pairs = [(a, first), (b, second)]
        for payer, receiver in pairs:
            card = cards[payer]
            self.cnt[payer][card] -= 1
            self.cnt[receiver][card] += 1
            self.trib.append([payer, receiver, card, None])
        self.turn_ = first

    def _pending(self) -> int:
        """The tribute record whose return is due next, -1 when none is."""
        for k, rec in enumerate(self.trib):
            if rec[3] is None:
                return k
        return -1

    def _return_cards(self) -> list[int]:
        """The cards the seat to act may return: a non-wild card ranked 2..10, else one of its
        weakest cards (distinct ids, ascending)."""
        hand, wild = self.cnt[self.turn_], self.level_ * 4 + 2
        low = [c for c in range(52) if hand[c] and c != wild and (c >> 2) <= 8]
        if low:
            return low
        held = [c for c in range(NCARDS) if hand[c]]
        if not held:
            return []
        weakest = min(_strength(c, self.level_) for c in held)
        return [c for c in held if _strength(c, self.level_) == weakest]

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

    def _return(self, card: int) -> None:
        k = self._pending()
        payer, receiver = self.trib[k][0], self.trib[k][1]
        self.cnt[receiver][card] -= 1
        self.cnt[payer][card] += 1
        self.trib[k][3] = card
        k = self._pending()
        # the next receiver returns; after the last, who gave to first place leads
        self.turn_ = self.trib[k][1] if k >= 0 else self.trib[0][0]

    def _step(self, i: int, cards: list[int] | None) -> bool:
        """Make legal id ``i`` (a play with the kernel's cards, or ``cards``); False, with
        nothing changed, when it cannot be made."""
        if not self._is_legal(i):
            return False
        if i == 0:
            self._pass()
            return True
        if i < FIRST_PLAY:
            self._return(i - 1)
            return True
        seat = self.turn_
        hand = self.cnt[seat]
        taken = K.take(_hand(hand), self.level_, i)[0]
        if (len(taken) > PLAY_CAP or sum(len(p) for p in self.pcards) + len(taken) > CARDS
                or len(self.pid) >= CARDS):
            return False
        if cards is None:
            cards = taken
        else:
            if len(cards) != len(taken):
                return False
            if any(cards.count(c) > hand[c] for c in cards):
                return False
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
                return True
        self.turn_ = self._next_active(seat)
        return True

    # ------------------------------------------------------------------ the contract's hooks
    def _player(self) -> int | None:
        return None if len(self.places_) >= 4 else self.turn_

    def _over(self) -> bool:
        return len(self.places_) >= 4

    def _legal(self) -> list[int]:
        if len(self.places_) >= 4:
            return []
        if self._pending() >= 0:
            return [1 + c for c in self._return_cards()]
        return K.hand_ids(_hand(self.cnt[self.turn_]), self.level_, self._beat())

    def _is_legal(self, i: int) -> bool:
        if len(self.places_) >= 4:
            return False
        if self._pending() >= 0:
            return 1 <= i <= NCARDS and (i - 1) in self._return_cards()
        if i == 0:
            return self.tid != 0
        if not FIRST_PLAY <= i < NUM_ACTIONS:
            return False
        return K.id_ok(_hand(self.cnt[self.turn_]), self.level_, self._beat(), i)

    def _apply(self, i: int) -> None:
        self._step(i, None)

    def _advance(self) -> int:
        if len(self.places_) < 4:
            return 0
        first = self.places_[0]
        return 4 - self.places_.index((first + 2) % 4)        # partner 2nd, 3rd, 4th: 3, 2, 1

    def _returns(self) -> list[float]:
        adv = self._advance()
        if not adv:
            return [0.0] * 4
        team = self.places_[0] & 1
        return [float(adv) if s & 1 == team else float(-adv) for s in range(4)]

    def _new_levels(self) -> list[int]:
        out = list(self.levels_)
        adv = self._advance()
        if adv:
            team = self.places_[0] & 1
            out[team] = min(12, out[team] + adv)
        return out

    def _observe(self, seat: int, out) -> None:
        hand = self.cnt[seat]
        for c in range(NCARDS):
            out[OBS_HAND + c] = hand[c]
        for s, cs in zip(self.pseat, self.pcards):
            base = OBS_PLAYED + NCARDS * ((s - seat) % 4)
            for c in cs:
                out[base + c] += 1
        if self.tid:
            for c in self.tcards:
                out[OBS_TABLE + c] += 1
            out[OBS_TABLE_SEAT + (self.tseat - seat) % 4] = 1
            out[OBS_TABLE_KIND + self._key(self.tid)[0]] = 1
        for _, _, card, returned in self.trib:
            out[OBS_TRIBUTE + card] += 1
            if returned is not None:
                out[OBS_RETURNED + returned] += 1
        for rel in range(4):
            t = (seat + rel) % 4
            out[OBS_SIZES + rel] = sum(self.cnt[t]) / HAND
            if t in self.places_:
                out[OBS_PLACES + 4 * rel + self.places_.index(t)] = 1
        levels = self._new_levels()
        mine = seat & 1
        out[OBS_LEVEL + self.level_] = 1
        out[OBS_MY_LEVEL + levels[mine]] = 1
        out[OBS_THEIR_LEVEL + levels[1 - mine]] = 1
        phase = 2 if self._over() else (1 if self._pending() >= 0 else 0)
        out[OBS_PHASE + phase] = 1
        if phase != 2 and self.turn_ == seat:
            out[OBS_MY_TURN] = 1
            out[OBS_LEAD] = 1 if phase == 0 and self.tid == 0 else 0
        out[OBS_PASSES] = self.passes_ / 3
        out[OBS_CANCELLED] = self.cancelled

    # ------------------------------------------------------------------ playing
    def apply_cards(self, i, cards) -> None:
        """``apply(i)`` made with exactly ``cards`` (card ids, in the order kept): a pass takes
        no cards, a return its card, a play as many cards as it has, all in the hand of the
        seat to act and together exactly that play. Anything else raises ``IllegalAction`` and
        changes nothing."""
        _live(self)
        v = action_id(i)
        cs = _cards(cards, "cards", PLAY_CAP)
        ok = False
        if self._is_legal(v):
            if v == 0:
                ok = not cs
            elif v < FIRST_PLAY:
                ok = cs == [v - 1]
            else:
                ok = self._exact(v, cs)
        if not (ok and self._step(v, cs if v >= FIRST_PLAY else None)):
            raise IllegalAction(f"action id {quote(i)} with cards {quote(cards)}: not legal now "
                                "(a pass takes no cards, a return its card, a play exactly the "
                                "cards of that play, all held)")

    # ------------------------------------------------------------------ reading
    turn: int = field("turn_", doc="The seat to act (the last to act once the deal is over).")
    level: int = field("level_")
    levels: list[int] = field("levels_", list,
                              "The two teams' levels as the deal started (team 0: seats 0 and 2).")

    @property
    def new_levels(self) -> list[int]:
        """The two teams' levels after the deal: ``levels`` with the winners' advance (capped
        at A) once the deal is over."""
        _live(self)
        return self._new_levels()

    @property
    def advance(self) -> int:
        """The levels the deal's winners advance (3, 2 or 1), 0 until the deal is over."""
        _live(self)
        return self._advance()

    @property
    def phase(self) -> str:
        """``"return"`` while a tribute return is due, ``"over"`` once the deal is over, else
        ``"play"``."""
        _live(self)
        return PHASES[2 if self._over() else (1 if self._pending() >= 0 else 0)]

    passes: int = field("passes_", doc="Passes since the play on the table.")
    tribute_cancelled: bool = field("cancelled", bool,
                                    "Whether the payers held both Red Jokers (no tribute this "
                                    "deal).")
    rng_state: int = field("rng", doc="The generator state after the deal's draws.")
    tribute: Callable[[], list[list]] = reader("trib", each(list),
                                               "``[payer, receiver, card, returned card or "
                                               "None]`` of each tribute this deal (the one to "
                                               "first place first).")

    def hand(self, seat) -> list[int]:
        """The cards of ``seat``, ascending (a card held twice appears twice)."""
        _live(self)
        return _hand(self.cnt[_int_arg(seat, "seat", 0, 3)])

    hands: Callable[[], list[list[int]]] = reader("cnt", each(_hand))

    def hand_sizes(self) -> list[int]:
        _live(self)
        return [sum(h) for h in self.cnt]

    def _key(self, i: int) -> list[int]:
        return K._level_row(K._ROWS[i - FIRST_PLAY], self.level_)[:3]

    def table(self) -> list | None:
        """``[seat, kind, text, cards, key]`` of the play to beat, ``None`` when the seat to
        act leads."""
        _live(self)
        if self.tid == 0:
            return None
        key = self._key(self.tid)
        return [self.tseat, KINDS[key[0]], _texts()[self.tid], list(self.tcards), key]

    def plays(self) -> list[list]:
        """``[seat, kind, text, cards]`` of every play of the deal, in order."""
        _live(self)
        texts = _texts()
        return [[s, KINDS[self._key(i)[0]], texts[i], list(cs)]
                for s, i, cs in zip(self.pseat, self.pid, self.pcards)]

    def played(self) -> list[list[int]]:
        """Per seat, the cards it played this deal, in order."""
        _live(self)
        out: list[list[int]] = [[], [], [], []]
        for s, cs in zip(self.pseat, self.pcards):
            out[s].extend(cs)
        return out

    def passes_on(self) -> list[list[int]]:
        """``[seat, index of the play passed on]`` of every pass, in order."""
        _live(self)
        return [[s, k] for s, k in zip(self.qseat, self.qon)]

    places: Callable[[], list[int]] = reader("places_", list,
                                             "The seats out, in order (all four once the deal is "
                                             "over).")

    def copy(self) -> Core:
        return copy_fields(self)

    def export(self) -> list[int]:
        """The whole state as a list of ints (see the module docstring)."""
        _live(self)
        n = len(self.places_)
        ncards = sum(len(p) for p in self.pcards)
        out = [self.turn_, self.level_, self.passes_, n]
        out += [self.places_[k] if k < n else -1 for k in range(4)]
        out += [self.tseat, self.tid, len(self.tcards), len(self.pid), ncards, len(self.qseat)]
        out += [self.rng, *self.levels_, self.cancelled, len(self.trib)]
        for k in range(2):
            if k < len(self.trib):
                payer, receiver, card, returned = self.trib[k]
                out += [payer, receiver, card, -1 if returned is None else returned]
            else:
                out += [-1, -1, -1, -1]
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


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (every field checked)."""
    v, f = export_fields(values, EXPORT_FIELDS)

    def get(name, lo, hi):
        return _int_arg(f[name], f"values: {name}", lo, hi)

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
    trib = _tribute_fields(get, nplaces + npl + nq + tid)
    hands = [[c for c in range(NCARDS) for _ in range(get(f"count_{t}_{c}", 0, 2))]
             for t in range(4)]
    at = EXPORT_HEAD
    tcards = [_int_arg(x, "values: card", 0, 53) for x in v[at:at + tn]]
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
    core = Core(hands, get("level", 0, 12), get("turn", 0, 3), places[:3], table, 0,
                levels=[get("level_0", 0, 12), get("level_1", 0, 12)],
                rng_state=get("rng", 0, SEED_MAX))
    core.passes_ = get("passes", 0, 2)
    core.cancelled = get("cancelled", 0, 1)
    core.trib = trib
    if nplaces == 4:
        if sorted(places) != [0, 1, 2, 3]:
            raise CardcoreError(f"values: places {places} are not the four seats")
        core.places_ = list(places)
    tot = [sum(core.cnt[t][c] for t in range(4)) for c in range(NCARDS)]
    sizes = []
    for _ in range(npl):
        core.pseat.append(_int_arg(v[at], "values: play seat", 0, 3))
        core.pid.append(_int_arg(v[at + 1], "values: play id", FIRST_PLAY, NUM_ACTIONS - 1))
        sizes.append(_int_arg(v[at + 2], "values: play size", 1, PLAY_CAP))
        at += 3
    if sum(sizes) != ncards:
        raise CardcoreError(f"values: the plays have {sum(sizes)} cards, not {ncards}")
    for n in sizes:
        cs = []
        for x in v[at:at + n]:
            c = _int_arg(x, "values: card", 0, 53)
            tot[c] += 1
            if tot[c] > 2:
                raise CardcoreError(f"values: card id {c} more than twice")
            cs.append(c)
        if not core._exact(core.pid[len(core.pcards)], cs):
            raise CardcoreError(f"values: the cards {cs} are not that play")
        core.pcards.append(cs)
        at += n
    for _ in range(nq):
        core.qseat.append(_int_arg(v[at], "values: pass seat", 0, 3))
        core.qon.append(_int_arg(v[at + 1], "values: pass on", -1, npl - 1))
        at += 2
    k = core._pending()
    if k >= 0 and (get("turn", 0, 3) != trib[k][1] or not core._return_cards()):
        raise CardcoreError("values: a tribute return is due but the turn is not the "
                            "receiver's, or it holds no card")
    if core.export() != v:
        raise CardcoreError("values: the fields do not agree with each other")
    return core


def _tribute_fields(get, played: int) -> list[list]:
    """The tribute records of an export (checked: seats, cards, returns in order, and no play
    before the returns are made); ``played`` is nonzero once anything was played."""
    n = get("ntribute", 0, 2)
    if get("cancelled", 0, 1) and n:
        raise CardcoreError("values: a cancelled tribute with tribute records")
    out: list[list] = []
    for k in range(2):
        if k >= n:
            for x in ("from", "to", "card", "returned"):
                get(f"tribute_{k}_{x}", -1, -1)
            continue
        payer, receiver = get(f"tribute_{k}_from", 0, 3), get(f"tribute_{k}_to", 0, 3)
        card, returned = get(f"tribute_{k}_card", 0, 53), get(f"tribute_{k}_returned", -1, 53)
        if payer == receiver:
            raise CardcoreError(f"values: tribute {k} paid by seat {payer} to itself")
        out.append([payer, receiver, card, None if returned < 0 else returned])
    if n == 2 and (out[0][0] == out[1][0] or out[0][1] == out[1][1]):
        raise CardcoreError("values: two tributes from or to the same seat")
    if n == 2 and out[0][3] is None and out[1][3] is not None:
        raise CardcoreError("values: the second tribute returned before the first")
    if any(r[3] is None for r in out) and played:
        raise CardcoreError("values: a play before the tribute returns")
    return out


def deal(rng_state, level, *, deck=None, first=None, previous=None, levels=None) -> Core:
    """A new deal at ``level`` (0..12) from the SplitMix64 state ``rng_state``: ``deck`` (108
    card ids: two decks, dealt 27 a seat in order) or the deck shuffled from the generator;
    for a first deal (no ``previous``) the seat ``first`` leads, or one drawn from the
    generator; with ``previous`` (the last deal's four seats in the order they went out) the
    deal starts with the tribute. ``levels``: the teams' levels (default both ``level``). The
    core carries the generator state after these draws."""
    st = _int_arg(rng_state, "rng_state", 0, SEED_MAX)
    lv = _int_arg(level, "level", 0, 12)
    rng = Rng(st)
    if deck is None:
        cards = list(_DECK)
        rng.shuffle(cards)
    else:
        cards = _cards(deck, "deck", CARDS)
        if sorted(cards) != sorted(_DECK):
            raise CardcoreError("deck: expected 108 card ids, each of 0..53 twice")
    hands = [cards[HAND * s: HAND * (s + 1)] for s in range(4)]
    if previous is None:
        turn = rng.below(4) if first is None else _int_arg(first, "first", 0, 3)
    elif first is not None:
        raise CardcoreError(f"first {quote(first)}: a deal after the first starts with the "
                            "tribute (give None)")
    else:
        turn = None
    return Core(hands, lv, turn, previous=previous, levels=levels, rng_state=rng.state)


def from_seed(seed, *, level="2", first=None, single_deal=False) -> Core:
    """The core of ``cardcore.new_game("guandan", seed=seed, ...)``: the first deal at
    ``level`` (``"2".."A"`` as the game's option; both teams start there), the deck shuffled
    and, unless ``first`` names the leader, the leader drawn from the seed. ``single_deal``
    (the game's option) does not change the deal."""
    s = _int_arg(seed, "seed", 0, SEED_MAX)
    lv = parse_level(level)
    flag_arg(single_deal, "single_deal")
    return deal(s, lv, first=first)


__all__ = ["Core", "from_export", "from_seed", "deal", "NUM_ACTIONS", "FIRST_PLAY", "KINDS",
           "PHASES", "OBS_SIZE", "EXPORT_FIELDS", "EXPORT_HEAD"]
