"""The one sampler of unseen cards that every agent uses to imagine the hidden hands.

``deal_unseen(unseen, sizes, rng, allowed=...)`` deals the cards a seat cannot see among the
hands (or piles) it cannot see, each of a known size, subject to what the seat has learnt
(a suit a player showed out of, a card that cannot be in a hand). Without constraints it is a
shuffle and a cut, so its draws are the same as a plain ``rng.shuffle``.

>>> from cardcore.rng import Rng
>>> deal_unseen([1, 2, 3, 4, 5], {0: 2, 1: 3}, Rng(7))
{0: [5, 2], 1: [4, 1, 3]}
>>> deal_unseen([0, 4, 1, 5], {0: 2, 1: 2}, Rng(7), allowed=lambda s, c: (c & 3) == s)
{0: [4, 0], 1: [1, 5]}
>>> deal_unseen([0, 1, 4, 5], {0: 2, 1: 2}, Rng(3), caps={0: [1, 2], 1: [2, 2]},
...             key=lambda c: c >> 2)
{0: [5, 1], 1: [4, 0]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..errors import CardcoreError
from ..rng import Rng

Allowed = Callable[[int, int], bool]


def deal_unseen(unseen: Sequence[int], sizes: Mapping[int, int], rng: Rng, *,
                allowed: Allowed | None = None, caps: Mapping[int, Sequence[int]] | None = None,
                key: Callable[[int], int] | None = None, tries: int = 1,
                fallback: bool = False) -> dict[int, list[int]] | None:
    """Deal ``unseen`` to the holders in ``sizes`` (holder -> number of cards; any cards left
    over are not dealt).

    Without constraints: shuffle, then cut in ascending holder order.

    With ``allowed(holder, card)``: cards that only one holder may take go there first, every
    other card to an allowed holder with room (or left over), chosen in proportion to the room
    left, so every consistent layout can come out.

    With ``caps`` and ``key``: holder ``h`` takes at most ``caps[h][key(card)]`` cards of each
    class (e.g. "at most one more 7": what a pass showed). The cards are shuffled, then dealt
    in that order, each to a holder with room and under its cap, in proportion to the room
    left.

    An attempt can run into a dead end; up to ``tries`` attempts are made (each reshuffles the
    previous order), and ``None`` says none met the constraints, or, with ``fallback``, the
    cards are dealt without constraints.
    """
    need = sum(sizes.values())
    if need > len(unseen) or any(n < 0 for n in sizes.values()):
        raise CardcoreError(f"deal_unseen: sizes {dict(sizes)} do not fit {len(unseen)} "
                            "unseen cards")
    holders = sorted(sizes)
    if caps is not None:
        if key is None:
            raise CardcoreError("deal_unseen: caps= needs key= (the class of a card)")
        cards = list(unseen)
        for _ in range(max(1, tries)):
            rng.shuffle(cards)
            dealt = _deal_capped(cards, sizes, holders, rng, caps, key)
            if dealt is not None:
                return dealt
        return deal_unseen(cards, sizes, rng) if fallback else None
    if allowed is None:
        pool = list(unseen)
        rng.shuffle(pool)
        out, i = {}, 0
        for h in holders:
            out[h] = pool[i:i + sizes[h]]
            i += sizes[h]
        return out
    for _ in range(max(1, tries)):
        dealt = _deal_constrained(unseen, sizes, holders, rng, allowed)
        if dealt is not None:
            return dealt
    return None


def _deal_capped(cards: list[int], sizes: Mapping[int, int], holders: list[int], rng: Rng,
                 caps: Mapping[int, Sequence[int]], key: Callable[[int], int]
                 ) -> dict[int, list[int]] | None:
    left = {h: sizes[h] for h in holders}
    taken: dict[int, dict[int, int]] = {h: {} for h in holders}
    out: dict[int, list[int]] = {h: [] for h in holders}
    room = sum(left.values())
    for c in cards:
        if room == 0:
            break
        k = key(c)
        fits = [h for h in holders if left[h] and taken[h].get(k, 0) < caps[h][k]]
        if not fits:
            return None
        h = fits[0]
        if len(fits) > 1:
            x = rng.below(sum(left[f] for f in fits))
            for h in fits:
                if x < left[h]:
                    break
                x -= left[h]
        taken[h][k] = taken[h].get(k, 0) + 1
        left[h] -= 1
        room -= 1
        out[h].append(c)
    return out


def _deal_constrained(unseen: Sequence[int], sizes: Mapping[int, int], holders: list[int],
                      rng: Rng, allowed: Allowed) -> dict[int, list[int]] | None:
    cards = list(unseen)
    rng.shuffle(cards)
    room = {h: sizes[h] for h in holders}
    out: dict[int, list[int]] = {h: [] for h in holders}
    spare = len(cards) - sum(room.values())  # cards that may stay undealt
    flexible = []
    for c in cards:
        ok = [h for h in holders if room[h] > 0 and allowed(h, c)]
        if len(ok) == 1 and spare == 0:
            out[ok[0]].append(c)
            room[ok[0]] -= 1
        elif not ok:
            if spare == 0:
                return None
            spare -= 1
        else:
            flexible.append((c, ok))
    for c, ok in flexible:
        ok = [h for h in ok if room[h] > 0]
        total = sum(room[h] for h in ok) + spare
        if total == 0:
            return None
        x = rng.below(total)
        for h in ok:
            if x < room[h]:
                out[h].append(c)
                room[h] -= 1
                break
            x -= room[h]
        else:
            spare -= 1
    if any(room.values()):
        return None
    return out


__all__ = ["deal_unseen"]
