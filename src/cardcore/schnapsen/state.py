"""Schnapsen: two players, the 20-card Vienna deck, a seven-point match.

Rules: ``docs/rules/schnapsen.md``. Cards A, T, K, Q, J of each suit, order and card points
A 11 > T 10 > K 4 > Q 3 > J 2. Each deal: five cards each, the trump card face up at the bottom
of a ten-card stock. While the stock is open there is no duty to follow; once it is closed or
exhausted the strict rules apply (follow and beat, else follow lower, else trump, else any).
The first to 66 points (tricks plus marriages that count) wins the deal for 1, 2 or 3 game
points, taken off the winner's match count (7 down to 0). ``single_deal=True`` plays one deal.

Actions (texts are case-insensitive; a ten is written ``T`` or ``10``):

* ``Kh`` -- play a card (also ``play Kh``); kind ``"play"``;
* ``marry Kh`` / ``marry Qh`` -- lead that card announcing the marriage of its suit
  (aliases ``marriage Kh``, ``Kh marriage``); kind ``"marry"``, ``amount`` 20 or 40. Leading
  the K or Q without announcing stays legal (the plain card text);
* ``exchange`` -- swap the trump Jack for the trump card; kind ``"exchange"``;
* ``close`` -- close the stock; kind ``"close"``.

Decisions (the rules page's and this module's), each pinned by a test:

* Seat 1 deals the first deal, so seat 0 leads it; the dealer alternates; the non-dealer leads.
* ``deck=`` stacks the first deal: seat 0's five cards, seat 1's five, then the stock from the
  top, its last card the trump card. Later deals are shuffled with the game's generator.
* Exchange: only by the player on lead, before leading, while the stock is open and holds at
  least 3 cards (so at 4 or more: the stock size is always even). Allowed before the first
  trick. Exchange and close may both be done before the same lead (exchange first).
* Closing: by the player on lead before leading, while the stock is open (2 or more cards);
  allowed before the first trick. The stock then stays out of play (the trump card is known).
* Points: a player's points are the card points of the tricks they won plus their marriages
  that count. A marriage announced before its announcer's first trick is pending and counts
  when that player wins a trick; if they never do it never counts.
* A marriage whose points count and bring the announcer to 66 ends the deal at once, before
  the announced card is played. A trick's winner is checked for 66 after the trick.
* Game points: loser with 33 or more points -> 1; loser with a trick but fewer than 33 -> 2;
  loser without a trick -> 3. A successful closer scores on that scale with the opponent's
  points and tricks recorded at the moment of closing; a failing closer (the opponent reaches
  66 first, or the last trick is played with the closer below 66) gives the opponent 2, or 3 if
  the opponent had won no trick at the moment of closing.
* Not closed and nobody at 66 after the last trick: its winner wins the deal for 1 game point.
* Scores: with ``single_deal=True`` the game points of the deal (+g for the winner, -g for the
  loser); for a match +1 for the match winner and -1 for the loser.
* Observation: a player sees their hand, the trump card (public, also once closed), the stock
  size, every finished trick (both players saw them), the marriages announced and the cards
  publicly known to be in the opponent's hand (the card taken by an exchange, the partner of an
  announced marriage, the trump card taken at the last draw), never the rest of the opponent's
  hand or the stock order. Card points are shown for the observing player only (the rest can
  be counted from the public tricks).

Integer actions (``docs/actions/schnapsen.md``; 30 ids with every option): ``0..19`` play card
``32 + id`` (Tc Td Th Ts Jc ... As, the card-id order), ``20..27`` marry Qc Qd Qh Qs Kc Kd Kh Ks
(the card ``20 + id``), ``28`` exchange, ``29`` close. ``observation_tensor`` is a flat vector
of 213 floats, laid out on that page.

The play of the current deal is its step core, ``state.core`` (the kernel ``schnapsen_step``,
where the rules of a deal are written once; ``rules`` re-exports them): the ids, the legal mask,
the observation tensor and everything about the deal below are read from it, and its
``returns()`` is the deal's game points (+g for its winner, -g for the loser). The state keeps
the match: the deals played (``past``), the match's generator state, and it starts each next
deal's core (the other seat deals, the counts carried over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .._backend import kernel
from ..cards import RANKS, SUITS, Card, check_deck, deck_vienna20, parse
from ..errors import CardError, IllegalAction, OptionError, quote
from ..engines import match
from ..options import single_deal
from ..game import Action, CoreView, State, core_field, register
from .rules import (
    CARD_POINTS as _PTS, TARGET, beats, card_points, game_points, marriage_points, may_marry,
    strict_follows,
)

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import schnapsen_step as _k
else:
    _k = kernel("schnapsen_step")

MATCH_POINTS = _k.MATCH_POINTS
_NAME = [RANKS[c >> 2] + SUITS[c & 3] for c in range(52)]
#: the sort key of ``sort_hand``: suit, then strongest first
_SORT_KEY = [(c & 3) * 16 - _PTS[c] for c in range(52)]
#: the phases of a deal, by the core's ``phase``
_PHASES = ("lead", "follow", "over")

#: action ids (the core's)
N_ACTIONS = _k.NUM_ACTIONS
PLAY0, MARRY0, EXCHANGE, CLOSE = _k.PLAY0, _k.MARRY0, _k.EXCHANGE, _k.CLOSE
#: the length of ``observation_tensor`` (the core's)
OBS_SIZE = _k.OBS_SIZE
#: the listed ``Action`` of each play id and of each marriage id at 20 and 40 points
_PLAY = [Action("play", _NAME[c], cards=(Card(c),)) for c in range(32, 52)]
_MARRY = {(c, amt): Action("marry", f"marry {_NAME[c]}", cards=(Card(c),), amount=amt)
          for c in range(40, 48) for amt in (20, 40)}
_EXCHANGE = Action("exchange", "exchange")
_CLOSE = Action("close", "close")


def sort_hand(cards: list[int]) -> list[int]:
    """Cards grouped by suit (c, d, h, s), strongest first within a suit."""
    return sorted(cards, key=_SORT_KEY.__getitem__)


def _card(text: str) -> int | None:
    try:
        cs = parse(text)
    except CardError:
        return None
    return int(cs[0]) if len(cs) == 1 else None


def _describe(i: int) -> str:
    if i < MARRY0:
        return _NAME[i + 32]
    if i < EXCHANGE:
        return "marry " + _NAME[i + 20]
    return "exchange" if i == EXCHANGE else "close"


@register
class SchnapsenState(CoreView, State):
    """A seven-point match (or one deal): the match's bookkeeping (the deals played, who deals
    next) here, the play of the current deal in its core (``state.core``, the step kernel
    ``schnapsen_step``), which every view of the deal below reads."""

    GAME = "schnapsen"
    CORE = "schnapsen_step"
    core: _k.Core  # (``State.core``: this game's core type)
    NUM_PLAYERS = 2
    AI_AGENT = "cardcore.agents.schnapsen:SchnapsenAI"
    OPTIONS = {"single_deal": single_deal()}

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, single_deal: bool = False) -> None:
        if not isinstance(single_deal, bool):
            raise OptionError(f"option single_deal={single_deal!r}: expected True or False")
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck_vienna20(), "schnapsen")]
        else:
            cards = None
        self.single_deal: bool
        self.deal_no: int
        self.past: list[dict]
        match.start_match(self, single_deal=single_deal)
        self.match_winner: int | None = None
        # seat 1 deals the first deal
        self._start_deal(cards, 1, [MATCH_POINTS, MATCH_POINTS])

    def _start_deal(self, cards: list[int] | None, dealer: int, counts: list[int]) -> None:
        """The next deal's core: from ``cards`` (stacked), else shuffled from the match's
        generator state ``rng_state``, which then moves on to the core's ``rng``."""
        match.begin_deal(self)
        self._core = _k.Core(self.rng_state, cards, dealer, counts)
        self.rng_state = self._core.rng

    # ------------------------------------------------------------ the deal (the core's)
    @property
    def phase(self) -> str:
        """``"lead"``, ``"follow"`` or ``"over"`` (the deal's, which ends the match)."""
        return _PHASES[self._core.phase]

    dealer: Final[int] = core_field("dealer", "The seat that dealt this deal.")
    leader: Final[int] = core_field("leader", "The seat that leads the current trick.")
    hands: Final[list[list[int]]] = core_field(
        "hands", "Each seat's hand, ascending card ids (the views sort them with ``sort_hand``).")
    stock: Final[list[int]] = core_field(
        "stock", "The stock, top first; the last card is the trump card.")
    trump: Final[int] = core_field("trump", "The trump suit (0..3: c d h s).")
    trump_card: Final[int] = core_field("trump_card", "The card turned up for trumps.")

    @property
    def trick(self) -> list[list[int]]:
        """``[[seat, card]]`` led to the current trick, or ``[]``."""
        c = self._core.lead_card
        return [] if c is None else [[self._core.leader, c]]

    @property
    def tricks(self) -> list[dict]:
        """The finished tricks of this deal."""
        return [{"leader": ls, "cards": [lc, fc], "winner": w}
                for ls, lc, fc, w in self._core.tricks]

    points: Final[list[int]] = core_field("points", "Each seat's card and marriage points.")
    pending: Final[list[int]] = core_field(
        "pending", "Each seat's marriage points that count once it wins a trick.")
    tricks_won: Final[list[int]] = core_field("tricks_won", "The tricks each seat has won.")
    marriages: Final[list[list[int]]] = core_field(
        "marriages", "The suits each seat announced, in order.")
    known: Final[list[list[int]]] = core_field(
        "known", "The cards publicly known in each hand, ascending.")
    closed: Final[bool] = core_field("closed", "Whether a player closed the stock.")
    closer: Final[int | None] = core_field("closer",
                                           "The seat that closed the stock, or ``None``.")

    @property
    def close_record(self) -> dict | None:
        """The closer's opponent's points and tricks at closing (``None``: not closed)."""
        core = self._core
        return {"points": core.close_points, "tricks": core.close_tricks} if core.closed \
            else None

    counts: Final[list[int]] = core_field("counts", "The match counts, 7 down to 0.")

    @property
    def result(self) -> dict | None:
        """The deal's record once it is over (``None`` while it is played)."""
        core = self._core
        if not core.is_over:
            return None
        t = core.tricks
        return {"deal": self.deal_no, "winner": core.winner, "game_points": core.game_points,
                "reason": _k.REASONS[core.reason], "points": core.points,
                "tricks_won": core.tricks_won, "closer": core.closer,
                # the deal's last trick, for the views (its cards were played openly)
                "last_trick": ({"leader": t[-1][0], "cards": [t[-1][1], t[-1][2]],
                                "winner": t[-1][3]} if t else None)}

    strict: Final[bool] = core_field("strict", "True once the stock is closed or exhausted.")

    def can_exchange(self) -> bool:
        return self._core.phase == _k.LEAD and self._core.is_legal(EXCHANGE)

    def can_close(self) -> bool:
        return self._core.phase == _k.LEAD and self._core.is_legal(CLOSE)

    def marriage_cards(self, seat: int) -> list[int]:
        """The K and Q cards ``seat`` may lead announcing a marriage, in card-id order."""
        hand = self.hands[seat]
        announced = 0
        for s in self.marriages[seat]:
            announced |= 1 << s
        return [c for c in hand if may_marry(c, hand, announced)]

    # ------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Action]:
        """The legal ids as actions, in the game's listing order: exchange, close, then the
        hand by suit with each marriage after its card."""
        ids = self._core.legal_ids()
        legal = set(ids)
        out = []
        if EXCHANGE in legal:
            out.append(_EXCHANGE)
        if CLOSE in legal:
            out.append(_CLOSE)
        trump = self._core.trump
        for c in sort_hand([i + 32 for i in ids if i < MARRY0]):
            out.append(_PLAY[c - 32])
            if MARRY0 <= c - 20 < EXCHANGE and c - 20 in legal:
                out.append(_MARRY[c, marriage_points(c & 3, trump)])
        return out

    # ------------------------------------------------------------ integer actions
    def _id_of(self, action: Action) -> int:
        kind = action.kind
        if kind == "play":
            return int(action.cards[0]) - 32
        if kind == "marry":
            return int(action.cards[0]) - 20
        return EXCHANGE if kind == "exchange" else CLOSE

    def _action_of_id(self, i: int) -> Action:
        if i < MARRY0:
            return _PLAY[i]
        if i < EXCHANGE:
            return _MARRY[i + 20, marriage_points(i & 3, self._core.trump)]
        return _EXCHANGE if i == EXCHANGE else _CLOSE

    def _describe_id(self, i: int) -> str:
        return _describe(i)

    def _apply_id(self, i: int) -> None:
        seat = self._core.current_player
        if i < MARRY0:
            c = i + 32
            self.log.append([seat, "play", _NAME[c], [c], None, []])
        elif i < EXCHANGE:
            c = i + 20
            self.log.append([seat, "marry", "marry " + _NAME[c], [c],
                             marriage_points(c & 3, self._core.trump), []])
        else:
            kind = "exchange" if i == EXCHANGE else "close"
            self.log.append([seat, kind, kind, [], None, []])
        self._step(i)


    # ------------------------------------------------------------ text actions
    def _resolve(self, action: Action | str) -> Action:
        if isinstance(action, Action):
            return super()._resolve(action)
        key = " ".join(str(action).strip().lower().split())
        legal = self._legal_actions()
        words = key.split(" ")
        kind, card_text = None, None
        if len(words) == 2 and words[0] in ("play", "marry", "marriage"):
            kind = "play" if words[0] == "play" else "marry"
            card_text = words[1]
        elif len(words) == 2 and words[1] == "marriage":
            kind, card_text = "marry", words[0]
        elif len(words) == 1 and key not in ("exchange", "close"):
            kind, card_text = "play", words[0]
        if kind is not None:
            assert card_text is not None
            c = _card(card_text)
            if c is not None:
                for a in legal:
                    if a.kind == kind and int(a.cards[0]) == c:
                        return a
                return self._explain(action, kind, c, legal)
        return super()._resolve(action)

    def _explain(self, text: str, kind: str, c: int, legal: list[Action]) -> Action:
        seat = self._current_player()
        assert seat is not None
        shown = ", ".join(a.text for a in legal)
        if c not in self.hands[seat]:
            why = f"seat {seat} does not hold {Card(c)}"
        elif kind == "marry":
            why = f"{Card(c)} cannot be led announcing a marriage now"
        elif self.phase == "follow":
            why = (f"the stock is {'closed' if self.closed else 'exhausted'}: follow suit and "
                   "beat if you can, else follow, else trump")
        else:
            why = "not playable now"
        raise IllegalAction(f"action {quote(text, 120)}: {why}; legal: {shown}")

    # ------------------------------------------------------------ performing actions
    def _apply(self, action: Action) -> None:
        self._step(self._id_of(action))

    def _step(self, i: int) -> None:
        """Make the legal id ``i`` in the deal's core; a deal that ends is recorded, and the
        match's next deal (the other seat deals) starts unless the match is over."""
        core = self._core
        core.apply(i)
        if not core.is_over:
            return
        winner = core.winner
        if match.end_deal(self, self.result, decided=core.counts[winner] == 0):
            self.match_winner = winner
            return
        self._start_deal(None, 1 - core.dealer, core.counts)

    def _scores(self) -> tuple[float, ...]:
        w = self.match_winner
        v = float(self.past[-1]["game_points"]) if self.single_deal else 1.0
        return (v, -v) if w == 0 else (-v, v)

    # ------------------------------------------------------------ views
    def _observation(self, player: int) -> dict:
        opp = 1 - player
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self._current_player(),
            "leader": self.leader,
            "hand": sort_hand(self.hands[player]),
            "opponent_hand_size": len(self.hands[opp]),
            "opponent_known": sort_hand(self.known[opp]),
            "trump": SUITS[self.trump],
            "trump_card": self.trump_card,
            "stock_size": len(self.stock),
            "closed": self.closed,
            "closer": self.closer,
            "close_record": dict(self.close_record) if self.close_record else None,
            "trick": [list(t) for t in self.trick],
            "tricks": [dict(t, cards=list(t["cards"])) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "points": self.points[player],
            "pending": self.pending[player],
            "marriages": [[SUITS[s] for s in m] for m in self.marriages],
            "counts": list(self.counts),
            "past": [dict(d, points=list(d["points"]), tricks_won=list(d["tricks_won"]),
                          last_trick=(dict(d["last_trick"], cards=list(d["last_trick"]["cards"]))
                                      if d.get("last_trick") else None))
                     for d in self.past],
            "scores": list(self._scores()) if self.phase == "over" else None,
        }


__all__ = ["SchnapsenState", "card_points", "marriage_points", "beats", "strict_follows",
           "game_points", "sort_hand", "MATCH_POINTS", "TARGET", "RANKS", "N_ACTIONS",
           "OBS_SIZE"]
