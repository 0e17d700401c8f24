"""Duplicate bridge scoring: the raw score of one deal for the declaring side.

The rule is written once, in the Bridge step kernel (``cardcore._fast.bridge_step``'s
``score`` and ``score_parts``, with its plain-Python twin); this module parses contracts and
names the parts.

``score(contract, declarer, tricks, vulnerable)`` gives the number; ``breakdown(...)`` gives the
same number split into its parts (trick points, game or part-score bonus, slam bonus, the bonus
for making a doubled or redoubled contract, overtricks, undertricks), used by the deal record.

A contract is written ``<level><strain>[X|XX]``: ``"4S"``, ``"3NT"`` (also ``"3N"``),
``"2CXX"``; lower case is accepted. Strains: ``C D H S`` and ``NT``/``N``.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from .._backend import kernel
from ..errors import CardcoreError
from . import seats

if TYPE_CHECKING:
    from .._fast import bridge_step as _k
else:
    _k = kernel("bridge_step")       # the rule's one definition: the kernel's score parts

STRAINS: tuple[str, ...] = tuple(seats.STRAINS)

_CONTRACT_RE = re.compile(r"^([1-7])(" + "|".join(seats.BID_STRAINS + ("N",)) + r")(XX|X)?$")


@dataclass(frozen=True)
class Contract:
    """A parsed contract: ``level`` 1..7, ``strain`` one of ``C D H S N``, ``doubled`` 0/1/2."""

    level: int
    strain: str
    doubled: int = 0

    @property
    def text(self) -> str:
        return f"{self.level}{'NT' if self.strain == 'N' else self.strain}" + "X" * self.doubled

    def __str__(self) -> str:
        return self.text

    @property
    def target(self) -> int:
        """Tricks the declaring side needs: six plus the level."""
        return 6 + self.level


def parse_contract(contract: str | Contract) -> Contract:
    """Parse ``"4S"``, ``"3NTX"``, ``"2cxx"``, ``"3N"``; raise ``CardcoreError`` if malformed."""
    if isinstance(contract, Contract):
        return contract
    if not isinstance(contract, str):
        raise CardcoreError(f"contract {contract!r}: expected a string such as '4S' or '3NTX'")
    key = contract.strip().upper().replace(" ", "")
    m = _CONTRACT_RE.match(key)
    if not m:
        raise CardcoreError(
            f"contract {contract!r}: expected <level 1-7><strain C/D/H/S/NT>[X|XX], "
            "e.g. '4S', '3NTX', '2CXX'"
        )
    level, strain, dbl = m.groups()
    return Contract(int(level), "N" if strain.startswith("N") else strain, len(dbl or ""))


@dataclass(frozen=True)
class Breakdown:
    """A deal's score for the declaring side, in parts. ``total`` is their sum (negative when
    the contract went down). Defeated contracts only have ``undertricks`` (a negative number)."""

    contract: str
    declarer: str
    tricks: int
    vulnerable: bool
    made: bool
    result: int  # tricks over (+) or under (-) the target; 0 = just made
    trick_points: int = 0
    game_bonus: int = 0
    partscore_bonus: int = 0
    slam_bonus: int = 0
    insult: int = 0  # 50 for making doubled, 100 redoubled
    overtricks: int = 0
    undertricks: int = 0  # <= 0
    total: int = 0

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def result_text(self) -> str:
        """``"4S="``, ``"3NT+1"``, ``"4HX-3"`` style."""
        if self.result == 0:
            return f"{self.contract}="
        return f"{self.contract}{self.result:+d}"

    def lines(self) -> list[str]:
        """Human-readable lines of the non-zero parts and the total."""
        names = [
            ("trick_points", "trick points"), ("game_bonus", "game bonus"),
            ("partscore_bonus", "part-score bonus"), ("slam_bonus", "slam bonus"),
            ("insult", "making doubled" if self.contract.count("X") == 1 else "making redoubled"),
            ("overtricks", "overtricks"), ("undertricks", "undertricks"),
        ]
        out = []
        for attr, label in names:
            v = getattr(self, attr)
            if v:
                out.append(f"{label}: {v:+d}" if v < 0 else f"{label}: {v}")
        out.append(f"total: {self.total:+d}" if self.total < 0 else f"total: {self.total}")
        return out


def _check_args(declarer: str | int, tricks: int, vulnerable: bool) -> str:
    if isinstance(declarer, int) and not isinstance(declarer, bool) and 0 <= declarer <= 3:
        declarer = seats.direction_of_seat(declarer)
    if not isinstance(declarer, str) or seats.seat_of(declarer) is None:
        raise CardcoreError(
            f"declarer {declarer!r}: expected one of N, E, S, W (or a seat 0..3 = S, W, N, E)")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise CardcoreError(f"tricks {tricks!r}: expected an int 0..13 (tricks taken by declarer)")
    if not isinstance(vulnerable, bool):
        raise CardcoreError(f"vulnerable {vulnerable!r}: expected True or False")
    return declarer.strip().upper()


def breakdown(contract: str | Contract, declarer: str, tricks: int,
              vulnerable: bool) -> Breakdown:
    """The score of ``contract`` played by ``declarer`` (N/E/S/W), who took ``tricks`` tricks,
    split into its parts; ``vulnerable`` is the declaring side's vulnerability."""
    c = parse_contract(contract)
    decl = _check_args(declarer, tricks, vulnerable)
    parts = _k.score_parts(c.level, STRAINS.index(c.strain), c.doubled, tricks, vulnerable)
    fields = dict(zip(_k.SCORE_PARTS, parts, strict=True))
    result = tricks - c.target
    return Breakdown(contract=c.text, declarer=decl, tricks=tricks, vulnerable=vulnerable,
                     result=result, made=result >= 0, total=sum(parts), **fields)


def score(contract: str | Contract, declarer: str, tricks: int, vulnerable: bool) -> int:
    """Raw duplicate score for the declarer's side (negative when the contract is defeated).

    >>> score("4S", "S", 10, False)
    420
    >>> score("4HX", "N", 7, True)
    -800
    """
    c = parse_contract(contract)
    _check_args(declarer, tricks, vulnerable)
    return _k.score(c.level, STRAINS.index(c.strain), c.doubled, tricks, vulnerable)


__all__ = ["Contract", "Breakdown", "parse_contract", "breakdown", "score", "STRAINS"]
