# cython: language_level=3
"""Argument checks of the shedding kernels (``shedding.pyx``: Dou Dizhu and Zheng Shangyou;
``guandan.pyx``): a hand as a vector of small counts, a move's key ``(kind, rank, length)``
(inline: compiled into each kernel that cimports them; the plain-Python twin is
``cardcore._ref.shedargs``). Every bad argument raises the library's error naming it. Also the
array their move lists are returned in."""

cimport numpy as cnp
from libc.stdint cimport uint8_t
from libc.string cimport memcpy

from cardcore._fast.args cimport list_arg


cdef inline object index_or_none(object x):
    """``x`` as a Python int when it is an int or numpy integer (not a bool), else None."""
    if type(x) is int:
        return x
    import operator

    import numpy as np

    if isinstance(x, (bool, np.bool_)):
        return None
    try:
        return operator.index(x)
    except TypeError:
        return None


cdef inline int count_vector(object counts, Py_ssize_t n, const uint8_t* caps, uint8_t* out,
                             str what, str noun, str item) except -1:
    """``counts``, ``n`` small counts (the one at index ``i`` at most ``caps[i]``), into
    ``out``: a contiguous uint8 numpy array or a bytes object (read directly), or any
    sequence of ints; else ``CardError`` naming ``what``. ``noun`` names the counts ("card",
    "rank"), ``item`` an index ("card id", "rank index")."""
    cdef Py_ssize_t i
    cdef const uint8_t* src = NULL
    cdef cnp.ndarray arr
    if type(counts) is bytes:
        if len(<bytes>counts) != n:
            from cardcore.errors import CardError

            raise CardError(f"{what}: expected {n} {noun} counts, got {len(<bytes>counts)}")
        src = <const uint8_t*><const char*>counts
    elif isinstance(counts, cnp.ndarray):
        arr = <cnp.ndarray>counts
        if (cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8 and cnp.PyArray_NDIM(arr) == 1
                and cnp.PyArray_ISCARRAY_RO(arr)):
            if cnp.PyArray_DIM(arr, 0) != n:
                from cardcore.errors import CardError

                raise CardError(f"{what}: expected {n} {noun} counts, got "
                                f"{cnp.PyArray_DIM(arr, 0)}")
            src = <const uint8_t*>cnp.PyArray_DATA(arr)
    if src != NULL:
        for i in range(n):
            if src[i] > caps[i]:
                from cardcore.errors import CardError

                raise CardError(f"{what}: count {src[i]} at {item} {i} outside 0..{caps[i]}")
            out[i] = src[i]
        return 0
    from cardcore.errors import CardError, quote     # (the sequence path: not the hot one)

    seq = list_arg(counts, what, n, f"{n} {noun} counts", CardError)
    for i in range(n):
        x = index_or_none(seq[i])
        if x is None:
            raise CardError(f"{what}: count {quote(seq[i])} at {item} {i}: expected an int")
        if not 0 <= x <= caps[i]:
            raise CardError(f"{what}: count {quote(x)} at {item} {i} outside 0..{caps[i]}")
        out[i] = <uint8_t>x
    return 0


cdef inline tuple key_arg(object key, str what):
    """``key`` as three Python ints ``(kind, rank, length)``, else ``CardcoreError`` naming
    ``what`` (their ranges are the caller's to check)."""
    if (type(key) is tuple and len(<tuple>key) == 3 and type(key[0]) is int
            and type(key[1]) is int and type(key[2]) is int):
        return <tuple>key
    from cardcore.errors import CardcoreError, quote

    t = list_arg(key, what, 3, "(kind, rank, length)", CardcoreError)
    k, r, n = index_or_none(t[0]), index_or_none(t[1]), index_or_none(t[2])
    if k is None or r is None or n is None:
        raise CardcoreError(f"{what} {quote(key)}: expected three ints (kind, rank, length)")
    return k, r, n


cdef inline cnp.ndarray rows_array(Py_ssize_t n, Py_ssize_t width, const uint8_t* rows):
    """A new ``(n, width)`` uint8 array: a copy of the ``n`` rows at ``rows``, or (``rows``
    NULL) left for the caller to fill."""
    cdef cnp.npy_intp dims[2]
    dims[0] = n
    dims[1] = width
    cdef cnp.ndarray arr = cnp.PyArray_SimpleNew(2, dims, cnp.NPY_UINT8)
    if rows != NULL:
        memcpy(cnp.PyArray_DATA(arr), rows, n * width)
    return arr
