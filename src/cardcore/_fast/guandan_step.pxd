# The play phase of Guandan on integer action ids: C-level declarations.
#
# ``guandan_step.pyx`` works on the game state's attribute dict through its Python functions
# (``legal_ids``, ``step``); it exports no C-level function. Its plays come from the guandan
# kernel's id functions (``guandan.pxd``).
