"""The batch: resolve every step whose orders are in, store it, render its reports and queue its mail."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.contract import Order, Reason, RejectedOrder
from engine.rng import Rng
from pbem import deadlines, moderation, robots
from pbem.files import release_inherited
from pbem.intake import OrderRejected, submit
from pbem.mail.queue import requeue_step
from pbem.orders import dump_body, parse, render
from pbem.records import CARETAKER_KEY, reasons_info, step_name
from pbem.store import GameDir, StoreError

#: How many steps one run may resolve for one game: a guard against a game that never ends.
MAX_STEPS_PER_RUN = 100_000


@dataclass
class RunSummary:
    """What one `pbem run` did to one game."""

    game: str
    resolved: list[int] = field(default_factory=list)
    waiting_for: list[str] = field(default_factory=list)
    finished: bool = False
    forced: dict[int, list[str]] = field(default_factory=dict)
    held: str | None = None  # why the moderator holds the game (then nothing was resolved)


Renderer = Callable[[GameDir, int], Any]


def default_document(gd: GameDir, seat: str, body: Order, why: str, notes: tuple[str, ...] = ()) -> str:
    """The order document pbem writes for a seat when it orders on that seat's behalf; `why` heads it, each of
    `notes` (the caretaker's reasons) follows as a comment line."""
    header = {"game": gd.name, "seat": seat, "step": gd.current_step() + 1}
    comments = "".join(f"# {' '.join(note.split())}\n" for note in notes)
    return f"# {why}\n{comments}" + render(header, dump_body(body))


#: The names a robot's order document is headed by ("robot orders for anna", "caretaker orders: …").
ROBOT_NAMES = ("robot", "caretaker")


def by_robot(text: str) -> bool:
    """Whether a stored order document is one a robot wrote (its heading names a robot's orders)."""
    return text.startswith(tuple(f"# {name} orders" for name in ROBOT_NAMES))


def play_robots(gd: GameDir, seats: list[str], why: str = "{style} orders for {seat}", style: str | None = None) -> None:
    """Robots send orders for `seats` through the same intake as people; `why` heads each document.

    Each seat plays in its own style (game.yaml's robot_style) unless `style` names one for all (the deadline
    policy's); a caretaker's reasons follow the heading, one comment line per decision, and are kept beside the
    order (GameDir.keep_reasons) for the reports of the step that resolves it.
    """
    step = gd.current_step() + 1
    state = gd.state()
    for seat in seats:
        how = style or gd.meta.seat(seat).robot_style or robots.RANDOM
        played = robots.play(gd.game, state, seat, Rng.for_robot(gd.meta.seed, step, seat), how)
        name = "caretaker" if how == robots.CARETAKER else "robot"
        notes = tuple(f"caretaker: {reason.text}" for reason in played.reasons)
        text = default_document(gd, seat, played.order, why.format(seat=seat, style=name), notes)
        if played.reasons:  # first: a crash between the two leaves reasons no order matches, never an order without
            gd.keep_reasons(seat, text, played.reasons)
        try:
            submit(gd, text, f"robot/{seat}.yaml", origin="robot")
        except OrderRejected as exc:  # a robot must only play legal orders: this is a bug in the game
            raise RuntimeError(f"{name} {seat} produced an illegal order:\n{exc}\n{text}") from None


def resolve_ready(gd: GameDir, *, force: bool = False) -> int | None:
    """Resolve the next step if every prompted seat has orders (or `force`); its number, or None.

    The caller holds the lock. A crash at any point leaves either no new step, with every pending order
    kept, or the whole step stored, whose orders are then no longer pending.
    """
    gd.clear_resolved_pending()
    game = gd.game
    state = gd.state()
    if game.result(state) is not None:
        return None
    prompts = game.prompts(state)
    if not prompts:
        raise StoreError(f"{gd.root}: the game is not over but nobody owes orders (a rules bug)")
    robot_seats = [p.seat for p in prompts if gd.meta.seat(p.seat).robot and p.seat not in gd.pending()]
    if robot_seats:
        play_robots(gd, robot_seats)
    pending = gd.pending()
    missing = [p.seat for p in prompts if p.seat not in pending]
    if missing and not force:
        return None
    step = gd.current_step() + 1
    texts: dict[str, str] = {}
    orders: dict[str, Order] = {}
    info: dict[str, Any] = {"orders": {}}
    reasons: dict[str, list[Reason]] = {}
    for prompt in prompts:
        seat = prompt.seat
        if seat in pending:
            text = pending[seat]
            doc = parse(text, f"pending/{seat}.yaml")
            if not doc.problems and doc.header.get("step") != step:
                # Intake only keeps orders for the next step; anything else was put there by hand.
                raise StoreError(f"{gd.root}: pending orders of {seat} are for step {doc.header.get('step')}, "
                                 f"not step {step}")
            problems = game.check(state, seat, doc.body) if not doc.problems else doc.problems
            if problems:
                raise StoreError(f"{gd.root}: pending orders of {seat} no longer pass the rules: {problems}")
            info["orders"][seat] = "submitted"
            if found := gd.pending_reasons(seat, text):
                reasons[seat] = found
        else:
            body = game.default_order(state, seat)
            text = default_document(gd, seat, body, f"default orders: {seat} sent none by the deadline")
            doc = parse(text, f"default/{seat}.yaml")
            info["orders"][seat] = "default"
        texts[seat] = text
        orders[seat] = doc.body
    if reasons:  # only then: a step without the caretaker is stored as it always was
        info[CARETAKER_KEY] = reasons_info(reasons)
    try:
        result = game.apply(state, orders, Rng.for_step(gd.meta.seed, step))
    except RejectedOrder as exc:
        raise StoreError(f"{gd.root}: step {step}: {exc}") from None
    gd.commit_step(step, result.state, result.events, texts, info)
    gd.clear_pending(list(texts))
    return step


def run_game(gd: GameDir, *, force: bool = False, render: Renderer | None = None,
             on_step: Callable[[int], None] | None = None, workers: int | None = None,
             on_rendered: Callable[[int, int], None] | None = None, now: datetime | None = None,
             most: int | None = None) -> RunSummary:
    """Resolve steps while orders are complete (at most `most`, if given), then render every step not yet rendered. The
    caller holds the lock.

    Reports are rendered after the steps are stored (several steps in parallel, one process per core),
    and each step's mail is queued only after all its reports are on disk.
    """
    summary = RunSummary(game=gd.name)
    forced_once = force
    mark = moderation.held(gd)
    if mark is not None:
        summary.held = str(mark.get("why", ""))
    limit = MAX_STEPS_PER_RUN if most is None else min(most, MAX_STEPS_PER_RUN)
    for _ in range(0 if mark is not None else limit):
        step = resolve_ready(gd, force=forced_once)
        if step is None:
            break
        info = gd.step_info(step)
        defaults = [seat for seat, how in info.get("orders", {}).items() if how == "default"]
        if defaults:
            summary.forced[step] = defaults
        # --force answers one deadline: steps that follow wait for their own orders (robots still play).
        forced_once = False
        summary.resolved.append(step)
        if on_step is not None:
            on_step(step)
    if summary.resolved:
        # The new step's deadline is fixed before its reports are rendered: they and its mail name the same one.
        deadlines.open_track(gd, now or datetime.now(UTC))
    if render is not None:
        render_missing(gd, render, workers=workers, on_rendered=on_rendered)
    state = gd.state()
    summary.finished = gd.game.result(state) is not None
    if not summary.finished:
        pending = gd.pending()
        # A robot seat plays when the next run reaches it (after --steps stopped this one): nobody waits for it.
        summary.waiting_for = sorted(p.seat for p in gd.game.prompts(state)
                                     if p.seat not in pending and not gd.meta.seat(p.seat).robot)
    return summary


def mark_rendered(gd: GameDir, step: int) -> None:
    """Note that a step's reports and mail are complete, so a rerun after a crash can tell."""
    gd.write_file(gd.report_dir(step) / ".complete", step_name(step) + "\n")


def unrendered(gd: GameDir) -> list[int]:
    """Stored steps whose reports were never completed (new steps, or a run that crashed)."""
    return [step for step in gd.steps() if not (gd.report_dir(step) / ".complete").exists()]


def _render_one(root: str, render: Renderer, step: int) -> int:
    gd = GameDir(Path(root))
    render(gd, step)
    mark_rendered(gd, step)
    return step


_PR_SET_PDEATHSIG = 1


def _worker_start(parent: int) -> None:
    """A render worker: drop the parent's locks and die with the parent (kill -9, OOM killer, systemd).

    A worker that outlived its parent would wait forever for work; it must never keep the game locked.
    """
    release_inherited()
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: closing the locks above is what matters
        pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def render_missing(gd: GameDir, render: Renderer, *, workers: int | None = None,
                   on_rendered: Callable[[int, int], None] | None = None) -> list[int]:
    """Render every step not yet rendered, in parallel when there are several; the steps rendered.

    `on_rendered(done, total)` is called after each step, for a progress bar.
    """
    steps = unrendered(gd)
    workers = min(len(steps), workers or os.cpu_count() or 1)
    done: list[int] = []
    results: Iterator[int]
    pool: ProcessPoolExecutor | None = None
    if workers <= 1:
        results = (_render_one(str(gd.root), render, step) for step in steps)
    else:
        # fork keeps the already-imported WeasyPrint and fonts; each worker renders whole steps.
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_worker_start, initargs=(os.getpid(),))
        results = pool.map(_render_one, [str(gd.root)] * len(steps), [render] * len(steps), steps)
    try:
        for step in results:
            # Workers finish in any order; results come back in step order, and so must the steps' mail.
            requeue_step(gd.outbox_dir(), step)
            done.append(step)
            if on_rendered is not None:
                on_rendered(len(done), len(steps))
    finally:
        if pool is not None:
            pool.shutdown()
    return done
