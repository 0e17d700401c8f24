"""The burying and the play phase of Tractor on integer action ids, plain-Python reference twin
of ``cardcore._fast.tractor_step``.

The state is the game state's attribute dict (``state.__dict__``): the JSON-native values the
game keeps. The keys read and written here:

``phase`` (``"bury"`` and ``"play"`` are handled), ``turn`` (the seat to act), ``hands`` (per
seat, a list of card ids, ascending), ``trump`` (0..3 c d h s, 4 no-trump), ``level`` (0..12),
``trick`` (the trick in progress, ``[[seat, cards], ...]``, the lead first), ``picked`` (the
cards a follower has played so far to a multi-card lead), ``leader``, ``dealer``, ``points``
(card points won by the attackers), ``played`` (every card of this deal's finished tricks, in
play order), ``tricks`` (``{"leader", "plays", "winner", "points"}`` per finished trick),
``buried`` (the cards the dealer buried so far) and ``log`` (one entry
``[seat, kind, text, cards, amount, data]`` per action).

Action ids (``docs/actions/tractor.md``): 11..64 bury card ``id - 11``; in the play phase
65..118 one card (``id - 65``: a single lead, or the next card of a follow), 119..172 the lead
of the pair of card ``id - 119``, 173.. the lead of tractor ``id - 173`` of the kernel's table.

``legal_ids(d)``: the legal ids when burying (the distinct cards of the hand) or in the play
phase, ascending; ``None`` in the declaration or once over.

``step(d, i)``: apply id ``i`` in place when it is legal, exactly as the game's ``apply`` of
the same action (its text, its cards in the listed order, the log entry): a buried card leaves
the hand for ``buried``, and the eighth starts the play (``phase``, the dealer leads); in the
play phase the card leaves the hand; a lead starts the trick (its leader) and passes the turn;
a follow card joins ``picked`` until the follower has as many cards as the lead, then the
sorted cards join the trick; the fourth answer completes the trick: the winner (the kernel's
``trick_winner``), its card points (to the attackers when they win it), ``played``, the trick's
record, a new empty trick, and the winner leads. The legal-actions memo (``_legal_memo``) is
dropped. Returns 0, or 1 when a completed trick leaves the deal's cards all played (the game
then ends the deal), or -1 when nothing was done (another phase, or ``i`` no legal id).
"""

from __future__ import annotations

from cardcore.errors import CardcoreError, quote

from . import tractor as K

ID_PLAY = K.PLAY_ID
ID_PAIR = K.PAIR_ID
ID_TRACTOR = K.TRACTOR_ID
_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"]
_POINTS = K.CARD_POINTS
_MEMO = "_legal_memo"


def _seat(x) -> int:
    """A seat the state keeps (0..3)."""
    if type(x) is not int or not 0 <= x <= 3:
        raise CardcoreError(f"state: {quote(x)} where a seat 0..3 is kept")
    return x


def _ctx(d: dict) -> tuple[int, int]:
    t, lv = d["trump"], d["level"]
    if type(t) is not int or type(lv) is not int or not 0 <= t <= 4 or not 0 <= lv <= 12:
        raise CardcoreError(f"state: trump {quote(t)} / level {quote(lv)}")
    return t, lv


def _list(x) -> list:
    if type(x) is not list:
        raise CardcoreError(f"state: {quote(x)} where a list is kept")
    return x


def _cards(cards) -> list[int]:
    if type(cards) is not list:
        raise CardcoreError(f"state: {quote(cards)} is not a list of card ids")
    seen: dict[int, int] = {}
    for c in cards:
        if type(c) is not int or not 0 <= c <= 53:
            raise CardcoreError(f"state: {quote(c)} is not a card id")
        seen[c] = seen.get(c, 0) + 1
        if seen[c] > 2:
            raise CardcoreError(f"state: card id {c} more than twice")
    return cards


def _legal_ids(d: dict) -> list[int] | None:
    """The legal ids when burying or in the play phase (ascending), else ``None``."""
    if d["phase"] == "bury":
        return sorted({K.BURY_ID + c for c in _cards(d["hands"][_seat(d["turn"])])})
    if d["phase"] != "play":
        return None
    t, lv = _ctx(d)
    hand = _cards(d["hands"][_seat(d["turn"])])
    trick = _list(d["trick"])
    if trick:
        return K.follow_ids(hand, _cards(trick[0][1]), _cards(d["picked"]), t, lv)
    return K.lead_ids(hand, t, lv)


def _finish(d: dict, trick: list, t: int, lv: int) -> int:
    plays = [p[1] for p in trick]
    w = _seat(trick[K.trick_winner(plays, t, lv)][0])
    pts = 0
    for p in plays:
        pts += sum(_POINTS[c] for c in p)
        d["played"].extend(p)
    if (w & 1) != (_seat(d["dealer"]) & 1):
        d["points"] = d["points"] + pts
    d["tricks"].append({"leader": trick[0][0], "plays": trick, "winner": w, "points": pts})
    d["trick"] = []
    d["leader"] = w
    d["turn"] = w
    return 0 if d["hands"][w] else 1


def _bury(d: dict, i: int) -> int:
    if not K.BURY_ID <= i < ID_PLAY:
        return -1
    seat = _seat(d["turn"])
    hand = _cards(d["hands"][seat])
    c = i - K.BURY_ID
    if c not in hand:
        return -1
    buried = _list(d["buried"])
    hand.remove(c)
    buried.append(c)
    if len(buried) == 8:
        d["phase"] = "play"
        d["leader"] = d["turn"] = _seat(d["dealer"])
    _list(d["log"]).append([seat, "bury", f"bury {_NAMES[c]}", [c], None, []])
    d.pop(_MEMO, None)
    return 0


def _step(d: dict, i) -> int:
    """Apply play-phase id ``i`` if it is legal: 0 done, 1 done and the deal's cards are all
    played, -1 nothing done."""
    if type(i) is not int:
        return -1
    if d["phase"] == "bury":
        return _bury(d, i)
    if d["phase"] != "play" or not ID_PLAY <= i < K.NUM_ACTIONS:
        return -1
    t, lv = _ctx(d)
    seat = _seat(d["turn"])
    hand = _cards(d["hands"][seat])
    trick = _list(d["trick"])
    lead = trick[0][1] if trick else None
    if not K.play_ok(hand, lead, _cards(d["picked"]), t, lv, i):
        return -1
    if trick:
        c = i - ID_PLAY
        hand.remove(c)
        picked = d["picked"]
        picked.append(c)
        d["log"].append([seat, "play", _NAMES[c], [c], None, []])
        d.pop(_MEMO, None)
        if len(picked) < len(trick[0][1]):
            return 0
        trick.append([seat, sorted(picked)])
        d["picked"] = []
        if len(trick) < 4:
            d["turn"] = (seat + 1) % 4
            return 0
        return _finish(d, trick, t, lv)
    strength = K.table(t, lv)[1]
    cards = sorted(K.play_cards(i), key=lambda c: (strength[c], c))
    for c in cards:
        hand.remove(c)
    d["leader"] = seat
    trick.append([seat, cards])
    d["turn"] = (seat + 1) % 4
    d["log"].append([seat, "play", " ".join(_NAMES[c] for c in cards), list(cards), None, []])
    d.pop(_MEMO, None)
    return 0


_BAD = (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError)


def legal_ids(d) -> list[int] | None:
    """The legal ids when burying or in the play phase, ascending, else ``None``."""
    if type(d) is not dict:
        raise CardcoreError(f"state: {quote(d)} is not a game state's attribute dict")
    try:
        return _legal_ids(d)
    except CardcoreError:
        raise
    except _BAD as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None


def step(d, i) -> int:
    """Apply id ``i`` (a burial, or an id of the play phase) if it is legal: 0 done, 1 done and
    the deal's cards are all played, -1 nothing done."""
    if type(d) is not dict:
        raise CardcoreError(f"state: {quote(d)} is not a game state's attribute dict")
    try:
        return _step(d, i)
    except CardcoreError:
        raise
    except _BAD as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None


__all__ = ["legal_ids", "step"]
