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
* the declarer's announcement: ``"no announcement"``, and ``"no aces"`` where it may announce;
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
* No Aces: every declarer answers right after the contract is fixed (after the trump choice;
  at once for Game and Hearts) and before the defenders choose -- so it is always before the
  opening lead, and also possible when both defenders drop out and no card is played.
  ``"no aces"`` is legal only for a declarer who may announce it (no ace in the ten cards kept
  and no ace discarded); the others have ``"no announcement"`` alone. Asking only the one who
  may would tell the defenders, by the seat to act, that the declarer holds no ace. The
  four-aces bonus counts the declarer's ten playing cards (a discarded ace does not count) and
  needs no announcement.
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

The play of each deal lives in the step core ``cardcore._fast.preference_step`` (twin
``cardcore._ref.preference_step``): the deal, the auction, the exchange, the defence, the tricks
and the settlement; the ids, the legal mask and the observation tensor are the core's, and the
attributes the views read (``hands``, ``contract``, ``trick``, ``balances``, ...) are read from
it. The state is the match layer over the cores: the deal count, the dealer's rotation, the
past deals; each deal's core starts with the balances and the pot the previous one left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._backend import kernel
from .._ref.preference_step import (  # noqa: F401 - the game's ids, named here too
    ALONE, BID0, DISCARD0, DROP, GAME0, HEARTS_BID, HOLD, INVITE, N_ACTIONS, NO_ACES,
    NO_ANNOUNCEMENT, OBS_SIZE, PASS, PLAY0, STAY, TRUMP0,
)
from .._ref.preference_step import BONUSES as _BONUSES
from .._ref.preference_step import DEFENCES as _DEFENCES
from .._ref.preference_step import KINDS as _KINDS
from .._ref.preference_step import MAX_DEALS
# (the settlement's numbers are the step kernel's: constants, equal in both twins)
from .._ref.preference_step import DEFAULT_DEALS, STAKE
from .._ref.preference_step import PHASES as _PHASES
from ..cards import RANKS, Card, check_deck, deck_vienna32
from ..cards import format as fmt
from ..errors import IllegalAction, OptionError
from ..engines import match, tricks
from ..options import Option, single_deal
from ..game import Action, CoreView, State, core_field, register

if TYPE_CHECKING:
    from .._fast import preference_step as _k
else:
    _k = kernel("preference_step")

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_NAMES = {CLUBS: "clubs", DIAMONDS: "diamonds", HEARTS: "hearts", SPADES: "spades"}
SUIT_BY_NAME = {v: k for k, v in SUIT_NAMES.items()}
#: the bidding level of each suit: clubs 1 < spades 2 < diamonds 3 < hearts 4
SUIT_LEVEL = {CLUBS: 1, SPADES: 2, DIAMONDS: 3, HEARTS: 4}
LEVEL_SUIT = {v: k for k, v in SUIT_LEVEL.items()}
GAME_SUITS = (CLUBS, SPADES, DIAMONDS)
#: suits in the order a hand is shown (the bidding order)
DISPLAY_SUITS = (CLUBS, SPADES, DIAMONDS, HEARTS)
FIRST_DEALER = 2

_NAME = [RANKS[c >> 2] + "cdhs"[c & 3] for c in range(52)]
_DECK = list(range(20, 52))          # deck_vienna32() as ids, in its order

# ---------------------------------------------------------------- action ids
# (the ids are the step core's: ``N_ACTIONS``, ``PLAY0`` .. ``ALONE`` above, from its twin)

#: the discard id of each pair of cards (a < b), and the pair of each discard id
_PAIR_ID: dict[tuple[int, int], int] = {}
_PAIRS: list[tuple[int, int]] = []
for _a in range(20, 52):
    for _b in range(_a + 1, 52):
        _PAIR_ID[_a, _b] = DISCARD0 + len(_PAIRS)
        _PAIRS.append((_a, _b))
del _a, _b
#: the ``Action`` of each id (hold carries the number it holds: ``_HOLDS[n]``)
_HOLDS = [Action("hold", "hold", amount=_n) for _n in range(5)]
_ACTIONS: list[Action] = [_HOLDS[0]] * N_ACTIONS
for _c_ in _DECK:
    _ACTIONS[_c_ - 20] = Action("play", _NAME[_c_], cards=(Card(_c_),))
for _j, (_a, _b) in enumerate(_PAIRS):
    _ACTIONS[DISCARD0 + _j] = Action("discard", f"discard {_NAME[_a]} {_NAME[_b]}",
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
del _c_, _j, _a, _b, _n, _s, _lv, _i, _kind, _text


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
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far, in order),
    ascending: the rule of the game's core (``preference_step.legal_follows``).

    Follow suit, else trump, else any; among those, a card that beats the current winner if
    one can. ``lowest_beat``: the first defender after the declarer's lead in a three-player
    trick must play the lowest such beating card."""
    return kernel("preference_step").legal_follows(hand, trick, trump, lowest_beat)


def sort_hand(cards: list[int]) -> list[int]:
    """By suit (clubs, spades, diamonds, hearts), high to low within a suit."""
    order = {s: i for i, s in enumerate(DISPLAY_SUITS)}
    return sorted(cards, key=lambda c: (order[suit(c)], -rank(c)))


@register
class PreferenceState(CoreView, State):
    GAME = "preference"
    NUM_PLAYERS = 3
    ZERO_SUM = False
    AI_AGENT = "cardcore.agents.preference:PreferenceAI"
    CORE = "preference_step"
    core: _k.Core  # (``State.core``: this game's core type)
    OPTIONS = {
        "deals": Option("int", None, f"deals in the match (default {DEFAULT_DEALS})", low=1,
                        none=True),
        "single_deal": single_deal(),
        "dealer": Option("seat", FIRST_DEALER, "the dealer of the first deal", low=0, high=2),
    }

    _core: Any  # the deal in the step kernel (``cardcore._fast.preference_step.Core``)

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, deals: Any = None, single_deal: Any = False,
               dealer: Any = FIRST_DEALER) -> None:
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        if deals is not None and (isinstance(deals, bool) or not isinstance(deals, int)
                                  or not 1 <= deals <= MAX_DEALS):
            raise OptionError(f"option deals={deals!r}: expected a whole number of deals "
                              f"1..{MAX_DEALS}")
        if single_deal and deals not in (None, 1):
            raise OptionError(f"option deals={deals!r} contradicts single_deal=True (one deal)")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 3:
            raise OptionError(f"option dealer={dealer!r}: expected a seat 0, 1 or 2")
        cards = None
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck_vienna32(), "preference")]
        self.single_deal = single_deal
        self.past: list[dict] = []
        self.refills = 0
        self._core = self._deal(cards, dealer, [-STAKE] * 3, 3 * STAKE, 1,
                                1 if single_deal else (DEFAULT_DEALS if deals is None else deals))

    def _deal(self, cards: list[int] | None, dealer: int, balances: list[int], pot: int,
              deal_no: int, deals: int) -> Any:
        """The core of a deal: ``cards`` as dealt, else shuffled with the game's generator."""
        if cards is None:
            cards = _DECK[:]
            self.rng().shuffle(cards)
        return _k.Core(cards, dealer, balances, pot, deal_no, deals)

    # ------------------------------------------------------------ what the core holds
    deal_no: Final[int] = core_field("deal_no", "The deal being played (from 1).")
    deals: Final[int] = core_field("deals", "The deals in the match.")
    dealer: Final[int] = core_field("dealer", "The seat that deals this deal.")

    @property
    def phase(self) -> str:
        """``auction``, ``discard``, ``trump``, ``announce``, ``defence``, ``invite``,
        ``play``, or ``over`` once the match is over."""
        return _PHASES[self._core.phase]

    hands: Final[list[list[int]]] = core_field("hands", "Each seat's cards (ascending).",
                                               call=True)
    talon: Final[list[int]] = core_field("talon", "The two talon cards (as dealt).", call=True)
    discards: Final[list[int]] = core_field(
        "discards", "The declarer's two discards (``[]`` before the exchange).", call=True)

    @property
    def auction(self) -> list[list]:
        """The calls of this deal's auction: ``[seat, text]`` each."""
        return [[s, "hold" if i == HOLD else _ENTRY[i][1]]
                for s, i in self._core.history() if BID0 < i <= PASS]

    passed: Final[list[bool]] = core_field("passed",
                                           "Whether each seat has passed in the auction.")
    spoken: Final[list[bool]] = core_field("spoken",
                                           "Whether each seat has spoken in the auction.")
    number: Final[int] = core_field("number", "The highest number bid (0: none).")
    number_holder: Final[int | None] = core_field(
        "number_holder", "The seat holding the highest number bid (``None``: none).")

    @property
    def game_suit(self) -> int | None:
        lv = self._core.game_level
        return LEVEL_SUIT[lv] if lv else None

    game_holder: Final[int | None] = core_field(
        "game_holder", "The seat holding the highest Game bid (``None``: none).")

    @property
    def contract(self) -> dict | None:
        """``{"kind", "declarer", "level", "trump"}`` once the auction fixed it."""
        core = self._core
        kind = core.kind
        if kind is None:
            return None
        return {"kind": _KINDS[kind], "declarer": core.declarer, "level": core.level,
                "trump": core.trump}

    declarer: Final[int | None] = core_field(
        "declarer", "The declarer's seat, ``None`` before the contract is fixed.")
    trump: Final[int | None] = core_field("trump", "The trump suit, ``None`` until it is named.")

    @property
    def defence(self) -> list[str | None]:
        """Each seat's defence: ``None``, ``"stay"``, ``"drop"`` or ``"invited"``."""
        return [_DEFENCES[d] for d in self._core.defence]

    invited: Final[int | None] = core_field("invited", "The guest seat of an invitation.")
    host: Final[int | None] = core_field(
        "host", "The seat that invited a guest (``None``: no invitation).")
    no_aces: Final[bool] = core_field("no_aces", "Whether the declarer announced No Aces.")
    decl_aces: Final[int] = core_field("decl_aces",
                                       "The aces among the declarer's ten playing cards.")
    active: Final[list[int]] = core_field("active", "The seats that play the tricks.")
    leader: Final[int | None] = core_field(
        "leader", "The seat that leads the current trick (``None`` outside the play).")
    trick: Final[list[list[int]]] = core_field(
        "trick", "The current trick: ``[seat, card]`` each, in play order.", call=True)

    @property
    def tricks(self) -> list[dict]:
        """This deal's finished tricks: ``{"leader", "cards": [[seat, card], ...],
        "winner"}``."""
        return [{"leader": lead, "cards": cards, "winner": w}
                for lead, cards, w in self._core.tricks()]

    @property
    def won(self) -> list[int]:
        """The tricks each seat has taken in this deal."""
        return self._core.won

    @won.setter
    def won(self, value: list[int]) -> None:
        # an edited position (the total stays what it is)
        self._core.set_won(value)

    @property
    def balances(self) -> list[int]:
        return self._core.balances

    @balances.setter
    def balances(self, value: list[int]) -> None:
        # an edited position (before the deal is settled)
        self._core.set_money(value, self._core.pot)

    @property
    def pot(self) -> int:
        return self._core.pot

    @pot.setter
    def pot(self, value: int) -> None:
        self._core.set_money(self._core.balances, value)

    # ------------------------------------------------------------ helpers
    def priority(self, seat: int) -> int:
        """0 for the player left of the dealer (speaks first, highest priority), then 1, 2."""
        return (seat - self.dealer - 1) % 3

    # ------------------------------------------------------------ protocol hooks
    def _next_to_play(self) -> int:
        seat = self._current_player()
        assert seat is not None and self.phase == "play"
        return seat

    def _legal_actions(self) -> list[Action]:
        # the listed order is the ascending id order in every phase
        acts = _ACTIONS
        ids = self._core.legal_ids()
        if HOLD in ids:
            return [_HOLDS[self._core.number] if i == HOLD else acts[i] for i in ids]
        return [acts[i] for i in ids]

    def legal_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` may play now (its whole hand when not its turn to play)."""
        trick = self.trick
        lowest = (len(self.active) == 3 and len(trick) == 1
                  and trick[0][0] == self.declarer)
        return legal_cards(self.hands[seat], [c for _, c in trick], self.trump,
                           lowest_beat=lowest)

    # ------------------------------------------------------------ integer actions
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
        return _HOLDS[self._core.number] if i == HOLD else _ACTIONS[i]

    def _describe_id(self, i: int) -> str:
        return _describe(i)

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
            entry = [seat, "hold", "hold", [], self._core.number, []]
        else:
            kind, text, amount = _ENTRY[i]
            entry = [seat, kind, text, [], amount, []]
        self._do(i)
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
        self._do(self._id_of(action))

    # ------------------------------------------------------------ the match
    def _do(self, i: int) -> None:
        """Perform legal action id ``i`` (no log entry); a deal that ends is recorded, and the
        next one starts unless the match is over."""
        core = self._core
        core.apply(i)
        if not core.is_over:
            return
        record = self._record()
        if record.get("refill"):
            self.refills += 1
        if not match.end_deal(self, record, decided=core.deal_no >= core.deals):
            self._core = self._deal(None, match.next_seat(core.dealer, 3), core.balances,
                                    core.pot, core.deal_no + 1, core.deals)

    def _record(self) -> dict:
        """The public record of the deal the core has finished."""
        core = self._core
        base = {"deal": core.deal_no, "dealer": core.dealer}
        c = self.contract
        if c is None:
            return {**base, "void": True, "auction": self.auction}
        made, penalties, bits, delta, pot_before, refill = core.settlement()
        tricks = self.tricks
        return {
            **base, "void": False, "auction": self.auction,
            "contract": c, "defence": self.defence, "invited": core.invited,
            "no_aces": core.no_aces, "tricks": core.won, "made": made,
            "penalties": penalties,
            "bonuses": [b for k, b in enumerate(_BONUSES) if bits >> k & 1],
            "delta": delta, "pot_before": pot_before, "pot_after": core.pot, "refill": refill,
            # the deal's last trick, for the views (its cards were played openly)
            "last_trick": tricks[-1] if tricks else None,
        }

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(b) for b in self.balances)

    def scores_with_pot_shared(self) -> tuple[float, ...]:
        """The balances with the pot split equally (sums to zero; same ranking)."""
        pot = self.pot
        return tuple(b + pot / 3 for b in self.balances)

    # ------------------------------------------------------------ views
    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """The declarer's discards go face down: only the declarer sees them (everyone else
        sees ``discard two cards``). Everything else said or played is public."""
        if action.kind == "discard" and viewer != seat:
            return "discard two cards"
        return action.text

    def _observation(self, player: int) -> dict:
        over = self.phase == "over"
        hands = self.hands
        return {
            "deal": self.deal_no,
            "deals": self.deals,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self._current_player(),
            "hand": [] if over else sort_hand(hands[player]),
            "hand_sizes": [len(h) for h in hands],
            "auction": self.auction,
            "contract": self.contract,
            "discards": self.discards if (self.declarer == player and not over) else None,
            "no_aces": self.no_aces,
            "defence": self.defence,
            "invited": self.invited,
            "host": self.host,
            "active": self.active,
            "leader": self.leader,
            "trick": self.trick,
            "tricks": self.tricks,
            "won": self.won,
            "pot": self.pot,
            "balances": self.balances,
            "past": [_public_record(r) for r in self.past],
            "scores": list(self._scores()) if over else None,
        }


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
