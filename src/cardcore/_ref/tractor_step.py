"""Tractor step kernel, plain-Python reference twin of ``cardcore._fast.tractor_step``: one
deal (the declaration, the burying and the play) as a compact state.

``Core(cards, speaker, dealer, level)``: ``cards`` the 108 card ids in deal order (each id
twice; card id = rank * 4 + suit with ranks 2..A = 0..12 and suits c d h s, 52/53 the Black
and Red Jokers): 25 cards for each of seats 0..3, then the 8 kitty cards; ``speaker`` the seat
that speaks first; ``dealer`` the deal's dealer, or ``None`` in the first deal (the declaration
fixes it); ``level`` the deal's level rank 0..12 (2..A). Seats play in the order
``i -> (i + 1) % 4``; seats 0 & 2 play against 1 & 3.

Action ids (``docs/actions/tractor.md``): 0 pass, 1..4 declare a single level card of suit
c d h s, 5..8 a level pair of that suit, 9 ``BJ BJ``, 10 ``RJ RJ``; 11..64 bury card
``id - 11``; in the play phase 65..118 one card (``id - 65``: a single lead, or the next card of
a follow), 119..172 the lead of the pair of card ``id - 119``, 173.. the lead of tractor
``id - 173`` of the tractor kernel's table.

The deal: in the declaration each seat in turn passes or overcalls the standing declaration
(the rung rises: single < pair < Black Jokers < Red Jokers); three passes after a declaration
settle its trump, four passes without one reveal the kitty and the suit of its first non-joker
card is trumps. The dealer of the first deal is the first seat that declared (else the
speaker); the dealer takes the kitty and buries 8 cards, one per action, then leads. A lead
plays its cards from low to high in the deal's order (strength, then id); a follower picks one
card at a time (the cards that keep a legal answer possible) until as many as the lead, and the
answer joins the trick sorted. The fourth answer completes the trick: its winner (the tractor
kernel's ``trick_winner``) leads the next; its card points go to the attackers (the dealer's
opponents) when they win it. ``apply`` answers 1 when the deal's last trick is complete (the
phase is then over; the game closes the deal), else 0.

``phase``: 0 declaring, 1 burying, 2 playing, 3 over. ``export()``: the fields named by
``EXPORT_FIELDS`` (``-1`` for a value not known yet: dealer, trump, declaration, first
declarer; ``lo_k``/``hi_k`` the hand of seat ``k`` as two card masks: bit c of ``lo`` when card
c is held at least once, of ``hi`` when twice; ``dealt_k`` the deck in deal order), then the
action ids applied in the deal; ``from_export`` rebuilds the core by replaying them.
"""

from __future__ import annotations

from cardcore.errors import CardcoreError, IllegalAction, quote
from cardcore.errors import int_arg as _int_arg

from .core import CoreBase
from .core import live as _live
from . import tractor as K

PASS = 0
ID_DECLARE = K.DECLARE_ID
ID_BURY = K.BURY_ID
ID_PLAY = K.PLAY_ID
ID_PAIR = K.PAIR_ID
ID_TRACTOR = K.TRACTOR_ID
NUM_ACTIONS = K.NUM_ACTIONS
DECLARING, BURYING, PLAYING, OVER = 0, 1, 2, 3
HAND = 25
KITTY = 8
DECK = 108
MAX_ACTIONS = 128
_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"]
_POINTS = K.CARD_POINTS

EXPORT_FIELDS = (
    "phase", "turn", "speaker", "dealer0", "dealer", "level", "trump", "decl_seat", "decl_id",
    "passes", "first_declarer", "revealed", "leader", "points", "ntricks", "nplays", "size",
    "npicked", "nburied", "ndecls", "nplayed", "nhist",
    "lo_0", "lo_1", "lo_2", "lo_3", "hi_0", "hi_1", "hi_2", "hi_3",
    *(f"dealt_{k}" for k in range(DECK)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)


def _rung(decl_id: int) -> int:
    return 1 if decl_id <= 4 else 2 if decl_id <= 8 else decl_id - 6


def _decl_trump(decl_id: int) -> int:
    return 4 if decl_id >= 9 else (decl_id - 1) & 3


def _decl_cards(i: int, level: int) -> list[int]:
    if i >= ID_DECLARE + 8:
        c = 52 if i == ID_DECLARE + 8 else 53
        return [c, c]
    c = level * 4 + (i - ID_DECLARE) % 4
    return [c] if i < ID_DECLARE + 4 else [c, c]


def _decl_text(i: int, level: int) -> str:
    if i == PASS:
        return "pass"
    return "declare " + " ".join(_NAMES[c] for c in _decl_cards(i, level))


def _deck_arg(cards) -> list[int]:
    if isinstance(cards, (str, bytes)):
        raise CardcoreError(f"cards {quote(cards)}: expected the 108 card ids")
    try:
        items = list(cards)
    except TypeError:
        raise CardcoreError(f"cards {quote(cards)}: expected the 108 card ids") from None
    if len(items) != DECK:
        raise CardcoreError(f"cards: expected the 108 card ids, got {len(items)}")
    counts = [0] * 54
    out = []
    for x in items:
        c = _int_arg(x, "card", 0, 53)
        counts[c] += 1
        if counts[c] > 2:
            raise CardcoreError(f"cards: card id {c} more than twice")
        out.append(c)
    return out


class Core(CoreBase):
    """One deal: ``Core(cards, speaker, dealer, level)`` (see the module docstring)."""

    __slots__ = ("cards_of", "dealt", "hist", "burials", "said", "chosen", "finished", "plays",
                 "points", "phase", "turn", "speaker", "dealer0", "dealer_id", "level", "trump_id",
                 "decl_seat", "decl_id", "passes", "first_id", "revealed", "leader",
                 "size", "_ready")

    def __init__(self, cards, speaker, dealer, level) -> None:
        self._ready = False
        deck = _deck_arg(cards)
        sp = _int_arg(speaker, "speaker", 0, 3)
        d = -1 if dealer is None else _int_arg(dealer, "dealer", 0, 3)
        lv = _int_arg(level, "level", 0, 12)
        #: per seat, the sorted list of its cards
        self.cards_of = [sorted(deck[k * HAND:(k + 1) * HAND]) for k in range(4)]
        self.dealt = deck
        self.hist: list[int] = []
        self.burials: list[int] = []
        self.said: list[tuple[int, int]] = []       # (seat, id) of each declaration action
        self.chosen: list[int] = []
        #: the finished tricks: (leader, plays, winner, points), plays a list of card lists
        self.finished: list[tuple[int, list[list[int]], int, int]] = []
        self.plays: list[list[int]] = []             # the trick in progress: complete plays
        self.points = 0
        self.phase = DECLARING
        self.turn = self.speaker = sp
        self.dealer0 = self.dealer_id = d
        self.level = lv
        self.trump_id = -1
        self.decl_seat = -1
        self.decl_id = 0
        self.passes = 0
        self.first_id = -1
        self.revealed = False
        self.leader = 0
        self.size = 0
        self._ready = True

    # ------------------------------------------------------------------ legality
    def _declare_ids(self) -> list[int]:
        rung = _rung(self.decl_id) if self.decl_seat >= 0 else 0
        hand = self.cards_of[self.turn]
        lv = self.level * 4
        out = [PASS]
        if rung < 1:
            out += [ID_DECLARE + s for s in range(4) if hand.count(lv + s)]
        if rung < 2:
            out += [ID_DECLARE + 4 + s for s in range(4) if hand.count(lv + s) == 2]
        if rung < 3 and hand.count(52) == 2:
            out.append(ID_DECLARE + 8)
        if rung < 4 and hand.count(53) == 2:
            out.append(ID_DECLARE + 9)
        return out

    def legal_ids(self) -> list[int]:
        """The legal action ids, ascending (empty once over)."""
        _live(self)
        if self.phase == PLAYING:
            hand = self.cards_of[self.turn]
            if self.plays:
                return K.follow_ids(hand, self.plays[0], self.chosen, self.trump_id, self.level)
            return K.lead_ids(hand, self.trump_id, self.level)
        if self.phase == BURYING:
            return sorted({ID_BURY + c for c in self.cards_of[self.turn]})
        if self.phase == DECLARING:
            return self._declare_ids()
        return []

    def is_legal(self, i) -> bool:
        """Whether ``i`` (any int) is a legal action id now."""
        _live(self)
        if isinstance(i, bool) or not isinstance(i, int):
            raise IllegalAction(f"action id {quote(i)}: expected an int")
        if not 0 <= i < NUM_ACTIONS:
            return False
        if self.phase == DECLARING:
            return i in self._declare_ids()
        if self.phase == BURYING:
            return ID_BURY <= i < ID_PLAY and (i - ID_BURY) in self.cards_of[self.turn]
        if self.phase != PLAYING or i < ID_PLAY:
            return False
        lead = self.plays[0] if self.plays else None
        return K.play_ok(self.cards_of[self.turn], lead, self.chosen, self.trump_id, self.level, i)

    # ------------------------------------------------------------------ moves
    def apply(self, i) -> int:
        """Make legal action ``i``; returns 1 when it completes the deal's last trick, else 0.
        An id that is not legal raises ``IllegalAction`` and changes nothing."""
        _live(self)
        if not self.is_legal(i):
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        seat = self.turn
        self.hist.append(i)
        if self.phase == DECLARING:
            self._declare(seat, i)
            return 0
        if self.phase == BURYING:
            c = i - ID_BURY
            self.cards_of[seat].remove(c)
            self.burials.append(c)
            if len(self.burials) == KITTY:
                self.phase = PLAYING
                self.leader = self.turn = self.dealer_id
            return 0
        if self.plays:
            return self._follow(seat, i - ID_PLAY)
        strength = K.table(self.trump_id, self.level)[1]
        cards = sorted(K.play_cards(i), key=lambda c: (strength[c], c))
        for c in cards:
            self.cards_of[seat].remove(c)
        self.size = len(cards)
        self.plays = [cards]
        self.leader = seat
        self.turn = (seat + 1) % 4
        return 0

    def _declare(self, seat: int, i: int) -> None:
        self.said.append((seat, i))
        if i != PASS:
            if self.first_id < 0:
                self.first_id = seat
            self.decl_seat, self.decl_id = seat, i
            self.passes = 0
            self.turn = (seat + 1) % 4
            return
        self.passes += 1
        if self.decl_seat >= 0 and self.passes == 3:
            self._settle(_decl_trump(self.decl_id))
        elif self.decl_seat < 0 and self.passes == 4:
            self.revealed = True
            self._settle(next(c for c in self.dealt[4 * HAND:] if c < 52) & 3)
        else:
            self.turn = (seat + 1) % 4

    def _settle(self, trump: int) -> None:
        self.trump_id = trump
        if self.dealer_id < 0:           # the first deal
            self.dealer_id = self.first_id if self.first_id >= 0 else self.speaker
        d = self.dealer_id
        self.cards_of[d] = sorted(self.cards_of[d] + self.dealt[4 * HAND:])
        self.phase = BURYING
        self.turn = d

    def _follow(self, seat: int, c: int) -> int:
        self.cards_of[seat].remove(c)
        self.chosen.append(c)
        if len(self.chosen) < self.size:
            return 0
        self.plays.append(sorted(self.chosen))
        self.chosen = []
        if len(self.plays) < 4:
            self.turn = (seat + 1) % 4
            return 0
        plays = self.plays
        w = (self.leader + K.trick_winner(plays, self.trump_id, self.level)) % 4
        pts = sum(_POINTS[c] for p in plays for c in p)
        if (w & 1) != (self.dealer_id & 1):
            self.points += pts
        self.finished.append((self.leader, plays, w, pts))
        self.plays = []
        self.leader = self.turn = w
        if not self.cards_of[w]:
            self.phase = OVER
            return 1
        return 0

    # ------------------------------------------------------------------ reading
    @property
    def player(self) -> int | None:
        _live(self)
        return None if self.phase == OVER else self.turn

    @property
    def dealer(self) -> int | None:
        _live(self)
        return None if self.dealer_id < 0 else self.dealer_id

    @property
    def trump(self) -> int | None:
        _live(self)
        return None if self.trump_id < 0 else self.trump_id

    @property
    def first_declarer(self) -> int | None:
        _live(self)
        return None if self.first_id < 0 else self.first_id

    @property
    def ntricks(self) -> int:
        _live(self)
        return len(self.finished)

    @property
    def nplays(self) -> int:
        _live(self)
        return len(self.plays)

    @property
    def npicked(self) -> int:
        _live(self)
        return len(self.chosen)

    def hand(self, seat) -> list[int]:
        _live(self)
        return list(self.cards_of[_int_arg(seat, "seat", 0, 3)])

    def hand_sizes(self) -> list[int]:
        _live(self)
        return [len(h) for h in self.cards_of]

    def kitty(self) -> list[int]:
        """The kitty as dealt."""
        _live(self)
        return self.dealt[4 * HAND:]

    def played(self) -> list[int]:
        _live(self)
        return [c for t in self.finished for p in t[1] for c in p]

    def trick(self) -> list[list]:
        _live(self)
        return [[(self.leader + k) % 4, list(p)] for k, p in enumerate(self.plays)]

    def tricks(self) -> list[dict]:
        _live(self)
        return [{"leader": ld, "plays": [[(ld + k) % 4, list(p)] for k, p in enumerate(plays)],
                 "winner": w, "points": pts} for ld, plays, w, pts in self.finished]

    def trick_winners(self) -> list[int]:
        _live(self)
        return [t[2] for t in self.finished]

    def decl(self) -> list | None:
        _live(self)
        if self.decl_seat < 0:
            return None
        i = self.decl_id
        return [self.decl_seat, _rung(i), _decl_trump(i), _decl_cards(i, self.level)]

    def decls(self) -> list[list]:
        _live(self)
        return [[seat, _decl_text(i, self.level)] for seat, i in self.said]

    def hands(self) -> list[list[int]]:
        _live(self)
        return [list(h) for h in self.cards_of]

    def buried(self) -> list[int]:
        _live(self)
        return list(self.burials)

    def picked(self) -> list[int]:
        _live(self)
        return list(self.chosen)

    def history(self) -> list[int]:
        _live(self)
        return list(self.hist)

    def copy(self) -> Core:
        _live(self)
        new = Core.__new__(Core)
        for name in Core.__slots__:
            setattr(new, name, getattr(self, name))
        new.cards_of = [list(h) for h in self.cards_of]
        new.dealt, new.hist, new.burials = list(self.dealt), list(self.hist), list(self.burials)
        new.said, new.chosen = list(self.said), list(self.chosen)
        new.finished = list(self.finished)
        new.plays = [list(p) for p in self.plays]
        return new

    def export(self) -> list[int]:
        """The whole state as a list of ints (``EXPORT_FIELDS``), then the action ids."""
        _live(self)
        lo, hi = [], []
        for h in self.cards_of:
            a = b = 0
            for c in h:
                if a >> c & 1:
                    b |= 1 << c
                else:
                    a |= 1 << c
            lo.append(a)
            hi.append(b)
        nplayed = sum(len(p) for t in self.finished for p in t[1])
        return [self.phase, self.turn, self.speaker, self.dealer0, self.dealer_id, self.level,
                self.trump_id, self.decl_seat, self.decl_id, self.passes, self.first_id,
                int(self.revealed), self.leader, self.points, len(self.finished),
                len(self.plays), self.size, len(self.chosen), len(self.burials),
                len(self.said), nplayed, len(self.hist),
                *lo, *hi, *self.dealt, *self.hist]

    def __reduce__(self):
        return (from_export, (self.export(),))

    def __eq__(self, other) -> bool:
        if not isinstance(other, Core):
            return NotImplemented
        return self.export() == other.export()

    __hash__ = None  # type: ignore[assignment]


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (rebuilt from the deal and its actions,
    then checked field by field)."""
    if isinstance(values, (str, bytes)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    try:
        v = list(values)
    except TypeError:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints") from None
    if len(v) < EXPORT_HEAD:
        raise CardcoreError(f"values: expected at least {EXPORT_HEAD} ints, got {len(v)}")
    f = dict(zip(EXPORT_FIELDS, v))

    def get(name: str, lo: int, hi: int) -> int:
        return _int_arg(f[name], f"values: {name}", lo, hi)

    d = get("dealer0", -1, 3)
    core = Core([f[f"dealt_{k}"] for k in range(DECK)], get("speaker", 0, 3),
                None if d < 0 else d, get("level", 0, 12))
    n = get("nhist", 0, MAX_ACTIONS)
    if len(v) != EXPORT_HEAD + n:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + n} ints ({n} actions), "
                            f"got {len(v)}")
    for x in v[EXPORT_HEAD:]:
        i = _int_arg(x, "values: action id", 0, NUM_ACTIONS - 1)
        if not core.is_legal(i):
            raise CardcoreError(f"values: action id {i} is not legal where it stands")
        core.apply(i)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the deal and the actions they list")
    return core


__all__ = ["Core", "from_export", "NUM_ACTIONS", "EXPORT_FIELDS", "EXPORT_HEAD"]
