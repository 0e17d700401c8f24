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
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..cards import RANKS, Card, check_deck, deck_vienna32
from ..cards import format as fmt
from ..errors import IllegalAction, OptionError
from ..engines import match, tricks
from ..options import Option, single_deal
from ..game import Action, State, register

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
class PreferenceState(State):
    GAME = "preference"
    NUM_PLAYERS = 3
    ZERO_SUM = False
    AI_AGENT = "cardcore.agents.preference:PreferenceAI"
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
        match.start_match(self, single_deal=single_deal)
        self.balances = [-STAKE] * 3
        self.pot = 3 * STAKE
        self.refills = 0
        self.dealer = (dealer - 1) % 3      # _start_deal advances it
        self._start_deal(cards)

    def _start_deal(self, cards: list[int] | None) -> None:
        if cards is None:
            cards = [int(c) for c in deck_vienna32()]
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
        if self.phase == "over":
            return None
        if self.phase == "play":
            return self._next_to_play()
        return self.turn

    def _next_to_play(self) -> int:
        if not self.trick:
            assert self.leader is not None
            return self.leader
        last = self.trick[-1][0]
        for k in (1, 2):
            s = (last + k) % 3
            if s in self.active:
                return s
        raise AssertionError("no next player")  # pragma: no cover

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        turn = self.turn
        if ph == "auction":
            assert turn is not None
            return self._auction_actions(turn)
        if ph == "discard":
            assert turn is not None
            hand = sorted(self.hands[turn])
            return [Action("discard", f"discard {_c(a)} {_c(b)}", cards=(_c(a), _c(b)))
                    for a, b in combinations(hand, 2)]
        if ph == "trump":
            return [Action("trump", f"trump {SUIT_NAMES[s]}", amount=SUIT_LEVEL[s])
                    for s in DISPLAY_SUITS if SUIT_LEVEL[s] >= self.number]
        if ph == "announce":
            return [Action("announce", "no aces"), Action("announce", "no announcement")]
        if ph == "defence":
            return [Action("defence", "stay"), Action("defence", "drop")]
        if ph == "invite":
            return [Action("invite", "invite"), Action("invite", "alone")]
        if ph == "play":
            p = self._next_to_play()
            return [Action("play", str(_c(c)), cards=(_c(c),)) for c in self.legal_cards(p)]
        return []  # pragma: no cover

    def legal_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` may play now (its whole hand when not its turn to play)."""
        trick = [c for _, c in self.trick]
        lowest = (len(self.active) == 3 and len(self.trick) == 1
                  and self.trick[0][0] == self.declarer)
        return legal_cards(self.hands[seat], trick, self.trump, lowest_beat=lowest)

    def _auction_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.game_suit is None:
            n, holder = self.number, self.number_holder
            if holder is not None and self.priority(seat) < self.priority(holder):
                out.append(Action("hold", "hold", amount=n))
            elif n < 4:
                out.append(Action("bid", str(n + 1), amount=n + 1))
        if not self.spoken[seat]:
            floor = SUIT_LEVEL[self.game_suit] if self.game_suit is not None else 0
            for s in GAME_SUITS:
                if SUIT_LEVEL[s] > floor:
                    out.append(Action("game", f"game {SUIT_NAMES[s]}", amount=SUIT_LEVEL[s]))
            out.append(Action("hearts", "hearts", amount=4))
        out.append(Action("pass", "pass"))
        return out

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
        ph = self.phase
        seat = self._current_player()
        assert seat is not None
        if ph == "auction":
            self._apply_auction(seat, action)
        elif ph == "discard":
            for c in action.cards:
                self.hands[seat].remove(int(c))
            self.discards = sorted(int(c) for c in action.cards)
            self.phase = "trump"
        elif ph == "trump":
            assert self.contract is not None and action.amount is not None
            self.contract["trump"] = LEVEL_SUIT[action.amount]
            self._contract_fixed()
        elif ph == "announce":
            self.no_aces = action.text == "no aces"
            self._start_defence()
        elif ph == "defence":
            self.defence[seat] = "stay" if action.text == "stay" else "drop"
            d = self.declarer
            assert d is not None
            if seat == (d + 1) % 3:
                self.turn = (d + 2) % 3
            else:
                self._after_defence()
        elif ph == "invite":
            if action.text == "invite":
                guest = [s for s in range(3) if s != self.declarer and s != seat][0]
                self.invited, self.host = guest, seat
                self.defence[guest] = "invited"
            self._start_play()
        elif ph == "play":
            self._play(seat, int(action.cards[0]))

    # ------------------------------------------------------------ auction
    def _apply_auction(self, seat: int, action: Action) -> None:
        self.auction.append([seat, action.text])
        self.spoken[seat] = True
        kind = action.kind
        if kind == "pass":
            self.passed[seat] = True
        elif kind in ("bid", "hold"):
            assert action.amount is not None
            self.number = action.amount
            self.number_holder = seat
        elif kind == "game":
            assert action.amount is not None
            self.game_suit = LEVEL_SUIT[action.amount]
            self.game_holder = seat
        elif kind == "hearts":
            self._set_contract("hearts", seat, HEARTS)
            return
        top = self._top_holder()
        for k in (1, 2, 3):
            s = (seat + k) % 3
            if not self.passed[s] and s != top:
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
        self.trick.append([seat, card])
        if len(self.trick) < len(self.active):
            return
        cards = [c for _, c in self.trick]
        w = self.trick[trick_winner(cards, self.trump)][0]
        self.won[w] += 1
        self.tricks.append({"leader": self.leader, "cards": [list(t) for t in self.trick],
                            "winner": w})
        self.trick = []
        self.leader = w
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
           "SUIT_NAMES", "SUIT_LEVEL", "RANKS"]
