"""The Zheng Shangyou game (48-card Run Fast preset): play, must-beat, bomb bonus, scoring.

Seats 0, 1, 2 play in the order ``i -> (i + 1) % 3``. The 48-card deck is the 54-card deck
without the jokers, the ace of hearts and the 2s other than the 2 of spades; 16 cards each.

- The holder of the 3 of hearts leads and the opening play contains it; four 3s in the opening
  play are the unbeatable heavenly bomb (only there).
- **Must beat:** a follower with any legal answer (a bomb included) must play; ``"pass"`` is
  offered only when no answer exists (so every pass is public information: the observation's
  ``passes_on`` lists ``[seat, index into plays]`` of each pass). After both opponents pass
  the last player leads again.
- Each play is one action per kernel ``Move`` (``kind``, ``cards``, ``text`` = its rank
  notation); ``apply`` also takes a play written as exact cards from the hand, any suits.
- **Bomb bonus:** a bomb or ace bomb played as an answer (not a lead) earns 20 (each opponent
  pays 10) unless a stronger bomb beats it in the same round; it is settled when the round ends
  (both others pass) or at once when that bomb was the bomber's last play. Led bombs and the
  heavenly bomb earn nothing.
- **End:** the first player out ends the deal. Each opponent pays 1 per card left, doubled if
  that opponent never played a card, plus 10 for a 2 of spades in hand and 10 per unplayed bomb
  in hand (four of a rank, or the three aces). The doubling applies to the card count only.
  Scores (bonuses plus penalties) sum to zero.

``deck=``: seat 0's 16 cards, seat 1's 16, seat 2's 16 (any order within a hand).

Integer actions (``docs/actions/zhengshangyou.md``): 0 = pass, then one id per play of at most
16 cards and the heavenly bomb (``moves.NUM_ACTIONS`` in all). A deal lives in the step core
(``state.core``, ``cardcore._fast.shedding_step.Core`` on the one core contract: hands as
card masks, the plays and passes, the play on the table, the bomb bonuses): its ``legal_ids`` and
``apply`` are every transition of the deal, its ``returns()`` the deal's scores and its
``observation_tensor`` this state's, and this state is a view over it (``apply`` maps an
action to its id and cards, which the core applies with ``apply_cards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from .._backend import kernel
from ..cards import Card, check_deck, deck52
from ..cards import format as fmt_cards
from ..errors import IllegalAction, quote
from ..game import Action, CoreView, core_field, register
from ..engines.shedding import (PASS, DealCoreView, SheddingState, move_action,
                                tensor_layout)
from . import moves as _mv

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import shedding_step as _step
else:
    _step = kernel("shedding_step")
_K = _mv._k
_ZHENGSHANGYOU = 1                     # the core's ``game``
#: action id -> the play's kernel key (kind code, rank, length)
_ID_KEY = [(0, 0, 0)] * _mv.FIRST_PLAY + [(int(r[0]), int(r[1]), int(r[2]))
                                           for r in _K.zsy_id_rows()]

THREE_HEARTS = 1 * 4 + 2   # 3h
TWO_SPADES = 0 * 4 + 3     # 2s
ACE_HEARTS = 12 * 4 + 2    # Ah (not in the deck)
BOMB_KINDS = ("bomb", "ace_bomb", "heavenly_bomb")
RANK_CHARS = "3456789TJQKA2"


def deck48() -> list[Card]:
    """The 48 cards: no jokers, no ace of hearts, of the 2s only the 2 of spades."""
    return [c for c in deck52() if c != ACE_HEARTS and (c >> 2 != 0 or c == TWO_SPADES)]


#: the 48 card ids in id order; ``CARD_INDEX[id]`` is the slot used by :meth:`encode`
DECK48_IDS = [int(c) for c in deck48()]
CARD_INDEX = {c: i for i, c in enumerate(DECK48_IDS)}


def zsy_rank(c: int) -> int:
    """3..A = 0..11, 2 = 12."""
    return ((c >> 2) + 12) % 13


def sort_cards(cards) -> list[int]:
    """Cards in rank order (3 .. A, 2), then by suit."""
    return _step.sort_cards(cards)


# The end penalties and the scores are the step kernel's rules (``cardcore._fast.shedding_step``,
# whose core's ``returns()`` applies them):
#: ``count_bombs(counts)``: bombs in a hand given as rank counts (13 or 15 long): ranks held
#: four times, plus the three aces
count_bombs = _step.zsy_count_bombs
#: ``penalty(counts, played)``: what a seat left with a hand of these rank counts (13 or 15
#: long) pays at the end: one per card, doubled if it never played a card, plus 10 for the 2 of
#: spades (the deck's only 2) and 10 per bomb in hand
penalty = _step.zsy_penalty
#: ``deal_scores(winner, penalties, bonus)``: the scores of a finished deal: the settled
#: bonuses, minus each loser's penalty, and the winner collects all the penalties
deal_scores = _step.zsy_deal_scores


def hand_bombs(hand) -> int:
    """Unplayed bombs in a hand of card ids: ranks held four times, plus the three aces."""
    cnt = [0] * 13
    for c in hand:
        cnt[zsy_rank(c)] += 1
    return count_bombs(cnt)


# The bomb bonus is the step kernel's rule (``cardcore._fast.shedding_step``, which applies it):
#: the plays that claim the bomb bonus when played as an answer (the heavenly bomb never does)
BONUS_KINDS: tuple[str, ...] = _step.ZSY_BONUS_KINDS
#: the bomb bonus: the bomber wins this much, each opponent pays half of it
BOMB_BONUS: int = _step.BOMB_BONUS
#: ``claims_bonus(kind, answering)``: whether a play of ``kind`` claims the bomb bonus
claims_bonus = _step.zsy_claims_bonus
#: ``bomb_bonus(seat)``: the score changes of seats 0, 1, 2 of a settled bonus won by ``seat``
bomb_bonus = _step.zsy_bonus_share
#: ``settle_bonus(bonus, seat)``: add ``bomb_bonus(seat)`` to the list ``bonus`` in place
settle_bonus = _step.zsy_settle_bonus


_CARD = [Card(i) for i in range(52)]


@register
class ZhengShangyouState(CoreView, DealCoreView, SheddingState):  # type: ignore[misc]
    GAME = "zhengshangyou"
    AI_AGENT = "cardcore.agents.zhengshangyou:ZhengShangyouAI"
    CORE_OPTIONS = {"game": "zhengshangyou"}
    HAND_SIZE = 16
    RANK = staticmethod(zsy_rank)
    MOVE = _mv.Move
    PLAY_ID = staticmethod(_K.zsy_cards_id)
    ID_TEXT = staticmethod(_mv.id_text)

    def _setup(self, deck: list[int] | None) -> None:
        if deck is None:
            self._core = _step.from_seed(self.seed, **self.CORE_OPTIONS)   # dealt from the seed
            return
        deck = [int(c) for c in check_deck(deck, deck48(), "zhengshangyou")]
        self._core = _step.Core(_ZHENGSHANGYOU, deck, None, self.rng_state)

    # ------------------------------------------------------------ the deal (read from the core)
    first: Final[int] = core_field("first", "The seat that held the 3 of hearts (and led).")
    opening: Final[bool] = core_field("opening", "No card played yet.")
    table: Final[list | None] = core_field(  # type: ignore[misc]
        "table", "The play to beat: ``[seat, kind, text, cards, action id]``, or ``None``.",
        call=True)
    pending_bomb: Final[int | None] = core_field(
        "pending_bomb", "The seat of an answering bomb not yet settled.")
    bonus: Final[list[int]] = core_field("bonus", "The settled bomb bonuses.", call=True)
    bomb_log: Final[list[list]] = core_field(
        "bomb_log", "``[seat, amount won]`` per settled bonus.", call=True)
    over: Final[bool] = core_field("is_over", "Whether the deal is over.")

    # ------------------------------------------------------------ hooks
    def _table_move(self):
        if self.table is None:
            return None
        _, kind, text, cards = self.table[:4]
        readings = _mv.classify([Card(c) for c in cards], first_play=(kind == "heavenly_bomb"))
        same = [m for m in readings if m.kind == kind]
        return (same or readings)[0]

    def _legal_actions(self) -> list[Action]:
        core = self._core
        hand = core.hand(core.turn)
        t = core.table_id()
        if not t:
            ms = _K.zsy_hand_moves(_mv.Move, hand, None, bool(core.opening))
            return [move_action(m) for m in ms]
        ans = _K.zsy_hand_moves(_mv.Move, hand, _ID_KEY[t])
        return [move_action(m) for m in ans] if ans else [PASS]

    def _resolve(self, action: Action | str) -> Action:
        foreign = self._resolve_foreign(action)
        if foreign is not None:
            return foreign
        if isinstance(action, str):
            play = self._resolve_written_play(action, self._legal_actions())
            if play is not None:
                return play
        return super()._resolve(action)

    def _no_such(self, action: Action | str, legal: list[Action]) -> Action:
        if str(action).strip().lower() == "pass" and self.table is not None:
            raise IllegalAction(f"action 'pass': must beat -- seat {self.turn} can beat "
                                f"{self.table[2]} ({self.table[1]}), so it must play; "
                                "'pass' is allowed only with no answer. Legal: "
                                + ", ".join(a.text for a in legal[:12]))
        return super()._no_such(action, legal)

    def _check_written_play(self, text: str, cards: list[int]) -> None:
        if self.opening and THREE_HEARTS not in cards:
            raise IllegalAction(f"action {quote(text, 120)}: the opening play must include 3h")

    def penalties(self) -> list[int]:
        """The end-of-deal penalty each seat pays (0 for the winner; valid once over)."""
        out = [0, 0, 0]
        if self.winner_seat is None:
            return out
        for s in range(3):
            if s == self.winner_seat:
                continue
            out[s] = penalty(_mv.hand_counts([_CARD[c] for c in self.hands[s]]),
                             self.num_plays[s] > 0)
        return out

    # ------------------------------------------------------------ views
    @property
    def table_move(self):
        return self._table_move()

    def _observation(self, player: int) -> dict:
        return {
            "current_player": self._current_player(),
            "hand": list(self.hands[player]),
            "hand_text": fmt_cards(self.hands[player]),
            "card_counts": [len(h) for h in self.hands],
            "first": self.first,
            "opening": self.opening,
            **self._table_view(),
            "pending_bomb": self.pending_bomb,
            "bonus": list(self.bonus),
            "winner": self.winner_seat,
        }

    # ------------------------------------------------------------ observation tensor
    #: the float32 vector of ``observation_tensor``, made by the core
    #: (docs/actions/zhengshangyou.md, the ``ZSY_OBS_*`` offsets of the step kernel): seats
    #: relative to the observer (0 = itself, 1 = the next seat, 2 = the one before), a card
    #: count vector as 13 ranks x 4 cells (cell ``4 r + k`` is 1 when rank ``r`` has more than
    #: ``k`` cards)
    TENSOR_SIZE: int = _step.OBS_SIZE[_ZHENGSHANGYOU]
    TENSOR_LAYOUT: dict[str, tuple[int, int]] = tensor_layout(_step, _ZHENGSHANGYOU)

    ENCODING_SIZE = 5 * 48 + 3 + 3 + 1

    def encode(self, player: int) -> np.ndarray:
        """A float32 vector of what ``player`` sees (seats relative: 0 = self, 1 = next, 2 = prev).

        Card planes are 48 wide, slot ``CARD_INDEX[id]`` (the deck's ids in ascending order):
        ``[0:48]`` own hand; ``[48:192]`` cards played by relative seats 0, 1, 2;
        ``[192:240]`` the play on the table (zeros when leading); ``[240:243]`` card counts of
        relative seats / 16; ``[243:246]`` seats that have played at least once;
        ``[246]`` 1 before the opening play.
        """
        self.observation(player)
        v = np.zeros(self.ENCODING_SIZE, dtype=np.float32)
        self._card_planes(v, player, CARD_INDEX, 48, True)
        for r in range(3):
            s = (player + r) % 3
            v[240 + r] = len(self.hands[s]) / 16.0
            v[243 + r] = 1.0 if self.num_plays[s] else 0.0
        v[246] = 1.0 if self.opening else 0.0
        return v


__all__ = ["ZhengShangyouState", "deck48", "hand_bombs", "count_bombs", "penalty", "bomb_bonus",
           "claims_bonus", "settle_bonus", "deal_scores", "BONUS_KINDS", "BOMB_BONUS", "zsy_rank",
           "sort_cards"]
