# cython: language_level=3
"""Read-only member slots for the kernels' record types (inline: compiled into each kernel that
cimports it).

An attribute a record type declares as ``cdef object`` is read in Python through a property (a
getter call per read). A member slot is read without a call: the interpreter's attribute cache
specializes slots, not properties, which makes reading a record's ``kind`` or ``cards`` in a
loop several times cheaper. ``member_slot`` finds the word of the record that holds the
attribute (by a marker object the caller has stored there) and registers a read-only member
descriptor for it under the attribute's public name. It is a speed-up only: where no single
word of the record holds the marker, the type keeps its property.
"""

from cpython.object cimport PyObject, PyTypeObject


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
    void PyType_Modified(PyTypeObject* t)


cdef inline int member_slot(type t, object probe, object mark, PyMemberDef* m,
                            const char* name) except -1:
    """Make attribute ``name`` of ``t`` a read-only member slot, at the one word of ``probe``
    (an instance of ``t``) that holds ``mark``; ``m`` is the caller's static storage for the
    descriptor's definition. Returns 1 when registered, 0 when the type is left as it is."""
    cdef PyTypeObject* tp = <PyTypeObject*>t
    cdef PyObject** words = <PyObject**><PyObject*>probe
    cdef Py_ssize_t i, off = -1
    cdef Py_ssize_t word = <Py_ssize_t>sizeof(PyObject*)
    if type(probe) is not t:
        return 0
    for i in range(tp.tp_basicsize // word):
        if words[i] == <PyObject*>mark:
            if off >= 0:
                return 0        # ambiguous: keep the property
            off = i * word
    if off < 0:
        return 0                # not found: keep the property
    m.name = name
    m.type = T_OBJECT_EX
    m.offset = off
    m.flags = READONLY
    m.doc = NULL
    (<dict>tp.tp_dict)[name.decode("ascii")] = PyDescr_NewMember(tp, m)
    PyType_Modified(tp)
    return 1
