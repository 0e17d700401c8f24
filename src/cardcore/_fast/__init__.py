"""The compiled kernels.

On x86-64 the build holds two copies of every kernel under the same module names: here, for
any CPU, and in ``_bmi2/``, compiled with ``popcnt``, BMI1, BMI2 and ``lzcnt``. This package
puts ``_bmi2/`` first on its search path when the CPU has those instructions (and
``CARDCORE_CPU`` is not ``baseline``), so ``cardcore._fast.dds`` is then that copy; the kernels'
imports of one another resolve the same way. ``cardcore.build_info()`` tells which path runs.
"""

from .._backend import fast_search_path as _fast_search_path

__path__ = _fast_search_path(__path__)
