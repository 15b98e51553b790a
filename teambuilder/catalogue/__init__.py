"""The card catalogue: YAML schema and loader, the SQLite index, the query language.

The YAML files under data/cards are the source of truth; everything else here derives
from them. Import the public API from the submodules (``loader``, ``store``, ``query``,
``repository``).
"""

from teambuilder.native import use_fresh_build

use_fresh_build()   # before any catalogue module loads: the card values are compiled too
