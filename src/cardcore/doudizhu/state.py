"""The Dou Dizhu game: bidding, play, scoring, observation, rendering.

Seats 0, 1, 2 play in the order ``i -> (i + 1) % 3``. A deal:

1. **Bidding.** The first bidder is drawn from the seeded generator (option ``first=`` fixes
   it). Each turn the player says ``"pass"`` or ``"bid N"`` with ``N`` above the current highest
   bid (1..3). A pass does not bar a later bid. The auction ends on a bid of 3 or on two
   consecutive passes after a bid. If all three players pass before any bid, the cards are
   **redealt**: the 54 cards are reshuffled with the generator the deal's core carries on
   from the seed (so the redeal is deterministic per seed) -- this holds for a stacked
   ``deck=`` too, which only fixes the *first* deal. The same first bidder starts the new
   auction.
2. **Play.** The landlord takes the three bottom cards (revealed to everyone) and leads. Each
   play is one action per :class:`~cardcore.doudizhu.moves.Move`: ``kind`` is the move kind,
   ``cards`` the move's cards and ``text`` its rank notation (``"33344455"``). A card set with
   two readings would give two actions whose texts carry the kind
   (``"33344455 airplane_singles"``; no card set of these rules has two); the bare rank notation
   or the bare cards are then rejected as ambiguous. ``apply`` also takes a play written as
   exact cards from the hand (``"3c 3d"``), any suits.
3. **Scoring.** The multiplier starts at 1 and doubles on every bomb and rocket played, and once
   more for a spring (the landlord goes out before either farmer played a card) or a reverse
   spring (a farmer goes out while the landlord has played only the opening lead). Each farmer
   gets +-(bid x multiplier), the landlord -+ twice that.

``deck=``: seat 0's 17 cards, seat 1's 17, seat 2's 17, then the 3 bottom cards.

Integer actions (``docs/actions/doudizhu.md``): 0 = pass, 1..3 = bid 1..3, then one id per
play of at most 20 cards (``moves.NUM_ACTIONS`` in all). A deal lives in the step core
(``state.core``, ``cardcore._fast.shedding_step.Core`` on the one core contract: hands as card
masks, the auction, the plays and passes, the play on the table, bombs, the redeals): its
``legal_ids`` and ``apply`` are every transition of the deal, its ``returns()`` the deal's
scores and its ``observation_tensor`` this state's, and this state is a view over it
(``apply`` maps an action to its id and cards, which the core applies with
``apply_cards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from .._backend import kernel
from ..cards import RANKS, Card, check_deck, deck54
from ..cards import format as fmt_cards
from ..errors import IllegalAction
from ..options import Option
from ..game import Action, CoreView, core_field, register
from ..engines.shedding import (PASS, DealCoreView, SheddingState, ambiguous, base_text,
                                disambiguate, move_action, tensor_layout)
from . import moves as _mv

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding_step as _step
else:
    _step = kernel("shedding_step")
_K = _mv._k
_PHASES = ("bid", "play", "over")      # by the core's phase
_BIDDING = 0
_DOUDIZHU = 0                          # the core's ``game``
#: action id -> the play's kernel key (kind code, rank, length)
_ID_KEY = [(0, 0, 0)] * _mv.FIRST_PLAY + [(int(r[0]), int(r[1]), int(r[2]))
                                           for r in _K.ddz_id_rows()]
_SPRING, _REVERSE_SPRING = 1, 2        # the core's ``spring``

_CARD = [Card(i) for i in range(54)]
BIDS = {n: Action("bid", f"bid {n}", amount=n) for n in (1, 2, 3)}

#: Dou Dizhu rank order of a card id: 3..A = 0..11, 2 = 12, BJ = 13, RJ = 14.
def ddz_rank(c: int) -> int:
    return c - 39 if c >= 52 else ((c >> 2) + 12) % 13


DDZ_RANK_CHARS = "3456789TJQKA2BR"


def _plays(hand: list[int], key: tuple[int, int, int] | None) -> list:
    """The kernel moves of a hand (answers to the table play ``key``, or every lead)."""
    return _K.ddz_hand_moves(_mv.Move, hand, key)


def sort_cards(cards) -> list[int]:
    """Cards in Dou Dizhu order (low to high, then by suit)."""
    return _step.sort_cards(cards)


# The multiplier and the spring are the step kernel's rules (``cardcore._fast.shedding_step``,
# which applies them):
#: ``multiplier(bombs, spring=False)``: the deal's multiplier, doubled on every bomb and rocket
#: played (``bombs``) and once more for a spring or reverse spring
multiplier = _step.ddz_multiplier
#: ``spring(landlord, winner, num_plays)``: how a finished deal doubles, ``"spring"`` (the
#: landlord went out before either farmer played a card), ``"reverse"`` (a farmer went out while
#: the landlord had played only the opening lead) or ``None``; ``num_plays``: plays per seat
spring = _step.ddz_spring
#: ``deal_scores(landlord, winner, stake)``: the scores of a finished deal of ``stake`` (bid x
#: multiplier): each farmer wins or loses the stake, the landlord twice that (the core's
#: ``returns()``)
deal_scores = _step.ddz_deal_scores


@register
class DouDizhuState(CoreView, DealCoreView, SheddingState):  # type: ignore[misc]
    GAME = "doudizhu"
    AI_AGENT = "cardcore.agents.doudizhu:DouDizhuAI"
    CORE_OPTIONS = {"game": "doudizhu"}
    OPTIONS = {
        "first": Option("seat", None, "the seat that bids first (default: drawn at random)",
                        low=0, high=2, none=True),
    }
    HAND_SIZE = 17
    RANK = staticmethod(ddz_rank)
    MOVE = _mv.Move
    PLAY_ID = staticmethod(_K.ddz_cards_id)
    ID_TEXT = staticmethod(_mv.id_text)

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, first: int | None = None) -> None:
        if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                                  or not 0 <= first < 3):
            raise IllegalAction(f"doudizhu option first={first!r}: expected a seat 0, 1 or 2")
        if deck is None:
            # the deal, the first bidder and the generator of the redeals, all from the seed
            self._core = _step.from_seed(self.seed, first=first, **self.CORE_OPTIONS)
            return
        deck = [int(c) for c in check_deck(deck, deck54(), "doudizhu")]
        seat = self.rng().below(3) if first is None else first
        self._core = _step.Core(_DOUDIZHU, deck, seat, self.rng_state)

    # ------------------------------------------------------------ the deal (read from the core)
    first_bidder: Final[int] = core_field(
        "first", "The seat that bids first (in every deal of the game, redeals included).")
    redeals: Final[int] = core_field(
        "redeals", "How many auctions ended in three passes (each redealt).")
    bottom: Final[list[int]] = core_field("bottom", "The three bottom cards, sorted.", call=True)

    @property
    def phase(self) -> str:
        """``"bid"``, ``"play"`` or ``"over"``."""
        return _PHASES[self._core.phase]

    bid: Final[int] = core_field("bid", "The highest bid (0 before any).")
    bidder: Final[int | None] = core_field("bidder",
                                           "The seat of the highest bid (``None`` before any).")
    bid_passes: Final[int] = core_field("bid_passes", "Consecutive passes in the auction.")
    bid_log: Final[list[list]] = core_field(
        "bid_log", "``[seat, level or 0 for a pass]`` per word of the auction.", call=True)
    landlord: Final[int | None] = core_field("landlord",
                                             "The landlord's seat (``None`` while bidding).")
    multiplier: Final[int] = core_field(
        "multiplier", "The deal's multiplier: doubled on every bomb and rocket played, and once "
        "more for a spring or reverse spring.")
    table: Final[list | None] = core_field(  # type: ignore[misc]
        "table", "The play to beat: ``[seat, kind, text, cards, rank, length, action id]``, or "
        "``None``.", call=True)
    bombs: Final[int] = core_field("bombs", "The bombs and rockets played.")

    @property
    def spring(self) -> bool:
        return self._core.spring == _SPRING

    @property
    def reverse_spring(self) -> bool:
        return self._core.spring == _REVERSE_SPRING

    # ------------------------------------------------------------ protocol hooks
    def _table_key(self) -> tuple[int, int, int] | None:
        i = self._core.table_id()
        return _ID_KEY[i] if i else None

    def _table_move(self):
        """The kernel ``Move`` on the table, or ``None`` when leading."""
        if self.table is None:
            return None
        _, kind, _text, cards, rank, length = self.table[:6]
        return _mv.Move(kind, rank, length, [Card(c) for c in cards])

    def _legal_actions(self) -> list[Action]:
        core = self._core
        if core.phase == _BIDDING:
            return [PASS] + [BIDS[n] for n in (1, 2, 3) if n > core.bid]
        key = self._table_key()
        ms = _plays(core.hand(core.turn), key)
        plays = disambiguate([move_action(m) for m in ms])
        return plays if key is None else [PASS] + plays

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
            play = self._resolve_written_play(action, legal)
            if play is not None:
                return play
        return super()._resolve(action)

    # ------------------------------------------------------------ integer actions
    def _id_of(self, action: Action) -> int:
        if action.kind == "bid":
            return int(action.amount or 0)
        return super()._id_of(action)

    # ------------------------------------------------------------ views
    @property
    def table_move(self):
        """The kernel ``Move`` to beat, or ``None`` when the player to act leads."""
        return self._table_move()

    def _observation(self, player: int) -> dict:
        revealed = self.phase != "bid"
        return {
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

    # ------------------------------------------------------------ observation tensor
    #: the float32 vector of ``observation_tensor``, made by the core (docs/actions/doudizhu.md,
    #: the ``DDZ_OBS_*`` offsets of the step kernel): seats relative to the observer (0 =
    #: itself, 1 = the next seat, 2 = the one before), a card count vector as 15 ranks x 4 cells
    #: (cell ``4 r + k`` is 1 when the count of rank ``r`` exceeds ``k``)
    TENSOR_SIZE: int = _step.OBS_SIZE[_DOUDIZHU]
    TENSOR_LAYOUT: dict[str, tuple[int, int]] = tensor_layout(_step, _DOUDIZHU)

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
        self._card_planes(v, player, range(54), 54, self.phase == "play")
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
