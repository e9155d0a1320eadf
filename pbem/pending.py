"""Orders accepted for the next step: pending/, the archive of every order text taken, and the intake log.

A GameDir is a PendingOrders: the box needs only the folder and what the last stored step resolved.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.contract import Reason
from pbem.files import append_line, fsync_dir, last_lines, write_atomic
from pbem.records import digest, dump_json, reason_data, reasons_from_data, stamp, step_name

#: Beside a pending order: why the caretaker chose it (PendingOrders.keep_reasons).
REASONS_SUFFIX = ".reasons.json"
#: The intake log, in a game's folder: one JSON line for every order kept or withdrawn.
LOG = "log.jsonl"


class PendingOrders(ABC):
    """The pending-orders box of a game folder (GameDir provides root, current_step and step_orders)."""

    root: Path

    @abstractmethod
    def current_step(self) -> int:
        """The last stored step."""

    @abstractmethod
    def step_orders(self, step: int) -> dict[str, str]:
        """The order texts resolved in a step, by seat."""

    def pending_dir(self) -> Path:
        """Orders accepted for the next step."""
        return self.root / "pending"

    def archive_dir(self) -> Path:
        """Every order file ever accepted, kept even when replaced."""
        return self.root / "archive"

    def _pending_files(self) -> dict[str, str]:
        folder = self.pending_dir()
        if not folder.is_dir():
            return {}
        return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}

    def _already_resolved(self, pending: Mapping[str, str]) -> list[str]:
        """Seats whose pending text is the very order the last stored step resolved.

        A step is stored before its orders leave pending/, so a run that stops in between leaves them
        there. They can never be orders for the next step: their header names the stored one.
        """
        if not pending:
            return []
        resolved = self.step_orders(self.current_step())
        return [seat for seat, text in pending.items() if resolved.get(seat) == text]

    def pending(self) -> dict[str, str]:
        """Orders waiting for the next step, by seat (raw text)."""
        found = self._pending_files()
        for seat in self._already_resolved(found):
            del found[seat]
        return found

    def clear_resolved_pending(self) -> None:
        """Delete what a run stopped after storing a step left in pending/ (the caller holds the lock)."""
        self.clear_pending(self._already_resolved(self._pending_files()))

    def store_pending(self, seat: str, text: str, *, source: str, mail: str | None = None) -> Path:
        """Keep accepted orders for the next step (replacing earlier ones) and archive the text.

        `mail` names the received mail they came from, so a rerun after a crash knows it kept them already.
        """
        step = self.current_step() + 1
        archived = self.archive_dir() / step_name(step) / f"{seat}-{stamp(text)}.yaml"
        if not archived.exists():
            write_atomic(archived, text)
        kept = str(archived.relative_to(self.root))
        self._append_log({"step": step, "seat": seat, "source": source, "archived": kept, **({"mail": mail} if mail else {})})
        path = self.pending_dir() / f"{seat}.yaml"
        write_atomic(path, text)
        return path

    # The caretaker's reasons are kept in a file of their own that no order can write, tied to the very order text
    # they explain: an order document is the player's to write, so a reason in it (even as a comment) could be
    # forged, and one left over from an order a person has since replaced must not be told as the caretaker's.
    def keep_reasons(self, seat: str, text: str, reasons: Sequence[Reason]) -> None:
        """Keep why the caretaker chose the order `text` it sends for `seat`, before the order (see pending_reasons)."""
        data = {"order": digest(text), "reasons": [reason_data(r) for r in reasons]}
        write_atomic(self.pending_dir() / f"{seat}{REASONS_SUFFIX}", dump_json(data))

    def pending_reasons(self, seat: str, text: str) -> list[Reason]:
        """Why the caretaker chose the pending order `text` of `seat`; none for an order it did not choose."""
        path = self.pending_dir() / f"{seat}{REASONS_SUFFIX}"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # none kept, or cut short by a crash: the order is told without its reasons
            return []
        if not isinstance(data, dict) or data.get("order") != digest(text):
            return []
        return reasons_from_data(data.get("reasons"))

    def withdraw_pending(self, seat: str, *, mail: str | None = None) -> bool:
        """Withdraw a seat's pending orders (they stay in the archive); True if there were any."""
        if seat not in self.pending():
            return False
        self.clear_pending([seat])
        self._append_log({"step": self.current_step() + 1, "seat": seat, "withdrawn": True, **({"mail": mail} if mail else {})})
        return True

    def kept_from_mail(self, seat: str, mail: str) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        """What the intake log says a mail already did for the seat's next step (a run killed before it answered):
        that mail's entry and the seat's entry before it; None when the log has no entry of that mail."""
        step = self.current_step() + 1
        earlier: dict[str, Any] | None = None
        for line in last_lines(self.root / LOG, size=1 << 20):
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if not isinstance(entry, dict) or entry.get("seat") != seat:
                continue
            if entry.get("mail") == mail and entry.get("step") == step:
                return entry, earlier
            earlier = entry
        return None

    def clear_pending(self, seats: Sequence[str]) -> None:
        """Drop pending orders once their step is stored."""
        removed = False
        for seat in seats:
            (self.pending_dir() / f"{seat}{REASONS_SUFFIX}").unlink(missing_ok=True)
            path = self.pending_dir() / f"{seat}.yaml"
            if path.exists():
                path.unlink()
                removed = True
        if removed:
            fsync_dir(self.pending_dir())  # else a power cut could bring a withdrawn order back

    def _append_log(self, entry: Mapping[str, Any]) -> None:
        # An append-only line log of intake, for the moderator; not needed for replay.
        path = self.root / LOG
        line = json.dumps(dict(entry), sort_keys=True, ensure_ascii=False)
        # A run killed after writing this line but before keeping the orders writes it again on its rerun:
        # the seat's last line being this very one means it is already there.
        seat = entry.get("seat")
        for earlier in reversed(last_lines(path)):
            try:
                known = json.loads(earlier)
            except ValueError:
                continue
            if isinstance(known, dict) and known.get("seat") == seat:
                if earlier == line:
                    return
                break
        append_line(path, line)

