"""The index's errors, apart from ``store`` so the command line can catch them without
importing the SQL stack (sqlmodel) it only needs once a command opens the catalogue."""


class StoreError(OSError):
    """No index could be written anywhere; the message (one line) says what to do."""


class IndexDamage(Exception):
    """The index file is damaged; the message (one line) says how."""
