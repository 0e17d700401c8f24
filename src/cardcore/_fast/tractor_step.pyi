"""The play phase of Tractor on integer action ids (see ``cardcore._ref.tractor_step``).

``d`` is the game state's attribute dict (``TractorState.__dict__``), changed in place.
"""

def legal_ids(d: dict) -> list[int] | None: ...
def step(d: dict, i: object) -> int: ...
