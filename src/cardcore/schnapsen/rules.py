"""Schnapsen's rules of a deal, written once on plain values (card ids, seats, counts).

The game (``cardcore.schnapsen.state``) plays by them, and so does the AI's search
(``cardcore.agents.schnapsen``, ``cardcore.agents.rdeep``), which keeps its own compact worlds
built from what its seat may see. Rules: ``docs/rules/schnapsen.md``.

A card id is ``rank * 4 + suit`` (``cardcore.cards``); the Vienna deck holds the ranks
T, J, Q, K, A (ids 32..51). Seats are 0 and 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engines import tricks

#: the points that win a deal
TARGET = 66
#: card points by rank index (T=8, J=9, Q=10, K=11, A=12); also the order of strength
POINTS = {8: 10, 9: 2, 10: 3, 11: 4, 12: 11}
JACK, QUEEN, KING = 9, 10, 11
#: the card points of each card id (0 for cards outside the Vienna deck)
CARD_POINTS = [POINTS.get(c >> 2, 0) for c in range(52)]


def card_points(card: int) -> int:
    """Card points of ``card``: A 11, T 10, K 4, Q 3, J 2."""
    return POINTS[card >> 2]


def _strength(card: int) -> int:
    return POINTS[card >> 2]


def beats(lead: int, follow: int, trump: int) -> bool:
    """True when ``follow`` wins the trick over ``lead`` with trump suit ``trump``."""
    return tricks.beats(follow, lead, trump, strength=_strength)


#: ``FOLLOW_WINS[trump][lead * 52 + follow]``: ``beats(lead, follow, trump)`` for every pair
#: of Vienna cards, asked once (the game and the search ask it at every trick)
FOLLOW_WINS = [[False] * (52 * 52) for _ in range(4)]
for _t in range(4):
    for _l in range(32, 52):
        for _f in range(32, 52):
            FOLLOW_WINS[_t][_l * 52 + _f] = beats(_l, _f, _t)
del _t, _l, _f


def trick_winner(leader: int, lead: int, follow: int, trump: int) -> int:
    """The seat that wins the trick ``leader`` led with ``lead`` and the other seat followed
    with ``follow``."""
    return 1 - leader if FOLLOW_WINS[trump][lead * 52 + follow] else leader


def strict(closed: bool, stock_size: int) -> bool:
    """Whether the strict rules hold: once the stock is closed or exhausted (then no card is
    drawn either)."""
    return closed or not stock_size


def strict_follows(hand: Sequence[int], lead: int, trump: int) -> list[int]:
    """The cards of ``hand`` legal on ``lead`` under the strict rules (follow suit and head
    the trick where possible, else trump, else any card), in the hand's order."""
    return tricks.legal_follows(hand, [lead], trump, must_trump=True, must_head=True,
                                strength=_strength)


def may_close(closed: bool, stock_size: int) -> bool:
    """Whether the seat on lead may close the stock (before leading): while it is open and
    holds two cards or more."""
    return not closed and stock_size >= 2


def trump_jack(trump: int) -> int:
    """The card the exchange takes from the hand: the Jack of trumps."""
    return JACK * 4 + trump


def may_exchange(closed: bool, stock_size: int, hand: Sequence[int], trump: int) -> bool:
    """Whether the seat on lead holding ``hand`` may exchange the trump Jack for the trump card
    (before leading): while the stock is open and holds three cards or more."""
    return not closed and stock_size >= 3 and trump_jack(trump) in hand


def marriage_partner(card: int) -> int | None:
    """The other card of ``card``'s marriage (the Queen of a King, the King of a Queen), or
    ``None`` for a card of another rank."""
    r = card >> 2
    if r == KING:
        return QUEEN * 4 + (card & 3)
    if r == QUEEN:
        return KING * 4 + (card & 3)
    return None


def may_marry(card: int, hand: Sequence[int], announced: int) -> bool:
    """Whether ``card`` may be led announcing a marriage from ``hand``: a K or Q whose partner
    is in the hand, of a suit not announced yet (``announced``: a bit mask of suits)."""
    partner = marriage_partner(card)
    return partner is not None and not (announced >> (card & 3)) & 1 and partner in hand


def marriage_points(suit: int, trump: int) -> int:
    """A marriage (K and Q of one suit) announced: 40 in trumps, else 20."""
    return 40 if suit == trump else 20


def announce(points: int, pending: int, tricks_won: int, amount: int) -> tuple[int, int]:
    """A seat with ``points``, ``pending`` marriage points and ``tricks_won`` tricks announces a
    marriage worth ``amount``: its ``(points, pending)`` after. The points count at once once
    the seat has won a trick; before that they wait for its first trick."""
    if tricks_won:
        return points + amount, pending
    return points, pending + amount


def take_trick(points: int, pending: int, tricks_won: int, lead: int,
               follow: int) -> tuple[int, int, int]:
    """The seat with ``points``, ``pending`` and ``tricks_won`` wins the trick of ``lead`` and
    ``follow``: its ``(points, pending, tricks_won)`` after (its first trick makes its pending
    marriages count)."""
    if not tricks_won:
        points += pending
        pending = 0
    return points + CARD_POINTS[lead] + CARD_POINTS[follow], pending, tricks_won + 1


def last_trick_winner(trick_winner: int, closer: int | None) -> int:
    """The deal's winner when the hands run out with nobody at ``TARGET``: the last trick's
    winner, or when the stock was closed the closer's opponent (the closer failed)."""
    return trick_winner if closer is None else 1 - closer


def game_points(loser_points: int, loser_has_trick: bool) -> int:
    """The 1/2/3 scale by the loser's points and whether they won a trick."""
    if not loser_has_trick:
        return 3
    return 1 if loser_points >= 33 else 2


def deal_game_points(winner: int, closer: int | None, close_points: int, close_tricks: int,
                     last_trick: bool, loser_points: int, loser_tricks: int) -> int:
    """The game points ``winner`` wins the deal for. ``closer``: the seat that closed the stock
    (``None``: not closed), ``close_points`` and ``close_tricks`` its opponent's points and
    tricks when it closed; ``last_trick``: the deal ended by its last trick (nobody at
    ``TARGET``); ``loser_points``, ``loser_tricks``: the loser's at the end.

    A successful closer scores on the 1/2/3 scale with its opponent's points and tricks at the
    close; a failing closer gives 2, or 3 if the opponent had no trick at the close. Not
    closed: the last trick wins 1, else the 1/2/3 scale by the loser's points and tricks."""
    if closer is not None:
        if winner == closer:
            return game_points(close_points, close_tricks > 0)
        return 2 if close_tricks > 0 else 3
    if last_trick:
        return 1
    return game_points(loser_points, loser_tricks > 0)


__all__ = ["TARGET", "POINTS", "JACK", "QUEEN", "KING", "CARD_POINTS", "FOLLOW_WINS",
           "card_points", "beats", "trick_winner", "strict", "strict_follows", "may_close",
           "trump_jack", "may_exchange", "marriage_partner", "may_marry", "marriage_points",
           "announce", "take_trick", "last_trick_winner", "game_points", "deal_game_points"]
