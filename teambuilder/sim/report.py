"""The sim report: per-game results aggregated in game order, as JSON data and as text.

``build_report`` gives the documented ``--json`` object (docs/sim.md); ``format_report``
renders the same object as a short table. Only the inputs and the per-game results go
into the report (no timings, no job count), so the same seed always gives the same report.
Floats are rounded to 4 decimals; a win rate counts ties as not won.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from teambuilder.sim.runner import GameResult, SimSettings
from teambuilder.sim.stats import CONFIDENCE, Z_95, wilson_interval

SCHEMA = 1
SEAT_KEYS = ("a", "b")
DIGITS = 4


def _rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {"win_rate": round(wins / games, DIGITS) if games else None,
            "ci95": [round(low, DIGITS), round(high, DIGITS)]}


def _mean(values: Sequence[int]) -> float:
    return round(sum(values) / len(values), DIGITS) if values else 0.0


def _team(seat: int, settings: SimSettings, files: Sequence[str],
          results: Sequence[GameResult]) -> dict[str, Any]:
    wins = sum(r.winner == seat for r in results)
    losses = sum(r.winner == 1 - seat for r in results)
    return {"name": settings.matchup.setups[seat].name, "file": files[seat],
            "ai": settings.agents[seat], "wins": wins, "losses": losses,
            "ties": len(results) - wins - losses, **_rate(wins, len(results)),
            # Damage a team dealt is the damage the other team was dealt.
            "average_damage_dealt": _mean([r.damage_taken[1 - seat] for r in results])}


def _seat(results: Sequence[GameResult], a_first: bool) -> dict[str, Any]:
    games = [r for r in results if (r.first == 0) == a_first]
    a_wins = sum(r.winner == 0 for r in games)
    b_wins = sum(r.winner == 1 for r in games)
    rate = _rate(a_wins, len(games))
    return {"games": len(games), "a_wins": a_wins, "b_wins": b_wins,
            "ties": len(games) - a_wins - b_wins, "a_win_rate": rate["win_rate"], "ci95": rate["ci95"]}


def _game(result: GameResult) -> dict[str, Any]:
    return {"game": result.index, "seed": result.seed, "first": SEAT_KEYS[result.first],
            "winner": None if result.winner is None else SEAT_KEYS[result.winner],
            "result": result.result, "turns": result.turns,
            "damage_dealt": {"a": result.damage_taken[1], "b": result.damage_taken[0]}}


def build_report(settings: SimSettings, files: Sequence[str], results: Sequence[GameResult]) -> dict[str, Any]:
    """The ``--json`` object for ``results`` (all of ``settings``' games, in game order)."""
    first_wins = sum(r.winner == r.first for r in results)
    return {
        "schema": SCHEMA,
        "games": len(results),
        "seeds": {"first": settings.base_seed, "last": settings.base_seed + len(results) - 1},
        "format": settings.matchup.format_key,
        "life": settings.matchup.life,
        "a": _team(0, settings, files, results),
        "b": _team(1, settings, files, results),
        "ties": {"total": sum(r.winner is None for r in results),
                 "turn_limit": sum(r.turn_limit for r in results)},
        "by_seat": {"a_first": _seat(results, True), "a_second": _seat(results, False)},
        "first_player": {"games": len(results), "wins": first_wins, **_rate(first_wins, len(results))},
        "average_turns": _mean([r.turns for r in results]),
        "confidence": {"level": CONFIDENCE, "method": "wilson", "z": round(Z_95, DIGITS)},
        "per_game": [_game(r) for r in results],
    }


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def _interval(ci: Sequence[float]) -> str:
    return f"{ci[0] * 100:.1f}%-{ci[1] * 100:.1f}%"


def format_report(report: dict[str, Any]) -> str:
    """The report as a short table (the plain output of ``teambuilder sim``)."""
    a, b = report["a"], report["b"]
    seeds = report["seeds"]
    width = max(len(a["name"]), len(b["name"]), len("team"))
    header = (f"   {'team':<{width}}  {'AI':<8} {'wins':>5} {'losses':>6} {'ties':>5} {'win rate':>8}  "
              f"{'95% CI':<13} {'avg damage dealt':>16}")
    lines = [f"{report['games']} games, seeds {seeds['first']}-{seeds['last']}, format {report['format']}",
             "", header]
    for key, team in (("A", a), ("B", b)):
        lines.append(f"{key}  {team['name']:<{width}}  {team['ai']:<8} {team['wins']:>5} {team['losses']:>6} "
                     f"{team['ties']:>5} {_percent(team['win_rate']):>8}  {_interval(team['ci95']):<13} "
                     f"{team['average_damage_dealt']:>16.1f}")
    lines += ["", f"{'seat':<14} {'games':>5} {'A wins':>6} {'B wins':>6} {'ties':>5} {'A win rate':>10}  95% CI"]
    for label, key in (("A goes first", "a_first"), ("A goes second", "a_second")):
        seat = report["by_seat"][key]
        lines.append(f"{label:<14} {seat['games']:>5} {seat['a_wins']:>6} {seat['b_wins']:>6} {seat['ties']:>5} "
                     f"{_percent(seat['a_win_rate']):>10}  {_interval(seat['ci95'])}")
    first = report["first_player"]
    ties = report["ties"]
    lines.append("")
    lines.append(f"first player won {first['wins']} of {first['games']} ({_percent(first['win_rate'])}, "
                 f"95% CI {_interval(first['ci95'])})")
    lines.append(f"average game: {report['average_turns']:.1f} turns; ties {ties['total']} "
                 f"({ties['turn_limit']} at the turn limit)")
    return "\n".join(lines)
