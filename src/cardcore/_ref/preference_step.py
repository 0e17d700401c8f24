"""Preference step kernel, plain-Python twin of ``cardcore._fast.preference_step``.

``Core`` holds the play of one deal of Preference (Vienna, 32 cards, three seats): the deal, the
auction, the talon and the discard, the contract and trumps, the No Aces announcement, the
defenders' stay / drop and invitation, the ten tricks and the deal's settlement against the
pot. What spans deals (the deal number, the rotation of the dealer, the balances and the pot
between deals, the past deals) is the match layer of ``cardcore.preference.PreferenceState``,
which starts each deal's core with the balances and the pot the previous one left.

Encoding (both implementations):

* seats 0..2 clockwise (the seat on a seat's left is the next one); cards are ids 20..51
  (``rank * 4 + suit``, 7c 7d 7h 7s 8c ... As; suits c d h s = 0..3);
* action ids (``N_ACTIONS`` = 548, those of ``docs/actions/preference.md``): ``0..31`` play
  card ``20 + id``, ``32..527`` discard a pair of cards (lexicographic over the 32 cards),
  ``528..531`` bid 1..4, ``532`` hold, ``533..535`` game clubs / spades / diamonds, ``536``
  hearts, ``537`` pass, ``538..541`` trump clubs / spades / diamonds / hearts, ``542`` no aces,
  ``543`` no announcement, ``544`` stay, ``545`` drop, ``546`` invite, ``547`` alone;
* ``phase`` is an index of ``PHASES``; a contract's ``kind`` an index of ``KINDS``; a seat's
  ``defence`` an index of ``DEFENCES`` (0: not asked); ``game_level`` the level of the Game
  bid so far (clubs 1, spades 2, diamonds 3; 0: none); a seat that is absent reads ``None``;
* ``Core(deck, dealer, balances, pot, deal_no, deals)``: ``deck`` the 32 cards as dealt (seat
  0's ten, seat 1's, seat 2's, then the 2-card talon), the dealer of this deal, the balances
  and the pot the deal starts with, the deal's number in the match and the match's length;
* ``returns()``: once the deal is over, each seat's balance after it (the settlement and, when
  it emptied the pot, the 30 each seat puts in again): for a first deal (balances -30 each, a
  pot of 90) it is ``new_game("preference", single_deal=True).scores()``, and for the last
  deal of a match the match's ``scores()``; a void deal leaves the balances as they were.
  Zeros until the deal is over;
* ``export()``: the fields of ``EXPORT_FIELDS`` (the dealer, the deal number, the match length,
  the balances and the pot the deal started with, the trick counts it started with -- zero
  unless edited, see ``set_won`` --, the 32 cards as dealt, each hand and the talon sorted,
  and the number of actions), then the ``MAX_HISTORY`` action ids of the deal (``-1`` after the
  last). ``from_export`` checks every field and replays the actions (each must be legal), so
  only a reachable deal loads; every other field follows from the replay.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import CardcoreError, CardError, quote
from ..errors import int_arg as _int_arg
from .args import card_mask as _card_mask
from .args import mask_cards as _cards
from ..rng import Rng
from .core import copy_fields
from .core import Core as _CoreContract
from .core import each, field, reader, seat_or_none
from .core import live as _live

NUM_PLAYERS = 3
N_ACTIONS = 548
PLAY0 = 0            # 0..31: play card 20 + id
DISCARD0 = 32        # 32..527: discard the pair (a, b), a < b, lexicographic
BID0 = 527           # 528..531: bid 1..4 (BID0 + number)
HOLD = 532
GAME0 = 532          # 533..535: game clubs, spades, diamonds (GAME0 + the suit's level)
HEARTS_BID = 536
PASS = 537
TRUMP0 = 537         # 538..541: trump clubs, spades, diamonds, hearts (TRUMP0 + level)
NO_ACES, NO_ANNOUNCEMENT, STAY, DROP, INVITE, ALONE = range(542, 548)

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
#: the bidding level of each suit (by suit id): clubs 1 < spades 2 < diamonds 3 < hearts 4
SUIT_LEVEL = (1, 3, 4, 2)
#: the suit of each level 1..4
LEVEL_SUIT = (-1, CLUBS, SPADES, DIAMONDS, HEARTS)
ACE = 12
FIRST_CARD = 20
DECK = tuple(range(FIRST_CARD, 52))
#: the cards of each suit, as a mask over card ids
SUIT_MASK = tuple(sum(1 << c for c in DECK if c & 3 == s) for s in range(4))
ACES = sum(1 << c for c in DECK if c >> 2 == ACE)

PHASES = ("auction", "discard", "trump", "announce", "defence", "invite", "play", "over")
AUCTION, DISCARD, TRUMP, ANNOUNCE, DEFENCE, INVITE_PHASE, PLAY, OVER = range(8)
KINDS = ("number", "game", "hearts")
NUMBER, GAME, HEARTS_GAME = range(3)
DEFENCES = (None, "stay", "drop", "invited")
NOT_ASKED, STAYED, DROPPED, INVITED = range(4)
#: the bonuses of a settlement, in the order they are paid (bit k of ``bonuses``)
BONUSES = ("hearts", "four aces", "no aces")
BONUS_HEARTS, BONUS_FOUR_ACES, BONUS_NO_ACES = 1, 2, 4

STAKE = 30
TAKE = 10
FAIL = 20
PENALTY = 10
BONUS = 10
NEED = 6
DEFENDER_NEED = 2
HOST_NEED = 4
TRICKS = 10
FIRST_DEALER = 2
DEFAULT_DEALS = 9

#: the most legal ids a position has (the 66 discards of a 12-card hand)
MAX_LEGAL = 66
#: room for the actions of one deal (at most 45: an auction of at most 9 calls, the exchange,
#: the announcement, the defence, the invitation and 30 cards)
MAX_HISTORY = 64
#: the bounds of the balances and the pot a core is made with (a match moves them by at most
#: a few hundred points a deal), and of the match's length
MONEY_MAX = 10 ** 15
MAX_DEALS = 10 ** 15
#: the bound ``from_export`` reads them with (a core made at ``MONEY_MAX`` may have settled)
EXPORT_MONEY_MAX = 1 << 62
_U64 = (1 << 64) - 1

#: the discard id of each pair of cards (a < b), and the pair of each discard id
PAIR_ID: dict[tuple[int, int], int] = {}
PAIRS: list[tuple[int, int]] = []
for _a in DECK:
    for _b in range(_a + 1, 52):
        PAIR_ID[_a, _b] = DISCARD0 + len(PAIRS)
        PAIRS.append((_a, _b))
del _a, _b

# the observation tensor's layout (docs/actions/preference.md): eight 32-card planes (slot
# ``card - 20``, the play-id order; seats relative to the player: 0 self, 1 left, 2 right),
# then the scalars
HAND_PLANE, DISCARD_PLANE = 0, 32
PLAYED_PLANE = 64            # 3 planes: cards each seat played in this deal's finished tricks
TRICK_PLANE = 160            # 3 planes: the card each seat put on the current trick
PHASE_SLOT = 256             # 8: the phases of PHASES
TO_ACT_SLOT = 264            # 3: relative seat to act
DEALER_SLOT = 267            # 3
NUMBER_SLOT = 270            # 5: highest number bid 0 (none), 1..4
NUMBER_HOLDER_SLOT = 275     # 3
GAME_SUIT_SLOT = 278         # 3: game clubs, spades, diamonds
GAME_HOLDER_SLOT = 281       # 3
PASSED_SLOT = 284            # 3
SPOKEN_SLOT = 287            # 3
KIND_SLOT = 290              # 3: number, game, hearts
DECLARER_SLOT = 293          # 3
LEVEL_SLOT = 296             # 4: contract level 1..4
TRUMP_SLOT = 300             # 4: clubs, spades, diamonds, hearts
NO_ACES_SLOT = 304
DEFENCE_SLOT = 305           # 3 x 3: per relative seat stay, drop, invited
HOST_SLOT = 314              # 3
ACTIVE_SLOT = 317            # 3: seats playing the tricks
LEADER_SLOT = 320            # 3: leader of the current trick
WON_SLOT = 323               # 3: tricks won / 10
TRICKS_SLOT = 326            # finished tricks / 10
POT_SLOT = 327               # pot / 100
BALANCE_SLOT = 328           # 3: balances / 100
DEAL_SLOT = 331              # 2: deal number / deals, deals left / deals
OBS_SIZE = 333

#: the fixed fields at the head of ``export()`` (then ``MAX_HISTORY`` action ids)
EXPORT_FIELDS = (
    "dealer", "deal_no", "deals", "balance_0", "balance_1", "balance_2", "pot",
    "won_0", "won_1", "won_2", *(f"card_{k}" for k in range(32)), "actions",
)
EXPORT_HEAD = len(EXPORT_FIELDS)
EXPORT_SIZE = EXPORT_HEAD + MAX_HISTORY
EXPORT_BALANCES = EXPORT_FIELDS.index("balance_0")
EXPORT_POT = EXPORT_FIELDS.index("pot")
EXPORT_WON = EXPORT_FIELDS.index("won_0")
EXPORT_CARDS = EXPORT_FIELDS.index("card_0")
EXPORT_ACTIONS = EXPORT_FIELDS.index("actions")


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _int_list(x, what: str, n: int, lo: int, hi: int, err=CardcoreError) -> list[int]:
    """``x`` as a list of ``n`` ints in ``lo..hi`` (a list or tuple), else ``err``."""
    if not isinstance(x, (list, tuple)):
        raise err(f"{what} {quote(x)}: expected a list of {n} ints")
    if len(x) != n:
        raise err(f"{what} {quote(x)}: expected {n} ints, got {len(x)}")
    return [_int_arg(v, what, lo, hi, err) for v in x]


def _check_deck(deck) -> list[int]:
    cards = _int_list(deck, "deck", 32, FIRST_CARD, 51, CardError)
    if len(set(cards)) != 32:
        raise CardError(f"deck {quote(deck)}: a card appears twice (expected the 32 cards "
                        "7..A, ids 20..51, each once)")
    return cards


def _trick_winner_index(cards, trump: int) -> int:
    """The index (in play order) of the card that wins a trick: the highest trump, else the
    highest card of the suit led."""
    w = 0
    best = cards[0]
    for k in range(1, len(cards)):
        c = cards[k]
        if (c & 3) == (best & 3):
            if c > best:
                w, best = k, c
        elif (c & 3) == trump:
            w, best = k, c
    return w


class Core(_CoreContract):
    """One deal of Preference: ``Core(deck, dealer, balances, pot, deal_no, deals)`` (see the
    module docstring). A step core of the one core contract (``cardcore._ref.core.Core``):
    ids, legality, ``apply``, ``observation_tensor`` and pickling come from the base.
    ``returns()`` is each seat's balance once the deal is over (for a first deal, what
    ``new_game("preference", single_deal=True).scores()`` gives), zeros until then."""

    __slots__ = ("dealer_", "deal_no_", "deals_", "start_balances_", "start_pot_", "start_won_",
                 "dealt_", "talon_", "history_", "seats_", "hands_", "discards_", "phase_",
                 "turn_", "passed_", "spoken_", "number_", "number_holder_", "game_level_",
                 "game_holder_", "kind_", "declarer_", "level_", "trump_", "defence_",
                 "invited_", "host_", "no_aces_", "decl_aces_", "active_", "leader_", "trick_",
                 "n_tricks_", "played_", "won_", "balances_", "pot_", "made_", "penalties_",
                 "bonuses_", "delta_", "pot_before_", "refill_", "_ready")

    num_players = NUM_PLAYERS
    num_distinct_actions = N_ACTIONS
    observation_shape = (OBS_SIZE,)

    def __init__(self, deck, dealer, balances, pot, deal_no, deals) -> None:
        self._ready = False
        cards = _check_deck(deck)
        d = _int_arg(dealer, "dealer", 0, 2)
        bal = _int_list(balances, "balances", 3, -MONEY_MAX, MONEY_MAX)
        p = _int_arg(pot, "pot", 0, MONEY_MAX)
        n = _int_arg(deals, "deals", 1, MAX_DEALS)
        k = _int_arg(deal_no, "deal_no", 1, n)
        self._start(cards, d, bal, p, k, n, [0, 0, 0])
        self._ready = True

    def _start(self, cards: list[int], dealer: int, balances: list[int], pot: int,
               deal_no: int, deals: int, won0: list[int]) -> None:
        self.dealer_ = dealer
        self.deal_no_ = deal_no
        self.deals_ = deals
        self.start_balances_ = list(balances)
        self.start_pot_ = pot
        self.start_won_ = list(won0)
        self.dealt_ = [sum(1 << c for c in cards[10 * s:10 * s + 10]) for s in range(3)]
        self.talon_ = (1 << cards[30]) | (1 << cards[31])
        self.history_: list[int] = []
        self.seats_: list[int] = []
        self.hands_ = list(self.dealt_)
        self.discards_ = 0
        self.phase_ = AUCTION
        self.turn_ = (dealer + 1) % 3
        self.passed_ = [False] * 3
        self.spoken_ = [False] * 3
        self.number_ = 0
        self.number_holder_ = -1
        self.game_level_ = 0
        self.game_holder_ = -1
        self.kind_ = -1
        self.declarer_ = -1
        self.level_ = 0
        self.trump_ = -1
        self.defence_ = [NOT_ASKED] * 3
        self.invited_ = -1
        self.host_ = -1
        self.no_aces_ = False
        self.decl_aces_ = 0
        self.active_ = 0               # the seats that play the tricks, bit s for seat s
        self.leader_ = -1
        self.trick_: list[tuple[int, int]] = []     # (seat, card) on the current trick
        self.n_tricks_ = 0
        self.played_ = [0, 0, 0]       # the cards each seat played to finished tricks
        self.won_ = list(won0)
        self.balances_ = list(balances)
        self.pot_ = pot
        self.made_ = False
        self.penalties_ = 0
        self.bonuses_ = 0
        self.delta_ = [0, 0, 0]
        self.pot_before_ = 0
        self.refill_ = False

    # ------------------------------------------------------------------ the contract's hooks
    def _player(self) -> int | None:
        ph = self.phase_
        if ph == PLAY:
            trick = self.trick_
            if not trick:
                return self.leader_
            s = (trick[-1][0] + 1) % 3
            return s if self.active_ >> s & 1 else (s + 1) % 3
        if ph == OVER:
            return None
        return self.turn_

    def _over(self) -> bool:
        return self.phase_ == OVER

    def _legal(self) -> list[int]:
        ph = self.phase_
        if ph == PLAY:
            seat = self._player()
            assert seat is not None
            return self._play_ids(seat)
        if ph == AUCTION:
            return self._auction_ids(self.turn_)
        if ph == DISCARD:
            hand = _cards(self.hands_[self.turn_])
            return [PAIR_ID[a, b] for k, a in enumerate(hand) for b in hand[k + 1:]]
        if ph == TRUMP:
            return [TRUMP0 + lv for lv in range(max(self.number_, 1), 5)]
        if ph == ANNOUNCE:
            return [NO_ACES, NO_ANNOUNCEMENT] if self._may_announce() else [NO_ANNOUNCEMENT]
        if ph == DEFENCE:
            return [STAY, DROP]
        if ph == INVITE_PHASE:
            return [INVITE, ALONE]
        return []

    def _is_legal(self, i: int) -> bool:
        return 0 <= i < N_ACTIONS and i in self._legal()

    def _priority(self, seat: int) -> int:
        return (seat - self.dealer_ - 1) % 3

    def _auction_ids(self, seat: int) -> list[int]:
        out: list[int] = []
        if self.game_level_ == 0:
            holder = self.number_holder_
            if holder >= 0 and self._priority(seat) < self._priority(holder):
                out.append(HOLD)
            elif self.number_ < 4:
                out.append(BID0 + self.number_ + 1)
        if not self.spoken_[seat]:
            out += [GAME0 + lv for lv in (1, 2, 3) if lv > self.game_level_]
            out.append(HEARTS_BID)
        out.append(PASS)
        return out

    def _play_ids(self, seat: int) -> list[int]:
        """The cards ``seat`` may play (``_follows`` on the trick in progress)."""
        trick = self.trick_
        lowest = (_count(self.active_) == 3 and len(trick) == 1
                  and trick[0][0] == self.declarer_)
        m = _follows(self.hands_[seat], [c for _, c in trick], self.trump_, lowest)
        return [c - FIRST_CARD for c in _cards(m)]

    def _apply(self, i: int) -> None:
        seat = self._player()
        assert seat is not None
        self.history_.append(i)
        self.seats_.append(seat)
        if i < DISCARD0:
            self._play(seat, i + FIRST_CARD)
        elif i <= BID0:
            a, b = PAIRS[i - DISCARD0]
            self.hands_[seat] &= ~((1 << a) | (1 << b))
            self.discards_ = (1 << a) | (1 << b)
            self.phase_ = TRUMP
        elif i <= PASS:
            self._auction(seat, i)
        elif i < NO_ACES:
            self.trump_ = LEVEL_SUIT[i - TRUMP0]
            self._contract_fixed()
        elif i < STAY:
            self.no_aces_ = i == NO_ACES
            self._start_defence()
        elif i < INVITE:
            self.defence_[seat] = STAYED if i == STAY else DROPPED
            d = self.declarer_
            if seat == (d + 1) % 3:
                self.turn_ = (d + 2) % 3
            else:
                self._after_defence()
        else:
            if i == INVITE:
                guest = 3 - seat - self.declarer_
                self.invited_, self.host_ = guest, seat
                self.defence_[guest] = INVITED
            self._start_play()

    def _returns(self) -> list[float]:
        if self.phase_ != OVER:
            return [0.0] * 3
        return [float(b) for b in self.balances_]

    # ------------------------------------------------------------------ the auction
    def _auction(self, seat: int, i: int) -> None:
        self.spoken_[seat] = True
        if i == PASS:
            self.passed_[seat] = True
        elif i <= HOLD:
            if i != HOLD:
                self.number_ = i - BID0
            self.number_holder_ = seat
        elif i < HEARTS_BID:
            self.game_level_ = i - GAME0
            self.game_holder_ = seat
        else:
            self._set_contract(HEARTS_GAME, seat, HEARTS)
            return
        top = self.game_holder_ if self.game_level_ else self.number_holder_
        for k in (1, 2, 3):
            s = (seat + k) % 3
            if not self.passed_[s] and s != top:
                self.turn_ = s
                return
        if top < 0:
            self.phase_ = OVER           # everyone passed: a void deal, nothing settled
            self.turn_ = -1
        elif self.game_level_:
            self._set_contract(GAME, top, LEVEL_SUIT[self.game_level_])
        else:
            self._set_contract(NUMBER, top, -1)

    def _set_contract(self, kind: int, seat: int, trump: int) -> None:
        self.kind_ = kind
        self.declarer_ = seat
        self.level_ = (self.number_ if kind == NUMBER else 4 if kind == HEARTS_GAME
                      else SUIT_LEVEL[trump])
        self.trump_ = trump
        self.turn_ = seat
        if kind == NUMBER:
            self.hands_[seat] |= self.talon_
            self.phase_ = DISCARD
        else:
            self._contract_fixed()

    def _contract_fixed(self) -> None:
        # every declarer is asked (the question put only to one who may announce No Aces
        # would tell the defenders that it holds no ace): ``no aces`` is legal only for that one
        d = self.declarer_
        self.decl_aces_ = _count(self.hands_[d] & ACES)
        self.phase_ = ANNOUNCE
        self.turn_ = d

    def _may_announce(self) -> bool:
        """Whether the declarer may announce No Aces: it holds no ace and put none away."""
        return not self.hands_[self.declarer_] & ACES and not self.discards_ & ACES

    def _start_defence(self) -> None:
        self.phase_ = DEFENCE
        self.turn_ = (self.declarer_ + 1) % 3

    def _after_defence(self) -> None:
        d = self.declarer_
        stay = [s for s in ((d + 1) % 3, (d + 2) % 3) if self.defence_[s] == STAYED]
        if not stay:
            self.won_[d] += TRICKS         # both drop out: the declarer is credited ten tricks
            self._settle()
        elif len(stay) == 1:
            self.phase_ = INVITE_PHASE
            self.turn_ = stay[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        d = self.declarer_
        self.active_ = sum(1 << s for s in range(3)
                           if s == d or self.defence_[s] in (STAYED, INVITED))
        self.phase_ = PLAY
        self.leader_ = d
        self.turn_ = d

    # ------------------------------------------------------------------ trick play
    def _play(self, seat: int, card: int) -> None:
        self.hands_[seat] &= ~(1 << card)
        trick = self.trick_
        trick.append((seat, card))
        if len(trick) < _count(self.active_):
            return
        ws = trick[_trick_winner_index([c for _, c in trick], self.trump_)][0]
        for s, c in trick:
            self.played_[s] |= 1 << c
        self.won_[ws] += 1
        self.n_tricks_ += 1
        self.trick_ = []
        self.leader_ = ws
        if self.n_tricks_ == TRICKS:
            self._settle()

    # ------------------------------------------------------------------ settlement
    def _settle(self) -> None:
        """The deal's settlement: the declarer's pot move first (takes ``min(10, pot)`` on
        success, puts 20 in on failure), then the 1-per-trick payments, the defenders'
        10-point penalties into the pot, the bonuses; an emptied pot is refilled with 30 from
        each seat."""
        d = self.declarer_
        won = self.won_
        defenders = ((d + 1) % 3, (d + 2) % 3)
        made = won[d] >= NEED
        delta = [0, 0, 0]
        self.pot_before_ = self.pot_
        if made:
            take = min(TAKE, self.pot_)
            self.pot_ -= take
            delta[d] += take
        else:
            self.pot_ += FAIL
            delta[d] -= FAIL
        for s in defenders:
            to = self.host_ if self.invited_ >= 0 else s
            delta[d] -= won[s]
            delta[to] += won[s]
        penalties = 0
        if self.invited_ >= 0:
            if won[defenders[0]] + won[defenders[1]] < HOST_NEED:
                penalties = 1 << self.host_
        else:
            for s in defenders:
                if self.defence_[s] == STAYED and won[s] < DEFENDER_NEED:
                    penalties |= 1 << s
        for s in defenders:
            if penalties >> s & 1:
                delta[s] -= PENALTY
                self.pot_ += PENALTY
        bonuses = 0
        if self.kind_ == HEARTS_GAME:
            bonuses |= BONUS_HEARTS
        if made and self.decl_aces_ == 4:
            bonuses |= BONUS_FOUR_ACES
        if self.no_aces_:
            bonuses |= BONUS_NO_ACES
        for bit in (BONUS_HEARTS, BONUS_FOUR_ACES, BONUS_NO_ACES):
            if bonuses & bit:
                sign = 1 if made or bit == BONUS_FOUR_ACES else -1
                for s in defenders:
                    delta[s] -= sign * BONUS
                    delta[d] += sign * BONUS
        for s in range(3):
            self.balances_[s] += delta[s]
        self.refill_ = self.pot_ == 0
        if self.refill_:
            self.pot_ = 3 * STAKE
            for s in range(3):
                self.balances_[s] -= STAKE
        self.made_ = made
        self.penalties_ = penalties
        self.bonuses_ = bonuses
        self.delta_ = delta
        self.phase_ = OVER
        self.turn_ = -1

    # ------------------------------------------------------------------ reading
    dealer: int = field("dealer_")
    deal_no: int = field("deal_no_")
    deals: int = field("deals_")
    phase: int = field("phase_", doc="The phase, an index of ``PHASES``.")
    number: int = field("number_", doc="The highest number bid (0: none).")
    game_level: int = field("game_level_",
                            doc="The level of the Game bid so far (clubs 1, spades 2, diamonds 3; "
                                "0: none).")
    level: int = field("level_")
    no_aces: bool = field("no_aces_")
    decl_aces: int = field("decl_aces_", doc="The aces among the declarer's ten playing cards.")
    n_tricks: int = field("n_tricks_")
    phase_name: str = field("phase_", PHASES.__getitem__, "The phase as a word of ``PHASES``.")
    number_holder: int | None = field("number_holder_", seat_or_none)
    game_holder: int | None = field("game_holder_", seat_or_none)
    kind: int | None = field("kind_", seat_or_none,
                             "The contract's kind (an index of ``KINDS``), ``None`` before it is "
                             "fixed.")
    declarer: int | None = field("declarer_", seat_or_none)
    trump: int | None = field("trump_", seat_or_none, "The trump suit, ``None`` until it is named.")
    invited: int | None = field("invited_", seat_or_none, "The invited guest's seat.")
    host: int | None = field("host_", seat_or_none)
    leader: int | None = field("leader_", seat_or_none)
    passed: list[bool] = field("passed_", list)
    spoken: list[bool] = field("spoken_", list)
    defence: list[int] = field("defence_", list, "Each seat's defence as an index of ``DEFENCES``.")

    @property
    def active(self) -> list[int]:
        """The seats that play the tricks, ascending (none before the play)."""
        _live(self)
        return [s for s in range(3) if self.active_ >> s & 1]

    won: list[int] = field("won_", list)
    balances: list[int] = field("balances_", list)
    pot: int = field("pot_")
    hands: Callable[[], list[list[int]]] = reader("hands_", each(_cards),
                                                  "Each seat's cards, ascending.")
    talon: Callable[[], list[int]] = reader("talon_", _cards)
    discards: Callable[[], list[int]] = reader("discards_", _cards)

    def trick(self) -> list[list[int]]:
        """The current trick as ``[seat, card]`` pairs in play order."""
        _live(self)
        return [[s, c] for s, c in self.trick_]

    def tricks(self) -> list[list]:
        """The finished tricks: ``[leader, [[seat, card], ...], winner]`` each, in order."""
        _live(self)
        out: list[list] = []
        n = _count(self.active_)
        plays = [[s, i + FIRST_CARD] for s, i in zip(self.seats_, self.history_) if i < DISCARD0]
        for k in range(self.n_tricks_):
            cards = plays[n * k:n * k + n]
            w = _trick_winner_index([c for _, c in cards], self.trump_)
            out.append([cards[0][0], cards, cards[w][0]])
        return out

    def history(self) -> list[list[int]]:
        """The deal's actions so far: ``[seat, id]`` each, in order."""
        _live(self)
        return [[s, i] for s, i in zip(self.seats_, self.history_)]

    def settlement(self) -> tuple:
        """The deal's settlement once it is settled: ``(made, penalties, bonuses, delta,
        pot_before, refill)`` -- whether the declarer made six tricks, the seats that paid a
        10-point penalty (in seat order from the declarer's left), the bonus bits
        (``BONUSES``), each seat's balance change before any refill, the pot before the
        settlement and whether the emptied pot was refilled. All zero before it."""
        _live(self)
        d = self.declarer_
        pens = [s for s in ((d + 1) % 3, (d + 2) % 3) if self.penalties_ >> s & 1]
        return (self.made_, pens, self.bonuses_, list(self.delta_), self.pot_before_, self.refill_)

    # ------------------------------------------------------------------ edits
    def set_money(self, balances, pot) -> None:
        """Set the balances and the pot of a deal not yet settled (an edited position: the
        deal then settles against them)."""
        _live(self)
        bal = _int_list(balances, "balances", 3, -MONEY_MAX, MONEY_MAX)
        p = _int_arg(pot, "pot", 0, MONEY_MAX)
        if self.phase_ == OVER:
            raise CardcoreError("set_money: the deal is over (its settlement is made)")
        self.start_balances_ = list(bal)
        self.balances_ = list(bal)
        self.start_pot_ = self.pot_ = p

    def set_won(self, won) -> None:
        """Set the tricks each seat has won in a deal not yet settled (an edited position; the
        total must stay what it is)."""
        _live(self)
        w = _int_list(won, "won", 3, 0, TRICKS)
        if self.phase_ == OVER:
            raise CardcoreError("set_won: the deal is over (its settlement is made)")
        if sum(w) != sum(self.won_):
            raise CardcoreError(f"won {quote(won)}: expected {sum(self.won_)} tricks in all")
        for s in range(3):
            self.start_won_[s] += w[s] - self.won_[s]
        self.won_ = w

    # ------------------------------------------------------------------ copying
    def copy(self) -> Core:
        return copy_fields(self)

    def export(self) -> list[int]:
        _live(self)
        cards: list[int] = []
        for m in (*self.dealt_, self.talon_):
            cards += _cards(m)
        hist = self.history_ + [-1] * (MAX_HISTORY - len(self.history_))
        return [self.dealer_, self.deal_no_, self.deals_, *self.start_balances_, self.start_pot_,
                *self.start_won_, *cards, len(self.history_), *hist]

    # ------------------------------------------------------------------ the observation
    def _observe(self, p: int, out) -> None:
        """What seat ``p`` sees into ``out`` (``OBS_SIZE`` float32 zeros; the layout of
        ``docs/actions/preference.md``)."""
        over = self.phase_ == OVER

        def rel(seat: int) -> int:
            return (seat - p) % 3

        if not over:
            for c in _cards(self.hands_[p]):
                out[HAND_PLANE + c - FIRST_CARD] = 1.0
            if self.declarer_ == p:
                for c in _cards(self.discards_):
                    out[DISCARD_PLANE + c - FIRST_CARD] = 1.0
        for s in range(3):
            for c in _cards(self.played_[s]):
                out[PLAYED_PLANE + 32 * rel(s) + c - FIRST_CARD] = 1.0
        for s, c in self.trick_:
            out[TRICK_PLANE + 32 * rel(s) + c - FIRST_CARD] = 1.0
        out[PHASE_SLOT + self.phase_] = 1.0
        to_act = self._player()
        if to_act is not None:
            out[TO_ACT_SLOT + rel(to_act)] = 1.0
        out[DEALER_SLOT + rel(self.dealer_)] = 1.0
        out[NUMBER_SLOT + self.number_] = 1.0
        if self.number_holder_ >= 0:
            out[NUMBER_HOLDER_SLOT + rel(self.number_holder_)] = 1.0
        if self.game_level_:
            out[GAME_SUIT_SLOT + self.game_level_ - 1] = 1.0
        if self.game_holder_ >= 0:
            out[GAME_HOLDER_SLOT + rel(self.game_holder_)] = 1.0
        for s in range(3):
            r = rel(s)
            if self.passed_[s]:
                out[PASSED_SLOT + r] = 1.0
            if self.spoken_[s]:
                out[SPOKEN_SLOT + r] = 1.0
            if self.defence_[s]:
                out[DEFENCE_SLOT + 3 * r + self.defence_[s] - 1] = 1.0
            out[WON_SLOT + r] = self.won_[s] / 10.0
            out[BALANCE_SLOT + r] = self.balances_[s] / 100.0
        if self.kind_ >= 0:
            out[KIND_SLOT + self.kind_] = 1.0
            out[DECLARER_SLOT + rel(self.declarer_)] = 1.0
            out[LEVEL_SLOT + self.level_ - 1] = 1.0
            if self.trump_ >= 0:
                out[TRUMP_SLOT + SUIT_LEVEL[self.trump_] - 1] = 1.0
        if self.no_aces_:
            out[NO_ACES_SLOT] = 1.0
        if self.host_ >= 0:
            out[HOST_SLOT + rel(self.host_)] = 1.0
        for s in range(3):
            if self.active_ >> s & 1:
                out[ACTIVE_SLOT + rel(s)] = 1.0
        if self.leader_ >= 0:
            out[LEADER_SLOT + rel(self.leader_)] = 1.0
        out[TRICKS_SLOT] = self.n_tricks_ / 10.0
        out[POT_SLOT] = self.pot_ / 100.0
        out[DEAL_SLOT] = self.deal_no_ / self.deals_
        out[DEAL_SLOT + 1] = (self.deals_ - self.deal_no_) / self.deals_


def _follows(hand: int, trick: list[int], trump: int, lowest: bool) -> int:
    """The cards of ``hand`` (a mask) that may go on ``trick`` (0..2 cards, lead first),
    ``trump`` the trump suit (0..3; 4: none): follow suit, else trump, else any; among those
    one that beats the card winning the trick if it can (``lowest``: the lowest such, the
    rule for the first defender after the declarer's lead when three play)."""
    if not trick:
        return hand
    lead = trick[0]
    pool = hand & SUIT_MASK[lead & 3]
    if not pool:
        pool = (hand & SUIT_MASK[trump] if trump < 4 else 0) or hand
    best = lead
    if len(trick) == 2:
        c = trick[1]
        if (c & 3) == (best & 3):
            if c > best:
                best = c
        elif (c & 3) == trump:
            best = c
    low = (pool & -pool).bit_length() - 1
    if (low & 3) == (best & 3):
        heads = pool & ~((2 << best) - 1)
    elif (low & 3) == trump:
        heads = pool
    else:
        heads = 0
    if heads:
        return heads & -heads if lowest else heads
    return pool


def legal_follows(hand, trick, trump, lowest_beat=False) -> list[int]:
    """The cards of ``hand`` (card ids of the 32-card deck) that may go on ``trick`` (its cards
    so far, lead first, at most two), ascending, ``trump`` the trump suit (0..3, ``None``: no
    trumps): the Preference core's rule (follow suit, else trump, else any; among those a
    card that beats the one winning the trick where the hand has one; ``lowest_beat``: the
    lowest such, as the first defender after the declarer's lead plays when three play), for
    a hand the caller holds, a sampled one say."""
    h = _card_mask(hand, "hand", FIRST_CARD, 12)
    t = _card_mask(trick, "trick", FIRST_CARD, 2)
    tr = 4 if trump is None else _int_arg(trump, "trump", 0, 3, CardcoreError)
    if h & t:
        raise CardError(f"hand {quote(hand)} and trick {quote(trick)}: a card in both")
    if not isinstance(lowest_beat, bool):
        raise CardcoreError(f"lowest_beat {quote(lowest_beat)}: expected True or False")
    return _cards(_follows(h, list(trick), tr, lowest_beat))


def shuffled_deck(seed) -> tuple[list[int], int]:
    """The 32 cards shuffled as ``cardcore.rng.Rng(seed).shuffle(list(range(20, 52)))`` does
    (the same draws), and the generator's state after them: ``(cards, state)``."""
    rng = Rng(_int_arg(seed, "seed", 0, _U64))
    cards = list(DECK)
    for i in range(31, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards, rng.state


def from_seed(seed, dealer=FIRST_DEALER, deals=DEFAULT_DEALS) -> Core:
    """The core ``cardcore.new_game("preference", seed=seed)`` starts with (for the game's
    default first dealer, seat 2, and match of 9 deals): the 32 cards shuffled from the
    generator state ``seed`` (``shuffled_deck``), the balances -30 each and a pot of 90,
    deal 1 of ``deals``."""
    s = _int_arg(seed, "seed", 0, _U64)
    d = _int_arg(dealer, "dealer", 0, 2)
    n = _int_arg(deals, "deals", 1, MAX_DEALS)
    return Core(shuffled_deck(s)[0], d, [-STAKE] * 3, 3 * STAKE, 1, n)


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values``: every field checked, the deal rebuilt
    from its cards and its actions replayed (each must be legal where it stands)."""
    if not isinstance(values, (list, tuple)):
        raise CardcoreError(f"values {quote(values)}: expected a list of {EXPORT_SIZE} ints")
    if len(values) != EXPORT_SIZE:
        raise CardcoreError(f"values: expected {EXPORT_SIZE} ints, got {len(values)}")
    v = [_int_arg(x, f"values: {EXPORT_FIELDS[k] if k < EXPORT_HEAD else 'action'}",
                  -EXPORT_MONEY_MAX, EXPORT_MONEY_MAX) for k, x in enumerate(values)]
    dealer = _int_arg(v[0], "values: dealer", 0, 2)
    deals = _int_arg(v[2], "values: deals", 1, MAX_DEALS)
    deal_no = _int_arg(v[1], "values: deal_no", 1, deals)
    pot = _int_arg(v[EXPORT_POT], "values: pot", 0, EXPORT_MONEY_MAX)
    won0 = [_int_arg(x, "values: won", -TRICKS, TRICKS) for x in v[EXPORT_WON:EXPORT_WON + 3]]
    if sum(won0) != 0:
        raise CardcoreError(f"values: won {quote(won0)}: expected a total of 0")
    cards = _check_deck(v[EXPORT_CARDS:EXPORT_CARDS + 32])
    for lo, hi in ((0, 10), (10, 20), (20, 30), (30, 32)):
        if cards[lo:hi] != sorted(cards[lo:hi]):
            raise CardcoreError("values: the cards of each hand and of the talon must be "
                                "listed in ascending order")
    n = _int_arg(v[EXPORT_ACTIONS], "values: actions", 0, MAX_HISTORY)
    hist = v[EXPORT_HEAD:]
    if any(x != -1 for x in hist[n:]):
        raise CardcoreError("values: expected -1 after the last action")
    core = object.__new__(Core)
    core._start(cards, dealer, v[EXPORT_BALANCES:EXPORT_BALANCES + 3], pot, deal_no, deals,
                won0)
    core._ready = True
    for k, i in enumerate(hist[:n]):
        if core._over() or not core._is_legal(i):
            raise CardcoreError(f"values: action {k} ({quote(i)}) is not legal where it stands")
        core._apply(i)
    if any(not 0 <= w <= TRICKS for w in core.won_):
        raise CardcoreError(f"values: won {quote(won0)}: the tricks won would be "
                            f"{quote(core.won_)}")
    return core


__all__ = ["Core", "from_seed", "from_export", "shuffled_deck", "legal_follows",
           "N_ACTIONS", "OBS_SIZE", "EXPORT_FIELDS", "EXPORT_SIZE"]
