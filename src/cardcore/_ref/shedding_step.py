"""The step of the shedding games (Dou Dizhu, Zheng Shangyou) on integer action ids,
plain-Python reference twin of ``cardcore._fast.shedding_step``.

A deal is a ``Core`` on the one core contract (``cardcore._ref.core.Core``): ``current_player``,
``is_over``, ``legal_ids()``, ``legal_mask()``, ``is_legal(i)``, ``apply(i)``, ``returns()``,
``observation_tensor(seat)``, ``copy()`` and pickling come from the base.
``Core(game, cards, first, rng_state=0)`` with ``game`` 0 (Dou Dizhu) or 1 (Zheng Shangyou),
``cards`` the dealt cards (Dou Dizhu: 54, seats 0, 1, 2 take 17 each in turn, the last 3 are
the bottom; Zheng Shangyou: the 48 of its deck, 16 a seat), ``first`` the seat that bids first
(Dou Dizhu; ``None`` in Zheng Shangyou, where the holder of the 3 of hearts leads) and
``rng_state`` the SplitMix64 state of the core's generator; ``from_seed(seed, game=...,
first=None)`` deals from a seed as ``cardcore.new_game`` does. Action ids are those of
``cardcore._fast.shedding`` (Dou Dizhu: 0 pass, 1..3 bids, plays from ``DDZ_FIRST``; Zheng
Shangyou: 0 pass, plays from ``ZSY_FIRST``).

- ``apply(i)`` plays a Dou Dizhu or Zheng Shangyou id (a play takes the lowest ids of each
  rank, the 3 of hearts first among Zheng Shangyou's 3s). Three passes that end a Dou Dizhu
  auction without a bid redeal inside the core: the 54 cards shuffled from the core's
  generator, the same first bidder (``redeals`` counts them). ``apply_cards(i, cards)`` makes
  the same step with the play's exact cards (any suits, in the order played);
  ``last_entry()``: the log entry ``[seat, kind, text, cards, amount, data]`` of the last
  action;
- ``returns()``: the deal's scores as ``state.scores()`` gives them (zeros until over): Dou
  Dizhu ``ddz_deal_scores(landlord, winner, bid x multiplier)``, Zheng Shangyou
  ``zsy_deal_scores(winner, penalties, bonuses)``;
- ``observation_tensor(seat)``: the layout of ``docs/actions/doudizhu.md`` and
  ``docs/actions/zhengshangyou.md`` (the ``DDZ_OBS_*`` and ``ZSY_OBS_*`` offsets);
- accessors: ``game``, ``phase`` (``BIDDING``, ``PLAYING``, ``OVER``), ``turn``, ``first``,
  ``bid``, ``bidder``, ``bid_passes``, ``landlord``, ``bombs``, ``multiplier``, ``spring``
  (``DDZ_*``), ``passes``, ``winner``, ``opening``, ``pending_bomb``, ``nplays``,
  ``redeals``, ``rng_state``; ``hand(seat)``, ``hands()``, ``bottom()`` (sorted), ``played()``
  (in the order played), ``num_plays()``, ``plays()`` (``[seat, kind, text, cards]``),
  ``passes_on()`` (``[seat, index in plays]``), ``table()`` (Dou Dizhu ``[seat, kind, text,
  cards, rank, length, id]``, Zheng Shangyou ``[seat, kind, text, cards, id]``, or ``None``),
  ``table_id()``, ``bid_log()``, ``bonus()``, ``bomb_log()``, ``history()``;
- ``export()`` (ints: game, first or -1, the generator state, the redeals so far, the dealt
  cards, the number of actions, then per action its id, its number of cards and its cards in
  the order played), ``from_export(values)`` (replays them).

The scoring rules are written here once (twins of the C functions declared in
``_fast/shedding_step.pxd``) and exported for the games' states and the AI: Zheng Shangyou's
bomb bonus (``BOMB_BONUS``, ``ZSY_BONUS_KINDS``, ``zsy_claims_bonus``, ``zsy_bonus_share``,
``zsy_settle_bonus``) and end penalties (``zsy_count_bombs``, ``zsy_penalty``,
``zsy_deal_scores``), Dou Dizhu's spring, multiplier and scores (``ddz_spring``,
``ddz_multiplier``, ``ddz_deal_scores``).
"""

from __future__ import annotations

from collections.abc import Callable

from cardcore.errors import CardcoreError, CardError, IllegalAction, flag_arg, int_arg, quote
from .args import list_arg as _list_arg, seq_arg as _seq_arg

from math import comb as _comb

from ..rng import Rng
from .core import Core as CoreBase
from .args import action_id
from .core import export_fields
from .shedargs import index_or_none as _index_or_none
from .core import each, field, reader, seat_or_none
from .core import live as _live
from . import shedding as S

DDZ_KINDS = S.DDZ_KINDS
ZSY_KINDS = S.ZSY_KINDS
_DDZ_BOMBS = (S.D_BOMB, S.D_ROCKET)
#: Zheng Shangyou's bomb bonus: the bomber wins it, each opponent pays half of it
BOMB_BONUS = 20
_NO_SPRING = 0     # (``DDZ_NO_SPRING`` of ``shedding_step.pxd``)


# ------------------------------------------------------------------ scoring rules

def _claims(kind: int, answering: bool) -> bool:
    return answering and kind in (S.Z_BOMB, S.Z_ACE_BOMB)


def _share(bomber: int, s: int) -> int:
    return BOMB_BONUS if s == bomber else -(BOMB_BONUS // 2)


#: the Zheng Shangyou kinds that claim the bomb bonus when played as an answer
ZSY_BONUS_KINDS = tuple(k for i, k in enumerate(ZSY_KINDS) if _claims(i, True))
_SPRING_NAME = (None, "spring", "reverse")


def _spring(landlord: int, winner: int, num_plays) -> int:
    if winner == landlord:
        return 1 if all(num_plays[s] == 0 for s in range(3) if s != landlord) else 0
    return 2 if num_plays[landlord] == 1 else 0


def _multiplier(bombs: int, doubled: bool) -> int:
    return 1 << (bombs + (1 if doubled else 0))


def zsy_claims_bonus(kind, answering) -> bool:
    """Whether a Zheng Shangyou play of ``kind`` (a name of ``ZSY_KINDS`` or its index) claims
    the bomb bonus: a bomb or an ace bomb played as an answer (``answering``), never a lead and
    never the heavenly bomb. A later bomb of the same round takes the claim over."""
    if isinstance(kind, str):
        if kind not in ZSY_KINDS:
            raise CardcoreError(f"kind {quote(kind)}: expected a Zheng Shangyou kind")
        k = ZSY_KINDS.index(kind)
    else:
        k = int_arg(kind, "kind", 0, len(ZSY_KINDS) - 1, CardcoreError)
    return _claims(k, flag_arg(answering, "answering"))


def zsy_bonus_share(seat) -> tuple[int, int, int]:
    """The score changes of seats 0, 1, 2 when seat ``seat``'s bomb bonus is settled: the
    bomber wins ``BOMB_BONUS``, each opponent pays half of it."""
    b = int_arg(seat, "seat", 0, 2, CardError)
    return (_share(b, 0), _share(b, 1), _share(b, 2))


def zsy_settle_bonus(bonus, seat) -> None:
    """Settle seat ``seat``'s bomb bonus into ``bonus`` (a list of the 3 seats' bonuses,
    updated in place by ``zsy_bonus_share(seat)``)."""
    b = int_arg(seat, "seat", 0, 2, CardError)
    if (type(bonus) is not list or len(bonus) != 3
            or any(type(x) is not int for x in bonus)):
        raise CardcoreError(f"bonus {quote(bonus)}: expected a list of the 3 seats' bonuses")
    for s in range(3):
        bonus[s] += _share(b, s)


def ddz_spring(landlord, winner, num_plays) -> str | None:
    """How a finished Dou Dizhu deal doubles: ``"spring"`` (the landlord went out before
    either farmer played a card), ``"reverse"`` (a farmer went out while the landlord had played
    only the opening lead) or ``None``. ``num_plays``: the plays of seats 0, 1, 2."""
    ll = int_arg(landlord, "landlord", 0, 2, CardError)
    w = int_arg(winner, "winner", 0, 2, CardError)
    if not isinstance(num_plays, (list, tuple)) or len(num_plays) != 3:
        raise CardcoreError(f"num_plays {quote(num_plays)}: expected the plays of seats 0, 1, 2")
    n = [int_arg(num_plays[s], "num_plays", 0, 20, CardcoreError) for s in range(3)]
    return _SPRING_NAME[_spring(ll, w, n)]


def ddz_multiplier(bombs, spring=False) -> int:
    """A Dou Dizhu deal's multiplier: doubled on every bomb and rocket played (``bombs``,
    0..14) and once more for a spring or reverse spring (``spring``)."""
    return _multiplier(int_arg(bombs, "bombs", 0, 14, CardcoreError), flag_arg(spring, "spring"))


#: Zheng Shangyou's end penalties: a card left, doubled for a seat that never played; the 2 of
#: spades (the deck's only 2) and each bomb in hand (four of a rank, or the three aces)
ZSY_CARD_PENALTY = 1
ZSY_TWO_PENALTY = 10
ZSY_BOMB_PENALTY = 10
_ACE, _TWO = 11, 12


def _ddz_scores(landlord: int, winner: int, stake: int) -> tuple[float, ...]:
    sign = 1 if winner == landlord else -1
    return tuple(float(2 * sign * stake if s == landlord else -sign * stake) for s in range(3))


def _count_bombs(counts) -> int:
    return sum(1 for r in range(13) if counts[r] == 4) + (1 if counts[_ACE] == 3 else 0)


def _penalty(counts, played: bool) -> int:
    n = sum(counts)
    return (n * ZSY_CARD_PENALTY * (1 if played else 2) + (ZSY_TWO_PENALTY if counts[_TWO] else 0)
            + ZSY_BOMB_PENALTY * _count_bombs(counts))


def _zsy_scores(winner: int, penalties, bonus) -> tuple[float, ...]:
    total = sum(penalties)
    return tuple(float(bonus[s] - penalties[s] + (total if s == winner else 0)) for s in range(3))


def _counts_arg(counts) -> list[int]:
    if (isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__")
            or len(counts) not in (13, 15)):
        raise CardcoreError(f"counts {quote(counts)}: expected 13 or 15 rank counts")
    return [int_arg(counts[r], "counts", 0, 4, CardcoreError) for r in range(len(counts))]


def _three_ints(x, what: str, lo: int, hi: int) -> list[int]:
    if isinstance(x, (str, bytes)) or not hasattr(x, "__len__") or len(x) != 3:
        raise CardcoreError(f"{what} {quote(x)}: expected 3 values, one a seat")
    return [int_arg(x[s], what, lo, hi, CardcoreError) for s in range(3)]


def ddz_deal_scores(landlord, winner, stake) -> tuple[float, ...]:
    """The scores of a finished Dou Dizhu deal of ``stake`` (bid x multiplier): each farmer
    wins or loses the stake, the landlord twice that."""
    return _ddz_scores(int_arg(landlord, "landlord", 0, 2, CardError),
                       int_arg(winner, "winner", 0, 2, CardError),
                       int_arg(stake, "stake", 0, 3 << 16, CardcoreError))


def zsy_count_bombs(counts) -> int:
    """Bombs in a Zheng Shangyou hand given as rank counts (13 or 15 long): ranks held four
    times, plus the three aces."""
    return _count_bombs(_counts_arg(counts))


def zsy_penalty(counts, played) -> int:
    """What a Zheng Shangyou seat left with a hand of these rank counts (13 or 15 long) pays at
    the end: one per card, doubled if it never played a card (``played`` false), plus 10 for
    the 2 of spades and 10 per bomb in hand (the doubling applies to the card count only)."""
    return _penalty(_counts_arg(counts), flag_arg(played, "played"))


def zsy_deal_scores(winner, penalties, bonus) -> tuple[float, ...]:
    """The scores of a finished Zheng Shangyou deal: the settled bonuses, minus each loser's
    penalty, and the winner collects all the penalties."""
    return _zsy_scores(int_arg(winner, "winner", 0, 2, CardError),
                       _three_ints(penalties, "penalties", 0, 1000),
                       _three_ints(bonus, "bonus", -10**6, 10**6))


def _row(game: int, i: int) -> tuple:
    rows = S._tables(game)[0]
    return rows[i - (S.DDZ_FIRST if game == 0 else S.ZSY_FIRST)]


def _rank(c: int) -> int:
    return c - 39 if c >= 52 else ((c >> 2) + 12) % 13


def sort_cards(cards) -> list[int]:
    """Card ids in the shedding games' order: by rank (3 .. A, 2, BJ, RJ), then by id."""
    out = []
    for c in cards:
        x = _index_or_none(c)
        if x is None or not 0 <= x <= 53:
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        out.append(x)
    return sorted(out, key=lambda c: (_rank(c), c))


# ------------------------------------------------------------------ the deal

DOUDIZHU = 0
ZHENGSHANGYOU = 1
#: the games' names, as ``from_seed`` takes them (``GAMES[game]``)
GAMES = ("doudizhu", "zhengshangyou")
#: the phases of a deal (Zheng Shangyou has no auction)
BIDDING, PLAYING, OVER = 0, 1, 2
#: the action ids of each game (``NUM_ACTIONS[game]``)
NUM_ACTIONS = (S.DDZ_NUM_ACTIONS, S.ZSY_NUM_ACTIONS)
#: the most legal ids a position can list (``MAX_LEGAL[game]``). Zheng Shangyou: every id.
#: Dou Dizhu: the pass and the plays a hand of ``_HAND`` cards can lead (an answer is one of
#: them), bounded kind by kind: singles (15 ranks), pairs and trios and bombs (as many as the
#: cards make), the rocket; a trio with a single (a trio rank, one of 15 ranks) or a pair (one of
#: the pairs the other cards make); runs by position (straights of 5.. ranks, pair runs of 3..10
#: pairs, airplanes: the runs of 2.. among the 6 trio ranks at most); and the plays with wings:
#: a core (a run of ``L`` trios, or a four) times the sets of wing cards (singles) or wing
#: pairs chosen among the cards the core leaves (a set of wing ranks is at least one such
#: choice). 2,531 plays in all (a hill-climbing search finds hands of about 520).
_HAND = 20                      # the most cards a Dou Dizhu hand holds (the landlord's)
_TRIOS, _FOURS = _HAND // 3, _HAND // 4
DDZ_MAX_LEADS = (
    15 + _HAND // 2 + _TRIOS + _FOURS + 1
    + _TRIOS * 15 + _TRIOS * ((_HAND - 3) // 2)
    + sum([16 - n for n in range(5, 16)]) + sum([14 - n for n in range(3, _HAND // 2 + 1)])
    + _comb(_TRIOS, 2)
    + sum([(_TRIOS - n + 1) * _comb(_HAND - 3 * n, n) for n in range(2, _HAND // 4 + 1)])
    + sum([(_TRIOS - n + 1) * _comb((_HAND - 3 * n) // 2, n) for n in range(2, _HAND // 5 + 1)])
    + _FOURS * _comb(_HAND - 4, 2) + _FOURS * _comb((_HAND - 4) // 2, 2))
MAX_LEGAL = (1 + DDZ_MAX_LEADS, NUM_ACTIONS[1])
MAX_EVENTS = 256
_U64 = 2**64 - 1
_MAX_REDEALS = 2**31 - 1
_NDEALT = (54, 48)
#: the fields an export starts with (the game, the first bidder or -1, the generator state,
#: the redeals), then the first dealt card: an export is at least that long
_EXPORT_HEAD = ("game", "first", "rng_state", "redeals", "dealt")
_NHAND = (17, 16)
_ZSY_DECK = frozenset(c for c in range(52) if c != 50 and (c >> 2 != 0 or c == 3))
_BID_TEXT = ("pass", "bid 1", "bid 2", "bid 3")

# ------------------------------------------------------------------ the observation
#
# One float32 vector a seat (``docs/actions/doudizhu.md``, ``docs/actions/zhengshangyou.md``).
# Seats are relative to the observer (0 = itself, 1 = the next seat, 2 = the one before); a
# card count vector takes 4 cells a rank (cell ``4 r + k`` is 1 when rank ``r`` has more than
# ``k`` cards). The offsets are the same in ``_fast/shedding_step.pyx``.
DDZ_OBS_SIZE = 399
DDZ_OBS_HAND = 0            # 15 ranks x 4
DDZ_OBS_PLAYED = 60         # 3 relative seats x 60: the cards each seat played
DDZ_OBS_TABLE = 240         # the play to beat
DDZ_OBS_TABLE_SEAT = 300    # its seat
DDZ_OBS_BOTTOM = 303        # the bottom cards once the auction is over
DDZ_OBS_LANDLORD = 363
DDZ_OBS_TO_ACT = 366
DDZ_OBS_BID = 369           # the highest bid 0..3, one-hot
DDZ_OBS_BIDDER = 373
DDZ_OBS_AUCTION = 376       # 3 relative seats x 5: each seat's last word (none, pass, 1, 2, 3)
DDZ_OBS_CARDS_LEFT = 391    # cards in each hand / 20
DDZ_OBS_PHASE = 394         # bidding, playing, over
DDZ_OBS_PASSES = 397        # passes on the table / 2
DDZ_OBS_BOMBS = 398         # bombs and rockets played / 4
ZSY_OBS_SIZE = 281
ZSY_OBS_HAND = 0            # 13 ranks x 4
ZSY_OBS_PLAYED = 52         # 3 relative seats x 52
ZSY_OBS_TABLE = 208
ZSY_OBS_TABLE_SEAT = 260
ZSY_OBS_TO_ACT = 263
ZSY_OBS_CARDS_LEFT = 266    # cards in each hand / 16
ZSY_OBS_HAS_PLAYED = 269
ZSY_OBS_OPENING = 272
ZSY_OBS_PENDING = 273       # the seat of the bomb bonus to settle
ZSY_OBS_BONUS = 276         # settled bonuses / 20
ZSY_OBS_PASSES = 279
ZSY_OBS_OVER = 280
#: the observation's length (``OBS_SIZE[game]``)
OBS_SIZE = (DDZ_OBS_SIZE, ZSY_OBS_SIZE)
#: the observation's parts in order, ``(name, first cell)`` each (``OBS_PARTS[game]``): a part
#: ends where the next one starts, the last at ``OBS_SIZE[game]``
OBS_PARTS = (
    (("hand", DDZ_OBS_HAND), ("played", DDZ_OBS_PLAYED), ("table", DDZ_OBS_TABLE),
     ("table_seat", DDZ_OBS_TABLE_SEAT), ("bottom", DDZ_OBS_BOTTOM),
     ("landlord", DDZ_OBS_LANDLORD), ("to_act", DDZ_OBS_TO_ACT), ("bid", DDZ_OBS_BID),
     ("bidder", DDZ_OBS_BIDDER), ("auction", DDZ_OBS_AUCTION),
     ("cards_left", DDZ_OBS_CARDS_LEFT), ("phase", DDZ_OBS_PHASE), ("passes", DDZ_OBS_PASSES),
     ("bombs", DDZ_OBS_BOMBS)),
    (("hand", ZSY_OBS_HAND), ("played", ZSY_OBS_PLAYED), ("table", ZSY_OBS_TABLE),
     ("table_seat", ZSY_OBS_TABLE_SEAT), ("to_act", ZSY_OBS_TO_ACT),
     ("cards_left", ZSY_OBS_CARDS_LEFT), ("has_played", ZSY_OBS_HAS_PLAYED),
     ("opening", ZSY_OBS_OPENING), ("pending_bomb", ZSY_OBS_PENDING), ("bonus", ZSY_OBS_BONUS),
     ("passes", ZSY_OBS_PASSES), ("over", ZSY_OBS_OVER)),
)
_OBS_RANKS = (15, 13)
#: where each game's observation holds the cards: the hand, the cards played (a block of
#: ``4 * _OBS_RANKS[game]`` a relative seat), the play to beat, its seat
_OBS_CARDS = ((DDZ_OBS_HAND, DDZ_OBS_PLAYED, DDZ_OBS_TABLE, DDZ_OBS_TABLE_SEAT),
              (ZSY_OBS_HAND, ZSY_OBS_PLAYED, ZSY_OBS_TABLE, ZSY_OBS_TABLE_SEAT))


def _is_play(game: int, i: int) -> bool:
    if game == 0:
        return S.DDZ_FIRST <= i < S.DDZ_NUM_ACTIONS
    return S.ZSY_FIRST <= i < S.ZSY_NUM_ACTIONS


def _cards(m: int) -> list[int]:
    return sort_cards(c for c in range(54) if m >> c & 1)


def _shuffled(deck: list[int], state: int) -> int:
    """Shuffle ``deck`` in place as ``cardcore.rng.Rng(state).shuffle`` does; the new state."""
    rng = Rng(state)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return rng.state


def _thermo(out, off: int, m: int, nranks: int) -> None:
    # the card count vector of the mask ``m`` at ``out[off:off + 4 * nranks]``
    counts = S._mask_counts(m)
    for r in range(nranks):
        for k in range(counts[r]):
            out[off + 4 * r + k] = 1.0


def _hands_arg(hands, old: list[int], played_mask) -> list[int]:
    # the masks of ``with_hands``'s ``hands`` (checked against the hands ``old``)
    if not isinstance(hands, (list, tuple)) or len(hands) != 3:
        raise CardcoreError(f"hands {quote(hands)}: expected a list of 3 entries, one a seat "
                            "(None or card ids)")
    allowed = old[0] | old[1] | old[2]
    played = played_mask(0) | played_mask(1) | played_mask(2)
    masks, seen = [], 0
    for seat in range(3):
        h = hands[seat]
        if h is None:
            m = old[seat]
        else:
            if isinstance(h, (str, bytes)):
                raise CardcoreError(f"hands: seat {seat}: {quote(h)} is not a list of card ids")
            try:
                cs = list(h)
            except TypeError:
                raise CardcoreError(f"hands: seat {seat}: {quote(h)} is not a list of card "
                                    "ids") from None
            n = bin(old[seat]).count("1")
            if len(cs) != n:
                raise CardcoreError(f"hands: seat {seat} holds {n} cards, got {len(cs)}")
            m = 0
            for v in cs:
                c = int_arg(v, "hands", 0, 53, CardcoreError)
                if m >> c & 1:
                    raise CardcoreError(f"hands: card id {c} twice")
                if played >> c & 1:
                    raise CardcoreError(f"hands: card id {c} was played")
                if not allowed >> c & 1:
                    raise CardcoreError(f"hands: card id {c} is not in the hands")
                m |= 1 << c
        if seen & m:
            c = ((seen & m) & -(seen & m)).bit_length() - 1
            raise CardcoreError(f"hands: card id {c} twice")
        seen |= m
        masks.append(m)
    return masks


class Core(CoreBase):
    """One deal of Dou Dizhu (``game`` 0) or Zheng Shangyou (``game`` 1) on the one core
    contract (see the module docstring).

    ``Core(game, cards, first, rng_state=0)``: ``cards`` the dealt cards (Dou Dizhu: 54, seats
    0, 1, 2 take 17 each in turn and the last 3 are the bottom; Zheng Shangyou: the 48 of its
    deck, 16 a seat); ``first`` the seat that bids first in Dou Dizhu, ``None`` in Zheng
    Shangyou (the holder of the 3 of hearts leads); ``rng_state`` the SplitMix64 state the
    Dou Dizhu redeals draw from.

    ``returns()``: the deal's scores as ``state.scores()`` gives them. Dou Dizhu: the stake is
    the bid times the multiplier (``ddz_deal_scores``): each farmer wins or loses it, the
    landlord twice it. Zheng Shangyou (``zsy_deal_scores``): each seat's settled bomb bonuses,
    minus each loser's penalty (``zsy_penalty``), the winner collecting all the penalties."""

    def __init__(self, game, cards, first, rng_state=0) -> None:
        self._ready = False
        g = int_arg(game, "game", 0, 1, CardcoreError)
        nd = _NDEALT[g]
        cs = _list_arg(cards, "cards", nd, f"{nd} card ids", CardcoreError)
        deck, seen = [], 0
        for k in range(nd):
            c = int_arg(cs[k], "cards", 0, 53, CardcoreError)
            if g == 1 and c not in _ZSY_DECK:
                raise CardcoreError(f"cards: card id {c} is not in the Zheng Shangyou deck")
            if seen >> c & 1:
                raise CardcoreError(f"cards: card id {c} twice")
            seen |= 1 << c
            deck.append(c)
        if g == 0:
            f = int_arg(first, "first", 0, 2, CardError)
        elif first is not None:
            raise CardcoreError(f"first {quote(first)}: Zheng Shangyou takes None (the holder "
                                "of the 3 of hearts leads)")
        else:
            f = 0
        self.rng_state = int_arg(rng_state, "rng_state", 0, _U64, CardcoreError)
        self.game = g
        self.first = f
        self.redeals = 0
        self.num_players = 3
        self.num_distinct_actions = NUM_ACTIONS[g]
        self.observation_shape = (OBS_SIZE[g],)
        self._deal(deck)
        self._ready = True

    def _deal(self, deck: list[int]) -> None:
        # a fresh deal of the cards ``deck`` (checked), the auction or the play to start
        g, nh = self.game, _NHAND[self.game]
        self.hand_m = [0, 0, 0]
        self.bottom_m = 0
        self.dealt = list(deck)
        for k, c in enumerate(deck):
            if k < 3 * nh:
                self.hand_m[k // nh] |= 1 << c
            else:
                self.bottom_m |= 1 << c
        if g == 0:
            self.phase = BIDDING
        else:
            for seat in range(3):
                if self.hand_m[seat] >> S._THREE_HEARTS & 1:
                    self.first = seat
            self.phase = PLAYING
        self.opening = g == 1
        self.turn = self.first
        self.bid = self.bid_passes = self.bombs = self.spring = self.passes = 0
        self.bidder_ = self.landlord_ = self.winner_ = self.pending_ = -1
        self.table_ = -1
        self.bonus_ = [0, 0, 0]
        self.bomb_seats: list[int] = []
        self.played_: list[list[int]] = [[], [], []]
        self.num_plays_ = [0, 0, 0]
        self.ev: list[tuple[int, int]] = []      # (seat, id) of every action
        self.nauction = 0
        self.play_ev: list[int] = []
        self.play_mask: list[int] = []

    # ------------------------------------------------------------ the contract's hooks
    def _table_row(self):
        if self.table_ < 0:
            return None
        return _row(self.game, self.ev[self.play_ev[self.table_]][1])

    def _player(self):
        return None if self.phase == OVER else self.turn

    def _over(self) -> bool:
        return self.phase == OVER

    def _legal(self) -> list[int]:
        if self.phase == BIDDING:
            return [0] + list(range(self.bid + 1, 4))
        if self.phase != PLAYING:
            return []
        hand = _cards(self.hand_m[self.turn])
        t = self._table_row()
        key = None if t is None else (t[0], t[1], t[2])
        if self.game == 0:
            ids = S.ddz_hand_ids(hand, key).tolist()
            return ids if key is None else [0] + ids
        if key is None:
            return S.zsy_hand_ids(hand, None, bool(self.opening)).tolist()
        return S.zsy_hand_ids(hand, key).tolist() or [0]

    def _is_legal(self, i: int) -> bool:
        if self.phase == BIDDING:
            return i == 0 or self.bid < i <= 3
        if self.phase != PLAYING:
            return False
        t = self._table_row()
        key = None if t is None else (t[0], t[1], t[2])
        m = self.hand_m[self.turn]
        if i == 0:
            if self.game == 0 or key is None:
                return key is not None
            return not S.zsy_hand_ids(_cards(m), key).size
        if not _is_play(self.game, i):
            return False
        row = _row(self.game, i)
        if any(x > y for x, y in zip(row[3:], S._mask_counts(m))):
            return False
        if self.game == 0:
            return key is None or S.ddz_beats(row[:3], key)
        if key is not None:
            return S.zsy_beats(row[:3], key)
        if self.opening:
            return bool(m >> S._THREE_HEARTS & 1) and row[3] > 0 and row[0] != S.Z_BOMB
        return row[0] != S.Z_HEAVENLY_BOMB

    def _apply(self, i: int) -> None:
        pick, order = 0, []
        if self.phase == PLAYING and i != 0:
            row = _row(self.game, i)
            pick = S._pick(self.hand_m[self.turn], row[3:], self.game)
            order = S._order(pick, self.game, row[0], row[1], row[2])
        self._step(i, pick, order)

    def _returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0, 0.0]
        w = self.winner_
        if self.game == 0:
            return list(_ddz_scores(self.landlord_, w,
                                    self.bid * _multiplier(self.bombs, self.spring != _NO_SPRING)))
        pen = [0 if s == w else _penalty(S._mask_counts(self.hand_m[s]), self.num_plays_[s] > 0)
               for s in range(3)]
        return list(_zsy_scores(w, pen, self.bonus_))

    def _observe(self, seat: int, out) -> None:
        # the cards, alike in both games: the hand, the cards each seat played (from ``seat``
        # on), the play to beat and its seat; then the game's own entries
        nr = _OBS_RANKS[self.game]
        hand, played, table, table_seat = _OBS_CARDS[self.game]
        _thermo(out, hand, self.hand_m[seat], nr)
        for r in range(3):
            _thermo(out, played + 4 * nr * r, self._played_mask((seat + r) % 3), nr)
        if self.table_ >= 0:
            _thermo(out, table, self.play_mask[self.table_], nr)
            out[table_seat + (self.ev[self.play_ev[self.table_]][0] - seat) % 3] = 1.0
        if self.game == 0:
            self._observe_ddz(seat, out)
        else:
            self._observe_zsy(seat, out)

    def _observe_ddz(self, p: int, out) -> None:
        if self.phase != BIDDING:
            _thermo(out, DDZ_OBS_BOTTOM, self.bottom_m, _OBS_RANKS[0])
        if self.landlord_ >= 0:
            out[DDZ_OBS_LANDLORD + (self.landlord_ - p) % 3] = 1.0
        if self.phase != OVER:
            out[DDZ_OBS_TO_ACT + (self.turn - p) % 3] = 1.0
        out[DDZ_OBS_BID + self.bid] = 1.0
        if self.bidder_ >= 0:
            out[DDZ_OBS_BIDDER + (self.bidder_ - p) % 3] = 1.0
        for seat, level in self.ev[max(0, self.nauction - 3):self.nauction]:
            # the last word of each seat (three words back cover the three seats)
            out[DDZ_OBS_AUCTION + 5 * ((seat - p) % 3) + 1 + level] = 1.0
        for r in range(3):
            out[DDZ_OBS_CARDS_LEFT + r] = bin(self.hand_m[(p + r) % 3]).count("1") / 20.0
        out[DDZ_OBS_PHASE + self.phase] = 1.0
        out[DDZ_OBS_PASSES] = self.passes / 2.0
        out[DDZ_OBS_BOMBS] = self.bombs / 4.0

    def _observe_zsy(self, p: int, out) -> None:
        if self.phase != OVER:
            out[ZSY_OBS_TO_ACT + (self.turn - p) % 3] = 1.0
        for r in range(3):
            s = (p + r) % 3
            out[ZSY_OBS_CARDS_LEFT + r] = bin(self.hand_m[s]).count("1") / 16.0
            out[ZSY_OBS_HAS_PLAYED + r] = 1.0 if self.num_plays_[s] else 0.0
            out[ZSY_OBS_BONUS + r] = self.bonus_[s] / 20.0
        out[ZSY_OBS_OPENING] = 1.0 if self.opening else 0.0
        if self.pending_ >= 0:
            out[ZSY_OBS_PENDING + (self.pending_ - p) % 3] = 1.0
        out[ZSY_OBS_PASSES] = self.passes / 2.0
        out[ZSY_OBS_OVER] = 1.0 if self.phase == OVER else 0.0

    def _played_mask(self, seat: int) -> int:
        m = 0
        for c in self.played_[seat]:
            m |= 1 << c
        return m

    # ------------------------------------------------------------ playing given cards
    def apply_cards(self, i, cards) -> None:
        """Make the legal id ``i`` as ``apply(i)`` does, a play taking from the hand the
        exact ``cards`` given (card ids of the play's ranks, any suits, in the order played;
        ``apply(i)`` takes the lowest ids of each rank, the 3 of hearts first among Zheng
        Shangyou's 3s). A pass or a bid takes no cards (``cards`` empty). An id that is not
        legal raises ``IllegalAction``, cards that are not the play's ``CardcoreError``; either
        changes nothing."""
        _live(self)
        x = action_id(i)
        if self._over():
            raise IllegalAction(f"action id {quote(i)}: the deal is over")
        if not self._is_legal(x):
            raise IllegalAction(f"action id {quote(i)}: not legal now")
        cs = _seq_arg(cards, "cards", "card ids", CardcoreError)
        if len(cs) > 20:
            raise CardcoreError(f"cards {quote(cards)}: not the cards of the play")
        pick, order = 0, []
        hand = self.hand_m[self.turn]
        for v in cs:
            c = int_arg(v, "cards", 0, 53, CardcoreError)
            if not hand >> c & 1 or pick >> c & 1:
                raise CardcoreError(f"cards: card id {c} is not in the hand")
            pick |= 1 << c
            order.append(c)
        if self.phase != PLAYING or x == 0:
            if cs:
                raise CardcoreError(f"cards {quote(cards)}: a pass or a bid takes no cards")
        elif S._mask_counts(pick) != list(_row(self.game, x)[3:]):
            raise CardcoreError(f"cards {quote(cards)}: not the cards of action id {x}")
        self._step(x, pick, order)

    # ------------------------------------------------------------ the step
    def _settle(self) -> None:
        b = self.pending_
        if b < 0:
            return
        for k in range(3):
            self.bonus_[k] += _share(b, k)
        self.bomb_seats.append(b)
        self.pending_ = -1

    def _start_play(self) -> None:
        self.landlord_ = self.bidder_
        self.hand_m[self.landlord_] |= self.bottom_m
        self.phase = PLAYING
        self.turn = self.landlord_
        self.table_ = -1
        self.passes = 0

    def _redeal(self) -> None:
        # three passes and no bid: the 54 cards shuffled anew from the core's generator, the
        # same first bidder
        deck = list(range(54))
        self.rng_state = _shuffled(deck, self.rng_state)
        self._deal(deck)
        self.redeals += 1

    def _step(self, i: int, pick: int, order: list[int]) -> None:
        seat = self.turn
        nxt = (seat + 1) % 3
        self.ev.append((seat, i))
        if self.phase == BIDDING:
            self.nauction += 1
            if i == 0:
                self.bid_passes += 1
                if self.bidder_ < 0 and self.bid_passes == 3:
                    self._redeal()
                    return
                if self.bidder_ >= 0 and self.bid_passes == 2:
                    self._start_play()
                    return
            else:
                self.bid = i
                self.bidder_ = seat
                self.bid_passes = 0
                if i == 3:
                    self._start_play()
                    return
            self.turn = nxt
            return
        if i == 0:
            self.turn = nxt
            if self.passes == 1:          # the round ends; the last player leads
                if self.game == 1:
                    self._settle()
                self.table_ = -1
                self.passes = 0
            else:
                self.passes += 1
            return
        row = _row(self.game, i)
        answering = self.table_ >= 0
        self.hand_m[seat] &= ~pick
        self.played_[seat].extend(order)
        self.num_plays_[seat] += 1
        self.play_ev.append(len(self.ev) - 1)
        self.play_mask.append(pick)
        self.table_ = len(self.play_mask) - 1
        self.passes = 0
        if self.game == 0:
            if row[0] in _DDZ_BOMBS:
                self.bombs += 1
            if not self.hand_m[seat]:
                self.spring = _spring(self.landlord_, seat, self.num_plays_)
                self.winner_ = seat
                self.phase = OVER
                return
        else:
            self.opening = False
            if _claims(row[0], answering):
                self.pending_ = seat          # a beaten earlier bomb loses its claim
            if not self.hand_m[seat]:
                if self.pending_ == seat:
                    self._settle()
                self.winner_ = seat
                self.phase = OVER
                return
        self.turn = nxt

    def _kind_text(self, i: int) -> tuple[str, str]:
        row = _row(self.game, i)
        if self.game == 0:
            return DDZ_KINDS[row[0]], S.ddz_id_text(i)
        return ZSY_KINDS[row[0]], S.zsy_id_text(i)

    def last_entry(self):
        """The log entry ``[seat, kind, text, cards, amount, data]`` of the last action applied
        (after a redeal: the third pass, by the seat before the first bidder; ``None`` before
        any action)."""
        _live(self)
        if not self.ev:
            if self.redeals:
                return [(self.first + 2) % 3, "pass", "pass", [], None, []]
            return None
        seat, i = self.ev[-1]
        if i == 0:
            return [seat, "pass", "pass", [], None, []]
        if len(self.ev) <= self.nauction:
            return [seat, "bid", _BID_TEXT[i], [], i, []]
        n = bin(self.play_mask[-1]).count("1")
        kind, text = self._kind_text(i)
        return [seat, kind, text, self.played_[seat][len(self.played_[seat]) - n:], None, []]

    # ------------------------------------------------------------ accessors
    bidder: int | None = field("bidder_", seat_or_none)
    landlord: int | None = field("landlord_", seat_or_none)

    @property
    def multiplier(self) -> int:
        _live(self)
        return _multiplier(self.bombs, self.spring != _NO_SPRING)

    winner: int | None = field("winner_", seat_or_none)
    pending_bomb: int | None = field("pending_", seat_or_none)
    nplays: int = field("play_mask", len)

    def hand(self, seat) -> list[int]:
        _live(self)
        return _cards(self.hand_m[int_arg(seat, "seat", 0, 2, CardError)])

    hands: Callable[[], list[list[int]]] = reader("hand_m", each(_cards))

    def hand_sizes(self) -> list[int]:
        _live(self)
        return [bin(m).count("1") for m in self.hand_m]

    bottom: Callable[[], list[int]] = reader("bottom_m", _cards)
    played: Callable[[], list[list[int]]] = reader("played_", each(list))
    num_plays: Callable[[], list[int]] = reader("num_plays_", list)
    bonus: Callable[[], list[int]] = reader("bonus_", list)

    def bomb_log(self) -> list[list[int]]:
        _live(self)
        return [[b, BOMB_BONUS] for b in self.bomb_seats]

    def bid_log(self) -> list[list[int]]:
        _live(self)
        return [[s, i] for s, i in self.ev[:self.nauction]]

    def _play(self, k: int) -> list:
        seat, i = self.ev[self.play_ev[k]]
        kind, text = self._kind_text(i)
        return [seat, kind, text, _cards(self.play_mask[k])]

    def plays(self) -> list[list]:
        _live(self)
        return [self._play(k) for k in range(len(self.play_mask))]

    def passes_on(self) -> list[list[int]]:
        _live(self)
        out, n = [], 0
        for seat, i in self.ev[self.nauction:]:
            if i == 0:
                out.append([seat, n - 1])
            else:
                n += 1
        return out

    def table(self):
        _live(self)
        if self.table_ < 0:
            return None
        rec = self._play(self.table_)
        i = self.ev[self.play_ev[self.table_]][1]
        if self.game == 0:
            row = _row(0, i)
            return rec + [row[1], row[2], i]
        return rec + [i]

    def table_id(self) -> int:
        _live(self)
        return 0 if self.table_ < 0 else self.ev[self.play_ev[self.table_]][1]

    def history(self) -> list[int]:
        _live(self)
        return [i for _, i in self.ev]

    # ------------------------------------------------------------ copying
    def copy(self) -> Core:
        _live(self)
        new = object.__new__(type(self))
        new.__dict__.update({k: (list(v) if type(v) is list else v)
                             for k, v in self.__dict__.items()})
        new.played_ = [list(p) for p in self.played_]
        return new

    def with_hands(self, hands) -> Core:
        """A copy of this deal with other cards in the hands: ``hands`` gives 3 entries, one a
        seat, each ``None`` (the seat keeps its hand) or the card ids the seat holds instead.
        Everything else is kept (the auction, the plays, the table, the turn, bombs and
        bonuses, the bottom, the generator); the copy's dealt cards (its ``export``) become
        each seat's new hand and the cards it played. The new hands must hold the same cards
        as the old ones between them, each seat as many as before: no card twice, none that
        was played or is outside the hands; in Dou Dizhu the bottom cards the landlord has not
        played stay in the landlord's hand, in Zheng Shangyou's opening the 3 of hearts stays
        with the seat to lead. Anything else raises ``CardcoreError`` (this deal unchanged).
        The hands need not agree with the passes: a Zheng Shangyou copy whose new hands could
        have answered a play some seat passed on plays on, but its ``export`` does not replay
        (``from_export`` refuses the pass), so it does not pickle."""
        _live(self)
        masks = _hands_arg(hands, self.hand_m, self._played_mask)
        if self.landlord_ >= 0:
            keep = self.bottom_m & ~self._played_mask(self.landlord_)
            if keep & ~masks[self.landlord_]:
                raise CardcoreError("hands: the bottom cards the landlord has not played stay "
                                    f"in seat {self.landlord_}'s hand")
        if self.game == 1 and self.opening:
            if not masks[self.first] >> S._THREE_HEARTS & 1:
                raise CardcoreError("hands: the 3 of hearts stays with the seat to lead "
                                    f"(seat {self.first}) until the opening play")
        new = self.copy()
        new.hand_m = masks
        nh = _NHAND[self.game]
        dealt = list(self.dealt)
        for seat in range(3):
            m = masks[seat] | self._played_mask(seat)
            if seat == self.landlord_:
                m &= ~self.bottom_m
            dealt[seat * nh:(seat + 1) * nh] = [c for c in range(54) if m >> c & 1]
        new.dealt = dealt
        return new

    def export(self) -> list[int]:
        """The deal as a list of ints: ``game``, ``first`` (-1 in Zheng Shangyou), the
        generator state, the redeals so far, the cards as dealt, the number of actions, then
        per action its id, its number of cards and its cards in the order played."""
        _live(self)
        out = [self.game, self.first if self.game == 0 else -1, self.rng_state, self.redeals,
               *self.dealt, len(self.ev)]
        taken = [0, 0, 0]
        np = 0
        for k, (seat, i) in enumerate(self.ev):
            out.append(i)
            if k >= self.nauction and i != 0:
                n = bin(self.play_mask[np]).count("1")
                np += 1
                out.append(n)
                out += self.played_[seat][taken[seat]:taken[seat] + n]
                taken[seat] += n
            else:
                out.append(0)
        return out


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (the deal rebuilt, its actions replayed:
    anything that is no such list raises ``CardcoreError``)."""
    v, _ = export_fields(values, _EXPORT_HEAD)
    g = int_arg(v[0], "values: game", 0, 1, CardcoreError)
    nd = _NDEALT[g]
    head = 4
    if len(v) < head + nd + 1:
        raise CardcoreError(f"values: expected at least {head + nd + 1} ints, got {len(v)}")
    first = int_arg(v[1], "values: first", -1 if g else 0, -1 if g else 2, CardcoreError)
    rng = int_arg(v[2], "values: rng_state", 0, _U64, CardcoreError)
    redeals = int_arg(v[3], "values: redeals", 0, 0 if g else _MAX_REDEALS, CardcoreError)
    core = Core(g, v[head:head + nd], None if first < 0 else first, rng)
    core.redeals = redeals
    n = int_arg(v[head + nd], "values: actions", 0, MAX_EVENTS, CardcoreError)
    p = head + nd + 1
    for _ in range(n):
        if p + 2 > len(v):
            raise CardcoreError("values: the actions end early")
        i = v[p]
        k = int_arg(v[p + 1], "values: cards of an action", 0, 20, CardcoreError)
        if p + 2 + k > len(v):
            raise CardcoreError("values: the actions end early")
        cards = v[p + 2:p + 2 + k]
        p += 2 + k
        if type(i) is not int or core._over() or not core._is_legal(i):
            raise CardcoreError(f"values: action id {quote(i)} is not legal where it stands")
        if core.phase == PLAYING and i != 0 and not k:
            raise CardcoreError(f"values: action id {i}: a play without its cards")
        try:
            core.apply_cards(i, cards)
        except IllegalAction as exc:
            raise CardcoreError(f"values: {exc}") from None
        if core.redeals != redeals:
            raise CardcoreError("values: the actions end in a redeal (an export starts after "
                                "it)")
    if p != len(v):
        raise CardcoreError(f"values: {len(v) - p} ints after the actions")
    return core


def from_seed(seed, game="doudizhu", first=None) -> Core:
    """The deal ``cardcore.new_game(game, seed=seed).core`` starts with: the cards shuffled by
    the SplitMix64 generator of state ``seed`` (Dou Dizhu: the 54 ids, then the first bidder
    drawn, unless ``first`` gives it; Zheng Shangyou: the 48 ids of its deck, ascending; no
    ``first``), the generator carried on for the redeals. ``game``: ``"doudizhu"`` or
    ``"zhengshangyou"``."""
    s = int_arg(seed, "seed", 0, _U64, CardcoreError)
    if type(game) is not str or game not in GAMES:
        raise CardcoreError(f"game {quote(game)}: expected 'doudizhu' or 'zhengshangyou'")
    g = GAMES.index(game)
    if g == 0:
        f = None if first is None else int_arg(first, "first", 0, 2, CardcoreError)
        deck = list(range(54))
    else:
        if first is not None:
            raise CardcoreError(f"first {quote(first)}: Zheng Shangyou takes None (the holder "
                                "of the 3 of hearts leads)")
        f = None
        deck = sorted(_ZSY_DECK)
    s = _shuffled(deck, s)
    if g == 0 and f is None:
        rng = Rng(s)
        f = rng.below(3)
        s = rng.state
    return Core(g, deck, f, s)
