"""Where a game stands, for people and for scripts."""

from __future__ import annotations

from typing import Any

from pbem.files import LOCK_LIMIT_SECONDS, describe_holder, overdue, probe
from pbem.store import GameDir


def status(gd: GameDir) -> dict[str, Any]:
    """The game's standing as JSON-ready data (keys: game, name, step, label, waiting_for, finished, scores …)."""
    game = gd.game
    state = gd.state()
    result = game.result(state)
    pending = gd.pending()
    prompts = [] if result is not None else game.prompts(state)
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
        "seats": [{"name": s.name, "robot": s.robot, "address": s.address} for s in gd.meta.seats],
        "lock": probe(gd.root / ".lock"),  # who works on the game right now (pid, since, seconds, alive)
    }


def stuck(info: dict[str, Any]) -> str | None:
    """Why the game's lock needs the moderator (held longer than the documented limit), or None."""
    lock = info.get("lock")
    if not overdue(lock):
        return None
    return (f"{info['name']}: locked for more than {LOCK_LIMIT_SECONDS // 60} min by {describe_holder(lock or {})}; "
            "end that process (kill PID) and run the game again")


def describe(info: dict[str, Any]) -> str:
    """The status as a few lines of text."""
    lines = [f"{info['title']} game {info['name']!r}: step {info['step']}, {info['label']}"]
    if info["finished"]:
        lines.append(f"finished; winner(s): {', '.join(info['winners'])}")
    else:
        lines.append(f"waiting for: {', '.join(info['waiting_for']) or 'nobody (run pbem run)'}")
        if info["received"]:
            lines.append(f"orders received from: {', '.join(info['received'])}")
    if info.get("lock"):
        lines.append(f"being worked on by {describe_holder(info['lock'])}")
    scores = ", ".join(f"{seat} {score}" for seat, score in info["scores"].items())
    lines.append(f"scores: {scores}")
    return "\n".join(lines)
