# cython: language_level=3
"""Argument checks shared by the kernels' ``def`` entries (inline: compiled into each kernel
that cimports them). Every bad argument raises the library's error naming the argument. Also
the lists of ints the kernels give back."""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_FromLong
from cpython.number cimport PyNumber_Index
from cpython.ref cimport Py_INCREF
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from cardcore._fast.bits cimport cc_pop_lowest


cdef inline object int_arg(object x, str what, object lo, object hi, type err):
    """``x`` as a Python int in ``lo..hi`` (an int or numpy integer, not a bool), else ``err``
    naming ``what``."""
    if type(x) is int and lo <= x <= hi:
        return x
    from cardcore.errors import quote

    if isinstance(x, bool):
        raise err(f"{what} {quote(x)}: expected an int, not a bool")
    if not isinstance(x, int):
        import numpy as np

        if not isinstance(x, np.integer):
            raise err(f"{what} {quote(x)}: expected an int")
    v = PyNumber_Index(x)       # (an int subclass's value as stored: no method of it runs)
    if not lo <= v <= hi:
        raise err(f"{what} {quote(x)}: expected {lo}..{hi}")
    return v


cdef inline list seq_arg(object x, str what, str expected, type err):
    """``x`` (any iterable but a string) as a list, else ``err`` naming ``what`` and saying it
    ``expected`` that."""
    cdef list items = None
    if not isinstance(x, (str, bytes)):
        try:
            items = list(x)
        except TypeError:
            pass
    if items is None:
        from cardcore.errors import quote

        raise err(f"{what} {quote(x)}: expected {expected}")
    return items


cdef inline list list_arg(object x, str what, Py_ssize_t n, str expected, type err):
    """``x`` as ``seq_arg`` reads it, of exactly ``n`` items, else ``err`` naming ``what`` and
    saying it ``expected`` that."""
    cdef list items = seq_arg(x, what, expected, err)
    if len(items) != n:
        raise err(f"{what}: expected {expected}, got {len(items)}")
    return items


cdef inline bint flag_arg(object x, str what) except -1:
    """``x`` as a flag: a bool, or 0 or 1 as an int or numpy integer or bool, else
    ``CardcoreError`` naming ``what``."""
    if x is True or x is False:
        return x
    import numpy as np
    from cardcore.errors import CardcoreError, quote

    if not isinstance(x, (bool, np.bool_, int, np.integer)) or x not in (0, 1):
        raise CardcoreError(f"{what} {quote(x)}: expected True or False")
    return bool(x)


cdef inline long action_id(object i) except? -2:
    """An action id as a C long: -1 for an int outside every id range (never legal). An int or
    a numpy integer (read as its value); a bool, numpy's included, or anything else raises
    ``IllegalAction``."""
    cdef long v
    if type(i) is not int:
        import numpy as np
        from cardcore.errors import IllegalAction, quote

        if isinstance(i, (bool, np.bool_)):
            raise IllegalAction(f"action id {quote(i)}: expected an int, not a bool")
        if not isinstance(i, (int, np.integer)):
            raise IllegalAction(f"action id {quote(i)}: expected an int")
        i = PyNumber_Index(i)   # (an int subclass's value as stored: no method of it runs)
    try:
        v = i
    except OverflowError:
        return -1
    return v


cdef inline uint64_t card_mask(object cards, str what, int first, int most) except? 0:
    """``cards`` (a list or tuple of at most ``most`` distinct card ids ``first..51``) as a
    mask, else ``CardError`` naming ``what``."""
    cdef uint64_t m = 0, bit
    if not isinstance(cards, (list, tuple)) or len(cards) > most:
        from cardcore.errors import CardError, quote

        raise CardError(f"{what} {quote(cards)}: expected a list of at most {most} card ids")
    for c in cards:
        if type(c) is not int or not first <= c <= 51:
            from cardcore.errors import CardError

            int_arg(c, f"{what}: card", first, 51, CardError)   # raises, or c is an int
        bit = (<uint64_t>1) << <int>c
        if m & bit:
            from cardcore.errors import CardError, quote

            raise CardError(f"{what} {quote(cards)}: card {c} twice")
        m |= bit
    return m


ctypedef fused id_value:
    uint8_t
    int32_t


cdef inline list int_list(const id_value* a, int n):
    """The ``n`` values at ``a`` as a list of ints."""
    cdef list out = PyList_New(n)
    cdef int k
    cdef object v
    for k in range(n):
        v = PyLong_FromLong(a[k])
        Py_INCREF(v)
        PyList_SET_ITEM(out, k, v)
    return out


cdef inline object or_none(int64_t x):
    """``x``, or ``None`` when it is negative (no seat, no card, no value yet)."""
    return None if x < 0 else x


cdef inline list mask_cards(uint64_t m):
    """The card ids of the mask ``m``, ascending."""
    cdef list out = []
    while m:
        out.append(cc_pop_lowest(&m))
    return out
