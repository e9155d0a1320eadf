"""Replay: rebuild every snapshot from setup and the archived orders, and compare with the archive.

A step diverges when its rebuilt snapshot differs (kind `state`), when its events say something else happened
or tell it to other seats (`events`: event data or audience differ while the snapshot is the same), or when
its archived orders no longer fit the rules (`orders`). Events whose text alone changed are a change of
wording, not of the game: they are noted, and the replay goes on. So is a snapshot that differs only in a
`text` field: the words of a question put to a player while a turn waits, which the rules never read back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.contract import RejectedOrder
from engine.rng import Rng
from engine.words import counted
from pbem import version
from pbem.integrity import step_numbers
from pbem.orders import parse
from pbem.records import dump_json, event_to_data, step_name
from pbem.store import GameDir

#: What may differ at a divergence.
KINDS = ("state", "events", "orders")


@dataclass(frozen=True)
class Difference:
    """The first step where the replay disagrees with the archive, what differs, and which versions met."""

    step: int
    what: str
    kind: str = "state"
    made_by: str = version.UNKNOWN  # the pbem that stored the step
    running: str = field(default_factory=lambda: version.running())  # looked up when made: an upgrade (or a test) may change it

    def __str__(self) -> str:
        return f"step {self.step}: {self.what}"

    def versions(self) -> str:
        """Which pbem made the stored step and which one replayed it."""
        return f"step {self.step} was made by pbem {self.made_by}, replayed with pbem {self.running}"


@dataclass(frozen=True)
class Wording:
    """A step whose events (or waiting questions) read differently today though they record the same thing."""

    step: int
    changed: int  # how many events (or questions)
    stored: str  # the first changed text, as stored
    now: str  # and as the current code words it
    made_by: str
    what: str = "events"  # or "questions": the texts of a snapshot's questions


@dataclass
class Replay:
    """The outcome of a replay: how many steps matched, the wording notes, and the divergence if any."""

    steps: int = 0
    wording: list[Wording] = field(default_factory=list)
    difference: Difference | None = None
    repaired: list[Path] = field(default_factory=list)  # snapshots (or the setup step) written anew by a repair
    running: str = field(default_factory=lambda: version.running())

    @property
    def reproduced(self) -> bool:
        """True when every step replays (wording changes allowed)."""
        return self.difference is None


def replay(gd: GameDir, on_step: Callable[[int], None] | None = None) -> Difference | None:
    """Rebuild the game from its archive; the first divergence, or None when it reproduces."""
    return compare(gd, on_step).difference


def compare(gd: GameDir, on_step: Callable[[int], None] | None = None, *, repair: bool = False) -> Replay:
    """Rebuild the game from its archive step by step, noting changes of wording, until the first divergence.

    With `repair` (the caller holds the lock), a snapshot that is missing or cut short is written anew from
    the rebuilt state, once the step's rebuilt events are the stored ones; a whole snapshot is never rewritten.
    """
    game = gd.game
    outcome = Replay()

    def differs(step: int, what: str, kind: str) -> Replay:
        outcome.difference = Difference(step, what, kind, made_by(gd, step), outcome.running)
        return outcome

    state = game.setup(gd.meta.seat_names, gd.meta.game_options, Rng.for_step(gd.meta.seed, 0))
    if repair and not gd.step_dir(0).exists():
        gd.commit_step(0, state, [], {}, {"setup": True})  # setup is the seed's alone: all of it can be rebuilt
        outcome.repaired.append(gd.step_dir(0))
    elif repair and _load(_stored(gd, 0, "state.json")) is None:
        gd.write_file(gd.step_dir(0) / "state.json", dump_json(game.encode(state)))
        outcome.repaired.append(gd.step_dir(0) / "state.json")
    found = _snapshot_difference(game.encode(state), _stored(gd, 0, "state.json"))
    if found is not None:
        return differs(0, f"the setup snapshot differs from state.json: {found}", "state")
    stored_steps = set(step_numbers(gd.root / "steps"))  # a folder without its snapshot counts: it can be rebuilt
    for step in range(1, max(stored_steps, default=0) + 1):
        if step not in stored_steps:
            return differs(step, f"steps/{step_name(step)} is missing: the orders it resolved are lost, so it "
                                 f"cannot be rebuilt (roll back to step {step - 1} to play on)", "orders")
        orders = {}
        stored_orders = gd.step_orders(step)
        if game.result(state) is not None:
            return differs(step, "the game is over before this step, but the archive goes on", "state")
        owed = sorted(p.seat for p in game.prompts(state))
        if owed != sorted(stored_orders):
            return differs(step, f"the rules ask orders of {', '.join(owed) or 'nobody'}; the archive has orders "
                                 f"of {', '.join(sorted(stored_orders)) or 'nobody'}", "orders")
        for seat, text in stored_orders.items():
            doc = parse(text, str(gd.step_dir(step) / "orders" / f"{seat}.yaml"))
            if doc.problems:
                return differs(step, f"archived orders of {seat} no longer parse: {doc.problems[0]}", "orders")
            # Checked as at intake: apply() is only defined for orders that pass, and an archive may be edited.
            problems = game.check(state, seat, doc.body)
            if problems:
                return differs(step, f"archived orders of {seat} no longer pass the rules: {problems[0].message}",
                               "orders")
            orders[seat] = doc.body
        try:
            result = game.apply(state, orders, Rng.for_step(gd.meta.seed, step))
        except RejectedOrder as exc:
            return differs(step, f"the archived orders are refused: {exc}", "orders")
        state = result.state
        stored_state = _stored(gd, step, "state.json")
        rebuilt = dump_json([event_to_data(e) for e in result.events])
        stored = _stored(gd, step, "events.json")
        if repair and _load(stored_state) is None:
            if rebuilt != stored and isinstance(_event_difference(json.loads(rebuilt), _load(stored)), str):
                return differs(step, "state.json is missing or cut short, and cannot be rebuilt: the rebuilt events "
                                     "differ from events.json", "events")
            stored_state = dump_json(game.encode(state))
            gd.write_file(gd.step_dir(step) / "state.json", stored_state)
            outcome.repaired.append(gd.step_dir(step) / "state.json")
        found = _snapshot_difference(game.encode(state), stored_state)
        if found is not None:
            texts = _texts_only(json.loads(dump_json(game.encode(state))), _load(stored_state))
            if not texts:
                return differs(step, f"the rebuilt snapshot differs from state.json: {found}", "state")
            outcome.wording.append(Wording(step, len(texts), *texts[0], made_by=made_by(gd, step), what="questions"))
        if rebuilt != stored:
            events = _event_difference(json.loads(rebuilt), _load(stored))
            if isinstance(events, str):
                return differs(step, f"the rebuilt events differ from events.json: {events}", "events")
            outcome.wording.append(Wording(step, *events, made_by=made_by(gd, step)))
        outcome.steps = step
        if on_step is not None:
            on_step(step)
    return outcome


def made_by(gd: GameDir, step: int) -> str:
    """The pbem version that stored a step (game.yaml's for a setup stored without one)."""
    found = version.recorded(gd.step_info(step))
    if found == version.UNKNOWN and step == 0 and gd.meta.pbem_version:
        return gd.meta.pbem_version
    return found


def _stored(gd: GameDir, step: int, name: str) -> str:
    path = gd.step_dir(step) / name
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def _load(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _snapshot_difference(rebuilt: Any, stored_text: str) -> str | None:
    """None when the encoded snapshot is the stored one byte for byte; else the first place they differ."""
    if dump_json(rebuilt) == stored_text:
        return None
    stored = _load(stored_text)
    if stored is None:
        return "state.json is missing or not JSON (`pbem replay --repair` writes it anew)"
    found = first_difference(json.loads(dump_json(rebuilt)), stored)
    return found or "the same data, written differently"


def _texts_only(rebuilt: Any, stored: Any) -> list[tuple[str, str]] | None:
    """The (stored, rebuilt) pairs when two snapshots differ only in string `text` fields; None otherwise."""
    changed: list[tuple[str, str]] = []

    def walk(new: Any, old: Any) -> bool:
        if isinstance(new, dict) and isinstance(old, dict):
            if set(new) != set(old):
                return False
            for key in sorted(new):
                if key == "text" and isinstance(new[key], str) and isinstance(old[key], str):
                    if new[key] != old[key]:
                        changed.append((old[key], new[key]))
                elif not walk(new[key], old[key]):
                    return False
            return True
        if isinstance(new, list) and isinstance(old, list):
            return len(new) == len(old) and all(walk(a, b) for a, b in zip(new, old, strict=True))
        return bool(new == old and type(new) is type(old))

    return changed if walk(rebuilt, stored) and changed else None


def first_difference(rebuilt: Any, stored: Any, path: str = "") -> str | None:
    """The first path where two JSON values differ, with both values (shortened); None when equal."""
    if isinstance(rebuilt, dict) and isinstance(stored, dict):
        for key in sorted(set(rebuilt) | set(stored)):
            if key not in stored:
                return f"{path}{key}: not stored, replayed {_short(rebuilt[key])}"
            if key not in rebuilt:
                return f"{path}{key}: stored {_short(stored[key])}, not replayed"
            found = first_difference(rebuilt[key], stored[key], f"{path}{key}.")
            if found:
                return found
        return None
    if isinstance(rebuilt, list) and isinstance(stored, list) and len(rebuilt) == len(stored):
        for index, (a, b) in enumerate(zip(rebuilt, stored, strict=True)):
            found = first_difference(a, b, f"{path}{index}.")
            if found:
                return found
        return None
    if rebuilt == stored and type(rebuilt) is type(stored):
        return None
    return f"{path.rstrip('.') or 'the snapshot'}: stored {_short(stored)}, replayed {_short(rebuilt)}"


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _event_difference(rebuilt: Any, stored: Any) -> tuple[int, str, str] | str:
    """Compare event lists: (changed, stored text, new text) when only the wording differs, else what differs."""
    if not isinstance(stored, list):
        return "events.json is missing or not a list"
    if len(rebuilt) != len(stored):
        return f"{len(stored)} events stored, {len(rebuilt)} replayed"
    changed: list[tuple[str, str]] = []
    for index, (new, old) in enumerate(zip(rebuilt, stored, strict=True)):
        if not isinstance(old, dict):
            return f"event {index} is not an event"
        for key in ("data", "to"):
            if new.get(key) != old.get(key):
                found = first_difference(new.get(key), old.get(key), f"event {index} {key} ")
                return found or f"event {index}: its {key} differs"
        if new.get("text") != old.get("text"):
            changed.append((str(old.get("text")), str(new.get("text"))))
    if not changed:
        return "the same events, written differently"
    return len(changed), changed[0][0], changed[0][1]


def wording_notes(name: str, outcome: Replay) -> list[str]:
    """Lines telling a moderator where events or questions read differently now, with the versions involved."""
    lines: list[str] = []
    for what, rest in (("events", "the event data and the snapshot are the same"),
                       ("questions", "the rest of the snapshot is the same")):
        found = [w for w in outcome.wording if w.what == what]
        if not found:
            continue
        first = found[0]
        steps = [w.step for w in found]
        shown = ", ".join(str(s) for s in steps[:10]) + (f" and {len(steps) - 10} more" if len(steps) > 10 else "")
        made = sorted({w.made_by for w in found})
        lines += [
            f"{name}: {what} are worded differently in {counted(len(steps), 'step')} ({shown}); in those steps {rest}, "
            "so this is not a difference",
            f"{name}: made by pbem {', '.join(made)}; replayed with pbem {outcome.running}; first at step "
            f"{first.step}: {first.stored!r} now reads {first.now!r}",
        ]
    return lines


def worded_differently(outcome: Replay) -> str:
    """What reads differently in a replay that reproduced ("events", "questions", both), or ""."""
    kinds = [what for what in ("events", "questions") if any(w.what == what for w in outcome.wording)]
    return " and ".join(kinds)
