"""The step of the shedding games (Dou Dizhu, Zheng Shangyou) on integer action ids,
plain-Python reference twin of ``cardcore._fast.shedding_step``.

The state is the game state's attribute dict (``state.__dict__``): JSON-native values the
game keeps (``hands`` as lists of card ids, ``table``, ``plays``, ``log``, ...); the functions
read it and apply an action id to it in place, exactly as the game's ``apply`` of the same
action would (the log entry included), so the game's Python code and these functions keep one
state. Action ids are those of ``cardcore._fast.shedding`` (Dou Dizhu: 0 pass, 1..3 bids,
plays from ``DDZ_FIRST``; Zheng Shangyou: 0 pass, plays from ``ZSY_FIRST``).

Dou Dizhu keys: ``phase`` ("bid" / "play" / "over"), ``turn``, ``hands``, ``bottom``, ``bid``,
``bidder``, ``bid_passes``, ``bid_log``, ``landlord``, ``multiplier``, ``table`` (``None`` or
``[seat, kind, text, cards, rank, length, id]``), ``passes``, ``played``, ``num_plays``,
``plays``, ``passes_on``, ``bombs``, ``spring``, ``reverse_spring``, ``winner_seat``, ``log``.

Zheng Shangyou keys: ``over``, ``turn``, ``hands``, ``opening``, ``table`` (``None`` or
``[seat, kind, text, cards, id]``), ``passes``, ``played``, ``num_plays``, ``plays``,
``passes_on``, ``pending_bomb``, ``bonus``, ``bomb_log``, ``winner_seat``, ``log``.

``*_apply(d, i, cards=None)``: with ``cards=None`` the play's cards are taken from the hand
(the lowest ids of each rank, the 3 of hearts first among Zheng Shangyou's 3s) and the log entry
``[seat, kind, text, cards, amount, data]`` is appended; with ``cards`` (the exact cards of an
already validated action) they are played and the log is left to the caller. ``ddz_apply``
returns 1 when three passes ended the auction without a bid (the caller redeals), else 0.
The id is not checked (``*_id_is_legal`` does that).

The scoring rules the step applies are written here once (twins of the C functions declared in
``_fast/shedding_step.pxd``) and exported for the games' states and the AI: Zheng Shangyou's
bomb bonus (``BOMB_BONUS``, ``ZSY_BONUS_KINDS``, ``zsy_claims_bonus``, ``zsy_bonus_share``,
``zsy_settle_bonus``) and Dou Dizhu's spring and multiplier (``ddz_spring``, ``ddz_multiplier``).
"""

from __future__ import annotations

from cardcore.errors import CardcoreError, CardError, flag_arg, int_arg, quote

from . import shedding as S

DDZ_KINDS = S.DDZ_KINDS
ZSY_KINDS = S.ZSY_KINDS
_DDZ_BOMBS = (S.D_BOMB, S.D_ROCKET)
#: Zheng Shangyou's bomb bonus: the bomber wins it, each opponent pays half of it
BOMB_BONUS = 20


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


def _row(game: int, i: int) -> tuple:
    rows = S._tables(game)[0]
    return rows[i - (S.DDZ_FIRST if game == 0 else S.ZSY_FIRST)]


def _rank(c: int) -> int:
    return c - 39 if c >= 52 else ((c >> 2) + 12) % 13


def sort_cards(cards) -> list[int]:
    """Card ids in the shedding games' order: by rank (3 .. A, 2, BJ, RJ), then by id."""
    out = []
    for c in cards:
        x = S._index(c)
        if x is None or not 0 <= x <= 53:
            raise CardcoreError(f"cards: {quote(c)} is not a card id 0..53")
        out.append(x)
    return sorted(out, key=lambda c: (_rank(c), c))


def _hand_mask(hand, game: int) -> int:
    """The card mask of a hand kept by the state (a list of distinct card ids)."""
    if type(hand) is not list:
        raise CardcoreError(f"state: hand {quote(hand)} is not a list of card ids")
    m = 0
    for o in hand:
        if not isinstance(o, int) or isinstance(o, bool) or not 0 <= o <= 53:
            raise CardcoreError(f"state: {quote(o)} in a hand is not a card id")
        if m >> o & 1:
            raise CardcoreError(f"state: card id {o} twice in a hand")
        m |= 1 << o
    return m


def _take(d: dict, seat: int, game: int, i: int, cards) -> list[int]:
    """Remove the play's cards from the seat's hand (in place); the cards in play order."""
    hand = d["hands"][seat]
    if cards is None:
        row = _row(game, i)
        picked = S._pick(_hand_mask(hand, game), row[3:], game)
        chosen = S._order(picked, game, row[0], row[1], row[2])
    else:
        chosen = [int(c) for c in cards]
    gone = set(chosen)
    hand[:] = [c for c in hand if c not in gone]
    return chosen


# ------------------------------------------------------------------ Dou Dizhu

def _ddz_key(d: dict):
    t = d["table"]
    if t is None:
        return None
    r = _row(0, t[6])
    return (r[0], r[1], r[2])


def ddz_legal_ids(d: dict) -> list[int]:
    """The legal action ids of the seat to act, ascending (empty once over)."""
    phase = d["phase"]
    if phase == "bid":
        return [0] + list(range(d["bid"] + 1, 4))
    if phase != "play":
        return []
    hand = d["hands"][d["turn"]]
    _hand_mask(hand, 0)
    key = _ddz_key(d)
    ids = S.ddz_hand_ids(hand, key).tolist()
    return ids if key is None else [0] + ids


def ddz_id_is_legal(d: dict, i) -> bool:
    """Whether action id ``i`` (an int) is legal for the seat to act (``False`` for anything
    that is not an int)."""
    if type(i) is not int:
        return False
    phase = d["phase"]
    if phase == "bid":
        return i == 0 or d["bid"] < i <= 3
    if phase != "play":
        return False
    key = _ddz_key(d)
    if i == 0:
        return key is not None
    if not S.DDZ_FIRST <= i < S.DDZ_NUM_ACTIONS:
        return False
    row = _row(0, i)
    have = S._mask_counts(_hand_mask(d["hands"][d["turn"]], 0))
    if any(x > y for x, y in zip(row[3:], have)):
        return False
    return key is None or S.ddz_beats(row[:3], key)


def ddz_step(d: dict, i) -> int:
    """Apply action id ``i`` with the log entry if it is an int and legal for the seat to act
    (0, or 1 when the auction ended without a bid: the caller redeals); -1 (the state left as
    it was) for anything else."""
    if type(i) is not int or d["phase"] == "over" or not ddz_id_is_legal(d, i):
        return -1
    return ddz_apply(d, i, None)


def _ddz_start_play(d: dict) -> None:
    landlord = d["bidder"]
    d["landlord"] = landlord
    d["hands"][landlord] = sort_cards(d["hands"][landlord] + d["bottom"])
    d["phase"] = "play"
    d["turn"] = landlord
    d["table"] = None
    d["passes"] = 0


def ddz_apply(d: dict, i: int, cards=None) -> int:
    """Apply action id ``i`` for the seat to act (see the module docstring): an int id of the
    game (``CardcoreError`` otherwise), whose legality the caller checked."""
    i = int_arg(i, "action id", 0, S.DDZ_NUM_ACTIONS - 1, CardcoreError)
    seat = d["turn"]
    log = cards is None
    nxt = (seat + 1) % 3
    if d["phase"] == "bid":
        if i == 0:
            d["bid_log"].append([seat, 0])
            if log:
                d["log"].append([seat, "pass", "pass", [], None, []])
            d["bid_passes"] += 1
            if d["bidder"] is None and d["bid_passes"] == 3:
                return 1
            if d["bidder"] is not None and d["bid_passes"] == 2:
                _ddz_start_play(d)
                return 0
        else:
            d["bid_log"].append([seat, i])
            if log:
                d["log"].append([seat, "bid", f"bid {i}", [], i, []])
            d["bid"] = i
            d["bidder"] = seat
            d["bid_passes"] = 0
            if i == 3:
                _ddz_start_play(d)
                return 0
        d["turn"] = nxt
        return 0
    if i == 0:
        d["passes_on"].append([seat, len(d["plays"]) - 1])
        if log:
            d["log"].append([seat, "pass", "pass", [], None, []])
        d["passes"] += 1
        d["turn"] = nxt
        if d["passes"] == 2:
            d["table"] = None
            d["passes"] = 0
        return 0
    row = _row(0, i)
    kind = DDZ_KINDS[row[0]]
    text = S.ddz_id_text(i)
    chosen = _take(d, seat, 0, i, cards)
    d["played"][seat].extend(chosen)
    d["num_plays"][seat] += 1
    rec = [seat, kind, text, sort_cards(chosen)]
    d["plays"].append(rec)
    d["table"] = rec + [row[1], row[2], i]
    d["passes"] = 0
    if row[0] in _DDZ_BOMBS:
        d["bombs"] += 1
        d["multiplier"] = _multiplier(d["bombs"], False)
    if log:
        d["log"].append([seat, kind, text, list(chosen), None, []])
    if not d["hands"][seat]:
        landlord = d["landlord"]
        d["winner_seat"] = seat
        d["phase"] = "over"
        how = _spring(landlord, seat, d["num_plays"])
        d["spring"] = how == 1
        d["reverse_spring"] = how == 2
        d["multiplier"] = _multiplier(d["bombs"], how != 0)
        return 0
    d["turn"] = nxt
    return 0


# ------------------------------------------------------------------ Zheng Shangyou

def _zsy_key(d: dict):
    t = d["table"]
    if t is None:
        return None
    r = _row(1, t[4])
    return (r[0], r[1], r[2])


def zsy_legal_ids(d: dict) -> list[int]:
    """The legal action ids of the seat to act, ascending (empty once over); ``[0]`` (pass)
    only when the seat cannot beat the table."""
    if d["over"]:
        return []
    hand = d["hands"][d["turn"]]
    _hand_mask(hand, 1)
    key = _zsy_key(d)
    if key is None:
        return S.zsy_hand_ids(hand, None, bool(d["opening"])).tolist()
    return S.zsy_hand_ids(hand, key).tolist() or [0]


def zsy_id_is_legal(d: dict, i) -> bool:
    """Whether action id ``i`` (an int) is legal for the seat to act (``False`` for anything
    that is not an int)."""
    if type(i) is not int:
        return False
    if d["over"]:
        return False
    key = _zsy_key(d)
    hand = d["hands"][d["turn"]]
    _hand_mask(hand, 1)
    if i == 0:
        return key is not None and not S.zsy_hand_ids(hand, key).size
    if not S.ZSY_FIRST <= i < S.ZSY_NUM_ACTIONS:
        return False
    row = _row(1, i)
    m = _hand_mask(hand, 1)
    if any(x > y for x, y in zip(row[3:], S._mask_counts(m))):
        return False
    if key is not None:
        return S.zsy_beats(row[:3], key)
    if d["opening"]:
        return bool(m >> S._THREE_HEARTS & 1) and row[3] > 0 and row[0] != S.Z_BOMB
    return row[0] != S.Z_HEAVENLY_BOMB


def zsy_step(d: dict, i) -> int:
    """Apply action id ``i`` with the log entry if it is an int and legal for the seat to act
    (0); -1 (the state left as it was) for anything else."""
    if type(i) is not int or d["over"] or not zsy_id_is_legal(d, i):
        return -1
    return zsy_apply(d, i, None)


def _zsy_settle(d: dict) -> None:
    b = d["pending_bomb"]
    if b is None:
        return
    zsy_settle_bonus(d["bonus"], b)
    d["bomb_log"].append([b, BOMB_BONUS])
    d["pending_bomb"] = None


def zsy_apply(d: dict, i: int, cards=None) -> int:
    """Apply action id ``i`` for the seat to act (see the module docstring): an int id of the
    game (``CardcoreError`` otherwise), whose legality the caller checked; returns 0."""
    i = int_arg(i, "action id", 0, S.ZSY_NUM_ACTIONS - 1, CardcoreError)
    seat = d["turn"]
    log = cards is None
    nxt = (seat + 1) % 3
    if i == 0:
        d["passes_on"].append([seat, len(d["plays"]) - 1])
        if log:
            d["log"].append([seat, "pass", "pass", [], None, []])
        d["passes"] += 1
        d["turn"] = nxt
        if d["passes"] == 2:        # the round ends; the last player leads
            _zsy_settle(d)
            d["table"] = None
            d["passes"] = 0
        return 0
    row = _row(1, i)
    kind = ZSY_KINDS[row[0]]
    text = S.zsy_id_text(i)
    answering = d["table"] is not None
    chosen = _take(d, seat, 1, i, cards)
    d["played"][seat].extend(chosen)
    d["num_plays"][seat] += 1
    rec = [seat, kind, text, sort_cards(chosen)]
    d["plays"].append(rec)
    d["table"] = rec + [i]
    d["passes"] = 0
    d["opening"] = False
    if _claims(row[0], answering):
        d["pending_bomb"] = seat          # a beaten earlier bomb loses its claim
    if log:
        d["log"].append([seat, kind, text, list(chosen), None, []])
    if not d["hands"][seat]:
        if d["pending_bomb"] == seat:
            _zsy_settle(d)
        d["winner_seat"] = seat
        d["over"] = True
        return 0
    d["turn"] = nxt
    return 0


# ------------------------------------------------------------------ bound as state methods
#
# A game state binds these as its methods (``legal_ids = ddz_state_legal_ids``); the step reads
# and updates the state's attribute dict. Anything that is not a legal int id goes to the
# state's ``_apply_id_checked(i)`` (the base class's checked path, which converts numpy ints or
# raises ``IllegalAction``); a Dou Dizhu auction without a bid calls ``state._redeal()``. (The
# legal-action memo of the base class is keyed on the log length, which every step advances.)

def ddz_state_legal_ids(state) -> list[int]:
    """The legal action ids of a Dou Dizhu state, ascending (``state.legal_ids()``)."""
    return ddz_legal_ids(state.__dict__)


def ddz_state_apply_id(state, i) -> None:
    """Apply action id ``i`` to a Dou Dizhu state (``state.apply_id(i)``)."""
    r = ddz_step(state.__dict__, i)
    if r < 0:
        state._apply_id_checked(i)
    elif r:
        state._redeal()


def ddz_state_current_player(state):
    """The seat to act in a Dou Dizhu state, or ``None`` once over."""
    d = state.__dict__
    return None if d["phase"] == "over" else d["turn"]


def zsy_state_legal_ids(state) -> list[int]:
    """The legal action ids of a Zheng Shangyou state, ascending (``state.legal_ids()``)."""
    return zsy_legal_ids(state.__dict__)


def zsy_state_apply_id(state, i) -> None:
    """Apply action id ``i`` to a Zheng Shangyou state (``state.apply_id(i)``)."""
    if zsy_step(state.__dict__, i) < 0:
        state._apply_id_checked(i)


def zsy_state_current_player(state):
    """The seat to act in a Zheng Shangyou state, or ``None`` once over."""
    d = state.__dict__
    return None if d["over"] else d["turn"]
