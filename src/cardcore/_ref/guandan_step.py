"""The play phase of Guandan on integer action ids, plain-Python reference twin of
``cardcore._fast.guandan_step``.

The state is the game state's attribute dict (``state.__dict__``): the JSON-native values the
game keeps. The keys read and written here:

``phase`` (only ``"play"`` is handled), ``turn`` (the seat to act), ``level`` (the deal's level
index 0..12), ``hands`` (per seat, a list of card ids), ``table`` (``None`` when the seat to
act leads, else ``[seat, kind, text, cards, key]`` of the play to beat, ``key`` its
``[kind, rank, length]``), ``passes`` (passes since that play), ``passes_on`` (``[seat, index
in plays]`` per pass: the seat and the play it passed on), ``plays`` (``[seat, kind, text,
cards]`` per play), ``played`` (per seat, the cards it played this deal), ``places`` (the seats
out, in order) and ``log`` (one entry ``[seat, kind, text, cards, amount, data]`` per action).

Action ids (``docs/actions/guandan.md``) of the play phase: 0 pass, plays from 55 (the guandan
kernel's table of plays).

``legal_ids(d)``: the kernel's ``hand_ids`` of the seat to act (pass first when a play is on
the table); ``None`` in another phase.
``step(d, i, texts)``: apply id ``i`` in place when it is legal in the play phase, exactly as
the game's ``apply`` of the same action: a pass counts, and when every other seat still in
has passed the table clears and the last player leads again (its partner when it is out, else
the next seat in); a play takes its cards from the hand (the kernel's ``take``), goes on the
table with the text ``texts[i]`` and its key, joins ``plays`` and ``played``, resets the passes;
a seat whose hand is empty goes out; the turn passes to the next seat still in. The legal-actions
memo (``_legal_memo``) is dropped. Returns 0, 1 when the third seat went out (the fourth is
added to ``places`` and the game ends the deal), or -1 when nothing was done.
"""

from __future__ import annotations

from cardcore.errors import CardcoreError, quote

from . import guandan as K

FIRST_PLAY = K.FIRST_PLAY
_MEMO = "_legal_memo"


def _seat(x) -> int:
    """A seat the state keeps (0..3)."""
    if type(x) is not int or not 0 <= x <= 3:
        raise CardcoreError(f"state: {quote(x)} where a seat 0..3 is kept")
    return x


def _level(d: dict) -> int:
    lv = d["level"]
    if type(lv) is not int or not 0 <= lv <= 12:
        raise CardcoreError(f"state: level {quote(lv)} is not 0..12")
    return lv


def _hand(hand) -> list[int]:
    if type(hand) is not list:
        raise CardcoreError(f"state: hand {quote(hand)} is not a list of card ids")
    for c in hand:
        if type(c) is not int or not 0 <= c <= 53 or hand.count(c) > 2:
            raise CardcoreError(f"state: {quote(c)} in a hand is not a card id held at most "
                                "twice")
    return hand


def _beat(table) -> list[int] | None:
    if table is None:
        return None
    key = table[4]
    if (len(key) != 3 or any(type(x) is not int for x in key) or not 0 <= key[0] <= 9
            or not 0 <= key[1] <= 15 or not 1 <= key[2] <= 10):
        raise CardcoreError(f"state: table key {quote(key)}")
    return key


def _legal_ids(d: dict) -> list[int] | None:
    """The legal ids in the play phase, ascending (pass first on a table), else ``None``."""
    if d["phase"] != "play":
        return None
    beat = _beat(d["table"])
    return K.hand_ids(_hand(d["hands"][_seat(d["turn"])]), _level(d), beat)


def _next_active(seat: int, places: list[int]) -> int:
    s = (seat + 1) % 4
    for _ in range(4):
        if s not in places:
            return s
        s = (s + 1) % 4
    raise CardcoreError(f"state: places {quote(places)}: no seat is still in")


def _step(d: dict, i, texts: list[str]) -> int:
    """Apply play-phase id ``i`` if it is legal: 0 done, 1 done and the third seat went out,
    -1 nothing done."""
    if type(i) is not int or d["phase"] != "play":
        return -1
    if not 0 <= i < K.NUM_ACTIONS or 0 < i < FIRST_PLAY:
        return -1
    table = d["table"]
    seat = _seat(d["turn"])
    places = d["places"]
    if type(places) is not list:
        raise CardcoreError(f"state: {quote(places)} where a list is kept")
    if len(texts) != K.NUM_ACTIONS:
        raise CardcoreError(f"texts: {len(texts)} texts, not {K.NUM_ACTIONS}")
    if i == 0:
        if table is None:
            return -1
        passes = d["passes"]
        if type(passes) is not int or not 0 <= passes <= 99:
            raise CardcoreError(f"state: {quote(passes)} where a count is kept")
        d["passes"] = passes + 1
        d["passes_on"].append([seat, len(d["plays"]) - 1])
        last = _seat(table[0])
        others = 4 - len(places) - (0 if last in places else 1)
        if d["passes"] >= others:
            d["table"] = None
            d["passes"] = 0
            if last not in places:
                turn = last
            elif (last + 2) % 4 not in places:
                turn = (last + 2) % 4
            else:
                turn = _next_active(last, places)
        else:
            turn = _next_active(seat, places)
        d["turn"] = turn
        d["log"].append([seat, "pass", "pass", [], None, []])
        d.pop(_MEMO, None)
        return 0
    hand = _hand(d["hands"][seat])
    lv = _level(d)
    if not K.id_ok(hand, lv, _beat(table), i):
        return -1
    cards, key = K.take(hand, lv, i)
    kind, text = K.KINDS[key[0]], texts[i]
    for c in cards:
        hand.remove(c)
    d["table"] = [seat, kind, text, cards, key]
    d["plays"].append([seat, kind, text, cards])
    d["played"][seat].extend(cards)
    d["passes"] = 0
    d["log"].append([seat, kind, text, list(cards), None, list(key)])
    d.pop(_MEMO, None)
    if not hand:
        places.append(seat)
        if len(places) == 3:
            places.append(next(s for s in range(4) if s not in places))
            return 1
    d["turn"] = _next_active(seat, places)
    return 0


_BAD = (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError)


def legal_ids(d) -> list[int] | None:
    """The legal ids in the play phase, ascending (pass first on a table), else ``None``."""
    if type(d) is not dict:
        raise CardcoreError(f"state: {quote(d)} is not a game state's attribute dict")
    try:
        return _legal_ids(d)
    except CardcoreError:
        raise
    except _BAD as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None


def step(d, i, texts) -> int:
    """Apply play-phase id ``i`` if it is legal: 0 done, 1 done and the third seat went out,
    -1 nothing done."""
    if type(d) is not dict or type(texts) is not list:
        raise CardcoreError(f"state: {quote(d)} is not a game state's attribute dict")
    try:
        return _step(d, i, texts)
    except CardcoreError:
        raise
    except _BAD as e:
        raise CardcoreError(f"state: malformed ({type(e).__name__})") from None


__all__ = ["legal_ids", "step"]
