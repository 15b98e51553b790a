"""The gauntlet report: a matchup table as JSON data, text and CSV.

Per pairing: the team's wins, losses and ties against that opponent and its win rate with a
95% Wilson interval. Per team: the same over the whole field (every game it played, as the
listed team or, in a round robin, as someone's opponent). And the first-player advantage
over every game. Only inputs and results go in (no timings, no job count): the same seed
gives the same report, byte for byte, whatever ran it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from teambuilder.sim.gauntlet import Pairing
from teambuilder.sim.runner import GameResult
from teambuilder.sim.stats import CONFIDENCE, Z_95, wilson_interval

SCHEMA = 1
DIGITS = 4


@dataclass(frozen=True)
class Entrant:
    """A team in the gauntlet: its name and the file it came from."""

    name: str
    file: str


def _rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {"win_rate": round(wins / games, DIGITS) if games else None,
            "ci95": [round(low, DIGITS), round(high, DIGITS)]}


def _record(results: Sequence[GameResult], seat: int) -> dict[str, Any]:
    wins = sum(r.winner == seat for r in results)
    losses = sum(r.winner == 1 - seat for r in results)
    return {"games": len(results), "wins": wins, "losses": losses, "ties": len(results) - wins - losses,
            **_rate(wins, len(results))}


def build_gauntlet_report(teams: Sequence[Entrant], opponents: Sequence[Entrant], pairings: Sequence[Pairing],
                          results: Sequence[Sequence[GameResult]], round_robin: bool = False) -> dict[str, Any]:
    """The documented ``--json`` object of ``teambuilder gauntlet`` (docs/sim.md)."""
    rows = []
    field: dict[tuple[str, int], list[tuple[Sequence[GameResult], int]]] = {}
    for pairing, games in zip(pairings, results, strict=True):
        team, opponent = teams[pairing.team], opponents[pairing.opponent]
        rows.append({"team": team.name, "opponent": opponent.name, **_record(games, 0)})
        field.setdefault(("team", pairing.team), []).append((games, 0))
        if round_robin:            # the opponent's games count for it too, from its seat
            field.setdefault(("team", pairing.opponent), []).append((games, 1))
    standings = []
    for index, team in enumerate(teams):
        played = field.get(("team", index), [])
        wins = sum(sum(r.winner == seat for r in games) for games, seat in played)
        losses = sum(sum(r.winner == 1 - seat for r in games) for games, seat in played)
        total = sum(len(games) for games, _seat in played)
        standings.append({"name": team.name, "file": team.file, "games": total, "wins": wins, "losses": losses,
                          "ties": total - wins - losses, **_rate(wins, total)})
    every = [r for games in results for r in games]
    first_wins = sum(r.winner == r.first for r in every)
    settings = pairings[0].settings
    return {
        "schema": SCHEMA,
        "round_robin": round_robin,
        "games_per_pairing": settings.games,
        "games": len(every),
        "seeds": {"first": settings.base_seed, "last": settings.base_seed + settings.games - 1},
        "ai": {"team": settings.agents[0], "opponent": settings.agents[1]},
        "teams": standings,
        "opponents": [{"name": o.name, "file": o.file} for o in opponents],
        "pairings": rows,
        "first_player": {"games": len(every), "wins": first_wins, **_rate(first_wins, len(every))},
        "confidence": {"level": CONFIDENCE, "method": "wilson", "z": round(Z_95, DIGITS)},
    }


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def _interval(ci: Sequence[float]) -> str:
    return f"{ci[0] * 100:.0f}-{ci[1] * 100:.0f}%"


def format_gauntlet(report: dict[str, Any]) -> str:
    """The report as text: the matchup table, each team's result over the field, and the
    first-player advantage."""
    width = max([len(row["team"]) for row in report["pairings"]] + [len(t["name"]) for t in report["teams"]] + [4])
    other = max([len(row["opponent"]) for row in report["pairings"]] + [8])
    lines = [f"{report['games']} games, {report['games_per_pairing']} a pairing (seeds {report['seeds']['first']}-"
             f"{report['seeds']['last']}, seats alternated); AI {report['ai']['team']} vs {report['ai']['opponent']}",
             "", f"{'team':<{width}}  {'opponent':<{other}} {'W':>4} {'L':>4} {'T':>3} {'win rate':>8}  95% CI"]
    for row in report["pairings"]:
        lines.append(f"{row['team']:<{width}}  {row['opponent']:<{other}} {row['wins']:>4} {row['losses']:>4} "
                     f"{row['ties']:>3} {_percent(row['win_rate']):>8}  {_interval(row['ci95'])}")
    lines += ["", f"{'over the field':<{width}}  {'games':>{other}} {'W':>4} {'L':>4} {'T':>3} {'win rate':>8}  95% CI"]
    for team in report["teams"]:
        lines.append(f"{team['name']:<{width}}  {team['games']:>{other}} {team['wins']:>4} {team['losses']:>4} "
                     f"{team['ties']:>3} {_percent(team['win_rate']):>8}  {_interval(team['ci95'])}")
    first = report["first_player"]
    lines += ["", f"first player won {first['wins']} of {first['games']} ({_percent(first['win_rate'])}, "
                  f"95% CI {_interval(first['ci95'])})"]
    return "\n".join(lines)


def gauntlet_csv(report: dict[str, Any]) -> str:
    """One row a pairing, with a header."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["team", "opponent", "games", "wins", "losses", "ties", "win_rate", "ci95_low", "ci95_high"])
    for row in report["pairings"]:
        writer.writerow([row["team"], row["opponent"], row["games"], row["wins"], row["losses"], row["ties"],
                         row["win_rate"], row["ci95"][0], row["ci95"][1]])
    return out.getvalue()
