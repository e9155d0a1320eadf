"""Preview the next step on a copy of the game: what would happen with the orders in, defaults for the missing.

The game folder is copied (without its mail and reports) into a temporary folder of the same name, the next step is
resolved there as `pbem run --force` would (robot seats play, missing seats get the game's default
orders), and the copy is thrown away. Nothing in the game folder changes.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from engine.words import plural
from pbem import batch
from pbem.store import GameDir, StoreError


@dataclass
class Preview:
    """What the next step would be."""

    step: int
    before: str
    after: str = ""
    orders: dict[str, str] = field(default_factory=dict)  # seat -> submitted | default | robot
    events: list[str] = field(default_factory=list)  # each with who may see it
    scores: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    winners: list[str] = field(default_factory=list)
    #: What the step would leave owed, as the game puts it: (seat, kind, question), e.g. a bribe a paused turn asks.
    questions: list[tuple[str, str, str]] = field(default_factory=list)
    robots: set[str] = field(default_factory=set)  # seats a robot plays: their questions answer themselves


def preview(gd: GameDir) -> Preview:
    """Resolve the next step on a copy (the caller holds the lock, so the copy is consistent)."""
    state = gd.state()
    if gd.game.result(state) is not None:
        raise StoreError(f"{gd.name} is over: there is no next step")
    found = Preview(step=gd.current_step() + 1, before=gd.game.label(state))
    with tempfile.TemporaryDirectory(prefix="pbem-preview-") as scratch:
        # Same folder name: order headers name the game by its folder.
        copy = Path(scratch) / gd.root.name
        shutil.copytree(gd.root, copy, ignore=shutil.ignore_patterns("mail", ".lock", "rolledback", "reports"), symlinks=True)
        twin = GameDir(copy)
        robots = {s.name for s in twin.meta.seats if s.robot}
        step = batch.resolve_ready(twin, force=True)
        if step is None:  # cannot happen for a game that is not over, but say so rather than guess
            raise StoreError(f"{gd.name}: the next step could not be resolved on the copy")
        how = twin.step_info(step).get("orders", {})
        found.orders = {seat: ("robot" if seat in robots and kind == "submitted" else str(kind))
                        for seat, kind in sorted(how.items())}
        after = twin.state()
        found.after = twin.game.label(after)
        for event in twin.events(step):
            audience = "everyone" if event.to is None else ", ".join(event.to) or "nobody"
            found.events.append(f"[{audience}] {event.text}")
        result = twin.game.result(after)
        found.robots = robots
        found.questions = [] if result is not None else [(p.seat, p.kind, p.text) for p in twin.game.prompts(after)]
        found.finished = result is not None
        found.scores = dict(result.scores) if result is not None else dict(twin.game.scores(after))
        found.winners = list(result.winners) if result is not None else []
    return found


def describe(found: Preview, name: str) -> str:
    """The preview as text for the moderator (it shows hidden events: it is the moderator's eyes only)."""
    lines = [f"{name}: preview of step {found.step} ({found.before} -> {found.after}); nothing was changed",
             "orders: " + ", ".join(f"{seat} {how}" for seat, how in found.orders.items())]
    lines += ["events:", *(f"  {e}" for e in found.events)] if found.events else ["events: none"]
    if found.questions:
        # A step that pauses (a bribe to ask, a card to choose) shows what it waits for, and from whom.
        lines.append("then asks:")
        lines += [f"  {seat} ({kind}{', a robot answers' if seat in found.robots else ''}): {text}"
                  for seat, kind, text in found.questions]
    lines.append("scores: " + ", ".join(f"{seat} {score}" for seat, score in found.scores.items()))
    if found.finished:
        lines.append(f"the game would be over; {plural('winner', len(found.winners))}: {', '.join(found.winners)}")
    return "\n".join(lines)
