"""Wakhan's conduct: the hooks by which the rules code (actions/*, core.py, turn.py) treats her seat her way.

Her genuine rule differences: her blocks are of her pragmatic loyalty, her armies move without roads, she is loyal
to every coalition (patriots and prizes never change her loyalty), a card whose bribe she cannot pay is discarded,
and Radicalize (buy and play at once) is one action. The rest words the rules' events in her reports' terms: the
lines her archived games hold, with the reasons her planners found (`WakhanContext.note`).
"""

from __future__ import annotations

from typing import Any

from games.pax_pamir import cards, queries
from games.pax_pamir.actions.battle import limit
from games.pax_pamir.conduct import Conduct
from games.pax_pamir.context import Context
from games.pax_pamir.pieces import article
from games.pax_pamir.state import GameState
from games.pax_pamir.wakhan.decide import WakhanContext, current_reading
from games.pax_pamir.wakhan.loyalty import pragmatic_loyalty


class WakhanConduct(Conduct):
    """Wakhan's way with the rules (rulebook, "Playing with Wakhan")."""

    def coalition(self, state: GameState, seat: str) -> str | None:
        """Her armies and roads are of her pragmatic loyalty, whatever a patriot's colour."""
        now = current_reading(state)
        return pragmatic_loyalty(state, now, seat) if now is not None else None

    def ruling_armies(self, state: GameState, seat: str, region: str) -> int:
        """She rules with her tribes and only the most numerous armies of a single coalition there."""
        return max(state.armies.get(region, {}).values(), default=0)

    def discards_for_leverage(self, state: GameState, seat: str) -> bool:
        """Short of rupees for a leveraged card, she discards no cards."""
        return False

    def armies_need_roads(self, state: GameState, seat: str) -> bool:
        """Her armies move to any neighbouring region, road or none."""
        return False

    def loyal_to_every_coalition(self, state: GameState, seat: str) -> bool:
        """She is loyal to every coalition: she keeps prizes and patriots of any."""
        return True

    def discards_unplayed(self, state: GameState, seat: str) -> bool:
        """A card she bought but cannot pay the ruler's bribe for is discarded."""
        return True

    def counts_as_action(self, state: GameState, seat: str, kind: str) -> bool:
        """Radicalize is one action: the purchase counts, playing the card just bought does not."""
        return kind != "play"

    def fill(self, ctx: Context, kind: str, card: int, params: dict[str, Any]) -> dict[str, Any]:
        """Her details planned again on the state after the hostage bribe (when they can still be taken)."""
        if isinstance(ctx, WakhanContext) and ctx.replan is not None:
            again = ctx.replan(ctx.state, card)
            if again is not None:
                return {k: v for k, v in again.items() if k not in ("action", "card")}
        return params

    def announce(self, ctx: Context, kind: str, data: dict[str, Any]) -> None:
        """Her Build is told once paid for, before the armies go down; a spy her battle removes, before its owner
        is asked about a Safe House."""
        if kind == "spy-removed":
            owner, site = data["owner"], data["site"]
            ctx.emit(f"Wakhan's battle removes a spy of {owner} from {queries.court_card(site).name}.",
                     kind="removed", piece="spy", seat=owner)
            return
        if kind != "build":
            return
        places = list(data["places"])
        coalition = self.coalition(ctx.state, ctx.seat)
        armies = f"{len(places)} {coalition} arm{'y' if len(places) == 1 else 'ies'}"
        ctx.emit(f"Wakhan builds {armies} in {places[0] if places else 'no region'}, the first region on her card "
                 f"that she rules, spending {data['cost']} rupees.", kind="wakhan", reason="build")

    def safe_house_question(self, ctx: Context, owner: str, site: int, index: int,
                            asked: tuple[str, str]) -> tuple[str, str]:
        """Her battle's Safe House question, keyed and worded as her games have stored it (a paused turn of hers
        resumes with the answers under these keys): numbered by the events so far, her removal line included
        (told first, by `announce`)."""
        return (ctx.key(f"safe-house-{len(ctx.events)}"),
                f"Wakhan removes {owner}'s spy from {queries.court_card(site).name} in battle: it may go onto "
                f"{owner}'s Safe House or back to {owner}'s supply")

    def report(self, ctx: Context, text: str, data: dict[str, Any]) -> None:
        """The rules' lines for her actions, in her reports' words and data."""
        wording = WORDING.get(str(data.get("kind")))
        if wording is None:
            ctx.emit(text, **data)
        else:
            wording(ctx, text, data, _note(ctx))


def _note(ctx: Context) -> dict[str, Any]:
    return ctx.note if isinstance(ctx, WakhanContext) else {}


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
    ctx.emit(f"Wakhan betrays {queries.court_card(target).name} in {court}{why} and keeps it as a prize of the "
             f"{queries.court_card(target).prize} coalition; she stays loyal to every coalition.", kind="betray",
             seat=data["seat"], card=target, owner=owner)


def _silent(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    """Told already: her Build when paid for, her prize with the betrayal."""


def _extra(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    ctx.emit("Infrastructure: Wakhan always takes the free extra army.", kind="wakhan")


def _move(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    coalition = WakhanConduct().coalition(ctx.state, data["seat"]) or ""
    origin, destination = data["source"], data["destination"]
    ctx.emit(f"Wakhan moves {article(coalition)} {coalition} army from {origin} to {destination}, where other "
             "players' tribes outnumber her armies (region order on ties; no road needed).", kind="move",
             seat=data["seat"], origin=origin, destination=destination)


def _battle(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    site = data["site"]
    strength = limit(ctx.state, data["seat"], note["card"], site) if "card" in note else 0
    if isinstance(site, str):
        coalition = WakhanConduct().coalition(ctx.state, data["seat"])
        ctx.emit(f"Wakhan battles in {site} with {coalition} armies (strength {strength}): tribes first, then "
                 "armies, then roads, the red arrow choosing between players.", kind="battle", seat=data["seat"],
                 region=site)
    else:
        ctx.emit(f"Wakhan battles on {queries.court_card(site).name} with {strength} spy strength.", kind="battle",
                 seat=data["seat"], card=site)


def _removed(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    """Her battle's removals: the piece alone in the data (the rules' line names whose it was)."""
    said = f"Wakhan's battle{text[len(ctx.seat):]}"
    if data["piece"] != "spy":
        ctx.emit(said, kind="removed", piece=data["piece"])
        return
    victim = data["owner"]  # her removal line was told as the spy left the card (announce)
    if "refuge" in data:
        ctx.emit(f"{victim}'s spy escapes to their Safe House {queries.court_card(data['refuge']).name}.",
                 kind="removed", piece="spy", owner=victim, refuge=data["refuge"])


def _purchase(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    number, cost, rupees = data["card"], data["cost"], data["rupees"]
    reason = str(note.get("reason", ""))
    row = "top" if note.get("row") == 0 else "bottom"
    taking = f", taking the {rupees} on it" if rupees else ""
    ctx.emit(f"Wakhan radicalizes {cards.title(number)} ({row} row, column {int(note.get('column', 0)) + 1}) for "
             f"{cost} rupee(s){taking}: {reason}.", **data, reason=reason)


def _play(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    side = data["side"]
    ctx.emit(f"Wakhan plays {queries.court_card(data['card']).name} to the {side} of her court (the red arrow "
             f"points {'top/left' if side == 'left' else 'bottom/right'}).", **data)


def _leverage(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    ctx.emit(f"Wakhan{text[len(ctx.seat):]}", **data)


def _unplayed(ctx: Context, text: str, data: dict[str, Any], note: dict[str, Any]) -> None:
    name = queries.court_card(data["card"]).name
    ctx.emit(f"Wakhan cannot pay {data['ruler']}'s bribe, so she discards {name}.", kind="wakhan", card=data["card"],
             reason="bribe not paid")


WORDING = {"tax": _tax, "gift": _gift, "betray": _betray, "prize": _silent, "build": _silent, "build-extra": _extra,
           "move": _move, "battle": _battle, "removed": _removed, "purchase": _purchase, "play": _play,
           "rupees": _leverage, "unplayed": _unplayed}

CONDUCT = WakhanConduct()
