"""Tractor step kernel, plain-Python reference twin of ``cardcore._fast.tractor_step``: one
deal (the declaration, the burying and the play) as a compact state.

It is the core of ``cardcore.tractor.TractorState`` (the one core contract,
``cardcore._ref.core.Core``): ``from_seed(seed)`` is the core ``new_game("tractor", seed=seed)``
starts with; ``deal(rng, speaker, dealer, levels)`` a later deal of a match, shuffled from the
generator state the previous deal's core carries (``rng``). The match around the deals (the
levels kept from deal to deal, who deals next, the match's end) is the game's.

``Core(cards, speaker, dealer, levels, rng=0)``: ``cards`` the 108 card ids in deal order (each
id twice; card id = rank * 4 + suit with ranks 2..A = 0..12 and suits c d h s, 52/53 the Black
and Red Jokers): 25 cards for each of seats 0..3, then the 8 kitty cards; ``speaker`` the seat
that speaks first; ``dealer`` the deal's dealer, or ``None`` in the first deal (the declaration
fixes it); ``levels`` the two teams' levels (rank 0..12 for 2..A; team 0 is seats 0 & 2) as a
pair, or one int for both (they must be equal while the dealer is not known): the deal's level
is the dealer's team's; ``rng`` the state of the SplitMix64 generator (``cardcore.rng.Rng``)
after the deal's draws, carried for the next deal. Seats play in the order
``i -> (i + 1) % 4``; seats 0 & 2 play against 1 & 3.

Action ids (``docs/actions/tractor.md``): 0 pass, 1..4 declare a single level card of suit
c d h s, 5..8 a level pair of that suit, 9 ``BJ BJ``, 10 ``RJ RJ``; 11..64 bury card
``id - 11``; in the play phase 65..118 one card (``id - 65``: a single lead, or the next card of
a follow), 119..172 the lead of the pair of card ``id - 119``, 173.. the lead of tractor
``id - 173`` of the tractor kernel's table.

The deal: in the declaration each seat in turn passes or overcalls the standing declaration
(the rung rises: single < pair < Black Jokers < Red Jokers); three passes after a declaration
settle its trump, four passes without one reveal the kitty and the suit of its first non-joker
card is trumps. The dealer of the first deal is the first seat that declared (else the
speaker); the dealer takes the kitty and buries 8 cards, one per action, then leads. A lead
plays its cards from low to high in the deal's order (strength, then id); a follower picks one
card at a time (the cards that keep a legal answer possible) until as many as the lead, and the
answer joins the trick sorted. The fourth answer completes the trick: its winner (the tractor
kernel's ``trick_winner``) leads the next; its card points go to the attackers (the dealer's
opponents) when they win it. The deal is over when the last trick is complete: when the
attackers win it they add the buried cards' points times twice the cards of each play in it
(``kitty_bonus``).

``returns()``: the deal's result as ``TractorState.scores()`` gives it with
``single_deal=True``: from the attackers' points with the kitty bonus, the side that wins the
deal rises ``rise`` levels (0 points: the defenders 3, 5-35: 2, 40-75: 1; 80-115: the
attackers take over and rise 0, 120-155: 1, 160-195: 2, 200 or more: 3); its two seats get
``+rise``, the other two ``-rise`` (all 0.0 for a rise of 0, and until the deal is over).

The observation (``docs/actions/tractor.md``, 724 floats, seats relative to the one who looks)
is written by ``_observe``; its offsets are the ``OBS_*`` constants. The teams' levels in it
are ``levels_after()``: the levels once the deal's result is applied (the rise, at most to A)
when the deal is over, else the levels at its start.

``phase``: 0 declaring, 1 burying, 2 playing, 3 over. ``export()``: the fields named by
``EXPORT_FIELDS`` (``-1`` for a value not known yet: dealer, trump, declaration, first
declarer; ``team_level_k`` the levels at the deal's start, ``rng`` the generator state carried;
``lo_k``/``hi_k`` the hand of seat ``k`` as two card masks: bit c of ``lo`` when card
c is held at least once, of ``hi`` when twice; ``dealt_k`` the deck in deal order), then the
action ids applied in the deal; ``from_export`` rebuilds the core by replaying them.
"""

from __future__ import annotations

from collections.abc import Callable

from cardcore.errors import CardcoreError, quote
from cardcore.errors import int_arg as _int_arg
from .args import list_arg as _list_arg

from .core import copy_fields, export_fields
from .core import Core as CoreBase
from .core import each, field, reader, seat_or_none
from .core import live as _live
from . import tractor as K

PASS = 0
ID_DECLARE = K.DECLARE_ID
ID_BURY = K.BURY_ID
ID_PLAY = K.PLAY_ID
ID_PAIR = K.PAIR_ID
ID_TRACTOR = K.TRACTOR_ID
NUM_ACTIONS = K.NUM_ACTIONS
DECLARING, BURYING, PLAYING, OVER = 0, 1, 2, 3
HAND = 25
KITTY = 8
DECK = 108
MAX_ACTIONS = 128
LEVEL_A = 12                # the top level (rank A)
_U64 = (1 << 64) - 1
_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["BJ", "RJ"]
_POINTS = K.CARD_POINTS

# the observation (docs/actions/tractor.md): a card plane is 54 counts, one per card id
PLANE = 54
OBS_HAND = 0                # my hand
OBS_PLAYED = 54             # the finished tricks' cards, a plane per relative seat
OBS_TRICK = 270             # the trick in progress, a plane per relative seat
OBS_KITTY = 486             # the kitty as I know it
OBS_BURIED = 540            # the cards I buried
OBS_DECL_CARDS = 594        # the cards of the standing declaration
OBS_TRUMP = 648             # c d h s, no-trump
OBS_LEVEL = 653             # the deal's level rank
OBS_MY_LEVEL = 666          # my team's level
OBS_THEIR_LEVEL = 679       # the other team's level
OBS_DEALER = 692            # relative seat
OBS_DECLARER = 696          # relative seat of the standing declaration
OBS_RUNG = 700              # its rung
OBS_PHASE = 704             # declare, bury, play, over
OBS_LEADER = 708            # relative seat (play phase)
OBS_HAND_SIZES = 712        # per relative seat / 33
OBS_MY_TURN = 716
OBS_DEFENDING = 717         # my team defends
OBS_POINTS = 718            # the attackers' card points / 200
OBS_ATTACKER_TRICKS = 719   # / 25
OBS_PASSES = 720            # / 4 (declaration)
OBS_REVEALED = 721
OBS_TRICKS = 722            # / 25
OBS_PICKED = 723            # / 24
OBS_SIZE = 724
#: the most legal ids of a position: one-card ids, pairs and the tractor leads kept
MAX_LEGAL = 2 * 54 + 1024

EXPORT_FIELDS = (
    "phase", "turn", "speaker", "dealer0", "dealer", "level", "trump", "decl_seat", "decl_id",
    "passes", "first_declarer", "revealed", "leader", "points", "ntricks", "nplays", "size",
    "npicked", "nburied", "ndecls", "nplayed", "nhist", "team_level_0", "team_level_1",
    "kitty_bonus", "rng",
    "lo_0", "lo_1", "lo_2", "lo_3", "hi_0", "hi_1", "hi_2", "hi_3",
    *(f"dealt_{k}" for k in range(DECK)),
)
EXPORT_HEAD = len(EXPORT_FIELDS)


def _rung(decl_id: int) -> int:
    return 1 if decl_id <= 4 else 2 if decl_id <= 8 else decl_id - 6


def _decl_trump(decl_id: int) -> int:
    return 4 if decl_id >= 9 else (decl_id - 1) & 3


def _decl_cards(i: int, level: int) -> list[int]:
    if i >= ID_DECLARE + 8:
        c = 52 if i == ID_DECLARE + 8 else 53
        return [c, c]
    c = level * 4 + (i - ID_DECLARE) % 4
    return [c] if i < ID_DECLARE + 4 else [c, c]


def _decl_text(i: int, level: int) -> str:
    if i == PASS:
        return "pass"
    return "declare " + " ".join(_NAMES[c] for c in _decl_cards(i, level))


def deal_rise(attacker_points: int) -> tuple[bool, int]:
    """``(defenders keep the deal, levels the deal's winners rise)`` from the attackers' points
    with the kitty bonus (``cardcore.tractor.rules.deal_result``)."""
    p = attacker_points
    if p == 0:
        return True, 3
    if p < 40:
        return True, 2
    if p < 80:
        return True, 1
    return False, min(3, (p - 80) // 40)


def _deck_arg(cards) -> list[int]:
    items = _list_arg(cards, "cards", DECK, "the 108 card ids", CardcoreError)
    counts = [0] * 54
    out = []
    for x in items:
        c = _int_arg(x, "card", 0, 53)
        counts[c] += 1
        if counts[c] > 2:
            raise CardcoreError(f"cards: card id {c} more than twice")
        out.append(c)
    return out


def _levels_arg(levels, dealer: int) -> tuple[int, int]:
    """The two teams' levels: a pair, or one int for both; equal while the dealer is not
    known (``dealer`` -1)."""
    if isinstance(levels, (list, tuple)):
        if len(levels) != 2:
            raise CardcoreError(f"levels {quote(levels)}: expected one level or a pair")
        pair = (_int_arg(levels[0], "levels: team 0", 0, LEVEL_A),
                _int_arg(levels[1], "levels: team 1", 0, LEVEL_A))
    else:
        v = _int_arg(levels, "levels", 0, LEVEL_A)
        pair = (v, v)
    if dealer < 0 and pair[0] != pair[1]:
        raise CardcoreError(f"levels {quote(levels)}: the teams' levels differ, but no dealer "
                            "says whose level the deal is played at")
    return pair


def _shuffled(state: int) -> tuple[list[int], int]:
    """The two 54-card decks (ids 0..53, twice) shuffled by the SplitMix64 generator whose
    state is ``state`` (``cardcore.rng.Rng(state).shuffle``); returns them and the new state."""
    from cardcore.rng import Rng

    rng = Rng(state)
    deck = list(range(54)) * 2
    for i in range(DECK - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck, rng.state


class Core(CoreBase):
    """One deal of Tractor: ``Core(cards, speaker, dealer, levels, rng=0)`` (see the module
    docstring). ``returns()`` is the deal's result as ``TractorState.scores()`` gives it with
    ``single_deal=True``: ``+rise`` for both seats of the team that wins the deal, ``-rise`` for
    the others (zeros until the deal is over)."""

    __slots__ = ("cards_of", "dealt", "hist", "burials", "said", "chosen", "finished", "plays",
                 "points", "phase", "turn", "speaker", "dealer0", "dealer_id", "level", "trump_id",
                 "decl_seat", "decl_id", "passes", "first_id", "revealed", "leader",
                 "size", "team_levels", "bonus", "rng", "_ready")

    num_players = 4
    num_distinct_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)

    def __init__(self, cards, speaker, dealer, levels, rng=0) -> None:
        self._ready = False
        deck = _deck_arg(cards)
        sp = _int_arg(speaker, "speaker", 0, 3)
        d = -1 if dealer is None else _int_arg(dealer, "dealer", 0, 3)
        lv = _levels_arg(levels, d)
        st = _int_arg(rng, "rng", 0, _U64)
        #: per seat, the sorted list of its cards
        self.cards_of = [sorted(deck[k * HAND:(k + 1) * HAND]) for k in range(4)]
        self.dealt = deck
        self.hist: list[int] = []
        self.burials: list[int] = []
        self.said: list[tuple[int, int]] = []       # (seat, id) of each declaration action
        self.chosen: list[int] = []
        #: the finished tricks: (leader, plays, winner, points), plays a list of card lists
        self.finished: list[tuple[int, list[list[int]], int, int]] = []
        self.plays: list[list[int]] = []             # the trick in progress: complete plays
        self.points = 0
        self.phase = DECLARING
        self.turn = self.speaker = sp
        self.dealer0 = self.dealer_id = d
        self.team_levels = lv
        self.level = lv[d & 1] if d >= 0 else lv[0]
        self.rng = st
        self.bonus = 0
        self.trump_id = -1
        self.decl_seat = -1
        self.decl_id = 0
        self.passes = 0
        self.first_id = -1
        self.revealed = False
        self.leader = 0
        self.size = 0
        self._ready = True

    # ------------------------------------------------------------------ the contract
    def _player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def _over(self) -> bool:
        return self.phase == OVER

    def _declare_ids(self) -> list[int]:
        rung = _rung(self.decl_id) if self.decl_seat >= 0 else 0
        hand = self.cards_of[self.turn]
        lv = self.level * 4
        out = [PASS]
        if rung < 1:
            out += [ID_DECLARE + s for s in range(4) if hand.count(lv + s)]
        if rung < 2:
            out += [ID_DECLARE + 4 + s for s in range(4) if hand.count(lv + s) == 2]
        if rung < 3 and hand.count(52) == 2:
            out.append(ID_DECLARE + 8)
        if rung < 4 and hand.count(53) == 2:
            out.append(ID_DECLARE + 9)
        return out

    def _legal(self) -> list[int]:
        if self.phase == PLAYING:
            hand = self.cards_of[self.turn]
            if self.plays:
                return K.follow_ids(hand, self.plays[0], self.chosen, self.trump_id, self.level)
            return K.lead_ids(hand, self.trump_id, self.level)
        if self.phase == BURYING:
            return sorted({ID_BURY + c for c in self.cards_of[self.turn]})
        if self.phase == DECLARING:
            return self._declare_ids()
        return []

    def _is_legal(self, i: int) -> bool:
        if not 0 <= i < NUM_ACTIONS:
            return False
        if self.phase == DECLARING:
            return i in self._declare_ids()
        if self.phase == BURYING:
            return ID_BURY <= i < ID_PLAY and (i - ID_BURY) in self.cards_of[self.turn]
        if self.phase != PLAYING or i < ID_PLAY:
            return False
        lead = self.plays[0] if self.plays else None
        return K.play_ok(self.cards_of[self.turn], lead, self.chosen, self.trump_id, self.level, i)

    def _apply(self, i: int) -> None:
        seat = self.turn
        self.hist.append(i)
        if self.phase == DECLARING:
            self._declare(seat, i)
            return
        if self.phase == BURYING:
            c = i - ID_BURY
            self.cards_of[seat].remove(c)
            self.burials.append(c)
            if len(self.burials) == KITTY:
                self.phase = PLAYING
                self.leader = self.turn = self.dealer_id
            return
        if self.plays:
            self._follow(seat, i - ID_PLAY)
            return
        strength = K.table(self.trump_id, self.level)[1]
        cards = sorted(K.play_cards(i), key=lambda c: (strength[c], c))
        for c in cards:
            self.cards_of[seat].remove(c)
        self.size = len(cards)
        self.plays = [cards]
        self.leader = seat
        self.turn = (seat + 1) % 4

    def _returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * 4
        team, rise = self._result()
        return [float(rise if (s & 1) == team else -rise) for s in range(4)]

    def _observe(self, p: int, out) -> None:
        def add(base: int, cards) -> None:
            for c in cards:
                out[base + c] += 1

        add(OBS_HAND, self.cards_of[p])
        for ld, plays, _, _ in self.finished:
            for k, cards in enumerate(plays):
                add(OBS_PLAYED + PLANE * ((ld + k - p) % 4), cards)
        for k, cards in enumerate(self.plays):
            add(OBS_TRICK + PLANE * ((self.leader + k - p) % 4), cards)
        add(OBS_TRICK + PLANE * ((self.turn - p) % 4), self.chosen)
        d = self.dealer_id
        mine = d == p and self.phase in (BURYING, PLAYING)
        if mine or self.revealed:
            add(OBS_KITTY, self.dealt[4 * HAND:])
        if mine:
            add(OBS_BURIED, self.burials)
        if self.decl_seat >= 0:
            add(OBS_DECL_CARDS, _decl_cards(self.decl_id, self.level))
            out[OBS_DECLARER + (self.decl_seat - p) % 4] = 1
            out[OBS_RUNG + _rung(self.decl_id) - 1] = 1
        if self.trump_id >= 0:
            out[OBS_TRUMP + self.trump_id] = 1
        out[OBS_LEVEL + self.level] = 1
        levels = self.levels_after()
        out[OBS_MY_LEVEL + levels[p & 1]] = 1
        out[OBS_THEIR_LEVEL + levels[1 - (p & 1)]] = 1
        if d >= 0:
            out[OBS_DEALER + (d - p) % 4] = 1
            out[OBS_DEFENDING] = 1 if (d & 1) == (p & 1) else 0
        out[OBS_PHASE + self.phase] = 1
        if self.phase == PLAYING:
            out[OBS_LEADER + (self.leader - p) % 4] = 1
        for r in range(4):
            out[OBS_HAND_SIZES + r] = len(self.cards_of[(p + r) % 4]) / 33
        if self.phase != OVER and self.turn == p:
            out[OBS_MY_TURN] = 1
        out[OBS_POINTS] = self.points / 200
        if d >= 0:
            out[OBS_ATTACKER_TRICKS] = sum(1 for t in self.finished
                                           if (t[2] & 1) != (d & 1)) / 25
        if self.phase == DECLARING:
            out[OBS_PASSES] = self.passes / 4
        out[OBS_REVEALED] = 1 if self.revealed else 0
        out[OBS_TRICKS] = len(self.finished) / 25
        out[OBS_PICKED] = len(self.chosen) / 24

    # ------------------------------------------------------------------ moves
    def _declare(self, seat: int, i: int) -> None:
        self.said.append((seat, i))
        if i != PASS:
            if self.first_id < 0:
                self.first_id = seat
            self.decl_seat, self.decl_id = seat, i
            self.passes = 0
            self.turn = (seat + 1) % 4
            return
        self.passes += 1
        if self.decl_seat >= 0 and self.passes == 3:
            self._settle(_decl_trump(self.decl_id))
        elif self.decl_seat < 0 and self.passes == 4:
            self.revealed = True
            self._settle(next(c for c in self.dealt[4 * HAND:] if c < 52) & 3)
        else:
            self.turn = (seat + 1) % 4

    def _settle(self, trump: int) -> None:
        self.trump_id = trump
        if self.dealer_id < 0:           # the first deal
            self.dealer_id = self.first_id if self.first_id >= 0 else self.speaker
        d = self.dealer_id
        self.cards_of[d] = sorted(self.cards_of[d] + self.dealt[4 * HAND:])
        self.phase = BURYING
        self.turn = d

    def _follow(self, seat: int, c: int) -> None:
        self.cards_of[seat].remove(c)
        self.chosen.append(c)
        if len(self.chosen) < self.size:
            return
        self.plays.append(sorted(self.chosen))
        self.chosen = []
        if len(self.plays) < 4:
            self.turn = (seat + 1) % 4
            return
        plays = self.plays
        w = (self.leader + K.trick_winner(plays, self.trump_id, self.level)) % 4
        pts = sum(_POINTS[c] for p in plays for c in p)
        attackers_win = (w & 1) != (self.dealer_id & 1)
        if attackers_win:
            self.points += pts
        self.finished.append((self.leader, plays, w, pts))
        self.plays = []
        self.leader = self.turn = w
        if not self.cards_of[w]:
            self.phase = OVER
            if attackers_win:
                self.bonus = sum(_POINTS[c] for c in self.burials) * 2 * self.size

    # ------------------------------------------------------------------ the deal's result
    def _result(self) -> tuple[int, int]:
        """(the team that wins the deal, the levels it rises); the deal is over."""
        keep, rise = deal_rise(self.points + self.bonus)
        defending = self.dealer_id & 1
        return (defending if keep else 1 - defending), rise

    kitty_bonus: int = field("bonus",
                             doc="The points the attackers add for the kitty: the buried cards' "
                                 "points times twice the cards of each play of the last trick, "
                                 "when they win it (0 until the deal is over).")

    def result(self) -> tuple[int, int, bool] | None:
        """The deal's result once it is over: ``(team, rise, decides_match)``, the team that
        wins it (0: seats 0 & 2), the levels that team rises, and whether the rise takes it
        past A (it wins the match); ``None`` until the deal is over."""
        _live(self)
        if self.phase != OVER:
            return None
        team, rise = self._result()
        return team, rise, self.team_levels[team] + rise > LEVEL_A

    levels: list[int] = field("team_levels", list, "The two teams' levels at the deal's start.")

    def levels_after(self) -> list[int]:
        """The two teams' levels once the deal's result is applied (the winners' rise, at most
        to A); the levels at the start until the deal is over."""
        _live(self)
        out = list(self.team_levels)
        if self.phase == OVER:
            team, rise = self._result()
            out[team] = min(out[team] + rise, LEVEL_A)
        return out

    # ------------------------------------------------------------------ reading
    dealer: int | None = field("dealer_id", seat_or_none)
    trump: int | None = field("trump_id", seat_or_none)
    first_declarer: int | None = field("first_id", seat_or_none)
    ntricks: int = field("finished", len)
    nplays: int = field("plays", len)
    npicked: int = field("chosen", len)

    def hand(self, seat) -> list[int]:
        _live(self)
        return list(self.cards_of[_int_arg(seat, "seat", 0, 3)])

    hand_sizes: Callable[[], list[int]] = reader("cards_of", each(len))

    def kitty(self) -> list[int]:
        """The kitty as dealt."""
        _live(self)
        return self.dealt[4 * HAND:]

    def played(self) -> list[int]:
        _live(self)
        return [c for t in self.finished for p in t[1] for c in p]

    def trick(self) -> list[list]:
        _live(self)
        return [[(self.leader + k) % 4, list(p)] for k, p in enumerate(self.plays)]

    def tricks(self) -> list[dict]:
        _live(self)
        return [{"leader": ld, "plays": [[(ld + k) % 4, list(p)] for k, p in enumerate(plays)],
                 "winner": w, "points": pts} for ld, plays, w, pts in self.finished]

    def trick_winners(self) -> list[int]:
        _live(self)
        return [t[2] for t in self.finished]

    def decl(self) -> list | None:
        _live(self)
        if self.decl_seat < 0:
            return None
        i = self.decl_id
        return [self.decl_seat, _rung(i), _decl_trump(i), _decl_cards(i, self.level)]

    def decls(self) -> list[list]:
        _live(self)
        return [[seat, _decl_text(i, self.level)] for seat, i in self.said]

    hands: Callable[[], list[list[int]]] = reader("cards_of", each(list))
    buried: Callable[[], list[int]] = reader("burials", list)
    picked: Callable[[], list[int]] = reader("chosen", list)
    history: Callable[[], list[int]] = reader("hist", list)

    def copy(self) -> Core:
        return copy_fields(self)

    def export(self) -> list[int]:
        """The whole state as a list of ints (``EXPORT_FIELDS``), then the action ids."""
        _live(self)
        lo, hi = [], []
        for h in self.cards_of:
            a = b = 0
            for c in h:
                if a >> c & 1:
                    b |= 1 << c
                else:
                    a |= 1 << c
            lo.append(a)
            hi.append(b)
        nplayed = sum(len(p) for t in self.finished for p in t[1])
        return [self.phase, self.turn, self.speaker, self.dealer0, self.dealer_id, self.level,
                self.trump_id, self.decl_seat, self.decl_id, self.passes, self.first_id,
                int(self.revealed), self.leader, self.points, len(self.finished),
                len(self.plays), self.size, len(self.chosen), len(self.burials),
                len(self.said), nplayed, len(self.hist), *self.team_levels, self.bonus,
                self.rng, *lo, *hi, *self.dealt, *self.hist]


def from_export(values) -> Core:
    """The ``Core`` whose ``export()`` is ``values`` (rebuilt from the deal and its actions,
    then checked field by field)."""
    v, f = export_fields(values, EXPORT_FIELDS)

    def get(name: str, lo: int, hi: int) -> int:
        return _int_arg(f[name], f"values: {name}", lo, hi)

    d = get("dealer0", -1, 3)
    core = Core([f[f"dealt_{k}"] for k in range(DECK)], get("speaker", 0, 3),
                None if d < 0 else d,
                (get("team_level_0", 0, LEVEL_A), get("team_level_1", 0, LEVEL_A)),
                get("rng", 0, _U64))
    n = get("nhist", 0, MAX_ACTIONS)
    if len(v) != EXPORT_HEAD + n:
        raise CardcoreError(f"values: expected {EXPORT_HEAD + n} ints ({n} actions), "
                            f"got {len(v)}")
    for x in v[EXPORT_HEAD:]:
        i = _int_arg(x, "values: action id", 0, NUM_ACTIONS - 1)
        if not core._is_legal(i) or core._over():
            raise CardcoreError(f"values: action id {i} is not legal where it stands")
        core._apply(i)
    if core.export() != v:
        raise CardcoreError("values: the fields do not match the deal and the actions they list")
    return core


def deal(rng, speaker, dealer, levels) -> Core:
    """A new deal shuffled by the SplitMix64 generator whose state is ``rng`` (the two decks
    ``[0..53, 0..53]`` in ``cardcore.rng.Rng(rng).shuffle`` order, dealt 25 a seat from seat 0,
    then the kitty); the core carries the generator state after the shuffle. ``speaker``,
    ``dealer`` and ``levels`` as for ``Core``."""
    st = _int_arg(rng, "rng", 0, _U64)
    sp = _int_arg(speaker, "speaker", 0, 3)
    d = -1 if dealer is None else _int_arg(dealer, "dealer", 0, 3)
    lv = _levels_arg(levels, d)
    cards, st = _shuffled(st)
    return Core(cards, sp, dealer, lv, st)


def from_seed(seed, level=0, first=None) -> Core:
    """The core ``cardcore.new_game("tractor", seed=seed)`` starts with (``level`` the rank
    index 0..12 of the option ``level``, ``first`` the option ``first``): the first speaker
    drawn from ``Rng(seed)`` (unless ``first`` gives it), then the deal shuffled as by
    ``deal``, the dealer not known yet, both teams at ``level``."""
    st = _int_arg(seed, "seed", 0, _U64)
    lv = _int_arg(level, "level", 0, LEVEL_A)
    if first is None:
        from cardcore.rng import Rng

        rng = Rng(st)
        sp = rng.below(4)
        st = rng.state
    else:
        sp = _int_arg(first, "first", 0, 3)
    return deal(st, sp, None, lv)


__all__ = ["Core", "from_export", "from_seed", "deal", "deal_rise", "NUM_ACTIONS",
           "EXPORT_FIELDS", "EXPORT_HEAD", "OBS_SIZE"]
