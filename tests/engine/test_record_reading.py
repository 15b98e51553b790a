"""Game records are files people share, so an action read from one is checked field by
field: every field of every action kind has a known JSON form, and a wrong type is a
ValueError naming the field (never a TypeError or a crash deep in the engine)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from teambuilder.engine.actions import (
    ACTION_TYPES,
    INT_FIELDS,
    LIST_FIELDS,
    PAIR_FIELDS,
    PAYMENT_FIELDS,
    DeclareBlockers,
    Reroll,
    UseGlobal,
    action_from_json,
    to_json,
)
from teambuilder.engine.energy import Payment, Spend
from teambuilder.engine.replay import RecordError, check_record


def test_every_action_field_has_a_json_form() -> None:
    known = INT_FIELDS | LIST_FIELDS | PAIR_FIELDS | PAYMENT_FIELDS
    missing = [f"{name}.{item.name}" for name, cls in ACTION_TYPES.items() for item in fields(cls)
               if item.name not in known]
    assert missing == []


def test_actions_come_back_from_their_json() -> None:
    for action in (Reroll((1, 2)), DeclareBlockers(((3, 4),)),
                   UseGlobal(2, 1, Payment((Spend(5, ("mask",), 0),), 1))):
        assert action_from_json(to_json(action)) == action


@pytest.mark.parametrize(("raw", "says"), [
    ({"type": "Reroll", "dice": "12"}, "expected a list of whole numbers"),
    ({"type": "Reroll", "dice": [1, True]}, "expected a list of whole numbers"),
    ({"type": "ChooseTarget", "target": [1]}, "ChooseTarget: target must be a whole number"),
    ({"type": "DeclareBlockers", "blocks": [[1, 2, 3]]}, "expected a list of 2 whole numbers"),
    ({"type": "UseGlobal", "slot": 1, "ability": 0, "payment": {"virtual": 0, "spends": [[1, "mask", 0]]}},
     "a spend must be [die, [symbols], generic]"),
    ({"type": "Fly"}, "unknown action type 'Fly'"),
    ({"type": ["Pass"]}, "unknown action type"),
])
def test_a_malformed_action_is_refused_by_name(raw: dict[str, object], says: str) -> None:
    with pytest.raises(ValueError, match=None) as refused:
        action_from_json(raw)
    assert says in str(refused.value)


def test_a_record_out_of_range_is_refused_before_a_game_is_built() -> None:
    good = {"seed": 1, "life": 20, "first_player": 0, "max_turns": 200, "teams": [{}, {}], "actions": []}
    assert check_record(good) is good
    for field, bad in (("life", 10 ** 9), ("first_player", 2), ("max_turns", 0), ("seed", "1"),
                       ("teams", [{}]), ("actions", {})):
        with pytest.raises(RecordError, match=field):
            check_record(good | {field: bad})
