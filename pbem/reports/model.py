"""The report model: everything one reader may see of one step, as plain JSON-compatible data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.contract import Event, Prompt, Result
from pbem import deadlines
from pbem.game_yaml import PAPERS
from pbem.orders import render as render_order_document
from pbem.store import StoreError

if TYPE_CHECKING:
    from pbem.store import GameDir

#: Bumped when the shape of the model (and so of the stored .json reports) changes.
MODEL_VERSION = 4
#: Follows the header lines of an order template: mail intake needs the seat's secret token.
TOKEN_HINT = "# token: the secret token from your welcome mail (for orders by mail)\n"


def report_model(gd: GameDir, step: int, seat: str | None, *, history: bool = False) -> dict[str, Any]:
    """What `seat` (None: the public) may see after `step`: view, events, prompts, scores, next order; with
    `history` (the site's pages) without the next order's template and the deadline, which belong to the mail
    that asks for orders."""
    seats = [s.name for s in gd.meta.seats]
    if seat is not None and seat not in seats:
        raise KeyError(f"{gd.name}: no seat {seat!r}; seats are {', '.join(seats)}")
    game = gd.game
    state = gd.state(step)
    prompts = game.prompts(state)
    own = next((p for p in prompts if seat is not None and p.seat == seat), None)
    result = game.result(state)
    model = {
        "version": MODEL_VERSION,
        "game": {"id": game.id, "title": game.title, "name": gd.name},
        "step": step,
        "label": game.label(state),
        "seat": seat,
        "seats": seats,
        "deadline": _deadline(gd.meta.options),
        "deadline_at": deadline_at(gd, step, seat) if result is None else None,
        "paper": paper(gd),
        "view": game.view(state, seat),
        "events": [_event(e) for e in gd.events(step) if e.visible_to(seat)],
        "caretaker": caretaker_reasons(gd, step, seat),
        # Another seat's prompt text may quote its hand, so others learn only who owes what kind.
        "waiting_for": [{"seat": p.seat, "kind": p.kind} for p in prompts],
        "owes_order": own is not None,
        "prompt": _prompt(own) if own is not None else None,
        "scores": dict(game.scores(state)),
        "result": _result(result) if result is not None else None,
        "order_template": None if history else _order_template(gd, state, step, own),
        # The final report shows how the scores went; earlier reports carry none (it would cost a read of every step).
        "score_history": _score_history(gd, step) if result is not None else None,
    }
    if history:  # dropped after, not left out of the dict: the stored reports keep their key order
        del model["deadline"], model["order_template"]
    return model


def _score_history(gd: GameDir, step: int) -> list[dict[str, Any]]:
    from pbem.reports.chart import score_history  # the drawing kit loads only for a finished game's report

    return score_history(gd, step)


def paper(gd: GameDir) -> str:
    """The paper this game's reports are printed on: a4 or letter (`--option paper=letter`)."""
    chosen = str(gd.meta.options.get("paper", "a4")).lower()
    if chosen not in PAPERS:
        raise StoreError(f"{gd.root / 'game.yaml'}: option paper: {chosen!r} is not one of {', '.join(PAPERS)}")
    return chosen


def deadline_at(gd: GameDir, step: int, seat: str | None) -> str | None:
    """When orders after `step` are due, as a date and time in the seat's own zone; None without a deadline.

    Only the open step has one, read where every mail reads it (pbem.deadlines.seat_deadline_text).
    """
    if step != gd.current_step():
        return None
    return deadlines.seat_deadline_text(gd, seat)


def _deadline(options: Mapping[str, Any]) -> str | None:
    """The game's deadline rule in words ("weekdays 18:00 (Europe/Berlin)"), or None without one.

    The rule, not a moment: a report must render the same whenever it is rendered, and the mail
    that carries it adds the exact time in the reader's zone when it is sent.
    """
    value = options.get("deadline")
    if value is None:
        return None
    if isinstance(value, Mapping):
        rule, zone = value.get("rule"), value.get("timezone")
    else:
        rule, zone = value, None
    zone = options.get("deadline.timezone", zone)  # `--option deadline.timezone=…` stays a dotted key
    if rule is None:
        return None
    return f"{rule} ({zone})" if zone else str(rule)


def caretaker_reasons(gd: GameDir, step: int, reader: str | None) -> list[dict[str, Any]]:
    """Each seat the caretaker played in `step`, with why, one line per decision: all of them for the seat's own
    reader, only the public ones for everyone else (a reason the seat keeps to itself is never counted to them)."""
    played = gd.step_reasons(step)
    found = []
    for seat in gd.meta.seat_names:
        if seat in played:
            reasons = [{"text": r.text, "private": not r.public} for r in played[seat] if seat == reader or r.public]
            # The line that heads them, written once here for the report, the text report and the site.
            heading = ("The caretaker played this seat:" if seat == reader else f"The caretaker played {seat}:"
                       if reasons else f"The caretaker played {seat}; what it weighed stays with that seat.")
            found.append({"seat": seat, "own": seat == reader, "heading": heading, "reasons": reasons})
    return found


def _event(event: Event) -> dict[str, Any]:
    # `to` is left out: the reader needs to know an event was private, not who else saw it.
    return {"text": event.text, "private": event.to is not None, "data": dict(event.data)}


def _prompt(prompt: Prompt) -> dict[str, Any]:
    return {"seat": prompt.seat, "kind": prompt.kind, "text": prompt.text}


def _result(result: Result) -> dict[str, Any]:
    return {"scores": dict(result.scores), "winners": list(result.winners), "detail": dict(result.detail)}


def _order_template(gd: GameDir, state: Any, step: int, own: Prompt | None) -> str | None:
    """The next order document for a prompted seat, header included; None when no order is due."""
    if own is None:
        return None
    # Only the token's hash is stored, and reports are archived: the reader adds the token themselves.
    body = TOKEN_HINT + gd.game.template(state, own.seat)
    return render_order_document({"game": gd.name, "seat": own.seat, "step": step + 1}, body)
