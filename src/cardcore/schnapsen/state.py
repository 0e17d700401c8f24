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
"""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, SUITS, Card, check_deck, deck_vienna20, parse
from ..errors import CardError, IllegalAction, OptionError
from ..engines import match
from ..options import single_deal
from ..game import Action, CachedIds, State, register
from .rules import (
    CARD_POINTS as _PTS, TARGET, announce, beats, card_points, deal_game_points, game_points,
    last_trick_winner, marriage_partner, marriage_points, may_close, may_exchange, may_marry,
    strict, strict_follows, take_trick, trick_winner, trump_jack,
)

MATCH_POINTS = 7
_NAME = [RANKS[c >> 2] + SUITS[c & 3] for c in range(52)]
_DECK = list(range(32, 52))          # deck_vienna20() as ids, in its order
#: the sort key of ``sort_hand``: suit, then strongest first
_SORT_KEY = [(c & 3) * 16 - _PTS[c] for c in range(52)]

#: action ids
N_ACTIONS = 30
PLAY0, MARRY0, EXCHANGE, CLOSE = 0, 20, 28, 29
#: the listed ``Action`` of each play id and of each marriage id at 20 and 40 points
_PLAY = [Action("play", _NAME[c], cards=(Card(c),)) for c in _DECK]
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
class SchnapsenState(CachedIds, State):
    GAME = "schnapsen"
    NUM_PLAYERS = 2
    ZERO_SUM = True
    AI_AGENT = "cardcore.agents.schnapsen:SchnapsenAI"
    OPTIONS = {"single_deal": single_deal()}
    #: the legal ids of the position, computed once (dropped by every action)
    TRANSIENT = ("_ids",)

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
        self._ids: list[int] | None
        match.start_match(self, single_deal=single_deal)
        self.counts = [MATCH_POINTS, MATCH_POINTS]
        self.dealer = 0          # flipped to 1 by the first _start_deal
        self.phase = "lead"
        self.match_winner: int | None = None
        self._start_deal(cards)

    def _start_deal(self, cards: list[int] | None) -> None:
        if cards is None:
            cards = _DECK[:]
            self.rng().shuffle(cards)
        match.begin_deal(self)
        self.dealer = match.next_seat(self.dealer, 2)
        # hands are kept ascending by card id; the views sort them with ``sort_hand``
        self.hands = [sorted(cards[0:5]), sorted(cards[5:10])]
        self.stock = cards[10:]             # top first; the last card is the trump card
        self.trump_card = self.stock[-1]
        self.trump = self.trump_card & 3
        self.leader = 1 - self.dealer
        self.phase = "lead"
        self.trick: list[list[int]] = []    # [[seat, card]] on the table
        self.tricks: list[dict] = []        # finished tricks of this deal
        self.points = [0, 0]
        self.pending = [0, 0]
        self.tricks_won = [0, 0]
        self.marriages: list[list[int]] = [[], []]   # suits announced per player
        self.known: list[list[int]] = [[], []]       # cards publicly known in each hand
        self.closed = False
        self.closer: int | None = None
        self.close_record: dict | None = None        # opponent's points/tricks at closing
        self.result: dict | None = None

    # ------------------------------------------------------------ rules helpers
    @property
    def strict(self) -> bool:
        """True once the stock is closed or exhausted."""
        return strict(self.closed, len(self.stock))

    def can_exchange(self) -> bool:
        return (self.phase == "lead"
                and may_exchange(self.closed, len(self.stock), self.hands[self.leader],
                                 self.trump))

    def can_close(self) -> bool:
        return self.phase == "lead" and may_close(self.closed, len(self.stock))

    def _announced(self, seat: int) -> int:
        """The suits ``seat`` has announced, as a bit mask."""
        mask = 0
        for s in self.marriages[seat]:
            mask |= 1 << s
        return mask

    def marriage_cards(self, seat: int) -> list[int]:
        """The K and Q cards ``seat`` may lead announcing a marriage, in card-id order."""
        hand = self.hands[seat]
        announced = self._announced(seat)
        return [c for c in sorted(hand) if may_marry(c, hand, announced)]

    # ------------------------------------------------------------ protocol hooks
    def _current_player(self) -> int | None:
        if self.phase == "lead":
            return self.leader
        if self.phase == "follow":
            return 1 - self.leader
        return None

    def _legal_actions(self) -> list[Action]:
        seat = self._current_player()
        assert seat is not None
        hand = sort_hand(self.hands[seat])
        if self.phase == "follow":
            lead = self.trick[0][1]
            ok = strict_follows(hand, lead, self.trump) if self.strict else hand
            return [_PLAY[c - 32] for c in ok]
        out = []
        if self.can_exchange():
            out.append(_EXCHANGE)
        if self.can_close():
            out.append(_CLOSE)
        marry = self.marriage_cards(seat)
        for c in hand:
            out.append(_PLAY[c - 32])
            if c in marry:
                out.append(_MARRY[c, marriage_points(c & 3, self.trump)])
        return out

    # ------------------------------------------------------------ integer actions
    def _num_distinct_actions(self) -> int:
        return N_ACTIONS

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
            return _MARRY[i + 20, marriage_points(i & 3, self.trump)]
        return _EXCHANGE if i == EXCHANGE else _CLOSE

    def _describe_id(self, i: int) -> str:
        return _describe(i)

    def _compute_ids(self) -> list[int]:
        phase = self.phase
        if phase == "follow":
            hand = self.hands[1 - self.leader]
            if strict(self.closed, len(self.stock)):
                hand = strict_follows(hand, self.trick[0][1], self.trump)
            return [c - 32 for c in hand]
        if phase != "lead":
            return []
        seat = self.leader
        hand = self.hands[seat]
        ids = [c - 32 for c in hand]
        # the marriage ids: the Queens' (20..23), then the Kings' (24..27)
        ids += [c - 20 for c in self.marriage_cards(seat)]
        n = len(self.stock)
        if may_exchange(self.closed, n, hand, self.trump):
            ids.append(EXCHANGE)
        if may_close(self.closed, n):
            ids.append(CLOSE)
        return ids


    def _apply_id(self, i: int) -> None:
        seat = self.leader if self.phase == "lead" else 1 - self.leader
        if i < MARRY0:
            c = i + 32
            self.log.append([seat, "play", _NAME[c], [c], None, []])
            self._play(seat, c)
        elif i < EXCHANGE:
            c = i + 20
            amount = marriage_points(c & 3, self.trump)
            self.log.append([seat, "marry", "marry " + _NAME[c], [c], amount, []])
            self._marry(seat, c)
        elif i == EXCHANGE:
            self.log.append([seat, "exchange", "exchange", [], None, []])
            self._exchange(seat)
        else:
            self.log.append([seat, "close", "close", [], None, []])
            self._close(seat)

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
        raise IllegalAction(f"action {text!r}: {why}; legal: {shown}")

    # ------------------------------------------------------------ performing actions
    def _apply(self, action: Action) -> None:
        seat = self._current_player()
        assert seat is not None
        kind = action.kind
        if kind == "play":
            self._play(seat, int(action.cards[0]))
        elif kind == "marry":
            self._marry(seat, int(action.cards[0]))
        elif kind == "exchange":
            self._exchange(seat)
        else:
            self._close(seat)

    def _exchange(self, seat: int) -> None:
        jack = trump_jack(self.trump)
        hand = self.hands[seat]
        old = self.stock[-1]
        hand.remove(jack)
        hand.append(old)
        hand.sort()
        self.stock[-1] = jack
        self.trump_card = jack
        self.known[seat].append(old)

    def _close(self, seat: int) -> None:
        opp = 1 - seat
        self.closed = True
        self.closer = seat
        self.close_record = {"points": self.points[opp], "tricks": self.tricks_won[opp]}

    def _marry(self, seat: int, card: int) -> None:
        s = card & 3
        self.marriages[seat].append(s)
        partner = marriage_partner(card)
        assert partner is not None
        known = self.known[seat]
        if partner not in known:
            known.append(partner)
        self.points[seat], self.pending[seat] = announce(
            self.points[seat], self.pending[seat], self.tricks_won[seat],
            marriage_points(s, self.trump))
        if self.points[seat] >= TARGET:
            self._end_deal(seat, "66 by a marriage")
            return
        self._play(seat, card)

    def _play(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        known = self.known[seat]
        if known and card in known:
            known.remove(card)
        if self.phase == "lead":
            self.trick.append([seat, card])
            self.phase = "follow"
            return
        self._finish_trick(card)

    def _finish_trick(self, fc: int) -> None:
        ls, lc = self.trick[0]
        w = trick_winner(ls, lc, fc, self.trump)
        self.tricks.append({"leader": ls, "cards": [lc, fc], "winner": w})
        self.trick = []
        self.points[w], self.pending[w], self.tricks_won[w] = take_trick(
            self.points[w], self.pending[w], self.tricks_won[w], lc, fc)
        self.leader = w
        self.phase = "lead"
        if self.points[w] >= TARGET:
            self._end_deal(w, "66")
            return
        stock = self.stock
        hands = self.hands
        if not strict(self.closed, len(stock)):
            hw = hands[w]
            hw.append(stock.pop(0))
            hw.sort()
            last = stock.pop(0)
            if not stock:          # the loser takes the trump card
                self.known[1 - w].append(last)
            hl = hands[1 - w]
            hl.append(last)
            hl.sort()
        if not hands[w]:
            self._end_deal(last_trick_winner(w, self.closer), "last trick")

    def _end_deal(self, winner: int, reason: str) -> None:
        loser = 1 - winner
        rec = self.close_record or {"points": 0, "tricks": 0}
        gp = deal_game_points(winner, self.closer, rec["points"], rec["tricks"],
                              reason == "last trick", self.points[loser],
                              self.tricks_won[loser])
        self.counts[winner] = max(0, self.counts[winner] - gp)
        self.result = {"deal": self.deal_no, "winner": winner, "game_points": gp,
                       "reason": reason, "points": list(self.points),
                       "tricks_won": list(self.tricks_won), "closer": self.closer,
                       # the deal's last trick, for the views (its cards were played openly)
                       "last_trick": (dict(self.tricks[-1], cards=list(self.tricks[-1]["cards"]))
                                      if self.tricks else None)}
        self.trick = []
        if match.end_deal(self, dict(self.result), decided=self.counts[winner] == 0):
            self.match_winner = winner
            return
        self._start_deal(None)

    def _scores(self) -> tuple[float, ...]:
        w = self.match_winner
        v = float(self.past[-1]["game_points"]) if self.single_deal else 1.0
        return (v, -v) if w == 0 else (-v, v)

    # ------------------------------------------------------------ views
    def _observation(self, player: int) -> dict:
        opp = 1 - player
        return {
            "game": self.GAME,
            "player": player,
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

    # ------------------------------------------------------------ tensor
    def _observation_shape(self) -> tuple[int, ...]:
        return (OBS_SIZE,)

    def _observation_tensor(self, player: int, out: Any) -> None:
        opp = 1 - player
        seen = [0] * 20                       # cards whose place the player knows
        for c in self.hands[player]:
            out[HAND + c - 32] = 1.0
            seen[c - 32] = 1
        for c in self.known[opp]:
            out[OPP_KNOWN + c - 32] = 1.0
            seen[c - 32] = 1
        if self.stock:
            out[TRUMP_CARD + self.trump_card - 32] = 1.0
            seen[self.trump_card - 32] = 1
        for _, c in self.trick:
            out[TABLE + c - 32] = 1.0
            seen[c - 32] = 1
        for t in self.tricks:
            lc, fc = t["cards"]
            ls = t["leader"]
            mine = PLAYED_ME if ls == player else PLAYED_OPP
            theirs = PLAYED_OPP if ls == player else PLAYED_ME
            out[mine + lc - 32] = 1.0
            out[theirs + fc - 32] = 1.0
            pile = WON_ME if t["winner"] == player else WON_OPP
            out[pile + lc - 32] = 1.0
            out[pile + fc - 32] = 1.0
            seen[lc - 32] = seen[fc - 32] = 1
        for k in range(20):
            if not seen[k]:
                out[UNSEEN + k] = 1.0
        out[TRUMP_SUIT + self.trump] = 1.0
        phase = self.phase
        out[PHASE + ("lead", "follow", "over").index(phase)] = 1.0
        if self._current_player() == player:
            out[MY_TURN] = 1.0
        if phase != "over" and self.leader == player:
            out[I_LEAD] = 1.0
        out[STOCK] = len(self.stock) / 10.0
        if self.closed:
            out[CLOSED] = 1.0
            out[CLOSED_BY_ME if self.closer == player else CLOSED_BY_OPP] = 1.0
            rec = self.close_record
            assert rec is not None
            out[CLOSE_POINTS] = rec["points"] / TARGET
            out[CLOSE_TRICK] = 1.0 if rec["tricks"] else 0.0
        if strict(self.closed, len(self.stock)):
            out[STRICT] = 1.0
        out[POINTS_ME] = self.points[player] / TARGET
        out[PENDING_ME] = self.pending[player] / TARGET
        out[POINTS_OPP] = self.points[opp] / TARGET
        out[PENDING_OPP] = self.pending[opp] / TARGET
        out[TRICKS_ME] = self.tricks_won[player] / 10.0
        out[TRICKS_OPP] = self.tricks_won[opp] / 10.0
        for s in self.marriages[player]:
            out[MARRIED_ME + s] = 1.0
        for s in self.marriages[opp]:
            out[MARRIED_OPP + s] = 1.0
        out[COUNT_ME] = self.counts[player] / MATCH_POINTS
        out[COUNT_OPP] = self.counts[opp] / MATCH_POINTS
        if self.dealer == player:
            out[DEALER] = 1.0


# the observation tensor's layout (docs/actions/schnapsen.md): nine 20-card planes (slot
# ``card - 32``, the play-id order), then the scalars
HAND, OPP_KNOWN, TRUMP_CARD, TABLE = 0, 20, 40, 60
PLAYED_ME, PLAYED_OPP, WON_ME, WON_OPP, UNSEEN = 80, 100, 120, 140, 160
TRUMP_SUIT = 180            # 4: c, d, h, s
PHASE = 184                 # 3: lead, follow, over
MY_TURN, I_LEAD, STOCK, CLOSED, CLOSED_BY_ME, CLOSED_BY_OPP, STRICT = range(187, 194)
POINTS_ME, PENDING_ME, POINTS_OPP, PENDING_OPP, TRICKS_ME, TRICKS_OPP = range(194, 200)
MARRIED_ME, MARRIED_OPP = 200, 204      # 4 each: c, d, h, s
CLOSE_POINTS, CLOSE_TRICK, COUNT_ME, COUNT_OPP, DEALER = range(208, 213)
OBS_SIZE = 213


__all__ = ["SchnapsenState", "card_points", "marriage_points", "beats", "strict_follows",
           "game_points", "sort_hand", "MATCH_POINTS", "TARGET", "RANKS", "N_ACTIONS",
           "OBS_SIZE"]
