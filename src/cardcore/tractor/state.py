"""Tractor (Shengji): four players in two partnerships, two decks, a match played by levels.

Rules: ``docs/rules/tractor.md`` (every **Decision** there is pinned by
``tests/test_tractor_game.py``).
Seats play in the order ``i -> (i + 1) % 4``; seats 0 & 2 (team 0) play against seats 1 & 3
(team 1). Every rule of card order, shapes, following, the trick winner and the deal result
comes from ``cardcore.tractor.rules`` / the tractor kernel; this module only runs the deal.

A deal
------
1. **Deal**: 25 cards each and an 8-card kitty. ``deck=`` stacks the first deal: seat 0's 25
   cards, seat 1's, seat 2's, seat 3's, then the 8 kitty cards; later deals are shuffled with
   the game's seeded generator.
2. **Declaration**, in turn order from the first speaker: ``pass`` or a declaration that
   overcalls the one standing (single level card < identical level pair < two Black Jokers <
   two Red Jokers; a joker pair declares no-trump; equal overcalls are not allowed). Three
   consecutive passes after a declaration settle it; four passes without any declaration reveal
   the kitty and the suit of its first non-joker card becomes trumps.
3. **Burying**: the dealer takes the kitty (33 cards) and buries 8, one card per action.
4. **Play**: the dealer leads the first trick; the winner of a trick leads the next.

Actions (texts; case and spacing are free on input, a ten prints ``T`` and is read as ``T`` or
``10``):

* declaration: ``"pass"``; ``"declare 7h"`` (a single level card), ``"declare 7h 7h"`` (a level
  pair), ``"declare BJ BJ"``, ``"declare RJ RJ"`` (no-trump). Kind ``"declare"``, ``amount`` the
  rung of the ladder (1 single, 2 pair, 3 Black Jokers, 4 Red Jokers), ``cards`` the cards
  shown. The bare cards (``"7h 7h"``) are accepted too.
* burying: ``"bury 5h"``, one card per action (8 actions); kind ``"bury"``. Any 8 cards may be
  buried, so no choice can lead to a dead end. The bare card (``"5h"``) is accepted too.
  ``apply`` also takes several cards at once, up to the ones left to bury (all eight:
  ``"bury 3c 4c 5d 6d 7h 9s Jc Qd"``, or without ``"bury"``): one action of kind ``"bury"``
  with those cards (its text lists them in hand order); like a follow of several cards it
  has no id of its own (the ids bury one card at a time).
* leading: every legal lead is listed whole: a single ``"7h"``, a pair ``"7h 7h"``, a tractor
  ``"7h 7h 8h 8h"`` (cards from low to high). Kind ``"play"``. A lead written as its exact cards
  in any order (``"8h7h 8h 7h"``) or with ``"play"`` in front is accepted.
* following: one card per action, ``"8h"`` (kind ``"play"``): the listed cards are exactly the
  ones that keep a legal answer possible (``rules.follow_next_cards``), so a finished follow is
  always legal and no pick reaches a dead end. The player keeps the turn until they have played
  as many cards as the lead. ``apply`` also takes several cards at once, written as their exact
  cards (``"8h 8h"``, the whole answer or part of it), when they keep a legal answer possible;
  that is one action with those cards.

Decisions where the rules are silent (each pinned by a test)
------------------------------------------------------------
* The first speaker of the first deal is drawn from the game's generator (option ``first=``
  fixes it); in later deals the dealer speaks first.
* The dealer of the first deal is the **first** seat that declared in it (even if overcalled
  later); with four passes, the first speaker. Later deals: the dealer follows the previous
  result (the dealer's partner after a defence, the seat after the old dealer when the attackers
  take over). A declaration in a later deal only fixes trumps, never the dealer.
* Option ``level`` is the starting level of both teams (so the first deal's level rank):
  ``"2".."A"`` (``"T"`` or ``"10"`` for the ten), or a number 2..10 naming its rank.
* The cards a follower has picked so far in a multi-card answer are on the table (public).
* The kitty: the dealer sees the cards taken and the cards buried; the others do not, except
  that four passes reveal the kitty to all before the dealer takes it. The buried cards are
  shown to all at the end of the deal (in the deal record).
* A team at level A that rises, or any team that would rise past A, wins the match at once.
* ``scores()``: a match gives +1 to both seats of the winning team, -1 to the others. With
  ``single_deal=True`` the deal's winning side (the defenders when they keep the deal, else
  the attackers) gets +levels it rises and the other side minus that: 0 points -> +-3,
  5-35 -> +-2, 40-75 -> +-1, 80-115 -> 0 for all (the attackers take over without rising; they
  are still the deal's ``winners``), 120-155 -> +-1, 160-195 -> +-2, 200+ -> +-3.
  ``winners`` is the winning team's two seats in both cases.

Integer actions and tensors
---------------------------
``docs/actions/tractor.md``: 9440 ids (pass, 10 declarations by suit and rung, 54 burials and
54 one-card plays by card id, 54 pair leads, 9267 tractor leads by their exact cards). A deal lives
in the step core (``cardcore._fast.tractor_step.Core``, the one core contract: the deal made
from the seed, hands as card masks, the trick, the declarations, the kitty, points, the deal's
result): its ids, ``apply``, ``returns()`` (the deal's result as ``scores()`` gives it with
``single_deal=True``) and observation tensor (a (724,) float32 vector) are every transition of
the deal, and this state is a view over it (``apply`` maps an action to its id, or several
cards buried or followed at once to their one-card ids, which the core applies). The match
around the deals stays here: the deal records, who deals next, the match's winner; each next
deal's core comes from ``tractor_step.deal`` with the generator state the finished deal's core
carries, the next dealer and the teams' levels after its result.

Observation (``observation(player)``, JSON-native)
--------------------------------------------------
``game``, ``player``, ``team`` (0 for seats 0 & 2), ``deal``, ``phase`` (``"declare"``,
``"bury"``, ``"play"``, ``"over"``), ``to_act``, ``first_speaker``, ``dealer`` (``None`` while
the first deal's dealer is not known yet), ``defenders``/``attackers`` (seat lists, ``None``
before a dealer is known), ``level`` (the deal's level rank ``"2".."A"``), ``team_levels``
(``["2", "2"]``), ``trump`` (``"c" "d" "h" "s"``, ``"nt"`` for no-trump, ``None`` while not
settled), ``declaration`` (the standing one: ``{"seat", "cards", "rung", "trump"}`` or
``None``), ``declarations`` (every declaration-phase action as ``[seat, text]``),
``revealed_kitty`` (the kitty shown after four passes, else ``None``), ``hand`` (sorted card
ids), ``hand_sizes``, ``kitty`` and ``buried`` (the dealer only, else ``None``), ``leader``,
``trick`` (``[[seat, cards], ...]`` of the trick in progress, lead first), ``picking``
(``[seat, cards]`` of a follower part-way through a multi-card answer, else ``None``),
``tricks`` (finished tricks of this deal: ``leader``, ``plays``, ``winner``, ``points``),
``attacker_points`` (card points won by the attackers so far), ``attacker_tricks`` (tricks they
won), ``played`` (every card played
this deal), ``past`` (the records of finished deals), ``match_winner`` (team or ``None``),
``scores`` (once over).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .._backend import kernel
from ..cards import Card, CardError, check_deck, deck108, parse
from ..engines import match
from ..errors import IllegalAction, quote
from ..game import Action, CoreView, State, core_field, register
from ..options import Option, level_option, single_deal
from .rules import LEVELS, SUITS, mask_items

_k = kernel("tractor")  # untyped: the state's trump is None until declared (its stub says int)
if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import tractor_step as _step
else:
    _step = kernel("tractor_step")

NUM_PLAYERS = 4
HAND = 25
KITTY = 8
NO_TRUMP = 4

_CARD = [Card(c) for c in range(54)]
_NAME = [str(c) for c in _CARD]
#: card points by card id: the rule kernel's table
_POINTS = _k.CARD_POINTS

PASS = Action("pass", "pass")
#: one-card plays (a single lead, one card of a follow), by card id
PLAY = [Action("play", _NAME[c], (_CARD[c],)) for c in range(54)]
#: pair leads, by card id
PAIR = [Action("play", f"{_NAME[c]} {_NAME[c]}", (_CARD[c], _CARD[c])) for c in range(54)]
BURY = [Action("bury", f"bury {_NAME[c]}", (_CARD[c],)) for c in range(54)]
#: declarations: single level card (rung 1), level pair (rung 2), joker pairs (3, 4)
DECLARE1 = [Action("declare", f"declare {_NAME[c]}", (_CARD[c],), 1) for c in range(52)]
DECLARE2 = [Action("declare", f"declare {_NAME[c]} {_NAME[c]}", (_CARD[c], _CARD[c]), 2)
            for c in range(52)]
DECLARE_BJ = Action("declare", "declare BJ BJ", (_CARD[52], _CARD[52]), 3)
DECLARE_RJ = Action("declare", "declare RJ RJ", (_CARD[53], _CARD[53]), 4)

_TABLES: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}

# action ids (docs/actions/tractor.md)
ID_DECLARE, ID_BURY, ID_PLAY, ID_PAIR, ID_TRACTOR = (
    _k.DECLARE_ID, _k.BURY_ID, _k.PLAY_ID, _k.PAIR_ID, _k.TRACTOR_ID)
NUM_ACTIONS: int = _k.NUM_ACTIONS
#: descriptions of ids 0..10: pass, then the declarations (a single level card of suit c d h s,
#: a level pair of that suit, the joker pairs)
_DECLARE_TEXTS = ("pass", "declare single c", "declare single d", "declare single h",
                  "declare single s", "declare pair c", "declare pair d", "declare pair h",
                  "declare pair s", "declare BJ BJ", "declare RJ RJ")
_PHASES = ("declare", "bury", "play", "over")
_PLAYING, _OVER = _PHASES.index("play"), _PHASES.index("over")


def id_text(i: int) -> str:
    """A description of action id ``i`` without a position (``"bury 7h"``, ``"declare pair
    h"``, ``"lead 5h 5h 6h 6h"``)."""
    if not 0 <= i < NUM_ACTIONS:
        raise IllegalAction(f"action id {i!r}: out of range 0..{NUM_ACTIONS - 1} for tractor")
    if i < ID_BURY:
        return _DECLARE_TEXTS[i]
    if i < ID_PLAY:
        return f"bury {_NAME[i - ID_BURY]}"
    if i < ID_PAIR:
        return f"play {_NAME[i - ID_PLAY]}"
    return "lead " + " ".join(_NAME[c] for c in _k.play_cards(i))


def _table(trump: int, level: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The kernel's (effective suit, strength) per card id, cached per (trump, level)."""
    tab = _TABLES.get((trump, level))
    if tab is None:
        tab = _TABLES[(trump, level)] = _k.table(trump, level)
    return tab


def trump_name(trump: int | None) -> str | None:
    """``"c" "d" "h" "s"``, ``"nt"`` for no-trump, ``None`` for not settled."""
    if trump is None:
        return None
    return "nt" if trump == NO_TRUMP else SUITS[trump]


def team_of(seat: int) -> int:
    """The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat & 1


def sort_hand(cards, trump: int | None, level: int) -> list[int]:
    """Cards grouped by effective suit (c, d, h, s, then trumps), low to high within each.
    Before trumps are settled: by plain suit, level cards and jokers last."""
    suits, st = _table(NO_TRUMP if trump is None else trump, level)
    return sorted(cards, key=lambda c: (suits[c], st[c], c))


def _play_text(cards, trump: int, level: int) -> tuple[str, tuple[Card, ...]]:
    st = _table(trump, level)[1]
    ordered = sorted(cards, key=lambda c: (st[c], c))
    return " ".join(_NAME[c] for c in ordered), tuple(_CARD[c] for c in ordered)


@register
class TractorState(CoreView, State):
    GAME = "tractor"
    CORE = "tractor_step"
    core: _step.Core  # (``State.core``: this game's core type)
    NUM_PLAYERS = NUM_PLAYERS
    AI_AGENT = "cardcore.agents.tractor:TractorAI"
    OPTIONS = {
        "single_deal": single_deal(),
        "level": level_option("the starting level of both teams (the first deal's level "
                              "rank)"),
        "first": Option("seat", None, "the seat that speaks first in the first deal's "
                        "declaration (default: drawn at random)", low=0, high=3, none=True),
    }
    # the match bookkeeping, kept by ``engines.match``
    single_deal: bool
    deal_no: int
    past: list[dict]

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, single_deal: bool = False, level: str = "2",
               first: int | None = None) -> None:
        cards = None
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck108(), "tractor")]
        match.start_match(self, single_deal=single_deal)
        start = LEVELS.index(level)
        self.match_winner: int | None = None
        match.begin_deal(self)
        if cards is None:       # the core deals from the seed
            self._core = _step.from_seed(self.seed, start, first)
        else:                   # the stacked deck; the first speaker still drawn from the seed
            speaker = self.rng().below(NUM_PLAYERS) if first is None else first
            self._core = _step.Core(cards, speaker, None, start, self.rng_state)

    # ------------------------------------------------------------ the deal (read from the core)
    @property
    def phase(self) -> str:
        """``"declare"``, ``"bury"``, ``"play"`` or ``"over"``."""
        return _PHASES[self._core.phase]

    turn: Final[int] = core_field("turn", "The seat to act (the last trick's winner once over).")
    speaker: Final[int] = core_field("speaker", "The seat that speaks first in this deal.")
    dealer: Final[int | None] = core_field(
        "dealer", "The deal's dealer, ``None`` while the first deal's declaration has not fixed "
        "it.")
    level: Final[int] = core_field("level", "The deal's level rank (0..12 for 2..A).")
    levels: Final[list[int]] = core_field(
        "levels_after", "The two teams' levels (0..12 for 2..A; team 0 is seats 0 & 2): the "
        "deal's core's, with its result applied once it is over.", call=True)
    trump: Final[int | None] = core_field(
        "trump", "0..3 (c d h s), 4 (no-trump), ``None`` while not settled.")
    hands: Final[list[list[int]]] = core_field("hands", "The cards of each seat, ascending.",
                                               call=True)
    kitty: Final[list[int]] = core_field("kitty", "The kitty as dealt.", call=True)
    buried: Final[list[int]] = core_field("buried", "The cards buried so far, in order.",
                                          call=True)
    decl: Final[list | None] = core_field(
        "decl", "``[seat, rung, trump, cards]`` of the standing declaration, or ``None``.",
        call=True)
    decls: Final[list[list]] = core_field(
        "decls", "``[seat, text]`` of every declaration-phase action.", call=True)
    passes: Final[int] = core_field("passes", "Consecutive passes (since the last declaration).")
    first_declarer: Final[int | None] = core_field(
        "first_declarer", "The first seat that declared in this deal (``None`` before any).")
    revealed: Final[bool] = core_field("revealed", "Whether four passes revealed the kitty.")
    leader: Final[int] = core_field("leader", "The seat that leads the trick in progress.")
    trick: Final[list[list]] = core_field(
        "trick", "``[[seat, cards], ...]``: the trick in progress, lead first.", call=True)
    picked: Final[list[int]] = core_field(
        "picked", "The cards picked so far by the follower to act.", call=True)
    tricks: Final[list[dict]] = core_field(
        "tricks", "The finished tricks of this deal: ``leader``, ``plays``, ``winner``, "
        "``points``.", call=True)
    points: Final[int] = core_field("points", "Card points won by the attackers.")
    played: Final[list[int]] = core_field(
        "played", "Every card of this deal's finished tricks, in play order.", call=True)

    # ------------------------------------------------------------ helpers
    @property
    def defenders(self) -> list[int] | None:
        """The dealer's team (seats), or ``None`` before the first deal's dealer is known."""
        d = self.dealer
        return None if d is None else [d & 1, (d & 1) + 2]

    @property
    def attackers(self) -> list[int] | None:
        d = self.dealer
        return None if d is None else [1 - (d & 1), 3 - (d & 1)]

    def _declarations(self, seat: int) -> list[Action]:
        decl = self._core.decl()
        rung = decl[1] if decl else 0
        hand = self._core.hand(seat)
        lv = self.level * 4
        out = []
        if rung < 2:
            for s in range(4):
                n = hand.count(lv + s)
                if n and rung < 1:
                    out.append(DECLARE1[lv + s])
                if n == 2:
                    out.append(DECLARE2[lv + s])
        if rung < 3 and hand.count(52) == 2:
            out.append(DECLARE_BJ)
        if rung < 4 and hand.count(53) == 2:
            out.append(DECLARE_RJ)
        return out

    # ------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        hand = self._core.hand(self.turn)
        if phase == "play":
            t, lv = self.trump, self.level
            assert t is not None                # (the trump is settled before the play)
            trick = self._core.trick()
            if trick:
                lead = trick[0][1]
                picked = self.picked
                return mask_items(_k.next_mask(hand + picked if picked else hand, lead, picked,
                                               t, lv), PLAY)
            out = []
            for p in _k.lead_plays(hand, t, lv):
                n = len(p)
                if n == 1:
                    out.append(PLAY[p[0]])
                elif n == 2:
                    out.append(PAIR[p[0]])
                else:
                    text, cards = _play_text(p, t, lv)
                    out.append(Action("play", text, cards))
            return out
        if phase == "bury":
            out, last = [], -1
            for c in hand:
                if c != last:
                    out.append(BURY[c])
                    last = c
            return out
        return [PASS] + self._declarations(self.turn)

    def _resolve(self, action: Action | str) -> Action:
        legal = self._legal_actions()
        if isinstance(action, Action):
            for a in legal:          # the usual case: an action from legal_actions()
                if a is action:
                    return a
            if action in legal:
                return action
            return self._resolve(action.text) if action.text else self._no_such(action, legal)
        words = action.strip().split(None, 1)
        if len(words) == 2 and words[0].lower() in ("play", "lead") and self.phase == "play":
            action = words[1]
        try:
            return super()._resolve(action)
        except IllegalAction:
            if self.phase == "bury":
                return self._bury_many(action, legal)
            if self.phase != "play" or not self.trick:
                raise
            return self._chunk(action, legal)

    def _bury_many(self, text: str, legal: list[Action]) -> Action:
        """Several cards buried at once (one action), up to the ones left to bury: written as
        their cards, with or without ``"bury"`` in front."""
        words = text.strip().split(None, 1)
        written = words[1] if len(words) == 2 and words[0].lower() == "bury" else text
        cards = self._several_held(text, written, KITTY - len(self.buried), "bury")
        if cards is None:
            return self._no_such(text, legal)
        order = sort_hand(cards, self.trump, self.level)
        return Action("bury", "bury " + " ".join(_NAME[c] for c in order),
                      tuple(_CARD[c] for c in order))

    def _several_held(self, text: str, written: str, left: int, what: str) -> list[int] | None:
        """The cards ``written`` names when they are two or more (else ``None``), at most
        ``left`` of them and each held by the seat to act (else ``IllegalAction`` about
        ``text``; ``what`` the seat has ``left`` of them to do)."""
        try:
            cards = [int(c) for c in parse(written)]
        except CardError:
            return None
        if len(cards) < 2:
            return None
        seat = self.turn
        if len(cards) > left:
            raise IllegalAction(f"action {quote(text, 120)}: {len(cards)} cards, but seat {seat} "
                                f"has {left} left to {what}")
        hand = self._core.hand(seat)
        rest = list(hand)
        for c in cards:
            if c not in rest:
                raise IllegalAction(f"action {quote(text, 120)}: seat {seat} does not hold "
                                    f"{'another ' if c in hand else ''}{_NAME[c]}")
            rest.remove(c)
        return cards

    def _chunk(self, text: str, legal: list[Action]) -> Action:
        """Several cards of a follow given at once (one action), when they keep a legal
        answer possible."""
        lead, picked = self.trick[0][1], self.picked
        cards = self._several_held(text, text, len(lead) - len(picked), "play to this lead")
        if cards is None:
            return self._no_such(text, legal)
        whole = self._core.hand(self.turn) + picked
        chosen = list(picked)
        for c in cards:
            if not (_k.next_mask(whole, lead, chosen, self.trump, self.level) >> c) & 1:
                raise IllegalAction(
                    f"action {text!r}: not a legal answer to the lead "
                    f"{' '.join(_NAME[x] for x in lead)} (follow the led suit, and play your "
                    "pairs in it to a pair or tractor, as far as you can)")
            chosen.append(c)
        assert self.trump is not None
        ptext, pcards = _play_text(cards, self.trump, self.level)
        return Action("play", ptext, pcards)

    def _apply(self, action: Action) -> None:
        # action -> id -> core; a follow of several cards at once is their ids in its order
        core = self._core
        if len(action.cards) > 1 and action.kind == "bury":
            for c in action.cards:
                core.apply(ID_BURY + int(c))
        elif len(action.cards) > 1 and core.phase == _PLAYING and core.nplays:
            for c in action.cards:
                core.apply(ID_PLAY + int(c))
        else:
            core.apply(self._id_of(action))
        if core.is_over:
            self._end_deal()

    # ------------------------------------------------------------ integer actions
    def _id_of(self, action: Action) -> int:
        kind = action.kind
        cards = [int(c) for c in action.cards]
        if kind == "pass":
            return 0
        if kind == "declare":
            rung = action.amount or 0
            if rung <= 2:
                return ID_DECLARE + 4 * (rung - 1) + (cards[0] & 3)
            return ID_DECLARE + 5 + rung        # BJ BJ 9, RJ RJ 10
        if kind == "bury":
            if len(cards) != 1:
                raise IllegalAction(f"action {str(action)!r}: several cards buried at once "
                                    "have no id (the ids bury one card at a time)")
            return ID_BURY + cards[0]
        if self._core.nplays:                   # (a follow: the trick has its lead)
            if len(cards) == 1:
                return ID_PLAY + cards[0]
            raise IllegalAction(f"action {str(action)!r}: several cards of a follow at once "
                                "have no id (the ids take a follow one card at a time)")
        i = _k.lead_id(cards)
        if i < 0:
            raise IllegalAction(f"action {str(action)!r}: no tractor action id")
        return i

    def _action_of_id(self, i: int) -> Action:
        if i < ID_BURY:
            if i == 0:
                return PASS
            if i >= ID_DECLARE + 8:
                return DECLARE_BJ if i == ID_DECLARE + 8 else DECLARE_RJ
            card = self.level * 4 + (i - ID_DECLARE) % 4
            return DECLARE1[card] if i < ID_DECLARE + 4 else DECLARE2[card]
        if i < ID_PLAY:
            return BURY[i - ID_BURY]
        if i < ID_PAIR:
            return PLAY[i - ID_PLAY]
        if i < ID_TRACTOR:
            return PAIR[i - ID_PAIR]
        assert self.trump is not None
        text, cards = _play_text(_k.play_cards(i), self.trump, self.level)
        return Action("play", text, cards)

    def _describe_id(self, i: int) -> str:
        return id_text(i)

    def _apply_id(self, i: int) -> None:
        core = self._core
        seat = core.turn
        if ID_PLAY <= i < ID_PAIR:
            entry = [seat, "play", _NAME[i - ID_PLAY], [i - ID_PLAY], None, []]
        elif ID_BURY <= i < ID_PLAY:
            entry = [seat, "bury", BURY[i - ID_BURY].text, [i - ID_BURY], None, []]
        else:
            entry = [seat, *self._action_of_id(i).to_list()]
        core.apply(i)
        self.log.append(entry)
        if core.is_over:
            self._end_deal()

    def _end_deal(self) -> None:
        """The deal's core is over: its record, and the next deal unless the match ends (the
        deal's result, the kitty bonus and the levels after it are the core's)."""
        core = self._core
        d = core.dealer
        assert d is not None
        defending = d & 1
        buried = core.buried()
        bonus = core.kitty_bonus
        total = core.points + bonus
        result = core.result()
        assert result is not None
        team, rise, won = result
        side = "defenders" if team == defending else "attackers"
        next_dealer = (d + 2) % NUM_PLAYERS if side == "defenders" else (d + 1) % NUM_PLAYERS
        levels = core.levels_after()
        if won:
            self.match_winner = team
        decl = self.decl
        record = {
            "deal": self.deal_no,
            "dealer": d,
            "level": LEVELS[self.level],
            "trump": trump_name(self.trump),
            "declarer": decl[0] if decl else None,
            "declaration": " ".join(_NAME[c] for c in decl[3]) if decl else None,
            "revealed": self.revealed,
            "defenders": [defending, defending + 2],
            "attackers": [1 - defending, 3 - defending],
            "card_points": core.points,
            "kitty": sorted(buried),
            "kitty_points": sum(_POINTS[c] for c in buried),
            "last_winner": core.turn,
            "last_cards": core.size,
            "kitty_bonus": bonus,
            "points": total,
            "result": [side, rise],
            "winner_team": team,
            "levels": [LEVELS[x] for x in levels],
            "match_winner": self.match_winner,
            "next_dealer": None if won else next_dealer,
        }
        if match.end_deal(self, record, decided=won):
            return
        match.begin_deal(self)
        self._core = _step.deal(core.rng, next_dealer, next_dealer, levels)

    def _scores(self) -> tuple[float, ...]:
        if self.single_deal:                    # the deal's result: the core's returns
            return self._core.returns()
        team = self.match_winner
        return tuple(1.0 if (s & 1) == team else -1.0 for s in range(NUM_PLAYERS))

    @property
    def winners(self) -> tuple[int, ...]:
        """The two seats of the winning team: the match's, or with ``single_deal`` the deal's
        (the attackers who take over without rising score 0 but still win the deal)."""
        if self.phase != "over":
            return ()
        team = self.past[-1]["winner_team"] if self.single_deal else self.match_winner
        assert team is not None                 # (a match is over when a team has won it)
        return (team, team + 2)

    # ------------------------------------------------------------ views
    def action_view(self, seat: int, action: Action, viewer: int | None) -> str:
        """What ``viewer`` may see of ``seat`` taking ``action``: a buried card only its
        dealer sees."""
        if action.kind == "bury" and viewer != seat:
            n = len(action.cards)
            return "bury a card" if n <= 1 else f"bury {n} cards"
        return action.text

    def _observation(self, player: int) -> dict:
        dealer = self.dealer
        over = self.phase == "over"
        decl = self.decl
        mine = dealer == player and self.phase in ("bury", "play")
        hands, tricks, picked = self.hands, self.tricks, self.picked
        return {
            "team": player & 1,
            "deal": self.deal_no,
            "phase": self.phase,
            "to_act": self._current_player(),
            "first_speaker": self.speaker,
            "dealer": dealer,
            "defenders": self.defenders,
            "attackers": self.attackers,
            "level": LEVELS[self.level],
            "team_levels": [LEVELS[x] for x in self.levels],
            "trump": trump_name(self.trump),
            "declaration": None if decl is None else {
                "seat": decl[0], "rung": decl[1], "trump": trump_name(decl[2]),
                "cards": list(decl[3])},
            "declarations": [list(d) for d in self.decls],
            "revealed_kitty": list(self.kitty) if self.revealed else None,
            "hand": hands[player],
            "hand_sizes": [len(h) for h in hands],
            "kitty": list(self.kitty) if mine else None,
            "buried": list(self.buried) if mine else None,
            "leader": self.leader if self.phase == "play" else None,
            "trick": [[s, list(c)] for s, c in self.trick],
            "picking": [self.turn, picked] if picked else None,
            "tricks": [{"leader": t["leader"], "plays": [[s, list(c)] for s, c in t["plays"]],
                        "winner": t["winner"], "points": t["points"]} for t in tricks],
            "attacker_points": self.points,
            "attacker_tricks": sum(1 for t in tricks
                                   if dealer is not None and (t["winner"] & 1) != (dealer & 1)),
            "played": list(self.played),
            "past": [dict(r, defenders=list(r["defenders"]), attackers=list(r["attackers"]),
                          kitty=list(r["kitty"]), result=list(r["result"]),
                          levels=list(r["levels"])) for r in self.past],
            "match_winner": self.match_winner,
            "scores": list(self._scores()) if over else None,
        }


__all__ = ["TractorState", "sort_hand", "team_of", "trump_name", "PASS", "HAND", "KITTY"]
