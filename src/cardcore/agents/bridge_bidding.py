"""A natural bidding system for the Bridge AI, written as readable rules.

Every rule is a :class:`Rule`: a call and what it promises (a high-card point range, a total
point range, suit lengths, balanced shape). In each situation of the auction the system lists
its rules in priority order. To *choose* a call, the first rule the hand satisfies (and whose
call is legal) wins. To *read* a call (partner's, or an opponent's), the first rule naming that
call tells what it showed. One table serves both directions, so a partner following the same
rules understands every call, and the card-play AI samples hidden hands that fit the bidding.

Hand evaluation: high-card points (A 4, K 3, Q 2, J 1); *total points* add one for each card
beyond four in a suit. Balanced = 4333, 4432 or 5332.

The system card, call by call, is ``docs/bridge-bidding.md``. In short (suits by letter,
M = a major, m = a minor):

* Openings: 2C with 22+ (artificial, strong); 2NT 20-21 balanced; 1NT 15-17 balanced; one of
  a suit with 12+ total points (a 5-card major, else the longer minor, 1D with 4-4); weak two
  (2D/2H/2S) with a 6-card suit and 6-10 HCP; a three-level preempt with 7 cards and 5-10 HCP.
* Responses to 1 of a suit: a raise (6-9 simple, 10-12 jump, 13+ game in a major), a new
  suit (4+ cards at the one level with 6+, 5+ cards at the two level with 11+), 1NT 6-10,
  2NT 11-12 balanced, 3NT 13-15 balanced.
* Over 1NT: Jacoby transfers (2D shows hearts, 2H spades; 5+ cards), Stayman 2C (a 4-card
  major, 8+ HCP), 2NT invitation (8-9), 3NT (10-15), 6NT (18-19). Opener completes transfers
  and answers Stayman (2D none, 2H four hearts, 2S four spades).
* Over 2C: 2D waiting; opener then shows 2NT (22-24 balanced), 3NT (25-27) or the long suit.
* After the first round our side *places the contract*: with a known 8-card fit in a major
  play there, else no trump when balanced, else a minor fit or the longest suit; the level
  comes from the combined points (24 game, 31 small slam in a suit, 33 in no trump, 37 grand
  slam; 29 for a minor game).
* Competition: overcalls with a 5-card suit (8-16 HCP at the one level, 10-16 at the two
  level), 1NT overcall 15-18 balanced, takeout double (12+ HCP, at most two cards in their
  suit, 3+ in each unbid major), the doubler's partner answers in the best unbid suit;
  penalty doubles when our side holds the majority of the points and a trump stack behind the
  opponents' contract; otherwise pass. After partner's one of a suit and their overcall:
  raises, new suits, no trump with their suit held and negative doubles; the opener answers
  a negative double and reopens with a double in the pass-out seat. Balancing overcalls and
  doubles take three points less.
* Slams: when the placement reaches a suit slam, 4NT asks for aces (5C 0/4, 5D 1, 5H 2,
  5S 3); the asker places the contract (five with two aces missing, six with one, seven with
  none and 37 points) and the answering hand passes.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, field

from ..bridge.auction import BIDS, Auction, bid_index, bid_level, bid_strain, is_bid
from ..bridge.seats import HAND_SUITS, SUITS
GAME_POINTS = 24  # combined points for a game in no trump or a major
SLAM_POINTS = 31  # combined points for a small slam in a suit fit
NT_SLAM_POINTS = 33  # combined high-card points for a small slam in no trump
GRAND_POINTS = 37  # combined points for a grand slam
MINOR_GAME_POINTS = 29  # combined points for five of a minor
EXTRA_PER_TRUMP = 1  # fit length beyond eight cards, in points
EST_SPAN = 6  # partner's points are estimated in the lowest EST_SPAN + 1 of the shown range
HCP = {12: 4, 11: 3, 10: 2, 9: 1}
"""High-card points by rank index: A 4, K 3, Q 2, J 1."""


# ---------------------------------------------------------------- hand evaluation

@dataclass(frozen=True)
class Hand:
    """What the system needs to know about 13 cards."""

    hcp: int
    lengths: tuple[int, int, int, int]  # clubs, diamonds, hearts, spades
    honors: tuple[int, int, int, int]  # A/K/Q count per suit

    @classmethod
    def of(cls, cards) -> Hand:
        lengths = [0, 0, 0, 0]
        honors = [0, 0, 0, 0]
        hcp = aces = 0
        for c in cards:
            c = int(c)
            s, r = c & 3, c >> 2
            lengths[s] += 1
            hcp += HCP.get(r, 0)
            aces += r == 12
            if r >= 10:
                honors[s] += 1
        return cls(hcp, (lengths[0], lengths[1], lengths[2], lengths[3]),
                   (honors[0], honors[1], honors[2], honors[3]), aces)

    aces: int = 0

    @property
    def points(self) -> int:
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

    @property
    def balanced(self) -> bool:
        shape = sorted(self.lengths)
        return shape in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])

    def length(self, suit: str) -> int:
        return self.lengths[SUITS.index(suit)]


# ---------------------------------------------------------------- rules and pictures

@dataclass(frozen=True)
class Rule:
    """A call and what it promises."""

    call: str
    hcp: tuple[int, int] = (0, 40)
    pts: tuple[int, int] = (0, 40)
    minlen: dict = field(default_factory=dict)  # suit letter -> at least
    maxlen: dict = field(default_factory=dict)  # suit letter -> at most
    balanced: bool | None = None
    text: str = ""
    aces: tuple[int, int] = (0, 4)

    def __post_init__(self) -> None:
        for s in (*self.minlen, *self.maxlen):
            if s not in SUITS:  # a strain such as "N" has no length: a bug in a rule table
                raise ValueError(f"rule {self.call} ({self.text}): suit {s!r} is not one of "
                                 f"{SUITS}")

    def fits(self, h: Hand) -> bool:
        if not self.aces[0] <= h.aces <= self.aces[1]:
            return False
        if not self.hcp[0] <= h.hcp <= self.hcp[1]:
            return False
        if not self.pts[0] <= h.points <= self.pts[1]:
            return False
        for s, n in self.minlen.items():
            if h.length(s) < n:
                return False
        for s, n in self.maxlen.items():
            if h.length(s) > n:
                return False
        return self.balanced is None or h.balanced == self.balanced


@dataclass
class Picture:
    """What the auction has shown about one hand: HCP range and suit-length ranges."""

    hcp_lo: int = 0
    hcp_hi: int = 37
    minlen: list = field(default_factory=lambda: [0, 0, 0, 0])
    maxlen: list = field(default_factory=lambda: [13, 13, 13, 13])
    balanced: bool | None = None
    opened: bool = False
    aces: tuple[int, int] = (0, 4)

    def add(self, rule: Rule) -> None:
        if rule.aces != (0, 4):
            self.aces = rule.aces
        # total points promise HCP too: at most 3 of them come from length
        lo = max(self.hcp_lo, rule.hcp[0], rule.pts[0] - 3)
        hi = min(self.hcp_hi, rule.hcp[1])
        # total points bound HCP from above too (HCP <= total points)
        hi = min(hi, rule.pts[1])
        if lo <= hi:
            self.hcp_lo, self.hcp_hi = lo, hi
        for s, n in rule.minlen.items():
            i = SUITS.index(s)
            if n <= self.maxlen[i]:
                self.minlen[i] = max(self.minlen[i], n)
        for s, n in rule.maxlen.items():
            i = SUITS.index(s)
            if n >= self.minlen[i]:
                self.maxlen[i] = min(self.maxlen[i], n)
        if rule.balanced is not None:
            self.balanced = rule.balanced

    @property
    def est(self) -> int:
        """A working estimate of the points: a little above the minimum shown."""
        hi = min(self.hcp_hi, self.hcp_lo + EST_SPAN)
        return (self.hcp_lo + hi + 1) // 2


def _bid(level: int, strain: str) -> str:
    return f"{level}{'NT' if strain == 'N' else strain}"


def _cheapest(strain: str, above: str | None) -> str | None:
    """The cheapest bid in ``strain`` above bid ``above`` (None if beyond 7)."""
    for b in BIDS:
        if bid_strain(b) == strain and (above is None or bid_index(b) > bid_index(above)):
            return b
    return None


def _suit_bids(strains: Iterable[str], skip: Container[str], above: str
               ) -> Iterator[tuple[str, str, str | None]]:
    """Each of ``strains`` (in that order) not in ``skip`` with a bid left above ``above``: the
    strain, its cheapest bid and, when that is at the one or two level, the jump one level
    higher if it is at most at the three level (else None)."""
    for s in strains:
        if s in skip:
            continue
        b = _cheapest(s, above)
        if b is None:
            continue
        jump = _cheapest(s, b)
        yield s, b, (jump if bid_level(b) <= 2 and jump and bid_level(jump) <= 3 else None)


# ---------------------------------------------------------------- the situations

class Context:
    """The auction seen from the seat about to call, with the pictures of all four hands."""

    def __init__(self, auction: Auction, pictures: list[Picture]) -> None:
        self.a = auction
        me = auction.next_seat
        assert me is not None, "the auction is over: no seat is to call"
        self.me = me
        self.pa = (self.me + 2) % 4
        self.pics = pictures
        self.calls = [(auction.seat_of(i), c) for i, c in enumerate(auction.calls)]
        self.bids = [(s, c) for s, c in self.calls if is_bid(c)]
        self.last = auction.last_bid
        self.last_bidder = auction.last_bidder     # (``None`` exactly when ``last`` is)
        self.doubled = auction.doubled

    def ours(self, seat: int) -> bool:
        return seat % 2 == self.me % 2

    @property
    def our_bids(self) -> list[tuple[int, str]]:
        return [(s, c) for s, c in self.bids if self.ours(s)]

    @property
    def their_calls(self) -> list[tuple[int, str]]:
        return [(s, c) for s, c in self.calls if not self.ours(s) and c != "pass"]

    def calls_of(self, seat: int) -> list[str]:
        return [c for s, c in self.calls if s == seat]

    @property
    def opening(self) -> tuple[int, str] | None:
        return self.bids[0] if self.bids else None


def rules_for(ctx: Context) -> list[Rule]:
    """The rules of this situation, in priority order (always ending with a pass rule)."""
    out: list[Rule] = []
    op = ctx.opening
    mine = [c for c in ctx.calls_of(ctx.me) if c != "pass"]
    partner = [c for c in ctx.calls_of(ctx.pa) if c != "pass"]
    theirs = ctx.their_calls

    ask = _ace_ask(ctx)
    if ask is not None:  # our side asked for aces: the asker is the captain
        out += _ace_ask_rules(ctx, *ask)
    elif op is None:
        out += _openings()
    elif not theirs:
        # uncontested: our side only
        if op[0] == ctx.pa and not mine and len(partner) == 1:
            out += _responses(op[1], ctx)
        elif op[0] == ctx.me and len(mine) == 1 and len(partner) == 1:
            out += _opener_rebids(op[1], partner[0], ctx)
        elif (op[0] == ctx.pa and len(mine) == 1 and len(partner) == 2
              and ctx.calls_of(ctx.pa)[0] == op[1] and op[1] == "1NT"
              and mine[0] in ("2C", "2D", "2H")):
            out += _after_1nt_convention(mine[0], partner[1], ctx)
        out += _placement(ctx)
    else:
        reopen = (op[0] == ctx.me and len(mine) == 1 and not partner
                  and ctx.a.passes_at_end == 2 and bid_level(op[1]) == 1
                  and bid_strain(op[1]) != "N" and ctx.last is not None
                  and ctx.last_bidder is not None and not ctx.ours(ctx.last_bidder)
                  and bid_strain(ctx.last) != "N" and bid_level(ctx.last) <= 2
                  and not ctx.doubled)
        negative = (op[0] == ctx.pa and not mine and len(partner) == 1
                    and bid_level(op[1]) == 1 and bid_strain(op[1]) != "N"
                    and ctx.last is not None and ctx.last != op[1]
                    and bid_strain(ctx.last) != "N" and bid_level(ctx.last) <= 2)
        if reopen:  # (the double here is for takeout: no penalty double first)
            out += _reopening(op[1], ctx)
        elif not negative:  # (doubles of a low overcall are negative)
            out += _penalty_double(ctx)
        if reopen:
            pass
        elif not ctx.our_bids and not mine and not partner:
            if op[0] % 2 != ctx.me % 2:
                out += _overcalls(op[1], ctx)
        elif (partner in (["X"], [op[1], "X"]) and not mine and ctx.last_bidder is not None
              and not ctx.ours(ctx.last_bidder) and ctx.doubled == 1):
            out += _answer_takeout(ctx)   # partner's takeout (or reopening) double
        elif op[0] == ctx.pa and not mine and len(partner) == 1 and bid_level(op[1]) == 1 \
                and bid_strain(op[1]) != "N":
            out += _contested_responses(op[1], ctx)
        elif (op[0] == ctx.me and len(mine) == 1 and partner == ["X"] and len(ctx.bids) == 2
              and bid_level(op[1]) == 1 and bid_strain(op[1]) != "N" and ctx.last is not None
              and bid_strain(ctx.last) != "N" and bid_level(ctx.last) <= 2):
            out += _after_negative_double(op[1], ctx)
        if ctx.our_bids:
            out += _placement(ctx)
    out.append(Rule("pass", text="nothing better"))
    return out


# ---------------------------------------------------------------- ace asking (Blackwood)

def _four_nt_asks(ctx: Context) -> bool:
    """Is 4NT, bid now by the seat to call, an ace ask? Yes when partner's last bid named a
    suit (after partner's no trump bid 4NT invites a no-trump slam instead)."""
    for s, c in reversed(ctx.bids):
        if s == ctx.pa:
            return bid_strain(c) != "N"
    return False


def _ace_ask(ctx: Context) -> tuple[int, int] | None:
    """(seat, call index) of our side's 4NT ace ask in this auction, if any."""
    for i, (s, c) in enumerate(ctx.calls):
        if c == "4NT" and ctx.ours(s):
            before = Context(Auction(ctx.a.dealer, ctx.a.calls[:i]), ctx.pics)
            if _four_nt_asks(before):
                return s, i
    return None


ACE_ANSWERS = [
    Rule("5C", aces=(0, 0), text="no ace (or four)"),
    Rule("5D", aces=(1, 1), text="one ace"),
    Rule("5H", aces=(2, 2), text="two aces"),
    Rule("5S", aces=(3, 3), text="three aces"),
    Rule("5C", aces=(4, 4), text="four aces"),
]


def _ace_ask_rules(ctx: Context, asker: int, i: int) -> list[Rule]:
    after = ctx.calls[i + 1:]
    if asker == ctx.pa:
        if len(after) == 1 and after[0][1] == "pass":  # partner asked, RHO passed: answer
            return list(ACE_ANSWERS)
        return [Rule("pass", text="the asker places the contract")]
    # I asked: place the contract once partner has answered, then leave it there
    if any(s == ctx.me for s, _ in after):
        return [Rule("pass", text="the contract is placed")]
    answer = next((c for s, c in after if s == ctx.pa), None)
    if answer in ("5C", "5D", "5H", "5S") and all(c == "pass" for s, c in after
                                                   if s != ctx.pa):
        return [Rule("__after_ask__")]
    return [Rule("__place__")]


def _after_answer(ctx: Context, h: Hand) -> str:
    """The asker's contract after partner's answer: five of the suit with two aces missing,
    six with one, seven with none and the points for a grand slam."""
    p = ctx.pics[ctx.pa]
    theirs = 4 if p.aces == (0, 0) and h.aces == 0 else p.aces[0]
    missing = 4 - h.aces - theirs
    strain = _strain_for(ctx, h)
    pts = h.points + p.est
    level = 5 if missing >= 2 else 6 if missing == 1 or pts < GRAND_POINTS else 7
    legal = set(ctx.a.legal_calls())
    tries = [_bid(5, strain), "5NT"] if level == 5 else [_bid(level, strain)]
    if level == 6:
        tries.append("6NT")
    return next((t for t in tries if t in legal), "pass")


# ---------------------------------------------------------------- the tables

def _openings() -> list[Rule]:
    return [
        Rule("2C", pts=(22, 40), text="strong, artificial"),
        Rule("2NT", hcp=(20, 21), balanced=True, text="20-21 balanced"),
        Rule("1NT", hcp=(15, 17), balanced=True, text="15-17 balanced"),
        Rule("1S", pts=(12, 21), minlen={"S": 5}, text="5+ spades"),
        Rule("1H", pts=(12, 21), minlen={"H": 5}, maxlen={"S": 4}, text="5+ hearts"),
        Rule("1D", pts=(12, 21), minlen={"D": 4}, maxlen={"H": 4, "S": 4},
             text="4+ diamonds (no 5-card major)"),
        Rule("1C", pts=(12, 21), maxlen={"H": 4, "S": 4}, text="3+ clubs (no 5-card major)"),
        Rule("1D", pts=(12, 21), minlen={"D": 3}, text="diamonds (other shapes)"),
        Rule("1C", pts=(12, 21), text="clubs (other shapes)"),
        Rule("2S", hcp=(6, 10), pts=(6, 11), minlen={"S": 6}, maxlen={"S": 6}, text="weak two"),
        Rule("2H", hcp=(6, 10), pts=(6, 11), minlen={"H": 6}, maxlen={"H": 6, "S": 3},
             text="weak two"),
        Rule("2D", hcp=(6, 10), pts=(6, 11), minlen={"D": 6}, maxlen={"D": 6, "H": 3, "S": 3},
             text="weak two"),
        Rule("4S", hcp=(5, 10), minlen={"S": 8}, text="preempt, game level"),
        Rule("4H", hcp=(5, 10), minlen={"H": 8}, maxlen={"S": 3}, text="preempt, game level"),
        Rule("3S", hcp=(5, 10), minlen={"S": 7}, text="preempt"),
        Rule("3H", hcp=(5, 10), minlen={"H": 7}, text="preempt"),
        Rule("3D", hcp=(5, 10), minlen={"D": 7}, text="preempt"),
        Rule("3C", hcp=(5, 10), minlen={"C": 7}, text="preempt"),
        Rule("pass", pts=(0, 11), hcp=(0, 11), text="no opening"),
    ]


def _responses(opening: str, ctx: Context) -> list[Rule]:
    lvl, st = bid_level(opening), bid_strain(opening)
    if opening == "1NT":
        return [
            Rule("2D", minlen={"H": 5}, maxlen={"S": 5}, text="transfer to hearts"),
            Rule("2H", minlen={"S": 5}, text="transfer to spades"),
            Rule("2C", hcp=(8, 40), minlen={"H": 4}, text="Stayman"),
            Rule("2C", hcp=(8, 40), minlen={"S": 4}, text="Stayman"),
            Rule("7NT", hcp=(21, 40), text="grand slam"),
            Rule("6NT", hcp=(18, 20), text="small slam"),
            Rule("4NT", hcp=(16, 17), text="slam invitation"),
            Rule("3NT", hcp=(10, 15), text="game"),
            Rule("2NT", hcp=(8, 9), text="invitation"),
            Rule("pass", hcp=(0, 7), text="weak"),
        ]
    if opening == "2NT":
        return [
            Rule("3S", hcp=(4, 40), minlen={"S": 5}, text="5+ spades, forcing"),
            Rule("3H", hcp=(4, 40), minlen={"H": 5}, text="5+ hearts, forcing"),
            Rule("6NT", hcp=(12, 14), text="small slam"),
            Rule("3NT", hcp=(4, 11), text="game"),
            Rule("pass", hcp=(0, 3), text="weak"),
        ]
    if opening == "2C":
        return [Rule("2D", text="waiting")]
    if st == "N" or lvl >= 4:  # 3NT and higher: to play (our side's slam tries come later)
        return [Rule("pass", text="to play")]
    if lvl == 2 or lvl == 3:  # weak two or preempt
        game = "3NT" if st in "CD" else _bid(4, st)
        return [
            Rule(game, pts=(16, 40), minlen={st: 2}, text="game"),
            Rule(_bid(lvl + 1, st) if lvl == 2 else "pass", pts=(6, 15), minlen={st: 3},
                 text="preemptive raise"),
            Rule("pass", text="no fit or weak"),
        ]
    # one of a suit
    rules: list[Rule] = []
    if st in "HS":
        rules += [
            Rule(_bid(4, st), pts=(13, 40), minlen={st: 4}, text="game raise"),
            Rule(_bid(3, st), pts=(10, 12), minlen={st: 3}, text="limit raise"),
            Rule(_bid(2, st), pts=(6, 9), minlen={st: 3}, text="simple raise"),
        ]
    # new suits at the one level, majors first, longest first
    for s in sorted(SUITS[1:], key=lambda x: -SUITS.index(x)):
        b = _bid(1, s)
        if bid_index(b) > bid_index(opening):
            rules.append(Rule(b, pts=(6, 40), minlen={s: 5}, text="new suit, forcing"))
    for s in SUITS[1:]:
        b = _bid(1, s)
        if bid_index(b) > bid_index(opening):
            rules.append(Rule(b, pts=(6, 40), minlen={s: 4}, text="new suit, forcing"))
    if st in "CD":
        rules += [
            Rule(_bid(3, st), pts=(10, 12), minlen={st: 5}, maxlen={"H": 3, "S": 3},
                 text="limit raise"),
            Rule(_bid(2, st), pts=(6, 9), minlen={st: 5}, maxlen={"H": 3, "S": 3},
                 text="simple raise"),
        ]
    for s in HAND_SUITS:
        two = _cheapest(s, opening)
        if two and bid_level(two) == 2 and s != st:
            rules.append(Rule(two, hcp=(11, 40), minlen={s: 5}, text="new suit, two level"))
    rules += [
        Rule("3NT", hcp=(13, 15), balanced=True, text="game, balanced"),
        Rule("2NT", hcp=(11, 12), balanced=True, text="invitation, balanced"),
        Rule("1NT", hcp=(6, 10), text="6-10, no fit"),
        Rule("pass", pts=(0, 5), text="weak"),
    ]
    return rules


def _opener_rebids(opening: str, response: str, ctx: Context) -> list[Rule]:
    if opening == "1NT":
        if response == "2D":
            return [Rule("2H", text="completes the transfer")]
        if response == "2H":
            return [Rule("2S", text="completes the transfer")]
        if response == "2C":
            return [Rule("2H", minlen={"H": 4}, text="four hearts"),
                    Rule("2S", minlen={"S": 4}, text="four spades"),
                    Rule("2D", maxlen={"H": 3, "S": 3}, text="no major")]
        if response == "2NT":
            return [Rule("3NT", hcp=(16, 17), text="maximum"), Rule("pass", hcp=(15, 15))]
        if response == "4NT":
            return [Rule("6NT", hcp=(17, 17), text="maximum"), Rule("pass", hcp=(15, 16))]
        if response in ("3H", "3S"):
            s = response[1]
            return [Rule(_bid(4, s), minlen={s: 3}), Rule("3NT", maxlen={s: 2})]
        return []
    if opening == "2NT" and response in ("3H", "3S"):
        s = response[1]
        return [Rule(_bid(4, s), minlen={s: 3}), Rule("3NT", maxlen={s: 2})]
    if opening == "2C" and response == "2D":
        return [
            Rule("3NT", hcp=(25, 27), balanced=True, text="25-27 balanced"),
            Rule("2NT", hcp=(22, 24), balanced=True, text="22-24 balanced"),
            Rule("2S", minlen={"S": 5}, text="spades"),
            Rule("2H", minlen={"H": 5}, text="hearts"),
            Rule("3D", minlen={"D": 5}, text="diamonds"),
            Rule("3C", minlen={"C": 5}, text="clubs"),
            Rule("2NT", text="no long suit"),
        ]
    if bid_level(opening) == 1 and opening != "1NT":
        st = bid_strain(opening)
        rs = bid_strain(response)
        rules = []
        if is_bid(response) and bid_level(response) == 1 and rs in "HS":
            rules += [
                Rule(_bid(4, rs), pts=(19, 40), minlen={rs: 4}, text="game raise"),
                Rule(_bid(3, rs), pts=(16, 18), minlen={rs: 4}, text="jump raise"),
                Rule(_bid(2, rs), pts=(12, 15), minlen={rs: 4}, text="raise"),
            ]
            if rs == "H" and bid_index("1S") > bid_index(response):
                rules.append(Rule("1S", pts=(12, 18), minlen={"S": 4}, text="four spades"))
        if response == "1NT" or (is_bid(response) and bid_strain(response) != st):
            rules += [
                Rule(_bid(3, st) if bid_index(_bid(3, st)) > bid_index(response) else "pass",
                     pts=(16, 18), minlen={st: 6}, text="jump rebid"),
                Rule(_cheapest(st, response) or "pass", pts=(12, 15), minlen={st: 6},
                     text="rebids the suit"),
            ]
            if response != "1NT":
                rules += [
                    Rule("1NT" if bid_index("1NT") > bid_index(response) else "2NT",
                         hcp=(12, 14), balanced=True, text="minimum, balanced"),
                    Rule("2NT", hcp=(18, 19), balanced=True, text="18-19 balanced"),
                ]
        return rules
    return []


def _after_1nt_convention(my_first: str, opener_answer: str, ctx: Context) -> list[Rule]:
    """Responder's second call after a transfer or Stayman over 1NT."""
    if my_first in ("2D", "2H"):
        s = "H" if my_first == "2D" else "S"
        return [
            Rule("6NT", hcp=(18, 20), text="slam"),
            Rule(_bid(4, s), hcp=(10, 17), minlen={s: 6}, text="game, 6+ cards"),
            Rule("3NT", hcp=(10, 17), text="game, opener chooses"),
            Rule(_bid(3, s), hcp=(8, 9), minlen={s: 6}, text="invitation, 6+ cards"),
            Rule("2NT", hcp=(8, 9), text="invitation"),
            Rule("pass", hcp=(0, 7), text="sign-off"),
        ]
    # Stayman
    fit = bid_strain(opener_answer) if opener_answer in ("2H", "2S") else None
    out = []
    if fit:
        out += [
            Rule(_bid(4, fit), hcp=(10, 17), minlen={fit: 4}, text="game in the fit"),
            Rule(_bid(3, fit), hcp=(8, 9), minlen={fit: 4}, text="invitation in the fit"),
        ]
    out += [
        Rule("6NT", hcp=(18, 20), text="slam"),
        Rule("3NT", hcp=(10, 17), text="game"),
        Rule("2NT", hcp=(8, 9), text="invitation"),
    ]
    return out


def _overcalls(opening: str, ctx: Context) -> list[Rule]:
    op_strain = bid_strain(opening)
    last = ctx.last
    assert last is not None             # (there is an opening bid)
    # in the pass-out seat (their bid, then two passes) bid with about three points less
    bal = 3 if ctx.a.passes_at_end == 2 and bid_level(last) <= 2 else 0
    rules = []
    if bid_level(last) <= 1 and op_strain != "N":
        rules.append(Rule("1NT", hcp=(15 - bal - 1 * (bal > 0), 18 - bal), balanced=True,
                          minlen={op_strain: 2}, text="1NT overcall" + ", balancing" * (bal > 0)))
    for s in sorted(SUITS, key=lambda x: (x not in "HS", -SUITS.index(x))):
        if s == op_strain:
            continue
        b = _cheapest(s, last)
        if b is None:
            continue
        lo = (8 if bid_level(b) == 1 else 10 if bid_level(b) == 2 else 13) - bal
        rules.append(Rule(b, hcp=(lo, 16), minlen={s: 5 if bid_level(b) <= 2 else 6},
                          text="overcall" + ", balancing" * (bal > 0)))
    if op_strain != "N" and bid_level(last) <= 3:
        maxlen = {op_strain: 2}
        minlen = {m: 3 for m in "HS" if m != op_strain and
                  not any(bid_strain(c) == m for _, c in ctx.bids)}
        rules.append(Rule("X", hcp=(12 - bal, 40), minlen=minlen, maxlen=maxlen,
                          text="takeout" + ", balancing" * (bal > 0)))
        rules.append(Rule("X", hcp=(17, 40), text="takeout, strong"))
    rules.append(Rule("pass", hcp=(0, 17), text="no overcall"))
    return rules


def _contested_responses(opening: str, ctx: Context) -> list[Rule]:
    """Responder after partner's one of a suit and an opponent's double or overcall."""
    last = ctx.last
    assert last is not None
    st = bid_strain(opening)
    if last == opening:  # they doubled: redouble with 10+, else the usual responses
        return [Rule("XX", hcp=(10, 40), text="10+, usually no fit")] + [
            r for r in _responses(opening, ctx) if r.call != "pass" or r.pts[1] < 40]
    their = bid_strain(last)
    rules: list[Rule] = []
    raise_to = _cheapest(st, last)
    need = 3 if st in "HS" else 5
    if raise_to is not None and bid_level(raise_to) <= 3:
        game = _bid(4, st) if st in "HS" else None
        if game and bid_index(game) > bid_index(last):
            rules.append(Rule(game, pts=(13, 40), minlen={st: 4}, text="game raise"))
        jump = _cheapest(st, raise_to)
        if jump and bid_level(jump) <= 3 and jump != game:
            rules.append(Rule(jump, pts=(10, 12), minlen={st: need + (st in "HS")},
                              text="jump raise, competitive"))
        rules.append(Rule(raise_to, pts=(6, 10 if bid_level(raise_to) <= 2 else 12),
                          minlen={st: need}, text="raise"))
    if their != "N" and bid_level(last) <= 2:
        unbid = [m for m in "HS" if m not in (st, their)]
        lo = 6 if bid_level(last) == 1 else 8
        if unbid:
            rules.append(Rule("X", hcp=(lo, 40), minlen=dict.fromkeys(unbid, 4),
                              text="negative double: the unbid major(s)"))
            if len(unbid) == 2:  # one four-card major of the two, without a suit to bid
                rules += [Rule("X", hcp=(lo, 40), minlen={m: 4}, maxlen={their: 3},
                               text="negative double: a four-card major") for m in unbid]
        else:
            rules.append(Rule("X", hcp=(lo, 40), minlen={m: 3 for m in "CD" if m != st},
                              maxlen={their: 3}, text="negative double: the other suits"))
    if their == "N":
        rules.append(Rule("X", hcp=(9, 40), text="penalty: 9+ against their no trump"))
    for sx in sorted(SUITS, key=lambda x: (x not in "HS", -SUITS.index(x))):
        if sx in (st, their):
            continue
        b = _cheapest(sx, last)
        if b is None:
            continue
        if bid_level(b) == 1:
            rules.append(Rule(b, pts=(6, 40), minlen={sx: 5 if their == "N" else 4},
                              text="new suit"))
        elif bid_level(b) == 2:
            rules.append(Rule(b, hcp=(11, 40), minlen={sx: 5}, text="new suit, two level"))
    if their != "N":
        stop = {their: 2}
        for nt, rng in (("3NT", (13, 15)), ("2NT", (11, 12)), ("1NT", (8, 10))):
            if bid_index(nt) > bid_index(last):
                rules.append(Rule(nt, hcp=rng, minlen=stop, balanced=True if nt != "1NT"
                                  else None, text="no trump, their suit held"))
    rules.append(Rule("pass", hcp=(0, 40), text="nothing to say"))
    return rules


def _reopening(opening: str, ctx: Context) -> list[Rule]:
    """Opener in the pass-out seat after their overcall and partner's pass: double (for
    takeout, which partner may pass for penalty) when short in their suit, else rebid a
    six-card suit, else pass."""
    last = ctx.last
    assert last is not None
    their, st = bid_strain(last), bid_strain(opening)
    rules = [Rule("X", hcp=(12, 40), maxlen={their: 2}, text="reopening double")]
    b = _cheapest(st, last)
    if b and bid_level(b) <= 2:
        rules.append(Rule(b, minlen={st: 6}, text="rebids the suit"))
    return rules


def _after_negative_double(opening: str, ctx: Context) -> list[Rule]:
    """Opener after partner's negative double: an unbid major with four, else no trump with
    their suit held, else the own suit with six, else the cheapest unbid suit."""
    last = ctx.last
    assert last is not None
    their = bid_strain(last)
    st = bid_strain(opening)
    rules: list[Rule] = []
    for m, bid, jump in _suit_bids("SH", (st, their), last):
        if jump:
            rules.append(Rule(jump, pts=(16, 18), minlen={m: 4}, text="four cards, extras"))
        rules.append(Rule(bid, pts=(12, 15), minlen={m: 4}, text="four cards"))
    nt = _cheapest("N", last)
    if nt and bid_level(nt) <= 2:
        rules.append(Rule(nt, hcp=(12, 15) if bid_level(nt) == 1 else (18, 19),
                          minlen={their: 2}, text="no trump, their suit held"))
    b = _cheapest(st, last)
    if b and bid_level(b) <= 3:
        rules.append(Rule(b, minlen={st: 6}, text="rebids the suit"))
    for sx in SUITS:
        b = _cheapest(sx, last)
        if sx not in (st, their) and b and bid_level(b) <= 2:
            rules.append(Rule(b, minlen={sx: 4}, text="another suit"))
    if b := _cheapest(st, last):
        rules.append(Rule(b if bid_level(b) <= 3 else "pass", text="back to the suit"))
    return rules


def _answer_takeout(ctx: Context) -> list[Rule]:
    last = ctx.last
    assert last is not None             # (partner doubled a bid)
    their = {bid_strain(c) for s, c in ctx.bids if not ctx.ours(s)}
    rules = []
    if len(their) == 1:
        t = next(iter(their))
        if t != "N" and ctx.doubled == 1:
            rules.append(Rule("pass", minlen={t: 5}, hcp=(8, 40), text="penalty pass"))
    for s, bid, jump in _suit_bids(sorted(SUITS, key=lambda x: (x not in "HS", -SUITS.index(x))),
                                   their, last):
        if jump:
            rules.append(Rule(jump, hcp=(9, 11), minlen={s: 4}, text="jump answer"))
        if bid_level(bid) <= 3:
            rules.append(Rule(_bid(4, s) if s in "HS" and bid_index(_bid(4, s)) > bid_index(last)
                              else bid, hcp=(12, 40), minlen={s: 4}, text="game answer"))
            rules.append(Rule(bid, minlen={s: 4}, text="answer"))
    nt = _cheapest("N", last)
    if nt and bid_level(nt) <= 2:
        rules.append(Rule(nt, hcp=(6, 10), text="no four-card suit"))
    for s in HAND_SUITS:
        b = _cheapest(s, last)
        if s not in their and b and bid_level(b) <= 3:
            rules.append(Rule(b, minlen={s: 3}, text="forced answer"))
    return rules


def _penalty_double(ctx: Context) -> list[Rule]:
    """Double the opponents' contract when our side has the points and a trump stack."""
    last, bidder = ctx.last, ctx.last_bidder
    if last is None or bidder is None or ctx.doubled or ctx.ours(bidder):
        return []
    st = bid_strain(last)
    lvl = bid_level(last)
    if lvl < 2:
        return []
    p = ctx.pics[ctx.pa]
    need_hcp = max(0, 21 - p.est)
    rules = []
    if st != "N":
        rules.append(Rule("X", hcp=(need_hcp, 40), minlen={st: 4 if lvl >= 3 else 5},
                          text="penalty"))
    else:
        rules.append(Rule("X", hcp=(max(need_hcp, 15 if lvl <= 2 else 12), 40), text="penalty"))
    if lvl >= 4:  # a game or slam: our side needs even more of the deck
        rules = [Rule(r.call, hcp=(max(r.hcp[0], 23 - p.est), 40), minlen=r.minlen, text=r.text)
                 for r in rules]
    return rules


def _placement(ctx: Context) -> list[Rule]:
    """Our side places the contract from the combined strength and the known fits."""
    # the caller's own hand is needed: placement rules are made per hand in ``choose``
    return [Rule("__place__")]


def _fits_with_partner(ctx: Context, h: Hand) -> list[tuple[int, str]]:
    p = ctx.pics[ctx.pa]
    return [(h.lengths[i] + p.minlen[i], s) for i, s in enumerate(SUITS)]


def _strain_for(ctx: Context, h: Hand) -> str:
    """The strain our side should play, from this hand and partner's picture: an 8-card major
    fit, else no trump when balanced enough with their suits covered, else an 8-card minor
    fit, else a long suit (6 cards here or 5 shown by partner), else no trump."""
    p = ctx.pics[ctx.pa]
    combined_hcp = h.hcp + p.est
    fits = _fits_with_partner(ctx, h)
    major_fits = [(n, s) for n, s in fits if s in "HS" and n >= 8]
    minor_fits = [(n, s) for n, s in fits if s in "CD" and n >= 8]
    their = {bid_strain(c) for s, c in ctx.bids if not ctx.ours(s)} - {"N"}
    stopped = all(h.lengths[SUITS.index(t)] >= 2 and h.honors[SUITS.index(t)] >= 1
                  or h.lengths[SUITS.index(t)] >= 4 for t in their)
    if major_fits:
        return max(major_fits)[1]
    if (h.balanced or p.balanced or p.minlen == [0, 0, 0, 0]) and combined_hcp >= 20 \
            and stopped and min(h.lengths) >= 2:
        return "N"
    if minor_fits:
        return max(minor_fits)[1]
    longest = max(range(4), key=lambda i: (h.lengths[i] + p.minlen[i], i))
    if h.lengths[longest] >= 6 or p.minlen[longest] >= 5 or \
            h.lengths[longest] + p.minlen[longest] >= 8:
        return SUITS[longest]
    return "N"


def _place(ctx: Context, h: Hand) -> str:
    """The contract our side should play, judged from this hand and partner's picture."""
    p = ctx.pics[ctx.pa]
    combined_hcp = h.hcp + p.est
    combined = h.points + p.est
    fits = _fits_with_partner(ctx, h)
    their = {bid_strain(c) for s, c in ctx.bids if not ctx.ours(s)}
    strain = _strain_for(ctx, h)
    if strain == "N":
        pts = combined_hcp
        level = 7 if pts >= GRAND_POINTS else 6 if pts >= NT_SLAM_POINTS else 3 \
            if pts >= GAME_POINTS \
            else 2 if pts >= GAME_POINTS - 2 else 1
    else:
        fit = max(n for n, s in fits if s == strain)
        # shortness counts once a fit is found: a point per trump beyond eight
        pts = combined + max(0, fit - 8) * EXTRA_PER_TRUMP
        game = 4 if strain in "HS" else 5
        level = 7 if pts >= GRAND_POINTS else 6 if pts >= SLAM_POINTS else game \
            if pts >= (GAME_POINTS if game == 4 else MINOR_GAME_POINTS) \
            else 3 if pts >= GAME_POINTS - 2 else 2
        # compete for a part score up to the length of the fit
        if level < 4 and fit >= 8:
            level = max(level, min(fit - 6, 3))
        if strain in "CD" and level == 5 and combined_hcp >= GAME_POINTS and not (their - {"N"}):
            strain, level = "N", 3
    if level >= 6 and strain != "N" and _ace_ask(ctx) is None and ctx.last is not None \
            and bid_index(ctx.last) < bid_index("4NT") and _four_nt_asks(ctx):
        return "4NT"
    return _bid(level, strain)


# ---------------------------------------------------------------- reading and choosing

def read_auction(auction: Auction) -> list[Picture]:
    """The pictures of the four hands from the calls so far (as the system reads them)."""
    pics = [Picture() for _ in range(4)]
    a = Auction(auction.dealer)
    for call in auction.calls:
        ctx = Context(a, pics)
        seat = ctx.me
        for r in rules_for(ctx):
            if r.call == "__after_ask__":
                break
            if r.call == "__place__":
                if is_bid(call):
                    pics[seat].add(_placement_shows(call, pics[(seat + 2) % 4],
                                                    call == "4NT" and _four_nt_asks(ctx)))
                    break
                continue
            if r.call == call:
                pics[seat].add(r)
                if is_bid(call) and not pics[seat].opened and not any(is_bid(c) for c in a.calls):
                    pics[seat].opened = True
                break
        a.calls.append(call)
    return pics


def choose_call(hand_cards, auction: Auction, sim: Simulation | None = None
                ) -> tuple[str, str]:
    """The call the system makes with ``hand_cards`` now, and the rule's description.

    With ``sim`` (strength ``strong``), a decision where our side places the contract is
    checked by :meth:`Simulation.check` (sampled deals solved double dummy) and may change.
    """
    h = Hand.of(hand_cards)
    pics = read_auction(auction)
    ctx = Context(auction, pics)
    legal = set(auction.legal_calls())
    placing = False
    call, why = "pass", "nothing better"
    for r in rules_for(ctx):
        if r.call == "__place__":
            placing = True
            target = _place(ctx, h)
            if target in legal and not _partner_placed(ctx, target):
                if target == "4NT" and _four_nt_asks(ctx):
                    return target, "ace ask"
                call, why = target, "places the contract"
                break
            continue
        if r.call == "__after_ask__":
            return _after_answer(ctx, h), "places the contract after the ace ask"
        if r.call in legal and r.fits(h):
            call, why = r.call, r.text
            break
    if sim is not None and placing and _ace_ask(ctx) is None:
        better = sim.check(hand_cards, ctx, h, call, legal)
        if better is not None:
            return better, f"simulation (instead of {call})"
    return call, why


# ---------------------------------------------------------------- simulation (strong)

GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "N": 3}


def shows(p: Picture, cards, played=(), slack: int = 1, shape: bool = True) -> bool:
    """Does a hand (with the cards that seat already played) match what the auction showed
    (its picture: points with ``slack`` either side, suit lengths, a balanced shape unless
    ``shape`` is False)?"""
    hcp = 0
    lengths = [0, 0, 0, 0]
    for c in cards:
        hcp += HCP.get(c >> 2, 0)
        lengths[c & 3] += 1
    for c in played:
        hcp += HCP.get(c >> 2, 0)
        lengths[c & 3] += 1
    if not p.hcp_lo - slack <= hcp <= p.hcp_hi + slack:
        return False
    if shape and p.balanced and sorted(lengths) not in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]):
        return False
    return all(p.minlen[i] <= lengths[i] <= p.maxlen[i] for i in range(4))


class Simulation:
    """The ``strong`` check of a placing decision, counted in samples (never in seconds).

    Deal the three hidden hands ``samples`` times at random, each hand consistent with what
    the auction showed (:func:`shows`; after ``tries_per_sample`` rejected deals per sample
    wanted, the check gives up and the rule's call stands), solve each candidate strain double
    dummy for the declarer our side would have, and score the candidates: the rule's call, the
    other strains our side may play (no trump, the known 8-card fits, partner's last bid) at
    the cheapest level, at game and (with slam values) at six, and passing (the last bid
    stands). The candidate with the best mean IMPs against the rule's call replaces it when
    that mean is at least ``margin`` IMPs (a failing bid in a contested auction is scored
    doubled). ``vulnerable``: by seat; ``rng``: the AI's. On the reference kernels
    (``CARDCORE_BACKEND=ref``, where a full deal takes minutes to solve) the rules decide.
    """

    def __init__(self, samples: int, rng, vulnerable, *, margin: float = 1.0,
                 tries_per_sample: int = 250, max_strains: int = 2) -> None:
        self.samples = samples
        self.rng = rng
        self.vulnerable = list(vulnerable)
        self.margin = margin
        self.tries_per_sample = tries_per_sample
        self.max_strains = max_strains
        self.last: dict = {}

    # ------------------------------------------------------------ candidates
    def _declarer(self, ctx: Context, side: int, strain: str, default: int) -> int:
        for s, c in ctx.bids:
            if s % 2 == side and bid_strain(c) == strain:
                return s
        return default

    def candidates(self, ctx: Context, h: Hand, call: str, legal: set[str]
                   ) -> dict[str, tuple[str, int]]:
        """Candidate calls -> (the contract it leads to, its declarer)."""
        p = ctx.pics[ctx.pa]
        out: dict[str, tuple[str, int]] = {}
        last, bidder = ctx.last, ctx.last_bidder
        if last is not None and bidder is not None:
            out["pass"] = (last + "X" * ctx.doubled,
                           self._declarer(ctx, bidder % 2, bid_strain(last), bidder))
        strains: list[str] = []
        if is_bid(call):
            strains.append(bid_strain(call))
        if last is not None and bidder is not None and ctx.ours(bidder):
            strains.append(bid_strain(last))
        fits = sorted(((h.lengths[i] + p.minlen[i], s) for i, s in enumerate(SUITS)
                       if h.lengths[i] + p.minlen[i] >= 8), reverse=True)
        strains += [s for _, s in fits]
        strains.append("N")
        seen: list[str] = []
        for s in strains:
            if s not in seen:
                seen.append(s)
        strains = seen[:self.max_strains]
        slam = is_bid(call) and bid_level(call) >= 5 or h.points + p.est >= SLAM_POINTS - 3
        for st in strains:
            lo = _cheapest(st, last)
            if lo is None:
                continue
            for b in (lo, _bid(GAME_LEVEL[st], st), _bid(6, st) if slam else None):
                if b is not None and b in legal and bid_index(b) >= bid_index(lo):
                    out[b] = (b, self._declarer(ctx, ctx.me % 2, st, ctx.me))
        if is_bid(call) and call not in out:
            out[call] = (call, self._declarer(ctx, ctx.me % 2, bid_strain(call), ctx.me))
        return out

    # ------------------------------------------------------------ sampling
    def deals(self, hand_cards, ctx: Context) -> list[list[int]]:
        """Up to ``samples`` deals (four 52-bit masks, seats 0..3) that fit the auction."""
        from .sampling import deal_unseen

        mine = [int(c) for c in hand_cards]
        taken = set(mine)
        unknown = [c for c in range(52) if c not in taken]
        hidden = [s for s in range(4) if s != ctx.me]
        sizes = dict.fromkeys(hidden, 13)
        out: list[list[int]] = []
        for _ in range(self.samples * self.tries_per_sample):
            deal = deal_unseen(unknown, sizes, self.rng)
            assert deal is not None  # (unconstrained: always a deal)
            if not all(shows(ctx.pics[s], deal[s]) for s in hidden):
                continue
            deal[ctx.me] = mine
            out.append([sum(1 << c for c in deal[s]) for s in range(4)])
            if len(out) == self.samples:
                break
        return out

    # ------------------------------------------------------------ the check
    def check(self, hand_cards, ctx: Context, h: Hand, call: str, legal: set[str]
              ) -> str | None:
        """A better call than ``call``, or None (keep the rule's call)."""
        from .._backend import BACKEND, kernel
        from ..bridge.scoring import score

        self.last = {}
        if BACKEND == "ref":  # a plain-Python double-dummy search of a full deal: minutes
            return None
        cands = self.candidates(ctx, h, call, legal)
        if call not in cands or len(cands) < 2:
            return None
        deals = self.deals(hand_cards, ctx)
        if len(deals) < self.samples:
            self.last = {"deals": len(deals)}
            return None
        solve = kernel("dds").solve
        side = ctx.me % 2
        contested = bool(ctx.their_calls)
        totals = dict.fromkeys(cands, 0.0)
        for masks in deals:
            tricks: dict[tuple[str, int], int] = {}
            ours: dict[str, int] = {}
            for c, (contract, decl) in cands.items():
                key = (bid_strain(contract.rstrip("X")), decl)
                if key not in tricks:
                    tricks[key] = solve(masks, "CDHSN".index(key[0]), decl)
                sc = score(contract, "SWNE"[decl], tricks[key], self.vulnerable[decl])
                if sc < 0 and contested and c != "pass":  # they double what fails
                    sc = score(contract + "X", "SWNE"[decl], tricks[key],
                               self.vulnerable[decl])
                ours[c] = sc if decl % 2 == side else -sc
            for c in cands:
                totals[c] += _imps(ours[c] - ours[call])
        best = max(cands, key=lambda c: (totals[c], c == call))
        n = len(deals)
        self.last = {"deals": n, "imps": {c: totals[c] / n for c in cands}}
        if best != call and totals[best] / n >= self.margin:
            return best
        return None


_IMP_STEPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
              1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def _imps(diff: int) -> int:
    """The IMPs of a score difference, with its sign."""
    k = sum(1 for step in _IMP_STEPS if abs(diff) >= step)
    return k if diff >= 0 else -k


def _placement_shows(call: str, partner: Picture, ace_ask: bool = False) -> Rule:
    """What a placement bid says: the combined strength its level needs, less what partner
    has shown (an invitation -- a part score at the three level or 2NT -- is a narrow range),
    and some length in a suit named."""
    lvl, st = bid_level(call), bid_strain(call)
    if ace_ask:
        return Rule(call, hcp=(max(0, SLAM_POINTS - partner.est - 5), 40), text="ace ask")
    if lvl >= 7:
        need, invite = GRAND_POINTS, False
    elif lvl == 6:
        need, invite = NT_SLAM_POINTS if st == "N" else SLAM_POINTS, False
    elif (st == "N" and lvl >= 3) or (st in "HS" and lvl >= 4) or lvl >= 5:
        need, invite = GAME_POINTS, False
    elif lvl == 3 or (st == "N" and lvl == 2):
        need, invite = GAME_POINTS - 2, True
    else:
        need, invite = 0, False
    lo = max(0, need - partner.est - 2)
    hi = lo + 3 if invite else 40
    return Rule(call, hcp=(lo, hi), minlen={st: 3} if st != "N" else {}, text="placement")


def _partner_placed(ctx: Context, target: str) -> bool:
    """True when partner's last bid already names this strain at this level or higher."""
    for s, c in reversed(ctx.bids):
        if s == ctx.pa:
            return bid_strain(c) == bid_strain(target) and bid_level(c) >= bid_level(target)
        if s == ctx.me:
            return False
    return False


__all__ = ["Hand", "Rule", "Picture", "Context", "Simulation", "rules_for", "read_auction",
           "choose_call", "shows"]
