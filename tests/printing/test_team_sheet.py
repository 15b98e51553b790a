"""The printed team sheet: one PDF page on A4 and Letter, with every card and count."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from teambuilder.cli import main
from teambuilder.printing.team_sheet import SheetInfo, sheet_document, write_sheet_pdf
from teambuilder.teams.formats import load_formats
from teambuilder.teams.lookup import CardLookup
from teambuilder.teams.team_file import read_team_file
from tests.conftest import REPO

TEAM = REPO / "data" / "teams" / "standard-bat-family.yaml"


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", path.read_bytes()))


@pytest.mark.parametrize("page, size", [("a4", b"595"), ("letter", b"612")])
def test_sheet_is_one_page_pdf(qapp, catalogue, tmp_path: Path, page: str, size: bytes) -> None:  # type: ignore[no-untyped-def]
    team = read_team_file(TEAM)
    fmt = load_formats()["standard"]
    out = tmp_path / f"sheet-{page}.pdf"
    pages = write_sheet_pdf(team, fmt, CardLookup(catalogue), SheetInfo("Diane", "Regionals"), out, page)
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and pages == 1 and pdf_pages(out) == 1
    assert re.search(rb"/MediaBox\s*\[\s*0\s+0\s+" + size, data)


def test_sheet_lists_every_card_and_count(qapp, catalogue) -> None:  # type: ignore[no-untyped-def]
    team = read_team_file(TEAM)
    lookup = CardLookup(catalogue)
    text = sheet_document(team, load_formats()["standard"], lookup,
                          SheetInfo("Diane Prince", "Store Championship", "2026-11-21")).toPlainText()
    for header in ("Diane Prince", "Store Championship", "2026-11-21", "Gotham Nights", "Standard tournament"):
        assert header in text
    cells = [line.strip() for line in text.splitlines() if line.strip()]
    for entry in team.cards:
        card = lookup.resolve(entry.ref)
        assert card is not None
        row = [card.name, card.subtitle, card.set_code.upper(), str(card.number), str(entry.dice)]
        start = cells.index(card.name)
        assert cells[start:start + 5] == row
    assert "Call to Action" in text and "Too Big To Fly" in text
    assert "Total: 8 cards, 2 basic actions" in text


def test_print_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    code = main(["team", "print", str(TEAM), "-o", str(out), "--player", "Diane", "--page", "letter"])
    assert code == 0 and pdf_pages(out) == 1
    assert capsys.readouterr().out.startswith(f"wrote {out}: 1 page(s)")
