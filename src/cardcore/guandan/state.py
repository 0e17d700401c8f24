"""Guandan: four players in two teams (seats 0 & 2, 1 & 3), two decks, a match by levels.

Rules: ``docs/rules/guandan.md``. In brief, as implemented here:

* 108 cards (two decks with their jokers), 27 per player. The deal's level fixes the level
  rank; the two hearts of that rank are wild cards. The first deal is at ``level`` (option,
  default 2, for both teams; ``"2".."A"``, or a number 2..10 naming its rank) and its
  leader is drawn at random (option ``first``).
* Every later deal starts with tribute: last place gives first place its strongest card (not
  a wild card); when the winners took first and second, both opponents pay, the stronger
  tribute going to first place (equal tributes: the payer first in turn order after first
  place gives to first place). Payers holding both Red Jokers cancel the tribute, and first
  place leads. Otherwise each receiver returns a card of its choice to its payer (a non-wild
  2..10, else one of its weakest cards), first place's receiver first; the player who gets
  first place's return leads. Tribute is forced and applied when the deal starts; the returns
  are actions (``"return 5c"``).
* Play: the leader must play, followers may pass; when every other active player has passed,
  the last player to play leads again, or their partner if they have gone out, or else the
  next active player. Finished players are skipped. The deal ends when the third player goes
  out.
* The first finisher's team advances 3, 2 or 1 levels (partner second, third, fourth), capped
  at A; the next deal is played at its new level. A team at A that wins a deal played at A
  with its partner not last wins the match.
* Scores: the match, +1 for the winning team's seats and -1 for the others; with
  ``single_deal=True``, plus and minus the levels the deal's winners advance.

Plays are written as in ``cardcore.guandan.moves`` (ranks, a wild card in brackets, straight
flushes with suits), or as the ranks a play stands for in any order and case (``"kqjt9"``,
``"777"`` for ``77[7]``: taken where one legal play stands for them, else refused listing the
plays that do); a play may also be written as its exact cards, in any order. When those
cards make several legal plays (``3s 4s 5s 6s 7s``: a straight or a straight flush; wild cards
standing for different ranks), name the reading after ``=``: its kind (``"3s 4s 5s 6s 7s =
straight"``, ``"... = straight_flush"``, or ``straight flush``) or, when one kind has several
readings, the reading's notation as the legal list writes it (``"2c 2d 2h 3c 3d = 33[3]22"``).
A kind may also simply follow the cards (``"3s 4s 5s 6s 7s straight"``). ``?`` in ``cardcore
play`` lists the card sets of the legal plays that need it.

Integer actions (``docs/actions/guandan.md``): 0 pass, 1..54 return a card, 55..2409 the
distinct plays of the kernel's play table. A deal lives in the step core, ``state.core``
(``cardcore._fast.guandan_step.Core``: the hands as card counts, the tribute and its returns,
the table, the passes, the plays, the seats out, the teams' levels): its legal ids, ``apply``
and observation tensor (a (512,) float32 vector) are every transition and view of a deal, and
this state is a view over it (``apply`` maps a play to its id and its cards, which the core
applies). The match around the deals stays here: each deal's core is started by the kernel's
``deal`` from the match's generator, the last deal's places (the tribute) and the teams'
levels; the deal records and the match's end are kept here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from .._backend import kernel
from ..cards import Card, check_deck, deck108
from ..engines import match
from ..engines.shedding import PASS, SheddingState, ambiguous
from ..errors import CardcoreError, FormatError, IllegalAction, quote, text_arg
from ..game import action_arg, Action, CoreView, core_field, register
from ..options import Option, level_option, parse_level, single_deal
from .moves import (ID_KINDS, KINDS, RANK_NAMES, action_of, classify, counts_of,
                    id_text, moves_of_counts, natural_rank, strength, text_id, wild_card)

if TYPE_CHECKING:  # the stubs (.pyi) of the compiled kernel
    from .._fast import guandan as _k
    from .._fast import guandan_step as _step
else:
    _k = kernel("guandan")
    _step = kernel("guandan_step")

NUM = 4
HAND = 27
LEVEL_NAMES = RANK_NAMES[:13]   # "2" .. "A"
_CARD = [Card(c) for c in range(54)]
#: the observation tensor's length (``docs/actions/guandan.md``)
OBS_SIZE = _step.OBS_SIZE
#: a hand's sort key per card id: natural rank, then id (``SheddingState._sort``'s order)
_SORT_KEY = [natural_rank(c) * 64 + c for c in range(54)]


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    return seat & 1


def partner(seat: int) -> int:
    return (seat + 2) % NUM


def _kind_word(text: str) -> str | None:
    """The play kind a word names (``straight_flush``, ``straight flush``, ``Straight-Flush``),
    else None."""
    key = "_".join(text.strip().lower().replace("-", " ").replace("_", " ").split())
    return key if key in KINDS else None


def split_reading(text: str) -> tuple[str, str | None]:
    """A written play and the reading it names: ``"3s 4s 5s 6s 7s = straight"`` ->
    ``("3s 4s 5s 6s 7s", "straight")``, ``"... = 33[3]22"`` -> (..., ``"33[3]22"``), a kind
    after the cards (``"3s 4s 5s 6s 7s straight flush"``) -> (..., ``"straight_flush"``);
    ``(text, None)`` when it names none."""
    text = text_arg(text, "play text")
    if "=" in text:
        written, _, reading = text.partition("=")
        reading = reading.strip()
        return written.strip(), (_kind_word(reading) or "".join(reading.split())) or None
    words = text.split()
    for n in (2, 1):
        if len(words) > n:
            kind = _kind_word(" ".join(words[-n:]))
            if kind is not None:
                return " ".join(words[:-n]), kind
    return text, None


def reading_fits(action: Action, reading: str) -> bool:
    """Whether a play is the reading named: its kind, or its notation (any case; the jokers
    also as ``BJ``/``RJ``)."""
    action, reading = action_arg(action), text_arg(reading, "reading")
    if reading in KINDS:
        return action.kind == reading
    want = reading.lower().replace("bj", "b").replace("rj", "r")
    return action.text.lower() == want


def reading_names(readings: list[Action]) -> list[str]:
    """How to name each of several readings of one card set: its kind where that kind has one
    reading among them, else its notation."""
    kinds = [a.kind for a in readings]
    return [a.kind if kinds.count(a.kind) == 1 else a.text for a in readings]


def ambiguous_sets(legal: list[Action]) -> list[tuple[tuple[Card, ...], list[Action]]]:
    """The card sets of ``legal`` that several legal plays share (in list order), each with
    its readings: the plays whose exact cards need ``= reading`` when written as cards."""
    by_cards: dict[tuple[int, ...], list[Action]] = {}
    for a in legal:
        if a.cards:
            by_cards.setdefault(tuple(sorted(int(c) for c in a.cards)), []).append(a)
    return [(tuple(Card(c) for c in key), acts) for key, acts in by_cards.items()
            if len(acts) > 1]


_RANK_LETTERS = frozenset("23456789TJQKABR")


def rank_letters(text: str) -> str | None:
    """The ranks of a play written as ranks in any order and any case (``"9tjqk"``,
    ``"K Q J 10 9"``, ``"BJ BJ"``), as sorted letters; ``None`` when ``text`` is not rank text."""
    t = "".join(text_arg(text, "rank text").split()).upper()
    t = t.replace("10", "T").replace("BJ", "B").replace("RJ", "R")
    if not t or not set(t) <= _RANK_LETTERS:
        return None
    return "".join(sorted(t))


def stands_for(action: Action) -> str:
    """The ranks a listed play stands for, as sorted letters: its notation without the
    brackets of wild cards and the suits of a straight flush (``"3h4h5h6h7h"`` -> ``"34567"``,
    ``"77[7]"`` -> ``"777"``)."""
    return "".join(sorted(ch for ch in action_arg(action).text if ch not in "[]cdhs"))


def tribute_card(hand: list[int], level: int) -> int:
    """The card a payer must give: its strongest, not counting the heart-level wild cards
    (of equal cards, the lowest id)."""
    wild = wild_card(level)
    pool = [c for c in hand if c != wild]
    return max(pool, key=lambda c: (strength(c, level), -c))


def return_choices(hand: list[int], level: int) -> list[int]:
    """The cards a receiver may give back: a non-wild card ranked 2..10, else one of its
    weakest cards (distinct ids, ascending)."""
    wild = wild_card(level)
    low = sorted({c for c in hand if c < 52 and c != wild and (c >> 2) <= 8})
    if low:
        return low
    weakest = min(strength(c, level) for c in hand)
    return sorted({c for c in hand if strength(c, level) == weakest})


def _editable(name: str, core_name: str, doc: str, *, call: bool = False) -> Any:
    """A field of the deal read from the core (``core_field``) that may be set, to set up a
    position: ``GuandanState._edit`` makes the core again with ``name`` replaced."""
    def edit(state: GuandanState, value: Any) -> None:
        state._edit(**{name: value})
    return core_field(core_name, doc, call=call).setter(edit)


def _kept(name: str, doc: str) -> Any:
    """A record of the deal's moves read from the core (its method ``name``), which only the
    core's moves change: setting it raises ``CardcoreError``."""
    def refuse(state: GuandanState, value: Any) -> None:
        raise CardcoreError(f"guandan: the {name} of a deal are kept by its core (they follow "
                            "from its moves)")
    return core_field(name, doc, call=True).setter(refuse)


@register
class GuandanState(CoreView, SheddingState):
    GAME = "guandan"
    NUM_PLAYERS = NUM
    AI_AGENT = "cardcore.agents.guandan:GuandanAI"
    CORE = "guandan_step"
    core: _step.Core  # (``State.core``: this game's core type)
    OPTIONS = {
        "level": level_option("the level both teams start at (the first deal's level)"),
        "first": Option("seat", None, "the seat that leads the first deal (default: drawn at "
                        "random)", low=0, high=3, none=True),
        "single_deal": single_deal(),
    }
    TRANSIENT = ("_legal_cache",)
    RANK = staticmethod(natural_rank)
    # the match bookkeeping, kept by ``engines.match``
    single_deal: bool
    deal_no: int
    past: list[dict]

    # ------------------------------------------------------------ setup
    def _setup(self, deck: list[int] | None, *, level: str = "2", first: int | None = None,
               single_deal: bool = False) -> None:
        start = parse_level(level)
        match.start_match(self, single_deal=single_deal)
        self.winner_team: int | None = None
        cards = None
        if deck is not None:
            cards = [int(c) for c in check_deck(deck, deck108(), "guandan")]
        self._start_deal(start, deck=cards, first=first)

    def _start_deal(self, level: int, *, deck: list[int] | None = None,
                    first: int | None = None, previous: list[int] | None = None,
                    levels: list[int] | None = None) -> None:
        """A new deal at ``level`` in a new core, dealt from the match's generator (the first
        deal's leader drawn unless ``first``; a later deal's tribute paid from the last deal's
        places, ``previous``); the generator goes on from the core's state after its draws."""
        match.begin_deal(self)
        self._core = _step.deal(self.rng_state, level, deck=deck, first=first,
                                previous=previous, levels=levels)
        self.rng_state = self._core.rng_state

    def _sort(self, cards) -> list[int]:
        return sorted(map(int, cards), key=_SORT_KEY.__getitem__)

    # ------------------------------------------------------------ imagined positions
    @classmethod
    def position(cls, hands: list[list[int]], *, level: int, turn: int,
                 places: list[int] | tuple = (), table: dict | None = None,
                 passes: int = 0) -> GuandanState:
        """A one-deal state at a given position: ``hands`` (card ids per seat), the level
        index, the seat to act, the seats already out, the table (as in an observation:
        ``{"seat", "kind", "text", "cards", "key"}``) and the passes since it was played.
        For search: an agent deals the cards it cannot see and plays on by the rules. Such a
        state was not reached by play from a deal, so it cannot be saved (``to_json``)."""
        s = cls(seed=0, level=LEVEL_NAMES[level], first=turn, single_deal=True)
        on_table = None
        if table is not None:
            i = text_id(table["text"])
            if i is None or ID_KINDS[i] != table["kind"]:
                raise CardcoreError(f"guandan: the table's play {table['text']!r} is no play")
            on_table = (table["seat"], i, [int(c) for c in table["cards"]])
        s._core = _step.Core(hands, level, turn, places, on_table,
                             passes if table is not None else 0)
        s._start["position"] = True
        return s

    def to_json(self) -> str:
        if self._start.get("position"):
            raise FormatError("guandan: a state built by GuandanState.position was not reached "
                              "by play from a deal and cannot be saved")
        return super().to_json()

    # ------------------------------------------------------------ the deal (read from the core)
    turn: int = _editable("turn", "current_player",
                          "The seat to act (``None`` once the match is over).")
    phase: Final[str] = core_field(
        "phase", '``"return"`` while a tribute return is due, ``"play"``, or ``"over"`` once the '
        "match is over (the deal's core is over only then: a finished deal starts the next).")
    levels: list[int] = _editable(
        "levels", "new_levels", "The two teams' levels (team 0 is seats 0 and 2): the ones the "
        "deal is played at, the winners' advanced once the match is over.")

    @property
    def tribute(self) -> list[dict]:
        """``{"from", "to", "card", "returned"}`` of each tribute this deal (``returned`` is
        ``None`` until the receiver gives a card back)."""
        return [{"from": p, "to": r, "card": c, "returned": back}
                for p, r, c, back in self._core.tribute()]

    tribute_cancelled: Final[bool] = core_field(
        "tribute_cancelled", "Whether this deal's payers held both Red Jokers (no tribute).")

    @property
    def returns_due(self) -> list[int]:
        """The receivers still to return a card, in order."""
        return [r for _, r, _, back in self._core.tribute() if back is None]

    level: int = _editable("level", "level",
                           "The level rank index (0..12) of the deal being played.")
    hands: list[list[int]] = _editable("hands", "hands",
                                       "The cards of each seat, sorted by natural rank.", call=True)
    table: list | None = _editable(
        "table", "table", "``[seat, kind, text, cards, key]`` of the play to beat, ``None`` when "
        "the seat to act leads.", call=True)
    passes: int = _editable("passes", "passes", "Passes since the play on the table.")
    plays: list[list] = _kept("plays", "``[seat, kind, text, cards]`` of every play of this deal.")
    played: list[list[int]] = _kept("played", "Per seat, the cards it played this deal.")
    passes_on: list[list[int]] = _kept("passes_on",
                                       "``[seat, index in plays]`` of every pass of this deal.")
    places: list[int] = _editable("places", "places",
                                  "The seats in the order they went out, this deal.", call=True)

    def _edit(self, **changes: Any) -> None:
        """Set up a position by hand (tests, analysis): the core with ``hands``, ``level``,
        ``turn``, ``levels``, ``table`` (``[seat, kind, text, cards, key]`` or ``None``, which
        also clears the passes), ``passes`` or ``places`` replaced, the plays so far kept."""
        fields = _step.EXPORT_FIELDS
        v = self._core.export()
        f = dict(zip(fields, v))
        head = len(fields)
        tcards, tail = v[head:head + f["tn"]], v[head + f["tn"]:]
        if "hands" in changes:
            counts = [[0] * 54 for _ in range(NUM)]
            for seat, hand in enumerate(changes["hands"]):
                for c in hand:
                    counts[seat][int(c)] += 1
            f.update((f"count_{s}_{c}", counts[s][c]) for s in range(NUM) for c in range(54))
        if "level" in changes:
            f["level"] = changes["level"]
        if "turn" in changes:
            f["turn"] = changes["turn"]
        if "levels" in changes:
            f["level_0"], f["level_1"] = changes["levels"]
        if "places" in changes:
            places = list(changes["places"])
            f["nplaces"] = len(places)
            f.update((f"place_{k}", places[k] if k < len(places) else -1) for k in range(4))
        if "table" in changes:
            table = changes["table"]
            if table is None:
                f.update(tseat=0, tid=0, tn=0, passes=0)
                tcards = []
            else:
                i = text_id(table[2])
                if i is None or ID_KINDS[i] != table[1]:
                    raise CardcoreError(f"guandan: the table's play {table[2]!r} is no play")
                tcards = [int(c) for c in table[3]]
                f.update(tseat=table[0], tid=i, tn=len(tcards))
        if "passes" in changes:
            f["passes"] = changes["passes"]
        self._core = _step.from_export([f[k] for k in fields] + tcards + tail)

    # ------------------------------------------------------------ protocol hooks
    def _legal_actions(self) -> list[Action]:
        core = self._core
        if core.phase == "return":
            return [self._return_action(i) for i in core.legal_ids()]
        key = self.table_key
        beat = None if key is None else tuple(key)
        hand = counts_of(core.hand(core.turn))
        out = [action_of(m) for m in moves_of_counts(hand, self.level, beat)]
        if key is not None:
            out.append(PASS)
        return out

    @property
    def table_key(self) -> list[int] | None:
        """The key ``[kind, rank, length]`` of the play to beat (``None`` when the player to
        act leads)."""
        table = self._core.table()
        return None if table is None else table[4]

    def _resolve(self, action: Action | str) -> Action:
        if self.phase == "play":
            foreign = self._resolve_foreign(action)
            if foreign is not None:
                return foreign
            if isinstance(action, str):
                legal = self._legal_actions()
                cards = self._written_cards(action, legal)
                if cards is not None:
                    return self._resolve_written(action, cards, legal)
                written, reading = split_reading(action)
                if reading is not None:
                    cards = self._written_cards(written, [])
                    if cards is None:
                        raise IllegalAction(
                            f"action {action!r}: {written.strip()!r} is not a list of cards (a "
                            "reading is named after the exact cards, e.g. '3s 4s 5s 6s 7s = "
                            "straight')")
                    return self._resolve_written(action, cards, legal, reading)
                by_ranks = self._resolve_ranks(action, legal)
                if by_ranks is not None:
                    return by_ranks
        return super()._resolve(action)

    def _resolve_cards(self, text: str, cards: list[int], legal: list[Action]) -> Action:
        """Exact cards of an unlisted ``Action`` (the engine's ``_resolve_foreign``: other suits
        than the listed play's, as a log or another program may hold them; ``legal``: the
        listed plays of its kind) read as Guandan reads them, a heart level card wild and any
        other not (``_readings_now``), ``text`` breaking a tie between readings. (The engine's
        reading by ranks alone would take a plain level card for the wild one: ``2s`` at level
        2 would be both ``2`` and ``[2]``.)"""
        kinds = {a.kind for a in legal}
        hits = [a for a in self._readings_now(text, cards) if a.kind in kinds]
        if len(hits) > 1:
            hits = [a for a in hits if a.text == text] or hits
        if not hits:
            return self._no_such(text, legal)
        if len(hits) > 1:
            raise ambiguous(text, hits)
        return hits[0]

    def _resolve_ranks(self, text: str, legal: list[Action]) -> Action | None:
        """A play written as the ranks it stands for, in any order and any case (``"kqjt9"``
        for ``9TJQK``, ``"777"`` for ``77[7]``): the one legal play standing for those ranks;
        several are refused, listing them. A listed play's own text with spaces (``"3 3"``)
        is that play; ``None`` when the text is not rank text or names no legal play."""
        key = "".join(text.split()).lower()
        if any("".join(a.text.split()).lower() == key for a in legal):
            return next((a for a in legal if a.text.lower() == key), None)
        want = rank_letters(text)
        if want is None:
            return None
        hits = [a for a in legal if a.cards and stands_for(a) == want]
        if len(hits) > 1:
            raise IllegalAction(
                f"action {quote(text, 120)} is ambiguous: it can be read as "
                + ", ".join(f"{a.kind} ({a.text})" for a in hits) + "; type the one you mean: "
                + " or ".join(repr(a.text) for a in hits))
        return hits[0] if hits else None

    def _readings_now(self, text: str, cards: list[int]) -> list[Action]:
        """Every reading of exactly ``cards`` (from the hand) that is legal now."""
        hand = self._core.hand(self._core.turn)
        for c in cards:
            if c not in hand:
                raise IllegalAction(f"action {quote(text, 120)}: {Card(c)} is not in seat "
                                    f"{self.turn}'s hand")
            hand.remove(c)
        beat = self.table_key
        return [action_of(m) for m in classify(cards, LEVEL_NAMES[self.level])
                if beat is None or m.beats(beat)]

    def _resolve_written(self, text: str, cards: list[int], legal: list[Action],
                         reading: str | None = None) -> Action:
        """A play written as its exact cards, maybe with its reading named (``split_reading``):
        every reading of those cards that is legal now (and fits the name); one is taken,
        several are refused saying how to name each."""
        hits = self._readings_now(text, cards)
        if not hits:
            return self._no_such(text, legal)
        if reading is not None:
            fit = [a for a in hits if reading_fits(a, reading)]
            if not fit:
                raise IllegalAction(
                    f"action {text!r}: these cards cannot be played as {reading!r} now; they "
                    "can be played as " + ", ".join(f"{a.kind} ({a.text})" for a in hits))
            hits = fit
        if len(hits) > 1:
            written = split_reading(text)[0] if reading is not None else text.strip()
            raise IllegalAction(
                f"action {quote(text, 120)} is ambiguous: it can be read as "
                + ", ".join(f"{a.kind} ({a.text})" for a in hits) + "; name the reading: "
                + " or ".join(repr(f"{written} = {r}") for r in reading_names(hits)))
        return hits[0]

    def _apply(self, action: Action) -> None:
        # action -> (id, cards) -> core
        self._core.apply_cards(self._id_of(action), [int(c) for c in action.cards])
        if self._core.is_over:
            self._end_deal()

    # ------------------------------------------------------------ integer actions
    @staticmethod
    def _return_action(i: int) -> Action:
        card = _CARD[i - 1]
        return Action("return", f"return {card}", (card,))

    def _id_of(self, action: Action) -> int:
        if action.kind == "pass":
            return 0
        if action.kind == "return":
            return 1 + int(action.cards[0])
        i = text_id(action.text)
        if i is None or ID_KINDS[i] != action.kind:
            raise IllegalAction(f"action {str(action)!r}: no Guandan play id")
        return i

    def _action_of_id(self, i: int) -> Action:
        if i == 0:
            return PASS
        core = self._core
        if core.phase == "return":
            return self._return_action(i)
        cards, key = _k.take(core.hand(core.turn), core.level, i)
        return Action(KINDS[key[0]], id_text(i), tuple(_CARD[c] for c in cards), None,
                      tuple(key))

    def _describe_id(self, i: int) -> str:
        return id_text(i)

    def _apply_id(self, i: int) -> None:
        core = self._core
        seat = core.turn
        returning = core.phase == "return"
        core.apply(i)
        if returning:
            self.log.append([seat, "return", f"return {_CARD[i - 1]}", [i - 1], None, []])
            return
        if i == 0:
            self.log.append([seat, "pass", "pass", [], None, []])
        else:
            table = core.table()
            assert table is not None        # (a play is on the table right after it)
            _, kind, text, cards, key = table
            self.log.append([seat, kind, text, cards, None, key])
        if core.is_over:
            self._end_deal()

    # ------------------------------------------------------------ end of a deal
    def _end_deal(self) -> None:
        core = self._core
        places = core.places()
        first = places[0]
        team = team_of(first)
        advance = core.advance                          # 3, 2, 1: partner 2nd, 3rd, last
        won_match = core.levels[team] == 12 and core.level == 12 and advance != 1
        levels = core.new_levels
        record = {
            "deal": self.deal_no, "level": LEVEL_NAMES[core.level], "places": list(places),
            "winners": [first, partner(first)], "advance": advance,
            "levels": [LEVEL_NAMES[x] for x in levels],
            "tribute": self.tribute,
            "tribute_cancelled": self.tribute_cancelled,
        }
        if won_match:
            self.winner_team = team
        if match.end_deal(self, record, decided=won_match):
            if self.winner_team is None:
                self.winner_team = team
            return                          # (the core is over: no seat to act)
        self._start_deal(levels[team], previous=places, levels=levels)

    def _scores(self) -> tuple[float, ...]:
        if self.single_deal:
            return self._core.returns()     # plus and minus the winners' advance
        team = self.winner_team
        return tuple(1.0 if team_of(s) == team else -1.0 for s in range(NUM))

    # ------------------------------------------------------------ views
    @property
    def wild(self) -> int:
        """The card id of the deal's wild cards (the heart of the level rank)."""
        return wild_card(self.level)

    def _observation(self, player: int) -> dict:
        over = self.phase == "over"
        hands, table = self.hands, self.table
        return {
            "team": team_of(player),
            "phase": self.phase,
            "deal": self.deal_no,
            "level": LEVEL_NAMES[self.level],
            "team_levels": [LEVEL_NAMES[x] for x in self.levels],
            "wild": self.wild,
            "hand": hands[player],
            "card_counts": [len(h) for h in hands],
            "turn": None if over else self.turn,
            "places": self.places,
            "tribute": [dict(r) for r in self.tribute],
            "tribute_cancelled": self.tribute_cancelled,
            **self._table_view(),
            "table": None if table is None else {
                "seat": table[0], "kind": table[1], "text": table[2], "cards": table[3],
                "key": table[4]},
            "past": [dict(r) for r in self.past],
            "scores": list(self._scores()) if over else None,
        }


__all__ = ["GuandanState", "team_of", "partner", "parse_level", "tribute_card",
           "return_choices", "LEVEL_NAMES"]
