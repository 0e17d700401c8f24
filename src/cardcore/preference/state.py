"""Preference (Vienna 32-card): three players, an auction, a talon, trick play, a pot.

Rules: ``docs/rules/preference.md``. A match is ``deals`` deals (9 by default); ``single_deal=True``
plays one. Each deal: an auction, then for a number contract the exchange (the declarer takes
the talon, discards two, names trumps), an optional No Aces announcement, the defenders' stay /
drop decisions (and an invitation), ten tricks, and the settlement against the pot.

Actions (texts, each listed by ``legal_actions()``):

* auction: ``"1"`` .. ``"4"`` (number bids; ``"bid 2"`` is accepted too), ``"hold"``,
  ``"pass"``, ``"game clubs"``, ``"game spades"``, ``"game diamonds"``, ``"hearts"``;
* exchange: ``"discard 7c 8d"`` -- both discards in one action (66 choices, listed in card
  order; the two cards in any order, with or without ``discard``, are accepted too), then
  ``"trump spades"`` etc.;
* ``"no aces"`` or ``"no announcement"`` (offered only to a declarer who may announce);
* defence: ``"stay"``, ``"drop"``; the single staying defender then ``"invite"`` or ``"alone"``;
* trick play: the card, ``"As"`` (``"play As"`` is accepted too). Tens print as ``T``
  (``"Th"``); ``"10h"`` is accepted on input.

Decisions the rules page leaves open (each pinned by ``tests/test_preference.py``):

* Seats are clockwise 0 -> 1 -> 2; the player on a seat's left is the next seat. The first
  dealer is seat 2 (option ``dealer=``), so seat 0 speaks first; the deal then rotates, void
  deals included. ``deals`` counts void deals too (9 deals: everyone deals three times);
  ``single_deal=True`` ends after one deal even when it is void (nothing settled).
* ``deck=`` stacks the first deal: seat 0's ten cards, seat 1's, seat 2's, then the 2-card
  talon. (Dealing 3-2-4-3 from a shuffled deck gives the same distribution, so random deals are
  cut this way too.) Later deals are shuffled with the game's seeded generator.
* Auction: the player with priority (earlier in the speaking order, starting left of the dealer)
  who was overcalled may ``hold`` the same number; such a player cannot bid the next number
  instead (that would skip the number they may hold). The auction passes over the current
  holder of the highest bid and ends when every other player has passed. A player whose only
  legal call is ``pass`` (e.g. facing a 4 held by a higher-priority player, or any number
  bidder after a Game) still says it.
* Game and Hearts are open only at a player's first turn; once a Game is bid, numbers end. A
  later Game must name a higher suit (at equal suits the earlier seat has priority). Hearts ends
  the auction at once and outranks Game.
* The exchange is one action naming both discards; trumps follow (at least the final number:
  clubs 1 < spades 2 < diamonds 3 < hearts 4).
* No Aces: asked of the declarer, if eligible (no ace in the ten cards kept and no ace
  discarded), right after the contract is fixed (after the trump choice; at once for Game and
  Hearts) and before the defenders choose -- so it is always before the opening lead, and also
  possible when both defenders drop out and no card is played. The four-aces bonus counts the
  declarer's ten playing cards (a discarded ace does not count) and needs no announcement.
* Defence: the defender on the declarer's left first. Both drop out: the declarer is credited
  ten tricks and wins. One stays: it then chooses ``invite`` or ``alone``. An invited guest
  plays (all three play); it pays no penalty and receives nothing, all trick payments go to the
  host.
* Trick play: follow suit, else trump, else anything; among those cards, one that beats the
  current winner if there is one. When three play and the declarer led, the second player must
  play the lowest such beating card. Every contract has trumps.
* With the standard stakes the pot always holds a multiple of 10, so taking "what is there"
  only matters for an edited state; it is still implemented and tested.
* Settlement order within a deal: the declarer's pot move first (takes ``min(10, pot)`` on
  success, puts 20 in on failure), then the 1-per-trick payments, the defenders' 10-point
  penalties into the pot, then the bonuses (Hearts, four aces, No Aces) between players.
  After the deal, an empty pot is refilled with 30 from each player.
* Scores: ``scores()`` are the balances (points received minus points paid, pot stakes
  included; every player starts at -30 after the first stake). The settlement is zero-sum
  with the pot counted as a fourth party (``sum(balances) + pot == 0`` always), but the pot is
  not a seat, so the three scores sum to ``-pot``: ``ZERO_SUM`` is ``False``. The ranking of
  the seats (``winners``) is what the rules ask for: the highest balance wins; the pot's
  remainder is shared by nobody (``scores_with_pot_shared()`` splits it equally, a zero-sum
  view with the same ranking).

Integer actions (``docs/actions/preference.md``; 548 ids with every option): ``0..31`` play card
``20 + id`` (7c 7d 7h 7s 8c ... As, the card-id order), ``32..527`` discard a pair of cards
(lexicographic over the 32 cards), ``528..531`` bid 1..4, ``532`` hold, ``533..535`` game clubs /
spades / diamonds, ``536`` hearts, ``537`` pass, ``538..541`` trump clubs / spades / diamonds /
hearts, ``542`` no aces, ``543`` no announcement, ``544`` stay, ``545`` drop, ``546`` invite,
``547`` alone. ``observation_tensor`` is a flat vector of 333 floats, laid out on that page.
"""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, Card, check_deck, deck_vienna32
from ..cards import format as fmt
from ..errors import IllegalAction, OptionError
from ..engines import match, tricks
from ..options import Option, single_deal
from ..game import Action, CachedIds, State, register

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_NAMES = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
SUIT_BY_NAME = {v: k for k, v in SUIT_NAMES.items()}
#: the bidding level of each suit: clubs 1 < spades 2 < diamonds 3 < hearts 4
SUIT_LEVEL = {CLUBS: 1, SPADES: 2, DIAMONDS: 3, HEARTS: 4}
LEVEL_SUIT = {v: k for k, v in SUIT_LEVEL.items()}
GAME_SUITS = (CLUBS, SPADES, DIAMONDS)
#: suits in the order a hand is shown (the bidding order)
DISPLAY_SUITS = (CLUBS, SPADES, DIAMONDS, HEARTS)
ACE = 12
STAKE = 30
TAKE = 10
FAIL = 20
PENALTY = 10
BONUS = 10
NEED = 6
DEFENDER_NEED = 2
HOST_NEED = 4
DEFAULT_DEALS = 9
FIRST_DEALER = 2

_NAME = [RANKS[c >> 2] + "cdhs"[c & 3] for c in range(52)]
_DECK = list(range(20, 52))          # deck_vienna32() as ids, in its order

# ---------------------------------------------------------------- action ids
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

#: the discard id of each pair of cards (a < b), and the pair of each discard id
_PAIR_ID: dict[tuple[int, int], int] = {}
_PAIRS: list[tuple[int, int]] = []
for _a in range(20, 52):
    for _b in range(_a + 1, 52):
        _PAIR_ID[_a, _b] = DISCARD0 + len(_PAIRS)
        _PAIRS.append((_a, _b))
del _a, _b
#: the discard ids of a hand, by the row of each card: ``_PAIR_ROW[a][b]`` for a < b
_PAIR_ROW = [[_PAIR_ID.get((a, b), -1) for b in range(52)] for a in range(52)]

#: the ``Action`` of each id (hold carries the number it holds: ``_HOLDS[n]``)
_HOLDS = [Action("hold", "hold", amount=_n) for _n in range(5)]
_ACTIONS: list[Action] = [_HOLDS[0]] * N_ACTIONS
for _c_ in _DECK:
    _ACTIONS[_c_ - 20] = Action("play", _NAME[_c_], cards=(Card(_c_),))
for _k, (_a, _b) in enumerate(_PAIRS):
    _ACTIONS[DISCARD0 + _k] = Action("discard", f"discard {_NAME[_a]} {_NAME[_b]}",
                                     cards=(Card(_a), Card(_b)))
for _n in range(1, 5):
    _ACTIONS[BID0 + _n] = Action("bid", str(_n), amount=_n)
for _s in (CLUBS, SPADES, DIAMONDS):
    _lv = SUIT_LEVEL[_s]
    _ACTIONS[GAME0 + _lv] = Action("game", f"game {SUIT_NAMES[_s]}", amount=_lv)
_ACTIONS[HEARTS_BID] = Action("hearts", "hearts", amount=4)
_ACTIONS[PASS] = Action("pass", "pass")
for _s in DISPLAY_SUITS:
    _lv = SUIT_LEVEL[_s]
    _ACTIONS[TRUMP0 + _lv] = Action("trump", f"trump {SUIT_NAMES[_s]}", amount=_lv)
for _i, (_kind, _text) in enumerate([("announce", "no aces"), ("announce", "no announcement"),
                                     ("defence", "stay"), ("defence", "drop"),
                                     ("invite", "invite"), ("invite", "alone")]):
    _ACTIONS[NO_ACES + _i] = Action(_kind, _text)
#: the log entry of each id but the card plays, discards and hold: (kind, text, amount)
_ENTRY = {i: (a.kind, a.text, a.amount) for i, a in enumerate(_ACTIONS) if i > BID0}
_BY_TEXT = {a.text: i for i, a in enumerate(_ACTIONS) if i >= HEARTS_BID}
del _c_, _k, _a, _b, _n, _s, _lv, _i, _kind, _text


def _describe(i: int) -> str:
    return _ACTIONS[i].text


def suit(card: int) -> int:
    return card & 3


def rank(card: int) -> int:
    """2..A = 0..12; in Preference 7..A = 5..12 (the 10 below the J, as in the id order)."""
    return card >> 2


def beats(card: int, best: int, trump: int | None) -> bool:
    """True if ``card`` beats the currently winning ``best`` with ``trump`` as trumps."""
    return tricks.beats(card, best, trump)


def trick_winner(cards: list[int], trump: int | None) -> int:
    """Index (in play order) of the card that wins a trick."""
    return tricks.trick_winner(cards, trump)


def legal_cards(hand: list[int], trick: list[int], trump: int | None,
                lowest_beat: bool = False) -> list[int]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far, in order).

    Follow suit, else trump, else any; among those, a card that beats the current winner if
    one can. ``lowest_beat``: the first defender after the declarer's lead in a three-player
    trick must play the lowest such beating card."""
    pool = tricks.legal_follows(hand, trick, trump, must_trump=True, must_head=True)
    if lowest_beat and trick and beats(pool[0], trick[trick_winner(trick, trump)], trump):
        return [min(pool, key=rank)]
    return sorted(pool)


def sort_hand(cards: list[int]) -> list[int]:
    """By suit (clubs, spades, diamonds, hearts), high to low within a suit."""
    order = {s: i for i, s in enumerate(DISPLAY_SUITS)}
    return sorted(cards, key=lambda c: (order[suit(c)], -rank(c)))


def _c(card: int) -> Card:
    return Card(card)


@register
class PreferenceState(CachedIds, State):
    GAME = "preference"
    NUM_PLAYERS = 3
    ZERO_SUM = False
    AI_AGENT = "cardcore.agents.preference:PreferenceAI"
    #: the legal ids of the position, computed once (dropped by every action)
    TRANSIENT = ("_ids",)
    OPTIONS = {
        "deals": Option("int", None, f"deals in the match (default {DEFAULT_DEALS})", low=1,
                        none=True),
        "single_deal": single_deal(),
        "dealer": Option("seat", FIRST_DEALER, "the dealer of the first deal", low=0, high=2),
    }

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, deals: Any = None, single_deal: Any = False,
               dealer: Any = FIRST_DEALER) -> None:
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)
                                  or deals < 1):
            raise OptionError(f"option deals={deals!r}: expected a whole number of deals >= 1")
        if single_deal and deals not in (None, 1):
            raise OptionError(f"option deals={deals!r} contradicts single_deal=True (one deal)")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 3:
            raise OptionError(f"option dealer={dealer!r}: expected a seat 0, 1 or 2")
        cards = None
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck_vienna32(), "preference")]
        self.deals = 1 if single_deal else (DEFAULT_DEALS if deals is None else deals)
        self.single_deal: bool
        self.deal_no: int
        self.past: list[dict]
        self._ids: list[int] | None
        match.start_match(self, single_deal=single_deal)
        self.balances = [-STAKE] * 3
        self.pot = 3 * STAKE
        self.refills = 0
        self.dealer = (dealer - 1) % 3      # _start_deal advances it
        self._start_deal(cards)

    def _start_deal(self, cards: list[int] | None) -> None:
        if cards is None:
            cards = _DECK[:]
            self.rng().shuffle(cards)
        match.begin_deal(self)
        self.dealer = match.next_seat(self.dealer, 3)
        self.hands = [sorted(cards[0:10]), sorted(cards[10:20]), sorted(cards[20:30])]
        self.talon = sorted(cards[30:32])
        self.discards: list[int] = []
        self.phase = "auction"
        self.auction: list[list] = []       # [seat, text]
        self.passed = [False] * 3
        self.spoken = [False] * 3
        self.number = 0                     # highest number bid (0: none)
        self.number_holder: int | None = None
        self.game_suit: int | None = None
        self.game_holder: int | None = None
        self.turn: int | None = (self.dealer + 1) % 3
        self.contract: dict | None = None
        self.defence: list[str | None] = [None, None, None]
        self.invited: int | None = None     # the guest seat
        self.host: int | None = None
        self.no_aces = False
        self.decl_aces = 0
        self.active: list[int] = []
        self.leader: int | None = None
        self.trick: list[list[int]] = []    # [seat, card]
        self.tricks: list[dict] = []        # finished tricks: leader, cards [[seat, card]], winner
        self.won = [0, 0, 0]

    # ------------------------------------------------------------ helpers
    def priority(self, seat: int) -> int:
        """0 for the player left of the dealer (speaks first, highest priority), then 1, 2."""
        return (seat - self.dealer - 1) % 3

    def _top_holder(self) -> int | None:
        return self.game_holder if self.game_suit is not None else self.number_holder

    @property
    def declarer(self) -> int | None:
        return self.contract["declarer"] if self.contract else None

    @property
    def trump(self) -> int | None:
        return self.contract.get("trump") if self.contract else None

    def _may_announce(self) -> bool:
        d = self.declarer
        assert d is not None
        return (not any(rank(c) == ACE for c in self.hands[d])
                and not any(rank(c) == ACE for c in self.discards))

    # ------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == "play":
            trick = self.trick
            if not trick:
                return self.leader
            s = (trick[-1][0] + 1) % 3
            return s if s in self.active else (s + 1) % 3
        if ph == "over":
            return None
        return self.turn

    def _next_to_play(self) -> int:
        seat = self._current_player()
        assert seat is not None and self.phase == "play"
        return seat

    def _legal_actions(self) -> list[Action]:
        # the listed order is the ascending id order in every phase
        acts = _ACTIONS
        ids = self._legal_ids()
        if self.phase == "auction" and HOLD in ids:
            return [_HOLDS[self.number] if i == HOLD else acts[i] for i in ids]
        return [acts[i] for i in ids]

    def legal_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` may play now (its whole hand when not its turn to play)."""
        trick = [c for _, c in self.trick]
        lowest = (len(self.active) == 3 and len(self.trick) == 1
                  and self.trick[0][0] == self.declarer)
        return legal_cards(self.hands[seat], trick, self.trump, lowest_beat=lowest)

    def _auction_ids(self, seat: int) -> list[int]:
        out: list[int] = []
        game_suit = self.game_suit
        if game_suit is None:
            n, holder = self.number, self.number_holder
            if holder is not None and self.priority(seat) < self.priority(holder):
                out.append(HOLD)
            elif n < 4:
                out.append(BID0 + n + 1)
        if not self.spoken[seat]:
            floor = SUIT_LEVEL[game_suit] if game_suit is not None else 0
            out += [GAME0 + lv for lv in (1, 2, 3) if lv > floor]
            out.append(HEARTS_BID)
        out.append(PASS)
        return out

    def _play_ids(self, seat: int) -> list[int]:
        """``legal_cards(seat)`` as ids (the step path's version, on card ids)."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return [c - 20 for c in hand]
        trump = self.contract["trump"]  # type: ignore[index]
        lead = trick[0][1]
        led = lead & 3
        pool = [c for c in hand if c & 3 == led]
        if not pool:
            pool = [c for c in hand if c & 3 == trump] or hand
        best = lead
        if len(trick) == 2:
            c = trick[1][1]
            if (c & 3) == (best & 3):
                if c > best:
                    best = c
            elif (c & 3) == trump:
                best = c
        bs = best & 3
        if (pool[0] & 3) == bs:
            heads = [c for c in pool if c > best]
        elif (pool[0] & 3) == trump:
            heads = pool
        else:
            heads = []
        if heads:
            if len(self.active) == 3 and len(trick) == 1 and trick[0][0] == self.declarer:
                return [heads[0] - 20]
            pool = heads
        return [c - 20 for c in pool]

    # ------------------------------------------------------------ integer actions
    def _num_distinct_actions(self) -> int:
        return N_ACTIONS

    def _id_of(self, action: Action) -> int:
        kind = action.kind
        if kind == "play":
            return int(action.cards[0]) - 20
        if kind == "discard":
            a, b = sorted(int(c) for c in action.cards)
            return _PAIR_ID[a, b]
        if kind == "hold":
            return HOLD
        if kind in ("bid", "game", "trump"):
            assert action.amount is not None
            return {"bid": BID0, "game": GAME0, "trump": TRUMP0}[kind] + action.amount
        return _BY_TEXT[action.text]

    def _action_of_id(self, i: int) -> Action:
        return _HOLDS[self.number] if i == HOLD else _ACTIONS[i]

    def _describe_id(self, i: int) -> str:
        return _describe(i)

    def _compute_ids(self) -> list[int]:
        ph = self.phase
        if ph == "play":
            seat = self._current_player()
            assert seat is not None
            return self._play_ids(seat)
        turn = self.turn
        if ph == "auction":
            assert turn is not None
            return self._auction_ids(turn)
        if ph == "discard":
            assert turn is not None
            hand = self.hands[turn]
            ids: list[int] = []
            for k in range(len(hand) - 1):
                row = _PAIR_ROW[hand[k]]
                ids += [row[b] for b in hand[k + 1:]]
            return ids
        if ph == "trump":
            return [TRUMP0 + lv for lv in range(max(self.number, 1), 5)]
        if ph == "announce":
            return [NO_ACES, NO_ANNOUNCEMENT]
        if ph == "defence":
            return [STAY, DROP]
        if ph == "invite":
            return [INVITE, ALONE]
        return []

    def _apply_id(self, i: int) -> None:
        seat = self._current_player()
        assert seat is not None
        if i < DISCARD0:
            c = i + 20
            entry = [seat, "play", _NAME[c], [c], None, []]
        elif i <= BID0:
            a, b = _PAIRS[i - DISCARD0]
            entry = [seat, "discard", _ACTIONS[i].text, [a, b], None, []]
        elif i == HOLD:
            entry = [seat, "hold", "hold", [], self.number, []]
        else:
            kind, text, amount = _ENTRY[i]
            entry = [seat, kind, text, [], amount, []]
        self._do(seat, i)
        self.log.append(entry)


    def _resolve(self, action: Action | str) -> Action:
        if isinstance(action, str):
            key = " ".join(action.strip().lower().split())
            if key.startswith("bid ") and self.phase == "auction":
                action = key[4:]
            elif key.startswith("play ") and self.phase == "play":
                action = key[5:]
            elif key.startswith("discard ") and self.phase == "discard":
                action = key[8:]              # the two cards, in any order
            elif key == "drop out" and self.phase == "defence":
                action = "drop"
        try:
            return super()._resolve(action)
        except IllegalAction:
            if self.phase == "play" and isinstance(action, str):
                p = self._next_to_play()
                raise IllegalAction(
                    f"action {action!r}: seat {p} must play one of "
                    f"{fmt(self.legal_cards(p))} (hand {fmt(sort_hand(self.hands[p]))})"
                ) from None
            raise

    def _apply(self, action: Action) -> None:
        seat = self._current_player()
        assert seat is not None
        self._do(seat, self._id_of(action))

    def _do(self, seat: int, i: int) -> None:
        """Perform legal action id ``i`` of ``seat`` (no log entry)."""
        if i < DISCARD0:
            self._play(seat, i + 20)
        elif i <= BID0:
            a, b = _PAIRS[i - DISCARD0]
            hand = self.hands[seat]
            hand.remove(a)
            hand.remove(b)
            self.discards = [a, b]
            self.phase = "trump"
        elif i <= PASS:
            self._apply_auction(seat, i)
        elif i < NO_ACES:
            assert self.contract is not None
            self.contract["trump"] = LEVEL_SUIT[i - TRUMP0]
            self._contract_fixed()
        elif i < STAY:
            self.no_aces = i == NO_ACES
            self._start_defence()
        elif i < INVITE:
            self.defence[seat] = "stay" if i == STAY else "drop"
            d = self.declarer
            assert d is not None
            if seat == (d + 1) % 3:
                self.turn = (d + 2) % 3
            else:
                self._after_defence()
        else:
            if i == INVITE:
                guest = 3 - seat - self.declarer  # type: ignore[operator]
                self.invited, self.host = guest, seat
                self.defence[guest] = "invited"
            self._start_play()

    # ------------------------------------------------------------ auction
    def _apply_auction(self, seat: int, i: int) -> None:
        self.auction.append([seat, _ENTRY[i][1] if i != HOLD else "hold"])
        self.spoken[seat] = True
        if i == PASS:
            self.passed[seat] = True
        elif i <= HOLD:
            if i != HOLD:
                self.number = i - BID0
            self.number_holder = seat
        elif i < HEARTS_BID:
            self.game_suit = LEVEL_SUIT[i - GAME0]
            self.game_holder = seat
        else:
            self._set_contract("hearts", seat, HEARTS)
            return
        top = self._top_holder()
        passed = self.passed
        for k in (1, 2, 3):
            s = (seat + k) % 3
            if not passed[s] and s != top:
                self.turn = s
                return
        if top is None:
            self._void()
        elif self.game_suit is not None:
            self._set_contract("game", top, self.game_suit)
        else:
            self._set_contract("number", top, None)

    def _set_contract(self, kind: str, seat: int, trump: int | None) -> None:
        if kind == "number":
            level = self.number
        elif kind == "hearts":
            level = 4
        else:
            assert trump is not None
            level = SUIT_LEVEL[trump]
        self.contract = {"kind": kind, "declarer": seat, "level": level, "trump": trump}
        self.turn = seat
        if kind == "number":
            self.hands[seat] = sorted(self.hands[seat] + self.talon)
            self.phase = "discard"
        else:
            self._contract_fixed()

    def _contract_fixed(self) -> None:
        d = self.declarer
        assert d is not None
        self.decl_aces = sum(1 for c in self.hands[d] if rank(c) == ACE)
        if self._may_announce():
            self.phase = "announce"
            self.turn = d
        else:
            self._start_defence()

    def _start_defence(self) -> None:
        self.phase = "defence"
        d = self.declarer
        assert d is not None
        self.turn = (d + 1) % 3

    def _after_defence(self) -> None:
        d = self.declarer
        assert d is not None
        stay = [s for s in ((d + 1) % 3, (d + 2) % 3) if self.defence[s] == "stay"]
        if not stay:
            won = [0, 0, 0]
            won[d] = 10
            self.won = won
            self._settle()
        elif len(stay) == 1:
            self.phase = "invite"
            self.turn = stay[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        d = self.declarer
        assert d is not None
        self.active = sorted([d] + [s for s in range(3) if s != d
                                    and self.defence[s] in ("stay", "invited")])
        self.phase = "play"
        self.leader = d
        self.turn = d

    def _void(self) -> None:
        self._next_deal({"deal": self.deal_no, "dealer": self.dealer, "void": True,
                         "auction": [list(a) for a in self.auction]})

    # ------------------------------------------------------------ trick play
    def _play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append([seat, card])
        if len(trick) < len(self.active):
            return
        trump = self.contract["trump"]  # type: ignore[index]
        ws, best = trick[0]
        for ts, c in trick[1:]:
            if (c & 3) == (best & 3):
                if c > best:
                    ws, best = ts, c
            elif (c & 3) == trump:
                ws, best = ts, c
        self.won[ws] += 1
        self.tricks.append({"leader": self.leader, "cards": trick, "winner": ws})
        self.trick = []
        self.leader = ws
        if len(self.tricks) == 10:
            self._settle()

    # ------------------------------------------------------------ settlement
    def _settle(self) -> None:
        d = self.declarer
        c = self.contract
        assert d is not None and c is not None
        defenders = [(d + 1) % 3, (d + 2) % 3]
        made = self.won[d] >= NEED
        delta = [0, 0, 0]
        pot_before = self.pot
        if made:
            take = min(TAKE, self.pot)
            self.pot -= take
            delta[d] += take
        else:
            self.pot += FAIL
            delta[d] -= FAIL
        def_total = sum(self.won[s] for s in defenders)
        for s in defenders:
            pay = self.won[s]
            to = self.host if self.invited is not None else s
            assert to is not None
            delta[d] -= pay
            delta[to] += pay
        penalties: list[int] = []
        if self.invited is not None:
            if def_total < HOST_NEED:
                assert self.host is not None
                penalties.append(self.host)
        else:
            penalties = [s for s in defenders
                         if self.defence[s] == "stay" and self.won[s] < DEFENDER_NEED]
        for s in penalties:
            delta[s] -= PENALTY
            self.pot += PENALTY
        bonuses = []
        if c["kind"] == "hearts":
            bonuses.append("hearts")
        if made and self.decl_aces == 4:
            bonuses.append("four aces")
        if self.no_aces:
            bonuses.append("no aces")
        for b in bonuses:
            sign = 1 if made or b == "four aces" else -1
            for s in defenders:
                delta[s] -= sign * BONUS
                delta[d] += sign * BONUS
        for s in range(3):
            self.balances[s] += delta[s]
        refill = self.pot == 0
        if refill:
            self.pot = 3 * STAKE
            self.refills += 1
            for s in range(3):
                self.balances[s] -= STAKE
        self._next_deal({
            "deal": self.deal_no, "dealer": self.dealer, "void": False,
            "auction": [list(a) for a in self.auction],
            "contract": dict(c), "defence": list(self.defence), "invited": self.invited,
            "no_aces": self.no_aces, "tricks": list(self.won), "made": made,
            "penalties": penalties, "bonuses": bonuses, "delta": delta,
            "pot_before": pot_before, "pot_after": self.pot, "refill": refill,
            # the deal's last trick, for the views (its cards were played openly)
            "last_trick": (dict(self.tricks[-1], cards=[list(t) for t in self.tricks[-1]["cards"]])
                           if self.tricks else None),
        })

    def _next_deal(self, record: dict) -> None:
        if match.end_deal(self, record, decided=self.deal_no >= self.deals):
            self.turn = None
            return
        self._start_deal(None)

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(b) for b in self.balances)

    def scores_with_pot_shared(self) -> tuple[float, ...]:
        """The balances with the pot split equally (sums to zero; same ranking)."""
        return tuple(b + self.pot / 3 for b in self.balances)

    # ------------------------------------------------------------ views
    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """The declarer's discards go face down: only the declarer sees them (everyone else
        sees ``discard two cards``). Everything else said or played is public."""
        if action.kind == "discard" and viewer != seat:
            return "discard two cards"
        return action.text

    def _observation(self, player: int) -> dict:
        over = self.phase == "over"
        c = self.contract
        d = self.declarer
        return {
            "game": self.GAME,
            "player": player,
            "deal": self.deal_no,
            "deals": self.deals,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self._current_player(),
            "hand": [] if over else sort_hand(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "auction": [list(a) for a in self.auction],
            "contract": dict(c) if c else None,
            "discards": list(self.discards) if (d == player and not over) else None,
            "no_aces": self.no_aces,
            "defence": list(self.defence),
            "invited": self.invited,
            "host": self.host,
            "active": list(self.active),
            "leader": self.leader,
            "trick": [list(t) for t in self.trick],
            "tricks": [{"leader": t["leader"], "winner": t["winner"],
                        "cards": [list(x) for x in t["cards"]]} for t in self.tricks],
            "won": list(self.won),
            "pot": self.pot,
            "balances": list(self.balances),
            "past": [_public_record(r) for r in self.past],
            "scores": list(self._scores()) if over else None,
        }


    # ------------------------------------------------------------ tensor
    def _observation_shape(self) -> tuple[int, ...]:
        return (OBS_SIZE,)

    def _observation_tensor(self, player: int, out: Any) -> None:
        over = self.phase == "over"

        def rel(seat: int) -> int:
            return (seat - player) % 3

        if not over:
            for c in self.hands[player]:
                out[HAND_PLANE + c - 20] = 1.0
            if self.declarer == player:
                for c in self.discards:
                    out[DISCARD_PLANE + c - 20] = 1.0
        for t in self.tricks:
            for seat, c in t["cards"]:
                out[PLAYED_PLANE + 32 * rel(seat) + c - 20] = 1.0
        for seat, c in self.trick:
            out[TRICK_PLANE + 32 * rel(seat) + c - 20] = 1.0
        out[PHASE_SLOT + _PHASES.index(self.phase)] = 1.0
        to_act = self._current_player()
        if to_act is not None:
            out[TO_ACT_SLOT + rel(to_act)] = 1.0
        out[DEALER_SLOT + rel(self.dealer)] = 1.0
        out[NUMBER_SLOT + self.number] = 1.0
        if self.number_holder is not None:
            out[NUMBER_HOLDER_SLOT + rel(self.number_holder)] = 1.0
        if self.game_suit is not None:
            out[GAME_SUIT_SLOT + SUIT_LEVEL[self.game_suit] - 1] = 1.0
        if self.game_holder is not None:
            out[GAME_HOLDER_SLOT + rel(self.game_holder)] = 1.0
        for seat in range(3):
            r = rel(seat)
            if self.passed[seat]:
                out[PASSED_SLOT + r] = 1.0
            if self.spoken[seat]:
                out[SPOKEN_SLOT + r] = 1.0
            d = self.defence[seat]
            if d is not None:
                out[DEFENCE_SLOT + 3 * r + ("stay", "drop", "invited").index(d)] = 1.0
            out[WON_SLOT + r] = self.won[seat] / 10.0
            out[BALANCE_SLOT + r] = self.balances[seat] / 100.0
        contract = self.contract
        if contract is not None:
            out[KIND_SLOT + ("number", "game", "hearts").index(contract["kind"])] = 1.0
            out[DECLARER_SLOT + rel(contract["declarer"])] = 1.0
            out[LEVEL_SLOT + contract["level"] - 1] = 1.0
            if contract["trump"] is not None:
                out[TRUMP_SLOT + SUIT_LEVEL[contract["trump"]] - 1] = 1.0
        if self.no_aces:
            out[NO_ACES_SLOT] = 1.0
        if self.host is not None:
            out[HOST_SLOT + rel(self.host)] = 1.0
        for seat in self.active:
            out[ACTIVE_SLOT + rel(seat)] = 1.0
        if self.leader is not None:
            out[LEADER_SLOT + rel(self.leader)] = 1.0
        out[TRICKS_SLOT] = len(self.tricks) / 10.0
        out[POT_SLOT] = self.pot / 100.0
        out[DEAL_SLOT] = self.deal_no / self.deals
        out[DEAL_SLOT + 1] = (self.deals - self.deal_no) / self.deals


# the observation tensor's layout (docs/actions/preference.md): eight 32-card planes (slot
# ``card - 20``, the play-id order; seats relative to the player: 0 self, 1 left, 2 right),
# then the scalars
HAND_PLANE, DISCARD_PLANE = 0, 32
PLAYED_PLANE = 64            # 3 planes: cards each seat played in this deal's finished tricks
TRICK_PLANE = 160            # 3 planes: the card each seat put on the current trick
_PHASES = ("auction", "discard", "trump", "announce", "defence", "invite", "play", "over")
PHASE_SLOT = 256             # 8: the phases above
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

def _hand_text(cards: list[int]) -> str:
    parts = []
    for s in DISPLAY_SUITS:
        cs = [c for c in sort_hand(cards) if suit(c) == s]
        if cs:
            parts.append(" ".join(str(_c(c)) for c in cs))
    return "  ".join(parts) if parts else "-"


def _public_record(r: dict) -> dict:
    out = {k: (list(v) if isinstance(v, list) else (dict(v) if isinstance(v, dict) else v))
           for k, v in r.items()}
    if "auction" in out:
        out["auction"] = [list(a) for a in r["auction"]]
    if out.get("last_trick"):
        t = r["last_trick"]
        out["last_trick"] = dict(t, cards=[list(x) for x in t["cards"]])
    return out


__all__ = ["PreferenceState", "legal_cards", "trick_winner", "beats", "sort_hand",
           "SUIT_NAMES", "SUIT_LEVEL", "RANKS", "N_ACTIONS", "OBS_SIZE"]
