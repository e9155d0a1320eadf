"""Where a game stands, for people and for scripts."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from engine.words import plural
from pbem.files import LOCK_LIMIT_SECONDS, describe_holder, overdue, probe
from pbem.robots import RANDOM
from pbem.store import GameDir


def status(gd: GameDir, reader: str | None = None) -> dict[str, Any]:
    """The game's standing as JSON-ready data (keys: game, name, step, label, waiting_for, finished, scores …).

    For a `reader` (a player asking by mail) the deadline is that seat's own, no other seat's is shown, and
    neither is the process working on the game.
    """
    game = gd.game
    state = gd.state()
    result = game.result(state)
    pending = gd.pending()
    prompts = [] if result is not None else game.prompts(state)
    held = _held(gd)
    return {
        "game": game.id,
        "title": game.title,
        "name": gd.name,
        "step": gd.current_step(),
        "next_step": gd.current_step() + 1,
        "label": game.label(state),
        "waiting_for": sorted(p.seat for p in prompts if p.seat not in pending),
        "received": sorted(p.seat for p in prompts if p.seat in pending),
        "finished": result is not None,
        "scores": dict(result.scores) if result is not None else game.scores(state),
        "winners": list(result.winners) if result is not None else [],
        # robot_style: how a robot seat plays (random, caretaker); None for a seat its person plays.
        "seats": [{"name": s.name, "robot": s.robot, "robot_style": (s.robot_style or RANDOM) if s.robot else None,
                   "address": s.address} for s in gd.meta.seats],
        # Who works on the game right now (pid, since, seconds, alive): the moderator's to know, not a player's.
        "lock": probe(gd.root / ".lock") if reader is None else None,
        "held": held,
        # A held game has no deadline running (the track keeps it for `pbem resume`, which moves it on).
        "deadline": _deadline(gd, result is not None, reader) if held is None else None,
        # Each seat owing orders, with the deadline it was told (its own when the moderator gave it one).
        "deadlines": _seat_deadlines(gd, [p.seat for p in prompts if p.seat not in pending and reader in (None, p.seat)])
        if held is None else {},
    }


def stuck(info: dict[str, Any]) -> str | None:
    """Why the game's lock needs the moderator (held longer than the documented limit), or None."""
    lock = info.get("lock")
    if not overdue(lock):
        return None
    return (f"{info['name']}: locked for more than {LOCK_LIMIT_SECONDS // 60} min by {describe_holder(lock or {})}; "
            "end that process (kill PID) and run the game again")


def _held(gd: GameDir) -> str | None:
    """Why the moderator holds the game, or None."""
    from pbem import moderation

    mark = moderation.held(gd)
    return str(mark.get("why", "")) if mark is not None else None


def _deadline(gd: GameDir, finished: bool, reader: str | None) -> str | None:
    """When the open step closes (ISO, UTC) as last fixed: the game's deadline or a seat's later one, or the
    reader's own; read, never written: a status opens no deadline."""
    from pbem import deadlines

    found = deadlines.open_deadline(gd) if not finished else None
    if found is None or not _fixed(gd):
        return None
    return (found[1].for_seat(reader) if reader is not None else found[1].closes()).isoformat()


def _seat_deadlines(gd: GameDir, seats: list[str]) -> dict[str, str]:
    """Each seat's deadline for the open step (ISO, UTC) as fixed; empty before one is."""
    from pbem import deadlines

    if not _fixed(gd):
        return {}
    found = (deadlines.seat_deadline(gd, seat) for seat in sorted(set(seats)))
    return {seat: moment.isoformat() for seat, moment in zip(sorted(set(seats)), found, strict=True) if moment is not None}


def _fixed(gd: GameDir) -> bool:
    """True once the open step's deadline is fixed (by the batch, a mail or the tick)."""
    from pbem import deadlines

    track = deadlines.load_track(gd.root)
    return track is not None and track.step == gd.current_step()


def describe(info: dict[str, Any]) -> str:
    """The status as a few lines of text."""
    lines = [f"{info['title']} game {info['name']!r}: step {info['step']}, {info['label']}"]
    if info["finished"]:
        lines.append(f"finished; {plural('winner', len(info['winners']))}: {', '.join(info['winners'])}")
    else:
        if info.get("held") is not None:
            lines.append(f"held by the moderator: {info['held']} (pbem resume)")
        if info.get("deadline"):
            moment = datetime.fromisoformat(info["deadline"])
            lines.append(f"deadline: {moment:%a %Y-%m-%d %H:%M} UTC")
            own = {seat: datetime.fromisoformat(at) for seat, at in (info.get("deadlines") or {}).items()
                   if at != info["deadline"]}
            if own:  # seats the moderator gave a deadline of their own, or that share an earlier one
                lines.append("deadline by seat: " + ", ".join(f"{seat}: {at:%a %Y-%m-%d %H:%M} UTC" for seat, at in own.items()))
        # While held, `pbem run` resolves nothing: the step waits for `pbem resume`.
        nobody = "nobody (run pbem run)" if info.get("held") is None else "nobody; the step is resolved once resumed"
        lines.append(f"waiting for: {', '.join(info['waiting_for']) or nobody}")
        if info["received"]:
            lines.append(f"orders received from: {', '.join(info['received'])}")
    if info.get("lock"):
        lines.append(f"being worked on by {describe_holder(info['lock'])}")
    scores = ", ".join(f"{seat} {score}" for seat, score in info["scores"].items())
    lines.append(f"scores: {scores}")
    return "\n".join(lines)


def games_under(root: Path) -> list[Path]:
    """Every game folder directly under root, by name."""
    return sorted(p for p in Path(root).iterdir() if (p / "game.yaml").is_file()) if Path(root).is_dir() else []


def overview(gd: GameDir, zone: ZoneInfo) -> dict[str, Any]:
    """One game's line for `pbem status ROOT`: step, deadline on the moderator's clock, who is missing, held."""
    from pbem import deadlines

    info = status(gd)
    deadline: str | None = None
    if info["deadline"] is not None:
        deadline = datetime.fromisoformat(info["deadline"]).astimezone(zone).strftime("%a %Y-%m-%d %H:%M %Z")
    elif not info["finished"] and info["held"] is None:
        try:
            deadline = "fixed at the next tick" if deadlines.policy(gd.meta.options) is not None else None
        except deadlines.DeadlineError as exc:
            deadline = f"broken deadline option: {exc}"
    return {
        "name": info["name"],
        "game": info["game"],
        "step": info["step"],
        "label": info["label"],
        "deadline": deadline,
        "waiting_for": info["waiting_for"],
        "held": info["held"],
        "finished": info["finished"],
    }


def overview_line(row: dict[str, Any]) -> str:
    """One line of `pbem status ROOT`."""
    if row["finished"]:
        where = "finished"
    else:
        missing = f"missing: {', '.join(row['waiting_for']) or 'nobody'}"
        clock = f"HELD ({row['held']})" if row["held"] is not None else f"deadline {row['deadline'] or 'none'}"
        where = f"{clock}; {missing}"
    return f"{row['name']:16} {row['game']:14} step {row['step']:>4} {row['label']:24} {where}"


def player_lines(gd: GameDir, seat: str, deadline: str | None) -> list[str]:
    """A player's own status: the step their orders are for, whether it is their turn, what they owe, the deadline.

    `deadline` is the seat's deadline as the seat reads it (its own time zone), or None when none runs.
    """
    info = status(gd, reader=seat)
    head = f"{info['title']} game {info['name']}"
    if info["finished"]:
        winners = ", ".join(info["winners"]) or "nobody"
        return [f"{head} is over after step {info['step']}; {plural('winner', len(info['winners']))}: {winners}.",
                _scores_line(info)]
    lines = [f"{head}: the latest report is of step {info['step']}; orders now are for step {info['next_step']} "
             f"({info['label']})."]
    if info.get("held") is not None:
        lines.append(f"The game is on hold ({info['held']}): no step is resolved until the moderator resumes it.")
    owes = seat in info["waiting_for"] or seat in info["received"]
    member = gd.meta.seat(seat)
    if member.robot:
        lines.append("A robot plays your seat for now; ask the moderator to take it back.")
    elif seat in info["received"]:
        until = f" until your deadline, {deadline}" if deadline else " until the step is resolved"
        lines.append(f"Your orders for step {info['next_step']} are in. You may replace or withdraw them{until}.")
    elif owes:
        lines.append(f"It is your turn: pbem needs your orders for step {info['next_step']} and has none from you yet.")
        if deadline:
            lines.append(f"Your deadline: {deadline}.")
    else:
        lines.append(f"It is not your turn: no orders are due from you for step {info['next_step']}.")
    others = [s for s in info["waiting_for"] if s != seat and not gd.meta.seat(s).robot]
    if others:
        lines.append(f"Still waiting for: {', '.join(others)}.")
    elif seat in info["waiting_for"]:
        lines.append("Nobody else owes orders for this step.")
    else:
        lines.append(all_in_line(gd, info["next_step"]))
    lines.append(_scores_line(info))
    return lines


def resolves_at_once(gd: GameDir) -> bool:
    """Whether the next run resolves the open step as soon as every order is in (no deadline waits for it)."""
    from pbem import deadlines, moderation

    if moderation.held(gd) is not None:
        return False
    try:
        found = deadlines.policy(gd.meta.options)
    except deadlines.DeadlineError:
        return False  # the tick refuses a broken deadline: nothing is resolved until the moderator mends it
    return found is None or found.early


def all_in_line(gd: GameDir, step: int) -> str:
    """What becomes of a step whose orders are all in, said so that the mail it arrives with agrees with it."""
    if resolves_at_once(gd):
        return f"All orders for step {step} are in: pbem resolves it at once, and its report follows in a separate mail."
    if _held(gd) is not None:
        return f"All orders for step {step} are in; it is resolved once the moderator resumes the game."
    return f"All orders for step {step} are in; it is resolved at its deadline."


def _scores_line(info: dict[str, Any]) -> str:
    """The scores, as a sentence."""
    return "Scores: " + ", ".join(f"{seat} {score}" for seat, score in info["scores"].items()) + "."
