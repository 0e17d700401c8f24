"""Contract Bridge, one deal: the auction, the play, the raw duplicate score.

Seats are numbered clockwise S, W, N, E = 0, 1, 2, 3 (North-South are the even seats). South
deals and calls first. ``deck=`` (when given) is South's 13 cards, then West's, North's and
East's; otherwise the shuffled deck is dealt one card at a time clockwise starting with West.
``deal=`` (a :class:`~cardcore.bridge.deal.Deal` or a PBN string) sets the hands directly.

Options: ``vulnerability="none" | "ns" | "ew" | "both"`` (default ``"none"``); ``deal=``;
``dealer=`` (default ``"S"``; the rules fix South, other dealers serve imported records).

Actions: during the auction the calls ``"pass"``, ``"X"``, ``"XX"``, ``"1C"`` .. ``"7NT"``
(``apply`` also takes ``"p"``, ``"dbl"``, ``"rdbl"``, ``"1N"``); during the play one card,
``"As"`` (also ``"SA"``, suit first). As integer ids (``legal_ids``, ``apply_id``; 90 ids):
0 pass, 1 X, 2 XX, ``3 + 5 * (level - 1) + strain`` the bids (C D H S NT = 0..4), ``38 + card
id`` the cards; ``observation_tensor`` has shape ``(856,)``. ``docs/actions/bridge.md`` lists
both.

Who acts: ``current_player`` is always the seat that must *choose*. When it is dummy's turn to
play, that is the declarer (who plays dummy's cards, also when South is dummy); the attribute
``playing_hand`` says whose cards are played. Dummy's seat never acts during the play.

What each seat sees (``observation``): its own cards, the whole auction, the played cards, and
dummy's remaining cards once the opening lead has been made -- never other hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._backend import kernel
from ..cards import RANKS, SUITS, Card, check_deck, deck52, parse
from ..errors import CardError, IllegalAction, OptionError
from ..game import Action, CoreView, State, core_field, register
from ..options import Option
from .auction import CALLS, Auction, bid_level, bid_strain, is_bid, parse_call
from .deal import Deal
from .scoring import breakdown
from .seats import BID_STRAINS, DIRECTIONS, SEAT_LONG, SEAT_NAMES, seat_of, suit_index

VULNERABILITIES = ("none", "ns", "ew", "both")
_VUL_BITS = {"none": 0, "ns": 1, "ew": 2, "both": 3}

if TYPE_CHECKING:
    from .._fast import bridge_step as _k
else:
    _k = kernel("bridge_step")

#: action ids (the core's): 0 pass, 1 X, 2 XX, 3..37 the bids 1C..7NT, 38 + card id for the
#: cards
NUM_ACTIONS = _k.NUM_ACTIONS
CARD0 = _k.CARD0
_PHASES = ("auction", "play", "over")


def seat_direction(seat: int) -> str:
    """Game seat (S, W, N, E = 0..3) -> direction letter."""
    return SEAT_NAMES[seat]


def direction_seat(direction: str) -> int:
    """Direction letter (N, E, S, W) -> game seat."""
    seat = seat_of(direction)
    if seat is None:
        raise IllegalAction(f"direction {direction!r}: expected one of N, E, S, W")
    return seat


def _sort_hand(cards: list[int]) -> list[int]:
    """Bridge display order: spades, hearts, diamonds, clubs; high cards first."""
    return sorted(cards, key=lambda c: (-(c & 3), -(c >> 2)))


#: the cards in display order (spades first, high cards first)
_DISPLAY = tuple(_sort_hand(list(range(52))))


def _mask_cards(m: int) -> list[int]:
    """The cards of a 52-bit mask in display order."""
    return [c for c in _DISPLAY if m >> c & 1]


def legal_cards(hand: list[int], trick: list[int]) -> list[int]:
    """The cards of ``hand`` (card ids) that may be played to ``trick`` (its cards so far,
    lead first), ascending: follow suit where possible, else any card. The rule of the game's
    core (``bridge_step.legal_follows``), for a hand the caller holds or has sampled."""
    return kernel("bridge_step").legal_follows(hand, trick)


def _card_action(c: int) -> Action:
    card = Card(c)
    return Action("play", str(card), (card,))


_CALL_KIND = {"pass": "pass", "X": "double", "XX": "redouble"}


def _call_action(call: str) -> Action:
    if is_bid(call):
        return Action("bid", call, (), bid_level(call), (bid_strain(call),))
    return Action(_CALL_KIND[call], call)


#: the action of each id (legal or not, it is the same action wherever it is legal)
_ACTIONS: tuple[Action, ...] = (tuple(_call_action(c) for c in CALLS)
                                + tuple(_card_action(c) for c in range(52)))
_CALL_ID = {c: i for i, c in enumerate(CALLS)}
#: the log entry of each call id, without the seat: kind, text, amount, strain (or None)
_CALL_LOG = tuple((a.kind, a.text, a.amount, a.data[0] if a.data else None)
                  for a in _ACTIONS[:CARD0])
_CARD_TEXT = tuple(a.text for a in _ACTIONS)
#: legal_actions lists the cards in display order
_CARD_ORDER = {c: k for k, c in enumerate(_DISPLAY)}


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
class BridgeState(CoreView, State):
    """One deal of Contract Bridge (see the module docstring for seats, actions, options).

    The deal lives in a compact kernel state (``cardcore._fast.bridge_step.Core``: hands as
    52-bit masks, the calls and the cards played as ids); ``hands``, ``calls``, ``tricks`` and
    the other attributes are read from it. Action ids and the observation tensor are
    documented in ``docs/actions/bridge.md``."""

    GAME = "bridge"
    CORE = "bridge_step"
    core: _k.Core  # (``State.core``: this game's core type)
    NUM_PLAYERS = 4
    AI_AGENT = "cardcore.agents.bridge:BridgeAI"
    PUBLIC = ("phase", "contract", "declarer", "dummy", "trump", "playing_hand")
    OPTIONS = {
        "vulnerability": Option("str", "none", "which sides are vulnerable",
                                choices=VULNERABILITIES),
        "dealer": Option("str", "S", "the dealer: South by the rules; another dealer serves an "
                         "imported deal", choices=tuple(DIRECTIONS), parse=_dealer_name,
                         also="or a game seat 0..3: 0 S, 1 W, 2 N, 3 E"),
        "deal": Option("str", None, "the hands, as a PBN deal string or a Deal (instead of a "
                       "shuffle)", none=True, parse=_deal_text),
    }

    _core: Any

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
        if deal is not None and deck is not None:
            raise OptionError("option deal: give either deck= or deal=, not both")
        self.claim: int | None = None  # a claim read from a record (LIN), not played out
        vul = _VUL_BITS[vulnerability.strip().lower()]
        if deal is None and deck is None:
            # the core's own deal from the generator state (``from_seed``): the shuffle's
            # draws, then one card at a time clockwise, starting left of the dealer
            self._core = _k.from_seed(self.rng_state, dealer_seat, vul)
            self.rng_state = _k.shuffled_deck(self.rng_state)[1]
            return
        masks = [0, 0, 0, 0]
        if deal is not None:
            if isinstance(deal, str):
                deal = Deal.from_pbn(deal)
            if not isinstance(deal, Deal):
                raise OptionError(f"option deal={deal!r}: expected a Deal or a PBN deal string")
            masks = [deal.mask(SEAT_NAMES[s]) for s in range(4)]
        elif deck is not None:
            cards = [int(c) for c in check_deck(deck, deck52(), "bridge")]
            for i, c in enumerate(cards):
                masks[i // 13] |= 1 << c
        self._core = _k.Core(masks, dealer_seat, vul)

    # ------------------------------------------------------------ derived
    dealer: Final[int] = core_field("dealer", "The dealer's seat (0..3).")

    @property
    def vulnerability(self) -> str:
        """``"none"``, ``"ns"``, ``"ew"`` or ``"both"``."""
        return VULNERABILITIES[self._core.vul]

    @property
    def phase(self) -> str:
        return _PHASES[self._core.phase]

    @property
    def hands(self) -> list[list[int]]:
        """The cards each seat holds now (display order: spades first, high cards first); a
        fresh copy."""
        return [_mask_cards(m) for m in self._core.hands()]

    @property
    def initial_hands(self) -> list[list[int]]:
        """The hands as dealt (display order)."""
        return [_mask_cards(m) for m in self._core.dealt_hands()]

    @property
    def calls(self) -> list[str]:
        """The calls so far (canonical text: ``"pass"``, ``"X"``, ``"XX"``, ``"1C"``..)."""
        return [CALLS[i] for i in self._core.call_ids()]

    @property
    def contract(self) -> str | None:
        """``"4S"``, ``"3NTX"``, ``"2CXX"`` once the auction ended with a bid."""
        c = self._core.contract()
        if c is None:
            return None
        return f"{c[0]}{BID_STRAINS[c[1]]}" + "X" * c[2]

    @property
    def declarer(self) -> int | None:
        d = self._core.declarer
        return None if d < 0 else d

    passed_out: Final[bool] = core_field("passed_out",
                                         "Whether the auction ended with four passes.")
    won: Final[list[int]] = core_field("tricks_won", "Tricks won by North-South and East-West.",
                                       call=True)

    @property
    def tricks(self) -> list[dict]:
        """Each trick begun: ``{"leader": seat, "cards": [ids in play order], "winner": seat
        or None}`` (the last one may be in progress)."""
        core = self._core
        played = core.played_cards()
        if not played:
            return []
        winners = core.trick_winners()
        d = core.declarer
        leader = (d + 1) & 3
        out = []
        for t in range(0, len(played), 4):
            k = t // 4
            w = winners[k] if k < len(winners) else None
            out.append({"leader": leader, "cards": played[t:t + 4], "winner": w})
            if w is not None:
                leader = w
        return out

    def auction(self) -> Auction:
        """The auction so far as an :class:`Auction`."""
        a = Auction(self.dealer)
        a.calls = self.calls
        return a

    @property
    def dummy(self) -> int | None:
        d = self._core.declarer
        return None if d < 0 else (d + 2) & 3

    @property
    def trump(self) -> str | None:
        """``"C" "D" "H" "S"`` or ``"N"`` once the contract is known."""
        c = self._core.contract()
        return None if c is None else "CDHSN"[c[1]]

    @property
    def vulnerable(self) -> list[bool]:
        """Vulnerability by seat."""
        v = self.vulnerability
        return [v in ("both", "ns") if s % 2 == 0 else v in ("both", "ew") for s in range(4)]

    @property
    def dummy_visible(self) -> bool:
        return self._core.nplayed > 0

    def _trick(self) -> dict | None:
        """The trick in progress (None between tricks or outside the play)."""
        core = self._core
        n = core.nplayed
        k = n & 3
        if not k:
            return None
        return {"leader": core.leader, "cards": core.played_cards()[n - k:], "winner": None}

    playing_hand: Final[int | None] = core_field(
        "playing", "The seat whose cards are played next (dummy's seat on dummy's turn).")

    @property
    def declarer_tricks(self) -> int:
        d = self._core.declarer
        return 0 if d < 0 else self._core.tricks_won()[d & 1]

    def deal(self) -> Deal:
        """The deal as dealt (the four original hands)."""
        return Deal({SEAT_NAMES[s]: h for s, h in enumerate(self.initial_hands)})

    # ------------------------------------------------------------ protocol hooks
    def _legal_cards(self) -> list[int]:
        """The legal cards of the hand to play, in display order."""
        return sorted((i - CARD0 for i in self._core.legal_ids()), key=_CARD_ORDER.__getitem__)

    def _legal_actions(self) -> list[Action]:
        ids = self._core.legal_ids()
        if self._core.phase == 0:
            return [_ACTIONS[i] for i in ids]
        return [_ACTIONS[CARD0 + c] for c in sorted((i - CARD0 for i in ids),
                                                     key=_CARD_ORDER.__getitem__)]

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
        if not self._core.hands()[p] >> c & 1:
            return f"card {text!r}: {who} does not hold {Card(c)}"
        t = self._trick()
        assert t is not None
        led = t["cards"][0] & 3
        return (f"card {text!r}: {who} must follow suit ({SUITS[led]}) "
                f"and holds {', '.join(str(Card(x)) for x in self._legal_cards())}")

    def _apply(self, action: Action) -> None:
        self._core.apply(self._id_of(action))

    # ------------------------------------------------------------ integer actions
    def _id_of(self, action: Action) -> int:
        if action.kind == "play":
            return CARD0 + int(action.cards[0])
        return _CALL_ID[action.text]

    def _action_of_id(self, i: int) -> Action:
        return _ACTIONS[i]

    def _describe_id(self, i: int) -> str:
        return ("card " if i >= CARD0 else "call ") + _ACTIONS[i].text

    def _apply_id(self, i: int) -> None:
        seat = self._core.current_player
        self._core.apply(i)
        if i >= CARD0:
            self.log.append([seat, "play", _CARD_TEXT[i], [i - CARD0], None, []])
        else:
            kind, text, amount, strain = _CALL_LOG[i]
            self.log.append([seat, kind, text, [], amount, [] if strain is None else [strain]])

    # ------------------------------------------------------------ scores
    def _scores(self) -> tuple[float, ...]:
        return self._core.returns()

    def ns_score(self) -> int:
        """North-South's raw duplicate score (0 when passed out); valid once over."""
        return self._core.ns_score()

    def score_breakdown(self):
        """The :class:`~cardcore.bridge.scoring.Breakdown` of the declarer's score (once over)."""
        contract = self.contract
        if self.phase != "over" or contract is None:       # (None: passed out)
            return None
        d = self._core.declarer
        return breakdown(contract, SEAT_NAMES[d], self.declarer_tricks,
                         self.vulnerable[d])

    # ------------------------------------------------------------ observation
    def _observation(self, player: int) -> dict:
        dummy = self.dummy
        visible = self.dummy_visible and dummy is not None
        hands = self.hands
        t = self._trick()
        won = self.won
        return {
            "seat": player,
            "seat_name": SEAT_NAMES[player],
            "phase": self.phase,
            "dealer": self.dealer,
            "vulnerability": self.vulnerability,
            "vulnerable": self.vulnerable,
            "hand": hands[player],
            "hand_sizes": [len(h) for h in hands],
            "calls": self.calls,
            "contract": self.contract,
            "declarer": self.declarer,
            "dummy": dummy,
            "dummy_hand": hands[dummy] if visible and dummy is not None else None,
            "tricks": [x for x in self.tricks if x["winner"] is not None],
            "current_trick": ({"leader": t["leader"], "cards": t["cards"]}
                              if t is not None else None),
            "tricks_won": {"NS": won[0], "EW": won[1]},
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


__all__ = ["BridgeState", "SEAT_NAMES", "VULNERABILITIES", "seat_direction", "direction_seat",
           "legal_cards"]
