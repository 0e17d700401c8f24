"""Schnapsen step kernel, plain-Python twin of ``cardcore._fast.schnapsen_step``.

The one place of Schnapsen's rules of a deal (``docs/rules/schnapsen.md``): the card points,
who wins a trick, what may follow under the strict rules, closing, exchanging the trump Jack,
marriages, the 66 and the game points a deal is won for. ``cardcore.schnapsen.rules`` re-exports
the rule functions below for the game and the AI's search; ``Core`` plays one deal by them.

Encoding (both implementations):

* a card is its id ``rank * 4 + suit`` (``cardcore.cards``): the Vienna deck is the ranks
  T, J, Q, K, A, ids 32..51; seats are 0 and 1; suits c, d, h, s are 0..3;
* action ids (``docs/actions/schnapsen.md``): ``0..19`` play card ``32 + id``, ``20..27``
  lead card ``20 + id`` (Qc .. Ks) announcing its marriage, ``28`` exchange the trump Jack for
  the trump card, ``29`` close the stock;
* ``Core(seed, deck=None, dealer=1, counts=(7, 7))``: a deal. ``deck``: the 20 cards in
  dealing order (seat 0's five, seat 1's five, then the stock from the top, its last card the
  trump card); without it the Vienna deck in card-id order shuffled with the SplitMix64
  generator whose state is ``seed`` (``cardcore.rng.Rng(seed).shuffle``). ``rng`` is the
  generator state after the deal (``seed`` itself with a deck): the match's next deal draws
  from it. ``dealer`` deals (the other seat leads); ``counts`` are the two match counts (7
  down to 0) when the deal starts: the deal's game points are taken off the winner's count
  when it ends (``counts``), and the observation shows them;
* ``returns()``: the deal's game points, ``+g`` for the deal's winner and ``-g`` for the loser
  (``g`` 1, 2 or 3: what a single-deal game's ``scores()`` gives), zeros until the deal is over;
* ``export()``: ``[dealer, count_0, count_1, rng, *deck, *ids]``: the constructor's arguments
  (the counts at the start, ``rng`` the generator state after the deal, the 20 cards in dealing
  order) then the action ids applied, in order. ``from_export`` builds the core from the head
  and replays the ids (each must be legal), so that only positions play can reach load.
"""

from __future__ import annotations

from typing import Any

from ..errors import CardcoreError, CardError, quote
from ..errors import flag_arg as _flag_arg
from ..errors import int_arg as _int_arg
from .cardset import shuffle as _shuffle
from .core import copy_fields
from .core import Core as CoreBase
from .core import each, field, seat_or_none
from .core import live as _live

# ---------------------------------------------------------------- constants
#: the points that win a deal
TARGET = 66
#: the match count each seat starts from (7 down to 0)
MATCH_POINTS = 7
#: card points by rank index (T=8, J=9, Q=10, K=11, A=12); also the order of strength
POINTS = {8: 10, 9: 2, 10: 3, 11: 4, 12: 11}
JACK, QUEEN, KING = 9, 10, 11
#: the card points of each card id (0 for cards outside the Vienna deck)
CARD_POINTS = [POINTS.get(c >> 2, 0) for c in range(52)]
FIRST_CARD = 32                     # Tc, the lowest card id of the Vienna deck
DECK_SIZE = 20
HAND_SIZE = 5
STOCK_SIZE = 10
#: why a deal ended (``Core.reason``)
REASONS = ("66", "66 by a marriage", "last trick")
REASON_66, REASON_MARRIAGE, REASON_LAST = 0, 1, 2
#: ``Core.phase``
LEAD, FOLLOW, OVER = 0, 1, 2

# the action ids
NUM_ACTIONS = 30
PLAY0, MARRY0, EXCHANGE, CLOSE = 0, 20, 28, 29
MAX_ACTIONS = 22                    # 20 cards, an exchange and a close at most in a deal

# the observation (``docs/actions/schnapsen.md``): nine 20-card planes (slot ``card - 32``,
# the play-id order), then the scalars
HAND, OPP_KNOWN, TRUMP_CARD, TABLE = 0, 20, 40, 60
PLAYED_ME, PLAYED_OPP, WON_ME, WON_OPP, UNSEEN = 80, 100, 120, 140, 160
TRUMP_SUIT = 180            # 4: c, d, h, s
PHASE = 184                 # 3: lead, follow, over
MY_TURN, I_LEAD, STOCK, CLOSED, CLOSED_BY_ME, CLOSED_BY_OPP, STRICT = range(187, 194)
POINTS_ME, PENDING_ME, POINTS_OPP, PENDING_OPP, TRICKS_ME, TRICKS_OPP = range(194, 200)
MARRIED_ME, MARRIED_OPP = 200, 204      # 4 each: c, d, h, s
CLOSE_POINTS, CLOSE_TRICK, COUNT_ME, COUNT_OPP, DEALER = range(208, 213)
OBS_SIZE = 213

#: the export's head: the constructor's arguments (the action ids follow)
EXPORT_FIELDS = ("dealer", "count_0", "count_1", "rng", *(f"card_{k}" for k in range(20)))
EXPORT_HEAD = len(EXPORT_FIELDS)

_U64 = (1 << 64) - 1
_MAX_POINTS = 255                   # card points and marriages of a deal stay below


# ---------------------------------------------------------------- argument checks

def _card(x: Any, what: str) -> int:
    return _int_arg(x, what, 32, 51, CardError)


def _suit(x: Any, what: str) -> int:
    return _int_arg(x, what, 0, 3)


def _seat(x: Any, what: str) -> int:
    return _int_arg(x, what, 0, 1)


def _cards(mask: int) -> list[int]:
    """The card ids of a mask, ascending."""
    return [c for c in range(FIRST_CARD, FIRST_CARD + DECK_SIZE) if mask >> c & 1]


def _opt_seat(x: Any, what: str) -> int:
    """A seat, or ``None`` (returned as -1)."""
    return -1 if x is None else _int_arg(x, what, 0, 1)


def _amount(x: Any, what: str) -> int:
    return _int_arg(x, what, 0, _MAX_POINTS)


def _tricks(x: Any, what: str) -> int:
    return _int_arg(x, what, 0, 10)


def _hand(x: Any, what: str) -> list[int]:
    """A list or tuple of distinct Vienna card ids, as ints."""
    if type(x) is not list and type(x) is not tuple:
        raise CardError(f"{what} {quote(x)}: expected a list of card ids")
    out = []
    seen = 0
    for c in x:
        v = _card(c, f"{what}: card")
        if seen >> v & 1:
            raise CardError(f"{what}: card {v} appears twice")
        seen |= 1 << v
        out.append(v)
    return out


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# ---------------------------------------------------------------- the rules on plain values

def _beats(lead: int, follow: int, trump: int) -> bool:
    if (follow & 3) == (lead & 3):
        return CARD_POINTS[follow] > CARD_POINTS[lead]
    return (follow & 3) == trump


#: ``FOLLOW_WINS[trump][lead * 52 + follow]``: ``beats(lead, follow, trump)`` for every pair
#: of Vienna cards, asked once (the AI's search asks it at every trick)
FOLLOW_WINS = [[False] * (52 * 52) for _ in range(4)]
for _t in range(4):
    for _l in range(32, 52):
        for _f in range(32, 52):
            FOLLOW_WINS[_t][_l * 52 + _f] = _beats(_l, _f, _t)
del _t, _l, _f


def _strict_mask(hand: int, lead: int, trump: int) -> int:
    """The cards of ``hand`` (a mask of card ids) legal on ``lead`` under the strict rules."""
    pool = 0
    for c in range(32, 52):
        if hand >> c & 1 and (c & 3) == (lead & 3):
            pool |= 1 << c
    if pool:
        heads = 0
        for c in range(32, 52):
            if pool >> c & 1 and CARD_POINTS[c] > CARD_POINTS[lead]:
                heads |= 1 << c
        return heads or pool
    for c in range(32, 52):
        if hand >> c & 1 and (c & 3) == trump:
            pool |= 1 << c
    return pool or hand


def _partner(card: int) -> int:
    r = card >> 2
    if r == KING:
        return QUEEN * 4 + (card & 3)
    if r == QUEEN:
        return KING * 4 + (card & 3)
    return -1


def _game_points(loser_points: int, loser_has_trick: bool) -> int:
    if not loser_has_trick:
        return 3
    return 1 if loser_points >= 33 else 2


def _deal_game_points(winner: int, closer: int, close_points: int, close_tricks: int,
                      last_trick: bool, loser_points: int, loser_tricks: int) -> int:
    if closer >= 0:
        if winner == closer:
            return _game_points(close_points, close_tricks > 0)
        return 2 if close_tricks > 0 else 3
    if last_trick:
        return 1
    return _game_points(loser_points, loser_tricks > 0)


def card_points(card: int) -> int:
    """Card points of ``card``: A 11, T 10, K 4, Q 3, J 2."""
    return CARD_POINTS[_card(card, "card")]


def beats(lead: int, follow: int, trump: int) -> bool:
    """True when ``follow`` wins the trick over ``lead`` with trump suit ``trump``: a higher
    card of the led suit (by card points), or a trump on a card of another suit."""
    return _beats(_card(lead, "lead"), _card(follow, "follow"), _suit(trump, "trump"))


def trick_winner(leader: int, lead: int, follow: int, trump: int) -> int:
    """The seat that wins the trick ``leader`` led with ``lead`` and the other seat followed
    with ``follow``."""
    p = _seat(leader, "leader")
    return 1 - p if beats(lead, follow, trump) else p


def strict(closed: bool, stock_size: int) -> bool:
    """Whether the strict rules hold: once the stock is closed or exhausted (then no card is
    drawn either)."""
    c = _flag_arg(closed, "closed")
    return c or not _int_arg(stock_size, "stock_size", 0, STOCK_SIZE)


def strict_follows(hand: list[int], lead: int, trump: int) -> list[int]:
    """The cards of ``hand`` legal on ``lead`` under the strict rules (follow suit and head
    the trick where possible, else trump, else any card), in the hand's order."""
    cards = _hand(hand, "hand")
    ok = _strict_mask(_mask(cards), _card(lead, "lead"), _suit(trump, "trump"))
    return [c for c in cards if ok >> c & 1]


def may_close(closed: bool, stock_size: int) -> bool:
    """Whether the seat on lead may close the stock (before leading): while it is open and
    holds two cards or more."""
    c = _flag_arg(closed, "closed")
    return not c and _int_arg(stock_size, "stock_size", 0, STOCK_SIZE) >= 2


def trump_jack(trump: int) -> int:
    """The card the exchange takes from the hand: the Jack of trumps."""
    return JACK * 4 + _suit(trump, "trump")


def may_exchange(closed: bool, stock_size: int, hand: list[int], trump: int) -> bool:
    """Whether the seat on lead holding ``hand`` may exchange the trump Jack for the trump card
    (before leading): while the stock is open and holds three cards or more."""
    c = _flag_arg(closed, "closed")
    n = _int_arg(stock_size, "stock_size", 0, STOCK_SIZE)
    m = _mask(_hand(hand, "hand"))
    return not c and n >= 3 and bool(m >> trump_jack(trump) & 1)


def marriage_partner(card: int) -> int | None:
    """The other card of ``card``'s marriage (the Queen of a King, the King of a Queen), or
    ``None`` for a card of another rank."""
    p = _partner(_card(card, "card"))
    return None if p < 0 else p


def may_marry(card: int, hand: list[int], announced: int) -> bool:
    """Whether ``card`` may be led announcing a marriage from ``hand``: a K or Q whose partner
    is in the hand, of a suit not announced yet (``announced``: a bit mask of suits)."""
    c = _card(card, "card")
    m = _mask(_hand(hand, "hand"))
    a = _int_arg(announced, "announced", 0, 15)
    p = _partner(c)
    return p >= 0 and not (a >> (c & 3)) & 1 and bool(m >> p & 1)


def marriage_points(suit: int, trump: int) -> int:
    """A marriage (K and Q of one suit) announced: 40 in trumps, else 20."""
    return 40 if _suit(suit, "suit") == _suit(trump, "trump") else 20


def announce(points: int, pending: int, tricks_won: int, amount: int) -> tuple[int, int]:
    """A seat with ``points``, ``pending`` marriage points and ``tricks_won`` tricks announces a
    marriage worth ``amount``: its ``(points, pending)`` after. The points count at once once
    the seat has won a trick; before that they wait for its first trick."""
    pts = _amount(points, "points")
    pend = _amount(pending, "pending")
    won = _tricks(tricks_won, "tricks_won")
    amt = _amount(amount, "amount")
    if won:
        return pts + amt, pend
    return pts, pend + amt


def take_trick(points: int, pending: int, tricks_won: int, lead: int,
               follow: int) -> tuple[int, int, int]:
    """The seat with ``points``, ``pending`` and ``tricks_won`` wins the trick of ``lead`` and
    ``follow``: its ``(points, pending, tricks_won)`` after (its first trick makes its pending
    marriages count)."""
    pts = _amount(points, "points")
    pend = _amount(pending, "pending")
    won = _tricks(tricks_won, "tricks_won")
    lc, fc = _card(lead, "lead"), _card(follow, "follow")
    if not won:
        pts += pend
        pend = 0
    return pts + CARD_POINTS[lc] + CARD_POINTS[fc], pend, won + 1


def last_trick_winner(trick_winner: int, closer: int | None) -> int:
    """The deal's winner when the hands run out with nobody at ``TARGET``: the last trick's
    winner, or when the stock was closed the closer's opponent (the closer failed)."""
    w = _seat(trick_winner, "trick_winner")
    c = _opt_seat(closer, "closer")
    return w if c < 0 else 1 - c


def game_points(loser_points: int, loser_has_trick: bool) -> int:
    """The 1/2/3 scale by the loser's points and whether they won a trick."""
    return _game_points(_amount(loser_points, "loser_points"),
                        _flag_arg(loser_has_trick, "loser_has_trick"))


def deal_game_points(winner: int, closer: int | None, close_points: int, close_tricks: int,
                     last_trick: bool, loser_points: int, loser_tricks: int) -> int:
    """The game points ``winner`` wins the deal for. ``closer``: the seat that closed the stock
    (``None``: not closed), ``close_points`` and ``close_tricks`` its opponent's points and
    tricks when it closed; ``last_trick``: the deal ended by its last trick (nobody at
    ``TARGET``); ``loser_points``, ``loser_tricks``: the loser's at the end.

    A successful closer scores on the 1/2/3 scale with its opponent's points and tricks at the
    close; a failing closer gives 2, or 3 if the opponent had no trick at the close. Not
    closed: the last trick wins 1, else the 1/2/3 scale by the loser's points and tricks."""
    return _deal_game_points(
        _seat(winner, "winner"), _opt_seat(closer, "closer"),
        _amount(close_points, "close_points"), _tricks(close_tricks, "close_tricks"),
        _flag_arg(last_trick, "last_trick"), _amount(loser_points, "loser_points"),
        _tricks(loser_tricks, "loser_tricks"))


# ---------------------------------------------------------------- the deal

def _deck(x: Any) -> list[int]:
    """20 distinct Vienna card ids."""
    cards = _hand(x, "deck")
    if len(cards) != DECK_SIZE:
        raise CardError(f"deck: expected {DECK_SIZE} card ids, got {len(cards)}")
    return cards


def _counts(x: Any) -> list[int]:
    if type(x) is not list and type(x) is not tuple or len(x) != 2:
        raise CardcoreError(f"counts {quote(x)}: expected the two match counts")
    return [_int_arg(v, "counts: count", 1, MATCH_POINTS) for v in x]


class Core(CoreBase):
    """One deal of Schnapsen (see the module docstring).

    ``returns()`` is the deal's game points: ``+g`` for the deal's winner and ``-g`` for the
    loser (``g`` 1, 2 or 3, what a single-deal game's ``scores()`` gives), zeros until the
    deal is over."""

    __slots__ = ("_ready", "num_players", "num_distinct_actions", "observation_shape",
                 "_deal", "dealer", "_start_counts", "rng", "_hand", "_known", "_stock",
                 "_pos", "trump", "leader", "phase", "_lead", "closed", "_closer",
                 "close_points", "close_tricks", "_points", "_pending", "_won", "_married",
                 "_tricks", "_counts", "_winner", "game_points", "reason", "_ids")

    def __init__(self, seed: int = 0, deck: Any = None, dealer: int = 1,
                 counts: Any = (MATCH_POINTS, MATCH_POINTS)) -> None:
        self._ready = False
        rng = _int_arg(seed, "seed", 0, _U64)
        if deck is None:
            cards = list(range(FIRST_CARD, FIRST_CARD + DECK_SIZE))
            rng = _shuffle(cards, rng)
        else:
            cards = _deck(deck)
        self.dealer = _int_arg(dealer, "dealer", 0, 1)
        self._start_counts = _counts(counts)
        self.num_players = 2
        self.num_distinct_actions = NUM_ACTIONS
        self.observation_shape = (OBS_SIZE,)
        self._deal = cards
        self.rng = rng
        self._hand = [_mask(cards[0:5]), _mask(cards[5:10])]
        self._known = [0, 0]            # cards publicly known in each hand
        self._stock = cards[10:]        # top first; the last card is the trump card
        self._pos = 0                   # the next card of ``_stock`` to draw
        self.trump = cards[-1] & 3
        self.leader = 1 - self.dealer
        self.phase = LEAD
        self._lead = -1                 # the card led to the current trick
        self.closed = False
        self._closer = -1
        self.close_points = 0           # the closer's opponent's points and tricks at closing
        self.close_tricks = 0
        self._points = [0, 0]
        self._pending = [0, 0]
        self._won = [0, 0]
        self._married: list[list[int]] = [[], []]    # suits announced, in order
        self._tricks: list[tuple[int, int, int, int]] = []  # (leader, lead, follow, winner)
        self._counts = list(self._start_counts)
        self._winner = -1
        self.game_points = 0
        self.reason = -1
        self._ids: list[int] = []
        self._ready = True

    # ------------------------------------------------------------ reading
    @property
    def stock_size(self) -> int:
        _live(self)
        return STOCK_SIZE - self._pos

    @property
    def trump_card(self) -> int:
        """The trump card turned up under the stock (the trump Jack after an exchange; the
        card the loser of the last draw took once the stock is exhausted)."""
        _live(self)
        return self._stock[-1]

    @property
    def strict(self) -> bool:
        _live(self)
        return self.closed or self._pos == STOCK_SIZE

    closer: int | None = field("_closer", seat_or_none)
    winner: int | None = field("_winner", seat_or_none, "The deal's winner once it is over.")
    lead_card: int | None = field("_lead", seat_or_none,
                                  "The card led to the current trick (``None`` when no card is on "
                                  "the table).")
    hands: list[list[int]] = field("_hand", each(_cards), "Each seat's hand, ascending card ids.")
    known: list[list[int]] = field("_known", each(_cards),
                                   "The cards of each hand that are publicly known (the card "
                                   "taken by an exchange, the partner of an announced marriage, "
                                   "the trump card taken at the last draw).")

    @property
    def stock(self) -> list[int]:
        """The cards left in the stock, top first (the trump card last)."""
        _live(self)
        return self._stock[self._pos:]

    points: list[int] = field("_points", list)
    pending: list[int] = field("_pending", list)
    tricks_won: list[int] = field("_won", list)
    marriages: list[list[int]] = field("_married", each(list),
                                       "The suits each seat announced, in order.")
    tricks: list[list[int]] = field("_tricks", each(list),
                                    "The finished tricks: ``[leader, lead, follow, winner]`` "
                                    "each.")
    counts: list[int] = field("_counts", list,
                              "The match counts: as at the start of the deal, the winner's "
                              "lowered by the deal's game points once it is over (not below 0).")
    deck: list[int] = field("_deal", list, "The deal's 20 cards in dealing order.")
    actions: list[int] = field("_ids", list, "The action ids applied, in order.")

    # ------------------------------------------------------------ the contract
    def _player(self) -> int | None:
        if self.phase == LEAD:
            return self.leader
        if self.phase == FOLLOW:
            return 1 - self.leader
        return None

    def _over(self) -> bool:
        return self.phase == OVER

    def _legal(self) -> list[int]:
        if self.phase == FOLLOW:
            hand = self._hand[1 - self.leader]
            if self.strict:
                hand = _strict_mask(hand, self._lead, self.trump)
            return [c - FIRST_CARD for c in _cards(hand)]
        if self.phase != LEAD:
            return []
        p = self.leader
        hand = self._hand[p]
        cards = _cards(hand)
        ids = [c - FIRST_CARD for c in cards]
        announced = 0
        for s in self._married[p]:
            announced |= 1 << s
        for c in cards:
            q = _partner(c)
            if q >= 0 and not announced >> (c & 3) & 1 and hand >> q & 1:
                ids.append(c - MARRY0)
        ids.sort()
        n = self.stock_size
        if not self.closed and n >= 3 and hand >> (JACK * 4 + self.trump) & 1:
            ids.append(EXCHANGE)
        if not self.closed and n >= 2:
            ids.append(CLOSE)
        return ids

    def _apply(self, i: int) -> None:
        p = self._player()
        assert p is not None
        self._ids.append(i)
        if i < MARRY0:
            self._play(p, i + FIRST_CARD)
        elif i < EXCHANGE:
            self._marry(p, i + MARRY0)
        elif i == EXCHANGE:
            jack = JACK * 4 + self.trump
            old = self._stock[-1]
            self._hand[p] = self._hand[p] & ~(1 << jack) | 1 << old
            self._known[p] |= 1 << old
            self._stock[-1] = jack
        else:
            self.closed = True
            self._closer = p
            self.close_points = self._points[1 - p]
            self.close_tricks = self._won[1 - p]

    def _marry(self, p: int, card: int) -> None:
        s = card & 3
        self._married[p].append(s)
        self._known[p] |= 1 << _partner(card)
        amount = 40 if s == self.trump else 20
        if self._won[p]:
            self._points[p] += amount
        else:
            self._pending[p] += amount
        if self._points[p] >= TARGET:
            self._end(p, REASON_MARRIAGE)
            return
        self._play(p, card)

    def _play(self, p: int, card: int) -> None:
        bit = 1 << card
        self._hand[p] &= ~bit
        self._known[p] &= ~bit
        if self.phase == LEAD:
            self._lead = card
            self.phase = FOLLOW
            return
        ls, lc = self.leader, self._lead
        w = 1 - ls if _beats(lc, card, self.trump) else ls
        self._tricks.append((ls, lc, card, w))
        self._lead = -1
        if not self._won[w]:
            self._points[w] += self._pending[w]
            self._pending[w] = 0
        self._points[w] += CARD_POINTS[lc] + CARD_POINTS[card]
        self._won[w] += 1
        self.leader = w
        self.phase = LEAD
        if self._points[w] >= TARGET:
            self._end(w, REASON_66)
            return
        if not self.strict:
            self._hand[w] |= 1 << self._stock[self._pos]
            last = self._stock[self._pos + 1]
            self._pos += 2
            if self._pos == STOCK_SIZE:        # the loser takes the trump card
                self._known[1 - w] |= 1 << last
            self._hand[1 - w] |= 1 << last
        if not self._hand[w]:
            self._end(w if self._closer < 0 else 1 - self._closer, REASON_LAST)

    def _end(self, winner: int, reason: int) -> None:
        loser = 1 - winner
        gp = _deal_game_points(winner, self._closer, self.close_points, self.close_tricks,
                               reason == REASON_LAST, self._points[loser], self._won[loser])
        self._counts[winner] = max(0, self._counts[winner] - gp)
        self._winner = winner
        self.game_points = gp
        self.reason = reason
        self.phase = OVER

    def _returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        g = float(self.game_points)
        return [g, -g] if self._winner == 0 else [-g, g]

    def _observe(self, seat: int, out: Any) -> None:
        """What ``seat`` sees into ``out`` (``OBS_SIZE`` float32 zeros; the layout of
        ``docs/actions/schnapsen.md``)."""
        opp = 1 - seat
        seen = 0                                # cards whose place the seat knows
        for c in _cards(self._hand[seat]):
            out[HAND + c - FIRST_CARD] = 1.0
            seen |= 1 << c
        for c in _cards(self._known[opp]):
            out[OPP_KNOWN + c - FIRST_CARD] = 1.0
            seen |= 1 << c
        if self._pos < STOCK_SIZE:
            out[TRUMP_CARD + self._stock[-1] - FIRST_CARD] = 1.0
            seen |= 1 << self._stock[-1]
        if self._lead >= 0:
            out[TABLE + self._lead - FIRST_CARD] = 1.0
            seen |= 1 << self._lead
        for ls, lc, fc, w in self._tricks:
            mine, theirs = (PLAYED_ME, PLAYED_OPP) if ls == seat else (PLAYED_OPP, PLAYED_ME)
            out[mine + lc - FIRST_CARD] = 1.0
            out[theirs + fc - FIRST_CARD] = 1.0
            pile = WON_ME if w == seat else WON_OPP
            out[pile + lc - FIRST_CARD] = 1.0
            out[pile + fc - FIRST_CARD] = 1.0
            seen |= 1 << lc | 1 << fc
        for c in range(FIRST_CARD, FIRST_CARD + DECK_SIZE):
            if not seen >> c & 1:
                out[UNSEEN + c - FIRST_CARD] = 1.0
        out[TRUMP_SUIT + self.trump] = 1.0
        out[PHASE + self.phase] = 1.0
        if self._player() == seat:
            out[MY_TURN] = 1.0
        if self.phase != OVER and self.leader == seat:
            out[I_LEAD] = 1.0
        out[STOCK] = self.stock_size / 10.0
        if self.closed:
            out[CLOSED] = 1.0
            out[CLOSED_BY_ME if self._closer == seat else CLOSED_BY_OPP] = 1.0
            out[CLOSE_POINTS] = self.close_points / TARGET
            out[CLOSE_TRICK] = 1.0 if self.close_tricks else 0.0
        if self.strict:
            out[STRICT] = 1.0
        out[POINTS_ME] = self._points[seat] / TARGET
        out[PENDING_ME] = self._pending[seat] / TARGET
        out[POINTS_OPP] = self._points[opp] / TARGET
        out[PENDING_OPP] = self._pending[opp] / TARGET
        out[TRICKS_ME] = self._won[seat] / 10.0
        out[TRICKS_OPP] = self._won[opp] / 10.0
        for s in self._married[seat]:
            out[MARRIED_ME + s] = 1.0
        for s in self._married[opp]:
            out[MARRIED_OPP + s] = 1.0
        out[COUNT_ME] = self._counts[seat] / MATCH_POINTS
        out[COUNT_OPP] = self._counts[opp] / MATCH_POINTS
        if self.dealer == seat:
            out[DEALER] = 1.0

    # ------------------------------------------------------------ copies and exports
    def copy(self) -> Core:
        """An independent core in the same position."""
        return copy_fields(self)

    def export(self) -> list[int]:
        """``[dealer, count_0, count_1, rng, *deck, *ids]`` (the module docstring)."""
        _live(self)
        return [self.dealer, *self._start_counts, self.rng, *self._deal, *self._ids]



def from_seed(seed: int) -> Core:
    """The core ``cardcore.new_game("schnapsen", seed=seed)`` starts with: the first deal,
    dealt by seat 1, from the Vienna deck shuffled with the generator state ``seed``."""
    return Core(seed)


def from_export(values: Any) -> Core:
    """The ``Core`` whose ``export()`` is ``values``: the constructor's arguments checked, then
    each action id replayed (``CardcoreError`` for one that is not legal there)."""
    if type(values) is not list and type(values) is not tuple:
        raise CardcoreError(f"values {quote(values)}: expected a list of ints")
    v = list(values)
    if not EXPORT_HEAD <= len(v) <= EXPORT_HEAD + MAX_ACTIONS:
        raise CardcoreError(f"values: expected {EXPORT_HEAD} to {EXPORT_HEAD + MAX_ACTIONS} "
                            f"ints, got {len(v)}")
    dealer = _int_arg(v[0], "values: dealer", 0, 1)
    counts = [_int_arg(x, "values: count", 1, MATCH_POINTS) for x in v[1:3]]
    rng = _int_arg(v[3], "values: rng", 0, _U64)
    try:
        core = Core(rng, v[4:EXPORT_HEAD], dealer, counts)
    except CardcoreError as e:
        raise CardcoreError(f"values: {e}") from None
    for k, x in enumerate(v[EXPORT_HEAD:]):
        i = _int_arg(x, "values: action id", 0, NUM_ACTIONS - 1)
        if core._over() or not core._is_legal(i):
            raise CardcoreError(f"values: action id {i} (action {k}) is not legal there")
        core._apply(i)
    return core


__all__ = ["TARGET", "MATCH_POINTS", "POINTS", "JACK", "QUEEN", "KING", "CARD_POINTS",
           "FOLLOW_WINS", "REASONS", "NUM_ACTIONS", "PLAY0", "MARRY0", "EXCHANGE", "CLOSE",
           "OBS_SIZE", "EXPORT_FIELDS", "card_points", "beats", "trick_winner", "strict",
           "strict_follows", "may_close", "trump_jack", "may_exchange", "marriage_partner",
           "may_marry", "marriage_points", "announce", "take_trick", "last_trick_winner",
           "game_points", "deal_game_points", "Core", "from_seed", "from_export"]
