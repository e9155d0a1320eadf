"""`make bench`: the figures — complete robot games per second of every game and seat count, the caretaker's win
share and thinking time, resolve times, report render times, mail intake.

Speed is measured here, never asserted in tests: the numbers depend on the machine.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from engine import contract, registry
from engine.contract import Game, Prompt
from engine.rng import Rng
from engine.simulate import play_out, robot_setups
from pbem import batch, robots
from pbem.bench_reference import ENVIRONMENT, ReferenceMissing, checkout, play
from pbem.game_yaml import Seat
from pbem.store import GameDir, create

SEATS = ("anna", "ben", "cleo", "dara", "emil")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def resolve_per_step(game_id: str, players: int, seed: str) -> list[float]:
    """CPU seconds each step of a complete robot game takes to resolve (apply only)."""
    game = registry.get(game_id)
    seats = SEATS[:players]
    state = game.setup(seats, {}, Rng.for_step(seed, 0))
    times: list[float] = []
    step = 0
    while game.result(state) is None:
        step += 1
        orders = {p.seat: game.random_order(state, p.seat, Rng.for_robot(seed, step, p.seat))
                  for p in game.prompts(state)}
        started = time.process_time()
        state = game.apply(state, orders, Rng.for_step(seed, step)).state
        times.append(time.process_time() - started)
    return times


def order_entries(order: Mapping[str, Any]) -> int:
    """The entries of an order: each item of a list (an action), each key of a mapping (an answer by key), one for
    any other value (a loyalty, a lone answer)."""
    return sum(len(value) if isinstance(value, (list, dict)) else 1 for value in order.values())


@dataclass(frozen=True)
class Timing:
    """Complete robot games of one setup: the CPU seconds of each game, and the seat turns and order entries the
    games played in all."""

    cpu: list[float]
    turns: int
    entries: int

    @property
    def per_turn(self) -> float:
        """CPU seconds per seat turn."""
        return sum(self.cpu) / max(self.turns, 1)

    @property
    def per_entry(self) -> float:
        """CPU seconds per order entry."""
        return sum(self.cpu) / max(self.entries, 1)


def whole_games(game_id: str, players: int, seeds: Sequence[int], options: Mapping[str, Any] | None = None) -> Timing:
    """Complete robot games, one per seed (setup, robots' orders, checks and resolution), after a warm-up game.

    The warm-up loads the card data once, so no game's time includes it. Only this process's CPU time is taken:
    the wall clock of a shared machine says more of the others' work than of ours.
    """
    game = registry.get(game_id)
    play_out(game, SEATS[:players], "warm-up", options)
    counted = {"turns": 0, "entries": 0}
    turn_kinds = contract.bench(game).turn_kinds

    def count(prompt: Prompt, order: Mapping[str, Any]) -> None:
        counted["turns"] += prompt.kind in turn_kinds
        counted["entries"] += order_entries(order)

    cpu = []
    for seed in seeds:
        started = time.process_time()
        play_out(game, SEATS[:players], seed, options, after_order=count)
        cpu.append(time.process_time() - started)
    return Timing(cpu, counted["turns"], counted["entries"])


def robot_game_line(label: str, timing: Timing, width: int = 34) -> str:
    """One line of the robot-game table: games; median and slowest CPU ms per game; CPU ms per seat turn and per
    order entry; turns and entries per game."""
    games = len(timing.cpu)
    return (f"  {label:{width}} {games:4} {statistics.median(timing.cpu) * 1000:10.1f} {max(timing.cpu) * 1000:9.1f} "
            f"{timing.per_turn * 1000:9.3f} {timing.per_entry * 1000:9.3f} {timing.turns / games:7.1f} "
            f"{timing.entries / games:8.1f}")


def robot_games_header(width: int = 34) -> str:
    """The robot-game table's header line, its columns aligned with robot_game_line."""
    return (f"  {'complete robot games (CPU)':{width}} {'n':>4} {'ms/game':>10} {'max ms':>9} {'ms/turn':>9} "
            f"{'ms/entry':>9} {'turns':>7} {'entries':>8}")


#: Seeds per setup: the median of 20 games is steady enough, and every setup together stays well under a minute.
SEEDS = range(20)


def bench_robot_games() -> None:
    """Complete robot games of every installed game, each seat count and robot variant (from the registry)."""
    rows = [(game_id, setup) for game_id, game in registry.games().items() for setup in robot_setups(game)]
    width = max([34, *(len(setup.label) for _, setup in rows)])
    click.echo(robot_games_header(width))
    for game_id, setup in rows:
        click.echo(robot_game_line(setup.label, whole_games(game_id, setup.players, SEEDS, setup.options), width))
    click.echo("  (this process's CPU time: ms/game the median game, max the slowest; ms/turn and ms/entry: all the\n"
               "   games' time over their seat turns and over their order entries; turns and entries per game)")


def bench_seats(game: Game) -> int:
    """The seat count a bench plays: four where the game allows it, else its largest count."""
    counts = game.seat_counts({})
    return 4 if 4 in counts else min(max(counts), len(SEATS))


def bench_resolve() -> None:
    """Resolve time per step of one seeded game of every installed game (from the registry)."""
    for game_id, game in registry.games().items():
        players = bench_seats(game)
        times = resolve_per_step(game_id, players, "bench")
        click.echo(f"{game.title}, {players} players: {len(times)} steps; resolve per step (CPU): "
                   f"median {_ms(statistics.median(times))}, max {_ms(max(times))}")


#: Prompt kinds the prompts figure leaves out: a turn's own order, and the loyalty chosen before the first turn.
TURN_KINDS = frozenset({"turn"})
SETUP_KINDS = frozenset({"loyalty"})


def mails_asking(due: Sequence[Prompt]) -> int:
    """The mails a step sends to ask seats something: one per seat asked a question, however many questions its
    prompt holds, and one for each seat of a step that asks several (a turn's own order and the loyalty left out)."""
    return len({p.seat for p in due if p.kind not in TURN_KINDS | SETUP_KINDS})


@dataclass(frozen=True)
class Asking:
    """How often seeded robot games stop to ask: turns played, the steps they took and the prompts they raised
    (one mail to each seat asked in a step, see mails_asking), and orders that had to answer in
    advance after all (refused without their answers)."""

    turns: int
    steps: int
    prompts: int
    answered: int

    @property
    def steps_per_turn(self) -> float:
        """Mean steps a turn takes, its own step included."""
        return self.steps / self.turns if self.turns else 0.0

    @property
    def prompts_per_turn(self) -> float:
        """Mean prompts a turn raises."""
        return self.prompts / self.turns if self.turns else 0.0


def asking(game_id: str, players: int, seeds: range, options: Mapping[str, Any]) -> Asking:
    """Play seeded robot games whose turn orders answer nothing in advance (each question waits for a prompt,
    answered at random) and count the turns, their steps and their prompts (the loyalty choice left out)."""
    game = registry.get(game_id)
    turns = steps = prompts = answered = 0
    for seed in seeds:
        state = game.setup(SEATS[:players], options, Rng.for_step(f"asking-{seed}", 0))
        step = 0
        while game.result(state) is None:
            step += 1
            due = game.prompts(state)
            if any(p.kind not in SETUP_KINDS for p in due):
                steps += 1
                turns += any(p.kind == "turn" for p in due)
                prompts += mails_asking(due)
            rng = Rng.for_step(f"asking-{seed}", step)
            given = {p.seat: contract.unanswered_order(game, state, p.seat,
                                                       Rng.for_robot(f"asking-{seed}", step, p.seat)) for p in due}
            try:
                state = game.apply(state, given, rng).state
            except contract.RejectedOrder:
                # An entry that cannot wait for its answers (refused without them): the robot answers in advance.
                answered += 1
                given = {p.seat: game.random_order(state, p.seat, Rng.for_robot(f"asking-{seed}", step, p.seat))
                         for p in due}
                state = game.apply(state, given, rng).state
    return Asking(turns, steps, prompts, answered)


#: Seeded games per rule set for the prompts figure.
ASKING_SEEDS = range(10)


def bench_asking() -> None:
    """Prompts and steps per turn of every game that offers the figure, under older games' rules and new ones'."""
    offered = [(game_id, game) for game_id, game in registry.games().items() if contract.bench(game).prompts]
    if not offered:
        click.echo("  (no installed game offers this figure)")
    for game_id, game in offered:
        players = contract.bench(game).prompts
        for label, options in (("games made before", {}), ("games made now", contract.new_options(game))):
            found = asking(game_id, players, ASKING_SEEDS, options)
            click.echo(f"  {game.title}, {players} players, {label}: {found.turns} turns of {len(ASKING_SEEDS)} games; "
                       f"per turn {found.prompts_per_turn:.2f} prompts, {found.steps_per_turn:.2f} steps"
                       f" ({found.answered} orders answered ahead after all)")
    click.echo("  (robots answer nothing in advance: every question waits for a prompt; options of games made "
               "now: " + "; ".join(f"{g.title} {dict(contract.new_options(g))}" for _, g in offered) + ")")


def _child_cpu(argv: list[str]) -> float:
    """CPU seconds (user + sys) one pbem child process spends."""
    # Bytecode is cached, as an installed pbem has it: a PYTHONDONTWRITEBYTECODE of the caller would make every
    # run compile pbem from source and measure the compiler.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _robot_order(gd: GameDir) -> tuple[str, str]:
    """A legal order of the first seat the game waits for, as the file a player would send: (seat, text)."""
    state = gd.state()
    seat = gd.game.prompts(state)[0].seat
    order = robots.play(gd.game, state, seat, Rng.for_robot(gd.meta.seed, gd.current_step() + 1, seat)).order
    return seat, batch.default_document(gd, seat, order, f"orders of {seat}")


def bench_startup(tmp: Path, runs: int = 5) -> None:
    """Start-up: median CPU seconds of `pbem --version`, `check` of one order and `status` of one game of every
    game, and an idle `tick` over 100 games."""
    pbem = [sys.executable, "-c", "from pbem.cli import entry; entry()"]
    commands: dict[str, list[str]] = {"pbem --version": ["--version"]}
    for game_id, game in registry.games().items():
        seats = [Seat(s) for s in SEATS[:bench_seats(game)]]
        one, _ = create(tmp / "startup" / game_id, game_id, "bench", seats)
        seat, text = _robot_order(one)
        order = tmp / "startup" / f"{game_id}-{seat}.yaml"
        order.write_text(text, encoding="utf-8")
        commands[f"pbem check ({game_id}, one order)"] = ["check", str(one.root), str(order)]
        commands[f"pbem status ({game_id})"] = ["status", str(one.root)]
    game_id, game = next(iter(registry.games().items()))
    many = tmp / "startup" / "many"
    for n in range(100):
        create(many / f"g{n:03}", game_id, f"bench-{n}", [Seat(s) for s in SEATS[:bench_seats(game)]])
    commands[f"pbem tick --no-mail (100 idle {game_id} games)"] = ["tick", "--no-mail", str(many)]
    for argv in commands.values():  # one run each not counted: it writes the bytecode caches
        _child_cpu([*pbem, *argv])
    figures: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(runs):  # alternating, so a busy moment of the machine spreads over every command
        for label, argv in commands.items():
            figures[label].append(_child_cpu([*pbem, *argv]))
    width = max(map(len, commands))
    for label, values in figures.items():
        click.echo(f"  {label:{width}} {statistics.median(values):.3f} s CPU (median of {runs})")


def report_game() -> Game:
    """The game the report figures are taken on: the first that offers to (engine.contract.Bench.reports)."""
    return registry.first(lambda game: contract.bench(game).reports)


def bench_reports(tmp: Path) -> None:
    """Report rendering: per report HTML and PDF, beside WeasyPrint alone on the same HTML."""
    from pbem.reports.bench import measure

    game = report_game()
    players = bench_seats(game)
    gd, _ = create(tmp / "bench-reports", game.id, "bench", [Seat(s) for s in SEATS[:players]])
    for seat in gd.meta.seats:
        seat.robot = True
    gd.save_meta()
    gd = GameDir(gd.root)
    with gd.lock():
        batch.run_game(gd)  # resolve only; measure renders a chosen step below
    figures = measure(gd, gd.current_step() // 2)
    click.echo(f"  {game.title}, {players} players, step {figures['step']}, fastest of {figures['repeat']} runs, "
               "per report:")
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


@dataclass(frozen=True)
class Caretaken:
    """Seeded games of one caretaker seat against robots: its share of the wins (ties split) and its thinking."""

    games: int
    wins: float
    turns: int
    cpu: float
    slowest: float

    @property
    def rate(self) -> float:
        """The caretaker's share of the wins."""
        return self.wins / self.games if self.games else 0.0


def caretaker_games(game_id: str, players: int, seeds: range, options: Mapping[str, Any] | None = None,
                    style: str = robots.CARETAKER) -> Caretaken:
    """Seeded games whose first seat the caretaker plays (or with `style` random, the random robot: the share to
    beat), every other seat a random robot (a game's own automata play themselves); orders from the streams robots
    use (Rng.for_robot), as in a game folder."""
    game = registry.get(game_id)
    seats = list(SEATS[:players])
    wins, turns, cpu, slowest = 0.0, 0, 0.0, 0.0
    for seed in seeds:
        state = game.setup(seats, options or {}, Rng.for_step(seed, 0))
        for step in range(1, 100_000):
            result = game.result(state)
            if result is not None:
                wins += 1 / len(result.winners) if seats[0] in result.winners else 0.0
                break
            orders = {}
            for prompt in game.prompts(state):
                rng = Rng.for_robot(seed, step, prompt.seat)
                if prompt.seat != seats[0]:
                    orders[prompt.seat] = game.random_order(state, prompt.seat, rng)
                    continue
                started = time.process_time()
                orders[prompt.seat] = (contract.caretaker_order(game, state, prompt.seat, rng) if style == robots.CARETAKER
                                       else game.random_order(state, prompt.seat, rng))
                spent = time.process_time() - started
                turns, cpu, slowest = turns + 1, cpu + spent, max(slowest, spent)
            state = game.apply(state, orders, Rng.for_step(seed, step)).state
        else:
            raise RuntimeError(f"{game_id} seed {seed}: no result")
    return Caretaken(len(seeds), wins, turns, cpu, slowest)


#: Seeds per caretaker row in `make bench` (python -m pbem.bench --caretaker N plays another number): a win
#: share of 200 games is known to about ±3 points.
CARETAKER_SEEDS = range(200)


def _caretaker_part(game_id: str, players: int, seeds: range, options: Mapping[str, Any] | None,
                    style: str) -> Caretaken:
    """caretaker_games in a worker process (a module-level function, so that it pickles)."""
    return caretaker_games(game_id, players, seeds, options, style)


def caretaker_row(game_id: str, players: int, seeds: range, options: Mapping[str, Any] | None = None,
                  style: str = robots.CARETAKER) -> Caretaken:
    """caretaker_games shared among a worker per core: the seeds in slices, the CPU of each decision summed."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    workers = min(os.cpu_count() or 1, len(seeds))
    if workers <= 1:
        return caretaker_games(game_id, players, seeds, options, style)
    parts = [seeds[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        found = list(pool.map(_caretaker_part, [game_id] * workers, [players] * workers, parts,
                              [options] * workers, [style] * workers))
    return Caretaken(sum(f.games for f in found), sum(f.wins for f in found), sum(f.turns for f in found),
                     sum(f.cpu for f in found), max(f.slowest for f in found))


def bench_caretaker(seeds: range = CARETAKER_SEEDS) -> None:
    """The caretaker of every game that has one, in each robot setup: its win share against random robots (and the
    game's automata), ties split, and its CPU per decision."""
    click.echo(f"  {'setup':<52} {'games':>5} {'wins':>6} {'random':>6} {'CPU ms/decision':>15} {'slowest ms':>10}")
    for game_id, game in registry.games().items():
        if not contract.has_caretaker(game):
            continue
        for setup in robot_setups(game):
            found = caretaker_row(game_id, setup.players, seeds, setup.options)
            baseline = caretaker_row(game_id, setup.players, seeds, setup.options, robots.RANDOM)
            click.echo(f"  {setup.label:<52} {found.games:>5} {found.rate:>6.0%} {baseline.rate:>6.0%} "
                       f"{found.cpu / max(found.turns, 1) * 1000:>15.1f} {found.slowest * 1000:>10.1f}")
    click.echo("  (one caretaker seat, every other seat a random robot, a game's automated opponents\n"
               "   playing themselves; wins: its share, ties split; random: the share of a random robot in its\n"
               "   seat, from the same seeds)")


#: Rounds of the comparison with the reference (each plays a batch on both sides, in alternating order), and the
#: games of a batch: enough that a round lasts a few seconds, so the median of the rounds is steady.
REFERENCE_ROUNDS = 7
REFERENCE_GAMES = 50


@dataclass(frozen=True)
class Ratio:
    """Median ratios of our CPU time to the reference engine's over alternating rounds: per game, per seat turn, per
    decision (our order entry against one of its actions); both sides' median CPU ms per game; and both sides' seat
    turns a game (the same seeds play the same games each round), since a random player whose games last longer
    costs more per game at the same speed per turn; and the lowest and highest per-game ratio of a single round, since
    the rounds spread widely (the reference's time per game varies more than ours)."""

    game: float
    turn: float
    decision: float
    ours_ms: float
    theirs_ms: float
    ours_turns: float = 0.0
    theirs_turns: float = 0.0
    game_low: float = 0.0
    game_high: float = 0.0


def against_reference(game: Game, reference: Path, players: int, options: Mapping[str, Any],
                      rounds: int = REFERENCE_ROUNDS, games: int = REFERENCE_GAMES) -> Ratio:
    """Random games of `game` at `players` seats here and in the reference, a batch each per round, which goes
    first alternating; the ratios of each round, then their medians."""
    found = contract.bench(game).reference
    assert found is not None
    per_game, per_turn, per_decision, ours_ms, theirs_ms = [], [], [], [], []
    lengths = (0.0, 0.0)
    for round_ in range(rounds):
        batches = []
        for side in (0, 1) if round_ % 2 == 0 else (1, 0):
            if side == 0:
                mine = whole_games(game.id, players, range(games), options)
                batches.append((side, sum(mine.cpu), mine.turns, mine.entries))
            else:
                theirs = play(reference, found.scenarios[players], games, first_seed=1)
                batches.append((side, theirs.cpu, theirs.turns, theirs.decisions))
        (_, cpu, turns, decisions), (_, ref_cpu, ref_turns, ref_decisions) = sorted(batches)
        per_game.append(cpu / ref_cpu)
        per_turn.append((cpu / turns) / (ref_cpu / ref_turns))
        per_decision.append((cpu / decisions) / (ref_cpu / ref_decisions))
        ours_ms.append(cpu / games * 1000)
        theirs_ms.append(ref_cpu / games * 1000)
        lengths = (turns / games, ref_turns / games)
    median = statistics.median
    return Ratio(median(per_game), median(per_turn), median(per_decision), median(ours_ms), median(theirs_ms),
                 *lengths, min(per_game), max(per_game))


def reference_game() -> Game | None:
    """The game measured against a reference engine: the first that names one (engine.contract.Bench.reference)."""
    offered = [game for game in registry.games().values() if contract.bench(game).reference is not None]
    return offered[0] if offered else None


def bench_reference(folder: str | None) -> None:
    """Random games here against the reference engine under Node, for every seat count both have, under the
    rules of games made now and of older games."""
    game = reference_game()
    if game is None:
        click.echo("  (not measured: no installed game names a reference engine)")
        return
    found = contract.bench(game).reference
    assert found is not None
    try:
        reference = checkout(folder, found.repository)
    except ReferenceMissing as missing:
        click.echo(f"  (not measured: {missing})")
        return
    click.echo(f"  {f'{game.title}, random legal play':<44} {'ours ms':>8} {'theirs ms':>9} {'per game':>8} "
               f"{'rounds':>11} {'per turn':>8} {'per decision':>12} {'turns a game':>13}")
    made_now = dict(contract.new_options(game))
    for label, options in (("games made now", made_now), ("older games", {})):
        for players in sorted(set(found.scenarios) & set(game.player_counts)):
            ratio = against_reference(game, reference, players, options)
            click.echo(f"  {f'{players} players, {label}':<44} {ratio.ours_ms:8.1f} {ratio.theirs_ms:9.1f} "
                       f"{ratio.game:7.1f}× {f'{ratio.game_low:.1f}–{ratio.game_high:.1f}×':>11} "
                       f"{ratio.turn:7.1f}× {ratio.decision:11.1f}× "
                       f"{f'{ratio.ours_turns:.0f} / {ratio.theirs_turns:.0f}':>13}")
    click.echo(f"  (CPU ms per game, each side inside its own process; ratios: ours over theirs, medians of\n"
               f"   {REFERENCE_ROUNDS} alternating rounds of {REFERENCE_GAMES} games; rounds: the lowest and highest "
               "per-game ratio of one round;\n"
               "   a decision is one of our order entries and one of its actions;\n"
               "   turns a game: ours / theirs, the seat turns a random game lasts on each side;\n"
               f"   the options of games made now: {made_now})")


#: What a section is given: nothing, a scratch folder, or the reference checkout named (None: not named).
NOTHING, SCRATCH, REFERENCE = "nothing", "scratch", "reference"

SECTIONS: tuple[tuple[str, Callable[..., None], str], ...] = (
    ("Robot games", bench_robot_games, NOTHING),
    ("Against a reference engine (Rally the Troops under Node)", bench_reference, REFERENCE),
    ("Caretaker (plays to win for a seat whose player left)", bench_caretaker, NOTHING),
    ("Resolve per step", bench_resolve, NOTHING),
    ("Prompts per turn (robots answering nothing in advance)", bench_asking, NOTHING),
    ("Start-up (CPU seconds of one command)", bench_startup, SCRATCH),
    ("Reports (CPU)", bench_reports, SCRATCH),
    ("Mail intake (Dovecot on loopback)", bench_mail, SCRATCH),
)


def robot_batch(game_id: str, players: int, games: int, options: Mapping[str, Any] | None = None) -> str:
    """Play `games` seeded robot games (seeds 0, 1, …) after a warm-up game; a line with CPU ms per game and games
    per CPU second.

    For timing the whole process from outside (`/usr/bin/time -v python -m pbem.bench --game …`) before and
    after a change: the same seeds play the same games in both.
    """
    game = registry.get(game_id)
    play_out(game, SEATS[:players], "warm-up", options)  # loads the card data, so the figure is of games alone
    started = time.process_time()
    steps = sum(play_out(game, SEATS[:players], seed, options).steps for seed in range(games))
    seconds = time.process_time() - started
    return (f"{game.title}, {players} players: {games} games, {steps / games:.1f} steps a game, "
            f"{seconds / games * 1000:.1f} CPU ms a game, {games / seconds:.1f} games/s")


@click.command()
@click.option("--game", "game_id", metavar="GAME",
              help="Only play seeded robot games of this game (its id: `pbem games` lists them).")
@click.option("--players", type=int, default=4, show_default=True, help="Seats of those games.")
@click.option("--games", type=int, default=100, show_default=True, help="How many games (seeds 0 to N-1).")
@click.option("--caretaker", "caretaker", type=int, metavar="N",
              help="Only the caretaker's figures, from N seeded games per setup.")
@click.option("--reference", metavar="DIR", envvar=ENVIRONMENT,
              help="A checkout of the reference engine a game names, to measure ours against.")
@click.option("--against-reference", "only_reference", is_flag=True, help="Only the comparison with --reference.")
def main(game_id: str | None, players: int, games: int, caretaker: int | None, reference: str | None,
         only_reference: bool) -> None:
    """Print every figure; a section that cannot run says why and the rest go on.

    Examples: python -m pbem.bench --game GAME --players 4 --games 100; python -m pbem.bench --caretaker 200;
    python -m pbem.bench --against-reference --reference DIR
    """
    if caretaker is not None:
        bench_caretaker(range(caretaker))
        return
    if only_reference:
        bench_reference(reference)
        return
    if game_id is not None:
        click.echo(robot_batch(game_id, players, games))
        return
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as folder:
        given = {NOTHING: (), SCRATCH: (Path(folder),), REFERENCE: (reference,)}
        for title, section, needs in SECTIONS:
            click.echo(f"== {title}")
            try:
                section(*given[needs])
            except Exception as exc:  # one broken section must not hide the others' figures
                click.echo(f"  (not measured: {type(exc).__name__}: {exc})")


if __name__ == "__main__":
    main()
