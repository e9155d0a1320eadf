"""Pax Pamir's warnings for an accepted order: the kernel's trial runs (games/pax/warnings.py) with its hooks.

A loyalty change names the patriot played or the prize taken, and what the rulebook says is lost with it;
a bribe says whose region is ruled or whose hostage the card is.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Event
from engine.words import article, counted, plural
from games.pax.warnings import DEPENDING, Trial, Warner
from games.pax_pamir import cards, names, queries
from games.pax_pamir.actions._common import card_name
from games.pax_pamir.state import GameState
from games.pax_pamir.turn import run_turn

__all__ = ["DEPENDING", "PamirWarner", "WARNER", "warnings"]


class PamirWarner(Warner[GameState]):
    """Pax Pamir's hooks: its turn, its paused question, coalitions, patriots, prizes and gifts."""

    pay_fields = {"bribe-play-pay": "bribe", "bribe-hostage-pay": "hostage_bribe"}
    loyalty_field = "coalition"
    money_noun = "rupee"

    def resume(self, state: GameState, seat: str, order: Mapping[str, Any]) -> Trial[GameState] | None:
        """A paused turn goes on with `seat`'s answer to its own question; another seat's answer is its business."""
        paused = state.paused
        if paused is None or paused.seat != seat or paused.questions[0]["seat"] != seat:
            return None
        if len(paused.questions) > 1:
            given = order.get("answers")
            if not isinstance(given, dict):
                return None
            keys = {q["key"] for q in paused.questions}
            answers = {**paused.answers, **{k: copy.deepcopy(v) for k, v in given.items() if k in keys}}
        elif "answer" in order:
            answers = {**paused.answers, paused.questions[0]["key"]: copy.deepcopy(order["answer"])}
        else:
            return None
        start = self.without_secrets(GameState.decode(paused.start), state, seat, order)
        return Trial(start, seat, copy.deepcopy(paused.order), answers, paused.reported)

    def automated(self, state: GameState, seat: Any) -> bool:
        """Wakhan's seat."""
        return seat in state.players and state.players[seat].automaton is not None

    def loyalty(self, state: GameState, seat: str) -> Any:
        """The seat's coalition."""
        return state.players[seat].loyalty

    def loyalty_line(self, seat: str, events: Sequence[Event], index: int, old: Any, now: GameState) -> str:
        """What causes the change (a patriot played, a prize taken) and what the rulebook says is lost with it."""
        new = names.coalition(events[index].data.get("coalition"))
        old = names.coalition(old)
        cause, card = f"This turn changes your loyalty from {old} to {new}", None
        for before in reversed(events[:index]):
            if before.data.get("seat") != seat:
                continue
            if before.data.get("kind") == "play":
                card = before.data.get("card")
                cause = f"Playing {self.card_name(card)}, {article(new)} {new} patriot, changes your loyalty from {old} " \
                        f"to {new}"
                break
            if before.data.get("kind") == "betray":
                card = before.data.get("target")
                cause = f"Taking {self.card_name(card)} as {article(new)} {new} prize changes your loyalty from {old} " \
                        f"to {new}"
                break
        lost = [e.data["card"] for e in events[:index]
                if e.data.get("kind") == "discard-court" and e.data.get("seat") == seat
                and e.data.get("card") != card
                and queries.court_card(e.data["card"]).patriot not in (None, events[index].data.get("coalition"))]
        patriots = f" ({', '.join(self.card_name(n) for n in dict.fromkeys(lost))})" if lost else ""
        player = now.players[seat]
        held = []
        if player.gifts:
            held.append(counted(len(player.gifts), "gift"))
        if player.prizes:
            held.append(f"the {plural('prize', len(player.prizes))} {', '.join(self.card_name(n) for n in player.prizes)}")
        holding = f" You hold {' and '.join(held)} now." if held else " You hold none of them now." if not lost else ""
        return (f"{cause}: your gifts go back to your supply, and your prizes and your {old} patriots{patriots} "
                f"are discarded.{holding}")

    def card_name(self, number: Any) -> str:
        """"Sher Ali (12)" for a court card."""
        return card_name(number) if _is_court_card(number) else str(number)

    def card_of(self, entry: Mapping[str, Any]) -> Any:
        """The court card an action entry names."""
        card = entry.get("card")
        return card if _is_court_card(card) else None

    def play_bribe_reason(self, state: GameState, seat: str, card: Any) -> str:
        """The ruler of the played card's region."""
        return f"({seat} rules {names.region(queries.court_card(card).region)})"

    def action_bribe_reason(self, seat: str, card: Any) -> str:
        """The holder of a hostage card."""
        return f"({seat} holds {self.card_name(card)} hostage)"


WARNER = PamirWarner(run_turn)


def warnings(state: GameState, seat: str, order: Mapping[str, Any]) -> list[str]:
    """The warnings for `seat`'s accepted order, in the order the turn meets them."""
    return WARNER.warnings(state, seat, order)

def _is_court_card(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and number in cards.court_cards()
