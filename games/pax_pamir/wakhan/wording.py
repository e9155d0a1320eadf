"""How Wakhan's reports word the rules' lines about her actions: the words and data her archived games hold,
with the reasons her planners found (`WakhanContext.note`). The rules decide what happens; this only tells it.
Used by her seat's rules (seats.WakhanSeat), so it imports nothing that asks a seat's rules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.words import counted
from games.pax_pamir import cards, names
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.deck import current_reading, pragmatic_loyalty

if TYPE_CHECKING:
    from games.pax_pamir.context import Context


def name(number: int) -> str:
    """A court card's name."""
    return cards.court_cards()[number].name


def coalition(state: GameState, seat: str) -> str | None:
    """Her pragmatic loyalty by the AI card in play (None before her first draw)."""
    now = current_reading(state)
    return pragmatic_loyalty(state, now, seat) if now is not None else None


def report(ctx: Context, text: str, data: dict[str, Any]) -> None:
    """The rules' lines for her actions, in her reports' words and data."""
    wording = WORDING.get(str(data.get("kind")))
    if wording is None:
        ctx.emit(text, **data)
    else:
        wording(ctx, text, data, _note(ctx))


def announce(ctx: Context, kind: str, data: dict[str, Any]) -> None:
    """Her Build is told once paid for, before the armies go down; a spy her battle removes, before its owner is
    asked about a Safe House."""
    if kind == "spy-removed":
        ctx.emit(f"Wakhan's battle removes a spy of {data['owner']} from {name(data['site'])}.", kind="removed",
                 piece="spy", seat=data["owner"])
        return
    if kind != "build":
        return
    places = list(data["places"])
    armies = counted(len(places), f"{names.coalition(coalition(ctx.state, ctx.seat))} army")
    ctx.emit(f"Wakhan builds {armies} in {names.region(places[0]) if places else 'no region'}, the first region on "
             f"her card that she rules, spending {counted(data['cost'], 'rupee')}.", kind="wakhan", reason="build")


def safe_house_question(ctx: Context, owner: str, site: int) -> tuple[str, str]:
    """Her battle's Safe House question, keyed and worded as her games have stored it (a paused turn of hers
    resumes with the answers under these keys): numbered by the events so far, her removal line included (told
    first, by `announce`)."""
    return (ctx.key(f"safe-house-{len(ctx.events)}"),
            f"Wakhan removes {owner}'s spy from {name(site)} in battle: it may go onto {owner}'s Safe House or "
            f"back to {owner}'s supply")


def _note(ctx: Context) -> dict[str, Any]:
    note = getattr(ctx, "note", None)  # her turn's context (decide.WakhanContext) carries her reasons
    return note if isinstance(note, dict) else {}


def _tax(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    """One line per rupee taken."""
    source = data["source"]
    if isinstance(source, str):
        what = f"from {source} (the richest player she may tax)"
    else:
        what = f"from {cards.title(source)} in the market (no player left to tax; leftmost first)"
    for _ in range(data["amount"]):
        ctx.emit(f"Wakhan taxes 1 rupee {what}.", kind="tax", seat=data["seat"], source=source, amount=1)


def _gift(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    ctx.emit(f"Wakhan buys the {data['price']}-rupee gift, the cheapest she can afford; it counts for every "
             "coalition.", **data)


def _betray(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    target, owner = data["target"], data["owner"]
    court = "her own court" if owner == data["seat"] else f"{owner}'s court"
    why = f" ({note['why']})" if note.get("why") else ""
    ctx.emit(f"Wakhan betrays {name(target)} in {court}{why} and keeps it as a prize of the "
             f"{names.coalition(cards.court_cards()[target].prize)} coalition; she stays loyal to every coalition.",
             kind="betray",
             seat=data["seat"], card=target, owner=owner)


def _silent(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    """Told already: her Build when paid for, her prize with the betrayal."""


def _extra(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    ctx.emit("Infrastructure: Wakhan always takes the free extra army.", kind="wakhan")


def _move(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    blocks = coalition(ctx.state, data["seat"]) or ""
    origin, destination = data["source"], data["destination"]
    ctx.emit(f"Wakhan moves {names.a_coalition(blocks)} army from {names.region(origin)} to "
             f"{names.region(destination)}, where other "
             "players' tribes outnumber her armies (region order on ties; no road needed).", kind="move",
             seat=data["seat"], origin=origin, destination=destination)


def _battle(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    site, strength = data["site"], note.get("strength", 0)
    if isinstance(site, str):
        ctx.emit(f"Wakhan battles in {names.region(site)} with {names.coalition(coalition(ctx.state, data['seat']))} "
                 f"armies (strength {strength}): tribes first, then "
                 "armies, then roads, the red arrow choosing between players.", kind="battle", seat=data["seat"],
                 region=site)
    else:
        ctx.emit(f"Wakhan battles on {name(site)} with {strength} spy strength.", kind="battle",
                 seat=data["seat"], card=site)


def _removed(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    """Her battle's removals: the piece alone in the data (the rules' line names whose it was)."""
    said = f"Wakhan's battle{text[len(ctx.seat):]}"
    if data["piece"] != "spy":
        ctx.emit(said, kind="removed", piece=data["piece"])
        return
    victim = data["owner"]  # her removal line was told as the spy left the card (announce)
    if "refuge" in data:
        ctx.emit(f"{victim}'s spy escapes to their Safe House {name(data['refuge'])}.",
                 kind="removed", piece="spy", owner=victim, refuge=data["refuge"])


def _purchase(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    number, cost, rupees = data["card"], data["cost"], data["rupees"]
    reason = str(note.get("reason", ""))
    row = "top" if note.get("row") == 0 else "bottom"
    taking = f", taking the {rupees} on it" if rupees else ""
    ctx.emit(f"Wakhan radicalizes {cards.title(number)} ({row} row, column {int(note.get('column', 0)) + 1}) for "
             f"{counted(cost, 'rupee')}{taking}: {reason}.", **data, reason=reason)


def _play(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    side = data["side"]
    ctx.emit(f"Wakhan plays {name(data['card'])} to the {side} of her court (the red arrow "
             f"points {'top/left' if side == 'left' else 'bottom/right'}).", **data)


def _leverage(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    ctx.emit(f"Wakhan{text[len(ctx.seat):]}", **data)


def _unplayed(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    ctx.emit(f"Wakhan cannot pay {data['ruler']}'s bribe, so she discards {name(data['card'])}.", kind="wakhan",
             card=data["card"], reason="bribe not paid")


WORDING = {"tax": _tax, "gift": _gift, "betray": _betray, "prize": _silent, "build": _silent, "build-extra": _extra,
           "move": _move, "battle": _battle, "removed": _removed, "purchase": _purchase, "play": _play,
           "rupees": _leverage, "unplayed": _unplayed}
