"""Rules engines shared by several games: each rule is written once here and called by the
games and their agents.

- ``betting``: the betting rounds of Hold'em and One Poker (blinds, raises, pots, side pots).
- ``shedding``: what Dou Dizhu, Zheng Shangyou and Guandan share (the move base, resolving a
  play written as cards, the table view).
- ``tricks``: following suit, beating a card and the trick winner under a trump (Bridge,
  Schnapsen, Preference, Tractor).
- ``match``: the deal loop of the match games (deal number, dealer rotation, past deals,
  ``single_deal``).
- ``step``: the protocol hooks a state over a step core reads straight from the core (the seat
  to act, the legal ids, the step path of ``apply_id``).
"""
