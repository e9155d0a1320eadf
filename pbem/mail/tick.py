"""`pbem tick ROOT`: everything due for every game under ROOT — fetch, resolve, remind, send; cron-safe."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from engine.contract import has_caretaker
from engine.words import plural
from pbem import batch, moderation, robots
from pbem.files import LOCK_LIMIT_SECONDS, Busy, describe_holder, locked, overdue
from pbem.mail import deadlines, digest, imap, notices, smtp
from pbem.mail.mailbox import log, state_dir
from pbem.mail.reply import answers_describe_the_end
from pbem.mail.settings import Settings
from pbem.store import GameDir, StoreError, open_game

Renderer = Callable[[GameDir, int], Any]

#: A tick's lease on tick.lock: one holding it longer hangs, and the next tick says so and exits 1.
TICK_LEASE_SECONDS = 30 * 60


@dataclass
class TickSummary:
    """What one tick did; `busy` when another tick was running and this one did nothing (`other`: who)."""

    busy: bool = False
    other: dict[str, Any] = field(default_factory=dict)
    fetched: imap.FetchSummary | None = None
    games: dict[str, list[str]] = field(default_factory=dict)
    sent: smtp.SendSummary | None = None
    errors: list[str] = field(default_factory=list)


def default_renderer(settings: Settings | None) -> Renderer | None:
    """The reports' renderer that then queues the report mail, from pbem's own address; None if reports are not
    installed."""
    try:
        from pbem.mail.report import render_and_queue
    except ImportError:
        return None
    if settings is None:
        return render_and_queue
    # A partial, not a lambda: the batch hands the renderer to worker processes, so it must pickle.
    return partial(render_and_queue, config=settings.report_config())


def _publish(root: Path, settings: Settings, summary: TickSummary) -> None:
    """Rebuild the web archive (site: in pbem.yaml); only games with new steps are rendered again (pbem.site.steps)."""
    from pbem.site import build

    try:
        site = build(root, settings.site_dir, settings.report_config())  # type: ignore[arg-type]
    except Exception as exc:  # a site that cannot be written must not stop the mail
        summary.errors.append(f"site not published: {type(exc).__name__}: {exc}")
        return
    summary.errors.extend(f"site: {problem}" for problem in site.problems)


def games_under(root: Path) -> list[Path]:
    """Every game folder directly under root."""
    return [p for p in sorted(Path(root).iterdir()) if (p / "game.yaml").is_file()] if Path(root).is_dir() else []


def tick(root: Path, settings: Settings | None, *, now: datetime | None = None, render: Renderer | None = None,
         mail: bool = True) -> TickSummary:
    """Do what is due; a second tick running at the same time returns at once with `busy` set."""
    root = Path(root)
    summary = TickSummary()
    try:
        with locked(state_dir(root) / "tick.lock", wait=False):
            _tick(root, settings, now or datetime.now(UTC), render, mail, summary)
    except Busy as exc:
        summary.busy = True
        summary.other = exc.holder
    return summary


def other_tick(root: Path, info: dict[str, Any]) -> tuple[str, bool]:
    """What to say of the tick holding tick.lock (described by pbem.files.probe), and whether it is past its lease."""
    since = info.get("since")
    when = f", since {datetime.fromtimestamp(since, UTC):%Y-%m-%d %H:%M} UTC" if since is not None else ""
    if not overdue(info, TICK_LEASE_SECONDS):
        who = f"pid {info['pid']}" if info.get("pid") else "an unknown process"
        return f"another pbem tick is running ({who}{when}); nothing done", False
    return (f"another pbem tick has held {state_dir(root) / 'tick.lock'} longer than a tick may take "
            f"({TICK_LEASE_SECONDS // 60} min): "
            f"{describe_holder(info)}{when}; nothing done. End that process (kill PID) if it hangs"), True


def _tick(root: Path, settings: Settings | None, now: datetime, render: Renderer | None, mail: bool, summary: TickSummary) -> None:
    # The answers to this fetch's mail are written again once the games are ticked: an answer must not say
    # "still waiting for cleo" beside the report that cleo's orders, fetched in the same batch, brought about.
    with answers_describe_the_end():
        _fetch_and_tick(root, settings, now, render, mail, summary)
    if settings is not None and settings.site_dir is not None:
        _publish(root, settings, summary)
    if mail and settings is not None and settings.smtp is not None:
        try:
            summary.sent = smtp.send(root, settings, now=now)
        except Busy:
            summary.errors.append("mail delivery skipped: another delivery is running")
        except Exception as exc:  # reported; the outbox stays for the next run
            summary.errors.append(f"mail delivery failed: {type(exc).__name__}: {exc}")


def _fetch_and_tick(root: Path, settings: Settings | None, now: datetime, render: Renderer | None, mail: bool,
                    summary: TickSummary) -> None:
    """Fetch the mail, then do what is due in every game."""
    if mail and settings is not None and settings.imap is not None:
        try:
            summary.fetched = imap.fetch(root, settings, now=now)
            summary.errors.extend(summary.fetched.errors)
        except Busy:
            summary.errors.append("mail fetch skipped: another fetch is running")
        except Exception as exc:  # an unreachable mailbox must not stop deadlines and delivery
            summary.errors.append(f"mail fetch failed: {type(exc).__name__}: {exc}")
    waiting = summary.fetched.deferred if summary.fetched is not None else set()
    stuck = summary.fetched.stuck if summary.fetched is not None else set()
    for folder in games_under(root):
        if folder.name in waiting:
            # Its mail comes first: a deadline resolved now would pass over orders that arrived in time. A game
            # locked past the limit is among the fetch's errors already.
            if folder.name not in stuck:
                summary.games[folder.name] = ["busy: another pbem process works on this game; it and its mail are "
                                              "left for the next tick"]
            continue
        try:
            gd = open_game(folder)  # a damaged game is reported, not ticked
            with gd.lock(wait=False):
                summary.games[gd.name] = tick_game(gd, settings, now, render)
                if settings is not None and render is not None:  # daily digests need reports, and mail
                    summary.games[gd.name] += digest.flush(gd, settings, now)
                if settings is not None:  # a digest seat owing orders hears so at once, not the next day
                    summary.games[gd.name] += digest.tell_due(gd, settings, now)
        except Busy as exc:
            if overdue(exc.holder):  # a stuck lock: cron must hear of it, not a quiet "busy" every round
                summary.errors.append(f"{folder.name}: locked for more than {LOCK_LIMIT_SECONDS // 60} min by "
                                      f"{describe_holder(exc.holder)}; see `pbem status {folder}`")
            else:
                summary.games[folder.name] = ["busy: another pbem process works on this game; left for the next tick"]
        except (StoreError, deadlines.DeadlineError) as exc:
            said = str(exc)
            summary.errors.append(said if said.startswith(f"{folder.name}: ") else f"{folder.name}: {said}")
        except Exception as exc:  # one broken game must not stop the others
            summary.errors.append(f"{folder.name}: {type(exc).__name__}: {exc}")
            log(root, {"game": folder.name, "status": "tick failed", "detail": f"{type(exc).__name__}: {exc}"})


def _missing(gd: GameDir) -> list[str]:
    """People who owe orders and have sent none."""
    state = gd.state()
    pending = gd.pending()
    return sorted(p.seat for p in gd.game.prompts(state) if p.seat not in pending and not gd.meta.seat(p.seat).robot)


def _robot_fill(gd: GameDir, seats: list[str], style: str | None) -> None:
    """The 'robot' and 'caretaker' missed-orders policies: a robot (of that style, or of the seat's own with None)
    plays for each seat that sent nothing."""
    batch.play_robots(gd, seats, "{style} orders: {seat} sent none by the deadline", style)


def tick_game(gd: GameDir, settings: Settings | None, now: datetime, render: Renderer | None) -> list[str]:
    """Everything due for one game (the caller holds its lock); what was done, one line each."""
    done: list[str] = []
    if gd.game.result(gd.state()) is not None:
        return done
    if (why := _held(gd)) is not None:
        return [why]
    policy = deadlines.policy(gd.meta.options)
    if policy is None:
        _resolve(gd, render, force=False, done=done, now=now)
        return done
    track = deadlines.current(gd.root, gd.current_step(), policy, now)
    missing = _missing(gd)
    if not missing and (policy.early or track.due(policy, now)):
        _resolve(gd, render, force=False, done=done, now=now)  # every order is in: no policy for missing ones applies
    elif track.due(policy, now):
        if policy.missed == "default":
            done.append(f"deadline passed: default orders for {', '.join(missing) or 'nobody'}")
            result = _resolve(gd, render, force=True, done=done, now=now)
            _tell_missed(gd, settings, {s: st for st, seats in result.forced.items() for s in seats if s in missing},
                         "the game's default orders", now, done)
        elif policy.missed in ("robot", "caretaker"):
            step = gd.current_step() + 1
            caretaker = policy.missed == "caretaker" and has_caretaker(gd.game)
            _robot_fill(gd, missing, robots.CARETAKER if caretaker else None)
            done.append(f"deadline passed: {'the caretaker' if caretaker else 'robots'} played for "
                        f"{', '.join(missing) or 'nobody'}")
            result = _resolve(gd, render, force=False, done=done, now=now)
            if step in result.resolved:
                _tell_missed(gd, settings, dict.fromkeys(missing, step), "orders a robot chose", now, done)
        elif not track.noticed:
            done.append(f"deadline passed: waiting for the moderator (missing: {', '.join(missing)})")
            if settings is not None:
                notices.queue_moderator(
                    gd.root.parent, settings, f"{gd.name}-{track.step + 1}-wait", f"{gd.name}: deadline passed",
                    [f"The deadline of game {gd.name}, step {track.step + 1}, has passed.",
                     f"Orders are missing from: {', '.join(missing)}.",
                     f"Resolve with default orders: pbem run --force {gd.root}"], now)
            track.noticed = True
            deadlines.save_track(gd.root, track)
    if gd.game.result(gd.state()) is not None:
        return done
    track = deadlines.current(gd.root, gd.current_step(), policy, now)
    missing = _missing(gd)
    # Seats sharing the game's deadline are reminded together; a seat with its own deadline, before that one.
    shared = track.reminders_due(policy, now)
    if shared is not None:
        for seat in (s for s in missing if s not in track.seats):
            if settings is not None and notices.queue_reminder(gd, settings, seat, shared, track.step + 1, now) is not None:
                done.append(f"reminded {seat} ({shared:g} h before the deadline)")
        track.reminded_at(policy, shared)
    own = {seat: track.reminders_due(policy, now, seat) for seat in track.seats if seat in missing}
    for seat, hours in own.items():
        if hours is None:
            continue
        if settings is not None and notices.queue_reminder(gd, settings, seat, hours, track.step + 1, now) is not None:
            done.append(f"reminded {seat} ({hours:g} h before its own deadline)")
        track.reminded_at(policy, hours, seat)
    if shared is not None or any(h is not None for h in own.values()):
        deadlines.save_track(gd.root, track)
    return done


def _held(gd: GameDir) -> str | None:
    """While the moderator holds the game: no resolution, no deadline, no reminder (pbem.control)."""
    mark = moderation.held(gd)
    return None if mark is None else f"held by the moderator ({mark.get('why', '')}): nothing done"


def _resolve(gd: GameDir, render: Renderer | None, *, force: bool, done: list[str], now: datetime) -> batch.RunSummary:
    result = batch.run_game(gd, force=force, render=render, now=now)
    if result.resolved:
        done.append(f"resolved {plural('step', len(result.resolved))} {', '.join(map(str, result.resolved))}")
    if result.finished:
        done.append("the game is over")
    return result


def _tell_missed(gd: GameDir, settings: Settings | None, steps: dict[str, int], how: str, now: datetime,
                 done: list[str]) -> None:
    """Tell each person whose orders were missing what was played for them (their reports follow as usual)."""
    if settings is None:
        return
    for seat, step in sorted(steps.items()):
        if notices.queue_missed(gd, settings, seat, step, how, now) is not None:
            done.append(f"told {seat} what was played for them in step {step}")

