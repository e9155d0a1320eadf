"""Order intake: check an order document against its game and keep it for the next step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.quoting import quoted
from pbem.game_yaml import token_matches
from pbem.orders import OrderDoc, parse
from pbem.store import GameDir


class OrderRejected(Exception):
    """An order document has problems; nothing was stored."""

    def __init__(self, doc: OrderDoc):
        super().__init__("\n".join(str(p) for p in doc.problems))
        self.doc = doc


@dataclass(frozen=True)
class Accepted:
    """An order that was checked and stored for the next step."""

    seat: str
    step: int
    doc: OrderDoc
    replaced: bool


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check(gd: GameDir, data: bytes | str, source: str, *, require_token: bool = False) -> OrderDoc:
    """Parse and check an order document against the game's current step; problems are in `doc.problems`.

    With `require_token` (orders by mail) the header must carry the seat's token, and nothing more about
    the game is said until it does.
    """
    doc = parse(data, source)
    if doc.problems:
        return doc
    header = doc.header
    state = gd.state()
    game = gd.game
    seats = gd.meta.seat_names
    name = header.get("game")
    if name is None:
        doc.add(("game",), f"missing 'game:'; this game is {gd.name!r}")
    elif str(name) != gd.name:
        doc.add(("game",), f"these orders are for game {quoted(name)}, but this is game {gd.name!r}")
    # Mail comes from anyone: before the token is shown, the seats are not named, only where to find one's own.
    which = "write your seat's name as in your welcome mail" if require_token else f"the seats are {', '.join(seats)}"
    seat = header.get("seat")
    if seat is None:
        doc.add(("seat",), f"missing 'seat:'; {which}")
        return doc
    seat = str(seat)
    if seat not in seats:
        doc.add(("seat",), f"unknown seat {quoted(seat)}; {which}")
        return doc
    if require_token:
        token = header.get("token")
        if token is None:
            doc.add(("token",), "missing 'token:'; copy it from the first mail you received for this game")
        elif not token_matches(str(token), gd.meta.seat(seat).token_hash):
            doc.add(("token",), f"wrong token for seat {seat}")
        if doc.problems:
            return doc  # never say more about the game to someone who has not authenticated
    expected = gd.current_step() + 1
    step = _int(header.get("step"))
    if header.get("step") is None:
        doc.add(("step",), f"missing 'step:'; orders now are for step {expected}")
    elif step is None:
        doc.add(("step",), f"step must be a whole number; orders now are for step {expected}")
    elif step != expected:
        when = "already resolved" if step < expected else "not reached yet"
        doc.add(("step",), f"step {step} is {when}; orders now are for step {expected} ({game.label(state)})")
    if game.result(state) is not None:
        doc.add(("game",), f"game {gd.name!r} is over; no more orders are taken")
        return doc
    owed = {p.seat: p for p in game.prompts(state)}
    if seat not in owed:
        waiting = ", ".join(sorted(owed)) or "nobody"
        doc.add(("seat",), f"no orders are due from {seat} now ({game.label(state)}); the game waits for {waiting}")
        return doc
    if name is not None and str(name) != gd.name:
        return doc  # orders written for another game say nothing about this one's rules
    # A wrong step number does not hide what else is wrong: every problem is told in one answer.
    doc.add_problems(game.check(state, seat, doc.body))
    return doc


def submit(
    gd: GameDir, data: bytes | str, source: str, *, require_token: bool = False, origin: str = "file",
    mail: str | None = None,
) -> Accepted:
    """Check an order document and, if it has no problems, keep it for the next step (replacing earlier orders).

    The caller holds the game's lock, so a run cannot resolve the step between the check and the keeping.
    `mail` names the received mail the orders came from (see `replaces`).
    """
    doc = check(gd, data, source, require_token=require_token)
    if doc.problems:
        raise OrderRejected(doc)
    seat = str(doc.header["seat"])
    replaced = replaces(gd, seat, mail)
    gd.store_pending(seat, doc.text, source=f"{origin}:{source}", mail=mail)
    return Accepted(seat=seat, step=gd.current_step() + 1, doc=doc, replaced=replaced)


def replaces(gd: GameDir, seat: str, mail: str | None) -> bool:
    """Whether orders for the seat stood before these: a mail kept already by a run that was killed before
    answering found its own orders pending, so the log decides what stood before it."""
    if seat not in gd.pending():
        return False
    kept = gd.kept_from_mail(seat, mail) if mail is not None else None
    if kept is None:
        return True
    _entry, earlier = kept
    return earlier is not None and earlier.get("step") == kept[0].get("step") and "archived" in earlier
