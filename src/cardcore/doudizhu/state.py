"""The Dou Dizhu game: bidding, play, scoring, observation, rendering.

Seats 0, 1, 2 play in the order ``i -> (i + 1) % 3``. A deal:

1. **Bidding.** The first bidder is drawn from the seeded generator (option ``first=`` fixes
   it). Each turn the player says ``"pass"`` or ``"bid N"`` with ``N`` above the current highest
   bid (1..3). A pass does not bar a later bid. The auction ends on a bid of 3 or on two
   consecutive passes after a bid. If all three players pass before any bid, the cards are
   **redealt**: the 54 cards are reshuffled with the state's own generator (so the redeal is
   deterministic per seed) -- this holds for a stacked ``deck=`` too, which only fixes the
   *first* deal. The same first bidder starts the new auction.
2. **Play.** The landlord takes the three bottom cards (revealed to everyone) and leads. Each
   play is one action per :class:`~cardcore.doudizhu.moves.Move`: ``kind`` is the move kind,
   ``cards`` the move's cards and ``text`` its rank notation (``"33344455"``). A card set with
   two readings gives two actions; their texts then carry the kind (``"33344455 airplane_singles"``)
   and the bare rank notation or the bare cards are rejected as ambiguous. ``apply`` also takes
   a play written as exact cards from the hand (``"3c 3d"``), any suits.
3. **Scoring.** The multiplier starts at 1 and doubles on every bomb and rocket played, and once
   more for a spring (the landlord goes out before either farmer played a card) or a reverse
   spring (a farmer goes out while the landlord has played only the opening lead). Each farmer
   gets +-(bid x multiplier), the landlord -+ twice that.

``deck=``: seat 0's 17 cards, seat 1's 17, seat 2's 17, then the 3 bottom cards.
"""

from __future__ import annotations


import numpy as np

from ..cards import RANKS, Card, check_deck, deck54
from ..cards import format as fmt_cards
from ..errors import IllegalAction
from ..options import Option
from ..game import Action, register
from ..engines.shedding import (PASS, SheddingState, ambiguous, base_text, disambiguate,
                                move_action)
from . import moves as _mv

_CARD = [Card(i) for i in range(54)]
BIDS = {n: Action("bid", f"bid {n}", amount=n) for n in (1, 2, 3)}

#: Dou Dizhu rank order of a card id: 3..A = 0..11, 2 = 12, BJ = 13, RJ = 14.
def ddz_rank(c: int) -> int:
    return c - 39 if c >= 52 else ((c >> 2) + 12) % 13


DDZ_RANK_CHARS = "3456789TJQKA2BR"


def sort_cards(cards) -> list[int]:
    """Cards in Dou Dizhu order (low to high, then by suit)."""
    return sorted((int(c) for c in cards), key=lambda c: (ddz_rank(c), c))


def multiplier(bombs: int, spring: bool = False) -> int:
    """The deal's multiplier: doubled on every bomb and rocket played (``bombs``) and once more
    for a spring or reverse spring."""
    return 1 << (bombs + bool(spring))


def spring(landlord: int, winner: int, num_plays) -> str | None:
    """How a finished deal doubles: ``"spring"`` (the landlord went out before either farmer
    played a card), ``"reverse"`` (a farmer went out while the landlord had played only the
    opening lead) or ``None``. ``num_plays``: plays per seat."""
    if winner == landlord:
        if all(num_plays[s] == 0 for s in range(3) if s != landlord):
            return "spring"
    elif num_plays[landlord] == 1:
        return "reverse"
    return None


def deal_scores(landlord: int, winner: int, stake: int) -> tuple[float, ...]:
    """The scores of a finished deal of ``stake`` (bid x multiplier): each farmer wins or loses
    the stake, the landlord twice that."""
    sign = 1 if winner == landlord else -1
    return tuple(float(2 * sign * stake if s == landlord else -sign * stake) for s in range(3))


@register
class DouDizhuState(SheddingState):
    GAME = "doudizhu"
    NUM_PLAYERS = 3
    ZERO_SUM = True
    AI_AGENT = "cardcore.agents.doudizhu:DouDizhuAI"
    OPTIONS = {
        "first": Option("seat", None, "the seat that bids first (default: drawn at random)",
                        low=0, high=2, none=True),
    }
    TRANSIENT = ("_legal_cache", "_table_cache", "_move_cache")
    _legal_cache: list[Action] | None
    _table_cache: _mv.Move | None
    _move_cache: dict[str, _mv.Move] | None

    HAND_SIZE = 17
    RANK = staticmethod(ddz_rank)

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, first: int | None = None) -> None:
        if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                                  or not 0 <= first < 3):
            raise IllegalAction(f"doudizhu option first={first!r}: expected a seat 0, 1 or 2")
        if deck is not None:
            deck = [int(c) for c in check_deck(deck, deck54(), "doudizhu")]
        else:
            deck = list(range(54))
            self.rng().shuffle(deck)
        self.first_bidder = self.rng().below(3) if first is None else first
        self.redeals = 0
        self._deal(deck)

    def _deal(self, deck: list[int]) -> None:
        self.hands = [sort_cards(deck[i * 17:(i + 1) * 17]) for i in range(3)]
        self.bottom = sort_cards(deck[51:54])
        self.phase = "bid"
        self.turn = self.first_bidder
        self.bid = 0
        self.bidder: int | None = None
        self.bid_passes = 0      # consecutive passes in the auction
        self.bid_log: list[list] = []   # [seat, level or 0 for pass]
        self.landlord: int | None = None
        self.multiplier = 1
        self.table: list | None = None   # [seat, kind, text, cards, rank, length] to beat
        self.passes = 0
        self.played = [[], [], []]       # cards each seat played, in order
        self.num_plays = [0, 0, 0]
        self.plays: list[list] = []      # [seat, kind, text, cards] of every play, in order
        self.passes_on: list[list] = []  # [seat, index in plays] of every pass in the play
        self.bombs = 0
        self.spring = False
        self.reverse_spring = False
        self.winner_seat: int | None = None

    # ------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int | None:
        return None if self.phase == "over" else self.turn

    def _table_move(self):
        """The kernel ``Move`` on the table (cached), or ``None`` when leading."""
        if self.table is None:
            return None
        if self._table_cache is None:
            _, kind, text, cards, rank, length = self.table
            self._table_cache = _mv.Move(kind, rank, length, [Card(c) for c in cards])
        return self._table_cache

    def _legal_actions(self) -> list[Action]:
        if self._legal_cache is not None:
            return self._legal_cache
        if self.phase == "bid":
            out = [PASS] + [BIDS[n] for n in (1, 2, 3) if n > self.bid]
        else:
            hand = [_CARD[c] for c in self.hands[self.turn]]
            beat = self._table_move()
            ms = _mv.moves(hand) if beat is None else _mv.moves(hand, beat=beat)
            plays = disambiguate([move_action(m) for m in ms])
            self._move_cache = {a.text: m for a, m in zip(plays, ms)}
            out = plays if beat is None else [PASS] + plays
        self._legal_cache = out
        return out

    def _resolve(self, action: Action | str) -> Action:
        foreign = self._resolve_foreign(action)
        if foreign is not None:
            return foreign
        if isinstance(action, str) and self.phase == "play":
            key = " ".join(action.strip().split()).lower()
            legal = self._legal_actions()
            # the bare rank notation of an ambiguous card set
            hits = [a for a in legal if a.cards and a.text != base_text(a.text, a.kind)
                    and base_text(a.text, a.kind).lower() == key]
            if hits and not any(a.text.lower() == key for a in legal):
                raise ambiguous(action, hits)
            cards = self._written_cards(action, legal)
            if cards:
                return self._resolve_cards(action, cards, legal)
            if not any(a.text.lower() == " ".join(action.split()).lower() for a in legal):
                by_ranks = self._resolve_ranks(action, legal)
                if by_ranks is not None:
                    return by_ranks
        return super()._resolve(action)

    def _apply(self, action: Action) -> None:
        seat = self.turn
        if self.phase == "bid":
            self._apply_bid(seat, action)
            return
        if action.kind == "pass":
            self.passes_on.append([seat, len(self.plays) - 1])
            self.passes += 1
            self.turn = (seat + 1) % 3
            if self.passes == 2:
                self.table = None
                self.passes = 0
            return
        cards = [int(c) for c in action.cards]
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.played[seat].extend(cards)
        self.num_plays[seat] += 1
        move = self._move_of(action)
        rec = [seat, action.kind, action.text, sort_cards(cards)]
        self.plays.append(rec)
        self.table = rec + [move.rank, move.length]
        self.passes = 0
        if action.kind in _mv.BOMB_KINDS:
            self.bombs += 1
            self.multiplier = multiplier(self.bombs)
        if not hand:
            self._finish(seat)
            return
        self.turn = (seat + 1) % 3

    def _move_of(self, action: Action):
        """The kernel move an (already validated) play action stands for."""
        if self._move_cache is not None and action.text in self._move_cache:
            return self._move_cache[action.text]
        return _mv.Move.from_action(action)

    def _apply_bid(self, seat: int, action: Action) -> None:
        if action.kind == "pass":
            self.bid_log.append([seat, 0])
            self.bid_passes += 1
            if self.bidder is None and self.bid_passes == 3:
                self._redeal()
                return
            if self.bidder is not None and self.bid_passes == 2:
                self._start_play()
                return
        else:
            assert action.amount is not None    # a bid's level
            self.bid_log.append([seat, int(action.amount)])
            self.bid = int(action.amount)
            self.bidder = seat
            self.bid_passes = 0
            if self.bid == 3:
                self._start_play()
                return
        self.turn = (seat + 1) % 3

    def _redeal(self) -> None:
        deck = list(range(54))
        self.rng().shuffle(deck)
        redeals = self.redeals + 1
        self._deal(deck)
        self.redeals = redeals

    def _start_play(self) -> None:
        landlord = self.bidder
        assert landlord is not None             # (the play starts after a bid)
        self.landlord = landlord
        self.hands[landlord] = sort_cards(self.hands[landlord] + self.bottom)
        self.phase = "play"
        self.turn = landlord
        self.table = None
        self.passes = 0

    def _finish(self, seat: int) -> None:
        self.winner_seat = seat
        self.phase = "over"
        assert self.landlord is not None
        how = spring(self.landlord, seat, self.num_plays)
        self.spring = how == "spring"
        self.reverse_spring = how == "reverse"
        self.multiplier = multiplier(self.bombs, how is not None)

    def _scores(self) -> tuple[float, ...]:
        assert self.landlord is not None and self.winner_seat is not None   # (over)
        return deal_scores(self.landlord, self.winner_seat, self.bid * self.multiplier)

    # ------------------------------------------------------------ views
    @property
    def table_move(self):
        """The kernel ``Move`` to beat, or ``None`` when the player to act leads."""
        return self._table_move()

    def _observation(self, player: int) -> dict:
        revealed = self.phase != "bid"
        return {
            "game": self.GAME,
            "player": player,
            "phase": self.phase,
            "current_player": self._current_player(),
            "hand": list(self.hands[player]),
            "hand_text": fmt_cards(self.hands[player]),
            "card_counts": [len(h) for h in self.hands],
            "bottom": list(self.bottom) if revealed else None,
            "landlord": self.landlord,
            "bid": self.bid,
            "bidder": self.bidder,
            "bids": [list(b) for b in self.bid_log],
            "first_bidder": self.first_bidder,
            "multiplier": self.multiplier,
            **self._table_view(),
            "redeals": self.redeals,
            "winner": self.winner_seat,
        }

    #: length of :meth:`encode`'s vector
    ENCODING_SIZE = 6 * 54 + 3 + 3 + 4 + 1 + 1

    def encode(self, player: int) -> np.ndarray:
        """A float32 vector of what ``player`` sees (seats relative: 0 = self, 1 = next, 2 = prev).

        Layout (card planes are 54 wide, one slot per card id):
        ``[0:54]`` own hand; ``[54:216]`` cards played by relative seats 0, 1, 2;
        ``[216:270]`` the play on the table (zeros when leading);
        ``[270:324]`` the bottom cards once revealed;
        ``[324:327]`` card counts of relative seats / 20; ``[327:330]`` landlord one-hot
        (relative); ``[330:334]`` current bid one-hot 0..3; ``[334]`` log2(multiplier) / 8;
        ``[335]`` 1 while bidding, else 0.
        """
        self.observation(player)  # validates the seat
        v = np.zeros(self.ENCODING_SIZE, dtype=np.float32)
        v[self.hands[player]] = 1.0
        for r in range(3):
            seat = (player + r) % 3
            if self.played[seat]:
                v[54 * (1 + r) + np.asarray(self.played[seat])] = 1.0
        if self.table is not None and self.phase == "play":
            v[216 + np.asarray(self.table[3])] = 1.0
        if self.phase != "bid":
            v[270 + np.asarray(self.bottom)] = 1.0
        for r in range(3):
            v[324 + r] = len(self.hands[(player + r) % 3]) / 20.0
        if self.landlord is not None:
            v[327 + (self.landlord - player) % 3] = 1.0
        v[330 + self.bid] = 1.0
        v[334] = float(np.log2(self.multiplier)) / 8.0
        v[335] = 1.0 if self.phase == "bid" else 0.0
        return v


def rank_text(cards) -> str:
    """Rank notation of cards in Dou Dizhu order (``"33344455"``, ``"BR"`` for the rocket)."""
    return "".join(DDZ_RANK_CHARS[ddz_rank(int(c))] for c in sort_cards(cards))


__all__ = ["DouDizhuState", "ddz_rank", "sort_cards", "rank_text", "base_text", "multiplier",
           "spring", "deal_scores", "RANKS"]
