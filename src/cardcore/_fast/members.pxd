# cython: language_level=3
"""CPython's member descriptors, declared once for the kernels that read or make them: the
shedding kernel reads the slot offsets of a game's ``Move`` type from its members, the Guandan
kernel makes read-only members for its ``Play`` record's fields."""

from cpython.object cimport PyTypeObject


cdef extern from "structmember.h":
    ctypedef struct PyMemberDef:
        const char* name
        int type
        Py_ssize_t offset
        int flags
        const char* doc
    int T_OBJECT_EX
    int READONLY
    object PyDescr_NewMember(PyTypeObject* t, PyMemberDef* m)

cdef extern from "Python.h":
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
