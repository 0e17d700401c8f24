"""The play phase of Guandan on integer action ids (see ``cardcore._ref.guandan_step``).

``d`` is the game state's attribute dict (``GuandanState.__dict__``), changed in place;
``texts`` the text of every action id (``cardcore.guandan.moves.id_texts()``).
"""

def legal_ids(d: dict) -> list[int] | None: ...
def step(d: dict, i: object, texts: list[str]) -> int: ...
