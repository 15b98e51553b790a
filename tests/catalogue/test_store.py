"""The SQLite index follows the YAML: rebuilt on change, reused otherwise, replaced atomically."""

from __future__ import annotations

from pathlib import Path

import pytest

from teambuilder.catalogue import loader
from teambuilder.catalogue.repository import Catalogue
from teambuilder.catalogue.store import open_store


def test_index_is_reused_until_the_yaml_changes(cards_copy: Path, tmp_path: Path) -> None:
    store = tmp_path / "index.sqlite"
    assert open_store(cards_copy, store).rebuilt
    assert not open_store(cards_copy, store).rebuilt
    sww = cards_copy / "sww.yaml"
    sww.write_text(sww.read_text().replace("name: Cheetah", "name: Cheeta", 1))
    info = open_store(cards_copy, store)
    assert info.rebuilt
    assert next(c.name for c in Catalogue(info).search("set:sww name:cheeta")) == "Cheeta"


def test_a_changed_card_reader_rebuilds_the_index(cards_copy: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # An index a reader of another version built (one that may have skipped a set file
    # this reader accepts) is rebuilt, even though the YAML is the same.
    store = tmp_path / "index.sqlite"
    assert open_store(cards_copy, store).rebuilt
    monkeypatch.setattr(loader, "reader_fingerprint", lambda: b"another reader")
    assert open_store(cards_copy, store).rebuilt
    assert not open_store(cards_copy, store).rebuilt


def test_force_rebuilds_and_a_corrupt_index_is_replaced(cards_copy: Path, tmp_path: Path) -> None:
    store = tmp_path / "index.sqlite"
    open_store(cards_copy, store)
    assert open_store(cards_copy, store, force=True).rebuilt
    store.write_bytes(b"not a database")
    info = open_store(cards_copy, store)
    assert info.rebuilt and info.card_count == 4079
    assert not list(tmp_path.glob(".catalogue-*")), "temporary build files are cleaned up"


def test_skipped_files_are_remembered_by_the_index(cards_copy: Path, tmp_path: Path) -> None:
    (cards_copy / "wwe.yaml").write_text("set: {code: wwe}\ncards: [\n")
    store = tmp_path / "index.sqlite"
    open_store(cards_copy, store)
    reopened = Catalogue(open_store(cards_copy, store))
    assert not reopened.info.rebuilt
    assert [Path(p).name for p, _ in reopened.skipped] == ["wwe.yaml"]
    assert reopened.search("set:wwe") == []
    assert len(reopened.search("set:xmf")) == 72


def test_card_round_trips_through_the_index(catalogue, loaded) -> None:  # type: ignore[no-untyped-def]
    for card in loaded.cards:
        assert catalogue.get(card.code) == card
    assert catalogue.get("5SWW").name == "Cheetah"
    assert catalogue.get("999sww") is None
