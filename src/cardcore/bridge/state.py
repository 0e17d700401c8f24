"""Contract Bridge, one deal: the auction, the play, the raw duplicate score.

Seats are numbered clockwise S, W, N, E = 0, 1, 2, 3 (North-South are the even seats). South
deals and calls first. ``deck=`` (when given) is South's 13 cards, then West's, North's and
East's; otherwise the shuffled deck is dealt one card at a time clockwise starting with West.
``deal=`` (a :class:`~cardcore.bridge.deal.Deal` or a PBN string) sets the hands directly.

Options: ``vulnerability="none" | "ns" | "ew" | "both"`` (default ``"none"``); ``deal=``;
``dealer=`` (default ``"S"``; the rules fix South, other dealers serve imported records).

Actions: during the auction the calls ``"pass"``, ``"X"``, ``"XX"``, ``"1C"`` .. ``"7NT"``
(``apply`` also takes ``"p"``, ``"dbl"``, ``"rdbl"``, ``"1N"``); during the play one card,
``"As"`` (also ``"SA"``, suit first).

Who acts: ``current_player`` is always the seat that must *choose*. When it is dummy's turn to
play, that is the declarer (who plays dummy's cards, also when South is dummy); the attribute
``playing_hand`` says whose cards are played. Dummy's seat never acts during the play.

What each seat sees (``observation``): its own cards, the whole auction, the played cards, and
dummy's remaining cards once the opening lead has been made -- never other hidden cards.
"""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, SUITS, Card, check_deck, deck52, parse
from ..errors import CardError, IllegalAction, OptionError
from ..engines import tricks
from ..options import Option
from ..game import Action, State, register
from .auction import Auction, bid_level, bid_strain, is_bid, parse_call
from .deal import Deal
from .scoring import breakdown
from .seats import DIRECTIONS, SEAT_LONG, SEAT_NAMES, seat_of, suit_index, trump_suit

VULNERABILITIES = ("none", "ns", "ew", "both")


def seat_direction(seat: int) -> str:
    """Game seat (S, W, N, E = 0..3) -> direction letter."""
    return SEAT_NAMES[seat]


def direction_seat(direction: str) -> int:
    """Direction letter (N, E, S, W) -> game seat."""
    seat = seat_of(direction)
    if seat is None:
        raise IllegalAction(f"direction {direction!r}: expected one of N, E, S, W")
    return seat


def _trick_winner(cards: list[int], trump: str, leader: int) -> int:
    """The game seat that wins a complete trick led by game seat ``leader`` (``trump`` one of
    ``C D H S N``)."""
    return (leader + tricks.trick_winner(cards, trump_suit(trump))) % 4


def _sort_hand(cards: list[int]) -> list[int]:
    """Bridge display order: spades, hearts, diamonds, clubs; high cards first."""
    return sorted(cards, key=lambda c: (-(c & 3), -(c >> 2)))


def _card_action(c: int) -> Action:
    card = Card(c)
    return Action("play", str(card), (card,))


_CALL_KIND = {"pass": "pass", "X": "double", "XX": "redouble"}


def _call_action(call: str) -> Action:
    if is_bid(call):
        return Action("bid", call, (), bid_level(call), (bid_strain(call),))
    return Action(_CALL_KIND[call], call)


def _parse_suit_first(text: str) -> int | None:
    """``"SA"``, ``"h10"``, ``"DT"`` -> card id; ``None`` when the text is not of that form."""
    t = "".join(text.split()).upper()
    if len(t) < 2 or suit_index(t[0]) is None:
        return None
    r = t[1:]
    if r == "10":
        r = "T"
    suit = suit_index(t[0])
    if len(r) != 1 or r not in RANKS or suit is None:
        return None
    return RANKS.index(r) * 4 + suit


def _dealer_name(value: Any) -> Any:
    """A game seat number 0..3 as its direction letter (the stored form of ``dealer=``)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return SEAT_NAMES[value]
    return value


def _deal_text(value: Any) -> str:
    """A ``Deal`` or PBN string as the PBN string stored in the options."""
    deal = value if isinstance(value, Deal) else Deal.from_pbn(value)
    return deal.to_pbn()


@register
class BridgeState(State):
    """One deal of Contract Bridge (see the module docstring for seats, actions, options)."""

    GAME = "bridge"
    NUM_PLAYERS = 4
    ZERO_SUM = True
    AI_AGENT = "cardcore.agents.bridge:BridgeAI"
    PUBLIC = ("phase", "contract", "declarer", "dummy", "trump", "playing_hand")
    OPTIONS = {
        "vulnerability": Option("str", "none", "which sides are vulnerable",
                                choices=VULNERABILITIES),
        "dealer": Option("str", "S", "the dealer (N, E, S, W, or a game seat 0..3)",
                         choices=tuple(DIRECTIONS), parse=_dealer_name),
        "deal": Option("str", None, "the hands, as a PBN deal string or a Deal (instead of a "
                       "shuffle)", none=True, parse=_deal_text),
    }

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, vulnerability: str = "none",
               deal: Any = None, dealer: str | int = "S") -> None:
        if (not isinstance(vulnerability, str)
                or vulnerability.strip().lower() not in VULNERABILITIES):
            raise OptionError(
                f"option vulnerability={vulnerability!r}: expected one of "
                f"{', '.join(VULNERABILITIES)}"
            )
        if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer <= 3:
            dealer_seat = dealer
        elif (named := seat_of(dealer)) is not None:
            dealer_seat = named
        else:
            raise OptionError(f"option dealer={dealer!r}: expected N, E, S, W or a seat 0..3")
        self.vulnerability = vulnerability.strip().lower()
        self.dealer = dealer_seat
        if deal is not None and deck is not None:
            raise OptionError("option deal: give either deck= or deal=, not both")
        if deal is not None:
            if isinstance(deal, str):
                deal = Deal.from_pbn(deal)
            if not isinstance(deal, Deal):
                raise OptionError(f"option deal={deal!r}: expected a Deal or a PBN deal string")
            hands = [[int(c) for c in deal.hand(SEAT_NAMES[s])] for s in range(4)]
        elif deck is not None:
            cards = [int(c) for c in check_deck(deck, deck52(), "bridge")]
            hands = [cards[13 * s: 13 * s + 13] for s in range(4)]
        else:
            cards = [int(c) for c in deck52()]
            self.rng().shuffle(cards)
            hands = [[] for _ in range(4)]
            for i, c in enumerate(cards):  # one at a time clockwise, starting left of dealer
                hands[(self.dealer + 1 + i) % 4].append(c)
        self.initial_hands = [_sort_hand(h) for h in hands]
        self.hands = [list(h) for h in self.initial_hands]
        self.calls: list[str] = []
        self.contract: str | None = None
        self.declarer: int | None = None
        self.passed_out = False
        # each trick: {"leader": seat, "cards": [ids in play order], "winner": seat or None}
        self.tricks: list[dict] = []
        self.won = [0, 0]  # tricks won by NS, EW
        self.claim: int | None = None  # a claim read from a record (LIN), not played out

    # ------------------------------------------------------------ derived
    @property
    def phase(self) -> str:
        if self.passed_out or len(self.tricks) == 13 and self.tricks[-1]["winner"] is not None:
            return "over"
        return "auction" if self.contract is None else "play"

    def auction(self) -> Auction:
        """The auction so far as an :class:`Auction`."""
        a = Auction(self.dealer)
        a.calls = list(self.calls)
        return a

    @property
    def dummy(self) -> int | None:
        return None if self.declarer is None else (self.declarer + 2) % 4

    @property
    def trump(self) -> str | None:
        """``"C" "D" "H" "S"`` or ``"N"`` once the contract is known."""
        return None if self.contract is None else bid_strain(self.contract)

    @property
    def vulnerable(self) -> list[bool]:
        """Vulnerability by seat."""
        v = self.vulnerability
        return [v in ("both", "ns") if s % 2 == 0 else v in ("both", "ew") for s in range(4)]

    @property
    def dummy_visible(self) -> bool:
        return bool(self.tricks) and len(self.tricks[0]["cards"]) > 0

    def _trick(self) -> dict | None:
        """The trick in progress (None between tricks or outside the play)."""
        if self.tricks and self.tricks[-1]["winner"] is None:
            return self.tricks[-1]
        return None

    @property
    def playing_hand(self) -> int | None:
        """The seat whose cards are played next (dummy's seat on dummy's turn)."""
        if self.phase != "play":
            return None
        t = self._trick()
        if t is None:
            if self.tricks:
                return self.tricks[-1]["winner"]
            assert self.declarer is not None
            return (self.declarer + 1) % 4
        return (t["leader"] + len(t["cards"])) % 4

    @property
    def declarer_tricks(self) -> int:
        return 0 if self.declarer is None else self.won[self.declarer % 2]

    def deal(self) -> Deal:
        """The deal as dealt (the four original hands)."""
        return Deal({SEAT_NAMES[s]: self.initial_hands[s] for s in range(4)})

    # ------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int | None:
        ph = self.phase
        if ph == "over":
            return None
        if ph == "auction":
            return (self.dealer + len(self.calls)) % 4
        p = self.playing_hand
        return self.declarer if p == self.dummy else p

    def _legal_calls(self) -> list[str]:
        return self.auction().legal_calls()

    def _legal_cards(self) -> list[int]:
        p = self.playing_hand
        assert p is not None
        hand = self.hands[p]
        t = self._trick()
        return tricks.legal_follows(hand, t["cards"] if t is not None else [], None)

    def _legal_actions(self) -> list[Action]:
        if self.phase == "auction":
            return [_call_action(c) for c in self._legal_calls()]
        return [_card_action(c) for c in self._legal_cards()]

    def _resolve(self, action: Action | str) -> Action:
        try:
            return super()._resolve(action)
        except IllegalAction as first:
            text = action.text if isinstance(action, Action) else action
            if not isinstance(text, str):
                raise
            legal = self._legal_actions()
            if self.phase == "auction":
                try:
                    call = parse_call(text)
                except IllegalAction:
                    raise first from None
                for a in legal:
                    if a.text == call:
                        return a
                why = self.auction().why_illegal(call)
                seat = self._current_player()
                assert seat is not None
                raise IllegalAction(
                    f"call {text!r} is not legal for {SEAT_LONG[seat]} now: "
                    f"{why}"
                ) from None
            c = _parse_suit_first(text)
            if c is None:
                try:
                    cs = parse(text)
                    c = int(cs[0]) if len(cs) == 1 else None
                except CardError:
                    c = None
            if c is not None:
                for a in legal:
                    if int(a.cards[0]) == c:
                        return a
                raise IllegalAction(self._why_card_illegal(text, c)) from None
            raise first from None

    def _why_card_illegal(self, text: str, c: int) -> str:
        p = self.playing_hand
        assert p is not None
        who = SEAT_LONG[p] + (" (dummy)" if p == self.dummy else "")
        if c not in self.hands[p]:
            return f"card {text!r}: {who} does not hold {Card(c)}"
        t = self._trick()
        assert t is not None
        led = t["cards"][0] & 3
        return (f"card {text!r}: {who} must follow suit ({SUITS[led]}) "
                f"and holds {', '.join(str(Card(x)) for x in self._legal_cards())}")

    def _apply(self, action: Action) -> None:
        if self.phase == "auction":
            self.calls.append(action.text)
            a = self.auction()
            if a.is_over:
                if a.passed_out:
                    self.passed_out = True
                else:
                    self.contract = a.contract
                    self.declarer = a.declarer
            return
        seat = self.playing_hand
        assert seat is not None
        c = int(action.cards[0])
        self.hands[seat].remove(c)
        t = self._trick()
        if t is None:
            t = {"leader": seat, "cards": [], "winner": None}
            self.tricks.append(t)
        t["cards"].append(c)
        if len(t["cards"]) == 4:
            trump = self.trump
            assert trump is not None
            w = _trick_winner(t["cards"], trump, t["leader"])
            t["winner"] = w
            self.won[w % 2] += 1

    def _scores(self) -> tuple[float, ...]:
        ns = self.ns_score()
        return (ns, -ns, ns, -ns)

    def ns_score(self) -> int:
        """North-South's raw duplicate score (0 when passed out); valid once over."""
        if self.passed_out or self.contract is None:
            return 0
        b = self.score_breakdown()
        assert self.declarer is not None
        return b.total if self.declarer % 2 == 0 else -b.total

    def score_breakdown(self):
        """The :class:`~cardcore.bridge.scoring.Breakdown` of the declarer's score (once over)."""
        if self.phase != "over" or self.passed_out:
            return None
        return breakdown(self.contract, SEAT_NAMES[self.declarer], self.declarer_tricks,
                         self.vulnerable[self.declarer])

    # ------------------------------------------------------------ observation
    def _observation(self, player: int) -> dict:
        dummy = self.dummy
        visible = self.dummy_visible and dummy is not None
        t = self._trick()
        return {
            "game": self.GAME,
            "seat": player,
            "seat_name": SEAT_NAMES[player],
            "phase": self.phase,
            "dealer": self.dealer,
            "vulnerability": self.vulnerability,
            "vulnerable": self.vulnerable,
            "hand": _sort_hand(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "calls": list(self.calls),
            "contract": self.contract,
            "declarer": self.declarer,
            "dummy": dummy,
            "dummy_hand": _sort_hand(self.hands[dummy]) if visible and dummy is not None else None,
            "tricks": [{"leader": x["leader"], "cards": list(x["cards"]), "winner": x["winner"]}
                       for x in self.tricks if x["winner"] is not None],
            "current_trick": ({"leader": t["leader"], "cards": list(t["cards"])}
                              if t is not None else None),
            "tricks_won": {"NS": self.won[0], "EW": self.won[1]},
            "current_player": self._current_player(),
            "playing_hand": self.playing_hand,
        }

    # ------------------------------------------------------------ record
    def record(self) -> dict:
        """The record of the deal (JSON-serialisable): hands, every call with its seat, every
        trick's cards and winner, contract, declarer, result and the score broken down."""
        calls = [{"seat": SEAT_NAMES[(self.dealer + i) % 4], "call": c}
                 for i, c in enumerate(self.calls)]
        tricks = []
        for i, t in enumerate(self.tricks):
            tricks.append({
                "number": i + 1,
                "leader": SEAT_NAMES[t["leader"]],
                "cards": [{"seat": SEAT_NAMES[(t["leader"] + k) % 4], "card": str(Card(c))}
                          for k, c in enumerate(t["cards"])],
                "winner": None if t["winner"] is None else SEAT_NAMES[t["winner"]],
            })
        b = self.score_breakdown()
        over = self.phase == "over"
        return {
            "deal": self.deal().to_pbn("N"),
            "dealer": SEAT_NAMES[self.dealer],
            "vulnerability": self.vulnerability,
            "calls": calls,
            "passed_out": self.passed_out,
            "contract": self.contract,
            "declarer": None if self.declarer is None else SEAT_NAMES[self.declarer],
            "tricks": tricks,
            "tricks_won": {"NS": self.won[0], "EW": self.won[1]},
            "declarer_tricks": self.declarer_tricks if self.declarer is not None else None,
            "result": b.result_text if b else ("passed out" if self.passed_out else None),
            "breakdown": b.to_dict() if b else None,
            "score": {"NS": self.ns_score(), "EW": -self.ns_score()} if over else None,
        }

    def record_text(self) -> str:
        """The record as plain text: deal, auction table, tricks, result and score."""
        lines = [f"Deal: {self.deal().to_pbn('N')}",
                 f"Dealer: {SEAT_LONG[self.dealer]}   Vulnerable: {self.vulnerability}", ""]
        lines += _auction_table(self.calls, self.dealer)
        if self.contract:
            assert self.declarer is not None
            lines.append(f"Contract: {self.contract} by {SEAT_LONG[self.declarer]}")
        elif self.passed_out:
            lines.append("Passed out.")
        for i, t in enumerate(self.tricks):
            cards = " ".join(f"{SEAT_NAMES[(t['leader'] + k) % 4]}:{Card(c)}"
                             for k, c in enumerate(t["cards"]))
            win = SEAT_NAMES[t["winner"]] if t["winner"] is not None else "-"
            lines.append(f"Trick {i + 1:2d}: {cards:<24} won by {win}")
        if self.phase == "over":
            b = self.score_breakdown()
            if b:
                lines.append(f"Result: {b.result_text} ({self.declarer_tricks} tricks)")
                lines += ["  " + x for x in b.lines()]
            lines.append(f"Score: NS {self.ns_score():+d}, EW {-self.ns_score():+d}")
        return "\n".join(lines)

    # ------------------------------------------------------------ rendering


def _auction_table(calls: list[str], dealer: int) -> list[str]:
    """The auction in columns West, North, East, South."""
    order = [1, 2, 3, 0]  # W N E S
    head = "".join(f"{SEAT_LONG[s]:<7}" for s in order).rstrip()
    rows = [head]
    if not calls:
        rows.append("(no calls yet)")
        return rows
    cells = [""] * order.index(dealer) + list(calls)
    for i in range(0, len(cells), 4):
        rows.append("".join(f"{c:<7}" for c in cells[i:i + 4]).rstrip())
    return rows


__all__ = ["BridgeState", "SEAT_NAMES", "VULNERABILITIES", "seat_direction", "direction_seat"]
