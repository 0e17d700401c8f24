# The play phase of Tractor on integer action ids: C-level declarations.
#
# ``tractor_step.pyx`` works on the game state's attribute dict through its Python functions
# (``legal_ids``, ``step``); it exports no C-level function. The rules it applies are the tractor
# kernel's (``tractor.pxd``).
