"""The step of the shedding games (Dou Dizhu, Zheng Shangyou) on integer action ids,
plain-Python reference twin of ``cardcore._fast.shedding_step``.

A deal is a ``Core``: ``Core(game, cards, first)`` with ``game`` 0 (Dou Dizhu) or 1 (Zheng
Shangyou), ``cards`` the dealt cards (Dou Dizhu: 54, seats 0, 1, 2 take 17 each in turn, the
last 3 are the bottom; Zheng Shangyou: the 48 of its deck, 16 a seat) and ``first`` the seat
that bids first (Dou Dizhu; ``None`` in Zheng Shangyou, where the holder of the 3 of hearts
leads). Action ids are those of ``cardcore._fast.shedding`` (Dou Dizhu: 0 pass, 1..3 bids,
plays from ``DDZ_FIRST``; Zheng Shangyou: 0 pass, plays from ``ZSY_FIRST``).

- ``legal_ids()``, ``is_legal(i)``: the legal ids of the seat to act (ascending; empty once
  over; Zheng Shangyou's pass only when the seat cannot beat the table);
- ``apply(i, cards=None)``: apply the legal id ``i`` (``CardcoreError`` for any other); a
  play takes the exact ``cards`` given (any suits, in the order played) or, with ``None``, the
  lowest ids of each rank (the 3 of hearts first among Zheng Shangyou's 3s), and appends the
  action's log entry to ``log`` when given (a list); returns 1 when
  three passes ended a Dou Dizhu auction without a bid (the cards are to be redealt), else 0;
  ``last_entry()``: the log entry ``[seat, kind, text, cards, amount, data]`` of that action;
- accessors: ``phase`` (``BIDDING``, ``PLAYING``, ``OVER``), ``turn``, ``player``, ``first``,
  ``bid``, ``bidder``, ``bid_passes``, ``landlord``, ``bombs``, ``multiplier``, ``spring``
  (``DDZ_*``), ``passes``, ``winner``, ``opening``, ``pending_bomb``, ``nplays``, ``redeal``;
  ``hand(seat)``, ``hands()``, ``bottom()`` (sorted), ``played()`` (in the order played),
  ``num_plays()``, ``plays()`` (``[seat, kind, text, cards]``), ``passes_on()`` (``[seat, index
  in plays]``), ``table()`` (Dou Dizhu ``[seat, kind, text, cards, rank, length, id]``, Zheng
  Shangyou ``[seat, kind, text, cards, id]``, or ``None``), ``table_id()``, ``bid_log()``,
  ``bonus()``, ``bomb_log()``, ``history()``;
- ``copy()``, ``export()`` (ints: game, first or -1, the dealt cards, the number of actions,
  then per action its id, its number of cards and its cards in the order played),
  ``from_export(values)`` (replays them) and pickling through it.

The scoring rules the step applies are written here once (twins of the C functions declared in
``_fast/shedding_step.pxd``) and exported for the games' states and the AI: Zheng Shangyou's
bomb bonus (``BOMB_BONUS``, ``ZSY_BONUS_KINDS``, ``zsy_claims_bonus``, ``zsy_bonus_share``,
``zsy_settle_bonus``) and Dou Dizhu's spring and multiplier (``ddz_spring``, ``ddz_multiplier``).
"""

from __future__ import annotations

from cardcore.errors import CardcoreError, CardError, flag_arg, int_arg, quote

from .core import CoreBase
from .core import live as _live
from . import shedding as S

DDZ_KINDS = S.DDZ_KINDS
ZSY_KINDS = S.ZSY_KINDS
_DDZ_BOMBS = (S.D_BOMB, S.D_ROCKET)
#: Zheng Shangyou's bomb bonus: the bomber wins it, each opponent pays half of it
BOMB_BONUS = 20
_NO_SPRING = 0     # (``DDZ_NO_SPRING`` of ``shedding_step.pxd``)


# ------------------------------------------------------------------ scoring rules

def _claims(kind: int, answering: bool) -> bool:
    return answering and kind in (S.Z_BOMB, S.Z_ACE_BOMB)


def _share(bomber: int, s: int) -> int:
    return BOMB_BONUS if s == bomber else -(BOMB_BONUS // 2)


#: the Zheng Shangyou kinds that claim the bomb bonus when played as an answer
ZSY_BONUS_KINDS = tuple(k for i, k in enumerate(ZSY_KINDS) if _claims(i, True))
_SPRING_NAME = (None, "spring", "reverse")


def _spring(landlord: int, winner: int, num_plays) -> int:
    if winner == landlord:
        return 1 if all(num_plays[s] == 0 for s in range(3) if s != landlord) else 0
    return 2 if num_plays[landlord] == 1 else 0


def _multiplier(bombs: int, doubled: bool) -> int:
    return 1 << (bombs + (1 if doubled else 0))


def zsy_claims_bonus(kind, answering) -> bool:
    """Whether a Zheng Shangyou play of ``kind`` (a name of ``ZSY_KINDS`` or its index) claims
    the bomb bonus: a bomb or an ace bomb played as an answer (``answering``), never a lead and
    never the heavenly bomb. A later bomb of the same round takes the claim over."""
    if isinstance(kind, str):
        if kind not in ZSY_KINDS:
            raise CardcoreError(f"kind {quote(kind)}: expected a Zheng Shangyou kind")
        k = ZSY_KINDS.index(kind)
    else:
        k = int_arg(kind, "kind", 0, len(ZSY_KINDS) - 1, CardcoreError)
    return _claims(k, flag_arg(answering, "answering"))


def zsy_bonus_share(seat) -> tuple[int, int, int]:
    """The score changes of seats 0, 1, 2 when seat ``seat``'s bomb bonus is settled: the
    bomber wins ``BOMB_BONUS``, each opponent pays half of it."""
    b = int_arg(seat, "seat", 0, 2, CardError)
    return (_share(b, 0), _share(b, 1), _share(b, 2))


def zsy_settle_bonus(bonus, seat) -> None:
    """Settle seat ``seat``'s bomb bonus into ``bonus`` (a list of the 3 seats' bonuses,
    updated in place by ``zsy_bonus_share(seat)``)."""
    b = int_arg(seat, "seat", 0, 2, CardError)
    if (type(bonus) is not list or len(bonus) != 3
            or any(type(x) is not int for x in bonus)):
        raise CardcoreError(f"bonus {quote(bonus)}: expected a list of the 3 seats' bonuses")
    for s in range(3):
        bonus[s] += _share(b, s)


def ddz_spring(landlord, winner, num_plays) -> str | None:
    """How a finished Dou Dizhu deal doubles: ``"spring"`` (the landlord went out before
    either farmer played a card), ``"reverse"`` (a farmer went out while the landlord had played
    only the opening lead) or ``None``. ``num_plays``: the plays of seats 0, 1, 2."""
    ll = int_arg(landlord, "landlord", 0, 2, CardError)
    w = int_arg(winner, "winner", 0, 2, CardError)
    if not isinstance(num_plays, (list, tuple)) or len(num_plays) != 3:
        raise CardcoreError(f"num_plays {quote(num_plays)}: expected the plays of seats 0, 1, 2")
    n = [int_arg(num_plays[s], "num_plays", 0, 20, CardcoreError) for s in range(3)]
    return _SPRING_NAME[_spring(ll, w, n)]


def ddz_multiplier(bombs, spring=False) -> int:
    """A Dou Dizhu deal's multiplier: doubled on every bomb and rocket played (``bombs``,
    0..14) and once more for a spring or reverse spring (``spring``)."""
    return _multiplier(int_arg(bombs, "bombs", 0, 14, CardcoreError), flag_arg(spring, "spring"))


def _row(game: int, i: int) -> tuple:
    rows = S._tables(game)[0]
    return rows[i - (S.DDZ_FIRST if game == 0 else S.ZSY_FIRST)]


def _rank(c: int) -> int:
    return c - 39 if c >= 52 else ((c >> 2) + 12) % 13


def sort_cards(cards) -> list[int]:
    """Card ids in the shedding games' order: by rank (3 .. A, 2, BJ, RJ), then by id."""
    out = []
    for c in cards:
        x = S._index(c)
        if x is None or not 0 <= x <= 53:
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        out.append(x)
    return sorted(out, key=lambda c: (_rank(c), c))


# ------------------------------------------------------------------ the deal

DOUDIZHU = 0
ZHENGSHANGYOU = 1
#: the phases of a deal (Zheng Shangyou has no auction)
BIDDING, PLAYING, OVER = 0, 1, 2
#: the action ids of each game (``NUM_ACTIONS[game]``)
NUM_ACTIONS = (S.DDZ_NUM_ACTIONS, S.ZSY_NUM_ACTIONS)
MAX_EVENTS = 256
_NDEALT = (54, 48)
_NHAND = (17, 16)
_ZSY_DECK = frozenset(c for c in range(52) if c != 50 and (c >> 2 != 0 or c == 3))
_BID_TEXT = ("pass", "bid 1", "bid 2", "bid 3")


def _is_play(game: int, i: int) -> bool:
    if game == 0:
        return S.DDZ_FIRST <= i < S.DDZ_NUM_ACTIONS
    return S.ZSY_FIRST <= i < S.ZSY_NUM_ACTIONS


def _cards(m: int) -> list[int]:
    return sort_cards(c for c in range(54) if m >> c & 1)


def _seat(s: int):
    return None if s < 0 else s


class Core(CoreBase):
    """One deal of Dou Dizhu (``game`` 0) or Zheng Shangyou (``game`` 1): see the module
    docstring."""

    def __init__(self, game, cards, first) -> None:
        self._ready = False
        g = int_arg(game, "game", 0, 1, CardcoreError)
        nd, nh = _NDEALT[g], _NHAND[g]
        if isinstance(cards, (str, bytes)):
            raise CardcoreError(f"cards {quote(cards)}: expected {nd} card ids")
        try:
            cs = list(cards)
        except TypeError:
            raise CardcoreError(f"cards {quote(cards)}: expected {nd} card ids") from None
        if len(cs) != nd:
            raise CardcoreError(f"cards: expected {nd} card ids, got {len(cs)}")
        self.game = g
        self.hand_m = [0, 0, 0]
        self.bottom_m = 0
        self.dealt: list[int] = []
        seen = 0
        for k in range(nd):
            c = int_arg(cs[k], "cards", 0, 53, CardcoreError)
            if g == 1 and c not in _ZSY_DECK:
                raise CardcoreError(f"cards: card id {c} is not in the Zheng Shangyou deck")
            if seen >> c & 1:
                raise CardcoreError(f"cards: card id {c} twice")
            seen |= 1 << c
            self.dealt.append(c)
            if k < 3 * nh:
                self.hand_m[k // nh] |= 1 << c
            else:
                self.bottom_m |= 1 << c
        self.first = 0
        if g == 0:
            self.first = int_arg(first, "first", 0, 2, CardError)
            self.phase = BIDDING
        else:
            if first is not None:
                raise CardcoreError(f"first {quote(first)}: Zheng Shangyou takes None (the "
                                    "holder of the 3 of hearts leads)")
            for seat in range(3):
                if self.hand_m[seat] >> S._THREE_HEARTS & 1:
                    self.first = seat
            self.phase = PLAYING
        self.opening = g == 1
        self.turn = self.first
        self.redeal_ = 0
        self.bid = self.bid_passes = self.bombs = self.spring = self.passes = 0
        self.bidder_ = self.landlord_ = self.winner_ = self.pending_ = -1
        self.table_ = -1
        self.bonus_ = [0, 0, 0]
        self.bomb_seats: list[int] = []
        self.played_: list[list[int]] = [[], [], []]
        self.num_plays_ = [0, 0, 0]
        self.ev: list[tuple[int, int]] = []      # (seat, id) of every action
        self.nauction = 0
        self.play_ev: list[int] = []
        self.play_mask: list[int] = []
        self._ready = True

    # ------------------------------------------------------------ transitions
    def _table_row(self):
        if self.table_ < 0:
            return None
        return _row(self.game, self.ev[self.play_ev[self.table_]][1])

    def legal_ids(self) -> list[int]:
        """The legal action ids of the seat to act, ascending (empty once over)."""
        _live(self)
        if self.phase == BIDDING:
            return [0] + list(range(self.bid + 1, 4))
        if self.phase != PLAYING:
            return []
        hand = _cards(self.hand_m[self.turn])
        t = self._table_row()
        key = None if t is None else (t[0], t[1], t[2])
        if self.game == 0:
            ids = S.ddz_hand_ids(hand, key).tolist()
            return ids if key is None else [0] + ids
        if key is None:
            return S.zsy_hand_ids(hand, None, bool(self.opening)).tolist()
        return S.zsy_hand_ids(hand, key).tolist() or [0]

    def is_legal(self, i) -> bool:
        """Whether ``i`` (an int) is a legal action id for the seat to act."""
        _live(self)
        if type(i) is not int:
            return False
        if self.phase == BIDDING:
            return i == 0 or self.bid < i <= 3
        if self.phase != PLAYING:
            return False
        t = self._table_row()
        key = None if t is None else (t[0], t[1], t[2])
        m = self.hand_m[self.turn]
        if i == 0:
            if self.game == 0 or key is None:
                return key is not None
            return not S.zsy_hand_ids(_cards(m), key).size
        if not _is_play(self.game, i):
            return False
        row = _row(self.game, i)
        if any(x > y for x, y in zip(row[3:], S._mask_counts(m))):
            return False
        if self.game == 0:
            return key is None or S.ddz_beats(row[:3], key)
        if key is not None:
            return S.zsy_beats(row[:3], key)
        if self.opening:
            return bool(m >> S._THREE_HEARTS & 1) and row[3] > 0 and row[0] != S.Z_BOMB
        return row[0] != S.Z_HEAVENLY_BOMB

    def apply(self, i, cards=None, log=None) -> int:
        """Apply the legal action id ``i`` (see the module docstring)."""
        _live(self)
        x = int_arg(i, "action id", 0, NUM_ACTIONS[self.game] - 1, CardcoreError)
        if self.redeal_ or not self.is_legal(x):
            raise CardcoreError(f"action id {x}: not legal now")
        pick, order = 0, []
        if self.phase == PLAYING and x != 0:
            row = _row(self.game, x)
            hand = self.hand_m[self.turn]
            if cards is None:
                pick = S._pick(hand, row[3:], self.game)
                order = S._order(pick, self.game, row[0], row[1], row[2])
            else:
                if isinstance(cards, (str, bytes)):
                    raise CardcoreError(f"cards {quote(cards)}: expected card ids")
                try:
                    cs = list(cards)
                except TypeError:
                    raise CardcoreError(f"cards {quote(cards)}: expected card ids") from None
                if len(cs) > 20:
                    raise CardcoreError(f"cards {quote(cards)}: not the cards of the play")
                for v in cs:
                    c = int_arg(v, "cards", 0, 53, CardcoreError)
                    if not hand >> c & 1 or pick >> c & 1:
                        raise CardcoreError(f"cards: card id {c} is not in the hand")
                    pick |= 1 << c
                    order.append(c)
                if S._mask_counts(pick) != list(row[3:]):
                    raise CardcoreError(f"cards {quote(cards)}: not the cards of action "
                                        f"id {x}")
        if log is not None and type(log) is not list:
            raise CardcoreError(f"log {quote(log)}: expected a list or None")
        self.redeal_ = self._apply(x, pick, order)
        if log is not None:
            log.append(self.last_entry())
        return self.redeal_

    def _settle(self) -> None:
        b = self.pending_
        if b < 0:
            return
        for k in range(3):
            self.bonus_[k] += _share(b, k)
        self.bomb_seats.append(b)
        self.pending_ = -1

    def _start_play(self) -> None:
        self.landlord_ = self.bidder_
        self.hand_m[self.landlord_] |= self.bottom_m
        self.phase = PLAYING
        self.turn = self.landlord_
        self.table_ = -1
        self.passes = 0

    def _apply(self, i: int, pick: int, order: list[int]) -> int:
        seat = self.turn
        nxt = (seat + 1) % 3
        self.ev.append((seat, i))
        if self.phase == BIDDING:
            self.nauction += 1
            if i == 0:
                self.bid_passes += 1
                if self.bidder_ < 0 and self.bid_passes == 3:
                    return 1
                if self.bidder_ >= 0 and self.bid_passes == 2:
                    self._start_play()
                    return 0
            else:
                self.bid = i
                self.bidder_ = seat
                self.bid_passes = 0
                if i == 3:
                    self._start_play()
                    return 0
            self.turn = nxt
            return 0
        if i == 0:
            self.turn = nxt
            if self.passes == 1:          # the round ends; the last player leads
                if self.game == 1:
                    self._settle()
                self.table_ = -1
                self.passes = 0
            else:
                self.passes += 1
            return 0
        row = _row(self.game, i)
        answering = self.table_ >= 0
        self.hand_m[seat] &= ~pick
        self.played_[seat].extend(order)
        self.num_plays_[seat] += 1
        self.play_ev.append(len(self.ev) - 1)
        self.play_mask.append(pick)
        self.table_ = len(self.play_mask) - 1
        self.passes = 0
        if self.game == 0:
            if row[0] in _DDZ_BOMBS:
                self.bombs += 1
            if not self.hand_m[seat]:
                self.spring = _spring(self.landlord_, seat, self.num_plays_)
                self.winner_ = seat
                self.phase = OVER
                return 0
        else:
            self.opening = False
            if _claims(row[0], answering):
                self.pending_ = seat          # a beaten earlier bomb loses its claim
            if not self.hand_m[seat]:
                if self.pending_ == seat:
                    self._settle()
                self.winner_ = seat
                self.phase = OVER
                return 0
        self.turn = nxt
        return 0

    def _kind_text(self, i: int) -> tuple[str, str]:
        row = _row(self.game, i)
        if self.game == 0:
            return DDZ_KINDS[row[0]], S.ddz_id_text(i)
        return ZSY_KINDS[row[0]], S.zsy_id_text(i)

    def last_entry(self):
        """The log entry of the last action applied (``None`` before any)."""
        _live(self)
        if not self.ev:
            return None
        seat, i = self.ev[-1]
        if i == 0:
            return [seat, "pass", "pass", [], None, []]
        if len(self.ev) <= self.nauction:
            return [seat, "bid", _BID_TEXT[i], [], i, []]
        n = bin(self.play_mask[-1]).count("1")
        kind, text = self._kind_text(i)
        return [seat, kind, text, self.played_[seat][len(self.played_[seat]) - n:], None, []]

    # ------------------------------------------------------------ accessors
    @property
    def player(self):
        _live(self)
        return None if self.phase == OVER else self.turn

    @property
    def redeal(self) -> bool:
        _live(self)
        return bool(self.redeal_)

    @property
    def bidder(self):
        _live(self)
        return _seat(self.bidder_)

    @property
    def landlord(self):
        _live(self)
        return _seat(self.landlord_)

    @property
    def multiplier(self) -> int:
        _live(self)
        return _multiplier(self.bombs, self.spring != _NO_SPRING)

    @property
    def winner(self):
        _live(self)
        return _seat(self.winner_)

    @property
    def pending_bomb(self):
        _live(self)
        return _seat(self.pending_)

    @property
    def nplays(self) -> int:
        _live(self)
        return len(self.play_mask)

    def hand(self, seat) -> list[int]:
        _live(self)
        return _cards(self.hand_m[int_arg(seat, "seat", 0, 2, CardError)])

    def hands(self) -> list[list[int]]:
        _live(self)
        return [_cards(m) for m in self.hand_m]

    def hand_sizes(self) -> list[int]:
        _live(self)
        return [bin(m).count("1") for m in self.hand_m]

    def bottom(self) -> list[int]:
        _live(self)
        return _cards(self.bottom_m)

    def played(self) -> list[list[int]]:
        _live(self)
        return [list(p) for p in self.played_]

    def num_plays(self) -> list[int]:
        _live(self)
        return list(self.num_plays_)

    def bonus(self) -> list[int]:
        _live(self)
        return list(self.bonus_)

    def bomb_log(self) -> list[list[int]]:
        _live(self)
        return [[b, BOMB_BONUS] for b in self.bomb_seats]

    def bid_log(self) -> list[list[int]]:
        _live(self)
        return [[s, i] for s, i in self.ev[:self.nauction]]

    def _play(self, k: int) -> list:
        seat, i = self.ev[self.play_ev[k]]
        kind, text = self._kind_text(i)
        return [seat, kind, text, _cards(self.play_mask[k])]

    def plays(self) -> list[list]:
        _live(self)
        return [self._play(k) for k in range(len(self.play_mask))]

    def passes_on(self) -> list[list[int]]:
        _live(self)
        out, n = [], 0
        for seat, i in self.ev[self.nauction:]:
            if i == 0:
                out.append([seat, n - 1])
            else:
                n += 1
        return out

    def table(self):
        _live(self)
        if self.table_ < 0:
            return None
        rec = self._play(self.table_)
        i = self.ev[self.play_ev[self.table_]][1]
        if self.game == 0:
            row = _row(0, i)
            return rec + [row[1], row[2], i]
        return rec + [i]

    def table_id(self) -> int:
        _live(self)
        return 0 if self.table_ < 0 else self.ev[self.play_ev[self.table_]][1]

    def history(self) -> list[int]:
        _live(self)
        return [i for _, i in self.ev]

    # ------------------------------------------------------------ copying
    def copy(self) -> Core:
        _live(self)
        new = Core.__new__(Core)
        new.__dict__.update({k: (list(v) if type(v) is list else v)
                             for k, v in self.__dict__.items()})
        new.played_ = [list(p) for p in self.played_]
        return new

    def export(self) -> list[int]:
        _live(self)
        out = [self.game, self.first if self.game == 0 else -1, *self.dealt, len(self.ev)]
        taken = [0, 0, 0]
        np = 0
        for k, (seat, i) in enumerate(self.ev):
            out.append(i)
            if k >= self.nauction and i != 0:
                n = bin(self.play_mask[np]).count("1")
                np += 1
                out.append(n)
                out += self.played_[seat][taken[seat]:taken[seat] + n]
                taken[seat] += n
            else:
                out.append(0)
        return out

    def __reduce__(self):
        return (from_export, (self.export(),))

    def __eq__(self, other):
        if not isinstance(other, Core):
            return NotImplemented
        return self.export() == other.export()

    __hash__ = None  # type: ignore[assignment]


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (the deal rebuilt, its actions replayed)."""
    if isinstance(values, (str, bytes)):
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    try:
        v = list(values)
    except TypeError:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints") from None
    if len(v) < 3:
        raise CardcoreError(f"values: expected at least 3 ints, got {len(v)}")
    g = int_arg(v[0], "values: game", 0, 1, CardcoreError)
    nd = _NDEALT[g]
    if len(v) < 3 + nd:
        raise CardcoreError(f"values: expected at least {3 + nd} ints, got {len(v)}")
    first = int_arg(v[1], "values: first", -1, 2, CardcoreError)
    core = Core(g, v[2:2 + nd], None if first < 0 else first)
    n = int_arg(v[2 + nd], "values: actions", 0, MAX_EVENTS, CardcoreError)
    p = 3 + nd
    for _ in range(n):
        if p + 2 > len(v):
            raise CardcoreError("values: the actions end early")
        i = v[p]
        k = int_arg(v[p + 1], "values: cards of an action", 0, 20, CardcoreError)
        if p + 2 + k > len(v):
            raise CardcoreError("values: the actions end early")
        cards = v[p + 2:p + 2 + k] if k else None
        p += 2 + k
        if not core.is_legal(i) or core.redeal:
            raise CardcoreError(f"values: action id {quote(i)} is not legal where it stands")
        core.apply(i, cards)
    if p != len(v):
        raise CardcoreError(f"values: {len(v) - p} ints after the actions")
    return core
