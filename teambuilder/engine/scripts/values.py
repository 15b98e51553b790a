"""The frozen values card scripts keep: a continuation's data and the entries scripts put
in ``Game.script_state``.

Every such value is a ``Frozen``: a frozen dataclass of ids, names and tuples, never
changed once made, so a copied game shares it with the original. Copying one, even with
``copy.deepcopy``, gives the value itself: a compiled (mypyc) frozen dataclass could not be
rebuilt field by field. ``Frame`` is the part of a script's ``Context`` a continuation
needs; ``Pending`` is the question a script waits on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from teambuilder.engine.selectors import Context

if TYPE_CHECKING:
    from teambuilder.engine.game import Game


class Frozen:
    """A value that never changes: a copy of it is itself."""

    def __copy__(self) -> Frozen:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Frozen:
        return self


@dataclass(frozen=True)
class Frame(Frozen):
    """The ids a continuation needs to rebuild the ``Context`` of the script that asked."""

    controller: int
    slot: int | None = None
    source: int | None = None     # the ability's source die
    event: int | None = None      # the die the triggering event was about

    @staticmethod
    def of(ctx: Context) -> Frame:
        return Frame(ctx.controller, ctx.slot, None if ctx.source is None else ctx.source.id,
                     None if ctx.event_die is None else ctx.event_die.id)

    def context(self, game: Game) -> Context:
        """The ``Context`` this frame was made from (the ids' dice as they are now)."""
        return Context(game, self.controller, self.slot,
                       None if self.source is None else game.dice[self.source],
                       None if self.event is None else game.dice[self.event])


@dataclass(frozen=True)
class Nothing(Frozen):
    """The data of a continuation that needs none."""


NOTHING = Nothing()


@dataclass(frozen=True)
class Pending(Frozen):
    """The question a script is waiting on: the continuation's name and its data (of the
    type the continuation was registered with)."""

    then: str
    data: Frozen


@dataclass(frozen=True)
class BuyOffer(Frozen):
    """A ``buy`` effect of the ability language (``moves``) waiting for its answer: who
    buys, into which zone, and the price of each card it offers (slot, energy, types)."""

    frame: Frame
    into: str
    prices: tuple[tuple[int, int, tuple[str, ...]], ...]


@dataclass(frozen=True)
class KeepOffer(Frozen):
    """A draw waiting for the player's picks: the dice drawn, those kept so far, how many
    to keep, and where kept and other dice go."""

    frame: Frame
    drawn: tuple[int, ...]
    kept: tuple[int, ...]
    keep: int
    into: str
    otherwise: str
    level: int
    up_to: bool = False      # the player may stop before keeping ``keep`` (``keep_up_to``)


# (Here, beside ``Frozen``, not in face_turning: a compiled dataclass may extend a compiled
# class only within its module.)
@dataclass(frozen=True)
class FaceTurn(Frozen):
    """Dice waiting to be turned (``turn_to_energy``): who picks, and the dice still to turn
    (the first is asked about)."""

    picker: int
    dice: tuple[int, ...]
    single: bool = False     # only its single energy faces (``amount: 1``: Professor X 127dps)
