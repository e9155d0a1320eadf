"""`make bench`: the figures — resolve times, complete robot games per second, report render times, mail intake.

Speed is measured here, never asserted in tests: the numbers depend on the machine.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from engine import registry
from engine.rng import Rng
from engine.simulate import play_out
from pbem import batch
from pbem.store import GameDir, Seat, create

SEATS = ("anna", "ben", "cleo", "dara", "emil")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def resolve_per_step(game_id: str, players: int, seed: str) -> list[float]:
    """Seconds each step of a complete robot game takes to resolve (apply only)."""
    game = registry.get(game_id)
    seats = SEATS[:players]
    state = game.setup(seats, {}, Rng.for_step(seed, 0))
    times: list[float] = []
    step = 0
    while game.result(state) is None:
        step += 1
        orders = {p.seat: game.random_order(state, p.seat, Rng.for_robot(seed, step, p.seat))
                  for p in game.prompts(state)}
        started = time.perf_counter()
        state = game.apply(state, orders, Rng.for_step(seed, step)).state
        times.append(time.perf_counter() - started)
    return times


@dataclass(frozen=True)
class Timing:
    """Complete robot games of one setup: seconds of wall clock and of this process's CPU, one per seed."""

    wall: list[float]
    cpu: list[float]

    @property
    def games_per_second(self) -> float:
        """Games per second at the median game's wall time."""
        return 1 / statistics.median(self.wall)


def whole_games(game_id: str, players: int, seeds: range, options: Mapping[str, Any] | None = None) -> Timing:
    """Complete robot games, one per seed (setup, robots' orders, checks and resolution), after a warm-up game.

    The warm-up loads the card data once, so no game's time includes it. CPU time is kept beside the wall
    clock because on a busy machine it moves much less.
    """
    game = registry.get(game_id)
    play_out(game, SEATS[:players], "warm-up", options)
    wall, cpu = [], []
    for seed in seeds:
        started, started_cpu = time.perf_counter(), time.process_time()
        play_out(game, SEATS[:players], seed, options)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return Timing(wall, cpu)


def robot_game_line(label: str, timing: Timing) -> str:
    """One line of the robot-game table: median and max per game, games per second, median CPU."""
    return (f"  {label:34} {len(timing.wall):3} {_ms(statistics.median(timing.wall))} {_ms(max(timing.wall))} "
            f"{timing.games_per_second:9.1f} {_ms(statistics.median(timing.cpu))}")


ROBOT_GAMES_HEADER = (f"  {'complete robot games':34} {'n':>3} {'median':>11} {'max':>11} {'games/s':>9} "
                      f"{'median CPU':>11}")
#: Seeds per setup: the median of 20 games is steady enough, and every setup together stays well under a minute.
SEEDS = range(20)


def bench_expedition() -> None:
    """Expedition to 5X: resolve time per round of a 4-player game; complete robot games of 3, 4 and 5 players."""
    times = resolve_per_step("expedition-5x", 4, "bench")
    click.echo(f"Expedition to 5X, 4 players: {len(times)} steps; resolve per step: "
               f"median {_ms(statistics.median(times))}, max {_ms(max(times))}")
    click.echo(ROBOT_GAMES_HEADER)
    for players in (3, 4, 5):
        click.echo(robot_game_line(f"Expedition to 5X, {players} players", whole_games("expedition-5x", players, SEEDS)))


def bench_pax_pamir() -> None:
    """Pax Pamir: complete robot games of 2 to 5 players, and of 1 and 2 players against Wakhan."""
    click.echo(ROBOT_GAMES_HEADER)
    for players in (2, 3, 4, 5):
        click.echo(robot_game_line(f"Pax Pamir, {players} players", whole_games("pax-pamir", players, SEEDS)))
    for humans in (1, 2):
        timing = whole_games("pax-pamir", humans, SEEDS, {"wakhan": True})
        click.echo(robot_game_line(f"Pax Pamir, {humans} player{'s' * (humans > 1)} and Wakhan", timing))


def bench_pax_expanse() -> None:
    """Pax Expanse: resolve time per step of a 4-player game; complete robot games of 3 and 4 players."""
    times = resolve_per_step("pax-expanse", 4, "bench")
    click.echo(f"Pax Expanse, 4 players: {len(times)} steps; resolve per step: "
               f"median {_ms(statistics.median(times))}, max {_ms(max(times))}")
    click.echo(ROBOT_GAMES_HEADER)
    for players in (3, 4):
        click.echo(robot_game_line(f"Pax Expanse, {players} players", whole_games("pax-expanse", players, SEEDS)))


def bench_reports(tmp: Path) -> None:
    """Report rendering: per report HTML and PDF, beside WeasyPrint alone on the same HTML."""
    from pbem.reports.bench import measure

    gd, _ = create(tmp / "bench-5x", "expedition-5x", "bench", [Seat(s) for s in SEATS[:4]])
    for seat in gd.meta.seats:
        seat.robot = True
    gd.save_meta()
    gd = GameDir(gd.root)
    with gd.lock():
        batch.run_game(gd)  # resolve only; measure renders a chosen step below
    figures = measure(gd, gd.current_step() // 2)
    click.echo(f"  step {figures['step']}, fastest of {figures['repeat']} runs, per report:")
    click.echo(f"  {'reader':8} {'model':>11} {'HTML':>11} {'text':>11} {'PDF':>11} {'WeasyPrint':>11} {'pages KB':>9}")
    for reader, row in figures["readers"].items():
        click.echo(f"  {reader:8} {_ms(row['model_s'])} {_ms(row['html_s'])} {_ms(row['text_s'])} "
                   f"{_ms(row['pdf_s'])} {_ms(row['weasyprint_s'])} {row['pdf_bytes'] / 1024:9.0f}")
    click.echo("  (PDF is our whole pipeline from HTML; WeasyPrint is the library alone on the same HTML)")


def bench_mail(tmp: Path) -> None:
    """Mail intake: fetch and check 1,000 order mails from the local IMAP server."""
    from pbem.mail.bench import measure as mail_measure

    for key, value in mail_measure(tmp).items():
        click.echo(f"  {key:40} {value:.3f} s" if isinstance(value, float) else f"  {key:40} {value}")


SECTIONS: tuple[tuple[str, Callable[..., None], bool], ...] = (
    ("Expedition to 5X", bench_expedition, False),
    ("Pax Pamir", bench_pax_pamir, False),
    ("Pax Expanse", bench_pax_expanse, False),
    ("Reports (Expedition to 5X, 4 players)", bench_reports, True),
    ("Mail intake (Dovecot on loopback)", bench_mail, True),
)


def main() -> None:
    """Print every figure; a section that cannot run says why and the rest go on."""
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        for title, section, wants_tmp in SECTIONS:
            click.echo(f"== {title}")
            try:
                section(Path(folder)) if wants_tmp else section()
            except Exception as exc:  # noqa: BLE001 - one broken section must not hide the others' figures
                click.echo(f"  (not measured: {type(exc).__name__}: {exc})")


if __name__ == "__main__":
    main()
