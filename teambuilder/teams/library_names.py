"""Names for teams arriving in the library: a second "Test" becomes "Test (2)".

Importing the same team twice must not leave two teams nobody can tell apart in the
library list (nor replace the first: nothing a user made is ever lost). So an incoming
team whose name a team in the library already has gets the first free number, the way file
managers name a copy. A name that already carries a number ("Test (2)") counts on from
its base name when the library has that too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_NUMBERED = re.compile(r"^(?P<base>.*\S) \((?P<number>\d{1,6})\)$")


def numbered_name(name: str, taken: Iterable[str]) -> str:
    """``name`` when no name in ``taken`` is equal to it (ignoring case and surrounding
    spaces), else ``"base (N)"`` with the smallest free N from 2."""
    used = {other.strip().casefold() for other in taken}
    if name.strip().casefold() not in used:
        return name
    # "Test (2)" counts on from "Test" when that is there too; "Rush (1999)" alone is a
    # name of its own and becomes "Rush (1999) (2)".
    numbered = _NUMBERED.match(name.strip())
    base = numbered.group("base") if numbered and numbered.group("base").casefold() in used else name.strip()
    number = 2
    while f"{base} ({number})".casefold() in used:
        number += 1
    return f"{base} ({number})"
