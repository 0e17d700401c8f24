"""``cardcore bench``: each module here exposes
``run(quick=True) -> list[(label, value, unit)]``."""
